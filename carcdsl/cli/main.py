"""The ``carcdsl`` command: the command line read (``build_parser``), ``--lang`` found, the
subcommand run (``cli.commands``).

Every failure a user can cause ends as one message on stderr and exit status 1, never a
Python traceback or argparse's usage text; an interrupted run exits with 130. Messages are in
the language of ``--lang`` (the command line's own complaints too: ``Said``).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from carcdsl import __version__
from carcdsl.cli.commands import (
    cmd_check,
    cmd_explain,
    cmd_export,
    cmd_list,
    cmd_play,
    cmd_replay,
)
from carcdsl.cli.editor import add_fmt, add_lsp
from carcdsl.cli.output import (
    Said,
    Stopped,
    _print_rule_error,
    add_allow_option,
    add_engine_option,
    add_lang_option,
    add_variant_option,
    bot_kinds,
    output_failed,
    said,
    say_error,
    tolerant_stdout,
)
from carcdsl.cli.render import add_render
from carcdsl.cli.serve import add_serve
from carcdsl.cli.simulate import add_simulate
from carcdsl.cli.tournament import add_tournament
from carcdsl.errors import CarcError, RuleError
from carcdsl.i18n.words import Words, is_language_code

COMMANDS = ("check", "export", "play", "replay", "explain", "list", "simulate", "tournament",
            "render", "serve")

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
    for add in (_add_check, _add_export, _add_play, _add_replay, _add_explain, _add_list, add_fmt,
                add_lsp, add_simulate, add_tournament, add_render, add_serve):
        add(commands)
    return parser


def _add_check(commands) -> None:
    p = commands.add_parser("check", help="check rule files and report every problem",
                            description="Check each rule file (a path or a bundled name such as "
                            "'base') with the given variants applied.")
    p.add_argument("files", nargs="+", metavar="FILE", help="a rule file or bundled rule set")
    add_variant_option(p)
    add_allow_option(p)
    p.add_argument("--strict", action="store_true", help="fail on warnings too")
    p.add_argument("--stats", action="store_true", help="print tile figures after a clean check")
    p.add_argument("--json", action="store_true",
                   help="print every diagnostic as JSON: file, line, column, code, severity, "
                   "message")
    add_lang_option(p)
    p.set_defaults(run=cmd_check)


def _add_export(commands) -> None:
    p = commands.add_parser("export", help="print a checked rule set as JSON",
                            description="Check a rule set and print it, composed, as JSON.")
    p.add_argument("file", metavar="FILE", help="a rule file or bundled rule set")
    add_variant_option(p)
    add_allow_option(p)
    add_lang_option(p)  # the JSON has no language; its messages do
    p.set_defaults(run=cmd_export)


def _add_play(commands) -> None:
    p = commands.add_parser("play", help="play games with bots or people",
                            description="Play one game told turn by turn, or many summed up.")
    p.add_argument("rules", metavar="RULES", nargs="?",
                   help="a rule file or bundled rule set (not with --resume)")
    add_variant_option(p)
    add_allow_option(p)
    p.add_argument("--resume", metavar="RECORD",
                   help="go on with the game of a record (its rules, players and seed)")
    seats = p.add_mutually_exclusive_group()
    seats.add_argument("--players", "-n", type=int, metavar="N", help="number of players")
    seats.add_argument("--names", metavar="A,B,...", help="player names, in turn order")
    p.add_argument("--bot", action="extend", type=bot_kinds, default=[], metavar="BOT",
                   help="random, greedy, mcts or human, per seat in order (repeated, or a "
                   "comma list: greedy,random); the last fills the rest; options after ':' "
                   "(mcts:playouts=500:c=0.7); a bot of your own: package.module:factory "
                   "(docs/bots.md)")
    p.add_argument("--seed", type=int, help="seed of the first game (default: random, printed)")
    p.add_argument("--games", type=int, default=1, metavar="N", help="games to play")
    p.add_argument("--record", metavar="FILE", help="save the game's record (one game only)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--quiet", "-q", action="store_true", help="no turn log or progress bar")
    add_engine_option(p, "with --games N")
    add_lang_option(p)
    p.set_defaults(run=cmd_play)


def _add_replay(commands) -> None:
    p = commands.add_parser("replay", help="replay a game record, checking every move",
                            description="Replay a record (carcdsl-record/1) and print the "
                            "scores and every scoring event.")
    p.add_argument("record", metavar="RECORD", help="a game record (JSON)")
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="print the spec's JSON output")
    shown.add_argument("--board", action="store_true", help="draw the final board")
    add_lang_option(p)
    p.set_defaults(run=cmd_replay)


def _add_explain(commands) -> None:
    p = commands.add_parser("explain", help="what a rule set leaves open, and its notes",
                            description="List the open points and the author's notes of a "
                            "rule set, with its figures.")
    p.add_argument("file", metavar="FILE", help="a rule file or bundled rule set")
    add_variant_option(p)
    add_allow_option(p)
    add_lang_option(p)
    p.set_defaults(run=cmd_explain)


def _add_list(commands) -> None:
    p = commands.add_parser("list", help="the bundled rule sets and variants",
                            description="List the bundled rule sets and variants, one line "
                            "each, with their parameters and defaults, and under it what it "
                            "does (its `about`, in the language of --lang where it says it).")
    p.add_argument("--json", action="store_true",
                   help="print them as JSON: name, role, for, with, params, about")
    add_lang_option(p)
    p.set_defaults(run=cmd_list)


def _version() -> str:
    return __version__


def _lang_in(argv: Sequence[str]) -> str:
    """The language asked for, read before the command line is understood (so that a
    complaint about it is said in that language); English when there is none to read."""
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
    tolerant_stdout()
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parse(argv)
    if isinstance(args, int):  # --help, --version, or a usage error: said already
        return args
    return _run(args)


def _parse(argv: list[str]) -> argparse.Namespace | int:
    """The arguments, with ``lang`` settled; or the exit status when there is nothing to
    run."""
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
            return output_failed(error, _lang_in(argv))
        return code
    except OSError as exc:  # --help or --version could not be written
        return output_failed(exc, _lang_in(argv))
    except Said as exc:
        print(f"{exc.prog or 'carcdsl'}: {exc.say(Words(None, _lang_in(argv)))}",
              file=sys.stderr)
        return 1
    return args


def _run(args: argparse.Namespace) -> int:
    """Run the command; every error it raises becomes one message and an exit status."""
    try:
        code = args.run(args)
        sys.stdout.flush()  # here, so that a failed write is said like any other error
        return code
    except KeyboardInterrupt:
        print(f"carcdsl: {said('interrupted', args.lang)}",
              file=sys.stderr)
        return 130
    except RuleError as exc:
        _print_rule_error(exc, args.lang)
        return 1
    except CarcError as exc:
        print(f"carcdsl: {say_error(exc, args.lang)}", file=sys.stderr)
        return exc.status if isinstance(exc, Stopped) else 1
    except BrokenPipeError:  # e.g. `carcdsl export base | head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as exc:  # the output cannot be written (a full disk, /dev/full)
        return output_failed(exc, args.lang)
    except Exception as exc:  # a bug: still one line, not a traceback
        if os.environ.get("CARCDSL_TRACEBACK"):
            raise
        print(f"carcdsl: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
