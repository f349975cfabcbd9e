"""The size limits of docs/language.md ("Limits"), each just past (refused, with its message)
and at it (accepted): map squares, tile types, the supply, diagnostics shown (issue 19, "Time
and memory"). No timing asserts: a hang guard fails only a test that runs for minutes."""

from __future__ import annotations

import json
import re
import signal

import pytest

from carcdsl.check.tiles import MAX_SUPPLY
from carcdsl.cli.main import main
from carcdsl.cli.output import MAX_SHOWN_DIAGNOSTICS
from carcdsl.errors import RuleError
from carcdsl.lang.jsonform import ruleset_from_json, ruleset_from_json_text, ruleset_to_json
from carcdsl.lang.maps import MAX_MAP_SQUARES
from carcdsl.lang.syntax import MAX_JSON_VALUES, MAX_SEGMENTS, MAX_TILE_TYPES, MAX_TOKENS
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


# --- tile types and the supply --------------------------------------------------------------

HEADER = """rules many

game {
    players 2..5
    followers 7
    start T0
}

feature city {
    geometry area
    followers yes
    pennants yes
    score complete = 2 * tiles + 2 * pennants
    score final = tiles + pennants
}

feature field {
    geometry field
    followers yes
    score final = 3 * completed(city)
}

"""


def tiles(first: int, last: int, count: int = 1) -> str:
    """Tile types T<first> to T<last - 1>, each different (its pennants)."""
    return "".join(f"tile T{i} {count} city N pennants {i + 1}\n" for i in range(first, last))


def test_tile_types_at_the_limit_are_accepted(tmp_path):
    path = tmp_path / "at.carc"
    path.write_text(HEADER + tiles(0, MAX_TILE_TYPES))
    rules, found, _ = check_files(path)
    assert rules is not None and len(rules.tiles) == MAX_TILE_TYPES
    assert [d.code for d in found if d.is_error] == []


def test_a_tile_type_past_the_limit_is_e201_at_it_before_parsing(tmp_path):
    path = tmp_path / "past.carc"
    text = HEADER + "supply { start tile placed }\n" + tiles(0, MAX_TILE_TYPES + 5)
    # neither a comment nor a string declares a tile
    path.write_text(text.replace("tile T3 ", '# a tile\nopen "one tile"\ntile T3 '))
    rules, found, _ = check_files(path)
    (said,) = found
    assert (said.code, said.key, said.args["count"]) == ("E201", "E201/types", "10001")
    assert said.loc.line == text.count("\n", 0, text.index(f"tile T{MAX_TILE_TYPES} ")) + 3
    assert rules is None


def test_tile_types_past_the_limit_over_two_files_are_e201_once(tmp_path):
    (tmp_path / "a.carc").write_text(HEADER + tiles(0, 6_000))
    (tmp_path / "b.carc").write_text('rules b\nextends "a.carc"\n' + tiles(6_000, 10_010))
    rules, found, _ = check_files(tmp_path / "b.carc")
    (said,) = [d for d in found if d.code == "E201"]
    assert (said.loc.file.endswith("b.carc"), said.loc.line) == (True, 3 + 4_000)


def test_json_tile_types_past_the_limit_are_refused_before_the_schema():
    data = _base_json()
    data["tiles"] = [0] * (MAX_TILE_TYPES + 1)
    with pytest.raises(RuleError) as info:
        ruleset_from_json(data, "many.json")
    assert [(d.code, d.loc.path) for d in info.value.diagnostics] == [
        ("E201", f"$.tiles[{MAX_TILE_TYPES}]")]


def test_json_tiles_of_one_shape_are_each_told_their_error():
    data = _base_json()
    base = data["tiles"]
    data["tiles"] = [{**base[i % len(base)], "name": f"T{i}"} for i in range(100)]
    data["tiles"][5]["name"] = "9 bad"
    data["tiles"][80] = json.loads(json.dumps(data["tiles"][80]))
    data["tiles"][80]["segments"][0]["ports"] = ["N", "no such"]
    with pytest.raises(RuleError) as info:
        ruleset_from_json(data, "tiles.json")
    assert [(d.code, d.args["path"]) for d in info.value.diagnostics] == [
        ("E007", "$.tiles[5].name"), ("E007", "$.tiles[80].segments[0].ports[1]")]


def test_json_tiles_read_back_as_they_were():
    from carcdsl import load

    rules = load("base").rules
    data = ruleset_to_json(rules)
    base = data["tiles"]
    data["tiles"] = [{**base[i % len(base)], "name": f"T{i}"} for i in range(200)]
    data["game"]["start"] = "T0"
    again = ruleset_to_json(ruleset_from_json(json.loads(json.dumps(data)), "x.json"))
    assert again["tiles"] == data["tiles"]


@pytest.mark.parametrize(("extra", "sets", "refused"), [
    ("", 2, False), ("tile Z 1 city N pennants 9\n", 2, True), ("", 1, False)])
def test_the_supply_holds_at_most_the_limit(tmp_path, extra, sets, refused):
    half = MAX_SUPPLY // 2
    path = tmp_path / "supply.carc"
    path.write_text(HEADER + f"supply {{\n    sets {sets}\n}}\n" + tiles(0, 1, count=half)
                    + extra)
    rules, found, _ = check_files(path)
    said = [d for d in found if d.code == "E201"]
    if refused:
        (one,) = said
        assert (one.key, one.args["name"], one.args["tiles"]) == (
            "E201/supply", "Z", str(2 * half + 2))
    else:
        assert said == []


