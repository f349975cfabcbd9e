"""The kernel's figures that go on when their feature scores (``engine.moving``: ``on scored
F: move F within N to K, ...``, Abbey & Mayor's wagon).

When a feature holding such a figure scores on completion during the game, the figure waits
aside (``set_aside``, from ``scoring.score``); once the turn's scoring is done
(``state.finish_turn``), each waiting figure is a decision of its owner, the owners in turn
order from the mover (``begin``): home, or a node of the kinds within the reach (Chebyshev)
whose feature is incomplete and holds no figure that counts, on no square a neutral figure
``blocks`` (``options``). The moves are the Python engine's fast moves ``(DECIDE, 0, 0,
option)``, HOME first; ``state.decide`` makes them (``move``), and the turn ends once none is
left (``state.end_of_turn``).

Its table is ``TB[MOVE_TB]`` (``X_*``, then per figure its reach, -1: it does not move on,
and the kinds it may go to as bits); its state ``ST[MOVE_ST]`` (``S_*``, then the waiting
figures as (seat, figure code, square), the first pending, then the pending options).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.compile.facts import DECIDE
from carcdsl.compile.tables import Tables
from carcdsl.engine.moving import HOME
from carcdsl.engine.parts import MOVING
from carcdsl.fast import figures, neutral, targets
from carcdsl.fast.jit import JIT
from carcdsl.fast.layout import KIND_CENTRE, KK, NEUTRAL, OS, PARAMS, SEG_KIND
from carcdsl.fast.slots import (
    C_TILE,
    C_WATCH,
    CELLS,
    CTR,
    CURRENT,
    D_PENDING,
    DEC_ST,
    FIG_ST,
    N_PIECES,
    N_WATCHED,
    NFOL,
    NODES,
    NTILE,
    P_NODE,
    P_SEAT,
    ROOT,
    T_BASE,
    T_CELL,
    T_O,
    TILES_,
    WIDTH,
)

MOVE_TB, MOVE_ST = 22, 24
"""``TB[MOVE_TB]``: this module's table (after ``fast.owned``'s); ``ST[MOVE_ST]``: its state."""
X_ANY, X_WAIT, X_ROWS = range(3)
"""``TB[MOVE_TB]``: whether some figure goes on when scored (``Modes.moving``); how many
figures may wait at once; from ``X_ROWS`` per figure (reach, kinds mask)."""
S_PENDING, S_DECIDER, S_EXTRA, S_N_WAIT, S_N_OPT, S_WAIT = range(6)
"""``ST[MOVE_ST]``: whether a decision is pending and whose (``Decisions.decider``); whether
the turn gave an extra turn (``Decisions.resume``); how many figures wait and how many
options are pending; from ``S_WAIT`` the waiting figures, 3 entries each
(``Decisions.moving``), then the options (``Decisions.pending``)."""


def tables(tb: Tables, players: int) -> tuple[np.ndarray]:
    """``TB[MOVE_TB]``: per figure the first ``on scored`` rule's reach and kinds
    (``moving._options`` takes the first)."""
    modes = tb.modes
    rows = [-1, 0] * len(modes.figures)
    for f, reach, kinds in reversed(modes.moving):
        rows[2 * f], rows[2 * f + 1] = reach, sum(1 << k for k in kinds)
    wait = players * sum(modes.figures[f].supply_for(players) for f in {m[0] for m in modes.moving})
    return (np.array([int(bool(modes.moving)), wait, *rows], np.int64),)


@nb.njit(cache=True)
def state(TB, players):
    """``ST[MOVE_ST]`` (allocated once per batch): room for every figure that may wait and
    the options of one (every spot of the squares within the longest reach, and HOME)."""
    mt = TB[MOVE_TB]
    reach = 0
    for f in range((mt.shape[0] - X_ROWS) // 2):
        reach = max(reach, mt[X_ROWS + 2 * f])
    squares = (2 * reach + 1) * (2 * reach + 1)
    return (np.zeros(S_WAIT + 3 * mt[X_WAIT] + squares * TB[OS].shape[2] + 1, np.int64),)


@nb.njit(**JIT)
def reset(ST):
    """A new game: no figure waits, nothing pending."""
    ms = ST[MOVE_ST]
    ms[S_PENDING], ms[S_DECIDER], ms[S_EXTRA], ms[S_N_WAIT], ms[S_N_OPT] = 0, -1, 0, 0, 0


@nb.njit(**JIT)
def _options_at(TB):
    """Where ``ST[MOVE_ST]`` keeps the pending options."""
    return S_WAIT + 3 * TB[MOVE_TB][X_WAIT]


@nb.njit(**JIT)
def set_aside(TB, ST, r):
    """``moving.set_aside``: the figures on the feature of root ``r`` (scored on completion)
    that go on leave it, in the order placed, and wait with the square each stood on."""
    mt, ms = TB[MOVE_TB], ST[MOVE_ST]
    nodes, tiles, pf = ST[NODES], ST[TILES_], ST[FIG_ST][figures.PF_FIG]
    p = 0
    while p < ST[CTR][N_PIECES]:
        node, f = tiles[P_NODE, p], pf[p]
        if f == 0 or mt[X_ROWS + 2 * (f - 1)] < 0 or nodes[ROOT, node] != r:
            p += 1
            continue
        cell = tiles[T_CELL, nodes[NTILE, node]]
        seat, code = figures.remove(TB, ST, p)
        at = S_WAIT + 3 * ms[S_N_WAIT]
        ms[at], ms[at + 1], ms[at + 2] = seat, code, cell
        ms[S_N_WAIT] += 1


@nb.njit(**JIT)
def begin(TB, ST, extra):
    """``moving.begin``, after the turn's scoring: the waiting figures in turn order from
    the mover (a stable sort: a player's own in the order their features scored), the first
    decision offered; True when the turn waits for one (``extra`` kept for its end)."""
    ms = ST[MOVE_ST]
    players, now = ST[NFOL].shape[1], ST[CTR][CURRENT]
    for i in range(1, ms[S_N_WAIT]):
        at = S_WAIT + 3 * i
        seat, code, cell = ms[at], ms[at + 1], ms[at + 2]
        order = (seat - now + players) % players
        j = i - 1
        while j >= 0 and (ms[S_WAIT + 3 * j] - now + players) % players > order:
            b = S_WAIT + 3 * j
            ms[b + 3], ms[b + 4], ms[b + 5] = ms[b], ms[b + 1], ms[b + 2]
            j -= 1
        b = S_WAIT + 3 * (j + 1)
        ms[b], ms[b + 1], ms[b + 2] = seat, code, cell
    ms[S_EXTRA] = extra
    return offer(TB, ST)


@nb.njit(**JIT)
def offer(TB, ST):
    """``moving._offer``: the next waiting figure's decision, to its owner (a figure with
    nowhere to go goes home at once); True when one is pending."""
    ms = ST[MOVE_ST]
    while ms[S_N_WAIT]:
        seat, code = ms[S_WAIT], ms[S_WAIT + 1]
        if options(TB, ST, code, ms[S_WAIT + 2]):
            ms[S_PENDING], ms[S_DECIDER] = 1, seat
            ST[DEC_ST][D_PENDING] = 1
            return True
        _pop(ST)
        ST[figures.FC][code - 1, seat] += 1
    ms[S_PENDING], ms[S_DECIDER], ms[S_N_OPT] = 0, -1, 0
    ST[DEC_ST][D_PENDING] = 0
    return False


@nb.njit(**JIT)
def _pop(ST):
    """The first waiting figure leaves the queue (the rest keep their order)."""
    ms = ST[MOVE_ST]
    for q in range(S_WAIT, S_WAIT + 3 * (ms[S_N_WAIT] - 1)):
        ms[q] = ms[q + 3]
    ms[S_N_WAIT] -= 1


@nb.njit(**JIT)
def options(TB, ST, code, cell):
    """``moving._options``: HOME, then the nodes figure ``code`` that stood on ``cell`` may
    go on to, square by square row by row, then in the order of its spots on the tile;
    returns how many nodes (the options, HOME included, are pending when there are some)."""
    mt, ms = TB[MOVE_TB], ST[MOVE_ST]
    f = code - 1
    reach, mask = mt[X_ROWS + 2 * f], mt[X_ROWS + 2 * f + 1]
    at = _options_at(TB)
    ms[at] = HOME
    n = 1
    cells, tiles, nodes, spots = ST[CELLS], ST[TILES_], ST[NODES], TB[figures.FSPOTS]
    w, blocks = ST[CTR][WIDTH], TB[PARAMS][NEUTRAL]
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            c = cell + dx + dy * w
            tile = cells[C_TILE, c]
            if tile < 0 or (blocks and neutral.blocked(TB, ST, c)):
                continue
            o, base = tiles[T_O, tile], tiles[T_BASE, tile]
            for i in range(spots.shape[2]):
                local = spots[f, o, i]
                if local < 0:
                    break
                r = nodes[ROOT, base + local]
                if mask >> TB[OS][SEG_KIND, o, local] & 1 and targets._free(ST, r) \
                        and targets._open_now(TB, ST, r):
                    ms[at + n] = base + local
                    n += 1
    ms[S_N_OPT] = n
    return n - 1


@nb.njit(**JIT)
def move(TB, ST, option):
    """``moving.move``: the first waiting figure goes on to node ``option`` (HOME: home);
    the next one's decision is offered. True when one is pending."""
    ms = ST[MOVE_ST]
    seat, code = ms[S_WAIT], ms[S_WAIT + 1]
    _pop(ST)
    if option == HOME:
        ST[figures.FC][code - 1, seat] += 1
    else:
        _put(TB, ST, seat, option, code)
    return offer(TB, ST)


