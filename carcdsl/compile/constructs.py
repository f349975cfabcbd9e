"""The construct registry: every construct the compiler emits, in one list.

A *construct* is anything in the compiled tables that an engine must act on: an event a rule
waits for, an action it takes, a placement test, a quantity a scoring program measures, a
property of a figure, a mode of the supply, the board, the turn or the end. Each has a key
(``"on complete"``, ``"action score on complete"``, ``"quantity pennants"``), the codes the
tables carry for it (``compile.modes``, ``compile.expr``) and the geometries it is defined on:
the language accepts it on a kind of those geometries only, and the checker refuses it
elsewhere (``check.constructs``) with the position of the word.

Each engine claims what it runs (``engine.claims.RUNS``, ``fast.support.RUNS``): a mapping of
key to the geometries it runs the construct on. ``emitted(tables)`` lists the (key, geometry)
pairs a rule set's tables hold; ``unclaimed(tables, runs)`` those an engine has not claimed.
The reference engine must claim every pair the language accepts (a test holds it to that);
the compiled engine falls back, in one line, on what it has not claimed. A construct the
compiler learns is added here first, or the registry test fails.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import attrs

from carcdsl.compile import expr as E
from carcdsl.compile import modes as M
from carcdsl.compile.tables import AREA, CENTRE, FIELD, PATH, Tables

ENCLOSED = 4
"""A field segment that touches no side of its tile (between cities): a geometry of its own
for what stands on a segment."""
NO_GEOMETRY = -1
"""The geometry of a construct that is not about a kind (the supply, the board, ...)."""
GEOMETRY_NAMES = {AREA: "area", PATH: "path", CENTRE: "centre", FIELD: "field",
                  ENCLOSED: "enclosed field", NO_GEOMETRY: "-"}
ALL = frozenset({AREA, PATH, CENTRE, FIELD, ENCLOSED})
"""What a segment may be: where a follower or a figure stands."""
KINDS = frozenset({AREA, PATH, CENTRE, FIELD})
"""What a kind may be."""
COMPLETABLE = frozenset({AREA, PATH, CENTRE})
"""Geometries a placement can complete: a field never is."""
SIDES = frozenset({AREA, PATH})
NONE = frozenset({NO_GEOMETRY})


@attrs.frozen
class Construct:
    key: str
    """How the construct is named in claims, fallbacks and messages (as written, roughly)."""
    family: str
    geometries: frozenset
    """Where the language accepts it: kinds of these geometries (NONE: not about a kind)."""
    codes: tuple[int, ...] = ()
    """The codes the tables carry for it (``compile.modes``/``compile.expr``), if any."""


def _c(key: str, family: str, geometries: frozenset = NONE, *codes: int) -> Construct:
    return Construct(key, family, geometries, codes)


PLACE_CONDITIONS = {M.SURROUNDED: "surrounded", M.COVERS: "covers", M.SHOWS: "shows",
                    M.EXTENDS: "extends"}
PLACE_ACTIONS = {M.EXTRA_TURN: "extra turn", M.SCORE: "score", M.PUT: "put", M.HIDE: "hide",
                 M.MOVE_HERE: "move here", M.WALK: "walk", M.INSTEAD_RETURN: "instead return",
                 M.PLACE_ANYWHERE: "place anywhere"}
COMPLETE_ACTIONS = {M.EXTRA_TURN: "extra turn", M.SCORE: "score", M.TAKE: "take",
                    M.HIDE: "hide"}
FEATURE_ACTIONS = {M.DRAW_BAG: "draw", M.RETURN_TOKENS: "return tokens",
                   M.RETURN_FIGURES: "return figures", M.SCORE_TO: "score to",
                   M.CHOOSE: "choose", M.CAPTURE: "capture", M.SCORE_MOST: "score to most"}
"""Actions on the feature of a rule (``on figure``, ``on draw``, ``extends ... with [own]``,
``on final``)."""
REQUIREMENT_TESTS = {M.JOINS: "joins", M.NO_REPEAT: "no-repeat", M.LOOK_AHEAD: "look-ahead",
                     M.APART: "apart", M.AT_MOST: "at-most", M.AT_LEAST: "at-least",
                     M.HOLE: "surrounded"}
QUANTITIES = {E.TILES: "tiles", E.PENNANTS: "pennants", E.NEIGHBOURS: "neighbours",
              E.FOLLOWERS: "followers", E.COMPLETED: "completed", E.MARKERS: "markers",
              E.ATTRIBUTE: "attribute", E.OWN: "own", E.FIGURES: "figures"}
OPERATIONS = {E.CONST: "number", E.QUANTITY: "quantity", E.SCALED: "times",
              E.SUM: "sum", E.COND: "if", E.PRODUCT: "product", E.NEGATED: "minus",
              E.DIVIDE: "divide"}
QUANTITY_GEOMETRIES = {E.NEIGHBOURS: frozenset({CENTRE}), E.PENNANTS: SIDES,
                       E.COMPLETED: frozenset({FIELD})}
"""Quantities that measure something only on some geometries (elsewhere always 0)."""

_PLACE_GEOMETRIES = {M.EXTENDS: SIDES | {FIELD}, M.SHOWS: KINDS}
"""``on place extends K`` on kinds a later tile can extend; ``shows K`` on any kind."""

REGISTRY: tuple[Construct, ...] = (
    *(_c(f"on place {w}", "event", _PLACE_GEOMETRIES.get(c, NONE), c)
      for c, w in PLACE_CONDITIONS.items()),
    *(_c(f"action {w} on place", "action", KINDS if c == M.PUT else NONE, c)
      for c, w in PLACE_ACTIONS.items()),
    _c("on complete", "event", COMPLETABLE, M.COMPLETE),
    _c("on place extends with", "event", SIDES | {FIELD}, M.EXTENDS),
    _c("on final", "event", KINDS, M.FINAL),
    _c("on figure", "event", NONE, M.FIGURE),
    _c("on draw", "event", NONE, M.DRAW),
    _c("on enter", "event", NONE, M.ENTER),
    _c("on turn beside", "event", NONE, M.TURN_BESIDE),
    _c("on score beside", "event", NONE, M.SCORE_BESIDE),
    _c("on scored", "event", NONE, M.SCORED),
    _c("action move within", "action", NONE, M.MOVE_WITHIN),
    _c("on place shows attribute", "event", NONE, M.SHOWS),
    _c("action return figures here", "action", NONE, M.RETURN_HERE),
    *(_c(f"action {w}", "action", NONE, c) for c, w in FEATURE_ACTIONS.items()),
    _c("action draw on draw", "action", NONE, M.DRAW_BAG),
    _c("token bag", "token"),
    *(_c(f"action {w} on complete", "action", COMPLETABLE, c)
      for c, w in COMPLETE_ACTIONS.items()),
    *(_c(f"require when {w}", "requirement", NONE, c) for c, w in PLACE_CONDITIONS.items()
      if c != M.EXTENDS),
    _c("require joins", "requirement", SIDES, M.JOINS),
    _c("require no-repeat", "requirement", frozenset({PATH}), M.NO_REPEAT),
    _c("require look-ahead", "requirement", frozenset({PATH}), M.LOOK_AHEAD),
    _c("require apart", "requirement", SIDES, M.APART),
    _c("require at-most", "requirement", KINDS, M.AT_MOST),
    _c("require at-least", "requirement", KINDS, M.AT_LEAST),
    _c("require surrounded", "requirement", NONE, M.HOLE),
    _c("score complete", "scoring", COMPLETABLE),
    _c("score final", "scoring", KINDS),
    _c("score per scorer", "scoring", KINDS),
    *(_c(f"quantity {w}", "quantity", QUANTITY_GEOMETRIES.get(c, KINDS), c)
      for c, w in QUANTITIES.items()),
    _c("quantity neighbours showing", "quantity", frozenset({CENTRE}), E.NEIGHBOURS),
    _c("kind breaks ties", "kind"),
    _c("tile several centres", "kind"),
    _c("kind fits any", "kind", frozenset({AREA})),
    *(_c(f"expression {w}", "expression", NONE, c) for c, w in OPERATIONS.items()),
    _c("follower on", "figure", ALL),
    _c("figure stands on", "figure", ALL),
    _c("figure strength 0", "figure"),
    _c("figure with own", "figure"),
    _c("figure excludes", "figure"),
    _c("figure strength expression", "figure"),
    _c("figure recall", "figure", NONE, M.RECALL_NONE),
    _c("figure recall score final", "figure", NONE, M.RECALL_FINAL),
    _c("figure anywhere", "figure"),
    _c("figure with", "figure"),
    _c("figure supply by players", "figure"),
    _c("figure neutral", "figure"),
    _c("figure avoids", "figure"),
    _c("figure beside", "figure"),
    _c("figure blocks", "figure"),
    _c("figure at corner", "figure"),
    _c("figure keeps out", "figure"),
    _c("follower anywhere", "figure", KINDS),
    _c("follower anywhere with", "figure", KINDS),
    _c("game ransom", "turn"),
    _c("token", "token"),
    _c("token each player", "token"),
    _c("token start sides", "token"),
    _c("token collected", "token"),
    _c("token final points", "token"),
    _c("token score expression", "quantity", NONE, E.TOKENS),
    _c("token most points", "token"),
    _c("supply bag", "supply"),
    _c("supply hand", "supply"),
    _c("supply start drawn", "supply"),
    _c("supply order", "supply"),
    _c("supply hold back", "supply"),
    _c("supply owned", "supply"),
    _c("turn first player draw", "turn"),
    _c("end tile-unplaceable", "end"),
    _c("board bounds", "board"),
    _c("board map", "board"),
    _c("board edge closes", "board"),
    _c("board edge filled", "board"),
    _c("board markers", "board"),
    _c("attribute", "kind", KINDS),
)
BY_KEY: Mapping[str, Construct] = {c.key: c for c in REGISTRY}


def accepted() -> Iterator[tuple[str, int]]:
    """Every (key, geometry) pair the language accepts: what the reference engine claims."""
    for construct in REGISTRY:
        for geometry in sorted(construct.geometries):
            yield construct.key, geometry


def claims(runs: Mapping[str, frozenset]) -> frozenset[tuple[str, int]]:
    """An engine's ``RUNS`` as (key, geometry) pairs."""
    return frozenset((key, g) for key, geometries in runs.items() for g in geometries)


