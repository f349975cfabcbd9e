"""Paths through three or four sides (issue 27, item 11): one feature with as many ends, its
fields split at each end, complete when every end is closed, played alike by both engines
(``tests/fast/test_differential.py``, ``JUNCTIONS``)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import carcdsl
from carcdsl.errors import RecordError
from carcdsl.formats.record import load_record
from carcdsl.replay import replay

DATA = Path(__file__).parent / "data" / "constructs"
JUNCTIONS = str(DATA / "junctions.carc")
GOLDEN = load_record(DATA / "junction-road.json")
CLOSED = GOLDEN.moves


def _record(moves):
    return attrs.evolve(GOLDEN, moves=tuple(moves))


def test_a_junction_completes_when_all_its_ends_are_closed():
    """Hand-checked: the start tile D, the junction J3 east of it, two monasteries and S
    close the road's four ends (three of J3, the start's west one) on the fourth move: a
    road of 5 tiles, 5 points to Ann, whose follower stands on J3's road."""
    state = replay(GOLDEN)
    scored = [(e.move, e.player, e.feature, e.when, e.points) for e in state.events]
    assert scored == [(3, "Ann", "road", "complete", 5)]
    assert state.scores == [5, 0]
    open_end = replay(_record(CLOSED[:3]))
    assert not open_end.events  # the start's west end is open: no scoring yet


def test_a_follower_on_any_end_stands_on_the_one_junction():
    first = CLOSED[0]
    for port in ("N", "E", "W"):
        spot = attrs.evolve(first.follower, port=port)
        moves = [attrs.evolve(first, follower=spot), *CLOSED[1:]]
        assert replay(_record(moves)).scores == [5, 0], port
    with pytest.raises(RecordError, match="road"):
        replay(_record([attrs.evolve(first, follower=attrs.evolve(first.follower,
                                                                   port="S"))]))


def test_a_junction_splits_the_fields_at_each_end():
    game = carcdsl.load("base", [JUNCTIONS])
    tiles = {t.name: t for t in game.rules.tiles}
    fields = {name: sorted(s.ports for s in tiles[name].segments if s.kind == "field")
              for name in ("J3", "J4")}
    # as River II's fork has them (shared/data/river-ii-tiles.md, RII04)
    assert fields["J3"] == [("ESE", "SSE", "SSW", "WSW"), ("NNE", "ENE"), ("NNW", "WNW")]
    assert fields["J4"] == [("ESE", "SSE"), ("NNE", "ENE"), ("NNW", "WNW"), ("SSW", "WSW")]


def test_a_junction_that_also_ends_somewhere_is_refused(tmp_path):
    bad = tmp_path / "bad.carc"
    bad.write_text("variant bad for base\noverride game { tiles += 1 }\n"
                   "tile JX 1 city N; road E+S+W -> city\n", encoding="utf-8")
    said = r"road E\+S\+W runs through 3 sides and cannot also end"
    with pytest.raises(carcdsl.RuleError, match=said):
        carcdsl.load("base", [str(bad)])


def test_a_forked_river_whose_arms_would_meet_is_refused_at_that_move():
    """``require apart river`` (tests/data/constructs/river-arms-meet.json): both arms of the
    fork end facing (2, -1); the curve there would join them into one loop."""
    record = load_record(DATA / "river-arms-meet.json")
    with pytest.raises(RecordError, match=r"move 3 .*would join two ends of one river"):
        replay(record)
    elsewhere = attrs.evolve(record.moves[3], at=(0, -1), rotation=90)  # west of the north arm
    with pytest.raises(RecordError, match="move 3"):  # not beside an arm's end: joins refuses
        replay(attrs.evolve(record, moves=(*record.moves[:3], elsewhere)))
    state = replay(attrs.evolve(record, moves=record.moves[:3]))
    assert len(state.grid.tiles) == 4


def test_apart_needs_a_kind_with_sides(tmp_path):
    bad = tmp_path / "bad.carc"
    bad.write_text("variant bad for base\non place shows road: require apart monastery\n",
                   encoding="utf-8")
    with pytest.raises(carcdsl.RuleError, match="`apart` needs a kind that reaches"):
        carcdsl.load("base", [str(bad)])


def test_a_tile_that_shows_a_banning_kind_takes_no_figure():
    """``tile figures no`` (tests/data/constructs/tile-ban.json): the tile with a volcano
    lists no follower or figure move, refuses one by name, and its placer plays again."""
    record = load_record(DATA / "tile-ban.json")
    state = replay(record)
    assert state.log.move_seats == [0, 0, 1]
    banned = attrs.evolve(record.moves[0], follower=attrs.evolve(record.moves[1].follower,
                                                                  feature="city", port="N"))
    with pytest.raises(RecordError, match="move 0 .*shows a volcano: it takes no follower"):
        replay(attrs.evolve(record, moves=(banned,)))
    game = carcdsl.load("base", [str(DATA / "tile-ban.carc"), "farmers", "abbot"])
    tb, t = game.tables, game.tables.type_names.index("VV")
    assert all(tb.spots[4 * t + r] == () for r in range(4))
    assert all(spots[4 * t] == () for spots in tb.figure_spots)
    plain = carcdsl.load("base", ["farmers"]).tables
    assert plain.spots[4 * plain.type_names.index("D")]  # other tiles keep theirs


def test_explain_says_which_kinds_ban_figures_from_their_tile(capsys):
    from carcdsl.cli.main import main

    assert main(["explain", "base", "--variant", str(DATA / "tile-ban.carc")]) == 0
    said = capsys.readouterr().out
    assert "a tile that shows a volcano takes no follower or figure" in said
    assert main(["explain", "base"]) == 0
    assert "takes no follower or figure" not in capsys.readouterr().out
