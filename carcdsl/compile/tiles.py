"""Checked RuleSet -> engine tables. Compile means precompute.

Every tile type in every rotation becomes an *oriented tile* ``o = 4 * type + rotation // 90``
with: its four side signatures (small ints), which local segment covers each border position,
the connections each side makes to a neighbour, and its follower spots. A fit table maps the
signatures required by a square's neighbours to the rotations of each tile type that fit there;
it is filled lazily and shared by every game of the rule set. ``FastTables`` lays the same facts
out for the engine's hot loop: what a placed tile adds to its neighbours' requirements, where
each segment links, which follower spots stay free when a neighbour's feature is occupied.
Nothing here knows a feature's name: only geometries, kinds by index and scoring closures.
"""

from __future__ import annotations

import operator

import attrs

import carcdsl.model as m
from carcdsl.compile.board import BoardTables, compile_board
from carcdsl.compile.expr import Scorer, compile_expr
from carcdsl.geometry import ports as P

AREA, PATH, CENTRE, FIELD = range(4)
GEOMETRY_CODE = {"area": AREA, "path": PATH, "centre": CENTRE, "field": FIELD}


@attrs.frozen
class Kind:
    index: int
    name: str
    geometry: int
    followers: bool
    complete: Scorer | None
    final: Scorer | None


@attrs.frozen
class LocalSegment:
    """A segment of an oriented tile."""

    kind: int
    geometry: int
    pennants: int
    open_ends: int
    """Side ports that may connect (areas, paths), plus ends that never close."""
    ports: tuple[int, ...]
    """Ring positions after rotation: side middles for areas/paths, half-sides for fields."""
    touches: tuple[int, ...]
    """Fields: local indexes of the area segments the field touches."""
    label: str
    """How records name a follower on it: ``city:N``, ``field:NNE``, ``monastery``."""


@attrs.frozen
class FastTables:
    """Per oriented tile ``o`` (and per tile type ``t``), what placing, joining and checking
    followers need, as flat tuples of small ints, so that the engine's hot loop only indexes.

    Ring positions are bits: ``1 << position`` (0..11, see ``ports``)."""

    sig_bits: int
    """Bits per side in a pattern code (``Tables.pattern_code``)."""
    pattern_bits: tuple[tuple[int, ...], ...]
    """Per o, per side d: what placing o ORs into the pattern code of the square across d."""
    seg_kinds: tuple[tuple[int, ...], ...]
    seg_pennants: tuple[tuple[int, ...], ...]
    seg_open_ends: tuple[tuple[int, ...], ...]
    nones: tuple[tuple[None, ...], ...]
    """Per o, one None per segment (fresh follower counts and member lists)."""
    closable: tuple[tuple[int, ...], ...]
    """Per o, the local segments that may complete when the tile is placed (areas, paths)."""
    centre_spots: tuple[frozenset, ...]
    """Per o, the follower spots on a centre feature (completed by the 8 squares around)."""
    faces: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    """Per o, per side d: (bit, local segment) for each link of o across d, with the bit of
    the facing position on the square across d (for the occupancy mask of that square)."""
    link_mask: tuple[int, ...]
    """Per o, the ring positions where any segment links to a neighbour."""
    seg_link_mask: tuple[tuple[int, ...], ...]
    """Per o, per local segment, the ring positions where it links to a neighbour."""
    seg_links: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    """Per o, per local segment: (side, facing position) of each of its links."""
    free_cache: tuple[dict, ...] = attrs.field(eq=False, repr=False)
    """Per o: occupancy mask -> free follower spots (``Tables.free_spots``)."""
    by_type: tuple[operator.itemgetter, ...] = attrs.field(eq=False, repr=False)
    """Per t, ``itemgetter(t)``: the rotations of t from a fit entry, at C speed."""
    spot_count: tuple[int, ...]
    """Per t, follower spots on the tile (the same in every rotation)."""
    supply: tuple[int, ...]
    """The tile types of the supply before shuffling (the start tile taken out)."""


