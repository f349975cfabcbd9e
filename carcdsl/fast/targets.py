"""The kernel's moves that act on a figure already on the board instead of placing one, and
a tile that lets its move's figure go anywhere (``engine.targets``): a neutral figure put
``beside own F`` (the fairy) and its points (``on turn beside``, ``on score beside``), ``on
place shows K A: instead return F`` (the princess), ``place F anywhere`` (the magic portal).

A target spot is the Python engine's ``TARGET - (node << TARGET_SHIFT | t)``; a spot anywhere
is a spot elsewhere (``ELSEWHERE - (node << ELSEWHERE_SHIFT | code)``). The rows are
``fast.neutral``'s table (``TR_*``, ``X_ANY``, ``BR_*``); this turn's candidates anywhere
(figure code, node) are in its state (``neutral.mine``) from ``X_CAND``.
"""

from __future__ import annotations

import numba as nb

from carcdsl.compile.facts import ELSEWHERE, ELSEWHERE_SHIFT, TARGET, TARGET_SHIFT
from carcdsl.compile.modes import (
    ANY_FOLLOWER,
    BESIDE,
    INSTEAD_RETURN,
    SCORE_BESIDE,
    SHOWS,
    TURN_BESIDE,
)
from carcdsl.fast import elsewhere, figures, neutral
from carcdsl.fast.features import kind_of
from carcdsl.fast.jit import I64, JIT
from carcdsl.fast.layout import (
    FIG_TB,
    HAND,
    KIND_CENTRE,
    KIND_FIELD,
    KK,
    N_SEG,
    N_SPOTS,
    O1,
    OS,
    PARAMS,
    SEG_ATTR,
    SEG_KIND,
    SPOTS,
)
from carcdsl.fast.neutral import (
    AR_ATTR,
    AR_COND,
    AR_KIND,
    BR_COND,
    BR_FIGURE,
    BR_NAME,
    BR_POINTS,
    FR_NEUTRAL,
    NEU_TB,
    S_FINAL,
    S_FINAL_N,
    S_LEAD,
    S_N_CAND,
    S_N_FIXED,
    S_PREV,
    TR_ATTR,
    TR_CODE,
    TR_FIGURE,
    TR_KIND,
    TR_MASK,
    X_ANY,
    X_ANY_MASK,
    X_BESIDE,
    X_BESIDE_AT,
    X_CAND,
    X_F,
    X_FIGS,
    X_FIXED,
    X_N_ANY,
    X_N_BESIDE,
    X_N_TARGETS,
    X_TARGETS,
    row,
)
from carcdsl.fast.slots import (
    C_TILE,
    CELLS,
    CHANGES,
    CTR,
    FIG_ST,
    G_STEP,
    GEO,
    GROUP_EVENTS,
    LEAD,
    LEADER,
    LEFT,
    MOVES,
    N_GROUPS,
    N_PIECES,
    N_PILE,
    N_TILES,
    NFOL,
    NODES,
    NTILE,
    OPEN_ENDS,
    P_NODE,
    P_SEAT,
    PILE,
    ROOT,
    SCRATCH,
    SEATS,
    T_BASE,
    T_CELL,
    T_O,
    TILES_,
    TURNS,
    emit,
)

TARGET_MASK = (1 << TARGET_SHIFT) - 1


@nb.njit(**JIT)
def matches(TB, mask, code):
    """``targets.matches``: figure ``code`` is one of the mask's (bit 0: any that counts)."""
    if mask >> code & 1:
        return True
    return (mask & 1) == 1 and (code == 0 or TB[FIG_TB][code - 1, figures.COUNTS] > 0)


@nb.njit(**JIT)
def _code(TB, ST, p):
    """The figure code of piece ``p`` (0: an ordinary follower)."""
    return ST[FIG_ST][figures.PF_FIG, p] if TB[FIG_TB].shape[0] else 0


@nb.njit(**JIT)
def _has(buf, first, n, spot):
    """Whether rows ``first`` to ``n`` hold spot ``spot``."""
    for q in range(first, n):
        if buf[q, 3] == spot:
            return True
    return False


@nb.njit(**JIT)
def _add(buf, first, n, t, cell, r, spot):
    """A move of spot ``spot`` from row ``n``, unless rows ``first`` to ``n`` hold it; returns
    the new count."""
    for q in range(first, n):
        if buf[q, 3] == spot:
            return n
    buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3] = t, cell, r, spot
    return n + 1


