"""Where the cursor is, for completion and hover: in a scoring expression (its quantities),
in the argument of ``completed(``/``neighbours(``/``markers(``/``own(``/``figures(``, on a
tile line (a segment's kind, its ports, where a path ends), or after a word that names kinds
(``on complete``, ``shows``, ``stands on``, ``ends at``, ``hold back``) or figures (``with
own``, ``excludes``, ``on figure``, ``capture``, a figure's ``with``, ``followers anywhere
with``, ``beside own``, ``instead return``) or neutral figures only (``avoids``, ``move``,
``walk``, ``on enter``, ``on turn beside``, ``on score beside``, ``until``); after ``on
scored`` and its ``move`` figures players place, after ``within N to`` and ``on final``
kinds, after ``keeps out`` and ``to most`` figures;
a capture's reach (``in line``) is an expression. ``Place.what`` says which; the words that
may come there are read from the language's own tables (``model.QUANTITIES``, the ports,
the rule set's names).
"""

from __future__ import annotations

import re

import attrs

import carcdsl.model as m
from carcdsl.geometry import ports as P

_EXPRESSION = re.compile(
    r"(?<![\w-])(?:score\s+[\w-]+\s*\+?=|strength\s*=|in\s+line)(?P<rest>[^{}]*)$")
_ARGUMENT = re.compile(r"(?<![\w-])(?P<name>[^\W\d][\w-]*)\s*\(\s*$")
_TILE = re.compile(r"^\s*(?:override\s+)?tile\s+[^\W\d][\w-]*\s+\d+\s+(?P<segments>.*)$")
_AFTER_WORDS = re.compile(
    r"(?<![\w-])(?P<words>on\s+complete|shows|stands\s+on|ends\s+at|hold\s+back|"
    r"with\s+own|excludes|on\s+figure|remove\s+figure|capture|anywhere\s+with|^\s*with|\{\s*with|"
    r"beside\s+own|instead\s+return|avoids|move|walk|on\s+enter|turn\s+beside|score\s+beside|"
    r"until|on\s+scored|within\s+\d+\s+to|keeps\s+out|to\s+most|on\s+final)"
    r"\s+(?:[\w-]+\s*,\s*)*$")
_OWNS = re.compile(r"(?<![\w-])owns\s+(?:\d*\s*[\w-]+\s*,\s*)*\d*\s*$")
"""``each player owns [N] TILE, ...``: a tile is named."""
_FIGURE_WORDS = ("with own", "excludes", "on figure", "remove figure", "capture",
                 "anywhere with", "with", "beside own", "instead return", "on scored",
                 "keeps out", "to most")
_SCORED_MOVE = re.compile(r"(?<![\w-])on\s+scored\s+[\w-]+\s*:.*(?<![\w-])move\s+$")
"""``on scored F: move F within ...``: the figure moved is one players place."""
_NEUTRAL_WORDS = ("avoids", "move", "walk", "on enter", "turn beside", "score beside", "until")
"""Words after which a neutral figure is named (``walk dragon 6``, ``hold back K until F``)."""
FUNCTION_ARGUMENTS = {"completed": "kind", "neighbours": "kind", "markers": "marker",
                      "own": "figure", "figures": "figure"}
"""What each quantity written ``name(ARG)`` counts by (see ``model.QUANTITIES``)."""


@attrs.frozen
class Place:
    """``what``: expression, kind, figure, neutral-figure, marker, segment-kind, port, path-end,
    tile or other."""

    what: str
    word: str = ""


def place_of(text: str, offset: int) -> Place:
    """Where ``offset`` is, judged from its line up to it (the word being typed left out)."""
    row_start = text.rfind("\n", 0, offset) + 1
    before = text[row_start:offset]
    typed = re.search(r"[\w-]*$", before)
    before = before[: typed.start()] if typed else before
    before = re.sub(r"#.*$", "", before) if "#" in before and '"' not in before else before
    argument = _ARGUMENT.search(before)
    if argument and _EXPRESSION.search(before):
        return Place(FUNCTION_ARGUMENTS.get(argument.group("name"), "other"),
                     argument.group("name"))
    if _EXPRESSION.search(before):
        return Place("expression")
    tile = _TILE.match(before)
    if tile:
        return _segment_place(tile.group("segments").split(";")[-1])
    if _OWNS.search(before):
        return Place("tile", "owns")
    after = _AFTER_WORDS.search(before)
    if after:
        words = " ".join(after.group("words").split())
        if words == "ends at":
            return Place("path-end", words)
        if words == "move" and _SCORED_MOVE.search(before):
            return Place("figure", words)
        if words.startswith("within"):
            return Place("kind", "within")
        if words in _NEUTRAL_WORDS:
            return Place("neutral-figure", words)
        return Place("figure" if words in _FIGURE_WORDS else "kind", words)
    return Place("other")


def in_token_block(text: str, offset: int) -> bool:
    """Whether ``offset`` is inside a ``token NAME {`` block (its ``score final =`` counts
    ``tokens``)."""
    return _TOKEN_OPEN.search(text, 0, offset) is not None


_TOKEN_OPEN = re.compile(r"(?<![\w-])token\s+[^\W\d][\w-]*\s*\{[^{}]*$")


def _segment_place(segment: str) -> Place:
    if "->" in segment:
        return Place("path-end")
    words = segment.split()
    if not words:
        return Place("segment-kind")
    return Place("port", words[0])


def words_at(place: Place, rules: m.RuleSet | None, kind: m.FeatureKind | None,
             in_token: bool) -> dict[str, str] | None:
    """The words that may come at ``place`` with what each is (None: no list of its own)."""
    if place.what == "expression":
        said = {name: f"quantity: {doc}" for name, doc in m.QUANTITIES.items()}
        owners = [kind] if kind is not None else list(rules.kinds) if rules else []
        for k in owners:
            said.update({name: f"attribute of {k.name} ({merge})"
                         for name, merge in k.attributes if name not in said})
        if in_token:
            said["tokens"] = "quantity: how many of the token the player holds"
        said.update({word: "keyword" for word in ("if", "then", "else")})
        return said
    if place.what == "port":  # and the attributes the segment's kind carries (road S-E inn)
        owner = rules.kind(place.word) if rules is not None else None
        said = {port: "port" for port in P.RING}
        if owner is not None:
            said.update({name: f"attribute of {owner.name}" for name, _ in owner.attributes})
        return said
    if rules is None:
        return None
    kinds = {k.name: "feature kind" for k in rules.kinds}
    if place.what in ("kind", "segment-kind"):
        return kinds
    if place.what == "path-end":
        return {**{name: "landmark" for name in rules.landmarks}, **kinds}
    if place.what == "figure":
        return {"follower": "figure (the ordinary follower)",
                **{f.name: "figure" for f in rules.figures}}
    if place.what == "neutral-figure":
        return {f.name: "neutral figure" for f in rules.figures if f.neutral}
    if place.what == "tile":
        return {t.name: "tile" for t in rules.tiles}
    if place.what == "marker":
        return {marker: "map marker" for marker in sorted(rules.board.markers)}
    return None
