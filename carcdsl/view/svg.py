"""Pictures drawn from the compiled tables, as SVG text: a tile, a sheet of every tile type,
a board.

The drawing reads only ``Tables`` (and, for a board, the ``State``): each oriented tile's
segments with their geometry and ring ports, pennants and attributes. Nothing is drawn from
art, so a picture shows exactly what the rules say: a tile whose picture looks wrong has rules
that are wrong.

A tile is 100 units square. Looks by geometry:

- **field**: each half-side is the triangle from its stretch of border to the centre; a field
  segment is the union of its half-sides' triangles, in its own shade of green, with a thin
  line where two fields meet, so that an author sees how a tile's fields are divided. A field
  with no ports (enclosed) is a small inner region.
- **area**: one side is a cap curving in from that side; several sides are the polygon of
  their corners drawn in to the centre (a band when it joins two opposite sides).
- **path**: a line from each side middle it reaches to the centre (through it when there are
  two); roads that end on a tile with others end at a small square (a village).
- **centre**: a building at the centre.

Kinds the module knows (city, road, monastery, river, ...) have their usual colours; any other
kind gets a stable colour from its name. Pennants are small shields, attributes the first
letter of their name, followers circles in the seat's colour with the figure's initial.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence
from html import escape

from carcdsl.compile.tables import AREA, CENTRE, FIELD, PATH, LocalSegment, Tables
from carcdsl.engine.state import State
from carcdsl.geometry.squares import to_key, to_xy

SIZE = 100
MID = SIZE / 2
_CORNERS = ((0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE))
"""The corners at the start of each side N, E, S, W, clockwise."""

KNOWN_COLOURS: dict[str, str] = {
    "city": "#c98f4a", "road": "#f4efe1", "monastery": "#b5452f", "field": "#8cc063",
    "river": "#4f8fd6", "garden": "#5e9b3a", "forest": "#2f6b3a", "path": "#e8dcc0",
    "grassland": "#a4cc6b", "lake": "#4f8fd6",
}
"""Colours of kinds with a usual look; any other kind's colour comes from its name."""

GEOMETRY_COLOURS = {AREA: "#c98f4a", PATH: "#f4efe1", CENTRE: "#b5452f", FIELD: "#8cc063"}
"""The colour of each geometry, for a kind of that geometry with no name to go by."""

FIELD_GREENS = ("#8cc063", "#a6d17a", "#78b057", "#b5d98c", "#6aa34c", "#98c96f")
"""Shades a tile's fields take in turn, so that neighbouring fields look apart."""

SEAT_COLOURS = ("#d62728", "#1f4fd6", "#f2c500", "#2ca02c", "#111111", "#9467bd",
                "#ff7f0e", "#17becf")
"""Players' colours by seat (red, blue, yellow, green, black, ...)."""

_FONT = "font-family=\"sans-serif\""


def kind_colour(name: str, geometry: int) -> str:
    """A kind's colour: its usual one, else a stable colour from its name (fields stay
    green, so that a field is always seen as one)."""
    known = KNOWN_COLOURS.get(name)
    if known is not None:
        return known
    crc = zlib.crc32(name.encode("utf-8"))
    hue = 80 + crc % 70 if geometry == FIELD else crc % 360
    light = {AREA: 55, PATH: 70, CENTRE: 40, FIELD: 55}.get(geometry, 50)
    return f"hsl({hue},{45 + crc // 360 % 30}%,{light}%)"


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)


def _side_middle(side: int) -> tuple[float, float]:
    (x0, y0), (x1, y1) = _CORNERS[side], _CORNERS[(side + 1) % 4]
    return (x0 + x1) / 2, (y0 + y1) / 2


def _inward(side: int, depth: float) -> tuple[float, float]:
    """The point ``depth`` units in from the middle of ``side``."""
    x, y = _side_middle(side)
    return x + (MID - x) * depth / MID, y + (MID - y) * depth / MID


def _towards(point: tuple[float, float], distance: float) -> tuple[float, float]:
    """The point ``distance`` units from the centre on the line to ``point``."""
    x, y = point
    length = max(abs(x - MID), abs(y - MID)) or 1
    return MID + (x - MID) * distance / length, MID + (y - MID) * distance / length


