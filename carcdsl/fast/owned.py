"""The kernel's tiles a player owns (``engine.owned``: ``supply { each player owns N TILE }``)
and sides that fit any (``fits any``, ``Tables.wild_sides``: ``engine.grid._wild_between``,
``engine.scoring.faced_by_wild``).

A player who holds an owned tile may play it instead of the drawn tile, which stays on the
pile; once the pile is empty each seat still holding one gets a last turn, in turn order from
the seat after the last tile's placer (``last_turn``): a placement, or keeping the tile
(``KEEP``, ``state.keep``). Its table is ``TB[OWN_TB]`` (``X_*``, then per owned tile type
its index and count, then per oriented tile its wild sides as a N E S W mask), its state
``ST[OWN_ST]`` (``S_*``, the queue of last turns, then per seat how many of each owned type
it holds).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.compile.tables import Tables
from carcdsl.engine.owned import KEEP
from carcdsl.fast import boards, effects
from carcdsl.fast.grid import join_side, new_tile
from carcdsl.fast.jit import JIT
from carcdsl.fast.layout import (
    LINK_COUNTS,
    LINK_SEG,
    N_DISTINCT,
    N_LINKS,
    NEEDM,
    NEEDV,
    O1,
    O4,
    OL,
    SIG_BITS,
    SIGP,
    TT,
)
from carcdsl.fast.requirements import passes
from carcdsl.fast.slots import (
    C_MASK,
    C_NEED,
    C_TILE,
    CELLS,
    CTR,
    CURRENT,
    GEO,
    N_OPEN,
    N_PILE,
    NODES,
    OPEN_CELL,
    OPEN_ENDS,
    OPENS,
    PILE,
    ROOT,
    SCRATCH,
    T_BASE,
    T_O,
    TILES_,
)

__all__ = ["KEEP", "OWN_ST", "OWN_TB"]

OWN_TB, OWN_ST = 21, 23
"""``TB[OWN_TB]``: this module's table (after ``fast.decisions``'); ``ST[OWN_ST]``: its state."""
X_TYPES, X_WILD, X_BASE = range(3)
"""``TB[OWN_TB]``: how many owned tile types; whether some side fits any; the first entry of
the (type, count) pairs, after which come the wild sides per oriented tile."""
S_STARTED, S_HEAD, S_LEN, S_QUEUE = range(4)
"""``ST[OWN_ST]``: whether the last turns began (``Supply.closing`` is not None), the queue's
head and length (``Supply.closing``), then the queue (one entry per seat) and the held
counts (``Supply.owned``)."""


def tables(tb: Tables, players: int) -> tuple[np.ndarray]:
    """``TB[OWN_TB]``."""
    owned = tb.modes.owned
    wild = list(tb.wild_sides) or [0] * len(tb.sigs)
    head = [len(owned), int(any(wild))]
    pairs = [x for t, n in owned for x in (t, n)]
    return (np.array(head + pairs + wild, np.int64),)


@nb.njit(cache=True)
def state(TB, players):
    """``ST[OWN_ST]`` (allocated once per batch)."""
    return (np.zeros(S_QUEUE + players + players * max(1, TB[OWN_TB][X_TYPES]), np.int64),)


@nb.njit(cache=True)
def extra_tiles(TB, players):
    """How many tiles the players own in all: placed beside the pile's (``state.new_state``
    sizes the board's stacks by them)."""
    ot = TB[OWN_TB]
    n = 0
    for k in range(ot[X_TYPES]):
        n += ot[X_BASE + 2 * k + 1]
    return n * players


@nb.njit(**JIT)
def reset(TB, ST):
    """``owned.deal``: every seat holds the owned tiles; no last turn has begun."""
    ot, os_ = TB[OWN_TB], ST[OWN_ST]
    n = ot[X_TYPES]
    players = (os_.shape[0] - S_QUEUE) // (1 + max(1, n))
    os_[S_STARTED], os_[S_HEAD], os_[S_LEN] = 0, 0, 0
    for s in range(players):
        for k in range(n):
            os_[S_QUEUE + players + s * n + k] = ot[X_BASE + 2 * k + 1]


@nb.njit(**JIT)
def _held_at(ST, TB, seat, k):
    """Where ``ST[OWN_ST]`` counts seat ``seat``'s owned tiles of the ``k``-th type."""
    n = TB[OWN_TB][X_TYPES]
    players = (ST[OWN_ST].shape[0] - S_QUEUE) // (1 + max(1, n))
    return S_QUEUE + players + seat * n + k


@nb.njit(**JIT)
def kinds(TB):
    """How many owned tile types the rules have (``held_type`` takes ``k`` below it)."""
    return TB[OWN_TB][X_TYPES]


