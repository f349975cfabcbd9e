"""One tile as SVG elements, drawn from its compiled segments where ``layout`` puts them, each
kind in its colour and look (``paint.TileLook``).

Looks by geometry (the words of ``model.looks``):

- **area**: ``walls`` a dark wall along its inner edge; ``water`` a light wavy shore;
  ``woods`` a scalloped edge; ``plain`` a thin edge;
- **path**: ``track`` a band between dark edges, ending at a small house where paths end at a
  landmark; ``stream`` a wavy band ending in a pool; ``plain`` a band ending at a dot;
- **centre**: ``building`` a house with a roof in the colour; ``bush`` round shrubs; ``tree``
  a crown on a trunk; ``tower`` a tower with battlements; ``mark`` a round mark;
- **field**: ``grass`` each field of a tile in its own shade of the colour, ``plain`` all in
  the colour; a thin line where two fields meet, the union of a field's half-sides' triangles
  its region; the ground under the areas belongs to the nearest field along the border, or to
  the enclosed field between them; a tile with no field shows the neutral ground between its
  areas, never a field's colour.

Pennants are small shields; attributes a badge in a colour made from their name, with their
first letter, or as many letters as tell it from the rule set's other attributes (``Ca``
cathedral, ``Cl`` cloth), and a ``2`` after it when a segment has two.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from html import escape

from carcdsl.compile.tables import AREA, CENTRE, FIELD, PATH, LocalSegment, Tables
from carcdsl.view.layout import (
    CENTRE_POINT,
    MID,
    SIZE,
    AreaShape,
    Edge,
    Layout,
    Point,
    half_triangle,
    layout,
    length,
    point_at,
    stroke_points,
)
from carcdsl.view.paint import (
    SEAT_COLOURS,
    TileLook,
    darker,
    ink,
    kind_colour,
    lighter,
    shade,
)

FONT = 'font-family="sans-serif"'


def fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def pt(p: Point) -> str:
    return f"{fmt(p[0])},{fmt(p[1])}"


def points(ps: Iterable[Point]) -> str:
    return " ".join(pt(p) for p in ps)


def anchor(segs: Sequence[LocalSegment], index: int) -> Point:
    """Where a follower or a mark on segment ``index`` goes."""
    return layout(tuple(segs)).anchors[index]


def draw_tile(tables: Tables, o: int, look: TileLook | None = None, *,
              frame: bool = True) -> list[str]:
    """The SVG elements of oriented tile ``o`` in a 100-unit square at the origin: fields,
    paths, areas, centres, then pennants and attributes; a thin frame unless ``frame`` is
    false (a big city printed over several squares)."""
    look = look or TileLook(tables)
    segs = tables.segments[o]
    lay = layout(tuple(segs))
    out = [f'<rect class="ground" width="{SIZE}" height="{SIZE}" fill="{look.ground(o)}"/>']
    out += _fields(segs, lay, look)
    out += _paths(segs, lay, look)
    for i, seg in enumerate(segs):
        if seg.geometry == AREA:
            shape = lay.areas.get(i)
            out += _area(i, shape, look.colour(seg.kind), look.look(seg.kind)) if shape \
                else [_disc(i, CENTRE_POINT, 16, look.colour(seg.kind))]
    for i, at in lay.centres.items():
        out.append(_centre(i, at, look.colour(segs[i].kind), look.look(segs[i].kind)))
    for i, seg in enumerate(segs):
        out += _marks(tables, seg, _mark_place(seg, i, lay))
    if frame:
        out.append(f'<rect class="frame" width="{SIZE}" height="{SIZE}" fill="none" '
                   'stroke="#555" stroke-width="1"/>')
    return out


# --- fields -------------------------------------------------------------------------------

def _fields(segs: Sequence[LocalSegment], lay: Layout, look: TileLook) -> list[str]:
    """Each field as the union of its half-sides' triangles; thin lines between fields."""
    out: list[str] = []
    owner: dict[int, int] = {}
    colours: dict[int, str] = {}
    for n, (i, seg) in enumerate((i, s) for i, s in enumerate(segs) if s.geometry == FIELD):
        base = look.colour(seg.kind)
        colours[i] = shade(base, n) if look.look(seg.kind) == "grass" else base
        for p in seg.ports:
            owner[p] = i
    halves = [p for p in range(12) if p % 3 != 1]  # ring order: the half-sides
    owner = _under_areas(owner, halves, lay.enclosed)
    for i, colour in colours.items():
        region = " ".join(f"M{points(half_triangle(p))}Z" for p in halves if owner.get(p) == i)
        enclosed = " enclosed" if i == lay.enclosed else ""
        if region:
            out.append(f'<path class="field{enclosed}" data-segment="{i}" d="{region}" '
                       f'fill="{colour}" stroke="{colour}" stroke-width="0.6"/>')
        elif enclosed:  # between nothing: a small region of its own
            out.append(f'<circle class="field enclosed" data-segment="{i}" cx="{MID}" '
                       f'cy="{MID + 20}" r="12" fill="{colour}" stroke="{darker(colour, .3)}" '
                       'stroke-width="0.8"/>')
    for a, b in zip(halves, halves[1:] + halves[:1]):
        if a in owner and b in owner and owner[a] != owner[b]:
            (x0, y0), (x1, y1) = sorted(set(half_triangle(a)) & set(half_triangle(b)))
            line = darker(colours.get(owner[a], "#8cc063"), 0.45)
            out.append(f'<line class="field-boundary" x1="{fmt(x0)}" y1="{fmt(y0)}" '
                       f'x2="{fmt(x1)}" y2="{fmt(y1)}" stroke="{line}" stroke-width="0.8"/>')
    return out


