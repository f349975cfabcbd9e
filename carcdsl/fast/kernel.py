"""The compiled play loop: whole games of random bots over the tables as arrays
(``fast.layout``), in Numba, making the same moves and scores as the Python engine on the same
seeds.

Every function mirrors a piece of ``engine``, in its order (the order is part of what makes
the games the same): ``place`` is ``Grid.place`` with ``Features.union``; ``sample`` is
``movegen.sample_move``; ``score_completed``, ``score`` and ``finish`` are
``engine.scoring``'s. A game's state is ``ST``, a tuple of stacked arrays allocated once per
batch and reset per game (each row of a stack is one field, named below); its scalars live in
``ctr``. Few, stacked arrays keep the compiled code small: every array passed is a struct
the compiler copies and counts references of.
"""

from __future__ import annotations

import time

import numba as nb
import numpy as np

from carcdsl.fast import boards, effects, figures, mt
from carcdsl.fast.jit import JIT
from carcdsl.fast.layout import (
    BAG,
    CENTRE_SPOT,
    CENTRES,
    CLOSABLE,
    CODE,
    CODE_LEN,
    END_UNPLACEABLE,
    FIG_TB,
    FOLLOWERS,
    GENERAL,
    GROUP_ENDS,
    HAND,
    KIND_CENTRE,
    KK,
    LINK_COUNTS,
    LINK_POS,
    LINK_SEG,
    N_CENTRES,
    N_CLOSABLE,
    N_DISTINCT,
    N_LINKS,
    N_SEG,
    N_SLOTS,
    N_SPOTS,
    N_TOUCHES,
    NEEDM,
    NEEDV,
    O1,
    O4,
    OL,
    OS,
    PARAMS,
    SEG_AT,
    SEG_ATTR,
    SEG_KIND,
    SEG_MASK,
    SEG_OPEN,
    SEG_PEN,
    SIGP,
    SLOTS,
    SPOT_COUNT,
    SPOTS,
    START_PLACED,
    START_TYPE,
    SUPPLY,
    TOUCHES,
    TT,
    kernel_tables,
)
from carcdsl.fast.program import run
from carcdsl.fast.slots import (
    ASIDE,
    C_MASK,
    C_NEED,
    C_TILE,
    C_WATCH,
    CELLS,
    CHANGES,
    CTR,
    CURRENT,
    END,
    ENDS,
    FIG_ST,
    FINISHED,
    G_NOW,
    G_STEP,
    GEN,
    GEO,
    GROUP_EVENTS,
    HAND_N,
    HANDS,
    KIND_ROWS,
    KR_POINTS,
    KR_SCORINGS,
    LEAD,
    LEADER,
    LEFT,
    MOVES,
    MTX,
    N_ASIDE,
    N_CTR,
    N_DISCARDS,
    N_GROUPS,
    N_LOG_EVENTS,
    N_MOVES,
    N_NODES,
    N_OPEN,
    N_PIECES,
    N_PILE,
    N_ROTS,
    N_ROWS,
    N_TILES,
    N_WATCHED,
    NATTR,
    NEAR_MASK,
    NEAR_ROOT,
    NFOL,
    NODES,
    NTILE,
    NXT,
    OPEN_CELL,
    OPEN_ENDS,
    OPENS,
    P_NODE,
    P_SEAT,
    PENNANTS,
    PILE,
    PLACED,
    R_CHANGES,
    R_DECISIONS,
    R_DISCARDS,
    R_END,
    R_LEAD_FROM,
    R_MOVES,
    R_N_EVENTS,
    R_N_MOVES,
    R_PLACEMENTS,
    ROOT,
    ROTS,
    ROWS,
    SCORE,
    SCRATCH,
    SEAT_ROWS,
    SEATING,
    SEATS,
    SIZE,
    SR_SCORE,
    SR_TURNS,
    STACK_ROW,
    STAMP,
    T_BASE,
    T_CELL,
    T_O,
    TILES_,
    TODO,
    TURNS,
    VALUES,
    WIDTH,
    emit,
)
from carcdsl.geometry.squares import to_key, to_xy

# quantity codes (compile.expr)
TILES, PENNANTS_Q, NEIGHBOURS, FOLLOWERS_Q, COMPLETED, MARKERS, ATTRIBUTE, OWN = range(8)

SUPPLY_EMPTY, TILE_UNPLACEABLE, STOPPED = 0, 1, 2

I64 = np.int64
"""Constants passed to a kernel function go through ``I64``: Numba compiles a function
again for each literal argument it is called with (``Literal[int](0)``), and the copies
are whole call trees."""


# --- state -------------------------------------------------------------------------------------

@nb.njit(cache=True)
def new_state(TB, players):
    """The stacks of one game (``ST``), sized by the rule set: every game of a batch reuses
    them."""
    tiles = TB[SUPPLY].shape[0] + 1 + boards.extra_tiles(TB)
    w = TB[boards.LISTS_TB][boards.SIDE]
    nodes = tiles * TB[OS].shape[2]
    n_open = 4 * tiles + 8
    cells = np.zeros((4, w * w), np.int64)
    cells[C_TILE] = -1
    ctr = np.zeros(N_CTR, np.int64)
    ctr[WIDTH] = w
    scratch = np.zeros((5, 64), np.int64)
    geo = scratch[GEO]
    geo[0], geo[1], geo[2], geo[3] = -w, 1, w, -1
    k = 4
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx or dy:
                geo[k] = dx + dy * w
                k += 1
    hand = max(1, TB[PARAMS][HAND])
    per_placement = 1 + TB[OS].shape[2] + figures.extra_moves(TB)
    cap = n_open * 4 * (per_placement + 1) * hand  # list_moves: the placements, then moves
    return (cells, np.zeros((7, nodes), np.int64),
            np.zeros((nodes, TB[SEG_ATTR].shape[2]), np.int64),
            np.zeros((nodes, players), np.int64), np.zeros((10, tiles + 2), np.int64),
            np.zeros((4, players), np.int64), ctr, np.zeros((players + 1, mt.N + 1), np.uint32),
            np.zeros((3, n_open), np.int64), np.zeros((n_open, 4), np.int64), scratch,
            np.zeros((players, hand), np.int64), np.zeros((cap, 4), np.int64),
            np.zeros(players, np.int64)) + figures.state(TB, players) + \
        effects.state(TB, players) + boards.state(TB, players)


