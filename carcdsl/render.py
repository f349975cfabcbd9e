"""The board drawn in a terminal: each square a 3x3 block of characters, and a key under it.

Glyphs come from geometries, not from feature names: ``#`` an area, ``-``/``|`` a path (``+``
where it bends), ``@`` a centre feature, ``o`` where paths end on a tile (a village, say),
``.`` field; a digit is a follower of that seat (1-based). ``+`` alone marks an open square
where a tile may go. On a limited board: ``·`` an empty square, ``^`` an unused start area,
``*`` (then ``&``, ``$``, ...) a square with a marker, ``~`` off the board; a printed big city
is a block of ``%`` with a label of its own (the shortest prefixes that tell the cities
apart); a printed border segment shows as its glyph (``=`` a path, ``#`` an area) in the
``~``. The key names what the glyphs on this board stand for, in the rule set's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ports as P
from .compile import AREA, CENTRE, FIELD, PATH
from .game import State, to_key, to_xy

if TYPE_CHECKING:
    from .i18n import Words

# 3x3 cell coordinates (row, col) of each ring position
_CELL = {
    0: (0, 0), 1: (0, 1), 2: (0, 2),
    3: (0, 2), 4: (1, 2), 5: (2, 2),
    6: (2, 2), 7: (2, 1), 8: (2, 0),
    9: (2, 0), 10: (1, 0), 11: (0, 0),
}
_MARKER_GLYPHS = "*&$!?"
_KEY_WIDTH = 92

Cells = list[list[str]]


def _tile_cells(state: State, key: int, used: set) -> Cells:
    tb = state.tables
    o, base = state.board[key]
    cells = [[" "] * 3 for _ in range(3)]
    segs = tb.segments[o]
    paths = [s for s in segs if s.geometry == PATH]
    for s in segs:
        if s.geometry == FIELD:
            used.add(("geometry", FIELD))
            for pos in s.ports:
                r, c = _CELL[pos]
                if cells[r][c] == " ":
                    cells[r][c] = "."
    for s in segs:
        if s.geometry == AREA:
            used.add(("geometry", AREA))
            for pos in s.ports:
                for q in P.side_positions(P.side_of(pos)):
                    r, c = _CELL[q]
                    cells[r][c] = "#"
    for s in paths:
        used.add(("geometry", PATH))
        for pos in s.ports:
            r, c = _CELL[pos]
            cells[r][c] = "|" if P.side_of(pos) in (0, 2) else "-"
    through = [s for s in paths if len(s.ports) == 2]
    if any(s.geometry == CENTRE for s in segs):
        cells[1][1] = "@"
        used.add(("geometry", CENTRE))
    elif through:
        sides = {P.side_of(p) for p in through[0].ports}
        cells[1][1] = "|" if sides == {0, 2} else "-" if sides == {1, 3} else "+"
    elif len(paths) > 1:
        cells[1][1] = "o"
        used.add(("ends",))
    elif paths or any(s.geometry == AREA for s in segs):
        cells[1][1] = "#" if not paths else "o"
        if paths:
            used.add(("ends",))
    for seat, node, k in state.meeples:
        if k != key:
            continue
        seg = segs[node - base]
        r, c = (1, 1) if seg.geometry == CENTRE or not seg.ports else _CELL[seg.ports[0]]
        cells[r][c] = str(seat + 1)
        used.add(("followers",))
    return cells


def big_city_names(state: State, words: Words | None = None) -> dict[int, str]:
    """Big-city group -> its name (in the language of ``words``)."""
    board = state.tables.board
    names: dict[int, str] = {}
    for key, _, group in board.printed:
        if group >= 0 and group not in names:
            name = board.labels.get(key) or "?"
            names[group] = words.word(name) if words is not None else name
    return names


def big_city_labels(state: State, words: Words | None = None) -> dict[int, str]:
    """Big-city group -> a label of up to 3 characters: the shortest prefix length at which
    the cities' names differ; numbers when even 3 letters do not tell them apart."""
    names = big_city_names(state, words)
    for length in (1, 2, 3):
        labels = {g: n[:length].title() for g, n in names.items()}
        if len(set(labels.values())) == len(labels):
            return labels
    return {g: str(i + 1) for i, g in enumerate(sorted(names))}


def _printed_cells(state: State, key: int, labels: dict[int, str], used: set) -> Cells:
    tb = state.tables
    o, _ = state.board[key]
    (seg, *_) = tb.segments[o]
    if key in tb.board.map_keys:  # a big-city square
        group = tb.board.group_of.get(key, -1)
        used.add(("big-city", group))
        label = f"{labels.get(group, '?'):%^3}"
        return [["%"] * 3, list(label), ["%"] * 3]
    glyph = "#" if seg.geometry == AREA else "="
    used.add(("border", AREA if seg.geometry == AREA else PATH))
    return [["~"] * 3, ["~", glyph, "~"], ["~"] * 3]


