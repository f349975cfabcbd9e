"""Placement requirements (``on place shows river: require joins river``): tests a candidate
placement must pass besides matching its neighbours, and the path turns they remember.

A path's turn is read from the side it enters by (the side joined to a placed tile) to the
side it leaves by: 0 straight on, 1 a right turn, 3 a left turn (quarter turns clockwise).
"""

from __future__ import annotations

from carcdsl.compile.modes import (
    APART,
    AT_LEAST,
    AT_MOST,
    COVERS,
    HOLE,
    JOINS,
    LOOK_AHEAD,
    NO_REPEAT,
    SHOWS,
    SURROUNDED,
    Requirement,
)
from carcdsl.engine.parts import Parts
from carcdsl.geometry import ports as P
from carcdsl.geometry.squares import STEP


def applies(p: Parts, rule: Requirement, o: int, key: int) -> bool:
    """Whether the requirement's condition holds for ``o`` on ``key``."""
    tb = p.tables
    if rule.condition == SHOWS:
        return rule.kind_shown in tb.fast.seg_kinds[o]
    if rule.condition == COVERS:
        return key in tb.board.markers.get(rule.marker, ())
    if rule.condition == SURROUNDED:
        return all(key + step in p.grid.tiles for step in STEP)
    return False


def _sides(p: Parts, o: int, kind: int) -> list[int]:
    """The sides whose middle shows a segment of ``kind``."""
    tb = p.tables
    at, segments = tb.seg_at[o], tb.segments[o]
    return [d for d in range(4) if at[P.middle(d)] >= 0 and segments[at[P.middle(d)]].kind == kind]


def turn_of(p: Parts, o: int, key: int, kind: int) -> int:
    """The turn the ``kind`` path of ``o`` on ``key`` makes (0 when it makes none: one end, or
    no single side it enters by)."""
    sides = _sides(p, o, kind)
    if len(sides) != 2:
        return 0
    tiles = p.grid.tiles
    joined = [d for d in sides if key + STEP[d] in tiles]
    if len(joined) != 1:
        return 0
    entry = joined[0]
    exit_ = sides[1] if sides[0] == entry else sides[0]
    heading = (entry + 2) % 4
    return (exit_ - heading) % 4


def passes(p: Parts, o: int, key: int) -> bool:
    """Whether ``o`` on ``key`` meets every requirement that applies to it."""
    for rule in p.tables.modes.requirements:
        if applies(p, rule, o, key) and failed(p, rule, o, key) is not None:
            return False
    return True


def failed(p: Parts, rule: Requirement, o: int, key: int) -> str | None:
    """None when ``o`` on ``key`` passes the requirement's test, else what failed: ``joins``,
    ``no-repeat`` (the tile before turned the same way), ``third-turn`` (a third curve the
    same way, straights between), ``look-ahead``, ``apart``, ``at-most`` or ``at-least``."""
    tiles = p.grid.tiles
    if rule.test == HOLE:
        return None if all(key + step in tiles for step in STEP) else "surrounded"
    sides = _sides(p, o, rule.kind)
    if rule.test == JOINS:
        return None if any(key + STEP[d] in tiles for d in sides) else "joins"
    if rule.test == APART:
        return "apart" if _joins_itself(p, o, key, rule.kind) else None
    if rule.test == AT_MOST:
        return "at-most" if shown_around(p, key, rule.kind) > rule.distance else None
    if rule.test == AT_LEAST:
        return "at-least" if shown_around(p, key, rule.kind) < rule.distance else None
    if rule.test == LOOK_AHEAD:
        for d in sides:
            ahead = STEP[d]
            if key + ahead in tiles:
                continue
            beside = (STEP[(d + 1) % 4], STEP[(d + 3) % 4])
            for k in range(1, rule.distance + 1):
                square = key + k * ahead
                if square in tiles or any(square + b in tiles for b in beside):
                    return "look-ahead"
        return None
    turn = turn_of(p, o, key, rule.kind)
    if turn:
        last_tile, last_curve, curves = p.grid.turns.get(rule.kind, _NO_TURNS)
        # the tile before turned the same way (a U-turn), or this would be the third turn
        # the same way with only straight tiles between (the publisher's answer)
        if turn == last_tile:
            return "no-repeat"
        if turn == last_curve and curves >= 2:
            return "third-turn"
    return None


_NO_TURNS = (0, 0, 0)


def shown_around(p: Parts, key: int, kind: int) -> int:
    """Placed tiles among the 8 around ``key`` that show ``kind`` (``at-most``,
    ``at-least``)."""
    return p.grid.showing_around(p.tables, key, kind)


def _joins_itself(p: Parts, o: int, key: int, kind: int) -> bool:
    """Whether two of ``o``'s ``kind`` links, on ``key``, reach one feature (two ends of it)."""
    tb, tiles, root = p.tables, p.grid.tiles, p.features.root
    segments, seen = tb.segments[o], set()
    for step, side_links in zip(STEP, tb.links[o]):
        placed = tiles.get(key + step)
        if placed is None:
            continue
        at, base = tb.seg_at[placed[0]], placed[1]
        for i, fpos, _ in side_links:
            if segments[i].kind == kind:
                r = root[base + at[fpos]]
                if r in seen:
                    return True
                seen.add(r)
    return False


def remember_turns(p: Parts, o: int, key: int) -> None:
    """After a placement, for each kind a ``no-repeat`` requirement watches: (the turn of
    the last tile showing it, the direction of its last curve, how many curves in a row
    went that way, straight tiles between them not counting). The 2014 rule forbids the
    same turn twice in a row; the publisher's answer adds that a straight tile between two
    curves allows the second ("only immediate U-turns are explicitly forbidden") and that
    turning the same way three times is forbidden too."""
    for rule in p.tables.modes.requirements:
        if rule.test == NO_REPEAT and _sides(p, o, rule.kind):
            turn = turn_of(p, o, key, rule.kind)
            _, last_curve, curves = p.grid.turns.get(rule.kind, _NO_TURNS)
            if turn:
                curves = curves + 1 if turn == last_curve else 1
                last_curve = turn
            p.grid.turns[rule.kind] = (turn, last_curve, curves)
