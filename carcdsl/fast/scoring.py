"""The kernel's scoring (``engine.scoring``): the quantities scoring programs name, a feature
scoring for the most strength on it, the features a placement completes, a taken-back figure's
feature scoring for its owner, final scoring, and who leads after each step (``rows._leads``).
Every point goes through ``slots.emit``; tokens collected and held at the end are
``fast.effects``', figures going home ``fast.figures``'.
"""

from __future__ import annotations

import numba as nb

from carcdsl.compile.expr import ATTRIBUTE, COMPLETED, MARKERS, NEIGHBOURS, OWN, TILES
from carcdsl.compile.expr import FIGURES as FIGURES_Q
from carcdsl.compile.expr import FOLLOWERS as FOLLOWERS_Q
from carcdsl.compile.expr import PENNANTS as PENNANTS_Q
from carcdsl.compile.facts import STOPPED as STOPPED  # why a game ended: ctr[END]
from carcdsl.compile.facts import SUPPLY_EMPTY as SUPPLY_EMPTY
from carcdsl.compile.facts import TILE_UNPLACEABLE as TILE_UNPLACEABLE
from carcdsl.compile.tables import TIES_PRESENCE
from carcdsl.fast import boards, effects, figures, moving, neutral, owned, targets
from carcdsl.fast.features import kind_of
from carcdsl.fast.grid import neighbours, surrounded
from carcdsl.fast.jit import I64, JIT
from carcdsl.fast.layout import (
    CENTRES,
    CLOSABLE,
    CODE,
    CODE_LEN,
    FIG_TB,
    HIGH,
    KIND_CENTRE,
    KK,
    MEASURED,
    N_CENTRES,
    N_CLOSABLE,
    N_KINDS,
    N_SLOTS,
    N_TOUCHES,
    NEUTRAL,
    O1,
    OS,
    PARAMS,
    SLOTS,
    TIES,
    TOUCHES,
)
from carcdsl.fast.program import run
from carcdsl.fast.slots import (
    C_TILE,
    C_WATCH,
    CELLS,
    CHANGES,
    CTR,
    END,
    FIG_ST,
    FINISHED,
    G_NOW,
    G_STEP,
    GEN,
    GEO,
    GROUP_EVENTS,
    LEAD,
    LEADER,
    LEFT,
    N_GROUPS,
    N_MOVES,
    N_PIECES,
    N_WATCHED,
    NATTR,
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
    SEATS,
    STACK_ROW,
    STAMP,
    T_BASE,
    T_CELL,
    T_O,
    TILES_,
    TODO,
    TURNS,
    VALUES,
    emit,
)


@nb.njit(**JIT)
def measure(TB, ST, r, code, arg):
    """A quantity of the feature of root ``r`` (``scoring._measure``)."""
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
def measured_strengths(TB, ST, r):
    """``scoring.measured_strengths``: each figure with a ``strength = EXPR`` on the
    feature of root ``r`` counts for its program measured there (at least 0) instead of its
    ``strength``, in ``NFOL`` till the feature is scored."""
    nodes, tiles, fk, nfol = ST[NODES], ST[TILES_], TB[FIG_TB], ST[NFOL]
    row = TB[PARAMS][N_KINDS]
    slots, values = TB[SLOTS], ST[SCRATCH][VALUES]
    for p in range(ST[CTR][N_PIECES]):
        f = ST[FIG_ST][figures.PF_FIG][p]
        if f == 0 or fk[f - 1, figures.F_CODE_LEN] == 0:
            continue
        if nodes[ROOT, tiles[P_NODE, p]] != r:
            continue
        at = row + f - 1
        for q in range(fk[f - 1, figures.F_N_SLOTS]):
            values[q] = measure(TB, ST, r, slots[at, 0, q, 0], slots[at, 0, q, 1])
        value = run(TB[CODE][at, 0], fk[f - 1, figures.F_CODE_LEN], values,
                    ST[SCRATCH][STACK_ROW])
        nfol[r, tiles[P_SEAT, p]] += max(value, 0) - fk[f - 1, figures.STRENGTH]


@nb.njit(**JIT)
def break_tie(TB, ST, r, best):
    """``scoring.break_tie``: of the seats with ``best`` strength on the feature of root
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
        score(TB, ST, OUT, LOG, g, tiles[TODO, q], I64(1), index)
    if TB[effects.RULES][effects.H_TOKENS]:
        effects.score_held(TB, ST, OUT, LOG, g, index)
    if beside:
        targets.final_step(TB, ST, before)
        close_group(ST, ctr[TURNS])
        targets.final_rest(TB, ST)
    close_group(ST, ctr[TURNS] + 1)
    ctr[FINISHED] = 1