def unclaimed(tables: Tables, runs: Mapping[str, frozenset]) -> list[tuple[str, int]]:
    """The (key, geometry) pairs ``tables`` hold that ``runs`` does not claim, in order."""
    claimed = claims(runs)
    return [use for use in emitted(tables) if use not in claimed]


def describe(use: tuple[str, int]) -> str:
    """A pair as a phrase: ``on complete on a kind of geometry centre``."""
    key, geometry = use
    if geometry == NO_GEOMETRY:
        return key
    return f"{key} on a kind of geometry {GEOMETRY_NAMES[geometry]}"


def emitted(tables: Tables) -> list[tuple[str, int]]:
    """The (key, geometry) pairs that ``tables`` hold, each once, in a stable order."""
    seen: dict[tuple[str, int], None] = {}
    for use in _uses(tables):
        seen.setdefault(use, None)
    return list(seen)


def _geometry(tables: Tables, kind: int) -> int:
    return tables.kinds[kind].geometry if 0 <= kind < len(tables.kinds) else NO_GEOMETRY


def _uses(tables: Tables) -> Iterator[tuple[str, int]]:
    yield from _rule_uses(tables)
    yield from _scoring_uses(tables)
    yield from _figure_uses(tables)
    yield from _mode_uses(tables)


def _rule_uses(tables: Tables) -> Iterator[tuple[str, int]]:
    modes = tables.modes
    for rule in modes.triggers:
        name = PLACE_CONDITIONS.get(rule.condition, f"condition {rule.condition}")
        kinds = (rule.kind,) if rule.condition == M.SHOWS else tuple(sorted(rule.kinds))
        for kind in kinds or (-1,):
            yield f"on place {name}", _geometry(tables, kind)
            if rule.anyone:  # extends ... with F: anyone's F
                yield "on place extends with", _geometry(tables, kind)
        if rule.condition == M.SHOWS and rule.attribute >= 0:
            yield "on place shows attribute", NO_GEOMETRY
        for action in rule.actions:
            if action[0] in FEATURE_ACTIONS:
                yield from _feature_action_uses(action)
                continue
            word = PLACE_ACTIONS.get(action[0], f"code {action[0]}")
            kind = action[3] if action[0] == M.PUT else -1
            yield f"action {word} on place", _geometry(tables, kind)
    for event, rules in (("on figure", modes.on_figure), ("on draw", modes.on_draw)):
        for rule in rules:
            yield event, NO_GEOMETRY
            for action in rule.actions:
                yield from _feature_action_uses(action)
                if event == "on draw" and action[0] == M.DRAW_BAG:
                    yield "action draw on draw", NO_GEOMETRY  # a draw that draws again
    for rule in modes.on_final:
        yield "on final", _geometry(tables, rule.kind)
        for action in rule.actions:
            yield from _feature_action_uses(action)
    for rule in modes.on_beside:
        yield ("on turn beside" if rule.condition == M.TURN_BESIDE else "on score beside",
               NO_GEOMETRY)
    for rule in modes.on_scored:
        yield "on scored", NO_GEOMETRY
        for _action in rule.actions:
            yield "action move within", NO_GEOMETRY
    for rule in modes.on_enter:
        yield "on enter", NO_GEOMETRY
        for _action in rule.actions:
            yield "action return figures here", NO_GEOMETRY
    for rule in modes.on_complete:
        geometry = _geometry(tables, rule.kind)
        yield "on complete", geometry
        for action in rule.actions:
            word = COMPLETE_ACTIONS.get(action[0], f"code {action[0]}")
            yield f"action {word} on complete", geometry
    for req in modes.requirements:
        yield f"require when {PLACE_CONDITIONS.get(req.condition, req.condition)}", NO_GEOMETRY
        word = REQUIREMENT_TESTS.get(req.test, f"code {req.test}")
        yield f"require {word}", _geometry(tables, req.kind)


