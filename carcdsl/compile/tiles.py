"""Checked RuleSet -> engine tables (``compile.tables``). Compile means precompute.

Every tile type in every rotation becomes an oriented tile with: its four side signatures
(small ints), which local segment covers each border position, the connections each side
makes to a neighbour, and its follower spots. A fit table maps the signatures required by a
square's neighbours to the rotations of each tile type that fit there; it is filled lazily
and shared by every game of the rule set. ``FastTables`` lays the same facts out for the
engine's hot loop.
"""

from __future__ import annotations

import operator

import carcdsl.model as m
from carcdsl.compile.board import compile_board
from carcdsl.compile.expr import OWN, Program, compile_expr, uses
from carcdsl.compile.modes import Modes, compile_modes
from carcdsl.compile.tables import (
    AREA,
    CENTRE,
    FIELD,
    GEOMETRY_CODE,
    PATH,
    TIES_CODE,
    FastTables,
    Kind,
    LocalSegment,
    PrintedTile,
    Tables,
)
from carcdsl.geometry import ports as P


def _kinds(rules: m.RuleSet) -> tuple[Kind, ...]:
    index = {k.name: i for i, k in enumerate(rules.kinds)}
    figure_index = {f.name: i for i, f in enumerate(rules.figures)}
    kinds = []
    for i, k in enumerate(rules.kinds):
        attributes = {name: (j, merge == "flag") for j, (name, merge) in enumerate(k.attributes)}
        programs: list[Program | None] = []
        for main, extra in ((k.complete, k.complete_extra), (k.final, k.final_extra)):
            terms = ([main] if main is not None else []) + list(extra)
            expr = terms[0] if len(terms) == 1 else m.Sum(terms) if terms else None
            programs.append(compile_expr(expr, index, attributes, figure_index)
                            if expr is not None else None)
        complete, final = programs
        kinds.append(Kind(i, k.name, GEOMETRY_CODE[k.geometry],
                          k.followers and not k.followers_with,  # with F: elsewhere only
                          complete, final,
                          tuple(name for name, _ in k.attributes),
                          (uses(complete, OWN), uses(final, OWN)),
                          m.parse_colour(k.colour) if k.colour is not None else None,
                          k.look or m.default_look(k.geometry), k.tile_figures,
                          TIES_CODE.get(k.ties, 0)))
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
                                  prev.ends + tuple(stops),
                                  attributes=prev.attributes + seg.attributes)
        else:
            passing[key] = len(result)
            result.append(m.Segment(seg.kind, seg.ports, seg.pennants, tuple(stops),
                                    attributes=seg.attributes))
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
            for name in seg.ports:
                area_local[name] = i
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
        touches = tuple(dict.fromkeys(area_local[t] for t in seg.touches if t in area_local))
        port: str | None = None
        if geometry != CENTRE and positions:  # no positions: an enclosed field
            first = min(positions, key=lambda p: (P.side_of(p), p)) if geometry != FIELD \
                else positions[0]
            port = P.RING[first]
        ends = tuple(kind_index.get(e, -1) for e in seg.ends if e in kind.terminals) \
            if geometry == PATH else ()
        out.append(LocalSegment(kind_index[seg.kind], geometry, seg.pennants, open_ends,
                                positions, touches, port, _attribute_counts(seg, kind), ends))
    return out, at


def _attribute_counts(seg: m.Segment, kind: m.FeatureKind) -> tuple[int, ...] | None:
    """The segment's count of each attribute of its kind, in the kind's order."""
    if not seg.attributes:
        return None
    counts = [0] * len(kind.attributes)
    names = [name for name, _ in kind.attributes]
    for name, amount in seg.attributes:
        counts[names.index(name)] += amount
    return tuple(counts)


def _look(segments: list[LocalSegment]) -> frozenset:
    """What an oriented tile looks like, for spotting rotations that change nothing."""
    return frozenset((s.kind, s.ports, s.pennants, s.open_ends, s.attributes)
                     for s in segments)


