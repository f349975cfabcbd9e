"""The kernel's scoring (``engine.scoring``): the quantities scoring programs name, a feature
scoring for the most strength on it, the features a placement completes, a taken-back figure's
feature scoring for its owner, final scoring, and who leads after each step (``rows._leads``).
Every point goes through ``slots.emit``; tokens collected and held at the end are
``fast.effects``', figures going home ``fast.figures``'.
"""

from __future__ import annotations

import numba as nb

from carcdsl.compile.expr import OWN
from carcdsl.compile.facts import STOPPED as STOPPED  # why a game ended: ctr[END]
from carcdsl.compile.facts import SUPPLY_EMPTY as SUPPLY_EMPTY
from carcdsl.compile.facts import TILE_UNPLACEABLE as TILE_UNPLACEABLE
from carcdsl.fast import bags, boards, effects, figures, moving, neutral, owned, targets
from carcdsl.fast.features import kind_of
from carcdsl.fast.grid import surrounded
from carcdsl.fast.jit import I64, JIT
from carcdsl.fast.layout import (
    CENTRES,
    CLOSABLE,
    CODE,
    CODE_LEN,
    FIG_TB,
    KK,
    MEASURED,
    N_CENTRES,
    N_CLOSABLE,
    N_SLOTS,
    NEUTRAL,
    O1,
    OS,
    PARAMS,
    SLOTS,
    TIES,
)
from carcdsl.fast.measure import break_tie, measure, measured_strengths, points_for
from carcdsl.fast.program import run
from carcdsl.fast.slots import (
    C_TILE,
    C_WATCH,
    CELLS,
    CHANGES,
    CTR,
    END,
    FINISHED,
    G_NOW,
    G_STEP,
    GEO,
    GROUP_EVENTS,
    LEAD,
    LEADER,
    LEFT,
    N_GROUPS,
    N_MOVES,
    N_PIECES,
    N_WATCHED,
    NFOL,
    NODES,
    OPEN_ENDS,
    P_NODE,
    P_SEAT,
    ROOT,
    SCRATCH,
    SEATS,
    STACK_ROW,
    T_BASE,
    T_O,
    TILES_,
    TODO,
    TURNS,
    VALUES,
    emit,
)


@nb.njit(**JIT)
def score(TB, ST, OUT, LOG, g, r, when, index):
    """``scoring.score``: the feature of root ``r`` scores for the most followers, then its
    followers go home (the pieces left keep their order)."""
    nodes, nfol, tiles, seats, ctr, scratch = (ST[NODES], ST[NFOL], ST[TILES_], ST[SEATS],
                                               ST[CTR], ST[SCRATCH])
    k = kind_of(TB, ST, r)
    length = TB[KK][k, CODE_LEN + when]
    if length == 0 and when == 0:
        return  # a kind that does not score when completed keeps its figures until the end
    players = nfol.shape[1]
    if TB[PARAMS][MEASURED]:
        measured_strengths(TB, ST, r)
    best = 0
    for s in range(players):
        if nfol[r, s] > best:
            best = nfol[r, s]
    if length > 0 and best > 0:
        if TB[PARAMS][TIES]:
            break_tie(TB, ST, r, best)
        slots, values = TB[SLOTS], scratch[VALUES]
        own = False
        for q in range(TB[KK][k, N_SLOTS + when]):
            if slots[k, when, q, 0] == OWN:
                own = True
            else:
                values[q] = measure(TB, ST, r, slots[k, when, q, 0], slots[k, when, q, 1])
        if own:  # ``Kind.per_scorer``: own(F) is each scorer's, so each has its points
            for s in range(players):
                if nfol[r, s] == best:
                    points = points_for(TB, ST, r, k, when, s)
                    if points != 0:
                        emit(ST, OUT, LOG, g, index, s, k, when, points)
        else:
            points = run(TB[CODE][k, when], length, values, scratch[STACK_ROW])
            if points != 0:
                for s in range(players):
                    if nfol[r, s] == best:
                        emit(ST, OUT, LOG, g, index, s, k, when, points)
        if TB[effects.RULES][effects.H_TOKENS]:
            effects.collect(TB, ST, LOG, r, I64(best), index)
    if TB[PARAMS][NEUTRAL] and TB[neutral.NEU_TB][neutral.X_N_BESIDE]:
        targets.feature_scored(TB, ST, OUT, LOG, g, r, index)
    if when == 0 and TB[moving.MOVE_TB][moving.X_ANY]:
        moving.set_aside(TB, ST, r)  # figures that go on wait aside (``engine.moving``)
    if TB[FIG_TB].shape[0]:
        figures.release(ST, r)  # figures go home to their own supply
    else:
        kept = 0
        for p in range(ctr[N_PIECES]):
            node = tiles[P_NODE, p]
            if nodes[ROOT, node] == r:
                seats[LEFT, tiles[P_SEAT, p]] += 1
            else:
                tiles[P_NODE, kept], tiles[P_SEAT, kept] = node, tiles[P_SEAT, p]
                kept += 1
        ctr[N_PIECES] = kept
    nfol[r] = 0


