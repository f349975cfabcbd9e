"""The compiled engine's front: what a batch of games played by the kernel gives back
(``Batch``), and ``Kernel``, which plays batches of one rule set and player count.

Everything a ``sim.rows.GameRow`` holds is counted inside the kernel, per game, so a batch
crosses from the kernel to Python once, as a few arrays.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import numpy as np

END_REASONS = ("supply-empty", "tile-unplaceable", "stopped")
"""``Batch.end`` codes: an ``EndReason.why`` each."""


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
    """int32 [G, K, 2]: points per kind index and when (0 complete, 1 final), all seats."""
    scorings: np.ndarray
    """int32 [G, K, 2]: scoring events per kind and when."""
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

    def __len__(self) -> int:
        return len(self.seeds)


def seeds_array(seeds: Sequence[int]) -> np.ndarray:
    return np.asarray(list(seeds), dtype=np.int64)
