"""Checks of figures that go on when their feature scores (``on scored F: move F within N to
K, ...``, ``engine.moving``).

``on scored F`` names a figure players place; what follows it is where F goes on, and that
action goes after it only: it moves the figures of the feature just scored, which no other
event has. The reach is 1 to ``MAX_REACH`` squares; K are kinds, each one F stands on (a kind
it never stands on would offer nothing).
"""

from __future__ import annotations

from carcdsl.check.host import CheckerHost
from carcdsl.model.base import Loc
from carcdsl.model.rules import Trigger

MAX_REACH = 10
"""The most squares ``move F within N`` reaches."""


def _loc(trigger: Trigger, word: str, i: int) -> Loc | None:
    return dict(trigger.field_locs).get(f"{word}:{i}") or trigger.loc


class MovingChecks(CheckerHost):
    """``on scored F`` and ``move F within N to K``, for ``checker._Checker``."""

    __slots__ = ()

    def check_moving(self) -> None:
        for trigger in self.rules.triggers:
            if trigger.condition == "scored":
                self.check_scored(trigger)
            for i, (action, value) in enumerate(trigger.actions):
                if action == "move-within":
                    self.check_move_within(trigger, i, value)

    def check_scored(self, trigger: Trigger) -> None:
        """``on scored F``: F a figure players place; only ``move F within`` follows."""
        name = str(trigger.arg)
        placed = [f.name for f in self.rules.figures if not f.neutral]
        if name not in placed:
            self.error("E121", trigger.loc_of("arg"), "scored-figure", figure=name,
                       known=", ".join(placed) or "-", hint=self.hint(name, "figure", placed))
        for action, _value in trigger.actions:
            if action != "move-within":
                self.error("E132", trigger.loc, "scored-action", said=trigger.text(),
                           action=action.replace("-", " "))

    def check_move_within(self, trigger: Trigger, i: int, value) -> None:
        figure, reach, kinds = value
        said = f"move {figure} within {reach}"
        misspelt = trigger.condition == "scored" and not any(  # E121 names it already
            f.name == trigger.arg and not f.neutral for f in self.rules.figures)
        if (trigger.condition != "scored" or trigger.arg != figure) and not misspelt:
            self.error("E132", trigger.loc, "move-within-where", said=trigger.text(),
                       figure=figure)
        if not 1 <= reach <= MAX_REACH:
            self.error("E132", _loc(trigger, "reach", i), "move-within-reach", said=said,
                       most=MAX_REACH)
        stands = next((f.stands_on for f in self.rules.figures if f.name == figure), None)
        for j, kind in enumerate(kinds):
            at = _loc(trigger, f"to-{j}", i)
            if kind not in self.kinds:
                self.error("E110", at, "move-within-kind", said=said, kind=kind,
                           hint=self.hint(kind, "kind", self.kinds))
            elif stands is not None and kind not in stands:
                self.error("E141", at, "move-within-never", said=said, figure=figure,
                           kind=kind, kinds=", ".join(stands))
