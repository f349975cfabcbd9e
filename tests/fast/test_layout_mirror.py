"""The compiled engine's modules follow the Python engine's: the kernel code that mirrors
``engine/X.py`` is in ``fast/X.py`` (docs/compiled-engine.md, Layout), so that a change to an
engine module has one place to be mirrored in. The modules without an engine namesake are
named here too, so that a new module of ``fast`` is placed on purpose."""

from __future__ import annotations

from pathlib import Path

import carcdsl
from carcdsl.fast import source_digest

PACKAGE = Path(carcdsl.__file__).parent

MIRRORS = ("grid", "features", "supply", "turn", "scoring", "movegen", "state", "figures",
           "effects", "requirements", "elsewhere", "decisions", "neutral", "targets", "owned",
           "measure", "moving", "opened")
"""``fast/X.py`` mirrors ``engine/X.py``."""

OWN = ("__init__", "jit", "packed", "layout", "slots", "mt", "program", "boards", "bags",
       "kernel", "loading", "batch", "support", "search", "stepping")
"""The compiled engine's own modules: how it is compiled, how its tuples of arrays are passed,
the tables and state as arrays, the generator, scoring programs, bounded boards and maps
(``engine/grid.py``'s limited board, apart so that the endless table's path stays short), the
rules that act on a feature (``engine/effects.py``'s ``act_on`` and after, apart so that
``fast/effects.py`` stays small), the play loop and ``Kernel``, a Python position loaded into
it, a batch's rows (``engine.batch``'s, by the kernel's name), what it runs, the roll-outs'
kernel, N games stepped a decision at a time (``rl.vector``)."""


def test_each_mirror_has_its_engine_module():
    for name in MIRRORS:
        assert (PACKAGE / "engine" / f"{name}.py").is_file(), name
        assert (PACKAGE / "fast" / f"{name}.py").is_file(), name


def test_every_fast_module_is_a_mirror_or_its_own():
    found = {path.stem for path in (PACKAGE / "fast").glob("*.py")}
    assert found == set(MIRRORS) | set(OWN)
    assert not set(MIRRORS) & set(OWN)


def test_the_cache_digest_covers_every_kernel_module(tmp_path):
    """``source_digest`` names the kernels' cache folder: an edit to any module of ``fast``
    (each kernel function inlines or calls code of the others) gives another."""
    sources = PACKAGE / "fast"
    for name in (*MIRRORS, "kernel", "boards", "bags", "jit", "packed", "layout", "slots", "mt",
                 "program"):
        copy = tmp_path / name
        copy.mkdir()
        for path in sources.glob("*.py"):
            (copy / path.name).write_bytes(path.read_bytes())
        edited = copy / f"{name}.py"
        edited.write_text(edited.read_text() + "\n# an edit\n")
        assert source_digest(copy) != source_digest(sources), name
