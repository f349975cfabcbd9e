"""carcdsl: Carcassonne rules as data — a rule language, a checker and a game engine.

>>> import carcdsl
>>> game = carcdsl.load("base", variants=["farmers"])
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from carcdsl.engine.events import ScoreEvent
from carcdsl.engine.game import Game
from carcdsl.engine.moves import Discard, FollowerSpec, Placement
from carcdsl.engine.state import State
from carcdsl.errors import CarcError, IllegalMoveError, RecordError, RuleError
from carcdsl.formats.record import Record, record_of

__all__ = [
    "load", "Game", "State", "ScoreEvent", "Placement", "Discard", "FollowerSpec", "Record",
    "CarcError", "RuleError", "RecordError", "IllegalMoveError", "record_of",
]
__version__ = "0.1.0"


def load(rules: str | Path = "base", variants: Sequence[str | Path] = (),
         relative_to: Path | None = None) -> Game:
    """Load, check and compile a rule set (a bundled name or a path) with its variants.

    Raises RuleError with every diagnostic when the rules do not check; the warnings are the
    game's ``warnings``.
    """
    from carcdsl.check.checker import load_checked

    checked, warnings, _sources = load_checked(rules, tuple(variants), relative_to)
    return Game.from_rules(checked, str(rules), tuple(str(v) for v in variants), warnings)
