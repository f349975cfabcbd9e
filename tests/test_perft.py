"""Golden legal-move counts ("perft"): speed work must never change the rules.

tests/data/perft.json is written by scripts/make_perft.py; each test replays one seeded game
with the script's own walk and compares every position's counts with the file.
"""

from __future__ import annotations

import importlib.util
import json
import random
from collections import Counter
from pathlib import Path

import pytest

import carcdsl

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = json.loads((ROOT / "tests" / "data" / "perft.json").read_text())


def _load_script():
    spec = importlib.util.spec_from_file_location("make_perft", ROOT / "scripts" / "make_perft.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


perft = _load_script()
GAMES: dict[tuple, list[dict]] = {}
for _p in GOLDEN["positions"]:
    GAMES.setdefault((_p["rules"], tuple(_p["variants"]), _p["players"], _p["seed"]), []).append(_p)


@pytest.fixture(scope="module")
def games():
    return {key: carcdsl.load(*key) for key in perft.RULE_SETS}


def test_golden_file_covers_every_game():
    assert GOLDEN["format"] == perft.FORMAT
    assert len(GAMES) == len(perft.RULE_SETS) * len(perft.PLAYERS) * len(perft.SEEDS)
    assert all(len(v) == len(perft.DEPTHS) for v in GAMES.values())


def _name(key: tuple) -> str:
    rules, variants, players, seed = key
    return "-".join([rules, *variants, f"{players}p", f"seed{seed}"])


@pytest.mark.parametrize("key", sorted(GAMES), ids=_name)
def test_perft(games, key):
    rules, variants, players, seed = key
    game = games[(rules, variants)]
    for want, (played, state) in zip(GAMES[key], perft.walk(game, players, seed), strict=True):
        got = {"rules": rules, "variants": list(variants), "players": players, "seed": seed,
               "played": played, **perft.measure(state)}
        assert got == want


def assert_uniform(state, rng, per_move: int, played: int) -> set:
    """``sample_move`` drawn ``per_move`` times per legal move gives every legal move, only
    legal moves, and each about equally often (a chi-square bound some six standard
    deviations out, at a fixed seed); returns the legal moves."""
    legal = set(state.iter_moves())
    draws = per_move * len(legal)
    counts = Counter(state.sample_move(rng) for _ in range(draws))
    assert set(counts) == legal, played
    expected = draws / len(legal)
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    df = len(legal) - 1
    assert chi2 < df + 6 * (2 * df) ** 0.5 + 10, (played, chi2, df)
    return legal


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 5)])
def test_random_bot_is_uniform_over_legal_moves(games, players, seed):
    """``sample_move`` draws every legal move, only legal moves, and each about equally often
    (a chi-square test at a fixed seed), with and without followers left in the supply."""
    game = games[("base", ("farmers",))]
    rng = random.Random(seed)
    for played, state in perft.walk(game, players, seed, (0, 10, 30)):
        for followers in (state.supply_followers[state.current], 0):
            trial = state.clone()
            trial.supply_followers[trial.current] = followers
            assert_uniform(trial, rng, 300, played)



GENERAL = {("base", ("hand-of-three",)): (), ("base", ("abbot", "farmers")): ("figure", "recall"),
           ("base", ("traders-builders", "farmers")): ("figure",), ("base", ("river",)): (),
           ("base", ("inns-cathedrals",)): ()}
"""Rule sets whose placements offer different numbers of moves, and the kinds of move beside
placements and followers their walk's positions are known to offer."""


@pytest.mark.parametrize("key", sorted(GENERAL), ids=lambda key: "+".join(key[1]))
def test_random_bot_is_uniform_with_hands_figures_and_requirements(key):
    """Where placements offer different numbers of moves (hands, figures, recalls, the river's
    requirements), ``sample_move`` draws placements x a bound and draws again past a
    placement's moves: still every legal move, only legal moves, each about equally often,
    with and without ordinary followers left."""
    game = carcdsl.load(*key)
    rng = random.Random(7)
    seen = set()
    for played, state in perft.walk(game, 3, 5, (3, 25)):
        for followers in (state.supply_followers[state.current], 0):
            trial = state.clone()
            trial.supply_followers[trial.current] = followers
            legal = assert_uniform(trial, rng, 100, played)
            seen |= {"figure" if spot >= 1 << 16 else "recall" for _, _, _, spot in legal
                     if spot >= 1 << 16 or spot <= -2}
    assert seen >= set(GENERAL[key])
