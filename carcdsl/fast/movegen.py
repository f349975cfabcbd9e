"""The kernel's move generation (``engine.movegen``): whether a tile fits somewhere
(``can_place``), the legal moves in ``iter_moves``' order, and the random bot's draws, draw
for draw: the fast path's rejection sampler (``sample``: ``sample_move``) and the general
path's, with hands, figures or requirements (``sample_general``: ``_sample_more``).

The moves go into ``ST[MOVES]`` rows (tile type, square, rotation, spot); a square's
occupied ring positions and the empty features meeting it into ``ST[SCRATCH]``' ``NEAR_*``.
"""

from __future__ import annotations

import numba as nb

from carcdsl.compile.facts import CHOICE_SHIFT
from carcdsl.fast import (
    bags,
    effects,
    elsewhere,
    figures,
    mt,
    neutral,
    opened,
    owned,
    targets,
)
from carcdsl.fast.jit import I64, JIT, PY
from carcdsl.fast.layout import (
    ELSE_MAX,
    FIG_TB,
    HAND,
    LINK_POS,
    LINK_SEG,
    MOST_OPTIONS,
    N_DISTINCT,
    N_LINKS,
    N_SEG,
    N_SPOTS,
    O1,
    O4,
    OL,
    OS,
    PARAMS,
    SEG_AT,
    SEG_KIND,
    SEG_MASK,
    SIGP,
    SPOT_COUNT,
    SPOTS,
    TT,
)
from carcdsl.fast.requirements import passes
from carcdsl.fast.slots import (
    C_MASK,
    C_NEED,
    C_TILE,
    CELLS,
    CTR,
    ENDS,
    GEO,
    HAND_N,
    HANDS,
    LEFT,
    MOVES,
    N_CANDIDATES,
    N_OPEN,
    N_PILE,
    N_ROTS,
    NEAR_MASK,
    NEAR_ROOT,
    NFOL,
    NODES,
    OPEN_CELL,
    OPENS,
    ROOT,
    ROTS,
    SCRATCH,
    SEATS,
    T_BASE,
    T_O,
    TILES_,
)


@nb.njit(**JIT)
def fits_somewhere(TB, ST, t):
    """``can_place`` on the fast path: some open square takes some rotation of ``t`` (placement
    requirements: ``after_move`` asks ``fits_required`` too)."""
    cells, ctr, opens, sigp, tt = ST[CELLS], ST[CTR], ST[OPENS], TB[O1][SIGP], TB[TT]
    for j in range(ctr[N_OPEN]):
        c = opens[OPEN_CELL, j]
        for q in range(tt[t, N_DISTINCT]):
            if sigp[4 * t + tt[t, q]] & cells[C_MASK, c] == cells[C_NEED, c]:
                return True
    return False


@nb.njit(**JIT)
def fits_required(TB, ST, t):
    """``can_place`` with requirements: some open square takes some rotation of ``t`` that
    fits its neighbours and passes the requirements."""
    cells, ctr, opens, sigp, tt = ST[CELLS], ST[CTR], ST[OPENS], TB[O1][SIGP], TB[TT]
    for j in range(ctr[N_OPEN]):
        c = opens[OPEN_CELL, j]
        for q in range(tt[t, N_DISTINCT]):
            o = 4 * t + tt[t, q]
            if sigp[o] & cells[C_MASK, c] == cells[C_NEED, c] and passes(TB, ST, o, c):
                return True
    return False


@nb.njit(**JIT)
def square_occupied(TB, ST, cell):
    """``Grid.occupied``: ring positions of ``cell`` where a neighbour's feature has
    followers; and the empty features meeting it (roots and masks, into ``NEAR_*``).
    Returns (mask, how many empty features)."""
    cells, nodes, nfol, tiles, scratch = ST[CELLS], ST[NODES], ST[NFOL], ST[TILES_], \
        ST[SCRATCH]
    o4, ol = TB[O4], TB[OL]
    occupied = I64(0)
    n_near = I64(0)
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


