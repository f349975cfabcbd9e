"""The board drawn in a terminal: each square a 3x3 block of characters, and a key under it.

Glyphs come from geometries, not from feature names: ``#`` an area, ``-``/``|`` a path (``+``
where it bends; a second path kind ``=``/``:``/``x``), ``@`` a centre feature, ``o`` where
paths end at a landmark (a village, say; ``O``, ``v``, ``V`` for other landmarks), ``.`` field;
a digit is a follower of that seat (1-based). ``+`` alone marks an empty square where the drawn
tile (or a tile of the hand) can go. On a limited board: ``·`` an empty square, ``^`` an unused
start area, ``*`` (then ``&``, ``$``, ...) a square with a marker, ``~`` off the board; a
printed big city is a block of ``%`` with a label of its own (the shortest prefixes that tell
the cities apart); a printed border segment shows as its glyph (``=`` a path, ``#`` an area) in the
``~``. The key names what the glyphs on this board stand for, in the rule set's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcdsl.compile.tiles import AREA, CENTRE, FIELD, PATH
from carcdsl.engine.state import State
from carcdsl.geometry import ports as P
from carcdsl.geometry.squares import to_key, to_xy

if TYPE_CHECKING:
    from carcdsl.i18n.words import Words

# 3x3 cell coordinates (row, col) of each ring position
_CELL = {
    0: (0, 0), 1: (0, 1), 2: (0, 2),
    3: (0, 2), 4: (1, 2), 5: (2, 2),
    6: (2, 2), 7: (2, 1), 8: (2, 0),
    9: (2, 0), 10: (1, 0), 11: (0, 0),
}
_MARKER_GLYPHS = "*&$!?"
_PATH_GLYPHS = (("-", "|", "+"), ("=", ":", "x"))
"""(across, up and down, bend) for each path kind, in the order the rule set declares them."""
_LANDMARK_GLYPHS = "oOvV"
_AREA_GLYPHS = "#XH"
_CENTRE_GLYPHS = "@Q"
_KEY_WIDTH = 92

Cells = list[list[str]]


def _path_glyphs(state: State) -> dict[int, tuple[str, str, str]]:
    """Path kind index -> its glyphs."""
    paths = [k.index for k in state.tables.kinds if k.geometry == PATH]
    return {kind: _PATH_GLYPHS[i % len(_PATH_GLYPHS)] for i, kind in enumerate(paths)}


def _kind_glyphs(state: State, geometry: int, glyphs: str) -> dict[int, str]:
    """Kind index -> its glyph, for the kinds of one geometry (a city ``#``, a lake ``X``)."""
    kinds = [k.index for k in state.tables.kinds if k.geometry == geometry]
    return {kind: glyphs[i % len(glyphs)] for i, kind in enumerate(kinds)}


def _look(state: State) -> dict:
    """The glyphs of this rule set's kinds and landmarks."""
    return {"paths": _path_glyphs(state), "ends": _landmark_ends(state),
            "areas": _kind_glyphs(state, AREA, _AREA_GLYPHS),
            "centres": _kind_glyphs(state, CENTRE, _CENTRE_GLYPHS),
            "landmarks": {name: _LANDMARK_GLYPHS[i % len(_LANDMARK_GLYPHS)]
                          for i, name in enumerate(state.game.rules.landmarks)}}


def _landmark_ends(state: State) -> dict[int, str | None]:
    """Tile type -> the landmark its paths end at on the tile (None: no landmark; then the
    paths end at a feature of the tile, or at nothing the rules name)."""
    rules = state.game.rules
    landmarks = set(rules.landmarks)
    by_name = {tile.name: tile for tile in rules.tiles}
    ends: dict[int, str | None] = {}
    for t, name in enumerate(state.tables.type_names):
        tile = by_name.get(name)
        found = [end for seg in (tile.segments if tile else ()) for end in seg.ends
                 if end in landmarks]
        ends[t] = found[0] if found else None
    return ends


def _tile_cells(state: State, key: int, used: set, look: dict,
                followers: list[tuple[int, int]]) -> Cells:
    """The 3x3 cells of the placed tile on square ``key``: its fields, areas and paths at
    their ring positions, a glyph in the middle, the ``followers`` standing on it (seat,
    segment index) as seat digits. Adds what it draws to ``used`` (for the key)."""
    o, _ = state.board[key]
    cells = [[" "] * 3 for _ in range(3)]
    segs = state.tables.segments[o]
    paths = [s for s in segs if s.geometry == PATH]
    _draw_fields(cells, segs, used)
    area_glyph = _draw_areas(cells, segs, used, look["areas"])
    _draw_paths(cells, paths, used, look["paths"])
    cells[1][1] = _middle(segs, paths, area_glyph, o // 4, used, look) or cells[1][1]
    for seat, index in followers:
        seg = segs[index]
        r, c = (1, 1) if seg.geometry == CENTRE or not seg.ports else _CELL[seg.ports[0]]
        cells[r][c] = str(seat + 1)
        used.add(("followers",))
    return cells


def _draw_fields(cells: Cells, segs, used: set) -> None:
    """``.`` at the ring positions of fields that nothing else covers yet."""
    for s in segs:
        if s.geometry == FIELD:
            used.add(("geometry", FIELD))
            for pos in s.ports:
                r, c = _CELL[pos]
                if cells[r][c] == " ":
                    cells[r][c] = "."


def _draw_areas(cells: Cells, segs, used: set, areas: dict[int, str]) -> str:
    """Each area's glyph along the whole of the sides it covers; the first area's glyph."""
    area_glyph = ""
    for s in segs:
        if s.geometry == AREA:
            used.add(("area", s.kind))
            area_glyph = area_glyph or areas.get(s.kind, "#")
            for pos in s.ports:
                for q in P.side_positions(P.side_of(pos)):
                    r, c = _CELL[q]
                    cells[r][c] = areas.get(s.kind, "#")
    return area_glyph


def _draw_paths(cells: Cells, paths, used: set, glyphs: dict) -> None:
    """Each path's glyph at its ring positions, upright on the north and south sides."""
    for s in paths:
        across, upright, _ = glyphs.get(s.kind, _PATH_GLYPHS[0])
        used.add(("path", s.kind))
        for pos in s.ports:
            r, c = _CELL[pos]
            cells[r][c] = upright if P.side_of(pos) in (0, 2) else across


def _middle(segs, paths, area_glyph: str, tile_type: int, used: set,
            look: dict) -> str | None:
    """The middle cell: a centre feature; else a path running through (straight or bent);
    else where the paths end (a landmark, the area, or ``o``); else the area; None: blank."""
    glyphs = look["paths"]
    through = [s for s in paths if len(s.ports) == 2]
    centre = next((s.kind for s in segs if s.geometry == CENTRE), None)
    if centre is not None:
        used.add(("centre", centre))
        return look["centres"].get(centre, "@")
    if through:
        across, upright, bend = glyphs.get(through[0].kind, _PATH_GLYPHS[0])
        sides = {P.side_of(p) for p in through[0].ports}
        return upright if sides == {0, 2} else across if sides == {1, 3} else bend
    if paths:
        landmark = look["ends"].get(tile_type)
        if landmark is not None:
            used.add(("landmark", landmark))
            return look["landmarks"].get(landmark, "o")
        if area_glyph:  # the path ends at the area (a road into a city)
            return area_glyph
        used.add(("ends",))
        return "o"
    return area_glyph or None


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


def _printed_cells(state: State, key: int, labels: dict[int, str], used: set,
                   look: dict) -> Cells:
    tb = state.tables
    o, _ = state.board[key]
    (seg, *_) = tb.segments[o]
    if key in tb.board.map_keys:  # a big-city square
        group = tb.board.group_of.get(key, -1)
        used.add(("big-city", group))
        label = f"{labels.get(group, '?'):%^3}"
        return [["%"] * 3, list(label), ["%"] * 3]
    glyph = look["areas"].get(seg.kind, "#") if seg.geometry == AREA else "="
    used.add(("border", glyph, seg.kind))
    return [["~"] * 3, ["~", glyph, "~"], ["~"] * 3]


def _empty_cells(state: State, key: int, fits: frozenset[int], used: set) -> Cells:
    edge = state.tables.board
    if key in fits:
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


def fitting_squares(state: State) -> frozenset[int]:
    """The empty squares where the drawn tile (with hands: some tile of the mover's hand)
    can go, by the legal moves."""
    return frozenset(key for _, key, _, _ in state.iter_moves())


def render_board(state: State, show_open: bool = True, words: Words | None = None,
                 key: bool = False, fits: frozenset[int] | None = None) -> str:
    """The board as text, with x coordinates above and y coordinates on the left; with
    ``show_open``, ``+`` where the tile to play can go (``fits``, else read from the legal
    moves); with ``key``, what its glyphs stand for under it (in the language of ``words``),
    only those this board shows."""
    if not show_open:
        fits = frozenset()
    elif fits is None:
        fits = fitting_squares(state)
    squares = list(state.board) + list(fits)
    edge = state.tables.board
    if edge.bounds is not None:
        x0, x1, y0, y1 = edge.bounds
        squares += [to_key(x0, y0), to_key(x1, y1)]
    squares += list(edge.map_keys)
    if edge.squares:  # a ring of off-map squares around the squares that take tiles
        sx = [to_xy(k)[0] for k in edge.squares]
        sy = [to_xy(k)[1] for k in edge.squares]
        squares += [to_key(min(sx) - 1, min(sy) - 1), to_key(max(sx) + 1, max(sy) + 1)]
    if not squares:
        from carcdsl.i18n.words import Words

        return f"({(words or Words(state.game.rules)).phrase('empty-board')})"
    used: set = set()
    labels = big_city_labels(state, words)
    look = _look(state)
    followers = state.followers_by_square()
    xs = [to_xy(k)[0] for k in squares]
    ys = [to_xy(k)[1] for k in squares]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    lines = ["     " + "".join(f"{x:^4}" for x in range(x0, x1 + 1))]
    for y in range(y0, y1 + 1):
        rows: list[list[str]] = [[] for _ in range(3)]
        for x in range(x0, x1 + 1):
            k = to_key(x, y)
            if k in state.board:
                printed = state.board[k][0] >= state.tables.printed_from
                cells = (_printed_cells(state, k, labels, used, look) if printed
                         else _tile_cells(state, k, used, look, followers.get(k, [])))
            else:
                cells = _empty_cells(state, k, fits, used)
            for r in range(3):
                rows[r].append("".join(cells[r]) + " ")
        for r in range(3):
            label = f"{y:>4} " if r == 1 else "     "
            lines.append((label + "".join(rows[r])).rstrip())
    if key:
        lines += board_key(state, used, labels, words, look)
    return "\n".join(lines)


def board_key(state: State, used: set, labels: dict[int, str],
              words: Words | None = None, look: dict | None = None) -> list[str]:
    """The key: one entry per kind of glyph drawn (``used``), wrapped into short lines."""
    if words is None:
        from carcdsl.i18n.words import Words

        words = Words(state.game.rules)
    look = look or _look(state)
    entries = [*_kind_entries(state, used, words, look), *_square_entries(state, used, words),
               *_map_entries(state, used, labels, words)]
    return _wrap(f"{words.phrase('key')}:", entries)


def _kind_entries(state: State, used: set, w: Words, look: dict) -> list[str | None]:
    """Areas, paths and centres by glyph; fields; landmarks; where paths end."""
    by_geometry: dict[int, list[str]] = {}
    for kind in state.tables.kinds:
        by_geometry.setdefault(kind.geometry, []).append(w.word(kind.name))
    entries: list[str | None] = []
    for what, table, default in (("area", "areas", "#"), ("path", "paths", _PATH_GLYPHS[0]),
                                 ("centre", "centres", "@")):
        by_glyph: dict[str, list[str]] = {}
        for kind in state.tables.kinds:
            if (what, kind.index) in used:
                glyph = "".join(look[table].get(kind.index, default))
                by_glyph.setdefault(glyph, []).append(w.word(kind.name))
        entries += [f"{g} {', '.join(names)}" for g, names in by_glyph.items()]
    if ("geometry", FIELD) in used:
        entries.append(f". {', '.join(by_geometry.get(FIELD, ['?']))}")
    for name in state.game.rules.landmarks:
        if ("landmark", name) in used:
            entries.append(f"{look['landmarks'].get(name, 'o')} {w.word(name)}")
    if ("ends",) in used:
        entries.append(f"o {w.phrase('path-ends')}")
    return entries


def _square_entries(state: State, used: set, w: Words) -> list[str | None]:
    """Followers, where the tile fits, empty squares, markers, start areas, off the board."""
    entries: list[str | None] = []
    if ("followers",) in used:
        seats = len(state.players)
        digits = "1" if seats == 1 else f"1-{seats}"
        entries.append(f"{digits} " + w.phrase("followers-of", followers=w.word(w.follower, 2),
                                               players=", ".join(state.players)))
    if ("open",) in used:
        hand = state.hands is not None
        entries.append("+ " + w.phrase("fits-here-hand" if hand else "fits-here",
                                       tile=w.word("tile")))
    if ("empty",) in used:
        entries.append(f"· {w.phrase('empty-square')}")
    markers = sorted((t[2], t[1]) for t in used if t[0] == "marker")
    entries += [f"{mark} {w.word(name)}" for mark, name in markers]
    if ("start",) in used:
        entries.append(f"^ {w.phrase('start-area')}")
    if ("off",) in used:
        entries.append(f"~ {w.phrase('off-board')}")
    return entries


def _map_entries(state: State, used: set, labels: dict[int, str],
                 w: Words) -> list[str | None]:
    """A printed map's border segments, then its big cities on a line of their own."""
    entries: list[str | None] = []
    borders = sorted({(t[1], t[2]) for t in used if t[0] == "border"},
                     key=lambda b: (b[0] != "=", b))  # paths first, as before
    if borders:
        shown = " ".join(dict.fromkeys(f"~{glyph}~" for glyph, _ in borders))
        kinds = ", ".join(dict.fromkeys(w.word(state.tables.kinds[kind].name)
                                        for _, kind in borders))
        entries.append(f"{shown} {w.phrase('printed-edge', kinds=kinds)}")
    cities = sorted((labels[t[1]], t[1]) for t in used if t[0] == "big-city" and t[1] in labels)
    if cities:
        names = big_city_names(state, w)
        told = [f"{label} {names[g]}" for label, g in cities]
        entries += [None, f"{w.phrase('big-cities')}: {told[0]}", *told[1:]]
    return entries


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
