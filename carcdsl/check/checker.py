"""RuleSet -> diagnostics: every check of meaning, collecting every problem.

A composed rule set can be built from nonsense (an unknown kind, a city on a half-side, a road
that ends nowhere); the checker reports each problem with a stable code from
``diagnostics.CODES``, a plain-English message and the most precise location the model carries.
Only a rule set without errors may be compiled.

This module owns the entry point (``check``), the checker's state and the order of the checks;
the checks themselves are mixins of the checker here, one module each: feature kinds and their
scoring rules in ``kinds``; the game block, board, supply, turn and tokens in ``game``; names
in languages in ``names``; each tile type, and the warnings over all of them, in ``tiles``;
figures, tile groups and triggers in ``play``; rules that would do nothing in the composed
rule set (a kind no tile has, a zero amount, a token nobody gets) in ``dead``. Everything is
linear in the number of tile types: the side-matching and duplicate-tile warnings look
signatures up in dicts instead of comparing tiles pairwise.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from carcdsl.check.dead import DeadChecks, later_loc, score_keys
from carcdsl.check.game import MAX_FOLLOWERS, GameChecks
from carcdsl.check.kinds import KindChecks
from carcdsl.check.moving import MovingChecks
from carcdsl.check.names import NameChecks
from carcdsl.check.neutral import NeutralChecks
from carcdsl.check.play import PlayChecks
from carcdsl.check.steps import StepChecks
from carcdsl.check.tiles import TileChecks
from carcdsl.diagnostics import Diagnostic, error, suggest, unique, warning
from carcdsl.geometry import ports as P
from carcdsl.model.base import Loc
from carcdsl.model.rules import RuleSet
from carcdsl.model.tiles import GEOMETRIES, FeatureKind


def check(rules: RuleSet, lang: str | None = None) -> list[Diagnostic]:
    """Every problem in ``rules``, duplicates removed, sorted by file and position. With
    ``lang`` (``check --lang nl``), every word without a name in that language is W306."""
    checker = _Checker(rules, asked=lang)
    checker.run()
    return unique(d for d in checker.out if not _follows_unread(d, rules.unread))


_SETTLED_BY = {
    # W307 (a name for a word the rule set lacks): the follower's name, a kind's pennants, a
    # token or figure declare words; E141, W31x: a rule doing nothing for want of what the
    # declaration would have given (a tile showing a kind, a figure standing on it)
    "game": frozenset({"E114", "E115", "E120", "E121", "W122", "E123", "W307"}),
    "feature": frozenset({"E141", "E204", "W307", "W309", "W312"}),
    "tile": frozenset({"E123", "E124", "E141", "W122", "W301", "W303", "W305", "W309"}),
    "token": frozenset({"E141", "W307", "W311"}),
    "figure": frozenset({"E141", "W307", "W312", "W313"}),
    "landmark": frozenset({"W307"}),
    "group": frozenset({"W310"}),
    "on": frozenset({"E141", "W304", "W311", "W312"}),  # W304: what an `on figure` gives it
    "board": frozenset({"E131", "E132", "E133", "W305"}),
    "supply": frozenset({"E132", "W310", "E201/zero"}),  # E201/zero: a tile the supply owns
    "turn": frozenset({"E132"}),
}
"""Codes a declaration of each kind settles: said of a rule set one of whose declarations of
that kind did not parse, they would be follow-ons (``RuleSet.unread``). A code, or a
message's key (``E201/zero``) where only one form of the code is settled."""


def _follows_unread(found: Diagnostic, unread: tuple[tuple[str, str], ...]) -> bool:
    """Whether ``found`` may be a follow-on of a declaration that did not parse: it names
    something that declaration would have declared (``unknown feature kind 'city'`` when
    city's block has a syntax error), or is a code that declaration's kind settles."""
    if not unread:
        return False
    names = {name for _kw, name in unread if name}
    if any(isinstance(value, str) and value in names
           for key, value in found.args.items() if key != "hint"):
        return True
    return any(found.code in _SETTLED_BY.get(kw, ()) or found.key in _SETTLED_BY.get(kw, ())
               for kw, _name in unread)


