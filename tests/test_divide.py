"""Division in scoring expressions (issue 31): ``a // b``, rounded down as Python's ``//``,
0 for a divisor that measures 0; the checker refuses a divisor that is always 0 (E142).
Both engines: ``quotient`` and the kernel's stack machine agree here, and
tests/fast/test_differential.py plays halves.carc and quotients.carc on both."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import carcdsl.model as m
from carcdsl.check.checker import check
from carcdsl.compile import expr as E
from carcdsl.errors import RuleError
from carcdsl.fast import program as P
from carcdsl.formats.record import load_record
from carcdsl.i18n.breakdown import detail
from carcdsl.lang.format import format_text
from carcdsl.lang.jsonbuild import expr_from_json
from carcdsl.lang.jsonexport import expr_to_json
from carcdsl.lang.parser import parse_text
from carcdsl.pipeline import compose
from carcdsl.replay import replay
from carcdsl.view.describe import expression_text

DATA = Path(__file__).parent / "data" / "constructs"


def _expr(text: str) -> m.Expr:
    """The expression of ``override feature city { score final = TEXT }``."""
    rules = parse_text(f"variant t for base\noverride feature city {{ score final = {text} }}\n")
    decl = next(d for d in rules.decls if getattr(d, "props", None))
    return decl.props[0].value


def _value(expr: m.Expr, tiles: int, pennants: int = 0) -> int:
    values = {E.TILES: tiles, E.PENNANTS: pennants}
    return E.evaluate(E.compile_expr(expr, {}), lambda code, _arg: values[code])[0]


def test_an_incomplete_city_scores_half_rounded_down():
    """halves.carc, hand-checked: Ann's city of 2 tiles and 1 pennant scores (2 + 1) // 2 = 1
    at the end (base: 3), Bob's road of 2 tiles 2 // 2 = 1 (base: 2)."""
    state = replay(load_record(DATA / "halves-city.json"))
    assert state.scores == [1, 1]
    assert [(e.player, e.feature, e.points, detail(e.points, e.terms))
            for e in state.events] == [("Ann", "city", 1, "(2 tiles + 1 pennant) // 2"),
                                       ("Bob", "road", 1, "2 tiles // 2")]


@pytest.mark.parametrize("text, tiles, value", [
    ("tiles // 2", 5, 2), ("tiles // 2", 4, 2), ("tiles // 2", 1, 0),
    ("(tiles - 7) // 2", 0, -4),  # rounded down, not toward 0
    ("tiles // -2", 7, -4), ("tiles // (tiles - 3)", 3, 0),  # a divisor of 0 gives 0
    ("2 * tiles // 3", 5, 3),  # (2 * 5) // 3: // takes the whole product on its left
    ("3 * (tiles // 2)", 5, 6), ("tiles // 2 // 2", 7, 1), ("1 + tiles // 2", 5, 3),
    ("tiles - tiles // 2", 5, 3), ("if tiles // 2 > 1 then 10 else 0", 4, 10),
])
def test_division_rounds_down_and_binds_as_a_product(text, tiles, value):
    assert _value(_expr(text), tiles) == value


def test_a_product_after_a_quotient_needs_brackets():
    """``tiles // 2 * 3`` reads two ways; the language asks for ``(tiles // 2) * 3``."""
    with pytest.raises(RuleError) as caught:
        _expr("tiles // 2 * 3")
    assert caught.value.diagnostics[0].code == "E001"


@pytest.mark.parametrize("text", ["tiles // 2", "3 * (tiles // 2)", "2 * tiles // 3",
                                  "(tiles + pennants) // (2 - tiles) // pennants",
                                  "tiles - (tiles + 1) // 2", "(tiles // 2) * pennants"])
def test_text_json_and_describe_round_trip(text):
    expr = _expr(text)
    assert expr_from_json(expr_to_json(expr)) == expr
    assert _expr(expression_text(expr)) == expr
    source = f"variant t for base\noverride feature city {{ score final = {text} }}\n"
    assert format_text(format_text(source)) == format_text(source)
    assert f"= {text} }}" in format_text(source)


