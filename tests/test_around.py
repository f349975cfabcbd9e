"""Placement tests over the 8 squares around a tile (issue 27, item 4): ``require at most N
KIND around`` and ``require at least N KIND around`` (tests/data/constructs/shrines.carc; both
engines play it alike: tests/fast/test_differential.py, ``SHRINES``)."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

import carcdsl
from carcdsl.engine.moves import Placement
from carcdsl.errors import RecordError
from carcdsl.formats.record import load_record
from carcdsl.replay import replay

DATA = Path(__file__).parent / "data" / "constructs"
TWO = load_record(DATA / "shrines-two-monasteries.json")
ALONE = load_record(DATA / "shrines-vineyard-alone.json")


def test_at_most_refuses_a_shrine_between_two_monasteries():
    with pytest.raises(RecordError, match=r"move 3 .*tile SH at \[1, 2\] would have 2 tiles "
                                          r"showing a monastery around it: at most 1 may"):
        replay(TWO)
    allowed = replay(attrs.evolve(TWO, moves=TWO.moves[:3]))  # one monastery around each
    assert len(allowed.moves) == 3


def test_at_least_refuses_a_vineyard_with_no_monastery_beside_it():
    with pytest.raises(RecordError, match=r"move 0 .*tile VY at \[1, 0\] would have 0 tiles "
                                          r"showing a monastery around it: it needs at least 1"):
        replay(ALONE)
    monastery = Placement.from_json({"tile": "B", "at": [0, 1], "rotation": 0})
    state = replay(attrs.evolve(ALONE, moves=(monastery, *ALONE.moves)))  # diagonal counts
    assert len(state.moves) == 2


def test_the_moves_listed_keep_the_requirement():
    """No legal move the engine lists or samples breaks it, when it is placed: in 30 random
    games every shrine has at most one monastery around it, every vineyard at least one."""
    game = carcdsl.load("base", [str(DATA / "shrines.carc")])
    tb = game.tables
    shrine, vineyard, monastery = (tb.kind_index[k] for k in ("shrine", "vineyard",
                                                              "monastery"))
    checked = 0
    for seed in range(30):
        state = game.new_game(2, seed=seed)
        rng = random.Random(seed)
        while not state.finished:
            move = state.sample_move(rng)
            if move is None:
                break
            t, key, r, _ = move
            kinds = {s.kind for s in tb.segments[4 * t + r]}
            around = state.grid.showing_around(tb, key, monastery)
            if shrine in kinds:
                assert around <= 1
                checked += 1
            if vineyard in kinds:
                assert around >= 1
                checked += 1
            state.apply_fast(*move)
    assert checked > 100
