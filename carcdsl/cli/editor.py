"""The commands for rule authors' editors: ``carcdsl fmt`` and ``carcdsl lsp``."""

from __future__ import annotations

import argparse
import difflib
import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from carcdsl.cli.output import add_lang_option, said
from carcdsl.diagnostics import format_diagnostic
from carcdsl.errors import RuleError
from carcdsl.formats.files import write_atomically
from carcdsl.i18n.words import Words
from carcdsl.lang.format import format_text
from carcdsl.lang.sources import display_name, read_source


def add_fmt(commands) -> None:
    p = commands.add_parser("fmt", help="lay rule files out in the one canonical layout",
                            description="Format rule files in place (a folder: every .carc "
                            "file in it). Comments are kept; the meaning never changes.")
    p.add_argument("files", nargs="+", metavar="FILE", help="a rule file or a folder")
    p.add_argument("--check", action="store_true",
                   help="change nothing; show a diff and exit 1 when a file is not formatted")
    p.add_argument("--diff", action="store_true", help="change nothing; show a diff")
    add_lang_option(p)
    p.set_defaults(run=cmd_fmt)


def add_lsp(commands) -> None:
    p = commands.add_parser("lsp", help="run the language server on stdio (for editors)",
                            description="A language server for rule files, on stdin/stdout.")
    add_lang_option(p)
    p.set_defaults(run=cmd_lsp)


def _rule_files(names: list[str]) -> Iterator[Path]:
    for name in names:
        path = Path(name)
        if path.is_dir():
            yield from sorted(path.rglob("*.carc"))
        else:
            yield path


def cmd_fmt(args: argparse.Namespace) -> int:
    status = 0
    for path in _rule_files(args.files):
        shown = display_name(path)
        text = None
        try:
            text = read_source(path, shown)
            formatted = format_text(text, shown)
        except RuleError as exc:
            words = Words(None, args.lang)
            for diag in exc.diagnostics:
                message = words.diagnostic(diag) if args.lang != "en" else None
                print(format_diagnostic(diag, {shown: text} if text is not None else None,
                                        words.phrase(diag.severity), message),
                      file=sys.stderr)
            status = 1
            continue
        if formatted == text:
            continue
        if args.check or args.diff:
            sys.stdout.writelines(difflib.unified_diff(
                text.splitlines(keepends=True), formatted.splitlines(keepends=True),
                f"{shown} (as written)", f"{shown} (formatted)"))
            if args.check:
                print(f"carcdsl fmt: {said('fmt-unformatted', args.lang, file=shown)}",
                      file=sys.stderr)
                status = 1
        else:
            _replace(path, formatted)
            print(said("fmt-formatted", args.lang, file=shown), file=sys.stderr)
    return status


def cmd_lsp(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("pygls") is None:
        print(f"carcdsl lsp: {said('lsp-missing', args.lang)}", file=sys.stderr)
        return 1
    from carcdsl.lsp.server import serve
    serve()
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 -- the server closed stdout on exit
    return 0


def _replace(path: Path, text: str) -> None:
    """Write ``text`` to the file ``path`` names (through a link, to its target) all at once,
    with the old file's permissions; never half a file."""
    write_atomically(path, text.encode("utf-8"))
