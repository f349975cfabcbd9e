"""Figures that never share a feature with some others (issue 27, item 10): ``excludes F,
...`` (tests/data/constructs/excludes.carc; both engines play it alike:
tests/fast/test_differential.py, ``EXCLUDES``)."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

import carcdsl
from carcdsl.engine.figures import split_spot
from carcdsl.engine.moves import Placement
from carcdsl.errors import RecordError
from carcdsl.formats.record import load_record
from carcdsl.replay import replay

DATA = Path(__file__).parent / "data" / "constructs"
RECORD = load_record(DATA / "excludes-shepherds.json")


def test_a_shepherd_never_joins_a_field_that_holds_a_shepherd():
    with pytest.raises(RecordError, match=r"move 1 .*shepherd: may not join a field that "
                                          r"holds a shepherd already"):
        replay(RECORD)
    plain = Placement.from_json({"tile": "B", "at": [1, 1], "rotation": 0})
    state = replay(attrs.evolve(RECORD, moves=(RECORD.moves[0], plain)))
    assert len(state.moves) == 2


def test_the_moves_listed_keep_apart_what_excludes_keeps_apart():
    """In 40 random games of 3 players, no shepherd or hermit listed or played joins a
    feature that holds a figure it excludes (a shepherd: a shepherd; a hermit: a follower
    or a hermit)."""
    game = carcdsl.load("base", [str(DATA / "excludes.carc"), "farmers"])
    names = [f.name for f in game.tables.modes.figures]
    shepherd, hermit = names.index("shepherd") + 1, names.index("hermit") + 1
    excluded = {shepherd: {shepherd}, hermit: {0, hermit}}
    placed = 0
    for seed in range(40):
        state = game.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not state.finished:
            move = state.sample_move(rng)
            if move is None:
                break
            t, key, r, spot = move
            state.apply_fast(*move)
            local, figure = split_spot(spot) if spot >= 0 else (-1, 0)
            if figure not in excluded:
                continue
            placed += 1
            features = state.features
            root = features.root[state.grid.tiles[key][1] + local]
            if root is None or root < 0:
                continue
            others = [piece[3] for piece in features.pieces
                      if features.root[piece[1]] == root and piece[2] != key]
            assert not set(others) & excluded[figure], (seed, names[figure - 1], others)
    assert placed > 50
