"""`carcdsl fmt` keeps a small block written on one line on one line, as docs/language.md
writes them (`override game { followers 5 }`): every such form of the docs is formatted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from carcdsl.cli.main import main
from carcdsl.lang.format import format_text

DOCS = Path(__file__).resolve().parent.parent / "docs" / "language.md"
_ONE_LINE_BLOCK = re.compile(r"^([a-z][^#\n{]*\{[^{}\n]*\})(\s*#[^\n]*)?$", re.M)


def doc_one_liners() -> list[str]:
    """Each one-line block of docs/language.md's code, its comment left out; `...` (a
    block shown in part) is no rule text."""
    found = [m.group(1) for m in _ONE_LINE_BLOCK.finditer(DOCS.read_text(encoding="utf-8"))]
    return [line for line in found if "..." not in line]


def test_the_docs_show_one_line_blocks():
    assert "override game { followers 5 }" in doc_one_liners()
    assert len(doc_one_liners()) >= 10


@pytest.mark.parametrize("line", doc_one_liners())
def test_a_docs_one_line_block_is_formatted(line):
    text = f"variant v for base\n{line}\n"
    assert format_text(text) == text


def test_fmt_check_passes_the_docs_override(tmp_path, capsys):
    path = tmp_path / "v.carc"
    path.write_text("variant v for base\noverride game { followers 5 }\n", encoding="utf-8")
    assert main(["fmt", "--check", str(path)]) == 0
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(("written", "formatted"), [
    # one space between properties becomes two; spaces inside a property, one
    ("override game {followers 5   tiles 3}", "override game { followers 5  tiles 3 }"),
    ('names nl { road "weg" "wegen" city "stad" "steden" }',
     'names nl { road "weg" "wegen"  city "stad" "steden" }'),
    # a comment after it is kept after it
    ("override game { followers 5 }  # five", "override game { followers 5 }  # five"),
    # written on more lines, it stays laid out one property a line
    ("override game { followers 5\n}", "override game {\n    followers 5\n}"),
    # a block holding a block is never one line; the inner one may be
    ('board { legend { "." square } }', 'board {\n    legend { "." square }\n}'),
])
def test_one_line_blocks(written, formatted):
    assert format_text(f"variant v for base\n{written}\n") \
        == f"variant v for base\n{formatted}\n"


def test_a_one_line_block_too_long_is_laid_out_a_property_a_line():
    props = "  ".join(f"followers {i}" for i in range(12))
    text = format_text(f"variant v for base\noverride game {{ {props} }}\n")
    assert text.count("\n") == 2 + 12 + 1
