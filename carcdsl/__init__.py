"""carcdsl: Carcassonne rules as data — a rule language, a checker and a game engine.

>>> import carcdsl
>>> game = carcdsl.load("base", variants=["farmers"])
"""

from __future__ import annotations

from carcdsl.engine.game import Game, ScoreEvent, State
from carcdsl.engine.moves import Discard, FollowerSpec, Placement
from carcdsl.errors import CarcError, IllegalMoveError, RecordError, RuleError
from carcdsl.formats.record import Record
from carcdsl.pipeline import load

__all__ = [
    "load", "Game", "State", "ScoreEvent", "Placement", "Discard", "FollowerSpec", "Record",
    "CarcError", "RuleError", "RecordError", "IllegalMoveError",
]
__version__ = "0.1.0"
