"""RuleSet -> diagnostics: every check of meaning, collecting every problem.

A composed rule set can be built from nonsense (an unknown kind, a city on a half-side, a road
that ends nowhere); the checker reports each problem with a stable code from
``diagnostics.CODES``, a plain-English message and the most precise location the model carries.
Only a rule set without errors may be compiled.

The checks of each tile type, and the warnings over all of them, live in ``tiles`` as a mixin
of the checker here; those of figures, tile groups and triggers in ``play``. Everything is
linear in the number of tile types: the side-matching and duplicate-tile warnings look
signatures up in dicts instead of comparing tiles pairwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from carcdsl.check.play import PlayChecks
from carcdsl.check.tiles import MAX_SUPPLY, MAX_TILE_COUNT, TileChecks
from carcdsl.diagnostics import Diagnostic, error, suggest, unique, warning
from carcdsl.geometry import ports as P
from carcdsl.model.base import Loc
from carcdsl.model.expr import QUANTITIES, Compare, Cond, Negated, Product, Quantity, Scaled, Sum
from carcdsl.model.looks import NAMED_COLOURS, looks_of, parse_colour
from carcdsl.model.rules import (
    BOARD_EDGE_NEIGHBOURS,
    DRAW_MODES,
    END_CONDITIONS,
    FIRST_PLAYER,
    HAND_VISIBILITY,
    OWN_FOLLOWER,
    START_MODES,
    RuleSet,
    supply_key,
)
from carcdsl.model.tiles import ATTRIBUTE_MERGES, GEOMETRIES, FeatureKind

DEFAULT_LANGUAGE = "en"
"""The language of a rule set's own words: names given for it rename, none are missing."""
MAX_BOARD_SIDE = 1000
MAX_HAND = 20
MAX_PLAYERS = 100
MAX_FOLLOWERS = 1000
SCORERS = ("majority",)


def check(rules: RuleSet, lang: str | None = None) -> list[Diagnostic]:
    """Every problem in ``rules``, duplicates removed, sorted by file and position. With
    ``lang`` (``check --lang nl``), every word without a name in that language is W306."""
    checker = _Checker(rules, asked=lang)
    checker.run()
    return unique(checker.out)


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}..{high}"


def iter_quantities(expr: object) -> Iterator[Quantity]:
    """Every Quantity in a scoring expression (iteratively: expressions may nest deeply)."""
    stack = [expr]
    while stack:
        item = stack.pop()
        if isinstance(item, Quantity):
            yield item
        elif isinstance(item, (Scaled, Negated)):
            stack.append(item.term)
        elif isinstance(item, Product):
            stack.extend(reversed(item.factors))
        elif isinstance(item, Sum):
            stack.extend(reversed(item.terms))
        elif isinstance(item, Cond):
            stack.extend((item.no, item.yes, item.test))
        elif isinstance(item, Compare):
            stack.extend((item.right, item.left))
        # a Const carries nothing to check


