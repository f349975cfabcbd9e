"""The compiled play loop: whole games of random bots over the tables as arrays
(``fast.layout``), in Numba, making the same moves and scores as the Python engine on the same
seeds.

Every function mirrors a piece of ``engine``, in its order (the order is part of what makes
the games the same): ``place`` is ``Grid.place`` with ``Features.union``; ``sample`` is
``movegen.sample_move``; ``score_completed``, ``score`` and ``finish`` are
``engine.scoring``'s. A game's state is ``ST``, a tuple of arrays allocated once per batch
and reset per game; scalars live in ``ctr``.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.fast import mt
from carcdsl.fast.layout import (
    CENTRE_SPOT,
    CENTRES,
    CLOSABLE,
    CODE,
    CODE_LEN,
    DISTINCT,
    END_UNPLACEABLE,
    FOLLOWERS,
    KIND_CENTRE,
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
)
from carcdsl.fast.program import STACK, run

# ctr: a game's scalars
(N_TILES, N_NODES, N_OPEN, N_PIECES, N_PILE, CURRENT, GEN, N_MOVES, TURNS, FINISHED, END,
 N_WATCHED, LEADER, CHANGES, N_GROUPS, GROUP_EVENTS, N_LOG_EVENTS, N_DISCARDS) = range(18)
N_CTR = 18

# quantity codes (compile.expr)
TILES, PENNANTS, NEIGHBOURS, FOLLOWERS_Q, COMPLETED, MARKERS, ATTRIBUTE, OWN = range(8)

SUPPLY_EMPTY, TILE_UNPLACEABLE = 0, 1


# --- state -------------------------------------------------------------------------------------

@nb.njit(cache=True)
def new_state(TB, players):
    """The arrays of one game (``ST``), sized by the rule set: every game of the batch reuses
    them."""
    tiles = TB[SUPPLY].shape[0] + 1
    w = 2 * tiles + 5
    s_max = TB[SEG_KIND].shape[1]
    nodes = tiles * s_max
    a_max = TB[SEG_ATTR].shape[2]
    cell_tile = np.full(w * w, -1, np.int64)
    maskv = np.zeros(w * w, np.int64)
    needv = np.zeros(w * w, np.int64)
    watch = np.zeros(w * w, np.bool_)
    open_cells = np.zeros(4 * tiles + 8, np.int64)
    tile_o = np.zeros(tiles, np.int64)
    tile_base = np.zeros(tiles, np.int64)
    tile_cell = np.zeros(tiles, np.int64)
    root = np.zeros(nodes, np.int64)
    nxt = np.zeros(nodes, np.int64)
    size = np.zeros(nodes, np.int64)
    node_tile = np.zeros(nodes, np.int64)
    open_ends = np.zeros(nodes, np.int64)
    pennants = np.zeros(nodes, np.int64)
    attr = np.zeros((nodes, a_max), np.int64)
    followers = np.zeros((nodes, players), np.int64)
    piece_seat = np.zeros(tiles, np.int64)
    piece_node = np.zeros(tiles, np.int64)
    pile = np.zeros(tiles, np.int64)
    scores = np.zeros(players, np.int64)
    left = np.zeros(players, np.int64)
    ctr = np.zeros(N_CTR, np.int64)
    stamp = np.zeros(nodes, np.int64)
    mt_game = np.zeros(mt.N + 1, np.uint32)
    mt_bot = np.zeros((players, mt.N + 1), np.uint32)
    steps = np.array([-w, 1, w, -1], np.int64)
    around = np.array([-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1], np.int64)
    # per open square: the fitting rotations of the drawn tile, running counts
    rots = np.zeros((open_cells.shape[0], 4), np.int64)
    n_rots = np.zeros(open_cells.shape[0], np.int64)
    ends = np.zeros(open_cells.shape[0], np.int64)
    # scratch: the features around a square, scoring values, a stack, roots to score
    near_root = np.zeros(16, np.int64)
    near_mask = np.zeros(16, np.int64)
    values = np.zeros(64, np.int64)
    stack = np.zeros(STACK, np.int64)
    todo = np.zeros(tiles, np.int64)
    lead = np.zeros(players, np.int64)
    group_step = np.zeros(tiles + 2, np.int64)
    group_now = np.zeros(tiles + 2, np.int64)
    return (cell_tile, maskv, needv, watch, open_cells, tile_o, tile_base, tile_cell, root, nxt,
            size, node_tile, open_ends, pennants, attr, followers, piece_seat, piece_node, pile,
            scores, left, ctr, stamp, mt_game, mt_bot, steps, around, rots, n_rots, ends,
            near_root, near_mask, values, stack, todo, lead, group_step, group_now, w)


@nb.njit(cache=True)
def reset(TB, ST, players):
    """Clear what the last game left (only the squares it touched)."""
    (cell_tile, maskv, needv, watch, open_cells, tile_o, tile_base, tile_cell, root, nxt,
     size, node_tile, open_ends, pennants, attr, followers, piece_seat, piece_node, pile,
     scores, left, ctr, stamp, mt_game, mt_bot, steps, around, rots, n_rots, ends,
     near_root, near_mask, values, stack, todo, lead, group_step, group_now, w) = ST
    for i in range(ctr[N_TILES]):
        c = tile_cell[i]
        cell_tile[c] = -1
        maskv[c] = 0
        needv[c] = 0
        watch[c] = False
    for j in range(ctr[N_OPEN]):
        maskv[open_cells[j]] = 0
        needv[open_cells[j]] = 0
    followers[:ctr[N_NODES]] = 0
    attr[:ctr[N_NODES]] = 0
    stamp[:] = 0
    ctr[:] = 0
    ctr[LEADER] = -1
    scores[:] = 0
    lead[:] = 0
    left[:] = TB[PARAMS][FOLLOWERS]
    origin = (w // 2) + (w // 2) * w
    open_cells[0] = origin
    ctr[N_OPEN] = 1


# --- the board and its features ----------------------------------------------------------------

@nb.njit(cache=True)
def union(ST, a, b):
    """``Features.union``: the smaller feature (on a tie, ``b``'s) is relabelled; returns the
    root kept. Members are a circular list through ``nxt``."""
    root, nxt, size, open_ends, pennants, attr, followers = (ST[8], ST[9], ST[10], ST[12],
                                                             ST[13], ST[14], ST[15])
    if size[a] < size[b]:
        a, b = b, a
    n = b
    while True:
        root[n] = a
        n = nxt[n]
        if n == b:
            break
    nxt[a], nxt[b] = nxt[b], nxt[a]
    size[a] += size[b]
    pennants[a] += pennants[b]
    open_ends[a] += open_ends[b]
    for i in range(attr.shape[1]):
        attr[a, i] += attr[b, i]
    for s in range(followers.shape[1]):
        followers[a, s] += followers[b, s]
    return a


@nb.njit(cache=True)
def place(TB, ST, o, cell):
    """``Grid.place``: new nodes, the square leaves the open list (order kept), squares
    around it open (N E S W) or learn what they require, links joined. Returns the first
    node."""
    (cell_tile, maskv, needv, watch, open_cells, tile_o, tile_base, tile_cell, root, nxt,
     size, node_tile, open_ends, pennants, attr, followers, piece_seat, piece_node, pile,
     scores, left, ctr, stamp, mt_game, mt_bot, steps, around, rots, n_rots, ends,
     near_root, near_mask, values, stack, todo, lead, group_step, group_now, w) = ST
    seg_at, link_seg, link_pos, link_counts, n_links = (TB[SEG_AT], TB[LINK_SEG], TB[LINK_POS],
                                                        TB[LINK_COUNTS], TB[N_LINKS])
    seg_attr = TB[SEG_ATTR]
    tile = ctr[N_TILES]
    base = ctr[N_NODES]
    ctr[N_TILES] += 1
    ctr[N_NODES] += TB[N_SEG][o]
    tile_o[tile], tile_base[tile], tile_cell[tile] = o, base, cell
    cell_tile[cell] = tile
    for i in range(TB[N_SEG][o]):
        n = base + i
        root[n], nxt[n], size[n], node_tile[n] = n, n, 1, tile
        open_ends[n], pennants[n] = TB[SEG_OPEN][o, i], TB[SEG_PEN][o, i]
        for a in range(seg_attr.shape[2]):
            attr[n, a] = seg_attr[o, i, a]
    k = 0
    for j in range(ctr[N_OPEN]):
        if open_cells[j] != cell:
            open_cells[k] = open_cells[j]
            k += 1
    ctr[N_OPEN] = k
    for d in range(4):
        nc = cell + steps[d]
        nt = cell_tile[nc]
        if nt < 0:
            if maskv[nc] == 0:
                known = False
                for j in range(ctr[N_OPEN]):
                    if open_cells[j] == nc:
                        known = True
                        break
                if not known:
                    open_cells[ctr[N_OPEN]] = nc
                    ctr[N_OPEN] += 1
            maskv[nc] |= TB[NEEDM][o, d]
            needv[nc] |= TB[NEEDV][o, d]
            continue
        no, nbase = tile_o[nt], tile_base[nt]
        for k in range(n_links[o, d]):
            a = root[base + link_seg[o, d, k]]
            b = root[nbase + seg_at[no, link_pos[o, d, k]]]
            if a != b:
                a = union(ST, a, b)
            if link_counts[o, d, k]:
                open_ends[a] -= 2
    return base


@nb.njit(cache=True)
def fits(TB, ST, o, cell):
    return (TB[SIGP][o] & ST[1][cell]) == ST[2][cell]


@nb.njit(cache=True)
def fits_somewhere(TB, ST, t):
    """``can_place`` on the fast path: some open square takes some rotation of ``t``."""
    open_cells, ctr = ST[4], ST[21]
    for j in range(ctr[N_OPEN]):
        for q in range(TB[N_DISTINCT][t]):
            if fits(TB, ST, 4 * t + TB[DISTINCT][t, q], open_cells[j]):
                return True
    return False


@nb.njit(cache=True)
def square_occupied(TB, ST, cell):
    """``Grid.occupied``: ring positions of ``cell`` where a neighbour's feature has
    followers; and the empty features meeting it (their roots and masks, into ``near_*``).
    Returns (mask, how many empty features)."""
    cell_tile, tile_o, tile_base, root, followers, steps = ST[0], ST[5], ST[6], ST[8], ST[15], \
        ST[25]
    near_root, near_mask = ST[30], ST[31]
    link_seg, link_pos, n_links = TB[LINK_SEG], TB[LINK_POS], TB[N_LINKS]
    occupied = 0
    n_near = 0
    for d in range(4):
        nt = cell_tile[cell + steps[d]]
        if nt < 0:
            continue
        no, nbase, side = tile_o[nt], tile_base[nt], (d + 2) % 4
        for k in range(n_links[no, side]):
            bit = 1 << link_pos[no, side, k]
            r = root[nbase + link_seg[no, side, k]]
            taken = False
            for s in range(followers.shape[1]):
                if followers[r, s]:
                    taken = True
                    break
            if taken:
                occupied |= bit
                continue
            found = False
            for q in range(n_near):
                if near_root[q] == r:
                    near_mask[q] |= bit
                    found = True
                    break
            if not found:
                near_root[n_near] = r
                near_mask[n_near] = bit
                n_near += 1
    return occupied, n_near


@nb.njit(cache=True)
def grown(TB, ST, o, occupied, n_near):
    """``Tables.free_spots``' occupied positions for ``o``: with followers around, a segment
    of ``o`` (or an empty feature meeting the square twice) that meets them joins them."""
    if occupied == 0 or n_near == 0:
        return occupied
    near_mask, seg_mask = ST[31], TB[SEG_MASK]
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
        for i in range(TB[N_SEG][o]):
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


@nb.njit(cache=True)
def free_spots_of(TB, ST, o, cell, occupied, n_near):
    """How many follower spots of ``o`` on ``cell`` are free."""
    occ = grown(TB, ST, o, occupied, n_near)
    count = 0
    for k in range(TB[N_SPOTS][o]):
        if not TB[SEG_MASK][o, TB[SPOTS][o, k]] & occ:
            count += 1
    return count


# --- the random bot ----------------------------------------------------------------------------

@nb.njit(cache=True)
def fitting_rotations(TB, ST, t):
    """Per open square, the rotations of ``t`` that fit (``rots``, ``n_rots``) and the
    running counts (``ends``); returns the placements in all."""
    open_cells, ctr, rots, n_rots, ends = ST[4], ST[21], ST[27], ST[28], ST[29]
    total = 0
    for j in range(ctr[N_OPEN]):
        k = 0
        cell = open_cells[j]
        for q in range(TB[N_DISTINCT][t]):
            r = TB[DISTINCT][t, q]
            if fits(TB, ST, 4 * t + r, cell):
                rots[j, k] = r
                k += 1
        n_rots[j] = k
        total += k
        ends[j] = total
    return total


@nb.njit(cache=True)
def sample(TB, ST, t, seat, total, rng, out):
    """``movegen.sample_move`` draw for draw, over ``fitting_rotations``: (cell, rotation,
    spot) into ``out``."""
    open_cells, ctr, rots, n_rots, ends, left = ST[4], ST[21], ST[27], ST[28], ST[29], ST[20]
    width = 1 + TB[SPOT_COUNT][t] if left[seat] else 1
    n_open = ctr[N_OPEN]
    while True:
        v = mt.below(rng, total * width)
        pick, choice = v // width, v % width
        i = 0
        while i < n_open and ends[i] <= pick:
            i += 1
        r = rots[i, pick - ends[i] + n_rots[i]]
        cell = open_cells[i]
        out[0], out[1] = cell, r
        if choice == 0:
            out[2] = -1
            return
        o = 4 * t + r
        spot = TB[SPOTS][o, choice - 1]
        occupied, n_near = square_occupied(TB, ST, cell)
        if not TB[SEG_MASK][o, spot] & grown(TB, ST, o, occupied, n_near):
            out[2] = spot
            return


@nb.njit(cache=True)
def count_moves(TB, ST, t, seat, limit):
    """Legal (placement, follower) moves of ``t`` (``iter_moves``), counting up to
    ``limit``."""
    open_cells, ctr, rots, n_rots, left = ST[4], ST[21], ST[27], ST[28], ST[20]
    spots = left[seat] > 0 and TB[SPOT_COUNT][t] > 0
    n = 0
    for j in range(ctr[N_OPEN]):
        if n_rots[j] == 0:
            continue
        cell = open_cells[j]
        occupied, n_near = 0, 0
        if spots:
            occupied, n_near = square_occupied(TB, ST, cell)
        for k in range(n_rots[j]):
            n += 1
            if spots:
                n += free_spots_of(TB, ST, 4 * t + rots[j, k], cell, occupied, n_near)
            if n >= limit:
                return n
    return n


# --- scoring -----------------------------------------------------------------------------------

@nb.njit(cache=True)
def neighbours(ST, cell):
    cell_tile, around = ST[0], ST[26]
    n = 0
    for off in around:
        if cell_tile[cell + off] >= 0:
            n += 1
    return n


@nb.njit(cache=True)
def measure(TB, ST, r, code, arg):
    """A quantity of the feature of root ``r`` (``scoring._measure``)."""
    (cell_tile, maskv, needv, watch, open_cells, tile_o, tile_base, tile_cell, root, nxt,
     size, node_tile, open_ends, pennants, attr, followers, piece_seat, piece_node, pile,
     scores, left, ctr, stamp, mt_game, mt_bot, steps, around, rots, n_rots, ends,
     near_root, near_mask, values, stack, todo, lead, group_step, group_now, w) = ST
    k = TB[SEG_KIND][tile_o[node_tile[r]], r - tile_base[node_tile[r]]]
    if code == TILES or code == NEIGHBOURS:
        if code == NEIGHBOURS or TB[KIND_CENTRE][k]:
            return (code == TILES) + neighbours(ST, tile_cell[node_tile[r]])
        ctr[GEN] += 1
        gen = ctr[GEN]
        count = 0
        n = r
        while True:
            tile = node_tile[n]
            if stamp[tile] != gen:
                stamp[tile] = gen
                count += 1
            n = nxt[n]
            if n == r:
                break
        return count
    if code == PENNANTS:
        return pennants[r]
    if code == FOLLOWERS_Q:
        return followers[r].sum()
    if code == COMPLETED:
        ctr[GEN] += 1
        gen = ctr[GEN]
        count = 0
        n = r
        while True:
            tile = node_tile[n]
            o, base = tile_o[tile], tile_base[tile]
            i = n - base
            for q in range(TB[N_TOUCHES][o, i]):
                x = root[base + TB[TOUCHES][o, i, q]]
                if (stamp[x] != gen and open_ends[x] == 0
                        and TB[SEG_KIND][tile_o[node_tile[x]], x - tile_base[node_tile[x]]]
                        == arg):
                    stamp[x] = gen
                    count += 1
            n = nxt[n]
            if n == r:
                break
        return count
    if code == ATTRIBUTE:
        value = attr[r, arg >> 1]
        if arg & 1:
            return min(value, 1)
        return value
    return 0  # MARKERS and OWN: ``support`` keeps such rule sets away


@nb.njit(cache=True)
def emit(ST, OUT, LOG, g, index, seat, k, when, points):
    """``points`` to ``seat`` for a feature of kind ``k`` (when: 0 complete, 1 final)."""
    scores, ctr, lead = ST[19], ST[21], ST[35]
    scores[seat] += points
    lead[seat] += points
    ctr[GROUP_EVENTS] += 1
    OUT[4][g, k, when] += points
    OUT[5][g, k, when] += 1
    if LOG[0]:
        e = ctr[N_LOG_EVENTS]
        if e < LOG[2].shape[0]:
            ev = LOG[2]
            ev[e, 0], ev[e, 1], ev[e, 2], ev[e, 3], ev[e, 4] = index, seat, k, when, points
        ctr[N_LOG_EVENTS] += 1


@nb.njit(cache=True)
def score(TB, ST, OUT, LOG, g, r, when, index):
    """``scoring.score``: the feature of root ``r`` scores for the most followers, then its
    followers go home (in the order of the pieces kept)."""
    (cell_tile, maskv, needv, watch, open_cells, tile_o, tile_base, tile_cell, root, nxt,
     size, node_tile, open_ends, pennants, attr, followers, piece_seat, piece_node, pile,
     scores, left, ctr, stamp, mt_game, mt_bot, steps, around, rots, n_rots, ends,
     near_root, near_mask, values, stack, todo, lead, group_step, group_now, w) = ST
    k = TB[SEG_KIND][tile_o[node_tile[r]], r - tile_base[node_tile[r]]]
    length = TB[CODE_LEN][k, when]
    players = followers.shape[1]
    best = 0
    for s in range(players):
        if followers[r, s] > best:
            best = followers[r, s]
    if length > 0 and best > 0:
        slots = TB[SLOTS]
        for q in range(TB[N_SLOTS][k, when]):
            values[q] = measure(TB, ST, r, slots[k, when, q, 0], slots[k, when, q, 1])
        points = run(TB[CODE][k, when], length, values, stack)
        if points != 0:
            for s in range(players):
                if followers[r, s] == best:
                    emit(ST, OUT, LOG, g, index, s, k, when, points)
    kept = 0
    for p in range(ctr[N_PIECES]):
        node = piece_node[p]
        if root[node] == r:
            left[piece_seat[p]] += 1
        else:
            piece_node[kept], piece_seat[kept] = node, piece_seat[p]
            kept += 1
    ctr[N_PIECES] = kept
    for s in range(players):
        followers[r, s] = 0


@nb.njit(cache=True)
def surrounded(ST, cell):
    cell_tile, around = ST[0], ST[26]
    for off in around:
        if cell_tile[cell + off] < 0:
            return False
    return True


@nb.njit(cache=True)
def score_completed(TB, ST, OUT, LOG, g, o, cell, base, index):
    """``scoring.score_completed`` on the fast path: closable segments of the tile, then
    watched centres on and around it in ``NEAR`` order."""
    root, open_ends, followers, ctr, watch, cell_tile = ST[8], ST[12], ST[15], ST[21], ST[3], \
        ST[0]
    tile_o, tile_base, around = ST[5], ST[6], ST[26]
    for q in range(TB[N_CLOSABLE][o]):
        r = root[base + TB[CLOSABLE][o, q]]
        if open_ends[r] == 0 and followers[r].sum() > 0:
            score(TB, ST, OUT, LOG, g, r, 0, index)
    if ctr[N_WATCHED] == 0:
        return
    for q in range(9):
        c = cell if q == 0 else cell + around[q - 1]
        if watch[c] and surrounded(ST, c):
            watch[c] = False
            ctr[N_WATCHED] -= 1
            tile = cell_tile[c]
            co, cbase = tile_o[tile], tile_base[tile]
            for k in range(TB[N_CENTRES][co]):
                node = cbase + TB[CENTRES][co, k]
                if followers[node].sum() > 0:
                    score(TB, ST, OUT, LOG, g, node, 0, index)


@nb.njit(cache=True)
def close_group(ST, step):
    """The scorings of one step (a turn's, or final scoring) are in: who leads now
    (``rows._leads``)."""
    ctr, lead, group_step, group_now = ST[21], ST[35], ST[36], ST[37]
    if ctr[GROUP_EVENTS] == 0:
        return
    ctr[GROUP_EVENTS] = 0
    best = lead[0]
    for s in range(lead.shape[0]):
        best = max(best, lead[s])
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
    group_step[ctr[N_GROUPS]] = step
    group_now[ctr[N_GROUPS]] = now
    ctr[N_GROUPS] += 1


@nb.njit(cache=True)
def finish(TB, ST, OUT, LOG, g, why):
    """``scoring.finish``: every feature with followers scores its final rule, in the order
    its first follower came."""
    root, piece_node, ctr, todo = ST[8], ST[17], ST[21], ST[34]
    if ctr[FINISHED]:
        return
    ctr[END] = why
    index = ctr[N_MOVES] - 1
    n = 0
    for p in range(ctr[N_PIECES]):
        r = root[piece_node[p]]
        seen = False
        for q in range(n):
            if todo[q] == r:
                seen = True
                break
        if not seen:
            todo[n] = r
            n += 1
    for q in range(n):
        score(TB, ST, OUT, LOG, g, todo[q], 1, index)
    close_group(ST, ctr[TURNS] + 1)
    ctr[FINISHED] = 1


@nb.njit(cache=True)
def log_move(ST, LOG, t, cell, r, spot, seat):
    ctr = ST[21]
    if LOG[0]:
        m = ctr[N_MOVES]
        if m < LOG[1].shape[0]:
            mv = LOG[1]
            mv[m, 0], mv[m, 1], mv[m, 2], mv[m, 3], mv[m, 4] = t, cell, r, spot, seat
    ctr[N_MOVES] += 1


@nb.njit(cache=True)
def after_move(TB, ST, OUT, LOG, g):
    """``State._after_move``: the game ends with the supply, or tiles that fit nowhere are
    discarded (the turn does not pass)."""
    pile, ctr = ST[18], ST[21]
    while not ctr[FINISHED]:
        if ctr[N_PILE] == 0:
            finish(TB, ST, OUT, LOG, g, SUPPLY_EMPTY)
            return
        t = pile[ctr[N_PILE] - 1]
        if fits_somewhere(TB, ST, t):
            return
        ctr[N_PILE] -= 1
        ctr[N_DISCARDS] += 1
        log_move(ST, LOG, t, -1, -1, -1, ctr[CURRENT])
        if TB[PARAMS][END_UNPLACEABLE]:
            finish(TB, ST, OUT, LOG, g, TILE_UNPLACEABLE)
            return


@nb.njit(cache=True)
def apply(TB, ST, OUT, LOG, g, t, cell, r, spot):
    """``State._apply`` on the fast path."""
    (cell_tile, maskv, needv, watch, open_cells, tile_o, tile_base, tile_cell, root, nxt,
     size, node_tile, open_ends, pennants, attr, followers, piece_seat, piece_node, pile,
     scores, left, ctr, stamp, mt_game, mt_bot, steps, around, rots, n_rots, ends,
     near_root, near_mask, values, stack, todo, lead, group_step, group_now, w) = ST
    seat = ctr[CURRENT]
    ctr[N_PILE] -= 1
    index = ctr[N_MOVES]
    log_move(ST, LOG, t, cell, r, spot, seat)
    ctr[TURNS] += 1
    OUT[2][g, seat] += 1
    OUT[11][g, t] += 1
    o = 4 * t + r
    base = place(TB, ST, o, cell)
    if spot >= 0:
        node = base + spot
        followers[root[node], seat] += 1
        piece_seat[ctr[N_PIECES]], piece_node[ctr[N_PIECES]] = seat, node
        ctr[N_PIECES] += 1
        left[seat] -= 1
        if TB[CENTRE_SPOT][o, spot] and not watch[cell]:
            watch[cell] = True
            ctr[N_WATCHED] += 1
    score_completed(TB, ST, OUT, LOG, g, o, cell, base, index)
    close_group(ST, ctr[TURNS])
    ctr[CURRENT] = (seat + 1) % scores.shape[0]
    after_move(TB, ST, OUT, LOG, g)


# --- a game, a batch ---------------------------------------------------------------------------

@nb.njit(cache=True)
def seed_of(value):
    """``random.Random(value)`` seeds with ``abs(value)``."""
    return -value if value < 0 else value


@nb.njit(cache=True)
def set_up(TB, ST, seed):
    """``State.__init__`` and ``_set_up`` on the fast path: the pile shuffled by the game's
    generator and reversed, the bots' generators, the start tile, the first discards."""
    pile, ctr, mt_game, mt_bot, w = ST[18], ST[21], ST[23], ST[24], ST[38]
    players = mt_bot.shape[0]
    mt.seed_int(mt_game, seed_of(seed))
    for s in range(players):
        mt.seed_int(mt_bot[s], seed_of(seed * 7919 + s))
    supply = TB[SUPPLY]
    n = supply.shape[0]
    pile[:n] = supply
    start = TB[PARAMS][START_TYPE]
    if not TB[PARAMS][START_PLACED] and start >= 0:
        pile[n] = start
        n += 1
    mt.shuffle(mt_game, pile[:n])
    pile[:n] = pile[:n][::-1].copy()
    ctr[N_PILE] = n
    if TB[PARAMS][START_PLACED] and start >= 0:
        origin = (w // 2) + (w // 2) * w
        place(TB, ST, 4 * start, origin)


@nb.njit(cache=True)
def play_game(TB, ST, OUT, LOG, g, seed, branching):
    """One game of random bots to its end, its row into ``OUT[..][g]``."""
    (cell_tile, maskv, needv, watch, open_cells, tile_o, tile_base, tile_cell, root, nxt,
     size, node_tile, open_ends, pennants, attr, followers, piece_seat, piece_node, pile,
     scores, left, ctr, stamp, mt_game, mt_bot, steps, around, rots, n_rots, ends,
     near_root, near_mask, values, stack, todo, lead, group_step, group_now, w) = ST
    players = scores.shape[0]
    reset(TB, ST, players)
    set_up(TB, ST, seed)
    after_move(TB, ST, OUT, LOG, g)
    move = np.zeros(3, np.int64)
    decisions = 0
    placements = 0
    moves = 0
    while not ctr[FINISHED]:
        if ctr[N_PILE] == 0:
            finish(TB, ST, OUT, LOG, g, SUPPLY_EMPTY)
            break
        t = pile[ctr[N_PILE] - 1]
        seat = ctr[CURRENT]
        total = fitting_rotations(TB, ST, t)
        placements += total
        if branching:
            m = count_moves(TB, ST, t, seat, 1 << 60)
            moves += m
            decisions += m > 1
        elif total > 1:
            decisions += 1
        else:
            decisions += count_moves(TB, ST, t, seat, 2) > 1
        sample(TB, ST, t, seat, total, mt_bot[seat], move)
        apply(TB, ST, OUT, LOG, g, t, move[0], move[1], move[2])
    # the row
    OUT[0][g, :] = scores
    OUT[3][g] = ctr[N_DISCARDS]
    OUT[13][g] = ctr[END]
    OUT[6][g] = ctr[CHANGES]
    OUT[8][g] = decisions
    OUT[9][g] = placements
    OUT[10][g] = moves if branching else -1
    best = scores.max()
    winner, tops = -1, 0
    for s in range(players):
        if scores[s] == best:
            winner = s
            tops += 1
    lead_from = 0
    for q in range(ctr[N_GROUPS]):
        sole = tops == 1 and group_now[q] == winner
        if sole and lead_from == 0:
            lead_from = group_step[q]
        elif not sole:
            lead_from = 0
    OUT[7][g] = lead_from
    OUT[12][g] = ctr[N_MOVES]
    OUT[14][g] = ctr[N_LOG_EVENTS]


@nb.njit(cache=True)
def play_batch(TB, seeds, players, branching, OUT, LOG):
    """Every game of ``seeds``, rows into ``OUT``; ``LOG[0]``: also write the moves and
    events of the (single) game into ``LOG[1]``, ``LOG[2]``."""
    ST = new_state(TB, players)
    for g in range(seeds.shape[0]):
        play_game(TB, ST, OUT, LOG, g, seeds[g], branching)


# --- from Python -------------------------------------------------------------------------------

class Kernel:
    """Plays batches of games of one rule set and player count, random bots in every seat
    (seat ``i``'s generator ``Random(seed * 7919 + i)``, as ``bots.make_bots`` seeds it):
    the same games as the Python engine on the same seeds. Only for rule sets
    ``support.unsupported`` accepts."""

    compile_seconds: float | None = None
    """How long the first use took to compile the kernel or load it from the disk cache."""

    def __init__(self, game, players: int):
        from carcdsl.fast.layout import kernel_tables

        self.game, self.players = game, players
        self.tables = game.tables
        self.tb = kernel_tables(game.tables, players)

    def _out(self, games: int) -> tuple:
        p, k, t = self.players, len(self.tables.kinds), len(self.tables.type_names)
        z = np.zeros
        return (z((games, p), np.int64), z((games, p), np.int64), z((games, p), np.int64),
                z(games, np.int64), z((games, k, 2), np.int64), z((games, k, 2), np.int64),
                z(games, np.int64), z(games, np.int64), z(games, np.int64), z(games, np.int64),
                z(games, np.int64), z((games, t), np.int64), z(games, np.int64),
                z(games, np.int64), z(games, np.int64))

    def play(self, seeds, branching: bool = False):
        """Play a game for each seed; a ``Batch`` of their rows."""
        from carcdsl.fast.batch import Batch, seeds_array

        seeds_a = seeds_array(seeds)
        out = self._out(len(seeds_a))
        no_log = (False, np.zeros((1, 5), np.int64), np.zeros((1, 5), np.int64))
        Kernel.warm()
        play_batch(self.tb, seeds_a, self.players, branching, out, no_log)
        seating = np.tile(np.arange(self.players, dtype=np.int8), (len(seeds_a), 1))
        return Batch(seeds_a, out[0].astype(np.int32), seating, out[2].astype(np.int32),
                     out[3].astype(np.int32), out[13].astype(np.int8),
                     out[4].astype(np.int32), out[5].astype(np.int32),
                     out[6].astype(np.int32), out[7].astype(np.int32),
                     out[8].astype(np.int32), out[9], out[10], out[11].astype(np.int32))

    def log(self, seed: int) -> dict:
        """One game in full, for comparing with the Python engine: its moves (``(t, key, r,
        spot)``, or ``(t,)`` for a discard), the seat of each, its scorings ``(move index,
        seat, kind name, when, points)``, the final scores and why it ended."""
        from carcdsl.fast.batch import END_REASONS, seeds_array

        cap = 4 * (len(self.tables.fast.supply) + 2)
        log = (True, np.zeros((cap, 5), np.int64), np.zeros((8 * cap, 5), np.int64))
        out = self._out(1)
        Kernel.warm()
        play_batch(self.tb, seeds_array([seed]), self.players, False, out, log)
        n_moves, n_events = int(out[12][0]), int(out[14][0])
        assert n_moves <= cap and n_events <= 8 * cap
        w = 2 * (len(self.tables.fast.supply) + 1) + 5
        moves, seats = [], []
        for t, cell, r, spot, seat in log[1][:n_moves].tolist():
            if cell < 0:
                moves.append((t,))
            else:
                x, y = cell % w - w // 2, cell // w - w // 2
                moves.append((t, x + (y << 20), r, spot))
            seats.append(seat)
        kinds = self.tables.kinds
        events = [(i, s, kinds[k].name, ("complete", "final")[when], points)
                  for i, s, k, when, points in log[2][:n_events].tolist()]
        return {"moves": moves, "seats": seats, "events": events,
                "scores": out[0][0].tolist(), "end": END_REASONS[int(out[13][0])]}

    @staticmethod
    def warm() -> float:
        """Compile the kernel (or load it from the disk cache) now, if not yet done: the
        seconds it took (0 once warm). A process pool's parent calls it before forking."""
        if Kernel.compile_seconds is not None:
            return 0.0
        import time

        import carcdsl
        from carcdsl.fast.layout import kernel_tables
        started = time.perf_counter()
        tables = carcdsl.load("base").tables
        k = Kernel.__new__(Kernel)
        k.players, k.tables = 2, tables
        for logging in (False, True):
            log = (logging, np.zeros((1, 5), np.int64), np.zeros((1, 5), np.int64))
            play_batch(kernel_tables(tables, 2), np.zeros(1, np.int64), 2, False, k._out(1), log)
        Kernel.compile_seconds = time.perf_counter() - started
        return Kernel.compile_seconds
