"""The ``carcdsl`` command: one small function per subcommand, and ``build_parser``.

Every failure a user can cause ends as one message on stderr and exit status 1, never a
Python traceback or argparse's usage text; an interrupted run exits with 130. Messages are in
the language of ``--lang`` (the command line's own complaints too: ``Said``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NoReturn

import attrs

from carcdsl.diagnostics import format_diagnostic, unique
from carcdsl.errors import CarcError, RuleError
from carcdsl.i18n.words import Words
from carcdsl.lang.sources import display_name, resolve
from carcdsl.model.base import Loc
from carcdsl.pipeline import check_files, check_language, load_checked


class Said(CarcError):
    """A complaint of the command line's own: a phrase of the catalogue by its key, said in
    the user's language (``str`` is the English)."""

    def __init__(self, key: str, prog: str = "", **values: object):
        from carcdsl.i18n.words import english

        super().__init__(english().phrase(key, **values))
        self.key, self.prog, self.values = key, prog, values

    def say(self, words: Words) -> str:
        said = words.phrase(self.key, **self.values)
        if self.prog:  # a usage error: where to read more
            said = f"{said} ({words.phrase('usage-help', prog=self.prog)})"
        return said


COMMANDS = ("check", "export", "play", "replay", "explain")

_ARGPARSE: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key) for pattern, key in (
        (r"the following arguments are required: (?P<args>.+)", "usage-required"),
        (r"argument (?P<option>\S+): invalid choice: (?P<value>.+?) \(choose from "
         r"(?P<choices>.+)\)", "usage-choice"),
        (r"argument (?P<option>\S+): invalid int value: (?P<value>.+)", "usage-int"),
        (r"argument (?P<option>\S+): expected one argument", "usage-needs-value"),
        (r"argument (?P<option>\S+): not allowed with argument (?P<other>\S+)",
         "usage-exclusive"),
        (r"unrecognized arguments: (?P<args>.+)", "usage-unrecognized"),
        (r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)", "usage-ambiguous"),
    ))
"""argparse's complaints (Python 3.11 and later), read back into a phrase and its values."""


def usage_error(prog: str, message: str) -> Said:
    """argparse's complaint ``message`` as a phrase of the catalogue; one argparse words in
    a way not foreseen stays as it is (in English)."""
    for pattern, key in _ARGPARSE:
        match = pattern.fullmatch(message)
        if match is None:
            continue
        values = {k: v.split("/")[0] if k in ("option", "other") else v
                  for k, v in match.groupdict().items()}
        commands = ", ".join(COMMANDS)
        if key == "usage-required" and values["args"] == "COMMAND":
            return Said("usage-no-command", prog, commands=commands)
        if key == "usage-choice" and values["option"] == "COMMAND":
            return Said("usage-unknown-command", prog, value=values["value"].strip("'"),
                        commands=commands)
        if key == "usage-choice":
            values["choices"] = values["choices"].replace("'", "")
        return Said(key, prog, **values)
    return Said("usage-other", prog, message=message)


