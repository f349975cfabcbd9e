"""The rule model: what a rule set says, independent of the syntax it was written in.

Both front ends (the language and the JSON form) build these objects; the checker validates them
and the compiler turns a checked rule set into engine tables. Every object is frozen. Constructors
only normalise types: a rule set that makes no sense can still be built, so that the checker can
report every problem with its location instead of stopping at the first.
"""

from __future__ import annotations

from typing import Any

import attrs

from carcdsl.model.base import Loc, Located, as_tuple, loc_field
from carcdsl.model.expr import Expr, expr_text
from carcdsl.model.tiles import FeatureKind, Tile

END_CONDITIONS: tuple[str, ...] = ("supply-empty", "tile-unplaceable")
"""``supply-empty``: the game ends after the turn that places the last tile.
``tile-unplaceable``: the game also ends as soon as a drawn tile cannot be placed."""


def supply_key(entry: tuple[int, int, int], prop: str = "followers_for") -> str:
    """The ``field_locs`` key of one supply by player count (where it was written): the
    game's followers, or a figure's (``prop`` ``each_player_for``)."""
    low, high, count = entry
    return f"{prop}:{low}:{high}:{count}"


@attrs.frozen
class Game(Located):
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
    ransom: int = 0
    """``ransom N``: once in their turn, before placing the tile, a player may pay N points
    to a player who holds one of their figures (captured) and take it back; 0: no ransom."""
    titles: tuple[tuple[str, str], ...] = attrs.field(
        default=(), converter=lambda v: tuple(tuple(x) for x in v or ()))
    """(language, title): the title in other languages (``names nl { title "..." }``)."""
    loc: Loc | None = loc_field()
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
    loc: Loc | None = loc_field()


@attrs.frozen
class Board(Located):
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
    loc: Loc | None = loc_field()
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
class Supply(Located):
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
    order: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    """``order river, lake, rest``: the tile groups drawn in this order, each shuffled on its
    own (``rest``: every tile in no group; left out, it comes last). Empty: one pile."""
    hold: tuple[str, str] | None = attrs.field(
        default=None, converter=lambda v: tuple(v) if v is not None else None)
    """``hold back K until F``: (K, F): a tile showing kind K drawn while the neutral figure
    F is off the board is set aside; once F comes on, those go back into the pile at random
    places."""
    owned: tuple[tuple[str, int], ...] = attrs.field(
        default=(), converter=lambda v: tuple(tuple(x) for x in v or ()))
    """``each player owns N TILE, ...``: (tile, N): tiles each player holds from the start
    and may play instead of drawing one (Abbey & Mayor's abbey); once the pile is empty,
    each player still holding one has a last turn to play it, in turn order."""
    loc: Loc | None = loc_field()
    field_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False)



@attrs.frozen
class Turn(Located):
    """Turn order."""

    first_player: str = "seat0"
    """``seat0``, or ``draw``: each player draws a tile, the most sides showing
    ``first_player_kind`` starts, ties draw again, the tiles go back."""
    first_player_kind: str | None = None
    loc: Loc | None = loc_field()
    field_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False)



BOARD_EDGE_NEIGHBOURS: tuple[str, ...] = ("filled", "absent")
DRAW_MODES: tuple[str, ...] = ("stack", "bag")
START_MODES: tuple[str, ...] = ("placed", "shuffled")
HAND_VISIBILITY: tuple[str, ...] = ("open", "hidden")
TRIGGER_CONDITIONS: tuple[str, ...] = ("surrounded", "covers", "shows", "extends", "complete")
TRIGGER_ACTIONS: tuple[str, ...] = ("extra-turn", "score", "put", "take", "require", "hide",
                                    "draw", "return", "score-to", "choose")
REQUIREMENTS: tuple[str, ...] = ("joins", "no-repeat", "look-ahead", "apart", "at-most",
                                 "at-least", "surrounded")
