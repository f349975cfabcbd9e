"""Decisions a game waits for between moves, and figures held by other players.

A move places a tile and maybe a figure. Some rules then give a player a decision the move
could not make in advance, because it depends on where things landed: which figure to
capture (``capture F, ... in line EXPR`` after ``on figure G``). Others offer one before the
tile: paying a ransom (``ransom N``) to take back a figure another player holds. While a
decision is pending, the legal moves are its options; a ransom is offered beside the
placements, once a turn. Both are fast moves ``(DECIDE, 0, 0, option)``:

- a capture: ``option`` is the index of the piece taken in ``Features.pieces``, or NONE
  (the mover takes nothing);
- a ransom: ``RANSOM + holder << 6 | figure code`` (0: an ordinary follower, f + 1: figure
  f), the first such figure of the mover's that ``holder`` holds.

A captured figure of the mover's goes home; another player's is held by the mover. When two
players then hold figures of each other's, they are exchanged at once: the figure just
captured goes home, and so does the first figure of the mover's that the other player
captured. A record holds each decision in its turn's move (``capture``, ``ransom``), so a
replay never depends on the seed for them.
"""

from __future__ import annotations

import attrs

from carcdsl.compile.expr import evaluate
from carcdsl.compile.facts import DECIDE
from carcdsl.compile.modes import CAPTURE
from carcdsl.engine import moving, neutral, scoring
from carcdsl.engine.events import ScoreEvent
from carcdsl.engine.figures import figure_name, spot_name
from carcdsl.engine.moves import CaptureSpec
from carcdsl.errors import IllegalMoveError
from carcdsl.geometry.squares import to_xy

__all__ = ["CAPTURING", "NONE", "RANSOM", "WALKING", "capture", "capture_option", "capture_spec",
           "decide", "fast_moves", "offer_capture", "pay_ransom", "ransom_option", "ransoms",
           "replay_decisions"]

from carcdsl.engine.parts import CAPTURING, MOVING, NONE, RANSOM, WALKING


def decide(p, option: int) -> tuple | None:
    """Make the pending decision (a capture, a walk's step, where a scored figure goes
    on), or pay a ransom before the tile; returns how the turn goes on once nothing is
    pending any more (None: it waits for another decision, or it was a ransom)."""
    d, log = p.decisions, p.log
    if d.pending is None:
        pay_ransom(p, option, len(log.moves))
        d.paid = ((option - RANSOM) >> 6, (option - RANSOM) & 63)
        return None
    assert d.resume is not None
    if d.pending[0] == MOVING:
        spec = moving.move(p, option)
        _note(p, d.resume[2], lambda placed: attrs.evolve(placed, moved=(*placed.moved, spec)))
        if d.pending is not None:
            return None
        resume, d.resume = d.resume, None
        return resume
    index = d.resume[3]
    if d.pending[0] == WALKING:
        at = neutral.step(p, option)
        _note(p, index, lambda placed: attrs.evolve(placed, walk=(*placed.walk, at)))
    else:
        spec = capture_spec(p, option)
        capture(p, option, index)
        if spec is not None:
            _note(p, index, lambda placed: attrs.evolve(placed, capture=spec))
    if d.pending is not None:
        return None
    resume, d.resume = d.resume, None
    return resume


def _note(p, index: int, change) -> None:
    """Write what a decision did into move ``index`` of the log (its record)."""
    placed = p.log.moves[index]
    if isinstance(placed, tuple):
        placed = p.to_placement(*placed)
    p.log.moves[index] = change(placed)


def replay_decisions(p, move) -> None:
    """The decisions a record's placement ``move`` says it made, after it was played: its
    capture, then its walk's steps, in order; a decision it does not name, or one it names
    that is not pending, is refused (IllegalMoveError)."""
    walk, captured, moved = list(move.walk), False, list(move.moved)
    while p.decisions.pending is not None:
        if p.decisions.pending[0] == MOVING:
            p._decide(_moved_option(p, moved))
            continue
        if p.decisions.pending[0] == CAPTURING:
            p._decide(capture_option(p, move.capture))
            captured = True
            continue
        if not walk:
            name = p.tables.modes.figures[p.decisions.walk[0]].name
            raise IllegalMoveError("walk", "missing", figure=name)
        p._decide(neutral.walk_option(p, walk.pop(0)))
    if move.capture is not None and not captured:
        raise IllegalMoveError("capture", "none", at=str(list(move.capture.at)),
                               spot=move.capture.spot)
    if walk:
        raise IllegalMoveError("walk", "extra", at=str(list(walk[0])))
    if moved:
        raise IllegalMoveError("moved", "extra", said=moving.said(moved[0]))


def _moved_option(p, moved: list) -> int:
    """The option the next entry of a record's ``moved`` names; none left: refused."""
    if not moved:
        seat, figure, _ = p.decisions.moving[0]
        raise IllegalMoveError("moved", "missing", figure=figure_name(p, figure),
                               player=p.seats.players[seat])
    return moving.moved_option(p, moved.pop(0))