@attrs.define
class _Checker(KindChecks, GameChecks, NameChecks, TileChecks, PlayChecks, StepChecks,
               NeutralChecks, MovingChecks, DeadChecks):
    rules: RuleSet
    out: list[Diagnostic] = attrs.Factory(list)
    kinds: dict[str, FeatureKind] = attrs.Factory(dict)
    geometry: dict[str, str] = attrs.Factory(dict)
    """Kind -> geometry, for kinds whose geometry is known."""
    landmarks: set[str] = attrs.Factory(set)
    field_kinds: list[str] = attrs.Factory(list)
    used: set[str] = attrs.Factory(set)
    asked: str | None = None
    """The language the output is asked in: every word must have a name in it."""
    _hints: dict[tuple[str, str], str] = attrs.Factory(dict)

    # --- helpers ------------------------------------------------------------------------
    def error(self, code: str, loc: Loc | None, form: str = "", /, **args: object) -> None:
        self.out.append(error(code, loc or self.fallback_loc(), form, **args))

    def warn(self, code: str, loc: Loc | None, form: str = "", /, **args: object) -> None:
        self.out.append(warning(code, loc or self.fallback_loc(), form, **args))

    def fallback_loc(self) -> Loc | None:
        """The game block, else the rule set's header, for problems that have no position
        of their own."""
        game = self.rules.game
        if game.loc is not None:
            return game.loc
        if self.rules.loc is not None:
            return self.rules.loc
        locs = [k.loc for k in self.rules.kinds] + [t.loc for t in self.rules.tiles[:1]]
        return next((Loc(loc.file) for loc in locs if loc is not None), None)

    def wrong_kind(self, kind: str | None, wanted: tuple[str, ...], place: str,
                   loc: Loc | None, **args: object) -> None:
        """E110: ``kind`` cannot be used at ``place`` (a form: ``printed``, ``border``,
        ``first``), which needs a kind of a ``wanted`` geometry: there is no such kind (did you
        mean ...), or it has another geometry."""
        if kind in self.kinds:
            self.error("E110", loc, f"{place}-kind", kind=kind,
                       geometry=self.geometry.get(kind, "unknown"), **args)
        else:
            candidates = [k for k, g in self.geometry.items() if g in wanted]
            hint = self.hint(str(kind), "kind:" + "+".join(wanted), candidates)
            self.error("E110", loc, f"{place}-name", kind=kind, hint=hint, **args)

    def hint(self, word: str, group: str, candidates: Iterable[str]) -> str:
        """suggest, remembered: the same unknown name may appear on thousands of tiles."""
        key = (group, word)
        if key not in self._hints:
            self._hints[key] = suggest(word, candidates)
        return self._hints[key]

    def rules_sets(self) -> int:
        """Copies of the tile set in the supply (1 when the setting makes no sense)."""
        sets = self.rules.supply.sets
        return sets if isinstance(sets, int) and 1 <= sets <= 100 else 1

    def port_hint(self, port: str) -> str:
        if port.upper() in P.INDEX:
            return port.upper()
        return self.hint(port, "port", P.RING)

    @property
    def markers(self) -> set[str]:
        return set(getattr(self.rules.board, "markers", ()) or ())

    # --- the whole ----------------------------------------------------------------------
    def run(self) -> None:
        rules = self.rules
        self.landmarks = set(rules.landmarks)
        for kind in rules.kinds:
            self.kinds.setdefault(kind.name, kind)
            if kind.geometry in GEOMETRIES:
                self.geometry.setdefault(kind.name, kind.geometry)
        self.field_kinds = [k for k, g in self.geometry.items() if g == "field"]
        for kind in rules.kinds:
            self.check_kind(kind)
        self.check_game()
        self.check_blocks()
        self.check_tokens()
        self.check_figures(MAX_FOLLOWERS)
        self.check_groups()
        self.check_triggers()
        self.check_neutral()
        self.check_moving()
        self.check_steps()
        self.check_names()
        self.check_about()
        infos = []
        for tile in rules.tiles:
            info = self.check_tile(tile)
            if info is not None:
                infos.append(info)
        self.check_side_matches(infos)
        self.check_duplicates(infos)
        for kind in rules.kinds if rules.tiles else ():  # no tiles: E124 says enough
            if kind.name not in self.used:
                # a kind with no rules (an inert `garden`) is a place for tile sets to use
                if kind.followers or kind.complete or kind.final or kind.final_extra \
                        or kind.complete_extra:  # said where its author gave it rules
                    keys = ["followers"] if kind.followers else []
                    loc = later_loc(kind, keys + score_keys(kind)) or kind.loc
                    self.warn("W303", loc, name=kind.name)
            else:
                self.check_completable(kind)
        self.check_dead()
