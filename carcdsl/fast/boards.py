"""The kernel's boards: bounded tables and printed maps (``compile.board``'s ``BoardTables``),
as ``engine.grid`` plays them.

The kernel's board is a W x W grid of cells around the origin (``cell = (x + W // 2) +
(y + W // 2) * W``). On an endless table W is ``2 * tiles + 5`` (no game leaves it); on a
limited board W holds the map's (or the bounds') squares, its printed tiles just off the map
and three more rings, so that every neighbour the kernel looks at is a cell.

Tables (``TB[CELLS_TB]``, ``TB[LISTS_TB]``): per cell whether a tile may go there
(``BoardTables.allows``), whether it is part of the board (``exists``), its printed group (a
map's big city, -1) and its markers (a bit per marker name, ``marker_names`` order); and the
board's parameters with its lists: printed tiles (cell, oriented tile, in ``printed`` order),
the groups' cells, the start areas.

State (``ST[CELLS_ST]``, ``ST[MORE_ST]``): per cell whether it is *latent* (``Grid.latent``:
a map square next to printed tiles only; what it requires is kept in the kernel's
``C_MASK``/``C_NEED`` like an open square's) and a stamp for counting distinct cells; a
generation counter and, per group, whether a tile has reached it (``Grid.reached``).

The kernel calls these only when the board is limited (``TB[LISTS_TB][LIMITED]``; ``place``
then joins through ``grid.place_limited``), except for the set-up lists (on an endless
table: no printed tile, one start area at the origin), so the endless table's path costs a
test per placement.

For ``fast.effects`` (``on place covers M``): ``marker_at(TB, ST, cell, m)`` says whether the
square ``cell`` carries marker ``m`` (``marker_index(tables, name)``).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.compile.tables import Tables
from carcdsl.fast import opened
from carcdsl.fast.jit import I64, JIT
from carcdsl.fast.layout import (
    BOARD_TB,
    LINK_COUNTS,
    LINK_SEG,
    N_DISTINCT,
    N_LINKS,
    NEEDM,
    NEEDV,
    O1,
    O4,
    OL,
    SIGP,
    TT,
    marker_names,
)
from carcdsl.fast.slots import (
    BOARD_ST,
    C_MASK,
    C_NEED,
    C_OPEN,
    C_TILE,
    CELLS,
    CTR,
    GEO,
    META,
    N_OPEN,
    N_PILE,
    NODES,
    NTILE,
    NXT,
    OPEN_CELL,
    OPEN_ENDS,
    OPENS,
    PILE,
    ROOT,
    SCRATCH,
    T_CELL,
    TILES_,
)
from carcdsl.geometry.squares import to_xy

CELLS_TB, LISTS_TB = BOARD_TB, BOARD_TB + 1
CELLS_ST, MORE_ST = BOARD_ST, BOARD_ST + 1
# Every array here is one-dimensional: a tuple of arrays (TB, ST) is passed by value, and each
# more dimension of one of its arrays makes every kernel call a little dearer (four 2-D arrays
# here cost base + farmers 16 % of its speed).
B_ALLOWED, B_EXISTS, B_GROUP, B_MARKS = range(4)
"""``TB[CELLS_TB]`` [W*W*4] on a limited board ([1] otherwise): per cell ``c``, at
``4 * c + B_*``."""
LIMITED, SIDE, EDGE_CLOSES, EDGE_FILLED, PRINTED_FROM, N_PRINTED, N_STARTS, N_GROUPS, STRIDE = \
    range(9)
HEAD = 9
PR_CELL, PR_O, GROUP_FIRST, GROUP_CELL, START_CELL = range(5)
"""``TB[LISTS_TB]``: the board's parameters (``LIMITED`` ... ``STRIDE``), then lists of
``STRIDE`` entries each (``item``): the printed tiles' cells and oriented tiles, where each
group's cells begin in ``GROUP_CELL`` (one more entry: the end), the start areas' cells (the
first one gets the start tile)."""
S_LATENT, S_STAMP = range(2)
"""``ST[CELLS_ST]`` [W*W*2] on a limited board ([1] otherwise): per cell ``c``, at
``2 * c + S_*``."""
GEN_, REACHED = 0, 1
"""``ST[MORE_ST]`` [1 + groups]: the stamp generation, then per group whether reached."""
MAX_MARKERS = 62


def marker_index(tb: Tables, name: str) -> int:
    """A marker's bit; a name no square carries gets a bit no cell has."""
    names = marker_names(tb)
    return names.index(name) if name in names else len(names)


