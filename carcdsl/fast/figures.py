"""The kernel's figures beyond the ordinary follower (``engine.figures``): where each may
stand, putting one on the placed tile, taking one back, ``own(F)``, and figures going home
to their own supply.

A move's spot is the Python engine's (``engine.figures``): -1 nothing; a local segment (an
ordinary follower); ``local | figure << FIGURE_SHIFT`` figure ``figure - 1`` of
``Modes.figures``; ``RECALL - node`` taking back the mover's figure on ``node``.

Tables (``TB[FIG_TB]``, ``TB[FSPOTS]``): ``FK`` [F, 11] per figure (each player,
strength, needs, recall); ``FSPOTS`` [F, O, S] the local segments each may stand on
(``Tables.figure_spots``, padded with -1). State (``ST[FIG_ST]``, ``ST[FC]``): rows
of ``cap`` (each piece's figure, parallel to the kernel's pieces; this turn's recallable
nodes; scratch for a placement's neighbour roots; per figure the roots its ``with own``
accepts this turn) and ``FC`` [F + 1, players + 1]: per figure each seat's supply and how
many owned roots; row F column 0: how many recallable nodes.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.compile.facts import FIGURE_SHIFT as FIGURE_SHIFT
from carcdsl.compile.facts import LOCAL_MASK
from carcdsl.compile.facts import RECALL as RECALL
from carcdsl.compile.modes import ANY_FOLLOWER, NO_NEED, RECALL_FINAL
from carcdsl.compile.tables import Tables
from carcdsl.fast import boards
from carcdsl.fast.jit import JIT
from carcdsl.fast.layout import (
    FIG_TB,
    KIND_CENTRE,
    KIND_FIELD,
    KK,
    LINK_COUNTS,
    LINK_POS,
    LINK_SEG,
    N_LINKS,
    N_SEG,
    O1,
    O4,
    OL,
    OS,
    SEG_AT,
    SEG_KIND,
    SEG_MASK,
    SEG_OPEN,
    SUPPLY,
    marker_names,
)
from carcdsl.fast.program import compile_program
from carcdsl.fast.slots import (
    C_TILE,
    C_WATCH,
    CELLS,
    CTR,
    FIG_ST,
    GEO,
    LEFT,
    MOVES,
    N_PIECES,
    N_WATCHED,
    NFOL,
    NODES,
    NTILE,
    OPEN_ENDS,
    P_NODE,
    P_SEAT,
    ROOT,
    SCRATCH,
    SEATS,
    T_BASE,
    T_CELL,
    T_O,
    TILES_,
)

EACH, STRENGTH, NEEDS, RECALLS, EXCLUDES, F_CODE_LEN, F_N_SLOTS, ANYWHERE, WITH_ANY, \
    KIND_MASK, COUNTS, KEPT_BY, KEEPS_FOLLOWERS, CORNER = range(14)
"""``TB[FIG_TB]`` [F, 14]: per figure (``EACH``: each player's for the game's player count;
``ANYWHERE``, ``WITH_ANY``, ``KIND_MASK``: ``FigureKind.anywhere``, ``with_any``, the kinds
it stands on as bits; ``COUNTS``: whether it counts for a majority, a strength or a
strength program; ``KEPT_BY``: the figure codes whose ``keeps out`` keeps it out, as
``EXCLUDES``; ``KEEPS_FOLLOWERS``, the same in every row: those keeping ordinary followers
out; ``CORNER``: ``at corner``)."""
PF_FIG, RECALLABLE, NEAR_D, NEAR_SEG, OWNED = range(5)
"""``ST[FIG_ST]`` [OWNED + F, cap]: the figure of each piece (0: the ordinary follower;
parallel to the kernel's ``P_SEAT``/``P_NODE``), the recallable nodes of this turn, a
placement's distinct neighbour roots and per local segment the mask of those it links to,
then (``OWNED + f``) the roots figure f's ``with own`` accepts this turn."""
N_RECALLABLE = 0
"""``ST[FC][F, N_RECALLABLE]``."""
FSPOTS, FC = FIG_TB + 1, FIG_ST + 1
"""The second slots, named (Numba folds no ``FIG_TB + 1`` into a constant index)."""


def tables(tb: Tables, players: int) -> tuple[np.ndarray, np.ndarray]:
    """The two arrays of ``TB`` this module owns: ``FK`` and ``FSPOTS``."""
    figures = tb.modes.figures
    n_o = len(tb.sigs)  # a map's printed tiles too: figures go on them elsewhere
    s_max = max(1, max(len(s) for s in tb.segments[:n_o]))
    fk = np.zeros((len(figures), CORNER + 1), np.int64)
    markers = marker_names(tb)
    fspots = np.full((len(figures), n_o, s_max), -1, np.int64)
    for f, kind in enumerate(figures):
        fk[f, :F_CODE_LEN] = (kind.supply_for(players), kind.strength, kind.needs, kind.recall,
                              kind.excludes)
        fk[f, ANYWHERE:] = (kind.anywhere, kind.with_any, sum(1 << k for k in kind.kinds),
                            bool(kind.strength or kind.strength_program is not None),
                            _kept_by(figures, f + 1), _kept_by(figures, 0), kind.corner)
        if kind.strength_program is not None:  # its rows: ``layout._programs``
            code, slots = compile_program(kind.strength_program, markers)
            fk[f, F_CODE_LEN], fk[f, F_N_SLOTS] = len(code), len(slots)
        for o in range(n_o):
            spots = tb.figure_spots[f][o]
            fspots[f, o, :len(spots)] = spots
    return fk, fspots


def _kept_by(figures: tuple, code: int) -> int:
    """``figures._keep_mask`` turned round: the codes (bit g: figure g - 1) of the figures
    whose ``keeps out`` keeps figures ``code`` (0: ordinary followers) out."""
    counts = code == 0 or bool(figures[code - 1].strength or figures[code - 1].strength_program)
    mask = 1 << code | int(counts)
    return sum(1 << g + 1 for g, kind in enumerate(figures) if kind.keeps_out & mask)


@nb.njit(cache=True)
def state(TB, players):
    """The two arrays of ``ST`` this module owns (allocated once per batch)."""
    n_f = TB[FIG_TB].shape[0]
    cap = max(64, TB[SUPPLY].shape[0] + 3, 4 * TB[OL].shape[3] + 1, TB[OS].shape[2] + 1)
    return np.zeros((OWNED + n_f, cap), np.int64), np.zeros((n_f + 1, players + 1), np.int64)


@nb.njit(**JIT)
def reset(TB, ST):
    """A new game: each seat's figures in supply."""
    fk, fc = TB[FIG_TB], ST[FC]
    players = fc.shape[1] - 1
    for f in range(fk.shape[0]):
        fc[f, :players] = fk[f, EACH]


@nb.njit(**JIT)
def extra_moves(TB):
    """How many moves a placement may offer beyond no figure and the ordinary follower's
    spots: each figure's spots, and a recall per recallable figure a seat may have out."""
    fk = TB[FIG_TB]
    n = 0
    for f in range(fk.shape[0]):
        n += TB[OS].shape[2]
        if fk[f, RECALLS]:
            n += fk[f, EACH]
    return n


# --- placing and taking back -------------------------------------------------------------------

@nb.njit(**JIT)
def put(TB, ST, o, cell, base, spot, seat):
    """``State._put_follower`` for a figure's spot: it counts by its strength, a piece with
    its figure, one fewer in supply; with strength on a centre, the square is watched."""
    nodes, nfol, tiles, ctr, cells = ST[NODES], ST[NFOL], ST[TILES_], ST[CTR], ST[CELLS]
    local, f = spot & LOCAL_MASK, (spot >> FIGURE_SHIFT) - 1
    strength = TB[FIG_TB][f, STRENGTH]
    node = base + local
    if strength:
        nfol[nodes[ROOT, node], seat] += strength
    p = ctr[N_PIECES]
    tiles[P_SEAT, p], tiles[P_NODE, p] = seat, node
    ST[FIG_ST][PF_FIG, p] = f + 1
    ctr[N_PIECES] += 1
    ST[FC][f, seat] -= 1
    if strength and TB[KK][TB[OS][SEG_KIND, o, local], KIND_CENTRE] and not cells[C_WATCH, cell]:
        cells[C_WATCH, cell] = 1
        ctr[N_WATCHED] += 1


@nb.njit(**JIT)
def recall_piece(TB, ST, node, seat):
    """The piece ``State._recall`` takes back: the first of ``seat``'s recallable figures on
    ``node``."""
    tiles, pf, fk = ST[TILES_], ST[FIG_ST][PF_FIG], TB[FIG_TB]
    for p in range(ST[CTR][N_PIECES]):
        if (tiles[P_NODE, p] == node and tiles[P_SEAT, p] == seat and pf[p]
                and fk[pf[p] - 1, RECALLS]):
            return p
    return -1


@nb.njit(**JIT)
def scores_recall(TB, ST, p):
    """Whether taking back piece ``p`` scores its feature's final rule for the owner."""
    return TB[FIG_TB][ST[FIG_ST][PF_FIG, p] - 1, RECALLS] == RECALL_FINAL


@nb.njit(**JIT)
def take_back(TB, ST, p):
    """``Features.take_back``: piece ``p`` leaves the board (the others keep their order),
    its strength leaves its feature, and it goes back to its owner's supply."""
    nodes, nfol, tiles, ctr, pf = ST[NODES], ST[NFOL], ST[TILES_], ST[CTR], ST[FIG_ST][PF_FIG]
    seat, node, f = tiles[P_SEAT, p], tiles[P_NODE, p], pf[p] - 1
    strength = TB[FIG_TB][f, STRENGTH]
    if strength:
        nfol[nodes[ROOT, node], seat] -= strength
    for q in range(p, ctr[N_PIECES] - 1):
        tiles[P_SEAT, q], tiles[P_NODE, q], pf[q] = tiles[P_SEAT, q + 1], tiles[P_NODE, q + 1], \
            pf[q + 1]
    ctr[N_PIECES] -= 1
    ST[FC][f, seat] += 1


@nb.njit(**JIT)
def remove(TB, ST, p):
    """``Features.take_back`` alone: piece ``p`` leaves the board (the others keep their
    order) and its strength (an ordinary follower's: 1) its feature; where it goes is the
    caller's (``decisions.capture``). Returns (its seat, its figure code)."""
    nodes, nfol, tiles, ctr, pf = ST[NODES], ST[NFOL], ST[TILES_], ST[CTR], ST[FIG_ST][PF_FIG]
    seat, node, f = tiles[P_SEAT, p], tiles[P_NODE, p], pf[p]
    strength = TB[FIG_TB][f - 1, STRENGTH] if f else 1
    if strength:
        nfol[nodes[ROOT, node], seat] -= strength
    for q in range(p, ctr[N_PIECES] - 1):
        tiles[P_SEAT, q], tiles[P_NODE, q], pf[q] = tiles[P_SEAT, q + 1], tiles[P_NODE, q + 1], \
            pf[q + 1]
    ctr[N_PIECES] -= 1
    return seat, f


@nb.njit(**JIT)
def release(ST, r):
    """``Features.release`` and ``scoring.score``'s return home: every piece on the feature
    of root ``r`` goes back to its own supply (followers or its figure's); the rest keep
    their order."""
    nodes, tiles, seats, ctr = ST[NODES], ST[TILES_], ST[SEATS], ST[CTR]
    pf, fc = ST[FIG_ST][PF_FIG], ST[FC]
    kept = 0
    for p in range(ctr[N_PIECES]):
        node, seat, f = tiles[P_NODE, p], tiles[P_SEAT, p], pf[p]
        if nodes[ROOT, node] == r:
            if f:
                fc[f - 1, seat] += 1
            else:
                seats[LEFT, seat] += 1
        else:
            tiles[P_NODE, kept], tiles[P_SEAT, kept], pf[kept] = node, seat, f
            kept += 1
    ctr[N_PIECES] = kept


@nb.njit(**JIT)
def own_count(TB, ST, r, seat, figure):
    """``figures.own_count``: ``seat``'s figures ``figure`` on the feature of root ``r``;
    ANY_FOLLOWER: its strength there."""
    if figure == ANY_FOLLOWER:
        return ST[NFOL][r, seat]
    nodes, tiles, pf = ST[NODES], ST[TILES_], ST[FIG_ST][PF_FIG]
    n = 0
    for p in range(ST[CTR][N_PIECES]):
        if (tiles[P_SEAT, p] == seat and pf[p] == figure + 1
                and nodes[ROOT, tiles[P_NODE, p]] == r):
            n += 1
    return n


# --- legal moves -------------------------------------------------------------------------------

@nb.njit(**JIT)
def begin_turn(TB, ST, seat):
    """What ``_iter_more`` works out once a turn: whether ``seat`` has a figure in supply
    (then each figure's owned roots, ``own_roots``) and its recallable figures' nodes
    (``recallable``, in pieces order, each node once). Returns (placing, recalling)."""
    fk, fc, fs = TB[FIG_TB], ST[FC], ST[FIG_ST]
    nodes, tiles, nfol = ST[NODES], ST[TILES_], ST[NFOL]
    n_f = fk.shape[0]
    players = fc.shape[1] - 1
    n_pieces = ST[CTR][N_PIECES]
    placing = False
    for f in range(n_f):
        if fc[f, seat]:
            placing = True
    if placing:
        for f in range(n_f):
            needs, owned = fk[f, NEEDS], fs[OWNED + f]
            n = 0
            if needs != NO_NEED:
                for p in range(n_pieces):
                    if tiles[P_SEAT, p] != seat:
                        continue
                    if needs != ANY_FOLLOWER and fs[PF_FIG, p] != needs + 1:
                        continue
                    r = nodes[ROOT, tiles[P_NODE, p]]
                    if needs == ANY_FOLLOWER and nfol[r, seat] <= 0:
                        continue
                    seen = False
                    for q in range(n):
                        if owned[q] == r:
                            seen = True
                            break
                    if not seen:
                        owned[n] = r
                        n += 1
            fc[f, players] = n
    n = 0
    recallable = fs[RECALLABLE]
    for p in range(n_pieces):
        f = fs[PF_FIG, p]
        if tiles[P_SEAT, p] == seat and f and fk[f - 1, RECALLS]:
            node = tiles[P_NODE, p]
            seen = False
            for q in range(n):
                if recallable[q] == node:
                    seen = True
                    break
            if not seen:
                recallable[n] = node
                n += 1
    fc[n_f, N_RECALLABLE] = n
    return placing, n > 0


@nb.njit(**JIT)
def _root_across(TB, ST, o, cell, d, k):
    """The root of the placed feature that link ``k`` of side ``d`` of ``o`` on ``cell``
    meets, or -1 (no tile across ``d``, or none of its segments there)."""
    nt = ST[CELLS][C_TILE, cell + ST[SCRATCH][GEO][d]]
    if nt < 0:
        return -1
    tiles = ST[TILES_]
    j = TB[SEG_AT][tiles[T_O, nt], TB[OL][LINK_POS, o, d, k]]
    return -1 if j < 0 else ST[NODES][ROOT, tiles[T_BASE, nt] + j]


@nb.njit(**JIT)
def neighbour_roots(TB, ST, o, cell):
    """``figures._neighbour_roots``: the distinct roots of placed features the local
    segments of ``o`` on ``cell`` link to (``NEAR_D``), and per local segment the mask of
    those it links to (``NEAR_SEG``)."""
    fs, ol = ST[FIG_ST], TB[OL]
    near_d, near_seg = fs[NEAR_D], fs[NEAR_SEG]
    for i in range(TB[O1][N_SEG, o]):
        near_seg[i] = 0
    n = 0
    for d in range(4):
        for k in range(TB[O4][N_LINKS, o, d]):
            r = _root_across(TB, ST, o, cell, d, k)
            if r < 0:
                continue
            q = 0
            while q < n and near_d[q] != r:
                q += 1
            if q == n:
                near_d[n] = r
                n += 1
            near_seg[ol[LINK_SEG, o, d, k]] |= 1 << q
    return n


@nb.njit(**JIT)
def placements(TB, ST, n, t, cell, r, o, occ, seat):
    """``figures.placements``: the mover's figures' spots on ``o`` placed on ``cell``, into
    the moves buffer from row ``n``; ``occ``: the square's occupied positions grown for
    ``o`` (``free_among``). Returns the new count."""
    fk, fspots, fc, fs = TB[FIG_TB], TB[FSPOTS], ST[FC], ST[FIG_ST]
    seg_mask = TB[OS][SEG_MASK]
    buf = ST[MOVES]
    players = fc.shape[1] - 1
    near = -1
    for f in range(fk.shape[0]):
        if not fc[f, seat] or fspots[f, o, 0] < 0:
            continue
        needs = fk[f, NEEDS]
        if needs != NO_NEED and fc[f, players] == 0:
            continue
        owned_bits = 0
        if needs != NO_NEED:
            if near < 0:
                near = neighbour_roots(TB, ST, o, cell)
            for q in range(near):
                for e in range(fc[f, players]):
                    if fs[OWNED + f, e] == fs[NEAR_D, q]:
                        owned_bits |= 1 << q
                        break
            if owned_bits == 0:
                continue
        excluded_bits = 0
        if fk[f, EXCLUDES] | fk[f, KEPT_BY]:  # ``excluded_roots`` and ``kept_roots``
            if near < 0:
                near = neighbour_roots(TB, ST, o, cell)
            excluded_bits = excluded_bits_of(ST, near, fk[f, EXCLUDES] | fk[f, KEPT_BY])
        strength = fk[f, STRENGTH]
        for k in range(fspots.shape[2]):
            local = fspots[f, o, k]
            if local < 0:
                break
            if strength and seg_mask[o, local] & occ:
                continue
            if needs != NO_NEED or excluded_bits:
                m = joined_bits(TB, ST, o, local)
                if needs != NO_NEED and not m & owned_bits or m & excluded_bits:
                    continue
            buf[n, 0], buf[n, 1], buf[n, 2] = t, cell, r
            buf[n, 3] = local | (f + 1) << FIGURE_SHIFT
            n += 1
    return n


@nb.njit(**JIT)
def joined_bits(TB, ST, o, local):
    """``figures.joined_roots`` over ``neighbour_roots``: the near roots (bits of
    ``NEAR_D``) local segment ``local`` of ``o`` joins into one feature, through the
    tile's other segments too."""
    fs = ST[FIG_ST]
    m = fs[NEAR_SEG, local]
    grown = True
    while grown:
        grown = False
        for i in range(TB[O1][N_SEG, o]):
            mi = fs[NEAR_SEG, i]
            if mi & m and mi & ~m:
                m |= mi
                grown = True
    return m


@nb.njit(**JIT)
def excluded_bits_of(ST, near, excludes):
    """``figures.excluded_roots`` as a mask over the ``near`` roots of ``NEAR_D``: bit q when
    a piece whose figure code is in ``excludes`` stands on root ``NEAR_D[q]``."""
    nodes, tiles, fs = ST[NODES], ST[TILES_], ST[FIG_ST]
    bits = 0
    for q in range(near):
        for p in range(ST[CTR][N_PIECES]):
            if excludes >> fs[PF_FIG, p] & 1 and nodes[ROOT, tiles[P_NODE, p]] == fs[NEAR_D, q]:
                bits |= 1 << q
                break
    return bits


@nb.njit(**JIT)
def _completes(TB, ST, o, cell, node):
    """``figures.completes``: whether placing ``o`` on ``cell`` completes the feature of
    ``node`` (without placing it: the features it would join, and their open ends)."""
    nodes, tiles = ST[NODES], ST[TILES_]
    root = nodes[ROOT, node]
    rtile = nodes[NTILE, root]
    kind = TB[OS][SEG_KIND, tiles[T_O, rtile], root - tiles[T_BASE, rtile]]
    if TB[KK][kind, KIND_CENTRE]:
        return _surrounds(TB, ST, cell, tiles[T_CELL, rtile])
    if TB[KK][kind, KIND_FIELD]:  # a field is never completed
        return False
    segs, n_roots = _joined(TB, ST, o, cell, root)
    if segs == 0:
        return nodes[OPEN_ENDS, root] == 0
    return _ends_left(TB, ST, o, cell, segs, n_roots) == 0


@nb.njit(**JIT)
def _surrounds(TB, ST, cell, square):
    """Placing a tile on ``cell`` completes the centre on ``square``: ``cell`` is one of the
    eight squares around it, and every other one is filled or off a closing edge."""
    cells, geo = ST[CELLS], ST[SCRATCH][GEO]
    near = False
    for q in range(4, 12):
        if square + geo[q] == cell:
            near = True
    if not near:
        return False
    for q in range(4, 12):
        c = square + geo[q]
        if c != cell and cells[C_TILE, c] < 0 and not _off_closing_edge(TB, c):
            return False
    return True


@nb.njit(**JIT)
def _joined(TB, ST, o, cell, root):
    """The feature of ``root`` as ``o`` placed on ``cell`` would join it: the roots it would
    reach (into ``NEAR_D``, ``root`` first) and the tile's local segments in it (a mask).
    Returns (the mask, how many roots)."""
    ol = TB[OL]
    roots = ST[FIG_ST][NEAR_D]
    roots[0] = root
    n_roots = 1
    segs = 0
    grown = True
    while grown:
        grown = False
        for d in range(4):
            for k in range(TB[O4][N_LINKS, o, d]):
                x = _root_across(TB, ST, o, cell, d, k)
                if x < 0:
                    continue
                bit = 1 << ol[LINK_SEG, o, d, k]
                have_x = False
                for q in range(n_roots):
                    if roots[q] == x:
                        have_x = True
                        break
                if have_x and not segs & bit:
                    segs |= bit
                    grown = True
                elif segs & bit and not have_x:
                    roots[n_roots] = x
                    n_roots += 1
                    grown = True
    return segs, n_roots


@nb.njit(**JIT)
def _ends_left(TB, ST, o, cell, segs, n_roots):
    """The open ends the feature of ``_joined`` (``segs``, ``n_roots``) would keep: its roots'
    and its local segments', less those a link joined closes (both ends) and those facing a
    closing edge (its own)."""
    cells, nodes, geo, ol = ST[CELLS], ST[NODES], ST[SCRATCH][GEO], TB[OL]
    roots = ST[FIG_ST][NEAR_D]
    ends = 0
    for q in range(n_roots):
        ends += nodes[OPEN_ENDS, roots[q]]
    for i in range(TB[O1][N_SEG, o]):
        if segs >> i & 1:
            ends += TB[OS][SEG_OPEN, o, i]
    for d in range(4):
        nc = cell + geo[d]
        if cells[C_TILE, nc] >= 0:
            closed = 2
        elif _off_closing_edge(TB, nc):
            closed = 1
        else:
            continue
        for k in range(TB[O4][N_LINKS, o, d]):
            if segs >> ol[LINK_SEG, o, d, k] & 1 and ol[LINK_COUNTS, o, d, k]:
                ends -= closed
    return ends


@nb.njit(**JIT)
def _off_closing_edge(TB, c):
    """Square ``c`` is off a bounded board whose edge closes features (``Grid.
    _join_neighbours``, ``figures.completes``)."""
    bp = TB[boards.LISTS_TB]
    return bp[boards.LIMITED] and bp[boards.EDGE_CLOSES] and \
        not TB[boards.CELLS_TB][4 * c + boards.B_EXISTS]


@nb.njit(**JIT)
def recalls(TB, ST, n, t, cell, r, o):
    """``figures.recalls``: a move taking back each recallable figure whose feature the
    placement leaves incomplete, into the moves buffer from row ``n``."""
    fs, buf = ST[FIG_ST], ST[MOVES]
    for q in range(ST[FC][TB[FIG_TB].shape[0], N_RECALLABLE]):
        node = fs[RECALLABLE, q]
        if not _completes(TB, ST, o, cell, node):
            buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3] = t, cell, r, RECALL - node
            n += 1
    return n


# --- a position from the Python engine ---------------------------------------------------------

@nb.njit(cache=True)
def load(TB, ST, pieces, supply):
    """A Python position's pieces into ``ST`` (after its tiles are placed again):
    ``pieces`` [n, 3] (seat, node, figure) as ``Features.pieces`` lists them, each counted
    by its strength (an ordinary follower: 1); ``supply`` [F, players]: ``Seats.figures``."""
    nodes, nfol, tiles, fk = ST[NODES], ST[NFOL], ST[TILES_], TB[FIG_TB]
    pf = ST[FIG_ST][PF_FIG]
    for p in range(pieces.shape[0]):
        seat, node, f = pieces[p, 0], pieces[p, 1], pieces[p, 2]
        nfol[nodes[ROOT, node], seat] += fk[f - 1, STRENGTH] if f else 1
        tiles[P_SEAT, p], tiles[P_NODE, p], pf[p] = seat, node, f
    ST[CTR][N_PIECES] = pieces.shape[0]
    fc = ST[FC]
    for f in range(supply.shape[0]):
        fc[f, :supply.shape[1]] = supply[f]
