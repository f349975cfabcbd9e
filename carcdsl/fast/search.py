"""The compiled engine for a search's roll-outs (``bots.mcts`` with ``engine=compiled``)."""

from __future__ import annotations

import warnings

from carcdsl.fast.support import unsupported_roll_out

_kernels: dict[tuple[int, int], object] = {}


def kernel_for_roll_outs(game, players: int):
    """A ``Kernel`` that rolls out positions of ``game`` with ``players``, shared by every
    search of this process; None when it cannot (Numba missing, or the rule set has what
    ``support.unsupported_roll_out`` names: said once, as a warning), and the search rolls
    out on the Python engine."""
    key = (id(game.tables), players)
    if key in _kernels:
        return _kernels[key]
    reason = unsupported_roll_out(game.tables)
    kernel = None
    if reason is None:
        try:
            from carcdsl.fast.kernel import Kernel
        except ImportError:
            reason = "Numba is not installed (pip install 'carcdsl[fast]')"
        else:
            kernel = Kernel(game, players)
    if reason is not None:
        warnings.warn(f"compiled engine: cannot roll out {reason}; the Python engine rolls "
                      "out instead", stacklevel=3)
    _kernels[key] = kernel  # the tables live as long as the game: the id stays theirs
    return kernel
