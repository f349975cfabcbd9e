"""A game pickles: a compiled rule set, and a state in mid-game, can go to another process and
go on there to exactly the same result."""

from __future__ import annotations

import functools
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import carcdsl
from carcdsl.formats.record import record_of, replay_output

CONFIGS = [
    ("base", ()), ("base", ("farmers",)), ("base", ("incomplete-zero",)),
    ("base", ("table-edge", "border-closes")), ("base", ("fill-hole-extra-turn",)),
    ("base", ("hand-of-three",)), ("base", ("hand-of-three:visibility=open",)),
    ("base", ("bag",)), ("base", ("bag:start=shuffled", "farmers")),
    ("base", ("first-player-most-roads",)), ("base", ("tiny-city",)),
    ("pnp-demo", ()), ("maps-germany", ()), ("maps-germany", ("small-city-extra-turn",)),
    ("maps-germany", ("small-city-penalty",)), ("maps-germany", ("small-city-roads",)),
    ("nuts", ()), ("nuts", ("nuts-proposal",)),
]


@functools.cache
def game(rules: str, variants: tuple[str, ...]) -> carcdsl.Game:
    return carcdsl.load(rules, list(variants))


def play_to_end(state: carcdsl.State, rng: random.Random) -> carcdsl.State:
    while not state.finished:
        if state.out_of_tiles():
            state.finish()
            break
        move = state.sample_move(rng)
        assert move is not None
        state.apply_fast(*move)
    return state


def outcome(state: carcdsl.State) -> tuple:
    return (replay_output(state), record_of(state).to_json(), state.end_reason,
            state.move_seats, state.supply_followers)


@pytest.mark.parametrize("rules,variants", CONFIGS, ids=lambda c: str(c))
def test_a_pickled_game_plays_the_same_games(rules, variants):
    original = game(rules, variants)
    copy = pickle.loads(pickle.dumps(original))
    assert copy.tables.type_names == original.tables.type_names
    for seed in range(3):
        a = play_to_end(original.new_game(players=2, seed=seed), random.Random(seed))
        b = play_to_end(copy.new_game(players=2, seed=seed), random.Random(seed))
        assert outcome(a) == outcome(b)


@settings(max_examples=40, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10_000),
       players=st.integers(2, 4), stop=st.integers(0, 80))
def test_a_state_pickled_in_mid_game_plays_on_to_the_same_result(config, seed, players, stop):
    g = game(*config)
    players = min(players, g.tables.modes.players[1])
    state = g.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(stop):
        if state.finished or state.out_of_tiles():
            break
        state.apply_fast(*state.sample_move(rng))
    sent = pickle.loads(pickle.dumps(state))
    assert outcome(sent) == outcome(state)
    after = rng.getstate()
    original = play_to_end(state, rng)
    rng.setstate(after)
    assert outcome(play_to_end(sent, rng)) == outcome(original)
