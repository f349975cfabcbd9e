"""Feature kinds, tiles and their segments."""

from __future__ import annotations

import attrs

from carcdsl.model.base import Loc, Located, as_tuple, loc_field
from carcdsl.model.expr import Expr

GEOMETRIES: tuple[str, ...] = ("area", "path", "centre", "field")
ATTRIBUTE_MERGES: tuple[str, ...] = ("count", "flag")
"""Geometries the engine understands.

- ``area``: covers whole sides (a city); complete when no side is left open.
- ``path``: runs through side middles and ends at terminals or loops (a road).
- ``centre``: sits in the tile centre and is scored over its 3x3 block (a monastery).
- ``field``: made of half-sides, bounded by the other segments (a field); never completes.
"""


@attrs.frozen
class FeatureKind(Located):
    """A kind of feature (road, city, ...), declared by the rule set, never by Python."""

    name: str
    geometry: str
    """One of GEOMETRIES."""
    followers: bool = False
    """Whether a follower may be put on a segment of this kind."""
    pennants: bool = False
    """Whether segments of this kind may carry pennants."""
    tile_figures: bool = True
    """False (``tile figures no``): a tile that shows the kind takes no follower or figure
    when it is placed (River II's volcano lake, the volcano of Princess & Dragon)."""
    terminals: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    """Path kinds: the landmarks and kinds at which a path ends (closed ends)."""
    complete: Expr | None = None
    """Points when the feature is completed during play; None: not scored then."""
    final: Expr | None = None
    """Points at final scoring for an incomplete feature with followers; None: nothing."""
    scorers: str = "majority"
    """Who scores: ``majority`` (the players with the most followers; ties all score)."""
    role: str | None = None
    """What a follower on it is called (``highwayman``, ``knight``)."""
    attributes: tuple[tuple[str, str], ...] = attrs.field(
        default=(), converter=lambda v: tuple(tuple(x) for x in v or ()))
    """(name, merge) of each attribute its segments may carry (``attribute inn flag``):
    ``count`` is summed when segments join; ``flag`` reads 1 when any segment has it."""
    complete_extra: tuple[Expr, ...] = attrs.field(default=(), converter=as_tuple)
    """Terms added to ``complete`` (``score complete += ...``), in the order written."""
    final_extra: tuple[Expr, ...] = attrs.field(default=(), converter=as_tuple)
    """Terms added to ``final`` (``score final += ...``)."""
    colour: str | None = None
    """How pictures colour it, as written (``colour "#c98f4a"``, ``colour steelblue``):
    ``#rgb``, ``#rrggbb`` or a CSS colour name (``looks.parse_colour``). None: a colour made
    from its name."""
    look: str | None = None
    """How pictures draw it (``look walls``): one of ``looks.LOOKS`` of its geometry. None:
    its geometry's first look."""
    ties: str = ""
    """``breaks ties``: players tied for the most strength on any feature are narrowed to
    those with a figure that counts standing on a tile that shows this kind (``presence``),
    or with the most such figures (``count``: ``breaks ties by count``); "": it breaks none
    (Hills & Sheep's hills)."""
    followers_anywhere: bool = False
    """``followers anywhere``: ordinary followers stand on it on any placed tile, not only
    on the tile just placed (``followers`` is then True)."""
    followers_with: str | None = None
    """``followers anywhere with F``: only where the feature already holds a figure F,
    whoever's (then never on the tile just placed, which holds nothing yet)."""
    fits_any: bool = False
    """``fits any`` (an area): its sides fit against any side, join no feature and close the
    feature they face, on either side of them (Abbey & Mayor's abbey walls)."""
    loc: Loc | None = loc_field()
    field_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False)
    """Where each property was written (for messages about a single property)."""


TIES = ("presence", "count")
"""How ``breaks ties`` counts a player's figures on tiles showing the kind."""


@attrs.frozen
class Segment:
    """One feature segment of a tile, in the tile's canonical orientation."""

    kind: str
    ports: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    """Sides (``N``), or half-sides (``NNE``) for field segments; empty for centre segments."""
    pennants: int = 0
    ends: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    """Path segments: the terminals (landmark or kind names) the path ends at on this tile."""
    touches: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    """Field segments: one port of each area segment the field touches."""
    attributes: tuple[tuple[str, int], ...] = attrs.field(
        default=(), converter=lambda v: tuple(tuple(x) for x in v or ()))
    """(attribute, amount) the segment carries besides pennants (``inn``, ``wine 2``)."""
    loc: Loc | None = loc_field()
    port_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False,
                                                         kw_only=True, converter=as_tuple)
    """Where each port of ``ports`` and ``touches`` is written (empty when not known), for
    messages."""

    def port_loc(self, port: str) -> Loc | None:
        """Where ``port`` is written in the segment, else the segment's own place."""
        return next((at for name, at in self.port_locs if name == port), self.loc)


@attrs.frozen
class Tile:
    """A tile type: written once, in one canonical orientation."""

    name: str
    count: int
    segments: tuple[Segment, ...] = attrs.field(default=(), converter=as_tuple)
    fields_derived: bool = attrs.field(default=True, eq=False)
    """True when the field segments were computed from the other segments."""
    loc: Loc | None = loc_field()
