"""The language server's answers at any position of any buffer: hover, completion, the
cursor's place and the word at a position never fail (a request the server cannot answer
is one the client waits on forever), in rule files cut anywhere."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from carcdsl.lsp import analysis as A
from carcdsl.lsp.context import place_of

BASE = Path(__file__).resolve().parent.parent / "rules" / "base.carc"
TEXT = BASE.read_text(encoding="utf-8")
WHOLE = A.analyse(BASE, TEXT)
INDEX = A.index(WHOLE)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, TEXT.count("\n") + 5), st.integers(0, 200))
def test_hover_and_completion_answer_anywhere(line, char):
    A.hover(WHOLE, INDEX, line, char, picture=False)
    rows = TEXT.split("\n")
    offset = sum(len(r) + 1 for r in rows[:line]) + (
        min(char, len(rows[line])) if line < len(rows) else 0)
    assert isinstance(A.completions(WHOLE, min(offset, len(TEXT))), list)
    assert A.word_range(TEXT, line, char).line == line


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(TEXT)), st.integers(0, len(TEXT)))
def test_the_place_of_any_offset_in_a_cut_file_is_said(cut, at):
    text = TEXT[:cut]
    assert place_of(text, min(at, len(text))).what in {
        "expression", "kind", "figure", "marker", "segment-kind", "port", "path-end", "other"}
