"""A run summed up as it goes: ``Tally`` holds, for the games of one configuration, exact
integer sums from which every metric of ``sim.metrics`` is computed at the end.

Each game gives a fixed vector of integers (``COLUMNS``: its length, choices, leads,
discards, then per seat its win share, score and turns); a tally keeps the count of games,
the sum of the vectors and the sum of their outer products. Every mean, rate, ratio and
interval of the report is a function of those first and second moments. Besides them: exact
histograms of the scores and of the lengths (for quantiles: scores and lengths are small
integers), the points and scorings per scoring name (their moments too), tiles placed per
type, and the reasons games ended.

Everything is an integer, and sums of integers do not depend on the order they are added
in: a tally is the same whatever the chunking, the number of workers or the cluster that
played the games (``merge`` is commutative). A win share is counted in ``unit``\\ ths
(``lcm(1..players)``: a k-way tie gives each winner ``unit / k``); the one per-game
fraction, decisiveness, is rounded per game to ``FIX``\\ ths, which is still exact
to add. A tally's size depends on the rule set, never on the number of games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs
import numpy as np

from carcdsl.compile.facts import END_REASONS

FIX = 1 << 24
"""Per-game fractions (decisiveness, a decision share) are counted in 2^-24ths."""
CHUNK = 4096
"""Games summed in int64 at once: 4,096 products of two 2^24ths stay below 2^63."""
WHEN = ("complete", "final")
GAME_COLUMNS = ("length", "decisions", "placement_choices", "move_choices", "lead_changes",
                "discards", "discarded", "tied", "completed")
"""The per-game integers before the per-seat ones (``Tally.column``)."""
SEAT_COLUMNS = ("share", "score", "turns")
"""Per seat, in this order after ``GAME_COLUMNS``."""


def unit_of(players: int) -> int:
    """The share of a whole win in a tally's units: every k-way tie divides it exactly."""
    return math.lcm(*range(1, players + 1))


