"""The kernel's figures placed on another tile than the one just placed (``engine.elsewhere``):
a figure that stands ``anywhere``, and ordinary followers on a kind that says ``followers
anywhere [with F]``.

A spot elsewhere is the Python engine's, ``ELSEWHERE - (node << ELSEWHERE_SHIFT | figure)``
(``compile.facts``). Once a turn ``begin_turn`` lists the candidates (``Candidates``): per
figure code that may go elsewhere (0: the ordinary follower first, then the figures in order),
the placed nodes of the kinds it stands on, in the order the tiles were placed, into
``ST[ELSE_ST]``; ``spots`` then keeps those a placement allows, judged as the feature will be
once the tile joins it to others.
"""

from __future__ import annotations

import numba as nb

from carcdsl.compile.facts import ELSEWHERE, ELSEWHERE_SHIFT
from carcdsl.compile.modes import ANY_FOLLOWER, NO_NEED
from carcdsl.fast import figures, neutral
from carcdsl.fast.features import kind_of
from carcdsl.fast.jit import JIT
from carcdsl.fast.layout import (
    ANY_KIND,
    ANY_W,
    FIG_TB,
    KIND_CENTRE,
    KK,
    N_SEG,
    NOT_ANYWHERE,
    O1,
    OS,
    PARAMS,
    SEG_KIND,
)
from carcdsl.fast.slots import (
    C_WATCH,
    CELLS,
    CTR,
    ELSE_ST,
    FIG_ST,
    LEFT,
    MOVES,
    N_CANDIDATES,
    N_PIECES,
    N_TILES,
    N_WATCHED,
    NFOL,
    NODES,
    NTILE,
    P_NODE,
    P_SEAT,
    ROOT,
    SEATS,
    T_BASE,
    T_CELL,
    T_O,
    TILES_,
)

CAND_CODE, CAND_NODE = 0, 1
"""``ST[ELSE_ST]`` rows: each candidate's figure code and node."""
CODE_MASK = (1 << ELSEWHERE_SHIFT) - 1


@nb.njit(**JIT)
def begin_turn(TB, ST, seat):
    """``Candidates.__init__``: the candidates of ``seat``'s turn; returns how many (the
    spots ``_Turn.width`` counts)."""
    n = 0
    if TB[PARAMS][ANY_KIND] >= 0 and ST[SEATS][LEFT, seat] > 0:
        kk = TB[KK]
        for k in range(kk.shape[0]):  # each kind with its own `with`, in kind order
            if kk[k, ANY_W] != NOT_ANYWHERE:
                n = _nodes(TB, ST, n, 0, 1 << k)
    fk, fc = TB[FIG_TB], ST[figures.FC]
    for f in range(fk.shape[0]):
        if fk[f, figures.ANYWHERE] and fc[f, seat] > 0:
            n = _nodes(TB, ST, n, f + 1, fk[f, figures.KIND_MASK])
    ST[CTR][N_CANDIDATES] = n
    return n


@nb.njit(**JIT)
def _nodes(TB, ST, n, code, kinds):
    """``elsewhere._nodes``: placed nodes of ``kinds`` (bits) where figure ``code`` may stand
    (a figure: one of its spots on that tile), appended from row ``n``."""
    tiles, cand, os_ = ST[TILES_], ST[ELSE_ST], TB[OS]
    fspots = TB[figures.FSPOTS]
    for tile in range(ST[CTR][N_TILES]):
        o, base = tiles[T_O, tile], tiles[T_BASE, tile]
        for i in range(TB[O1][N_SEG, o]):
            if not kinds >> os_[SEG_KIND, o, i] & 1:
                continue
            if code:
                allowed = False
                for k in range(fspots.shape[2]):
                    if fspots[code - 1, o, k] == i:
                        allowed = True
                        break
                if not allowed:
                    continue
            cand[CAND_CODE, n], cand[CAND_NODE, n] = code, base + i
            n += 1
    return n


@nb.njit(**JIT)
def spots(TB, ST, n, t, cell, r, o, seat):
    """``Candidates.spots``: the spots elsewhere for ``o`` placed on ``cell``, as moves into
    ``ST[MOVES]`` from row ``n``; returns the new count."""
    count = ST[CTR][N_CANDIDATES]
    if count == 0:
        return n
    near = figures.neighbour_roots(TB, ST, o, cell)
    cand, buf, nodes = ST[ELSE_ST], ST[MOVES], ST[NODES]
    fk = TB[FIG_TB]
    blocking = TB[neutral.NEU_TB][neutral.X_N_ACTS] > 0
    for q in range(count):
        code, node = cand[CAND_CODE, q], cand[CAND_NODE, q]
        if blocking and neutral.blocked(TB, ST, ST[TILES_][T_CELL, nodes[NTILE, node]]):
            continue  # ``Candidates.spots``: none on a square a neutral figure blocks
        group = _group(TB, ST, o, near, nodes[ROOT, node])
        if code:
            f = code - 1
            ok = _allowed(TB, ST, near, group, nodes[ROOT, node], fk[f, figures.WITH_ANY],
                          fk[f, figures.NEEDS], fk[f, figures.EXCLUDES],
                          fk[f, figures.COUNTS], seat)
        else:
            ok = _allowed(TB, ST, near, group, nodes[ROOT, node],
                          TB[KK][kind_of(TB, ST, node), ANY_W], NO_NEED, 0, 1, seat)
        if ok and kept_out(TB, ST, near, group, nodes[ROOT, node], code):
            ok = False  # a figure there keeps this one out
        if ok:
            buf[n, 0], buf[n, 1], buf[n, 2] = t, cell, r
            buf[n, 3] = ELSEWHERE - (node << ELSEWHERE_SHIFT | code)
            n += 1
    return n