@nb.njit(**JIT)
def _put(TB, ST, seat, node, code):
    """``Features.put_follower`` of figure ``code`` onto ``node``: it counts by its strength,
    a piece at the end; with strength on a centre, the square is watched."""
    nodes, tiles, ctr, cells = ST[NODES], ST[TILES_], ST[CTR], ST[CELLS]
    strength = TB[figures.FIG_TB][code - 1, figures.STRENGTH]
    if strength:
        ST[NFOL][nodes[ROOT, node], seat] += strength
    p = ctr[N_PIECES]
    tiles[P_SEAT, p], tiles[P_NODE, p] = seat, node
    ST[FIG_ST][figures.PF_FIG, p] = code
    ctr[N_PIECES] += 1
    tile = nodes[NTILE, node]
    o, cell = tiles[T_O, tile], tiles[T_CELL, tile]
    kind = TB[OS][SEG_KIND, o, node - tiles[T_BASE, tile]]
    if strength and TB[KK][kind, KIND_CENTRE] and not cells[C_WATCH, cell]:
        cells[C_WATCH, cell] = 1
        ctr[N_WATCHED] += 1


@nb.njit(**JIT)
def pending(TB, ST):
    """Whether the pending decision is where a scored figure goes on."""
    return TB[MOVE_TB][X_ANY] > 0 and ST[MOVE_ST][S_PENDING] > 0


