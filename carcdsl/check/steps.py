"""Checks of what a rule does on a feature beyond scoring it: bags of tokens drawn at random,
tokens and figures sent back, a bag's worth scored, a choice between options, and the events
``on figure F`` and ``on draw T`` (``compile.modes``: DRAW_BAG and after).

These actions act on the rule's feature, so they go with an event that has one: ``on figure
F`` (the figure's feature), ``on draw T`` (the feature the token went onto) or ``on place
extends ... with own F`` (the feature extended); ``choose`` only with the last, whose options a
move can name before it is played.
"""

from __future__ import annotations

import attrs

from carcdsl.check.host import CheckerHost
from carcdsl.compile.facts import MAX_OPTIONS
from carcdsl.model.base import Loc
from carcdsl.model.rules import Trigger

FEATURE_ACTIONS = ("draw", "return", "score-to", "choose", "capture", "score-most")
WITH_FEATURE = ("figure", "draw", "extends", "final")


def _loc(trigger: Trigger, word: str, i: int) -> Loc | None:
    return dict(trigger.field_locs).get(f"{word}:{i}") or trigger.loc


class StepChecks(CheckerHost):
    """Bags, choices and the events that give a rule a feature, for ``checker._Checker``."""

    __slots__ = ()

    def check_steps(self) -> None:
        bags = {t.bag for t in self.rules.tokens if t.bag is not None}
        for token in self.rules.tokens:
            if token.worth < 0:
                self.error("E134", token.loc_of("worth"), "worth", name=token.name,
                           worth=token.worth)
        for trigger in self.rules.triggers:
            self.check_event(trigger, bags)
            for i, (action, value) in enumerate(trigger.actions):
                if trigger.condition == "final" and action != "score-most":
                    self.error("E132", trigger.loc, "final-action", said=trigger.text())
                    continue
                if action not in FEATURE_ACTIONS:
                    continue
                if trigger.condition not in WITH_FEATURE:
                    self.error("E132", trigger.loc, "needs-feature", action=action,
                               said=trigger.text())
                elif action == "choose" and trigger.condition != "extends":
                    self.error("E132", trigger.loc, "choose-where", said=trigger.text())
                elif action == "capture" and trigger.condition != "figure":
                    self.error("E132", trigger.loc, "capture-where", said=trigger.text())
                self.check_action(trigger, i, action, value, bags)

    def check_event(self, trigger: Trigger, bags: set) -> None:
        arg = str(trigger.arg)
        if trigger.condition == "figure" and arg not in self.figure_names()[1:]:
            known = self.figure_names()[1:]
            self.error("E121", trigger.loc_of("arg"), "on-figure", figure=arg,
                       known=", ".join(known) or "-", hint=self.hint(arg, "figure", known))
        elif trigger.condition == "final" and arg not in self.kinds:
            self.error("E110", trigger.loc_of("arg"), "final", kind=arg,
                       hint=self.hint(arg, "kind", self.kinds))
        elif trigger.condition == "draw":
            in_bags = [t.name for t in self.rules.tokens if t.bag is not None]
            if arg not in in_bags:
                self.error("E134", trigger.loc_of("arg"), "on-draw", token=arg,
                           known=", ".join(in_bags) or "-",
                           hint=self.hint(arg, "token", in_bags))

    def check_action(self, trigger: Trigger, i: int, action: str, value, bags: set) -> None:
        figures = self.figure_names()
        if action == "draw":
            self.check_bag(str(value), _loc(trigger, "bag", i), bags)
        elif action == "return":
            if value not in bags and value not in figures:
                known = sorted(bags) + figures
                self.error("E134", _loc(trigger, "what", i), "return", name=value,
                           known=", ".join(known), hint=self.hint(str(value), "token", known))
        elif action == "score-to":
            bag, figure = value
            self.check_bag(bag, _loc(trigger, "bag", i), bags)
            if figure not in figures:
                self.error("E121", _loc(trigger, "figure", i), "excludes", figure=figure,
                           known=", ".join(figures), hint=self.hint(figure, "figure", figures))
        elif action == "score-most":
            self.check_score_most(trigger, i, value)
        elif action == "choose":
            self.check_options(trigger, i, value, bags)
        elif action == "capture":
            self.check_capture(trigger, i, value)

    def check_capture(self, trigger: Trigger, i: int, value) -> None:
        """``capture F, ... in line EXPR``: figures the rule set has (E121); the reach is
        measured on the feature the figure of ``on figure G`` was placed on, so it is checked
        as a score of each kind G stands on."""
        figures = self.figure_names()
        names, reach = value
        for j, figure in enumerate(names):
            if figure not in figures:
                self.error("E121", _loc(trigger, "figure" if j == 0 else f"figure-{j}", i),
                           "names-figure", said=f"capture {figure}", figure=figure,
                           known=", ".join(figures), hint=self.hint(figure, "figure", figures))
        placed = next((f for f in self.rules.figures if f.name == trigger.arg), None)
        if trigger.condition != "figure" or placed is None:
            return
        on = placed.stands_on if placed.stands_on is not None else [
            k.name for k in self.kinds.values() if k.followers]
        for name in on:
            kind = self.kinds.get(name)
            if kind is not None:
                self.check_expr(kind, reach, _loc(trigger, "reach", i))

    def check_score_most(self, trigger: Trigger, i: int, value) -> None:
        """``score EXPR to most F``: a figure the rule set has (E121); the expression is
        measured on the rule's feature, so it is checked as a score of each kind that feature
        may be (the kind of ``on final``, the kinds of ``extends``, those the figure of ``on
        figure`` stands on), without the kinds' attributes (the feature's kind varies)."""
        expr, figure = value
        figures = self.figure_names()
        if figure not in figures:
            self.error("E121", _loc(trigger, "figure", i), "names-figure",
                       said=f"to most {figure}", figure=figure, known=", ".join(figures),
                       hint=self.hint(figure, "figure", figures))
        on: list[str] | tuple[str, ...]
        if trigger.condition == "final":
            on = [str(trigger.arg)]
        elif trigger.condition == "extends":
            on = list(trigger.kinds)
        else:
            placed = next((f for f in self.rules.figures if f.name == trigger.arg), None)
            on = [] if placed is None else placed.stands_on if placed.stands_on is not None \
                else [k.name for k in self.kinds.values() if k.followers]
        for name in dict.fromkeys(on):
            kind = self.kinds.get(name)
            if kind is not None:
                self.check_expr(attrs.evolve(kind, attributes=()), expr, trigger.loc)

    def check_options(self, trigger: Trigger, i: int, options, bags: set) -> None:
        names = [name for name, _ in options]
        if not 2 <= len(names) <= MAX_OPTIONS or len(set(names)) < len(names):
            self.error("E132", _loc(trigger, f"option-{names[0]}", i), "options",
                       options=", ".join(names), most=MAX_OPTIONS)
        for name, actions in options:
            for inner, value in actions:
                if inner not in FEATURE_ACTIONS or inner in ("choose", "capture"):
                    self.error("E132", _loc(trigger, f"option-{name}", i), "option-action",
                               option=name, action=inner)
                else:
                    self.check_action(trigger, i, inner, value, bags)

    def check_bag(self, bag: str, loc: Loc | None, bags: set) -> None:
        if bag not in bags:
            self.error("E134", loc, "bag", bag=bag, known=", ".join(sorted(bags)) or "-",
                       hint=self.hint(bag, "bag", sorted(bags)))

