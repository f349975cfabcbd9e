"""The fixed action space: every move of a rule set as one index into a ``Discrete`` space.

An action is ``(slot, square, rotation, spot)`` packed row-major, plus one last action::

    action = (((slot * W + row) * W + column) * 4 + rotation) * S + spot      (< N - 1)
    action = N - 1                                                              (OUTSIDE)

- ``slot`` (``0 .. H-1``): which tile of the mover's hand; ``H`` is the rule set's hand size,
  1 without hands (the drawn tile). Two copies of a tile type in a hand are one choice: the
  first slot holding the type stands for it, the other is masked.
- ``row``, ``column`` (``0 .. W-1``): the square in the window of ``W x W`` squares centred on
  the start square: column ``x - cx + W // 2``, row ``y - cy + W // 2`` (y grows south).
- ``rotation`` (``0 .. 3``): 0, 90, 180, 270 degrees clockwise. A rotation that looks like a
  smaller one (``Tables.distinct``) is never legal: the smaller one is.
- ``spot`` (``0 .. S-1``), ``S = 1 + L * (1 + F) + R``: 0 places no figure; ``1 + f * L + i``
  puts figure ``f`` (0: the ordinary follower, ``f``: the rule set's figure ``f``,
  ``Modes.figures`` order) on the placed tile's local segment ``i`` (the same segment in every
  rotation); ``1 + (1 + F) * L + k`` takes back the ``k``-th of the mover's figures that may
  be taken back, ordered by square (north to south, then west to east) and local segment.
  ``L`` is one more than the largest local segment any figure may stand on (from the
  compiled tables), ``F`` the rule set's figure kinds, ``R`` how many figures that may be
  taken back a player has.
- ``OUTSIDE`` (the last action) is legal only when the player has legal moves and none of
  them lies in the window: it plays the first of them (``iter_moves`` order), so a game never
  gets stuck. A move outside the window is otherwise masked.

Each legal move in the window is exactly one action, and each action marked legal is exactly
one move: ``legal_actions`` builds both directions once per decision.
"""

from __future__ import annotations

import attrs

from carcdsl.compile.tables import Tables
from carcdsl.engine import figures
from carcdsl.engine.movegen import FastMove
from carcdsl.engine.state import State
from carcdsl.geometry.squares import to_key, to_xy

ROTATIONS = 4


@attrs.frozen
class ActionLayout:
    """How actions of one rule set and window are numbered (see the module's docstring)."""

    size: int
    """``W``: squares on a side of the window (odd)."""
    centre: tuple[int, int]
    """The square at the middle of the window: the start square."""
    slots: int
    """``H``: tiles a player chooses from (the hand size; 1: the drawn tile)."""
    segments: int
    """``L``: local segments a figure may stand on (the largest index, plus one)."""
    figures: int
    """``F``: figure kinds besides the ordinary follower."""
    recalls: int
    """``R``: figures a player may have to take back."""
    _squares: dict[int, int | None] = attrs.field(factory=dict, init=False, eq=False,
                                                  repr=False)
    """Square key -> window index (``at``), filled as games reach squares."""

    @classmethod
    def of(cls, tables: Tables, size: int) -> ActionLayout:
        """The layout of ``tables`` over a window of ``size`` squares a side."""
        used = [i for spots in tables.spots for i in spots]
        used += [i for kind in tables.figure_spots for spots in kind for i in spots]
        modes = tables.modes
        recalls = sum(kind.each_player for kind in modes.figures if kind.recall)
        return cls(size, to_xy(tables.board.starts[0]), max(1, modes.hand),
                   max(used, default=-1) + 1, len(modes.figures), recalls)

    @property
    def spots(self) -> int:
        """``S``: what a placement may do besides placing the tile."""
        return 1 + self.segments * (1 + self.figures) + self.recalls

    @property
    def n(self) -> int:
        """How many actions there are (the ``Discrete`` space's size)."""
        return self.slots * self.size * self.size * ROTATIONS * self.spots + 1

    @property
    def outside(self) -> int:
        """The action playing a legal move outside the window (when none is inside)."""
        return self.n - 1

    def square(self, x: int, y: int) -> int | None:
        """The window index (``row * W + column``) of square (x, y); None outside."""
        half = self.size // 2
        column, row = x - self.centre[0] + half, y - self.centre[1] + half
        if 0 <= column < self.size and 0 <= row < self.size:
            return row * self.size + column
        return None

    def at(self, key: int) -> int | None:
        """``square`` of a square key, cached."""
        try:
            return self._squares[key]
        except KeyError:
            found = self._squares[key] = self.square(*to_xy(key))
            return found

    def xy(self, square: int) -> tuple[int, int]:
        """The board square of window index ``square``."""
        half = self.size // 2
        row, column = divmod(square, self.size)
        return column - half + self.centre[0], row - half + self.centre[1]

    def pack(self, slot: int, square: int, rotation: int, spot: int) -> int:
        return ((slot * self.size * self.size + square) * ROTATIONS + rotation) * self.spots + spot

    def unpack(self, action: int) -> tuple[int, int, int, int]:
        """(slot, window square, rotation, spot) of an action other than ``outside``."""
        rest, spot = divmod(action, self.spots)
        rest, rotation = divmod(rest, ROTATIONS)
        slot, square = divmod(rest, self.size * self.size)
        return slot, square, rotation, spot

    def spot_index(self, spot: int, recall_rank: dict[int, int]) -> int | None:
        """The ``spot`` part of an action for an engine spot; None when it has none."""
        if spot == -1:
            return 0
        if spot >= 0:
            local, figure = figures.split_spot(spot)
            return 1 + figure * self.segments + local if local < self.segments else None
        rank = recall_rank.get(figures.RECALL - spot)
        if rank is None or rank >= self.recalls:
            return None
        return 1 + (1 + self.figures) * self.segments + rank

    def describe(self, action: int) -> str:
        """An action in words, for messages: square, rotation and what the spot does."""
        if action == self.outside:
            return "the first legal move outside the window"
        slot, square, rotation, spot = self.unpack(action)
        x, y = self.xy(square)
        what = "no figure"
        if spot:
            figure, local = divmod(spot - 1, self.segments)
            if figure > self.figures:
                what = f"taking back figure {spot - 1 - (1 + self.figures) * self.segments}"
            else:
                piece = f"figure {figure}" if figure else "a follower"
                what = f"{piece} on local segment {local}"
        tile = f"hand slot {slot}, " if self.slots > 1 else ""
        return f"{tile}square ({x}, {y}), rotation {90 * rotation}, {what}"