def _under_areas(owner: dict[int, int], halves: list[int],
                 enclosed: int | None) -> dict[int, int]:
    """Half-sides that no field holds (an area's side) belong, in the picture, to the field
    enclosed between the tile's areas, else to the nearest field along the border
    (counter-clockwise first): the ground under a city's cap is that field's."""
    if not owner and enclosed is None:
        return owner
    filled = dict(owner)
    n = len(halves)
    for k, p in enumerate(halves):
        if p in owner:
            continue
        if enclosed is not None:
            filled[p] = enclosed
            continue
        for step in range(1, n):
            near = next((halves[(k + d) % n] for d in (-step, step)
                         if halves[(k + d) % n] in owner), None)
            if near is not None:
                filled[p] = owner[near]
                break
    return filled


# --- paths --------------------------------------------------------------------------------

_PATH_ORDER = {"stream": 0, "plain": 1, "track": 2}
"""Streams first, tracks last: a track crosses a stream on a bridge."""


def _paths(segs: Sequence[LocalSegment], lay: Layout, look: TileLook) -> list[str]:
    drawn = sorted(lay.paths, key=lambda i: (_PATH_ORDER.get(look.look(segs[i].kind), 1), i))
    edges, bands = [], []
    for i in drawn:
        colour, style = look.colour(segs[i].kind), look.look(segs[i].kind)
        strokes = lay.paths[i]
        if style == "stream":
            d = " ".join(_wavy_d(stroke_points(s), 1.4, 17) for s in strokes)
            bands.append(f'<path class="path" data-segment="{i}" data-look="stream" d="{d}" '
                         f'fill="none" stroke="{colour}" stroke-width="9"/>')
            bands.append(f'<path class="path-light" d="{d}" fill="none" '
                         f'stroke="{lighter(colour, .45)}" stroke-width="1.6"/>')
            continue
        d = " ".join(f"M{pt(s[0][0])} " + " ".join(f"Q{pt(c)} {pt(b)}" for _, c, b in s)
                     for s in strokes)
        if style == "track":
            edges.append(f'<path class="path-edge" d="{d}" fill="none" '
                         f'stroke="{darker(colour, .62)}" stroke-width="11"/>')
        bands.append(f'<path class="path" data-segment="{i}" data-look="{style}" d="{d}" '
                     f'fill="none" stroke="{colour}" stroke-width="{8 if style == "track" else 7}"'
                     '/>')
    out = edges + bands
    seen: set[Point] = set()
    for at, i in lay.landmarks:
        if at not in seen:
            seen.add(at)
            out.append(_landmark(at, look.colour(segs[i].kind), look.look(segs[i].kind)))
    return out


def _wavy_d(ps: Sequence[Point], amplitude: float, wave: float) -> str:
    """A polyline as a wavy one: whole waves, calm at either end, so that it meets the tile's
    edge where and as the straight one does (and a neighbour's)."""
    total = length(ps) or 1
    waves = max(1, round(total / wave))
    out, walked = [], 0.0
    for k, p in enumerate(ps):
        if k:
            walked += math.dist(ps[k - 1], p)
        q = ps[min(k + 1, len(ps) - 1)] if k < len(ps) - 1 else p
        r = ps[k - 1] if k else p
        dx, dy = q[0] - r[0], q[1] - r[1]
        norm = math.hypot(dx, dy) or 1
        calm = min(1.0, walked / 6, (total - walked) / 6) ** 2  # square to the tile's edge
        off = amplitude * calm * math.sin(2 * math.pi * waves * walked / total)
        out.append((p[0] - dy / norm * off, p[1] + dx / norm * off))
    return f"M{pt(out[0])} " + " ".join(f"L{pt(p)}" for p in out[1:])


