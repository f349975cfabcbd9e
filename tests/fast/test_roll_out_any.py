"""Roll-outs from any position on the compiled kernel (issue 29): for each expansion the
kernel runs, positions of the Python engine reached by a seeded random game (and, as
``mcts`` rolls out, worlds determinised from them) load into the kernel whole: the same
legal moves, features, open squares, scores and tokens on features (``Kernel.position``), and
a roll-out from there makes the same random moves to the same scores as the Python engine's
with a generator seeded the same (the game's own generators, a bag's and bags of tokens',
carried over in the state they are in).

Each case names the parts of the state it must have carried at least once (prisoners,
tokens held, a walk under way ...), so that a case that stops reaching them fails rather
than passing on easy positions."""

from __future__ import annotations

import os
import random
import warnings
from pathlib import Path

import pytest

if not os.environ.get("CARCDSL_REQUIRE_NUMBA"):
    pytest.importorskip("numba")

from test_positions import python_position  # noqa: E402
from test_roll_out import python_roll_out  # noqa: E402

import carcdsl  # noqa: E402
from carcdsl.engine.parts import CAPTURING, MOVING, WALKING  # noqa: E402
from carcdsl.fast.kernel import Kernel  # noqa: E402
from carcdsl.fast.support import unsupported_roll_out  # noqa: E402

CONSTRUCTS = Path(__file__).parent.parent / "data" / "constructs"
WAGON, BARN = str(CONSTRUCTS / "wagon.carc"), str(CONSTRUCTS / "barn.carc")


def parts(state) -> set[str]:
    """The parts of ``state`` beyond tiles, pieces and scores that it holds now."""
    d, supply, tokens = state.decisions, state.supply, state.tokens
    pending = d.pending[0] if d.pending is not None else None
    found = {
        "prisoners": any(d.held), "capture": pending == CAPTURING,
        "walk": pending == WALKING, "moving": pending == MOVING or bool(d.moving),
        "neutral": bool(d.neutral), "held back": bool(supply.held),
        "tokens held": any(any(h) for h in tokens.held),
        "tokens lying": any(any(c) for c in state.features.tokens.values()),
        "bag of tokens": tokens.rng is not None and bool(tokens.supply),
        "turns": any(any(t) for t in state.grid.turns.values()),
        "extra turn": state.seats.in_extra, "aside": bool(supply.aside),
        "owned": supply.owned is not None and any(supply.owned),
        "last turns": bool(supply.closing), "reached": bool(state.grid.reached),
        "figures": any(f for *_, f in state.features.pieces),
    }
    return {name for name, held in found.items() if held}


def tokens_by_root(state) -> dict[int, list[int]]:
    return {root: list(c) for root, c in state.features.tokens.items() if any(c)}


CASES = [
    ("base", ("tower", "farmers"), 3, {"prisoners", "capture", "figures"}),
    ("base", ("princess-dragon", "farmers"), 2, {"neutral", "walk", "held back"}),
    ("base", ("abbey-mayor", "farmers"), 3, {"owned", "last turns", "moving", "figures"}),
    ("base", ("hills-sheep", "farmers"), 2, {"tokens lying", "bag of tokens"}),
    ("base", ("river", "hand-of-three", "farmers"), 2, {"turns"}),
    ("base", ("river-ii",), 3, set()),
    ("base", ("traders-builders", "farmers"), 3, {"tokens held", "extra turn", "figures"}),
    ("base", ("inns-cathedrals", "bag", "table-edge:width=5,height=5", "border-closes"), 2,
     {"aside", "figures"}),
    ("base", (WAGON, BARN, "farmers"), 2, {"moving", "figures"}),
    ("maps-germany", ("small-city-extra-turn", "farmers"), 2, {"reached", "extra turn"}),
    ("base", ("table-edge", "border-closes", "abbot"), 2, {"figures"}),
    ("nuts", ("nuts-proposal",), 2, {"tokens lying", "tokens held"}),
    ("base", ("tower", "princess-dragon", "traders-builders", "farmers"), 4,
     {"prisoners", "neutral", "walk", "tokens held", "figures"}),
    ("base", ("abbey-mayor", "princess-dragon"), 2, {"owned", "neutral", "figures"}),
]


@pytest.mark.parametrize("rules,variants,players,shown", CASES,
                         ids=["+".join([r, *(Path(v).stem for v in vs)])
                              for r, vs, _, _ in CASES])
def test_roll_outs_from_any_position(rules, variants, players, shown):
    """Positions at random points of seeded random games, and each that first shows a part
    of the state not seen yet; one in three determinised as ``mcts`` does."""
    game = carcdsl.load(rules, list(variants))
    assert unsupported_roll_out(game.tables) is None
    kernel = Kernel(game, players)
    seen: set[str] = set()
    compared = 0
    for seed in range(1, 5):
        state, rng = game.new_game(players, seed), random.Random(seed)
        while not state.finished and not state.out_of_tiles():
            if parts(state) - seen or rng.random() < 0.05:
                world = state.determinise(random.Random(seed)) if rng.random() < 0.3 \
                    else state
                _compare(kernel, world, 100 * seed + compared, compared % 2 == 0,
                         f"seed {seed}, move {len(state.log.moves)}")
                seen |= parts(world)
                compared += 1
            state.apply_fast(*state.sample_move(rng))
    assert compared >= 6
    assert shown <= seen, f"never reached: {sorted(shown - seen)}"


def _compare(kernel: Kernel, state, seed: int, to_the_end: bool, where: str) -> None:
    """The same position on both engines, and the same roll-outs from it: none (the final
    scoring), three turns, and (``to_the_end``) the whole game."""
    mine, theirs = kernel.position(state), python_position(state)
    theirs["tokens"] = tokens_by_root(state)
    for field in theirs:
        assert mine[field] == theirs[field], (where, field)
    before = (list(state.scores), len(state.log.moves), list(state.supply.pile))
    for turns in (0, 3, -1) if to_the_end else (0, 3):
        assert kernel.roll_out(state, seed, turns) == python_roll_out(state, seed, turns), \
            (where, turns)
    assert (list(state.scores), len(state.log.moves), list(state.supply.pile)) == before


def test_mcts_rolls_out_on_the_kernel_with_an_expansion():
    """``mcts`` with ``engine=compiled`` on rule sets whose positions the kernel once refused
    (prisoners, neutral figures, tokens, owned tiles): its roll-outs run on the kernel, with
    no warning of a fallback, and it picks a legal move."""
    from carcdsl.bots.mcts import mcts_bot

    game = carcdsl.load("base", ["tower", "princess-dragon", "traders-builders", "farmers"])
    state, rng = game.new_game(2, 3), random.Random(3)
    for _ in range(12):
        state.apply_fast(*state.sample_move(rng))
    bot = mcts_bot(random.Random(9), playouts=30, depth=-1, engine="compiled")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        move = bot(state)
    assert bot.search.kernel is not None
    assert move in set(state.iter_moves())
