"""The JSON form of a rule set (``carcdsl-rules/1``): export, and the second front end.

The JSON form is a fully composed rule set, every tile with all its segments; its shape is
``schemas/ruleset.schema.json``. Reading validates against that schema first, collecting every
problem as an E007 diagnostic that names its JSON path (``$.tiles[3].segments[1]``), and only then
builds model objects field by field. Tiles whose fields are ``derived`` get them derived again,
so a rule set read back from JSON equals the one composed from text. Keys added to the layout
later (tokens, names, open points, notes; a game's follower supplies by player count, follower,
score marker and titles in other languages; a kind's follower role; figures, tile groups and
the draw order; a kind's attributes and added score terms, a segment's attributes, a token's
majority points, the kinds of an ``extends`` trigger; a kind's colour and look) may be left out
and then take the model's defaults, so JSON written before them still loads; export always
writes them.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import carcdsl.model as m
from carcdsl.diagnostics import Diagnostic, error, suggest
from carcdsl.errors import RuleError, show_value
from carcdsl.i18n.words import json_reason
from carcdsl.lang.maps import MAX_MAP_SQUARES
from carcdsl.lang.syntax import (
    MAX_DIGITS,
    MAX_EXPR_DEPTH,
    MAX_JSON_VALUES,
    MAX_SEGMENTS,
    MAX_TILE_TYPES,
)
from carcdsl.model.fields import with_fields
from carcdsl.schemas import validator

if TYPE_CHECKING:  # jsonschema is imported when JSON is read, not when carcdsl starts
    from jsonschema.exceptions import ValidationError

FORMAT = "carcdsl-rules/1"
RECORD_FORMAT = "carcdsl-record/1"
"""A game record's format: given where a rule set belongs, it is told apart (E103)."""


def ruleset_schema() -> dict[str, Any]:
    """The JSON Schema of ``carcdsl-rules/1`` (loaded once)."""
    return validator("ruleset").schema


# --- export ---------------------------------------------------------------------------------

def ruleset_to_json(rules: m.RuleSet) -> dict[str, Any]:
    """The JSON form of a composed rule set: plain dicts, lists, strings, numbers and bools."""
    return {
        "format": FORMAT,
        "name": rules.name,
        "variants": list(rules.variants),
        "game": _game_to_json(rules.game),
        "board": _board_to_json(rules.board),
        "supply": _supply_to_json(rules.supply),
        "turn": _turn_to_json(rules.turn),
        "triggers": [_trigger_to_json(t) for t in rules.triggers],
        "landmarks": list(rules.landmarks),
        "kinds": [_kind_to_json(k) for k in rules.kinds],
        "tiles": [_tile_to_json(t) for t in rules.tiles],
        "tokens": [_token_to_json(t) for t in rules.tokens],
        "figures": [_figure_to_json(f) for f in rules.figures],
        "groups": [{"name": g.name, "tiles": list(g.tiles)} for g in rules.groups],
        "names": [{"language": lang,
                   "words": [{"word": w, "singular": s, "plural": p} for w, s, p in entries]}
                  for lang, entries in rules.names],
        "open_points": list(rules.open_points),
        "notes": [{"language": lang, "text": text} for lang, text in rules.notes],
    }


def _game_to_json(game: m.Game) -> dict[str, Any]:
    return {"title": game.title, "players": list(game.players), "followers": game.followers,
            "total_tiles": game.total_tiles, "start": game.start, "end": game.end,
            "followers_by_players": [{"players": [low, high], "followers": count}
                                     for low, high, count in game.followers_by_players],
            "follower": game.follower, "score_marker": game.score_marker,
            "titles": [{"language": lang, "title": title} for lang, title in game.titles]}


def _board_to_json(board: m.Board) -> dict[str, Any]:
    bounds = list(board.bounds) if board.bounds is not None else None
    return {"bounds": bounds, "edge_closes": board.edge_closes,
            "edge_neighbours": board.edge_neighbours,
            "squares": [_square_to_json(sq) for sq in board.squares],
            "start_areas": board.start_areas}


def _square_to_json(sq: m.Square) -> dict[str, Any]:
    return {"x": sq.x, "y": sq.y, "role": sq.role, "name": sq.name, "marker": sq.marker,
            "kind": sq.kind, "pennants": sq.pennants,
            "borders": [{"side": b.side, "kind": b.kind, "pennants": b.pennants, "name": b.name}
                        for b in sq.borders]}


def _supply_to_json(supply: m.Supply) -> dict[str, Any]:
    return {"draw": supply.draw, "start": supply.start, "hand": supply.hand,
            "hand_visibility": supply.hand_visibility, "sets": supply.sets,
            "order": list(supply.order)}


