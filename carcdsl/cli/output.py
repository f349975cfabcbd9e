"""What the command line says: diagnostics and errors in the language of ``--lang`` on stderr,
JSON on stdout.

``_print_rule_error`` and ``_format`` keep the names and bodies they had in ``cli/main.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator

from carcdsl.diagnostics import Diagnostic, format_diagnostic, unique
from carcdsl.errors import CarcError, IllegalMoveError, RecordError, RuleError
from carcdsl.i18n.words import Words, english, os_reason
from carcdsl.sim.compiled import ENGINES, EngineChoice


class Said(CarcError):
    """A complaint of the command line's own: a phrase of the catalogue by its key, said in
    the user's language (``str`` is the English)."""

    def __init__(self, key: str, prog: str = "", **values: object):
        super().__init__(english().phrase(key, **values))
        self.key, self.prog, self.values = key, prog, values

    def say(self, words: Words) -> str:
        said = words.phrase(self.key, **self.values)
        if self.prog:  # a usage error: where to read more
            said = f"{said} ({words.phrase('usage-help', prog=self.prog)})"
        return said


class Stopped(Said):
    """A game stopped part-way and saved so far: why (``reason``, worded already), where it
    is saved, and the exit status (1; 130 for Ctrl-C, as any interrupted command)."""

    def __init__(self, reason: str, file: str, status: int):
        super().__init__("saved-so-far", reason=reason, file=file)
        self.status = status


def tolerant_stdout() -> None:
    """Text for people never fails on a terminal that cannot show a character (``×``, ``·``,
    a name): it shows ``?`` instead. JSON does not go through this (see ``print_json``)."""
    with contextlib.suppress(AttributeError, ValueError):  # not a stream we may reconfigure
        sys.stdout.reconfigure(errors="replace")  # type: ignore[union-attr]


def print_json(data: object, indent: int | None = None, width: int | None = None) -> None:
    """JSON on stdout in UTF-8 whatever the locale says (RFC 8259: JSON exchanged between
    systems is UTF-8), so that its bytes depend on nothing but the data. With ``width``, an
    object or array that fits on one line of that width is written on one (``laid_out``)."""
    if indent is not None and width is not None:
        text = laid_out(data, indent, width) + "\n"
    else:
        text = json.dumps(data, ensure_ascii=False, indent=indent) + "\n"
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:  # a plain text stream (an embedding, a test): it takes str
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()


def bot_kinds(text: str) -> list[str]:
    """``--bot greedy,random`` is ``--bot greedy --bot random``; a bot's options are
    separated by ``:`` (``mcts:playouts=500:c=0.7,greedy``), never by ``,``."""
    return [kind.strip() for kind in text.split(",")]


def add_allow_option(parser: argparse.ArgumentParser) -> None:
    """``--allow-path DIR``: a folder rule files may read from besides their own."""
    parser.add_argument("--allow-path", action="append", default=[], metavar="DIR",
                        help="let rule files read (extends, with) from DIR too; by default "
                        "only from the folders of the files given and the bundled rules")


def add_variant_option(parser: argparse.ArgumentParser) -> None:
    """``--variant V`` (``-v``), repeated."""
    parser.add_argument("--variant", "-v", action="append", default=[], metavar="V",
                        help="apply a variant (a path or bundled name); may be repeated")


def add_engine_option(parser: argparse.ArgumentParser, what: str = "") -> None:
    """``--engine {python,compiled,gpu}``: the Python engine (the reference), the compiled
    one (``sim.compiled``; the ``fast`` extra), which plays the same games faster, or the
    compiled one on a GPU (``carcdsl.gpu``; the ``gpu`` extra)."""
    parser.add_argument("--engine", choices=ENGINES, default="python",
                        help="python (default), or compiled: the same games on a Numba "
                        "kernel, many times faster (pip install 'carcdsl[fast]'); random "
                        "bots only" + (f", {what}" if what else "") + "; what it cannot run "
                        "the Python engine runs, saying so in one line; gpu: that kernel "
                        "on an NVIDIA GPU (pip install 'carcdsl[gpu]'), the CPU's where "
                        "there is none, saying so")