"""``at-most``/``at-least`` (``require at most 1 monastery around``): how many of the 8 tiles
around the placed one may or must show the kind; the count is the requirement's distance.
``surrounded`` (``require surrounded``): placed tiles on all four sides (a hole); no kind."""
"""Tests a placement must pass (``require TEST KIND``): ``joins`` (one of the tile's KIND sides
faces a placed tile), ``no-repeat`` (a KIND path never turns the same way as the previous
turn of a KIND path), ``look-ahead`` (the squares ahead of each open KIND end, and beside
them, are empty for N squares, 2 unless given), ``apart`` (no two of the tile's KIND sides face
ends of one feature: the tile never joins a KIND feature to itself, as River II's two arms)."""
REST_GROUP = "rest"
"""The group of every tile in no ``group`` (``supply { order ... rest }``)."""
OWN_FOLLOWER = "follower"
"""``with own follower`` / ``own(follower)``: any of the player's figures that count."""


@attrs.frozen
class Token(Located):
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
    most_points: int = 0
    """``score final most N``: N to each player holding the most of them (at least one)."""
    final_expr: Expr | None = None
    """``score final = EXPR``: the points of a player holding ``tokens`` of them at the end
    (tiers: ``if tokens >= 4 then 2 * tokens else tokens``); None: ``final_points`` each."""
    bag: str | None = None
    """``bag NAME``: its supply is drawn from at random, with the other kinds of that bag
    (``draw NAME``, weighted by the tokens left of each)."""
    worth: int = 1
    """What one token counts for ``score BAG to F`` (a sheep token of 3: 3)."""
    loc: Loc | None = loc_field()
    field_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False)


@attrs.frozen
class Trigger(Located):
    """``on place CONDITION: ACTION, ...``: what happens when a tile is placed."""

    condition: str
    """``on place``: ``surrounded`` (tiles on all four sides), ``covers`` (a square with
    marker ``arg``), ``shows`` (the tile has a segment of kind ``arg``), ``extends`` (the tile
    joins a feature of a kind of ``kinds`` that already held the placer's figure ``arg``, put
    there on another tile; anyone's without ``own``). ``complete``: ``on complete KIND``
    (``arg``), once for each feature of that kind the placement completes. ``final``: ``on
    final KIND`` (``arg``), for each feature of the kind at final scoring. ``scored``: ``on
    scored F`` (``arg``), a feature holding a figure F scored on completion during the game;
    its one action, (``move-within``, (F, N, kinds)), lets each such F go on
    (``engine.moving``)."""
    arg: str | None = None
    actions: tuple[tuple, ...] = attrs.field(default=(), converter=as_tuple)
    """(``extra-turn``, None), (``score``, points for the placer),
    (``put``, (count, token, kind)): tokens onto the placed tile's segment of that kind,
    (``take``, token): the placer takes as many tokens as the completed feature's attribute
    of that name, (``require``, (test, kind, distance or None)): see REQUIREMENTS,
    (``hide``, count): the last tiles of the draw pile leave the game unseen,
    (``score-most``, (expr, figure)): the expression measured on the rule's feature, to the
    players with the most of the figure on it (``follower``: by strength)."""
    kinds: tuple[str, ...] = attrs.field(default=(), converter=as_tuple, kw_only=True)
    """``extends``: the kinds of feature meant."""
    attribute: str | None = attrs.field(default=None, kw_only=True)
    """``shows KIND ATTRIBUTE``: the segment of that kind must carry that attribute."""
    own: bool = attrs.field(default=True, kw_only=True)
    """``extends``: the figure must be the placer's (``with own F``); False: anyone's
    (``with F``)."""
    loc: Loc | None = loc_field()
    field_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False,
                                                          kw_only=True)
    """``arg``; ``token:I`` and ``kind:I`` for the I-th action (a ``put``)."""

    def text(self) -> str:
        """The rule as the language writes it: ``on place shows hill: hide 1 tile``."""
        condition, arg = self.condition, self.arg
        if condition in ("complete", "figure", "draw", "enter", "scored", "final"):
            head = f"on {condition} {arg}"
        elif condition in ("turn-beside", "score-beside"):
            head = f"on {condition.replace('-', ' ')} {arg}"
        elif condition == "extends":
            head = (f"on place extends {', '.join(self.kinds)} with "
                    f"{'own ' if self.own else ''}{arg}")
        else:
            head = f"on place {condition}" + (f" {arg}" if arg is not None else "") + (
                f" {self.attribute}" if self.attribute else "")
        return f"{head}: {', '.join(_action_text(a, v) for a, v in self.actions)}"


