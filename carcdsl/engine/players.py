"""Who may play a game: the player count a rule set allows (and hands the supply can deal),
and the names of seats given as a count."""

from __future__ import annotations

from collections.abc import Sequence

from carcdsl.compile.tables import Tables
from carcdsl.errors import IllegalMoveError


def check_players(tables: Tables, count: int, rules_name: str) -> None:
    """Refuse a player count outside the rule set's range, or one whose hands the supply
    cannot deal in full."""
    modes = tables.modes
    low, high = modes.players
    if not low <= count <= high:
        raise IllegalMoveError("players", "range", rules=rules_name, low=low, high=high,
                               count=count)
    hand = modes.hand
    if hand:
        tiles = len(tables.fast.supply) + (not modes.start_placed)
        if hand * count > tiles:
            raise IllegalMoveError("players", "hands", hand=hand, count=count,
                                   need=hand * count, tiles=tiles, each=tiles // count)


def seat_names(players: Sequence[str] | int) -> tuple[str, ...]:
    """Names for a player count (``P1``, ``P2`` ...), or the names given."""
    if isinstance(players, int):
        return tuple(f"P{i + 1}" for i in range(players))
    return tuple(players)
