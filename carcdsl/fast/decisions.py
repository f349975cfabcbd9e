"""The kernel's decisions between moves and figures held by other players
(``engine.decisions``): a capture a rule offers once the tile and its figure are down
(``capture F, ... in line EXPR`` after ``on figure G``), a ransom offered beside the
placements once a turn (``ransom N``), prisoners and their exchange.

The moves are the Python engine's fast moves ``(DECIDE, 0, 0, option)``: a capture's option
is a piece's index (``NONE``: nothing taken), a ransom's ``RANSOM + holder << 6 | figure
code``. Its state is ``ST[DEC_ST]`` (``slots.D_*``: whether a capture is pending and its
options, whether the mover paid a ransom this turn, the turn's rest) and ``ST[HELD_ST]`` (per
seat, the figures it holds, first captured first); its table ``TB[DEC_TB]`` (``T_*``).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.compile.expr import OWN
from carcdsl.compile.facts import DECIDE
from carcdsl.compile.tables import Tables
from carcdsl.engine.parts import NONE, RANSOM
from carcdsl.fast import effects, figures, moving, neutral
from carcdsl.fast.jit import I64, JIT
from carcdsl.fast.layout import CODE, FIG_TB, FOLLOWERS, PARAMS, SLOTS, SUPPLY
from carcdsl.fast.measure import measure
from carcdsl.fast.movegen import list_moves
from carcdsl.fast.program import run
from carcdsl.fast.slots import (
    CTR,
    D_ASK_NODE,
    D_ASK_ROOT,
    D_ASKED,
    D_HELD_N,
    D_N_OPTIONS,
    D_PENDING,
    D_RANSOMED,
    DEC_ST,
    FIG_ST,
    FINISHED,
    HELD_ST,
    LEFT,
    MOVES,
    N_MOVES,
    N_PIECES,
    NODES,
    NTILE,
    P_NODE,
    ROOT,
    SCRATCH,
    SEATS,
    STACK_ROW,
    T_CELL,
    TILES_,
    VALUES,
    WIDTH,
    emit,
)

DEC_TB = 20
"""``TB[DEC_TB]``: ``T_PRICE`` (``Modes.ransom``), ``T_NAME`` (the ransom's scoring name,
``effects.event_names``), then ``fast.neutral``'s table (``neutral.NEU_TB`` is this slot)."""
T_PRICE, T_NAME = range(2)
SHIFT = 6


def tables(tb: Tables, players: int) -> tuple[np.ndarray]:
    """The array of ``TB`` this module owns, ``fast.neutral``'s table after its two
    entries."""
    names = effects.event_names(tb)
    out = neutral.tables(tb, players)
    out[T_PRICE], out[T_NAME] = tb.modes.ransom, names.index("ransom") if tb.modes.ransom else -1
    return (out,)


@nb.njit(cache=True)
def state(TB, players):
    """The two arrays of ``ST`` this module owns (allocated once per batch)."""
    fk = TB[FIG_TB]
    each = TB[PARAMS][FOLLOWERS]
    for f in range(fk.shape[0]):
        each += fk[f, figures.EACH]
    pieces = TB[SUPPLY].shape[0] + 3
    own = D_HELD_N + players + pieces + 1  # then ``fast.neutral``'s (``neutral.mine``)
    return (np.zeros(own + TB[DEC_TB][neutral.X_SIZE], np.int64),
            np.zeros((players, players * each + 1), np.int64))


@nb.njit(**JIT)
def reset(ST):
    """A new game: nothing pending, asked or held."""
    dc = ST[DEC_ST]
    for i in range(D_HELD_N + ST[HELD_ST].shape[0]):
        dc[i] = 0
    dc[D_ASKED] = -1


@nb.njit(**JIT)
def _supply_of(ST, code, seat, n):
    """``Seats.supply_of(code)[seat] += n``."""
    if code:
        ST[figures.FC][code - 1, seat] += n
    else:
        ST[SEATS][LEFT, seat] += n


@nb.njit(**JIT)
def offer_capture(TB, ST):
    """``decisions.offer_capture`` of the capture a rule asked for (``D_ASKED``): the pieces
    in line with the placed figure's square at most the reach away, measured on its feature;
    pending when there is one. Returns whether one is pending."""
    dc = ST[DEC_ST]
    row, col = dc[D_ASKED] >> 8, dc[D_ASKED] & 255
    dc[D_ASKED] = -1
    rule = effects.rule_row(TB, row)
    mask, at, sizes = rule[col + 1], rule[col + 2], rule[col + 3]
    root, node = ST[NODES][ROOT, dc[D_ASK_ROOT]], dc[D_ASK_NODE]
    values, slots = ST[SCRATCH][VALUES], TB[SLOTS]
    for q in range(sizes >> 16):
        code = slots[at, 0, q, 0]
        values[q] = 0 if code == OWN else measure(TB, ST, root, code, slots[at, 0, q, 1])
    distance = run(TB[CODE][at, 0], sizes & 65535, values, ST[SCRATCH][STACK_ROW])
    nodes, tiles, pf, fk = ST[NODES], ST[TILES_], ST[FIG_ST][figures.PF_FIG], TB[FIG_TB]
    w = ST[CTR][WIDTH]
    c0 = tiles[T_CELL, nodes[NTILE, node]]
    x0, y0 = c0 % w, c0 // w
    placed = ST[CTR][N_PIECES] - 1
    n = 0
    for i in range(placed):
        figure = pf[i] if fk.shape[0] else 0
        if not (mask >> figure & 1 or mask & 1 and figure and fk[figure - 1, figures.COUNTS]):
            continue
        c = tiles[T_CELL, nodes[NTILE, tiles[P_NODE, i]]]
        x, y = c % w, c // w
        if (x == x0 and abs(y - y0) <= distance) or (y == y0 and abs(x - x0) <= distance):
            if n == 0:
                dc[_options(ST)] = NONE
                n = 1
            dc[_options(ST) + n] = i
            n += 1
    dc[D_N_OPTIONS] = n
    dc[D_PENDING] = n > 0
    return n > 0


