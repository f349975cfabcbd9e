"""Checks of neutral figures: figures nobody owns that only rules move (``figure dragon {
neutral  avoids fairy }``), the actions that move them (``move F here``, ``walk F N``) and
the event of one arriving on a square (``on enter F: return figures here``).

A neutral figure is one in the game, off the board until a rule puts it on a square: so the
properties of a figure a player places (a supply, a strength, where it stands) say nothing
for it, and are refused rather than ignored. ``move`` and ``walk`` take the tile just placed
as their starting point, so they go after ``on place``; ``return figures here`` acts on the
square a figure entered, so it goes after ``on enter``, which takes nothing else.
"""

from __future__ import annotations

from carcdsl.check.host import CheckerHost
from carcdsl.model.rules import Trigger

MAX_WALK = 100
"""The most squares one ``walk`` takes."""
PLACED_ONLY = ("each_player", "each_player_by_players", "strength", "strength_expr",
               "stands_on", "needs", "recall", "excludes", "anywhere", "with_any")
"""Properties of a figure a player places: a neutral one has none of them."""
PROPERTY_WORDS = {"each_player": "each player", "each_player_by_players": "each player",
                  "strength": "strength", "strength_expr": "strength =",
                  "stands_on": "stands on", "needs": "with own", "recall": "recall",
                  "excludes": "excludes", "anywhere": "anywhere", "with_any": "with"}
NEUTRAL_ACTIONS = ("move-here", "walk")
ON_PLACE = ("surrounded", "covers", "shows", "extends")


def _loc(trigger: Trigger, word: str, i: int):
    return dict(trigger.field_locs).get(f"{word}:{i}") or trigger.loc


class NeutralChecks(CheckerHost):
    """Neutral figures and the rules that move them, for ``checker._Checker``."""

    __slots__ = ()

    def neutral_names(self) -> list[str]:
        return [f.name for f in self.rules.figures if f.neutral]

    def check_neutral(self) -> None:
        for figure in self.rules.figures:
            said = dict(figure.field_locs)
            if figure.neutral:
                for prop in PLACED_ONLY:
                    if prop in said:
                        self.error("E121", said[prop], "neutral-prop", name=figure.name,
                                   prop=PROPERTY_WORDS[prop])
            elif figure.avoids:
                self.error("E121", figure.loc_of("avoids"), "avoids-placed", name=figure.name)
            for i, other in enumerate(figure.avoids):
                self.check_neutral_name(other, f"avoids {other}",
                                        said.get(f"avoids:{i}") or figure.loc)
        for trigger in self.rules.triggers:
            self.check_neutral_rule(trigger)

    def check_neutral_name(self, name: str, said: str, loc) -> None:
        """E121: ``said`` names no neutral figure."""
        known = self.neutral_names()
        if name not in known:
            self.error("E121", loc, "names-neutral", said=said, figure=name,
                       known=", ".join(known) or "-", hint=self.hint(name, "figure", known))

    def check_neutral_rule(self, trigger: Trigger) -> None:
        if trigger.condition == "enter":
            self.check_neutral_name(str(trigger.arg), f"on enter {trigger.arg}",
                                    trigger.loc_of("arg"))
        for i, (action, value) in enumerate(trigger.actions):
            if trigger.condition == "enter" and action != "return-here":
                self.error("E132", trigger.loc, "enter-action", said=trigger.text(),
                           action=action)
            elif action == "return-here" and trigger.condition != "enter":
                self.error("E132", trigger.loc, "return-here-where", said=trigger.text())
            elif action in NEUTRAL_ACTIONS:
                self.check_neutral_action(trigger, i, action, value)

    def check_neutral_action(self, trigger: Trigger, i: int, action: str, value) -> None:
        figure, steps = (value, None) if action == "move-here" else value
        words = f"move {figure} here" if steps is None else f"walk {figure} {steps}"
        self.check_neutral_name(figure, words, _loc(trigger, "figure", i))
        if trigger.condition not in ON_PLACE:
            self.error("E132", trigger.loc, "neutral-where", said=trigger.text(),
                       action=words)
        if steps is not None and not 1 <= steps <= MAX_WALK:
            self.error("E132", _loc(trigger, "steps", i), "walk-steps", steps=steps,
                       most=MAX_WALK)

