"""The kernel's placement requirements (``engine.requirements``): the river's ``joins``,
``no-repeat``, ``look-ahead`` and ``apart``, each under ``shows``, ``covers`` or
``surrounded``: whether a placement passes them, and the turns a path makes that
``no-repeat`` remembers.

Their rows are laid out by ``fast.effects`` with the other rules' (``TB[RULES]``, after the
``on place`` and ``on complete`` rules and the token kinds, ``Q_*`` columns; what each
oriented tile shows, ``TB[PER_TILE]``), and the turns are kept in its state (``ST[MISC]``,
from ``turns_at``): ``effects.tables`` builds the one layout of every rule row.
"""

from __future__ import annotations

import numba as nb

from carcdsl.compile.modes import (
    APART,
    AT_LEAST,
    AT_MOST,
    HOLE,
    JOINS,
    LOOK_AHEAD,
    NO_REPEAT,
    SHOWS,
    SURROUNDED,
)
from carcdsl.fast import boards
from carcdsl.fast.effects import (
    H_COMPLETE,
    H_KINDS,
    H_REQUIREMENTS,
    H_TOKENS,
    H_TRIGGERS,
    MISC,
    PER_TILE,
    Q_COND,
    Q_DISTANCE,
    Q_KIND,
    Q_SHOWN,
    Q_TEST,
    RULES,
    rule_row,
    showing_around,
    surrounded4,
    tile_entry,
    turns_at,
)
from carcdsl.fast.jit import JIT
from carcdsl.fast.layout import LINK_POS, LINK_SEG, N_LINKS, O4, OL, OS, SEG_AT, SEG_KIND, TT
from carcdsl.fast.slots import C_TILE, CELLS, GEO, NODES, ROOT, SCRATCH, T_BASE, T_O, TILES_


@nb.njit(**JIT)
def passes(TB, ST, o, cell):
    """``requirements.passes``: ``o`` on ``cell`` meets every requirement that applies."""
    header, per_tile = TB[RULES], TB[PER_TILE]
    if not per_tile[per_tile.shape[0] - 4 * TB[TT].shape[0] + o]:  # none may apply to o
        return True
    first = header[H_TRIGGERS] + header[H_COMPLETE] + header[H_TOKENS]
    for j in range(header[H_REQUIREMENTS]):
        q = rule_row(TB, first + j)
        cond = q[Q_COND]
        if cond == SHOWS:
            applies = q[Q_SHOWN] >= 0 and tile_entry(TB, o, header[H_KINDS] + q[Q_SHOWN]) >= 0
        elif cond == SURROUNDED:
            applies = surrounded4(ST, cell)
        else:  # COVERS
            applies = q[Q_SHOWN] >= 0 and boards.marker_at(TB, ST, cell, q[Q_SHOWN])
        if applies and _fails(TB, ST, q, o, cell):
            return False
    return True


@nb.njit(**JIT)
def _fails(TB, ST, q, o, cell):
    """``requirements.failed``: whether ``o`` on ``cell`` fails requirement row ``q``."""
    kind, test = q[Q_KIND], q[Q_TEST]
    sides = tile_entry(TB, o, kind) if kind >= 0 else 0
    cells, geo = ST[CELLS], ST[SCRATCH][GEO]
    if test == JOINS:
        for d in range(4):  # noqa: SIM110
            if sides >> d & 1 and cells[C_TILE, cell + geo[d]] >= 0:
                return False
        return True
    if test == APART:
        return _joins_itself(TB, ST, o, cell, kind)
    if test == HOLE:  # ``require surrounded``: a placed tile on each side
        return not surrounded4(ST, cell)
    if test == AT_MOST:
        return showing_around(TB, ST, cell, kind) > q[Q_DISTANCE]
    if test == AT_LEAST:
        return showing_around(TB, ST, cell, kind) < q[Q_DISTANCE]
    if test == LOOK_AHEAD:
        for d in range(4):
            ahead = geo[d]
            if not sides >> d & 1 or cells[C_TILE, cell + ahead] >= 0:
                continue
            left, right = geo[(d + 1) % 4], geo[(d + 3) % 4]
            for k in range(1, q[Q_DISTANCE] + 1):
                c = cell + k * ahead
                if (cells[C_TILE, c] >= 0 or cells[C_TILE, c + left] >= 0
                        or cells[C_TILE, c + right] >= 0):
                    return True
        return False
    turn = _turn_of(TB, ST, o, cell, kind)
    if turn and kind >= 0:
        misc, at = ST[MISC], turns_at(TB) + 3 * kind
        if turn == misc[at] or turn == misc[at + 1] and misc[at + 2] >= 2:
            return True
    return False


@nb.njit(**JIT)
def _joins_itself(TB, ST, o, cell, kind):
    """``requirements._joins_itself``: whether two of ``o``'s ``kind`` links, on ``cell``,
    reach one feature (at most one link a side: four roots to tell apart)."""
    cells, geo, nodes, tiles = ST[CELLS], ST[SCRATCH][GEO], ST[NODES], ST[TILES_]
    o4, ol, os_, seg_at = TB[O4], TB[OL], TB[OS], TB[SEG_AT]
    r0, r1, r2, n = -1, -1, -1, 0
    for d in range(4):
        nt = cells[C_TILE, cell + geo[d]]
        if nt < 0:
            continue
        no, nbase = tiles[T_O, nt], tiles[T_BASE, nt]
        for k in range(o4[N_LINKS, o, d]):
            if os_[SEG_KIND, o, ol[LINK_SEG, o, d, k]] != kind:
                continue
            r = nodes[ROOT, nbase + seg_at[no, ol[LINK_POS, o, d, k]]]
            if r == r0 or r == r1 or r == r2:
                return True
            if n == 0:
                r0 = r
            elif n == 1:
                r1 = r
            else:
                r2 = r
            n += 1
    return False


@nb.njit(**JIT)
def _turn_of(TB, ST, o, cell, kind):
    """``requirements.turn_of``: the turn the ``kind`` path of ``o`` on ``cell`` makes (0
    straight on or none, 1 right, 3 left)."""
    if kind < 0:
        return 0
    sides = tile_entry(TB, o, kind)
    cells, geo = ST[CELLS], ST[SCRATCH][GEO]
    n, joined, entry, exit_ = 0, 0, -1, -1
    for d in range(4):
        if sides >> d & 1:
            n += 1
            if cells[C_TILE, cell + geo[d]] >= 0:
                joined += 1
                entry = d
            else:
                exit_ = d
    if n != 2 or joined != 1:
        return 0
    return (exit_ - (entry + 2) % 4) % 4


@nb.njit(**JIT)
def remember_turns(TB, ST, o, cell):
    """``requirements.remember_turns``, before ``o`` is placed on ``cell``: for each
    ``no-repeat`` requirement whose kind ``o`` shows, the path's last turn, last curve and
    curves in a row that way."""
    header, misc = TB[RULES], ST[MISC]
    first = header[H_TRIGGERS] + header[H_COMPLETE] + header[H_TOKENS]
    for j in range(header[H_REQUIREMENTS]):
        q = rule_row(TB, first + j)
        kind = q[Q_KIND]
        if q[Q_TEST] != NO_REPEAT or kind < 0 or tile_entry(TB, o, kind) == 0:
            continue
        turn = _turn_of(TB, ST, o, cell, kind)
        at = turns_at(TB) + 3 * kind
        last_curve, curves = misc[at + 1], misc[at + 2]
        if turn:
            curves = curves + 1 if turn == last_curve else 1
            last_curve = turn
        misc[at], misc[at + 1], misc[at + 2] = turn, last_curve, curves