@nb.njit(**JIT)
def held_type(TB, ST, seat, k, drawn):
    """``owned.types``' ``k``-th entry for ``seat``, -1 when it holds none of that type or it
    is the drawn tile's type (whose placements come first: ``moves_tail``)."""
    t = TB[OWN_TB][X_BASE + 2 * k]
    if t == drawn or ST[OWN_ST][_held_at(ST, TB, seat, k)] == 0:
        return -1
    return t


@nb.njit(**JIT)
def drawn_tile(ST):
    """The drawn tile (the pile's top), -1 when the pile is empty."""
    n = ST[CTR][N_PILE]
    return ST[TILES_][PILE, n - 1] if n else -1


@nb.njit(**JIT)
def _index(TB, t):
    ot = TB[OWN_TB]
    for k in range(ot[X_TYPES]):
        if ot[X_BASE + 2 * k] == t:
            return k
    return -1


@nb.njit(**JIT)
def playing(TB, ST, seat, t):
    """``owned.playing``: whether a move of ``t`` plays the mover's owned tile rather than
    the drawn one (the drawn tile comes first when it is of the same type)."""
    k = _index(TB, t)
    if k < 0 or ST[OWN_ST][_held_at(ST, TB, seat, k)] == 0:
        return False
    return drawn_tile(ST) != t


@nb.njit(**JIT)
def take(TB, ST, seat, t):
    """``owned.take``: ``seat`` plays its owned tile ``t``; in the last turns, its turn is
    used."""
    os_ = ST[OWN_ST]
    os_[_held_at(ST, TB, seat, _index(TB, t))] -= 1
    if os_[S_LEN]:
        os_[S_HEAD] += 1
        os_[S_LEN] -= 1


@nb.njit(**JIT)
def closing(ST):
    """``Supply.closing`` holds a seat: a last turn is being played."""
    return ST[OWN_ST][S_LEN] > 0


@nb.njit(**JIT)
def fits(TB, ST, o, cell):
    """Whether oriented tile ``o`` fits its neighbours on ``cell``, a side that fits any
    meeting any side (``Tables.fit_entry``)."""
    cells = ST[CELLS]
    wild = TB[OWN_TB][X_BASE + 2 * TB[OWN_TB][X_TYPES] + o]
    ignore = 0
    for d in range(4):
        if wild >> d & 1:
            ignore |= ((1 << SIG_BITS) - 1) << (SIG_BITS * d)
    return (TB[O1][SIGP, o] ^ cells[C_NEED, cell]) & cells[C_MASK, cell] & ~ignore == 0


@nb.njit(**JIT)
def can_place(TB, ST, t):
    """``movegen.can_place`` of owned tile type ``t``: some open square takes some rotation
    that fits and passes the requirements."""
    ctr, opens, tt = ST[CTR], ST[OPENS], TB[TT]
    for j in range(ctr[N_OPEN]):
        c = opens[OPEN_CELL, j]
        for q in range(tt[t, N_DISTINCT]):
            o = 4 * t + tt[t, q]
            if fits(TB, ST, o, c) and passes(TB, ST, o, c):
                return True
    return False


@nb.njit(**JIT)
def last_turn(TB, ST):
    """``owned.last_turn``: the pile is empty; whether a seat's last turn comes (it is then
    the player to move), else the game may end."""
    os_, ctr = ST[OWN_ST], ST[CTR]
    n = TB[OWN_TB][X_TYPES]
    players = (os_.shape[0] - S_QUEUE) // (1 + max(1, n))
    if not os_[S_STARTED]:
        os_[S_STARTED] = 1
        misc = ST[effects.MISC]
        start = ctr[CURRENT] + 1 if misc[effects.IN_EXTRA] else ctr[CURRENT]
        for i in range(players):
            s = (start + i) % players
            for k in range(n):
                if os_[_held_at(ST, TB, s, k)]:
                    os_[S_QUEUE + os_[S_LEN]] = s
                    os_[S_LEN] += 1
                    break
    while os_[S_LEN]:
        seat = os_[S_QUEUE + os_[S_HEAD]]
        ctr[CURRENT] = seat
        ST[effects.MISC][effects.IN_EXTRA] = 0
        for k in range(n):
            if os_[_held_at(ST, TB, seat, k)] and can_place(TB, ST, TB[OWN_TB][X_BASE + 2 * k]):
                return True
        os_[S_HEAD] += 1
        os_[S_LEN] -= 1
    return False