def _feature_action_uses(action: tuple) -> Iterator[tuple[str, int]]:
    """An action on a rule's feature, and those of each option it chooses between."""
    yield f"action {FEATURE_ACTIONS.get(action[0], action[0])}", NO_GEOMETRY
    if action[0] == M.CHOOSE:
        for _name, inner in action[1]:
            for each in inner:
                if each[0] in FEATURE_ACTIONS:
                    yield from _feature_action_uses(each)
                else:
                    yield f"action {PLACE_ACTIONS.get(each[0], each[0])} on place", NO_GEOMETRY


def _scoring_uses(tables: Tables) -> Iterator[tuple[str, int]]:
    for kind in tables.kinds:
        for when, program, per_scorer in (("complete", kind.complete, kind.per_scorer[0]),
                                          ("final", kind.final, kind.per_scorer[1])):
            if program is None:
                continue
            yield f"score {when}", kind.geometry
            if per_scorer:
                yield "score per scorer", kind.geometry
            for op, code, arg in _program_parts(program):
                yield f"expression {OPERATIONS.get(op, op)}", NO_GEOMETRY
                if code == E.NEIGHBOURS and isinstance(arg, int) and arg >= 0:
                    yield "quantity neighbours showing", kind.geometry
                elif code is not None:
                    yield f"quantity {QUANTITIES.get(code, code)}", kind.geometry
        if kind.attribute_names:
            yield "attribute", kind.geometry
    if tables.high_tiles:
        yield "kind breaks ties", NO_GEOMETRY
    if any(len(centres) > 1 for centres in tables.centres):
        yield "tile several centres", NO_GEOMETRY
    if tables.wild_sides:
        yield "kind fits any", AREA


