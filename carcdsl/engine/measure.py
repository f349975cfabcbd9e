"""Measuring a feature for its scoring programs, and who holds the most on it: the quantities
a program measures (``compile.expr``), strengths measured on a feature, ties broken by tiles
that break them, points awarded, and ``score EXPR to most F`` (the rule's feature to the
players with the most figures F on it). ``scoring`` and ``effects`` both use these."""

from __future__ import annotations

from typing import Any

from carcdsl.compile.expr import (
    ATTRIBUTE,
    COMPLETED,
    FIGURES,
    FOLLOWERS,
    MARKERS,
    NEIGHBOURS,
    OWN,
    PENNANTS,
    TILES,
    Measure,
    evaluate,
)
from carcdsl.compile.tables import CENTRE, TIES_PRESENCE
from carcdsl.engine.events import ScoreEvent
from carcdsl.engine.figures import own_count
from carcdsl.engine.parts import Parts
from carcdsl.geometry.squares import STEP, to_xy


def measure_on(p: Parts, root: int, seat: int = -1) -> Measure:
    """Counts quantities on the feature of ``root`` (``own(F)`` for ``seat``), for programs
    measured outside scoring (a capture's reach)."""
    return _measure(p, root, seat)


def _measure(p: Parts, root: int, seat: int = -1) -> Measure:
    """Counts quantities on the feature of ``root``; ``own(F)`` for ``seat``."""
    features, tb = p.features, p.tables

    def measure(code: int, arg: Any) -> int:
        if code == TILES:
            if tb.kinds[features.kind[root]].geometry == CENTRE:
                return 1 + p.grid.neighbours(tb, features.node_key[root])
            node_key = features.node_key
            return len({node_key[n] for n in features.members_of(root)})
        if code == PENNANTS:
            return features.pennants[root]
        if code == NEIGHBOURS:
            if arg is not None and arg >= 0:
                return p.grid.showing_around(tb, features.node_key[root], arg)
            return p.grid.neighbours(tb, features.node_key[root])
        if code == FOLLOWERS:
            return sum(features.followers[root] or ())
        if code == COMPLETED:
            return _completed(p, root, arg)
        if code == MARKERS:
            return _markers(p, root, arg)
        if code == ATTRIBUTE:
            counts = features.attributes[root]
            value = counts[arg[0]] if counts else 0
            return min(value, 1) if arg[1] else value
        if code == OWN:
            return own_count(p, root, seat, arg)
        if code == FIGURES:
            this = features.root
            return sum(1 for piece in features.pieces
                       if piece[3] == arg and this[piece[1]] == root)
        raise ValueError(f"unknown quantity {code}")
    return measure


def _completed(p: Parts, root: int, kind: object) -> int:
    """How many different completed features of kind index ``kind`` the feature touches (a
    field's cities): each member's ``touches`` are segments of its own tile."""
    tb, features, tiles = p.tables, p.features, p.grid.tiles
    this, node_key, kinds, open_ends = features.root, features.node_key, features.kind, \
        features.open_ends
    found = set()
    for n in features.members_of(root):
        o, base = tiles[node_key[n]]
        for j in tb.segments[o][n - base].touches:
            r = this[base + j]
            if kinds[r] == kind and open_ends[r] == 0:
                found.add(r)
    return len(found)


def _markers(p: Parts, root: int, marker: object) -> int:
    """Uncovered squares with ``marker`` next to the feature's tiles."""
    marked, tiles = p.tables.board.markers.get(marker, frozenset()), p.grid.tiles
    near = {k + step for k in p.features.tiles_of(root) for step in STEP}
    return len({k for k in near & marked if k not in tiles})


def measured_strengths(p: Parts, root: int, counts: tuple[int, ...]) -> tuple[int, ...]:
    """``counts`` (each seat's strength on the feature of ``root``) with each figure of a
    ``strength = EXPR`` counted for the expression measured on the feature (at least 0)
    instead of its ``strength``; the feature keeps them till it is scored."""
    figures, root_of = p.tables.modes.figures, p.features.root
    out = list(counts)
    for seat, node, _key, figure in p.features.pieces:
        kind = figures[figure - 1] if figure else None
        if kind is not None and kind.strength_program is not None and root_of[node] == root:
            value = evaluate(kind.strength_program, _measure(p, root, seat))[0]
            out[seat] += max(value, 0) - kind.strength
    return tuple(out)


def score_most(p: Parts, root: int, program, code: int, when: str, index: int) -> None:
    """``score EXPR to most F``: the program measured on the feature of ``root`` to each
    player with the most figures ``code`` on it (0: the usual majority, each figure by its
    strength, ties broken as when it scores; f + 1: by count of figure f); nothing when
    nobody has one."""
    features = p.features
    if code:
        this, counts = features.root, [0] * len(p.seats.players)
        for seat, node, _key, figure in features.pieces:
            if figure == code and this[node] == root:
                counts[seat] += 1
    else:
        counts = list(features.followers[root] or ())
        if counts and p.tables.modes.measured_strengths:
            counts = list(measured_strengths(p, root, tuple(counts)))
    best = max(counts, default=0)
    if best <= 0:
        return
    winners = [seat for seat, c in enumerate(counts) if c == best]
    if not code and len(winners) > 1 and p.tables.high_tiles:
        winners = break_tie(p, root, winners)
    for seat in winners:
        award(p, root, when, index, seat, *evaluate(program, _measure(p, root, seat)))


def break_tie(p: Parts, root: int, tied: list[int]) -> list[int]:
    """The players of ``tied`` (each with the most strength on the feature of ``root``) with
    the most figures that count on tiles that show a kind that ``breaks ties``: with
    ``presence``, having one is enough; when nobody has one, all of ``tied``."""
    tb, features = p.tables, p.features
    high, this, tiles, figures = tb.high_tiles, features.root, p.grid.tiles, tb.modes.figures
    on_high = dict.fromkeys(tied, 0)
    for seat, node, key, figure in features.pieces:
        if (seat in on_high and this[node] == root and high[tiles[key][0]]
                and (figure == 0 or figures[figure - 1].strength > 0)):
            on_high[seat] += 1
    if tb.ties == TIES_PRESENCE:
        on_high = {seat: min(n, 1) for seat, n in on_high.items()}
    most = max(on_high.values())
    return [seat for seat in tied if on_high[seat] == most]


def award(p: Parts, root: int, when: str, index: int, seat: int, points: int,
          terms: list) -> None:
    """``points`` for the feature of ``root`` to ``seat`` (nothing when 0)."""
    if not points:
        return
    features, seats = p.features, p.seats
    kind = p.tables.kinds[features.kind[root]]
    seats.scores[seat] += points
    p.log.events.append(ScoreEvent(index, seat, seats.players[seat], kind.name, when, points,
                                   to_xy(min(features.tiles_of(root))), tuple(terms)))
