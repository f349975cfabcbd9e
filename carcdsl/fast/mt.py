"""MT19937 in Numba, bit for bit the generator of CPython's ``random.Random``.

The compiled engine must make the same random choices as the Python engine on the same seeds
(issue 17's cross-check), and the Python engine draws from ``random.Random``: its shuffle
(``_randbelow_with_getrandbits``), ``supply.below`` and the random bot all reduce to
``getrandbits(k)`` with k <= 32, which is one 32-bit output shifted right. So the kernel
carries the generator's 624-word state as a ``uint32`` array (index in slot 624) and draws
exactly what ``random.Random`` would.

Seeding follows ``random_seed`` in CPython's ``_randommodule.c``: |seed| split into 32-bit
words, ``init_by_array``. ``state_of`` also takes a live ``random.Random`` (``getstate``).
"""

from __future__ import annotations

import random

import numba as nb
import numpy as np

from carcdsl.fast.jit import JIT, PY

N, M = 624, 397
MATRIX_A, UPPER, LOWER = np.uint32(0x9908B0DF), np.uint32(0x80000000), np.uint32(0x7FFFFFFF)


@nb.njit(**JIT)
def _init_genrand(mt, s):
    mt[0] = np.uint32(s)
    for i in range(1, N):
        prev = np.uint64(mt[i - 1])
        mt[i] = np.uint32((np.uint64(1812433253) * (prev ^ (prev >> np.uint64(30)))
                           + np.uint64(i)) & np.uint64(0xFFFFFFFF))
    mt[N] = N


@nb.njit(**JIT)
def init_by_array(mt, low, high, words):
    """``mt`` (625 uint32) seeded as CPython seeds from the 32-bit key ``low`` (``words``
    1) or ``low, high`` (2)."""
    _init_genrand(mt, np.uint32(19650218))
    i, j = 1, 0
    k = N
    mask = np.uint64(0xFFFFFFFF)
    while k:
        prev = np.uint64(mt[i - 1])
        mt[i] = np.uint32(((np.uint64(mt[i]) ^ ((prev ^ (prev >> np.uint64(30)))
                                                 * np.uint64(1664525)))
                           + np.uint64(high if j else low) + np.uint64(j)) & mask)
        i += 1
        j += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= words:
            j = 0
        k -= 1
    k = N - 1
    while k:
        prev = np.uint64(mt[i - 1])
        mt[i] = np.uint32(((np.uint64(mt[i]) ^ ((prev ^ (prev >> np.uint64(30)))
                                                 * np.uint64(1566083941)))
                           - np.uint64(i)) & mask)
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        k -= 1
    mt[0] = UPPER
    mt[N] = N


@nb.njit(**PY)
def seed_int(mt, seed):
    """``random.Random(seed)`` for 0 <= seed < 2**63 (the words of |seed|, low first)."""
    words = 1 if seed < 2**32 else 2
    init_by_array(mt, np.uint32(seed & 0xFFFFFFFF), np.uint32(seed >> 32), words)


@nb.njit(**JIT)
def genrand(mt):
    """The next 32-bit output."""
    if mt[N] >= N:
        for kk in range(N):
            y = (mt[kk] & UPPER) | (mt[(kk + 1) % N] & LOWER)
            v = mt[(kk + M) % N] ^ (y >> np.uint32(1))
            if y & np.uint32(1):
                v ^= MATRIX_A
            mt[kk] = v
        mt[N] = 0
    y = mt[mt[N]]
    mt[N] += 1
    y ^= y >> np.uint32(11)
    y ^= (y << np.uint32(7)) & np.uint32(0x9D2C5680)
    y ^= (y << np.uint32(15)) & np.uint32(0xEFC60000)
    y ^= y >> np.uint32(18)
    return y


@nb.njit(**PY)
def getrandbits(mt, k):
    """``Random.getrandbits(k)`` for 1 <= k <= 32."""
    return np.int64(genrand(mt) >> np.uint32(32 - k))


@nb.njit(**PY)
def below(mt, n):
    """``Random._randbelow(n)`` and ``supply.below`` (n < 2**32): draws ``n.bit_length()``
    bits until the value is below ``n``."""
    k = 0
    m = n
    while m:
        k += 1
        m >>= 1
    r = getrandbits(mt, k)
    while r >= n:
        r = getrandbits(mt, k)
    return r


@nb.njit(**PY)
def shuffle(mt, x):
    """``Random.shuffle`` (Python 3.11) in place."""
    for i in range(x.shape[0] - 1, 0, -1):
        j = below(mt, i + 1)
        x[i], x[j] = x[j], x[i]


@nb.njit(**PY)
def random_float(mt):
    """``Random.random()``: 53 bits from two outputs."""
    a = genrand(mt) >> np.uint32(5)
    b = genrand(mt) >> np.uint32(6)
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


def state_of(rng: random.Random) -> np.ndarray:
    """A live ``random.Random``'s state as the kernel's array (625 uint32)."""
    version, internal, _gauss = rng.getstate()
    assert version == 3
    return np.array(internal, dtype=np.uint32)


def seeded(seed: int) -> np.ndarray:
    """The state of ``random.Random(seed)``, seeded in the kernel's own code."""
    mt = np.empty(N + 1, np.uint32)
    seed_int(mt, seed)
    return mt
