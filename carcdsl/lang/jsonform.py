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

This module owns reading (``ruleset_from_json_text``, ``ruleset_from_json``) and its guards,
which come before the schema and the model: a record given for a rule set, expressions nested
too deeply, lists past their limits, numbers too long, names given twice. The rest lives in one
module each, gathered here under the names every importer reads: writing (``jsonexport``), the
schema and its errors (``jsonerrors``) and building the model (``jsonbuild``).
"""

from __future__ import annotations

import json
import math
from typing import Any

import carcdsl.model as m
from carcdsl.diagnostics import Diagnostic, error
from carcdsl.errors import RuleError
from carcdsl.i18n.words import json_reason
from carcdsl.lang.jsonbuild import _at, _build, _int, expr_from_json
from carcdsl.lang.jsonerrors import _diagnostics, _schema_errors, _sorted, json_path, ruleset_schema
from carcdsl.lang.jsonexport import FORMAT, expr_to_json, ruleset_to_json
from carcdsl.lang.limits import (
    MAX_DIGITS,
    MAX_EXPR_DEPTH,
    MAX_JSON_VALUES,
    MAX_SEGMENTS,
    MAX_TILE_TYPES,
    json_values,
)
from carcdsl.lang.maps import MAX_MAP_SQUARES

__all__ = ["FORMAT", "RECORD_FORMAT", "expr_from_json", "expr_to_json", "json_path",
           "ruleset_from_json", "ruleset_from_json_text", "ruleset_schema", "ruleset_to_json"]

RECORD_FORMAT = "carcdsl-record/1"
"""A game record's format: given where a rule set belongs, it is told apart (E103)."""


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
    if json_values(data, MAX_JSON_VALUES, (tiles, squares)) > MAX_JSON_VALUES:
        found.append(error("E003", _at(source, "$"), "too-many-values", most=MAX_JSON_VALUES))
    return found


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
