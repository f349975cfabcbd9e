"""The compiled tables the engine runs on: kinds, oriented tiles, fit tables, the board.

Every tile type in every rotation is an *oriented tile* ``o = 4 * type + rotation // 90``.
Nothing here knows a feature's name beyond carrying it for the engine's output: geometries
and kinds are small ints, scoring expressions are programs (``compile.expr``).
"""

from __future__ import annotations

import operator

import attrs

from carcdsl.compile.expr import Program
from carcdsl.compile.modes import Modes
from carcdsl.geometry.squares import to_xy

AREA, PATH, CENTRE, FIELD = range(4)
GEOMETRY_CODE = {"area": AREA, "path": PATH, "centre": CENTRE, "field": FIELD}
TIES_PRESENCE, TIES_COUNT = 1, 2
TIES_CODE = {"": 0, "presence": TIES_PRESENCE, "count": TIES_COUNT}
"""``breaks ties`` (``FeatureKind.ties``) as ``Kind.ties``."""


@attrs.frozen
class Kind:
    index: int
    name: str
    geometry: int
    followers: bool
    complete: Program | None
    final: Program | None
    """Scoring programs (``compile.expr``) when completed and at the end; None: none."""
    attribute_names: tuple[str, ...] = ()
    """The kind's attributes, in the order of a feature's attribute counts."""
    per_scorer: tuple[bool, bool] = (False, False)
    """Whether ``complete`` / ``final`` measure ``own(F)``: evaluated once per scorer."""
    colour: str | None = None
    """How pictures colour it: ``#rrggbb``; None: the rule set gives none."""
    look: str = ""
    """How pictures draw it: a look of its geometry (``model.looks``), its default when the
    rule set gives none."""
    tile_figures: bool = True
    """False: a tile showing it takes no follower or figure (its spots are compiled empty)."""
    ties: int = 0
    """``breaks ties``: 0 none, ``TIES_PRESENCE`` or ``TIES_COUNT`` (``Tables.high_tiles``)."""


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
    port: str | None
    """How records name a follower on it after its kind: the first port (``N`` in
    ``city:N``, ``NNE`` in ``field:NNE``); None for a centre (``monastery``) or an enclosed
    field (``field``)."""
    attributes: tuple[int, ...] | None = None
    """The segment's count of each of its kind's attributes (None: none)."""
    ends: tuple[int, ...] = ()
    """Paths: what the path ends at on this tile, one entry per closed end: the index of the
    kind it ends at, or -1 for a landmark (pictures draw the path into it)."""


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
    seg_attributes: tuple[tuple[tuple[int, ...] | None, ...], ...]
    """Per o, per segment: its attribute counts (None: none)."""
    attributes: bool
    """Whether some kind has attributes: only then do features keep their counts."""
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
class PrintedTile:
    """An oriented tile made from the map, in the layout of ``compile``'s lists."""

    segments: tuple
    seg_at: tuple[int, ...]
    links: tuple
    side_keys: tuple[tuple | None, ...]
    """Per side: the (left half, middle, right half) kinds, or None for a side that asks
    nothing of its neighbour."""