def fast_moves(p) -> list[tuple[int, int, int, int]]:
    """The pending decision's options as fast moves (none pending: [])."""
    pending = p.decisions.pending
    if pending is None:
        return []
    return [(DECIDE, 0, 0, option) for option in pending[1]]


def ransoms(p) -> list[int]:
    """The ransoms the player to move may pay now: one option per (holder, figure kind)."""
    d, seat = p.decisions, p.seats.current
    if not p.tables.modes.ransom or d.ransomed or d.pending is not None or p.log.finished:
        return []
    found: dict[int, None] = {}
    for holder, held in enumerate(d.held):
        for owner, figure in held:
            if owner == seat:
                found.setdefault(RANSOM + (holder << 6 | figure), None)
    return list(found)


def offer_capture(p, action: tuple, root: int, node: int) -> None:
    """``capture``: the figures the mover may take (``follower``: every figure that counts
    for a majority, as ``with own follower`` means), in line with the square of ``node``
    (the figure just placed) at most the reach away, measured on its feature; the game
    waits for the choice when there is one."""
    _, mask, reach = action
    distance = evaluate(reach, scoring.measure_on(p, root))[0]
    x0, y0 = to_xy(p.features.node_key[node])
    kinds = p.tables.modes.figures
    counting = mask & 1  # ``follower``: every figure that counts for a majority
    options = []
    placed = len(p.features.pieces) - 1  # the figure just placed is not taken
    for i, (_seat, _node, key, figure) in enumerate(p.features.pieces):
        if i == placed or not (mask >> figure & 1 or counting and figure and (
                kinds[figure - 1].strength or kinds[figure - 1].strength_program)):
            continue
        x, y = to_xy(key)
        if (x == x0 and abs(y - y0) <= distance) or (y == y0 and abs(x - x0) <= distance):
            options.append(i)
    if options:
        p.decisions.pending = (CAPTURING, (NONE, *options))


def capture(p, option: int, index: int) -> None:
    """The mover takes piece ``option`` (NONE: nothing): its own goes home, another
    player's is held by the mover (and exchanged, as the module says)."""
    p.decisions.pending = None
    if option == NONE:
        return
    features, seats = p.features, p.seats
    piece = features.pieces[option]
    owner, figure = piece[0], piece[3]
    kinds = p.tables.modes.figures
    features.take_back(piece, kinds[figure - 1].strength if figure else 1)
    mover = seats.current
    if owner == mover:
        seats.supply_of(figure)[owner] += 1
        return
    held = p.decisions.held
    mine = next((h for h in held[owner] if h[0] == mover), None)
    if mine is None:
        held[mover].append((owner, figure))
        return
    held[owner].remove(mine)  # exchanged: both go home
    seats.supply_of(mine[1])[mover] += 1
    seats.supply_of(figure)[owner] += 1


def pay_ransom(p, option: int, index: int) -> None:
    """The mover pays the ransom to the holder and takes the figure back."""
    d, seats = p.decisions, p.seats
    holder, figure = (option - RANSOM) >> 6, (option - RANSOM) & 63
    mover, price = seats.current, p.tables.modes.ransom
    d.held[holder].remove((mover, figure))
    seats.supply_of(figure)[mover] += 1
    d.ransomed = True
    for seat, points in ((mover, -price), (holder, price)):
        seats.scores[seat] += points
        p.log.events.append(ScoreEvent(index, seat, seats.players[seat], "ransom", "complete",
                                       points, terms=(("c", points),)))


def has_capture(rule_actions: tuple) -> bool:
    return any(a[0] == CAPTURE for a in rule_actions)


def capture_spec(p, option: int):
    """How a record names capture option ``option`` (None for NONE)."""
    if option == NONE:
        return None
    seat, node, key, figure = p.features.pieces[option]
    return CaptureSpec(to_xy(key), spot_name(p, node), figure_name(p, figure),
                       p.seats.players[seat])


def capture_option(p, spec) -> int:
    """The pending capture option a record's ``capture`` names (None: the mover takes
    nothing), else IllegalMoveError."""
    pending = p.decisions.pending
    if spec is None:
        return NONE
    if pending is None:
        raise IllegalMoveError("capture", "none", at=str(list(spec.at)), spot=spec.spot)
    for option in pending[1]:
        if option != NONE and capture_spec(p, option) == spec:
            return option
    raise IllegalMoveError("capture", at=str(list(spec.at)), spot=spec.spot, kind=spec.kind,
                           player=spec.player)


def ransom_option(p, spec) -> int:
    """The ransom a record's ``ransom`` names, if the mover may pay it now."""
    for option in ransoms(p):
        holder, figure = (option - RANSOM) >> 6, (option - RANSOM) & 63
        if p.seats.players[holder] == spec.player and figure_name(p, figure) == spec.kind:
            return option
    raise IllegalMoveError("ransom", kind=spec.kind, player=spec.player)