def _turn_to_json(turn: m.Turn) -> dict[str, Any]:
    return {"first_player": turn.first_player, "first_player_kind": turn.first_player_kind}


def _trigger_to_json(trigger: m.Trigger) -> dict[str, Any]:
    return {"condition": trigger.condition, "arg": trigger.arg, "kinds": list(trigger.kinds),
            "actions": [_action_to_json(action, value) for action, value in trigger.actions]}


def _action_to_json(action: str, value: Any) -> dict[str, Any]:
    if action == "put":
        count, token, kind = value
        return {"action": action, "count": count, "token": token, "kind": kind}
    if action == "take":
        return {"action": action, "token": value}
    if action == "require":
        test, kind, distance = value
        return {"action": action, "test": test, "kind": kind, "distance": distance}
    return {"action": action, "points": value}


def _figure_to_json(figure: m.Figure) -> dict[str, Any]:
    stands_on = list(figure.stands_on) if figure.stands_on is not None else None
    return {"name": figure.name, "each_player": figure.each_player,
            "strength": figure.strength, "stands_on": stands_on, "needs": figure.needs,
            "recall": figure.recall}


def _token_to_json(token: m.Token) -> dict[str, Any]:
    return {"name": token.name, "supply": token.supply, "each_player": token.each_player,
            "start_sides": token.start_sides, "collected": token.collected,
            "final_points": token.final_points, "most_points": token.most_points}


def _kind_to_json(kind: m.FeatureKind) -> dict[str, Any]:
    return {
        "name": kind.name,
        "geometry": kind.geometry,
        "followers": kind.followers,
        "pennants": kind.pennants,
        "terminals": list(kind.terminals),
        "complete": expr_to_json(kind.complete) if kind.complete is not None else None,
        "final": expr_to_json(kind.final) if kind.final is not None else None,
        "scorers": kind.scorers,
        "role": kind.role,
        "attributes": [{"name": name, "merge": merge} for name, merge in kind.attributes],
        "complete_extra": [expr_to_json(e) for e in kind.complete_extra],
        "final_extra": [expr_to_json(e) for e in kind.final_extra],
        "colour": kind.colour,
        "look": kind.look,
    }


def _tile_to_json(tile: m.Tile) -> dict[str, Any]:
    return {
        "name": tile.name,
        "count": tile.count,
        "fields": "derived" if tile.fields_derived else "explicit",
        "segments": [_segment_to_json(s) for s in tile.segments],
    }


def _segment_to_json(seg: m.Segment) -> dict[str, Any]:
    return {"kind": seg.kind, "ports": list(seg.ports), "pennants": seg.pennants,
            "ends": list(seg.ends), "touches": list(seg.touches),
            "attributes": [{"name": name, "amount": amount} for name, amount in seg.attributes]}


def expr_to_json(expr: m.Expr) -> dict[str, Any]:
    """``2 * tiles`` -> ``{"scale": 2, "term": {"quantity": "tiles"}}``."""
    if isinstance(expr, m.Const):
        return {"const": expr.value}
    if isinstance(expr, m.Quantity):
        return {"quantity": expr.name} | ({"of": expr.arg} if expr.arg is not None else {})
    if isinstance(expr, m.Scaled):
        return {"scale": expr.factor, "term": expr_to_json(expr.term)}
    if isinstance(expr, m.Sum):
        return {"sum": [expr_to_json(t) for t in expr.terms]}
    if isinstance(expr, m.Product):
        return {"product": [expr_to_json(f) for f in expr.factors]}
    if isinstance(expr, m.Negated):
        return {"negated": expr_to_json(expr.term)}
    if isinstance(expr, m.Cond):
        test = {"op": expr.test.op, "left": expr_to_json(expr.test.left),
                "right": expr_to_json(expr.test.right)}
        return {"if": test, "then": expr_to_json(expr.yes), "else": expr_to_json(expr.no)}
    raise TypeError(f"not a scoring expression: {expr!r}")


# --- import ---------------------------------------------------------------------------------

class _LongNumber(Exception):
    def __init__(self, digits: str):
        super().__init__(digits)
        self.digits = digits


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _LongNumber(digits)
    return int(digits)


def ruleset_from_json_text(text: str, source: str) -> m.RuleSet:
    """Decode JSON text and build the rule set; bad JSON is E007 at its line and column, a
    number too long to mean anything E008 at its own."""
    try:
        data = json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as exc:
        diag = error("E007", m.Loc(source, exc.lineno, exc.colno), reason=json_reason(exc))
        raise RuleError(f"{source}: not valid JSON", (diag,)) from None
    except _LongNumber as exc:
        pos = max(text.find(exc.digits), 0)
        line = text.count("\n", 0, pos) + 1
        column = pos - (text.rfind("\n", 0, pos) + 1) + 1
        digits = len(exc.digits.lstrip("-"))
        diag = error("E008", m.Loc(source, line, column), "json", digits=digits,
                     most=MAX_DIGITS)
        raise RuleError(f"{source}: a number too long", (diag,)) from None
    except RecursionError:
        raise _too_deep(source) from None
    return ruleset_from_json(data, source)


