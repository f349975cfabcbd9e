"""The board drawn in a terminal: each square a 3x3 block of characters.

Glyphs come from geometries, not from feature names: ``#`` an area, ``-``/``|`` a path,
``@`` a centre feature, ``o`` where paths end on a tile (a village, say), ``.`` field; a digit
is a follower of that seat (1-based). ``+`` marks an open square where a tile may go. On a
limited board: `` · `` an empty square, ``*`` a square with a marker, ``~`` off the board; a
printed big city is a block of ``%`` with its initial; a printed border segment shows as its
glyph in the ``~``.
"""

from __future__ import annotations

from . import ports as P
from .compile import AREA, CENTRE, FIELD, PATH
from .game import State, to_xy

# 3x3 cell coordinates (row, col) of each ring position
_CELL = {
    0: (0, 0), 1: (0, 1), 2: (0, 2),
    3: (0, 2), 4: (1, 2), 5: (2, 2),
    6: (2, 2), 7: (2, 1), 8: (2, 0),
    9: (2, 0), 10: (1, 0), 11: (0, 0),
}


def _tile_cells(state: State, key: int) -> list[list[str]]:
    tb = state.tables
    o, base = state.board[key]
    cells = [[" "] * 3 for _ in range(3)]
    segs = tb.segments[o]
    paths = [s for s in segs if s.geometry == PATH]
    for s in segs:
        if s.geometry == FIELD:
            for pos in s.ports:
                r, c = _CELL[pos]
                if cells[r][c] == " ":
                    cells[r][c] = "."
    for s in segs:
        if s.geometry == AREA:
            for pos in s.ports:
                for q in P.side_positions(P.side_of(pos)):
                    r, c = _CELL[q]
                    cells[r][c] = "#"
    for s in paths:
        for pos in s.ports:
            r, c = _CELL[pos]
            cells[r][c] = "|" if P.side_of(pos) in (0, 2) else "-"
    through = [s for s in paths if len(s.ports) == 2]
    if any(s.geometry == CENTRE for s in segs):
        cells[1][1] = "@"
    elif through:
        sides = {P.side_of(p) for p in through[0].ports}
        cells[1][1] = "|" if sides == {0, 2} else "-" if sides == {1, 3} else "+"
    elif len(paths) > 1:
        cells[1][1] = "o"
    elif paths or any(s.geometry == AREA for s in segs):
        cells[1][1] = "#" if not paths else "o"
    for seat, node, k in state.meeples:
        if k != key:
            continue
        seg = segs[node - base]
        r, c = (1, 1) if seg.geometry == CENTRE or not seg.ports else _CELL[seg.ports[0]]
        cells[r][c] = str(seat + 1)
    return cells


def _printed_cells(state: State, key: int) -> list[list[str]]:
    tb = state.tables
    o, _ = state.board[key]
    (seg, *_) = tb.segments[o]
    if key in tb.board.map_keys:  # a big-city square
        name = tb.board.labels.get(key, "?")
        return [["%"] * 3, ["%", name[:1], "%"], ["%"] * 3]
    glyph = "#" if seg.geometry == AREA else "="
    return [["~"] * 3, ["~", glyph, "~"], ["~"] * 3]


def _empty_cells(state: State, key: int, show_open: bool) -> list[list[str]]:
    edge = state.tables.board
    if show_open and key in state.open:
        return [[" "] * 3, [" ", "+", " "], [" "] * 3]
    if not edge.limited:
        return [[" "] * 3 for _ in range(3)]
    if not edge.exists(key):
        return [["~"] * 3 for _ in range(3)]
    mark = "*" if key in edge.labels else "·"
    return [[" "] * 3, [" ", mark, " "], [" "] * 3]


def render_board(state: State, show_open: bool = True) -> str:
    """The board as text, with x coordinates above and y coordinates on the left."""
    squares = list(state.board) + (list(state.open) if show_open else [])
    edge = state.tables.board
    if edge.bounds is not None:
        x0, x1, y0, y1 = edge.bounds
        squares += [x0 + (y0 << 20), x1 + (y1 << 20)]
    squares += list(edge.map_keys)
    if not squares:
        return "(empty board)"
    xs = [to_xy(k)[0] for k in squares]
    ys = [to_xy(k)[1] for k in squares]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    lines = ["     " + "".join(f"{x:^4}" for x in range(x0, x1 + 1))]
    for y in range(y0, y1 + 1):
        rows = [[] for _ in range(3)]
        for x in range(x0, x1 + 1):
            key = x + (y << 20)
            if key in state.board:
                printed = state.board[key][0] >= state.tables.printed_from
                cells = _printed_cells(state, key) if printed else _tile_cells(state, key)
            else:
                cells = _empty_cells(state, key, show_open)
            for r in range(3):
                rows[r].append("".join(cells[r]) + " ")
        for r in range(3):
            label = f"{y:>4} " if r == 1 else "     "
            lines.append((label + "".join(rows[r])).rstrip())
    return "\n".join(lines)
