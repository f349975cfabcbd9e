"""What the language server knows about a rule file, without the protocol: diagnostics of an
unsaved buffer, the names it declares and uses (across the files it extends), completion,
hover text, an outline and the tokens to colour.

Positions here are 0-based (line, character), as the protocol counts them.

This module owns checking a buffer (``analyse``: the diagnostics ``carcdsl check`` gives, and
a rule set for hover and completion even past a syntax error) and placing its diagnostics;
the rest lives in one module each, gathered here under the names the server reads: the
buffer's ranges and ``Analysis`` (``buffer``), names (``names``), completion (``completion``,
with the cursor's place from ``context``), hover (``hover``), the outline and colours
(``outline``). Checking off the protocol's thread is ``checks``; reading JSON-RPC, ``protocol``.
"""

from __future__ import annotations

from pathlib import Path

import carcdsl.model as m
from carcdsl.diagnostics import Diagnostic, suggest, unique
from carcdsl.lang.sources import display_name, unsaved_texts
from carcdsl.lang.syntax import normalise_newlines
from carcdsl.lsp.buffer import (
    _WORD,
    Analysis,
    Found,
    Range,
    _declaration_line,
    row_word_range,
    word_range,
)
from carcdsl.lsp.completion import accepted, completions
from carcdsl.lsp.hover import (
    construct_docs,
    describe_figure,
    describe_file,
    describe_kind,
    describe_tile,
    hover,
)
from carcdsl.lsp.names import Index, Occurrence, file_of, index, occurrences, path_of
from carcdsl.lsp.outline import TOKEN_TYPES, Symbol, semantic_tokens, symbols
from carcdsl.pipeline import check_files

__all__ = ["SYNTAX_CODES", "TOKEN_TYPES", "Analysis", "Found", "Index", "Occurrence", "Range",
           "Symbol", "accepted", "analyse", "blank_declarations", "blank_lines", "completions",
           "construct_docs", "describe_figure", "describe_file", "describe_kind",
           "describe_tile", "file_of", "hover", "index", "occurrences", "path_of", "place",
           "semantic_tokens", "symbols", "word_range"]

SYNTAX_CODES = frozenset({"E001", "E002", "E006", "E008"})


def _broken_lines(text: str, syntax: list[Diagnostic]) -> set[int]:
    """The 0-based lines of syntax errors; an error at the first word of a line may be the
    line before it missing its end (``players 2..``), so that line too."""
    rows = text.split("\n")
    lines = set()
    for diag in syntax:
        if diag.loc is None:
            continue
        line = max(diag.loc.line - 1, 0)
        lines.add(line)
        row = rows[line] if line < len(rows) else ""
        if line and row[: max(diag.loc.column - 1, 0)].strip() == "":
            lines.add(line - 1)
    return lines


def blank_lines(text: str, lines: set[int]) -> str:
    rows = text.split("\n")
    for line in lines:
        if line < len(rows):
            rows[line] = " " * len(rows[line])
    return "\n".join(rows)


def blank_declarations(text: str, lines: set[int]) -> str:
    """``text`` with the declarations holding these 0-based lines blanked out (spaces, the
    newlines kept): from the line starting the declaration to the next one that starts one."""
    rows = text.split("\n")
    starts = [i for i, row in enumerate(rows) if _declaration_line().match(row)]
    for line in sorted(lines):
        first = max((s for s in starts if s <= line), default=0)
        last = min((s for s in starts if s > line), default=len(rows))
        for i in range(first, last):
            rows[i] = " " * len(rows[i])
    return "\n".join(rows)


def _check(path: Path, text: str, allow: tuple[Path, ...]
           ) -> tuple[m.RuleSet | None, list[Diagnostic], dict[str, str]]:
    """What ``carcdsl check PATH --allow-path ...`` says of ``text`` as the file at ``path``:
    the same function, so the same diagnostics (syntax errors recovered from as it does)."""
    with unsaved_texts({path: text}):
        return check_files(path, allow=allow)


def analyse(path: Path, text: str, allow: tuple[Path, ...] = ()) -> Analysis:
    """Check ``text`` as the file at ``path`` (the files it extends come from disk, from its
    folder, the folders of ``allow`` and the bundled rules). The diagnostics are the CLI's.

    For hover, completion and names a syntax error does not hide the rest: when the file
    does not compose, its broken declarations are blanked out and it is composed again, for
    a rule set to describe; what that second check finds is not said (it would be noise:
    a kind whose declaration was blanked is unknown everywhere else)."""
    text = normalise_newlines(text)
    rules, found, sources = _check(path, text, allow)
    diagnostics = unique(found)
    shown = display_name(path)
    parsed = text
    syntax = [d for d in found if d.code in SYNTAX_CODES and d.loc and d.loc.file == shown]
    lines: set[int] = set()
    for attempt in range(6):
        if not syntax:
            break
        lines |= _broken_lines(text, syntax)
        # first the broken lines alone (a property in a block), then their declarations
        parsed = blank_lines(text, lines) if attempt == 0 else blank_declarations(text, lines)
        again, more, more_sources = _check(path, parsed, allow)
        syntax = [d for d in more if d.code in SYNTAX_CODES and d.loc and d.loc.file == shown]
        if not syntax and rules is None:
            rules = again
            sources = {**more_sources, **sources}
    sources[shown] = text
    within = (*(path_of(str(folder)) for folder in allow), path_of(str(path)).parent)
    return Analysis(path, text, rules, diagnostics, sources, parsed, within)


def place(analysis: Analysis) -> list[Found]:
    """Each diagnostic with its range in the buffer."""
    placed = []
    rows = analysis.text.split("\n")
    for diag in analysis.diagnostics:
        loc = diag.loc
        if loc is not None and loc.file == analysis.shown and 0 < loc.line <= len(rows):
            row = rows[loc.line - 1]
            rng = row_word_range(row, loc.line - 1, max(loc.column - 1, 0))
            hint = str(diag.args.get("hint") or "")
            if hint:  # the word the hint would replace
                rng = _misspelt(row, loc.line - 1, rng.start, hint) or rng
            placed.append(Found(diag, rng))
        else:
            placed.append(Found(diag, Range(0, 0, 0, 0), loc))
    return placed


def _misspelt(row: str, line: int, start: int, hint: str) -> Range | None:
    for found in _WORD.finditer(row, start):
        word = found.group()
        if word != hint and suggest(word, [hint]) == hint:
            return Range(line, found.start(), line, found.end())
    return None
