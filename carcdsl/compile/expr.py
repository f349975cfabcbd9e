"""Scoring expressions compiled to data, and the one function that evaluates them.

A compiled expression is a small tree of tuples whose first item is an opcode::

    (CONST, value)
    (QUANTITY, code, arg, name, arg_name)    code: TILES ... MARKERS; arg: a kind index for
                                             COMPLETED, a marker name for MARKERS, for
                                             NEIGHBOURS a kind index or -1, else None
    (SCALED, factor, expr)
    (SUM, (expr, ...))
    (COND, op, left, right, yes, no)         op: an index into COMPARISONS
    (PRODUCT, (expr, ...))                   the product of terms: own(pig) * completed(city)
    (NEGATED, expr)                          subtracted in a sum: tiles - 2
    (DIVIDE, left, right)                    left // right, rounded down; 0 where right is 0

Quantities beyond the built-in ones: ATTRIBUTE (arg: (index in the kind's attributes, whether
it is a flag)) and OWN (arg: a figure's index in ``Modes.figures``, or -1 for every figure of
the scoring player that counts; a program that uses OWN is evaluated once per scorer).

Being plain tuples of ints and strings, a compiled rule set pickles (a game can go to another
process). ``evaluate`` returns the points and the breakdown terms, data that names the
quantities (``("q", count, name, arg_name, factor)``; a quotient ``("d", terms, divisor,
factor)``) so that a view can word it in any language; zero terms are left out.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any

import carcdsl.model as m

CONST, QUANTITY, SCALED, SUM, COND, PRODUCT, NEGATED, DIVIDE = range(8)
(TILES, PENNANTS, NEIGHBOURS, FOLLOWERS, COMPLETED, MARKERS, ATTRIBUTE, OWN, TOKENS,
 FIGURES) = range(10)
QUANTITY_CODES = {"tiles": TILES, "pennants": PENNANTS, "neighbours": NEIGHBOURS,
                  "followers": FOLLOWERS, "completed": COMPLETED, "markers": MARKERS,
                  "own": OWN, "tokens": TOKENS, "figures": FIGURES}
"""``tokens`` (TOKENS) is a token's ``score final = EXPR``'s only quantity: how many of them a
player holds (its argument the token's name, for the breakdown: ``3 golds``)."""
COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")
_COMPARE = (operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne)

Program = tuple[Any, ...]
Term = tuple[Any, ...]
Measure = Callable[[int, Any], int]
"""Counts quantity ``code`` (with its ``arg``) on the feature being scored."""


def compile_expr(expr: m.Expr, kind_index: Mapping[str, int],
                 attributes: Mapping[str, tuple[int, bool]] | None = None,
                 figure_index: Mapping[str, int] | None = None,
                 token_name: str | None = None) -> Program:
    """``expr`` as a program; ``completed(KIND)`` refers to the kind by its index, an
    attribute of the kind scored to (index, is a flag), ``own(F)`` to the figure's index;
    ``tokens`` (a token's score) names the token ``token_name``."""
    attributes = attributes or {}
    figure_index = figure_index or {}

    def build(e: m.Expr) -> Program:
        if isinstance(e, m.Const):
            return (CONST, e.value)
        if isinstance(e, m.Quantity):
            if e.name in attributes and e.name not in QUANTITY_CODES:
                return (QUANTITY, ATTRIBUTE, attributes[e.name], e.name, e.arg)
            code = QUANTITY_CODES[e.name]
            arg: Any = e.arg
            if code == COMPLETED:
                arg = kind_index.get(e.arg or "", -1)
            elif code == OWN:
                arg = figure_index.get(e.arg or "", -1)
            elif code == FIGURES:  # as pieces carry it: 0 an ordinary follower, f + 1 figure f
                arg = figure_index.get(e.arg or "", -1) + 1
            elif code == NEIGHBOURS:
                arg = kind_index.get(e.arg, -1) if e.arg is not None else -1
            elif code == TOKENS:
                return (QUANTITY, code, None, e.name, token_name)
            return (QUANTITY, code, arg, e.name, e.arg)
        if isinstance(e, m.Scaled):
            return (SCALED, e.factor, build(e.term))
        if isinstance(e, m.Sum):
            return (SUM, tuple(build(t) for t in e.terms))
        if isinstance(e, m.Product):
            return (PRODUCT, tuple(build(t) for t in e.factors))
        if isinstance(e, m.Negated):
            return (NEGATED, build(e.term))
        if isinstance(e, m.Divide):
            return (DIVIDE, build(e.left), build(e.right))
        if isinstance(e, m.Cond):
            test = e.test
            return (COND, COMPARISONS.index(test.op), build(test.left), build(test.right),
                    build(e.yes), build(e.no))
        raise TypeError(f"not an expression: {e!r}")
    return build(expr)


def uses(program: Program | None, code: int) -> bool:
    """Whether ``program`` measures quantity ``code`` anywhere."""
    if program is None:
        return False
    stack = [program]
    while stack:
        node = stack.pop()
        op = node[0]
        if op == QUANTITY:
            if node[1] == code:
                return True
        elif op == SCALED:
            stack.append(node[2])
        elif op in (SUM, PRODUCT):
            stack.extend(node[1])
        elif op == NEGATED:
            stack.append(node[1])
        elif op == COND:
            stack.extend(node[2:])
        elif op == DIVIDE:
            stack.extend(node[1:])
    return False


def evaluate(program: Program, measure: Measure) -> tuple[int, list[Term]]:
    """The points ``program`` gives the feature ``measure`` counts on, and their breakdown."""
    op = program[0]
    if op == QUANTITY:
        n = measure(program[1], program[2])
        return n, [("q", n, program[3], program[4], 1)] if n else []
    if op == CONST:
        value = program[1]
        return value, [("c", value)] if value else []
    if op == SUM:
        points, terms = 0, []
        for part in program[1]:
            p, t = evaluate(part, measure)
            points += p
            terms.extend(t)
        return points, terms
    if op == SCALED:
        return _scaled(program[1], *evaluate(program[2], measure))
    if op == NEGATED:
        return _scaled(-1, *evaluate(program[1], measure))
    if op == PRODUCT:
        value, parts = 1, []
        for factor in program[1]:
            n, terms = evaluate(factor, measure)
            value *= n
            parts.append(tuple(terms) if terms else (("c", n),))
        return value, [("x", tuple(parts), 1)] if value else []
    if op == DIVIDE:
        return _divided(*evaluate(program[1], measure), evaluate(program[2], measure)[0])
    _, test, left, right, yes, no = program
    hit = _COMPARE[test](evaluate(left, measure)[0], evaluate(right, measure)[0])
    return evaluate(yes if hit else no, measure)


def quotient(n: int, divisor: int) -> int:
    """``n // divisor`` rounded down, as Python's ``//`` (``-7 // 2`` is -4); 0 where the
    divisor is 0 (a quantity that measured 0: ``tiles // followers`` with nobody on it)."""
    return n // divisor if divisor else 0


def _divided(n: int, terms: list[Term], divisor: int) -> tuple[int, list[Term]]:
    """A quotient and its breakdown ``("d", terms, divisor, 1)``: ``(5 tiles) // 2``."""
    value = quotient(n, divisor)
    return value, [("d", tuple(terms) if terms else (("c", n),), divisor, 1)] if value else []


def _scaled(factor: int, n: int, terms: list[Term]) -> tuple[int, list[Term]]:
    """``factor`` times a value and its breakdown: one quantity (or product) takes the factor
    itself (``3 tiles × 2``), several are grouped (``(3 tiles + 1 pennant) × 2``)."""
    if not n:
        return 0, []
    if factor == 1:
        return n, terms
    if len(terms) == 1 and terms[0][0] == "c":
        return n * factor, [("c", terms[0][1] * factor)]
    if len(terms) == 1 and terms[0][0] in ("q", "x", "d") and terms[0][-1] == 1:
        return n * factor, [(*terms[0][:-1], factor)]
    return n * factor, [("g", tuple(terms), factor)]
