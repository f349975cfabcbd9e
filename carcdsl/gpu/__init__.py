"""The GPU engine (issue 30, ``docs/gpu.md``): the compiled engine's kernel run on an NVIDIA
GPU through Numba's CUDA target (the ``numba-cuda`` package, the ``gpu`` extra), one game per
thread over device arrays allocated once.

It is not a third implementation of the rules. ``carcdsl.fast``'s kernel functions are plain
Numba functions over arrays, and the CUDA target compiles the same functions as device
functions: what a game does is the CPU kernel's code, line for line, and so the Python
engine's moves and scores on the same seeds. This package adds only what differs on a device:
the launch (``kernel``: which thread plays which game, on which slot of the stacked state)
and the memory (``slots``: the tables copied once, a state per slot, rows copied back).

``problem`` says, without starting anything, why the GPU engine cannot run here; the front
ends (``sim.compiled``) then run the CPU kernel and say so in one line. Nothing outside this
package imports ``numba.cuda``, and the front ends import this package only when
``--engine gpu`` is asked for.

``NUMBA_ENABLE_CUDASIM=1`` runs the same launch on Numba's CUDA simulator, on the CPU, each
thread as Python; with ``NUMBA_DISABLE_JIT=1`` too, the kernel functions the threads call run
as Python over the simulator's arrays (it needs both: the simulator's arrays are not Numba's).
The tests cross-check it that way (``tests/fast/test_gpu.py``).
"""

from __future__ import annotations

import importlib.util
import os

__all__ = ["first_line", "problem", "simulated"]


def simulated() -> bool:
    """Numba's CUDA simulator is on (``NUMBA_ENABLE_CUDASIM=1``): "the device" is the CPU."""
    return os.environ.get("NUMBA_ENABLE_CUDASIM", "0") not in ("", "0")


def problem() -> tuple[str, dict[str, str]] | None:
    """Why the GPU engine cannot run in this process, as a catalogue key (``gpu-*``) and its
    values, or None when it can: ``numba-cuda`` not installed, Numba's CUDA simulator asked
    for without ``NUMBA_DISABLE_JIT=1``, or no CUDA device (no driver, or none visible)."""
    if importlib.util.find_spec("numba_cuda") is None:
        return "gpu-needs-numba-cuda", {}
    if simulated() and os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0"):
        return "gpu-simulator-needs-no-jit", {}
    try:
        from numba import cuda

        if cuda.is_available():
            return None
        reason = str(getattr(cuda.cudadrv.driver.driver, "initialization_error", "") or "")
    except Exception as exc:  # a broken install or driver: said, not raised
        reason = f"{type(exc).__name__}: {exc}"
    return "gpu-no-device", {"reason": first_line(reason) or "no CUDA device found"}


def first_line(text: str) -> str:
    """A driver's message, often several lines ending in a colon, as one line."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[0].rstrip(":.") if lines else ""
