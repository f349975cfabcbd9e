"""Effects of placing a tile beyond joining features: ``on place`` rules (an extra turn,
points for the placer, tokens onto the tile) and tokens put on features."""

from __future__ import annotations

from carcdsl.compile.modes import COVERS, EXTENDS, EXTRA_TURN, HIDE, PUT, SCORE, SURROUNDED, TAKE
from carcdsl.engine.events import ScoreEvent, TokenEvent
from carcdsl.engine.figures import extends_own
from carcdsl.engine.parts import Parts
from carcdsl.geometry.squares import STEP, to_xy


def put_tokens(p: Parts, i: int, count: int, node: int, index: int) -> None:
    """Up to ``count`` tokens of kind ``i`` from the supply onto the feature of ``node``
    (``index``: the move that puts them, -1 at set-up)."""
    supply = p.tokens.supply
    count = min(count, supply[i])
    if count <= 0:
        return
    supply[i] -= count
    features = p.features
    root = features.root[node]
    on = features.tokens.setdefault(root, [0] * len(supply))
    on[i] += count
    p.log.token_events.append(TokenEvent(
        index, p.tables.modes.tokens[i].name, count, "put", None, None,
        p.tables.kinds[features.kind[root]].name, to_xy(features.node_key[node]),
        len(p.log.events)))


def fire_triggers(p: Parts, o: int, key: int, index: int) -> bool:
    """``on place`` rules for oriented tile ``o`` just placed on ``key``; True when one
    gives an extra turn."""
    tb, tiles = p.tables, p.grid.tiles
    extra = False
    for rule in tb.modes.triggers:
        if rule.condition == SURROUNDED:
            hit = all(key + step in tiles for step in STEP)
        elif rule.condition == COVERS:
            hit = key in tb.board.markers.get(rule.marker, ())
        elif rule.condition == EXTENDS:
            hit = extends_own(p, o, key, p.grid.tiles[key][1], rule.kinds, rule.figure)
        else:
            hit = any(s.kind == rule.kind for s in tb.segments[o])
        if not hit:
            continue
        for action in rule.actions:
            if action[0] == EXTRA_TURN:
                extra = True
            elif action[0] == PUT:
                _put_on_tile(p, o, key, index, *action[1:])
            elif action[0] == SCORE:
                _score_placer(p, rule, action[1], to_xy(key), index)
            elif action[0] == HIDE:
                p.supply.hide(action[1])
    return extra


def _score_placer(p: Parts, rule, points: int, at: tuple[int, int], index: int) -> None:
    seats = p.seats
    seat = seats.current
    seats.scores[seat] += points
    p.log.events.append(ScoreEvent(index, seat, seats.players[seat], rule.feature, "complete",
                                   points, at, (rule.term,)))


def fire_completed(p: Parts, root: int, index: int) -> bool:
    """``on complete KIND`` rules for the feature of ``root``, which the placement just
    completed (whoever scores it); True when one gives an extra turn."""
    tb, features = p.tables, p.features
    kind = features.kind[root]
    extra = False
    at = to_xy(min(features.tiles_of(root)))
    for rule in tb.modes.on_complete:
        if rule.kind != kind:
            continue
        for action in rule.actions:
            if action[0] == EXTRA_TURN:
                extra = True
            elif action[0] == SCORE:
                _score_placer(p, rule, action[1], at, index)
            elif action[0] == TAKE:
                _take(p, root, action[1], action[2], at, index)
            elif action[0] == HIDE:
                p.supply.hide(action[1])
    return extra


def _take(p: Parts, root: int, token: int, attribute: object, at: tuple[int, int],
          index: int) -> None:
    """The placer takes as many tokens ``token`` as the feature's attribute ``attribute``
    counts (as many as are left in the supply)."""
    features, seats = p.features, p.seats
    kind = p.tables.kinds[features.kind[root]]
    counts = features.attributes[root]
    if not counts or attribute not in kind.attribute_names:
        return
    count = min(counts[kind.attribute_names.index(attribute)], p.tokens.supply[token])
    if count <= 0:
        return
    seat = seats.current
    p.tokens.supply[token] -= count
    p.tokens.held[token][seat] += count
    p.log.token_events.append(TokenEvent(index, p.tables.modes.tokens[token].name, count,
                                         "taken", seat, seats.players[seat], kind.name, at,
                                         len(p.log.events)))


def _put_on_tile(p: Parts, o: int, key: int, index: int, count: int, token: int,
                 kind: int) -> None:
    """Tokens onto the placed tile's first segment of ``kind``."""
    base = p.grid.tiles[key][1]
    for local, seg in enumerate(p.tables.segments[o]):
        if seg.kind == kind:
            put_tokens(p, token, count, base + local, index)
            return
