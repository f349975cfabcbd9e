"""The engine: the seeds' worked examples as records, illegal moves, and random games."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import carcdsl
from carcdsl.bots.builtin import random_bot
from carcdsl.engine.moves import Discard, FollowerSpec, Placement
from carcdsl.errors import IllegalMoveError, RecordError
from carcdsl.formats.record import load_record, parse_record, record_of, replay_output
from carcdsl.geometry.squares import to_key, to_xy
from carcdsl.i18n.breakdown import detail, render
from carcdsl.replay import replay

import reference

RECORDS = Path(__file__).parent / "data" / "records"

# record -> (scores, [(player, feature, when, points, detail)]), checked by hand against the seeds
GOLDEN = {
    "road-3-tiles": ([3, 0], [("Ann", "road", "complete", 3, "3 tiles")]),
    "city-pennant": ([8, 0], [("Ann", "city", "complete", 8, "3 tiles × 2 + 1 pennant × 2")]),
    "monastery-9": ([9, 0], [("Ann", "monastery", "complete", 9, "1 + 8 neighbours")]),
    "two-highwaymen": ([5, 5], [("Ann", "road", "complete", 5, "5 tiles"),
                                ("Bob", "road", "complete", 5, "5 tiles")]),
    "city-majority": ([0, 12], [("Bob", "city", "complete", 12, "6 tiles × 2")]),
    "final-road": ([3, 0], [("Ann", "road", "final", 3, "3 tiles")]),
    "final-monastery": ([4, 0], [("Ann", "monastery", "final", 4, "1 + 3 neighbours")]),
    "final-city": ([3, 0], [("Ann", "city", "final", 3, "2 tiles + 1 pennant")]),
    "final-majority": ([0, 7], [("Bob", "city", "final", 7, "6 tiles + 1 pennant")]),
    "use-and-get-back": ([0, 3], [("Bob", "road", "complete", 3, "3 tiles")]),
    "two-cities": ([4, 0], [("Ann", "city", "complete", 4, "2 tiles × 2")]),
    "farmers-field": ([3, 0], [("Ann", "field", "final", 3, "1 completed city × 3")]),
    "road-loop": ([4, 0], [("Ann", "road", "complete", 4, "4 tiles")]),
    "own-two-highwaymen": ([5, 0], [("Ann", "road", "final", 5, "5 tiles")]),
    # the same examples with exactly the page's figures
    "two-highwaymen-4": ([4, 4], [("Ann", "road", "complete", 4, "4 tiles"),
                                  ("Bob", "road", "complete", 4, "4 tiles")]),
    "city-majority-10": ([0, 10], [("Bob", "city", "complete", 10,
                                    "4 tiles × 2 + 1 pennant × 2")]),
    "final-scoring-8-4-3-3": ([8, 0, 4, 3, 3], [
        ("Green", "city", "final", 8, "5 tiles + 3 pennants"),
        ("Yellow", "monastery", "final", 4, "1 + 3 neighbours"),
        ("Blue", "city", "final", 3, "2 tiles + 1 pennant"),
        ("Red", "road", "final", 3, "3 tiles")]),
}


@pytest.fixture(scope="module")
def base():
    return carcdsl.load("base")


@pytest.fixture(scope="module")
def farmers():
    return carcdsl.load("base", variants=["farmers"])


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_worked_examples(name):
    state = replay(load_record(RECORDS / f"{name}.json"))
    scores, events = GOLDEN[name]
    assert state.scores == scores
    assert [(e.player, e.feature, e.when, e.points, detail(e.points, e.terms))
            for e in state.events] == events


def test_every_record_has_a_golden_entry():
    assert {p.stem for p in RECORDS.glob("*.json")} == set(GOLDEN)


def test_scored_followers_come_back():
    state = replay(load_record(RECORDS / "use-and-get-back.json"))
    assert state.supply_followers == [7, 7]
    assert state.features.pieces == []
    # the knight on the other city of the two-city tile stays
    record = load_record(RECORDS / "two-cities.json")
    moved = parse_record({**record.to_json(),
                          "moves": [{"tile": "I", "at": [0, -1], "rotation": 180,
                                     "follower": "city:W"}]})
    state = replay(moved)
    assert state.scores == [0, 0] and state.supply_followers == [6, 7]


def snapshot(state):
    """Every component's data, deep-copied (a generator as its state)."""
    def plain(value):
        return value.getstate() if isinstance(value, random.Random) else copy.deepcopy(value)
    return {(part, name): plain(getattr(getattr(state, part), name))
            for part in ("grid", "features", "supply", "seats", "tokens", "log")
            for name in type(getattr(state, part)).__slots__}


