"""Effects of placing a tile beyond joining features: ``on place`` rules (an extra turn,
points for the placer, tokens onto the tile) and tokens put on features."""

from __future__ import annotations

from carcdsl.compile.modes import COVERS, EXTRA_TURN, PUT, SCORE, SURROUNDED
from carcdsl.engine.events import ScoreEvent, TokenEvent
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
                seats = p.seats
                seat = seats.current
                seats.scores[seat] += action[1]
                p.log.events.append(ScoreEvent(index, seat, seats.players[seat], rule.feature,
                                               "complete", action[1], to_xy(key), (rule.term,)))
    return extra


def _put_on_tile(p: Parts, o: int, key: int, index: int, count: int, token: int,
                 kind: int) -> None:
    """Tokens onto the placed tile's first segment of ``kind``."""
    base = p.grid.tiles[key][1]
    for local, seg in enumerate(p.tables.segments[o]):
        if seg.kind == kind:
            put_tokens(p, token, count, base + local, index)
            return
