"""What the CUDA target needs to compile the kernel's functions as the CPU does: ``TB``,
``ST``, ``OUT`` and ``LOG`` as ``fast.packed.Packed`` (one pointer each), and each linked
function handed to NVVM once.

Passed as tuples, every kernel function takes every field of every array (``TB`` and ``ST``:
some 340 arguments) and every call passes them all again: the biggest functions are 10 to 16
thousand lines of IR, 103 MB in all for base + farmers, and NVVM runs out of memory (over
12 GB, optimising or not). As ``Packed`` the IR is 15 MB, and the kernel compiles to PTX in
about 80 s and 0.8 GB. ``Packed``'s typing (``static_getitem``) and lowering are registered
in Numba's own registries, which numba-cuda installs for third-party types too, and its model
(a pointer) is shared: what the device lacks is only a way in, which this module adds:

* ``packed(arrays)``: a device buffer holding the tuple of device arrays as Numba lays it
  out (each array: meminfo, parent, nitems, itemsize, data, shape, strides; 8 bytes each),
  passed to a kernel as its address and typed there as the ``PackedType`` of the tuple.
* ``packed_slots(stacks, axis)``: the same for every slot at once (slot ``i`` of every
  stack: its row, ``axis=0``, or its lane, ``axis=-1``; the slots one after the other);
  ``slot(STS, i)`` in the kernel is slot ``i``'s ``ST``.
* ``KERNEL``: the ``cuda.jit`` options that pass either by its address.

The buffers are written once and only read while a kernel runs, which the ``Packed`` loads'
``invariant.load`` marks require. On the simulator there is no layout: ``packed`` and
``packed_slots`` are the tuples themselves and ``slot`` takes the views.

``dedupe()``: numba-cuda (0.30) lists the modules of a kernel's linked libraries
recursively, without removing repeats (``CUDACodeLibrary.modules``): a function called from
many places is handed to NVVM once per path to it (4,468 modules for base + farmers instead
of 249). ``dedupe`` lists each library once: half the memory (1.6 -> 0.8 GB), 15 % less time.
"""

from __future__ import annotations

import numpy as np

from carcdsl.fast.packed import PackedType
from carcdsl.gpu import simulated

WORD = 8
"""Every field of Numba's array struct is 8 bytes (pointers and ``intp``)."""


def dedupe() -> None:
    """Make ``CUDACodeLibrary.modules`` list each linked library's module once (nothing on
    the simulator, which compiles nothing)."""
    if simulated():
        return
    from numba.cuda.codegen import CUDACodeLibrary

    if getattr(CUDACodeLibrary, "_carcdsl_deduped", False):
        return

    def modules(self):
        seen, found, todo = set(), [], [self]
        while todo:
            library = todo.pop()
            if id(library) in seen:
                continue
            seen.add(id(library))
            found.append(library._module)
            todo.extend(reversed(list(library._linking_libraries)))
        return found

    setattr(CUDACodeLibrary, "modules", property(modules))  # noqa: B010  (mypy: a method)
    setattr(CUDACodeLibrary, "_carcdsl_deduped", True)  # noqa: B010


class DevicePacked:
    """A tuple of device arrays (or, ``axis`` given, slot ``i`` of each along ``axis``, for
    every slot) written into a device buffer as Numba lays the tuple out; its Numba type is
    the tuple's (one slot's) ``PackedType``."""

    def __init__(self, arrays: tuple, axis: int | None = None) -> None:
        from numba import cuda

        self.arrays = tuple(arrays)
        self.slots = 1 if axis is None else _slots(self.arrays, axis)
        words, tuple_type = _layout(self.arrays, axis, self.slots)
        self.slot_bytes = words.shape[1] * WORD
        self._numba_type_ = PackedType(tuple_type)
        self._buffer = cuda.to_device(np.ascontiguousarray(words))
        self.address = _address(self._buffer)


def _slots(arrays, axis: int) -> int:
    """The slot count: the length of ``axis`` that every array of ``arrays`` shares."""
    sizes = {a.shape[axis] for a in _flat(arrays)}
    if len(sizes) != 1:
        raise ValueError(f"stacks of {sorted(sizes)} slots: one size needed")
    return sizes.pop()


def _flat(arrays):
    for item in arrays:
        if isinstance(item, tuple):
            yield from _flat(item)
        else:
            yield item