@nb.njit(**JIT)
def spots(TB, ST, n, t, cell, r, o, seat):
    """``TurnTargets.spots``: the target spots of ``o`` placed on ``cell`` into
    ``ST[MOVES]`` from row ``n`` (beside one of the mover's figures, then each ``instead
    return``'s); returns the new count."""
    nt, ns, buf, tiles = TB[NEU_TB], neutral.mine(TB, ST), ST[MOVES], ST[TILES_]
    pieces = ST[CTR][N_PIECES]
    for q in range(ns[S_N_FIXED]):  # beside one of the mover's figures (``fixed``)
        buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3] = t, cell, r, ns[nt[X_FIXED] + q]
        n += 1
    near = -1
    for k in range(nt[X_N_TARGETS]):
        tr = row(TB, I64(X_TARGETS), k)
        if tr[TR_CODE] != INSTEAD_RETURN or \
                neutral.first_showing(TB, o, tr[TR_KIND], tr[TR_ATTR]) < 0:
            continue  # (its segments join nothing: no roots)
        if near < 0:
            near = figures.neighbour_roots(TB, ST, o, cell)
        m = _joined(TB, ST, o, tr[TR_KIND], tr[TR_ATTR])
        if m == 0:
            continue
        first = n
        for p in range(pieces):
            node = tiles[P_NODE, p]
            if _in(ST, near, m, ST[NODES][ROOT, node]) and matches(TB, tr[TR_MASK],
                                                                   _code(TB, ST, p)):
                n = _add(buf, first, n, t, cell, r, TARGET - (node << TARGET_SHIFT | k))
    return n


@nb.njit(**JIT)
def fixed(TB, ST, seat):
    """``TurnTargets.fixed``: the target spots every placement of the turn offers, beside
    one of ``seat``'s figures (each node once per target, not the piece the figure stands
    beside already), into the state from ``X_FIXED``."""
    nt, ns, tiles = TB[NEU_TB], neutral.mine(TB, ST), ST[TILES_]
    first, n = nt[X_FIXED], 0
    for k in range(nt[X_N_TARGETS]):
        tr = row(TB, I64(X_TARGETS), k)
        if tr[TR_CODE] != BESIDE:
            continue
        wanted = 1 if tr[TR_MASK] == ANY_FOLLOWER else 1 << (tr[TR_MASK] + 1)
        at = nt[X_BESIDE_AT] + 3 * tr[TR_FIGURE]
        since = n
        for p in range(ST[CTR][N_PIECES]):
            node, code = tiles[P_NODE, p], _code(TB, ST, p)
            if tiles[P_SEAT, p] != seat or not matches(TB, wanted, code):
                continue
            if ns[at] == seat and ns[at + 1] == node and ns[at + 2] == code:
                continue  # the piece it stands beside already
            spot = TARGET - (node << TARGET_SHIFT | k)
            seen = False
            for q in range(since, n):
                seen |= ns[first + q] == spot
            if not seen:
                ns[first + n] = spot
                n += 1
    ns[S_N_FIXED] = n


@nb.njit(**JIT)
def _joined(TB, ST, o, kind, attribute):
    """The roots (bits over ``NEAR_D``) that ``o``'s segments of ``kind`` (carrying
    ``attribute``) join once placed (``figures.joined_roots``, each)."""
    fs, os_ = ST[FIG_ST], TB[OS]
    out = 0
    for local in range(TB[O1][N_SEG, o]):
        if os_[SEG_KIND, o, local] != kind or attribute >= 0 and \
                TB[SEG_ATTR][o, local, attribute] <= 0:
            continue
        m = fs[figures.NEAR_SEG, local]
        grown = m != 0
        while grown:
            grown = False
            for i in range(TB[O1][N_SEG, o]):
                mi = fs[figures.NEAR_SEG, i]
                if mi & m and mi & ~m:
                    m |= mi
                    grown = True
        out |= m
    return out


@nb.njit(**JIT)
def _in(ST, near, m, r):
    """Whether root ``r`` is one of the bits ``m`` over ``NEAR_D``."""
    fs = ST[FIG_ST]
    for q in range(near):
        if m >> q & 1 and fs[figures.NEAR_D, q] == r:
            return True
    return False


