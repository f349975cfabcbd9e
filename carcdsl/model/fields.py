"""Deriving a tile's field segments from its other segments.

The fields of a tile are the regions of its border that no other segment separates. A segment
(with whatever its paths end at on the same tile: a village joins the roads that meet there, a
road "to the city" joins that city) is a connected blob; it separates two half-sides when it
touches the border on both arcs between them. A field touches an area segment when one of its
half-sides lies next to that segment along the border.
"""

from __future__ import annotations

from collections.abc import Mapping

from carcdsl.geometry import ports as P
from carcdsl.model.tiles import Segment, Tile


def _positions(seg: Segment, geometry: str) -> set[int]:
    if geometry == "area":
        return {pos for side in seg.ports if P.is_side(side)
                for pos in P.side_positions(P.SIDES.index(side))}
    if geometry == "path":
        return {P.INDEX[p] for p in seg.ports if P.is_side(p)}
    return set()


def _blobs(tile: Tile, geometries: Mapping[str, str]) -> list[set[int]]:
    """Border positions of each group of segments joined on the tile."""
    segs = [s for s in tile.segments if geometries.get(s.kind) != "field"]
    parent = list(range(len(segs)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    at_landmark: dict[str, int] = {}
    for i, seg in enumerate(segs):
        for end in seg.ends:
            if end in geometries:  # ends at a feature of that kind on this tile
                for j, other in enumerate(segs):
                    if other.kind == end:
                        parent[find(i)] = find(j)
            elif end in at_landmark:
                parent[find(i)] = find(at_landmark[end])
            else:
                at_landmark[end] = i
    groups: dict[int, set[int]] = {}
    for i, seg in enumerate(segs):
        groups.setdefault(find(i), set()).update(_positions(seg, geometries.get(seg.kind, "")))
    return [g for g in groups.values() if g]


def _arc(a: int, b: int) -> set[int]:
    """Ring positions strictly between a and b, clockwise."""
    return {(a + k) % 12 for k in range(1, (b - a) % 12)}


def derive_fields(tile: Tile, geometries: Mapping[str, str],
                  field_kind: str) -> tuple[Segment, ...]:
    """The field segments of ``tile``, with the area segments each one touches."""
    blobs = _blobs(tile, geometries)
    taken = set().union(*blobs) if blobs else set()
    free = [i for i, name in enumerate(P.RING) if len(name) == 3 and i not in taken]
    group = {p: p for p in free}

    def find(p: int) -> int:
        while group[p] != p:
            p = group[p]
        return p

    for a in free:
        for b in free:
            if a < b and not any(_arc(a, b) & blob and _arc(b, a) & blob for blob in blobs):
                group[find(b)] = find(a)
    fields: dict[int, list[int]] = {}
    for p in free:
        fields.setdefault(find(p), []).append(p)
    areas = [s for s in tile.segments if geometries.get(s.kind) == "area" and s.ports]
    result = []
    for members in sorted(fields.values()):
        near = {(p + 1) % 12 for p in members} | {(p - 1) % 12 for p in members}
        touches = tuple(a.ports[0] for a in areas if near & _positions(a, "area"))
        result.append(Segment(field_kind, tuple(P.RING[p] for p in members), touches=touches))
    return tuple(result)


def with_fields(tile: Tile, geometries: Mapping[str, str]) -> Tile:
    """``tile`` with derived field segments, unless it states its fields itself."""
    field_kinds = [k for k, g in geometries.items() if g == "field"]
    if len(field_kinds) != 1:
        return tile
    # an enclosed field (no ports: between cities, touching no side) leaves the fields on the
    # border to be derived; a field on the border says the tile states them all
    if any(geometries.get(s.kind) == "field" and s.ports for s in tile.segments):
        return Tile(tile.name, tile.count, tile.segments, False, loc=tile.loc)
    segments = tile.segments + derive_fields(tile, geometries, field_kinds[0])
    return Tile(tile.name, tile.count, segments, True, loc=tile.loc)