def ruleset_from_json(data: object, source: str = "<json>") -> m.RuleSet:
    """Build a RuleSet from decoded JSON, validating it against the schema first.

    Raises RuleError with one E007 diagnostic per schema violation, each naming its JSON path,
    E006 for a scoring expression nested deeper than the language allows, and E101 for a name
    given twice in one list (two tiles B: which one would count?).
    """
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        said = error("E103", m.Loc(source), "record", target=source)
        raise RuleError(said.message, (said,))
    deep = _too_deep_expressions(data, source)
    if deep:
        raise RuleError(f"{source}: a scoring expression nested too deeply", tuple(deep))
    large = _too_large(data, source)
    if large:  # before the schema: validating a list past its limit would cost its length
        raise RuleError(f"{source}: {large[0].message}", tuple(large))
    try:
        problems = [d for e, path in _sorted(_schema_errors(data))
                    for d in _diagnostics(e, source, path)]
    except RecursionError:
        raise _too_deep(source) from None
    # a well-formed rule set: numbers too long (E008), then names twice (E101)
    problems = problems or _long_numbers(data, source) or _declared_twice(
        data, source)  # type: ignore[arg-type]
    if problems:
        summary = problems[0].message if len(problems) == 1 else \
            f"{len(problems)} problems in the JSON rule set"
        raise RuleError(f"{source}: {summary}", tuple(problems))
    try:
        return _build(data, source)  # type: ignore[arg-type]  # the schema: a dict
    except RecursionError:
        raise _too_deep(source) from None


def _declared_twice(data: dict[str, Any], source: str) -> list[Diagnostic]:
    """E101 at each tile, kind, token, figure, group, landmark, language, named word or map
    square given a
    second time in its list, naming the first (as the language says E101 for a tile declared
    twice)."""
    board = data.get("board") or {}
    lists: list[tuple[str, list, Any]] = [
        ("$.kinds", data["kinds"], lambda item: item["name"]),
        ("$.tiles", data["tiles"], lambda item: item["name"]),
        ("$.tokens", data.get("tokens", []), lambda item: item["name"]),
        ("$.figures", data.get("figures", []), lambda item: item["name"]),
        ("$.groups", data.get("groups", []), lambda item: item["name"]),
        ("$.landmarks", data["landmarks"], lambda item: item),
        ("$.names", data.get("names", []), lambda item: item["language"]),
        ("$.game.titles", data["game"].get("titles", []), lambda item: item["language"]),
        ("$.board.squares", board.get("squares", []),
         lambda item: f"({_int(item['x'])}, {_int(item['y'])})"),
    ]
    lists += [(f"$.names[{i}].words", n["words"], lambda item: item["word"])
              for i, n in enumerate(data.get("names", []))]
    found = []
    for where, items, name_of in lists:
        first: dict[str, int] = {}
        for i, item in enumerate(items):
            name = name_of(item)
            if name in first:
                found.append(error("E101", _at(source, f"{where}[{i}]"), "json", name=name,
                                   list=where, first=f"{where}[{first[name]}]"))
            else:
                first[name] = i
    return found


def _too_large(data: object, source: str) -> list[Diagnostic]:
    """E201 for more tile types or segments, E133 for a map of more squares, E003 for more
    other values than the text form may have: found before the schema, whose walk costs
    tens of microseconds a value."""
    found = []
    tiles = data.get("tiles") if isinstance(data, dict) else None
    if isinstance(tiles, list) and len(tiles) > MAX_TILE_TYPES:
        found.append(error("E201", _at(source, f"$.tiles[{MAX_TILE_TYPES}]"), "types",
                           count=MAX_TILE_TYPES + 1, most=MAX_TILE_TYPES))
    elif isinstance(tiles, list):
        segments = 0
        for i, tile in enumerate(tiles):
            more = tile.get("segments") if isinstance(tile, dict) else None
            segments += len(more) if isinstance(more, list) else 0
            if segments > MAX_SEGMENTS:
                found.append(error("E201", _at(source, f"$.tiles[{i}]"), "segments",
                                   count=segments, name=str(tile.get("name"))[:60],
                                   most=MAX_SEGMENTS))
                break
    board = data.get("board") if isinstance(data, dict) else None
    squares = board.get("squares") if isinstance(board, dict) else None
    if isinstance(squares, list) and len(squares) > MAX_MAP_SQUARES:
        found.append(error("E133", _at(source, "$.board.squares"), "too-large",
                           squares=len(squares), most=MAX_MAP_SQUARES))
    if _values_past(data, MAX_JSON_VALUES, (tiles, squares)):
        found.append(error("E003", _at(source, "$"), "too-many-values", most=MAX_JSON_VALUES))
    return found


