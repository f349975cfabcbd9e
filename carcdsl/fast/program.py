"""Scoring programs (``compile.expr``) as postfix bytecode for a kernel's stack machine.

A program becomes rows ``(op, a, b)`` of int32 and a list of the quantities it measures
(``slots``: rows ``(code, arg)``). A kernel measures each slot on the feature being scored,
then ``run`` evaluates the rows over those values (``DIV`` rounds down as Python's ``//``
and gives 0 for a divisor of 0, as ``expr.quotient``). Both arms of a condition are evaluated
(they are pure), so the code is straight-line. ``run`` gives ``expr.evaluate``'s points; the
breakdown terms are the Python engine's business.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.compile import expr as E
from carcdsl.fast.jit import PY

CONST, QTY, SCALE, ADD, MUL, COND, DIV = range(7)
STACK = 32


def arg_code(code: int, arg: object, markers: tuple[str, ...] = ()) -> int:
    """A quantity's argument as one int: a kind or figure index, an attribute's
    ``index * 2 + is_flag``, for ``neighbours(K)`` K's index + 1, a marker's index in
    ``markers`` (the board's marker names, ``fast.layout.marker_names``; a name not there:
    ``len(markers)``), 0 for none."""
    if code == E.ATTRIBUTE:
        assert isinstance(arg, tuple)
        return 2 * int(arg[0]) + bool(arg[1])
    if code in (E.COMPLETED, E.OWN, E.FIGURES):
        assert isinstance(arg, int)
        return arg
    if code == E.NEIGHBOURS:  # 0: any tile (-1, or None as programs had it before)
        return arg + 1 if isinstance(arg, int) and arg >= 0 else 0
    if code == E.MARKERS:
        return markers.index(arg) if arg in markers else len(markers)
    return 0


def compile_program(program: E.Program, markers: tuple[str, ...] = ()
                    ) -> tuple[np.ndarray, np.ndarray]:
    """``program`` as (code rows [n, 3], slots [m, 2]); ``markers``: see ``arg_code``."""
    rows: list[tuple[int, int, int]] = []
    slots: list[tuple[int, int]] = []

    def emit(node: E.Program) -> None:
        op = node[0]
        if op == E.CONST:
            rows.append((CONST, node[1], 0))
        elif op == E.QUANTITY:
            slot = (node[1], arg_code(node[1], node[2], markers))
            if slot not in slots:
                slots.append(slot)
            rows.append((QTY, slots.index(slot), 0))
        elif op == E.SCALED:
            emit(node[2])
            rows.append((SCALE, node[1], 0))
        elif op == E.NEGATED:
            emit(node[1])
            rows.append((SCALE, -1, 0))
        elif op in (E.SUM, E.PRODUCT):
            for part in node[1]:
                emit(part)
            rows.append((ADD if op == E.SUM else MUL, len(node[1]), 0))
        elif op == E.COND:
            _, test, left, right, yes, no = node
            for part in (left, right, yes, no):
                emit(part)
            rows.append((COND, test, 0))
        elif op == E.DIVIDE:
            emit(node[1])
            emit(node[2])
            rows.append((DIV, 0, 0))
        else:
            raise TypeError(f"not a program: {node!r}")
    emit(program)
    depth = high = 0
    for op, a, _ in rows:
        depth += 1 if op in (CONST, QTY) else (1 - a if op in (ADD, MUL) else
                                                (-3 if op == COND else -(op == DIV)))
        high = max(high, depth)
    if high > STACK:
        raise ValueError(f"a scoring program needs a stack of {high} (the kernel's: {STACK})")
    code = np.array(rows, dtype=np.int32).reshape(-1, 3)
    return code, np.array(slots, dtype=np.int32).reshape(-1, 2)


@nb.njit(**PY)
def run(code, n, values, stack):
    """The points of the first ``n`` rows of ``code``, quantities read from ``values`` (one
    per slot); ``stack`` is scratch (STACK int64)."""
    top = 0
    for k in range(n):
        op, a = code[k, 0], code[k, 1]
        if op == CONST:
            stack[top] = a
            top += 1
        elif op == QTY:
            stack[top] = values[a]
            top += 1
        elif op == SCALE:
            stack[top - 1] *= a
        elif op == ADD:
            total = 0
            for i in range(top - a, top):
                total += stack[i]
            top -= a
            stack[top] = total
            top += 1
        elif op == MUL:
            total = 1
            for i in range(top - a, top):
                total *= stack[i]
            top -= a
            stack[top] = total
            top += 1
        elif op == DIV:  # rounded down, as expr.quotient; 0 for a divisor of 0
            top -= 1
            divisor = stack[top]
            stack[top - 1] = stack[top - 1] // divisor if divisor != 0 else 0
        else:  # COND: left right yes no
            left, right, yes, no = stack[top - 4], stack[top - 3], stack[top - 2], stack[top - 1]
            if a == 0:
                hit = left < right
            elif a == 1:
                hit = left <= right
            elif a == 2:
                hit = left > right
            elif a == 3:
                hit = left >= right
            elif a == 4:
                hit = left == right
            else:
                hit = left != right
            top -= 4
            stack[top] = yes if hit else no
            top += 1
    return stack[0]
