"""A figure that goes on when its feature scores (issue 27, Abbey & Mayor's wagon): ``on
scored F: move F within N to K, ...`` (tests/data/constructs/wagon.carc; the compiled engine
plays the same games: tests/fast/test_differential.py). Records hand-checked, in their
comments."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import carcdsl
from carcdsl.compile.facts import DECIDE
from carcdsl.engine.moves import MovedSpec, Placement
from carcdsl.errors import IllegalMoveError, RecordError
from carcdsl.fast import support
from carcdsl.formats.record import load_record, parse_record, record_of
from carcdsl.geometry.squares import to_key
from carcdsl.lang.jsonform import ruleset_from_json, ruleset_schema, ruleset_to_json
from carcdsl.replay import replay
from carcdsl.view.describe import describe_decision, describe_move

DATA = Path(__file__).parent / "data" / "constructs"
ANN, BOB = 0, 1


@pytest.fixture(scope="module")
def game():
    return carcdsl.load("base", [str(DATA / "wagon.carc")])


def _events(state) -> list[tuple]:
    return [(e.move, e.player, e.feature, e.points) for e in state.events]


def _prefix(name: str, moves: int):
    """The game of record ``name`` after its first ``moves`` moves."""
    record = load_record(DATA / f"{name}.json")
    return replay(attrs.evolve(record, moves=record.moves[:moves]))


def _wagon_at(state, seat: int) -> tuple[int, str] | None:
    """The square and kind of ``seat``'s wagon on the board, if it is on it."""
    for owner, node, key, figure in state.features.pieces:
        if owner == seat and figure:
            kind = state.tables.kinds[state.features.kind[state.features.root[node]]].name
            return key, kind
    return None


def test_a_wagon_moves_on_to_an_open_city_and_scores_there():
    state = replay(load_record(DATA / "wagon-moves-on.json"))
    assert state.scores == [7, 0]
    assert _events(state) == [(2, "Ann", "road", 3), (3, "Ann", "city", 4)]
    assert state.features.pieces == [] and state.seats.figures[0] == [1, 1]
    moved = [m.moved for m in state.moves]
    assert moved[2] == (MovedSpec("Ann", "wagon", (1, -1), "city:N"),)
    assert moved[3] == (MovedSpec("Ann", "wagon"),)  # decided by Ann in Bob's turn


def test_the_options_are_the_open_empty_features_of_those_kinds_within_reach():
    """After Ann's road scores at move 2: the open city N of (1, -1), the start's city and the
    two open roads of W at (1, 0), or home; not the road just scored (complete) nor the roads
    of W at (-1, 0), two squares away."""
    state = _prefix("wagon-moves-on", 2)
    state._play(Placement("W", (-1, 0), 0))
    assert state.pending and state.current == ANN
    options = list(state.iter_moves())
    assert all(m[0] == DECIDE for m in options)
    said = [describe_decision(state, m[3]) for m in options]
    assert said == ["Ann's wagon goes home", "Ann's wagon moves to city:N (1, -1)",
                    "Ann's wagon moves to city:N (0, 0)", "Ann's wagon moves to road:E (1, 0)",
                    "Ann's wagon moves to road:S (1, 0)"]
    assert state.legal_moves() == []  # no placement while the decision waits


def test_the_owner_decides_in_another_players_turn():
    state = _prefix("wagon-moves-on", 3)
    state._play(Placement("E", (1, -2), 180))
    assert state.seats.current == BOB and state.pending and state.current == ANN
    home = next(m for m in state.iter_moves() if m[3] == -1)
    state.apply_fast(*home)
    assert not state.pending and state.current == ANN  # Ann's turn comes next anyway
    assert state.seats.figures[0][ANN] == 1


def test_two_wagons_decide_in_turn_order_from_the_mover_each_seeing_the_last():
    state = _prefix("wagon-two-in-turn-order", 5)
    state._play(Placement("V", (-1, 1), 180))
    assert state.scores == [6, 6] and state.current == BOB  # Bob moved: Bob first
    to_city = next(m for m in state.iter_moves()
                   if describe_decision(state, m[3]).endswith("city:N (0, 0)"))
    state.apply_fast(*to_city)
    assert state.pending and state.current == ANN
    said = [describe_decision(state, m[3]) for m in state.iter_moves()]
    assert not any("city:N (0, 0)" in s for s in said)  # occupied by Bob's wagon now
    whole = replay(load_record(DATA / "wagon-two-in-turn-order.json"))
    assert _events(whole) == [(5, "Ann", "road", 6), (5, "Bob", "road", 6)]
    assert _wagon_at(whole, BOB) == (to_key(0, 0), "city")
    assert _wagon_at(whole, ANN) == (to_key(2, 0), "road")
    assert [m.player for m in whole.moves[5].moved] == ["Bob", "Ann"]


@pytest.mark.parametrize("name, where", [
    ("wagon-not-occupied", "city:N at [1, -1]"), ("wagon-not-complete", "city:N at [0, 0]")])