def _values_past(data: object, most: int, apart: tuple) -> bool:
    """Whether ``data`` holds more than ``most`` values, the lists in ``apart`` left out (they
    have limits of their own); the walk stops there, without recursion."""
    left_out = {id(v) for v in apart if isinstance(v, list)}
    count, stack = 0, [data]
    while stack:
        value = stack.pop()
        count += 1
        if count > most:
            return True
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list) and id(value) not in left_out:
            stack.extend(value)
    return False


def _too_deep(source: str) -> RuleError:
    return RuleError(f"{source}: nested too deeply",
                     (error("E006", m.Loc(source), "json"),))


def _too_deep_expressions(data: object, source: str) -> list[Diagnostic]:
    """E006 for each scoring expression nested more than MAX_EXPR_DEPTH deep (an object is
    one level, as an expression node of the text is), found without recursion."""
    kinds = data.get("kinds") if isinstance(data, dict) else None
    found = []
    for i, kind in enumerate(kinds if isinstance(kinds, list) else ()):
        for when in ("complete", "final", "complete_extra", "final_extra"):
            expr = kind.get(when) if isinstance(kind, dict) else None
            stack: list[tuple[object, int]] = [(expr, 0)]  # a list is no level of its own
            while stack:
                value, depth = stack.pop()
                if isinstance(value, dict):
                    depth += 1
                    children = value.values()
                elif isinstance(value, list):
                    children = value  # type: ignore[assignment]
                else:
                    continue
                if depth > MAX_EXPR_DEPTH:
                    found.append(error("E006", _at(source, f"$.kinds[{i}].{when}"),
                                       "expression", most=MAX_EXPR_DEPTH))
                    break
                stack.extend((child, depth) for child in children)
    return found


_MOST = 10 ** MAX_DIGITS


def _long_numbers(data: object, source: str) -> list[Diagnostic]:
    """E008 at the JSON path of each whole number of more than MAX_DIGITS digits, as the text
    form refuses them: also one written as a float (``1e308`` is an integer to JSON Schema,
    309 digits to the model), or one handed in from Python. Found without recursion."""
    found = []
    # each entry: a value and where it is, as (where its parent is, its key): a path is
    # spelt out only for a number found, so deep nesting costs no more than its size
    stack: list[tuple[object, tuple | None]] = [(data, None)]
    while stack:
        value, where = stack.pop()
        if isinstance(value, dict):
            stack.extend((v, (where, k)) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, (where, i)) for i, v in enumerate(value))
        elif (isinstance(value, (int, float)) and not isinstance(value, bool)
              and math.isfinite(value) and value == int(value) and abs(value) >= _MOST):
            parts: list[object] = []
            while where is not None:
                where, key = where
                parts.append(key)
            digits = len(str(abs(int(value))))
            found.append(error("E008", _at(source, json_path(reversed(parts))), "json",
                               digits=digits, most=MAX_DIGITS))
    return sorted(found, key=Diagnostic.sort_key)


def _at(source: str, path: str) -> m.Loc:
    return m.Loc(source, path=path)


def _build(data: dict[str, Any], source: str) -> m.RuleSet:
    kinds = tuple(_kind_from_json(k, _at(source, f"$.kinds[{i}]"))
                  for i, k in enumerate(data["kinds"]))
    geometries = {k.name: k.geometry for k in kinds}
    names = data.get("names", ())
    names_locs = []
    for i, n in enumerate(names):
        names_locs.append((n["language"], None, _at(source, f"$.names[{i}]")))
        names_locs += [(n["language"], w["word"], _at(source, f"$.names[{i}].words[{j}]"))
                       for j, w in enumerate(n["words"])]
    return m.RuleSet(
        name=data["name"],
        game=_game_from_json(data["game"], _at(source, "$.game"), _at(source, "$.tiles")),
        kinds=kinds,
        tiles=tuple(_tile_from_json(t, geometries, _at(source, f"$.tiles[{i}]"))
                    for i, t in enumerate(data["tiles"])),
        landmarks=tuple(data["landmarks"]),
        variants=tuple(data["variants"]),
        board=_board_from_json(data.get("board"), _at(source, "$.board")),
        supply=_supply_from_json(data.get("supply"), _at(source, "$.supply")),
        turn=_turn_from_json(data.get("turn"), _at(source, "$.turn")),
        triggers=tuple(_trigger_from_json(t, _at(source, f"$.triggers[{i}]"))
                       for i, t in enumerate(data.get("triggers", ()))),
        tokens=tuple(_token_from_json(t, _at(source, f"$.tokens[{i}]"))
                     for i, t in enumerate(data.get("tokens", ()))),
        figures=tuple(_figure_from_json(f, _at(source, f"$.figures[{i}]"))
                      for i, f in enumerate(data.get("figures", ()))),
        groups=tuple(m.Group(g["name"], tuple(g["tiles"]), loc=_at(source, f"$.groups[{i}]"))
                     for i, g in enumerate(data.get("groups", ()))),
        names=tuple((n["language"], tuple((w["word"], w["singular"], w["plural"])
                                          for w in n["words"]))
                    for n in names),
        names_locs=tuple(names_locs),
        open_points=tuple(data.get("open_points", ())),
        notes=tuple((n["language"], n["text"]) for n in data.get("notes", ())),
        landmark_locs=tuple((name, _at(source, f"$.landmarks[{i}]"))
                            for i, name in enumerate(data["landmarks"])),
        loc=_at(source, "$"),
    )


