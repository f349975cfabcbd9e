"""A square of the terminal board (``view.text``) as 5x3 characters: a placed tile's areas,
paths and fields at their places on the border, a glyph in the middle, what its segments
carry, and the pieces standing on it, each where it reads as standing on its own segment.

Glyphs come from geometries and the order the rule set declares things in, never from a
feature's or an attribute's name: ``#`` (``X``, ``H``) an area, ``-``/``|``/``+`` a path
(``=``/``:``/``x`` a second path kind), ``@`` (``Q``) a centre feature, ``o`` (``O``, ``v``,
``V``) where paths end at a landmark, ``.`` a field; ``♦`` a pennant, ``♣``, ``♥``, ... the
attributes; a piece its seat's character (``1``), a figure with its letter after it (``1a``).
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING

from carcdsl.compile.tiles import AREA, CENTRE, FIELD, PATH
from carcdsl.engine.state import State
from carcdsl.geometry import ports as P

if TYPE_CHECKING:
    from carcdsl.compile.tables import Kind, LocalSegment
    from carcdsl.i18n.words import Words

COLS, ROWS = 5, 3
"""A square's size in characters; squares stand a column apart, rows of squares touch."""
Cell = tuple[int, int]
MIDDLE: Cell = (1, 2)
_EDGE: dict[int, tuple[Cell, ...]] = {
    0: ((0, 0), (0, 1)), 1: ((0, 2),), 2: ((0, 3), (0, 4)),
    3: ((0, 4),), 4: ((1, 4),), 5: ((2, 4),),
    6: ((2, 4), (2, 3)), 7: ((2, 2),), 8: ((2, 1), (2, 0)),
    9: ((2, 0),), 10: ((1, 0),), 11: ((0, 0),),
}
"""The cells of each ring position, clockwise from the north-west corner (``ports.RING``)."""
_SIDE: dict[int, tuple[Cell, ...]] = {
    0: tuple((0, c) for c in range(COLS)), 1: ((0, 4), (1, 4), (2, 4)),
    2: tuple((2, c) for c in range(COLS)), 3: ((0, 0), (1, 0), (2, 0)),
}
_CORNER_SIDES: dict[Cell, set[int]] = {(0, 0): {0, 3}, (0, 4): {0, 1}, (2, 4): {1, 2},
                                       (2, 0): {2, 3}}
_INNER: dict[int, Cell] = {1: (1, 3), 3: (1, 1)}
"""Between the middle and the east or west side: where a path or area from that side runs."""
PATH_GLYPHS = (("-", "|", "+"), ("=", ":", "x"))
"""(across, up and down, bend) for each path kind, in the order the rule set declares them."""
_LANDMARK_GLYPHS = "oOvV"
_AREA_GLYPHS = "#XH"
_CENTRE_GLYPHS = "@QΩ∆"
"""A glyph per centre kind, in the order the rule set declares them (a monastery, a garden, a
hill, a vineyard: four told apart)."""
PENNANT = "♦"
_ATTRIBUTE_GLYPHS = "♣♥♠§¤†‡"
_SEAT_GLYPHS = "123456789ABCDEFGIJKLMNPRSTUWYZ"
"""A piece's seat, one character: digits, then capitals that are no glyph of a kind."""
_RESERVED = set(_LANDMARK_GLYPHS + _AREA_GLYPHS + _CENTRE_GLYPHS + "x")
_LANDMARK = -1
"""The owner of a cell that shows where paths end: no segment, never drawn over."""


def seat_glyph(seat: int) -> str:
    """The character of seat ``seat`` (0-based) on the board: ``1`` for the first."""
    return _SEAT_GLYPHS[seat] if seat < len(_SEAT_GLYPHS) else "?"


class Square:
    """The 5x3 characters of one square, each cell with its owner (a segment index of the
    tile, ``_LANDMARK`` or None) and whether a piece or a carried thing marks it."""

    def __init__(self, fill: str = " "):
        self.glyphs = [[fill] * COLS for _ in range(ROWS)]
        self.owner: list[list[int | None]] = [[None] * COLS for _ in range(ROWS)]
        self.marked: set[Cell] = set()

    def put(self, cell: Cell, glyph: str, owner: int | None) -> None:
        r, c = cell
        self.glyphs[r][c], self.owner[r][c] = glyph, owner

    def is_blank(self, cell: Cell) -> bool:
        return self.glyphs[cell[0]][cell[1]] == " "

    def plain(self, owner: int) -> int:
        """How many cells still show ``owner``'s own glyph."""
        return sum(1 for r in range(ROWS) for c in range(COLS)
                   if self.owner[r][c] == owner and (r, c) not in self.marked)

    def rows(self) -> list[str]:
        return ["".join(row) for row in self.glyphs]