ILLEGAL = [
    # (move, rule)
    (Placement("L", (5, 5), 0), "adjacent"),
    (Placement("L", (0, 0), 0), "square-taken"),
    (Placement("L", (1, 0), 270), "sides-match"),
    (Placement("E", (0, 1), 0), "sides-match"),  # corner rules: city against a field side
    (Placement("L", (1, 0), 0, FollowerSpec("field", "ESE")), "follower-kind"),
    (Placement("L", (1, 0), 0, FollowerSpec("city", "S")), "follower-spot"),
    (Placement("L", (1, 0), 0, FollowerSpec("monastery")), "follower-spot"),
    (Placement("Z", (1, 0), 0), "unknown-tile"),
    (Discard("L"), "discard-only-unplaceable"),
]


@pytest.mark.parametrize("move,rule", ILLEGAL)
def test_illegal_moves_leave_the_state_unchanged(base, move, rule):
    # the caller draws (as a record does): a move may name any tile left in the supply
    state = base.new_game(["Ann", "Bob"], seed=1, auto_discard=False)
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as info:
        state.play(move)
    assert info.value.rule == rule
    assert snapshot(state) == before


def test_occupied_feature_rejected(base):
    state = base.new_game(["Ann", "Bob"], seed=1, auto_discard=False)
    state.play(Placement("L", (1, 0), 0, FollowerSpec("road", "W")))
    before = snapshot(state)
    # Bob's U continues Ann's road west of the start tile: the road has a highwayman
    with pytest.raises(IllegalMoveError) as info:
        state.play(Placement("U", (-1, 0), 90, FollowerSpec("road", "E")))
    assert info.value.rule == "feature-occupied"
    assert snapshot(state) == before


def test_follower_may_not_join_an_occupied_field_through_another_segment():
    """Bob's farmer stands on B's field at (0, 1), one with the start tile's south field
    (move 1). Ann's U at (1, 0) carries the road on east: its south field joins Bob's field
    through the start tile, and its north field joins A's field at (2, 0), which wraps round
    the monastery to the U's south field too. Both fields of the U are Bob's field."""
    moves = [{"tile": "E", "at": [0, -1], "rotation": 180},
             {"tile": "B", "at": [0, 1], "rotation": 0, "follower": "field:NNW"},
             {"tile": "B", "at": [1, -1], "rotation": 0},
             {"tile": "B", "at": [2, -1], "rotation": 0},
             {"tile": "A", "at": [2, 0], "rotation": 90},
             {"tile": "B", "at": [3, -1], "rotation": 0},
             {"tile": "U", "at": [1, 0], "rotation": 90, "follower": "field:NNW"}]
    record = {"format": "carcdsl-record/1", "rules": "base", "variants": ["farmers"],
              "players": ["Ann", "Bob"], "moves": moves, "final": True}
    with pytest.raises(RecordError, match="move 6.*already has a follower"):
        replay(parse_record(record))
    record["moves"][-1] = {"tile": "U", "at": [1, 0], "rotation": 90}
    assert replay(parse_record(record)).finished


def test_follower_supply_runs_out(base):
    game = carcdsl.load("pnp-demo")  # 5 followers
    state = game.new_game(["Ann", "Bob"], seed=3)
    bot = random_bot(random.Random(3))
    while not state.finished:
        state.apply_fast(*bot(state))
        assert all(0 <= n <= 5 for n in state.supply_followers)
    assert len(state.board) + sum(isinstance(m, Discard) for m in state.moves) == 48


