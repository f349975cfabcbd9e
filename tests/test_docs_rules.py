"""The rule files the documentation shows are real: each one checks, each excerpt is in its file.

A fenced block of README.md or docs/language.md whose first line of code starts with `rules ` or
`variant ` is a whole rule file: it must check without errors. A block introduced as an excerpt
of a bundled file ("From [`rules/base.carc`](...)") must be that file's lines, in order.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from carcdsl.check.checker import check
from carcdsl.diagnostics import format_diagnostic
from carcdsl.pipeline import compose

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("README.md", "docs/language.md")
_BLOCK = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
_EXCERPT_OF = re.compile(r"From \[`(rules/[^`]+\.carc)`\]\([^)]*\):\s*$")


def _code(line: str) -> str:
    return re.sub(r'("[^"\n]*")|\s*#.*', lambda kept: kept.group(1) or "", line).rstrip()


def rule_files() -> list:
    """(page:line, text, the bundled file it is an excerpt of or None) for each block."""
    found = []
    for page in PAGES:
        text = (ROOT / page).read_text(encoding="utf-8")
        for block in _BLOCK.finditer(text):
            body = block.group(1)
            first = next((_code(line) for line in body.splitlines() if _code(line)), "")
            if not first.startswith(("rules ", "variant ")):
                continue
            before = text[: block.start()].rstrip().splitlines()[-1:]
            excerpt = _EXCERPT_OF.search(before[0]) if before else None
            where = f"{page}:{text.count(chr(10), 0, block.start()) + 2}"
            found.append(pytest.param(body, excerpt and excerpt.group(1), id=where))
    return found


RULE_FILES = rule_files()


def test_the_pages_show_rule_files():
    assert len(RULE_FILES) >= 6  # the base excerpt, farmers, headers, table-edge, maps, ...


@pytest.mark.parametrize(("text", "excerpt_of"), RULE_FILES)
def test_a_rule_file_shown_in_the_docs_checks(tmp_path, text, excerpt_of):
    if excerpt_of is not None:
        lines = [_code(line).split() for line in
                 (ROOT / excerpt_of).read_text(encoding="utf-8").splitlines()]
        shown = [_code(line).split() for line in text.splitlines() if _code(line)]
        at = 0
        for line in shown:
            assert line in lines[at:], f"{' '.join(line)!r} is not in {excerpt_of}"
            at = lines.index(line, at) + 1
        return
    path = tmp_path / "shown.carc"
    path.write_text(text, encoding="utf-8")
    rules, found, sources = compose(path)
    found += check(rules) if rules is not None else []
    errors = [format_diagnostic(d, sources) for d in found if d.is_error]
    assert rules is not None and errors == [], "\n".join(errors)