# --- tokens in a file ----------------------------------------------------------------------

def landmarks(tokens: int) -> str:
    """A rule file of exactly ``tokens`` tokens (an even number): five words, then landmark
    names and the commas between them."""
    names = (tokens - 4) // 2
    return "rules t\nextends base\nlandmark " + ", ".join(f"m{i}" for i in range(names)) + "\n"


def test_a_file_at_the_token_limit_is_read(tmp_path):
    """Read and composed; its 125,000 landmarks are more values than the JSON form reads
    back, which is the one error (test_checker_json_limits)."""
    path = tmp_path / "at.carc"
    path.write_text(landmarks(MAX_TOKENS))
    rules, found, _ = check_files(path)
    assert rules is not None
    assert [d.key for d in found if d.is_error] == ["E003/export-too-large"]


def test_a_file_past_the_token_limit_is_e003_at_the_first_token_past_it(tmp_path):
    path = tmp_path / "past.carc"
    text = landmarks(MAX_TOKENS + 2)
    path.write_text(text)
    rules, found, _ = check_files(path)
    (said,) = found
    assert (said.key, rules) == ("E003/too-many-tokens", None)
    # token 250,001 is the comma after name 124,997
    column = text.index(", m124998") - text.index("landmark") + 1
    assert (said.loc.line, said.loc.column) == (3, column)


# --- diagnostics shown -----------------------------------------------------------------------

@pytest.mark.parametrize("hidden", [0, 7])
def test_at_most_the_limit_of_diagnostics_is_shown_a_file(capsys, tmp_path, hidden):
    """Each tile is one E110; the tile count differing from base's total is one W122."""
    path = tmp_path / "bad.carc"
    tiles = MAX_SHOWN_DIAGNOSTICS - 1 + hidden
    path.write_text("rules t\nextends base\n" + "".join(f"tile Q{i} 1 cty N\n"
                                                         for i in range(tiles)))
    code, out, _ = run(capsys, "check", str(path))
    said = re.findall(r"^\S+: (?:error|warning)\[", out, re.MULTILINE)
    assert code == 1 and len(said) == MAX_SHOWN_DIAGNOSTICS
    assert (f"bad.carc: {hidden} more problems not shown (at most 500 a file are shown)" in out) \
        == (hidden > 0)
    assert f"bad.carc: {tiles} errors, 1 warning" in out


# --- the JSON form's segments and other values -----------------------------------------------

@pytest.mark.parametrize("past", [False, True])
def test_json_segments_past_the_limit_are_refused_before_the_schema(past):
    data = _base_json()
    tile = {**data["tiles"][0], "segments": data["tiles"][0]["segments"][:1] * 20}
    each = 20
    copies = MAX_SEGMENTS // each
    data["tiles"] = [{**tile, "name": f"T{i}"} for i in range(copies)]
    data["tiles"].append({**tile, "name": "Z", "segments": tile["segments"][:1] * (
        MAX_SEGMENTS - copies * each + past)})
    data["game"]["start"] = "T0"
    try:
        ruleset_from_json(data, "segments.json")
        said = []
    except RuleError as exc:
        said = [d for d in exc.diagnostics if d.code == "E201"]
    if past:
        (one,) = said
        assert (one.key, one.loc.path, one.args["name"]) == (
            "E201/segments", f"$.tiles[{copies}]", "Z")
    else:
        assert said == []


@pytest.mark.parametrize("past", [False, True])
def test_json_values_past_the_limit_are_refused_before_the_schema(past):
    data = _base_json()
    data["board"]["squares"] = [_square(0, 0, "start")] * 10  # a map's squares are apart
    count = 0
    stack: list = [data]
    while stack:
        value = stack.pop()
        count += 1
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list) and value not in (data["tiles"], data["board"]["squares"]):
            stack.extend(value)
    data["open_points"] += ["?"] * (MAX_JSON_VALUES - count + past)
    try:
        ruleset_from_json(data, "values.json")
        said = []
    except RuleError as exc:
        said = [d.key for d in exc.diagnostics if d.code == "E003"]
    assert said == (["E003/too-many-values"] if past else [])


@pytest.mark.parametrize("past", [False, True])
def test_segments_past_the_limit_over_two_files_are_e201(tmp_path, monkeypatch, past):
    """The composed limit, with the limit made small (the JSON test above has the real one)."""
    import carcdsl.lang.builder

    monkeypatch.setattr(carcdsl.lang.builder, "MAX_SEGMENTS", 60)
    four = "city N; city E; city S; city W"
    (tmp_path / "a.carc").write_text(HEADER + "".join(
        f"tile T{i} 1 {four} pennants {i}\n" for i in range(10)))
    (tmp_path / "b.carc").write_text('rules b\nextends "a.carc"\n' + "".join(
        f"tile U{i} 1 {four} pennants {i}\n" for i in range(5 + past)))
    rules, found, _ = check_files(tmp_path / "b.carc")
    said = [d for d in found if d.key == "E201/segments"]
    assert [(d.args["name"], d.args["count"]) for d in said] == ([("U5", "64")] if past else [])