@attrs.frozen
class Tables:
    rules: m.RuleSet
    kinds: tuple[Kind, ...]
    type_names: tuple[str, ...]
    type_counts: tuple[int, ...]
    start_type: int | None
    sigs: tuple[tuple[int, ...], ...]
    """Per oriented tile: the signature id of each side N, E, S, W."""
    reverse_sig: tuple[int, ...]
    """The signature a neighbour must show on the facing side."""
    segments: tuple[tuple[LocalSegment, ...], ...]
    seg_at: tuple[tuple[int, ...], ...]
    """Per oriented tile: the local segment at each of the 12 border positions, or -1."""
    links: tuple[tuple[tuple[tuple[int, int, bool], ...], ...], ...]
    """Per oriented tile, per side: (local segment, facing position, counts as an open end)."""
    spots: tuple[tuple[int, ...], ...]
    """Per oriented tile: local segments a follower may stand on."""
    centres: tuple[tuple[int, ...], ...]
    canonical: tuple[int, ...]
    """Per oriented tile: the oriented tile with the smallest rotation that looks the same."""
    distinct: tuple[tuple[int, ...], ...]
    """Per tile type: the rotations (0..3) that give different placements."""
    fast: FastTables
    """The same facts laid out for the engine's hot loop."""
    board: BoardTables = attrs.field(factory=BoardTables)
    """Where tiles may go, what the edge does, and what the map prints."""
    printed_from: int = 0
    """Oriented tiles from here on are printed tiles (``board.printed``), not tile types."""
    fit_cache: dict = attrs.field(factory=dict, eq=False, repr=False)
    """Pattern code -> ``fit_entry``; filled as games meet new neighbourhoods."""

    def fits(self, pattern: tuple[int, int, int, int]) -> tuple[tuple[int, ...], ...]:
        """Per tile type, the distinct rotations (0..3) that fit a square whose neighbours
        require ``pattern`` (a signature per side, -1 where there is no neighbour)."""
        return self.fit_entry(self.pattern_code(pattern))

    def fit_entry(self, code: int) -> tuple[tuple[int, ...], ...]:
        """``fits`` for a pattern given as its code (see ``pattern_code``), cached."""
        found = self.fit_cache.get(code)
        if found is None:
            pattern = self.pattern_of(code)
            found = tuple(
                tuple(r for r in self.distinct[t]
                      if all(req < 0 or req == s for req, s in zip(pattern, self.sigs[4 * t + r])))
                for t in range(len(self.type_names)))
            self.fit_cache[code] = found
        return found

    def pattern_code(self, pattern: tuple[int, int, int, int]) -> int:
        """A square's required signatures as one int: side d holds ``signature + 1`` (0: no
        neighbour) in bits ``d * sig_bits`` and up, so placing a neighbour is one ``|``."""
        bits = self.fast.sig_bits
        return sum((s + 1) << (bits * d) for d, s in enumerate(pattern))

    def pattern_of(self, code: int) -> tuple[int, int, int, int]:
        bits = self.fast.sig_bits
        mask = (1 << bits) - 1
        n, e, s, w = (((code >> (bits * d)) & mask) - 1 for d in range(4))
        return n, e, s, w

    def free_spots(self, o: int, occupied: int | tuple[int, tuple[int, ...]]) -> tuple[int, ...]:
        """The follower spots of oriented tile ``o`` whose features would have no follower
        once ``o`` is placed, given ``State._occupied`` of the square: the ring positions
        where a neighbour's feature has followers, and (when any) the positions where one
        empty neighbour feature meets the square more than once."""
        fast = self.fast
        cache = fast.free_cache[o]
        if isinstance(occupied, int):
            occupied &= fast.link_mask[o]
            found = cache.get(occupied)
            if found is None:
                masks = fast.seg_link_mask[o]
                found = cache[occupied] = tuple(i for i in self.spots[o]
                                                if not masks[i] & occupied)
            return found
        found = cache.get(occupied)
        if found is None:
            found = cache[occupied] = self._free_spots_joined(o, *occupied)
        return found

    def _free_spots_joined(self, o: int, occupied: int,
                           bridges: tuple[int, ...]) -> tuple[int, ...]:
        """``free_spots`` when placing ``o`` may join features: a segment that meets an
        occupied feature takes every feature it meets into it, and so on until nothing
        changes (at most 12 positions, so a few rounds)."""
        masks = self.fast.seg_link_mask[o]
        joined = masks + bridges
        grown = True
        while grown:
            grown = False
            for mask in joined:
                if mask & occupied and mask & ~occupied:
                    occupied |= mask
                    grown = True
        return tuple(i for i in self.spots[o] if not masks[i] & occupied)

    def type_index(self, name: str) -> int | None:
        try:
            return self.type_names.index(name)
        except ValueError:
            return None


def _kinds(rules: m.RuleSet) -> tuple[Kind, ...]:
    kinds = []
    for i, k in enumerate(rules.kinds):
        kinds.append(Kind(i, k.name, GEOMETRY_CODE[k.geometry], k.followers,
                          compile_expr(k.complete) if k.complete is not None else None,
                          compile_expr(k.final) if k.final is not None else None))
    return tuple(kinds)