@nb.njit(**JIT)
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


# --- the fast path ------------------------------------------------------------------------------


@nb.njit(**JIT)
def fitting_rotations(TB, ST, t):
    """The placements of ``t`` in all; with few open squares, per open square the rotations
    of ``t`` that fit (``ROTS``, ``N_ROTS``) and the running counts (``ENDS``), for ``sample``
    and ``count_moves``; with many, from ``fast.opened``'s blocks (``count_moves`` then
    lists the rotations itself)."""
    if opened.wanted(ST):
        if not opened.on(ST):
            opened.build(TB, ST)
        return opened.total(TB, ST, t)
    return fitting_rows(TB, ST, t)


@nb.njit(**JIT)
def fitting_rows(TB, ST, t):
    """``fitting_rotations`` square by square: ``ROTS``, ``N_ROTS``, ``ENDS``."""
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
    blocks = opened.on(ST)
    while True:
        v = mt.below(rng, total * width)
        pick, choice = v // width, v % width
        if blocks:
            cell, r = opened.find(TB, ST, t, pick)
        else:
            cell, r = _at(opens, rots, n_open, pick)
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
def _at(opens, rots, n_open, pick):
    """(square, rotation) of placement ``pick`` over ``fitting_rows``: the first square whose
    running count passes it (a binary search over ``ENDS``)."""
    i, hi = 0, n_open - 1
    while i < hi:
        mid = (i + hi) >> 1
        if opens[ENDS, mid] <= pick:
            i = mid + 1
        else:
            hi = mid
    return opens[OPEN_CELL, i], rots[i, pick - opens[ENDS, i] + opens[N_ROTS, i]]


@nb.njit(**JIT)
def count_moves(TB, ST, t, seat, limit):
    """Legal (placement, follower) moves of ``t`` (``iter_moves``), counting up to
    ``limit``."""
    ctr, opens, rots, seats = ST[CTR], ST[OPENS], ST[ROTS], ST[SEATS]
    spots = seats[LEFT, seat] > 0 and TB[TT][t, SPOT_COUNT] > 0
    if opened.on(ST):  # ``fitting_rotations`` counted through the blocks
        fitting_rows(TB, ST, t)
    n = 0
    for j in range(ctr[N_OPEN]):
        if opens[N_ROTS, j] == 0:
            continue
        occupied, n_near = I64(0), I64(0)
        if spots:
            occupied, n_near = square_occupied(TB, ST, opens[OPEN_CELL, j])
        for k in range(opens[N_ROTS, j]):
            n += 1
            if spots:
                n += free_spots_of(TB, ST, 4 * t + rots[j, k], occupied, n_near)
            if n >= limit:
                return n
    return n


# --- the general path: hands, figures, requirements --------------------------------------------


@nb.njit(**PY)
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


@nb.njit(**JIT)
def begin_turn(TB, ST, seat):
    """``movegen._Turn``: (placing, recalling) for ``moves_at``; the candidates elsewhere
    (``Candidates``) into ``fast.elsewhere``'s state."""
    if TB[PARAMS][ELSE_MAX]:
        elsewhere.begin_turn(TB, ST, seat)
        targets.begin_turn(TB, ST, seat)
    if TB[FIG_TB].shape[0]:
        return figures.begin_turn(TB, ST, seat)
    return False, False


@nb.njit(**JIT)
def kinds_held(TB, ST, seat):
    """How many tile types ``held`` may name: the hand's size, or the drawn tile; then the
    owned tile types (``fast.owned``)."""
    if TB[PARAMS][HAND]:
        return ST[SEATS][HAND_N, seat]
    return (1 if ST[CTR][N_PILE] else 0) + owned.kinds(TB)