def _int(value: int | float) -> int:
    # JSON Schema counts 2.0 as an integer; the model wants a real int.
    return int(value)


def _field_locs(obj: dict[str, Any], loc: m.Loc) -> tuple[tuple[str, m.Loc], ...]:
    """Where each property of a JSON object is: ``$.game.players``."""
    return tuple((key, _at(loc.file, f"{loc.path}.{key}")) for key in obj)


def _item_locs(obj: dict[str, Any], key: str, loc: m.Loc) -> tuple[tuple[str, m.Loc], ...]:
    """Where each item of a list property is: ``stands_on:1`` at ``$.figures[0].stands_on[1]``
    (as the language says where each name of ``stands on road, city`` is)."""
    items = obj.get(key)
    return tuple((f"{key}:{i}", _at(loc.file, f"{loc.path}.{key}[{i}]"))
                 for i in range(len(items) if isinstance(items, list) else 0))


def _game_from_json(g: dict[str, Any], loc: m.Loc, tiles: m.Loc) -> m.Game:
    """The game; its ``field_locs`` also say where the tiles are (``tiles``: ``$.tiles``), for
    problems of the tile counts as a whole."""
    low, high = g["players"]
    total = g["total_tiles"]
    supplies = tuple((_int(f["players"][0]), _int(f["players"][1]), _int(f["followers"]))
                     for f in g.get("followers_by_players", ()))
    supply_locs = tuple(
        (m.supply_key(entry), _at(loc.file, f"{loc.path}.followers_by_players[{i}]"))
        for i, entry in enumerate(supplies))
    return m.Game(title=g["title"], players=(_int(low), _int(high)),
                  followers=_int(g["followers"]),
                  total_tiles=_int(total) if total is not None else None,
                  start=g["start"], end=g["end"], followers_by_players=supplies,
                  follower=g.get("follower"), score_marker=g.get("score_marker"),
                  titles=tuple((t["language"], t["title"]) for t in g.get("titles", ())),
                  loc=loc,
                  field_locs=_field_locs(g, loc) + supply_locs + (("tiles", tiles),))


def _board_from_json(b: dict[str, Any] | None, loc: m.Loc) -> m.Board:
    if b is None:
        return m.Board()
    bounds = b["bounds"]
    return m.Board(bounds=(_int(bounds[0]), _int(bounds[1])) if bounds is not None else None,
                   edge_closes=b["edge_closes"], edge_neighbours=b["edge_neighbours"],
                   squares=tuple(_square_from_json(sq, _at(loc.file, f"{loc.path}.squares[{i}]"))
                                 for i, sq in enumerate(b["squares"])),
                   start_areas=_int(b["start_areas"]), loc=loc,
                   field_locs=_field_locs({k: v for k, v in b.items() if k != "edge_neighbours"
                                           or v != "absent"}, loc))


def _square_from_json(sq: dict[str, Any], loc: m.Loc) -> m.Square:
    borders = tuple(m.Border(b["side"], b["kind"], _int(b["pennants"]), b["name"])
                    for b in sq["borders"])
    return m.Square(_int(sq["x"]), _int(sq["y"]), sq["role"], sq["name"], sq["marker"],
                    sq["kind"], _int(sq["pennants"]), borders, loc=loc)


def _supply_from_json(s: dict[str, Any] | None, loc: m.Loc) -> m.Supply:
    if s is None:
        return m.Supply()
    return m.Supply(draw=s["draw"], start=s["start"], hand=_int(s["hand"]),
                    hand_visibility=s["hand_visibility"], sets=_int(s["sets"]),
                    order=tuple(s.get("order", ())), loc=loc,
                    field_locs=_field_locs(s, loc) + _item_locs(s, "order", loc))