def _action_text(action: str, value: Any) -> str:
    if action == "extra-turn":
        return "extra turn"
    if action == "put":
        count, token, kind = value
        return f"put {count} {token} on {kind}"
    if action == "require":
        test, kind, distance = value
        if test in ("at-most", "at-least"):
            return f"require at {test[3:]} {distance} {kind} around"
        if test == "surrounded":
            return "require surrounded"
        return f"require {test} {kind}" + (f" {distance}" if distance is not None else "")
    if action == "hide":
        return f"hide {value} tile{'' if value == 1 else 's'}"
    if action == "score-to":
        return f"score {value[0]} to {value[1]}"
    if action == "score-most":
        return f"score {expr_text(value[0])} to most {value[1]}"
    if action == "move-here":
        return f"move {value} here"
    if action == "walk":
        return f"walk {value[0]} {value[1]}"
    if action == "return-here":
        return "return figures here"
    if action == "move-within":
        return f"move {value[0]} within {value[1]} to {', '.join(value[2])}"
    if action == "instead-return":
        return f"instead return {value}"
    if action == "place-anywhere":
        return f"place {value} anywhere"
    if action == "capture":
        figures, reach = value
        return f"capture {', '.join(figures)} in line {expr_text(reach)}"
    if action == "choose":
        return "choose " + " or ".join(
            f"{name}: " + (_action_text(*acts[0]) if len(acts) == 1 else
                           "(" + ", ".join(_action_text(a, v) for a, v in acts) + ")")
            for name, acts in value)
    return f"{action} {value}"  # score N, take TOKEN


FIRST_PLAYER: tuple[str, ...] = ("seat0", "draw")


@attrs.frozen
class Figure(Located):
    """A kind of figure besides the ordinary follower (``figure abbot { ... }``)."""

    name: str
    each_player: int = 1
    strength: int = 1
    """What it adds to its owner's count when the most followers score (0: never counts and
    never occupies a feature)."""
    stands_on: tuple[str, ...] | None = attrs.field(
        default=None, converter=lambda v: tuple(v) if v is not None else None)
    """The kinds it may stand on; None: wherever an ordinary follower may."""
    needs: str | None = None
    """``with own follower``: only on a feature that holds the player's figure ``needs``
    (``follower``: any that counts)."""
    recall: str | None = None
    """``recall`` (``none``) or ``recall score final`` (``final``): instead of placing a
    figure, the player may take this one back; its feature scores its final rule for them."""
    strength_expr: Expr | None = None
    """``strength = EXPR``: its strength on a feature is the expression measured on that
    feature when the majority is decided (the mayor: ``strength = pennants``); it occupies
    the feature as a figure that counts does. None: ``strength``, a number."""
    excludes: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    """``excludes F, ...``: never placed on a feature that holds a figure of one of these
    kinds, whoever's (``follower``: an ordinary follower); a shepherd ``excludes shepherd``."""
    anywhere: bool = False
    """``anywhere``: it may go on a segment of any placed tile, not only the tile just placed
    (``stands on``, ``excludes`` and ``with`` still apply)."""
    with_any: str | None = None
    """``with F``: only on a feature that already holds a figure F, whoever's (``follower``:
    an ordinary follower)."""
    each_player_by_players: tuple[tuple[int, int, int], ...] = attrs.field(
        default=(), converter=lambda v: tuple(tuple(x) for x in v or ()))
    """``each player N for P[..Q]``: (low, high, count) supplies by player count; other
    counts have ``each_player``."""
    neutral: bool = False
    """``neutral``: one in the game, nobody's, off the board at the start; only rules move it
    (``move F here``, ``walk F N``); no move places it."""
    avoids: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    """``avoids F, ...``: a neutral figure never walks onto a square where one of these
    neutral figures stands."""
    beside: str | None = None
    """``beside own F``: instead of placing a figure, a player may put this neutral figure
    beside one of their figures F on the board (``follower``: any that counts)."""
    blocks: bool = False
    """``blocks``: no figure is placed on the square this neutral figure stands on."""
    corner: bool = False
    """``at corner``: only on a segment of the tile just placed that holds a corner of the
    tile where four placed tiles meet, each showing a segment of that segment's kind at both
    half-sides of that corner (Abbey & Mayor's barn)."""
    keeps_out: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    """``keeps out F, ...``: no figure of these kinds is placed later on a feature holding
    this one (``follower``: an ordinary follower or any figure that counts)."""
    loc: Loc | None = loc_field()
    field_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False)


