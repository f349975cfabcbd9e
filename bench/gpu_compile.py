"""The GPU engine's launches compiled for a device, on a machine without one: PTX for a
compute capability (default 9.0, an H100), through numba-cuda and NVVM from the CUDA wheels
(``pip install 'carcdsl[gpu]'``); no driver or GPU is used.

    python bench/gpu_compile.py                          # play, lanes, sm_90
    python bench/gpu_compile.py --kernel roll --layout rows --cc 8 0

It prints the seconds, the IR handed to NVVM (modules, MB), the PTX's size and the peak
memory of the process. On a machine with a GPU ``bench/gpu.py`` measures the compile of the
real launch instead (``compile_s``): this is the check that the kernel's functions compile for
the CUDA target at all, and at what cost, where none is at hand.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


class _HostArray:
    """A host array standing in for a device array: what ``compat`` reads of one."""

    def __init__(self, array) -> None:
        self.array, self.shape, self.strides, self.dtype = (array, array.shape, array.strides,
                                                            array.dtype)
        self.__cuda_array_interface__ = {"data": (array.ctypes.data, False)}


def signature(kernel: str, layout: str, rules: str, variants: list[str], players: int):
    """The launch's argument types, as ``DeviceKernel`` passes them."""
    import numba as nb
    import numpy as np
    from numba.core import types as nt
    from numba.core.extending import typeof_impl

    import carcdsl
    from carcdsl.fast.kernel import Kernel, logs, stacks_for
    from carcdsl.fast.packed import PackedType
    from carcdsl.gpu import compat

    typeof_impl.register(_HostArray)(lambda value, context: nb.typeof(value.array))
    cpu = Kernel(carcdsl.load(rules, variants), players)
    axis = 0 if layout == "rows" else -1
    stacks = tuple(_HostArray(np.stack([a] * 2, axis=axis))
                   for a in stacks_for(cpu.tb, players).arrays)
    _, slot_type = compat._layout(stacks, axis, 2)
    tb, st = PackedType(nb.typeof(cpu.tb.arrays)), PackedType(slot_type)
    out = PackedType(nb.typeof(cpu._out(4).arrays))
    log = PackedType(nb.typeof(logs(False, 1).arrays))
    i64, rows = nt.int64[:], nt.int64[:, :]
    if kernel == "play":
        return (tb, st, i64, rows, nt.boolean, out, log, rows, nt.int64)
    return (tb, st, i64, out, log, nt.int64, i64, rows, nt.int64)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernel", choices=["play", "roll"], default="play")
    ap.add_argument("--layout", choices=["lanes", "rows"], default="lanes")
    ap.add_argument("--cc", type=int, nargs=2, default=[9, 0], metavar=("MAJOR", "MINOR"))
    ap.add_argument("--rules", default="base")
    ap.add_argument("--variant", action="append", default=None)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    from numba import cuda
    from numba.cuda import dispatcher
    from numba.cuda.codegen import CUDACodeLibrary

    cc = tuple(args.cc)
    # compile_ptx asks the current device only for its compute capability: this one
    dispatcher.get_current_device = lambda: types.SimpleNamespace(compute_capability=cc)
    from carcdsl.gpu.kernel import play_slots, roll_slots

    handed: dict = {}
    original = CUDACodeLibrary.get_asm_strs

    def get_asm_strs(self, cc=None):
        handed.update(modules=len(self.llvm_strs),
                      ir_mb=round(sum(map(len, self.llvm_strs)) / 2**20, 1),
                      lowered_s=round(time.perf_counter() - started, 1))
        return original(self, cc)

    CUDACodeLibrary.get_asm_strs = get_asm_strs
    sig = signature(args.kernel, args.layout, args.rules,
                    args.variant if args.variant is not None else ["farmers"], args.players)
    launch = (play_slots if args.kernel == "play" else roll_slots).py_func
    started = time.perf_counter()
    ptx, _ = cuda.compile_ptx(launch, sig, cc=cc)
    found = {"kernel": args.kernel, "layout": args.layout, "cc": list(cc), **handed,
             "seconds": round(time.perf_counter() - started, 1),
             "ptx_mb": round(len(ptx) / 2**20, 1),
             "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}
    print(json.dumps(found) if args.json else
          ", ".join(f"{k} {v}" for k, v in found.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
