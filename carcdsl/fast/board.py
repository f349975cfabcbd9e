"""Prototype kernels: one game's board and features as arrays, placing a tile (quick-find
union-find, exactly as ``engine.features`` keeps roots) and listing the legal moves of a tile
type in the order ``State.iter_moves`` lists them (the fast path: no figures, no
requirements, an unlimited board).

A square is a cell ``(x + R) + (y + R) * W`` of a W x W grid, ``R = W // 2``; W is
``2 * tiles + 5`` so no game leaves it. The open squares keep the order in which they
opened (``Grid.fitting``'s dict order), which the move order and the random bot's draws
depend on.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.compile.tables import Tables
from carcdsl.fast import mt
from carcdsl.fast.arrays import TileArrays, tile_arrays
from carcdsl.geometry.squares import to_xy


class Board:
    """The arrays of one game (a prototype's holder; the real kernel keeps them in one
    record per game)."""

    def __init__(self, tb: Tables, seats: int):
        self.ta: TileArrays = tile_arrays(tb)
        tiles = len(tb.fast.supply) + 1 + len(tb.board.printed)
        self.w = w = 2 * tiles + 5
        self.cell_tile = np.full(w * w, -1, np.int32)
        self.open_cells = np.full(4 * tiles + 8, -1, np.int32)
        self.counts = np.zeros(3, np.int32)  # tiles placed, nodes, open squares
        self.tile_o = np.zeros(tiles, np.int32)
        self.tile_base = np.zeros(tiles, np.int32)
        nodes = tiles * self.ta.seg_kind.shape[1]
        self.root = np.zeros(nodes, np.int32)
        self.nxt = np.zeros(nodes, np.int32)
        self.size = np.zeros(nodes, np.int32)
        self.open_ends = np.zeros(nodes, np.int32)
        self.pennants = np.zeros(nodes, np.int32)
        self.followers = np.zeros((nodes, seats), np.int16)
        self.steps = np.array([-w, 1, w, -1], np.int64)
        self.moves = np.zeros((4096, 3), np.int32)
        cap = self.open_cells.shape[0]
        self.scratch = (np.empty((cap, 4), np.int64), np.empty(cap, np.int64),
                        np.empty(cap, np.int64), np.empty(16, np.int64), np.empty(16, np.int64),
                        np.empty(16, np.bool_), np.empty(16, np.bool_))
        # the first open square is the origin, as in Grid
        self.open_cells[0] = self.cell(0)
        self.counts[2] = 1

    def cell(self, key: int) -> int:
        x, y = to_xy(key)
        r = self.w // 2
        return (x + r) + (y + r) * self.w

    def key(self, cell: int) -> int:
        r = self.w // 2
        x, y = cell % self.w - r, cell // self.w - r
        return x + (y << 20)

    def place(self, o: int, key: int) -> int:
        ta = self.ta
        return place(ta.seg_at, ta.link_seg, ta.link_pos, ta.link_counts, ta.n_links, ta.n_seg,
                     ta.seg_pennants, ta.seg_open_ends, self.steps, self.cell_tile,
                     self.open_cells, self.counts, self.tile_o, self.tile_base, self.root,
                     self.nxt, self.size, self.open_ends, self.pennants, o, self.cell(key))

    def legal(self, t: int, followers: bool) -> list[tuple[int, int, int, int]]:
        ta = self.ta
        n = legal(ta.sigs, ta.need, ta.seg_at, ta.link_seg, ta.link_pos, ta.n_links,
                  ta.spots, ta.n_spots, ta.distinct, ta.n_distinct, self.steps, self.cell_tile,
                  self.open_cells, self.counts, self.tile_o, self.tile_base, self.root,
                  self.followers, t, followers, self.moves)
        return [(t, self.key(c), r, s) for c, r, s in self.moves[:n].tolist()]

    def sample(self, t: int, followers: bool, mt_state: np.ndarray
               ) -> tuple[int, int, int, int] | None:
        """``State.sample_move`` for tile type ``t``, drawing from ``mt_state``."""
        ta, out = self.ta, np.empty(3, np.int64)
        if not sample(ta.sigs, ta.need, ta.seg_at, ta.link_seg, ta.link_pos, ta.n_links,
                      ta.spots, ta.n_spots, ta.distinct, ta.n_distinct, self.steps,
                      self.cell_tile, self.open_cells, self.counts, self.tile_o,
                      self.tile_base, self.root, self.followers, t, followers, mt_state, out,
                      *self.scratch):
            return None
        c, r, s = out.tolist()
        return t, self.key(c), r, s


@nb.njit(cache=True)
def union(root, nxt, size, open_ends, pennants, a, b):
    """``Features.union``: the smaller feature (ties: ``b``'s) is relabelled; returns the
    root kept. Members are a circular list through ``nxt``, spliced in O(1)."""
    if size[a] < size[b]:
        a, b = b, a
    n = b
    while True:
        root[n] = a
        n = nxt[n]
        if n == b:
            break
    nxt[a], nxt[b] = nxt[b], nxt[a]
    size[a] += size[b]
    pennants[a] += pennants[b]
    open_ends[a] += open_ends[b]
    return a


@nb.njit(cache=True)
def place(seg_at, link_seg, link_pos, link_counts, n_links, n_seg, seg_pennants, seg_open_ends,
          steps, cell_tile, open_cells, counts, tile_o, tile_base, root, nxt, size, open_ends,
          pennants, o, cell):
    """``Grid.place`` on the arrays: new nodes, the square leaves the open list (order
    kept), new open squares N E S W, links joined. Returns the first node."""
    tile, base = counts[0], counts[1]
    counts[0] += 1
    counts[1] += n_seg[o]
    tile_o[tile], tile_base[tile] = o, base
    cell_tile[cell] = tile
    for i in range(n_seg[o]):
        n = base + i
        root[n], nxt[n], size[n] = n, n, 1
        open_ends[n], pennants[n] = seg_open_ends[o, i], seg_pennants[o, i]
    k = 0
    for j in range(counts[2]):
        if open_cells[j] != cell:
            open_cells[k] = open_cells[j]
            k += 1
    counts[2] = k
    for d in range(4):
        nc = cell + steps[d]
        nt = cell_tile[nc]
        if nt < 0:
            known = False
            for j in range(counts[2]):
                if open_cells[j] == nc:
                    known = True
                    break
            if not known:
                open_cells[counts[2]] = nc
                counts[2] += 1
            continue
        no, nbase = tile_o[nt], tile_base[nt]
        for k in range(n_links[o, d]):
            a = root[base + link_seg[o, d, k]]
            b = root[nbase + seg_at[no, link_pos[o, d, k]]]
            if a != b:
                a = union(root, nxt, size, open_ends, pennants, a, b)
            if link_counts[o, d, k]:
                open_ends[a] -= 2
    return base


@nb.njit(cache=True)
def legal(sigs, need, seg_at, link_seg, link_pos, n_links, spots, n_spots, distinct,
          n_distinct, steps, cell_tile, open_cells, counts, tile_o, tile_base, root, followers,
          t, has_followers, out):
    """The legal moves of tile type ``t`` into ``out`` rows (cell, rotation, spot), in
    ``iter_moves`` order; returns how many. A spot is free unless its segment's feature,
    once the tile joins its neighbours (through the tile's other segments too), has a
    follower."""
    n = 0
    seg_of = np.empty(16, np.int64)
    root_of = np.empty(16, np.int64)
    taint = np.empty(16, np.bool_)
    occ = np.empty(16, np.bool_)
    for j in range(counts[2]):
        cell = open_cells[j]
        for q in range(n_distinct[t]):
            r = distinct[t, q]
            o = 4 * t + r
            fits = True
            for d in range(4):
                nt = cell_tile[cell + steps[d]]
                if nt >= 0:
                    req = need[tile_o[nt], (d + 2) % 4]
                    if req >= 0 and req != sigs[o, d]:
                        fits = False
                        break
            if not fits:
                continue
            out[n, 0], out[n, 1], out[n, 2] = cell, r, -1
            n += 1
            if not has_followers or n_spots[o] == 0:
                continue
            occupied(seg_at, link_seg, link_pos, n_links, steps, cell_tile, tile_o, tile_base,
                     root, followers, o, cell, seg_of, root_of, taint, occ)
            for k in range(n_spots[o]):
                i = spots[o, k]
                if not occ[i]:
                    out[n, 0], out[n, 1], out[n, 2] = cell, r, i
                    n += 1
    return n


@nb.njit(cache=True)
def occupied(seg_at, link_seg, link_pos, n_links, steps, cell_tile, tile_o, tile_base, root,
             followers, o, cell, seg_of, root_of, taint, occ):
    """``occ[i]``: whether local segment ``i`` of ``o`` placed on ``cell`` would join a
    feature with a follower, directly or through another segment of ``o`` that meets the
    same neighbouring feature (what ``Tables.free_spots`` reads from its occupancy masks)."""
    pairs = 0
    for d in range(4):
        nt = cell_tile[cell + steps[d]]
        if nt < 0:
            continue
        no, nbase = tile_o[nt], tile_base[nt]
        for k in range(n_links[o, d]):
            seg_of[pairs] = link_seg[o, d, k]
            rt = root[nbase + seg_at[no, link_pos[o, d, k]]]
            root_of[pairs] = rt
            taint[pairs] = followers[rt].sum() > 0
            pairs += 1
    for i in range(16):
        occ[i] = False
    changed = True
    while changed:
        changed = False
        for p in range(pairs):
            if taint[p] and not occ[seg_of[p]]:
                occ[seg_of[p]] = True
                changed = True
            if occ[seg_of[p]] and not taint[p]:
                for p2 in range(pairs):
                    if root_of[p2] == root_of[p]:
                        taint[p2] = True
                changed = True


@nb.njit(cache=True)
def fits(sigs, need, steps, cell_tile, tile_o, o, cell):
    """Whether oriented tile ``o`` fits the neighbours of ``cell``."""
    for d in range(4):
        nt = cell_tile[cell + steps[d]]
        if nt >= 0:
            req = need[tile_o[nt], (d + 2) % 4]
            if req >= 0 and req != sigs[o, d]:
                return False
    return True


@nb.njit(cache=True)
def sample(sigs, need, seg_at, link_seg, link_pos, n_links, spots, n_spots, distinct,
           n_distinct, steps, cell_tile, open_cells, counts, tile_o, tile_base, root,
           followers, t, has_followers, mt_state, out, rots, n_rots, ends, seg_of, root_of,
           taint, occ):
    """``movegen.sample_move`` draw for draw: the same rejection sampler over (placement,
    choice) pairs, from the MT19937 state ``mt_state`` (``fast.mt``). Writes (cell, rotation,
    spot) into ``out``; returns False when tile type ``t`` fits nowhere. ``rots`` ..
    ``occ`` are scratch arrays (``Board.scratch``): a kernel allocates nothing per turn."""
    n_open = counts[2]
    total = 0
    for j in range(n_open):
        k = 0
        for q in range(n_distinct[t]):
            r = distinct[t, q]
            if fits(sigs, need, steps, cell_tile, tile_o, 4 * t + r, open_cells[j]):
                rots[j, k] = r
                k += 1
        n_rots[j] = k
        total += k
        ends[j] = total
    if total == 0:
        return False
    width = 1 + n_spots[4 * t] if has_followers else 1
    while True:
        v = mt.below(mt_state, total * width)
        pick, choice = v // width, v % width
        i = np.searchsorted(ends[:n_open], pick, side="right")
        r = rots[i, pick - ends[i] + n_rots[i]]
        cell = open_cells[i]
        out[0], out[1] = cell, r
        if choice == 0:
            out[2] = -1
            return True
        o = 4 * t + r
        spot = spots[o, choice - 1]
        occupied(seg_at, link_seg, link_pos, n_links, steps, cell_tile, tile_o, tile_base,
                 root, followers, o, cell, seg_of, root_of, taint, occ)
        if not occ[spot]:
            out[2] = spot
            return True