class _Parser(argparse.ArgumentParser):
    """argparse that raises its complaint instead of printing usage text and exiting 2."""

    def error(self, message: str) -> NoReturn:
        raise usage_error(self.prog, message)

    def _print_message(self, message: str, file=None) -> None:
        """--help and --version: a failed write is said (argparse would drop it)."""
        if message:
            (file or sys.stderr).write(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="carcdsl", description="Carcassonne rules as data: check, export and play rule sets.")
    parser.add_argument("--version", action="version", version=f"carcdsl {_version()}")
    parser.add_argument("--lang", dest="top_lang", metavar="LANG",
                        help="the language of the output, for every command (as after it)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = commands.add_parser("check", help="check rule files and report every problem",
                            description="Check each rule file (a path or a bundled name such as "
                            "'base') with the given variants applied.")
    p.add_argument("files", nargs="+", metavar="FILE", help="a rule file or bundled rule set")
    _add_variant_option(p)
    p.add_argument("--strict", action="store_true", help="fail on warnings too")
    p.add_argument("--stats", action="store_true", help="print tile figures after a clean check")
    _add_lang_option(p)
    p.set_defaults(run=cmd_check)

    p = commands.add_parser("export", help="print a checked rule set as JSON",
                            description="Check a rule set and print it, composed, as JSON.")
    p.add_argument("file", metavar="FILE", help="a rule file or bundled rule set")
    _add_variant_option(p)
    _add_lang_option(p)  # the JSON has no language; its messages do
    p.set_defaults(run=cmd_export)

    p = commands.add_parser("play", help="play games with bots or people",
                            description="Play one game told turn by turn, or many summed up.")
    p.add_argument("rules", metavar="RULES", help="a rule file or bundled rule set")
    _add_variant_option(p)
    seats = p.add_mutually_exclusive_group()
    seats.add_argument("--players", "-n", type=int, metavar="N", help="number of players")
    seats.add_argument("--names", metavar="A,B,...", help="player names, in turn order")
    p.add_argument("--bot", action="append", default=[], metavar="KIND",
                   help="random, greedy or human, per seat in order; the last fills the rest")
    p.add_argument("--seed", type=int, help="seed of the first game (default: random, printed)")
    p.add_argument("--games", type=int, default=1, metavar="N", help="games to play")
    p.add_argument("--record", metavar="FILE", help="save the game's record (one game only)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--quiet", "-q", action="store_true", help="no turn log or progress bar")
    _add_lang_option(p)
    p.set_defaults(run=cmd_play)

    p = commands.add_parser("replay", help="replay a game record, checking every move",
                            description="Replay a record (carcdsl-record/1) and print the "
                            "scores and every scoring event.")
    p.add_argument("record", metavar="RECORD", help="a game record (JSON)")
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="print the spec's JSON output")
    shown.add_argument("--board", action="store_true", help="draw the final board")
    _add_lang_option(p)
    p.set_defaults(run=cmd_replay)

    p = commands.add_parser("explain", help="what a rule set leaves open, and its notes",
                            description="List the open points and the author's notes of a "
                            "rule set, with its figures.")
    p.add_argument("file", metavar="FILE", help="a rule file or bundled rule set")
    _add_variant_option(p)
    _add_lang_option(p)
    p.set_defaults(run=cmd_explain)
    return parser


def _version() -> str:
    from carcdsl import __version__

    return __version__


def _add_lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", metavar="LANG",
                        help="the language of the output: en, nl, or any language the rule "
                        "set gives names in (the tool's own phrases then stay English)")


def _add_variant_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", "-v", action="append", default=[], metavar="V",
                        help="apply a variant (a path or bundled name); may be repeated")


def _lang_in(argv: Sequence[str]) -> str:
    """The language asked for, read before the command line is understood (so that a
    complaint about it is said in that language); English when there is none to read."""
    from carcdsl.i18n.words import is_language_code

    lang = "en"
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        elif arg.startswith("--lang="):
            lang = arg.partition("=")[2]
    return lang if is_language_code(lang) else "en"


