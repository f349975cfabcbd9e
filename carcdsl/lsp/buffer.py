"""The language server's picture of a buffer, shared by what it answers: ranges in the text
(0-based line and character, as the protocol counts them; the word at a position), a
diagnostic placed in the buffer (``Found``), a buffer checked (``Analysis``, made by
``analysis.analyse``), and the patterns of words, comments and declaration lines.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import attrs

import carcdsl.model as m
from carcdsl.diagnostics import Diagnostic
from carcdsl.lang.sources import display_name
from carcdsl.lang.syntax import declaration_keywords

_WORD = re.compile(r'[^\W\d]\w*(?:-\w+)*|"[^"\n]*"|-?\d+')
_COMMENT = re.compile(r'"[^"\n]*"|(#[^\n]*)')


@attrs.frozen
class Range:
    line: int
    start: int
    end_line: int
    end: int

    def contains(self, line: int, char: int) -> bool:
        return (self.line, self.start) <= (line, char) <= (self.end_line, self.end)


@attrs.frozen
class Found:
    """A diagnostic placed in the buffer: its range, and where it really is when that is
    another file (shown at the top of the buffer)."""

    diagnostic: Diagnostic
    range: Range
    elsewhere: m.Loc | None = None


def word_range(text: str, line: int, char: int) -> Range:
    """The word (name, number or string) at a 0-based position, else one character."""
    lines = text.split("\n")
    return row_word_range(lines[line] if 0 <= line < len(lines) else "", line, char)


def row_word_range(row: str, line: int, char: int) -> Range:
    """``word_range`` in one row (the row given, so that many ranges split the text once)."""
    for found in _WORD.finditer(row):
        if found.start() <= char < found.end():
            return Range(line, found.start(), line, found.end())
    return Range(line, char, line, min(char + 1, len(row)) if row else char)


@functools.cache
def _declaration_line() -> re.Pattern[str]:
    words = sorted(declaration_keywords(), key=len, reverse=True)
    return re.compile(rf"^(?:{'|'.join(map(re.escape, words))})(?![\w-])")


@attrs.define
class Analysis:
    """A buffer checked: its diagnostics, the rule set (as far as it composes), the texts
    of every file it is made of, and the text that parsed (broken declarations blanked)."""

    path: Path
    text: str
    rules: m.RuleSet | None
    diagnostics: list[Diagnostic]
    sources: dict[str, str]
    parsed_text: str
    within: tuple[Path, ...] = ()
    """The folders (resolved) its `extends` and `with` may read, besides the bundled rules:
    the workspace's, those the user allows, and the document's own."""

    @property
    def shown(self) -> str:
        return display_name(self.path)
