"""What a game reports as it goes: scorings, movements of tokens, how the first player was
drawn, and why the game ended. Plain data; the view tells them in any language."""

from __future__ import annotations

import attrs

from carcdsl.compile.facts import END_REASONS as END_REASONS  # as both engines read them


@attrs.frozen
class ScoreEvent:
    """Points scored: a feature completed or scored at the end, an ``on place`` rule, or
    tokens held at the end. The breakdown is data (``terms``); ``i18n.breakdown`` words it."""

    move: int
    """Index of the move after which it was scored (the last move for final scoring)."""
    seat: int
    player: str
    feature: str
    when: str  # "complete" | "final"
    points: int
    at: tuple[int, int] = (0, 0)
    """A square of the feature (for showing it)."""
    terms: tuple = attrs.field(default=(), eq=False, repr=False)
    """The breakdown as data: ``("c", value)``, ``("q", count, quantity, arg, factor)``,
    ``("g", terms, factor)``, ``("t", condition, arg)``."""


@attrs.frozen
class TokenEvent:
    """Tokens moving (``State.token_events``), in the order they moved."""

    move: int
    """Index of the move that moved them; -1 for the set-up."""
    token: str
    """The token kind's name in the rule set (``nut``)."""
    count: int
    action: str
    """``put`` (from the supply onto a feature: set-up, or an ``on place`` rule), ``given``
    (from the supply to a player at set-up), ``collected`` (from a scored feature to one of
    its scorers) or ``held`` (what a player holds when the game ends)."""
    seat: int | None = None
    """Who received or holds them (``given``, ``collected``, ``held``)."""
    player: str | None = None
    feature: str | None = None
    """The feature kind they were put on or collected from."""
    at: tuple[int, int] | None = None
    """A square of that feature: where they were put, or a square of the scored feature."""
    events_before: int = 0
    """How many scoring events (``State.events``) came before these tokens moved: tokens an
    ``on place`` rule puts come before the placement's scoring, tokens collected right after
    the scoring of their feature, and at the end the collections of final scoring before the
    tokens' own final points. Merging the two lists by it tells everything in true order."""

    def to_json(self) -> dict:
        out = {"move": self.move, "token": self.token, "count": self.count,
               "action": self.action}
        if self.player is not None:
            out["player"] = self.player
        if self.feature is not None:
            out["feature"] = self.feature
        if self.at is not None:
            out["at"] = list(self.at)
        out["events_before"] = self.events_before
        return out




@attrs.frozen
class EndReason:
    """Why and after which move the game ended (``State.end_reason``)."""

    why: str
    """``supply-empty``: no tile left to play (the supply and every hand are empty; in a bag
    game the tiles set aside leave the game); ``tile-unplaceable``: under ``end
    tile-unplaceable``, ``tile`` fits nowhere for ``player``; ``stopped``: final scoring was
    asked for with tiles left (a record's ``"final": true``, or ``State.finish``)."""
    move: int
    """Index of the last move (-1: before the first)."""
    player: str | None = None
    """The player to move when the game ended."""
    tile: str | None = None
    """``tile-unplaceable``: the tile that fits nowhere."""
    left: tuple[str, ...] = ()
    """Tiles never played, in supply order (set-aside tiles of a bag game included)."""
    events_before: int = 0
    """How many scoring events (``State.events``) came before the end: the final scoring's
    are those from here on."""
    tokens_before: int = 0
    """How many token events (``State.token_events``) came before the end: the final
    scoring's collections and what players hold are those from here on."""
    pieces: tuple[tuple[int, int, int, int], ...] = ()
    """The pieces on the board when the game ended, before final scoring returned them
    (``Features.pieces``: seat, node, square, figure): what the final board shows."""

    def say(self, words) -> str:
        """Why the game ended, in the language of ``words`` (an ``i18n.Words``)."""
        return words.end(self.why, self.tile, self.player, len(self.left))


@attrs.frozen
class DrawOff:
    """How the draw-off for the first player went (``State.draw_off``)."""

    kind: str | None
    """The feature kind whose sides were counted (``road``)."""
    rounds: tuple[tuple[tuple[str, str, int], ...], ...]
    """Per round, per contender in the seat order given: (player, tile drawn, sides showing
    ``kind``). The first round has every player; each later one the tied of the one before."""
    winner: str
    """Who starts: seat 0 from then on."""
    decided: bool = True
    """False when no draw could break the tie: the first of the tied in seat order starts."""


class Log:
    """What happened so far: moves, the seat that made each, scorings, movements of tokens,
    how the first player was drawn and how the game ended."""

    __slots__ = ("moves", "shown", "move_seats", "events", "token_events", "draw_off",
                 "end_reason", "finished")

    def __init__(self) -> None:
        self.moves: list = []
        """Placement/Discard objects, or a fast move's tuple until someone looks
        (``State.moves``)."""
        self.shown = 0
        """``moves[:shown]`` are Placement/Discard objects."""
        self.move_seats: list[int] = []
        """The seat that made each move (those before the first turn included)."""
        self.events: list[ScoreEvent] = []
        self.token_events: list[TokenEvent] = []
        """Every movement of tokens, in order; kept apart from ``events``, the scoring."""
        self.draw_off: DrawOff | None = None
        self.end_reason: EndReason | None = None
        self.finished = False

    def copy(self) -> Log:
        new = Log.__new__(Log)
        new.moves, new.shown, new.move_seats = self.moves[:], self.shown, self.move_seats[:]
        new.events, new.token_events = self.events[:], self.token_events[:]
        new.draw_off, new.end_reason, new.finished = self.draw_off, self.end_reason, self.finished
        return new