def test_bad_record_names_move_index(tmp_path):
    bad = {"format": "carcdsl-record/1", "rules": "base", "players": ["Ann", "Bob"],
           "moves": [{"tile": "L", "at": [1, 0], "rotation": 0},
                     {"tile": "L", "at": [3, 3], "rotation": 0}]}
    with pytest.raises(RecordError) as info:
        replay(parse_record(bad))
    assert info.value.move_index == 1 and "move 1" in str(info.value)
    too_many = {**bad, "moves": [{"tile": "C", "at": [0, -1], "rotation": 0},
                                 {"tile": "C", "at": [1, -1], "rotation": 0}]}
    with pytest.raises(RecordError, match="move 1.*no tile C left"):
        replay(parse_record(too_many))


def assert_followers_conserved(state):
    """Every follower is in its player's supply or on the board, on the feature it was put on."""
    each = state.game.rules.game.followers_for(len(state.players))
    on_board = [0] * len(state.players)
    for seat, node, key, _ in state.features.pieces:
        on_board[seat] += 1
        assert state.features.node_key[node] == key
        assert (state.features.followers[state.features.root[node]] or ())[seat] > 0
    assert [a + b for a, b in zip(state.supply_followers, on_board)] == [each] * len(on_board)
    counted = [0] * len(state.players)
    for root in {state.features.root[node] for _, node, *_ in state.features.pieces}:
        counted = [a + b for a, b in zip(counted, state.features.followers[root])]
    assert counted == on_board


def _play_random(game, players, seed, check=None, spots=False):
    state = game.new_game(players, seed)
    bot = random_bot(random.Random(seed))
    last = list(state.scores)
    while not state.finished:
        moves = list(state.iter_moves())
        assert len(moves) == len(set(moves)), "legal moves are unique"
        if spots:
            reference.assert_follower_spots(state)
        state.apply_fast(*bot(state))
        assert all(a >= b for a, b in zip(state.scores, last)), "scores never go down"
        last = list(state.scores)
        assert_followers_conserved(state)
        if check:
            check(state)
    return state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(2, 5), with_farmers=st.booleans())
def test_random_games(base, farmers, seed, seats, with_farmers):
    game = farmers if with_farmers else base
    state = _play_random(game, seats, seed, reference.assert_matches, spots=True)
    assert state.finished and not state.supply.pile
    placed = len(state.board)
    discarded = sum(isinstance(m, Discard) for m in state.moves)
    assert placed + discarded == 72
    assert placed - 1 == sum(isinstance(m, Placement) for m in state.moves)
    assert state.end_reason.why == "supply-empty" and state.end_reason.left == ()
    assert_moves_and_events_line_up(state)
    # the record replays to the same scores and events, each move by the same seat
    record = parse_record(record_of(state).to_json())
    again = replay(record)
    assert replay_output(again) == replay_output(state)
    assert again.move_seats == state.move_seats
    assert "tokens" not in replay_output(state)  # no tokens in the rule set: the spec's shape


def assert_moves_and_events_line_up(state):
    """Every move has the seat that made it; every scoring and token event names a move
    that was made (-1: the set-up), and says how many scorings came before it."""
    assert len(state.move_seats) == len(state.moves)
    assert all(0 <= seat < len(state.players) for seat in state.move_seats)
    assert all(-1 <= e.move < len(state.moves) for e in state.events)
    assert [e.move for e in state.events] == sorted(e.move for e in state.events)
    for e in state.token_events:
        assert -1 <= e.move < len(state.moves)
        assert 0 <= e.events_before <= len(state.events)
    end = state.end_reason
    if end is not None:
        assert end.move == len(state.moves) - 1
        assert all(e.when == "final" for e in state.events[end.events_before:])
        assert all(e.when != "final" for e in state.events[:end.events_before])


