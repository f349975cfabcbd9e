"""The engine API for bots and search: action codes, the draw as a chance step, and public
reads that views use instead of the engine's internals."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import carcdsl
from carcdsl.engine.movegen import decode, encode

GAMES = {name: carcdsl.load(*spec) for name, spec in {
    "base": ("base", ["farmers"]), "maps": ("maps-germany", []),
    "hand": ("base", ["hand-of-three"]), "nuts": ("nuts", ["nuts-proposal"])}.items()}


def advanced(name: str, seed: int, moves: int) -> carcdsl.State:
    state = GAMES[name].new_game(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.finished or state.out_of_tiles():
            break
        state.apply_fast(*state.sample_move(rng))
    return state


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 1000), moves=st.integers(0, 60))
def test_action_codes_name_the_legal_moves_one_to_one(name, seed, moves):
    state = advanced(name, seed, moves)
    fast = list(state.iter_moves())
    codes = state.legal_actions()
    assert len(set(codes)) == len(codes) == len(fast)
    assert [decode(code) for code in codes] == fast
    if codes:
        pick = random.Random(seed).randrange(len(codes))
        by_code, by_move = state.clone(), state.clone()
        by_code.apply_action(codes[pick])
        by_move.apply_fast(*fast[pick])
        assert carcdsl.record_of(by_code) == carcdsl.record_of(by_move)
        assert by_code.scores == by_move.scores


def test_an_action_code_round_trips_north_and_west_of_the_start():
    for move in [(3, -5 - (7 << 20), 2, 4), (0, 0, 0, -1), (23, 12 + (-3 << 20), 3, 0)]:
        assert decode(encode(move)) == move


def test_the_draw_is_a_chance_step():
    state = GAMES["base"].new_game(players=2, seed=3)
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    left = Counter(state.tables.type_names[t] for t in state.supply.pile)
    assert dict(outcomes) == pytest.approx({tile: n / sum(left.values())
                                            for tile, n in left.items()})
    state.draw("A")
    assert state.drawn == "A"
    assert Counter(state.tables.type_names[t] for t in state.supply.pile) == left
    with pytest.raises(carcdsl.IllegalMoveError) as info:
        state.draw("Z9")
    assert info.value.rule == "unknown-tile"
    assert state.drawn == "A"


def test_a_caller_drawn_tile_is_put_back_when_the_move_is_illegal():
    state = GAMES["base"].new_game(["Ann", "Bob"], seed=1, auto_discard=False)
    pile = list(state.supply.pile)
    with pytest.raises(carcdsl.IllegalMoveError):
        state.play(carcdsl.Placement("C", (5, 5), 0))  # C is left, but not next to a tile
    assert state.supply.pile == pile


def test_views_read_followers_and_tokens_through_the_state():
    state = advanced("nuts", 4, 30)
    by_square = state.followers_by_square()
    assert sum(len(v) for v in by_square.values()) == len(state.features.pieces)
    for key, placed in by_square.items():
        o, _ = state.board[key]
        for seat, local in placed:
            assert 0 <= seat < len(state.players)
            assert local in state.tables.spots[o]
    lying = state.tokens_on_features()
    assert sum(sum(counts) for _, _, counts in lying) == sum(
        sum(v) for v in state.features.tokens.values())
    assert all(kind in state.tables.kind_index for _, kind, _ in lying)