@contextlib.contextmanager
def compiling_notice(lang: str, every: float = 1.0) -> Iterator[Callable[[], None] | None]:
    """On a terminal, ``compiled engine: compiling, once (12 s)...`` while a cold compile
    runs, its seconds counted up ``every`` second by a thread of its own, and wiped when it
    is done (``tell_engine`` then says how long it took and where the cache is); elsewhere
    nothing, so that a log holds one line."""
    if not sys.stderr.isatty():
        yield None
        return
    stop, ticker = threading.Event(), []

    def tick(started: float) -> None:
        while True:
            seconds = int(time.monotonic() - started)
            print("\r\033[K" + said("compiled-compiling", lang, seconds=seconds), end="",
                  file=sys.stderr, flush=True)
            if stop.wait(every):
                return

    def show() -> None:
        ticker.append(threading.Thread(target=tick, args=(time.monotonic(),), daemon=True))
        ticker[0].start()

    try:
        yield show
    finally:
        stop.set()
        if ticker:
            ticker[0].join()
            print("\r\033[K", end="", file=sys.stderr, flush=True)


def tell_engine(choice: EngineChoice, lang: str, said_before: set[str] | None = None) -> None:
    """What the compiled engine did, in one line on stderr: why the Python engine runs
    instead, or that the kernels were compiled (the disk cache was cold) and how long it
    took. Nothing when all went as asked. ``said_before``: lines not to say again."""
    words = Words(None, lang)
    line = None
    if choice.refusal is not None:
        reason = words.phrase(choice.refusal.key, **choice.refusal.values)
        on_gpu = choice.refusal.key.startswith("gpu-")
        line = words.phrase("gpu-fallback" if on_gpu else "compiled-fallback", reason=reason)
    elif choice.engine == "gpu" and choice.compiled and choice.compile_seconds is not None:
        line = words.phrase("gpu-compiled", seconds=words.number(choice.compile_seconds, 1))
    elif choice.compiled and choice.compile_seconds is not None:
        line = words.phrase("compiled-compiled",
                            seconds=words.number(choice.compile_seconds, 1),
                            cache=os.environ.get("NUMBA_CACHE_DIR", "?"))
    if line is None or (said_before is not None and line in said_before):
        return
    if said_before is not None:
        said_before.add(line)
    print(line, file=sys.stderr)


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang`` after the command (``carcdsl --lang nl COMMAND`` works as well)."""
    parser.add_argument("--lang", metavar="LANG",
                        help="the language of the output: en, nl, or any language the rule "
                        "set gives names in (the tool's own phrases then stay English)")
_ONE_LINE = json.JSONEncoder(ensure_ascii=False)


def laid_out(data: object, indent: int, width: int, depth: int = 0) -> str:
    """``json.dumps(data, indent=indent)``, but each object or array that fits in ``width``
    characters (with its indentation) on one line: a map's squares one a line, not nine lines
    each. Each level is encoded by the C encoder (which ``indent`` turns off): the cost is
    the size times the depth (a handful), not the pure-Python encoder's 8 s for 250,000
    squares."""
    flat = _ONE_LINE.encode(data)
    if not isinstance(data, dict | list) or not data or len(flat) + indent * depth <= width:
        return flat
    pad = " " * (indent * (depth + 1))
    if isinstance(data, dict):
        items = [f"{pad}{_ONE_LINE.encode(str(k))}: "
                 f"{laid_out(v, indent, width, depth + 1)}" for k, v in data.items()]
        opening, closing = "{", "}"
    else:
        items = [pad + laid_out(v, indent, width, depth + 1) for v in data]
        opening, closing = "[", "]"
    return f"{opening}\n" + ",\n".join(items) + f"\n{' ' * (indent * depth)}{closing}"


def said(key: str, lang: str, **values: object) -> str:
    """A phrase of the tool in language ``lang``."""
    return Words(None, lang).phrase(key, **values)


def output_failed(exc: OSError, lang: str) -> int:
    """The output cannot be written: one line on stderr, exit status 1."""
    reason = os_reason(exc).say(Words(None, lang))
    print(f"carcdsl: {said('output-failed', lang, reason=reason)}", file=sys.stderr)
    with contextlib.suppress(OSError):  # what is left in the buffer is lost
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 1


def say_error(exc: CarcError, lang: str) -> str:
    """A user's error in language ``lang``: an illegal move by its rule code, a record's
    error by its key (commands that know the rule set translate with its words first); the
    command line's own complaints by their phrase."""
    if isinstance(exc, Said):
        return exc.say(Words(None, lang))
    if lang == "en":
        return str(exc)
    if isinstance(exc, IllegalMoveError):
        return Words(None, lang).illegal(exc)
    if isinstance(exc, RecordError):
        return Words(None, lang).record(exc)
    return str(exc)


