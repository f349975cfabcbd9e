"""The checks of feature kinds and their scoring rules: a kind's geometry, scorers, pennants,
terminals, attributes, colour and look, every quantity its ``score`` expressions name, and
whether a kind that scores on completion can ever be completed (W309).

``KindChecks`` is a mixin of ``checker._Checker``, as ``tiles.TileChecks`` is: methods only,
reading what the checker gathered (kinds, their geometries, landmarks, markers) and reporting
through its ``error`` and ``warn``.
"""

from __future__ import annotations

from collections.abc import Iterator

from carcdsl.check.host import CheckerHost
from carcdsl.model.base import Loc
from carcdsl.model.expr import (
    QUANTITIES,
    Compare,
    Cond,
    Const,
    Divide,
    Negated,
    Product,
    Quantity,
    Scaled,
    Sum,
)
from carcdsl.model.looks import NAMED_COLOURS, looks_of, parse_colour
from carcdsl.model.rules import OWN_FOLLOWER
from carcdsl.model.tiles import ATTRIBUTE_MERGES, GEOMETRIES, TIES, FeatureKind

SCORERS = ("majority",)


def iter_quantities(expr: object) -> Iterator[Quantity]:
    """Every Quantity in a scoring expression."""
    return (item for item in iter_nodes(expr) if isinstance(item, Quantity))


def iter_nodes(expr: object) -> Iterator[object]:
    """Every node of a scoring expression, in reading order (iteratively: expressions may
    nest deeply)."""
    stack = [expr]
    while stack:
        item = stack.pop()
        yield item
        if isinstance(item, (Scaled, Negated)):
            stack.append(item.term)
        elif isinstance(item, Product):
            stack.extend(reversed(item.factors))
        elif isinstance(item, Sum):
            stack.extend(reversed(item.terms))
        elif isinstance(item, Cond):
            stack.extend((item.no, item.yes, item.test))
        elif isinstance(item, (Compare, Divide)):
            stack.extend((item.right, item.left))
        # a Const or a Quantity holds no other node


def constant(expr: object) -> int | None:
    """The value of an expression that measures nothing (``0``, ``(2 - 2)``, ``3 * 0``), or
    None."""
    if any(isinstance(node, Quantity) for node in iter_nodes(expr)):
        return None
    try:
        return _value(expr)
    except RecursionError:  # a rule set made in Python may nest past any limit
        return None


def _value(expr: object) -> int:
    if isinstance(expr, Const):
        return expr.value
    if isinstance(expr, Scaled):
        return expr.factor * _value(expr.term)
    if isinstance(expr, Negated):
        return -_value(expr.term)
    if isinstance(expr, Sum):
        return sum(_value(t) for t in expr.terms)
    if isinstance(expr, Product):
        value = 1
        for factor in expr.factors:
            value *= _value(factor)
        return value
    if isinstance(expr, Divide):
        divisor = _value(expr.right)
        return _value(expr.left) // divisor if divisor else 0
    assert isinstance(expr, Cond)
    test = expr.test
    left, right = _value(test.left), _value(test.right)
    hit = {"<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right,
           "==": left == right, "!=": left != right}[test.op]
    return _value(expr.yes if hit else expr.no)