@nb.njit(**JIT)
def reset(TB, ST):
    """Clear what the last game left (only the squares it touched)."""
    effects.reset(TB, ST)
    cells, nodes, nattr, nfol, tiles, seats, ctr = ST[:7]
    opens = ST[OPENS]
    for i in range(ctr[N_TILES]):
        c = tiles[T_CELL, i]
        cells[C_TILE, c] = -1
        cells[C_MASK, c] = 0
        cells[C_NEED, c] = 0
        cells[C_WATCH, c] = 0
    for j in range(ctr[N_OPEN]):
        cells[C_MASK, opens[OPEN_CELL, j]] = 0
        cells[C_NEED, opens[OPEN_CELL, j]] = 0
    used = ctr[N_NODES]
    nfol[:used] = 0
    nattr[:used] = 0
    nodes[STAMP, :used] = 0
    w = ctr[WIDTH]
    ctr[:] = 0
    ctr[WIDTH] = w
    ctr[LEADER] = -1
    seats[SCORE] = 0
    seats[LEAD] = 0
    seats[HAND_N] = 0
    seats[LEFT] = TB[PARAMS][FOLLOWERS]
    figures.reset(TB, ST)
    if TB[boards.LISTS_TB][boards.LIMITED]:
        boards.reset(TB, ST)
    opens[OPEN_CELL, 0] = (w // 2) + (w // 2) * w  # the origin, open before anything
    ctr[N_OPEN] = 1


# --- the board and its features ----------------------------------------------------------------

@nb.njit(**JIT)
def union(ST, a, b):
    """``Features.union``: the smaller feature (on a tie, ``b``'s) is relabelled; returns the
    root kept. Members are a circular list through ``NXT``."""
    nodes, nattr, nfol = ST[NODES], ST[NATTR], ST[NFOL]
    if nodes[SIZE, a] < nodes[SIZE, b]:
        a, b = b, a
    n = b
    while True:
        nodes[ROOT, n] = a
        n = nodes[NXT, n]
        if n == b:
            break
    nodes[NXT, a], nodes[NXT, b] = nodes[NXT, b], nodes[NXT, a]
    nodes[SIZE, a] += nodes[SIZE, b]
    nodes[PENNANTS, a] += nodes[PENNANTS, b]
    nodes[OPEN_ENDS, a] += nodes[OPEN_ENDS, b]
    for i in range(nattr.shape[1]):
        nattr[a, i] += nattr[b, i]
    for s in range(nfol.shape[1]):
        nfol[a, s] += nfol[b, s]
    return a


@nb.njit(**JIT)
def place(TB, ST, o, cell):
    """``Grid.place``: ``place_endless``, or on a limited board ``place_limited``. (``apply``
    chooses for itself: with the choice made in a function it calls, base + farmers lost 8 %
    of its speed.)"""
    if TB[boards.LISTS_TB][boards.LIMITED]:
        return place_limited(TB, ST, o, cell)
    return place_endless(TB, ST, o, cell)


@nb.njit(cache=True, inline="always")
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
    for i in range(o1[N_SEG, o]):
        n = base + i
        nodes[ROOT, n], nodes[NXT, n], nodes[SIZE, n], nodes[NTILE, n] = n, n, 1, tile
        nodes[OPEN_ENDS, n], nodes[PENNANTS, n] = os_[SEG_OPEN, o, i], os_[SEG_PEN, o, i]
        for a in range(seg_attr.shape[2]):
            nattr[n, a] = seg_attr[o, i, a]
    k = 0
    for j in range(ctr[N_OPEN]):
        if opens[OPEN_CELL, j] != cell:
            opens[OPEN_CELL, k] = opens[OPEN_CELL, j]
            k += 1
    ctr[N_OPEN] = k
    return base


@nb.njit(cache=True, inline="always")
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
    cells, ctr, opens, o4 = ST[CELLS], ST[CTR], ST[OPENS], TB[O4]
    steps = ST[SCRATCH][GEO]
    base = new_tile(TB, ST, o, cell)
    for d in range(4):
        nc = cell + steps[d]
        nt = cells[C_TILE, nc]
        if nt < 0:
            if cells[C_MASK, nc] == 0:
                known = False
                for j in range(ctr[N_OPEN]):
                    if opens[OPEN_CELL, j] == nc:
                        known = True
                        break
                if not known:
                    opens[OPEN_CELL, ctr[N_OPEN]] = nc
                    ctr[N_OPEN] += 1
            cells[C_MASK, nc] |= o4[NEEDM, o, d]
            cells[C_NEED, nc] |= o4[NEEDV, o, d]
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
def fits_somewhere(TB, ST, t):
    """``can_place`` on the fast path: some open square takes some rotation of ``t`` (placement
    requirements: ``after_move`` asks ``effects.fits_required`` too)."""
    cells, ctr, opens, sigp, tt = ST[CELLS], ST[CTR], ST[OPENS], TB[O1][SIGP], TB[TT]
    for j in range(ctr[N_OPEN]):
        c = opens[OPEN_CELL, j]
        for q in range(tt[t, N_DISTINCT]):
            if sigp[4 * t + tt[t, q]] & cells[C_MASK, c] == cells[C_NEED, c]:
                return True
    return False


@nb.njit(cache=True, inline="always")
def square_occupied(TB, ST, cell):
    """``Grid.occupied``: ring positions of ``cell`` where a neighbour's feature has
    followers; and the empty features meeting it (roots and masks, into ``NEAR_*``).
    Returns (mask, how many empty features)."""
    cells, nodes, nfol, tiles, scratch = ST[CELLS], ST[NODES], ST[NFOL], ST[TILES_], \
        ST[SCRATCH]
    o4, ol = TB[O4], TB[OL]
    occupied = 0
    n_near = 0
    for d in range(4):
        nt = cells[C_TILE, cell + scratch[GEO, d]]
        if nt < 0:
            continue
        no, nbase, side = tiles[T_O, nt], tiles[T_BASE, nt], (d + 2) % 4
        for k in range(o4[N_LINKS, no, side]):
            bit = 1 << ol[LINK_POS, no, side, k]
            r = nodes[ROOT, nbase + ol[LINK_SEG, no, side, k]]
            taken = False
            for s in range(nfol.shape[1]):
                if nfol[r, s]:
                    taken = True
                    break
            if taken:
                occupied |= bit
                continue
            found = False
            for q in range(n_near):
                if scratch[NEAR_ROOT, q] == r:
                    scratch[NEAR_MASK, q] |= bit
                    found = True
                    break
            if not found:
                scratch[NEAR_ROOT, n_near] = r
                scratch[NEAR_MASK, n_near] = bit
                n_near += 1
    return occupied, n_near


@nb.njit(cache=True, inline="always")
def grown(TB, ST, o, occupied, n_near):
    """``Tables.free_spots``' occupied positions for ``o``: with followers around, a segment
    of ``o`` (or an empty feature meeting the square twice) that meets them joins them."""
    if occupied == 0 or n_near == 0:
        return occupied
    near_mask, seg_mask = ST[SCRATCH][NEAR_MASK], TB[OS][SEG_MASK]
    bridges = False
    for q in range(n_near):
        m = near_mask[q]
        if m & (m - 1):
            bridges = True
    if not bridges:
        return occupied
    more = True
    while more:
        more = False
        for i in range(TB[O1][N_SEG, o]):
            m = seg_mask[o, i]
            if m & occupied and m & ~occupied:
                occupied |= m
                more = True
        for q in range(n_near):
            m = near_mask[q]
            if m & (m - 1) and m & occupied and m & ~occupied:
                occupied |= m
                more = True
    return occupied


@nb.njit(**JIT)
def free_spots_of(TB, ST, o, occupied, n_near):
    """How many follower spots of ``o`` are free on the square of ``square_occupied``."""
    occ = grown(TB, ST, o, occupied, n_near)
    os_ = TB[OS]
    count = 0
    for k in range(TB[O1][N_SPOTS, o]):
        if not os_[SEG_MASK, o, os_[SPOTS, o, k]] & occ:
            count += 1
    return count


# --- the random bot ----------------------------------------------------------------------------

@nb.njit(**JIT)
def fitting_rotations(TB, ST, t):
    """Per open square, the rotations of ``t`` that fit (``ROTS``, ``N_ROTS``) and the
    running counts (``ENDS``); returns the placements in all."""
    cells, ctr, opens, rots, sigp, tt = (ST[CELLS], ST[CTR], ST[OPENS], ST[ROTS], TB[O1][SIGP],
                                         TB[TT])
    total = 0
    for j in range(ctr[N_OPEN]):
        k = 0
        c = opens[OPEN_CELL, j]
        mask, need = cells[C_MASK, c], cells[C_NEED, c]
        for q in range(tt[t, N_DISTINCT]):
            r = tt[t, q]
            if sigp[4 * t + r] & mask == need:
                rots[j, k] = r
                k += 1
        opens[N_ROTS, j] = k
        total += k
        opens[ENDS, j] = total
    return total


@nb.njit(**JIT)
def sample(TB, ST, t, seat, total, rng, out):
    """``movegen.sample_move`` draw for draw, over ``fitting_rotations``: (cell, rotation,
    spot) into ``out``."""
    ctr, opens, rots, seats, os_ = ST[CTR], ST[OPENS], ST[ROTS], ST[SEATS], TB[OS]
    width = 1 + TB[TT][t, SPOT_COUNT] if seats[LEFT, seat] else 1
    n_open = ctr[N_OPEN]
    while True:
        v = mt.below(rng, total * width)
        pick, choice = v // width, v % width
        i = 0
        while i < n_open and opens[ENDS, i] <= pick:
            i += 1
        r = rots[i, pick - opens[ENDS, i] + opens[N_ROTS, i]]
        cell = opens[OPEN_CELL, i]
        out[0], out[1] = cell, r
        if choice == 0:
            out[2] = -1
            return
        o = 4 * t + r
        spot = os_[SPOTS, o, choice - 1]
        occupied, n_near = square_occupied(TB, ST, cell)
        if not os_[SEG_MASK, o, spot] & grown(TB, ST, o, occupied, n_near):
            out[2] = spot
            return


@nb.njit(**JIT)
def count_moves(TB, ST, t, seat, limit):
    """Legal (placement, follower) moves of ``t`` (``iter_moves``), counting up to
    ``limit``."""
    ctr, opens, rots, seats = ST[CTR], ST[OPENS], ST[ROTS], ST[SEATS]
    spots = seats[LEFT, seat] > 0 and TB[TT][t, SPOT_COUNT] > 0
    n = 0
    for j in range(ctr[N_OPEN]):
        if opens[N_ROTS, j] == 0:
            continue
        occupied, n_near = 0, 0
        if spots:
            occupied, n_near = square_occupied(TB, ST, opens[OPEN_CELL, j])
        for k in range(opens[N_ROTS, j]):
            n += 1
            if spots:
                n += free_spots_of(TB, ST, 4 * t + rots[j, k], occupied, n_near)
            if n >= limit:
                return n
    return n


# --- scoring -----------------------------------------------------------------------------------

@nb.njit(**JIT)
def neighbours(ST, cell):
    cells, geo = ST[CELLS], ST[SCRATCH][GEO]
    n = 0
    for q in range(4, 12):
        if cells[C_TILE, cell + geo[q]] >= 0:
            n += 1
    return n


@nb.njit(**JIT)
def kind_of(TB, ST, node):
    nodes, tiles = ST[NODES], ST[TILES_]
    tile = nodes[NTILE, node]
    return TB[OS][SEG_KIND, tiles[T_O, tile], node - tiles[T_BASE, tile]]


@nb.njit(**JIT)
def measure(TB, ST, r, code, arg):
    """A quantity of the feature of root ``r`` (``scoring._measure``)."""
    nodes, tiles, ctr = ST[NODES], ST[TILES_], ST[CTR]
    if code == TILES or code == NEIGHBOURS:
        if code == NEIGHBOURS or TB[KK][kind_of(TB, ST, r), KIND_CENTRE]:
            cell = tiles[T_CELL, nodes[NTILE, r]]
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
    return 0  # OWN: ``support`` keeps such rule sets away


@nb.njit(**JIT)
def score(TB, ST, OUT, LOG, g, r, when, index):
    """``scoring.score``: the feature of root ``r`` scores for the most followers, then its
    followers go home (the pieces left keep their order)."""
    nodes, nfol, tiles, seats, ctr, scratch = (ST[NODES], ST[NFOL], ST[TILES_], ST[SEATS],
                                               ST[CTR], ST[SCRATCH])
    k = kind_of(TB, ST, r)
    length = TB[KK][k, CODE_LEN + when]
    players = nfol.shape[1]
    best = 0
    for s in range(players):
        if nfol[r, s] > best:
            best = nfol[r, s]
    if length > 0 and best > 0:
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
            effects.collect(TB, ST, r, best)
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
        points = points_for(TB, ST, r, k, 1, seat)
        if points != 0:
            emit(ST, OUT, LOG, g, index, seat, k, 0, points)


@nb.njit(**JIT)
def surrounded(ST, cell):
    cells, geo = ST[CELLS], ST[SCRATCH][GEO]
    for q in range(4, 12):
        if cells[C_TILE, cell + geo[q]] < 0:
            return False
    return True


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
            elif TB[FIG_TB].shape[0]:  # figures that never count (strength 0) go home too
                figures.release(ST, r)
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
                if nfol[node].sum() > 0:
                    score(TB, ST, OUT, LOG, g, node, I64(0), index)
    return extra


@nb.njit(cache=True, inline="always")
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
    close_group(ST, ctr[TURNS] + 1)
    ctr[FINISHED] = 1


@nb.njit(**JIT)
def log_move(ST, LOG, t, cell, r, spot, seat):
    ctr = ST[CTR]
    if LOG[0]:
        m = ctr[N_MOVES]
        if m < LOG[1].shape[0]:
            mv = LOG[1]
            mv[m, 0], mv[m, 1], mv[m, 2], mv[m, 3], mv[m, 4] = t, cell, r, spot, seat
    ctr[N_MOVES] += 1


@nb.njit(**JIT)
def is_empty(ST):
    """``Supply.is_empty``: no tile in the pile or in any hand."""
    if ST[CTR][N_PILE]:
        return False
    return ST[SEATS][HAND_N].sum() == 0


@nb.njit(**JIT)
def refill(TB, ST, seat):
    """``Supply.refill``: the hand drawn up from the pile."""
    tiles, seats, ctr, hands = ST[TILES_], ST[SEATS], ST[CTR], ST[HANDS]
    while seats[HAND_N, seat] < TB[PARAMS][HAND] and ctr[N_PILE]:
        ctr[N_PILE] -= 1
        hands[seat, seats[HAND_N, seat]] = tiles[PILE, ctr[N_PILE]]
        seats[HAND_N, seat] += 1


@nb.njit(**JIT)
def hand_remove(ST, seat, t):
    """``hand.remove(t)``: its first copy leaves the hand, the rest keep their order."""
    seats, hands = ST[SEATS], ST[HANDS]
    n = seats[HAND_N, seat]
    for i in range(n):
        if hands[seat, i] == t:
            for k in range(i, n - 1):
                hands[seat, k] = hands[seat, k + 1]
            seats[HAND_N, seat] = n - 1
            return


@nb.njit(**JIT)
def pass_turn(TB, ST):
    """``Seats.pass_turn``: the next player; with hands, one whose hand is empty draws up
    when the pile has tiles, else is passed over."""
    seats, ctr = ST[SEATS], ST[CTR]
    n = seats.shape[1]
    effects.end_turn(ST, False, False)  # a new turn, not an extra one
    ctr[CURRENT] = (ctr[CURRENT] + 1) % n
    if not TB[PARAMS][HAND]:
        return
    for _ in range(n):
        if seats[HAND_N, ctr[CURRENT]]:
            return
        if ctr[N_PILE]:
            refill(TB, ST, ctr[CURRENT])
            return
        ctr[CURRENT] = (ctr[CURRENT] + 1) % n


@nb.njit(**JIT)
def return_aside(ST):
    """``Supply.return_aside``: a bag's tiles set aside go back in at random places, drawn
    by the game's generator."""
    tiles, ctr, mtx = ST[TILES_], ST[CTR], ST[MTX]
    pile = tiles[PILE]
    for a in range(ctr[N_ASIDE]):
        i = mt.below(mtx[mtx.shape[0] - 1], ctr[N_PILE] + 1)
        for k in range(ctr[N_PILE], i, -1):
            pile[k] = pile[k - 1]
        pile[i] = tiles[ASIDE, a]
        ctr[N_PILE] += 1
    ctr[N_ASIDE] = 0


@nb.njit(**JIT)
def discard(TB, ST, OUT, LOG, g, t):
    """``State._discard``: tile ``t`` (drawn, or from the mover's hand) fits nowhere."""
    tiles, seats, ctr = ST[TILES_], ST[SEATS], ST[CTR]
    seat = ctr[CURRENT]
    hands = TB[PARAMS][HAND] > 0
    if hands:
        hand_remove(ST, seat, t)
    else:
        ctr[N_PILE] -= 1
    if TB[PARAMS][BAG] and not TB[PARAMS][END_UNPLACEABLE]:
        tiles[ASIDE, ctr[N_ASIDE]] = t
        ctr[N_ASIDE] += 1
    ctr[N_DISCARDS] += 1
    log_move(ST, LOG, t, I64(-1), I64(-1), I64(-1), seat)
    if TB[PARAMS][END_UNPLACEABLE]:
        finish(TB, ST, OUT, LOG, g, I64(TILE_UNPLACEABLE))
        return
    if hands and seats[HAND_N, seat] == 0:
        refill(TB, ST, seat)
        if seats[HAND_N, seat] == 0:
            pass_turn(TB, ST)
    if is_empty(ST):
        finish(TB, ST, OUT, LOG, g, I64(SUPPLY_EMPTY))


@nb.njit(**JIT)
def after_move(TB, ST, OUT, LOG, g):
    """``State._after_move``: the game ends with the supply, or tiles that fit nowhere are
    discarded (the turn does not pass); with hands, a hand none of whose tiles fits."""
    tiles, seats, ctr, hands, scratch = ST[TILES_], ST[SEATS], ST[CTR], ST[HANDS], ST[SCRATCH]
    if is_empty(ST):
        finish(TB, ST, OUT, LOG, g, I64(SUPPLY_EMPTY))
        return
    # (requirements are checked here rather than in fits_somewhere: the base game runs
    # measurably slower with any more code in it)
    required = TB[effects.RULES][effects.H_REQUIREMENTS]
    if TB[PARAMS][HAND]:
        while not ctr[FINISHED]:
            seat = ctr[CURRENT]
            n = seats[HAND_N, seat]
            if n == 0:
                return
            for i in range(n):
                if fits_somewhere(TB, ST, hands[seat, i]) and (
                        not required or effects.fits_required(TB, ST, hands[seat, i])):
                    return
            held = scratch[VALUES]  # the hand as it was: each of its tiles is discarded
            for i in range(n):
                held[i] = hands[seat, i]
            for i in range(n):
                discard(TB, ST, OUT, LOG, g, held[i])
                if ctr[FINISHED]:
                    return
        return
    while ctr[N_PILE] and not ctr[FINISHED]:
        if fits_somewhere(TB, ST, tiles[PILE, ctr[N_PILE] - 1]) and (
                not required or effects.fits_required(TB, ST, tiles[PILE, ctr[N_PILE] - 1])):
            return
        discard(TB, ST, OUT, LOG, g, tiles[PILE, ctr[N_PILE] - 1])


@nb.njit(**JIT)
def apply(TB, ST, OUT, LOG, g, t, cell, r, spot):
    """``State._apply`` on the fast path."""
    cells, nodes, nfol, tiles, seats, ctr = (ST[CELLS], ST[NODES], ST[NFOL], ST[TILES_],
                                             ST[SEATS], ST[CTR])
    seat = ctr[CURRENT]
    if TB[PARAMS][HAND]:
        hand_remove(ST, seat, t)
    else:
        ctr[N_PILE] -= 1
    index = ctr[N_MOVES]
    log_move(ST, LOG, t, cell, r, spot, seat)
    ctr[TURNS] += 1
    OUT[SEAT_ROWS][SR_TURNS, g, seat] += 1
    OUT[PLACED][g, t] += 1
    o = 4 * t + r
    if TB[effects.RULES][effects.H_REQUIREMENTS]:
        effects.remember_turns(TB, ST, o, cell)
    if TB[boards.LISTS_TB][boards.LIMITED]:
        base = place_limited(TB, ST, o, cell)
    else:
        base = place_endless(TB, ST, o, cell)
    if spot >> figures.FIGURE_SHIFT > 0:
        figures.put(TB, ST, o, cell, base, spot, seat)
    elif spot >= 0:
        node = base + spot
        nfol[nodes[ROOT, node], seat] += 1
        tiles[P_SEAT, ctr[N_PIECES]], tiles[P_NODE, ctr[N_PIECES]] = seat, node
        ST[FIG_ST][figures.PF_FIG, ctr[N_PIECES]] = 0
        ctr[N_PIECES] += 1
        seats[LEFT, seat] -= 1
        if TB[OS][CENTRE_SPOT, o, spot] and not cells[C_WATCH, cell]:
            cells[C_WATCH, cell] = 1
            ctr[N_WATCHED] += 1
    elif spot <= figures.RECALL:  # ``State._recall``: its feature scores first
        p = figures.recall_piece(TB, ST, figures.RECALL - spot, seat)
        if figures.scores_recall(TB, ST, p):
            score_recall(TB, ST, OUT, LOG, g, nodes[ROOT, figures.RECALL - spot], index, seat)
        figures.take_back(TB, ST, p)
    # placement triggers act at once, before scoring
    extra = TB[effects.RULES][effects.H_TRIGGERS] > 0 and effects.fire_triggers(
        TB, ST, OUT, LOG, g, o, cell, base, index)
    extra = score_completed(TB, ST, OUT, LOG, g, o, cell, base, index) or extra
    close_group(ST, ctr[TURNS])
    if ctr[N_ASIDE]:
        return_aside(ST)
    if TB[PARAMS][HAND]:
        refill(TB, ST, seat)
        if not effects.end_turn(ST, extra, seats[HAND_N, seat] > 0):
            pass_turn(TB, ST)
    elif not effects.end_turn(ST, extra, True):
        ctr[CURRENT] = (seat + 1) % seats.shape[1]
    after_move(TB, ST, OUT, LOG, g)


@nb.njit(cache=True)
def list_moves(TB, ST, seat):
    """``iter_moves``: every legal move of the player to move into ``ST[MOVES]`` rows
    (tile type, square, rotation, spot), in its order; returns how many. With hands, each
    tile type held, in the order first held: ``placements_of``, then each one's
    ``moves_at`` written after them and moved to the front."""
    buf = ST[MOVES]
    total = placements_of(TB, ST, seat)
    placing, recalling = begin_turn(TB, ST, seat)
    n = total
    for i in range(total):
        occupied, n_near = square_occupied(TB, ST, buf[i, 1])
        n = moves_at(TB, ST, n, buf[i, 0], buf[i, 1], buf[i, 2], seat, placing, recalling,
                     occupied, n_near)
    for k in range(n - total):
        for f in range(4):
            buf[k, f] = buf[total + k, f]
    return n - total


@nb.njit(cache=True, inline="always")
def begin_turn(TB, ST, seat):
    """``movegen._Turn``: (placing, recalling) for ``moves_at``."""
    if TB[FIG_TB].shape[0]:
        return figures.begin_turn(TB, ST, seat)
    return False, False


@nb.njit(cache=True, inline="always")
def kinds_held(TB, ST, seat):
    """How many tile types ``held`` may name: the hand's size, or the drawn tile."""
    if TB[PARAMS][HAND]:
        return ST[SEATS][HAND_N, seat]
    return 1 if ST[CTR][N_PILE] else 0


@nb.njit(cache=True, inline="always")
def held(TB, ST, seat, h):
    """The ``h``-th tile type the mover may play (hands: in the order first held), or -1
    for a type held twice."""
    if not TB[PARAMS][HAND]:
        return ST[TILES_][PILE, ST[CTR][N_PILE] - 1]
    hands = ST[HANDS]
    t = hands[seat, h]
    for e in range(h):
        if hands[seat, e] == t:
            return -1
    return t


@nb.njit(**JIT)
def moves_at(TB, ST, n, t, c, r, seat, placing, recalling, occupied, n_near):
    """``_Turn.moves_at``: the moves of ``t`` placed on ``c`` in rotation ``r`` into
    ``ST[MOVES]`` from row ``n`` (no figure, the ordinary follower's free spots, each
    figure's spots, then recalls), given ``square_occupied`` of ``c``. Returns the new
    count."""
    buf, os_ = ST[MOVES], TB[OS]
    o = 4 * t + r
    buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3] = t, c, r, -1
    n += 1
    spots = ST[SEATS][LEFT, seat] > 0 and TB[TT][t, SPOT_COUNT] > 0
    stands = False  # some figure in the mover's supply may stand on o
    if placing:
        fspots, fc = TB[figures.FSPOTS], ST[figures.FC]
        for f in range(fspots.shape[0]):
            if fspots[f, o, 0] >= 0 and fc[f, seat] > 0:
                stands = True
    if not (spots or stands or recalling):
        return n
    occ = 0
    if spots or stands:
        occ = grown(TB, ST, o, occupied, n_near)
    if spots:
        for k in range(TB[O1][N_SPOTS, o]):
            i = os_[SPOTS, o, k]
            if not os_[SEG_MASK, o, i] & occ:
                buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3] = t, c, r, i
                n += 1
    if stands:  # ``_iter_more``: each figure's spots, then recalls
        n = figures.placements(TB, ST, n, t, c, r, o, occ, seat)
    if recalling:
        n = figures.recalls(TB, ST, n, t, c, r, o)
    return n


