"""The kernel's effects: its tables (two slots of ``TB``) and state (two slots of ``ST``).

Placeholders until the kernel runs them (``support.unsupported`` names what it does not).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.compile.tables import Tables


def tables(tb: Tables, players: int) -> tuple[np.ndarray, np.ndarray]:
    """The two arrays of ``TB`` this module owns."""
    return np.zeros(1, np.int64), np.zeros(1, np.int64)


@nb.njit(cache=True)
def state(TB, players):
    """The two arrays of ``ST`` this module owns (allocated once per batch)."""
    return np.zeros(1, np.int64), np.zeros(1, np.int64)
