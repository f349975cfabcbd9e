"""Game records (carcdsl-record/1): parsing, messages, files, round trips."""

from __future__ import annotations

import copy
import json
import os
import tempfile
from importlib.resources import files
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from carcdsl.engine.moves import Discard, FollowerSpec, Placement
from carcdsl.errors import CarcError, RecordError
from carcdsl.formats.record import (
    SEED_MAX,
    SEED_MIN,
    Record,
    dump_record,
    load_record,
    parse_record,
)
from carcdsl.geometry.squares import SPAN

SPEC_TEXT = """\
{
  "format": "carcdsl-record/1",
  "rules": "base",
  "variants": ["farmers"],
  "players": ["Ann", "Bob"],
  "seed": 7,
  "moves": [
    {"tile": "E", "at": [0, -1], "rotation": 180, "follower": "city:S"},
    {"tile": "V", "at": [1, 0], "rotation": 90},
    {"discard": "X"},
    {"tile": "B", "at": [0, 1], "rotation": 0, "follower": "monastery"}
  ],
  "final": false
}
"""
"""The example of the spec (records.md), byte for byte."""

SPEC = json.loads(SPEC_TEXT)


def _schema(name: str) -> dict:
    return json.loads(files("carcdsl.schemas").joinpath(name).read_text(encoding="utf-8"))


# --- the spec's example -----------------------------------------------------------------------

def test_spec_example_parses_into_objects() -> None:
    record = parse_record(SPEC)
    assert record.rules == "base" and record.variants == ("farmers",)
    assert record.players == ("Ann", "Bob") and record.seed == 7 and record.final is False
    assert record.moves == (
        Placement("E", (0, -1), 180, FollowerSpec("city", "S", None)),
        Placement("V", (1, 0), 90, None),
        Discard("X"),
        Placement("B", (0, 1), 0, FollowerSpec("monastery", None, None)),
    )


def test_spec_example_round_trips_to_an_equal_dict() -> None:
    out = parse_record(SPEC).to_json()
    assert out == SPEC
    assert list(out) == list(SPEC)  # key order as in the spec
    assert [list(m) for m in out["moves"]] == [list(m) for m in SPEC["moves"]]


def test_spec_example_text_layout_is_reproduced() -> None:
    assert parse_record(SPEC).to_text() == SPEC_TEXT


def test_player_count_becomes_default_names() -> None:
    record = parse_record({**SPEC, "players": 3})
    assert record.players == ("P1", "P2", "P3")


def test_follower_object_form_and_comment() -> None:
    data = copy.deepcopy(SPEC)
    data["comment"] = "does this city score 8?"
    data["$comment"] = "hand-written"
    data["moves"][0]["follower"] = {"at": "field:NNE", "kind": "big"}
    record = parse_record(data)
    assert record.moves[0].follower == FollowerSpec("field", "NNE", "big")
    assert record.to_json()["moves"][0]["follower"] == {"at": "field:NNE", "kind": "big"}
    assert "comment" not in record.to_json()


def test_optional_keys_are_omitted_or_defaulted() -> None:
    record = parse_record({"format": "carcdsl-record/1", "rules": "base", "players": 2,
                           "moves": [{"at": [1, 0], "rotation": 0}], "seed": 1})
    assert record.variants == () and record.final is False and record.moves[0].tile is None
    assert record.to_json() == {"format": "carcdsl-record/1", "rules": "base", "variants": [],
                                "players": ["P1", "P2"], "seed": 1,
                                "moves": [{"at": [1, 0], "rotation": 0}], "final": False}


def test_schemas_are_valid_and_describe_the_spec() -> None:
    Draft202012Validator.check_schema(_schema("record.schema.json"))
    output = _schema("replay-output.schema.json")
    Draft202012Validator.check_schema(output)
    example = {"players": ["Ann", "Bob"], "scores": [9, 4], "finished": True,
               "events": [{"move": 3, "player": "Ann", "feature": "city", "when": "complete",
                           "points": 8, "detail": "3 tiles × 2 + 1 pennant × 2",
                           "players": ["Ann"]}]}
    assert list(Draft202012Validator(output).iter_errors(example)) == []
    example["events"][0]["when"] = "later"
    assert list(Draft202012Validator(output).iter_errors(example)) != []