def _program_parts(program: E.Program) -> Iterator[tuple[int, int | None, object]]:
    """(operation, quantity code or None, its argument) for each node of a scoring
    program."""
    op = program[0]
    if op == E.QUANTITY:
        yield op, program[1], program[2]
    else:
        yield op, None, None
    if op == E.SCALED or op == E.NEGATED:
        yield from _program_parts(program[-1])
    elif op in (E.SUM, E.PRODUCT):
        for part in program[1]:
            yield from _program_parts(part)
    elif op == E.COND:
        for part in program[2:]:
            yield from _program_parts(part)
    elif op == E.DIVIDE:
        yield from _program_parts(program[1])
        yield from _program_parts(program[2])


def _segment_geometry(segment) -> int:
    return ENCLOSED if segment.geometry == FIELD and not segment.ports else segment.geometry


def _figure_uses(tables: Tables) -> Iterator[tuple[str, int]]:
    for o, spots in enumerate(tables.spots):
        for i in spots:
            yield "follower on", _segment_geometry(tables.segments[o][i])
    for kind, with_any in tables.modes.anywhere_kinds:
        yield "follower anywhere", _geometry(tables, kind)
        if with_any != M.NO_NEED:
            yield "follower anywhere with", _geometry(tables, kind)
    for f, figure in enumerate(tables.modes.figures):
        for o, spots in enumerate(tables.figure_spots[f]):
            for i in spots:
                yield "figure stands on", _segment_geometry(tables.segments[o][i])
        if figure.strength == 0:
            yield "figure strength 0", NO_GEOMETRY
        if figure.needs != M.NO_NEED:
            yield "figure with own", NO_GEOMETRY
        if figure.excludes:
            yield "figure excludes", NO_GEOMETRY
        if figure.strength_program is not None:
            yield "figure strength expression", NO_GEOMETRY
        if figure.anywhere:
            yield "figure anywhere", NO_GEOMETRY
        if figure.with_any != M.NO_NEED:
            yield "figure with", NO_GEOMETRY
        if figure.supply_by_count:
            yield "figure supply by players", NO_GEOMETRY
        if figure.neutral:
            yield "figure neutral", NO_GEOMETRY
        if figure.avoids:
            yield "figure avoids", NO_GEOMETRY
        if figure.beside != M.NO_NEED:
            yield "figure beside", NO_GEOMETRY
        if figure.blocks:
            yield "figure blocks", NO_GEOMETRY
        if figure.corner:
            yield "figure at corner", NO_GEOMETRY
        if figure.keeps_out:
            yield "figure keeps out", NO_GEOMETRY
        if figure.recall == M.RECALL_NONE:
            yield "figure recall", NO_GEOMETRY
        elif figure.recall == M.RECALL_FINAL:
            yield "figure recall score final", NO_GEOMETRY


def _mode_uses(tables: Tables) -> Iterator[tuple[str, int]]:
    modes, board = tables.modes, tables.board
    for token in modes.tokens:
        flags = (("token", True), ("token bag", token.bag >= 0),
                 ("token each player", token.each_player),
                 ("token start sides", token.start_sides), ("token collected", token.collected),
                 ("token final points", token.final_points),
                 ("token score expression", token.final_program is not None),
                 ("token most points", token.most_points))
        yield from ((key, NO_GEOMETRY) for key, on in flags if on)
    settings = (("supply bag", modes.bag), ("supply hand", modes.hand),
                ("supply start drawn", not modes.start_placed),
                ("supply order", modes.draw_rank), ("turn first player draw", modes.draw_off),
                ("end tile-unplaceable", modes.end_unplaceable),
                ("board bounds", board.bounds is not None), ("board map", board.map_keys),
                ("board edge closes", board.edge_closes),
                ("board edge filled", board.edge_filled), ("board markers", board.markers),
                ("game ransom", modes.ransom), ("supply hold back", modes.hold is not None),
                ("supply owned", modes.owned))
    yield from ((key, NO_GEOMETRY) for key, on in settings if on)
