"""Positions compared state by state: the Python engine's position at random points of
random games, loaded into the kernel, gives the same legal moves in the same order, the same
features (every node's root; open ends, pennants and followers at roots), the same open
squares in order and the same scores. And thousands of seeded games end with the same
scores on both engines."""

from __future__ import annotations

import os
import random

import pytest

if not os.environ.get("CARCDSL_REQUIRE_NUMBA"):
    pytest.importorskip("numba")

import carcdsl  # noqa: E402
from carcdsl.fast.kernel import Kernel  # noqa: E402
from carcdsl.sim.local import play_game  # noqa: E402


def python_position(state) -> dict:
    features = state.features
    roots = [r for r in range(len(features.root)) if features.root[r] == r]
    return {"moves": list(state.iter_moves()), "root": features.root,
            "open_ends": {r: features.open_ends[r] for r in roots},
            "pennants": {r: features.pennants[r] for r in roots},
            "followers": {r: list(features.followers[r]) for r in roots
                          if features.followers[r] and any(features.followers[r])},
            "open": list(state.grid.fitting), "scores": state.scores}


@pytest.mark.parametrize("rules,variants,players", [
    ("base", ["farmers"], 2), ("base", [], 4), ("pnp-demo", [], 2),
    ("base", ["hand-of-three", "farmers"], 3), ("base", ["bag", "inns-cathedrals-tiles"], 2),
    ("base", ["abbot", "inns-cathedrals", "farmers"], 3)])
def test_positions_are_the_same(rules, variants, players):
    game = carcdsl.load(rules, variants)
    kernel = Kernel(game, players)
    compared = 0
    for seed in range(1, 7):
        state, rng = game.new_game(players, seed), random.Random(seed)
        while not state.finished and not state.supply.is_empty():
            if rng.random() < 0.2:
                mine, theirs = kernel.position(state), python_position(state)
                for field in theirs:
                    assert mine[field] == theirs[field], (seed, len(state.log.moves), field)
                compared += 1
            state.apply_fast(*state.sample_move(rng))
    assert compared > 30


@pytest.mark.parametrize("rules,variants,players", [
    ("base", ["farmers"], 2), ("base", [], 5), ("pnp-demo", ["farmers"], 3)])
def test_thousands_of_games_score_the_same(rules, variants, players):
    game = carcdsl.load(rules, variants)
    seeds = range(1, 1001)
    batch = Kernel(game, players).play(seeds)
    names = [f"P{i + 1}" for i in range(players)]
    for g, seed in enumerate(seeds):
        assert batch.scores[g].tolist() == play_game(game, names, ["random"], seed).scores, seed
