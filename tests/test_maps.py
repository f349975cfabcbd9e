"""Playing on a printed map (seed 003): the worked examples, the map rules, full games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import carcdsl
from carcdsl.bots.builtin import random_bot
from carcdsl.check.checker import check
from carcdsl.engine.moves import Discard, Placement
from carcdsl.errors import IllegalMoveError
from carcdsl.formats.record import load_record, parse_record, record_of
from carcdsl.geometry.squares import to_key
from carcdsl.i18n.breakdown import detail
from carcdsl.pipeline import compose
from carcdsl.replay import replay
from carcdsl.view.text import render_board

import reference

RECORDS = Path(__file__).parent / "data" / "maps"  # next to their rule files

GOLDEN = {
    # seed 003 examples: Berlin 6 tiles + 4 coats = 20; Denmark 4 + 2 coats = 8; a city of 3
    # tiles + 2 coats = 10; a monastery at the edge 1 + 3 = 4; an open road at the end 3 + 1 = 4
    "berlin": ([0, 20], [("Bob", "city", "complete", 20, "6 tiles × 2 + 4 pennants × 2")]),
    "denmark": ([8, 0], [("Ann", "road", "complete", 8, "4 tiles + 2 pennants × 2")]),
    "border-city": ([10, 0], [("Ann", "city", "complete", 10, "3 tiles × 2 + 2 pennants × 2")]),
    "corner": ([4, 0], [("Ann", "monastery", "complete", 4, "1 + 3 neighbours")]),
    "open-road": ([0, 4], [("Bob", "road", "final", 4, "3 tiles + 1 pennant")]),
    # ... whose neighbours a printed big-city square counts among, filled from the start
    "printed-neighbour": ([0, 4], [("Bob", "monastery", "complete", 4, "1 + 3 neighbours")]),
    # the small-city variants
    "small-city-extra-turn": ([3, 0], [("Ann", "road", "complete", 3, "3 tiles")]),
    "small-city-penalty": ([-2, 1], [("Ann", "small-city", "complete", -2, "covers a small-city"),
                                     ("Bob", "small-city", "complete", -2, "covers a small-city"),
                                     ("Bob", "road", "complete", 3, "3 tiles")]),
    "small-city-roads": ([5, 0], [("Ann", "road", "complete", 5, "3 tiles + 1 small-city × 2")]),
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_worked_examples(name):
    state = replay(load_record(RECORDS / f"{name}.json"))
    scores, events = GOLDEN[name]
    assert state.scores == scores
    assert [(e.player, e.feature, e.when, e.points, detail(e.points, e.terms))
            for e in state.events] == events


def test_without_the_small_city_variant_the_second_move_is_bobs():
    data = load_record(RECORDS / "small-city-extra-turn.json")
    plain = replay(parse_record({**data.to_json(), "variants": []}).__class__(
        data.rules, (), data.players, data.seed, data.moves, data.final, data.base_dir))
    assert plain.scores == [0, 3]


def test_an_extra_turn_never_gives_another():
    """Ann covers small city A and plays again; covering B in that extra turn gives none."""
    state = replay(load_record(RECORDS / "small-city-extra-turn.json"))
    assert state.move_seats == [0, 0] and state.player == "Bob"


def test_a_printed_border_segment_must_be_matched():
    game = carcdsl.load("tests/data/maps/denmark.carc")
    state = game.new_game(["Ann", "Bob"], seed=1, auto_discard=False)
    state.play(Placement("V", (1, 0), 90))
    before = state.clone()
    for rotation in (0, 270):  # a field, not a road, under the printed Danish road
        with pytest.raises(IllegalMoveError) as info:
            state.play(Placement("V", (1, -1), rotation))
        assert "does not match its neighbour on side N" in str(info.value)
        assert state.scores == before.scores and state.board == before.board
    state.play(Placement("U", (1, -1), 0))  # the road runs on into Denmark
    assert to_key(1, -1) in state.board


def test_maps_germany_checks_clean():
    rules, found, _ = compose("maps-germany")
    assert [d for d in found + check(rules) if d.is_error] == []
    squares = rules.board.squares
    assert {sq.name for sq in squares if sq.role == "printed"} == {
        "Hamburg", "Berlin", "Hannover", "Ruhrgebiet", "Frankfurt", "München"}
    assert {sq.name for sq in squares if sq.role == "start"} == {"Rostock", "Erfurt", "Stuttgart"}
    assert len({sq.name for sq in squares if sq.marker == "small-city"}) >= 12
    assert rules.game.followers == 9


def test_tiles_go_only_on_printed_squares_next_to_tiles():
    game = carcdsl.load("maps-germany")
    state = game.new_game(["Ann", "Bob"], seed=1)
    board = game.tables.board
    assert all(board.allows(key) for key in state.grid.open)
    # the second start area got a random tile before the first turn
    assert len(state.board) == len(board.printed) + 2
    with pytest.raises(IllegalMoveError) as info:
        state.play(Placement(state.drawn, (-1, 0), 0))  # west of Rostock: the sea
    assert info.value.rule == "board"


def test_a_big_city_opens_its_sides_only_once_reached():
    game = carcdsl.load("tests/data/maps/berlin.carc")
    state = game.new_game(["Ann", "Bob"], seed=1, auto_discard=False)
    berlin_neighbours = {to_key(1, -3), to_key(1, -2)}  # west of Berlin, not near a tile
    assert not berlin_neighbours & set(state.grid.open)
    state.play(Placement("E", (0, -1), 180))
    state.play(Placement("E", (1, -1), 90))  # reaches Berlin
    assert to_key(1, -2) in state.grid.open and to_key(2, -3) in state.grid.open


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_full_games_on_the_map(seats):
    game = carcdsl.load("maps-germany")
    state = game.new_game(seats, seed=seats)
    bot = random_bot(random.Random(seats))
    while not state.finished:
        state.apply_fast(*bot(state))
        reference.assert_matches(state)
    board = game.tables.board
    real = [k for k in state.board if board.allows(k)]
    discarded = sum(isinstance(m, Discard) for m in state.moves)
    assert len(real) + discarded == 72
    again = replay(parse_record(record_of(state).to_json()))
    assert again.scores == state.scores and again.events == state.events
    picture = render_board(state, show_open=False)
    assert "~" in picture  # off the map is drawn


def test_three_start_areas_and_two_sets():
    game = carcdsl.load("maps-germany", ["tests/data/maps/more.carc"])
    state = game.new_game(2, seed=4)
    assert len(state.board) == len(game.tables.board.printed) + 3
    assert len(state.supply.pile) == 2 * 72 - 3


def _composed(tmp_path: Path, text: str, variants: tuple[str, ...] = ()):
    path = tmp_path / "m.carc"
    path.write_text(text, encoding="utf-8")
    rules, found, _ = compose(path, variants)
    return rules, found + (check(rules) if rules is not None else [])


ONE_START = ('rules m\nextends base\nboard {\n    map "~~~~~"\n        "~R..~"\n        "~~~~~"\n'
             '    legend { "~" off  "." square  "R" start Rostock }\n}\n')


def test_a_map_with_one_start_square_uses_one_start_area(tmp_path):
    rules, found = _composed(tmp_path, ONE_START)
    assert [d for d in found if d.is_error] == []
    assert rules.board.start_areas == 1


def test_start_areas_default_to_two_where_there_are_more():
    rules, _, _ = compose("maps-germany")
    assert rules.board.start_areas == 2


@pytest.mark.parametrize("variant", ["border-closes", "border-closes:reading=absent"])
def test_a_table_variant_cannot_change_a_maps_edge(variant):
    """border-closes is for a bounded table; on maps-germany it would turn the map's monastery
    rule (only existing squares count) into the table's (off-table squares are filled)."""
    _rules, found, _ = compose("maps-germany", (variant,))
    (said,) = [d for d in found if d.is_error]
    assert said.key == "E132/map-edge" and said.loc.file.endswith("border-closes.carc")
    assert "maps-germany.carc" in said.message


def test_a_rule_set_drawing_its_own_map_may_keep_the_edge_rules_it_extends():
    _rules, found, _ = compose(Path(__file__).parent / "data" / "maps" / "corner.carc")
    assert [d for d in found if d.is_error] == []
