"""Groundwork for the compiled engine (issue 17, ``docs/compiled-engine.md``): Numba kernels
over the compiled tables as arrays. A prototype: nothing in carcdsl imports it yet, and it
needs ``numba`` and ``numpy`` (the future ``fast`` extra)."""
