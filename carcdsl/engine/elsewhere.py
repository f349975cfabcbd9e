"""Figures placed on another tile than the one just placed: a figure that stands
``anywhere``, and ordinary followers on a kind that says ``followers anywhere [with F]``.

Such a spot is ``ELSEWHERE - (node << ELSEWHERE_SHIFT | figure)`` (``compile.facts``): the
figure goes on segment ``node`` of a placed tile. Its feature is judged as it will be once the
tile is placed: where the tile joins the node's feature to others, what stands on those
counts too (an occupied feature, an excluded figure, the figure ``with`` asks for).
"""

from __future__ import annotations

from collections.abc import Iterator

from carcdsl.compile.facts import elsewhere_spot, split_elsewhere
from carcdsl.compile.modes import ANY_FOLLOWER, NO_NEED
from carcdsl.engine import figures as F
from carcdsl.engine import targets
from carcdsl.engine.effects import MISSED, rule_root
from carcdsl.engine.parts import Parts


class Candidates:
    """Per turn: for each figure code that may go elsewhere (0: the ordinary follower, once
    per kind that says ``followers anywhere``, in the order of ``Modes.anywhere_kinds``), the
    placed nodes of the kinds it stands on; and how each is judged."""

    __slots__ = ("p", "by_figure", "alone", "anywhere")

    def __init__(self, p: Parts):
        self.p = p
        tb, seat, seats = p.tables, p.seats.current, p.seats
        self.anywhere = targets.AnywhereSpots(p) if tb.modes.placing_anywhere else None
        modes = tb.modes
        wanted: list[tuple[int, tuple[frozenset, int, int, int, int]]] = []
        if modes.anywhere_kinds and seats.followers[seat]:
            for kind, with_any in modes.anywhere_kinds:  # each kind with its own `with`
                wanted.append((0, (frozenset({kind}), with_any, NO_NEED, 0, 1)))
        for f, figure in enumerate(modes.figures):
            if figure.anywhere and seats.figures[f][seat]:
                strength = 1 if figure.strength or figure.strength_program else 0
                wanted.append((f + 1, (figure.kinds, figure.with_any, figure.needs,
                                       figure.excludes, strength)))
        self.by_figure = [(code, rule, list(_nodes(p, rule[0], code)))
                          for code, rule in wanted]
        root = p.features.root
        self.alone = [[_allowed(p, {root[node]}, *rule[1:]) for node in nodes]
                      for _, rule, nodes in self.by_figure]
        """Per candidate, its judgement where the tile joins its feature to no other: the
        same for every placement of the turn, so worked out once."""

    def spots(self, o: int, key: int) -> Iterator[int]:
        """The spots elsewhere for the tile ``o`` placed on ``key``: those of the figures
        and kinds that stand anywhere, then those its ``place F anywhere`` rules give; none
        on a square a neutral figure ``blocks``."""
        p = self.p
        blocked = targets.blocked(p) if p.decisions.neutral else ()
        seen = set()
        for spot in self._spots(o, key):
            if not blocked or p.features.node_key[split_elsewhere(spot)[0]] not in blocked:
                seen.add(spot)
                yield spot
        if self.anywhere is not None:
            for spot in self.anywhere.spots(o, key,
                                          lambda rule: rule_root(p, rule, o, key) != MISSED):
                if spot not in seen:
                    yield spot

    def _spots(self, o: int, key: int) -> Iterator[int]:
        if not self.by_figure:
            return
        p = self.p
        groups = F.joined_groups(p, o, key)
        root = p.features.root
        keeping = p.tables.modes.keeping_out
        for (code, rule, nodes), alone in zip(self.by_figure, self.alone):
            kept = F.kept_roots(p, code) if keeping else set()
            for node, ok in zip(nodes, alone):
                roots = groups.get(root[node])
                if roots is not None and len(roots) > 1:  # joined to others: judged anew
                    ok = _allowed(p, roots, *rule[1:])
                if ok and kept and (roots or {root[node]}) & kept:
                    ok = False  # a figure there keeps this one out
                if ok:
                    yield elsewhere_spot(node, code)


def _nodes(p: Parts, kinds: frozenset, code: int) -> Iterator[int]:
    """Placed nodes of those kinds where figure ``code`` may stand (a tile whose figures are
    banned offers none)."""
    tb = p.tables
    for (o, base) in p.grid.tiles.values():
        allowed = tb.figure_spots[code - 1][o] if code else None
        for i, seg in enumerate(tb.segments[o]):
            if seg.kind in kinds and (allowed is None or i in allowed):
                yield base + i


def _allowed(p: Parts, roots: set[int], with_any: int, needs: int, excludes: int,
             strength: int) -> bool:
    features, seat = p.features, p.seats.current
    root = features.root
    if strength and any(features.followers[r] for r in roots):
        return False
    here = [piece for piece in features.pieces if root[piece[1]] in roots]
    if excludes and any(excludes >> piece[3] & 1 for piece in here):
        return False
    if with_any != NO_NEED and not any(piece[3] == with_any for piece in here):
        return False
    if needs == NO_NEED:
        return True
    if needs == ANY_FOLLOWER:
        return any(piece[0] == seat and (not piece[3] or p.tables.modes.figures[
            piece[3] - 1].strength) for piece in here)
    return any(piece[0] == seat and piece[3] == needs + 1 for piece in here)