class _Oriented:
    """The per-oriented-tile lists ``Tables`` is made of, filled tile type by tile type and
    then with the map's printed tiles; side signatures get ids as they are first seen."""

    def __init__(self) -> None:
        self.sig_ids: dict[tuple, int] = {}
        self.sigs: list[tuple[int, ...]] = []
        self.segments: list[tuple[LocalSegment, ...]] = []
        self.seg_at: list[tuple[int, ...]] = []
        self.links: list[tuple] = []
        self.spots: list[tuple[int, ...]] = []
        self.centres: list[tuple[int, ...]] = []
        self.canonical: list[int] = []
        self.distinct: list[tuple[int, ...]] = []
        self.neutral: set[tuple[int, int]] = set()
        """(oriented tile, side) pairs that ask nothing of the square across: a printed
        tile's, and sides that fit any (``wild``)."""
        self.wild: list[int] = []
        """Per oriented tile, a bit per side showing a kind that ``fits any``."""
        self.wild_kinds: set[str] = set()

    def sig(self, key: tuple) -> int:
        return self.sig_ids.setdefault(key, len(self.sig_ids))

    def add_type(self, t: int, tile: m.Tile, rules: m.RuleSet, kinds: tuple[Kind, ...],
                 kind_index: dict[str, int]) -> None:
        """Tile type ``t`` in its four rotations; rotations that look the same as an
        earlier one are not ``distinct``."""
        looks: dict[frozenset, int] = {}
        rotations = []
        # a tile showing a kind with `tile figures no` takes no follower or figure
        takes = all(rules.feature_kind(s.kind).tile_figures for s in tile.segments)
        for r in range(4):
            local, at = _orient(tile, rules, kind_index, 90 * r)
            wild = 0
            for d in range(4):
                i = at[P.middle(d)]
                if i >= 0 and kinds[local[i].kind].name in self.wild_kinds:
                    wild |= 1 << d
                    self.neutral.add((len(self.sigs), d))
            self.wild.append(wild)
            self.sigs.append(tuple(
                self.sig(("any",) if wild >> d & 1 else
                         tuple(local[at[q]].kind if at[q] >= 0 else -1
                               for q in P.side_positions(d))) for d in range(4)))
            self.segments.append(tuple(local))
            self.seg_at.append(tuple(at))
            self.links.append(tuple(() if wild >> d & 1 else _side_links(local, at, d)
                                    for d in range(4)))
            self.spots.append(tuple(i for i, s in enumerate(local)
                                    if takes and kinds[s.kind].followers))
            self.centres.append(tuple(i for i, s in enumerate(local) if s.geometry == CENTRE))
            first = looks.setdefault(_look(local), r)
            self.canonical.append(4 * t + first)
            if first == r:
                rotations.append(r)
        self.distinct.append(tuple(rotations))

    def add_printed(self, pt: PrintedTile) -> None:
        o = len(self.sigs)
        side_sigs = []
        for d, side_key in enumerate(pt.side_keys):
            if side_key is None:
                self.neutral.add((o, d))
                side_key = (-1, -1, -1)
            side_sigs.append(self.sig(side_key))
        self.sigs.append(tuple(side_sigs))
        self.segments.append(pt.segments)
        self.seg_at.append(pt.seg_at)
        self.links.append(pt.links)
        self.spots.append(())
        self.centres.append(())
        self.canonical.append(o)
        self.wild.append(0)

    def reverse(self) -> list[int]:
        """Per signature id, the signature a neighbour must show on the facing side."""
        for key in list(self.sig_ids):
            self.sig(tuple(reversed(key)))
        reverse = [0] * len(self.sig_ids)
        for key, i in self.sig_ids.items():
            reverse[i] = self.sig_ids[tuple(reversed(key))]
        return reverse


def _side_links(local: list[LocalSegment], at: list[int], d: int) -> tuple:
    """(local segment, facing position, counts as an open end) of each link across side
    ``d``: an area's or path's side middle, a field's half-sides."""
    here = []
    for q in P.side_positions(d):
        i = at[q]
        if i < 0:
            continue
        g = local[i].geometry
        if g == FIELD and len(P.RING[q]) == 3 or g in (AREA, PATH) and q == P.middle(d):
            here.append((i, P.facing(q), g in (AREA, PATH)))
    return tuple(here)


