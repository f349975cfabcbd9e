"""Scoring expressions compiled to data, and the one function that evaluates them.

A compiled expression is a small tree of tuples whose first item is an opcode::

    (CONST, value)
    (QUANTITY, code, arg, name, arg_name)    code: TILES ... MARKERS; arg: a kind index for
                                             COMPLETED, a marker name for MARKERS, else None
    (SCALED, factor, expr)
    (SUM, (expr, ...))
    (COND, op, left, right, yes, no)         op: an index into COMPARISONS

Being plain tuples of ints and strings, a compiled rule set pickles (a game can go to another
process). ``evaluate`` returns the points and the breakdown terms, data that names the
quantities (``("q", count, name, arg_name, factor)``) so that a view can word it in any
language; zero terms are left out.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any

import carcdsl.model as m

CONST, QUANTITY, SCALED, SUM, COND = range(5)
TILES, PENNANTS, NEIGHBOURS, FOLLOWERS, COMPLETED, MARKERS = range(6)
QUANTITY_CODES = {"tiles": TILES, "pennants": PENNANTS, "neighbours": NEIGHBOURS,
                  "followers": FOLLOWERS, "completed": COMPLETED, "markers": MARKERS}
COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")
_COMPARE = (operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne)

Program = tuple[Any, ...]
Term = tuple[Any, ...]
Measure = Callable[[int, Any], int]
"""Counts quantity ``code`` (with its ``arg``) on the feature being scored."""


def compile_expr(expr: m.Expr, kind_index: Mapping[str, int]) -> Program:
    """``expr`` as a program; ``completed(KIND)`` refers to the kind by its index."""
    if isinstance(expr, m.Const):
        return (CONST, expr.value)
    if isinstance(expr, m.Quantity):
        code = QUANTITY_CODES[expr.name]
        arg = kind_index.get(expr.arg or "", -1) if code == COMPLETED else expr.arg
        return (QUANTITY, code, arg, expr.name, expr.arg)
    if isinstance(expr, m.Scaled):
        return (SCALED, expr.factor, compile_expr(expr.term, kind_index))
    if isinstance(expr, m.Sum):
        return (SUM, tuple(compile_expr(t, kind_index) for t in expr.terms))
    if isinstance(expr, m.Cond):
        test = expr.test
        return (COND, COMPARISONS.index(test.op), compile_expr(test.left, kind_index),
                compile_expr(test.right, kind_index), compile_expr(expr.yes, kind_index),
                compile_expr(expr.no, kind_index))
    raise TypeError(f"not an expression: {expr!r}")


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
        factor = program[1]
        n, terms = evaluate(program[2], measure)
        if not n:
            return 0, []
        if factor == 1:
            return n, terms
        if len(terms) == 1 and terms[0][0] == "q" and terms[0][4] == 1:
            return n * factor, [(*terms[0][:4], factor)]
        return n * factor, [("g", tuple(terms), factor)]
    _, test, left, right, yes, no = program
    hit = _COMPARE[test](evaluate(left, measure)[0], evaluate(right, measure)[0])
    return evaluate(yes if hit else no, measure)