def main(argv: Sequence[str] | None = None) -> int:
    from carcdsl.i18n.words import is_language_code

    _tolerant_stdout()
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # argparse would blame the top parser: name the command instead
            raise Said("usage-unrecognized", f"{parser.prog} {args.command}",
                       args=" ".join(extra))
        # after the command it wins; before it, it still counts
        args.lang = next((lang for lang in (getattr(args, "lang", None), args.top_lang)
                          if lang is not None), "en")
        if not is_language_code(args.lang):
            raise Said("usage-lang", f"{parser.prog} {args.command}", value=args.lang)
    except SystemExit as exc:  # --help, --version
        code = exc.code if isinstance(exc.code, int) else 1
        try:
            sys.stdout.flush()
        except OSError as error:
            return _output_failed(error, _lang_in(argv))
        return code
    except OSError as exc:  # --help or --version could not be written
        return _output_failed(exc, _lang_in(argv))
    except Said as exc:
        print(f"{exc.prog or 'carcdsl'}: {exc.say(Words(None, _lang_in(argv)))}",
              file=sys.stderr)
        return 1
    try:
        code = args.run(args)
        sys.stdout.flush()  # here, so that a failed write is said like any other error
        return code
    except KeyboardInterrupt:
        print(f"carcdsl: {_said('interrupted', args.lang)}",
              file=sys.stderr)
        return 130
    except RuleError as exc:
        _print_rule_error(exc, args.lang)
        return 1
    except CarcError as exc:
        print(f"carcdsl: {_say_error(exc, args.lang)}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # e.g. `carcdsl export base | head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as exc:  # the output cannot be written (a full disk, /dev/full)
        return _output_failed(exc, args.lang)
    except Exception as exc:  # a bug: still one line, not a traceback
        print(f"carcdsl: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2


def _output_failed(exc: OSError, lang: str) -> int:
    """The output cannot be written: one line on stderr, exit status 1."""
    from carcdsl.i18n.words import os_reason

    reason = os_reason(exc).say(Words(None, lang))
    print(f"carcdsl: {_said('output-failed', lang, reason=reason)}", file=sys.stderr)
    with contextlib.suppress(OSError):  # what is left in the buffer is lost
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 1


def _tolerant_stdout() -> None:
    """Text for people never fails on a terminal that cannot show a character (``×``, ``·``,
    a name): it shows ``?`` instead. JSON does not go through this (see ``print_json``)."""
    with contextlib.suppress(AttributeError, ValueError):  # not a stream we may reconfigure
        sys.stdout.reconfigure(errors="replace")  # type: ignore[union-attr]


def print_json(data: object, indent: int | None = None) -> None:
    """JSON on stdout in UTF-8 whatever the locale says (RFC 8259: JSON exchanged between
    systems is UTF-8), so that its bytes depend on nothing but the data."""
    text = json.dumps(data, ensure_ascii=False, indent=indent) + "\n"
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:  # a plain text stream (an embedding, a test): it takes str
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()


def _said(key: str, lang: str, **values: object) -> str:
    """A phrase of the tool in language ``lang``."""
    return Words(None, lang).phrase(key, **values)


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
    for diag in found:
        print(_format(diag, sources, words), file=sys.stderr)
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


def _say_error(exc: CarcError, lang: str) -> str:
    """A user's error in language ``lang``: an illegal move by its rule code, a record's
    error by its key (commands that know the rule set translate with its words first); the
    command line's own complaints by their phrase."""
    from carcdsl.errors import IllegalMoveError, RecordError

    if isinstance(exc, Said):
        return exc.say(Words(None, lang))
    if lang == "en":
        return str(exc)
    if isinstance(exc, IllegalMoveError):
        return Words(None, lang).illegal(exc)
    if isinstance(exc, RecordError):
        return Words(None, lang).record(exc)
    return str(exc)


_PLAY_WARNINGS = frozenset({"W105"})
"""Warnings ``play`` says too: how the variants were combined changes the game played."""


def _load_game(rules: str, variants: tuple[str, ...], lang: str):
    """The game to play, after the language is checked; a warning of ``_PLAY_WARNINGS`` is
    said on stderr, where ``check`` would say it."""
    from carcdsl import load

    game = load(rules, variants)
    _note_language(game.rules, lang)
    words = Words(game.rules, lang)
    for diag in game.warnings:
        if diag.code in _PLAY_WARNINGS:
            print(f"carcdsl: {_format(diag, None, words)}", file=sys.stderr)
    return game


def _note_language(rules, lang: str, note: bool = True) -> None:
    """Refuse a language nobody speaks; say so when the tool's phrases stay English."""
    from carcdsl.i18n.words import has_phrases

    check_language(rules, lang)
    if note and not has_phrases(lang):
        print(f"carcdsl: note: carcdsl has no phrases in '{lang}': the rule set's words are "
              f"in '{lang}', carcdsl's own words in English", file=sys.stderr)


def _label(target: str, variants: Sequence[str]) -> str:
    """How a summary line names what was checked: the file as shown in messages."""
    try:
        shown = display_name(resolve(target))
    except CarcError:
        shown = target
    return shown + "".join(f" + {v}" for v in variants)


def cmd_check(args: argparse.Namespace) -> int:
    """``carcdsl check FILE... [--variant V ...] [--strict] [--stats]``."""
    from carcdsl.check.stats import format_stats, tile_stats

    status, noted = 0, False
    said: set[tuple] = set()  # a problem of a file two targets share is printed once a run
    for target in args.files:
        rules, found, sources = check_files(target, args.variant, lang=args.lang)
        shown = _label(target, ())
        found = unique(d if d.loc is not None else attrs.evolve(d, loc=Loc(shown))
                       for d in found)
        if rules is not None:
            _note_language(rules, args.lang, note=not noted)
            noted = True
        words = Words(rules, args.lang)
        for diag in found:
            seen = (diag.code, diag.loc, diag.message)
            if seen not in said:
                said.add(seen)
                print(_format(diag, sources, words))
        errors = sum(d.is_error for d in found)
        warnings = len(found) - errors
        label = _label(target, args.variant)
        if rules is None and not errors:  # cannot happen; never call that clean
            errors = 1
        if not found:
            print(f"{label}: {words.phrase('ok')}")
        else:
            print(f"{label}: {words.phrase('errors', n=errors)}, "
                  f"{words.phrase('warnings', n=warnings)}")
        failed = errors > 0 or (args.strict and warnings > 0)
        if failed:
            status = 1
        elif args.stats and rules is not None:
            print(format_stats(tile_stats(rules), words))
    return status


def cmd_export(args: argparse.Namespace) -> int:
    """``carcdsl export FILE [--variant V ...]``: the composed, checked rule set as JSON."""
    rules, warnings, sources = load_checked(args.file, tuple(args.variant))
    from carcdsl.lang.jsonform import ruleset_to_json

    for diag in warnings:
        print(format_diagnostic(diag, sources), file=sys.stderr)
    print_json(ruleset_to_json(rules), indent=2)
    return 0


def _seats(args: argparse.Namespace, game) -> list[str]:
    if args.names is not None:
        names = [n.strip() for n in args.names.split(",")]
        if any(not n for n in names) or len(set(names)) != len(names):
            raise Said("names-bad")
        return names
    count = args.players if args.players is not None else max(2, game.rules.game.players[0])
    game.check_players(count)
    return [f"P{i + 1}" for i in range(count)]


def _relative_to(record, path: Path):
    """A record names rule files relative to itself (the spec; to the real file, when
    ``path`` is a link): rewrite paths given on the command line, which are relative to the
    working directory."""
    from carcdsl.formats.record import record_home
    from carcdsl.lang.sources import SUFFIXES, bundled_names

    def rebase(ref: str) -> str:
        target, sep, params = ref.partition(":")
        if target in bundled_names() or not target.endswith(SUFFIXES):
            return ref
        rel = os.path.relpath(Path(target).resolve(), record_home(path))
        return rel + sep + params

    return attrs.evolve(record, rules=rebase(record.rules),
                        variants=tuple(rebase(v) for v in record.variants))


def cmd_play(args: argparse.Namespace) -> int:
    """``carcdsl play RULES [...]``: one game told turn by turn, or many summed up."""
    import random

    from carcdsl.cli.play import BOT_NAMES, format_summary, play_many, play_one, result_json
    from carcdsl.formats.record import check_record_path, dump_record
    from carcdsl.replay import to_output

    for kind in args.bot:
        if kind not in BOT_NAMES:
            raise Said("unknown-bot", kind=kind, kinds=", ".join(BOT_NAMES))
    if args.games < 1:
        raise Said("games-at-least")
    if args.record is not None and not args.record:
        raise Said("record-empty")
    if args.record and args.games != 1:
        raise Said("record-one-game")
    if "human" in args.bot and args.games != 1:
        raise Said("human-one-game")
    if args.record:  # before the game is played, not after
        check_record_path(args.record)
    game = _load_game(args.rules, tuple(args.variant), args.lang)
    words = Words(game.rules, args.lang)
    with _translated(words):
        names = _seats(args, game)
        game.check_players(len(names))
    if len(args.bot) > len(names):
        raise Said("too-many-bots", kinds=len(args.bot), n=len(names))
    # a seed chosen here is printed in every mode, so that any game can be played again
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    bots = list(args.bot) or ["random"]
    if args.games == 1:
        out = None if (args.quiet or args.json) else sys.stdout
        if out is not None:
            print(f"{title_of(game.rules, words)}: {', '.join(names)}; "
                  f"{words.phrase('seed')} {seed}", file=out)
        state = play_one(game, names, bots, seed, out, args.lang)
        if args.record:
            dump_record(_relative_to(state.to_record(), Path(args.record)), args.record)
        if args.json:
            print_json({**to_output(state), **result_json(state), "seed": seed}, indent=2)
        elif args.quiet:
            print(f"{words.phrase('seed')} {seed}: "
                  + " ".join(f"{n}={s}" for n, s in zip(state.players, state.scores)))
        return 0
    progress = not args.quiet and not args.json and sys.stderr.isatty()
    summary = play_many(game, names, bots, seed, args.games, progress)
    if args.json:
        print_json(summary, indent=2)
    else:
        print(format_summary(summary, words))
    return 0


@contextlib.contextmanager
def _translated(words: Words) -> Iterator[None]:
    """An illegal move (a bad player count, say) told in the language of ``words``."""
    from carcdsl.errors import IllegalMoveError

    try:
        yield
    except IllegalMoveError as exc:
        if words.lang == "en":
            raise
        raise CarcError(words.illegal(exc)) from None


def cmd_replay(args: argparse.Namespace) -> int:
    """``carcdsl replay RECORD [--json]``: replay a record, checking every move."""
    from carcdsl.cli.play import describe_setup, tell_result
    from carcdsl.errors import RecordError
    from carcdsl.formats.record import load_record
    from carcdsl.replay import game_for, replay, tell, to_output
    from carcdsl.view.text import render_board

    record = load_record(args.record)
    try:
        game = game_for(record)
    except RecordError as exc:
        raise exc.within(args.record) from None
    _note_language(game.rules, args.lang)
    words = Words(game.rules, args.lang)
    try:
        state = replay(record, game)
    except RecordError as exc:
        if args.lang == "en":
            raise exc.within(args.record) from None
        raise CarcError(words.record(exc.within(args.record))) from None
    if args.json:
        print_json(to_output(state))
        return 0
    print(f"{title_of(game.rules, words)}: {', '.join(state.players)}")
    print(f"{words.phrase('replayed', n=len(state.moves))}; "
          f"{words.phrase('final-ran' if state.finished else 'not-finished')}")
    setup = describe_setup(state, words)
    if setup:
        print(f"  {setup}")
    for line in tell(state, words):
        print(line)
    if args.board:
        print(render_board(state, show_open=False, words=words, key=True))
    tell_result(state, words, sys.stdout)
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    """``carcdsl explain FILE``: what the rule set leaves open, its notes, its figures (the
    headings and figures in the language of ``--lang``; the author's texts as written)."""
    from carcdsl.check.stats import format_stats, tile_stats

    rules, warnings, sources = load_checked(args.file, tuple(args.variant))
    _note_language(rules, args.lang)
    words = Words(rules, args.lang)
    print(f"{title_of(rules, words)} ({rules.name}"
          f"{''.join(' + ' + v for v in rules.variants)})")
    if rules.open_points:
        print(f"\n{words.phrase('open-points', n=len(rules.open_points))}")
        for i, text in enumerate(rules.open_points, 1):
            print(f"  {i}. {text}")
    else:
        print(f"\n{words.phrase('no-open-points')}")
    for lang, text in rules.notes:
        print(f"\n{words.phrase('note', lang=lang)}: {text}")
    if warnings:
        print(f"\n{words.phrase('warnings-heading', n=len(warnings))}:")
        for diag in warnings:
            print("  " + _format(diag, sources, words).replace("\n", "\n  "))
    print()
    print(format_stats(tile_stats(rules), words))
    return 0


def title_of(rules, words: Words) -> str:
    """The rule set's title in the language of ``words`` where it gives one (``names nl {
    title "..." }``), else its own title, else its name."""
    return rules.game.title_in(words.lang) or rules.name
