"""The kernel's figures at positions of the Python engine: a position mid-game (its tiles
placed again in order, its pieces and figure supplies loaded by ``fast.figures.load``) gives
the same legal moves, in the same order, as ``iter_moves`` (figure placements and recalls
included), and the same strength per seat on every feature."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy") if not os.environ.get("CARCDSL_REQUIRE_NUMBA") else \
    __import__("numpy")
if not os.environ.get("CARCDSL_REQUIRE_NUMBA"):
    pytest.importorskip("numba")

import carcdsl  # noqa: E402
from carcdsl.fast import figures  # noqa: E402
from carcdsl.fast.grid import place  # noqa: E402
from carcdsl.fast.kernel import stacks_for, tables_for  # noqa: E402
from carcdsl.fast.movegen import list_moves  # noqa: E402
from carcdsl.fast.slots import (  # noqa: E402
    C_WATCH,
    CELLS,
    CTR,
    CURRENT,
    LEFT,
    MOVES,
    N_PILE,
    N_WATCHED,
    NFOL,
    NODES,
    PILE,
    ROOT,
    SEATS,
    TILES_,
    WIDTH,
)
from carcdsl.fast.state import reset  # noqa: E402
from carcdsl.geometry.squares import to_key, to_xy  # noqa: E402

DATA = Path(__file__).parent / "data"


def kernel_position(tb: tuple, st: tuple, state) -> None:
    """``state`` into ``st``: tiles again in the order placed, pieces, supplies, the pile."""
    reset(tb, st)
    w = st[CTR][WIDTH]

    def cell(key: int) -> int:
        x, y = to_xy(key)
        return (x + w // 2) + (y + w // 2) * w
    for key, (o, _) in state.grid.tiles.items():
        place(tb, st, o, cell(key))
    pieces = np.array([(seat, node, figure) for seat, node, _, figure in state.features.pieces],
                      np.int64).reshape(-1, 3)
    supply = np.array(state.seats.figures, np.int64).reshape(len(state.seats.figures), -1)
    figures.load(tb, st, pieces, supply)
    for key in state.grid.watched:
        st[CELLS][C_WATCH, cell(key)] = 1
    st[CTR][N_WATCHED] = len(state.grid.watched)
    pile = state.supply.pile
    st[TILES_][PILE, :len(pile)] = pile
    st[CTR][N_PILE] = len(pile)
    st[SEATS][LEFT] = state.seats.followers
    st[CTR][CURRENT] = state.seats.current


@pytest.mark.parametrize("variants", [("abbot", "inns-cathedrals", "farmers"),
                                      (str(DATA / "figures-mix.carc"),)],
                         ids=["abbot+inns-cathedrals+farmers", "figures-mix"])
def test_positions(variants):
    game = carcdsl.load("base", list(variants))
    players = 3
    tb = tables_for(game.tables, players)
    st = stacks_for(tb, players)
    w = st[CTR][WIDTH]
    checked = figure_moves = recalls = 0
    for seed in range(1, 9):
        state = game.new_game([f"P{i + 1}" for i in range(players)], seed)
        rng = random.Random(seed)
        while not state.finished:
            if state.out_of_tiles():
                state.finish()
                break
            moves = list(state.iter_moves())
            kernel_position(tb, st, state)
            n = list_moves(tb, st, state.seats.current)
            mine = [(t, to_key(c % w - w // 2, c // w - w // 2), r, spot)
                    for t, c, r, spot in st[MOVES][:n].tolist()]
            assert mine == moves, f"seed {seed}, move {len(state.log.moves)}"
            nodes, nfol = st[NODES], st[NFOL]
            for root, counts in enumerate(state.features.followers):
                if state.features.root[root] == root:
                    assert nodes[ROOT, root] == root
                    assert nfol[root].tolist() == list(counts or state.features.none)
            checked += 1
            figure_moves += sum(1 for m in moves if m[3] >> figures.FIGURE_SHIFT > 0)
            recalls += sum(1 for m in moves if m[3] <= figures.RECALL)
            state.apply_fast(*moves[rng.randrange(len(moves))])
    assert checked > 300 and figure_moves > 1000 and recalls > 50
