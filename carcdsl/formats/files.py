"""Writing a file whole or not at all: one place for every writer of the tool (records, pictures,
saved rule files, simulation reports), so that an interrupted or failing write never leaves
half a file where the user asked for one."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path


def write_atomically(target: str | os.PathLike[str], data: bytes,
                     mode: int | None = None) -> None:
    """Write ``data`` to ``target``: a new file beside it (``O_EXCL``, never someone else's),
    flushed to disk, then renamed over ``target``, which is therefore old or new, never half
    written, whatever happens. A symbolic link is followed (its target is replaced, the link
    kept). The new file takes ``mode``, else the mode of the file it replaces, else what the
    umask gives. Raises ``OSError`` (nothing is left behind), ``IsADirectoryError`` for a
    folder."""
    path = Path(os.path.realpath(target))
    if path.is_dir():
        raise IsADirectoryError(21, "Is a directory", str(target))
    if mode is None:
        with contextlib.suppress(OSError):
            mode = path.stat().st_mode & 0o7777
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