def _turn_from_json(t: dict[str, Any] | None, loc: m.Loc) -> m.Turn:
    if t is None:
        return m.Turn()
    return m.Turn(first_player=t["first_player"], first_player_kind=t["first_player_kind"],
                  loc=loc, field_locs=_field_locs(t, loc))


def _trigger_from_json(t: dict[str, Any], loc: m.Loc) -> m.Trigger:
    """A trigger; its ``field_locs`` say where its argument, each of its kinds and each name
    of its actions are (``token:1`` at ``$.triggers[0].actions[1].token``), as the language
    says where each is written."""
    locs = [("arg", _at(loc.file, f"{loc.path}.arg"))]
    locs += _item_locs(t, "kinds", loc)
    for i, action in enumerate(t["actions"]):
        locs += [(f"{key}:{i}", _at(loc.file, f"{loc.path}.actions[{i}].{key}"))
                 for key in ("token", "kind", "test") if key in action]
    return m.Trigger(t["condition"], t["arg"], tuple(_action_from_json(a) for a in t["actions"]),
                     kinds=tuple(t.get("kinds", ())), loc=loc, field_locs=tuple(locs))


def _action_from_json(a: dict[str, Any]) -> tuple[str, Any]:
    if a["action"] == "put":
        return ("put", (_int(a["count"]), a["token"], a["kind"]))
    if a["action"] == "take":
        return ("take", a["token"])
    if a["action"] == "require":
        distance = a["distance"]
        return ("require", (a["test"], a["kind"], _int(distance) if distance is not None
                            else None))
    return (a["action"], _int(a["points"]) if a["points"] is not None else None)


def _figure_from_json(f: dict[str, Any], loc: m.Loc) -> m.Figure:
    stands_on = f["stands_on"]
    return m.Figure(f["name"], each_player=_int(f["each_player"]),
                    strength=_int(f["strength"]),
                    stands_on=tuple(stands_on) if stands_on is not None else None,
                    needs=f["needs"], recall=f["recall"], loc=loc,
                    field_locs=_field_locs(f, loc) + _item_locs(f, "stands_on", loc))


def _token_from_json(t: dict[str, Any], loc: m.Loc) -> m.Token:
    return m.Token(t["name"], supply=_int(t["supply"]), each_player=_int(t["each_player"]),
                   start_sides=_int(t["start_sides"]), collected=t["collected"],
                   final_points=_int(t["final_points"]),
                   most_points=_int(t.get("most_points", 0)), loc=loc,
                   field_locs=_field_locs(t, loc))


def _kind_from_json(k: dict[str, Any], loc: m.Loc) -> m.FeatureKind:
    def expr(when: str) -> m.Expr | None:
        value = k[when]
        return None if value is None else expr_from_json(value, _at(loc.file,
                                                                    f"{loc.path}.{when}"))

    def extra(when: str) -> tuple[m.Expr, ...]:
        return tuple(expr_from_json(value, _at(loc.file, f"{loc.path}.{when}[{i}]"))
                     for i, value in enumerate(k.get(when, ())))

    attributes = k.get("attributes", ())
    locs = _field_locs(k, loc) + _item_locs(k, "complete_extra", loc) \
        + _item_locs(k, "final_extra", loc)
    for i, a in enumerate(attributes):  # as the language says where each is declared
        at = f"{loc.path}.attributes[{i}]"
        locs += ((f"attribute:{a['name']}", _at(loc.file, at)),
                 (f"attribute-merge:{a['name']}", _at(loc.file, f"{at}.merge")))
    return m.FeatureKind(
        name=k["name"], geometry=k["geometry"], followers=k["followers"],
        pennants=k["pennants"], terminals=tuple(k["terminals"]),
        complete=expr("complete"), final=expr("final"),
        scorers=k["scorers"], role=k.get("role"),
        attributes=tuple((a["name"], a["merge"]) for a in attributes),
        complete_extra=extra("complete_extra"), final_extra=extra("final_extra"),
        colour=k.get("colour"), look=k.get("look"), loc=loc, field_locs=locs)


def _tile_from_json(t: dict[str, Any], geometries: dict[str, str], loc: m.Loc) -> m.Tile:
    segments = tuple(_segment_from_json(s, _at(loc.file, f"{loc.path}.segments[{i}]"))
                     for i, s in enumerate(t["segments"]))
    if t["fields"] == "explicit":
        return m.Tile(t["name"], _int(t["count"]), segments, False, loc=loc)
    field_kinds = [k for k, g in geometries.items() if g == "field"]
    if len(field_kinds) == 1:
        # derived fields are derived again, exactly as composing the text would; an enclosed
        # field (no ports) was written, and stays
        segments = tuple(s for s in segments if s.kind != field_kinds[0] or not s.ports)
    return with_fields(m.Tile(t["name"], _int(t["count"]), segments, True, loc=loc), geometries)


