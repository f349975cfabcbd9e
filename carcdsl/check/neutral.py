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
from carcdsl.compile.facts import TARGET_SHIFT
from carcdsl.model.rules import OWN_FOLLOWER, Trigger

MAX_WALK = 100
"""The most squares one ``walk`` takes."""
MAX_TARGETS = 1 << TARGET_SHIFT
"""The most things a rule set lets a move do instead of placing a figure (a spot's room)."""

PLACED_ONLY = ("each_player", "each_player_by_players", "strength", "strength_expr",
               "stands_on", "needs", "recall", "excludes", "anywhere", "with_any", "corner",
               "keeps_out")
"""Properties of a figure a player places: a neutral one has none of them."""
PROPERTY_WORDS = {"each_player": "each player", "each_player_by_players": "each player",
                  "strength": "strength", "strength_expr": "strength =",
                  "stands_on": "stands on", "needs": "with own", "recall": "recall",
                  "excludes": "excludes", "anywhere": "anywhere", "with_any": "with",
                  "corner": "at corner", "keeps_out": "keeps out"}
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
            else:
                for prop, word in (("avoids", "avoids"), ("beside", "beside own"),
                                   ("blocks", "blocks")):
                    if prop in said:
                        self.error("E121", said[prop], "neutral-only", name=figure.name,
                                   prop=word)
            if figure.beside is not None:
                self.check_placed_name(figure.beside, f"beside own {figure.beside}",
                                       said.get("beside") or figure.loc)
            for i, other in enumerate(figure.avoids):
                at = said.get(f"avoids:{i}") or figure.loc
                if other == figure.name:
                    self.error("E121", at, "avoids-itself", name=other)
                else:
                    self.check_neutral_name(other, f"avoids {other}", at)
        for trigger in self.rules.triggers:
            self.check_neutral_rule(trigger)
        self.check_targets()
        self.check_hold()

    def check_hold(self) -> None:
        """``hold back K until F``: K a kind, F a neutral figure."""
        supply = self.rules.supply
        if supply.hold is None:
            return
        kind, figure = supply.hold
        said = dict(supply.field_locs)
        if isinstance(supply.hand, int) and supply.hand > 0:  # a hand would hold them unseen
            self.error("E132", supply.loc_of("hold"), "hold-hand", kind=kind, hand=supply.hand)
        if kind not in self.kinds:
            self.error("E110", said.get("hold:0") or supply.loc_of("hold"), "hold", kind=kind,
                       hint=self.hint(kind, "kind", self.kinds))
        self.check_neutral_name(figure, f"hold back {kind} until {figure}",
                                said.get("hold:1") or supply.loc_of("hold"))
        neutral = self.rules.figure(figure)
        brought = [t for t in self.rules.triggers
                   if any(a == "move-here" and v == figure for a, v in t.actions)]
        if neutral is not None and neutral.beside is None and brought and all(
                t.condition == "shows" and t.arg == kind for t in brought):
            self.error("E141", supply.loc_of("hold"), "hold-itself", kind=kind,
                       figure=figure)

    def check_neutral_name(self, name: str, said: str, loc) -> None:
        """E121: ``said`` names no neutral figure."""
        known = self.neutral_names()
        if name not in known:
            self.error("E121", loc, "names-neutral", said=said, figure=name,
                       known=", ".join(known) or "-", hint=self.hint(name, "figure", known))

    def check_placed_name(self, name: str, said: str, loc) -> None:
        """E121: ``said`` names no figure a player places (nor ``follower``)."""
        known = [OWN_FOLLOWER, *(f.name for f in self.rules.figures if not f.neutral)]
        if name in self.neutral_names():
            self.error("E121", loc, "names-placed", said=said, figure=name,
                       known=", ".join(known))
        elif name not in known:
            self.error("E121", loc, "names-figure", said=said, figure=name,
                       known=", ".join(known), hint=self.hint(name, "figure", known))

    def check_neutral_rule(self, trigger: Trigger) -> None:
        if trigger.condition in ("turn-beside", "score-beside"):
            self.check_beside_rule(trigger)
            return
        if trigger.condition == "enter":
            self.check_neutral_name(str(trigger.arg), f"on enter {trigger.arg}",
                                    trigger.loc_of("arg"))
        if trigger.attribute is not None:
            self.check_shown_attribute(trigger)
        for i, (action, value) in enumerate(trigger.actions):
            if action in ("instead-return", "place-anywhere"):
                self.check_instead(trigger, i, action, value)
            elif trigger.condition == "enter" and action != "return-here":
                self.error("E132", trigger.loc, "enter-action", said=trigger.text(),
                           action=action.replace("-", " "))
            elif action == "return-here" and trigger.condition != "enter":
                self.error("E132", trigger.loc, "return-here-where", said=trigger.text())
            elif action in NEUTRAL_ACTIONS:
                self.check_neutral_action(trigger, i, action, value)

    def check_beside_rule(self, trigger: Trigger) -> None:
        """``on turn beside N`` / ``on score beside N``: N a neutral figure that goes beside
        others; they give points (``score N``) and nothing else."""
        name = str(trigger.arg)
        said = trigger.text().partition(":")[0]
        self.check_neutral_name(name, said, trigger.loc_of("arg"))
        figure = self.rules.figure(name)
        if figure is not None and figure.neutral and figure.beside is None:
            self.error("E121", trigger.loc_of("arg"), "beside-missing", said=said, name=name)
        for action, _value in trigger.actions:
            if action != "score":
                self.error("E132", trigger.loc, "beside-action", said=trigger.text(),
                           action=action.replace("-", " "))

    def check_shown_attribute(self, trigger: Trigger) -> None:
        """``shows K A``: A an attribute of kind K."""
        kind = self.kinds.get(str(trigger.arg))
        if kind is None:
            return  # the unknown kind is the one error
        names = [name for name, _ in kind.attributes]
        if trigger.attribute not in names:
            self.error("E134", trigger.loc_of("attribute"), "shows-attribute",
                       kind=kind.name, attribute=trigger.attribute,
                       known=", ".join(names) or "-",
                       hint=self.hint(str(trigger.attribute), "attribute", names))

    def check_instead(self, trigger: Trigger, i: int, action: str, figure: str) -> None:
        words = (f"instead return {figure}" if action == "instead-return"
                 else f"place {figure} anywhere")
        if action == "instead-return":
            self.check_placed_name(figure, words, _loc(trigger, "figure", i))
            self.check_returned_stands(trigger, figure, words)
            if trigger.condition != "shows":
                self.error("E132", trigger.loc, "instead-where", said=trigger.text())
        else:
            self.check_placed_name(figure, words, _loc(trigger, "figure", i))
            if trigger.condition not in ON_PLACE:
                self.error("E132", trigger.loc, "neutral-where", said=trigger.text(),
                           action=words)

    def check_returned_stands(self, trigger: Trigger, figure: str, words: str) -> None:
        """E141: ``on place shows K: instead return F`` where no F ever stands on a K."""
        kind = str(trigger.arg)
        placed = self.rules.figure(figure)
        if trigger.condition != "shows" or kind not in self.kinds or placed is None \
                or placed.neutral or placed.stands_on is None or kind in placed.stands_on:
            return
        self.error("E141", _loc(trigger, "figure", 0), "return-never", said=words,
                   figure=figure, kind=kind, kinds=", ".join(placed.stands_on))

    def check_targets(self) -> None:
        """At most ``MAX_TARGETS`` things a move may do instead of placing a figure: E132
        where the first one too many is written."""
        said = [f.loc_of("beside") for f in self.rules.figures
                if f.neutral and f.beside is not None]
        said += [t.loc for t in self.rules.triggers for a, _ in t.actions
                 if a == "instead-return"]
        if len(said) > MAX_TARGETS:
            self.error("E132", said[MAX_TARGETS], "targets", count=len(said),
                       most=MAX_TARGETS)

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

