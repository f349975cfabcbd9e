"""The ``carcdsl`` command: one small function per subcommand, and ``build_parser``.

Every failure a user can cause ends as a message on stderr and exit status 1, never a Python
traceback; an interrupted run exits with 130.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs

from .checker import check, gc_paused, load_checked
from .compose import compose, display_name, resolve
from .diagnostics import format_diagnostic, unique
from .errors import CarcError, RuleError
from .i18n import Words
from .model import Loc


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="carcdsl", description="Carcassonne rules as data: check, export and play rule sets.")
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
    p.add_argument("--json", action="store_true", help="print the spec's JSON output")
    p.add_argument("--board", action="store_true", help="draw the final board")
    _add_lang_option(p)
    p.set_defaults(run=cmd_replay)

    p = commands.add_parser("explain", help="what a rule set leaves open, and its notes",
                            description="List the open points and the author's notes of a "
                            "rule set, with its figures.")
    p.add_argument("file", metavar="FILE", help="a rule file or bundled rule set")
    _add_variant_option(p)
    p.set_defaults(run=cmd_explain)
    return parser


def _language(text: str) -> str:
    from .i18n import is_language_code

    if not is_language_code(text):
        raise argparse.ArgumentTypeError(f"'{text}' is not a language code (en, nl, de, ...)")
    return text


def _add_lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", default="en", type=_language, metavar="LANG",
                        help="the language of the output: en, nl, or any language the rule "
                        "set gives names in (the tool's own phrases then stay English)")


def _add_variant_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", "-v", action="append", default=[], metavar="V",
                        help="apply a variant (a path or bundled name); may be repeated")


def main(argv: Sequence[str] | None = None) -> int:
    _tolerant_stdout()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error argparse already printed
        return exc.code if isinstance(exc.code, int) else 2
    try:
        return args.run(args)
    except KeyboardInterrupt:
        print("carcdsl: interrupted", file=sys.stderr)
        return 130
    except RuleError as exc:
        _print_rule_error(exc, getattr(args, "lang", "en"))
        return 1
    except CarcError as exc:
        print(f"carcdsl: {_say_error(exc, getattr(args, 'lang', 'en'))}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # e.g. `carcdsl export base | head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as exc:  # a bug: still one line, not a traceback
        print(f"carcdsl: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2


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


def _print_rule_error(exc: RuleError, lang: str = "en") -> None:
    sources = getattr(exc, "sources", None)
    words = Words(getattr(exc, "rules", None), lang)
    found = unique(exc.diagnostics)
    for diag in found:
        print(_format(diag, sources, words), file=sys.stderr)
    target = getattr(exc, "target", None)
    if lang == "en" or target is None:
        print(f"carcdsl: {exc}", file=sys.stderr)
        return
    errors = [d for d in found if d.is_error]
    said = f"{target}: {words.phrase('errors', n=len(errors))}"
    if len(found) > len(errors):
        said += f", {words.phrase('warnings', n=len(found) - len(errors))}"
    if errors:
        said += f"; {words.phrase('first', message=words.diagnostic(errors[0]))}"
    print(f"carcdsl: {said}", file=sys.stderr)


def _format(diag, sources, words: Words) -> str:
    """A diagnostic in the language of ``words`` (its code picks the catalogue entry)."""
    if words.lang == "en":
        return format_diagnostic(diag, sources)
    message = words.diagnostic(diag)
    return format_diagnostic(diag, sources, words.phrase(diag.severity), message)


def _say_error(exc: CarcError, lang: str) -> str:
    """A user's error in language ``lang``: an illegal move by its rule code, a record's
    error by its key (commands that know the rule set translate with its words first); the
    rest (the command line's own complaints) stays English."""
    from .errors import IllegalMoveError, RecordError

    if lang == "en":
        return str(exc)
    if isinstance(exc, IllegalMoveError):
        return Words(None, lang).illegal(exc)
    if isinstance(exc, RecordError):
        return Words(None, lang).record(exc)
    return str(exc)


def _note_language(rules, lang: str, note: bool = True) -> None:
    """Refuse a language nobody speaks; say so when the tool's phrases stay English."""
    from .i18n import check_language, has_phrases

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
    from .stats import format_stats, tile_stats

    status, noted = 0, False
    for target in args.files:
        with gc_paused():
            rules, found, sources = compose(target, tuple(args.variant))
            if rules is not None:
                found = [*found, *check(rules)]
        shown = _label(target, ())
        found = unique(d if d.loc is not None else attrs.evolve(d, loc=Loc(shown))
                       for d in found)
        if rules is not None:
            _note_language(rules, args.lang, note=not noted)
            noted = True
        words = Words(rules, args.lang)
        for diag in found:
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
            print(format_stats(_stats_in(tile_stats(rules), words), words.phrase))
    return status


def _stats_in(stats: dict, words: Words) -> dict:
    """``tile_stats`` with the kinds and markers named in the language of ``words`` (those
    the rule set gives a name; the rest as written)."""
    def named(word: str) -> str:
        return words.word(word) if word in words.names else word

    told = {key: ({named(kind): n for kind, n in value.items()}
                  if isinstance(value, dict) else value) for key, value in stats.items()}
    told["map"] = tuple((key, n, named(what)) for key, n, what in stats.get("map") or ())
    return told


def cmd_export(args: argparse.Namespace) -> int:
    """``carcdsl export FILE [--variant V ...]``: the composed, checked rule set as JSON."""
    rules, warnings, sources = load_checked(args.file, tuple(args.variant))
    from .jsonform import ruleset_to_json

    for diag in warnings:
        print(format_diagnostic(diag, sources), file=sys.stderr)
    print_json(ruleset_to_json(rules), indent=2)
    return 0


def _seats(args: argparse.Namespace, game) -> list[str]:
    if args.names:
        names = [n.strip() for n in args.names.split(",")]
        if any(not n for n in names) or len(set(names)) != len(names):
            raise CarcError("--names needs distinct, non-empty names separated by commas")
        return names
    count = args.players if args.players is not None else max(2, game.rules.game.players[0])
    game.check_players(count)
    return [f"P{i + 1}" for i in range(count)]


def _relative_to(record, path: Path):
    """A record names rule files relative to itself (the spec): rewrite paths given on the
    command line, which are relative to the working directory."""
    from .compose import SUFFIXES, bundled_names

    def rebase(ref: str) -> str:
        target, sep, params = ref.partition(":")
        if target in bundled_names() or not target.endswith(SUFFIXES):
            return ref
        rel = os.path.relpath(Path(target).resolve(), path.resolve().parent)
        return rel + sep + params

    return attrs.evolve(record, rules=rebase(record.rules),
                        variants=tuple(rebase(v) for v in record.variants))


def cmd_play(args: argparse.Namespace) -> int:
    """``carcdsl play RULES [...]``: one game told turn by turn, or many summed up."""
    import random

    from . import load
    from .play import BOT_NAMES, format_summary, play_many, play_one, result_json
    from .records import dump_record
    from .replay import to_output

    for kind in args.bot:
        if kind not in BOT_NAMES:
            raise CarcError(f"unknown bot '{kind}'; choose from {', '.join(BOT_NAMES)}")
    if args.games < 1:
        raise CarcError("--games must be at least 1")
    if args.record and args.games != 1:
        raise CarcError("--record saves one game: use it with --games 1")
    if "human" in args.bot and args.games != 1:
        raise CarcError("a human seat plays one game at a time: use --games 1")
    game = load(args.rules, tuple(args.variant))
    _note_language(game.rules, args.lang)
    words = Words(game.rules, args.lang)
    with _translated(words):
        names = _seats(args, game)
        game.check_players(len(names))
    # a seed chosen here is printed in every mode, so that any game can be played again
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    bots = list(args.bot) or ["random"]
    if args.games == 1:
        out = None if (args.quiet or args.json) else sys.stdout
        if out is not None:
            print(f"{game.rules.game.title or game.name}: {', '.join(names)}; "
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
    from .errors import IllegalMoveError

    try:
        yield
    except IllegalMoveError as exc:
        if words.lang == "en":
            raise
        raise CarcError(words.illegal(exc)) from None


def cmd_replay(args: argparse.Namespace) -> int:
    """``carcdsl replay RECORD [--json]``: replay a record, checking every move."""
    from .errors import RecordError
    from .play import describe_end, describe_event, describe_setup, tell_result
    from .records import load_record
    from .render import render_board
    from .replay import game_for, replay, to_output

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
    print(f"{words.phrase('replayed', n=len(state.moves))}; "
          f"{words.phrase('final-ran' if state.finished else 'not-finished')}")
    setup = describe_setup(state, words)
    if setup:
        print(f"  {setup}")
    ended = False
    for event in state.events:
        if event.when == "final" and not ended:
            print(f"  {describe_end(state, words)}")
            ended = True
        print(f"  {words.phrase('move')} {event.move}: {describe_event(event, words)}")
    if state.finished and not ended:
        print(f"  {describe_end(state, words)}")
    if args.board:
        print(render_board(state, show_open=False, words=words, key=True))
    tell_result(state, words, sys.stdout)
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    """``carcdsl explain FILE``: what the rule set leaves open, its notes, its figures."""
    from .stats import format_stats, tile_stats

    rules, warnings, sources = load_checked(args.file, tuple(args.variant))
    title = rules.game.title or rules.name
    print(f"{title} ({rules.name}{''.join(' + ' + v for v in rules.variants)})")
    if rules.open_points:
        print(f"\nOpen points ({len(rules.open_points)}): rules the author has not decided yet")
        for i, text in enumerate(rules.open_points, 1):
            print(f"  {i}. {text}")
    else:
        print("\nNo open points.")
    for lang, text in rules.notes:
        print(f"\nNote ({lang}): {text}")
    if warnings:
        print(f"\nWarnings ({len(warnings)}):")
        for diag in warnings:
            print("  " + format_diagnostic(diag, sources).replace("\n", "\n  "))
    print()
    print(format_stats(tile_stats(rules)))
    return 0