def _segment_from_json(s: dict[str, Any], loc: m.Loc) -> m.Segment:
    return m.Segment(kind=s["kind"], ports=tuple(s["ports"]), pennants=_int(s["pennants"]),
                     ends=tuple(s["ends"]), touches=tuple(s["touches"]),
                     attributes=tuple((a["name"], _int(a["amount"]))
                                      for a in s.get("attributes", ())), loc=loc)


def expr_from_json(value: dict[str, Any], loc: m.Loc | None = None) -> m.Expr:
    """A schema-valid JSON expression -> model expression; with ``loc`` carrying a JSON path,
    each node gets its own (``$.kinds[0].complete.sum[1].term``)."""
    def at(suffix: str) -> m.Loc | None:
        if loc is None or loc.path is None:
            return loc
        return _at(loc.file, loc.path + suffix)

    if "const" in value:
        return m.Const(_int(value["const"]), loc=loc)
    if "quantity" in value:
        return m.Quantity(value["quantity"], value.get("of"), loc=loc)
    if "scale" in value:
        return m.Scaled(_int(value["scale"]), expr_from_json(value["term"], at(".term")), loc=loc)
    if "sum" in value:
        return m.Sum(tuple(expr_from_json(t, at(f".sum[{i}]")) for i, t in enumerate(value["sum"])),
                     loc=loc)
    if "product" in value:
        return m.Product(tuple(expr_from_json(f, at(f".product[{i}]"))
                               for i, f in enumerate(value["product"])), loc=loc)
    if "negated" in value:
        return m.Negated(expr_from_json(value["negated"], at(".negated")), loc=loc)
    test = value["if"]
    compare = m.Compare(test["op"], expr_from_json(test["left"], at(".if.left")),
                        expr_from_json(test["right"], at(".if.right")), loc=at(".if"))
    return m.Cond(compare, expr_from_json(value["then"], at(".then")),
                  expr_from_json(value["else"], at(".else")), loc=loc)


# --- schema errors as diagnostics -----------------------------------------------------------

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

def json_path(parts: Iterable[object]) -> str:
    """``["tiles", 3, "segments", 1]`` -> ``$.tiles[3].segments[1]``."""
    out = "$"
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, str) and _IDENTIFIER.match(part):
            out += f".{part}"
        else:
            out += f"[{json.dumps(str(part))}]"
    return out


_SHAPES_FROM = 64
"""A list of this many squares or tiles or more is validated a shape at a time
(``_schema_errors``)."""


def _schema_errors(data: object) -> list[tuple[ValidationError, list]]:
    """Every schema error of ``data``, each with the JSON path it is at (as a list).

    A map's squares and the tile types are validated a shape at a time: items that differ
    only in values the schema cannot tell apart (any whole number: the schema only asks for
    whole numbers; a tile's or segment's names that are names) are one shape, the schema sees
    the first item of each shape, and an error of a shape is said at every item of it. A
    316 x 316 map is a handful of shapes, 10,000 tile types of a few kinds a few dozen:
    validated one by one they took 10 s and 6 s (jsonschema walks a square in about 100
    microseconds, a tile in 600)."""
    check = validator("ruleset")
    if not isinstance(data, dict):
        return [(e, list(e.absolute_path)) for e in check.iter_errors(data)]
    board = data.get("board")
    lists: dict[tuple[str, ...], tuple[object, Callable[[object], object]]] = {
        ("tiles",): (data.get("tiles"), _tile_shape)}
    if isinstance(board, dict):
        lists[("board", "squares")] = (board.get("squares"), _square_shape)
    shown: dict[str, Any] = dict(data)
    groups: dict[tuple[str, ...], list[list[int]]] = {}
    for at, (items, shape) in lists.items():
        if not isinstance(items, list) or len(items) < _SHAPES_FROM:
            continue
        shapes: dict[str, list[int]] = {}
        try:
            for i, item in enumerate(items):
                shapes.setdefault(json.dumps(shape(item), sort_keys=True), []).append(i)
        except (TypeError, ValueError):  # handed in from Python, not JSON: item by item
            continue
        groups[at] = list(shapes.values())
        firsts = [items[where[0]] for where in groups[at]]
        if at == ("tiles",):
            shown["tiles"] = firsts
        else:
            shown["board"] = {**shown["board"], "squares": firsts}
    found: list[tuple[ValidationError, list]] = []
    for err in check.iter_errors(shown):
        path = list(err.absolute_path)
        for at, where in groups.items():
            n = len(at)
            if tuple(path[:n]) == at and len(path) > n:
                found += [(err, [*at, i, *path[n + 1:]]) for i in where[path[n]]]
                break
        else:
            found.append((err, path))
    return found


