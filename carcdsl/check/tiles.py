"""The checks of one tile type, and the warnings over all tile types that checked clean.

``TileChecks`` is a mixin of ``checker._Checker``: methods only, no state of its own. They read
what the checker gathered before the tiles (feature kinds, their geometries, landmarks, field
kinds) and report through its ``error`` and ``warn``.

Everything here is linear in the number of tile types: the side-matching and duplicate-tile
warnings look signatures up in dicts instead of comparing tiles pairwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

import attrs

from carcdsl.check.host import CheckerHost
from carcdsl.geometry import ports as P
from carcdsl.model.base import Loc
from carcdsl.model.tiles import Segment, Tile

MAX_TILE_COUNT = 100_000
MAX_SUPPLY = 100_000
"""Tiles in the supply (every tile type's count, times ``sets``): E201 past it. Real games
have 72 to a few hundred; a game of 100,000 tiles is a game of 100,000 turns."""

_SIDE_INDEX = {side: i for i, side in enumerate(P.SIDES)}


def _show_ports(ports: Iterable[str]) -> str:
    return "+".join(ports)


def _places(places: list[int]) -> tuple[str, ...]:
    """Border places as a message names them (``{x:places}``): a whole side by its name
    (``N``: "side N"), else each half-side or middle (``NNE``)."""
    places = sorted(set(places))
    names = []
    for side, name in enumerate(P.SIDES):
        whole = P.side_positions(side)
        if all(p in places for p in whole):
            names.append(name)
            places = [p for p in places if p not in whole]
    names.extend(P.RING[p] for p in places)
    return tuple(names)


@attrs.define
class _TileInfo:
    """What the warnings need to know about one tile type that checked without errors."""

    tile: Tile
    owner: list[str | None]
    """The kind at each of the 12 border positions, or None."""


class TileChecks(CheckerHost):
    """Per-tile checks and the warnings over all tiles, for ``checker._Checker`` (what it
    provides: ``host.CheckerHost``).
    """

    __slots__ = ()

    # --- tiles --------------------------------------------------------------------------
    def check_tile(self, tile: Tile) -> _TileInfo | None:
        """Check one tile type; what the warnings need, or None when it has errors."""
        before = len(self.out)
        owns = [name for name, _ in self.rules.supply.owned]
        if tile.count == 0 and tile.name not in owns:
            if not any(self.rules.tile(name) is None for name in owns):  # else E132
                self.error("E201", tile.loc, "zero", name=tile.name, most=MAX_TILE_COUNT)
        elif not 0 <= tile.count <= MAX_TILE_COUNT:
            self.error("E201", tile.loc, name=tile.name, count=tile.count, most=MAX_TILE_COUNT)
        owner: list[str | None] = [None] * 12
        owner_seg: list[Segment | None] = [None] * 12
        area_ports: set[str] = set()
        for seg in tile.segments:
            if self.geometry.get(seg.kind) == "area":
                area_ports.update(p for p in seg.ports if P.is_side(p))
        for seg in tile.segments:
            self.used.add(seg.kind)
            loc = seg.loc or tile.loc
            if seg.kind not in self.kinds:
                self.error("E110", loc, kind=seg.kind, hint=self.hint(seg.kind, "kind",
                                                                       self.kinds))
                continue
            geometry = self.geometry.get(seg.kind)
            if geometry is None:
                continue  # E112 already says why
            self.check_ports(tile, seg, geometry, loc)
            self.check_modifiers(tile, seg, geometry, loc, area_ports)
            self.cover(tile, seg, geometry, loc, owner, owner_seg)
        self.check_fields_cover(tile, owner)
        return _TileInfo(tile, owner) if len(self.out) == before else None

    def cover(self, tile: Tile, seg: Segment, geometry: str, loc: Loc | None,
              owner: list[str | None], owner_seg: list[Segment | None]) -> None:
        """Mark the border places ``seg`` covers; E203 once per segment it collides with."""
        clashes: dict[int, tuple[Segment, list[int]]] = {}
        for pos in self.covered(seg, geometry):
            other = owner_seg[pos]
            if other is None:
                owner_seg[pos], owner[pos] = seg, seg.kind
            else:
                clashes.setdefault(id(other), (other, []))[1].append(pos)
        for other, places in clashes.values():
            if other is seg:
                self.error("E203", loc, name=tile.name, places=_places(places), kind=seg.kind)
            else:
                self.error("E203", loc, "other", name=tile.name, places=_places(places),
                           kind=seg.kind, other=other.kind, ports=_show_ports(other.ports))

    def covered(self, seg: Segment, geometry: str) -> Iterator[int]:
        """The border positions a segment covers (ports of the wrong type are left out)."""
        for port in seg.ports:
            if port not in P.INDEX:
                continue
            side = P.is_side(port)
            if geometry == "area" and side:
                yield from P.side_positions(_SIDE_INDEX[port])
            elif geometry == "path" and side or geometry == "field" and not side:
                yield P.INDEX[port]

    def check_ports(self, tile: Tile, seg: Segment, geometry: str, loc: Loc | None) -> None:
        derived = self.is_derived(tile, seg, geometry)
        for port in seg.ports:
            if port not in P.INDEX and not derived:
                self.error("E202", seg.port_loc(port) or loc, port=port,
                           hint=self.port_hint(port))
        known = [p for p in seg.ports if p in P.INDEX]
        wrong = []
        if geometry == "area":
            wrong = [p for p in known if not P.is_side(p)]
            if not seg.ports:
                self.error("E205", loc, "area-no-ports", kind=seg.kind)
        elif geometry == "path":
            wrong = [p for p in known if not P.is_side(p)]
        elif geometry == "field":
            wrong = [p for p in known if P.is_side(p)]
            if not seg.ports and not seg.touches:  # with touches: enclosed between areas
                self.error("E205", loc, "field-no-ports", kind=seg.kind)
        else:
            if seg.ports:
                self.error("E205", seg.port_loc(seg.ports[0]) or loc, "centre-ports",
                           kind=seg.kind, ports=_show_ports(seg.ports))
            return
        if wrong:
            what = seg.kind if seg.kind == geometry else f"{seg.kind} ({geometry})"
            self.error("E205", seg.port_loc(wrong[0]) or loc, geometry,
                       ports=_show_ports(wrong), what=what)
        if geometry == "path":
            self.check_path(tile, seg, loc)

    def check_path(self, tile: Tile, seg: Segment, loc: Loc | None) -> None:
        sides = list(dict.fromkeys(p for p in seg.ports if P.is_side(p)))
        n, ends, kind = len(sides), seg.ends, seg.kind
        where = {"kind": kind, "sides": _show_ports(sides)}
        if not seg.ports:
            self.error("E206", loc, "no-side", kind=kind)
        elif n == 1 and not ends:
            self.error("E206", loc, "nowhere", terminal=self.example_terminal(kind), **where)
        elif n >= 2 and ends:  # through two sides, or a junction of three or four
            self.error("E206", loc, "through", end=ends[0], count=n, **where)
        if len(ends) > 1:
            self.error("E206", loc, "ends-twice", ends=", ".join(ends), **where)
        if n == 1 and len(ends) == 1:
            self.check_path_end(tile, seg, ends[0], where, loc)

    def example_terminal(self, kind: str) -> str:
        terminals = self.kinds[kind].terminals
        return terminals[0] if terminals else "village"

    def check_path_end(self, tile: Tile, seg: Segment, end: str, where: dict[str, str],
                       loc: Loc | None) -> None:
        if end not in self.kinds and end not in self.landmarks:
            return  # E111 already
        if end in self.kinds and not any(s.kind == end and s is not seg for s in tile.segments):
            self.error("E206", loc, "missing-end", end=end, tile=tile.name, **where)
        elif end not in self.kinds[seg.kind].terminals:
            if any(t not in self.kinds and t not in self.landmarks
                   for t in self.kinds[seg.kind].terminals):
                return  # a misspelt terminal of the kind (E111 there) is the one error
            partners = [s for s in tile.segments
                        if s is not seg and s.kind == seg.kind and end in s.ends]
            if not partners:
                self.error("E206", loc, "runs-on", end=end, tile=tile.name, **where)

    def check_modifiers(self, tile: Tile, seg: Segment, geometry: str, loc: Loc | None,
                        area_ports: set[str]) -> None:
        kind = self.kinds[seg.kind]
        if seg.pennants < 0:
            self.error("E207", loc, "negative", count=seg.pennants)
        elif seg.pennants > 0 and not kind.pennants:
            self.error("E207", loc, "segment", kind=seg.kind)
        declared = dict(kind.attributes)
        for name, amount in seg.attributes:
            at = seg.port_loc(f"@{name}") or loc
            if name not in declared:
                known = ", ".join(declared) or "none"
                # `pennnat` is a misspelt pennant more likely than an attribute
                hint = self.hint(name, f"attribute:{seg.kind}", [*declared, "pennant"])
                self.error("E207", at, "attribute", kind=seg.kind, name=name, known=known,
                           hint=hint)
            elif amount < 1:
                self.error("E207", at, "attribute-amount", name=name, count=amount)
        if seg.ends:
            if geometry != "path":
                self.error("E210", loc, "arrow", kind=seg.kind, geometry=geometry)
            for end in seg.ends:
                if end not in self.kinds and end not in self.landmarks:
                    hint = self.hint(end, "terminal", [*self.landmarks, *self.kinds])
                    self.error("E111", loc, "segment", kind=seg.kind, terminal=end, hint=hint)
        if seg.touches:
            if geometry != "field":
                self.error("E210", loc, "touches", kind=seg.kind, geometry=geometry)
            elif not self.is_derived(tile, seg, geometry):
                self.check_touches(tile, seg, loc, area_ports)

    def check_touches(self, tile: Tile, seg: Segment, loc: Loc | None,
                      area_ports: set[str]) -> None:
        for port in seg.touches:
            if port not in P.INDEX:
                self.error("E202", seg.port_loc(port) or loc, "touches", port=port,
                           hint=self.port_hint(port))
            elif port not in area_ports:
                side = P.SIDES[P.side_of(P.INDEX[port])]
                where = {"kind": seg.kind, "port": port, "tile": tile.name}
                at = seg.port_loc(port) or loc
                if not seg.ports:  # an enclosed field: named by its kind alone
                    form = "enclosed-side" if side in area_ports else "enclosed"
                else:
                    form = "side" if side in area_ports else ""
                    where["ports"] = _show_ports(seg.ports)
                    at = loc
                if side in area_ports:
                    self.error("E208", at, form, side=side, **where)
                else:
                    self.error("E208", at, form, **where)

    def is_derived(self, tile: Tile, seg: Segment, geometry: str) -> bool:
        """Whether a field segment was computed rather than written (then it has no loc)."""
        return geometry == "field" and tile.fields_derived and len(self.field_kinds) == 1 \
            and bool(seg.ports)

    def check_fields_cover(self, tile: Tile, owner: list[str | None]) -> None:
        """Every half-side not under an area lies in a field; without a field kind, every
        side shows an area or a path."""
        if not self.field_kinds:
            bare = [P.SIDES[d] for d in range(4)
                    if all(owner[p] is None for p in P.side_positions(d))]
            if bare:
                self.error("E204", tile.loc, "no-field-kind", name=tile.name,
                           sides=", ".join(bare))
            return
        missing = [P.RING[p] for p in range(12) if len(P.RING[p]) == 3 and owner[p] is None]
        if not missing:
            return
        if tile.fields_derived and len(self.field_kinds) > 1:
            self.error("E204", tile.loc, "derived", name=tile.name, places=", ".join(missing),
                       kinds=", ".join(self.field_kinds))
        else:
            self.error("E204", tile.loc, name=tile.name, places=", ".join(missing))

    # --- warnings over all tiles --------------------------------------------------------
    def _fits_any(self, sig: tuple) -> bool:
        """Whether a side shows a kind that ``fits any`` side (an abbey's wall)."""
        return any(k is not None and k in self.kinds and self.kinds[k].fits_any for k in sig)

    def check_side_matches(self, infos: list[_TileInfo]) -> None:
        """W301: a side whose reverse signature no side of any other tile shows, in any
        rotation (a tile never lies against itself: one that is the only tile showing the
        matching side needs a second copy).

        Turning a tile only moves its sides around, so the set of side signatures over all
        tiles and rotations is just the set over all tiles' four sides. ``copies`` counts, per
        signature, the physical tiles showing it (each once), so the check stays linear.
        """
        sets = self.rules_sets()
        sigs_of = []
        copies: dict[tuple, int] = {}
        for info in infos:
            sigs = [tuple(info.owner[q] for q in P.side_positions(d)) for d in range(4)]
            sigs_of.append(sigs)
            for sig in set(sigs):
                copies[sig] = copies.get(sig, 0) + max(info.tile.count, 0) * sets
        for info, sigs in zip(infos, sigs_of, strict=True):
            own = set(sigs)
            lonely = [(P.SIDES[d], sig) for d, sig in enumerate(sigs)
                      if not self._fits_any(sig) and copies.get(tuple(reversed(sig)), 0)
                      - (1 if tuple(reversed(sig)) in own else 0) < 1]
            if lonely:
                shown = "; ".join(f"{side} ({', '.join(k or '-' for k in sig)})"
                                  for side, sig in lonely)
                self.warn("W301", info.tile.loc, name=info.tile.name, sides=shown)

    def check_duplicates(self, infos: list[_TileInfo]) -> None:
        """W302: tile types that are the same up to rotation, unless two variants each
        print theirs (River II's RII08 is River I's R04: two tiles of two boxes)."""
        first: dict[tuple, tuple[str, int]] = {}
        variants = set(self.rules.variants)
        for info in infos:
            key, turn = _canonical(info.tile, self.geometry)
            file = info.tile.loc.file if info.tile.loc is not None else ""
            of_variant = Path(file).stem in variants
            # a variant's own copy of another variant's tile is no duplicate; a copy of the
            # rule set's own tile, or two in one file, are
            key = (key, file) if of_variant and (key, None) not in first else (key, None)
            if key in first:
                name, other_turn = first[key]
                degrees = 90 * ((other_turn - turn) % 4)
                if degrees:
                    self.warn("W302", info.tile.loc, "turned", name=info.tile.name, other=name,
                              degrees=degrees)
                else:
                    self.warn("W302", info.tile.loc, name=info.tile.name, other=name)
            else:
                first[key] = (info.tile.name, turn)


def _canonical(tile: Tile, geometry: dict[str, str]) -> tuple[tuple, int]:
    """The smallest of a tile's four rotated segment multisets, and the rotation giving it.

    Fields touch areas by naming one of the area's ports; which one is immaterial, so a touched
    port is replaced by the whole area it belongs to.
    """
    area_of: dict[str, tuple[str, ...]] = {}
    for seg in tile.segments:
        if geometry.get(seg.kind) == "area":
            for port in seg.ports:
                area_of[port] = seg.ports
    best: tuple | None = None
    best_turn = 0
    for turn in range(4):
        def moved(ports: Iterable[str], turn: int = turn) -> tuple[int, ...]:
            return tuple(sorted(P.rotate_pos(P.INDEX[p], 90 * turn) for p in ports))

        key = tuple(sorted(
            (seg.kind, moved(seg.ports), seg.pennants, tuple(sorted(seg.ends)),
             tuple(sorted(moved(area_of.get(t, (t,))) for t in seg.touches)),
             tuple(sorted(seg.attributes)))
            for seg in tile.segments))
        if best is None or key < best:
            best, best_turn = key, turn
    return best or (), best_turn
