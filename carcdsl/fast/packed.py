"""``Packed``: a tuple of arrays that kernel functions take by one pointer.

The kernel's tables (``TB``), stacks (``ST``) and a batch's rows (``OUT``) are tuples of up
to twenty arrays. Numba passes a tuple to a function it calls as every field of every array
in it, one argument each: ``TB`` and ``ST`` were 356 arguments, so that each of the
kernel's 120 functions took about 400, and each call site passed them all again. Building
those calls and prologues was most of the cold compile's own time, and LLVM optimised them
again in every caller they were linked into.

A ``Packed`` is the same arrays, written once into a small buffer as Numba lays such a
tuple out in memory; a kernel function takes the buffer's address (one argument), and
``TB[i]``, ``ST[:7]`` read an array or a tuple of them out of it, just as they did out of
the tuple. The reads are marked invariant (the buffer does not change once written), so
LLVM keeps them out of loops as it kept the arguments.

What a ``Packed`` may hold, and not: arrays (and tuples of them) that outlive every call
that reads it (the ``Packed`` keeps them). The copies in the buffer have no reference
count (``MemInfo``) and no owner object: a function may index them, slice them and write
into them, but must not return one to Python. Kernel functions run without reference
counting (``jit.JIT``); one that counts (``state.new_state``) counts nothing for them.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numba as nb
import numpy as np
from numba.core import cgutils, config, types
from numba.core.datamodel import models
from numba.core.extending import NativeValue, intrinsic, register_model, typeof_impl, unbox
from numba.core.imputils import impl_ret_borrowed, lower_builtin
from numba.core.typing.templates import AbstractTemplate, infer, signature

DISABLE_JIT = bool(vars(config).get("DISABLE_JIT"))
"""``NUMBA_DISABLE_JIT=1``: kernel functions run as Python (Numba sets the name at run time,
which type checkers do not see)."""


class PackedType(types.Type):
    """The Numba type of a ``Packed``: the type of the tuple it holds."""

    def __init__(self, tuple_type: types.BaseTuple) -> None:
        self.tuple_type = tuple_type
        # A short name: Numba writes it into the symbol of every function that takes the
        # type, and the tuple's own name has some 500 characters.
        digest = hashlib.sha256(str(tuple_type).encode()).hexdigest()[:16]
        super().__init__(name=f"Packed{len(tuple_type)}_{digest}")

    @property
    def key(self) -> Any:
        return self.tuple_type


register_model(PackedType)(models.OpaqueModel)


class Packed:
    """``arrays`` (a tuple of arrays), for kernel functions to take by one pointer; indexed
    from Python as the tuple is."""

    __slots__ = ("arrays", "address", "numba_type", "_buffer")

    def __init__(self, arrays: tuple) -> None:
        self.arrays = tuple(arrays)
        if not all(_arrays_only(item) for item in self.arrays):
            raise TypeError("a Packed holds arrays and tuples of arrays only")
        tuple_type = nb.typeof(self.arrays)
        self.numba_type = PackedType(tuple_type)
        self._buffer = np.zeros(0 if DISABLE_JIT else _size_of(tuple_type), np.uint8)
        if not DISABLE_JIT:  # else kernel functions are Python, and index ``__getitem__``
            _write(self._buffer, self.arrays)
        self.address = self._buffer.ctypes.data

    def __getitem__(self, index):
        return self.arrays[index]

    def __len__(self) -> int:
        return len(self.arrays)

    def __iter__(self):
        return iter(self.arrays)


def _arrays_only(item) -> bool:
    if isinstance(item, tuple):
        return all(_arrays_only(x) for x in item)
    return isinstance(item, np.ndarray)


def _size_of(tuple_type: types.BaseTuple) -> int:
    from numba.core.registry import cpu_target

    context = cpu_target.target_context
    return context.get_abi_sizeof(context.get_value_type(tuple_type))


@typeof_impl.register(Packed)
def _typeof_packed(value: Packed, c) -> PackedType:
    return value.numba_type


@unbox(PackedType)
def _unbox_packed(typ, obj, c):
    address = c.pyapi.object_getattr_string(obj, "address")
    pointer = c.pyapi.long_as_voidptr(address)
    c.pyapi.decref(address)
    return NativeValue(pointer)


def _cleared(context, irb, tuple_type, value):  # irb: Numba's LLVM IR builder
    """``value`` (a tuple of arrays, nested tuples too) with every array's ``MemInfo`` and
    owner object set to null: the copies a ``Packed`` holds own nothing."""
    if isinstance(tuple_type, types.BaseTuple):
        for i, item_type in enumerate(tuple_type.types):
            item = irb.extract_value(value, i)
            value = irb.insert_value(value, _cleared(context, irb, item_type, item), i)
        return value
    if isinstance(tuple_type, types.Array):
        array = context.make_array(tuple_type)(context, irb, value=value)
        array.meminfo = cgutils.get_null_value(array.meminfo.type)
        array.parent = cgutils.get_null_value(array.parent.type)
        return array._getvalue()
    raise TypeError(f"a Packed holds arrays and tuples of arrays, not {tuple_type}")


@intrinsic
def _store(typingctx, buffer, arrays):
    def codegen(context, irb, sig, args):
        buffer_type, tuple_type = sig.args
        data = context.make_array(buffer_type)(context, irb, value=args[0]).data
        target = irb.bitcast(data, context.get_value_type(tuple_type).as_pointer())
        irb.store(_cleared(context, irb, tuple_type, args[1]), target)
        return context.get_dummy_value()

    return signature(types.none, buffer, arrays), codegen


@nb.njit(cache=True)
def _write(buffer, arrays):
    _store(buffer, arrays)


@infer
class _StaticGetItem(AbstractTemplate):
    key = "static_getitem"

    def generic(self, args, kws):
        packed, index = args
        if not isinstance(packed, PackedType):
            return None
        items = packed.tuple_type.types
        if isinstance(index, int):
            if not -len(items) <= index < len(items):
                raise IndexError(f"{packed} has {len(items)} items, not [{index}]")
            return signature(items[index], *args)
        if isinstance(index, slice):
            return signature(types.BaseTuple.from_types(items[index]), *args)
        return None


def _load(context, irb, packed_type, pointer, index):
    tuple_type = packed_type.tuple_type
    typed = irb.bitcast(pointer, context.get_value_type(tuple_type).as_pointer())
    address = cgutils.gep_inbounds(irb, typed, 0, index)
    value = irb.load(address)
    value.set_metadata("invariant.load", irb.module.add_metadata([]))
    return value


@lower_builtin("static_getitem", PackedType, types.IntegerLiteral)
@lower_builtin("static_getitem", PackedType, types.SliceLiteral)
def _static_getitem(context, irb, sig, args):
    packed_type, _ = sig.args
    pointer, index = args
    count = len(packed_type.tuple_type)
    if isinstance(index, int):
        result = _load(context, irb, packed_type, pointer, index % count)
    else:
        items = [_load(context, irb, packed_type, pointer, i)
                 for i in range(count)[index]]
        result = context.make_tuple(irb, sig.return_type, items)
    return impl_ret_borrowed(context, irb, sig.return_type, result)

