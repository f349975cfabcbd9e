"""The compiled engine (issue 17, ``docs/compiled-engine.md``): Numba kernels over the compiled
tables as arrays. It needs ``numba`` and ``numpy`` (the ``fast`` extra); nothing outside this
package imports Numba, and the front ends reach this package only when ``--engine compiled``
is asked for (``sim.compiled``).

Numba keeps compiled kernels (``@njit(cache=True)``) in ``__pycache__`` beside the module,
which an installed package may not be allowed to write. So, before any module here imports
Numba, ``NUMBA_CACHE_DIR`` is set, when the user has not set it, to the user's cache directory
(``$XDG_CACHE_HOME`` or ``~/.cache``, then ``carcdsl/numba``); one that cannot be written
gives way to a folder in the temporary directory. Worker processes inherit the variable, so
they load what the parent compiled.

LLVM optimises the kernels at ``NUMBA_OPT`` level ``KERNEL_OPT`` (1) unless the user set
the variable: Numba's default, 3, takes 3.5 s (15 %) longer to compile and plays no faster
(``bench/compile_profile.py --opt``, ``bench/compiled.py``). The level is part of the cache
folder's name, since Numba does not tell kernels compiled at one level from another's.

Inside it, the kernels go in a folder named by ``source_digest``: Numba tells a cached
function is stale by its own file's time stamp alone, and a kernel function compiles in what
it inlines from the package's other files, so an edit to one of those would load code compiled
from the old one. Each version of these sources compiles once into its own folder (some
20 MB); old folders are left for the user to delete.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path


def user_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/carcdsl/numba``, or ``~/.cache/carcdsl/numba`` (the XDG base
    directory spec: a relative ``XDG_CACHE_HOME`` is ignored)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".cache"
    return root / "carcdsl" / "numba"


def source_digest(folder: Path | None = None) -> str:
    """16 hex digits of a SHA-256 over this package's sources (or ``folder``'s), file by file
    in name order."""
    digest = hashlib.sha256()
    for path in sorted((folder or Path(__file__).parent).glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _writable(path: Path) -> bool:
    try:
        path.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=path).close()
    except OSError:
        return False
    return True


def default_cache_dir() -> Path:
    """Where the kernels are kept when ``NUMBA_CACHE_DIR`` is not set (made if missing):
    ``user_cache_dir``, or a folder in the temporary directory when that cannot be written;
    then ``source_digest``."""
    digest = f"{source_digest()}-o{os.environ.get('NUMBA_OPT', KERNEL_OPT)}"
    path = user_cache_dir() / digest
    if not _writable(path):
        path = Path(tempfile.gettempdir()) / (
            f"carcdsl-numba-{os.getuid()}" if hasattr(os, "getuid") else "carcdsl-numba") \
            / digest
    return path


KERNEL_OPT = "1"
"""``NUMBA_OPT`` for the kernels when the user has not set it."""


def _configure() -> None:
    changed = False
    if not os.environ.get("NUMBA_OPT"):
        os.environ["NUMBA_OPT"] = KERNEL_OPT
        changed = True
    if not os.environ.get("NUMBA_CACHE_DIR"):
        os.environ["NUMBA_CACHE_DIR"] = str(default_cache_dir())
        changed = True
    config = sys.modules.get("numba.core.config")
    if changed and config is not None:  # Numba was imported first: make it read them again
        config.reload_config()


_configure()
