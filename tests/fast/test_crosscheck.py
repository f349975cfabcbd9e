"""The compiled engine against the Python engine, game by game: on the same seeds the same
moves (discards included), by the same seats, the same scorings (move, seat, feature, when,
points), the same final scores and end; and the same rows (every ``GameRow`` count) for
``simulate``. Every bundled rule set and variant combination the kernel runs is covered."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

np = pytest.importorskip("numpy") if not os.environ.get("CARCDSL_REQUIRE_NUMBA") else \
    __import__("numpy")
if not os.environ.get("CARCDSL_REQUIRE_NUMBA"):
    pytest.importorskip("numba")

import carcdsl  # noqa: E402
from carcdsl.engine.moves import Discard  # noqa: E402
from carcdsl.fast.batch import END_REASONS  # noqa: E402
from carcdsl.fast.kernel import Kernel  # noqa: E402
from carcdsl.fast.support import unsupported  # noqa: E402
from carcdsl.sim.local import play_out, seat_bots  # noqa: E402
from carcdsl.sim.rows import play_row  # noqa: E402

DATA = Path(__file__).parent / "data"
MIX = str(DATA / "effects-mix.carc")
"""Every effect the kernel runs (tokens, on place and on complete rules, extra turns)."""
COMBINATIONS = [
    ("base", ()), ("base", ("farmers",)), ("pnp-demo", ()), ("pnp-demo", ("farmers",)),
    ("base", ("incomplete-zero",)), ("base", ("tiny-city",)), ("base", ("farmers", "tiny-city")),
    ("base", ("inns-cathedrals-tiles",)), ("base", ("traders-builders-tiles",)),
    ("base", ("inns-cathedrals-tiles", "traders-builders-tiles", "farmers")),
    ("base", ("incomplete-zero", "farmers")),
    ("base", ("hand-of-three",)), ("base", ("bag",)), ("base", ("first-player-most-roads",)),
    ("base", ("table-edge",)), ("base", ("table-edge", "border-closes")),
    ("base", ("table-edge", "farmers")),
    ("base", ("table-edge", "border-closes:reading=absent", "farmers")),
    ("maps-germany", ()), ("maps-germany", ("small-city-roads",)), ("maps-germany", ("farmers",)),
    ("maps-germany:areas=3", ("farmers", "small-city-roads")),
    ("maps-germany", ("small-city-extra-turn",)), ("maps-germany", ("small-city-penalty",)),
    ("maps-germany", ("small-city-extra-turn", "small-city-penalty", "farmers")),
    ("maps-germany", (str(DATA / "covers-mix.carc"),)),
    ("base", ("table-edge", "border-closes", "abbot")),
    ("base", ("table-edge", "border-closes:reading=absent", "abbot", "farmers")),
    ("base", ("hand-of-three", "bag", "farmers")), ("pnp-demo", ("bag", "farmers")),
    ("nuts", ()), ("nuts", ("nuts-proposal",)), ("base", ("fill-hole-extra-turn",)),
    ("base", ("river",)), ("base", ("river", "farmers")), ("base", ("river", "hand-of-three")),
    ("base", ("river:u-turn=look-ahead",)), ("base", ("fill-hole-extra-turn", "hand-of-three")),
    ("base", (MIX,)), ("base", (MIX, "farmers")), ("base", (MIX, "hand-of-three")),
    ("base", ("traders-builders",)), ("base", ("traders-builders", "farmers")),
    ("base", ("traders-builders", "abbot", "river")),
    ("base", ("abbot",)), ("base", ("abbot", "farmers")), ("base", ("inns-cathedrals",)),
    ("base", ("inns-cathedrals", "farmers")), ("base", ("abbot", "inns-cathedrals", "farmers")),
    ("base", ("abbot", "hand-of-three")), ("pnp-demo", ("abbot",)),
    ("base", (str(DATA / "figures-mix.carc"),)),
    ("base", ("abbot", "inns-cathedrals", "traders-builders", "farmers")),
    ("base", ("river", "abbot", "inns-cathedrals", "traders-builders", "farmers")),
    ("base", ("monastery-bonus",)), ("base", ("monastery-bonus", "fill-hole-extra-turn")),
    ("base", ("monastery-bonus", "table-edge", "border-closes", "abbot")),
]
_kernels: dict = {}


def kernel(rules: str, variants: tuple, players: int) -> Kernel:
    key = (rules, variants, players)
    if key not in _kernels:
        game = carcdsl.load(rules, list(variants))
        assert unsupported(game.tables) is None
        _kernels[key] = Kernel(game, players)
    return _kernels[key]


def python_log(game, players: int, seed: int) -> dict:
    """``sim.local.play_game``, each bot's move kept as the fast move it chose (the log keeps
    a recall as a ``Placement``)."""
    state = game.new_game([f"P{i + 1}" for i in range(players)], seed)
    chosen: list = []

    def kept(bot):
        def choose(s):
            chosen.append(bot(s))
            return chosen[-1]
        return choose
    play_out(state, [kept(bot) for bot in seat_bots(state, ["random"], seed)])
    index = {name: i for i, name in enumerate(game.tables.type_names)}
    made = iter(chosen)
    moves = [(index[m.tile],) if isinstance(m, Discard) else tuple(next(made))
             for m in state.log.moves]
    return {"moves": moves, "seats": state.log.move_seats,
            "events": [(e.move, e.seat, e.feature, e.when, e.points) for e in state.events],
            "scores": state.scores, "end": state.end_reason.why}


def _name(variant: str) -> str:
    return Path(variant).stem


def first_difference(a: list, b: list) -> str:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"at {i}: compiled {x!r}, python {y!r}"
    return f"lengths {len(a)} (compiled) and {len(b)} (python)"


@pytest.mark.parametrize("rules,variants", COMBINATIONS,
                         ids=["+".join((r, *(Path(x).stem for x in v))) for r, v in COMBINATIONS])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_same_games(rules, variants, players):
    k = kernel(rules, variants, players)
    for seed in range(1, 16):
        mine, theirs = k.log(seed), python_log(k.game, players, seed)
        for field in ("moves", "seats", "events", "scores"):
            assert mine[field] == theirs[field], \
                f"seed {seed}, {field} differ {first_difference(mine[field], theirs[field])}"
        assert mine["end"] == theirs["end"]


MORE_PLAYERS = [("base", ("inns-cathedrals",), 5), ("base", ("inns-cathedrals", "farmers"), 5),
                ("base", ("inns-cathedrals",), 6),
                ("base", ("abbot", "inns-cathedrals", "traders-builders", "farmers"), 5),
                ("base", ("abbot", "inns-cathedrals", "traders-builders", "farmers"), 6)]
"""Combinations that seat more than four (the pink set's sixth player)."""


@pytest.mark.parametrize("rules,variants,players", MORE_PLAYERS,
                         ids=[f"{'+'.join((r, *v))}-{p}" for r, v, p in MORE_PLAYERS])
def test_the_same_games_more_players(rules, variants, players):
    test_the_same_games(rules, variants, players)


ROW_COMBINATIONS = COMBINATIONS[:4] + [
    ("base", ("hand-of-three", "bag", "farmers")), ("base", ("abbot", "farmers")),
    ("nuts", ("nuts-proposal",)), ("base", ("fill-hole-extra-turn",)),
    ("base", ("river", "farmers")), ("base", (MIX,)), ("base", ("traders-builders", "farmers")),
    ("maps-germany", ("farmers", "small-city-roads")),
]


@pytest.mark.parametrize("rules,variants", ROW_COMBINATIONS)
@pytest.mark.parametrize("branching", [False, True])
def test_the_same_rows(rules, variants, branching):
    players = 3 if branching else 2
    k = kernel(rules, variants, players)
    seeds = list(range(100, 112))
    batch = k.play(seeds, branching=branching)
    kinds = k.tables.kinds
    for g, seed in enumerate(seeds):
        row = play_row(k.game, players, ["random"], seed, branching=branching)
        assert batch.scores[g].tolist() == list(row.scores)
        assert batch.turns[g].tolist() == list(row.turns)
        assert int(batch.discards[g]) == row.discards
        assert END_REASONS[batch.end[g]] == row.end
        points, scorings = batch.points_of(g)
        assert points == row.points
        assert scorings == row.scorings
        assert set(points) >= {f"{kind.name}.{when}" for kind in kinds
                               for when in ("complete", "final")}
        assert int(batch.lead_changes[g]) == row.lead_changes
        assert int(batch.lead_from[g]) == row.lead_from
        assert int(batch.decisions[g]) == row.decisions
        assert int(batch.placement_choices[g]) == row.placement_choices
        assert (int(batch.move_choices[g]) if branching else None) == row.move_choices
        assert batch.placed[g].tolist() == list(row.placed)
