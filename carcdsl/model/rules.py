"""The rule model: what a rule set says, independent of the syntax it was written in.

Both front ends (the language and the JSON form) build these objects; the checker validates them
and the compiler turns a checked rule set into engine tables. Every object is frozen. Constructors
only normalise types: a rule set that makes no sense can still be built, so that the checker can
report every problem with its location instead of stopping at the first.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Union

import attrs

GEOMETRIES: tuple[str, ...] = ("area", "path", "centre", "field")
"""Geometries the engine understands.

- ``area``: covers whole sides (a city); complete when no side is left open.
- ``path``: runs through side middles and ends at terminals or loops (a road).
- ``centre``: sits in the tile centre and is scored over its 3x3 block (a monastery).
- ``field``: made of half-sides, bounded by the other segments (a field); never completes.
"""

END_CONDITIONS: tuple[str, ...] = ("supply-empty", "tile-unplaceable")
"""``supply-empty``: the game ends after the turn that places the last tile.
``tile-unplaceable``: the game also ends as soon as a drawn tile cannot be placed."""


def as_tuple(value: Iterable[Any] | None) -> tuple[Any, ...]:
    """attrs converter: any iterable (None: none) to a tuple, so that rule objects are
    immutable whatever their builders passed."""
    return tuple(value) if value is not None else ()


@attrs.frozen
class Loc:
    """Where something was written: a file and a 1-based line and column, or (in a JSON rule
    set) the JSON path of the object, ``$.tiles[3].segments[1]``."""

    file: str
    line: int = 0
    column: int = 0
    path: str | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}" if self.line else self.file


def _loc_field() -> Loc | None:
    """A location is carried along for messages but never part of an object's value."""
    return attrs.field(default=None, eq=False, repr=False, kw_only=True)


class _Located:
    """Objects whose properties each remember where they were written (``field_locs``)."""

    def loc_of(self, prop: str) -> Loc | None:
        """Where property ``prop`` was written; the object's own location otherwise."""
        return dict(self.field_locs).get(prop, self.loc)  # type: ignore[attr-defined]


# --- scoring expressions -------------------------------------------------------------------

QUANTITIES: dict[str, str] = {
    "tiles": "the number of distinct tiles (and printed squares) the feature covers",
    "pennants": "the pennants (coats of arms) on the feature's segments",
    "neighbours": "the filled squares among the 8 around a centre feature",
    "completed": "completed(KIND): distinct completed features of KIND this feature touches",
    "followers": "the followers standing on the feature",
    "markers": "markers(M): uncovered map squares with marker M next to the feature's tiles",
}
"""Quantities a scoring expression may use; the engine knows how to count each one."""


@attrs.frozen
class Const:
    value: int
    loc: Loc | None = _loc_field()


@attrs.frozen
class Quantity:
    """A count the engine measures on the feature being scored, e.g. ``tiles``."""

    name: str
    arg: str | None = None
    loc: Loc | None = _loc_field()


@attrs.frozen
class Scaled:
    """``factor * quantity`` (or ``quantity * factor``)."""

    factor: int
    term: Expr
    loc: Loc | None = _loc_field()


@attrs.frozen
class Sum:
    terms: tuple[Expr, ...] = attrs.field(converter=as_tuple)
    loc: Loc | None = _loc_field()


@attrs.frozen
class Compare:
    op: str  # one of < <= > >= == !=
    left: Expr
    right: Expr
    loc: Loc | None = _loc_field()


@attrs.frozen
class Cond:
    """``if test then yes else no``."""

    test: Compare
    yes: Expr
    no: Expr
    loc: Loc | None = _loc_field()


Expr = Union[Const, Quantity, Scaled, Sum, Cond]


# --- rule objects --------------------------------------------------------------------------


@attrs.frozen
class FeatureKind(_Located):
    """A kind of feature (road, city, ...), declared by the rule set, never by Python."""

    name: str
    geometry: str
    """One of GEOMETRIES."""
    followers: bool = False
    """Whether a follower may be put on a segment of this kind."""
    pennants: bool = False
    """Whether segments of this kind may carry pennants."""
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
    loc: Loc | None = _loc_field()
    field_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False)
    """Where each property was written (for messages about a single property)."""



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
    loc: Loc | None = _loc_field()
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
    loc: Loc | None = _loc_field()


def supply_key(entry: tuple[int, int, int]) -> str:
    """The ``field_locs`` key of one follower supply by player count (where it was written)."""
    low, high, count = entry
    return f"followers_for:{low}:{high}:{count}"


