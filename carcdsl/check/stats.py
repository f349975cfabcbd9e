"""Figures about a rule set's tiles: how many, of what, with how many pennants and sides; and
about its map, when it has one.

Counts are over physical tiles (a type with 4 copies counts 4 times, and the supply's ``sets``
copies of the tile set count each) unless they say ``types``.
"""

from __future__ import annotations

from collections import Counter

from carcdsl.geometry import ports as P
from carcdsl.model.rules import RuleSet
from carcdsl.model.tiles import Tile


def tile_stats(rules: RuleSet) -> dict:
    """``tiles``, ``types``, ``pennants``, and per kind: ``centres``, ``sides``, ``segments``,
    ``enclosed`` (segments without ports: fields between areas); per attribute name, what the
    segments carry (``attributes``: ``inn``, ``wine``, counted like pennants: a segment's
    amount on each physical tile); per figure, how many each player has (``figures``); per
    tile group, its physical tiles (``groups``); per tile each player owns, how many
    (``owned``: not in ``tiles``).

    ``sides`` counts each side of each physical tile once, by what lies across it: an area
    kind when an area covers the side, else a path kind when a path runs through its middle,
    else the kind at its halves (a field), else ``-``.
    """
    geometry = {k.name: k.geometry for k in rules.kinds}
    sets = rules.supply.sets if isinstance(rules.supply.sets, int) and rules.supply.sets > 0 else 1
    centres: Counter[str] = Counter()
    sides: Counter[str] = Counter()
    segments: Counter[str] = Counter()
    enclosed: Counter[str] = Counter()
    attributes: Counter[str] = Counter()
    copies: dict[str, int] = {}
    pennants = 0
    for tile in rules.tiles:
        n = max(tile.count, 0) * sets
        copies.setdefault(tile.name, n)
        for seg in tile.segments:
            segments[seg.kind] += n
            pennants += n * max(seg.pennants, 0)
            for name, amount in seg.attributes:
                attributes[name] += n * max(amount, 0)
            if geometry.get(seg.kind) == "centre":
                centres[seg.kind] += n
            elif geometry.get(seg.kind) == "field" and not seg.ports:
                enclosed[seg.kind] += n
        for kind in side_kinds(tile, geometry):
            sides[kind] += n
    return {
        "tiles": sum(max(t.count, 0) for t in rules.tiles) * sets,
        "sets": sets,
        "types": len(rules.tiles),
        "pennants": pennants,
        "centres": dict(sorted(centres.items())),
        "sides": dict(sorted(sides.items())),
        "segments": dict(sorted(segments.items())),
        "enclosed": dict(sorted(enclosed.items())),
        "attributes": dict(sorted(attributes.items())),
        "figures": {f.name: f.each_player for f in sorted(rules.figures, key=lambda f: f.name)
                    if not f.neutral},
        "neutral": {f.name: 1 for f in sorted(rules.figures, key=lambda f: f.name)
                    if f.neutral},
        "owned": dict(rules.supply.owned),
        "groups": {g.name: sum(copies.get(t, 0) for t in dict.fromkeys(g.tiles))
                   for g in rules.groups},
        "map": map_stats(rules),
    }


def map_stats(rules: RuleSet) -> tuple[tuple[str, int, str], ...]:
    """A printed map at a glance, as (phrase key, figure, marker) rows: squares that take a
    tile, big cities (printed squares by name) and their squares, start areas (and how many
    get a tile at set-up), printed border segments, squares by marker (the marker is the
    row's third item; ``""`` for the others). Empty without a map."""
    squares = rules.board.squares
    if not squares:
        return ()
    markers: Counter[str] = Counter(sq.marker for sq in squares if sq.marker)
    return (
        ("map-squares", sum(1 for sq in squares if sq.role != "printed"), ""),
        ("big-cities", len({sq.name for sq in squares if sq.role == "printed"}), ""),
        ("big-city-squares", sum(1 for sq in squares if sq.role == "printed"), ""),
        ("start-areas", sum(1 for sq in squares if sq.role == "start"), ""),
        ("start-areas-used", rules.board.start_areas, ""),
        ("border-segments", sum(len(sq.borders) for sq in squares), ""),
        *(("marker-squares", n, marker) for marker, n in sorted(markers.items())),
    )


def side_kinds(tile: Tile, geometry: dict[str, str]) -> list[str]:
    """The kind each side N, E, S, W of ``tile`` shows (see tile_stats)."""
    whole: dict[int, str] = {}
    middle: dict[int, str] = {}
    half: dict[int, str] = {}
    for seg in tile.segments:
        g = geometry.get(seg.kind)
        for port in seg.ports:
            if port not in P.INDEX:
                continue
            side = P.side_of(P.INDEX[port])
            if g == "area" and P.is_side(port):
                whole.setdefault(side, seg.kind)
            elif g == "path" and P.is_side(port):
                middle.setdefault(side, seg.kind)
            elif not P.is_side(port):
                half.setdefault(side, seg.kind)
    return [whole.get(d) or middle.get(d) or half.get(d) or "-" for d in range(4)]