def test_each_move_names_the_seat_that_made_it(base):
    """Replayed move by move, every move is made by the player to move before it."""
    state = _play_random(base, 3, 8)
    record = record_of(state)
    again = base.new_game(record.players, record.seed, replaying=True)
    for i, move in enumerate(record.moves):
        seat = again.current
        again.play(move)
        assert again.move_seats[i] == state.move_seats[i] == seat
    assert state.move_seats[:3] == [0, 1, 2]


@pytest.mark.parametrize("seed", [53, 54, 55])
def test_follower_spots_match_a_from_scratch_board(farmers, seed):
    """A follower may only go on a feature with no follower anywhere on it, also when the
    placed tile joins that feature to an occupied one through its other segments (seed 53
    has such a field: the engine once offered it)."""
    _play_random(farmers, 2, seed, spots=True)


def test_legal_moves_are_all_playable(farmers):
    state = farmers.new_game(["Ann", "Bob"], seed=11)
    bot = random_bot(random.Random(11))
    for _ in range(20):
        for move in state.legal_moves():
            trial = state.clone()
            trial.play(move)
        state.apply_fast(*bot(state))


def test_clone_is_independent(base):
    state = base.new_game(["Ann", "Bob"], seed=5)
    copy = state.clone()
    bot = random_bot(random.Random(5))
    copy.apply_fast(*bot(copy))
    assert len(state.board) == 1 and len(copy.board) == 2
    assert to_key(0, 0) in state.board
    assert state.move_seats == [] and copy.move_seats == [0]


# --- the rules a record names do not load ----------------------------------------------------

def test_a_record_whose_rules_do_not_load_names_the_first_error(tmp_path):
    """The variant's tile count is off (W122, line 2) because its tile Q is declared twice
    (E101, line 3): the error is what stops the rules loading, not the warning before it."""
    (tmp_path / "q.carc").write_text("variant q for base\noverride game { tiles 73 }\n"
                                     "tile Q 1  city N; city E+W\n", encoding="utf-8")
    record = {"format": "carcdsl-record/1", "rules": "base", "variants": ["q.carc"],
              "players": 2, "moves": []}
    (tmp_path / "r.json").write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(RecordError, match=r"do not load: tile 'Q' is already declared") as info:
        replay(load_record(tmp_path / "r.json"))
    assert info.value.details["problem"].code == "E101"


# --- breakdowns --------------------------------------------------------------------------------

@pytest.mark.parametrize("terms,text", [
    ([("q", 2, "tiles", None, 1), ("c", -1)], "2 tiles - 1"),
    ([("c", -1), ("q", 2, "tiles", None, 1)], "-1 + 2 tiles"),
    ([("q", 3, "tiles", None, 1), ("q", 1, "pennants", None, -2)], "3 tiles - 1 pennant × 2"),
    ([("q", 3, "tiles", None, 1), ("q", 1, "pennants", None, -1)], "3 tiles - 1 pennant"),
    ([("q", 3, "tiles", None, 2), ("g", (("q", 1, "pennants", None, 1), ("c", 1)), -2)],
     "3 tiles × 2 - (1 pennant + 1) × 2"),
    ([("c", 2), ("g", (("q", 1, "pennants", None, 1), ("c", 1)), -1)], "2 - (1 pennant + 1)"),
])
def test_a_negative_term_is_subtracted(terms, text):
    assert render(terms) == text


def test_a_negative_literal_in_a_breakdown(tmp_path):
    """``tiles + -1``: an incomplete road of 2 tiles scores ``2 tiles - 1 = 1``; the terms
    stay data (the Dutch side words them)."""
    (tmp_path / "minus.carc").write_text(
        "variant minus for base\noverride feature road { score final = tiles + -1 }\n",
        encoding="utf-8")
    record = {"format": "carcdsl-record/1", "rules": "base",
              "variants": ["minus.carc"], "players": ["Ann", "Bob"],
              "moves": [{"tile": "U", "at": [1, 0], "rotation": 90, "follower": "road:E"}],
              "final": True}
    # a record names files in its own folder (issue 19): the record's folder is tmp_path
    state = replay(attrs.evolve(parse_record(record), base_dir=str(tmp_path)))
    assert [(detail(e.points, e.terms), e.points) for e in state.events] == [("2 tiles - 1", 1)]
    assert list(state.events[0].terms) == [("q", 2, "tiles", None, 1), ("c", -1)]
    from carcdsl.i18n.words import Words

    dutch = Words(state.game.rules, "nl")
    assert render(state.events[0].terms, dutch.label, dutch.trigger) == "2 landtegels - 1"


