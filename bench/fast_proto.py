"""Micro-benchmark of the compiled-engine prototype (``carcdsl/fast``): µs per legal-move
listing and per placement, kernel against the Python engine, over the positions of random
base + farmers games; and the kernel's MT19937 against ``random.Random``.

    python bench/fast_proto.py --games 50
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numba as nb  # noqa: E402
import numpy as np  # noqa: E402

import carcdsl  # noqa: E402
from carcdsl.bots import BOTS  # noqa: E402
from carcdsl.engine.supply import below  # noqa: E402
from carcdsl.fast import mt  # noqa: E402
from carcdsl.fast.board import Board, legal, place, sample  # noqa: E402


@nb.njit(cache=True)
def legal_n(reps, sigs, need, seg_at, link_seg, link_pos, n_links, spots, n_spots, distinct,
            n_distinct, steps, cell_tile, open_cells, counts, tile_o, tile_base, root,
            followers, t, has, out):
    """``legal`` ``reps`` times inside the kernel: its cost without Python's call overhead."""
    n = 0
    for _ in range(reps):
        n += legal(sigs, need, seg_at, link_seg, link_pos, n_links, spots, n_spots, distinct,
                   n_distinct, steps, cell_tile, open_cells, counts, tile_o, tile_base, root,
                   followers, t, has, out)
    return n


@nb.njit(cache=True)
def sample_n(reps, sigs, need, seg_at, link_seg, link_pos, n_links, spots, n_spots, distinct,
             n_distinct, steps, cell_tile, open_cells, counts, tile_o, tile_base, root,
             followers, t, has, mt_state, out, scratch):
    """``sample`` ``reps`` times inside the kernel (the random bot's choice)."""
    n = 0
    for _ in range(reps):
        n += sample(sigs, need, seg_at, link_seg, link_pos, n_links, spots, n_spots, distinct,
                    n_distinct, steps, cell_tile, open_cells, counts, tile_o, tile_base, root,
                    followers, t, has, mt_state, out, *scratch)
    return n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args(argv)
    game = carcdsl.load("base", ["farmers"])
    tb = game.tables
    py_enum = k_enum = py_move = k_place = py_sample = k_sample = 0.0
    sample_rng, sample_mt, out3 = random.Random(9), mt.seeded(9), np.empty(3, np.int64)
    listings = placements = 0
    for seed in range(1, args.games + 1):
        state = game.new_game(2, seed)
        board = Board(tb, 2)
        (o, _), = state.grid.tiles.values()
        board.place(o, 0)
        bots = [BOTS["random"](random.Random(seed * 7919 + i)) for i in range(2)]
        ta = board.ta
        while not state.finished:
            t = state.supply.pile[-1]
            board.followers[:] = 0
            for node, counts in enumerate(state.features.followers):
                if counts:
                    board.followers[node] = counts
            has = bool(state.seats.followers[state.current])
            t0 = time.perf_counter()
            for _ in range(args.repeat):
                list(state.iter_moves())
            t1 = time.perf_counter()
            legal_n(args.repeat, ta.sigs, ta.need, ta.seg_at, ta.link_seg, ta.link_pos,
                    ta.n_links, ta.spots, ta.n_spots, ta.distinct, ta.n_distinct, board.steps,
                    board.cell_tile, board.open_cells, board.counts, board.tile_o,
                    board.tile_base, board.root, board.followers, t, has, board.moves)
            t2 = time.perf_counter()
            t7 = time.perf_counter()
            for _ in range(args.repeat):
                state.sample_move(sample_rng)
            t8 = time.perf_counter()
            sample_n(args.repeat, ta.sigs, ta.need, ta.seg_at, ta.link_seg, ta.link_pos,
                     ta.n_links, ta.spots, ta.n_spots, ta.distinct, ta.n_distinct, board.steps,
                     board.cell_tile, board.open_cells, board.counts, board.tile_o,
                     board.tile_base, board.root, board.followers, t, has, sample_mt, out3,
                     board.scratch)
            t9 = time.perf_counter()
            py_sample += t8 - t7
            k_sample += t9 - t8
            py_enum += t1 - t0
            k_enum += t2 - t1
            listings += args.repeat
            move = bots[state.current](state)
            t3 = time.perf_counter()
            state.apply_fast(*move)
            t4 = time.perf_counter()
            _, key, r, _ = move
            cell = board.cell(key)
            t5 = time.perf_counter()
            place(ta.seg_at, ta.link_seg, ta.link_pos, ta.link_counts, ta.n_links, ta.n_seg,
                  ta.seg_pennants, ta.seg_open_ends, board.steps, board.cell_tile,
                  board.open_cells, board.counts, board.tile_o, board.tile_base, board.root,
                  board.nxt, board.size, board.open_ends, board.pennants, 4 * t + r, cell)
            t6 = time.perf_counter()
            py_move += t4 - t3
            k_place += t6 - t5
            placements += 1
    print(f"legal listing: python {1e6 * py_enum / listings:.1f} us, "
          f"kernel {1e6 * k_enum / listings:.2f} us (inside the kernel), "
          f"x{py_enum / k_enum:.1f}")
    print(f"random bot's sample: python {1e6 * py_sample / listings:.1f} us, "
          f"kernel {1e6 * k_sample / listings:.2f} us (inside the kernel), "
          f"x{py_sample / k_sample:.1f}")
    print(f"move: python apply_fast {1e6 * py_move / placements:.1f} us (scoring included), "
          f"kernel place {1e6 * k_place / placements:.2f} us (called from Python)")
    rng, state = random.Random(5), mt.seeded(5)
    t0 = time.perf_counter()
    for _ in range(200_000):
        below(rng, 300)
    t1 = time.perf_counter()
    for _ in range(200_000):
        mt.below(state, 300)
    t2 = time.perf_counter()
    print(f"below(300): random.Random {1e9 * (t1 - t0) / 2e5:.0f} ns, "
          f"kernel {1e9 * (t2 - t1) / 2e5:.0f} ns (called from Python; in a kernel ~10 ns)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