def _landmark(at: Point, colour: str, style: str) -> str:
    """What paths end at on the tile: a house (tracks), a pool (streams), a dot."""
    x, y = at
    if style == "stream":
        return (f'<ellipse class="landmark pool" cx="{fmt(x)}" cy="{fmt(y)}" rx="15" ry="12" '
                f'fill="{colour}" stroke="{lighter(colour, .55)}" stroke-width="2"/>')
    if style == "track":
        return (f'<rect class="landmark house" x="{fmt(x - 8)}" y="{fmt(y - 8)}" width="16" '
                f'height="16" fill="{lighter(colour, .2)}" stroke="#555" stroke-width="1.2"/>')
    return (f'<circle class="landmark" cx="{fmt(x)}" cy="{fmt(y)}" r="6" fill="{colour}" '
            f'stroke="{darker(colour, .5)}" stroke-width="1"/>')


# --- areas --------------------------------------------------------------------------------

def _area(i: int, shape: AreaShape, colour: str, style: str) -> list[str]:
    d = [f"M{pt(shape.start)}"]
    edges = []
    for piece in shape.pieces:
        if isinstance(piece, Edge):
            stretch = _edge_d(piece, style)
            d.append(stretch)
            edges.append(f"M{pt(piece.a)} {stretch}")
        else:
            d.append(f"L{pt(piece[1])}")
    out = [f'<path class="area" data-segment="{i}" data-look="{style}" d="{" ".join(d)}Z" '
           f'fill="{colour}"/>']
    if edges:
        stroke, width = {"walls": (darker(colour, .5), 2.6), "water": (lighter(colour, .55), 2),
                         "woods": (darker(colour, .4), 1.2)}.get(style,
                                                                 (darker(colour, .3), 0.8))
        out.append(f'<path class="area-edge" d="{" ".join(edges)}" fill="none" '
                   f'stroke="{stroke}" stroke-width="{width}"/>')
    return out


def _edge_d(edge: Edge, style: str) -> str:
    """The path commands of an area's inner edge from its start (already reached) to its
    end, in the look's line."""
    if style == "water":
        return _wavy_d(edge.points(24), 1.8, 13).split(" ", 1)[1]
    if style == "woods":
        ps = edge.points(max(3, round(length(edge.points()) / 9)))
        return " ".join(f"A{fmt(math.dist(p, q) / 2)},{fmt(math.dist(p, q) / 2)} 0 0 1 {pt(q)}"
                        for p, q in zip(ps, ps[1:]))
    return f"Q{pt(edge.c)} {pt(edge.b)}"


def _disc(i: int, at: Point, r: float, colour: str) -> str:
    return (f'<circle class="area" data-segment="{i}" cx="{fmt(at[0])}" cy="{fmt(at[1])}" '
            f'r="{r}" fill="{colour}" stroke="{darker(colour, .5)}" stroke-width="1.5"/>')


# --- centres ------------------------------------------------------------------------------

def _centre(i: int, at: Point, colour: str, style: str) -> str:
    x, y = at
    line = darker(colour, .45)
    if style == "bush":
        body = "".join(f'<circle cx="{fmt(x + dx)}" cy="{fmt(y + dy)}" r="{r}" fill="{colour}" '
                       f'stroke="{line}" stroke-width="0.9"/>'
                       for dx, dy, r in ((-7, 3, 7), (7, 3, 7), (0, -5, 7.5)))
    elif style == "tree":
        body = (f'<rect x="{fmt(x - 2.5)}" y="{fmt(y + 2)}" width="5" height="12" '
                f'fill="#7a5230"/><circle cx="{fmt(x)}" cy="{fmt(y - 4)}" r="11" '
                f'fill="{colour}" stroke="{line}" stroke-width="1"/>')
    elif style == "tower":
        top = y - 15
        merlons = "".join(f'<rect x="{fmt(x - 8 + 6 * k)}" y="{fmt(top - 4)}" width="4" '
                          f'height="4" fill="{colour}" stroke="{line}" stroke-width="0.8"/>'
                          for k in range(3))
        body = (f'<rect x="{fmt(x - 8)}" y="{fmt(top)}" width="16" height="28" '
                f'fill="{colour}" stroke="{line}" stroke-width="1"/>{merlons}'
                f'<rect x="{fmt(x - 2.5)}" y="{fmt(y + 5)}" width="5" height="8" fill="{line}"/>')
    elif style == "mark":
        body = (f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="9" fill="{colour}" stroke="{line}" '
                'stroke-width="1.5"/>')
    else:  # a building
        roof = points(((x - 15, y - 6), (x, y - 18), (x + 15, y - 6)))
        body = (f'<rect x="{fmt(x - 12)}" y="{fmt(y - 6)}" width="24" height="18" '
                f'fill="#efe6d2" stroke="#555" stroke-width="1"/><polygon points="{roof}" '
                f'fill="{colour}" stroke="#555" stroke-width="1"/>')
    return f'<g class="centre" data-segment="{i}" data-look="{style}">{body}</g>'


