"""The kernel's measuring of a feature (``engine.measure``): the quantities scoring programs
name, strengths measured on a feature, ties broken by tiles that break them, a kind's points
for a scorer, and ``score EXPR to most F`` (``score_most``: the rule's feature to the players
with the most figures F on it). ``fast.scoring`` and ``fast.bags`` both use these.
"""

from __future__ import annotations

import numba as nb

from carcdsl.compile.expr import ATTRIBUTE, COMPLETED, MARKERS, NEIGHBOURS, OWN, TILES
from carcdsl.compile.expr import FIGURES as FIGURES_Q
from carcdsl.compile.expr import FOLLOWERS as FOLLOWERS_Q
from carcdsl.compile.expr import PENNANTS as PENNANTS_Q
from carcdsl.compile.tables import TIES_PRESENCE
from carcdsl.fast import boards, effects, figures
from carcdsl.fast.features import kind_of
from carcdsl.fast.grid import neighbours
from carcdsl.fast.jit import JIT
from carcdsl.fast.layout import (
    CODE,
    CODE_LEN,
    FIG_TB,
    HIGH,
    KIND_CENTRE,
    KK,
    MEASURED,
    N_KINDS,
    N_SLOTS,
    N_TOUCHES,
    O1,
    OS,
    PARAMS,
    SLOTS,
    TIES,
    TOUCHES,
)
from carcdsl.fast.program import run
from carcdsl.fast.slots import (
    CTR,
    FIG_ST,
    GEN,
    N_PIECES,
    NATTR,
    NEAR_MASK,
    NFOL,
    NODES,
    NTILE,
    NXT,
    OPEN_ENDS,
    P_NODE,
    P_SEAT,
    PENNANTS,
    ROOT,
    SCRATCH,
    STACK_ROW,
    STAMP,
    T_BASE,
    T_CELL,
    T_O,
    TILES_,
    VALUES,
    emit,
)


@nb.njit(**JIT)
def measure(TB, ST, r, code, arg):
    """A quantity of the feature of root ``r`` (``measure._measure``)."""
    nodes, tiles, ctr = ST[NODES], ST[TILES_], ST[CTR]
    if code == TILES or code == NEIGHBOURS:
        if code == NEIGHBOURS or TB[KK][kind_of(TB, ST, r), KIND_CENTRE]:
            cell = tiles[T_CELL, nodes[NTILE, r]]
            if code == NEIGHBOURS and arg > 0:
                return effects.showing_around(TB, ST, cell, arg - 1)
            if TB[boards.LISTS_TB][boards.LIMITED]:
                return (code == TILES) + boards.neighbours(TB, ST, cell)
            return (code == TILES) + neighbours(ST, cell)
        ctr[GEN] += 1
        gen = ctr[GEN]
        count = 0
        n = r
        while True:
            tile = nodes[NTILE, n]
            if nodes[STAMP, tile] != gen:
                nodes[STAMP, tile] = gen
                count += 1
            n = nodes[NXT, n]
            if n == r:
                break
        return count
    if code == PENNANTS_Q:
        return nodes[PENNANTS, r]
    if code == FOLLOWERS_Q:
        return ST[NFOL][r].sum()
    if code == COMPLETED:
        os_, touches = TB[OS], TB[TOUCHES]
        ctr[GEN] += 1
        gen = ctr[GEN]
        count = 0
        n = r
        while True:
            tile = nodes[NTILE, n]
            o, base = tiles[T_O, tile], tiles[T_BASE, tile]
            i = n - base
            for q in range(os_[N_TOUCHES, o, i]):
                x = nodes[ROOT, base + touches[o, i, q]]
                if (nodes[STAMP, x] != gen and nodes[OPEN_ENDS, x] == 0
                        and kind_of(TB, ST, x) == arg):
                    nodes[STAMP, x] = gen
                    count += 1
            n = nodes[NXT, n]
            if n == r:
                break
        return count
    if code == ATTRIBUTE:
        value = ST[NATTR][r, arg >> 1]
        if arg & 1:
            return min(value, 1)
        return value
    if code == MARKERS:
        return boards.markers(TB, ST, r, arg)
    if code == FIGURES_Q:
        return figures_on(TB, ST, r, arg)
    return 0  # OWN: ``support`` keeps such rule sets away



@nb.njit(**JIT)
def figures_on(TB, ST, r, code):
    """``figures(F)``: every player's pieces of figure ``code`` (0: ordinary followers) on
    the feature of root ``r``."""
    nodes, tiles = ST[NODES], ST[TILES_]
    has_figures = TB[FIG_TB].shape[0] > 0
    n = 0
    for p in range(ST[CTR][N_PIECES]):
        f = ST[FIG_ST][figures.PF_FIG][p] if has_figures else 0
        if f == code and nodes[ROOT, tiles[P_NODE, p]] == r:
            n += 1
    return n



@nb.njit(**JIT)
def measured_strengths(TB, ST, r):
    """``measure.measured_strengths``: each figure with a ``strength = EXPR`` on the
    feature of root ``r`` counts for its program measured there (at least 0) instead of its
    ``strength``, in ``NFOL`` till the feature is scored."""
    nfol, tiles = ST[NFOL], ST[TILES_]
    for p in range(ST[CTR][N_PIECES]):
        nfol[r, tiles[P_SEAT, p]] += _measured(TB, ST, r, p)