def width(tb: Tables) -> int:
    """W: the side of the kernel's grid for this rule set."""
    bt = tb.board
    if not bt.limited:
        owned = tb.modes.players[1] * sum(n for _, n in tb.modes.owned)
        return 2 * (len(tb.fast.supply) + owned + 1) + 5
    keys = set(bt.map_keys) | {key for key, _, _ in bt.printed} | set(bt.starts) | {0}
    coords = [abs(c) for key in keys for c in to_xy(key)]
    if bt.bounds is not None:
        coords += [abs(c) for c in bt.bounds]
    return 2 * (max(coords) + 3) + 1


def tables(tb: Tables, players: int) -> tuple[np.ndarray, np.ndarray]:
    """The two arrays of ``TB`` this module owns."""
    bt = tb.board
    w = width(tb)
    half = w // 2

    def cell(key: int) -> int:
        x, y = to_xy(key)
        return (x + half) + (y + half) * w

    n_groups = len(bt.groups)
    group_cells = [cell(key) for group in bt.groups for key in group]
    firsts = np.cumsum([0] + [len(group) for group in bt.groups]).tolist()
    rows = [[cell(key) for key, _, _ in bt.printed],
            [tb.printed_from + p for _, p, _ in bt.printed],
            firsts, group_cells, [cell(key) for key in bt.starts]]
    stride = max(map(len, rows))
    lists = np.zeros(HEAD + len(rows) * stride, np.int64)
    lists[:HEAD] = (bt.limited, w, bt.edge_closes, bt.edge_filled, tb.printed_from,
                    len(bt.printed), len(bt.starts), n_groups, stride)
    for r, row in enumerate(rows):
        lists[HEAD + r * stride:HEAD + r * stride + len(row)] = row
    if not bt.limited:
        return np.zeros(1, np.int64), lists
    names = marker_names(tb)
    if len(names) > MAX_MARKERS:
        raise ValueError(f"more than {MAX_MARKERS} marker names")
    cells = np.zeros((w * w, 4), np.int64)
    cells[:, B_GROUP] = -1
    for c in range(w * w):
        x, y = c % w - half, c // w - half
        key = x + (y << 20)
        assert to_xy(key) == (x, y)
        cells[c, B_ALLOWED], cells[c, B_EXISTS] = bt.allows(key), bt.exists(key)
    for key, g in bt.group_of.items():
        cells[cell(key), B_GROUP] = g
    for m, name in enumerate(names):
        for key in bt.markers[name]:
            cells[cell(key), B_MARKS] |= 1 << m
    return cells.reshape(-1), lists


@nb.njit(cache=True)
def state(TB, players):
    """The two arrays of ``ST`` this module owns (allocated once per batch)."""
    bp = TB[LISTS_TB]
    n = 1
    if bp[LIMITED]:
        n = 2 * bp[SIDE] * bp[SIDE]
    return np.zeros(n, np.int64), np.zeros(1 + bp[N_GROUPS], np.int64)


@nb.njit(**JIT)
def extra_tiles(TB):
    """Tiles the board adds to the game's: its printed tiles."""
    return TB[LISTS_TB][N_PRINTED]


@nb.njit(**JIT)
def item(bp, row, i):
    """Entry ``i`` of list ``row`` of ``TB[LISTS_TB]`` (``bp``)."""
    return bp[HEAD + row * bp[STRIDE] + i]