@attrs.frozen
class BoardTables:
    limited: bool = False
    """Whether some squares are off the board."""
    bounds: tuple[int, int, int, int] | None = None
    """(min x, max x, min y, max y) of a bounded table."""
    squares: frozenset = frozenset()
    """A map's squares that take tiles."""
    map_keys: frozenset = frozenset()
    """Every square of a map, printed ones included."""
    edge_closes: bool = False
    edge_filled: bool = False
    """Centre features: off-board squares count as filled neighbours (reading A)."""
    printed: tuple[tuple[int, int, int], ...] = ()
    """(key, printed tile index, group) placed before the first turn; group -1: no group."""
    groups: tuple[tuple[int, ...], ...] = ()
    """Big cities: the squares of each (a tile next to one of them opens them all)."""
    starts: tuple[int, ...] = (0,)
    """Start areas that get a tile before the first turn, the origin first."""
    markers: dict = attrs.field(factory=dict)
    """Marker name -> frozenset of square keys."""
    group_of: dict = attrs.field(factory=dict)
    """Printed big-city square -> its group."""
    labels: dict = attrs.field(factory=dict)
    """Printed squares and squares with markers -> their names (for drawing the board)."""

    def allows(self, key: int) -> bool:
        """Whether a tile may ever go on square ``key``."""
        if not self.limited:
            return True
        if self.bounds is not None:
            x0, x1, y0, y1 = self.bounds
            x, y = to_xy(key)
            return x0 <= x <= x1 and y0 <= y <= y1
        return key in self.squares

    def exists(self, key: int) -> bool:
        """Whether square ``key`` is part of the board (printed squares included)."""
        if not self.limited:
            return True
        if self.bounds is not None:
            return self.allows(key)
        return key in self.map_keys




@attrs.frozen
class Tables:
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
    modes: Modes = attrs.field(factory=lambda: Modes((2, 2), (0, 0, 0)))
    """Set-up, turn, tokens, ``on place`` rules and end (``compile.modes``)."""
    kind_index: dict = attrs.field(factory=dict)
    """Kind name -> index: how moves that name a feature find its kind."""
    figure_spots: tuple[tuple[tuple[int, ...], ...], ...] = ()
    """Per figure of ``modes.figures``, per oriented tile: the local segments it may stand
    on (``stands on``), before asking whether their features are free."""
    watched_centres: tuple[bool, ...] = ()
    """Per oriented tile: whether it has a centre segment of a kind with ``on complete``
    rules, so that its square is watched from the moment it is placed (a centre with a
    follower on it is watched from then on, rules or not): the rules act when it is
    surrounded, whoever scores it. Empty: no such rule."""
    high_tiles: tuple[bool, ...] = ()
    """Per oriented tile: whether it shows a kind that ``breaks ties``, so that a figure on it
    may break a tie for a feature. Empty: no kind breaks ties."""
    ties: int = 0
    """How such figures break ties: the largest ``Kind.ties`` (count over presence)."""
    wild_sides: tuple[int, ...] = ()
    """Per oriented tile: a bit per side (1 << d) that shows a kind that ``fits any``: it
    fits against any side, joins nothing and closes the feature it faces. Empty: no kind
    fits any."""
    wild_sigs: frozenset[int] = frozenset()
    """The side signatures of such sides: they meet any requirement of a square."""
    fit_cache: dict = attrs.field(factory=dict, eq=False, repr=False)
    """Pattern code -> ``fit_entry``; filled as games meet new neighbourhoods."""

    def fit_entry(self, code: int) -> tuple[tuple[int, ...], ...]:
        """``fits`` for a pattern given as its code (see ``pattern_code``), cached."""
        found = self.fit_cache.get(code)
        if found is None:
            pattern = self.pattern_of(code)
            found = tuple(
                tuple(r for r in self.distinct[t]
                      if all(req < 0 or req == s or s in self.wild_sigs
                             for req, s in zip(pattern, self.sigs[4 * t + r])))
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
        occupied = grown_occupied(masks + bridges, occupied)
        return tuple(i for i in self.spots[o] if not masks[i] & occupied)

    def type_index(self, name: str) -> int | None:
        try:
            return self.type_names.index(name)
        except ValueError:
            return None


def grown_occupied(links: tuple[int, ...], occupied: int) -> int:
    """The positions ``occupied`` grows to when each mask of ``links`` that meets it joins
    it, until nothing changes (at most 12 positions, so a few rounds): what a placement that
    joins features makes occupied."""
    grown = True
    while grown:
        grown = False
        for mask in links:
            if mask & occupied and mask & ~occupied:
                occupied |= mask
                grown = True
    return occupied
