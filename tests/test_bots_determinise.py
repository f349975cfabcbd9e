"""``State.determinise``: a search's clone with the hidden information drawn anew. It keeps
what the player sees and depends on nothing it does not."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import carcdsl

GAMES = {name: carcdsl.load(*spec) for name, spec in {
    "base": ("base", ["farmers"]), "hand": ("base", ["hand-of-three"]),
    "river": ("base", ["river"]), "bag": ("base", ["bag"]), "maps": ("maps-germany", []),
    "river-hand": ("base", ["river", "hand-of-three"])}.items()}


def advanced(name: str, seed: int, moves: int, players: int = 3) -> carcdsl.State:
    state = GAMES[name].new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.finished:
            break
        state.apply_fast(*state.sample_move(rng))
    return state


def hidden_shuffled(state: carcdsl.State, rng: random.Random) -> carcdsl.State:
    """The same position with another hidden order: the pile (not the drawn tile) and the
    other players' hands reshuffled within draw groups, as another shuffle could have dealt."""
    other = state.clone()
    other.supply.resample(rng, state.current, keep_drawn=True)
    return other


def groups(state: carcdsl.State) -> list[int]:
    rank = state.supply.rank
    return [rank[t] for t in state.supply.pile] if rank else []


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 500), moves=st.integers(0, 50))
def test_what_the_player_sees_stays(name, seed, moves):
    state = advanced(name, seed, moves)
    if state.finished:
        return
    world = state.determinise(random.Random(seed))
    assert Counter(world.supply.left()) == Counter(state.supply.left())
    assert world.hand == state.hand and world.drawn == state.drawn
    assert len(world.supply.pile) == len(state.supply.pile)
    assert groups(world) == groups(state)
    if state.hands is not None:
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert list(world.iter_moves()) == list(state.iter_moves())
    assert state.supply.pile == advanced(name, seed, moves).supply.pile  # left as it was


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 500), moves=st.integers(0, 50))
def test_the_hidden_order_does_not_leak(name, seed, moves):
    state = advanced(name, seed, moves)
    other = hidden_shuffled(state, random.Random(seed + 1))
    one, two = state.determinise(random.Random(7)), other.determinise(random.Random(7))
    assert one.supply.pile == two.supply.pile
    assert one.hands == two.hands


def test_open_hands_are_kept_and_the_pile_is_reshuffled():
    state = advanced("hand", 3, 5)
    world = state.determinise(random.Random(1), hands_open=True)
    assert world.hands == state.hands
    assert world.supply.pile != state.supply.pile
    hidden = state.determinise(random.Random(1))
    assert hidden.hands[state.current] == state.hands[state.current]
    assert hidden.hands != state.hands


def test_a_bag_returns_tiles_by_a_generator_of_its_own():
    state = advanced("bag", 2, 4)
    world = state.determinise(random.Random(1))
    assert world.supply.rng is not state.supply.rng
    assert world.supply.rng.getstate() != state.supply.rng.getstate()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_determinised_worlds_play_to_the_end(name):
    state = advanced(name, 5, 20)
    rng = random.Random(3)
    for _ in range(3):
        world = state.determinise(rng)
        while not world.finished:
            world.apply_fast(*world.sample_move(rng))
        assert sum(1 for m in world.moves if isinstance(m, carcdsl.Placement)) >= len(state.board)