@nb.njit(**JIT)
def held(TB, ST, seat, h):
    """The ``h``-th tile type the mover may play (hands: in the order first held), or -1
    for a type held twice; after the drawn tile, the owned types ``seat`` holds
    (``owned.types``, the drawn tile's type once)."""
    if not TB[PARAMS][HAND]:
        drawn = owned.drawn_tile(ST)
        if h == 0 and drawn >= 0:
            return drawn
        return owned.held_type(TB, ST, seat, h - (drawn >= 0), drawn)
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
    buf = ST[MOVES]
    o = 4 * t + r
    options = bags.choice_count(TB, ST, o, c, seat) if TB[PARAMS][MOST_OPTIONS] > 1 else 0
    n0 = n
    n = _moves_at(TB, ST, n, t, c, r, o, seat, placing, recalling, occupied, n_near)
    if options:  # each move once per option (``_Turn.moves_at``), in place, from the end
        m = n - n0
        for k in range(m - 1, -1, -1):
            spot = buf[n0 + k, 3]
            for j in range(options - 1, -1, -1):
                row = n0 + k * options + j
                buf[row, 0], buf[row, 1], buf[row, 2] = t, c, r
                buf[row, 3] = spot + ((j + 1) << CHOICE_SHIFT)
        n = n0 + m * options
    return n


@nb.njit(**JIT)
def _moves_at(TB, ST, n, t, c, r, o, seat, placing, recalling, occupied, n_near):
    buf, os_ = ST[MOVES], TB[OS]
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
        if TB[PARAMS][ELSE_MAX]:
            n = _elsewhere(TB, ST, n, t, c, r, o, seat)
        return n
    occ = 0
    if spots or stands:
        occ = grown(TB, ST, o, occupied, n_near)
    if spots:
        kept = _kept_followers(TB, ST, o, c)
        for k in range(TB[O1][N_SPOTS, o]):
            i = os_[SPOTS, o, k]
            if not os_[SEG_MASK, o, i] & occ and not (
                    kept and figures.joined_bits(TB, ST, o, i) & kept):
                buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3] = t, c, r, i
                n += 1
    if stands:  # ``_iter_more``: each figure's spots, then recalls
        first = n
        n = figures.placements(TB, ST, n, t, c, r, o, occ, seat)
        n = _at_corners(TB, ST, first, n, o, c)
    if recalling:
        n = figures.recalls(TB, ST, n, t, c, r, o)
    if TB[PARAMS][ELSE_MAX]:  # ``_Turn._spots``: after the recalls
        n = _elsewhere(TB, ST, n, t, c, r, o, seat)
    return n


@nb.njit(**JIT)
def _kept_followers(TB, ST, o, c):
    """``figures.followers_kept_out``: the near roots (``figures.neighbour_roots``' bits) of
    ``o`` on ``c`` that hold a figure keeping ordinary followers out (0: none)."""
    fk = TB[FIG_TB]
    if fk.shape[0] == 0 or fk[0, figures.KEEPS_FOLLOWERS] == 0:
        return 0
    near = figures.neighbour_roots(TB, ST, o, c)
    return figures.excluded_bits_of(ST, near, fk[0, figures.KEEPS_FOLLOWERS])


@nb.njit(**JIT)
def _at_corners(TB, ST, first, n, o, c):
    """``figures.placements``' ``at corner``: of the figures' spots in rows ``first`` to
    ``n``, those of a figure that stands ``at corner`` only where ``at_corner``; the rest
    keep their order. Returns the new count."""
    buf, fk = ST[MOVES], TB[FIG_TB]
    kept = first
    for m in range(first, n):
        spot = buf[m, 3]
        f = (spot >> figures.FIGURE_SHIFT) - 1
        if fk[f, figures.CORNER] and not at_corner(TB, ST, o, c, spot & figures.LOCAL_MASK):
            continue
        for i in range(4):
            buf[kept, i] = buf[m, i]
        kept += 1
    return kept