@nb.njit(**JIT)
def _measured(TB, ST, r, p):
    """What piece ``p`` counts on the feature of root ``r`` beyond its ``strength``: its
    ``strength = EXPR`` measured there (at least 0) less its strength; 0 for any other."""
    fk, f = TB[FIG_TB], ST[FIG_ST][figures.PF_FIG][p]
    if f == 0 or fk[f - 1, figures.F_CODE_LEN] == 0:
        return 0
    if ST[NODES][ROOT, ST[TILES_][P_NODE, p]] != r:
        return 0
    at = TB[PARAMS][N_KINDS] + f - 1
    slots, values = TB[SLOTS], ST[SCRATCH][VALUES]
    for q in range(fk[f - 1, figures.F_N_SLOTS]):
        values[q] = measure(TB, ST, r, slots[at, 0, q, 0], slots[at, 0, q, 1])
    value = run(TB[CODE][at, 0], fk[f - 1, figures.F_CODE_LEN], values,
                ST[SCRATCH][STACK_ROW])
    return max(value, 0) - fk[f - 1, figures.STRENGTH]


@nb.njit(**JIT)
def break_tie(TB, ST, r, best):
    """``measure.break_tie``: of the seats with ``best`` strength on the feature of root
    ``r``, those with fewer figures on tiles that break ties than the most any has (with
    presence: none against one) drop to ``best - 1``, so that they do not score (the feature
    forgets its strengths once scored)."""
    nfol = ST[NFOL]
    tied, most = 0, 0
    for s in range(nfol.shape[1]):
        if nfol[r, s] == best:
            tied += 1
            most = max(most, on_high(TB, ST, r, s))
    if tied < 2 or most == 0:
        return
    for s in range(nfol.shape[1]):
        if nfol[r, s] == best and on_high(TB, ST, r, s) < most:
            nfol[r, s] = best - 1



@nb.njit(**JIT)
def on_high(TB, ST, r, seat):
    """``seat``'s figures that count on the feature of root ``r`` standing on tiles that
    break ties (with presence, at most 1)."""
    nodes, tiles, fk = ST[NODES], ST[TILES_], TB[FIG_TB]
    o1 = TB[O1]
    n = 0
    for p in range(ST[CTR][N_PIECES]):
        node = tiles[P_NODE, p]
        if tiles[P_SEAT, p] != seat or nodes[ROOT, node] != r:
            continue
        if not o1[HIGH, tiles[T_O, nodes[NTILE, node]]]:
            continue
        f = ST[FIG_ST][figures.PF_FIG][p] if fk.shape[0] else 0
        if f == 0 or fk[f - 1, figures.STRENGTH] > 0:
            n += 1
    if TB[PARAMS][TIES] == TIES_PRESENCE:
        return min(n, 1)
    return n



@nb.njit(**JIT)
def points_for(TB, ST, r, k, when, seat):
    """The points of kind ``k``'s program (when: 0 complete, 1 final) on the feature of
    root ``r`` for ``seat`` (``own(F)`` counts ``seat``'s figures)."""
    slots, scratch = TB[SLOTS], ST[SCRATCH]
    values = scratch[VALUES]
    for q in range(TB[KK][k, N_SLOTS + when]):
        code, arg = slots[k, when, q, 0], slots[k, when, q, 1]
        if code == OWN:
            values[q] = figures.own_count(TB, ST, r, seat, arg)
        else:
            values[q] = measure(TB, ST, r, code, arg)
    return run(TB[CODE][k, when], TB[KK][k, CODE_LEN + when], values, scratch[STACK_ROW])


@nb.njit(**JIT)
def score_most(TB, ST, OUT, LOG, g, at, sizes, code, r, when, index):
    """``measure.score_most``: the program of ``TB[CODE]`` row ``at`` (``sizes``: its length
    and, from bit 16, its slots) measured on the feature of root ``r`` to each seat with the
    most figures ``code`` on it (0: the usual majority, by strength, ties broken as when it
    scores; f + 1: by count of figure f); nothing when nobody has one. ``when``: 0 during
    play, 1 at final scoring."""
    counts, nfol, tiles = ST[SCRATCH][NEAR_MASK], ST[NFOL], ST[TILES_]
    pf = ST[FIG_ST][figures.PF_FIG]
    players = nfol.shape[1]
    for s in range(players):
        counts[s] = nfol[r, s] if code == 0 else 0
    for p in range(ST[CTR][N_PIECES]):
        if code and pf[p] == code and ST[NODES][ROOT, tiles[P_NODE, p]] == r:
            counts[tiles[P_SEAT, p]] += 1
        elif code == 0 and TB[PARAMS][MEASURED]:
            counts[tiles[P_SEAT, p]] += _measured(TB, ST, r, p)
    best, tied, most = 0, 0, 0
    for s in range(players):
        best = max(best, counts[s])
    if best <= 0:
        return
    for s in range(players):
        tied += counts[s] == best
    high = code == 0 and tied > 1 and TB[PARAMS][TIES]
    if high:
        for s in range(players):
            if counts[s] == best:
                most = max(most, on_high(TB, ST, r, s))
    k = kind_of(TB, ST, r)
    slots, values = TB[SLOTS], ST[SCRATCH][VALUES]
    for s in range(players):
        if counts[s] != best or high and on_high(TB, ST, r, s) < most:
            continue
        for q in range(sizes >> 16):
            c, arg = slots[at, 0, q, 0], slots[at, 0, q, 1]
            values[q] = figures.own_count(TB, ST, r, s, arg) if c == OWN else measure(
                TB, ST, r, c, arg)
        points = run(TB[CODE][at, 0], sizes & 65535, values, ST[SCRATCH][STACK_ROW])
        if points != 0:
            emit(ST, OUT, LOG, g, index, s, k, when, points)