def test_same_seed_same_game(base):
    a = _play_random(base, 3, 42)
    b = _play_random(base, 3, 42)
    assert record_of(a) == record_of(b) and a.scores == b.scores


# --- a live game places the drawn tile; squares, follower kinds and printed squares ----------

def test_a_live_game_places_the_drawn_tile(base):
    state = base.new_game(["Ann", "Bob"], seed=7)
    state.play(Placement("U", (1, 0), 90, FollowerSpec("road", "E")))
    assert (state.player, state.drawn) == ("Bob", "W")
    before = snapshot(state)
    for move in (Placement("C", (0, -1), 0), Discard("C")):
        with pytest.raises(IllegalMoveError, match="Bob drew W: a move must") as info:
            state.play(move)
        assert info.value.rule == "drawn-tile"
        assert snapshot(state) == before
    state.play(Placement(None, (0, 1), 0))  # no tile named: the drawn one
    assert state.moves[-1] == Placement(None, (0, 1), 0) and len(state.board) == 3
    # a caller who draws (as a record does) may name any tile left
    free = base.new_game(["Ann", "Bob"], seed=7, auto_discard=False)
    free.play(Placement("C", (0, -1), 0))


@pytest.mark.parametrize("at", [(1048575, -1), (-1048577, 0), (0, 1 << 40), (262144, 0)])
def test_squares_beyond_the_key_range_are_off_the_board(base, at):
    state = base.new_game(["Ann", "Bob"], seed=7)
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match=r"off the board") as info:
        state.play(Placement("U", at, 90))
    assert info.value.rule == "board" and snapshot(state) == before
    record = {"format": "carcdsl-record/1", "rules": "base", "players": 2,
              "moves": [{"tile": "U", "at": list(at), "rotation": 90}]}
    with pytest.raises(RecordError, match=r"move 0 .*off the board.*\[rule: board\]"):
        replay(parse_record(record))


@pytest.mark.parametrize("kind", ["meeple", "knight"])
def test_the_object_form_names_the_rule_sets_follower(kind):
    record = {"format": "carcdsl-record/1", "rules": "base", "players": ["Ann", "Bob"],
              "moves": [{"tile": "E", "at": [0, -1], "rotation": 180,
                         "follower": {"at": "city:S", "kind": kind}}]}
    state = replay(parse_record(record))
    assert state.events[0].points == 4 and state.scores == [4, 0]


@pytest.mark.parametrize("kind,message", [
    ("wizard", "unknown follower kind 'wizard'.*meeple, highwayman on a road, knight on a city"),
    ("highwayman", "a highwayman does not stand on a city \\(a knight does\\)"),
])
def test_an_unknown_follower_kind_is_rejected(kind, message):
    record = {"format": "carcdsl-record/1", "rules": "base", "players": ["Ann", "Bob"],
              "moves": [{"tile": "E", "at": [0, -1], "rotation": 180,
                         "follower": {"at": "city:S", "kind": kind}}]}
    with pytest.raises(RecordError, match=f"move 0 .*{message}.*follower-kind"):
        replay(parse_record(record))


def test_printed_squares_say_what_they_are():
    game = carcdsl.load("maps-germany")
    state = game.new_game(["Ann", "Bob"], seed=1, auto_discard=False)
    board = game.tables.board
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match=r"\[-6, 1\] is a printed city \(Hamburg\)"):
        state.play(Placement(state.drawn, (-6, 1), 0))
    border = next(key for key, _, group in board.printed if group < 0)
    with pytest.raises(IllegalMoveError, match="is not a square of the map") as info:
        state.play(Placement(state.drawn, to_xy(border), 0))
    assert info.value.rule == "board" and snapshot(state) == before