class KindChecks(CheckerHost):
    """Feature kinds and their scoring expressions, for ``checker._Checker``."""

    __slots__ = ()

    # --- feature kinds ------------------------------------------------------------------
    def check_kind(self, kind: FeatureKind) -> None:
        name, geometry = kind.name, kind.geometry
        if not geometry:
            self.error("E112", kind.loc, "none", name=name, geometries=", ".join(GEOMETRIES))
        elif geometry not in GEOMETRIES:
            self.error("E112", kind.loc_of("geometry"), geometry=geometry, name=name,
                       hint=self.hint(geometry, "geometry", GEOMETRIES),
                       geometries=", ".join(GEOMETRIES))
        if name in self.landmarks:
            self.error("E117", kind.loc, name=name)
        if kind.scorers not in SCORERS:
            self.error("E116", kind.loc_of("scorers"), scorers=kind.scorers,
                       hint=self.hint(kind.scorers, "scorers", SCORERS), known=SCORERS)
        if kind.ties and kind.ties not in TIES:
            self.error("E116", kind.loc_of("ties"), "ties", ties=kind.ties,
                       hint=self.hint(kind.ties, "ties", TIES), known=TIES)
        if kind.fits_any and geometry in GEOMETRIES and geometry != "area":
            self.error("E207", kind.loc_of("fits_any"), "fits-any", name=name, geometry=geometry)
        if kind.pennants and geometry in GEOMETRIES and geometry not in ("area", "path"):
            self.error("E207", kind.loc_of("pennants"), "kind", name=name, geometry=geometry)
        self.check_terminals(kind)
        for when in ("complete", "final"):
            expr = getattr(kind, when)
            if expr is not None:
                self.check_expr(kind, expr, kind.loc_of(when))
            for i, extra in enumerate(getattr(kind, f"{when}_extra")):
                self.check_expr(kind, extra, kind.loc_of(f"{when}_extra:{i}"))
        self.check_attributes(kind)
        self.check_looks(kind)
        scored = kind.complete is not None or kind.final is not None \
            or kind.complete_extra or kind.final_extra  # a `+=` term alone is a score
        if kind.followers and not scored and kind.followers_with is None:
            # (a follower that needs a figure there stands for what it does, not points)
            self.warn("W304", kind.loc_of("followers"), name=name)

    def check_attributes(self, kind: FeatureKind) -> None:
        """E207: an attribute's merge rule, and a name that is already a quantity."""
        for name, merge in kind.attributes:
            if merge not in ATTRIBUTE_MERGES:
                self.error("E207", kind.loc_of(f"attribute-merge:{name}"), "merge", name=name,
                           merge=merge, known=", ".join(ATTRIBUTE_MERGES),
                           hint=self.hint(merge, "merge", ATTRIBUTE_MERGES))
            if name in QUANTITIES:
                self.error("E207", kind.loc_of(f"attribute:{name}"), "quantity-name", name=name)

    def check_looks(self, kind: FeatureKind) -> None:
        """E118 a colour pictures cannot paint; E119 a look the kind's geometry has not (an
        unknown geometry is E112 already)."""
        colour = kind.colour
        if colour is not None and parse_colour(colour) is None:
            loc = kind.loc_of("colour")
            if colour.startswith("#"):
                self.error("E118", loc, "hex", colour=colour)
            else:
                self.error("E118", loc, colour=colour,
                           hint=self.hint(colour, "colour", NAMED_COLOURS))
        looks = looks_of(kind.geometry)
        if kind.look is not None and looks and kind.look not in looks:
            self.error("E119", kind.loc_of("look"), name=kind.name, geometry=kind.geometry,
                       look=kind.look, looks=looks,
                       hint=self.hint(kind.look, f"look:{kind.geometry}", looks))

    def check_terminals(self, kind: FeatureKind) -> None:
        if not kind.terminals:
            return
        loc = kind.loc_of("terminals")
        if kind.geometry in GEOMETRIES and kind.geometry != "path":
            self.error("E210", loc, "ends-at", name=kind.name, geometry=kind.geometry)
        for terminal in kind.terminals:
            if terminal not in self.landmarks and terminal not in self.kinds:
                hint = self.hint(terminal, "terminal", [*self.landmarks, *self.kinds])
                self.error("E111", loc, name=kind.name, terminal=terminal, hint=hint)

    def check_divisors(self, expr: object, loc: Loc | None) -> None:
        """E142 at each divisor that is 0 whatever is measured (``tiles // 0``)."""
        for node in iter_nodes(expr):
            if isinstance(node, Divide) and constant(node.right) == 0:
                self.error("E142", node.right.loc or node.loc or loc)

    def check_expr(self, kind: FeatureKind, expr: object, loc: Loc | None) -> None:
        geometry = kind.geometry
        self.check_divisors(expr, loc)
        attributes = dict(kind.attributes)
        for q in iter_quantities(expr):
            where = q.loc or loc
            if q.name in attributes and q.name not in QUANTITIES:
                if q.arg is not None:
                    self.error("E113", where, "argument", name=q.name, arg=q.arg)
            elif q.name not in QUANTITIES:
                known = [*QUANTITIES, *attributes]
                owner = next((k.name for k in self.rules.kinds if k.name != kind.name
                              and q.name in dict(k.attributes)), None)
                if owner is not None:  # another kind's attribute: say so
                    self.error("E113", where, "elsewhere", name=q.name, owner=owner,
                               kind=kind.name)
                else:
                    self.error("E113", where, name=q.name,
                               hint=self.hint(q.name, f"quantity:{kind.name}", known),
                               quantities=", ".join(known))
            elif q.name in ("own", "figures"):
                figures = [OWN_FOLLOWER, *(f.name for f in self.rules.figures)]
                if q.arg not in figures:
                    self.error("E113", where, q.name, arg=q.arg, known=", ".join(figures),
                               hint=self.hint(str(q.arg), "figure", figures))
            elif q.name == "completed":
                self.check_completed(kind, q, where)
            elif q.name == "markers":
                if q.arg not in self.markers:
                    hint = self.hint(str(q.arg), "marker", self.markers)
                    self.error("E113", where, "marker", marker=q.arg, hint=hint)
            elif q.name == "neighbours" and geometry in GEOMETRIES and geometry != "centre":
                self.error("E113", where, "neighbours", name=kind.name, geometry=geometry)
            elif q.name == "neighbours" and q.arg is not None and q.arg not in self.kinds:
                self.error("E113", where, "neighbours-unknown", kind=q.arg,
                           hint=self.hint(q.arg, "kind", self.kinds))
            elif q.arg is not None and q.name != "neighbours":
                self.error("E113", where, "argument", name=q.name, arg=q.arg)
            elif q.name == "pennants" and not kind.pennants:
                self.error("E141", where, "pennants", name=kind.name)

    def check_completed(self, kind: FeatureKind, q: Quantity, loc: Loc | None) -> None:
        areas = [k for k, g in self.geometry.items() if g == "area"]
        if q.arg is None:
            example = f"completed({areas[0]})" if areas else "completed(KIND)"
            self.error("E113", loc, "completed-kind", example=example)
        elif q.arg not in self.kinds:
            self.error("E113", loc, "completed-unknown", kind=q.arg,
                       hint=self.hint(q.arg, "kind", self.kinds))
        elif self.geometry.get(q.arg, "area") != "area":
            self.error("E113", loc, "completed-geometry", kind=q.arg,
                       geometry=self.geometry[q.arg])
        if kind.geometry in GEOMETRIES and kind.geometry != "field":
            self.error("E113", loc, "completed-on", name=kind.name, geometry=kind.geometry)
    def check_completable(self, kind: FeatureKind) -> None:
        """W309: ``score complete`` of a kind that can never be completed.

        - ``field``: fields never complete (they score at the end).
        - ``dead-ends``: a path feature completes when all its ends are closed. A path
          segment (with the segments of its tile it runs on with, through a landmark its
          kind does not end at) that has one port and no end at a terminal keeps an end open
          for ever; when every piece of the kind on every tile is such a dead end, no feature
          of the kind ever completes.
        - ``board``: a centre completes when the 8 squares around it are filled; on a
          bounded table less than 3 squares wide or high whose edge does not close, that
          never happens.
        """
        if kind.complete is None and not kind.complete_extra:
            return
        # where the rule is written: `score complete =`, else its first `+=` term
        loc = kind.loc_of("complete" if kind.complete is not None else "complete_extra:0")
        name = kind.name
        if kind.geometry == "field":
            self.error("E141", loc, "field", name=name)
        elif kind.geometry == "path" and all(_dead_ends(tile, kind) for tile in self.rules.tiles
                                             if any(s.kind == name for s in tile.segments)):
            self.warn("W309", loc, "dead-ends", name=name)
        elif kind.geometry == "centre":
            board = self.rules.board
            area = board.area() if board.bounds is not None else None
            if area is not None and not board.edge_closes:
                x0, x1, y0, y1 = area
                if x1 - x0 < 2 or y1 - y0 < 2:  # said where the table is made that small
                    self.warn("W309", board.loc_of("bounds"), "board", name=name)


def _dead_ends(tile, kind: FeatureKind) -> bool:
    """Whether every piece of ``kind`` on ``tile`` keeps an end open for ever: one port in
    all, and no end at one of the kind's terminals (pieces meeting at a landmark the kind
    does not end at run on as one, as the compiler joins them)."""
    pieces: dict[object, list[int]] = {}  # piece -> [ports, closed ends]
    for i, seg in enumerate(tile.segments):
        if seg.kind != kind.name:
            continue
        stops = sum(1 for end in seg.ends if end in kind.terminals)
        through = [end for end in seg.ends if end not in kind.terminals]
        piece = pieces.setdefault(through[0] if through else i, [0, 0])
        piece[0] += len(seg.ports)
        piece[1] += stops
    return all(ports < 2 and ports + closed < 2 for ports, closed in pieces.values())
