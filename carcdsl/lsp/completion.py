"""Completion for the language server: the words that may come at a place in a buffer, from
what the parser accepts there (keywords), the rule set's names (kinds, landmarks, tokens,
figures, groups, tiles), ports and bundled rule sets; after ``look`` the kind's looks, after
``colour`` the colour names; where the cursor's place has words of its own (``context``: a
scoring expression, a function's argument, a tile line, after ``on complete`` or ``with own``),
those words only.
"""

from __future__ import annotations

import functools
import re

from lark.exceptions import UnexpectedInput

import carcdsl.model as m
from carcdsl.geometry import ports as P
from carcdsl.lang.sources import bundled_names
from carcdsl.lang.syntax import declaration_keywords, grammar
from carcdsl.lsp.buffer import Analysis, _declaration_line
from carcdsl.lsp.context import in_token_block, place_of, words_at
from carcdsl.lsp.names import occurrences


def _keyword_of(term: str) -> str | None:
    try:
        pattern = grammar().get_terminal(term).pattern
    except KeyError:
        return None
    if pattern.type == "str" and pattern.value[:1].isalpha():
        return pattern.value
    if pattern.type == "re" and re.fullmatch(r"\(\?:[a-z|]+\)", pattern.value):
        return None  # WHEN, BOOL: their words are listed below
    return None


_CLASS_WORDS = {"BOOL": ("yes", "no"), "WHEN": ("complete", "final")}


@functools.cache
def _declaration_starts() -> re.Pattern[str]:
    """A declaration's first word at the start of any line (``_declaration_line`` matches
    at the start of a string only: ``^`` without MULTILINE)."""
    return re.compile(_declaration_line().pattern, re.M)


def accepted(text: str, offset: int) -> set[str]:
    """The terminals the parser takes at ``offset`` (the word being typed left out): read
    from the start of the declaration the offset is in when the file before it is broken."""
    before = text[:offset]
    word = re.search(r"[\w-]*$", before)
    before = before[: word.start()] if word else before
    starts = [0] + [found.start() for found in _declaration_starts().finditer(before)]
    for start in reversed(starts):
        try:
            interactive = grammar().parse_interactive(before[start:])
            interactive.exhaust_lexer()
            return set(interactive.accepts())
        except UnexpectedInput:
            continue
    return set()


_AFTER_LOOK = re.compile(r'(?<![\w-])(look|colour)\s+"?[\w#-]*$')
_FEATURE_OPEN = re.compile(r"(?<![\w-])feature\s+([^\W\d][\w-]*)\s*\{[^{}]*$")


def _kind_around(analysis: Analysis, offset: int) -> m.FeatureKind | None:
    """The kind whose block ``offset`` is in (as far as the rule set knows it)."""
    found = _FEATURE_OPEN.search(analysis.text, 0, offset)
    if found is None or analysis.rules is None:
        return None
    return analysis.rules.kind(found.group(1))


def _look_words(analysis: Analysis, offset: int) -> dict[str, str] | None:
    """After ``look``: the looks of the kind's geometry (every look when it is not known);
    after ``colour``: the colour names. None elsewhere."""
    row_start = analysis.text.rfind("\n", 0, offset) + 1
    found = _AFTER_LOOK.search(analysis.text, row_start, offset)
    if found is None:
        return None
    if found.group(1) == "colour":
        return {name: f"colour {hex_}" for name, hex_ in m.NAMED_COLOURS.items()}
    kind = _kind_around(analysis, offset)
    geometries = [kind.geometry] if kind is not None and kind.geometry in m.LOOKS \
        else list(m.LOOKS)
    return {look: f"{geometry} look: {said}" for geometry in geometries
            for look, said in m.LOOKS[geometry].items()}


def completions(analysis: Analysis, offset: int) -> list[tuple[str, str]]:
    """(label, what it is) of every word that may come at ``offset``."""
    looks = _look_words(analysis, offset)
    if looks is not None:
        return sorted(looks.items())
    terms = accepted(analysis.text, offset)
    items: dict[str, str] = {}
    for term in terms:
        keyword = _keyword_of(term)
        if keyword:
            items[keyword] = "keyword"
        for word in _CLASS_WORDS.get(term, ()):
            items[word] = "keyword"
    place = place_of(analysis.text, offset)
    listed = words_at(place, analysis.rules, _kind_around(analysis, offset),
                      in_token_block(analysis.text, offset))
    if listed is not None:  # the words of that place, and keywords only where words go too
        keep = {word: what for word, what in items.items() if word not in
                declaration_keywords()} if place.what in ("expression", "port") \
            or place.word == "with" else {}  # a figure's `with`: `own` too
        return sorted({**keep, **listed}.items())
    if "NAME" in terms:
        rules = analysis.rules
        if rules is not None:
            items.update({k.name: "feature kind" for k in rules.kinds})
            items.update({name: "landmark" for name in rules.landmarks})
            items.update({t.name: "token" for t in rules.tokens})
            items.update({f.name: "figure" for f in rules.figures})
            items.update({g.name: "group" for g in rules.groups})
            items.update({t.name: "tile" for t in rules.tiles})
        for occ in occurrences(analysis.parsed_text, analysis.shown):
            if occ.is_def:
                items.setdefault(occ.name, {"tile": "tile", "param": "parameter"}.get(
                    occ.family, "name"))
        items.update({port: "port" for port in P.RING if port not in items})
        items.update({name: "rule set or variant" for name in bundled_names()
                      if name not in items})
    return sorted(items.items())
