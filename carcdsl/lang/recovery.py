"""Reading on after syntax errors: the declarations that parsed, as a tree, and what those that
did not would have declared.

``syntax.read_on`` finds every syntax error and the spans of text it leaves unread (from the
start of the declaration an error is in to where reading resumes); here those spans are
blanked out (newlines kept, so every position stays where it was) and what is left is parsed
(``read_what_parses``), and the names and sections the unread declarations would have settled
are read from their first words (``unread_declarations``, ``unread_header``): the checker says
nothing about those, since its findings would be follow-ons of the syntax errors.
"""

from __future__ import annotations

import re

from lark import Tree
from lark.exceptions import UnexpectedInput

from carcdsl.lang.grammar import _declaration_start, grammar
from carcdsl.lang.syntax import read_on


def read_what_parses(text: str, spans: list[tuple[int, int]], rounds: int = 3
                     ) -> tuple[Tree, list[tuple[int, int]]] | None:
    """The tree of ``text`` with ``spans`` (those ``read_on`` left unread) blanked out, and
    the spans; when that does not parse (a block missing its '}' whose error was found at
    the next declaration), what ``read_on`` leaves unread of the blanked text is left out
    too, a few rounds at most (each reads the whole text once). None when the text still
    does not parse (then only the syntax errors are said)."""
    parser = grammar()
    for _round in range(rounds):
        blanked = blank_out(text, spans)
        try:
            return parser.parse(blanked), spans
        except UnexpectedInput as exc:
            more = read_on(blanked, "", parser, exc)[1]
        except RecursionError:
            return None
        if all(any(a <= start and end <= b for a, b in spans) for start, end in more):
            return None  # nothing more to leave out
        spans = [*spans, *more]
    return None


_BLANKED = re.compile(r"[^\n]")


def blank_out(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with every span made spaces (its newlines kept): what is left parses, and
    every position in it is where it was."""
    pieces, at = [], 0
    for start, end in sorted(spans):
        start = max(start, at)
        pieces.append(text[at:start])
        pieces.append(_BLANKED.sub(" ", text[start:end]))
        at = max(at, end)
    pieces.append(text[at:])
    return "".join(pieces)


_DECLARES = re.compile(
    r"\s*(?:override[ \t]+|remove[ \t]+)?(?P<word>[a-z]+)\b(?:[ \t]+tile\b)?"
    r"(?P<names>[ \t]+[^\W\d][\w-]*(?:[ \t]*,[ \t]*[^\W\d][\w-]*)*)?")
_NAMING = frozenset({"feature", "tile", "token", "figure", "landmark", "group", "param"})
"""Declarations that declare (or change) names: ``feature road``, ``landmark village, tree``."""
_SECTIONS = frozenset({"rules", "variant", "game", "board", "supply", "turn", "on"})
"""Declarations that settle one part of the rule set, named by their keyword."""


def unread_header(text: str, spans: list[tuple[int, int]]) -> tuple[str, int] | None:
    """The role (``rules`` or ``variant``) and the position of a header left unread (``rules``
    with no name after it), or None."""
    for start, _end in spans:
        match = _DECLARES.match(text, start)
        if match is not None and match.group("word") in ("rules", "variant"):
            return match.group("word"), match.start("word")
    return None


def unread_declarations(text: str, spans: list[tuple[int, int]]
                        ) -> tuple[tuple[str, str], ...]:
    """What the declarations left unread would have declared: (keyword, name) for each name
    (``("feature", "road")``), (keyword, "") for a section (``("game", "")``). A check of
    meaning says nothing about these: the text that would settle them did not parse."""
    found: list[tuple[str, str]] = []
    starts = _declaration_start()
    for start, end in spans:  # the span's start, and each declaration line inside it
        for at in [start, *(found.start() for found in starts.finditer(text, start, end))]:
            match = _DECLARES.match(text, at)
            if match is None:
                continue
            word = match.group("word")
            if word in _SECTIONS:
                found.append((word, ""))
            elif word in _NAMING and match.group("names"):
                found += [(word, name.strip()) for name in match.group("names").split(",")]
    return tuple(dict.fromkeys(found))
