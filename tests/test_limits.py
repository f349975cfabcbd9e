"""The size limits of docs/language.md ("Limits"), each just past (refused, with its message)
and at it (accepted): map squares, tile types, the supply, diagnostics shown (issue 19, "Time
and memory"). No timing asserts: a hang guard fails only a test that runs for minutes."""

from __future__ import annotations

import json
import signal

import pytest

from carcdsl.cli.main import main
from carcdsl.errors import RuleError
from carcdsl.lang.jsonform import ruleset_from_json, ruleset_from_json_text, ruleset_to_json
from carcdsl.lang.maps import MAX_MAP_SQUARES
from carcdsl.pipeline import check_files


@pytest.fixture(autouse=True)
def hang_guard():
    """Fails a test that runs longer than two minutes (a hang, not a slow machine)."""
    def stop(*_):
        raise TimeoutError("hang guard: more than 120 s")
    before = signal.signal(signal.SIGALRM, stop)
    signal.alarm(120)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, before)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- map squares ---------------------------------------------------------------------------

def map_rules(width: int, height: int) -> str:
    """A map of ``width`` x ``height`` characters: a start square, plain squares, a marker."""
    rows = ["R" + "." * (width - 1)] + ["." * (width - 2) + "k." for _ in range(height - 1)]
    drawn = "\n        ".join(f'"{row}"' for row in rows)
    return f"""rules big-map
extends base

board {{
    map {drawn}
    legend {{
        "." square
        "R" start Rostock
        "k" marker small-city Kiel
    }}
}}
"""


def test_a_map_at_the_limit_is_checked_exported_and_read_back(tmp_path):
    path = tmp_path / "at.carc"
    path.write_text(map_rules(400, MAX_MAP_SQUARES // 400))
    rules, found, _ = check_files(path)
    assert rules is not None and not [d for d in found if d.is_error]
    assert len(rules.board.squares) == MAX_MAP_SQUARES
    data = ruleset_to_json(rules)
    again = ruleset_from_json_text(json.dumps(data), "at.json")
    assert again.board.squares == rules.board.squares


def test_a_map_past_the_limit_is_e133_at_the_map(tmp_path):
    path = tmp_path / "past.carc"
    path.write_text(map_rules(401, MAX_MAP_SQUARES // 400))
    rules, found, _ = check_files(path)
    (said,) = [d for d in found if d.code == "E133"]
    assert (said.loc.line, said.loc.column) == (5, 5)  # `map`
    assert said.args["squares"] == str(401 * (MAX_MAP_SQUARES // 400))
    assert "a map draws at most 100,000" in said.message


def _base_json() -> dict:
    import carcdsl

    return ruleset_to_json(carcdsl.load("base").rules)


def _square(x: int, y: int, role: object = "square") -> dict:
    return {"x": x, "y": y, "role": role, "name": "Start" if role == "start" else None,
            "marker": None, "kind": None, "pennants": 0, "borders": []}


def test_json_squares_past_the_limit_are_refused_before_the_schema():
    data = _base_json()
    data["board"]["squares"] = [{"x": i} for i in range(MAX_MAP_SQUARES + 1)]  # not squares
    with pytest.raises(RuleError) as info:
        ruleset_from_json(data, "big.json")
    assert [(d.code, d.loc.path) for d in info.value.diagnostics] == [
        ("E133", "$.board.squares")]


def test_json_squares_of_one_shape_are_each_told_their_error():
    """Squares are validated a shape at a time; an error is still said at every square."""
    data = _base_json()
    squares = [_square(0, 0, "start")] + [_square(i, 0) for i in range(1, 100)]
    squares[3]["role"] = squares[70]["role"] = 5
    squares[50]["colour"] = "red"
    data["board"]["squares"] = squares
    with pytest.raises(RuleError) as info:
        ruleset_from_json(data, "shapes.json")
    assert [(d.code, d.args["path"]) for d in info.value.diagnostics] == [
        ("E007", "$.board.squares[3].role"), ("E007", "$.board.squares[50]"),
        ("E007", "$.board.squares[70].role")]


def test_export_writes_a_square_a_line(capsys, tmp_path):
    path = tmp_path / "small.carc"
    path.write_text(map_rules(5, 4))
    code, out, _ = run(capsys, "export", str(path))
    assert code == 0
    lines = out.splitlines()
    assert '      {"x": 1, "y": 0, "role": "square", "name": null, "marker": null, "kind": null, ' \
           '"pennants": 0, "borders": []},' in lines
    assert json.loads(out)["board"]["squares"][1] == _square(1, 0)