_CORNERS = (11, 0, 2, 3, 5, 6, 8, 9)
"""``figures.CORNERS``, flat: per corner (NW, NE, SE, SW) its two ring positions."""
_SHARING = (-1, -1, 2, 0, -1, 3, -1, 0, 1, 0, -1, 2, 1, -1, 3, 1, 0, 0,
            1, 0, 3, 1, 1, 0, 0, 1, 1, 0, 1, 0, -1, 1, 1, -1, 0, 2)
"""``figures._SHARING``, flat: per corner, (dx, dy, their corner) of the three other squares
that meet there."""


@nb.njit(**JIT)
def at_corner(TB, ST, o, cell, local):
    """``figures.at_corner``: local segment ``local`` of ``o`` on ``cell`` holds a corner of
    the tile where three placed tiles meet it, each showing the segment's kind at both ring
    positions of its corner there."""
    seg_at, kinds, cells, tiles = TB[SEG_AT], TB[OS][SEG_KIND], ST[CELLS], ST[TILES_]
    geo = ST[SCRATCH][GEO]
    kind = kinds[o, local]
    for c in range(4):
        if seg_at[o, _CORNERS[2 * c]] != local or seg_at[o, _CORNERS[2 * c + 1]] != local:
            continue
        met = True
        for q in range(3):
            at = 9 * c + 3 * q
            tile = cells[C_TILE, cell + _SHARING[at] * geo[1] + _SHARING[at + 1] * geo[2]]
            if tile < 0:
                met = False
                break
            no, corner = tiles[T_O, tile], _SHARING[at + 2]
            for e in range(2):
                j = seg_at[no, _CORNERS[2 * corner + e]]
                if j < 0 or kinds[no, j] != kind:
                    met = False
        if met:
            return True
    return False


@nb.njit(**JIT)
def _elsewhere(TB, ST, n, t, c, r, o, seat):
    """``_Turn._spots``' last: spots elsewhere (``Candidates.spots``: those of figures and
    kinds that stand anywhere, then ``place F anywhere``'s), then target spots."""
    first = n
    n = elsewhere.spots(TB, ST, n, t, c, r, o, seat)
    if TB[neutral.NEU_TB][neutral.X_N_ANY]:
        n = targets.anywhere_spots(TB, ST, n, t, c, r, o, first)
    if TB[neutral.NEU_TB][neutral.X_N_TARGETS]:
        n = targets.spots(TB, ST, n, t, c, r, o, seat)
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
        wild = h >= kinds_held(TB, ST, seat) - owned.kinds(TB) and TB[owned.OWN_TB][owned.X_WILD]
        for j in range(ctr[N_OPEN]):
            c = opens[OPEN_CELL, j]
            mask, need = cells[C_MASK, c], cells[C_NEED, c]
            for q in range(tt[t, N_DISTINCT]):
                r = tt[t, q]
                o = 4 * t + r
                if (owned.fits(TB, ST, o, c) if wild else sigp[o] & mask == need) and (
                        not required or passes(TB, ST, o, c)):
                    buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3] = t, c, r, -1
                    n += 1
    return n


@nb.njit(**JIT)
def width(TB, ST, seat, t, placing):
    """``_Turn.width``: a bound on the moves one placement of ``t`` offers the mover."""
    n = 1 + ST[CTR][N_CANDIDATES]  # ``Candidates``' nodes, as many as there are
    if ST[SEATS][LEFT, seat] > 0:
        n += TB[TT][t, SPOT_COUNT]
    fk = TB[FIG_TB]
    if fk.shape[0] == 0:
        return n * TB[PARAMS][MOST_OPTIONS]
    fspots, fc = TB[figures.FSPOTS], ST[figures.FC]
    players = fc.shape[1] - 1
    if placing:
        for f in range(fk.shape[0]):
            if fc[f, seat] and (fk[f, figures.NEEDS] == figures.NO_NEED or fc[f, players]):
                for k in range(fspots.shape[2]):
                    if fspots[f, 4 * t, k] < 0:
                        break
                    n += 1
    return (n + fc[fk.shape[0], figures.N_RECALLABLE]) * TB[PARAMS][MOST_OPTIONS]


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
