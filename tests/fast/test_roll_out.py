"""``Kernel.roll_out`` (``mcts``' roll-outs on the compiled engine) against the Python
engine: from the same position, with a generator seeded the same, the same random moves
and the same final scores; the position itself is left as it was."""

from __future__ import annotations

import os
import random

import pytest

if not os.environ.get("CARCDSL_REQUIRE_NUMBA"):
    pytest.importorskip("numba")

import carcdsl  # noqa: E402
from carcdsl.fast.kernel import Kernel  # noqa: E402
from carcdsl.fast.support import unsupported_roll_out  # noqa: E402


def python_roll_out(state, seed: int, turns: int) -> list[int]:
    """``mcts.Search.roll_out`` on a clone, drawing from ``Random(seed)``."""
    world, rng = state.clone(), random.Random(seed)
    while not world.finished and turns:
        if world.out_of_tiles():
            break
        world.apply_fast(*world.sample_move(rng))
        turns -= 1
    if not world.finished:
        world.finish()
    return world.scores


@pytest.mark.parametrize("rules,variants,players", [
    ("base", ["farmers"], 2), ("base", [], 3), ("pnp-demo", ["farmers"], 2),
    ("base", ["hand-of-three"], 3), ("base", ["inns-cathedrals-tiles", "farmers"], 4),
    ("base", ["abbot", "farmers"], 2), ("base", ["abbot", "inns-cathedrals"], 3)])
def test_roll_outs_match_the_python_engine(rules, variants, players):
    game = carcdsl.load(rules, variants)
    assert unsupported_roll_out(game.tables) is None
    kernel = Kernel(game, players)
    for seed in range(1, 9):
        state = game.new_game(players, seed)
        mover = random.Random(seed)
        for _ in range(seed * 7):  # a position some way into the game
            if state.finished or state.supply.is_empty():
                break
            state.apply_fast(*state.sample_move(mover))
        if state.finished:
            continue
        before = (list(state.scores), len(state.log.moves), list(state.supply.pile))
        for turns in (0, 3, -1):
            assert kernel.roll_out(state, 1000 + seed, turns) == \
                python_roll_out(state, 1000 + seed, turns), (seed, turns)
        assert (list(state.scores), len(state.log.moves), list(state.supply.pile)) == before


def test_a_roll_out_is_refused_only_where_the_kernel_does_not_run(tmp_path):
    """``loading`` carries every part of a position (tokens, owned tiles ...): only what the
    kernel does not run at all keeps a search's roll-outs on the Python engine."""
    for variants in (["traders-builders"], ["tower"], ["princess-dragon"], ["abbey-mayor"]):
        assert unsupported_roll_out(carcdsl.load("base", variants).tables) is None, variants
    path = tmp_path / "owned.carc"
    path.write_text("variant owned for base\ntile TWIN 0 city N; road E+W\n"
                    "supply { each player owns TWIN }\n")
    assert unsupported_roll_out(carcdsl.load("base", [str(path)]).tables) is None
    held = carcdsl.load("base", [str(path), "hand-of-three"]).tables
    assert unsupported_roll_out(held) == "supply owned with hands"


def test_mcts_rolls_out_on_the_compiled_engine():
    """The same search on both engines: deterministic on each, and as strong (it plays the
    same kind of moves; the generators differ, so the moves may too)."""
    from carcdsl.bots.mcts import mcts_bot

    game = carcdsl.load("base", ["farmers"])
    state = game.new_game(2, 5)
    for _ in range(10):
        state.apply_fast(*state.sample_move(random.Random(1)))
    moves = [mcts_bot(random.Random(9), playouts=60, depth=-1, engine=engine)(state)
             for engine in ("compiled", "compiled", "python")]
    assert moves[0] == moves[1]
    legal = set(state.iter_moves())
    assert all(move in legal for move in moves)


def test_mcts_names_a_bad_engine():
    from carcdsl.bots.mcts import mcts_bot

    with pytest.raises(ValueError, match="engine must be one of python, compiled"):
        mcts_bot(random.Random(1), engine="fast")