@attrs.define
class _Checker(TileChecks, PlayChecks):
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
        self.check_names()
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
                        or kind.complete_extra:
                    self.warn("W303", kind.loc, name=kind.name)
            else:
                self.check_completable(kind)

    def check_completable(self, kind: FeatureKind) -> None:
        """W309: ``score complete`` of a kind that can never be completed.

        - ``field``: fields never complete (they score at the end).
        - ``dead-ends``: a path feature completes when all its ends are closed. A path
          segment (with the segments of its tile it runs on with, through a landmark its
          kind does not end at) that has one port and no end at a terminal keeps an end open
          for ever; when every piece of the kind on every tile is such a dead end, no feature
          of the kind ever completes.
        - ``board``: a centre completes when the 8 squares around it are filled; on a
          bounded table less than 3 squares wide or high whose edge does not close, that
          never happens.
        """
        if kind.complete is None and not kind.complete_extra:
            return
        # where the rule is written: `score complete =`, else its first `+=` term
        loc = kind.loc_of("complete" if kind.complete is not None else "complete_extra:0")
        name = kind.name
        if kind.geometry == "field":
            self.warn("W309", loc, "field", name=name)
        elif kind.geometry == "path" and all(_dead_ends(tile, kind) for tile in self.rules.tiles
                                             if any(s.kind == name for s in tile.segments)):
            self.warn("W309", loc, "dead-ends", name=name)
        elif kind.geometry == "centre":
            board = self.rules.board
            area = board.area() if board.bounds is not None else None
            if area is not None and not board.edge_closes:
                x0, x1, y0, y1 = area
                if x1 - x0 < 2 or y1 - y0 < 2:  # said where the table is made that small
                    self.warn("W309", board.loc_of("bounds"), "board", name=name)

    # --- feature kinds ------------------------------------------------------------------
    def check_kind(self, kind: FeatureKind) -> None:
        name, geometry = kind.name, kind.geometry
        if not geometry:
            self.error("E112", kind.loc, "none", name=name, geometries=", ".join(GEOMETRIES))
        elif geometry not in GEOMETRIES:
            self.error("E112", kind.loc_of("geometry"), geometry=geometry, name=name,
                       hint=self.hint(geometry, "geometry", GEOMETRIES),
                       geometries=", ".join(GEOMETRIES))
        if name in self.landmarks:
            self.error("E117", kind.loc, name=name)
        if kind.scorers not in SCORERS:
            self.error("E116", kind.loc_of("scorers"), scorers=kind.scorers,
                       hint=self.hint(kind.scorers, "scorers", SCORERS), known=SCORERS)
        if kind.pennants and geometry in GEOMETRIES and geometry not in ("area", "path"):
            self.error("E207", kind.loc_of("pennants"), "kind", name=name, geometry=geometry)
        self.check_terminals(kind)
        for when in ("complete", "final"):
            expr = getattr(kind, when)
            if expr is not None:
                self.check_expr(kind, expr, kind.loc_of(when))
            for i, extra in enumerate(getattr(kind, f"{when}_extra")):
                self.check_expr(kind, extra, kind.loc_of(f"{when}_extra:{i}"))
        self.check_attributes(kind)
        self.check_looks(kind)
        scored = kind.complete is not None or kind.final is not None \
            or kind.complete_extra or kind.final_extra  # a `+=` term alone is a score
        if kind.followers and not scored:
            self.warn("W304", kind.loc_of("followers"), name=name)

    def check_attributes(self, kind: FeatureKind) -> None:
        """E207: an attribute's merge rule, and a name that is already a quantity."""
        for name, merge in kind.attributes:
            if merge not in ATTRIBUTE_MERGES:
                self.error("E207", kind.loc_of(f"attribute-merge:{name}"), "merge", name=name,
                           merge=merge, known=", ".join(ATTRIBUTE_MERGES),
                           hint=self.hint(merge, "merge", ATTRIBUTE_MERGES))
            if name in QUANTITIES:
                self.error("E207", kind.loc_of(f"attribute:{name}"), "quantity-name", name=name)

    def check_looks(self, kind: FeatureKind) -> None:
        """E118 a colour pictures cannot paint; E119 a look the kind's geometry has not (an
        unknown geometry is E112 already)."""
        colour = kind.colour
        if colour is not None and parse_colour(colour) is None:
            loc = kind.loc_of("colour")
            if colour.startswith("#"):
                self.error("E118", loc, "hex", colour=colour)
            else:
                self.error("E118", loc, colour=colour,
                           hint=self.hint(colour, "colour", NAMED_COLOURS))
        looks = looks_of(kind.geometry)
        if kind.look is not None and looks and kind.look not in looks:
            self.error("E119", kind.loc_of("look"), name=kind.name, geometry=kind.geometry,
                       look=kind.look, looks=looks,
                       hint=self.hint(kind.look, f"look:{kind.geometry}", looks))

    def check_terminals(self, kind: FeatureKind) -> None:
        if not kind.terminals:
            return
        loc = kind.loc_of("terminals")
        if kind.geometry in GEOMETRIES and kind.geometry != "path":
            self.error("E210", loc, "ends-at", name=kind.name, geometry=kind.geometry)
        for terminal in kind.terminals:
            if terminal not in self.landmarks and terminal not in self.kinds:
                hint = self.hint(terminal, "terminal", [*self.landmarks, *self.kinds])
                self.error("E111", loc, name=kind.name, terminal=terminal, hint=hint)

    def check_expr(self, kind: FeatureKind, expr: object, loc: Loc | None) -> None:
        geometry = kind.geometry
        attributes = dict(kind.attributes)
        for q in iter_quantities(expr):
            where = q.loc or loc
            if q.name in attributes and q.name not in QUANTITIES:
                if q.arg is not None:
                    self.error("E113", where, "argument", name=q.name, arg=q.arg)
            elif q.name not in QUANTITIES:
                known = [*QUANTITIES, *attributes]
                self.error("E113", where, name=q.name,
                           hint=self.hint(q.name, f"quantity:{kind.name}", known),
                           quantities=", ".join(known))
            elif q.name == "own":
                figures = [OWN_FOLLOWER, *(f.name for f in self.rules.figures)]
                if q.arg not in figures:
                    self.error("E113", where, "own", arg=q.arg, known=", ".join(figures),
                               hint=self.hint(str(q.arg), "figure", figures))
            elif q.name == "completed":
                self.check_completed(kind, q, where)
            elif q.name == "markers":
                if q.arg not in self.markers:
                    hint = self.hint(str(q.arg), "marker", self.markers)
                    self.error("E113", where, "marker", marker=q.arg, hint=hint)
            elif q.arg is not None:
                self.error("E113", where, "argument", name=q.name, arg=q.arg)
            elif q.name == "neighbours" and geometry in GEOMETRIES and geometry != "centre":
                self.error("E113", where, "neighbours", name=kind.name, geometry=geometry)

    def check_completed(self, kind: FeatureKind, q: Quantity, loc: Loc | None) -> None:
        areas = [k for k, g in self.geometry.items() if g == "area"]
        if q.arg is None:
            example = f"completed({areas[0]})" if areas else "completed(KIND)"
            self.error("E113", loc, "completed-kind", example=example)
        elif q.arg not in self.kinds:
            self.error("E113", loc, "completed-unknown", kind=q.arg,
                       hint=self.hint(q.arg, "kind", self.kinds))
        elif self.geometry.get(q.arg, "area") != "area":
            self.error("E113", loc, "completed-geometry", kind=q.arg,
                       geometry=self.geometry[q.arg])
        if kind.geometry in GEOMETRIES and kind.geometry != "field":
            self.error("E113", loc, "completed-on", name=kind.name, geometry=kind.geometry)

    # --- the game -----------------------------------------------------------------------
    def check_game(self) -> None:
        game, tiles = self.rules.game, self.rules.tiles
        players = tuple(game.players)
        if len(players) != 2 or not all(isinstance(n, int) for n in players):
            self.error("E120", game.loc_of("players"), players=repr(players))
        else:
            low, high = players
            form = ("too-few" if low < 1 else "backwards" if low > high else
                    "too-many" if high > MAX_PLAYERS else "")
            if form == "too-many":
                self.error("E120", game.loc_of("players"), form, low=low, high=high,
                           most=MAX_PLAYERS)
            elif form:
                self.error("E120", game.loc_of("players"), form, low=low, high=high)
        self.check_supplies(game)
        if not 0 <= game.followers <= MAX_FOLLOWERS:
            self.error("E121", game.loc_of("followers"), count=game.followers,
                       most=MAX_FOLLOWERS)
        self.check_total(game)
        if not tiles:
            self.error("E124", game.loc_of("tiles"))
        if game.start is None:
            self.error("E123", game.loc)
        elif self.rules.tile(game.start) is None:
            removed = dict(game.field_locs).get("start-removed")
            if removed is not None:
                self.error("E114", removed, "removed", name=game.start,
                           start=game.loc_of("start"))
            else:
                hint = self.hint(game.start, "tile", (t.name for t in tiles))
                self.error("E114", game.loc_of("start"), name=game.start, hint=hint)
        if game.end not in END_CONDITIONS:
            self.error("E115", game.loc_of("end"), end=game.end,
                       hint=self.hint(game.end, "end", END_CONDITIONS),
                       ends=", ".join(END_CONDITIONS))

    def check_total(self, game) -> None:
        """W122 at the declared total, or, when a later file changed the tile counts (a
        variant's `remove tile X`), at that change: that file can say the new total."""
        total = sum(t.count for t in self.rules.tiles)
        if game.total_tiles is None or game.total_tiles == total:
            return
        if not all(1 <= t.count <= MAX_TILE_COUNT
                   for t in self.rules.tiles):
            return  # a count that is wrong itself (E201) is mended first

        diff = total - game.total_tiles
        declared, changed = game.loc_of("total_tiles"), dict(game.field_locs).get("tiles")
        if changed is not None and declared is not None and changed.file != declared.file:
            self.warn("W122", changed, "changed" if diff > 0 else "changed-fewer",
                      declared=game.total_tiles, counted=total, diff=abs(diff))
        else:
            self.warn("W122", declared, "" if diff > 0 else "fewer",
                      declared=game.total_tiles, counted=total, diff=abs(diff))

    def check_supplies(self, game) -> None:
        """Followers by player count: sane figures, no count twice, none outside the player
        range, none in it without one (when any are given). Ranges are compared as ranges:
        absurd figures cost nothing."""
        if not game.followers_by_players:
            return
        plow, phigh = game.players if len(game.players) == 2 else (0, -1)
        sane_players = isinstance(plow, int) and isinstance(phigh, int) \
            and 1 <= plow <= phigh <= MAX_PLAYERS
        valid = []
        for entry in game.followers_by_players:
            low, high, count = entry
            loc = game.loc_of(supply_key(entry))
            if low > high or low < 1 or high > MAX_PLAYERS or not 0 <= count <= MAX_FOLLOWERS:
                self.error("E121", loc, "supply", count=count, players=_span(low, high),
                           most_players=MAX_PLAYERS, most=MAX_FOLLOWERS)
                continue
            valid.append((low, high, count, loc))
            if sane_players and (high < plow or low > phigh):
                self.warn("W308", loc, "supply", count=count, players=_span(low, high),
                          range=_span(plow, phigh))
        valid.sort(key=lambda e: (e[0], e[1]))
        reach: tuple | None = None
        for entry in valid:
            low, high, count, loc = entry
            if reach is not None and low <= reach[1]:
                first = reach[3]
                args = {"players": _span(low, min(high, reach[1])), "first": reach[2],
                        "first_players": _span(reach[0], reach[1]), "count": count,
                        "these_players": _span(low, high)}
                if first is not None and first.line:
                    self.error("E121", loc, "overlap", line=first.line, **args)
                else:
                    self.error("E121", loc, "overlap-here", **args)
            if reach is None or high > reach[1]:
                reach = entry
        if not sane_players or game.loc_of("followers") is not game.loc:
            return  # a default supply covers the rest
        covered: set[int] = set()
        for low, high, _count, _loc in valid:
            covered.update(range(max(low, plow), min(high, phigh) + 1))
        missing = [n for n in range(plow, phigh + 1) if n not in covered]
        if missing:
            self.error("E121", game.loc_of("followers_by_players"), "missing",
                       counts=", ".join(map(str, missing)))

    def check_tokens(self) -> None:
        tokens = {t.name for t in self.rules.tokens}
        players = self.rules.game.players
        most = players[1] if len(players) == 2 and isinstance(players[1], int) \
            and 1 <= players[1] <= MAX_PLAYERS else None
        for token in self.rules.tokens:
            if token.most_points < 0:
                self.error("E134", token.loc_of("most_points"), "most", name=token.name,
                           points=token.most_points)
            if min(token.supply, token.each_player, token.start_sides) < 0:
                self.error("E134", token.loc, "negative", name=token.name)
            elif most is not None:
                need = most * token.each_player + 4 * token.start_sides
                if need > token.supply:
                    self.error("E134", token.loc_of("each_player"), "set-up", name=token.name,
                               need=need, players=most, each=token.each_player,
                               sides=token.start_sides, supply=token.supply)
        for trigger in self.rules.triggers:
            for i, (action, value) in enumerate(trigger.actions):
                if action != "put":
                    continue
                count, token, kind = value
                if token not in tokens:
                    hint = self.hint(token, "token", tokens)
                    self.error("E134", trigger.loc_of(f"token:{i}"), "unknown", count=count,
                               token=token, hint=hint)
                if kind not in self.kinds:
                    hint = self.hint(kind, "kind", self.kinds)
                    self.error("E110", trigger.loc_of(f"kind:{i}"), "put", kind=kind, hint=hint)

    def visible_words(self) -> dict[str, Loc | None]:
        """Every word of the rule set a player reads, with where it is declared (None for the
        tool's own words: "tile", "start-tile", "pennant", "neighbour"): kinds, follower roles,
        the follower and score marker, landmarks, tokens, markers."""
        rules = self.rules
        words: dict[str, Loc | None] = {}
        for k in rules.kinds:
            words.setdefault(k.name, k.loc)
        for k in rules.kinds:
            if k.role:
                words.setdefault(k.role, k.loc_of("role"))
        game = rules.game
        for prop in ("follower", "score_marker"):
            if getattr(game, prop):
                words.setdefault(getattr(game, prop), game.loc_of(prop))
        landmark_locs = dict(rules.landmark_locs)
        for name in rules.landmarks:
            words.setdefault(name, landmark_locs.get(name))
        for token in rules.tokens:
            words.setdefault(token.name, token.loc)
        for figure in rules.figures:
            words.setdefault(figure.name, figure.loc)
        for k in rules.kinds:
            for name, _ in k.attributes:
                words.setdefault(name, k.loc_of(f"attribute:{name}"))
        for sq in rules.board.squares:
            if sq.marker:
                words.setdefault(sq.marker, sq.loc)
        generic = ["tile", "start-tile"]
        if any(k.pennants for k in rules.kinds):
            generic.append("pennant")
        if any(k.geometry == "centre" for k in rules.kinds):
            generic.append("neighbour")
        for word in generic:
            words.setdefault(word, None)
        return words

    def check_names(self) -> None:
        """W307: a name for a word the rule set does not have (in the rule set's own files).
        W306: a word without a name in a language the rule set speaks, at the word's
        declaration, when the file declaring it names words at all (has a `names` block): a
        file that adds words without naming any (a small example on top of `base`) owes none,
        unless the check is asked in that language (``asked``)."""
        words = self.visible_words()
        known = set(words) | {sq.name for sq in self.rules.board.squares if sq.name}
        naming: dict[str, Loc] = {}  # file -> its first names block
        first_block: dict[str, Loc] = {}  # lang -> its first names block
        own: dict[tuple[str, str], Loc] = {}
        for lang, word, loc in self.rules.names_locs:
            if loc is None:
                continue
            if word is None:
                naming.setdefault(loc.file, loc)
                first_block.setdefault(lang, loc)
            else:
                own.setdefault((lang, word), loc)
        for lang, entries in self.rules.names:
            given = {word for word, _, _ in entries}
            for word in sorted(given - known):
                loc = own.get((lang, word))
                if loc is not None:
                    self.warn("W307", loc, lang=lang, word=word,
                              hint=self.hint(word, "word", known))
            if lang == DEFAULT_LANGUAGE:
                continue
            for word, where in words.items():
                if word in given:
                    continue
                if where is None:
                    loc = first_block.get(lang)
                elif where.file in naming or lang == self.asked:
                    loc = where
                else:
                    continue
                self.warn("W306", loc, lang=lang, word=word)

    # --- board, supply, turns ------------------------------------------------------------
    def check_word(self, value: object, allowed: tuple[str, ...], form: str,
                   loc: Loc | None) -> None:
        """E132 ``form`` (``draw``: an unknown draw mode) unless ``value`` is allowed."""
        if value not in allowed:
            hint = self.hint(str(value), form, allowed)
            self.error("E132", loc, form, value=value, hint=hint, known=", ".join(allowed))

    def check_map(self, board) -> None:
        starts = sum(1 for sq in board.squares if sq.role == "start")
        if not isinstance(board.start_areas, int) or not 1 <= board.start_areas <= max(starts, 1):
            self.error("E132", board.loc_of("start_areas"), "start-areas",
                       areas=board.start_areas, starts=starts)
        for sq in board.squares:
            if sq.role == "printed":
                if self.geometry.get(sq.kind) != "area":
                    self.wrong_kind(sq.kind, ("area",), "printed", sq.loc, name=sq.name)
                elif sq.pennants and not self.kinds[str(sq.kind)].pennants:
                    self.error("E207", sq.loc, "printed", name=sq.name, pennants=sq.pennants,
                               kind=sq.kind)
            for border in sq.borders:
                if self.geometry.get(border.kind) not in ("area", "path"):
                    self.wrong_kind(border.kind, ("path", "area"), "border", sq.loc,
                                    side=border.side, x=sq.x, y=sq.y)
                elif border.pennants and not self.kinds[border.kind].pennants:
                    self.error("E207", sq.loc, "border", side=border.side, x=sq.x, y=sq.y,
                               pennants=border.pennants, kind=border.kind)

    @property
    def markers(self) -> set[str]:
        return set(getattr(self.rules.board, "markers", ()) or ())

    def check_blocks(self) -> None:
        board, supply, turn = self.rules.board, self.rules.supply, self.rules.turn
        if board.bounds is not None and board.squares:
            self.error("E132", board.loc_of("bounds"), "bounds-and-map")
        if board.squares:
            self.check_map(board)
        elif board.bounds is not None:
            w, h = board.bounds
            if not all(isinstance(v, int) and 1 <= v <= MAX_BOARD_SIDE for v in (w, h)):
                self.error("E132", board.loc_of("bounds"), "bounds", width=w, height=h,
                           most=MAX_BOARD_SIDE)
        elif board.edge_closes or board.loc_of("edge_neighbours") is not board.loc:
            prop = "edge_closes" if board.edge_closes else "edge_neighbours"
            self.error("E131", board.loc_of(prop))
        self.check_word(board.edge_neighbours, BOARD_EDGE_NEIGHBOURS, "edge-neighbours",
                        board.loc_of("edge_neighbours"))
        self.check_word(supply.draw, DRAW_MODES, "draw", supply.loc_of("draw"))
        self.check_word(supply.start, START_MODES, "start", supply.loc_of("start"))
        self.check_word(supply.hand_visibility, HAND_VISIBILITY, "hand-visibility",
                        supply.loc_of("hand_visibility"))
        if not isinstance(supply.sets, int) or not 1 <= supply.sets <= 100:
            self.error("E132", supply.loc_of("sets"), "sets", sets=supply.sets)
        else:
            self.check_supply_size(supply.sets)
        if not isinstance(supply.hand, int) or not 0 <= supply.hand <= MAX_HAND:
            self.error("E132", supply.loc_of("hand"), "hand", hand=supply.hand, most=MAX_HAND)
        else:
            self.check_hands(supply)
        for trigger in self.rules.triggers:
            if trigger.condition == "shows" and trigger.arg not in self.kinds:
                hint = self.hint(str(trigger.arg), "kind", self.kinds)
                self.error("E110", trigger.loc_of("arg"), "shows", kind=trigger.arg, hint=hint)
            elif trigger.condition == "covers" and trigger.arg not in self.markers:
                hint = self.hint(str(trigger.arg), "marker", self.markers)
                self.error("E132", trigger.loc_of("arg"), "covers", marker=trigger.arg,
                           hint=hint)
        self.check_word(turn.first_player, FIRST_PLAYER, "first-player",
                        turn.loc_of("first_player"))
        kind = turn.first_player_kind
        if turn.first_player == "draw":
            if kind is None:
                self.error("E132", turn.loc_of("first_player"), "draw-needs-kind")
            elif self.geometry.get(kind) not in ("path", "area"):
                self.wrong_kind(kind, ("path", "area"), "first",
                                turn.loc_of("first_player_kind"))
        elif kind is not None and turn.first_player in FIRST_PLAYER:
            self.error("E132", turn.loc_of("first_player_kind"), "most-without-draw", kind=kind,
                       first=turn.first_player)

    def check_supply_size(self, sets: int) -> None:
        """E201 at the tile whose copies take the supply past MAX_SUPPLY tiles (counts that
        are wrong themselves are E201 at their tile)."""
        tiles = self.rules.tiles
        if not all(isinstance(t.count, int) and 1 <= t.count <= MAX_TILE_COUNT for t in tiles):
            return
        total = sum(t.count for t in tiles) * sets
        if total <= MAX_SUPPLY:
            return
        running = 0
        for tile in tiles:
            running += tile.count * sets
            if running > MAX_SUPPLY:
                self.error("E201", tile.loc, "supply", tiles=total, sets=sets, most=MAX_SUPPLY,
                           name=tile.name)
                return

    def check_hands(self, supply) -> None:
        """Hands must be dealt from the supply: an error when even the fewest players cannot
        all be dealt a full hand, a warning (W308) naming the player counts that cannot."""
        players = self.rules.game.players
        if not supply.hand or len(players) != 2 or not isinstance(supply.sets, int):
            return
        low, high = players
        if not (isinstance(low, int) and isinstance(high, int) and 1 <= low <= high
                <= MAX_PLAYERS) or not 1 <= supply.sets <= 100:
            return
        tiles = sum(max(t.count, 0) for t in self.rules.tiles) * supply.sets
        tiles -= 1 if supply.start == "placed" and self.rules.game.start else 0
        short = [n for n in range(low, high + 1) if n * supply.hand > tiles]
        if not short:
            return
        args = {"hand": supply.hand, "players": _span(short[0], short[-1]),
                "need": short[0] * supply.hand, "tiles": tiles}
        if short[0] == low:
            self.error("E132", supply.loc_of("hand"), "hands", **args)
        else:
            self.warn("W308", supply.loc_of("hand"), "hands", **args)


def _dead_ends(tile, kind: FeatureKind) -> bool:
    """Whether every piece of ``kind`` on ``tile`` keeps an end open for ever: one port in
    all, and no end at one of the kind's terminals (pieces meeting at a landmark the kind
    does not end at run on as one, as the compiler joins them)."""
    pieces: dict[object, list[int]] = {}  # piece -> [ports, closed ends]
    for i, seg in enumerate(tile.segments):
        if seg.kind != kind.name:
            continue
        stops = sum(1 for end in seg.ends if end in kind.terminals)
        through = [end for end in seg.ends if end not in kind.terminals]
        piece = pieces.setdefault(through[0] if through else i, [0, 0])
        piece[0] += len(seg.ports)
        piece[1] += stops
    return all(ports < 2 and ports + closed < 2 for ports, closed in pieces.values())

