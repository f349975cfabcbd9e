"""``Game``: a compiled rule set, immutable and shared by every game played with it; it
starts new games (``State``)."""

from __future__ import annotations

import os
from collections.abc import Sequence

import attrs

from carcdsl.compile.tables import Tables
from carcdsl.compile.tiles import compile_rules
from carcdsl.engine.players import check_players, seat_names
from carcdsl.engine.state import State
from carcdsl.errors import IllegalMoveError
from carcdsl.model.rules import RuleSet


@attrs.frozen
class Game:
    """A compiled rule set: immutable, shared by every game played with it. It pickles, so a
    game can be sent to another process and go on there."""

    rules: RuleSet
    """The rule set as checked: for front ends and views (the engine reads ``tables``)."""
    tables: Tables
    source: str = "base"
    """How records name the rule set (a bundled name or a path)."""
    variant_refs: tuple[str, ...] = ()
    warnings: tuple = attrs.field(default=(), eq=False, repr=False)
    """What the checker warned about the rule set (``Diagnostic``s); it loaded all the same."""

    @classmethod
    def from_rules(cls, rules: RuleSet, source: str | None = None,
                   variant_refs: Sequence[str] = (), warnings: Sequence = ()) -> Game:
        """A game of a checked rule set (compiled here); ``source`` and ``variant_refs`` name
        it as records do, ``warnings`` are the checker's."""
        return cls(rules, compile_rules(rules), source or rules.name, tuple(variant_refs),
                   tuple(warnings))

    @property
    def name(self) -> str:
        """The rule set's name (``base``)."""
        return self.rules.name

    def new_game(self, players: Sequence[str] | int = 2, seed: int | None = None,
                 auto_discard: bool = True, replaying: bool = False) -> State:
        """A new game: the start tile at the origin, the rest shuffled by ``seed``.

        With ``auto_discard`` (a live game) the engine draws: a move must place the drawn
        tile, and a drawn tile that fits nowhere is discarded (and recorded as a discard).
        Without it the caller draws, as a record does: a move may name any tile left in the
        supply, and a tile is discarded only by a ``Discard`` move. ``replaying``: the
        players are seated as given (a record states the draw-off's outcome), and without a
        seed the supply is not shuffled.
        """
        names = seat_names(players)
        self.check_players(len(names))
        if len(set(names)) != len(names):
            raise IllegalMoveError("players", "unique")
        if seed is None and not replaying:  # a record without a seed: not shuffled
            seed = int.from_bytes(os.urandom(4), "little")
        return State(self, names, seed, auto_discard, replaying)

    def check_players(self, count: int) -> None:
        """Refuse a player count outside the rule set's range, or one whose hands the supply
        cannot deal in full."""
        check_players(self.tables, count, self.name)
