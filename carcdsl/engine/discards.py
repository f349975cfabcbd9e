"""Tiles that fit nowhere: a discard leaves the game (or goes aside into the bag), and a live
game discards the drawn tile, or a whole hand, until something fits."""

from __future__ import annotations

from carcdsl.engine import movegen, neutral, owned, scoring
from carcdsl.engine.moves import Discard
from carcdsl.engine.parts import Parts


def discard(p: Parts, t: int, move: Discard | None = None) -> None:
    """The tile fits nowhere: it leaves the game (bag: goes aside, back into the bag after
    the next placement; hand: leaves the hand, which is refilled once empty, and passes
    the turn when the supply is empty too). Under ``end tile-unplaceable`` the game
    ends."""
    supply, seats, log = p.supply, p.seats, p.log
    ends = p.tables.modes.end_unplaceable
    hand = supply.hands[seats.current] if supply.hands is not None else None
    if hand is not None:
        hand.remove(t)
    else:
        supply.remove(t)
    held = p.tables.modes.hold is not None and neutral.must_hold(p, t)
    if held:
        supply.held.append(t)
        supply.held_moves.append(len(log.moves))
    elif supply.bag and not ends:
        supply.set_aside(t, len(log.moves))
    log.moves.append(move or Discard(p.tables.type_names[t]))
    log.move_seats.append(seats.current)
    if ends and not held:
        scoring.finish(p, "tile-unplaceable", p.tables.type_names[t])
        return
    if hand is not None and not hand:
        supply.refill(seats.current)
        if not hand:
            seats.pass_turn(supply)
    if supply.is_empty() and not owned.last_turn(p, movegen.can_place):
        scoring.finish(p)


def discard_unplaceable(p: Parts) -> None:
    """Discard the drawn tile while it fits nowhere (a hand: ``_discard_hand``)."""
    supply, log = p.supply, p.log
    if supply.hands is not None:
        _discard_hand(p)
        return
    pile, fitting, by_type = supply.pile, p.grid.fitting, p.tables.fast.by_type
    holds = p.tables.modes.hold is not None
    while pile and not log.finished:
        if holds and neutral.must_hold(p, pile[-1]):
            discard(p, pile[-1])
            continue
        # can_place, inlined: it fits its neighbours (and placement requirements, if any)
        if any(map(by_type[pile[-1]], fitting.values())) and (
                not p.tables.modes.requirements or movegen.can_place(p, pile[-1])):
            return
        discard(p, pile[-1])


def _discard_hand(p: Parts) -> None:
    """No tile of the hand fits: every tile of it is discarded (in hand order) and a new
    hand drawn; with an empty supply the turn passes instead."""
    hands = p.supply.hands
    assert hands is not None
    while not p.log.finished:
        hand = hands[p.seats.current]
        if not hand or any(movegen.can_place(p, t) for t in hand):
            return
        for t in list(hand):
            discard(p, t)
            if p.log.finished:
                return