# --- pennants, attributes, followers ------------------------------------------------------

def _mark_place(seg: LocalSegment, i: int, lay: Layout) -> Point:
    """Where a segment's pennants and attributes go: an area's label place, beside a path,
    under a centre."""
    if seg.geometry == PATH and lay.paths.get(i):
        ps = stroke_points(lay.paths[i][0])
        (x, y), (dx, dy) = point_at(ps, min(22.0, length(ps) / 2))
        return x - dy * 11, y + dx * 11
    if seg.geometry == CENTRE and i in lay.centres:
        x, y = lay.centres[i]
        return x, y + 22
    return lay.anchors[i]


def attribute_labels(tables: Tables) -> dict[str, str]:
    """Each attribute of the rule set -> what its badge says: the shortest start of its name
    that no other attribute's name starts with (``W`` wine, but ``Ca`` cathedral and ``Cl``
    cloth), its first letter upper case."""
    names = sorted({n for kind in tables.kinds for n in kind.attribute_names})
    out = {}
    for name in names:
        others = [o.lower() for o in names if o != name]
        n = 1
        while n < len(name) and any(o.startswith(name[:n].lower()) for o in others):
            n += 1
        out[name] = name[:1].upper() + name[1:n]
    return out


def _marks(tables: Tables, seg: LocalSegment, at: Point) -> list[str]:
    """Pennants as small shields, attributes as badges with their label (``attribute_labels``)
    and their name as a tooltip, in a row."""
    names = tables.kinds[seg.kind].attribute_names
    badges = [(name, count) for name, count in zip(names, seg.attributes or ()) if count]
    count = seg.pennants + len(badges)
    if not count:
        return []
    labels = attribute_labels(tables) if badges else {}
    width = 13
    x0 = min(max(at[0] - (count - 1) * width / 2, 8), SIZE - 8 - (count - 1) * width)
    y = min(max(at[1], 9), SIZE - 10)
    out = []
    for n in range(seg.pennants):
        x = x0 + n * width
        out.append(f'<path class="pennant" d="M{fmt(x - 5)},{fmt(y - 6)} h10 v6 q0,6 -5,8 '
                   f'q-5,-2 -5,-8z" fill="#2050b0" stroke="#fff" stroke-width="0.8"/>')
    for n, (name, amount) in enumerate(badges, start=seg.pennants):
        x = x0 + n * width
        colour = kind_colour(name, CENTRE)
        label = labels.get(name, name[:1].upper()) + (str(amount) if amount > 1 else "")
        size = {1: 8, 2: 7}.get(len(label), 5.5)
        out.append(f'<g class="attribute" data-name="{escape(name)}">'
                   f'<title>{escape(name)}</title>'
                   f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="6.5" fill="{colour}" '
                   f'stroke="#fff" stroke-width="1"/><text x="{fmt(x)}" y="{fmt(y + 2.6)}" '
                   f'font-size="{size}" font-weight="bold" '
                   f'text-anchor="middle" fill="{ink(colour)}" {FONT}>{escape(label)}</text></g>')
    return out


def draw_follower(at: Point, seat: int, initial: str = "") -> str:
    """A follower of ``seat``: a circle in its colour, with the figure's initial."""
    x, y = at
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    text = (f'<text x="{fmt(x)}" y="{fmt(y + 3.5)}" font-size="10" font-weight="bold" '
            f'text-anchor="middle" fill="{ink(colour)}" {FONT}>{escape(initial)}</text>'
            if initial else "")
    return (f'<g class="follower" data-seat="{seat}"><circle cx="{fmt(x)}" cy="{fmt(y)}" '
            f'r="8" fill="{colour}" stroke="#000" stroke-width="1.2"/>{text}</g>')
