"""How the kernel's functions are compiled.

``JIT`` is the ``nb.njit`` options of every kernel function but those that Python calls
(``PY``: ``kernel.play_batch``, ``roll_out``, ``movegen.list_moves``, ``mt.seed_int``, ...)
and the few that allocate arrays or copy one into another by slice (``state.new_state``,
each module's ``state``, ``loading.load``, ``figures.load``), which are compiled with
``cache=True`` alone (and the few that return a view of a table, inlined where they are
called: ``inline="always"``). ``TB``, ``ST``, ``OUT`` and ``LOG`` come in as
``fast.packed.Packed``, one pointer each:

* ``cache=True``: compiled once, kept on disk (``fast.__init__`` says where).
* no CPython or C wrapper (``JIT``), but for the functions Python calls (``PY``).
* ``_nrt=False``: no reference counting. Numba counts references to every array a function
  takes out of ``TB`` or ``ST``, an atomic add and subtract each time, and the kernel takes
  its arrays out of those tuples in nearly every function and loop: the counting was 40 % of
  the time of a game with the river's requirements (``perf``: ``NRT_incref``/``NRT_decref``),
  and without it base + farmers plays 1.7 times as fast. Nothing here needs the counts: every
  array is allocated once per batch, before the first move, by a function that keeps them,
  and outlives every call. Numba refuses to compile an allocation in such a function
  ("NRT required but not enabled"), so one cannot creep in. The option is one Numba keeps
  for its own use (``numba.core.options``); should a Numba drop it, this is the one place to
  change.
* no recursion: no kernel function calls itself, or one that calls it back. Numba compiles
  such a cycle, but its disk cache cannot load it (the next process crashed in
  ``kernel.play_batch``), so a rule that nests (a draw whose ``on draw`` rule draws again) is
  unrolled into a loop or left to the Python engine (``support``).
* ``error_model="numpy"``: a division by zero is not checked for (no branch and exception
  code at each ``//`` and ``%``); every divisor in the kernel is a count that cannot be zero.
"""

from __future__ import annotations

from typing import Any

import numpy as np

JIT: Any = {"cache": True, "_nrt": False, "no_cpython_wrapper": True, "no_cfunc_wrapper": True,
            "error_model": "numpy"}
"""(``Any``: Numba's typing stubs do not know ``_nrt``.) Without the CPython and C wrappers:
only kernel functions call these, and a wrapper that unboxes ``TB`` and ``ST`` (forty arrays)
is most of a small function's compile (cold compile 55 -> 37 s CPU, 609 -> 455 MB;
``bench/compile_profile.py``). Calling one from Python crashes the process: a function
Python (or a test) calls takes ``PY``."""

PY: Any = {"cache": True, "_nrt": False, "error_model": "numpy"}
"""``JIT`` with the CPython wrapper, for the kernel functions Python calls too (tests)."""

I64 = np.int64
"""Constants passed to a kernel function go through ``I64``: Numba compiles a function
again for each literal argument it is called with (``Literal[int](0)``), and the copies
are whole call trees."""
