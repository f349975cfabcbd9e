"""A reinforcement-learning front end: a PettingZoo AEC environment over any rule set.

>>> from carcdsl.rl import env
>>> e = env("base", variants=["farmers"], players=2, seed=1)
>>> e.reset(seed=1)

Needs the ``rl`` extra (``pip install 'carcdsl[rl]'``: PettingZoo, Gymnasium, NumPy). The
observation, the action numbering and the rewards: ``docs/rl.md``.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as error:  # pragma: no cover - the message is the point
    raise ImportError(f"carcdsl.rl needs the rl extra: pip install 'carcdsl[rl]' "
                      f"({error})") from error

from carcdsl.rl.actions import ActionLayout
from carcdsl.rl.aec import (
    CarcassonneEnv,
    EnvOptionError,
    IllegalActionError,
    env,
    margin,
    raw_env,
)

__all__ = ["env", "raw_env", "CarcassonneEnv", "ActionLayout", "EnvOptionError",
           "IllegalActionError", "margin"]
