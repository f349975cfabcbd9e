"""Where each segment of an oriented tile goes in its picture: the shape of each area, the
line of each path, the place of each centre and of each follower.

A tile is 100 units square, y growing south. Everything is worked out from the tile's
compiled segments alone (their geometry, ports and what each path ends at), so a follower on
a board and its tile's picture agree:

- an **area** is a cap on its one side, a corner cut by a curve between the far corners of
  its two sides, a band between two opposite sides, or the tile with a notch where its one
  missing side is; a curve pulls back where another area of the tile lies beyond it, so that
  two cities never touch;
- a **path** runs between its side middles (straight across, or curving round the centre);
  a path ending on its tile runs into what it ends at: into an area through the middle of its
  edge, to a centre, or to a landmark at the tile's centre;
- a **centre** stands in the middle, or where no path or area lies when one crosses it;
- an enclosed **field** owns the ground under the tile's areas (it shows between them).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from carcdsl.compile.tables import AREA, CENTRE, FIELD, PATH, LocalSegment

SIZE = 100
MID = SIZE / 2
Point = tuple[float, float]
Curve = tuple[Point, Point, Point]
"""A quadratic curve: start, control point, end (a line: the control point between)."""
Stroke = list[Curve]
"""Curves drawn one after the other without lifting the pen."""
CORNERS: tuple[Point, ...] = ((0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE))
"""The corners at the start of each side N, E, S, W, clockwise."""
CENTRE_POINT: Point = (MID, MID)
PATH_HALF_WIDTH = 5.5


def side_middle(side: int) -> Point:
    (x0, y0), (x1, y1) = CORNERS[side % 4], CORNERS[(side + 1) % 4]
    return (x0 + x1) / 2, (y0 + y1) / 2


def inward(side: int, depth: float) -> Point:
    """The point ``depth`` units in from the middle of ``side``."""
    x, y = side_middle(side)
    return x + (MID - x) * depth / MID, y + (MID - y) * depth / MID


def half_triangle(pos: int) -> tuple[Point, Point, Point]:
    """The triangle from half-side ``pos`` (a ring position) to the centre."""
    side, offset = divmod(pos, 3)
    corner = CORNERS[side] if offset == 0 else CORNERS[(side + 1) % 4]
    return corner, side_middle(side), CENTRE_POINT


def sides_of(seg: LocalSegment) -> list[int]:
    return sorted({p // 3 for p in seg.ports})


def _between(a: Point, b: Point, share: float) -> Point:
    return a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share


def quad_point(a: Point, c: Point, b: Point, t: float) -> Point:
    u = 1 - t
    return (u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
            u * u * a[1] + 2 * u * t * c[1] + t * t * b[1])


def sample(curve: Curve, n: int = 12) -> list[Point]:
    """``n + 1`` points along a quadratic curve (a, control, b), its ends included."""
    a, c, b = curve
    return [quad_point(a, c, b, i / n) for i in range(n + 1)]


def length(points: Sequence[Point]) -> float:
    return sum(math.dist(p, q) for p, q in zip(points, points[1:]))


def point_at(points: Sequence[Point], distance: float) -> tuple[Point, Point]:
    """The point ``distance`` units along a polyline, and the unit direction there."""
    for p, q in zip(points, points[1:]):
        step = math.dist(p, q)
        if step and distance <= step:
            t = distance / step
            return _between(p, q, t), ((q[0] - p[0]) / step, (q[1] - p[1]) / step)
        distance -= step
    p, q = points[-2], points[-1]
    step = math.dist(p, q) or 1
    return q, ((q[0] - p[0]) / step, (q[1] - p[1]) / step)


def _to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if not span else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / span))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def to_polyline(p: Point, points: Sequence[Point]) -> float:
    return min(_to_segment(p, a, b) for a, b in zip(points, points[1:]))


def _inside(p: Point, polygon: Sequence[Point]) -> bool:
    x, y = p
    found = False
    for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            found = not found
    return found


class Edge:
    """The inner edge of an area: a quadratic curve from ``a`` to ``b`` (clockwise round the
    area) with control point ``c``; ``gate`` is just inside the area at the edge's middle,
    where a path ending at the area goes."""

    __slots__ = ("a", "b", "c", "gate", "mid")

    def __init__(self, a: Point, b: Point, mid: Point, inside: Point):
        self.a, self.b, self.mid = a, b, mid
        # the control point that puts the curve's middle at ``mid``
        self.c = (2 * mid[0] - (a[0] + b[0]) / 2, 2 * mid[1] - (a[1] + b[1]) / 2)
        self.gate = _between(mid, inside, 7 / max(math.dist(mid, inside), 7))

    def points(self, n: int = 12) -> list[Point]:
        return sample((self.a, self.c, self.b), n)


class AreaShape:
    """An area's outline, clockwise: ``pieces`` are ``(a, b)`` stretches of the tile's border
    and ``Edge`` curves inside it; ``label`` is where its pennants and followers go."""

    __slots__ = ("edges", "label", "pieces", "polygon", "start")

    def __init__(self, start: Point, pieces: list[tuple[Point, Point] | Edge], label: Point):
        self.start, self.pieces, self.label = start, pieces, label
        self.edges = [p for p in pieces if isinstance(p, Edge)]
        polygon = [start]
        for piece in pieces:
            polygon += piece.points()[1:] if isinstance(piece, Edge) else [piece[1]]
        self.polygon = polygon


def _area_shape(sides: list[int], beyond: set[int], deep: bool = False) -> AreaShape:
    """The shape of an area on ``sides``; ``beyond``: the other sides of the tile where
    another area lies (an edge facing one pulls back); ``deep``: a cap reaching in towards
    the centre."""
    if len(sides) == 4:
        return AreaShape(CORNERS[0], [(CORNERS[d], CORNERS[(d + 1) % 4]) for d in range(4)],
                         CENTRE_POINT)
    first = next(d for d in sides if (d - 1) % 4 not in sides)
    pieces: list[tuple[Point, Point] | Edge] = []
    run: list[int] = []
    for step in range(4):
        d = (first + step) % 4
        if d in sides:
            pieces.append((CORNERS[d], CORNERS[(d + 1) % 4]))
            continue
        run.append(d)
        if (d + 1) % 4 in sides:
            pieces.append(_edge(run, sides, beyond, deep))
            run = []
    return AreaShape(CORNERS[first], pieces, _label(sides))


def _edge(run: list[int], sides: list[int], beyond: set[int], deep: bool) -> Edge:
    """The curve across the sides of ``run`` (no side of the area), between the corners at
    either end of it."""
    a, b = CORNERS[run[0]], CORNERS[(run[-1] + 1) % 4]
    crowded = bool(beyond & set(run))
    if len(run) == 1:  # a notch into the one side between two of the area's
        e = run[0]
        depth = (36 if crowded else 22) if len(sides) == 2 else (28 if crowded else 42)
        return Edge(a, b, inward(e, depth), side_middle(e + 2))
    if len(run) == 2:  # a corner area: the curve between its far corners
        corner = CORNERS[(run[-1] + 2) % 4]  # between the area's two sides
        return Edge(a, b, _between(corner, CENTRE_POINT, 0.8 if crowded else 0.9), corner)
    d = sides[0]  # a cap on side d
    return Edge(a, b, inward(d, 36 if deep else 20), side_middle(d))


def _label(sides: list[int]) -> Point:
    if len(sides) == 1:
        return inward(sides[0], 10)
    if len(sides) == 2 and (sides[1] - sides[0]) % 2:
        shared = sides[1] if (sides[1] - sides[0]) % 4 == 1 else sides[0]
        return _between(CORNERS[shared], CENTRE_POINT, 0.46)
    if len(sides) == 3:
        missing = next(d for d in range(4) if d not in sides)
        return inward(missing + 2, 26)
    return CENTRE_POINT


class Layout:
    """Where each segment of one oriented tile goes (see the module)."""

    def __init__(self, segs: Sequence[LocalSegment]):
        self.segs = segs
        self.areas: dict[int, AreaShape] = {}
        self.paths: dict[int, list[Stroke]] = {}
        """Per path segment, its strokes: each a run of curves from a side middle."""
        self.landmarks: list[tuple[Point, int]] = []
        """(point, path segment) where paths end at a landmark: drawn once per point."""
        self.centres: dict[int, Point] = {}
        self.enclosed = next((i for i, s in enumerate(segs)
                              if s.geometry == FIELD and not s.ports), None)
        """The field with no port (enclosed between areas), if any."""
        self._place_areas()
        self._place_paths(to_centres=False)
        self._place_centres()
        self._place_paths(to_centres=True)
        self.anchors = [self._anchor(i) for i in range(len(segs))]

    # --- areas -----------------------------------------------------------------------------
    def _place_areas(self) -> None:
        area_sides = {i: sides_of(s) for i, s in enumerate(self.segs) if s.geometry == AREA}
        deep = self._reached_caps(area_sides)
        for i, sides in area_sides.items():
            beyond = {d for j, other in area_sides.items() if j != i for d in other}
            if sides:
                self.areas[i] = _area_shape(sides, beyond, i in deep)

    def _reached_caps(self, area_sides: dict[int, list[int]]) -> set[int]:
        """The caps that paths end at, when every path of the tile ends at an area: they
        reach in towards the centre, where those paths meet them (two roads ending at two
        cities in the middle of the tile)."""
        paths = [s for s in self.segs if s.geometry == PATH]
        kinds = {k for s in paths for k in s.ends}
        if not paths or any(len(s.ports) != 1 or not s.ends for s in paths) or any(
                k < 0 or k not in {self.segs[i].kind for i in area_sides} for k in kinds):
            return set()
        return {i for i, sides in area_sides.items()
                if len(sides) == 1 and self.segs[i].kind in kinds}

    def _gate(self, kind: int, port: Point, taken: set[int]) -> Point | None:
        """Where a path from ``port`` ending at an area of ``kind`` goes: the nearest edge
        middle of such an area of the tile (another one than earlier paths took, on a tie)."""
        options = []
        for i, shape in self.areas.items():
            if self.segs[i].kind != kind:
                continue
            gates = [e.gate for e in shape.edges] or [shape.label]
            for gate in gates:
                options.append((round(math.dist(port, gate)), i in taken, i, gate))
        if not options:
            return None
        _, _, i, gate = min(options)
        taken.add(i)
        return gate

    # --- paths -----------------------------------------------------------------------------
    def _place_paths(self, to_centres: bool) -> None:
        taken: set[int] = set()
        for i, seg in enumerate(self.segs):
            if seg.geometry != PATH or not seg.ports:
                continue
            sides = [p // 3 for p in seg.ports]
            if len(sides) == 2:
                self.paths[i] = [_through(*sides)]
            elif len(sides) > 2:
                self.paths[i] = [[_line(side_middle(d), CENTRE_POINT)] for d in sides]
            else:
                target = self._target(seg, side_middle(sides[0]), taken, to_centres)
                if target is not None:
                    self.paths[i] = [self._towards(sides[0], target)]
                    if target == CENTRE_POINT and -1 in seg.ends:
                        self.landmarks.append((target, i))

    def _target(self, seg: LocalSegment, port: Point, taken: set[int],
                to_centres: bool) -> Point | None:
        """Where a path with one port ends on its tile (None: not yet, it goes to a centre
        placed later)."""
        for kind in seg.ends:
            at = [j for j, s in enumerate(self.segs) if s.kind == kind and kind >= 0]
            if not at:
                continue
            geometry = self.segs[at[0]].geometry
            if geometry == CENTRE:
                return self.centres.get(at[0]) if to_centres else None
            if geometry == AREA and not to_centres:
                return self._gate(kind, port, taken)
        return None if to_centres else CENTRE_POINT

    def _towards(self, side: int, target: Point) -> Stroke:
        """From the middle of ``side`` to ``target``: straight in when the target lies ahead
        (or an area is met on the way to the centre: up to its edge), else in along the
        border between the fields to the centre and round to the target."""
        start = side_middle(side)
        ahead = abs(target[0] - start[0]) if side % 2 else abs(target[1] - start[1])
        across = abs(target[1] - start[1]) if side % 2 else abs(target[0] - start[0])
        if across < 2:
            return [_line(start, target)]
        line = [_between(start, CENTRE_POINT, k / 20) for k in range(21)]
        for shape in self.areas.values():
            met = next((k for k, p in enumerate(line) if _inside(p, shape.polygon)), None)
            if met is not None and ahead > 8:
                return [_line(start, line[min(met + 2, 20)])]
        near = inward(side, 40)
        bend = _between(CENTRE_POINT, target, 10 / max(math.dist(CENTRE_POINT, target), 10))
        return [_line(start, near), (near, CENTRE_POINT, bend), _line(bend, target)]

    # --- centres and free places -----------------------------------------------------------
    def _place_centres(self) -> None:
        """Each centre in the middle, unless a path or an area is there: then at the most
        open place of the tile; in the middle again when nowhere is open (an area covers the
        whole tile: the centre is drawn on it)."""
        for i, seg in enumerate(self.segs):
            if seg.geometry == CENTRE:
                place = self.free_place(14, prefer=CENTRE_POINT)
                self.centres[i] = place if self._room(place) > 0 else CENTRE_POINT

    def free_place(self, room: float, prefer: Point = CENTRE_POINT) -> Point:
        """``prefer`` when nothing drawn so far comes within ``room`` of it, else the place
        with the most room around it."""
        if self._room(prefer) >= room:
            return prefer
        grid = [(float(x), float(y)) for x in range(14, 87, 6) for y in range(14, 87, 6)]
        return max(grid, key=lambda p: self._room(p) - 0.05 * math.dist(p, prefer))

    def _room(self, p: Point) -> float:
        room = min(p[0], p[1], SIZE - p[0], SIZE - p[1]) + 2
        for shape in self.areas.values():
            edge = to_polyline(p, [*shape.polygon, shape.polygon[0]])
            room = min(room, -edge if _inside(p, shape.polygon) else edge)
        for strokes in self.paths.values():
            for stroke in strokes:
                room = min(room, to_polyline(p, stroke_points(stroke, 12)) - PATH_HALF_WIDTH)
        for q in [*self.centres.values(), *(at for at, _ in self.landmarks)]:
            room = min(room, math.dist(p, q) - 12)
        return room

    # --- where followers and marks go ------------------------------------------------------
    def _anchor(self, i: int) -> Point:
        seg = self.segs[i]
        if seg.geometry == CENTRE:
            x, y = self.centres[i]
            return x, y + 4
        if seg.geometry == AREA:
            shape = self.areas.get(i)
            return shape.label if shape is not None else CENTRE_POINT
        if seg.geometry == PATH:
            strokes = self.paths.get(i)
            if not strokes:
                return CENTRE_POINT
            points = stroke_points(strokes[0])
            return point_at(points, min(24.0, length(points) / 2))[0]
        if not seg.ports:  # an enclosed field: the most open place between the areas
            return self.free_place(12, prefer=(MID, MID + 20))
        xs, ys = zip(*half_triangle(seg.ports[0]))
        return sum(xs) / 3, sum(ys) / 3


def _line(a: Point, b: Point) -> Curve:
    return a, _between(a, b, 0.5), b


def _through(d0: int, d1: int) -> Stroke:
    """A path between two side middles: straight across, or in along the border between the
    fields on either side and round the centre (so that it parts them where they meet)."""
    a, b = side_middle(d0), side_middle(d1)
    if (d1 - d0) % 2 == 0:
        return [_line(a, b)]
    near_a, near_b = inward(d0, 40), inward(d1, 40)
    return [_line(a, near_a), (near_a, CENTRE_POINT, near_b), _line(near_b, b)]


def stroke_points(stroke: Stroke, step: float = 2.5) -> list[Point]:
    """A stroke's curves as one polyline, a point every ``step`` units or so."""
    points = [stroke[0][0]]
    for a, c, b in stroke:
        n = max(2, math.ceil((math.dist(a, c) + math.dist(c, b)) / step))
        points += sample((a, c, b), n)[1:]
    return points


@functools.lru_cache(maxsize=8192)
def layout(segs: tuple[LocalSegment, ...]) -> Layout:
    """The layout of an oriented tile's segments (cached: a board repeats its tiles)."""
    return Layout(segs)