@nb.njit(**JIT)
def reset(TB, ST):
    """Clear what the last game left that ``state.reset`` does not: latent squares
    (only next to printed tiles) and the groups reached."""
    bp, cells, bs, geo = TB[LISTS_TB], ST[CELLS], ST[CELLS_ST], ST[SCRATCH][GEO]
    for i in range(bp[N_PRINTED]):
        c = item(bp, I64(PR_CELL), i)
        for d in range(4):
            nc = c + geo[d]
            bs[2 * nc + S_LATENT] = 0
            cells[C_MASK, nc] = 0
            cells[C_NEED, nc] = 0
    ST[MORE_ST][REACHED:] = 0


@nb.njit(**JIT)
def is_open(ST, c):
    """Whether ``c`` is in the open list (``Grid.fitting``): its ``C_OPEN`` flag, no walk."""
    return ST[CELLS][C_OPEN, c] != 0


@nb.njit(**JIT)
def open_square(TB, ST, c):
    """``c`` joins the open squares, last (every square that opens opens here; then what it
    requires changes through ``opened.require``)."""
    opens, ctr = ST[OPENS], ST[CTR]
    opens[OPEN_CELL, ctr[N_OPEN]] = c
    ctr[N_OPEN] += 1
    ST[CELLS][C_OPEN, c] = 1
    if opens[META, opened.ON]:
        opened.append(TB, ST, c)


@nb.njit(**JIT)
def empty_side(TB, ST, o, base, d, nc):
    """``Grid._join_neighbours`` on a limited board, for side ``d`` of oriented tile ``o``
    (first node ``base``) facing the empty square ``nc``: off the board (a closing edge closes
    the side's open ends), or the square learns what it requires and opens; a printed tile
    makes it latent instead."""
    tbc, cells, nodes, bs = TB[CELLS_TB], ST[CELLS], ST[NODES], ST[CELLS_ST]
    bp = TB[LISTS_TB]
    if not tbc[4 * nc + B_ALLOWED]:
        if bp[EDGE_CLOSES] and not tbc[4 * nc + B_EXISTS]:
            ol = TB[OL]
            for k in range(TB[O4][N_LINKS, o, d]):
                if ol[LINK_COUNTS, o, d, k]:
                    nodes[OPEN_ENDS, nodes[ROOT, base + ol[LINK_SEG, o, d, k]]] -= 1
        return
    if bs[2 * nc + S_LATENT]:
        known = False
    elif cells[C_MASK, nc] != 0:
        known = True
    else:
        known = is_open(ST, nc)
    o4 = TB[O4]
    if not known:
        if o >= bp[PRINTED_FROM]:
            bs[2 * nc + S_LATENT] = 1
        else:
            bs[2 * nc + S_LATENT] = 0
            open_square(TB, ST, nc)
    opened.require(TB, ST, nc, o4[NEEDM, o, d], o4[NEEDV, o, d])


@nb.njit(**JIT)
def reach(TB, ST, o, no, nc):
    """``Grid._reach``: tile ``o`` meets tile ``no`` on ``nc``; when ``o`` is not a printed
    tile and ``no`` is a big city's printed square, the latent squares around all of the
    city's squares open (in the order of its squares, each N E S W)."""
    bp = TB[LISTS_TB]
    if o >= bp[PRINTED_FROM] or no < bp[PRINTED_FROM]:
        return
    g = TB[CELLS_TB][4 * nc + B_GROUP]
    more = ST[MORE_ST]
    if g < 0 or more[REACHED + g]:
        return
    more[REACHED + g] = 1
    bs, geo = ST[CELLS_ST], ST[SCRATCH][GEO]
    for i in range(item(bp, I64(GROUP_FIRST), g), item(bp, I64(GROUP_FIRST), g + 1)):
        c = item(bp, I64(GROUP_CELL), i)
        for d in range(4):
            nc = c + geo[d]
            if bs[2 * nc + S_LATENT]:
                bs[2 * nc + S_LATENT] = 0
                open_square(TB, ST, nc)