def _empty_cells(state: State, key: int, show_open: bool, used: set) -> Cells:
    edge = state.tables.board
    if show_open and key in state.open:
        used.add(("open",))
        return [[" "] * 3, [" ", "+", " "], [" "] * 3]
    if not edge.limited:
        return [[" "] * 3 for _ in range(3)]
    if not edge.exists(key):
        used.add(("off",))
        return [["~"] * 3 for _ in range(3)]
    mark = "·"
    markers = sorted(edge.markers)
    for i, name in enumerate(markers):
        if key in edge.markers[name]:
            mark = _MARKER_GLYPHS[i % len(_MARKER_GLYPHS)]
            used.add(("marker", name, mark))
            break
    else:
        if key in edge.starts or key in _start_squares(state):
            mark = "^"
            used.add(("start",))
        else:
            used.add(("empty",))
    return [[" "] * 3, [" ", mark, " "], [" "] * 3]


def _start_squares(state: State) -> frozenset[int]:
    """Every start area of a map, the ones not used in this game included."""
    return frozenset(to_key(sq.x, sq.y) for sq in state.game.rules.board.squares
                     if sq.role == "start")


def render_board(state: State, show_open: bool = True, words: Words | None = None,
                 key: bool = False) -> str:
    """The board as text, with x coordinates above and y coordinates on the left; with
    ``key``, what its glyphs stand for under it (in the language of ``words``)."""
    squares = list(state.board) + (list(state.open) if show_open else [])
    edge = state.tables.board
    if edge.bounds is not None:
        x0, x1, y0, y1 = edge.bounds
        squares += [x0 + (y0 << 20), x1 + (y1 << 20)]
    squares += list(edge.map_keys)
    if not squares:
        return "(empty board)"
    used: set = set()
    labels = big_city_labels(state, words)
    xs = [to_xy(k)[0] for k in squares]
    ys = [to_xy(k)[1] for k in squares]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    lines = ["     " + "".join(f"{x:^4}" for x in range(x0, x1 + 1))]
    for y in range(y0, y1 + 1):
        rows: list[list[str]] = [[] for _ in range(3)]
        for x in range(x0, x1 + 1):
            k = x + (y << 20)
            if k in state.board:
                printed = state.board[k][0] >= state.tables.printed_from
                cells = (_printed_cells(state, k, labels, used) if printed
                         else _tile_cells(state, k, used))
            else:
                cells = _empty_cells(state, k, show_open, used)
            for r in range(3):
                rows[r].append("".join(cells[r]) + " ")
        for r in range(3):
            label = f"{y:>4} " if r == 1 else "     "
            lines.append((label + "".join(rows[r])).rstrip())
    if key:
        lines += board_key(state, used, labels, words)
    return "\n".join(lines)


def board_key(state: State, used: set, labels: dict[int, str],
              words: Words | None = None) -> list[str]:
    """The key: one entry per kind of glyph drawn (``used``), wrapped into short lines."""
    if words is None:
        from .i18n import Words

        words = Words(state.game.rules)
    rules, w = state.game.rules, words
    by_geometry: dict[int, list[str]] = {}
    for kind in state.tables.kinds:
        by_geometry.setdefault(kind.geometry, []).append(w.word(kind.name))
    glyphs = {AREA: "#", PATH: "-|+", CENTRE: "@", FIELD: "."}
    entries: list[str | None] = [f"{glyphs[g]} {', '.join(by_geometry.get(g, ['?']))}"
               for g in (AREA, PATH, CENTRE, FIELD) if ("geometry", g) in used]
    if ("ends",) in used:
        ends = ", ".join(w.word(name) for name in rules.landmarks) or w.phrase("path-ends")
        entries.append(f"o {ends}")
    if ("followers",) in used:
        seats = len(state.players)
        digits = "1" if seats == 1 else f"1-{seats}"
        entries.append(f"{digits} " + w.phrase("followers-of", followers=w.word(w.follower, 2),
                                               players=", ".join(state.players)))
    if ("open",) in used:
        entries.append(f"+ {w.phrase('open-square')}")
    if ("empty",) in used:
        entries.append(f"· {w.phrase('empty-square')}")
    markers = sorted((t[2], t[1]) for t in used if t[0] == "marker")
    entries += [f"{mark} {w.word(name)}" for mark, name in markers]
    if ("start",) in used:
        entries.append(f"^ {w.phrase('start-area')}")
    if ("off",) in used:
        entries.append(f"~ {w.phrase('off-board')}")
    borders = [g for g in (PATH, AREA) if ("border", g) in used]
    if borders:
        shown = " ".join("~=~" if g == PATH else "~#~" for g in borders)
        kinds = ", ".join(", ".join(by_geometry.get(g, ["?"])) for g in borders)
        entries.append(f"{shown} {w.phrase('printed-edge', kinds=kinds)}")
    cities = sorted((labels[t[1]], t[1]) for t in used if t[0] == "big-city" and t[1] in labels)
    if cities:
        names = big_city_names(state, w)
        told = [f"{label} {names[g]}" for label, g in cities]
        entries += [None, f"{w.phrase('big-cities')}: {told[0]}", *told[1:]]
    return _wrap(f"{w.phrase('key')}:", entries)


def _wrap(title: str, entries: list[str | None]) -> list[str]:
    """``title   entry   entry ...`` in lines of at most ``_KEY_WIDTH`` characters; None
    starts a new line."""
    lines, line, indent = [], title, " " * len(title)
    for entry in entries:
        if entry is None or (len(line) > len(title)
                             and len(line) + 3 + len(entry) > _KEY_WIDTH):
            lines.append(line)
            line = indent
        if entry is not None:
            line += "   " + entry
    return [text for text in [*lines, line] if text.strip()] if entries else []
