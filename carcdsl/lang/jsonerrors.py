"""The JSON form's schema (``ruleset_schema``, ``schemas/ruleset.schema.json``) and its errors
as diagnostics: every schema error of a rule set, validated a shape at a time for long lists of
squares and tiles, each said as an E007 in a person's words at its JSON path (``json_path``:
``$.tiles[3].segments[1]``).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import carcdsl.model as m
from carcdsl.diagnostics import Diagnostic, error, suggest
from carcdsl.errors import show_value
from carcdsl.schemas import validator

if TYPE_CHECKING:  # jsonschema is imported when JSON is read, not when carcdsl starts
    from jsonschema.exceptions import ValidationError


def ruleset_schema() -> dict[str, Any]:
    """The JSON Schema of ``carcdsl-rules/1`` (loaded once)."""
    return validator("ruleset").schema

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
