"""A position as plain data, for another interpreter of the same tables (the compiled
engine's roll-outs): what the components of ``State`` hold, without handing them out."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from carcdsl.engine.state import State


@attrs.frozen
class Position:
    placed: tuple[tuple[int, int], ...]
    """(oriented tile, square) of each placed tile, in the order placed."""
    pieces: tuple[tuple[int, int, int], ...]
    """(seat, node, figure) of each piece on the board, in the order placed."""
    figure_supply: tuple[tuple[int, ...], ...]
    """Per figure kind, each seat's figures in supply."""
    watched: tuple[int, ...]
    """Squares whose centres score when surrounded."""
    pile: tuple[int, ...]
    """Tile types to draw; the next is the last."""
    hands: tuple[tuple[int, ...], ...]
    """Per seat, the tiles held (empty without hands)."""
    scores: tuple[int, ...]
    followers: tuple[int, ...]
    """Per seat, ordinary followers in supply."""
    current: int
    aside: tuple[int, ...]
    """A bag's tiles set aside until the next placement."""


def position(state: State) -> Position:
    grid, features, supply, seats = state.grid, state.features, state.supply, state.seats
    n = len(seats.players)
    return Position(
        placed=tuple((o, key) for key, (o, _) in grid.tiles.items()),
        pieces=tuple((seat, node, figure) for seat, node, _, figure in features.pieces),
        figure_supply=tuple(tuple(per_seat) for per_seat in seats.figures),
        watched=tuple(grid.watched), pile=tuple(supply.pile),
        hands=tuple(tuple(hand) for hand in supply.hands) if supply.hands else ((),) * n,
        scores=tuple(seats.scores), followers=tuple(seats.followers), current=seats.current,
        aside=tuple(supply.aside))
