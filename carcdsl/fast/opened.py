"""The kernel's ``engine.opened``: on a board of many open squares, the placements of the
drawn tile type counted and found through blocks of open squares, not a walk over all of
them each turn.

``movegen.fitting_rotations`` counts the placements of tile type ``t`` square by square over
the open list (``ST[OPENS]``' ``OPEN_CELL``, in the order the squares opened) and
``movegen.sample`` finds the ``pick``-th, counting each square's fitting rotations in
``TB[TT]``'s order. Once more than ``FROM`` squares are open (a normal game never has that
many), ``build`` gives every open square a *slot*, in the same order, and from then on every
square that opens takes the next slot (``append``); a filled square leaves a hole
(``remove``). Slots never move, so they keep the open list's order; there are at most as many
as squares ever opened. The slots go in blocks of ``SIZE`` and per block and tile type
``COUNTS`` holds how many rotations fit on its open squares, kept up to date as squares
open, learn what they require (``require``) and fill: ``total`` sums a tile type's counts
over the blocks and ``find`` walks the one block holding the pick. Same placements, same
order: the same games.

In ``ST[OPENS]``: ``SLOT_CELL`` (the square in a slot, -1: filled), ``COUNTS`` (block ``b``,
tile type ``t`` at ``b * types + t``), ``META`` (``ON``, ``N_SLOTS``, ``SIZE``); a square's
``C_OPEN`` is its slot + 1 while they are kept. ``state.reset`` turns them off. Owned tiles
that fit any side (``fast.owned``) never play the fast path, so never turn them on.
"""

from __future__ import annotations

import math

import numba as nb

from carcdsl.engine.opened import FROM
from carcdsl.fast.jit import JIT
from carcdsl.fast.layout import N_DISTINCT, O1, SIGP, TT
from carcdsl.fast.slots import (
    C_MASK,
    C_NEED,
    C_OPEN,
    CELLS,
    COUNTS,
    CTR,
    META,
    N_OPEN,
    OPEN_CELL,
    OPENS,
    SLOT_CELL,
)

ON, N_SLOTS, SIZE = range(3)
"""``ST[OPENS][META]``: whether the blocks are kept, slots given, slots a block holds."""
BLOCK = 64
"""Slots a block holds at least."""


@nb.njit(**JIT)
def width(open_cap, types):
    """``ST[OPENS]``' length for ``open_cap`` open squares: room for twice as many slots and
    for the counts of their blocks (``build`` makes a block at least ``2 * types`` slots)."""
    return 2 * open_cap + 2 * types + 8


@nb.njit(**JIT)
def on(ST):
    return ST[OPENS][META, ON] != 0


@nb.njit(**JIT)
def wanted(ST):
    """Whether the blocks are kept, or should be from now on (more than ``FROM`` open)."""
    return ST[OPENS][META, ON] != 0 or ST[CTR][N_OPEN] > FROM


@nb.njit(**JIT)
def fits(TB, ST, t, c):
    """How many rotations of tile type ``t`` fit on square ``c``."""
    cells, sigp, tt = ST[CELLS], TB[O1][SIGP], TB[TT]
    mask, need = cells[C_MASK, c], cells[C_NEED, c]
    k = 0
    for q in range(tt[t, N_DISTINCT]):
        if sigp[4 * t + tt[t, q]] & mask == need:
            k += 1
    return k


@nb.njit(**JIT)
def _count(TB, ST, c, slot, sign):
    """Square ``c`` (in ``slot``) counted into (1) or out of (-1) its block."""
    opens = ST[OPENS]
    types = TB[TT].shape[0]
    at = slot // opens[META, SIZE] * types
    for t in range(types):
        opens[COUNTS, at + t] += sign * fits(TB, ST, t, c)


@nb.njit(**JIT)
def build(TB, ST):
    """Slots and blocks for the open squares, in their order; kept from now on."""
    opens, ctr = ST[OPENS], ST[CTR]
    types = TB[TT].shape[0]
    opens[META, SIZE] = max(BLOCK, 2 * types, int(math.sqrt(opens.shape[1])))
    opens[COUNTS, :] = 0
    opens[META, N_SLOTS] = 0
    opens[META, ON] = 1
    for j in range(ctr[N_OPEN]):
        append(TB, ST, opens[OPEN_CELL, j])


@nb.njit(**JIT)
def append(TB, ST, c):
    """Square ``c`` opens: the next slot."""
    opens = ST[OPENS]
    s = opens[META, N_SLOTS]
    opens[META, N_SLOTS] = s + 1
    opens[SLOT_CELL, s] = c
    ST[CELLS][C_OPEN, c] = s + 1
    _count(TB, ST, c, s, 1)


@nb.njit(**JIT)
def remove(TB, ST, c):
    """Square ``c`` fills: its slot becomes a hole (before ``C_OPEN`` is cleared)."""
    s = ST[CELLS][C_OPEN, c] - 1
    ST[OPENS][SLOT_CELL, s] = -1
    _count(TB, ST, c, s, -1)


@nb.njit(**JIT)
def require(TB, ST, c, m, v):
    """Empty square ``c`` learns what a side requires (``C_MASK |= m``, ``C_NEED |= v``);
    an open one is counted again in its block."""
    cells = ST[CELLS]
    counted = ST[OPENS][META, ON] != 0 and cells[C_OPEN, c] != 0
    if counted:
        _count(TB, ST, c, cells[C_OPEN, c] - 1, -1)
    cells[C_MASK, c] |= m
    cells[C_NEED, c] |= v
    if counted:
        _count(TB, ST, c, cells[C_OPEN, c] - 1, 1)


@nb.njit(**JIT)
def total(TB, ST, t):
    """The placements of tile type ``t``: its fitting rotations over the open squares."""
    opens = ST[OPENS]
    types, size = TB[TT].shape[0], opens[META, SIZE]
    n = 0
    for b in range((opens[META, N_SLOTS] + size - 1) // size):
        n += opens[COUNTS, b * types + t]
    return n


@nb.njit(**JIT)
def find(TB, ST, t, pick):
    """(square, rotation) of placement ``pick`` (0 <= pick < ``total``) of ``t``, counted
    square by square in the open list's order, rotations in ``TB[TT]``'s."""
    opens, cells, sigp, tt = ST[OPENS], ST[CELLS], TB[O1][SIGP], TB[TT]
    types, size = tt.shape[0], opens[META, SIZE]
    b = 0
    while pick >= opens[COUNTS, b * types + t]:
        pick -= opens[COUNTS, b * types + t]
        b += 1
    for s in range(b * size, min((b + 1) * size, opens[META, N_SLOTS])):
        c = opens[SLOT_CELL, s]
        if c < 0:
            continue
        mask, need = cells[C_MASK, c], cells[C_NEED, c]
        for q in range(tt[t, N_DISTINCT]):
            r = tt[t, q]
            if sigp[4 * t + r] & mask == need:
                if pick == 0:
                    return c, r
                pick -= 1
    return -1, -1