@attrs.frozen
class Group:
    """``group river R03, R04``: tiles drawn together (``Supply.order``)."""

    name: str
    tiles: tuple[str, ...] = attrs.field(converter=as_tuple)
    loc: Loc | None = loc_field()
    tile_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False,
                                                         converter=as_tuple, kw_only=True)
    """Where each tile of ``tiles`` is written, in order (empty when not known), for
    messages."""


ABOUT_LONGEST = 200
"""The most characters a description (``about "..."``) may have: one line in a list."""


@attrs.frozen
class About:
    """``about "..."`` (``lang`` None: the rule set's own language) or ``about nl "..."``:
    one line saying what the file declaring rule set or variant ``of`` does."""

    of: str
    lang: str | None
    text: str
    loc: Loc | None = loc_field()


def about_in(abouts: tuple[About, ...] | list[About], of: str, lang: str,
             default_lang: str = "en") -> str:
    """The description of ``of`` in ``lang``: its own translation, else the one in
    ``default_lang`` (the rule set's own language, which ``about en`` may give), else the one
    written without a language; "" when it has none."""
    texts = {a.lang: a.text for a in abouts if a.of == of}
    return texts.get(lang) or texts.get(default_lang) or texts.get(None) or ""


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
    figures: tuple[Figure, ...] = attrs.field(default=(), converter=as_tuple)
    """Figures besides the ordinary follower, in a canonical order (by name)."""
    groups: tuple[Group, ...] = attrs.field(default=(), converter=as_tuple)
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
    about: tuple[About, ...] = attrs.field(default=(), converter=as_tuple)
    """What each file of the rule set says it does (``about "..."``), in file order."""
    landmark_locs: tuple[tuple[str, Loc], ...] = attrs.field(default=(), eq=False, repr=False,
                                                             converter=as_tuple)
    """Where each landmark was declared."""
    unread: tuple[tuple[str, str], ...] = attrs.field(default=(), eq=False, repr=False,
                                                      converter=as_tuple)
    """What declarations that did not parse would have declared: (keyword, name), or
    (keyword, "") for a section such as the game block. The checker says nothing about
    these (its findings would be follow-ons of the syntax errors)."""
    loc: Loc | None = loc_field()
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

    def figure(self, name: str) -> Figure | None:
        return next((f for f in self.figures if f.name == name), None)

    def tile(self, name: str) -> Tile | None:
        for t in self.tiles:
            if t.name == name:
                return t
        return None

    @property
    def tile_count(self) -> int:
        return sum(t.count for t in self.tiles)