def _merge_pass_through(tile: m.Tile, rules: m.RuleSet) -> list[m.Segment]:
    """Paths that end at something their kind does not end at run on through it: the
    segments meeting there on this tile become one (a road past a tree, when trees do not
    end roads). Other segments are returned unchanged."""
    result: list[m.Segment] = []
    passing: dict[tuple[str, str], int] = {}
    for seg in tile.segments:
        kind = rules.kind(seg.kind)
        stops = [e for e in seg.ends if kind is not None and e in kind.terminals]
        through = [e for e in seg.ends if e not in stops]
        if kind is None or kind.geometry != "path" or not through:
            result.append(seg)
            continue
        key = (seg.kind, through[0])
        if key in passing:
            i = passing[key]
            prev = result[i]
            result[i] = m.Segment(seg.kind, prev.ports + seg.ports, prev.pennants + seg.pennants,
                                  prev.ends + tuple(stops))
        else:
            passing[key] = len(result)
            result.append(m.Segment(seg.kind, seg.ports, seg.pennants, tuple(stops)))
    return result


def _orient(tile: m.Tile, rules: m.RuleSet, kind_index: dict, rotation: int):
    segs = _merge_pass_through(tile, rules)
    at = [-1] * 12
    local = []
    area_local = {}
    for i, seg in enumerate(segs):
        geometry = GEOMETRY_CODE[rules.feature_kind(seg.kind).geometry]
        turned = [P.rotate_pos(P.INDEX[p], rotation) for p in seg.ports]
        if geometry == AREA:
            for pos in turned:
                for q in P.side_positions(P.side_of(pos)):
                    at[q] = i
            for port in seg.ports:
                area_local[port] = i
        elif geometry in (PATH, FIELD):
            for pos in turned:
                at[pos] = i
        local.append((seg, geometry, tuple(sorted(turned))))
    out = []
    for seg, geometry, positions in local:
        kind = rules.feature_kind(seg.kind)
        open_ends = 0
        if geometry in (AREA, PATH):
            open_ends = len(positions)
            if geometry == PATH:
                closed = sum(1 for e in seg.ends if e in kind.terminals)
                open_ends += max(0, 2 - len(positions) - closed) if len(positions) < 2 else 0
        touches = tuple(area_local[t] for t in seg.touches if t in area_local)
        if geometry == CENTRE:
            label = seg.kind
        else:
            first = min(positions, key=lambda p: (P.side_of(p), p)) if geometry != FIELD \
                else positions[0]
            label = f"{seg.kind}:{P.RING[first]}"
        out.append(LocalSegment(kind_index[seg.kind], geometry, seg.pennants, open_ends,
                                positions, touches, label))
    return out, at


def _look(segments: list[LocalSegment]) -> frozenset:
    """What an oriented tile looks like, for spotting rotations that change nothing."""
    return frozenset((s.kind, s.ports, s.pennants, s.open_ends) for s in segments)