def win_shares(scores: np.ndarray, unit: int) -> np.ndarray:
    """int64 [G, P]: each seat's share of its game's win in ``unit``\\ ths."""
    best = scores.max(axis=1, keepdims=True)
    won = scores == best
    return np.where(won, unit // won.sum(axis=1, keepdims=True), 0).astype(np.int64)


def game_vectors(batch, unit: int) -> np.ndarray:
    """int64 [G, C]: each game's ``COLUMNS`` (``Tally.columns``)."""
    length = batch.turns.sum(axis=1, dtype=np.int64)
    shares = win_shares(batch.scores, unit)
    tied = (shares > 0).sum(axis=1) > 1
    stopped = END_REASONS.index("stopped")
    per_game = np.stack([length, batch.decisions, batch.placement_choices,
                         np.maximum(batch.move_choices, 0), batch.lead_changes, batch.discards,
                         batch.discards > 0, tied, batch.end != stopped], axis=1)
    return np.concatenate([per_game.astype(np.int64), shares,
                           batch.scores.astype(np.int64), batch.turns.astype(np.int64)], axis=1)


def moments(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(Σv, Σvvᵀ) over the rows of ``vectors`` as Python integers (object arrays), summed in
    int64 at most ``CHUNK`` rows at a time."""
    width = vectors.shape[1]
    total = np.zeros(width, dtype=object)
    outer = np.zeros((width, width), dtype=object)
    for start in range(0, len(vectors), CHUNK):
        part = vectors[start:start + CHUNK]
        total += part.sum(axis=0).astype(object)
        outer += (part.T @ part).astype(object)
    return total, outer


def fixed(numerators: np.ndarray, denominators: np.ndarray) -> np.ndarray:
    """int64: each ``numerator / denominator`` in ``FIX``\\ ths, rounded half up (0 where the
    denominator is 0), the same on every machine."""
    den = np.maximum(denominators.astype(np.int64), 1)
    return (numerators.astype(np.int64) * FIX * 2 + den) // (2 * den)


def in_order(names: Sequence[str] | dict, kinds: Sequence[str]) -> list[str]:
    """``names`` in a report's order: the kinds in ``kinds``' order, then the others
    alphabetically (the same whatever order the games came in)."""
    return [n for n in kinds if n in names] + sorted(n for n in names if n not in kinds)


def histogram(values: np.ndarray) -> dict[int, int]:
    found, counts = np.unique(values, return_counts=True)
    return dict(zip(found.tolist(), counts.tolist()))


def _add_counts(into: dict, more: dict) -> None:
    for key, n in more.items():
        into[key] = into.get(key, 0) + n


@attrs.define(eq=False)
class Tally:
    """The games of one configuration, summed (see the module's docstring)."""

    players: int
    types: int
    """Tile types (``placed``'s length)."""
    unit: int = 0
    games: int = 0
    total: np.ndarray = attrs.field(default=None)
    """Σ of each game's ``columns`` vector (Python integers)."""
    outer: np.ndarray = attrs.field(default=None)
    """Σ of each game's outer product of it with itself."""
    uncounted: int = 0
    """Games whose legal moves were not counted (``--branching`` off)."""
    decisive: list[int] = attrs.field(factory=lambda: [0, 0, 0])
    """Sole-winner games: count, Σ decisiveness, Σ decisiveness², in ``FIX``\\ ths (²)."""
    scores: list[dict[int, int]] = attrs.field(factory=list)
    """Per seat, score -> games."""
    lengths: dict[int, int] = attrs.field(factory=dict)
    points: dict[str, tuple[np.ndarray, np.ndarray]] = attrs.field(factory=dict)
    """Scoring name -> moments of (points complete, points final, scorings complete,
    scorings final) per game."""
    placed: np.ndarray = attrs.field(default=None)
    ends: dict[str, int] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        width = len(GAME_COLUMNS) + len(SEAT_COLUMNS) * self.players
        self.unit = self.unit or unit_of(self.players)
        if self.total is None:
            self.total = np.zeros(width, dtype=object)
            self.outer = np.zeros((width, width), dtype=object)
        if self.placed is None:
            self.placed = np.zeros(self.types, dtype=object)
        if not self.scores:
            self.scores = [{} for _ in range(self.players)]

    def column(self, name: str, seat: int | None = None) -> int:
        """The index of a per-game column (``GAME_COLUMNS``) or of a seat's (``SEAT_COLUMNS``)."""
        if seat is None:
            return GAME_COLUMNS.index(name)
        return len(GAME_COLUMNS) + SEAT_COLUMNS.index(name) * self.players + seat

    def add(self, batch) -> Tally:
        """Count the games of ``batch`` (a ``fast.batch.Batch``: the kernel's, or the Python
        engine's rows as one, ``sim.batches``)."""
        if not len(batch):
            return self
        vectors = game_vectors(batch, self.unit)
        total, outer = moments(vectors)
        self.total += total
        self.outer += outer
        self.games += len(batch)
        self.uncounted += int((batch.move_choices < 0).sum())
        self._add_decisive(batch, vectors)
        for seat in range(self.players):
            _add_counts(self.scores[seat], histogram(batch.scores[:, seat]))
        _add_counts(self.lengths, histogram(vectors[:, 0]))
        for k, name in enumerate(batch.features):
            per_game = np.concatenate([batch.points[:, k, :], batch.scorings[:, k, :]], axis=1)
            got = moments(per_game.astype(np.int64))
            held = self.points.get(name)
            self.points[name] = got if held is None else (held[0] + got[0], held[1] + got[1])
        self.placed += batch.placed.sum(axis=0, dtype=np.int64).astype(object)
        _add_counts(self.ends, {END_REASONS[code]: n
                                for code, n in histogram(batch.end).items()})
        return self

    def _add_decisive(self, batch, vectors: np.ndarray) -> None:
        length = vectors[:, 0]
        sole = (vectors[:, self.column("tied")] == 0) & (length > 0)
        value = fixed(length[sole] + 1 - batch.lead_from[sole], length[sole])
        total, outer = moments(value[:, None])
        self.decisive[0] += int(sole.sum())
        self.decisive[1] += int(total[0])
        self.decisive[2] += int(outer[0, 0])

    def merge(self, other: Tally) -> Tally:
        """Add another tally of the same configuration (any games) to this one."""
        self.games += other.games
        self.total += other.total
        self.outer += other.outer
        self.uncounted += other.uncounted
        self.decisive = [a + b for a, b in zip(self.decisive, other.decisive)]
        for mine, theirs in zip(self.scores, other.scores):
            _add_counts(mine, theirs)
        _add_counts(self.lengths, other.lengths)
        for name, (total, outer) in other.points.items():
            held = self.points.get(name)
            self.points[name] = (total, outer) if held is None else \
                (held[0] + total, held[1] + outer)
        self.placed += other.placed
        _add_counts(self.ends, other.ends)
        return self

    # --- reading it ---------------------------------------------------------------------------

    def sum(self, a: int) -> int:
        return int(self.total[a])

    def product(self, a: int, b: int) -> int:
        return int(self.outer[a, b])

    def scored(self, kinds: Sequence[str]) -> list[str]:
        """``name.when`` keys that scored in any game: the kinds in ``kinds``' order, then the
        other names in alphabetical order (the same whatever order the games came in)."""
        return [f"{name}.{when}" for name in in_order(self.points, kinds)
                for w, when in enumerate(WHEN) if self.points[name][0][2 + w]]
