"""The limits of a rule file, and the checks that hold a text or a tree to them before the
transformer runs: tokens (E003) and tile types (E201) counted by one scan of the text, numbers
too long to mean anything (E008), scoring expressions nested too deeply (E006). The JSON form
and the builder hold rule sets to the same limits (``MAX_*``).
"""

from __future__ import annotations

import itertools
import re

from lark import Tree

import carcdsl.model as m
from carcdsl.diagnostics import Diagnostic, error
from carcdsl.lang.grammar import Lines

MAX_DIGITS = 18
"""Numbers in a rule file have at most this many digits; longer ones are E008."""
MAX_EXPR_DEPTH = 32
"""Scoring expressions nest at most this deep (expression nodes on a path), in the text and in
the JSON form alike (E006); real ones nest a handful of levels."""
MAX_TOKENS = 250_000
"""Words, numbers and symbols in a rule file (a string or a comment counts as one): E003 past
it. Parsing costs about 10 microseconds a token, checking more; the bundled files have under
500 tokens each, 10,000 tile types about 120,000. Without it, the 20 MB a file may be is 7
million tokens: minutes of parsing."""
MAX_TILE_TYPES = 10_000
"""Tile types (``tile`` declarations) in a file, and in a composed rule set: E201 past it.
Real rule sets have a few dozen, every expansion together a few hundred; 10,000 are checked
in about 4 s (``bench/check_scaling.py``); the 20 MB a file may be holds a million."""
MAX_SEGMENTS = 100_000
"""Segments of all tile types together (E201 at the tile that passes it): real tiles have up
to a dozen; in the text form the token limit keeps a file under about 83,000."""
MAX_JSON_VALUES = 100_000
"""Values of the JSON form outside the map's squares and the tiles (each of those has its own
limit): E003. A bundled rule set has under 200; 100,000 landmarks check in about 3 s."""

def json_values(data: object, most: int, apart: tuple = ()) -> int:
    """How many values ``data`` (the JSON form, as plain data) holds, counted up to ``most``
    + 1 (the walk stops there, without recursion); the lists in ``apart`` count as one value
    each, their items left out (they have limits of their own: the tiles, the map's
    squares). The JSON reader refuses more than MAX_JSON_VALUES (E003), and the composed rule
    set is held to the same count (``jsonexport.too_large_for_json``)."""
    left_out = {id(v) for v in apart if isinstance(v, list)}
    count, stack = 0, [data]
    while stack:
        value = stack.pop()
        count += 1
        if count > most:
            return count
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list) and id(value) not in left_out:
            stack.extend(value)
    return count


_EXPR_RULES = frozenset({"sum", "times", "divide", "minus", "const", "quantity", "quantity_of",
                         "compare", "cond"})
_TOKEN = re.compile(r'"[^"\n]*"|#[^\n]*|[\w-]+|\S')
"""A token as ``too_many_tokens`` counts them: a string, a comment, a word or number, or any
other character (``->`` is two)."""
_TILE_DECLARATION = re.compile(
    r'"[^"\n]*"|#[^\n]*|(?<![\w-])(?:(start|remove)\s+)?(tile)(?![\w-])')
"""A string, a comment, or the keyword ``tile`` (group 2; group 1: after ``start`` or
``remove``, where it declares no tile)."""
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1}}}")
_STRING_COMMENT_OR_NUMBER = re.compile(
    rf'"[^"\n]*"|#[^\n]*|(?<![\w-])(-?\d{{{MAX_DIGITS + 1},}})')


def too_many_tokens(text: str, path: str) -> list[Diagnostic]:
    """E003 at the token past MAX_TOKENS, counted by one scan of the text (under a second for
    20 MB) before it is parsed; a text no longer than the limit is not scanned."""
    if len(text) <= MAX_TOKENS or _TOKEN.subn("", text)[1] <= MAX_TOKENS:
        return []
    past = next(itertools.islice(_TOKEN.finditer(text), MAX_TOKENS, None))
    return [error("E003", Lines(text).loc(path, past.start()), "too-many-tokens",
                  most=MAX_TOKENS)]


def too_many_tiles(text: str, path: str) -> list[Diagnostic]:
    """E201 at the first ``tile`` declaration past MAX_TILE_TYPES, found by one scan of the
    text before it is parsed: parsing what the file size allows (a million tile types) would
    take minutes."""
    if text.count("tile") <= MAX_TILE_TYPES:
        return []
    declared = 0
    for match in _TILE_DECLARATION.finditer(text):
        if match.group(2) and not match.group(1):
            declared += 1
            if declared > MAX_TILE_TYPES:
                return [error("E201", Lines(text).loc(path, match.start()), "types",
                              count=declared, most=MAX_TILE_TYPES)]
    return []


def long_numbers(text: str, path: str) -> list[Diagnostic]:
    """E008 for every number with more than MAX_DIGITS digits (outside strings and comments)."""
    if _LONG_NUMBER.search(text) is None:
        return []
    lines = Lines(text)
    found = []
    for match in _STRING_COMMENT_OR_NUMBER.finditer(text):
        if match.group(1):
            digits = len(match.group(1).lstrip("-"))
            found.append(error("E008", lines.loc(path, match.start(1)), digits=digits,
                               most=MAX_DIGITS))
    return found


def too_deep(tree: Tree, path: str) -> list[Diagnostic]:
    """E006 where a scoring expression nests more than MAX_EXPR_DEPTH deep (once per
    expression), found without recursion before the recursive transformer runs."""
    found = []
    reported: set[int] = set()
    stack: list[tuple[Tree, int, int]] = [(tree, 0, 0)]
    while stack:
        node, depth, root = stack.pop()
        if node.data in _EXPR_RULES:
            depth += 1
            root = root or id(node)
            if depth > MAX_EXPR_DEPTH:
                if root not in reported:
                    reported.add(root)
                    meta = node.meta
                    found.append(error(
                        "E006", m.Loc(path, getattr(meta, "line", 1), getattr(meta, "column", 1)),
                        "expression", most=MAX_EXPR_DEPTH))
                continue
        stack.extend((child, depth, root) for child in node.children if isinstance(child, Tree))
    return found


def deep_fallback(path: str) -> Diagnostic:
    return error("E006", m.Loc(path, 1, 1))
