"""What each field of a request may be: every field the app takes from a JSON body or a query
string, its kinds of value and its longest value, in one table each (``BODY``, ``QUERY``).

A request body is walked whole (``check_body``, before any handler sees it): no text anywhere
in it, a key included, may hold a NUL or a lone surrogate (``"\\ud800"`` is valid JSON but
no text: it cannot be written to a file or an answer); a field of the table must be of its
kinds and no longer than its ``most``; any other text is at most ``MAX_TEXT`` characters;
nothing is nested deeper than ``MAX_DEPTH``. A refusal names the field by its JSON path
from the body, as every refusal of the app does (``players[1].name``; the root, ``$.``, left
out), or ``?name`` for a query field. The handlers then judge the values
(is this a rule set on offer, a legal move); a record's own fields are judged by
``formats.record`` as for a file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

import attrs

MAX_BODY = 1024 * 1024
"""The largest request body read, in bytes (a rule file being edited, an uploaded record)."""
MAX_TEXT = 1000
"""The longest text field, in characters, but for those the table allows more (the rule
text)."""
MAX_DEPTH = 32
"""How deep a body may nest (a record nests 4 deep)."""
_NO_TEXT = re.compile("[\x00\ud800-\udfff]")
NONE = type(None)


@attrs.frozen
class Field:
    """A field's kinds of JSON value (``bool`` is no ``int``) and its most characters (text)
    or items (a list)."""

    kinds: tuple[type, ...]
    most: int = MAX_TEXT


TEXT, NAME, REF = Field((str,)), Field((str,), 40), Field((str,), 500)
BODY: dict[str, Field] = {
    # a new game
    "rules": REF, "variants": Field((list, NONE), 20), "variants[]": REF,
    "players": Field((list,), 12), "players[]": Field((dict,)),
    "players[].name": NAME, "players[].kind": NAME,
    "seed": Field((int, str, NONE), 40),
    # a person's move, and its preview
    "move": Field((dict,)), "move.tile": Field((str, NONE), 100),
    "move.follower": Field((str, dict, NONE), 200), "move.recall": Field((dict, NONE)),
    "turn": Field((int, NONE)),
    # a record opened or uploaded, a file saved, created or checked, a tile written
    "ref": Field((str, NONE), 500), "record": Field((dict,)), "name": Field((str, NONE), 200),
    "record.rules": REF, "record.variants[]": REF, "record.players[]": Field((str,), 100),
    "record.moves[].follower": Field((str, dict, NONE), 200),
    "text": Field((str,), MAX_BODY), "folder": Field((int,)), "template": REF,
    "was": Field((str, NONE), 100),  # "tile" is the tile editor's own (``read_tile``)
}
QUERY: dict[str, int] = {"lang": 40, "rules": 500, "variant": 500, "ref": 500}
"""The query fields and their longest values (any other: ``MAX_TEXT``)."""
QUERY_REPEATS = 20
"""How often one query field may be given (``variant``: as many as a body's ``variants``)."""
KIND_WORDS = {str: "string", int: "integer", list: "array", dict: "object", NONE: "null"}
"""The kinds as JSON Schema names them."""


class FieldError(ValueError):
    """A field that is not what it may be: ``problem`` names the message (``err-field-...``),
    ``where`` the field, ``values`` fill the message."""

    def __init__(self, problem: str, where: str, **values: object):
        super().__init__(f"{problem}: {where}")
        self.problem, self.where, self.values = problem, where[:200], values


def _is(value: object, kinds: tuple[type, ...]) -> bool:
    if isinstance(value, bool):
        return bool in kinds
    return isinstance(value, kinds)


def _check_text(text: str, most: int, where: str) -> None:
    if _NO_TEXT.search(text):
        raise FieldError("err-field-char", where)
    if len(text) > most:
        raise FieldError("err-field-long", where, most=most)


def _step(key: str) -> str:
    """A key as a JSON path writes it (ASCII: a lone surrogate as ``\\ud800``)."""
    return json.dumps(key)[1:-1]


def check_body(data: Any) -> None:
    """Every field of a JSON body as ``BODY`` allows; FieldError at the first that is not
    (in document order)."""
    stack: list[tuple[Any, str, str, int]] = [(data, "", "", 0)]
    while stack:
        value, where, pattern, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise FieldError("err-field-deep", where, most=MAX_DEPTH)
        field = BODY.get(pattern)
        if field is not None and not _is(value, field.kinds):
            raise FieldError("err-field-kind", where, kinds=" | ".join(
                KIND_WORDS[k] for k in field.kinds))
        if isinstance(value, str):
            _check_text(value, field.most if field else MAX_TEXT, where)
        elif isinstance(value, dict):
            inside = []
            for key, item in value.items():
                step = f"{where}.{_step(key)}" if where else _step(key)
                _check_text(key, MAX_TEXT, step)
                inside.append((item, step, f"{pattern}.{key}" if pattern else key, depth + 1))
            stack.extend(reversed(inside))
        elif isinstance(value, list):
            if field is not None and len(value) > field.most:
                raise FieldError("err-field-many", where, most=field.most)
            stack.extend((item, f"{where}[{i}]", f"{pattern}[]", depth + 1)
                         for i, item in reversed(list(enumerate(value))))


def check_query(pairs: Iterable[tuple[str, str]]) -> None:
    """Every query field (decoded) as ``QUERY`` allows; FieldError at the first that is
    not."""
    seen: dict[str, int] = {}
    for key, value in pairs:
        where = f"?{_step(key)}"
        _check_text(key, MAX_TEXT, where)
        _check_text(value, QUERY.get(key, MAX_TEXT), where)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > QUERY_REPEATS:
            raise FieldError("err-field-many", where, most=QUERY_REPEATS)
