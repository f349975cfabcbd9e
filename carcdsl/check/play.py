"""The checks of what happens in play besides tiles and scoring rules: figures, tile groups
and their draw order, and triggers (``on place ...``, ``on complete ...``) with their actions.

``PlayChecks`` is a mixin of ``checker._Checker``, as ``tiles.TileChecks`` is: methods only,
reading what the checker gathered (kinds, their geometries) and reporting through its
``error``. Every problem has a position: the property, the name in a list (``stands on road,
citty``: at ``citty``) or the declaration when the model knows no closer place.
"""

from __future__ import annotations

import attrs

from carcdsl.check.host import CheckerHost
from carcdsl.check.kinds import iter_quantities
from carcdsl.model.base import Loc
from carcdsl.model.rules import OWN_FOLLOWER, REQUIREMENTS, REST_GROUP, Figure, Trigger

MAX_FIGURES = 1000
"""Figures of one kind each player has (as ``game.MAX_FOLLOWERS`` followers)."""
MAX_LOOK_AHEAD = 20
"""Squares ``require look-ahead KIND N`` may look ahead."""
MAX_HIDDEN = 1000
"""``hide N tiles``: at most this many at a time."""
COMPLETABLE = ("area", "path", "centre")
"""Geometries of features a placement completes (``on complete KIND``): a field never is."""
PLACING = ("surrounded", "covers", "shows")
"""``on place`` conditions a requirement may go with: tests of the placement itself."""


def _item_loc(obj, prop: str, i: int) -> Loc | None:
    """Where the ``i``-th item of a list property is written, else the property."""
    return dict(obj.field_locs).get(f"{prop}:{i}") or obj.loc_of(prop)


def _trigger_head(trigger: Trigger) -> str:
    """How a trigger's condition is written (``on complete city``, ``on place extends``)."""
    if trigger.condition == "complete":
        return f"on complete {trigger.arg}"
    return f"on place {trigger.condition}"