@nb.njit(**JIT)
def act(TB, ST, spot, seat):
    """``targets.act``: the first figure on the spot's node it may act on goes home, or the
    neutral figure goes beside it (and comes to its square)."""
    code_all = TARGET - spot
    node, k = code_all >> TARGET_SHIFT, code_all & TARGET_MASK
    tr = row(TB, I64(X_TARGETS), k)
    instead = tr[TR_CODE] == INSTEAD_RETURN
    mask = tr[TR_MASK]
    if not instead:
        mask = 1 if mask == ANY_FOLLOWER else 1 << (mask + 1)
    tiles = ST[TILES_]
    for p in range(ST[CTR][N_PIECES]):
        code = _code(TB, ST, p)
        if tiles[P_NODE, p] != node or not matches(TB, mask, code) or \
                not instead and tiles[P_SEAT, p] != seat:
            continue
        if instead:
            owner, code = figures.remove(TB, ST, p)
            neutral.supply_of(ST, code, owner)
        else:
            f = tr[TR_FIGURE]
            at = TB[NEU_TB][X_BESIDE_AT] + 3 * f
            ns = neutral.mine(TB, ST)
            ns[at], ns[at + 1], ns[at + 2] = tiles[P_SEAT, p], node, code
            neutral.enter(TB, ST, f, tiles[T_CELL, ST[NODES][NTILE, node]])
        return


# --- points beside a figure ------------------------------------------------------------------

@nb.njit(**JIT)
def beside_now(TB, ST, f):
    """``targets._beside_now``: the piece neutral ``f`` stands beside while that piece is on
    the board (the same seat, node and figure), else -1."""
    ns, tiles = neutral.mine(TB, ST), ST[TILES_]
    at = TB[NEU_TB][X_BESIDE_AT] + 3 * f
    if ns[at] < 0:
        return -1
    for p in range(ST[CTR][N_PIECES]):
        if tiles[P_SEAT, p] == ns[at] and tiles[P_NODE, p] == ns[at + 1] and \
                _code(TB, ST, p) == ns[at + 2]:
            return p
    return -1


@nb.njit(**JIT)
def turn_starts(TB, ST, OUT, LOG, g, index, seat):
    """``targets.turn_starts``: ``on turn beside N``, for the player to move."""
    for i in range(TB[NEU_TB][X_N_BESIDE]):
        b = row(TB, I64(X_BESIDE), i)
        if b[BR_COND] != TURN_BESIDE:
            continue
        p = beside_now(TB, ST, b[BR_FIGURE])
        if p >= 0 and ST[TILES_][P_SEAT, p] == seat:
            emit(ST, OUT, LOG, g, index, seat, b[BR_NAME], I64(0), b[BR_POINTS])


@nb.njit(**JIT)
def feature_scored(TB, ST, OUT, LOG, g, r, index):
    """``targets.feature_scored``: ``on score beside N`` as the feature of root ``r``
    scores."""
    tiles = ST[TILES_]
    for i in range(TB[NEU_TB][X_N_BESIDE]):
        b = row(TB, I64(X_BESIDE), i)
        if b[BR_COND] != SCORE_BESIDE:
            continue
        p = beside_now(TB, ST, b[BR_FIGURE])
        if p >= 0 and ST[NODES][ROOT, tiles[P_NODE, p]] == r:
            seat = tiles[P_SEAT, p]
            emit(ST, OUT, LOG, g, index, seat, b[BR_NAME], I64(0), b[BR_POINTS])
            ns = neutral.mine(TB, ST)
            if ns[S_FINAL]:  # a scoring of the last turn's step (``rows._leads``)
                ns[S_LEAD + ST[NFOL].shape[1] + seat] += b[BR_POINTS]
                ns[S_FINAL_N] += 1


@nb.njit(**JIT)
def final_begins(TB, ST):
    """Final scoring begins: ``on score beside`` points it gives are kept apart."""
    ns, lead = neutral.mine(TB, ST), ST[SEATS][LEAD]
    n = lead.shape[0]
    ns[S_FINAL], ns[S_FINAL_N] = 1, 0
    for s in range(n):
        ns[S_LEAD + s], ns[S_LEAD + n + s] = lead[s], 0