@nb.njit(**JIT)
def decider(TB, ST, seat):
    """``State.current``: the owner deciding where a figure goes on, the seat deciding a
    walk's step (``neutral.decider``), else ``seat``."""
    if pending(TB, ST):
        return ST[MOVE_ST][S_DECIDER]
    return neutral.decider(TB, ST, seat)


@nb.njit(**JIT)
def option_moves(TB, ST, buf):
    """``decisions.fast_moves`` of the pending decision: ``(DECIDE, 0, 0, option)`` rows,
    HOME first; returns how many."""
    ms = ST[MOVE_ST]
    at = _options_at(TB)
    for k in range(ms[S_N_OPT]):
        buf[k, 0], buf[k, 1], buf[k, 2], buf[k, 3] = DECIDE, 0, 0, ms[at + k]
    return ms[S_N_OPT]


def load(tb, st, state, cell) -> None:
    """``state``'s waiting figures and pending decision into ``st`` (``Kernel._load``)."""
    from carcdsl.engine.moving import SCORED

    ms, d = st[MOVE_ST], state.decisions
    ms[:] = 0
    ms[S_DECIDER] = -1
    for i, (seat, code, key) in enumerate(d.moving):
        ms[S_WAIT + 3 * i:S_WAIT + 3 * i + 3] = seat, code, cell(key)
    ms[S_N_WAIT] = len(d.moving)
    if d.resume is not None and d.resume[0] == SCORED:
        ms[S_EXTRA] = d.resume[1]
    if d.pending is not None and d.pending[0] == MOVING:
        at = S_WAIT + 3 * int(tb[MOVE_TB][X_WAIT])
        ms[S_PENDING], ms[S_DECIDER], ms[S_N_OPT] = 1, d.decider, len(d.pending[1])
        ms[at:at + len(d.pending[1])] = d.pending[1]
