"""Scoring programs as bytecode give ``expr.evaluate``'s points: every program of the bundled
rule sets, and random programs over random quantities."""

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

import carcdsl  # noqa: E402
from carcdsl.compile import expr as E  # noqa: E402
from carcdsl.fast import program as P  # noqa: E402

QUANTITIES = [(E.TILES, None), (E.PENNANTS, None), (E.NEIGHBOURS, None), (E.FOLLOWERS, None),
              (E.COMPLETED, 1), (E.ATTRIBUTE, (0, True)), (E.ATTRIBUTE, (1, False)),
              (E.OWN, -1), (E.NEIGHBOURS, 3)]


def random_program(rng: random.Random, depth: int = 0) -> E.Program:
    choice = rng.randrange(7 if depth < 4 else 2)
    if choice == 0:
        return (E.CONST, rng.randint(-5, 10))
    if choice == 1:
        code, arg = rng.choice(QUANTITIES)
        return (E.QUANTITY, code, arg, "q", None)
    if choice == 2:
        return (E.SCALED, rng.randint(-3, 4), random_program(rng, depth + 1))
    if choice == 3:
        return (E.NEGATED, random_program(rng, depth + 1))
    if choice in (4, 5):
        parts = tuple(random_program(rng, depth + 1) for _ in range(rng.randint(1, 3)))
        return (E.SUM if choice == 4 else E.PRODUCT, parts)
    return (E.COND, rng.randrange(6), *(random_program(rng, depth + 1) for _ in range(4)))


def check(program, values):
    code, slots = P.compile_program(program)
    by_slot = np.array([values[(c, P.arg_code(c, a))] for c, a in
                        ((int(c), a) for c, a in _slot_quantities(slots))], dtype=np.int64)
    got = P.run(code, len(code), by_slot, np.zeros(P.STACK, np.int64))

    def measure(c, a):
        return values[(c, P.arg_code(c, a))]
    assert got == E.evaluate(program, measure)[0]


def _slot_quantities(slots):
    for c, a in slots.tolist():
        yield c, ((a // 2, a % 2) if c == E.ATTRIBUTE else a - 1 if c == E.NEIGHBOURS else a)


def random_values(rng):
    return {(c, P.arg_code(c, a)): rng.randint(0, 9) for c, a in QUANTITIES}


def test_random_programs():
    rng = random.Random(17)
    for _ in range(2000):
        check(random_program(rng), random_values(rng))


@pytest.mark.parametrize("rules,variants", [("base", ["farmers"]), ("base", ["inns-cathedrals"]),
                                            ("base", ["traders-builders"]), ("nuts", [])])
def test_bundled_programs(rules, variants):
    tables = carcdsl.load(rules, variants).tables
    rng = random.Random(3)
    for kind in tables.kinds:
        for program in (kind.complete, kind.final):
            if program is None:
                continue
            code, slots = P.compile_program(program)
            values = {(c, a): rng.randint(0, 9) for c, a in slots.tolist()}
            got = P.run(code, len(code), np.array([values[(c, a)] for c, a in slots.tolist()],
                                                  dtype=np.int64), np.zeros(P.STACK, np.int64))
            assert got == E.evaluate(program, lambda c, a, v=values: v[(c, P.arg_code(c, a))])[0]