def compile_rules(rules: m.RuleSet) -> Tables:
    """Compile a checked rule set. The rule set must have passed the checker."""
    kinds = _kinds(rules)
    kind_index = {k.name: k.index for k in kinds}
    out = _Oriented()
    out.wild_kinds = {k.name for k in rules.kinds if k.fits_any}
    for t, tile in enumerate(rules.tiles):
        out.add_type(t, tile, rules, kinds, kind_index)
    printed_from = len(out.sigs)
    field_kinds = [k.index for k in kinds if k.geometry == FIELD]
    board, printed = compile_board(rules, kind_index,
                                   field_kinds[0] if len(field_kinds) == 1 else None)
    for pt in printed:
        out.add_printed(pt)
    reverse = out.reverse()
    type_counts = tuple(t.count for t in rules.tiles)
    start_type = next((i for i, t in enumerate(rules.tiles) if t.name == rules.game.start),
                      None)
    modes = compile_modes(rules, kind_index)
    sets = rules.supply.sets if isinstance(rules.supply.sets, int) else 1
    fast = _fast_tables(out.sigs, reverse, out.segments, out.links, out.spots, type_counts,
                        start_type, out.neutral, sets, any(k.attributes for k in rules.kinds))
    return Tables(
        kinds, tuple(t.name for t in rules.tiles), type_counts, start_type,
        tuple(out.sigs), tuple(reverse), tuple(out.segments), tuple(out.seg_at),
        tuple(out.links), tuple(out.spots), tuple(out.centres), tuple(out.canonical),
        tuple(out.distinct), fast, board, printed_from, modes, kind_index,
        figure_spots=_figure_spots(rules, kinds, out.segments),
        watched_centres=_watched_centres(modes, out.segments),
        high_tiles=_high_tiles(kinds, out.segments), ties=max((k.ties for k in kinds), default=0),
        wild_sides=tuple(out.wild) if any(out.wild) else (),
        wild_sigs=frozenset({out.sig_ids[("any",)]} if ("any",) in out.sig_ids else ()))


def _high_tiles(kinds: tuple[Kind, ...], segments: list[tuple[LocalSegment, ...]]
                ) -> tuple[bool, ...]:
    """Per oriented tile: whether it shows a kind that breaks ties (``Tables.high_tiles``);
    empty when no kind does."""
    high = {k.index for k in kinds if k.ties}
    return tuple(any(s.kind in high for s in local) for local in segments) if high else ()


def _watched_centres(modes: Modes, segments: list[tuple[LocalSegment, ...]]
                     ) -> tuple[bool, ...]:
    """Per oriented tile: whether it has a centre of a kind some ``on complete`` rule names
    (``Tables.watched_centres``); empty when no rule names a centre kind."""
    kinds = {rule.kind for rule in modes.on_complete}
    flags = tuple(any(s.geometry == CENTRE and s.kind in kinds for s in local)
                  for local in segments)
    return flags if any(flags) else ()


def _figure_spots(rules: m.RuleSet, kinds: tuple[Kind, ...],
                  segments: list[tuple[LocalSegment, ...]]) -> tuple:
    """Per figure, per oriented tile: the local segments of the kinds it stands on (by
    default, those an ordinary follower may stand on)."""
    out = []
    banning = {k.index for k in kinds if not rules.feature_kind(k.name).tile_figures}
    for figure in rules.figures:
        allowed = {k.index for k in kinds if (k.name in figure.stands_on
                                              if figure.stands_on is not None
                                              else k.followers)}
        out.append(tuple(() if any(s.kind in banning for s in local) else
                         tuple(i for i, s in enumerate(local) if s.kind in allowed)
                         for local in segments))
    return tuple(out)


def _fast_tables(sigs, reverse, segments, links, spots, type_counts, start_type,
                 neutral=frozenset(), sets=1, attributes=False) -> FastTables:
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
        seg_attributes=tuple(tuple(s.attributes for s in local) for local in segments),
        attributes=attributes,
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