class PlayChecks(CheckerHost):
    """Figures, groups and triggers, for ``checker._Checker``."""

    __slots__ = ()

    # --- figures ------------------------------------------------------------------------
    def figure_names(self) -> list[str]:
        """What ``with own F`` and ``own(F)`` may name: ``follower`` and every figure."""
        return [OWN_FOLLOWER, *(f.name for f in self.rules.figures)]

    def follower_words(self) -> set[str]:
        """The names an ordinary follower goes by: ``follower``, the game's word for it
        (``meeple``) and its roles (``knight``), as records may name it."""
        words = {OWN_FOLLOWER}
        if self.rules.game.follower:
            words.add(self.rules.game.follower)
        words.update(k.role for k in self.rules.kinds if k.role)
        return words

    def check_figures(self, most_each: int) -> None:
        followers = self.follower_words()
        for figure in self.rules.figures:
            self.check_figure(figure, followers, most_each)
        known = self.figure_names()
        for kind in self.rules.kinds:
            if kind.followers_with is not None and kind.followers_with not in known:
                self.unknown_figure(kind.followers_with,
                                    f"followers anywhere with {kind.followers_with}",
                                    kind.loc_of("followers_with"))
        ransom = self.rules.game.ransom
        if not 0 <= ransom <= 1000:
            self.error("E121", self.rules.game.loc_of("ransom"), "ransom", points=ransom)

    def unknown_figure(self, figure: str, said: str, loc) -> None:
        """E121: ``said`` names a figure the rule set lacks."""
        known = self.figure_names()
        self.error("E121", loc, "names-figure", said=said, figure=figure,
                   known=", ".join(known), hint=self.hint(figure, "figure", known))

    def check_figure(self, figure: Figure, followers: set[str], most_each: int) -> None:
        name = figure.name
        if name in self.kinds:
            self.error("E117", figure.loc, "figure", name=name)
        elif name in followers:
            self.error("E117", figure.loc, "figure-follower", name=name)
        if not 0 <= figure.each_player <= most_each:
            self.error("E121", figure.loc_of("each_player"), "figure", name=name,
                       count=figure.each_player, most=most_each)
        if figure.strength < 0:
            self.error("E121", figure.loc_of("strength"), "strength", name=name,
                       strength=figure.strength)
        if figure.strength_expr is not None:
            self.check_strength(figure)
        for i, kind in enumerate(figure.stands_on or ()):
            if kind not in self.kinds:
                self.error("E110", _item_loc(figure, "stands_on", i), "stands", name=name,
                           kind=kind, hint=self.hint(kind, "kind", self.kinds))
        if figure.needs is not None:
            self.check_own(figure.needs, figure.loc_of("needs"))
            if figure.needs == name:
                self.error("E121", figure.loc_of("needs"), "needs-itself", name=name)
        known = self.figure_names()
        if figure.with_any is not None and figure.with_any not in known:
            self.unknown_figure(figure.with_any, f"with {figure.with_any}",
                                figure.loc_of("with_any"))
        elif figure.with_any == name:
            self.error("E121", figure.loc_of("with_any"), "with-itself", name=name)
        elif figure.with_any is not None and figure.needs is not None:
            self.error("E121", figure.loc_of("with_any"), "with-both", name=name,
                       figure=figure.with_any, own=figure.needs)
        self.check_by_players(figure.each_player_by_players, "each_player_for", figure,
                              figure.loc_of("each_player") is not figure.loc, "each-",
                              figure.loc_of("each_player_by_players"), most_each, name=name)
        for i, other in enumerate(figure.excludes):
            if other not in known:
                self.error("E121", _item_loc(figure, "excludes", i), "excludes", figure=other,
                           known=", ".join(known), hint=self.hint(other, "figure", known))
        for i, other in enumerate(figure.keeps_out):
            if other not in known:
                self.unknown_figure(other, f"keeps out {other}",
                                    _item_loc(figure, "keeps_out", i))
        if figure.corner and figure.anywhere:
            self.error("E121", figure.loc_of("corner"), "corner-anywhere", name=name)
        if figure.recall not in (None, "none", "final"):
            self.error("E121", figure.loc_of("recall"), "recall", name=name,
                       recall=figure.recall)

    def check_strength(self, figure: Figure) -> None:
        """``strength = EXPR``: its quantities are measured on each kind the figure stands on
        (E113 as in a kind's score, attributes aside: they are a kind's own); given with a
        number as well, E121."""
        loc = figure.loc_of("strength_expr")
        if dict(figure.field_locs).get("strength") is not None:
            self.error("E121", figure.loc_of("strength"), "strength-twice", name=figure.name)
        on = figure.stands_on if figure.stands_on is not None else [
            k.name for k in self.kinds.values() if k.followers]
        for q in iter_quantities(figure.strength_expr):
            if q.name in ("followers", "own"):  # strengths are what those count
                self.error("E113", q.loc or loc, "strength-circular", name=figure.name,
                           quantity=q.name)
                return
        for name in on:
            kind = self.kinds.get(name)
            if kind is not None:
                self.check_expr(attrs.evolve(kind, attributes=()), figure.strength_expr, loc)

    def check_own(self, figure: str, loc: Loc | None) -> None:
        """E121: ``with own F`` names no figure."""
        known = self.figure_names()
        if figure not in known:
            self.error("E121", loc, "own", figure=figure, known=", ".join(known),
                       hint=self.hint(figure, "figure", known))

    # --- groups and the draw order ------------------------------------------------------
    def check_groups(self) -> None:
        rules = self.rules
        tiles = {t.name for t in rules.tiles}
        start = rules.game.start
        group_of: dict[str, str] = {}
        for group in rules.groups:
            if group.name == REST_GROUP:
                self.error("E132", group.loc, "group-rest")
            if not group.tiles:
                self.error("E132", group.loc, "group-empty", group=group.name)
            seen: set[str] = set()
            for i, tile in enumerate(group.tiles):
                at = group.tile_locs[i][1] if i < len(group.tile_locs) else group.loc
                if tile in seen:
                    self.error("E132", at, "group-repeat", group=group.name,
                               tile=tile)
                    continue
                seen.add(tile)
                if tile not in tiles:
                    self.error("E132", at, "group-tile", group=group.name,
                               tile=tile,
                               hint=self.hint(tile, "tile", tiles))
                    continue
                if tile == start:
                    self.error("E132", at, "group-start", group=group.name,
                               tile=tile)
                other = group_of.setdefault(tile, group.name)
                if other != group.name:
                    self.error("E132", at, "group-twice", tile=tile,
                               group=group.name, other=other)
        self.check_order()

    def check_order(self) -> None:
        supply = self.rules.supply
        known = list(dict.fromkeys((*(g.name for g in self.rules.groups), REST_GROUP)))
        seen: set[str] = set()
        for i, name in enumerate(supply.order):
            loc = _item_loc(supply, "order", i)
            if name in seen:
                self.error("E132", loc, "order-twice", group=name)
            elif name not in known:
                self.error("E132", loc, "order-name", group=name, known=", ".join(known),
                           hint=self.hint(str(name), "group", known))
            seen.add(name)
        for group in self.rules.groups:
            if group.name not in seen and group.name != REST_GROUP:
                form = "not-ordered" if supply.order else "no-order"
                self.warn("W310", group.loc, form, group=group.name)

    # --- triggers -----------------------------------------------------------------------
    def check_triggers(self) -> None:
        tokens = {t.name for t in self.rules.tokens}
        seen: dict = {}
        for trigger in self.rules.triggers:
            first = seen.setdefault(trigger, trigger)
            if first is not trigger:  # the JSON form; the language combines them (lang.builder)
                self.warn("W109", trigger.loc, said=trigger.text(), first=first.loc)
            if trigger.condition == "complete":
                self.check_complete(trigger)
            elif trigger.condition == "extends":
                self.check_extends(trigger)
            for i, (action, value) in enumerate(trigger.actions):
                if action == "take":
                    self.check_take(trigger, i, value, tokens)
                elif action == "require":
                    self.check_require(trigger, i, value)
                elif action == "score" and value == 0:
                    self.error("E141", _item_loc(trigger, "points", i), "score-zero",
                               trigger=_trigger_head(trigger))
                elif action == "hide" and not 1 <= value <= MAX_HIDDEN:
                    self.error("E132", _item_loc(trigger, "count", i), "hide", count=value,
                               most=MAX_HIDDEN)

    def check_complete(self, trigger: Trigger) -> None:
        kind, loc = trigger.arg, trigger.loc_of("arg")
        if kind not in self.kinds:
            self.error("E110", loc, "complete", kind=kind,
                       hint=self.hint(str(kind), "kind", self.kinds))
        elif self.geometry.get(kind, "area") not in COMPLETABLE:
            self.error("E110", loc, "complete-kind", kind=kind, geometry=self.geometry[kind])

    def check_extends(self, trigger: Trigger) -> None:
        for i, kind in enumerate(trigger.kinds):
            loc = _item_loc(trigger, "kinds", i)
            if kind not in self.kinds:
                self.error("E110", loc, "extends", kind=kind,
                           hint=self.hint(kind, "kind", self.kinds))
            elif self.geometry.get(kind) == "centre":
                self.error("E110", loc, "extends-kind", kind=kind, geometry="centre")
        if trigger.own:
            self.check_own(str(trigger.arg), trigger.loc_of("arg"))
        elif trigger.arg not in self.figure_names():
            self.unknown_figure(str(trigger.arg), f"with {trigger.arg}", trigger.loc_of("arg"))

    def check_take(self, trigger: Trigger, i: int, token: str, tokens: set[str]) -> None:
        loc = _item_loc(trigger, "token", i)
        if trigger.condition != "complete":
            self.error("E134", loc, "take-where", token=token, trigger=_trigger_head(trigger))
            return
        if token not in tokens:
            self.error("E134", loc, "take", token=token, hint=self.hint(token, "token", tokens))
            return  # a misspelt token is the one error, not also a missing attribute
        kind = self.kinds.get(str(trigger.arg))
        if kind is not None and token not in dict(kind.attributes):
            self.error("E134", loc, "take-attribute", token=token, kind=kind.name)

    def check_require(self, trigger: Trigger, i: int, value: tuple) -> None:
        test, kind, distance = value
        test_loc = _item_loc(trigger, "test", i)
        if trigger.condition not in PLACING:
            self.error("E132", test_loc, "require-where", test=test,
                       trigger=_trigger_head(trigger))
        if test not in REQUIREMENTS:
            self.error("E132", test_loc, "require", test=test,
                       known=", ".join(REQUIREMENTS),
                       hint=self.hint(str(test), "requirement", REQUIREMENTS))
            return  # a misspelt test is the one error, not also its kind
        if not kind and test != "surrounded":
            self.error("E132", test_loc, "require-kind", test=test)
            return
        if test in ("at-most", "at-least"):
            said = (f"require at {test[3:]} {distance} {kind} around"
                    if distance is not None else f"require {test} {kind}")
            if distance is None or not 0 <= distance <= 8:
                self.error("E132", test_loc, "require-around", said=said, kind=kind)
            elif distance == (8 if test == "at-most" else 0):
                self.error("E141", test_loc, "require-always", said=said)
        elif distance is not None and test != "look-ahead":
            self.error("E132", test_loc, "require-distance", test=test, kind=kind,
                       distance=distance)
        elif distance is not None and not 1 <= distance <= MAX_LOOK_AHEAD:
            self.error("E132", test_loc, "look-ahead", distance=distance, most=MAX_LOOK_AHEAD)
        if test == "surrounded":
            return  # `require surrounded`: no kind
        kind_loc = _item_loc(trigger, "kind", i)
        if kind not in self.kinds:
            self.error("E110", kind_loc, "require", test=test, kind=kind,
                       hint=self.hint(kind, "kind", self.kinds))
            return
        geometry = self.geometry.get(kind)
        if geometry is None:
            return  # E112 says why
        if test in ("no-repeat", "look-ahead") and geometry != "path":
            self.error("E110", kind_loc, "require-path", test=test, kind=kind,
                       geometry=geometry)
        elif test in ("joins", "apart") and geometry not in ("area", "path"):
            self.error("E110", kind_loc, "require-sides", test=test, kind=kind, geometry=geometry)