@nb.njit(**JIT)
def _group(TB, ST, o, near, root):
    """``_joined_groups``' entry for ``root``: the roots the tile joins it to, as bits over
    ``NEAR_D`` (0: it joins nothing, the feature stays its own)."""
    fs = ST[FIG_ST]
    q = 0
    while q < near and fs[figures.NEAR_D, q] != root:
        q += 1
    if q == near:
        return 0
    m = 1 << q
    grown = True
    while grown:
        grown = False
        for i in range(TB[O1][N_SEG, o]):
            mi = fs[figures.NEAR_SEG, i]
            if mi & m and mi & ~m:
                m |= mi
                grown = True
    return m


@nb.njit(**JIT)
def kept_out(TB, ST, near, group, root, code):
    """``figures.kept_roots`` met: the feature the group makes (``group`` 0: ``root``
    alone) holds a figure that keeps figures ``code`` (0: ordinary followers) out."""
    fk = TB[FIG_TB]
    if fk.shape[0] == 0:
        return False
    mask = fk[code - 1, figures.KEPT_BY] if code else fk[0, figures.KEEPS_FOLLOWERS]
    if mask == 0:
        return False
    nodes, tiles, pf = ST[NODES], ST[TILES_], ST[FIG_ST][figures.PF_FIG]
    for p in range(ST[CTR][N_PIECES]):
        if mask >> pf[p] & 1 and _on(ST, near, group, root, nodes[ROOT, tiles[P_NODE, p]]):
            return True
    return False


@nb.njit(**JIT)
def _on(ST, near, group, root, r):
    """Whether root ``r`` is one of the group's (``group`` 0: ``root`` alone)."""
    if group == 0:
        return r == root
    fs = ST[FIG_ST]
    for q in range(near):
        if group >> q & 1 and fs[figures.NEAR_D, q] == r:
            return True
    return False


@nb.njit(**JIT)
def _allowed(TB, ST, near, group, root, with_any, needs, excludes, strength, seat):
    """``elsewhere._allowed``: the feature the group makes takes the figure."""
    nodes, nfol, tiles, fk = ST[NODES], ST[NFOL], ST[TILES_], TB[FIG_TB]
    pf = ST[FIG_ST][figures.PF_FIG]
    if strength:
        if group == 0:
            for s in range(nfol.shape[1]):
                if nfol[root, s]:
                    return False
        else:
            fs = ST[FIG_ST]
            for q in range(near):
                if group >> q & 1:
                    for s in range(nfol.shape[1]):
                        if nfol[fs[figures.NEAR_D, q], s]:
                            return False
    has_with, has_need = with_any == NO_NEED, needs == NO_NEED
    for p in range(ST[CTR][N_PIECES]):
        if not _on(ST, near, group, root, nodes[ROOT, tiles[P_NODE, p]]):
            continue
        code = pf[p] if fk.shape[0] else 0
        if excludes >> code & 1:
            return False
        if code == with_any:
            has_with = True
        if tiles[P_SEAT, p] == seat and not has_need:
            if needs == ANY_FOLLOWER:
                has_need = code == 0 or fk[code - 1, figures.STRENGTH] > 0
            else:
                has_need = code == needs + 1
    return has_with and has_need


@nb.njit(**JIT)
def put(TB, ST, spot, seat):
    """``State._put_elsewhere``: the figure of ``spot`` (0: an ordinary follower) onto its
    node of a placed tile; with strength on a centre, the square is watched. Returns (the
    node, the figure code)."""
    code_all = ELSEWHERE - spot
    node, code = code_all >> ELSEWHERE_SHIFT, code_all & CODE_MASK
    nodes, nfol, tiles, ctr, cells = ST[NODES], ST[NFOL], ST[TILES_], ST[CTR], ST[CELLS]
    strength = TB[FIG_TB][code - 1, figures.STRENGTH] if code else 1
    if strength:
        nfol[nodes[ROOT, node], seat] += strength
    p = ctr[N_PIECES]
    tiles[P_SEAT, p], tiles[P_NODE, p] = seat, node
    ST[FIG_ST][figures.PF_FIG, p] = code
    ctr[N_PIECES] += 1
    if code:
        ST[figures.FC][code - 1, seat] -= 1
    else:
        ST[SEATS][LEFT, seat] -= 1
    tile = nodes[NTILE, node]
    o, cell = tiles[T_O, tile], tiles[T_CELL, tile]
    if strength and TB[KK][TB[OS][SEG_KIND, o, node - tiles[T_BASE, tile]], KIND_CENTRE] \
            and not cells[C_WATCH, cell]:
        cells[C_WATCH, cell] = 1
        ctr[N_WATCHED] += 1
    return node, code
