"""Several segments without ports of one kind on a tile (two enclosed fields, as Abbey & Mayor's
AM02 has; two monasteries): records name the first by the bare kind (``field``) and the k-th
by ``KIND#k`` (``field#2``), in the order the tile line writes them (docs/records.md)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import carcdsl
from carcdsl.engine import figures
from carcdsl.engine.moves import FollowerSpec
from carcdsl.errors import IllegalMoveError, RecordError
from carcdsl.formats.record import load_record, parse_record, record_of
from carcdsl.replay import replay

VARIANT = """\
variant portless for base

override feature field {
    followers yes
}

override game {
    tiles += 16
}

tile PA  8  city N+S pennant; city E+W; field touches N+S+E+W; field touches N+S+E+W
tile PB  8  monastery; monastery
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "portless.carc").write_text(VARIANT, encoding="utf-8")
    return tmp_path


def _game(folder: Path):
    return carcdsl.load("base", [str(folder / "portless.carc")])


def _record(folder: Path, moves: list[dict]) -> Path:
    path = folder / "game.json"
    path.write_text(json.dumps({"format": "carcdsl-record/1", "rules": "base",
                                "variants": ["portless.carc"], "players": ["Ann", "Bob"],
                                "moves": moves}), encoding="utf-8")
    return path


# Ann and Bob each on one enclosed field of a PA, then each on one monastery of a PB
MOVES = [
    {"tile": "PA", "at": [0, -1], "rotation": 0, "follower": "field#2"},
    {"tile": "PA", "at": [0, -2], "rotation": 0, "follower": "field"},
    {"tile": "PB", "at": [0, 1], "rotation": 0, "follower": "monastery#2"},
    {"tile": "PB", "at": [1, 1], "rotation": 90, "follower": "monastery"},
]


def _spots(tb, name: str) -> list[str]:
    o = 4 * tb.type_names.index(name)
    return [figures.local_spot_name(tb, o, i) for i in range(len(tb.segments[o]))]


def test_the_tiles_check_and_name_each_segment_without_ports(folder):
    tb = _game(folder).tables
    assert _spots(tb, "PA") == ["city:N", "city:E", "field", "field#2"]
    assert _spots(tb, "PB")[:2] == ["monastery", "monastery#2"]
    for name in ("PA", "PB"):  # every segment is a spot a follower may take
        o = 4 * tb.type_names.index(name)
        assert len(tb.spots[o]) == len(tb.segments[o])


def test_a_follower_on_each_segment_replays(folder):
    state = replay(load_record(_record(folder, MOVES)))
    tb, features = state.game.tables, state.features
    # each follower stands on the segment its record names: the local index on its tile
    where = []
    for piece in sorted(features.pieces, key=lambda piece: features.node_key[piece[1]]):
        o, base = state.grid.tiles[features.node_key[piece[1]]]
        where.append((state.players[piece[0]], figures.local_spot_name(tb, o, piece[1] - base)))
    assert sorted(where) == sorted([("Ann", "field#2"), ("Bob", "field"),
                                    ("Ann", "monastery#2"), ("Bob", "monastery")])
    # the record written from the game names them as the hand-written one did
    assert [m.get("follower") for m in record_of(state).to_json()["moves"]] == \
        [m["follower"] for m in MOVES]


def test_the_two_fields_of_one_tile_are_two_features(folder):
    """A follower on ``field#2`` leaves ``field`` of the same tile free: it is another
    feature."""
    state = replay(load_record(_record(folder, MOVES[:1])))
    tb, features = state.game.tables, state.features
    o, base = state.grid.tiles[features.pieces[0][2]]
    first, second = (base + i for i, seg in enumerate(tb.segments[o]) if seg.port is None)
    assert features.pieces[0][1] == second
    assert features.root[first] != features.root[second]


def test_a_third_field_on_a_tile_with_two_is_refused_in_one_message(folder):
    moves = [dict(MOVES[0], follower="field#3")]
    with pytest.raises(RecordError) as caught:
        replay(load_record(_record(folder, moves)))
    assert str(caught.value) == (
        'move 0 {"tile": "PA", "at": [0, -1], "rotation": 0, "follower": "field#3"}: the tile '
        "has no field#3: it has 2 field segments without ports [rule: follower-spot]")


@pytest.mark.parametrize("spot", ["field#1", "field#0", "field#", "field#2:N", "city:N#2"])
def test_a_spot_index_that_is_not_k_from_2_is_refused_when_read(spot):
    with pytest.raises(RecordError, match="feature#K"):
        FollowerSpec.parse(spot)
    with pytest.raises(RecordError):
        parse_record({"format": "carcdsl-record/1", "rules": "base", "players": 2,
                      "moves": [{"tile": "A", "at": [0, -1], "rotation": 0,
                                 "follower": spot}]})


def test_spot_text_round_trips():
    for text in ("field", "field#2", "monastery#12", "city:N", "field:NNE"):
        spec = FollowerSpec.parse(text)
        assert spec.to_text() == text
        assert FollowerSpec.from_json(spec.to_json()) == spec
    assert FollowerSpec.parse("field#2", "farmer").to_json() == {"at": "field#2",
                                                                 "kind": "farmer"}
    with pytest.raises(IllegalMoveError):
        FollowerSpec("field", "N", index=2)


def _random_game(game, seed: int):
    """A game of moves drawn from ``iter_moves``, played as the Placements records hold;
    a move onto a second segment without ports is taken whenever one is legal."""
    state = game.new_game(2, seed=seed)
    rng = random.Random(seed)
    while not state.finished:
        moves = [state.to_placement(*m) for m in state.iter_moves()]
        if not moves:
            break
        second = [m for m in moves if m.follower is not None and m.follower.index > 1]
        state.play(rng.choice(second or moves))
    return state


@pytest.mark.parametrize("seed", range(3))
def test_random_games_round_trip_through_their_records(folder, seed):
    game = _game(folder)
    state = _random_game(game, seed)
    text = record_of(state).to_text()
    assert "field#2" in text or "monastery#2" in text
    again = replay(parse_record(json.loads(text)), game)
    assert again.scores == state.scores and again.finished == state.finished
    assert sorted(again.features.pieces) == sorted(state.features.pieces)