@nb.njit(**JIT)
def before_step(TB, ST):
    """A turn's step is about to close: how it stood before, for ``reopen``."""
    ns, ctr = neutral.mine(TB, ST), ST[CTR]
    ns[S_PREV], ns[S_PREV + 1], ns[S_PREV + 2] = ctr[LEADER], ctr[CHANGES], ctr[N_GROUPS]


@nb.njit(**JIT)
def reopen(TB, ST):
    """Final scoring begins right after the last turn's step closed: that step is opened
    again (its scorings and final scoring's ``on score beside`` points are one step to
    ``rows._leads``); returns its scorings before final scoring (1 for any)."""
    ns, ctr, tiles = neutral.mine(TB, ST), ST[CTR], ST[TILES_]
    if ctr[N_GROUPS] == ns[S_PREV + 2] + 1 and ctr[GROUP_EVENTS] == 0 and \
            tiles[G_STEP, ctr[N_GROUPS] - 1] == ctr[TURNS]:
        ctr[N_GROUPS] -= 1
        ctr[LEADER], ctr[CHANGES] = ns[S_PREV], ns[S_PREV + 1]
        return 1
    return ctr[GROUP_EVENTS]


@nb.njit(**JIT)
def final_step(TB, ST, before):
    """Final scoring is over: its ``on score beside`` points (``when`` complete, logged at
    the last move) belong to the last turn's step, as ``rows._leads`` groups them: the leads
    and scorings of that step (``before``: its scorings before final scoring) go into
    ``LEAD`` and ``GROUP_EVENTS``, the totals kept aside for ``final_rest``."""
    ns, lead, ctr = neutral.mine(TB, ST), ST[SEATS][LEAD], ST[CTR]
    n = lead.shape[0]
    for s in range(n):
        lead[s], ns[S_LEAD + s] = ns[S_LEAD + s] + ns[S_LEAD + n + s], lead[s]
    total = ctr[GROUP_EVENTS]
    ctr[GROUP_EVENTS] = before + ns[S_FINAL_N]
    ns[S_FINAL_N] = total - before - ns[S_FINAL_N]


@nb.njit(**JIT)
def final_rest(TB, ST):
    """After ``final_step``'s group is closed: the totals back, and the scorings of final
    scoring's own step."""
    ns, lead = neutral.mine(TB, ST), ST[SEATS][LEAD]
    for s in range(lead.shape[0]):
        lead[s] = ns[S_LEAD + s]
    ST[CTR][GROUP_EVENTS] = ns[S_FINAL_N]
    ns[S_FINAL] = 0


# --- a figure placed anywhere -----------------------------------------------------------------

@nb.njit(**JIT)
def begin_turn(TB, ST, seat):
    """``AnywhereSpots.__init__``: per figure code of the mover's that some ``place F
    anywhere`` may put (0 first), the placed nodes it may go on now, in the order the tiles
    were placed: unoccupied, open, not on a square a neutral figure ``blocks``."""
    nt, ns, tiles = TB[NEU_TB], neutral.mine(TB, ST), ST[TILES_]
    fixed(TB, ST, seat)
    ns[S_N_CAND] = 0
    if nt[X_N_ANY] == 0 or not _may_hold(TB, ST):
        return
    fc, fspots, os_ = ST[figures.FC], TB[figures.FSPOTS], TB[OS]
    cand, n = nt[X_CAND], 0
    for code in range(nt[X_F] + 1):
        have = ST[SEATS][LEFT, seat] if code == 0 else fc[code - 1, seat]
        if have <= 0 or not matches(TB, nt[X_ANY_MASK], code):
            continue
        if code and row(TB, I64(X_FIGS), code - 1)[FR_NEUTRAL]:
            continue
        for tile in range(ST[CTR][N_TILES]):
            o, base = tiles[T_O, tile], tiles[T_BASE, tile]
            if neutral.blocked(TB, ST, tiles[T_CELL, tile]):
                continue
            k = 0
            while True:
                if code == 0:
                    if k >= TB[O1][N_SPOTS, o]:
                        break
                    local = os_[SPOTS, o, k]
                else:
                    if k >= fspots.shape[2] or fspots[code - 1, o, k] < 0:
                        break
                    local = fspots[code - 1, o, k]
                k += 1
                r = ST[NODES][ROOT, base + local]
                if _free(ST, r) and _open_now(TB, ST, r):
                    ns[cand + 2 * n], ns[cand + 2 * n + 1] = code, base + local
                    n += 1
    ns[S_N_CAND] = n


