"""Scoring expressions -> closures, and the breakdown people read ("3 tiles × 2 + 1 pennant × 2").

A compiled expression is called with a ``measure(name, arg) -> int`` function that counts a
quantity on the feature being scored; it returns the points and the breakdown terms.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import carcdsl.model as m

Measure = Callable[[str, "str | None"], int]
Term = tuple[Any, ...]
"""A breakdown term: ("c", value), ("q", count, quantity, arg, factor), ... (see
``compile_expr``)."""
Scorer = Callable[[Measure], tuple[int, list[Term]]]

_OPS = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
        "==": operator.eq, "!=": operator.ne}

_SINGULAR = {"tiles": "tile", "pennants": "pennant", "neighbours": "neighbour",
             "followers": "follower"}


def plural(word: str) -> str:
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def label(name: str, arg: str | None, count: int) -> str:
    """``3 tiles``, ``1 pennant``, ``2 completed cities``."""
    if name == "completed":
        noun = f"completed {arg if count == 1 else plural(arg or '')}"
    elif name in ("markers", "tokens"):
        noun = (arg or "") if count == 1 else plural(arg or "")
    else:
        noun = _SINGULAR.get(name, name) if count == 1 else name
    return f"{count} {noun}"


def compile_expr(expr: m.Expr) -> Scorer:
    """The closure that evaluates ``expr``: points and breakdown terms (zero terms left out).

    A term is data, so that the breakdown can be told in any language (``render``):
    ("c", value), ("q", count, quantity, arg, factor) or ("g", terms, factor); an ``on place``
    rule's scoring is ("t", condition, arg)."""
    if isinstance(expr, m.Const):
        value = expr.value
        return lambda measure: (value, [("c", value)] if value else [])
    if isinstance(expr, m.Quantity):
        name, arg = expr.name, expr.arg

        def quantity(measure: Measure) -> tuple[int, list]:
            n = measure(name, arg)
            return n, [("q", n, name, arg, 1)] if n else []
        return quantity
    if isinstance(expr, m.Scaled):
        factor, inner = expr.factor, compile_expr(expr.term)

        def scaled(measure: Measure) -> tuple[int, list]:
            n, terms = inner(measure)
            if not n:
                return 0, []
            if factor == 1:
                return n, terms
            if len(terms) == 1 and terms[0][0] == "q" and terms[0][4] == 1:
                return n * factor, [(*terms[0][:4], factor)]
            return n * factor, [("g", tuple(terms), factor)]
        return scaled
    if isinstance(expr, m.Sum):
        parts = [compile_expr(t) for t in expr.terms]

        def total(measure: Measure) -> tuple[int, list]:
            points, terms = 0, []
            for part in parts:
                p, t = part(measure)
                points += p
                terms.extend(t)
            return points, terms
        return total
    if isinstance(expr, m.Cond):
        op = _OPS[expr.test.op]
        left, right = compile_expr(expr.test.left), compile_expr(expr.test.right)
        yes, no = compile_expr(expr.yes), compile_expr(expr.no)
        return lambda measure: (yes if op(left(measure)[0], right(measure)[0]) else no)(measure)
    raise TypeError(f"not an expression: {expr!r}")


Label = Callable[[str, "str | None", int], str]
Trigger = Callable[[str, "str | None"], str]


def trigger(condition: str, arg: str | None) -> str:
    """What an ``on place`` rule saw: ``covers a small-city``, ``fills a hole``, ``shows a
    forest``."""
    if condition == "surrounded":
        return "fills a hole"
    return f"{'covers' if condition == 'covers' else 'shows'} a {arg}"


def render(terms, labeller: Label = label, triggered: Trigger = trigger) -> str:
    """``3 tiles × 2 + 1 pennant × 2``: the breakdown, with quantities named by ``labeller``
    and ``on place`` rules (the term ("t", condition, arg)) by ``triggered``. A negative
    term after the first is subtracted: ``2 tiles - 1``, ``3 tiles - 1 pennant × 2``."""
    text = ""
    for i, term in enumerate(terms):
        minus = i > 0 and _negative(term)
        part = _render_term(_negated(term) if minus else term, labeller, triggered)
        text += part if not i else f" - {part}" if minus else f" + {part}"
    return text


def _negative(term) -> bool:
    """A constant below zero, or a quantity or group scaled by a factor below zero."""
    return term[0] == "c" and term[1] < 0 or term[0] in ("q", "g") and term[-1] < 0


def _negated(term):
    if term[0] == "c":
        return ("c", -term[1])
    return (*term[:-1], -term[-1])


def _render_term(term, labeller: Label, triggered: Trigger) -> str:
    if term[0] == "c":
        return str(term[1])
    if term[0] == "q":
        _, count, name, arg, factor = term
        text = labeller(name, arg, count)
        return text if factor == 1 else f"{text} × {factor}"
    if term[0] == "t":
        return triggered(term[1], term[2])
    inner = render(term[1], labeller, triggered)
    if len(term[1]) > 1:
        inner = f"({inner})"
    return inner if term[2] == 1 else f"{inner} × {term[2]}"


def detail(points: int, terms) -> str:
    return render(terms) if terms else str(points)