@contextlib.contextmanager
def translated(words: Words) -> Iterator[None]:
    """An illegal move (a bad player count, say) told in the language of ``words``."""
    try:
        yield
    except IllegalMoveError as exc:
        if words.lang == "en":
            raise
        raise CarcError(words.illegal(exc)) from None


MAX_SHOWN_DIAGNOSTICS = 500
"""Diagnostics shown per file; one line says how many more there are (each is still counted
in the summary). Thousands of problems are one mistake repeated: the first ones show it, and
writing 80,000 of them (one per segment of a huge tile) took longer than finding them."""


def capped(found: Iterable[Diagnostic]) -> tuple[list[Diagnostic], dict[str, int]]:
    """The diagnostics to show, at most MAX_SHOWN_DIAGNOSTICS per file in the order given,
    and how many more each file has."""
    shown: list[Diagnostic] = []
    per_file: dict[str, int] = {}
    more: dict[str, int] = {}
    for diag in found:
        file = diag.loc.file if diag.loc is not None else ""
        if per_file.get(file, 0) < MAX_SHOWN_DIAGNOSTICS:
            per_file[file] = per_file.get(file, 0) + 1
            shown.append(diag)
        else:
            more[file] = more.get(file, 0) + 1
    return shown, more


def not_shown(more: dict[str, int], words: Words) -> list[str]:
    """A line for each file with diagnostics left unshown."""
    return [words.phrase("not-shown", file=file or "carcdsl", n=n, most=MAX_SHOWN_DIAGNOSTICS)
            for file, n in more.items()]


def _print_rule_error(exc: RuleError, lang: str = "en") -> None:
    """Rules that do not load: each problem once, where it is, then how many there are (a
    lone problem with no place to show is the one line ``carcdsl: error[E004]: ...``)."""
    sources = exc.sources
    words = Words(exc.rules, lang)
    found = unique(exc.diagnostics)
    if not found:
        print(f"carcdsl: {exc}", file=sys.stderr)
        return
    if len(found) == 1 and found[0].loc is None:
        print(f"carcdsl: {_format(found[0], sources, words)}", file=sys.stderr)
        return
    shown, more = capped(found)
    for diag in shown:
        print(_format(diag, sources, words), file=sys.stderr)
    for line in not_shown(more, words):
        print(line, file=sys.stderr)
    errors = sum(d.is_error for d in found)
    said = words.phrase('errors', n=errors)
    if len(found) > errors:
        said += f", {words.phrase('warnings', n=len(found) - errors)}"
    target = exc.target
    print(f"carcdsl: {target}: {said}" if target else f"carcdsl: {said}", file=sys.stderr)


def _format(diag, sources, words: Words) -> str:
    """A diagnostic in the language of ``words`` (its code picks the catalogue entry)."""
    if words.lang == "en":
        return format_diagnostic(diag, sources)
    message = words.diagnostic(diag)
    return format_diagnostic(diag, sources, words.phrase(diag.severity), message)