@attrs.frozen
class Game(_Located):
    """The game as a whole: who plays, with what, and when it ends."""

    title: str = ""
    players: tuple[int, int] = attrs.field(default=(2, 5), converter=as_tuple)
    followers: int = 7
    total_tiles: int | None = None
    """The declared number of tiles, checked against the tile counts."""
    start: str | None = None
    """The start tile's name; it lies at the origin in rotation 0 before the first turn."""
    end: str = "supply-empty"
    followers_by_players: tuple[tuple[int, int, int], ...] = attrs.field(
        default=(), converter=lambda v: tuple(tuple(x) for x in v or ()))
    """(fewest players, most players, followers each): supplies that depend on the count."""
    follower: str | None = None
    """What a follower is called (``meeple``, ``squirrel``)."""
    score_marker: str | None = None
    """What keeps a player's score (``meeple``, ``magpie``)."""
    titles: tuple[tuple[str, str], ...] = attrs.field(
        default=(), converter=lambda v: tuple(tuple(x) for x in v or ()))
    """(language, title): the title in other languages (``names nl { title "..." }``)."""
    loc: Loc | None = _loc_field()
    field_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False)
    """Where each property was written (for messages about a single property)."""

    def title_in(self, lang: str, default_lang: str = "en") -> str:
        """The title in ``lang``: its own translation, else the one in ``default_lang`` (the
        rule set's own language, which a `names en` block may rename), else ``title``."""
        titles = dict(self.titles)
        return titles.get(lang) or titles.get(default_lang) or self.title

    def followers_for(self, players: int) -> int:
        """Followers each player has in a game of ``players``."""
        for low, high, count in self.followers_by_players:
            if low <= players <= high:
                return count
        return self.followers



@attrs.frozen
class Border:
    """A segment printed on a map square's outer side: a tile placed there must match it; it
    counts like a tile of its feature, its coats of arms like pennants, and closes it."""

    side: str
    kind: str
    pennants: int = 0
    name: str | None = None


@attrs.frozen
class Square:
    """A printed map square."""

    x: int
    y: int
    role: str = "square"
    """``square`` (takes a tile), ``start`` (a start area), ``printed`` (a printed feature
    square, e.g. a big city: takes no tile)."""
    name: str | None = None
    """The start area's, marker's or printed feature's name."""
    marker: str | None = None
    """A marker printed on the square (``small-city``)."""
    kind: str | None = None
    """``printed`` squares: the area kind printed on them."""
    pennants: int = 0
    borders: tuple[Border, ...] = attrs.field(default=(), converter=as_tuple)
    loc: Loc | None = _loc_field()


@attrs.frozen
class Board(_Located):
    """Where tiles may go. Without bounds the table is endless."""

    bounds: tuple[int, int] | None = attrs.field(
        default=None, converter=lambda v: tuple(v) if v is not None else None)
    """(width, height) in squares, the start square in the middle (west/north of it when even)."""
    edge_closes: bool = False
    """Area and path sides facing the edge of a bounded board are closed there."""
    edge_neighbours: str = "absent"
    """Centre features at the edge: off-board squares count as ``filled`` neighbours (and are
    counted), or are ``absent`` (neither needed for completion nor counted)."""
    squares: tuple[Square, ...] = attrs.field(default=(), converter=as_tuple)
    """A printed map (empty: no map). Only these squares exist."""
    start_areas: int = 2
    """Map: how many start areas (in legend order) get a tile before the first turn: the start
    tile on the first, a random tile on each other. Unless the rule files say, 2, or 1 on a
    map with one start square."""
    loc: Loc | None = _loc_field()
    field_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False)


    @property
    def markers(self) -> set[str]:
        return {sq.marker for sq in self.squares if sq.marker}

    def area(self) -> tuple[int, int, int, int] | None:
        """(min x, max x, min y, max y), or None when unbounded."""
        if self.bounds is None:
            return None
        w, h = self.bounds
        return (-((w - 1) // 2), w // 2, -((h - 1) // 2), h // 2)


@attrs.frozen
class Supply(_Located):
    """How tiles are drawn."""

    draw: str = "stack"
    """``stack``: a tile that fits nowhere leaves the game. ``bag``: it is set aside and goes
    back into the bag after the next placement; the game ends when the bag is empty."""
    start: str = "placed"
    """``placed``: the start tile lies at the origin before the first turn. ``shuffled``: it is
    shuffled in, and the first tile placed goes on the origin."""
    hand: int = 0
    """Tiles each player holds (0: draw one tile a turn)."""
    hand_visibility: str = "hidden"
    """``open`` or ``hidden``: whether other players see a hand."""
    sets: int = 1
    """Copies of the whole tile set in the supply (the start tile is taken from the first)."""
    loc: Loc | None = _loc_field()
    field_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False)



@attrs.frozen
class Turn(_Located):
    """Turn order."""

    first_player: str = "seat0"
    """``seat0``, or ``draw``: each player draws a tile, the most sides showing
    ``first_player_kind`` starts, ties draw again, the tiles go back."""
    first_player_kind: str | None = None
    loc: Loc | None = _loc_field()
    field_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False)



