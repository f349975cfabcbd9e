"""The checks of rules that check clean otherwise and would still do nothing: E141 where a rule
can never have any effect, warnings where a bundled rule set relies on the pattern.

What the composed rule set (variants included) shows decides: a kind no tile has a segment of
(``on place shows garden``, ``put 1 coin on garden``, ``require joins garden``, ``on complete``,
``extends``, a figure that stands only on such kinds), zero amounts (``put 0``, a token's
``score final = 0`` or ``most 0``, a ``+=`` term that is always 0), a token nobody ever gets,
an attribute no tile carries (``take gold``, ``10 * gold``), a figure ``with own F`` that can
stand only on centres, ``extends K with own F`` where no F stands on K. Warnings: tokens put
where no player ever collects them (W311), a kind scored though nobody can stand on it (W312:
a test's rule set where nobody scores relies on it), a figure nobody has (W313), a figure on
kinds never scored (W304).

``DeadChecks`` is a mixin of ``checker._Checker``, as ``tiles.TileChecks`` is: methods only,
reading the rule set and what the checker gathered, reporting through ``error`` and ``warn``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from carcdsl.check.host import CheckerHost
from carcdsl.check.kinds import iter_quantities
from carcdsl.check.play import COMPLETABLE, _item_loc
from carcdsl.model.expr import QUANTITIES, Cond, Const, Divide, Negated, Product, Scaled, Sum
from carcdsl.model.rules import OWN_FOLLOWER, REQUIREMENTS, Figure, Token, Trigger
from carcdsl.model.tiles import FeatureKind

if TYPE_CHECKING:
    from carcdsl.model.base import Loc

SCORE_KEYS = ("complete", "final")


def all_actions(actions) -> Iterator[tuple[str, object]]:
    """Actions, and those of each option of a ``choose``, in order."""
    for action, value in actions:
        yield action, value
        if action == "choose":
            for _name, inner in value:
                yield from all_actions(inner)


def always_zero(expr: object) -> bool:
    """Whether a scoring expression is 0 whatever it measures (``0``, ``0 * pennants``)."""
    try:
        return _zero(expr)
    except RecursionError:  # a rule set made in Python may nest past any limit
        return False


def _zero(expr: object) -> bool:
    if isinstance(expr, Const):
        return expr.value == 0
    if isinstance(expr, Scaled):
        return expr.factor == 0 or _zero(expr.term)
    if isinstance(expr, Negated):
        return _zero(expr.term)
    if isinstance(expr, Product):
        return any(_zero(f) for f in expr.factors)
    if isinstance(expr, Sum):
        return all(_zero(t) for t in expr.terms)
    if isinstance(expr, Cond):
        return _zero(expr.yes) and _zero(expr.no)
    if isinstance(expr, Divide):  # 0 // n, and n // 0 (E142), are 0
        return _zero(expr.left) or _zero(expr.right)
    return False


def is_scored(kind: FeatureKind) -> bool:
    return kind.complete is not None or kind.final is not None \
        or bool(kind.complete_extra) or bool(kind.final_extra)


def score_keys(kind: FeatureKind) -> list[str]:
    """The properties that score ``kind``, as ``field_locs`` names them."""
    keys = [when for when in SCORE_KEYS if getattr(kind, when) is not None]
    for when in SCORE_KEYS:
        keys += [f"{when}_extra:{i}" for i in range(len(getattr(kind, f"{when}_extra")))]
    return keys


def later_loc(obj: FeatureKind | Token, keys: Iterable[str]) -> Loc | None:
    """Where the first of ``keys`` that a later file than the declaration's wrote is (a
    variant's ``override feature``), if one did: the author's own change."""
    locs = dict(obj.field_locs)
    declared = obj.loc.file if obj.loc is not None else None
    return next((locs[key] for key in keys
                 if locs.get(key) is not None and locs[key].file != declared), None)


def written(obj: Figure | Token, prop: str) -> bool:
    """Whether a rule file wrote ``prop`` (a JSON rule set lists every property, the
    defaults too: its zeros say nothing)."""
    loc = dict(obj.field_locs).get(prop)
    return loc is not None and not loc.path


class DeadChecks(CheckerHost):
    """Rules that would do nothing, for ``checker._Checker``."""

    __slots__ = ()

    # --- what the composed rule set has ----------------------------------------------------
    def shown_kinds(self) -> set[str]:
        """The kinds some tile of the composed rule set has a segment of (derived fields
        included): what a placed tile can show."""
        return {seg.kind for tile in self.rules.tiles for seg in tile.segments}

    def seen_kinds(self, shown: set[str]) -> set[str]:
        """``shown``, and the kinds of a map's printed tiles and border segments."""
        seen = set(shown)
        for square in self.rules.board.squares:
            if square.kind is not None:
                seen.add(square.kind)
            seen.update(border.kind for border in square.borders)
        return seen

    def carried(self) -> set[tuple[str, str]]:
        """(kind, attribute) of every attribute some tile's segment carries."""
        return {(seg.kind, name) for tile in self.rules.tiles for seg in tile.segments
                for name, amount in seg.attributes if amount}

    def may_stand(self, figure: Figure, kind: str) -> bool:
        k = self.kinds.get(kind)
        return bool(k and k.followers) if figure.stands_on is None else kind in figure.stands_on

    def stands(self, kind: str, who: str) -> bool:
        """Whether the player's ``who`` (``follower``: a follower or a figure that counts) may
        ever stand on a feature of ``kind``."""
        k = self.kinds.get(kind)
        figures = {f.name: f for f in self.rules.figures}
        if who == OWN_FOLLOWER:
            return bool(k and k.followers) or any(
                f.strength > 0 and self.may_stand(f, kind)
                for f in figures.values())
        figure = figures.get(who)
        return figure is None or self.may_stand(figure, kind)  # no figure: E121 says why

    def anyone_stands(self, kind: str) -> bool:
        k = self.kinds.get(kind)
        return bool(k and k.followers) or any(self.may_stand(f, kind)
                                              for f in self.rules.figures)

    # --- the whole ------------------------------------------------------------------------
    def check_dead(self) -> None:
        if not self.rules.tiles:
            return  # E124 says enough
        shown = self.shown_kinds()
        seen = self.seen_kinds(shown)
        carried = self.carried()
        for trigger in self.rules.triggers:
            self.dead_trigger(trigger, shown, seen, carried)
        self.dead_tokens(shown)
        for kind in self.rules.kinds:
            self.dead_kind(kind, shown, carried)
        for figure in self.rules.figures:
            self.dead_figure(figure, seen)

    def dead_neutral(self, figure: Figure) -> None:
        """E141: a neutral figure that no rule puts on the board (no ``move F here``, no
        ``beside own``) never comes into play: its walks, ``on enter`` rules and what avoids
        it would do nothing."""
        if figure.beside is not None:
            return
        moved = any(action == "move-here" and value == figure.name
                    for t in self.rules.triggers for action, value in t.actions)
        if not moved:
            self.error("E141", figure.loc, "neutral-unmoved", name=figure.name)

    # --- triggers -------------------------------------------------------------------------
    def no_tile(self, kind: str, shown: set[str], loc: Loc | None, rule: str) -> bool:
        """E141 when ``kind`` (a known kind) is not in ``shown``; whether it was."""
        if kind not in self.kinds or kind in shown:
            return False
        self.error("E141", loc, "no-tile", kind=kind, said=rule)
        return True

    def dead_trigger(self, trigger: Trigger, shown: set[str], seen: set[str],
                     carried: set[tuple[str, str]]) -> None:
        arg = str(trigger.arg)
        if trigger.condition == "shows":
            said = f"on place shows {arg}" + (f" {trigger.attribute}" if trigger.attribute else "")
            if not self.no_tile(arg, shown, trigger.loc_of("arg"), said) \
                    and trigger.attribute is not None and arg in self.kinds \
                    and trigger.attribute in dict(self.kinds[arg].attributes) \
                    and (arg, trigger.attribute) not in carried:
                self.error("E141", trigger.loc_of("attribute"), "no-tile-attribute", kind=arg,
                           attribute=trigger.attribute, said=said)
        elif trigger.condition == "complete" and self.geometry.get(arg) in COMPLETABLE:
            self.no_tile(arg, seen, trigger.loc_of("arg"), f"on complete {arg}")
        elif trigger.condition == "extends":
            self.dead_extends(trigger, seen)
        for i, (action, value) in enumerate(trigger.actions):
            if action == "put":
                count, token, kind = value
                if count == 0:
                    self.error("E141", _item_loc(trigger, "token", i), "put-zero", token=token)
                else:
                    self.no_tile(kind, shown, _item_loc(trigger, "kind", i),
                                 f"put {count} {token} on {kind}")
            elif action == "require":
                test, kind, _distance = value
                if test in REQUIREMENTS and kind in self.kinds and kind not in shown:
                    self.error("E141", _item_loc(trigger, "kind", i), "no-tile-require",
                               test=test, kind=kind)
            elif action == "take" and trigger.condition == "complete":
                kind = self.kinds.get(arg)
                if kind is not None and value in dict(kind.attributes) \
                        and (arg, value) not in carried and arg in seen:
                    self.error("E141", _item_loc(trigger, "token", i), "take-none",
                               token=value, kind=arg)

    def dead_extends(self, trigger: Trigger, seen: set[str]) -> None:
        who = str(trigger.arg)
        for i, kind in enumerate(trigger.kinds):
            if self.geometry.get(kind) in (None, "centre"):
                continue  # E110 says why
            loc = _item_loc(trigger, "kinds", i)
            rule = f"on place extends {kind}"
            if not self.no_tile(kind, seen, loc, rule) and not self.stands(kind, who):
                self.error("E141", loc, "extends-own", kind=kind, figure=who,
                           own="own " if trigger.own else "")

    # --- tokens ---------------------------------------------------------------------------
    def dead_tokens(self, shown: set[str]) -> None:
        puts: dict[str, list[tuple[Trigger, int, str]]] = {}
        taken: set[str] = set()
        for trigger in self.rules.triggers:
            for i, (action, value) in enumerate(trigger.actions):
                if action == "put":  # `put 0` too: E141 says why, not also that none is put
                    puts.setdefault(value[1], []).append((trigger, i, value[2]))
                elif action == "take":
                    taken.add(value)
        drawn = {value for trigger in self.rules.triggers
                 for action, value in all_actions(trigger.actions) if action == "draw"}
        taken |= {token.name for token in self.rules.tokens if token.bag in drawn}
        names = {token.name for token in self.rules.tokens}
        # a misspelt `put`/`take` (E134) is the one error, not also a token nobody gets
        misspelt = bool((set(puts) | taken) - names)
        for token in self.rules.tokens:
            self.dead_token(token, puts.get(token.name, []), misspelt or token.name in taken,
                            shown)

    def dead_token(self, token: Token, puts: list[tuple[Trigger, int, str]], taken: bool,
                   shown: set[str]) -> None:
        name, locs = token.name, dict(token.field_locs)
        if token.supply == 0:
            self.error("E141", token.loc_of("supply"), "token-supply", name=name)
        elif token.supply > 0 and not (token.each_player or token.start_sides or puts
                                       or taken):
            self.error("E141", token.loc, "token-unused", name=name)
        if token.final_points == 0 and written(token, "final_points"):
            self.error("E141", locs["final_points"], "token-final-zero", name=name)
        if token.most_points == 0 and written(token, "most_points"):
            self.error("E141", locs["most_points"], "token-most-zero", name=name)
        if token.supply <= 0 or not (token.final_points or token.most_points > 0
                                     or token.final_expr is not None):
            return  # tokens that never score: where they lie changes no score
        if not token.collected:
            for trigger, i, kind in puts:
                self.warn("W311", _item_loc(trigger, "token", i), "kept", token=name, kind=kind)
            if token.start_sides > 0:  # where a later file made the tokens score, if one did
                keys = ("start_sides", "final_points", "most_points", "collected")
                loc = later_loc(token, keys) or token.loc_of("start_sides")
                self.warn("W311", loc, "kept-start", name=name)
            return
        for trigger, i, kind in puts:
            if kind in shown and not self.anyone_stands(kind):  # else E141/no-tile
                self.warn("W311", _item_loc(trigger, "kind", i), "nobody", token=name,
                          kind=kind)

    # --- kinds ----------------------------------------------------------------------------
    def dead_kind(self, kind: FeatureKind, shown: set[str],
                  carried: set[tuple[str, str]]) -> None:
        name = kind.name
        for when in SCORE_KEYS:
            for i, extra in enumerate(getattr(kind, f"{when}_extra")):
                if always_zero(extra):
                    self.error("E141", kind.loc_of(f"{when}_extra:{i}"), "add-zero",
                               name=name, when=when)
        if kind.ties and not self.no_tile(name, shown, kind.loc_of("ties"), "breaks ties") \
                and not kind.tile_figures:
            self.error("E141", kind.loc_of("ties"), "ties-no-figures", name=name)
        if name not in shown:
            return  # W303 says no tile has one
        attributes = dict(kind.attributes)
        for key in score_keys(kind):
            main, _, index = key.partition("_extra:")
            expr = getattr(kind, f"{main}_extra")[int(index)] if index else getattr(kind, main)
            for q in iter_quantities(expr):
                if q.name == "neighbours" and q.arg is not None:
                    self.no_tile(q.arg, shown, q.loc or kind.loc_of(key), f"neighbours({q.arg})")
                if q.name in attributes and q.name not in QUANTITIES \
                        and (name, q.name) not in carried:
                    self.error("E141", q.loc or kind.loc_of(key), "attribute-none", name=name,
                               attribute=q.name)
        keys = [key for key in score_keys(kind)  # a field's `score complete` is E141 already
                if kind.geometry != "field" or key.startswith("final")]
        if keys and not self.anyone_stands(name):
            loc = later_loc(kind, ["followers", *keys]) or kind.loc_of(keys[0])
            self.warn("W312", loc, name=name)

    # --- figures --------------------------------------------------------------------------
    def dead_figure(self, figure: Figure, seen: set[str]) -> None:
        name = figure.name
        if figure.neutral:
            self.dead_neutral(figure)
            return
        if figure.each_player == 0 and written(figure, "each_player"):
            self.warn("W313", figure.loc_of("each_player"), name=name)
        if figure.stands_on is None or not all(k in self.kinds for k in figure.stands_on):
            return  # wherever a follower may (W304 and the kinds' checks), or E110
        kinds = [k for k in figure.stands_on if k in seen]
        listed = ", ".join(figure.stands_on)
        if not kinds:
            self.error("E141", _item_loc(figure, "stands_on", 0), "figure-no-tile", name=name,
                       kinds=listed)
            return
        geometries = {self.geometry.get(k) for k in figure.stands_on}
        if figure.corner and geometries <= {"centre", "path"}:  # neither reaches a corner
            self.error("E141", figure.loc_of("corner"),
                       "corner-centre" if geometries == {"centre"} else "corner-path",
                       name=name, kinds=listed)
            return
        needs = figure.needs
        if needs is not None and needs != name and needs in self.figure_names() \
                and all(self.geometry.get(k) == "centre" for k in figure.stands_on):
            self.error("E141", figure.loc_of("needs"), "needs-centre", name=name, kinds=listed,
                       needs=needs)
            return
        extended = any(t.condition in ("extends", "figure") and t.arg == name
                       or any(a == "score-most" and v[1] == name for a, v in t.actions)
                       for t in self.rules.triggers)  # rules act on its feature, or score it
        if not extended and not any(is_scored(self.kinds[k]) for k in kinds):
            self.warn("W304", _item_loc(figure, "stands_on", 0), "figure", name=name,
                      kinds=", ".join(kinds))