@nb.njit(**JIT)
def start_area(TB, ST, c):
    """``State._set_up_start_area``: a further start area opens (``Grid.open_start_area``);
    the tile nearest the top of the pile that fits there leaves the pile. Returns it as an
    oriented tile in its first fitting rotation (-1: none fits), for the kernel to place."""
    bs, cells = ST[CELLS_ST], ST[CELLS]
    if bs[2 * c + S_LATENT]:
        bs[2 * c + S_LATENT] = 0
        open_square(TB, ST, c)
    elif not is_open(ST, c):
        open_square(TB, ST, c)
    mask, need = cells[C_MASK, c], cells[C_NEED, c]
    pile, ctr, sigp, tt = ST[TILES_][PILE], ST[CTR], TB[O1][SIGP], TB[TT]
    n = ctr[N_PILE]
    for i in range(n - 1, -1, -1):
        t = pile[i]
        for q in range(tt[t, N_DISTINCT]):
            r = tt[t, q]
            if sigp[4 * t + r] & mask == need:
                for k in range(i, n - 1):
                    pile[k] = pile[k + 1]
                ctr[N_PILE] = n - 1
                return 4 * t + r
    return -1


@nb.njit(**JIT)
def surrounded(TB, ST, cell):
    """``Grid.surrounded`` on a limited board: with a closing edge, squares off the board
    need no tile."""
    cells, geo, tbc = ST[CELLS], ST[SCRATCH][GEO], TB[CELLS_TB]
    closes = TB[LISTS_TB][EDGE_CLOSES]
    for q in range(4, 12):
        c = cell + geo[q]
        if cells[C_TILE, c] < 0 and not (closes and not tbc[4 * c + B_EXISTS]):
            return False
    return True


@nb.njit(**JIT)
def neighbours(TB, ST, cell):
    """``Grid.neighbours`` on a limited board: filled squares of the board around ``cell``
    (printed ones included), and squares off it when the closing edge counts as filled."""
    cells, geo, tbc, bp = ST[CELLS], ST[SCRATCH][GEO], TB[CELLS_TB], TB[LISTS_TB]
    edge = bp[EDGE_CLOSES] and bp[EDGE_FILLED]
    n = 0
    for q in range(4, 12):
        c = cell + geo[q]
        if tbc[4 * c + B_EXISTS]:
            if cells[C_TILE, c] >= 0:
                n += 1
        elif edge:
            n += 1
    return n


@nb.njit(**JIT)
def markers(TB, ST, r, m):
    """``scoring._markers``: squares with marker ``m`` that no tile covers, next to (N E S W)
    the tiles of the feature of root ``r``, each counted once."""
    if not TB[LISTS_TB][LIMITED]:
        return 0
    nodes, tiles, cells, geo = ST[NODES], ST[TILES_], ST[CELLS], ST[SCRATCH][GEO]
    tbc, bs, more = TB[CELLS_TB], ST[CELLS_ST], ST[MORE_ST]
    more[GEN_] += 1
    gen = more[GEN_]
    bit = 1 << m
    count = 0
    n = r
    while True:
        c = tiles[T_CELL, nodes[NTILE, n]]
        for d in range(4):
            nc = c + geo[d]
            if tbc[4 * nc + B_MARKS] & bit and cells[C_TILE, nc] < 0 and \
                    bs[2 * nc + S_STAMP] != gen:
                bs[2 * nc + S_STAMP] = gen
                count += 1
        n = nodes[NXT, n]
        if n == r:
            break
    return count


@nb.njit(**JIT)
def marker_at(TB, ST, cell, m):
    """Whether square ``cell`` carries marker ``m`` (``marker_index``): what ``on place
    covers M`` asks of the square a tile goes on (``effects``' ``COVERS``)."""
    if not TB[LISTS_TB][LIMITED]:
        return False
    return (TB[CELLS_TB][4 * cell + B_MARKS] >> m) & 1 != 0