@nb.njit(**JIT)
def keep(TB, ST):
    """``owned.keep``: the player to move keeps their first owned tile held; returns its
    type (the caller logs it as a discard)."""
    os_ = ST[OWN_ST]
    seat = ST[CTR][CURRENT]
    for k in range(TB[OWN_TB][X_TYPES]):
        at = _held_at(ST, TB, seat, k)
        if os_[at]:
            os_[at] -= 1
            os_[S_HEAD] += 1
            os_[S_LEN] -= 1
            return TB[OWN_TB][X_BASE + 2 * k]
    return -1


@nb.njit(**JIT)
def _wild(TB, o):
    return TB[OWN_TB][X_BASE + 2 * TB[OWN_TB][X_TYPES] + o]


@nb.njit(**JIT)
def wild_between(TB, ST, o, d, base, nt):
    """``grid._wild_between``: whether a side that fits any lies across side ``d`` between
    ``o`` (just placed, first node ``base``) and placed tile ``nt``; then nothing joins, and
    the other side's ends there close."""
    nodes, tiles, o4, ol = ST[NODES], ST[TILES_], TB[O4], TB[OL]
    no, nbase = tiles[T_O, nt], tiles[T_BASE, nt]
    back = (d + 2) % 4
    mine, theirs = _wild(TB, o) >> d & 1, _wild(TB, no) >> back & 1
    if not mine and not theirs:
        return False
    if mine and not theirs:
        for k in range(o4[N_LINKS, no, back]):
            if ol[LINK_COUNTS, no, back, k]:
                nodes[OPEN_ENDS, nodes[ROOT, nbase + ol[LINK_SEG, no, back, k]]] -= 1
    elif theirs and not mine:
        for k in range(o4[N_LINKS, o, d]):
            if ol[LINK_COUNTS, o, d, k]:
                nodes[OPEN_ENDS, nodes[ROOT, base + ol[LINK_SEG, o, d, k]]] -= 1
    return True


@nb.njit(**JIT)
def faced_node(TB, ST, o, cell, i):
    """``scoring.faced_by_wild``' ``i``-th node (-1: past the last): the neighbours' nodes
    whose ends the wild sides of ``o`` on ``cell`` have just closed, side by side, N E S W."""
    cells, tiles, o4, ol, geo = ST[CELLS], ST[TILES_], TB[O4], TB[OL], ST[SCRATCH][GEO]
    wild = _wild(TB, o)
    n = 0
    for d in range(4):
        nt = cells[C_TILE, cell + geo[d]]
        back = (d + 2) % 4
        if not wild >> d & 1 or nt < 0:
            continue
        no, nbase = tiles[T_O, nt], tiles[T_BASE, nt]
        if _wild(TB, no) >> back & 1:
            continue
        for k in range(o4[N_LINKS, no, back]):
            if ol[LINK_COUNTS, no, back, k]:
                if n == i:
                    return nbase + ol[LINK_SEG, no, back, k]
                n += 1
    return -1


@nb.njit(**JIT)
def place(TB, ST, o, cell):
    """``grid.place_endless`` (``grid.place_limited`` on a limited board) where some side fits
    any: across such a side nothing joins (``wild_between``). Returns the first node."""
    cells, o4, tiles = ST[CELLS], TB[O4], ST[TILES_]
    steps = ST[SCRATCH][GEO]
    limited = TB[boards.LISTS_TB][boards.LIMITED]
    base = new_tile(TB, ST, o, cell)
    for d in range(4):
        nc = cell + steps[d]
        nt = cells[C_TILE, nc]
        if nt < 0 and limited:
            boards.empty_side(TB, ST, o, base, d, nc)
        elif nt < 0:
            if not boards.is_open(ST, nc):
                boards.open_square(TB, ST, nc)
            cells[C_MASK, nc] |= o4[NEEDM, o, d]
            cells[C_NEED, nc] |= o4[NEEDV, o, d]
        else:
            if limited:
                boards.reach(TB, ST, o, tiles[T_O, nt], nc)
            if not wild_between(TB, ST, o, d, base, nt):
                join_side(TB, ST, o, d, base, nt)
    return base


def load(st, state) -> None:
    """``state``'s owned tiles (``Supply.owned``, ``Supply.closing``) into ``st``."""
    os_, supply = st[OWN_ST], state.supply
    owned = state.tables.modes.owned
    players = len(supply.owned)
    for s, held in enumerate(supply.owned):
        for k, (t, _) in enumerate(owned):
            os_[S_QUEUE + players + s * len(owned) + k] = held.count(t)
    closing = supply.closing
    os_[S_STARTED], os_[S_HEAD] = closing is not None, 0
    os_[S_LEN] = len(closing or ())
    os_[S_QUEUE:S_QUEUE + len(closing or ())] = closing or ()
