"""Figures that go on when their feature scores (``on scored F: move F within N to K, ...``).

When a feature holding such a figure scores on completion during the game (not at final
scoring), the figure does not go home with the others: it waits aside. Once the turn's
scoring is done, each waiting figure is a decision of its owner, one at a time, the owners in
turn order from the mover (a player's own in the order their features scored). The options:
a segment of kinds K, where the figure may stand, on a placed tile within N squares of the
square it stood on (Chebyshev: N = 1 is that square and the 8 around it), whose feature is
incomplete and holds no figure that counts (as the board is then, earlier moves included),
on no square a neutral figure ``blocks``; or home. While one is pending, ``State.current`` is
its owner and the legal moves are its options, fast moves ``(DECIDE, 0, 0, option)``: the
node of the segment, or HOME.

A record holds each decision in the turn's move, in order (``"moved": [{"player": "Ann",
"figure": "wagon", "at": [1, 0], "spot": "road:N"}, {"player": "Bob", "figure": "wagon"}]``:
Bob's went home), so a replay never asks.
"""

from __future__ import annotations

import json

from carcdsl.compile.tables import CENTRE
from carcdsl.engine import targets
from carcdsl.engine.figures import figure_name, spot_name
from carcdsl.engine.moves import MovedSpec
from carcdsl.engine.parts import MOVING, NONE, Parts
from carcdsl.engine.targets import _incomplete as incomplete
from carcdsl.errors import IllegalMoveError
from carcdsl.geometry.squares import ROW, to_key, to_xy

__all__ = ["HOME", "SCORED", "begin", "move", "moved_option", "said", "set_aside"]

HOME = NONE
"""The option of taking the figure home."""
SCORED = "scored"
"""``Decisions.resume`` while such decisions are pending: (SCORED, extra turn, move index),
the turn's scoring done."""


def set_aside(p: Parts, root: int) -> None:
    """The figures on the feature of ``root`` (just scored on completion) that go on when
    scored leave it and wait aside, with the square each stood on."""
    reach = {figure: n for figure, n, _ in p.tables.modes.moving}
    features, kinds, waiting = p.features, p.tables.modes.figures, p.decisions.moving
    this = features.root
    for piece in [piece for piece in features.pieces
                  if this[piece[1]] == root and piece[3] - 1 in reach]:
        features.take_back(piece, kinds[piece[3] - 1].strength)
        waiting.append((piece[0], piece[3], piece[2]))


def begin(p: Parts) -> bool:
    """After the turn's scoring: put the waiting figures in turn order from the mover and
    offer the first decision; True when the turn waits for one."""
    d, seats = p.decisions, p.seats
    n = len(seats.players)
    d.moving.sort(key=lambda waiting: (waiting[0] - seats.current) % n)
    return _offer(p)


def _offer(p: Parts) -> bool:
    """Offer the next waiting figure's decision to its owner (a figure with nowhere to go
    goes home at once); True when one is pending."""
    d = p.decisions
    while d.moving:
        seat, figure, key = d.moving[0]
        options = _options(p, figure, key)
        if options:
            d.pending, d.decider = (MOVING, (HOME, *options)), seat
            return True
        d.moving.pop(0)
        p.seats.supply_of(figure)[seat] += 1
    d.pending, d.decider = None, -1
    return False


def _options(p: Parts, figure: int, key: int) -> list[int]:
    """The nodes figure ``figure`` (a code) that stood on ``key`` may go on to, in the order
    of the squares around it (row by row) and of the tile's segments."""
    tb, features, tiles = p.tables, p.features, p.grid.tiles
    _, reach, kinds = next(m for m in tb.modes.moving if m[0] == figure - 1)
    barred = targets.blocked(p) if p.decisions.neutral else ()
    allowed = tb.figure_spots[figure - 1]
    out = []
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            square = key + dx + dy * ROW
            placed = tiles.get(square)
            if placed is None or square in barred:
                continue
            o, base = placed
            for local in allowed[o]:
                root = features.root[base + local]
                if (tb.segments[o][local].kind in kinds and not features.followers[root]
                        and incomplete(p, root, None)):
                    out.append(base + local)
    return out


def move(p: Parts, option: int) -> MovedSpec:
    """The pending decision: the first waiting figure goes on to node ``option`` (HOME:
    home); the next one's decision is offered. Returns how the record names it."""
    d, features = p.decisions, p.features
    seat, figure, _ = d.moving.pop(0)
    d.pending, d.decider = None, -1
    whose = (p.seats.players[seat], figure_name(p, figure))
    if option == HOME:
        p.seats.supply_of(figure)[seat] += 1
        _offer(p)
        return MovedSpec(*whose)
    key = features.node_key[option]
    spec = MovedSpec(*whose, to_xy(key), spot_name(p, option))
    strength = p.tables.modes.figures[figure - 1].strength
    features.put_follower(seat, option, key, figure, strength)
    o, base = p.grid.tiles[key]
    if strength and p.tables.segments[o][option - base].geometry == CENTRE:
        p.grid.watched[key] = tuple(base + i for i in p.tables.centres[o])
    _offer(p)
    return spec


def moved_option(p: Parts, spec: MovedSpec) -> int:
    """The pending option a record's ``moved`` entry names, else IllegalMoveError saying
    whose figure decides now and where it may go."""
    d = p.decisions
    assert d.pending is not None
    seat, figure, _ = d.moving[0]
    player, name = p.seats.players[seat], figure_name(p, figure)
    options = d.pending[1]
    if (spec.player, spec.figure) != (player, name):
        raise IllegalMoveError("moved", "whose", figure=name, player=player,
                               named=spec.figure, owner=spec.player)
    if spec.at is None:
        return HOME
    key = to_key(*spec.at)
    for option in options:
        if option != HOME and key == p.features.node_key[option] \
                and spot_name(p, option) == spec.spot:
            return option
    allowed = ", ".join(f"{spot_name(p, o)} at {list(to_xy(p.features.node_key[o]))}"
                        for o in options if o != HOME)
    raise IllegalMoveError("moved", figure=name, player=player, spot=spec.spot,
                           at=str(list(spec.at)), allowed=allowed)


def said(spec: MovedSpec) -> str:
    """A record's entry as the record writes it, for messages (in any language)."""
    return json.dumps(spec.to_json(), ensure_ascii=False)