@nb.njit(**JIT)
def score_recall(TB, ST, OUT, LOG, g, r, index, seat):
    """``scoring.score_recall``: a figure taken back, its feature's final rule scores for
    ``seat`` alone, now (logged as ``complete``, as every scoring during play)."""
    k = kind_of(TB, ST, r)
    if TB[KK][k, CODE_LEN + 1] > 0:
        points = points_for(TB, ST, r, k, I64(1), seat)
        if points != 0:
            emit(ST, OUT, LOG, g, index, seat, k, I64(0), points)


@nb.njit(**JIT)
def score_completed(TB, ST, OUT, LOG, g, o, cell, base, index):
    """``scoring.score_completed``: closable segments of the tile (``on complete`` rules
    first act on each feature completed, once), then watched centres on and around it in
    ``NEAR`` order. True when an ``on complete`` rule gives an extra turn."""
    cells, nodes, nfol, tiles, ctr, geo = (ST[CELLS], ST[NODES], ST[NFOL], ST[TILES_], ST[CTR],
                                           ST[SCRATCH][GEO])
    os_ = TB[OS]
    on_complete = TB[effects.RULES][effects.H_COMPLETE]
    extra = False
    for q in range(TB[O1][N_CLOSABLE, o]):
        r = nodes[ROOT, base + os_[CLOSABLE, o, q]]
        if on_complete and nodes[OPEN_ENDS, r] == 0:
            seen = False
            for e in range(q):
                seen |= nodes[ROOT, base + os_[CLOSABLE, o, e]] == r
            if not seen:
                extra |= effects.fire_completed(TB, ST, OUT, LOG, g, r, kind_of(TB, ST, r),
                                                index)
        if nodes[OPEN_ENDS, r] == 0:
            if nfol[r].sum() > 0:
                score(TB, ST, OUT, LOG, g, r, I64(0), index)
            elif TB[FIG_TB].shape[0] and TB[KK][kind_of(TB, ST, r), CODE_LEN] > 0:
                figures.release(ST, r)  # figures that never count go home too, if it scores
    if TB[owned.OWN_TB][owned.X_WILD]:
        extra = score_faced(TB, ST, OUT, LOG, g, o, cell, base, index) or extra
    if ctr[N_WATCHED] == 0:
        return extra
    lim = TB[boards.LISTS_TB][boards.LIMITED]
    for q in range(3, 12):
        c = cell if q == 3 else cell + geo[q]
        if cells[C_WATCH, c] and (boards.surrounded(TB, ST, c) if lim else surrounded(ST, c)):
            cells[C_WATCH, c] = 0
            ctr[N_WATCHED] -= 1
            tile = cells[C_TILE, c]
            co, cbase = tiles[T_O, tile], tiles[T_BASE, tile]
            for k in range(TB[O1][N_CENTRES, co]):
                node = cbase + os_[CENTRES, co, k]
                if on_complete:
                    extra |= effects.fire_completed(TB, ST, OUT, LOG, g, node,
                                                    kind_of(TB, ST, node), index)
                if nfol[node].sum() > 0:
                    score(TB, ST, OUT, LOG, g, node, I64(0), index)
    return extra


