"""Games played, as arrays (``Batch``): what the compiled kernel gives back for a batch of
seeds, and what the simulation library makes of the Python engine's rows (``sim.batches``),
so that results travel, add up and are written the same way whichever engine played them.

Everything a ``sim.rows.GameRow`` holds is counted inside the kernel, per game, so a batch
crosses from the kernel to Python once, as a few arrays. NumPy only: the Python engine's
simulations import this module, never Numba or ``carcdsl.fast``.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import numpy as np

from carcdsl.compile.facts import END_REASONS as END_REASONS  # Batch.end's codes


@attrs.frozen(eq=False)
class Batch:
    """Games played by the kernel, one row per seed, seats in turn order (as ``GameRow``)."""

    seeds: np.ndarray
    """int64 [G]."""
    scores: np.ndarray
    """int32 [G, P]: final score per seat."""
    seating: np.ndarray
    """int8 [G, P]: seat -> index of the player given (a draw-off turns it; else 0..P-1)."""
    turns: np.ndarray
    """int32 [G, P]: tiles placed by each seat."""
    discards: np.ndarray
    """int32 [G]."""
    end: np.ndarray
    """int8 [G]: index into ``END_REASONS``."""
    points: np.ndarray
    """int32 [G, N, 2]: points per scoring name (``features``) and when (0 complete, 1
    final), all seats."""
    scorings: np.ndarray
    """int32 [G, N, 2]: scoring events per scoring name and when."""
    lead_changes: np.ndarray
    """int32 [G]."""
    lead_from: np.ndarray
    """int32 [G]."""
    decisions: np.ndarray
    """int32 [G]."""
    placement_choices: np.ndarray
    """int64 [G]."""
    move_choices: np.ndarray
    """int64 [G]: -1 when not counted (``branching`` off)."""
    placed: np.ndarray
    """int32 [G, T]: tiles placed per tile type."""
    features: tuple[str, ...] = ()
    """The names of the scorings ``points`` and ``scorings`` count, by index: the kinds (the
    rule set's order), then what other scorings name (``ScoreEvent.feature``: an ``on
    place``/``on complete`` rule that scores, a token scored at the end; ``effects.
    event_names``)."""
    kinds: int = 0
    """How many of ``features`` are the kinds."""

    def __len__(self) -> int:
        return len(self.seeds)

    def points_of(self, g: int) -> tuple[dict[str, int], dict[str, int]]:
        """Game ``g``'s points and scorings by ``"name.when"``, as ``GameRow.points`` and
        ``GameRow.scorings`` hold them: every kind's, other names only when they scored."""
        points: dict[str, int] = {}
        scorings: dict[str, int] = {}
        for k, name in enumerate(self.features):
            for w, when in enumerate(("complete", "final")):
                if k < self.kinds or self.scorings[g, k, w]:
                    points[f"{name}.{when}"] = int(self.points[g, k, w])
                    scorings[f"{name}.{when}"] = int(self.scorings[g, k, w])
        return points, scorings


def seeds_array(seeds: Sequence[int]) -> np.ndarray:
    return np.asarray(list(seeds), dtype=np.int64)
