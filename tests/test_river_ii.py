"""River II (rules/variants/river-ii.carc) played, alone and with River I: the fork first,
the volcano lake last (no figure on it, its placer plays again), the two arms never meeting,
the pig herd's tie-in with Traders & Builders, and the same game whatever the order of the
variants."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import carcdsl
from carcdsl.engine.moves import Discard, FollowerSpec
from carcdsl.errors import RecordError
from carcdsl.formats.record import load_record
from carcdsl.pipeline import check_files
from carcdsl.replay import replay
from carcdsl.sim.local import play_game

SEEDS = range(1, 16)


def _played(variants: list[str], seed: int, players: int = 2):
    game = carcdsl.load("base", variants=variants)
    return play_game(game, [f"P{i}" for i in range(players)], ["random"] * players, seed)


def _placed(state) -> list:
    return [m for m in state.moves if not isinstance(m, Discard)]


@pytest.mark.parametrize("seed", SEEDS)
def test_alone_the_fork_comes_first_and_the_volcano_lake_last(seed):
    state = _played(["river-ii", "farmers"], seed)
    drawn = [m.tile for m in state.moves]  # placed or discarded (fits nowhere), as drawn
    assert drawn[0] == "RII04" and all(n.startswith("RII") for n in drawn[:11])
    assert drawn[10] == "RII03" and not any(n.startswith("RII") for n in drawn[11:])
    lake = state.moves[10]
    if not isinstance(lake, Discard):
        assert lake.follower is None
        seats = state.log.move_seats
        assert seats[10] == seats[11]  # the volcano's placer plays again
    origin = state.grid.tiles[0][0] // 4
    assert state.game.tables.type_names[origin] == "RII01"


@pytest.mark.parametrize("seed", SEEDS)
def test_with_river_one_spring_the_fork_first_the_volcano_lake_last(seed):
    one = _played(["river", "river-ii"], seed)
    other = _played(["river-ii", "river"], seed)
    assert [m.to_json() for m in one.moves] == [m.to_json() for m in other.moves]
    assert one.scores == other.scores
    names = [m.tile for m in one.moves]  # placed or discarded, in the order drawn
    rivers = [n for n in names if re.fullmatch(r"R\d\d|RII\d\d", n)]
    assert names[0] == "RII04" and not {"RII01", "R01", "R02"} & set(names)
    assert rivers == names[:len(rivers)]  # every river tile before the land tiles
    assert rivers[-1] == "RII03" and len(rivers) == 10 + 11  # I but spring and lake; II
    assert one.grid.tiles[0][0] // 4 == one.game.tables.type_names.index("R01")


def test_the_herd_counts_only_with_traders_builders():
    herd = carcdsl.load("base", ["river-ii", "farmers"]).rules.kind("field")
    assert not herd.final_extra
    with_pig = carcdsl.load("base", ["traders-builders", "river-ii", "farmers"]).rules
    terms = [str(t) for t in with_pig.kind("field").final_extra]
    assert any("herd" in t for t in terms) and any("pig" in t for t in terms)


@pytest.mark.parametrize("other", ["river", "abbot", "inns-cathedrals", "traders-builders",
                                   "farmers"])
def test_with_each_expansion_it_checks_clean_and_plays_one_game_in_either_order(other):
    with_farmers = [] if other == "farmers" else [["river-ii", other, "farmers"]]
    for variants in (["river-ii", other], [other, "river-ii"], *with_farmers):
        rules, diagnostics = check_files("base", variants)[:2]
        assert rules is not None and not diagnostics, [d.message for d in diagnostics]
    for seed in (4, 5):
        a, b = _played(["river-ii", other], seed, 3), _played([other, "river-ii"], seed, 3)
        assert a.finished and [m.to_json() for m in a.moves] == [m.to_json() for m in b.moves]
        assert a.scores == b.scores


RECORD = Path(__file__).parent / "data" / "records" / "variants" / "river-ii-volcano.json"


def test_golden_the_fork_first_and_the_volcano_lake_last():
    """tests/data/records/variants/river-ii-volcano.json (hand-checked): RII04 at move 0,
    RII03 at move 10 by Ann with no follower, Ann again at move 11; nothing completed, 0-0.
    The fork cannot be passed over, and no follower may stand on the volcano lake."""
    record = load_record(RECORD)
    state = replay(record)
    assert state.log.move_seats == [0, 1] * 5 + [0, 0] and state.scores == [0, 0]
    assert record.moves[10].tile == "RII03" and record.moves[10].follower is None
    swapped = attrs.evolve(record, moves=(record.moves[1], record.moves[0]))
    with pytest.raises(RecordError, match="move 0 .*cannot be drawn yet"):
        replay(swapped)
    farmer = attrs.evolve(record.moves[10], follower=FollowerSpec("field", "NNW", None))
    with pytest.raises(RecordError, match="move 10 .*shows a volcano"):
        replay(attrs.evolve(record, moves=(*record.moves[:10], farmer)))
