"""The kernel's MT19937 draws exactly what ``random.Random`` draws (issue 17's cross-check
rests on it): seeding, getrandbits, randbelow, shuffle, random()."""

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from carcdsl.engine.supply import below  # noqa: E402
from carcdsl.fast import mt  # noqa: E402


@pytest.mark.parametrize("seed", [0, 1, 7919, 2**32 - 1, 2**32, 123456789 * 7919 + 1, 2**62])
def test_seeding_matches(seed):
    assert np.array_equal(mt.seeded(seed), mt.state_of(random.Random(seed)))


def test_draws_match():
    rng, state = random.Random(42), mt.seeded(42)
    for n in (1, 2, 3, 5, 71, 72, 1000, 3001, 2**31 - 1):
        for _ in range(50):
            assert below(rng, n) == mt.below(state, n)
    for k in range(1, 33):
        assert rng.getrandbits(k) == mt.getrandbits(state, k)
    assert rng.random() == mt.random_float(state)


def test_shuffle_matches():
    for seed in range(20):
        pile = list(range(71))
        random.Random(seed).shuffle(pile)
        arr = np.arange(71, dtype=np.int64)
        mt.shuffle(mt.seeded(seed), arr)
        assert arr.tolist() == pile


def test_the_seed_of_held_tiles_matches():
    """``neutral.hold_seed`` (64 bits, no overflow) is ``facts.hold_seed`` for every seed the
    kernel takes (|seed| < 2**49) and move count: the held tiles go back where the Python
    engine puts them."""
    from carcdsl.compile.facts import hold_seed
    from carcdsl.fast.neutral import hold_seed as kernel_hold_seed

    rng = random.Random(5)
    seeds = [0, 1, -7, 2**31 - 1, 2**31, 2**48 + 5, 2**49 - 1, -(2**49 - 1)]
    seeds += [rng.randrange(-2**49 + 1, 2**49) for _ in range(300)]
    for seed in seeds:
        for moves in (0, 1, 37, 399):
            assert kernel_hold_seed(seed, moves) == hold_seed(seed, moves), (seed, moves)
