"""``fast.packed``: a tuple of arrays that kernel functions take by one pointer reads, in
compiled code, the very arrays the tuple holds."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

import numba as nb  # noqa: E402
import numpy as np  # noqa: E402

from carcdsl.fast.jit import PY  # noqa: E402
from carcdsl.fast.packed import Packed  # noqa: E402

FIRST, SECOND, THIRD = 0, 1, 2


@nb.njit(**PY)
def _bump(P, i, by):
    """Writes through ``P[FIRST]`` and reads the others, by constant and by slice."""
    first, second = P[:2]
    first[i] += by + second[1, 0]
    return P[THIRD].shape[0] + P[-1][0]


def test_kernel_code_reads_and_writes_the_arrays_the_tuple_holds():
    arrays = (np.zeros(4, np.int64), np.arange(6, dtype=np.int64).reshape(3, 2),
              np.array([7, 8], np.int64))
    packed = Packed(arrays)
    assert _bump(packed, 2, 10) == 2 + 7
    assert arrays[FIRST].tolist() == [0, 0, 12, 0]
    assert packed[FIRST] is arrays[FIRST] and len(packed) == 3
    assert [a is b for a, b in zip(packed, arrays)] == [True] * 3


def test_each_packing_of_the_same_types_runs_the_same_compiled_code():
    one = Packed((np.zeros(1, np.int64), np.zeros((1, 1), np.int64), np.ones(1, np.int64)))
    other = Packed((np.zeros(5, np.int64), np.ones((2, 1), np.int64), np.ones(3, np.int64)))
    assert nb.typeof(one) == nb.typeof(other)
    assert _bump(other, 4, 1) == 3 + 1 and other[FIRST][4] == 2


def test_only_arrays_are_packed():
    with pytest.raises(TypeError, match="arrays"):
        Packed((np.zeros(1, np.int64), 3))