BOARD_EDGE_NEIGHBOURS: tuple[str, ...] = ("filled", "absent")
DRAW_MODES: tuple[str, ...] = ("stack", "bag")
START_MODES: tuple[str, ...] = ("placed", "shuffled")
HAND_VISIBILITY: tuple[str, ...] = ("open", "hidden")
TRIGGER_CONDITIONS: tuple[str, ...] = ("surrounded", "covers", "shows")
TRIGGER_ACTIONS: tuple[str, ...] = ("extra-turn", "score", "put")


@attrs.frozen
class Token(_Located):
    """Tokens (``nut``): a supply, where they are put at set-up, who holds them."""

    name: str
    supply: int = 0
    each_player: int = 0
    """Given to each player at set-up."""
    start_sides: int = 0
    """Put on each side of the start tile (on its feature there) at set-up."""
    collected: bool = False
    """Tokens on a scored feature go to its scorers (shared out in turn order)."""
    final_points: int = 0
    """Points per token a player holds at the end."""
    loc: Loc | None = _loc_field()
    field_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False)


@attrs.frozen
class Trigger(_Located):
    """``on place CONDITION: ACTION, ...``: what happens when a tile is placed."""

    condition: str
    """``surrounded`` (tiles on all four sides), ``covers`` (a square with marker ``arg``),
    ``shows`` (the tile has a segment of kind ``arg``)."""
    arg: str | None = None
    actions: tuple[tuple, ...] = attrs.field(default=(), converter=as_tuple)
    """(``extra-turn``, None), (``score``, points for the placer) or
    (``put``, (count, token, kind)): tokens onto the placed tile's segment of that kind."""
    loc: Loc | None = _loc_field()
    field_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False,
                                                          kw_only=True)
    """``arg``; ``token:I`` and ``kind:I`` for the I-th action (a ``put``)."""
FIRST_PLAYER: tuple[str, ...] = ("seat0", "draw")


@attrs.frozen
class RuleSet:
    """A fully composed rule set: a base file with its variants applied in order."""

    name: str
    game: Game
    kinds: tuple[FeatureKind, ...] = attrs.field(default=(), converter=as_tuple)
    tiles: tuple[Tile, ...] = attrs.field(default=(), converter=as_tuple)
    landmarks: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    """Things a path may end at that are not features (``village``)."""
    variants: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    """The variants applied, in order."""
    board: Board = attrs.field(factory=Board)
    supply: Supply = attrs.field(factory=Supply)
    turn: Turn = attrs.field(factory=Turn)
    triggers: tuple[Trigger, ...] = attrs.field(default=(), converter=as_tuple)
    tokens: tuple[Token, ...] = attrs.field(default=(), converter=as_tuple)
    names: tuple[tuple[str, tuple[tuple[str, str, str | None], ...]], ...] = attrs.field(
        default=(), converter=lambda v: tuple((lang, tuple(tuple(e) for e in entries))
                                               for lang, entries in v or ()))
    """Per language: (word, singular, plural or None) display names of rule words."""
    names_locs: tuple[tuple[str, str | None, Loc | None], ...] = attrs.field(
        default=(), eq=False, repr=False, converter=as_tuple)
    """Where names were given: (language, None, loc) for each ``names`` block, and
    (language, word, loc) for each word named in the rule set's own files (not in the files
    they extend, which answer for their own names)."""
    open_points: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    """Rules the author has not decided yet (``open "..."``)."""
    notes: tuple[tuple[str, str], ...] = attrs.field(
        default=(), converter=lambda v: tuple(tuple(x) for x in v or ()))
    """(language, text): the author's notes."""
    landmark_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False,
                                                             converter=as_tuple)
    """Where each landmark was declared."""
    loc: Loc | None = _loc_field()
    """Where the rule set starts: the header of its first file."""

    def kind(self, name: str) -> FeatureKind | None:
        for k in self.kinds:
            if k.name == name:
                return k
        return None

    def feature_kind(self, name: str) -> FeatureKind:
        """The kind ``name``, which a checked rule set has (KeyError when it has not)."""
        kind = self.kind(name)
        if kind is None:
            raise KeyError(name)
        return kind

    def tile(self, name: str) -> Tile | None:
        for t in self.tiles:
            if t.name == name:
                return t
        return None

    @property
    def tile_count(self) -> int:
        return sum(t.count for t in self.tiles)
