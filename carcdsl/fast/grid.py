"""The kernel's grid (``engine.grid``): placing a tile and joining it to its neighbours'
features, the open squares in the order they opened, and the squares around one.

A square is a cell of the W x W grid (``fast.boards``). ``ST[CELLS]`` keeps per cell its tile,
what the tiles beside an empty one require of it (``C_MASK``/``C_NEED``, over the packed side
signatures) and whether a centre on it is watched; ``ST[OPENS]`` the open cells, in the order
they opened (``Grid.fitting``'s). ``place_endless`` places on an endless table; a limited
board's squares (off the board, latent, printed) are ``fast.boards``', which
``place_limited`` calls.
"""

from __future__ import annotations

import numba as nb

from carcdsl.fast import boards, opened
from carcdsl.fast.features import union
from carcdsl.fast.jit import JIT, PY
from carcdsl.fast.layout import (
    LINK_COUNTS,
    LINK_POS,
    LINK_SEG,
    N_LINKS,
    N_SEG,
    NEEDM,
    NEEDV,
    O1,
    O4,
    OL,
    OS,
    SEG_AT,
    SEG_ATTR,
    SEG_OPEN,
    SEG_PEN,
    WATCHED,
)
from carcdsl.fast.slots import (
    C_OPEN,
    C_TILE,
    C_WATCH,
    CELLS,
    CTR,
    GEO,
    N_NODES,
    N_OPEN,
    N_TILES,
    N_WATCHED,
    NATTR,
    NODES,
    NTILE,
    NXT,
    OPEN_CELL,
    OPEN_ENDS,
    OPENS,
    PENNANTS,
    ROOT,
    SCRATCH,
    SIZE,
    T_BASE,
    T_CELL,
    T_O,
    TILES_,
)


@nb.njit(**PY)
def place(TB, ST, o, cell):
    """``Grid.place``: ``place_endless``, or on a limited board ``place_limited``. (``apply``
    chooses for itself: with the choice made in a function it calls, base + farmers lost 8 %
    of its speed.)"""
    if TB[boards.LISTS_TB][boards.LIMITED]:
        return place_limited(TB, ST, o, cell)
    return place_endless(TB, ST, o, cell)


@nb.njit(**JIT)
def new_tile(TB, ST, o, cell):
    """The first half of ``Grid.place``: the tile's nodes, and its square leaves the open
    list (the rest keep their order). Returns the first node."""
    cells, nodes, nattr, tiles, ctr, opens = (ST[CELLS], ST[NODES], ST[NATTR], ST[TILES_],
                                               ST[CTR], ST[OPENS])
    o1, os_, seg_attr = TB[O1], TB[OS], TB[SEG_ATTR]
    tile = ctr[N_TILES]
    base = ctr[N_NODES]
    ctr[N_TILES] += 1
    ctr[N_NODES] += o1[N_SEG, o]
    tiles[T_O, tile], tiles[T_BASE, tile], tiles[T_CELL, tile] = o, base, cell
    cells[C_TILE, cell] = tile
    if o1[WATCHED, o] and not cells[C_WATCH, cell]:  # a centre ``on complete`` rules name
        cells[C_WATCH, cell] = 1
        ctr[N_WATCHED] += 1
    for i in range(o1[N_SEG, o]):
        n = base + i
        nodes[ROOT, n], nodes[NXT, n], nodes[SIZE, n], nodes[NTILE, n] = n, n, 1, tile
        nodes[OPEN_ENDS, n], nodes[PENNANTS, n] = os_[SEG_OPEN, o, i], os_[SEG_PEN, o, i]
        for a in range(seg_attr.shape[2]):
            nattr[n, a] = seg_attr[o, i, a]
    if cells[C_OPEN, cell]:  # (a printed tile goes on a square that is not open)
        if opened.on(ST):
            opened.remove(TB, ST, cell)
        cells[C_OPEN, cell] = 0
        n = ctr[N_OPEN]
        j = 0
        while opens[OPEN_CELL, j] != cell:
            j += 1
        for k in range(j, n - 1):
            opens[OPEN_CELL, k] = opens[OPEN_CELL, k + 1]
        ctr[N_OPEN] = n - 1
    return base


@nb.njit(**JIT)
def join_side(TB, ST, o, d, base, nt):
    """The links across side ``d`` to the placed tile ``nt``: each joins two features and
    closes the two ends it counts."""
    nodes, tiles, o4, ol, seg_at = ST[NODES], ST[TILES_], TB[O4], TB[OL], TB[SEG_AT]
    no, nbase = tiles[T_O, nt], tiles[T_BASE, nt]
    for k in range(o4[N_LINKS, o, d]):
        a = nodes[ROOT, base + ol[LINK_SEG, o, d, k]]
        b = nodes[ROOT, nbase + seg_at[no, ol[LINK_POS, o, d, k]]]
        if a != b:
            a = union(ST, a, b)
        if ol[LINK_COUNTS, o, d, k]:
            nodes[OPEN_ENDS, a] -= 2


@nb.njit(**JIT)
def place_endless(TB, ST, o, cell):
    """``Grid.place``: new nodes, the square leaves the open list (order kept), squares
    around it open (N E S W) or learn what they require, links joined. Returns the first
    node."""
    cells, o4 = ST[CELLS], TB[O4]
    steps = ST[SCRATCH][GEO]
    base = new_tile(TB, ST, o, cell)
    for d in range(4):
        nc = cell + steps[d]
        nt = cells[C_TILE, nc]
        if nt < 0:
            if not cells[C_OPEN, nc]:
                boards.open_square(TB, ST, nc)
            opened.require(TB, ST, nc, o4[NEEDM, o, d], o4[NEEDV, o, d])
            continue
        join_side(TB, ST, o, d, base, nt)
    return base


@nb.njit(**JIT)
def place_limited(TB, ST, o, cell):
    """``place_endless`` on a limited board (``fast.boards``): empty squares around may be
    off the board (a closing edge closes what faces it) or latent (next to printed tiles
    only), and a tile meeting a printed big city opens the squares around it."""
    cells, tiles = ST[CELLS], ST[TILES_]
    steps = ST[SCRATCH][GEO]
    base = new_tile(TB, ST, o, cell)
    for d in range(4):
        nc = cell + steps[d]
        nt = cells[C_TILE, nc]
        if nt < 0:
            boards.empty_side(TB, ST, o, base, d, nc)
            continue
        boards.reach(TB, ST, o, tiles[T_O, nt], nc)
        join_side(TB, ST, o, d, base, nt)
    return base


@nb.njit(**JIT)
def neighbours(ST, cell):
    """``Grid.neighbours``: the filled squares of the eight around ``cell``."""
    cells, geo = ST[CELLS], ST[SCRATCH][GEO]
    n = 0
    for q in range(4, 12):
        if cells[C_TILE, cell + geo[q]] >= 0:
            n += 1
    return n


@nb.njit(**JIT)
def surrounded(ST, cell):
    """``Grid.surrounded``: all eight squares around ``cell`` are filled."""
    cells, geo = ST[CELLS], ST[SCRATCH][GEO]
    for q in range(4, 12):
        if cells[C_TILE, cell + geo[q]] < 0:
            return False
    return True