# --- broken records: one clear message each ---------------------------------------------------

def _with(change):
    data = copy.deepcopy(SPEC)
    change(data)
    return data


BROKEN = [
    ("format", _with(lambda d: d.update(format="carcdsl-record/2")),
     "'format' must be \"carcdsl-record/1\"", None),
    ("rotation", _with(lambda d: d["moves"][3].update(rotation=45)),
     "move 3: 'rotation' must be one of 0, 90, 180, 270 (got 45)", 3),
    ("at 3 numbers", _with(lambda d: d["moves"][1].update(at=[1, 2, 3])),
     "move 1: 'at' must be [x, y]", 1),
    ("unknown move key", _with(lambda d: d["moves"][0].update(colour="red")),
     "move 0: unknown key 'colour'", 0),
    ("missing rotation", _with(lambda d: d["moves"][1].pop("rotation")),
     "move 1: a move is missing the key 'rotation'", 1),
    ("follower port", _with(lambda d: d["moves"][0].update(follower="city:Q")),
     "move 0: 'follower' must be 'feature' or 'feature:PORT'", 0),
    ("follower newline", _with(lambda d: d["moves"][0].update(follower="city:S\n")),
     "move 0: 'follower' must be 'feature' or 'feature:PORT'", 0),
    ("follower object", _with(lambda d: d["moves"][0].update(follower={"kind": "big"})),
     "move 0: 'follower' is missing the key 'at'", 0),
    ("players empty", _with(lambda d: d.update(players=[])), "'players' must not be empty", None),
    ("players repeated", _with(lambda d: d.update(players=["Ann", "Ann"])),
     "'players' must not repeat a name", None),
    ("players zero", _with(lambda d: d.update(players=0)), "'players' must be at least 1", None),
    ("players word", _with(lambda d: d.update(players="Ann")),
     "'players' must be a list of names or a number", None),
    ("players not names", _with(lambda d: d.update(players=[1, 2])),
     "'players[0]' must be a string (got 1)", None),
    ("first of two bad moves", _with(lambda d: (d["moves"][1].update(rotation=45),
                                                d["moves"][3].update(rotation=46))),
     "move 1: 'rotation' must be one of 0, 90, 180, 270 (got 45)", 1),
    ("discard extra key", _with(lambda d: d["moves"][2].update(at=[0, 0])),
     "move 2: unknown key 'at' in a discard", 2),
    ("move not an object", _with(lambda d: d["moves"].append(7)),
     "move 4: a move must be a JSON object (got 7)", 4),
    ("moves not a list", _with(lambda d: d.update(moves={"0": {}})),
     "'moves' must be a list", None),
    ("unknown top key", _with(lambda d: d.update(notes="x")), "unknown key 'notes'", None),
    ("missing rules", _with(lambda d: d.pop("rules")), "missing the key 'rules'", None),
    ("no tile, no seed", _with(lambda d: (d.pop("seed"), d["moves"][1].pop("tile"))),
     "move 1: names no tile, so the record needs a 'seed'", 1),
    ("not an object", ["format", "carcdsl-record/1"], "a record must be a JSON object", None),
    ("null", None, "a record must be a JSON object (got null)", None),
]


@pytest.mark.parametrize(("data", "fragment", "index"), [case[1:] for case in BROKEN],
                         ids=[case[0] for case in BROKEN])
def test_broken_record_gives_one_clear_message(data: object, fragment: str,
                                               index: int | None) -> None:
    with pytest.raises(RecordError) as info:
        parse_record(data, "game.json")
    message = str(info.value)
    assert message.startswith("game.json: ")
    assert fragment in message
    assert "\n" not in message
    assert info.value.move_index == index


def test_record_error_is_a_carc_error() -> None:
    assert issubclass(RecordError, CarcError)


@pytest.mark.parametrize("text", ["city:Q", "city:", ":S", "city:S:N", "ci ty", "", "city:n"])
def test_follower_parse_rejects_bad_text(text: str) -> None:
    with pytest.raises(RecordError, match="feature:PORT"):
        FollowerSpec.parse(text)