def _half_triangle(pos: int) -> tuple[tuple[float, float], ...]:
    """The triangle from half-side ``pos`` (ring position) to the centre."""
    side, offset = divmod(pos, 3)
    corner = _CORNERS[side] if offset == 0 else _CORNERS[(side + 1) % 4]
    return corner, _side_middle(side), (MID, MID)


def _sides(seg: LocalSegment) -> list[int]:
    return sorted({p // 3 for p in seg.ports})


class TileLook:
    """The colours of one rule set's kinds, and of its attributes' letters."""

    def __init__(self, tables: Tables):
        self.tables = tables
        self.colours = [kind_colour(k.name, k.geometry) for k in tables.kinds]

    def colour(self, kind: int) -> str:
        return self.colours[kind]


def draw_tile(tables: Tables, o: int, look: TileLook | None = None) -> list[str]:
    """The SVG elements of oriented tile ``o`` in a 100-unit square at the origin: fields,
    areas, paths, centres, then pennants and attributes."""
    look = look or TileLook(tables)
    segs = tables.segments[o]
    out = [f'<rect class="ground" width="{SIZE}" height="{SIZE}" fill="#cfe3b0"/>']
    out += _fields(segs)
    for seg in segs:
        if seg.geometry == PATH:
            out += _path(seg, segs, look)
    for seg in segs:
        if seg.geometry == AREA:
            out += _area(seg, look)
    out += _centres(segs, look)
    for i, seg in enumerate(segs):
        out += _marks(tables, seg, anchor(segs, i))
    out.append(f'<rect width="{SIZE}" height="{SIZE}" fill="none" stroke="#555" '
               'stroke-width="1"/>')
    return out


def _fields(segs: Sequence[LocalSegment]) -> list[str]:
    """Each field as the union of its half-sides' triangles; thin lines between fields."""
    out: list[str] = []
    owner: dict[int, int] = {}
    greens: dict[int, str] = {}
    shade = 0
    enclosed = 0
    for i, seg in enumerate(segs):
        if seg.geometry != FIELD:
            continue
        green = FIELD_GREENS[shade % len(FIELD_GREENS)]
        shade += 1
        if not seg.ports:
            r = 14 - 3 * enclosed
            x = MID + 22 * (enclosed % 2) - 11 * bool(enclosed)
            out.append(f'<circle class="field enclosed" data-segment="{i}" cx="{_fmt(x)}" '
                       f'cy="{_fmt(MID + 20)}" r="{r}" fill="{green}" stroke="#4d7a2e" '
                       'stroke-width="0.8"/>')
            enclosed += 1
            continue
        for p in seg.ports:
            owner[p] = i
        greens[i] = green
    halves = [p for p in range(12) if p % 3 != 1]  # ring order: the half-sides
    owner = _under_areas(owner, halves)
    for i, green in greens.items():
        path = " ".join(f"M{_points(_half_triangle(p))}Z" for p in halves if owner.get(p) == i)
        out.append(f'<path class="field" data-segment="{i}" d="{path}" fill="{green}" '
                   f'stroke="{green}" stroke-width="0.6"/>')
    for a, b in zip(halves, halves[1:] + halves[:1]):
        if a in owner and b in owner and owner[a] != owner[b]:
            edge = set(_half_triangle(a)) & set(_half_triangle(b))
            (x0, y0), (x1, y1) = sorted(edge)
            out.append(f'<line class="field-boundary" x1="{_fmt(x0)}" y1="{_fmt(y0)}" '
                       f'x2="{_fmt(x1)}" y2="{_fmt(y1)}" stroke="#3f6b23" '
                       'stroke-width="0.8"/>')
    return out


def _under_areas(owner: dict[int, int], halves: list[int]) -> dict[int, int]:
    """Half-sides that no field holds (an area's side) belong, in the picture, to the
    nearest field along the border (counter-clockwise first): the ground under a city's cap
    is that field's, not a field of its own."""
    if not owner:
        return owner
    filled = dict(owner)
    n = len(halves)
    for k, p in enumerate(halves):
        if p in owner:
            continue
        for step in range(1, n):
            near = next((halves[(k + d) % n] for d in (-step, step)
                         if halves[(k + d) % n] in owner), None)
            if near is not None:
                filled[p] = owner[near]
                break
    return filled


def _area(seg: LocalSegment, look: TileLook) -> list[str]:
    colour = look.colour(seg.kind)
    sides = _sides(seg)
    attrs = f'class="area" fill="{colour}" stroke="#7a5426" stroke-width="0.8"'
    if not sides:
        return [f'<circle {attrs} cx="{MID}" cy="{MID}" r="16"/>']
    if len(sides) == 1:
        d = sides[0]
        (x0, y0), (x1, y1) = _CORNERS[d], _CORNERS[(d + 1) % 4]
        cx, cy = _inward(d, 38)
        return [f'<path {attrs} d="M{_fmt(x0)},{_fmt(y0)} L{_fmt(x1)},{_fmt(y1)} '
                f'Q{_fmt(cx)},{_fmt(cy)} {_fmt(x0)},{_fmt(y0)}Z"/>']
    points: list[tuple[float, float]] = []
    for d in range(4):
        if d in sides:
            points += [_CORNERS[d], _CORNERS[(d + 1) % 4]]
        elif (d - 1) % 4 in sides and (d + 1) % 4 in sides:
            points.append(_inward(d, 25))  # a band across the tile
        else:
            points.append((MID, MID))
    return [f'<polygon {attrs} points="{_points(points)}"/>']


def _path(seg: LocalSegment, segs: Sequence[LocalSegment], look: TileLook) -> list[str]:
    colour = look.colour(seg.kind)
    ends = [_side_middle(p // 3) for p in seg.ports]
    if len(ends) == 2:
        # along the border between the fields on either side, rounded at the centre
        (x0, y0), (x1, y1) = ends
        a, b = _towards((x0, y0), 10), _towards((x1, y1), 10)
        d = (f"M{_fmt(x0)},{_fmt(y0)} L{_points([a])} Q{MID},{MID} {_points([b])} "
             f"L{_fmt(x1)},{_fmt(y1)}")
    elif ends:
        d = " ".join(f"M{_fmt(x)},{_fmt(y)} L{MID},{MID}" for x, y in ends)
    else:
        d = f"M{MID - 15},{MID} L{MID + 15},{MID}"
    out = [f'<path class="path-edge" d="{d}" fill="none" stroke="#555" stroke-width="11" '
           'stroke-linecap="butt"/>',
           f'<path class="path" d="{d}" fill="none" stroke="{colour}" stroke-width="8" '
           'stroke-linecap="butt"/>']
    dead_ends = [s for s in segs if s.geometry == PATH and len(s.ports) == 1]
    centre = any(s.geometry in (CENTRE, AREA) and (s.geometry == CENTRE or len(_sides(s)) > 1)
                 for s in segs)
    if len(ends) == 1 and len(dead_ends) >= 2 and not centre and seg is dead_ends[-1]:
        out.append(f'<rect class="village" x="{MID - 8}" y="{MID - 8}" width="16" height="16" '
                   'fill="#e9e2d0" stroke="#555" stroke-width="1.2"/>')
    return out


def _centres(segs: Sequence[LocalSegment], look: TileLook) -> list[str]:
    centres = [s for s in segs if s.geometry == CENTRE]
    out = []
    for n, seg in enumerate(centres):
        x = MID + (n - (len(centres) - 1) / 2) * 30
        colour = look.colour(seg.kind)
        roof = _points(((x - 15, MID - 6), (x, MID - 18), (x + 15, MID - 6)))
        out.append(f'<g class="centre"><rect x="{_fmt(x - 12)}" y="{MID - 6}" width="24" '
                   f'height="18" fill="#efe6d2" stroke="#555" stroke-width="1"/>'
                   f'<polygon points="{roof}" fill="{colour}" stroke="#555" '
                   'stroke-width="1"/></g>')
    return out


def anchor(segs: Sequence[LocalSegment], index: int) -> tuple[float, float]:
    """Where a follower or a mark on segment ``index`` goes."""
    seg = segs[index]
    if seg.geometry == CENTRE:
        centres = [i for i, s in enumerate(segs) if s.geometry == CENTRE]
        n = centres.index(index)
        return MID + (n - (len(centres) - 1) / 2) * 30, MID + 4
    if not seg.ports:
        return MID, MID + 20
    if seg.geometry == FIELD:
        xs, ys = zip(*_half_triangle(seg.ports[0]))
        return sum(xs) / 3, sum(ys) / 3
    if seg.geometry == AREA:
        return _inward(seg.ports[0] // 3, 16)
    return _inward(seg.ports[0] // 3, 24)


def _marks(tables: Tables, seg: LocalSegment, at: tuple[float, float]) -> list[str]:
    """Pennants as small shields, attributes as letters with their counts."""
    x, y = at
    out = []
    for n in range(seg.pennants):
        sx = x - 6 + 12 * n - 6 * (seg.pennants - 1)
        out.append(f'<path class="pennant" d="M{_fmt(sx)},{_fmt(y + 6)} h10 v6 '
                   f'q0,6 -5,8 q-5,-2 -5,-8z" fill="#2050b0" stroke="#fff" '
                   'stroke-width="0.8"/>')
    names = tables.kinds[seg.kind].attribute_names
    for n, (name, count) in enumerate(zip(names, seg.attributes or ())):
        if not count:
            continue
        label = name[:1].upper() + (str(count) if count > 1 else "")
        ax = x - 10 + 14 * n
        out.append(f'<g class="attribute" data-name="{escape(name)}">'
                   f'<circle cx="{_fmt(ax)}" cy="{_fmt(y - 10)}" r="6" fill="#fff8dc" '
                   f'stroke="#333" stroke-width="0.6"/><text x="{_fmt(ax)}" '
                   f'y="{_fmt(y - 7.5)}" font-size="7" text-anchor="middle" {_FONT}>'
                   f'{escape(label)}</text></g>')
    return out


def draw_follower(at: tuple[float, float], seat: int, initial: str = "") -> str:
    """A follower of ``seat``: a circle in its colour, with the figure's initial."""
    x, y = at
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    ink = "#000" if colour in ("#f2c500",) else "#fff"
    text = (f'<text x="{_fmt(x)}" y="{_fmt(y + 3.5)}" font-size="10" font-weight="bold" '
            f'text-anchor="middle" fill="{ink}" {_FONT}>{escape(initial)}</text>'
            if initial else "")
    return (f'<g class="follower" data-seat="{seat}"><circle cx="{_fmt(x)}" cy="{_fmt(y)}" '
            f'r="8" fill="{colour}" stroke="#000" stroke-width="1.2"/>{text}</g>')


def svg_document(width: float, height: float, body: Iterable[str], title: str = "") -> str:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_fmt(width)}" '
            f'height="{_fmt(height)}" viewBox="0 0 {_fmt(width)} {_fmt(height)}">')
    titled = [f"<title>{escape(title)}</title>"] if title else []
    return "\n".join([head, *titled, *body, "</svg>"]) + "\n"


def tile_sheet(tables: Tables, title: str = "", columns: int = 6) -> str:
    """Every tile type in its rule-file orientation, with its name and count, in a grid:
    the printable sheet. Each tile is a ``<g class="tile">`` with ``data-name`` and
    ``data-count``."""
    look = TileLook(tables)
    types = range(len(tables.type_names))
    cell_w, cell_h, gap = SIZE + 20, SIZE + 36, 10
    rows = max(1, -(-len(types) // columns))
    top = 40 if title else 10
    body = ['<rect width="100%" height="100%" fill="#fff"/>']
    if title:
        body.append(f'<text x="10" y="26" font-size="18" {_FONT}>{escape(title)}</text>')
    for t in types:
        row, col = divmod(t, columns)
        x, y = gap + col * cell_w, top + row * cell_h
        name, count = tables.type_names[t], tables.type_counts[t]
        start = " start" if tables.start_type == t else ""
        body.append(f'<g class="tile{start}" data-name="{escape(name)}" data-count="{count}" '
                    f'transform="translate({x},{y})">')
        body += draw_tile(tables, 4 * t, look)
        body.append(f'<text class="tile-name" x="{MID}" y="{SIZE + 16}" font-size="13" '
                    f'text-anchor="middle" {_FONT}>{escape(name)} ×{count}</text></g>')
    width = gap * 2 + columns * cell_w - 20
    return svg_document(width, top + rows * cell_h, body, title)


def tile_sheet_html(tables: Tables, title: str = "") -> str:
    """The tile sheet as a page with the SVG inline: no external resources."""
    svg = tile_sheet(tables, title)
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title>"
            "<style>body{margin:1em;font-family:sans-serif}"
            "@media print{body{margin:0}}</style></head>\n<body>\n"
            f"{svg}</body></html>\n")


def board_svg(state: State, title: str = "", caption: Sequence[str] = ()) -> str:
    """The board of ``state``: each placed tile in its rotation at its square (x east, y
    south), the pieces on their segments, the last move's square marked (``class
    ="last-move"``), a map's empty squares and labels, and a caption: ``caption`` lines,
    then each player's score in their colour."""
    tables = state.tables
    look = TileLook(tables)
    board = state.board
    bt = tables.board
    squares = set(board) | (set(bt.squares) if bt.limited else set())
    xs, ys = zip(*(to_xy(k) for k in squares)) if squares else ((0,), (0,))
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    pad, top = 10, 30 if title else 10
    caption_lines = [*caption, "  ".join(
        f"{name}: {score}" for name, score in zip(state.players, state.scores))]
    height = top + rows * SIZE + pad + 18 * len(caption_lines)

    def origin(key: int) -> tuple[int, int]:
        x, y = to_xy(key)
        return pad + (x - x0) * SIZE, top + (y - y0) * SIZE

    body = ['<rect width="100%" height="100%" fill="#fbf8f0"/>']
    if title:
        body.append(f'<text x="{pad}" y="22" font-size="16" {_FONT}>{escape(title)}</text>')
    for key in sorted(squares - set(board)):
        x, y = origin(key)
        body.append(f'<rect class="map-square" x="{x}" y="{y}" width="{SIZE}" '
                    f'height="{SIZE}" fill="#eef3e4" stroke="#c9d3b8" stroke-width="1"/>')
    pieces: dict[int, list[tuple[int, int, int]]] = {}
    for seat, node, key, figure in state.features.pieces:
        pieces.setdefault(key, []).append((seat, node - state.grid.tiles[key][1], figure))
    figures = tables.modes.figures
    for key, (o, _) in sorted(board.items()):
        x, y = origin(key)
        sx, sy = to_xy(key)
        printed = " printed" if o >= tables.printed_from else ""
        name = tables.type_names[o // 4] if not printed else ""
        body.append(f'<g class="tile{printed}" data-square="{sx},{sy}" '
                    f'data-name="{escape(name)}" transform="translate({x},{y})">')
        body += draw_tile(tables, o, look)
        segs = tables.segments[o]
        for n, (seat, index, figure) in enumerate(pieces.get(key, ())):
            ax, ay = anchor(segs, index)
            initial = figures[figure - 1].name[:1].upper() if figure else ""
            body.append(draw_follower((ax + 4 * n, ay), seat, initial))
        body.append("</g>")
    for key, label in sorted(bt.labels.items()):
        x, y = origin(key)
        body.append(f'<text class="label" x="{x + MID}" y="{y + SIZE - 6}" font-size="11" '
                    f'text-anchor="middle" {_FONT}>{escape(str(label))}</text>')
    last = _last_square(state)
    if last is not None and last in board:
        x, y = origin(last)
        body.append(f'<rect class="last-move" x="{x + 1.5}" y="{y + 1.5}" '
                    f'width="{SIZE - 3}" height="{SIZE - 3}" fill="none" stroke="#ff2d95" '
                    'stroke-width="3"/>')
    width = max(2 * pad + cols * SIZE, 320)
    y = top + rows * SIZE + pad
    for line in caption_lines[:-1]:
        y += 18
        body.append(f'<text class="caption" x="{pad}" y="{y - 4}" font-size="13" {_FONT}>'
                    f'{escape(line)}</text>')
    y += 18
    scores = [f'<tspan fill="{SEAT_COLOURS[i % len(SEAT_COLOURS)]}">&#9679;</tspan> '
              f'{escape(name)}: {score}  '
              for i, (name, score) in enumerate(zip(state.players, state.scores))]
    body.append(f'<text class="scores" x="{pad}" y="{y - 4}" font-size="13" {_FONT}>'
                f'{"".join(scores)}</text>')
    return svg_document(width, height, body, title)


def _last_square(state: State) -> int | None:
    """The square of the last tile placed by a move, if any."""
    for move in reversed(state.moves):
        at = getattr(move, "at", None)
        if at is not None:
            return to_key(*at)
    return None