@nb.njit(**JIT)
def score_faced(TB, ST, OUT, LOG, g, o, cell, base, index):
    """``score_completed``'s nodes after the tile's own: the neighbours' features that sides
    which fit any have closed (``owned.faced_node``), each once (``on complete`` rules act
    first), as the tile's own are."""
    nodes, nfol, os_ = ST[NODES], ST[NFOL], TB[OS]
    extra = False
    i = 0
    node = owned.faced_node(TB, ST, o, cell, i)
    while node >= 0:
        r = nodes[ROOT, node]
        seen = nodes[OPEN_ENDS, r] != 0
        for q in range(TB[O1][N_CLOSABLE, o]):
            seen |= nodes[ROOT, base + os_[CLOSABLE, o, q]] == r
        for e in range(i):
            seen |= nodes[ROOT, owned.faced_node(TB, ST, o, cell, e)] == r
        if not seen:
            if TB[effects.RULES][effects.H_COMPLETE]:
                extra |= effects.fire_completed(TB, ST, OUT, LOG, g, r, kind_of(TB, ST, r),
                                                index)
            if nfol[r].sum() > 0:
                score(TB, ST, OUT, LOG, g, r, I64(0), index)
            elif TB[FIG_TB].shape[0] and TB[KK][kind_of(TB, ST, r), CODE_LEN] > 0:
                figures.release(ST, r)
        i += 1
        node = owned.faced_node(TB, ST, o, cell, i)
    return extra


@nb.njit(**JIT)
def largest(a):
    """``a.max()`` of a 1-D array, without the allocation NumPy's reduction makes."""
    best = a[0]
    for i in range(1, a.shape[0]):
        best = max(best, a[i])
    return best


@nb.njit(**JIT)
def close_group(ST, step):
    """The scorings of one step (a turn's, or final scoring) are in: who leads now
    (``rows._leads``)."""
    ctr, lead, tiles = ST[CTR], ST[SEATS][LEAD], ST[TILES_]
    if ctr[GROUP_EVENTS] == 0:
        return
    ctr[GROUP_EVENTS] = 0
    best = largest(lead)
    now, tops = -1, 0
    for s in range(lead.shape[0]):
        if lead[s] == best:
            now = s
            tops += 1
    if tops > 1:
        now = -1
    if now >= 0 and ctr[LEADER] >= 0 and now != ctr[LEADER]:
        ctr[CHANGES] += 1
    if now >= 0:
        ctr[LEADER] = now
    tiles[G_STEP, ctr[N_GROUPS]] = step
    tiles[G_NOW, ctr[N_GROUPS]] = now
    ctr[N_GROUPS] += 1


@nb.njit(**JIT)
def finish(TB, ST, OUT, LOG, g, why):
    """``scoring.finish``: every feature with followers scores its final rule, in the order
    its first follower came."""
    nodes, tiles, ctr = ST[NODES], ST[TILES_], ST[CTR]
    if ctr[FINISHED]:
        return
    ctr[END] = why
    beside = TB[PARAMS][NEUTRAL] and TB[neutral.NEU_TB][neutral.X_N_BESIDE] > 0
    before = I64(0)
    if beside:  # its points at the end join the last turn's step (``targets.final_step``)
        before = targets.reopen(TB, ST)
        targets.final_begins(TB, ST)
    else:
        close_group(ST, ctr[TURNS])  # a turn cut short by the end (a capture pending) has its own
    index = ctr[N_MOVES] - 1
    n = 0
    for p in range(ctr[N_PIECES]):
        r = nodes[ROOT, tiles[P_NODE, p]]
        seen = False
        for q in range(n):
            if tiles[TODO, q] == r:
                seen = True
                break
        if not seen:
            tiles[TODO, n] = r
            n += 1
    for q in range(n):
        if TB[effects.RULES][effects.H_ON_FINAL]:
            bags.fire_final(TB, ST, OUT, LOG, g, tiles[TODO, q], index)
        score(TB, ST, OUT, LOG, g, tiles[TODO, q], I64(1), index)
    if TB[effects.RULES][effects.H_TOKENS]:
        effects.score_held(TB, ST, OUT, LOG, g, index)
    if beside:
        targets.final_step(TB, ST, before)
        close_group(ST, ctr[TURNS])
        targets.final_rest(TB, ST)
    close_group(ST, ctr[TURNS] + 1)
    ctr[FINISHED] = 1
