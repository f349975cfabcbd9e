"""The rule model: what a checked rule file says, as immutable attrs classes, and how a tile's
fields are derived (``fields``). The names of ``base``, ``expr``, ``tiles`` and ``rules`` are
all here too, for ``import carcdsl.model as m``."""

from carcdsl.model.base import Loc, Located, as_tuple, loc_field
from carcdsl.model.expr import QUANTITIES, Compare, Cond, Const, Expr, Quantity, Scaled, Sum
from carcdsl.model.rules import (
    BOARD_EDGE_NEIGHBOURS,
    DRAW_MODES,
    END_CONDITIONS,
    FIRST_PLAYER,
    HAND_VISIBILITY,
    START_MODES,
    TRIGGER_ACTIONS,
    TRIGGER_CONDITIONS,
    Board,
    Border,
    Game,
    RuleSet,
    Square,
    Supply,
    Token,
    Trigger,
    Turn,
    supply_key,
)
from carcdsl.model.tiles import GEOMETRIES, FeatureKind, Segment, Tile

__all__ = [
    "Loc",
    "Located",
    "as_tuple",
    "loc_field",
    "QUANTITIES",
    "Compare",
    "Cond",
    "Const",
    "Expr",
    "Quantity",
    "Scaled",
    "Sum",
    "GEOMETRIES",
    "FeatureKind",
    "Segment",
    "Tile",
    "BOARD_EDGE_NEIGHBOURS",
    "DRAW_MODES",
    "END_CONDITIONS",
    "FIRST_PLAYER",
    "HAND_VISIBILITY",
    "START_MODES",
    "TRIGGER_ACTIONS",
    "TRIGGER_CONDITIONS",
    "Board",
    "Border",
    "Game",
    "RuleSet",
    "Square",
    "Supply",
    "Token",
    "Trigger",
    "Turn",
    "supply_key",
]
