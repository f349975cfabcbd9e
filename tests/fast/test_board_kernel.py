"""The prototype kernels against the Python engine, move by move on random base games: the
same legal moves in the same order, the same random bot's move drawn from the same generator
state (leaving it in the same state), the same roots and open ends after each placement."""

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

import carcdsl  # noqa: E402
from carcdsl.fast import mt  # noqa: E402
from carcdsl.fast.board import Board  # noqa: E402


def sync_followers(board, state):
    board.followers[:] = 0
    for node, counts in enumerate(state.features.followers):
        if counts:
            board.followers[node] = counts


@pytest.mark.parametrize("variants", [[], ["farmers"]])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_kernel_follows_python(variants, seed):
    game = carcdsl.load("base", variants)
    tb = game.tables
    state = game.new_game(2, seed)
    board = Board(tb, 2)
    (o, base), = state.grid.tiles.values()
    assert board.place(o, 0) == base
    rngs = [random.Random(seed * 7919 + i) for i in range(2)]  # the random bots' generators
    placed = 1
    while not state.finished:
        t = state.supply.pile[-1]
        sync_followers(board, state)
        has = bool(state.seats.followers[state.current])
        assert board.legal(t, has) == list(state.iter_moves())
        rng = rngs[state.current]
        drawn = mt.state_of(rng)
        move = state.sample_move(rng)
        assert board.sample(t, has, drawn) == move
        assert np.array_equal(drawn, mt.state_of(rng))
        state.apply_fast(*move)
        _, key, r, _ = move
        assert board.place(4 * t + r, key) == state.grid.tiles[key][1]
        placed += 1
        nodes = len(state.features.root)
        assert board.root[:nodes].tolist() == state.features.root
        roots = [n for n in range(nodes) if state.features.root[n] == n]
        assert [int(board.open_ends[n]) for n in roots] == \
            [state.features.open_ends[n] for n in roots]
        assert [board.key(c) for c in board.open_cells[:board.counts[2]]] == \
            list(state.grid.fitting)
    assert placed == len(state.grid.tiles)