@nb.njit(**JIT)
def placements_of(TB, ST, seat):
    """``movegen.placements_of``: the placements (tile type, square, rotation) of the tiles
    the mover may play that fit and pass the requirements, as ``ST[MOVES]`` rows (spot -1),
    in ``iter_moves``' order; returns how many."""
    cells, ctr, opens, buf = ST[CELLS], ST[CTR], ST[OPENS], ST[MOVES]
    sigp, tt = TB[O1][SIGP], TB[TT]
    required = TB[effects.RULES][effects.H_REQUIREMENTS]
    n = 0
    for h in range(kinds_held(TB, ST, seat)):
        t = held(TB, ST, seat, h)
        if t < 0:
            continue
        for j in range(ctr[N_OPEN]):
            c = opens[OPEN_CELL, j]
            mask, need = cells[C_MASK, c], cells[C_NEED, c]
            for q in range(tt[t, N_DISTINCT]):
                r = tt[t, q]
                o = 4 * t + r
                if sigp[o] & mask != need or required and not effects.passes(TB, ST, o, c):
                    continue
                buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3] = t, c, r, -1
                n += 1
    return n


@nb.njit(**JIT)
def width(TB, ST, seat, t, placing):
    """``_Turn.width``: a bound on the moves one placement of ``t`` offers the mover."""
    n = 1
    if ST[SEATS][LEFT, seat] > 0:
        n += TB[TT][t, SPOT_COUNT]
    fk = TB[FIG_TB]
    if fk.shape[0] == 0:
        return n
    fspots, fc = TB[figures.FSPOTS], ST[figures.FC]
    players = fc.shape[1] - 1
    if placing:
        for f in range(fk.shape[0]):
            if fc[f, seat] and (fk[f, figures.NEEDS] == figures.NO_NEED or fc[f, players]):
                for k in range(fspots.shape[2]):
                    if fspots[f, 4 * t, k] < 0:
                        break
                    n += 1
    return n + fc[fk.shape[0], figures.N_RECALLABLE]