@nb.njit(**JIT)
def _options(ST):
    """Where ``ST[DEC_ST]`` keeps a pending capture's options."""
    return D_HELD_N + ST[HELD_ST].shape[0]


@nb.njit(**JIT)
def capture(TB, ST, option, mover):
    """``decisions.capture``: the mover takes piece ``option`` (NONE: nothing); its own goes
    home, another player's is held by the mover, or exchanged for the first figure of the
    mover's that its owner holds."""
    dc = ST[DEC_ST]
    dc[D_PENDING] = 0
    if option == NONE:
        return
    owner, figure = figures.remove(TB, ST, option)
    if owner == mover:
        _supply_of(ST, figure, owner, I64(1))
        return
    held = ST[HELD_ST]
    for h in range(dc[D_HELD_N + owner]):
        if held[owner, h] >> SHIFT == mover:  # exchanged: both go home
            mine = held[owner, h] & ((1 << SHIFT) - 1)
            _drop(ST, owner, h)
            _supply_of(ST, mine, mover, I64(1))
            _supply_of(ST, figure, owner, I64(1))
            return
    held[mover, dc[D_HELD_N + mover]] = owner << SHIFT | figure
    dc[D_HELD_N + mover] += 1


@nb.njit(**JIT)
def _drop(ST, seat, h):
    """Entry ``h`` of what ``seat`` holds leaves (the rest keep their order)."""
    held, dc = ST[HELD_ST], ST[DEC_ST]
    for q in range(h, dc[D_HELD_N + seat] - 1):
        held[seat, q] = held[seat, q + 1]
    dc[D_HELD_N + seat] -= 1


@nb.njit(**JIT)
def ransoms(TB, ST, seat, n):
    """``decisions.ransoms``: the ransoms ``seat`` may pay now, one per (holder, figure
    code), as moves into ``ST[MOVES]`` from row ``n``; returns the new count."""
    dc, held, buf = ST[DEC_ST], ST[HELD_ST], ST[MOVES]
    if not TB[DEC_TB][T_PRICE] or dc[D_RANSOMED] or dc[D_PENDING] or ST[CTR][FINISHED]:
        return n
    first = n
    for holder in range(held.shape[0]):
        for h in range(dc[D_HELD_N + holder]):
            if held[holder, h] >> SHIFT != seat:
                continue
            option = RANSOM + (holder << SHIFT | held[holder, h] & ((1 << SHIFT) - 1))
            seen = False
            for k in range(first, n):
                seen |= buf[k, 3] == option
            if not seen:
                buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3] = DECIDE, 0, 0, option
                n += 1
    return n


@nb.njit(**JIT)
def offered(TB, ST, seat):
    """Whether the random bot lists every move this turn (``sample_move``): a decision is
    pending (a capture, a walk's step, where a scored figure goes on), a ransom is offered,
    or the rules have targets or ``place F anywhere``."""
    return ST[DEC_ST][D_PENDING] > 0 or TB[neutral.NEU_TB][neutral.X_LIST_ALL] > 0 or \
        ransoms(TB, ST, seat, I64(0)) > 0


@nb.njit(**JIT)
def all_moves(TB, ST, seat):
    """``iter_moves`` while decisions are offered: the pending decision's options (a walk's
    steps, a scored figure's next spots: ``fast.moving``, a capture's), else the ransoms then
    every placement's moves (``movegen.list_moves``), into ``ST[MOVES]``; returns how many."""
    dc, buf = ST[DEC_ST], ST[MOVES]
    if dc[D_PENDING] and neutral.walking(TB, ST):
        return neutral.step_moves(TB, ST, buf)
    if dc[D_PENDING] and moving.pending(TB, ST):
        return moving.option_moves(TB, ST, buf)
    if dc[D_PENDING]:
        for k in range(dc[D_N_OPTIONS]):
            buf[k, 0], buf[k, 1], buf[k, 2] = DECIDE, 0, 0
            buf[k, 3] = dc[_options(ST) + k]
        return dc[D_N_OPTIONS]
    r = ransoms(TB, ST, seat, I64(0))
    m = list_moves(TB, ST, seat)
    for k in range(m - 1, -1, -1):
        for i in range(4):
            buf[r + k, i] = buf[k, i]
    ransoms(TB, ST, seat, I64(0))
    return r + m


@nb.njit(**JIT)
def pay_ransom(TB, ST, OUT, LOG, g, option, mover):
    """``decisions.pay_ransom``: the mover pays the holder and takes the figure back."""
    dc, held = ST[DEC_ST], ST[HELD_ST]
    holder, figure = (option - RANSOM) >> SHIFT, (option - RANSOM) & ((1 << SHIFT) - 1)
    for h in range(dc[D_HELD_N + holder]):
        if held[holder, h] == mover << SHIFT | figure:
            _drop(ST, holder, h)
            break
    _supply_of(ST, figure, mover, I64(1))
    dc[D_RANSOMED] = 1
    price, name, index = TB[DEC_TB][T_PRICE], TB[DEC_TB][T_NAME], ST[CTR][N_MOVES]
    emit(ST, OUT, LOG, g, index, mover, name, I64(0), -price)
    emit(ST, OUT, LOG, g, index, holder, name, I64(0), price)