def test_a_wagon_may_not_go_on_to_an_occupied_or_complete_feature(name, where):
    with pytest.raises(RecordError, match=rf"move 2 .*Ann's wagon may not go on to "
                                          rf"{where.replace('[', '.').replace(']', '.')}"):
        replay(load_record(DATA / f"{name}.json"))


@pytest.mark.parametrize("moved, message", [
    ((), r"must say where Ann's wagon goes on"),
    ((MovedSpec("Bob", "wagon"),), r"names Bob's wagon going on, but Ann's wagon"),
    ((MovedSpec("Ann", "wagon"), MovedSpec("Ann", "wagon")), r"no scored figure waits"),
])
def test_a_record_that_leaves_out_or_misnames_a_decision_is_refused(moved, message):
    """Refused, and the state stays as it was (the move is tried on a clone first)."""
    state = _prefix("wagon-moves-on", 2)
    before = (list(state.scores), len(state.moves), list(state.features.pieces))
    with pytest.raises(IllegalMoveError, match=message):
        state.play(Placement("W", (-1, 0), 0, moved=moved))
    assert (list(state.scores), len(state.moves), list(state.features.pieces)) == before
    assert not state.pending


def test_the_log_says_where_each_wagon_went():
    state = replay(load_record(DATA / "wagon-two-in-turn-order.json"))
    text = describe_move(state.moves[5], None, state.game.rules)
    assert text.endswith("Bob's wagon moves to city:N (0, 0), Ann's wagon moves to road:E "
                         "(2, 0)")


def _play(game, seed: int, players: int):
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    while not state.finished:
        move = state.sample_move(rng)
        assert move is not None
        if move[0] == DECIDE:
            assert state.current == state.decisions.moving[0][0]  # the wagon's owner
        state.apply_fast(*move)
        assert all(n >= 0 for n in state.seats.figures[0])
    return state


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_random_games_replay_from_their_record_with_and_without_the_seed(game, seed, players):
    state = _play(game, seed, players)
    assert not state.features.pieces and state.seats.figures[0] == [1] * players
    record = parse_record(json.loads(json.dumps(record_of(state).to_json())))
    assert replay(record, game).scores == state.scores
    assert replay(attrs.evolve(record, seed=None), game).scores == state.scores


def test_random_games_move_wagons_on(game):
    """Some of 20 seeded games move a wagon on, some take one home at once."""
    moved = [m for seed in range(20) for m in _play(game, seed, 3).moves
             if isinstance(m, Placement) for m in m.moved]
    assert any(m.at is not None for m in moved) and any(m.at is None for m in moved)


def test_the_compiled_engine_runs_it(game):
    """``fast.moving`` runs it (its games against the Python engine's: the differential
    suite)."""
    assert support.unsupported(game.tables) is None


def test_the_json_form_round_trips_and_passes_the_schema(game):
    data = ruleset_to_json(game.rules)
    jsonschema.validate(data, ruleset_schema())
    assert {"action": "move-within", "figure": "wagon", "reach": 1,
            "kinds": ["road", "city", "monastery"]} in data["triggers"][-1]["actions"]
    back = ruleset_from_json(json.loads(json.dumps(data)))
    assert back.triggers == game.rules.triggers and ruleset_to_json(back) == data


def test_fmt_keeps_the_rule(tmp_path):
    from carcdsl.lang.format import format_text

    text = (DATA / "wagon.carc").read_text(encoding="utf-8")
    once = format_text(text)
    assert "on scored wagon: move wagon within 1 to road, city, monastery" in once
    assert format_text(once) == once


@pytest.mark.parametrize("before, what", [
    ("on scored ", "figure"), ("on scored wagon: move ", "figure"),
    ("on scored wagon: move wagon within 1 to ", "kind"),
    ("on scored wagon: move wagon within 1 to road, ", "kind"),
    ("on place shows volcano: move ", "neutral-figure"),  # move F here: a neutral figure
])
def test_the_language_server_completes_what_each_place_names(before, what):
    from carcdsl.lsp.context import place_of

    assert place_of(before + "x", len(before)).what == what


def test_a_misspelt_figure_after_on_scored_is_the_one_error(tmp_path):
    """``on scored wagn: move wagon ...``: the misspelt figure (E121, with the right name),
    not also an E132 saying that the move belongs after ``on scored wagon``."""
    from carcdsl.check.checker import check
    from carcdsl.pipeline import compose

    path = tmp_path / "t.carc"
    path.write_text("rules t\nextends base\nfigure wagon { stands on road }\n"
                    "on scored wagn: move wagon within 1 to road\n", encoding="utf-8")
    rules, found, _sources = compose(path)
    found += check(rules)
    errors = [(d.code, d.loc.line, d.loc.column) for d in found if d.is_error]
    assert errors == [("E121", 4, 11)]
    assert "did you mean 'wagon'?" in next(d.message for d in found if d.code == "E121")
