"""carcdsl: Carcassonne rules as data — a rule language, a checker and a game engine.

>>> import carcdsl
>>> game = carcdsl.load("base", variants=["farmers"])
"""

from __future__ import annotations

from carcdsl.engine.events import ScoreEvent
from carcdsl.engine.game import Game
from carcdsl.engine.moves import Discard, FollowerSpec, Placement
from carcdsl.engine.state import State
from carcdsl.errors import CarcError, IllegalMoveError, RecordError, RuleError
from carcdsl.formats.record import Record, record_of
from carcdsl.pipeline import load

__all__ = [
    "load", "Game", "State", "ScoreEvent", "Placement", "Discard", "FollowerSpec", "Record",
    "CarcError", "RuleError", "RecordError", "IllegalMoveError", "record_of",
]
__version__ = "0.1.0"


def __dir__() -> list[str]:
    """The public API (``__all__``), not the submodules importing it loads."""
    return sorted([*__all__, "__version__"])
