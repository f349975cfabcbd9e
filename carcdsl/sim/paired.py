"""Two configurations played on the same seeds, summed up game by game as they go:
``Pairing`` holds exact integer sums from which ``sim.metrics.compare`` computes each paired
difference (other − base) and its interval.

Per seed, each side gives a vector (``SIDE``: per seat its win share, then whether the game
was tied, its length, its share of decision turns, lead changes, discards, per seat its score,
and the points of all seats); a pairing keeps the sum of the two sides' vectors side by side
and the sum of their outer products. A difference of any weighting of those columns (a seat's
win share; the balance, whose top and bottom seats are known only at the end) has its mean
and variance in them. Points per scoring name are kept apart, as their names differ between
rule sets. Integers throughout (shares in ``unit``\\ ths, the decision share in
``tally.FIX``\\ ths), so the sums do not depend on the chunking.
"""

from __future__ import annotations

import attrs
import numpy as np

from carcdsl.engine.batch import Batch
from carcdsl.sim.tally import fixed, moments, unit_of, win_shares

SIDE = ("share*", "tied", "length", "decision_share", "lead_changes", "discards", "score*",
        "total")
"""A side's columns; ``*``: one per seat."""


def side_vectors(batch: Batch, unit: int) -> np.ndarray:
    """int64 [G, W]: each game's ``SIDE`` columns."""
    shares = win_shares(batch.scores, unit)
    length = batch.turns.sum(axis=1, dtype=np.int64)
    scores = batch.scores.astype(np.int64)
    per_game = np.stack([(shares > 0).sum(axis=1) > 1, length, fixed(batch.decisions, length),
                         batch.lead_changes, batch.discards], axis=1).astype(np.int64)
    return np.concatenate([shares, per_game, scores, scores.sum(axis=1, keepdims=True)], axis=1)


def _points(batch: Batch) -> dict[str, np.ndarray]:
    """Scoring name -> int64 [G, 4]: points complete and final, scorings complete and final."""
    return {name: np.concatenate([batch.points[:, k, :], batch.scorings[:, k, :]],
                                 axis=1).astype(np.int64)
            for k, name in enumerate(batch.features)}


@attrs.define(eq=False)
class Pairing:
    """The games two configurations played on the same seeds (see the module's docstring)."""

    players: int
    unit: int = 0
    games: int = 0
    total: np.ndarray = attrs.field(default=None)
    """Σ of each seed's [base side, other side] (Python integers)."""
    outer: np.ndarray = attrs.field(default=None)
    points: dict[str, tuple[np.ndarray, np.ndarray]] = attrs.field(factory=dict)
    """Name -> moments of [base's 4 columns of ``_points``, other's 4]."""

    def __attrs_post_init__(self) -> None:
        self.unit = self.unit or unit_of(self.players)
        width = 2 * (len(SIDE) + 2 * (self.players - 1))
        if self.total is None:
            self.total = np.zeros(width, dtype=object)
            self.outer = np.zeros((width, width), dtype=object)

    @property
    def side(self) -> int:
        """Columns of one side."""
        return len(SIDE) + 2 * (self.players - 1)

    def column(self, name: str, seat: int = 0, other: bool = False) -> int:
        """The index of a side's column: ``share``/``score`` per seat, the others by name."""
        players, at = self.players, 0
        for field in SIDE:
            if field.rstrip("*") == name:
                return at + seat + (self.side if other else 0)
            at += players if field.endswith("*") else 1
        raise KeyError(name)

    def add(self, base: Batch, other: Batch) -> Pairing:
        """Count the games of two batches of the same seeds."""
        if not np.array_equal(base.seeds, other.seeds):
            raise ValueError("a pairing adds up games of the same seeds")
        if not len(base):
            return self
        both = np.concatenate([side_vectors(base, self.unit), side_vectors(other, self.unit)],
                              axis=1)
        total, outer = moments(both)
        self.total += total
        self.outer += outer
        self.games += len(base)
        mine, theirs = _points(base), _points(other)
        zeros = np.zeros((len(base), 4), np.int64)
        for name in dict.fromkeys([*mine, *theirs]):
            got = moments(np.concatenate([mine.get(name, zeros), theirs.get(name, zeros)],
                                         axis=1))
            held = self.points.get(name)
            self.points[name] = got if held is None else (held[0] + got[0], held[1] + got[1])
        return self

    def merge(self, more: Pairing) -> Pairing:
        self.games += more.games
        self.total += more.total
        self.outer += more.outer
        for name, (total, outer) in more.points.items():
            held = self.points.get(name)
            self.points[name] = (total, outer) if held is None else \
                (held[0] + total, held[1] + outer)
        return self