@nb.njit(**JIT)
def _may_hold(TB, ST):
    """Whether a ``place F anywhere`` rule may hold for a placement this turn: not when every
    such rule says ``shows`` what the drawn tile does not show (then ``anywhere_spots``
    finds none, and the candidates are not worked out)."""
    if TB[PARAMS][HAND] or ST[CTR][N_PILE] == 0:
        return True
    o = 4 * ST[TILES_][PILE, ST[CTR][N_PILE] - 1]
    for i in range(TB[NEU_TB][X_N_ANY]):
        a = row(TB, I64(X_ANY), i)
        if a[AR_COND] != SHOWS or neutral.first_showing(TB, o, a[AR_KIND], a[AR_ATTR]) >= 0:
            return True
    return False


@nb.njit(**JIT)
def _free(ST, r):
    """No figure that counts on the feature of root ``r``."""
    nfol = ST[NFOL]
    for s in range(nfol.shape[1]):
        if nfol[r, s]:
            return False
    return True


@nb.njit(**JIT)
def _open_now(TB, ST, r):
    """``targets._incomplete`` now: a field; a centre with an empty square around it; an
    area or a path with an open end."""
    k = kind_of(TB, ST, r)
    if TB[KK][k, KIND_FIELD]:
        return True
    if TB[KK][k, KIND_CENTRE]:
        square = ST[TILES_][T_CELL, ST[NODES][NTILE, r]]
        cells, geo = ST[CELLS], ST[SCRATCH][GEO]
        for q in range(4, 12):
            c = square + geo[q]
            if cells[C_TILE, c] < 0 and not figures._off_closing_edge(TB, c):
                return True
        return False
    return ST[NODES][OPEN_ENDS, r] > 0


@nb.njit(**JIT)
def anywhere_spots(TB, ST, n, t, cell, r, o, first):
    """``AnywhereSpots.spots``: the spots anywhere ``o`` placed on ``cell`` gives (its ``place
    F anywhere`` rules that hold), those rows ``first`` to ``n`` lack, from row ``n``; returns
    the new count."""
    nt, ns = TB[NEU_TB], neutral.mine(TB, ST)
    if ns[S_N_CAND] == 0:
        return n
    mask = 0
    for i in range(nt[X_N_ANY]):
        a = row(TB, I64(X_ANY), i)
        if neutral.rule_holds(TB, ST, a[AR_COND], a[AR_KIND], a[AR_ATTR], o, cell):
            mask |= a[3]
    if mask == 0:
        return n
    buf, nodes, cand = ST[MOVES], ST[NODES], nt[X_CAND]
    stop = n  # the spots elsewhere of figures and kinds that stand anywhere: not twice
    near = figures.neighbour_roots(TB, ST, o, cell)
    for q in range(ns[S_N_CAND]):
        code, node = ns[cand + 2 * q], ns[cand + 2 * q + 1]
        if not matches(TB, mask, code):
            continue
        root = nodes[ROOT, node]
        group = elsewhere._group(TB, ST, o, near, root)
        if group:
            ok = True
            fs, nfol = ST[FIG_ST], ST[NFOL]
            for e in range(near):
                if group >> e & 1:
                    for s in range(nfol.shape[1]):
                        if nfol[fs[figures.NEAR_D, e], s]:
                            ok = False
            if ok:
                ok = not figures._completes(TB, ST, o, cell, node)
                near = figures.neighbour_roots(TB, ST, o, cell)  # _completes used NEAR_D
        elif TB[KK][kind_of(TB, ST, root), KIND_CENTRE]:
            square = ST[TILES_][T_CELL, nodes[NTILE, root]]
            ok = not figures._surrounds(TB, ST, cell, square)
        else:
            ok = True
        if ok and elsewhere.kept_out(TB, ST, near, group, root, code):
            ok = False  # a figure there keeps this one out
        if ok:
            spot = ELSEWHERE - (node << ELSEWHERE_SHIFT | code)
            if not _has(buf, first, stop, spot):
                buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3] = t, cell, r, spot
                n += 1
    return n
