"""A small picture of one tile for hover: an SVG, sent as a markdown image.

Drawn from the rule set's model: a kind's geometry says how its segments look. Areas are
polygons from their sides to the middle, paths lines from a side's middle to the centre, a
centre feature a square, fields the green ground, a pennant a blue shield.
"""

from __future__ import annotations

import base64

import carcdsl.model as m
from carcdsl.geometry import ports as P

SIZE = 96
_C = SIZE / 2
# a border place -> a point on the tile's edge (y grows south)
_EDGE = {
    "NNW": (SIZE / 4, 0), "N": (_C, 0), "NNE": (3 * SIZE / 4, 0),
    "ENE": (SIZE, SIZE / 4), "E": (SIZE, _C), "ESE": (SIZE, 3 * SIZE / 4),
    "SSE": (3 * SIZE / 4, SIZE), "S": (_C, SIZE), "SSW": (SIZE / 4, SIZE),
    "WSW": (0, 3 * SIZE / 4), "W": (0, _C), "WNW": (0, SIZE / 4),
}
_CORNERS = {"N": ((0, 0), (SIZE, 0)), "E": ((SIZE, 0), (SIZE, SIZE)),
            "S": ((SIZE, SIZE), (0, SIZE)), "W": ((0, SIZE), (0, 0))}
_AREA_FILL = ("#b5835a", "#8e6a9e", "#5f8fb0")
_PATH_COLOUR = ("#f4f1e8", "#d9c27a", "#9fc5e8")


def _sides(segment: m.Segment) -> list[str]:
    sides = []
    for port in segment.ports:
        for part in port.split("-"):
            if P.is_side(part) and part not in sides:
                sides.append(part)
    return sides


def _ends(segment: m.Segment) -> list[str]:
    return [part for port in segment.ports for part in port.split("-") if P.is_port(part)]


def tile_svg(tile: m.Tile, rules: m.RuleSet) -> str:
    geometry = {k.name: k.geometry for k in rules.kinds}
    areas = [k.name for k in rules.kinds if k.geometry == "area"]
    paths = [k.name for k in rules.kinds if k.geometry == "path"]
    shapes = [f'<rect width="{SIZE}" height="{SIZE}" fill="#8fbf5a" stroke="#333"/>']
    inner = SIZE * 0.3
    for seg in tile.segments:
        kind = geometry.get(seg.kind)
        if kind == "area":
            fill = _AREA_FILL[areas.index(seg.kind) % len(_AREA_FILL)]
            sides = _sides(seg)
            for side in sides:
                (x1, y1), (x2, y2) = _CORNERS[side]
                mx, my = (x1 + _C) / 2 if len(sides) == 1 else _C, \
                    (y1 + _C) / 2 if len(sides) == 1 else _C
                points = f"{x1},{y1} {x2},{y2} {(x2 + mx) / 2:.1f},{(y2 + my) / 2:.1f} " \
                         f"{(x1 + mx) / 2:.1f},{(y1 + my) / 2:.1f}"
                shapes.append(f'<polygon points="{points}" fill="{fill}" stroke="#5a3e28"/>')
            if len(sides) > 1:
                shapes.append(f'<circle cx="{_C}" cy="{_C}" r="{inner:.1f}" fill="{fill}"/>')
            if seg.pennants:
                shapes.append(f'<path d="M{_C - 7},{_C - 8} h14 v8 l-7,7 l-7,-7 z" '
                              'fill="#2f5fb3" stroke="#fff"/>')
        elif kind == "path":
            colour = _PATH_COLOUR[paths.index(seg.kind) % len(_PATH_COLOUR)]
            ends = _ends(seg)
            for port in ends:
                x, y = _EDGE[port]
                shapes.append(f'<line x1="{x}" y1="{y}" x2="{_C}" y2="{_C}" '
                              f'stroke="{colour}" stroke-width="6"/>')
            if seg.ends:
                shapes.append(f'<circle cx="{_C}" cy="{_C}" r="5" fill="#444"/>')
        elif kind == "centre":
            s = SIZE * 0.22
            shapes.append(f'<rect x="{_C - s / 2}" y="{_C - s / 2}" width="{s}" height="{s}" '
                          'fill="#c0392b" stroke="#333"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" '
            f'viewBox="0 0 {SIZE} {SIZE}">' + "".join(shapes) + "</svg>")


def tile_markdown(tile: m.Tile, rules: m.RuleSet) -> str:
    data = base64.b64encode(tile_svg(tile, rules).encode()).decode()
    return f"![tile {tile.name}](data:image/svg+xml;base64,{data})"


def swatch_markdown(colour: str) -> str:
    """A small square of ``colour`` (``#rrggbb``), as a markdown image."""
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14">'
           f'<rect width="14" height="14" fill="{colour}" stroke="#333"/></svg>')
    data = base64.b64encode(svg.encode()).decode()
    return f"![{colour}](data:image/svg+xml;base64,{data})"
