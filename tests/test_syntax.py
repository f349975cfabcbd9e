"""Syntax errors: every one of a file, where it is, and only tokens that could really come next."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcdsl.pipeline import compose


def syntax_errors(tmp_path: Path, text: str) -> list[tuple[int, int, str]]:
    path = tmp_path / "t.carc"
    path.write_text(text, encoding="utf-8")
    _rules, found, _ = compose(path)  # the rule set of what parsed: see test_checker_recovery
    return [(d.loc.line, d.loc.column, d.message) for d in found if d.code in ("E001", "E002")]


def test_an_error_in_a_block_and_a_misspelt_keyword_after_it_are_both_reported(tmp_path):
    text = ("variant s3 for base\noverride feature city { score final = tiles +  }\n"
            "overrid game { tiles 3 }\n")
    found = syntax_errors(tmp_path, text)
    assert [(line, col) for line, col, _ in found] == [(2, 48), (3, 1)]
    assert "did you mean 'override'?" in found[1][2]


def test_reading_resumes_after_the_block_the_error_is_in(tmp_path):
    text = ("rules t\ngame { players 2..5 foo }\nfeture road { geometry path }\n"
            "tile A 1 city N; road W-E @\n")
    found = syntax_errors(tmp_path, text)
    assert [(line, col) for line, col, _ in found] == [(2, 21), (3, 1), (4, 27)]
    assert "did you mean 'feature'?" in found[1][2]


@pytest.mark.parametrize("text", [
    # a trigger's actions on the next line: `extra` is not a misspelt `extends`
    "rules t\ntile A 1 city N; road W-E @\non place surrounded:\nextra turn\n",
    # a tile's segments go on after `;`
    "rules t\ntile A 1 city N @;\nroad W-E\n",
    # properties written at column 1 inside a block are not declarations
    "rules t\ngame {\nplayers 2..x\nfollowers 7\n}\n",
])
def test_a_line_that_continues_a_declaration_is_not_read_as_a_new_one(tmp_path, text):
    assert len(syntax_errors(tmp_path, text)) == 1


def test_no_comma_is_expected_after_a_header(tmp_path):
    ((_line, _col, message),) = syntax_errors(tmp_path, "variant v for base\n3\n")
    assert "','" not in message


def test_no_bracket_or_else_is_expected_after_a_scoring_expression_in_a_block(tmp_path):
    ((_line, _col, message),) = syntax_errors(
        tmp_path, "rules t\nfeature road { score complete = tiles 3 }\n")
    assert message.startswith("unexpected number '3'; expected '}', ")
    for impossible in ("')'", "'else'", "'then'", "a comparison"):
        assert impossible not in message


def test_inside_a_condition_else_is_what_comes_next(tmp_path):
    ((_line, _col, message),) = syntax_errors(
        tmp_path, "rules t\nfeature road { score complete = if tiles < 2 then 1 }\n")
    assert message == "unexpected '}'; expected 'else'"