def compile_rules(rules: m.RuleSet) -> Tables:
    """Compile a checked rule set. The rule set must have passed the checker."""
    kinds = _kinds(rules)
    kind_index = {k.name: k.index for k in kinds}
    sig_ids: dict[tuple, int] = {}
    sigs, segments, seg_at, links, spots, centres, canonical, distinct = ([] for _ in range(8))
    for t, tile in enumerate(rules.tiles):
        looks: dict[frozenset, int] = {}
        rotations = []
        for r in range(4):
            local, at = _orient(tile, rules, kind_index, 90 * r)
            side_sigs = []
            for d in range(4):
                key = tuple(local[at[q]].kind if at[q] >= 0 else -1 for q in P.side_positions(d))
                side_sigs.append(sig_ids.setdefault(key, len(sig_ids)))
            sigs.append(tuple(side_sigs))
            segments.append(tuple(local))
            seg_at.append(tuple(at))
            side_links = []
            for d in range(4):
                here = []
                for q in P.side_positions(d):
                    i = at[q]
                    if i < 0:
                        continue
                    g = local[i].geometry
                    if g == FIELD and len(P.RING[q]) == 3 or g in (AREA, PATH) and q == P.middle(d):
                        here.append((i, P.facing(q), g in (AREA, PATH)))
                side_links.append(tuple(here))
            links.append(tuple(side_links))
            spots.append(tuple(i for i, s in enumerate(local) if kinds[s.kind].followers))
            centres.append(tuple(i for i, s in enumerate(local) if s.geometry == CENTRE))
            look = _look(local)
            first = looks.setdefault(look, r)
            canonical.append(4 * t + first)
            if first == r:
                rotations.append(r)
        distinct.append(tuple(rotations))
    printed_from = len(sigs)
    field_kinds = [k.index for k in kinds if k.geometry == FIELD]
    board, printed = compile_board(rules, kind_index,
                                   field_kinds[0] if len(field_kinds) == 1 else None)
    neutral = set()
    for pt in printed:
        o = len(sigs)
        side_sigs = []
        for d, side_key in enumerate(pt.side_keys):
            if side_key is None:
                neutral.add((o, d))
                side_key = (-1, -1, -1)
            side_sigs.append(sig_ids.setdefault(side_key, len(sig_ids)))
        sigs.append(tuple(side_sigs))
        segments.append(pt.segments)
        seg_at.append(pt.seg_at)
        links.append(pt.links)
        spots.append(())
        centres.append(())
        canonical.append(o)
    for key in list(sig_ids):
        sig_ids.setdefault(tuple(reversed(key)), len(sig_ids))
    reverse = [0] * len(sig_ids)
    for key, i in sig_ids.items():
        reverse[i] = sig_ids[tuple(reversed(key))]
    start = rules.game.start
    type_counts = tuple(t.count for t in rules.tiles)
    start_type = next((i for i, t in enumerate(rules.tiles) if t.name == start), None)
    sets = rules.supply.sets if isinstance(rules.supply.sets, int) else 1
    fast = _fast_tables(sigs, reverse, segments, links, spots, type_counts, start_type,
                        neutral, sets)
    return Tables(
        rules, kinds, tuple(t.name for t in rules.tiles), type_counts, start_type,
        tuple(sigs), tuple(reverse), tuple(segments), tuple(seg_at), tuple(links),
        tuple(spots), tuple(centres), tuple(canonical), tuple(distinct), fast,
        board, printed_from)


def _fast_tables(sigs, reverse, segments, links, spots, type_counts, start_type,
                 neutral=frozenset(), sets=1) -> FastTables:
    """Derive the hot-loop tables from the per-oriented-tile lists of ``compile_rules``.
    ``neutral``: (oriented tile, side) pairs that ask nothing of the square across."""
    sig_bits = max(1, len(reverse).bit_length())
    pattern_bits = tuple(
        tuple(0 if (o, d) in neutral else (reverse[sig[d]] + 1) << (sig_bits * ((d + 2) % 4))
              for d in range(4))
        for o, sig in enumerate(sigs))
    seg_link_mask, seg_links = [], []
    for o, local in enumerate(segments):
        masks = [0] * len(local)
        per_seg: list[list[tuple[int, int]]] = [[] for _ in local]
        for d, side_links in enumerate(links[o]):
            for i, fpos, _ in side_links:
                masks[i] |= 1 << P.facing(fpos)  # the link's own position
                per_seg[i].append((d, fpos))
        seg_link_mask.append(tuple(masks))
        seg_links.append(tuple(tuple(x) for x in per_seg))
    supply = [t for t, c in enumerate(type_counts) for _ in range(max(c, 0) * sets)]
    if start_type is not None:
        supply.remove(start_type)
    return FastTables(
        sig_bits=sig_bits, pattern_bits=pattern_bits,
        seg_kinds=tuple(tuple(s.kind for s in local) for local in segments),
        seg_pennants=tuple(tuple(s.pennants for s in local) for local in segments),
        seg_open_ends=tuple(tuple(s.open_ends for s in local) for local in segments),
        nones=tuple((None,) * len(local) for local in segments),
        closable=tuple(tuple(i for i, s in enumerate(local) if s.geometry in (AREA, PATH))
                       for local in segments),
        centre_spots=tuple(frozenset(i for i in spots[o] if segments[o][i].geometry == CENTRE)
                           for o in range(len(segments))),
        faces=tuple(tuple(tuple((1 << fpos, i) for i, fpos, _ in side) for side in per_o)
                    for per_o in links),
        link_mask=tuple(_or(masks) for masks in seg_link_mask),
        seg_link_mask=tuple(seg_link_mask), seg_links=tuple(seg_links),
        free_cache=tuple({} for _ in segments),
        by_type=tuple(operator.itemgetter(t) for t in range(len(type_counts))),
        spot_count=tuple(len(spots[4 * t]) for t in range(len(type_counts))),
        supply=tuple(supply))


def _or(masks) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out
