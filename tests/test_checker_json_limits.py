"""A checked rule set always exports and reads back: the checker refuses a rule set whose JSON
form the JSON reader would refuse (more than MAX_JSON_VALUES values outside the map's squares
and the tiles; issue 31: a 70,000-term score checked clean and exported what could not be
read back)."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcdsl.cli.output import laid_out
from carcdsl.errors import RuleError
from carcdsl.lang import jsonexport, jsonform
from carcdsl.lang.jsonform import ruleset_from_json, ruleset_from_json_text, ruleset_to_json
from carcdsl.lang.limits import MAX_JSON_VALUES
from carcdsl.pipeline import check_files, load_checked


def _variant(tmp_path: Path, score: str, extra: str = "") -> Path:
    path = tmp_path / "big.carc"
    path.write_text(f"variant big for base\noverride feature road {{ score final = {score} }}\n"
                    f"{extra}")
    return path


@pytest.mark.slow  # about 3 s: the finding's own size
def test_a_score_too_large_for_the_json_form_is_refused_where_it_is(tmp_path):
    path = _variant(tmp_path, " + ".join(["tiles"] * 70_000))
    rules, found, _ = check_files("base", (path,))
    errors = [d for d in found if d.is_error]
    assert [(d.code, d.loc.file, d.loc.line) for d in errors] == [("E003", str(path), 2)]
    assert f"{MAX_JSON_VALUES:,}" in errors[0].message and "road" in errors[0].message
    with pytest.raises(RuleError):
        load_checked("base", (path,))


def test_a_large_score_within_the_limit_exports_and_reads_back(tmp_path):
    path = _variant(tmp_path, " + ".join(["tiles"] * 10_000))
    rules, warnings, _ = load_checked("base", (path,))
    data = ruleset_to_json(rules)
    assert ruleset_from_json_text(laid_out(data, 2, 120), "big.json") == rules


_QUANTITIES = ("tiles", "pennants", "neighbours", "completed(city)")


@st.composite
def scores(draw, depth: int = 0) -> str:
    """A scoring expression of sums, products, numbers and quantities."""
    if depth >= 3 or draw(st.booleans()):
        return draw(st.sampled_from(_QUANTITIES)) if draw(st.booleans()) \
            else str(draw(st.integers(0, 99)))
    terms = draw(st.lists(scores(depth + 1), min_size=2, max_size=6))
    return "(" + draw(st.sampled_from([" + ", " * "])).join(terms) + ")"


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(score=scores(), landmarks=st.integers(0, 40), most=st.integers(250, 400))
def test_what_checks_clean_reads_back(tmp_path, score, landmarks, most):
    """With the limit made small, rule sets on both sides of it: whatever checks clean
    exports and is read back as the same rule set, and what is refused is refused for it."""
    extra = "".join(f"landmark mark{i}\n" for i in range(landmarks))
    path = _variant(tmp_path, score, extra)
    with mock.patch.object(jsonexport, "MAX_JSON_VALUES", most), \
            mock.patch.object(jsonform, "MAX_JSON_VALUES", most):
        rules, found, _ = check_files("base", (path,))
        refused = [d for d in found if d.code == "E003"]
        assert rules is not None
        data = ruleset_to_json(rules)
        if refused:
            with pytest.raises(RuleError):
                ruleset_from_json(data, "x.json")
        elif not any(d.is_error for d in found):
            assert ruleset_from_json(data, "x.json") == rules