def _path_glyphs(state: State) -> dict[int, tuple[str, str, str]]:
    """Path kind index -> its glyphs."""
    paths = [k.index for k in state.tables.kinds if k.geometry == PATH]
    return {kind: PATH_GLYPHS[i % len(PATH_GLYPHS)] for i, kind in enumerate(paths)}


def _kind_glyphs(state: State, geometry: int, glyphs: str) -> dict[int, str]:
    """Kind index -> its glyph, for the kinds of one geometry (a city ``#``, a lake ``X``)."""
    kinds = [k.index for k in state.tables.kinds if k.geometry == geometry]
    return {kind: glyphs[i % len(glyphs)] for i, kind in enumerate(kinds)}


def _attribute_glyphs(state: State) -> dict[str, str]:
    """Attribute name -> its glyph, in the order the kinds declare them."""
    names = dict.fromkeys(name for kind in state.tables.kinds for name in kind.attribute_names)
    return {name: _ATTRIBUTE_GLYPHS[i % len(_ATTRIBUTE_GLYPHS)] for i, name in enumerate(names)}


def figure_letters(state: State, words: Words | None = None) -> dict[int, str]:
    """Figure index (``Modes.figures``) -> its letter: the first letter of its name (in the
    language of ``words``) that no figure before it and no glyph of a kind has."""
    taken = {g.lower() for g in _RESERVED}
    letters: dict[int, str] = {}
    for i, figure in enumerate(state.tables.modes.figures):
        name = words.word(figure.name) if words is not None else figure.name
        free = [ch for ch in name.lower() + string.ascii_lowercase
                if ch in string.ascii_lowercase and ch not in taken]
        letters[i] = free[0] if free else "?"
        taken.add(letters[i])
    return letters


def look_of(state: State, words: Words | None = None) -> dict:
    """The glyphs of this rule set's kinds, landmarks, attributes and figures."""
    return {"paths": _path_glyphs(state), "ends": _landmark_ends(state),
            "areas": _kind_glyphs(state, AREA, _AREA_GLYPHS),
            "centres": _kind_glyphs(state, CENTRE, _CENTRE_GLYPHS),
            "landmarks": {name: _LANDMARK_GLYPHS[i % len(_LANDMARK_GLYPHS)]
                          for i, name in enumerate(state.game.rules.landmarks)},
            "attributes": _attribute_glyphs(state), "figures": figure_letters(state, words)}


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