def _is_name(value: object) -> bool:
    """Whether the schema takes ``value`` as a name (its pattern, searched as jsonschema
    does)."""
    return isinstance(value, str) and _name_pattern().search(value) is not None


@functools.cache
def _name_pattern() -> re.Pattern[str]:
    return re.compile(ruleset_schema()["$defs"]["name"]["pattern"])


def _plain(value: object) -> object:
    """A value the schema asks only to be a whole number, or a name, made the same."""
    if type(value) is int:
        return 0
    return "A" if _is_name(value) else value


def _square_shape(square: object) -> object:
    """A square without its whole-number coordinates and counts: squares of one shape pass or
    fail the schema alike."""
    if not isinstance(square, dict):
        return square
    return {k: 0 if type(v) is int else v for k, v in square.items()}


def _tile_shape(tile: object) -> object:
    """A tile without its names (its own, its segments' kinds, ports, ends, touches and
    attributes) and whole numbers (count, pennants, attribute amounts); ``fields`` is kept
    (one of two words)."""
    if not isinstance(tile, dict):
        return tile
    shape = {k: _plain(v) if k in ("name", "count") else v for k, v in tile.items()}
    segments = tile.get("segments")
    if isinstance(segments, list):
        shape["segments"] = [
            {k: [_plain(p) for p in v] if k in ("ports", "ends", "touches")
             and isinstance(v, list) else _attributes_shape(v) if k == "attributes"
             else _plain(v) if k in ("kind", "pennants") else v
             for k, v in seg.items()} if isinstance(seg, dict) else seg
            for seg in segments]
    return shape


def _attributes_shape(attributes: object) -> object:
    """A segment's attributes without their names and amounts."""
    if not isinstance(attributes, list):
        return attributes
    return [{k: _plain(v) for k, v in a.items()} if isinstance(a, dict) else a
            for a in attributes]


def _sorted(errors: Iterable[tuple[ValidationError, list]]
            ) -> list[tuple[ValidationError, list]]:
    def key(found: tuple[ValidationError, list]) -> tuple:
        return tuple((0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in found[1])
    return sorted(errors, key=key)


def _diagnostics(err: ValidationError, source: str, at: Iterable[object] | None = None
                 ) -> list[Diagnostic]:
    """A person's wording of one schema error, at JSON path ``at`` (else the error's own): one
    E007, or one per unknown key."""
    loc, path = m.Loc(source), json_path(err.absolute_path if at is None else at)
    value, schema = err.instance, err.schema if isinstance(err.schema, dict) else {}
    if err.validator == "required":
        present = value if isinstance(value, dict) else {}
        for key in err.validator_value:
            if key not in present and err.message == f"{key!r} is a required property":
                return [error("E007", loc, "missing-key", path=path, key=json.dumps(key))]
    elif err.validator == "additionalProperties" and isinstance(value, dict):
        known = schema.get("properties", {})
        extra = [str(k) for k in value if k not in known]
        return [error("E007", loc, "unknown-key", path=path, key=json.dumps(k),
                      hint=suggest(k, known)) for k in extra]
    elif err.validator == "type":
        wanted = err.validator_value
        wanted = (wanted,) if isinstance(wanted, str) else tuple(wanted)
        return [error("E007", loc, "type", path=path, expected=wanted, got=_describe(value))]
    elif err.validator == "pattern":
        return [error("E007", loc, "pattern", path=path, value=show_value(value, cut="..."))]
    elif err.validator in ("const", "enum"):
        allowed = [err.validator_value] if err.validator == "const" else err.validator_value
        return [error("E007", loc, "values", path=path, value=show_value(value, cut="..."),
                      allowed=tuple(json.dumps(a) for a in allowed))]
    elif err.validator in ("minItems", "maxItems") and isinstance(value, list):
        size = schema.get("minItems")
        if size is not None and size == schema.get("maxItems"):
            return [error("E007", loc, "items", path=path, size=size, count=len(value))]
    elif err.validator in ("anyOf", "oneOf") and "description" in schema:
        return [error("E007", loc, "description", path=path, value=show_value(value, cut="..."),
                      description=schema["description"])]
    return [error("E007", loc, "schema", path=path, reason=err.message)]


def _describe(value: object) -> tuple[str, str]:
    """A bad value as a message says it (``{got:json}``): its JSON type and its text."""
    if value is None:
        return ("null", "null")
    if isinstance(value, bool):
        return ("boolean", "true" if value else "false")
    if isinstance(value, dict):
        return ("object", "")
    if isinstance(value, list):
        return ("array", "")
    if isinstance(value, str):
        return ("string", show_value(value, cut="..."))
    return ("number", show_value(value, cut="..."))