@nb.njit(**JIT)
def sample_general(TB, ST, seat, total, placing, recalling, rng, out):
    """``movegen._sample_more`` draw for draw, over ``placements_of`` (``total`` rows):
    (tile type, cell, rotation, spot) into ``out``."""
    buf = ST[MOVES]
    w = 1
    for h in range(kinds_held(TB, ST, seat)):
        t = held(TB, ST, seat, h)
        if t >= 0:
            w = max(w, width(TB, ST, seat, t, placing))
    while True:
        v = mt.below(rng, total * w)
        pick, choice = v // w, v % w
        t, c, r = buf[pick, 0], buf[pick, 1], buf[pick, 2]
        occupied, n_near = square_occupied(TB, ST, c)
        m = moves_at(TB, ST, total, t, c, r, seat, placing, recalling, occupied, n_near)
        if choice < m - total:
            for i in range(4):
                out[i] = buf[total + choice, i]
            return


# --- a game, a batch ---------------------------------------------------------------------------

@nb.njit(cache=True, inline="always")
def set_up(TB, ST, seed, seating):
    """``State.__init__`` and ``_set_up``: the pile shuffled by the game's generator (each
    draw group on its own) and reversed; the bots' generators (``random.Random`` seeds with
    |seed|; a seat's bot is its player's); the start tile; the hands dealt."""
    tiles, ctr, mtx = ST[TILES_], ST[CTR], ST[MTX]
    players = mtx.shape[0] - 1
    ST[SEATING][:] = seating
    mt.seed_int(mtx[players], abs(seed))
    for s in range(players):
        mt.seed_int(mtx[s], abs(seed * 7919 + seating[s]))
    supply = TB[SUPPLY]
    n = supply.shape[0]
    pile = tiles[PILE]
    pile[:n] = supply
    begin = 0
    for end in TB[GROUP_ENDS]:
        mt.shuffle(mtx[players], pile[begin:end])
        begin = end
    for i in range(n // 2):
        pile[i], pile[n - 1 - i] = pile[n - 1 - i], pile[i]
    ctr[N_PILE] = n
    bl = TB[boards.LISTS_TB]  # the board's printed tiles, then its start areas
    for i in range(bl[boards.N_PRINTED]):
        place(TB, ST, boards.item(bl, boards.PR_O, i), boards.item(bl, boards.PR_CELL, i))
    start = TB[PARAMS][START_TYPE]
    if TB[PARAMS][START_PLACED] and start >= 0:
        base = place(TB, ST, 4 * start, boards.item(bl, boards.START_CELL, 0))
        if TB[effects.RULES][effects.H_TOKENS]:
            effects.set_up(TB, ST, base)
        for k in range(1, bl[boards.N_STARTS]):
            cell = boards.item(bl, boards.START_CELL, k)
            o = boards.start_area(TB, ST, cell)
            if o >= 0:
                place(TB, ST, o, cell)
    if TB[PARAMS][HAND]:
        for s in range(players):
            refill(TB, ST, s)


@nb.njit(**JIT)
def play_turns(TB, ST, OUT, LOG, g, turns, branching, counts, one_rng):
    """Random moves until the game ends or ``turns`` turns are played (``sim.local.play_out``
    and ``mcts``' roll-out); the player to move draws from its own generator, or
    (``one_rng``) everybody from the first. ``counts``: decisions, placements, moves, as
    ``rows._play_counted`` counts them."""
    tiles, ctr, mtx, buf, move = ST[TILES_], ST[CTR], ST[MTX], ST[MOVES], ST[SCRATCH][VALUES]
    general, hands = TB[PARAMS][GENERAL], TB[PARAMS][HAND]
    while not ctr[FINISHED] and turns:
        turns -= 1
        if is_empty(ST):
            finish(TB, ST, OUT, LOG, g, I64(SUPPLY_EMPTY))
            break
        seat = ctr[CURRENT]
        rng = mtx[0] if one_rng else mtx[seat]
        if general:  # ``rows._play_counted``' counts, then ``_sample_more``
            if branching:
                m = list_moves(TB, ST, seat)
                counts[2] += m
                counts[0] += m > 1
            total = placements_of(TB, ST, seat)
            if total == 0:
                raise ValueError("no legal move in a live game")
            placing, recalling = begin_turn(TB, ST, seat)
            n = total if hands else fitting_rotations(TB, ST, tiles[PILE, ctr[N_PILE] - 1])
            counts[1] += n
            if not branching:
                if n > 1:
                    counts[0] += 1
                elif total == 1:  # one placement: a choice if it offers more than one move
                    occupied, n_near = square_occupied(TB, ST, buf[0, 1])
                    counts[0] += moves_at(TB, ST, I64(1), buf[0, 0], buf[0, 1], buf[0, 2], seat,
                                          placing, recalling, occupied, n_near) > 2
            sample_general(TB, ST, seat, total, placing, recalling, rng, move)
            apply(TB, ST, OUT, LOG, g, move[0], move[1], move[2], move[3])
            continue
        t = tiles[PILE, ctr[N_PILE] - 1]
        total = fitting_rotations(TB, ST, t)
        counts[1] += total
        if branching:
            m = count_moves(TB, ST, t, seat, I64(1 << 60))
            counts[2] += m
            counts[0] += m > 1
        elif total > 1:
            counts[0] += 1
        else:
            counts[0] += count_moves(TB, ST, t, seat, I64(2)) > 1
        sample(TB, ST, t, seat, total, rng, move)
        apply(TB, ST, OUT, LOG, g, t, move[0], move[1], move[2])


@nb.njit(cache=True, inline="always")
def play_game(TB, ST, OUT, LOG, g, seed, seating, branching, counts):
    """One game of random bots to its end, its row into ``OUT``'s row ``g``."""
    tiles, seats, ctr = ST[TILES_], ST[SEATS], ST[CTR]
    reset(TB, ST)
    set_up(TB, ST, seed, seating)
    after_move(TB, ST, OUT, LOG, g)
    counts[:] = 0
    play_turns(TB, ST, OUT, LOG, g, I64(-1), branching, counts, np.bool_(False))
    decisions, placements, moves = counts[0], counts[1], counts[2]
    scores = seats[SCORE]
    best = largest(scores)
    winner, tops = -1, 0
    for s in range(scores.shape[0]):
        if scores[s] == best:
            winner = s
            tops += 1
    lead_from = 0
    for q in range(ctr[N_GROUPS]):
        sole = tops == 1 and tiles[G_NOW, q] == winner
        if sole and lead_from == 0:
            lead_from = tiles[G_STEP, q]
        elif not sole:
            lead_from = 0
    OUT[SEAT_ROWS][SR_SCORE, g] = scores
    rows = OUT[ROWS]
    rows[g, R_DISCARDS], rows[g, R_END], rows[g, R_CHANGES] = (ctr[N_DISCARDS], ctr[END],
                                                               ctr[CHANGES])
    rows[g, R_LEAD_FROM], rows[g, R_DECISIONS], rows[g, R_PLACEMENTS] = (lead_from, decisions,
                                                                         placements)
    rows[g, R_MOVES] = moves if branching else -1
    rows[g, R_N_MOVES], rows[g, R_N_EVENTS] = ctr[N_MOVES], ctr[N_LOG_EVENTS]


@nb.njit(cache=True)
def play_batch(TB, seeds, seatings, branching, OUT, LOG):
    """Every game of ``seeds`` (players seated by ``seatings`` rows), rows into ``OUT``;
    ``LOG[0]``: also write the moves and events of the (single) game into ``LOG[1]``,
    ``LOG[2]``."""
    ST = new_state(TB, seatings.shape[1])
    counts = np.zeros(3, np.int64)
    for g in range(seeds.shape[0]):
        play_game(TB, ST, OUT, LOG, g, seeds[g], seatings[g], branching, counts)


@nb.njit(cache=True)
def load(TB, ST, placed, pieces, figure_supply, watched, pile, hands, hand_n, scores, left,
         current, aside):
    """A position of the Python engine into ``ST``: its tiles placed again in the order
    they were (which rebuilds the same nodes, features and open squares), its followers and
    figures (``pieces``: seat, node, figure), the figures in supply, watched centres, pile,
    hands, scores and the player to move."""
    cells, nodes, nfol, tiles, seats, ctr = (ST[CELLS], ST[NODES], ST[NFOL], ST[TILES_],
                                             ST[SEATS], ST[CTR])
    reset(TB, ST)
    for i in range(placed.shape[0]):
        place(TB, ST, placed[i, 0], placed[i, 1])
    if TB[FIG_TB].shape[0]:
        figures.load(TB, ST, pieces, figure_supply)
    else:
        for p in range(pieces.shape[0]):
            seat, node = pieces[p, 0], pieces[p, 1]
            nfol[nodes[ROOT, node], seat] += 1
            tiles[P_SEAT, p], tiles[P_NODE, p] = seat, node
        ctr[N_PIECES] = pieces.shape[0]
    for c in watched:
        cells[C_WATCH, c] = 1
    ctr[N_WATCHED] = watched.shape[0]
    tiles[PILE, :pile.shape[0]] = pile
    ctr[N_PILE] = pile.shape[0]
    tiles[ASIDE, :aside.shape[0]] = aside
    ctr[N_ASIDE] = aside.shape[0]
    ST[HANDS][:, :hands.shape[1]] = hands
    seats[HAND_N] = hand_n
    seats[SCORE] = scores
    seats[LEAD] = scores
    seats[LEFT] = left
    ctr[CURRENT] = current


@nb.njit(cache=True)
def roll_out(TB, ST, OUT, LOG, turns, seed):
    """Random moves from the loaded position for ``turns`` turns (-1: to the end), all
    drawn from one generator seeded with ``seed`` (a bag's returns from another), then final
    scoring: ``mcts``' roll-out. The scores are in ``ST[SEATS][SCORE]``."""
    mtx, ctr = ST[MTX], ST[CTR]
    mt.seed_int(mtx[0], seed)
    mt.seed_int(mtx[mtx.shape[0] - 1], seed + 1)
    counts = ST[SCRATCH][STACK_ROW][:3]
    g = I64(0)
    play_turns(TB, ST, OUT, LOG, g, turns, np.bool_(False), counts, np.bool_(True))
    if not ctr[FINISHED]:
        finish(TB, ST, OUT, LOG, g, I64(STOPPED))


# --- from Python -------------------------------------------------------------------------------

def tables_for(tables, players: int) -> tuple:
    """``TB``: the core's arrays (``layout``), then the two slots each of ``figures``,
    ``effects`` and ``boards``."""
    return (kernel_tables(tables, players) + figures.tables(tables, players)
            + effects.tables(tables, players) + boards.tables(tables, players))


class Kernel:
    """Plays batches of games of one rule set and player count, random bots in every seat
    (seat ``i``'s generator ``Random(seed * 7919 + i)``, as ``bots.make_bots`` seeds it):
    the same games as the Python engine on the same seeds. Only for rule sets
    ``support.unsupported`` accepts."""

    compile_seconds: float | None = None
    """How long the first use took to compile the kernel or load it from the disk cache."""

    def __init__(self, game, players: int):

        self.game, self.players = game, players
        self.tables = game.tables
        self.tb = tables_for(game.tables, players)
        self._st: tuple | None = None  # a roll-out's state, kept from one to the next
        self.names = effects.event_names(game.tables)
        """The names scorings carry, by the index ``emit`` counts them under (``Batch``)."""

    def _out(self, games: int) -> tuple:
        p, k, t = self.players, len(self.names), len(self.tables.type_names)
        return (np.zeros((games, N_ROWS), np.int64), np.zeros((2, games, p), np.int64),
                np.zeros((2, games, k, 2), np.int64), np.zeros((games, t), np.int64))

    def play(self, seeds, branching: bool = False):
        """Play a game for each seed; a ``Batch`` of their rows."""
        from carcdsl.fast.batch import Batch, seeds_array

        seeds_a = seeds_array(seeds)
        out = self._out(len(seeds_a))
        no_log = (False, np.zeros((1, 5), np.int64), np.zeros((1, 5), np.int64))
        self.warm()
        seating = self.seatings(seeds_a)
        play_batch(self.tb, seeds_a, seating, branching, out, no_log)
        rows, i32 = out[ROWS], np.int32
        return Batch(seeds_a, out[SEAT_ROWS][SR_SCORE].astype(i32), seating.astype(np.int8),
                     out[SEAT_ROWS][SR_TURNS].astype(i32), rows[:, R_DISCARDS].astype(i32),
                     rows[:, R_END].astype(np.int8), out[KIND_ROWS][KR_POINTS].astype(i32),
                     out[KIND_ROWS][KR_SCORINGS].astype(i32), rows[:, R_CHANGES].astype(i32),
                     rows[:, R_LEAD_FROM].astype(i32), rows[:, R_DECISIONS].astype(i32),
                     rows[:, R_PLACEMENTS].copy(), rows[:, R_MOVES].copy(),
                     out[PLACED].astype(i32), tuple(self.names),
                     len(self.tables.kinds))

    def seatings(self, seeds: np.ndarray) -> np.ndarray:
        """Per game, seat -> player: turned by the draw-off for the first player when the
        rules have one (run by the Python engine's own set-up: it draws from a generator
        seeded by a string, and needs the shuffled pile), else as given."""
        seating = np.tile(np.arange(self.players, dtype=np.int64), (len(seeds), 1))
        if self.tables.modes.draw_off:
            for g, seed in enumerate(seeds.tolist()):
                seating[g] = self.game.new_game(self.players, seed).seating
        return seating

    def log(self, seed: int) -> dict:
        """One game in full, for comparing with the Python engine: its moves (``(t, key, r,
        spot)``, or ``(t,)`` for a discard), the seat of each, its scorings ``(move index,
        seat, kind name, when, points)``, the final scores and why it ended."""
        from carcdsl.fast.batch import END_REASONS, seeds_array

        cap = 4 * (len(self.tables.fast.supply) + 2)
        log = (True, np.zeros((cap, 5), np.int64), np.zeros((8 * cap, 5), np.int64))
        out = self._out(1)
        self.warm()
        seeds_a = seeds_array([seed])
        play_batch(self.tb, seeds_a, self.seatings(seeds_a), False, out, log)
        n_moves, n_events = int(out[ROWS][0, R_N_MOVES]), int(out[ROWS][0, R_N_EVENTS])
        assert n_moves <= cap and n_events <= 8 * cap
        w = int(self.tb[boards.LISTS_TB][boards.SIDE])  # as new_state sizes it
        moves: list[tuple[int, ...]] = []
        seats = []
        for t, cell, r, spot, seat in log[1][:n_moves].tolist():
            if cell < 0:
                moves.append((t,))
            else:
                moves.append((t, to_key(cell % w - w // 2, cell // w - w // 2), r, spot))
            seats.append(seat)
        names = self.names
        events = [(i, s, names[k], ("complete", "final")[when], points)
                  for i, s, k, when, points in log[2][:n_events].tolist()]
        return {"moves": moves, "seats": seats, "events": events,
                "scores": out[SEAT_ROWS][SR_SCORE, 0].tolist(),
                "end": END_REASONS[int(out[ROWS][0, R_END])]}

    def warm(self) -> float:
        """Compile the kernels (or load them from the disk cache) now, if not yet done in
        this process: the seconds it took (0 once warm). Any rule set's kernel warms them
        all (the compiled code is the same for every rule set). A process pool's parent calls
        it before forking."""
        if Kernel.compile_seconds is not None:
            return 0.0
        started = time.perf_counter()
        seeds, seating = np.zeros(1, np.int64), np.zeros((1, self.players), np.int64)
        for logging in (False, True):
            log = (logging, np.zeros((1, 5), np.int64), np.zeros((1, 5), np.int64))
            play_batch(self.tb, seeds, seating, False, self._out(1), log)
        Kernel.compile_seconds = time.perf_counter() - started
        return Kernel.compile_seconds

    def _load(self, state) -> tuple:
        """``state`` (a position of the Python engine) into the kernel's own ``ST``."""
        if self._st is None:
            self._st = new_state(self.tb, self.players)
            self._one = self._out(1)
            self._no_log = (False, np.zeros((1, 5), np.int64), np.zeros((1, 5), np.int64))
        w = self._st[CTR][WIDTH]
        half = w // 2

        def cell(key: int) -> int:
            x, y = to_xy(key)
            return (x + half) + (y + half) * w
        grid, features, supply, seats = state.grid, state.features, state.supply, state.seats
        placed = np.array([(o, cell(key)) for key, (o, _) in grid.tiles.items()],
                          np.int64).reshape(-1, 2)
        pieces = np.array([(seat, node, figure) for seat, node, _, figure in features.pieces],
                          np.int64).reshape(-1, 3)
        figure_supply = np.array(seats.figures, np.int64).reshape(-1, self.players)
        watched = np.array([cell(key) for key in grid.watched], np.int64)
        hands = supply.hands or [[]] * self.players
        held = np.zeros((self.players, max(1, max(map(len, hands)))), np.int64)
        for s, hand in enumerate(hands):
            held[s, :len(hand)] = hand
        load(self.tb, self._st, placed, pieces, figure_supply, watched,
             np.array(supply.pile, np.int64), held,
             np.array([len(h) for h in hands], np.int64), np.array(seats.scores, np.int64),
             np.array(seats.followers, np.int64), seats.current,
             np.array(supply.aside, np.int64))
        return self._st

    def position(self, state) -> dict:
        """What the kernel makes of ``state`` (a position of the Python engine), to compare
        with it: the legal moves in order (as ``iter_moves`` gives them), each node's root,
        open ends and pennants at roots, followers per seat at roots, the open squares in
        order, and the scores."""
        st = self._load(state)
        n = list_moves(self.tb, st, st[CTR][CURRENT])
        w = st[CTR][WIDTH]

        def key(c: int) -> int:
            return to_key(c % w - w // 2, c // w - w // 2)
        nodes, used = st[NODES], st[CTR][N_NODES]
        roots = [r for r in range(used) if nodes[ROOT, r] == r]
        return {"moves": [(t, key(c), r, spot) for t, c, r, spot in st[MOVES][:n].tolist()],
                "root": nodes[ROOT, :used].tolist(),
                "open_ends": {r: int(nodes[OPEN_ENDS, r]) for r in roots},
                "pennants": {r: int(nodes[PENNANTS, r]) for r in roots},
                "followers": {r: st[NFOL][r].tolist() for r in roots if st[NFOL][r].any()},
                "open": [key(c) for c in st[OPENS][OPEN_CELL, :st[CTR][N_OPEN]].tolist()],
                "scores": st[SEATS][SCORE].tolist()}

    def roll_out(self, state, seed: int, turns: int = -1) -> list[int]:
        """``mcts``' roll-out of ``state`` (a position of the Python engine, left as it is):
        random moves for ``turns`` turns (-1: to the end) drawn from a generator seeded with
        ``seed`` (0 <= seed < 2**62), then final scoring; the scores per seat. Only for rule
        sets ``support.unsupported_roll_out`` accepts."""
        st = self._load(state)
        roll_out(self.tb, st, self._one, self._no_log, turns, seed)
        return st[SEATS][SCORE].tolist()