_TERMS = st.recursive(
    st.one_of(st.integers(-9, 9).map(m.Const),
              st.sampled_from([m.Quantity("tiles"), m.Quantity("pennants")])),
    lambda inner: st.one_of(
        st.builds(m.Divide, inner, inner), st.builds(m.Negated, inner),
        st.builds(lambda a, b: m.Sum((a, b)), inner, inner),
        st.builds(lambda a, b: m.Product((a, b)), inner, inner)),
    max_leaves=8)
"""Expressions of at most 8 numbers and quantities up to 9: no value leaves int64."""


@settings(deadline=None)  # the first call loads the kernel
@given(_TERMS, st.integers(0, 9), st.integers(0, 9))
def test_the_kernel_divides_as_the_python_engine(expr, tiles, pennants):
    """The stack machine's DIV gives ``quotient``'s value: negatives rounded down, 0 for 0."""
    program = E.compile_expr(expr, {})
    try:
        code, slots = P.compile_program(program)
    except ValueError:  # deeper than the kernel's stack: the compiled engine declines it
        return
    values = np.array([tiles if c == E.TILES else pennants for c, _ in slots], dtype=np.int64)
    got = P.run(code, len(code), values, np.zeros(P.STACK, dtype=np.int64))
    assert got == _value(expr, tiles, pennants)


@pytest.mark.parametrize("n, d, q", [(7, 2, 3), (-7, 2, -4), (7, -2, -4), (-7, -2, 3),
                                     (5, 0, 0), (0, 3, 0)])
def test_quotient(n, d, q):
    assert E.quotient(n, d) == q


@pytest.mark.parametrize("body, line, column", [
    ("override feature city { score final = tiles // 0 }", 3, 48),
    ("override feature road { score final = tiles // (2 - 2) }", 3, 49),
    ("override feature city {\n    score complete += 1 + pennants // (3 * 0 + 0)\n}", 4, 40),
    ("token gold { supply 20  each player 2  score final = tokens // (1 - 1) }", 3, 65),
    ("figure mayor { each player 1  stands on city  strength = pennants // 0 }", 3, 70),
])
def test_a_divisor_that_is_always_0_is_refused_where_it_is(tmp_path, body, line, column):
    path = tmp_path / "t.carc"
    path.write_text(f"rules t\nextends base\n{body}\n", encoding="utf-8")
    rules, found, _ = compose(path)
    assert rules is not None and not found
    errors = [(d.code, d.loc.line, d.loc.column) for d in check(rules) if d.is_error]
    assert errors == [("E142", line, column)]


def test_a_divisor_that_may_be_0_is_not_refused(tmp_path):
    path = tmp_path / "t.carc"
    path.write_text("rules t\nextends base\noverride feature city "
                    "{ score final = tiles // (pennants - 1) }\n", encoding="utf-8")
    rules, found, _ = compose(path)
    assert rules is not None and not [d for d in found + check(rules) if d.is_error]


def test_the_json_form_names_a_zero_divisor_by_its_path(tmp_path, capsys):
    """``{"divide": EXPR, "by": EXPR}``: a divisor always 0 is E142 at ``...final.by``; a
    quotient without ``by`` is refused by the schema (E007)."""
    from carcdsl.cli.main import main

    assert main(["export", "base", "--variant", str(DATA / "halves.carc")]) == 0
    exported = json.loads(capsys.readouterr().out)
    city = next(k for k in exported["kinds"] if k["name"] == "city")
    assert city["final"]["by"] == {"const": 2}
    city["final"]["by"] = {"sum": [{"const": 2}, {"negated": {"const": 2}}]}
    (tmp_path / "zero.json").write_text(json.dumps(exported), encoding="utf-8")
    del city["final"]["by"]
    (tmp_path / "no-by.json").write_text(json.dumps(exported), encoding="utf-8")
    assert main(["check", str(tmp_path / "zero.json")]) == 1
    assert "error[E142]: $.kinds[1].final.by:" in capsys.readouterr().out
    assert main(["check", str(tmp_path / "no-by.json")]) == 1
    assert "E007" in "".join(capsys.readouterr())