def _layout(arrays: tuple, axis: int | None, slots: int):
    """The words of the buffer (``[slots, words]``, int64) and the Numba type of one slot."""
    from numba.core import types

    columns, item_types = [], []
    for item in arrays:
        layout = _layout if isinstance(item, tuple) else _array_words
        words, item_type = layout(item, axis, slots)
        columns.append(words)
        item_types.append(item_type)
    words = np.concatenate(columns, axis=1) if columns else np.zeros((slots, 0), np.int64)
    return words, types.BaseTuple.from_types(item_types)


def _array_words(array, axis: int | None, slots: int):
    """One array's struct (``axis``: slot ``i``'s view for row ``i``) and its Numba type."""
    from numba import typeof
    from numba.core import types

    shape, strides = list(array.shape), list(array.strides)
    data = np.full(slots, _address(array), np.int64)
    if axis is not None:
        data += np.arange(slots, dtype=np.int64) * strides.pop(axis)
        shape.pop(axis)
    contiguous = _c_contiguous(shape, strides, array.dtype.itemsize)
    dtype = typeof(array).dtype
    item_type = types.Array(dtype, len(shape), "C") if contiguous \
        else types.Array(dtype, len(shape), "A")
    words = np.empty((slots, 5 + 2 * len(shape)), np.int64)
    words[:, :4] = [0, 0, int(np.prod(shape, dtype=np.int64)), array.dtype.itemsize]
    words[:, 4] = data
    words[:, 5:] = shape + strides
    return words, item_type


def _c_contiguous(shape: list, strides: list, itemsize: int) -> bool:
    """NumPy's rule: empty, or each axis longer than 1 steps over the axes after it."""
    if 0 in shape:
        return True
    step = itemsize
    for n, stride in zip(reversed(shape), reversed(strides)):
        if n != 1 and stride != step:
            return False
        step *= n
    return True


def _address(array) -> int:
    """A device array's data address (0 for an empty one)."""
    return int(array.__cuda_array_interface__["data"][0] or 0)


class _PassPacked:
    """The kernel extension: a ``DevicePacked`` argument is passed as its buffer's address
    (the ``PackedType`` model is a pointer)."""

    def prepare_args(self, ty, val, stream=None, retr=None):
        if isinstance(val, DevicePacked):
            from numba.core import types

            return types.uint64, val.address
        return ty, val


KERNEL: dict = {} if simulated() else {"extensions": [_PassPacked()]}
"""The ``cuda.jit`` options of a kernel that takes ``packed`` arguments (the simulator's
``jit`` takes no extensions, and passes the tuples themselves)."""


def _slot_intrinsic():
    from numba.cuda import cgutils, types
    from numba.cuda.extending import intrinsic
    from numba.cuda.typing.templates import signature

    @intrinsic
    def slot(typingctx, packed, index):
        """Slot ``index`` of a ``packed_slots``: the same type, ``index`` slots further."""
        if not isinstance(packed, PackedType) or not isinstance(index, types.Integer):
            return None

        def codegen(context, irb, sig, args):
            size = context.get_abi_sizeof(context.get_value_type(packed.tuple_type))
            offset = irb.mul(context.cast(irb, args[1], index, types.intp),
                             context.get_constant(types.intp, size))
            return cgutils.pointer_add(irb, args[0], offset)

        return signature(packed, packed, index), codegen

    return slot


def _slot_simulated(stacks, index, axis=0):
    return tuple(_slot_simulated(s, index, axis) if isinstance(s, tuple)
                 else s[index] if axis == 0 else s[..., index] for s in stacks)


def packed(arrays: tuple):
    """``arrays`` (device arrays, shared by every thread) as a kernel argument."""
    return arrays if simulated() else DevicePacked(arrays)


def packed_slots(stacks: tuple, axis: int = 0):
    """Every slot of ``stacks`` (along ``axis``: 0, rows, or -1, lanes) as a kernel argument
    (``slot`` takes one). On the simulator, the stacks and their axis."""
    if axis not in (0, -1):
        raise ValueError(f"slot axis {axis}: 0 (rows) or -1 (lanes)")
    return (stacks, axis) if simulated() else DevicePacked(stacks, axis)


if simulated():
    def slot(stacks, index):
        """Slot ``index`` of a ``packed_slots``: the views of its stacks."""
        return _slot_simulated(stacks[0], index, stacks[1])
else:
    slot = _slot_intrinsic()
