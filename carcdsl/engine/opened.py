"""The open squares in the order they opened, in blocks, for drawing a placement of a tile
type without a walk over every open square.

``movegen.sample_move`` draws the ``n``-th placement of the drawn tile type, counting the
rotations that fit on each open square in the order of ``Grid.fitting``. Walking every open
square each turn makes a turn's work grow with the board (on a board of thousands of tiles,
most of a turn). ``Opened`` keeps the same squares, in the same order, in blocks of at most
about twice the square root of the open squares, with per block how many rotations of each
tile type fit on its squares: the draw sums the blocks, then walks one block. It finds the
placement the walk finds, so that the games stay the same.

``Grid`` builds one when a draw finds more than ``FROM`` open squares (a normal game never
has that many) and keeps it up to date from then on; a copy of the grid starts without one.
A filled square leaves its block and new squares go to the last block only, so blocks thin
out: once there are twice as many as the open squares need (``stale``), ``Grid`` builds the
blocks again (a walk over the open squares, once in many turns).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate
from math import isqrt
from operator import add, itemgetter, sub

BLOCK = 64
"""Squares a block holds at least, when made (more on a board of over 1,024 open squares)."""
FROM = 256
"""Open squares from which ``Grid`` keeps an ``Opened``."""

Entry = tuple[tuple[int, ...], ...]
"""Per tile type, the rotations that fit on a square (``Tables.fit_entry``)."""


class Opened:
    """The open squares (``Grid.fitting``'s keys, in its order) in blocks, with per block
    the fitting rotations per tile type."""

    __slots__ = ("blocks", "counts", "where", "types", "size")

    def __init__(self, fitting: dict[int, Entry]) -> None:
        first = next(iter(fitting.values()), ())
        self.types = len(first)
        self.size = max(BLOCK, 2 * isqrt(len(fitting)))
        """Squares a block takes."""
        self.blocks: list[list[int]] = []
        """The squares of each block, in the order they opened."""
        self.counts: list[list[int]] = []
        """Per block, per tile type: rotations that fit on the block's squares."""
        self.where: dict[int, int] = {}
        """Square -> its block."""
        for key, entry in fitting.items():
            self.add(key, entry)

    def add(self, key: int, entry: Entry) -> None:
        """A square opens (it goes last, as in a dict)."""
        if not self.blocks or len(self.blocks[-1]) >= self.size:
            self.blocks.append([])
            self.counts.append([0] * self.types)
        b = len(self.blocks) - 1
        self.blocks[b].append(key)
        self.counts[b] = list(map(add, self.counts[b], map(len, entry)))
        self.where[key] = b

    def change(self, key: int, old: Entry, new: Entry) -> None:
        """What fits on open square ``key`` changes (it keeps its place)."""
        b = self.where[key]
        counts = map(sub, self.counts[b], map(len, old))
        self.counts[b] = list(map(add, counts, map(len, new)))

    def remove(self, key: int, entry: Entry) -> None:
        """Square ``key`` is no longer open."""
        b = self.where.pop(key)
        self.blocks[b].remove(key)
        self.counts[b] = list(map(sub, self.counts[b], map(len, entry)))

    def stale(self) -> bool:
        """Twice as many blocks as the open squares need, and more than a few."""
        return len(self.blocks) > 2 * (len(self.where) // self.size) + 8

    def total(self, t: int) -> int:
        """The placements of tile type ``t``: the rotations that fit, over all squares."""
        return sum(map(itemgetter(t), self.counts))

    def find(self, fitting: dict[int, Entry], by_type: Callable[[Entry], tuple[int, ...]],
             t: int, pick: int) -> tuple[int, int]:
        """(square, rotation) of placement ``pick`` (0 <= pick < ``total(t)``) of tile type
        ``t`` (``by_type``: its rotations in an entry), counted square by square in order."""
        ends = list(accumulate(map(itemgetter(t), self.counts)))
        b = bisect_right(ends, pick)
        pick -= ends[b] - self.counts[b][t]
        block = self.blocks[b]
        rotations = list(map(by_type, map(fitting.__getitem__, block)))
        inside = list(accumulate(map(len, rotations)))
        i = bisect_right(inside, pick)
        here = rotations[i]
        return block[i], here[pick - inside[i] + len(here)]
