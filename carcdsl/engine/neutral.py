"""Neutral figures: figures nobody owns, which rules move (``figure dragon { neutral }``).

One of each is in the game, off the board until a rule puts it on a square. After a tile is
placed, with its figure and any decision that figure brought (a capture), and before the
turn's other ``on place`` rules and scoring:

- ``move F here`` puts F on the square of the tile just placed;
- ``walk F N`` walks F, when it is on the board, up to N squares, one a step, north, east,
  south or west, onto a placed tile it has not stood on during this walk and where no
  neutral figure it ``avoids`` stands. Each step is a decision of the next player in turn,
  starting with the mover (the game waits for it, as for a capture: fast moves ``(DECIDE, 0,
  0, direction)``); a walk with nowhere left to go ends there;
- each square F comes to (a ``move``, a step, or put ``beside`` a figure: ``engine.targets``)
  fires the ``on enter F`` rules: ``return figures here`` sends every
  player's figure on that square home, unscored.

``hold back K until F`` (the supply) sets a drawn tile showing K aside while F is off the
board (a ``discard`` in the record); once F comes on, they go back into the pile at random
places.

A record holds the squares walked to in the turn's move (``"walk": [[x, y], ...]``), so a
replay never asks who chose what.
"""

from __future__ import annotations

import random

from carcdsl.compile.facts import hold_seed
from carcdsl.compile.modes import MOVE_HERE, RETURN_HERE, WALK
from carcdsl.engine.effects import MISSED, rule_root
from carcdsl.engine.parts import WALKING
from carcdsl.errors import IllegalMoveError
from carcdsl.geometry.squares import STEP, to_key, to_xy

__all__ = ["act", "options_of", "step", "walk_option"]


def act(p, o: int, key: int, resume: tuple) -> bool:
    """Move this turn's neutral figures for oriented tile ``o`` just placed on ``key``; True
    when the turn must wait for a walk's step (``resume``: how it goes on after it)."""
    d = p.decisions
    if d.acted:  # the walks are over: the turn goes on
        d.acted = False
        return False
    walks = []
    for rule in p.tables.modes.triggers:
        if not any(a[0] in (MOVE_HERE, WALK) for a in rule.actions):
            continue
        if rule_root(p, rule, o, key) == MISSED:
            continue
        for action in rule.actions:
            if action[0] == MOVE_HERE:
                enter(p, action[1], key)
            elif action[0] == WALK:
                walks.append((action[1], action[2]))
    for figure, steps in walks:
        if figure in d.neutral:
            d.walk = (figure, steps, 0, (d.neutral[figure],))
            offer(p)
            if d.pending is not None:
                d.acted, d.resume = True, resume
                return True
    return False


def must_hold(p, t: int) -> bool:
    """``hold back K until F``: whether tile type ``t``, drawn now, is set aside (it shows K
    and F is off the board)."""
    hold = p.tables.modes.hold
    return hold is not None and hold[1] not in p.decisions.neutral and any(
        s.kind == hold[0] for s in p.tables.segments[4 * t])


def release_held(p) -> None:
    """The tiles held back go into the pile at random places (from the game's seed and the
    move: the same on any copy of the state)."""
    supply = p.supply
    rng = random.Random(hold_seed(p.seed, len(p.log.moves)))
    for t in supply.held:
        supply.pile.insert(rng.randrange(len(supply.pile) + 1), t)
    supply.held = []


def enter(p, figure: int, key: int) -> None:
    """Neutral figure ``figure`` comes to square ``key``: its ``on enter`` rules act there;
    tiles held back until it came go back into the pile."""
    hold = p.tables.modes.hold
    if hold is not None and hold[1] == figure and p.supply.held:
        release_held(p)
    p.decisions.neutral[figure] = key
    for rule in p.tables.modes.on_enter:
        if rule.figure != figure:
            continue
        for action in rule.actions:
            if action[0] == RETURN_HERE:
                return_here(p, key)


def return_here(p, key: int) -> None:
    """Every player's figure standing on square ``key`` goes home, unscored."""
    features, seats, kinds = p.features, p.seats, p.tables.modes.figures
    for piece in [piece for piece in features.pieces if piece[2] == key]:
        figure = piece[3]
        features.take_back(piece, kinds[figure - 1].strength if figure else 1)
        seats.supply_of(figure)[piece[0]] += 1


def options_of(p) -> list[int]:
    """The directions (0 to 3: N E S W) the walking figure may step in now."""
    d, tiles = p.decisions, p.grid.tiles
    figure, _, _, visited = d.walk
    here = d.neutral[figure]
    avoids = p.tables.modes.figures[figure].avoids
    barred = {at for f, at in d.neutral.items() if avoids >> f & 1}
    return [i for i, delta in enumerate(STEP)
            if here + delta in tiles and here + delta not in visited
            and here + delta not in barred]


def offer(p) -> None:
    """Wait for the walk's next step, decided by the next player in turn; end the walk when
    it has no step left or nowhere to go."""
    d, seats = p.decisions, p.seats
    figure, left, number, _ = d.walk
    options = options_of(p) if left > 0 else []
    if not options:
        d.walk, d.decider = None, -1
        return
    d.pending = (WALKING, tuple(options))
    d.decider = (seats.current + number) % len(seats.players)


def step(p, option: int) -> tuple[int, int]:
    """The pending step: the walking figure goes one square in direction ``option``; returns
    that square, for the record."""
    d = p.decisions
    figure, left, number, visited = d.walk
    d.pending, d.decider = None, -1
    key = d.neutral[figure] + STEP[option]
    d.walk = (figure, left - 1, number + 1, (*visited, key))
    enter(p, figure, key)
    offer(p)
    return to_xy(key)


def walk_option(p, at: tuple[int, int]) -> int:
    """The pending step that goes to square ``at`` (a record's ``walk``), else
    IllegalMoveError saying where the figure may go."""
    d = p.decisions
    figure = d.walk[0]
    here = d.neutral[figure]
    for option in d.pending[1]:
        if here + STEP[option] == to_key(*at):
            return option
    name = p.tables.modes.figures[figure].name
    allowed = ", ".join(str(list(to_xy(here + STEP[o]))) for o in d.pending[1])
    raise IllegalMoveError("walk", figure=name, at=str(list(at)), allowed=allowed)
