"""The commands for rule authors' editors: ``carcdsl fmt`` and ``carcdsl lsp``."""

from __future__ import annotations

import argparse
import difflib
import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from carcdsl.diagnostics import format_diagnostic
from carcdsl.errors import RuleError
from carcdsl.lang.format import format_text
from carcdsl.lang.sources import display_name, read_source

LSP_MISSING = ("carcdsl lsp: the language server needs pygls: "
               "pip install 'carcdsl[lsp]'")


def add_fmt(commands) -> None:
    p = commands.add_parser("fmt", help="lay rule files out in the one canonical layout",
                            description="Format rule files in place (a folder: every .carc "
                            "file in it). Comments are kept; the meaning never changes.")
    p.add_argument("files", nargs="+", metavar="FILE", help="a rule file or a folder")
    p.add_argument("--check", action="store_true",
                   help="change nothing; show a diff and exit 1 when a file is not formatted")
    p.add_argument("--diff", action="store_true", help="change nothing; show a diff")
    p.set_defaults(run=cmd_fmt)


def add_lsp(commands) -> None:
    p = commands.add_parser("lsp", help="run the language server on stdio (for editors)",
                            description="A language server for rule files, on stdin/stdout.")
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
            for diag in exc.diagnostics:
                print(format_diagnostic(diag, {shown: text} if text is not None else None),
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
                print(f"carcdsl fmt: {shown} is not formatted", file=sys.stderr)
                status = 1
        else:
            path.write_text(formatted, encoding="utf-8", newline="\n")
            print(f"formatted {shown}", file=sys.stderr)
    return status


def cmd_lsp(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("pygls") is None:
        print(LSP_MISSING, file=sys.stderr)
        return 1
    from carcdsl.lsp.server import serve
    serve()
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 -- the server closed stdout on exit
    return 0
