"""Tiles a player owns (``supply { each player owns N TILE }``): held from the start, played
instead of the drawn tile, and a last round for them once the pile is empty.

A player who holds such a tile may, on their turn, play it instead of the drawn tile, which
then stays on top of the pile for the next player; its placement follows the tile's own
rules (Abbey & Mayor's abbey: ``require surrounded``, sides that ``fit any``). Once the pile
is empty, each player still holding one has one last turn, in turn order from the player
after the one who placed the last tile: they play it, or keep it (a fast move ``(DECIDE, 0,
0, KEEP)``; a record's ``{"discard": TILE}``). Then the game ends. A player whose tiles fit
nowhere is passed over.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from carcdsl.compile.facts import DECIDE
from carcdsl.engine.moves import Discard
from carcdsl.engine.parts import Parts
from carcdsl.errors import IllegalMoveError

__all__ = ["KEEP", "deal", "holds", "keep", "last_turn", "moves_tail", "playing", "take",
           "types"]

KEEP = 1 << 21
"""The decision option of a last turn: the player keeps their tile (it is not played)."""


def deal(p: Parts, seats: int) -> None:
    """Every seat holds the rule set's owned tiles."""
    held = [t for t, n in p.tables.modes.owned for _ in range(n)]
    p.supply.owned = [held[:] for _ in range(seats)]


def types(p: Parts) -> list[int]:
    """The owned tile types the player to move holds, each once, in rule-set order."""
    owned = p.supply.owned
    return list(dict.fromkeys(owned[p.seats.current])) if owned is not None else []


def holds(p: Parts, t: int) -> bool:
    """Whether the player to move holds an owned tile of type ``t``."""
    owned = p.supply.owned
    return owned is not None and t in owned[p.seats.current]


def playing(p: Parts, t: int) -> bool:
    """Whether a move of tile type ``t`` plays the mover's owned tile rather than the tile
    drawn (or one of their hand): the drawn tile comes first when it is of the same type."""
    if not holds(p, t):
        return False
    supply = p.supply
    if supply.hands is not None:
        return t not in supply.hands[p.seats.current]
    return not supply.pile or supply.pile[-1] != t


def take(p: Parts, t: int) -> None:
    """The mover plays their owned tile ``t``; in the last round, their last turn is used."""
    supply = p.supply
    assert supply.owned is not None
    supply.owned[p.seats.current].remove(t)
    if supply.closing:
        supply.closing.pop(0)


def moves_tail(p: Parts, drawn: int | None, iter_moves: Callable) -> Iterator[tuple]:
    """The fast moves that follow the drawn tile's: each owned tile's placements (through
    ``movegen.iter_moves``, given), and in a last turn, keeping the tile."""
    for t in types(p):
        if t != drawn:
            yield from iter_moves(p, t)
    if p.supply.closing:
        yield DECIDE, 0, 0, KEEP


def last_turn(p: Parts, can_place: Callable[[Parts, int], bool]) -> bool:
    """The pile is empty: whether the game goes on with a player's last turn for their owned
    tiles (the player to move is then that player), else it may end (``can_place``:
    ``movegen.can_place``)."""
    supply, seats = p.supply, p.seats
    if supply.owned is None:
        return False
    if supply.closing is None:
        n = len(seats.players)
        start = seats.current + 1 if seats.in_extra else seats.current
        supply.closing = [s % n for s in range(start, start + n) if supply.owned[s % n]]
    while supply.closing:
        seat = supply.closing[0]
        seats.current, seats.in_extra = seat, False
        if any(can_place(p, t) for t in dict.fromkeys(supply.owned[seat])):
            return True
        supply.closing.pop(0)
    return False


def keep(p: Parts, move: Discard | None = None) -> None:
    """A last turn in which the player keeps their owned tile (a record's discard of it)."""
    supply, seats = p.supply, p.seats
    if not supply.closing or supply.owned is None:
        raise IllegalMoveError("owned", "keep")
    held = supply.owned[seats.current]
    name = move.tile if move is not None else None
    t = p.tables.type_index(name) if name is not None else held[0]
    if t is None or t not in held:
        raise IllegalMoveError("owned", "not-held", tile=name,
                               player=seats.players[seats.current])
    held.remove(t)
    supply.closing.pop(0)
    supply.kept_moves.append(len(p.log.moves))
    p.log.moves.append(move or Discard(p.tables.type_names[t]))
    p.log.move_seats.append(seats.current)
