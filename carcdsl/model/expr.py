"""Scoring expressions as the rule model holds them: constants, quantities the engine
measures, sums, scaled terms, products, quotients and conditions."""

from __future__ import annotations

from typing import Union

import attrs

from carcdsl.model.base import Loc, as_tuple, loc_field

QUANTITIES: dict[str, str] = {
    "tiles": "the number of distinct tiles (and printed squares) the feature covers",
    "pennants": "the pennants (coats of arms) on the feature's segments",
    "neighbours": "the filled squares among the 8 around a centre feature (neighbours(K): the "
                  "tiles among them that show kind K)",
    "completed": "completed(KIND): distinct completed features of KIND this feature touches",
    "followers": "the followers standing on the feature",
    "markers": "markers(M): uncovered map squares with marker M next to the feature's tiles",
    "figures": "figures(F): every player's figures of kind F on the feature (figures(follower): "
               "the ordinary followers)",
    "own": "own(F): the scoring player's figures of kind F on the feature (own(follower): "
           "the strength of the scoring player's figures that count)",
}
"""Quantities a scoring expression may use; the engine knows how to count each one."""


@attrs.frozen
class Const:
    value: int
    loc: Loc | None = loc_field()


@attrs.frozen
class Quantity:
    """A count the engine measures on the feature being scored, e.g. ``tiles``."""

    name: str
    arg: str | None = None
    loc: Loc | None = loc_field()


@attrs.frozen
class Scaled:
    """``factor * quantity`` (or ``quantity * factor``)."""

    factor: int
    term: Expr
    loc: Loc | None = loc_field()


@attrs.frozen
class Sum:
    terms: tuple[Expr, ...] = attrs.field(converter=as_tuple)
    loc: Loc | None = loc_field()


@attrs.frozen
class Product:
    """``a * b``: the product of two (or more) terms that are not all numbers:
    ``own(pig) * completed(city)``."""

    factors: tuple[Expr, ...] = attrs.field(converter=as_tuple)
    loc: Loc | None = loc_field()


@attrs.frozen
class Negated:
    """``- term`` inside a sum: ``3 * completed(city) - tiles``."""

    term: Expr
    loc: Loc | None = loc_field()


@attrs.frozen
class Divide:
    """``left // right``: divided, rounded down (toward minus infinity, as Python's ``//``);
    a divisor that measures 0 gives 0."""

    left: Expr
    right: Expr
    loc: Loc | None = loc_field()


@attrs.frozen
class Compare:
    op: str  # one of < <= > >= == !=
    left: Expr
    right: Expr
    loc: Loc | None = loc_field()


@attrs.frozen
class Cond:
    """``if test then yes else no``."""

    test: Compare
    yes: Expr
    no: Expr
    loc: Loc | None = loc_field()


Expr = Union[Const, Quantity, Scaled, Sum, Cond, Product, Negated, Divide]


def expr_text(expr) -> str:
    """A scoring expression as the rule language writes it (``2 * tiles + 2 * pennants``)."""
    if isinstance(expr, Const):
        return str(expr.value)
    if isinstance(expr, Quantity):
        return f"{expr.name}({expr.arg})" if expr.arg else expr.name
    if isinstance(expr, Scaled):
        inner = expr_text(expr.term)
        return f"{expr.factor} * ({inner})" if isinstance(expr.term, (Sum, Divide)) else \
            f"{expr.factor} * {inner}"
    if isinstance(expr, Sum):
        text = ""
        for i, term in enumerate(expr.terms):
            if isinstance(term, Negated):
                text += f" - {_factor_text(term.term)}" if i else f"0 - {_factor_text(term.term)}"
            else:
                text += f" + {expr_text(term)}" if i else expr_text(term)
        return text
    if isinstance(expr, Negated):
        return f"0 - {_factor_text(expr.term)}"
    if isinstance(expr, Product):
        return " * ".join(_factor_text(f) for f in expr.factors)
    if isinstance(expr, Divide):
        right = expr_text(expr.right)
        right = right if isinstance(expr.right, (Const, Quantity)) else f"({right})"
        return f"{_factor_text(expr.left)} // {right}"
    test = expr.test
    return (f"(if {expr_text(test.left)} {test.op} {expr_text(test.right)} "
            f"then {expr_text(expr.yes)} else {expr_text(expr.no)})")


def _factor_text(expr) -> str:
    """A term as a factor or a subtrahend: a sum or a quotient in brackets."""
    text = expr_text(expr)
    return f"({text})" if isinstance(expr, Sum) and len(expr.terms) > 1 \
        or isinstance(expr, Divide) else text