@pytest.mark.parametrize(("text", "feature", "port"), [
    ("city:S", "city", "S"), ("field:WNW", "field", "WNW"), ("monastery", "monastery", None),
    ("big-city:N", "big-city", "N"),
])
def test_follower_parse_reads_feature_and_port(text: str, feature: str, port: str | None) -> None:
    spec = FollowerSpec.parse(text)
    assert (spec.feature, spec.port, spec.kind) == (feature, port, None)
    assert spec.to_json() == text


# --- any JSON at all: a record or a RecordError -----------------------------------------------

JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20,
)
MOVE_KEYS = st.sampled_from(["tile", "at", "rotation", "follower", "discard", "kind"])
NEAR_MOVES = st.dictionaries(MOVE_KEYS, JSON_VALUES | st.sampled_from(
    [[0, 1], 90, "city:S", "monastery", {"at": "road:E"}]), max_size=5)
NEAR_RECORDS = st.fixed_dictionaries(
    {"format": st.just("carcdsl-record/1"), "rules": st.just("base"),
     "players": st.sampled_from([2, ["Ann"], [], 0]) | JSON_VALUES,
     "moves": st.lists(NEAR_MOVES | JSON_VALUES, max_size=4)},
    optional={"seed": st.integers() | JSON_VALUES, "final": st.booleans() | JSON_VALUES,
              "variants": st.lists(st.text(max_size=5)) | JSON_VALUES},
)


@settings(max_examples=300)
@given(JSON_VALUES | NEAR_RECORDS)
def test_any_json_parses_or_raises_record_error(data: object) -> None:
    try:
        record = parse_record(data, "fuzz.json")
    except RecordError as exc:
        assert str(exc).startswith("fuzz.json: ")
        return
    assert parse_record(record.to_json()) == record


# --- valid records round-trip -----------------------------------------------------------------

NAMES = st.text(min_size=1, max_size=6)
FOLLOWERS = st.builds(FollowerSpec, st.sampled_from(["city", "road", "field", "monastery"]),
                      st.sampled_from([None, "N", "E", "S", "W", "NNE", "WSW"]),
                      st.none() | NAMES)
SQUARE = st.integers(-SPAN, SPAN)  # beyond: off the board, refused when a Placement is made
PLACEMENTS = st.builds(Placement, NAMES, st.tuples(SQUARE, SQUARE),
                       st.sampled_from([0, 90, 180, 270]), st.none() | FOLLOWERS)
RECORDS = st.builds(Record, NAMES, st.lists(NAMES, max_size=3),
                    st.lists(NAMES, min_size=1, max_size=5, unique=True),
                    st.none() | st.integers(SEED_MIN, SEED_MAX),
                    st.lists(PLACEMENTS | st.builds(Discard, NAMES), max_size=6), st.booleans())


@given(RECORDS)
def test_records_round_trip_through_json_and_text(record: Record) -> None:
    assert parse_record(record.to_json()) == record
    assert parse_record(json.loads(record.to_text())) == record


@settings(max_examples=30)
@given(RECORDS)
def test_dump_then_load_round_trips(record: Record) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        dump_record(record, path)
        assert load_record(path) == attrs.evolve(record, base_dir=os.path.abspath(tmp))
        assert os.listdir(tmp) == ["game.json"]


def test_dumped_file_has_one_move_per_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    dump_record(parse_record(SPEC), path)
    assert path.read_text(encoding="utf-8") == SPEC_TEXT


def test_dump_replaces_an_existing_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    dump_record(parse_record(SPEC), path)
    assert load_record(path).to_json() == SPEC
    assert sorted(os.listdir(tmp_path)) == ["game.json"]


def test_dump_into_a_missing_directory_is_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "game.json"
    with pytest.raises(RecordError, match="cannot write"):
        dump_record(parse_record(SPEC), path)


# --- files that are not records ---------------------------------------------------------------

