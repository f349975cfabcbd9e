"""The GPU engine's memory: the tables (``TB``) copied to the device once, a state per slot,
and the off switch of the game log (``LOG``), all allocated when a ``DeviceKernel`` is made
and kept for every batch it plays.

A slot's state is the CPU kernel's ``ST`` (``fast.state.new_state``): each stack is
allocated with an axis of ``slots`` more, in one of two layouts (``LAYOUTS``):

* ``rows``: the slot axis first. A thread's state is one block of memory, and a thread takes
  plain contiguous views of it; but threads side by side read addresses a state apart.
* ``lanes`` (the default): the slot axis last. The same element of every slot lies side by
  side, so when the threads of a warp read the same element of their states (they play the
  same code) the reads coalesce into few memory transactions; a thread's views are strided.

Every slot starts as ``new_state`` made it (the empty squares' ``-1``, the table's width, the
steps between squares). In ``rows`` the template is copied into slot 0, then slots ``[0, k)``
into ``[k, 2k)`` on the device, doubling (some 17 device-to-device copies for 10⁵ slots); in
``lanes`` a small launch writes each element into every lane. The host holds one state
whatever the slot count.
"""

from __future__ import annotations

import numpy as np
from numba import cuda

from carcdsl.fast.kernel import logs, stacks_for
from carcdsl.gpu import compat

MAX_SLOTS = 1 << 20
"""The most games a device plays at once (about 1.4 TB of state for base: a bound far above
any device, so that a bad ``--slots`` is refused before it is tried)."""

LAYOUTS = ("lanes", "rows")

SIMULATED_SLOTS = 4
"""Slots on Numba's CUDA simulator, where each thread is a Python thread."""


def whole(value) -> bool:
    """``value`` is a whole number (NumPy's too), not a bool."""
    return isinstance(value, int | np.integer) and not isinstance(value, bool)


def state_bytes(template: tuple) -> int:
    """The bytes of one slot's state."""
    return sum(a.nbytes for a in template)


def default_slots(per_slot: int, share: float = 0.8) -> int:
    """As many slots as ``share`` of the device's free memory holds, at most ``MAX_SLOTS``;
    ``SIMULATED_SLOTS`` on the simulator."""
    from carcdsl.gpu import simulated

    if simulated():
        return SIMULATED_SLOTS
    free, _total = cuda.current_context().get_memory_info()
    return max(1, min(MAX_SLOTS, int(free * share) // max(1, per_slot)))


class Slots:
    """The device arrays one ``DeviceKernel`` plays on."""

    def __init__(self, tb, players: int, slots: int | None = None, layout: str = "lanes",
                 most: int | None = None):
        if layout not in LAYOUTS:
            raise ValueError(f"layout: {layout!r}; one of {', '.join(LAYOUTS)}")
        self.layout = layout
        template = stacks_for(tb, players).arrays
        self.per_slot = state_bytes(template)
        if slots is None:
            slots = min(default_slots(self.per_slot), max(1, most or MAX_SLOTS))
        if not whole(slots) or not 1 <= slots <= MAX_SLOTS:
            raise ValueError(f"slots: {slots!r}; a whole number from 1 to {MAX_SLOTS:,}")
        self.slots = int(slots)
        self.tb = compat.packed(tuple(cuda.to_device(a) for a in tb.arrays))
        self.stacks = tuple(stacked(a, self.slots, layout) for a in template)
        self.st = compat.packed_slots(self.stacks, 0 if layout == "rows" else -1)
        self.log = compat.packed(tuple(cuda.to_device(a) for a in logs(False, 1).arrays))
        self.counts = cuda.to_device(np.zeros((self.slots, 3), np.int64))

    def load(self, state: tuple, count: int) -> None:
        """Every stack of ``state`` (a kernel state on the host) into slots ``[0, count)``:
        a position to roll out from. The slots after ``count`` keep what they held."""
        for rows, template in zip(self.stacks, state):
            fill(rows, template, count, self.layout)

    @property
    def nbytes(self) -> int:
        """The device memory the slots take (the tables and the log aside)."""
        return self.per_slot * self.slots


def stacked(template: np.ndarray, slots: int, layout: str):
    """A device array of ``slots`` copies of ``template``: the slot axis first (``rows``) or
    last (``lanes``)."""
    shape = (slots,) + template.shape if layout == "rows" else template.shape + (slots,)
    rows = cuda.device_array(shape, template.dtype)
    fill(rows, template, slots, layout)
    return rows


def fill(rows, template: np.ndarray, count: int, layout: str) -> None:
    """``template`` into slots ``[0, count)`` of ``rows``."""
    if layout == "lanes":
        fill_lanes(rows, template, count)
        return
    rows[0:1].copy_to_device(np.ascontiguousarray(template[None]))
    k = 1
    while k < count:
        n = min(k, count - k)
        rows[k:k + n].copy_to_device(rows[0:n])
        k += n


def fill_lanes(lanes, template: np.ndarray, count: int) -> None:
    """``template`` into lanes ``[0, count)`` of ``lanes`` (its last axis): on the device, a
    launch of ``_spread``; on the simulator, where each thread is Python, from the host."""
    from carcdsl.gpu import simulated

    flat = lanes.reshape(template.size, lanes.shape[template.ndim])
    if simulated():
        host = flat.copy_to_host()
        host[:, :count] = template.reshape(-1, 1)
        flat.copy_to_device(host)
        return
    _spread[256, 256](flat, cuda.to_device(np.ascontiguousarray(template.reshape(-1))),
                      np.int64(count))


@cuda.jit
def _spread(flat, template, count):
    """``flat[j, s] = template[j]`` for every ``j`` and ``s < count``, a thread per element
    in turn (grid-stride), neighbouring threads writing neighbouring lanes."""
    k = cuda.grid(1)
    step = cuda.gridsize(1)
    total = template.shape[0] * count
    while k < total:
        flat[k // count, k % count] = template[k // count]
        k += step
