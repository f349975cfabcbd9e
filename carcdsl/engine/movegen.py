"""Legal moves: iterating, sampling and naming them.

A fast move is a tuple of small ints ``(tile type, square key, rotation 0..3, local segment
of the follower or -1)``; ``encode``/``decode`` turn it into one int (an action code) for bots
and search. The hot loop only indexes tables made by ``compile``.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate

import attrs

from carcdsl.compile.facts import (
    DECIDE,
    ELSEWHERE,
    TARGET,
    split_choice,
    split_elsewhere,
    with_choice,
)
from carcdsl.compile.modes import NO_NEED
from carcdsl.engine import decisions, figures, owned, requirements, targets
from carcdsl.engine.elsewhere import Candidates
from carcdsl.engine.moves import FollowerSpec, Placement, RansomSpec, RecallSpec
from carcdsl.engine.opened import FROM
from carcdsl.engine.parts import Parts
from carcdsl.engine.supply import below
from carcdsl.geometry.squares import to_xy

FastMove = tuple[int, int, int, int]


def can_place(p: Parts, t: int) -> bool:
    """Whether tile type ``t`` fits on some open square in some rotation."""
    if p.tables.modes.requirements:
        return any(requirements.passes(p, 4 * t + r, key)
                   for key, entry in p.grid.fitting.items() for r in entry[t])
    return any(map(p.tables.fast.by_type[t], p.grid.fitting.values()))


def free_spots(p: Parts, t: int, key: int, r: int) -> list[int]:
    """Local segments of tile ``t`` placed on ``key`` in rotation ``r`` that a follower may
    go on (an empty feature that no figure keeps followers out of), for the player to move."""
    tb = p.tables
    if not p.seats.followers[p.seats.current] or not tb.spots[4 * t + r]:
        return []
    spots = tb.free_spots(4 * t + r, p.grid.occupied(tb, p.features, key))
    return figures.followers_kept_out(p, 4 * t + r, key, spots)


def iter_moves(p: Parts, t: int | None = None) -> Iterator[FastMove]:
    """Fast legal moves of the player to move (for tile type ``t``, or every tile it may
    play)."""
    supply = p.supply
    if t is None:
        if p.log.finished:
            return
        if p.tables.modes.deciding:
            if p.decisions.pending is not None:
                yield from decisions.fast_moves(p)
                return
            yield from ((DECIDE, 0, 0, option) for option in decisions.ransoms(p))
        if supply.hands is not None:
            for t in dict.fromkeys(supply.hands[p.seats.current]):
                yield from iter_moves(p, t)
            if supply.owned is not None:
                yield from owned.moves_tail(p, None, iter_moves)
            return
        if supply.owned is not None:
            drawn = supply.pile[-1] if supply.pile else None
            if drawn is not None:
                yield from iter_moves(p, drawn)
            yield from owned.moves_tail(p, drawn, iter_moves)
            return
        if not supply.pile:
            return
        t = supply.pile[-1]
    tb = p.tables
    if tb.modes.placing_more:
        yield from _iter_more(p, t)
        return
    followers = p.seats.followers[p.seats.current] and tb.fast.spot_count[t]
    spots = tb.free_spots
    board, features = p.grid, p.features
    for key, entry in board.fitting.items():
        rotations = entry[t]
        if not rotations:
            continue
        occupied = board.occupied(tb, features, key) if followers else 0
        for r in rotations:
            yield t, key, r, -1
            if followers:
                for i in spots(4 * t + r, occupied):
                    yield t, key, r, i


def _iter_more(p: Parts, t: int) -> Iterator[FastMove]:
    """``iter_moves`` for rule sets with figures, recalls or placement requirements: per
    placement that passes the requirements, ``_moves_at``."""
    turn = _Turn(p)
    board = p.grid
    for key, entry in board.fitting.items():
        rotations = entry[t]
        if not rotations:
            continue
        occupied = board.occupied(p.tables, p.features, key)
        for r in rotations:
            if not turn.checked or requirements.passes(p, 4 * t + r, key):
                yield from turn.moves_at(t, key, r, occupied)


class _Turn:
    """What ``_iter_more`` and ``_sample_more`` work out once a turn: whether the mover has
    figures in supply (and the roots each figure's ``with own`` needs), and its figures that
    may be taken back."""

    __slots__ = ("p", "checked", "placing", "owned", "recallable", "elsewhere", "targets")

    def __init__(self, p: Parts) -> None:
        tb, seat = p.tables, p.seats.current
        self.p = p
        self.checked = bool(tb.modes.requirements)
        self.placing = any(p.seats.figures[f][seat] for f in range(len(tb.modes.figures)))
        self.owned = figures.own_roots(p) if self.placing else []
        self.recallable = figures.recallable(p) if tb.modes.figures else []
        self.elsewhere = Candidates(p) if tb.modes.elsewhere else None
        self.targets = targets.TurnTargets(p) if tb.modes.targets else None

    def moves_at(self, t: int, key: int, r: int, occupied) -> Iterator[FastMove]:
        """The moves of one placement (``occupied``: ``Grid.occupied`` of ``key``): no
        figure, the ordinary follower's spots, each figure's spots, then each figure that may
        be taken back."""
        p = self.p
        tb, o = p.tables, 4 * t + r
        options = len(figures.choice_names(p, o, key)) if tb.modes.choosing else 0
        for spot in self._spots(t, key, r, occupied):
            if options:  # each option of the choice the placement offers
                for c in range(1, options + 1):
                    yield t, key, r, with_choice(spot, c)
            else:
                yield t, key, r, spot

    def _spots(self, t: int, key: int, r: int, occupied) -> Iterator[int]:
        p = self.p
        tb, o = p.tables, 4 * t + r
        yield -1
        if p.seats.followers[p.seats.current] and tb.fast.spot_count[t]:
            spots = tb.free_spots(o, occupied)
            yield from (figures.followers_kept_out(p, o, key, spots) if tb.modes.keeping_out
                        else spots)
        if self.placing:
            yield from figures.placements(p, o, key, occupied, self.owned)
        if self.recallable:
            yield from figures.recalls(p, o, key, self.recallable)
        if self.elsewhere is not None:
            yield from self.elsewhere.spots(o, key)
        if self.targets is not None:
            yield from self.targets.spots(o, key)

    def width(self, t: int) -> int:
        """A bound on the moves any one placement of ``t`` offers: no figure, every follower
        spot, every spot of each figure the mover could place, every recall."""
        p = self.p
        tb, seat = p.tables, p.seats.current
        n = 1 + (tb.fast.spot_count[t] if p.seats.followers[seat] else 0)
        if self.placing:
            for f, kind in enumerate(tb.modes.figures):
                if p.seats.figures[f][seat] and (kind.needs == NO_NEED or self.owned[f]):
                    n += len(tb.figure_spots[f][4 * t])
        if self.elsewhere is not None:
            n += sum(len(nodes) for _, _, nodes in self.elsewhere.by_figure)
            if self.elsewhere.anywhere is not None:  # every placed node, for each figure
                n += len(p.features.root) * (len(tb.modes.figures) + 1)
        if self.targets is not None:  # at most one spot per target and figure on the board
            n += len(p.features.pieces) * len(tb.modes.targets)
        return (n + len(self.recallable)) * tb.modes.most_options


def _listed(p: Parts) -> bool:
    """Whether ``sample_move`` draws from the listed moves now: a decision or a ransom is
    open, a move may act on a figure instead or place one anywhere, or a last turn."""
    modes = p.tables.modes
    return bool(modes.deciding and (p.decisions.pending is not None or decisions.ransoms(p))
                or modes.targets or modes.placing_anywhere or p.supply.closing)


def sample_move(p: Parts, rng: random.Random) -> FastMove | None:
    """A legal move drawn uniformly from all (placement, follower) moves, like
    ``rng.choice(list(iter_moves(p)))`` but without listing them; None if there is none.

    Every placement of the drawn tile offers the same number of choices (no follower, or
    one of its spots: ``width``), so a uniform (placement, choice) pair is drawn and drawn
    again while its spot turns out to be taken: what is accepted is uniform over legal
    moves. ``ends`` are the running counts of placements per open square: the pick's
    square is the first whose count exceeds it, and its rotation the pick's offset there.
    """
    supply, modes = p.supply, p.tables.modes
    if modes.listing and _listed(p):  # spots vary too much to bound
        moves = list(iter_moves(p))
        return moves[below(rng, len(moves))] if moves else None
    if supply.hands is not None or modes.placing_more:
        return _sample_more(p, rng)
    if not supply.pile or p.log.finished:
        return None
    t = supply.pile[-1]
    tb = p.tables
    fast = tb.fast
    fitting = p.grid.fitting
    if len(fitting) > FROM:
        return _sample_opened(p, rng, t)
    # per open square, the rotations of t that fit, and the placements up to it, at C speed
    rotations = list(map(fast.by_type[t], fitting.values()))
    ends = list(accumulate(map(len, rotations)))
    if not ends or not ends[-1]:
        return None
    width = 1 + fast.spot_count[t] if p.seats.followers[p.seats.current] else 1
    keys, spots = list(fitting), tb.spots
    while True:
        pick, choice = divmod(below(rng, ends[-1] * width), width)
        i = bisect_right(ends, pick)
        here = rotations[i]
        r = here[pick - ends[i] + len(here)]
        if not choice:
            return t, keys[i], r, -1
        spot = spots[4 * t + r][choice - 1]
        if spot in tb.free_spots(4 * t + r, p.grid.occupied(tb, p.features, keys[i])):
            return t, keys[i], r, spot


def _sample_opened(p: Parts, rng: random.Random, t: int) -> FastMove | None:
    """``sample_move`` on a board of many open squares, draw for draw: the pick's square and
    rotation found by the grid's blocks (``Grid.keep_opened``), not by a walk over every
    open square."""
    grid, tb = p.grid, p.tables
    opened = grid.keep_opened()
    total = opened.total(t)
    if not total:
        return None
    width = 1 + tb.fast.spot_count[t] if p.seats.followers[p.seats.current] else 1
    fitting, by_type, spots = grid.fitting, tb.fast.by_type[t], tb.spots
    while True:
        pick, choice = divmod(below(rng, total * width), width)
        key, r = opened.find(fitting, by_type, t, pick)
        if not choice:
            return t, key, r, -1
        spot = spots[4 * t + r][choice - 1]
        if spot in tb.free_spots(4 * t + r, grid.occupied(tb, p.features, key)):
            return t, key, r, spot


def _sample_more(p: Parts, rng: random.Random) -> FastMove | None:
    """``sample_move`` with hands, figures, recalls or placement requirements, where
    placements offer different numbers of moves: the placements (each tile type held, in the
    order first held; open squares; rotations that pass the requirements) are listed, and a
    (placement, choice) pair is drawn uniformly from placements x ``_Turn.width``, a bound on
    any placement's moves, and drawn again while the choice is past the moves the placement
    offers (``_Turn.moves_at``, in ``iter_moves``' order). What is accepted is uniform over
    legal moves, with only the drawn placements' moves worked out."""
    supply = p.supply
    if p.log.finished:
        return None
    if supply.hands is not None:
        types = list(dict.fromkeys(supply.hands[p.seats.current]))
    else:
        types = [supply.pile[-1]] if supply.pile else []
    types += [t for t in owned.types(p) if t not in types]
    placements = placements_of(p, types)
    if not placements:
        return None
    turn = _Turn(p)
    width = max(map(turn.width, types))
    board, tb, features = p.grid, p.tables, p.features
    while True:
        pick, choice = divmod(below(rng, len(placements) * width), width)
        t, key, r = placements[pick]
        for move in turn.moves_at(t, key, r, board.occupied(tb, features, key)):
            if not choice:
                return move
            choice -= 1


def placements_of(p: Parts, types: list[int]) -> list[tuple[int, int, int]]:
    """The placements (tile type, square key, rotation) of ``types`` that fit and pass the
    placement requirements, in ``iter_moves``' order."""
    checked = bool(p.tables.modes.requirements)
    return [(t, key, r) for t in types for key, entry in p.grid.fitting.items()
            for r in entry[t] if not checked or requirements.passes(p, 4 * t + r, key)]


def to_placement(p: Parts, t: int, key: int, r: int, spot: int) -> Placement:
    """A fast move as a Placement (names as records write them). A recall names the figure's
    square and spot after the move as played: ``to_placement`` of a move already played
    reads the node's square from the features, which never forget it."""
    tb = p.tables
    follower = recall = None
    spot, choice = split_choice(spot)
    chosen: tuple[str, ...] = ((figures.choice_names(p, 4 * t + r, key)[choice - 1],)
                               if choice else ())
    if spot >= 0:
        local, figure = figures.split_spot(spot)
        kind = tb.modes.figures[figure - 1].name if figure else None
        follower = FollowerSpec.parse(figures.local_spot_name(tb, 4 * t + r, local), kind)
    elif spot <= ELSEWHERE:
        node, figure = split_elsewhere(spot)
        where = FollowerSpec.parse(figures.spot_name(p, node))
        follower = attrs.evolve(where, kind=tb.modes.figures[figure - 1].name if figure else None,
                                square=to_xy(p.features.node_key[node]))
    elif spot <= TARGET:
        return attrs.evolve(Placement(tb.type_names[t], to_xy(key), 90 * r, None, None,
                                      chosen), **targets.spec(p, spot))
    elif spot <= figures.RECALL:
        recall = recall_spec(p, figures.RECALL - spot)
    paid = p.decisions.paid
    ransom = None if paid is None else RansomSpec(p.seats.players[paid[0]],
                                                  decisions.figure_name(p, paid[1]))
    return Placement(tb.type_names[t], to_xy(key), 90 * r, follower, recall, chosen,
                     ransom=ransom)


def recall_spec(p: Parts, node: int) -> RecallSpec:
    """How a record names the figure standing on ``node``: its square and spot, and its kind
    when the mover has figures of another kind there too."""
    tb, features = p.tables, p.features
    key = features.node_key[node]
    kind = next((tb.modes.figures[piece[3] - 1].name for piece in features.pieces
                 if piece[1] == node and piece[3]), None)
    return RecallSpec(to_xy(key), figures.spot_name(p, node), kind)


_SPOTS, _TYPES = 1 << 32, 1 << 16
_SPOT_ZERO = 1 << 31
"""A spot is stored as ``spot + _SPOT_ZERO``: recalls (below -1) and figures (above the local
segments) fit as well as the ordinary ones."""


def encode(move: FastMove) -> int:
    """A fast move as one int (an action code): square key and rotation, tile type and
    spot packed (negative for squares north of the start); ``decode`` inverts it."""
    t, key, r, spot = move
    return ((key << 2 | r) * _TYPES + t) * _SPOTS + spot + _SPOT_ZERO


def decode(code: int) -> FastMove:
    rest, spot = divmod(code, _SPOTS)
    rest, t = divmod(rest, _TYPES)
    return t, rest >> 2, rest & 3, spot - _SPOT_ZERO