@pytest.mark.parametrize(("content", "fragment"), [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
    (b'{"rules": "caf\xe9"}', "not UTF-8"),
    (b'{\n  "format": "carcdsl-record/1",\n  "rules": base\n}',
     ": not valid JSON at line 3, column 12: a value expected"),
    (b"", ": not valid JSON at line 1, column 1: a value expected"),
    (b'{"format": NaN}', "NaN"),
    (b'{"rules": "a", "rules": "b"}', "duplicate key 'rules'"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (SPEC_TEXT.replace('"rotation": 90', '"rotation": 45').encode(),
     "move 1: 'rotation' must be one of"),
])
def test_bad_file_is_a_record_error_naming_the_path(tmp_path: Path, content: bytes,
                                                    fragment: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert str(info.value).startswith(str(path))
    assert fragment in str(info.value)


def test_missing_file_and_directory_are_record_errors(tmp_path: Path) -> None:
    for path in (tmp_path / "missing.json", tmp_path):
        with pytest.raises(RecordError, match="cannot read"):
            load_record(path)


def test_load_sets_base_dir_and_accepts_a_bom(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + SPEC_TEXT.encode())
    record = load_record(path)
    assert record.base_dir == os.path.abspath(tmp_path)
    assert record.to_json() == SPEC


def test_too_large_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import carcdsl.formats.record as records

    monkeypatch.setattr(records, "MAX_RECORD_BYTES", 100)
    path = tmp_path / "big.json"
    path.write_text(SPEC_TEXT, encoding="utf-8")
    with pytest.raises(RecordError, match="too large"):
        load_record(path)


# --- where a record is written: links are followed, special files never replaced -------------

def test_dump_writes_through_a_symbolic_link(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target.name)
    dump_record(parse_record(SPEC), link)
    assert link.is_symlink() and os.readlink(link) == target.name
    assert target.read_text(encoding="utf-8") == SPEC_TEXT
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to("new.json")
    dump_record(parse_record(SPEC), dangling)
    assert dangling.is_symlink()
    assert (tmp_path / "new.json").read_text(encoding="utf-8") == SPEC_TEXT
    assert sorted(os.listdir(tmp_path)) == ["dangling.json", "link.json", "new.json", "real.json"]


def test_dump_writes_into_a_fifo_without_replacing_it(tmp_path: Path) -> None:
    import stat
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    dump_record(parse_record(SPEC), fifo)
    reader.join(timeout=10)
    assert got == [SPEC_TEXT.encode()]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_device_is_an_error_and_stays_a_device() -> None:
    import stat

    with pytest.raises(RecordError, match="/dev/full: cannot write the record: no space left"):
        dump_record(parse_record(SPEC), "/dev/full")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_directories_sockets_and_block_devices_are_refused(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    with pytest.raises(RecordError, match="cannot write the record: is a directory"):
        dump_record(parse_record(SPEC), tmp_path)
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))
        with pytest.raises(RecordError, match="into a socket"):
            dump_record(parse_record(SPEC), path)
    import carcdsl.formats.record as records

    monkeypatch.setattr(records, "target_kind", lambda target: "block")
    with pytest.raises(RecordError, match="onto a block device"):
        dump_record(parse_record(SPEC), tmp_path / "disk")
    assert sorted(os.listdir(tmp_path)) == ["s"]


def test_play_checks_where_the_record_goes_before_playing(capsys, tmp_path: Path) -> None:
    from carcdsl.cli.main import main

    code = main(["play", "base", "--seed", "1", "--record", str(tmp_path / "no" / "r.json")])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    where = tmp_path / "no" / "r.json"
    assert err == f"carcdsl: {where}: cannot write the record: file not found\n"


def test_a_record_behind_a_link_names_rule_files_relative_to_the_real_file(tmp_path: Path,
                                                                           capsys) -> None:
    from carcdsl.cli.main import main

    # a record names files in its folder or below (issue 19): the rules lie under the real one
    (tmp_path / "real" / "maps").mkdir(parents=True)
    rules = tmp_path / "real" / "maps" / "corner.carc"
    rules.write_bytes((Path(__file__).parent / "data" / "maps" / "corner.carc").read_bytes())
    (tmp_path / "links" / "deeper").mkdir(parents=True)
    link = tmp_path / "links" / "deeper" / "game.json"
    link.symlink_to(tmp_path / "real" / "game.json")
    assert main(["play", str(rules), "--seed", "2", "-q", "--record", str(link)]) == 0
    written = json.loads((tmp_path / "real" / "game.json").read_text(encoding="utf-8"))
    assert (tmp_path / "real" / written["rules"]).resolve() == rules.resolve()
    assert load_record(link).base_dir == str((tmp_path / "real").resolve())
    assert main(["replay", str(link), "--json"]) == 0
    capsys.readouterr()