def recall_ranks(state: State) -> dict[int, int]:
    """Node -> rank of the mover's figures that may be taken back, by square (north to south,
    west to east) and local segment: what a recall's spot counts."""
    if not state.tables.modes.figures:
        return {}
    features, tiles = state.features, state.grid.tiles
    order = []
    for node, _ in figures.recallable(state):
        key = features.node_key[node]
        x, y = to_xy(key)
        order.append((y, x, node - tiles[key][1], node))
    return {node: rank for rank, (*_, node) in enumerate(sorted(order))}


@attrs.define
class Legal:
    """The legal actions of one decision: action -> engine move and back."""

    moves: dict[int, FastMove]
    actions: dict[FastMove, int]
    outside: int
    """Legal moves that lie outside the window (or beyond the layout's recall ranks)."""


def legal_actions(state: State, layout: ActionLayout) -> Legal:
    """Every legal move of the player to move as an action (``iter_moves``)."""
    moves: dict[int, FastMove] = {}
    actions: dict[FastMove, int] = {}
    hands = state.supply.hands
    slot_of = ({} if hands is None else
               {t: i for i, t in reversed(list(enumerate(hands[state.current])))})
    ranks = recall_ranks(state)
    first_outside: FastMove | None = None
    outside = 0
    at, spots, segments = layout.at, layout.spots, layout.segments
    per_slot = layout.size * layout.size
    for move in state.iter_moves():
        t, key, r, spot = move
        square = at(key)
        if 0 <= spot < segments:  # the ordinary follower, the common case
            index: int | None = 1 + spot
        else:
            index = layout.spot_index(spot, ranks)
        slot = slot_of.get(t, 0)
        if square is None or index is None or slot >= layout.slots:
            outside += 1
            first_outside = first_outside or move
            continue
        action = ((slot * per_slot + square) * ROTATIONS + r) * spots + index
        moves[action] = move
        actions[move] = action
    if not moves and first_outside is not None:
        moves[layout.outside] = first_outside
        actions[first_outside] = layout.outside
    return Legal(moves, actions, outside)


def move_of(layout: ActionLayout, state: State, action: int) -> FastMove:
    """The engine move an action names in ``state``, legal or not (for tests and messages):
    the tile of its slot, its square, rotation and spot. Raises ValueError for ``outside``
    or a spot with no figure to take back."""
    if action == layout.outside:
        raise ValueError("the outside action names no move by itself")
    slot, square, r, spot = layout.unpack(action)
    hands = state.supply.hands
    tile = (hands[state.current][slot] if hands is not None and slot < len(hands[state.current])
            else state.supply.pile[-1] if hands is None and state.supply.pile else -1)
    key = to_key(*layout.xy(square))
    if spot == 0:
        return tile, key, r, -1
    base = 1 + (1 + layout.figures) * layout.segments
    if spot < base:
        figure, local = divmod(spot - 1, layout.segments)
        return tile, key, r, figures.figure_spot(local, figure)
    ranked = {rank: node for node, rank in recall_ranks(state).items()}
    node = ranked.get(spot - base)
    if node is None:
        raise ValueError(f"no figure of rank {spot - base} to take back")
    return tile, key, r, figures.RECALL - node