# --- a placed tile ---------------------------------------------------------------------------
def tile_square(state: State, key: int, used: set, look: dict,
                 pieces: list[tuple[int, int, int]]) -> Square:
    """The placed tile on square ``key``: its areas, paths and fields at their ring
    positions, a glyph in the middle, what its segments carry, and the ``pieces`` standing
    on it (seat, segment index, figure: 0 the ordinary follower). Adds what it draws to
    ``used`` (for the key)."""
    o, _ = state.board[key]
    sq = Square()
    segs = state.tables.segments[o]
    paths = [(i, s) for i, s in enumerate(segs) if s.geometry == PATH]
    area = _draw_areas(sq, segs, used, look["areas"])
    _draw_paths(sq, paths, used, look["paths"])
    _draw_middle(sq, segs, paths, area, o // 4, used, look)
    _draw_fields(sq, segs, used)
    for seat, index, figure in pieces:
        letter = look["figures"].get(figure - 1, "?") if figure else ""
        _place(sq, segs, index, seat_glyph(seat) + letter, piece=True)
        used.add(("figure", figure - 1) if figure else ("followers",))
    _draw_carried(sq, segs, state.tables.kinds, used, look["attributes"])
    return sq


def _draw_areas(sq: Square, segs: tuple[LocalSegment, ...], used: set,
                areas: dict[int, str]) -> tuple[int, str] | None:
    """Each area's glyph along the sides it covers (a corner only if it has both sides round
    it: else the corner is the field's there), and between the middle and its east and
    west sides; the first area that covers two sides or more (its index and glyph), for the
    middle."""
    first = None
    for i, s in enumerate(segs):
        if s.geometry != AREA:
            continue
        glyph = areas.get(s.kind, "#")
        used.add(("area", s.kind))
        sides = {P.side_of(pos) for pos in s.ports}
        if len(sides) > 1:
            first = first or (i, glyph)
        for side in sides:
            for cell in (*_SIDE[side], *([_INNER[side]] if side in _INNER else [])):
                if _CORNER_SIDES.get(cell, sides) <= sides:
                    sq.put(cell, glyph, i)
    return first


def _draw_paths(sq: Square, paths: list[tuple[int, LocalSegment]], used: set,
                glyphs: dict) -> None:
    """Each path's glyph at its ring positions (upright on the north and south sides), and
    between the middle and its east and west sides."""
    for i, s in paths:
        across, upright, _ = glyphs.get(s.kind, PATH_GLYPHS[0])
        used.add(("path", s.kind))
        for pos in s.ports:
            side = P.side_of(pos)
            for cell in (*_EDGE[pos], *([_INNER[side]] if side in _INNER else [])):
                sq.put(cell, upright if side in (0, 2) else across, i)


def _draw_middle(sq: Square, segs: tuple[LocalSegment, ...],
                 paths: list[tuple[int, LocalSegment]], area: tuple[int, str] | None,
                 tile_type: int, used: set, look: dict) -> None:
    """The middle cell: a centre feature; else a path running through (straight or bent);
    else where the paths end (a landmark, an area, or ``o``); else ``area`` (one that covers
    two sides or more: separate areas stay apart); else blank."""
    centre = next(((i, s.kind) for i, s in enumerate(segs) if s.geometry == CENTRE), None)
    ending = area or next(((i, look["areas"].get(s.kind, "#")) for i, s in enumerate(segs)
                           if s.geometry == AREA), None)
    through = [(i, s) for i, s in paths if len(s.ports) == 2]
    if centre is not None:
        used.add(("centre", centre[1]))
        sq.put(MIDDLE, look["centres"].get(centre[1], "@"), centre[0])
    elif through:
        i, s = through[0]
        across, upright, bend = look["paths"].get(s.kind, PATH_GLYPHS[0])
        sides = {P.side_of(p) for p in s.ports}
        sq.put(MIDDLE, upright if sides == {0, 2} else across if sides == {1, 3} else bend, i)
    elif paths:
        landmark = look["ends"].get(tile_type)
        if landmark is not None:
            used.add(("landmark", landmark))
            sq.put(MIDDLE, look["landmarks"].get(landmark, "o"), _LANDMARK)
        elif ending is not None:  # the path ends at the area (a road into a city)
            sq.put(MIDDLE, ending[1], ending[0])
        else:
            used.add(("ends",))
            sq.put(MIDDLE, "o", _LANDMARK)
    elif area is not None:
        sq.put(MIDDLE, area[1], area[0])


def _draw_fields(sq: Square, segs: tuple[LocalSegment, ...], used: set) -> None:
    """``.`` at the ring positions of fields that nothing else covers; on a side whose two
    halves are one field, at its middle (and between the middle and the east or west side)
    too; in the middle cell if it is blank and the tile has one field."""
    fields = [i for i, s in enumerate(segs) if s.geometry == FIELD]
    if len(fields) == 1 and sq.is_blank(MIDDLE):
        sq.put(MIDDLE, ".", fields[0])
    for i in fields:
        s = segs[i]
        used.add(("geometry", FIELD))
        for pos in s.ports:
            for cell in _EDGE[pos]:
                if sq.is_blank(cell):
                    sq.put(cell, ".", i)
        for side in range(4):
            left, mid, right = P.side_positions(side)
            if left in s.ports and right in s.ports:
                for cell in (*_EDGE[mid], *([_INNER[side]] if side in _INNER else [])):
                    if sq.is_blank(cell):
                        sq.put(cell, ".", i)


def _draw_carried(sq: Square, segs: tuple[LocalSegment, ...], kinds: tuple[Kind, ...],
                  used: set, attributes: dict[str, str]) -> None:
    """On each segment, its pennants and then its attributes (a glyph per one it counts),
    where they leave the segment's own glyph showing; what finds no room is left out."""
    for i, s in enumerate(segs):
        carried: list[tuple[str, tuple[str, ...]]] = [(PENNANT, ("pennant",))] * s.pennants
        for name, count in zip(kinds[s.kind].attribute_names, s.attributes or ()):
            carried += [(attributes.get(name, "?"), ("attribute", name))] * count
        for glyph, what in carried:
            if _place(sq, segs, i, glyph, piece=False):
                used.add(what)


def _place(sq: Square, segs: tuple[LocalSegment, ...], index: int, text: str,
           piece: bool) -> bool:
    """Write ``text`` on segment ``index``, or beside it: in the run of cells that best
    shows whose it is (``_rank``). A piece always finds a run (at worst any that covers no
    other mark); a pennant or an attribute may not: False."""
    runs = [[(r, c + k) for k in range(len(text))]
            for r in range(ROWS) for c in range(COLS - len(text) + 1)]
    ranked = [(rank, run) for run in runs
              if (rank := _rank(sq, segs, index, run, piece)) is not None]
    if not ranked and piece:  # a field may vanish under it; at worst it goes anywhere
        ranked = [(rank, run) for run in runs
                  if (rank := _rank(sq, segs, index, run, piece, False)) is not None]
        ranked = ranked or [((abs(run[0][0] - 1), run[0][1]), run) for run in runs
                            if not sq.marked & set(run)]
    if not ranked:
        return False
    _, best = min(ranked)
    for cell, glyph in zip(best, text):
        sq.glyphs[cell[0]][cell[1]] = glyph
        sq.marked.add(cell)
    return True


def _rank(sq: Square, segs: tuple[LocalSegment, ...], index: int, run: list[Cell],
          piece: bool, keep_fields: bool = True) -> tuple | None:
    """How well ``run`` shows that what it holds is on segment ``index`` (smaller is
    better); None: it may not go there. It never covers a mark, a landmark, or the last cell
    that shows a segment (a field's too, unless not ``keep_fields``), and it lies on the
    segment or its first cell (a piece's seat) touches it.

    A piece is ranked by: on the segment or beside it in the same row, then in the same
    column, then at a corner; no other feature's glyph right before or after it (that would
    read as the one it stands on); off a middle cell that shows the segment's shape (an
    area's sides joined, a path's bend); on the segment itself, on a blank or a field, on
    another feature; near the middle (its row first, but for a field); east. A pennant or an
    attribute: on the segment first, away from other features, off the middle cell, then as
    a piece."""
    own = {(r, c) for r in range(ROWS) for c in range(COLS)
           if sq.owner[r][c] == index and (r, c) not in sq.marked}
    spent: dict[int, int] = {}
    cover = 0
    for r, c in run:
        owner = sq.owner[r][c]
        if (r, c) in sq.marked or owner == _LANDMARK:
            return None
        if owner is not None:
            spent[owner] = spent.get(owner, 0) + 1
        cover = max(cover, 0 if owner == index else 1 if owner is None
                    or segs[owner].geometry == FIELD else 2)
    if any(sq.plain(owner) <= n for owner, n in spent.items()
           if keep_fields or segs[owner].geometry != FIELD):
        return None
    # where the seat's digit (the first cell) is says where the piece stands
    touch = 0 if not own or own & set(run) else min(_touch(run[0], other) for other in own)
    if touch > 2:
        return None
    (r0, c0), (_, c1) = run[0], run[-1]
    confusing = sum(1 for c in (c0 - 1, c1 + 1)
                    if 0 <= c < COLS and _is_feature(sq.owner[r0][c], index, segs))
    middle = (c0 + c1) / 2
    joint = MIDDLE in run
    order = ((touch, confusing, joint and _shapes(segs[index]), cover) if piece
             else (cover > 0, confusing, joint, touch, cover))
    rows = 1 if segs[index].geometry == FIELD else 2  # a field's piece: off the middle row
    return (*order, rows * abs(r0 - 1) + abs(middle - 2), -middle)


def _shapes(seg: LocalSegment) -> bool:
    """Whether the middle cell shows the segment's shape (an area's sides joined, a path's
    bend), better left showing than covered by a piece."""
    sides = {P.side_of(pos) for pos in seg.ports}
    return seg.geometry == AREA or (seg.geometry == PATH and sides not in ({0, 2}, {1, 3}))


def _touch(a: Cell, b: Cell) -> int:
    """0: side by side in a row; 1: one above the other; 2: at a corner; 3: apart."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return 0 if (dr, dc) == (0, 1) else 1 if (dr, dc) == (1, 0) else 2 if (dr, dc) == (1, 1) else 3


def _is_feature(owner: int | None, index: int, segs: tuple[LocalSegment, ...]) -> bool:
    """Whether a cell of ``owner`` shows a feature other than segment ``index`` (or where
    paths end)."""
    return owner is not None and owner != index and (
        owner == _LANDMARK or segs[owner].geometry != FIELD)
