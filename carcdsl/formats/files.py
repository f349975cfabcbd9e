"""Writing a file whole or not at all: one place for every writer of the tool (records, pictures,
saved rule files, simulation reports), so that an interrupted or failing write never leaves
half a file where the user asked for one, and never replaces what is not a regular file (a
named pipe, a device, a socket, a folder)."""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

_KINDS = (("directory", stat.S_ISDIR), ("fifo", stat.S_ISFIFO), ("char", stat.S_ISCHR),
          ("block", stat.S_ISBLK), ("socket", stat.S_ISSOCK))


class NotAFileError(OSError):
    """The target exists and is no regular file (``kind``: ``fifo``, ``char``, ``block``,
    ``socket``, ``other``): renaming a new file over it would destroy a named pipe or a
    device node, so nothing is written. ``reason_code`` names the reason in the catalogues'
    ``OS_ERRORS`` (``i18n.os_reason``)."""

    def __init__(self, target: str, kind: str):
        super().__init__(errno.EEXIST, f"not a regular file ({kind})", target)
        self.kind = kind
        self.reason_code = f"not-a-file/{kind}"


class BadNameError(OSError):
    """A name no file can have: a NUL in it, or a lone surrogate no UTF-8 name encodes
    (``what``: ``nul``, ``surrogate``); said as an OSError, EINVAL, so that every writer's and
    reader's handler says it with the name."""

    def __init__(self, target: str, what: str):
        said = "a NUL character" if what == "nul" else "a lone surrogate"
        super().__init__(errno.EINVAL, f"{said} in the name", target)
        self.reason_code = f"bad-name/{what}"


def check_name(target: str | os.PathLike[str]) -> None:
    """Raise BadNameError when ``target`` is no name a file can have."""
    text = os.fspath(target)
    if isinstance(text, bytes):
        return
    if "\0" in text:
        raise BadNameError(text, "nul")
    try:
        os.fsencode(text)
    except UnicodeEncodeError:
        raise BadNameError(text, "surrogate") from None


def target_kind(target: str | os.PathLike[str]) -> str | None:
    """What ``target`` is, symbolic links followed, when it exists and is no regular file:
    ``directory``, ``fifo``, ``char``, ``block``, ``socket`` or ``other``; None for a
    regular file or a new name. Raises OSError when it cannot be looked up (a loop of links:
    ELOOP; no permission; a NUL in the name: ``BadNameError``)."""
    check_name(target)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return None  # a new name, or a link to one
    if stat.S_ISREG(mode):
        return None
    return next((kind for kind, test in _KINDS if test(mode)), "other")


def check_target(target: str | os.PathLike[str]) -> None:
    """Raise unless ``target`` may be written: ``IsADirectoryError`` for a folder,
    ``NotAFileError`` for anything else that is no regular file, OSError when it cannot be
    looked up. Commands call it before the work that fills the file, so that nothing is
    played or drawn for an output that will be refused."""
    kind = target_kind(target)
    if kind == "directory":
        raise IsADirectoryError(errno.EISDIR, "Is a directory", str(target))
    if kind is not None:
        raise NotAFileError(str(target), kind)


def write_atomically(target: str | os.PathLike[str], data: bytes,
                     mode: int | None = None) -> None:
    """Write ``data`` to ``target``: a new file beside it (``O_EXCL``, never someone else's),
    flushed to disk, then renamed over ``target``, which is therefore old or new, never half
    written, whatever happens. A symbolic link is followed (its target is replaced, the link
    kept). Only a regular file or a new name is written (``check_target``): a named pipe, a
    device, a socket or a folder raises before anything is made. The new file takes
    ``mode``, else the mode of the file it replaces, else what the umask gives. Raises
    ``OSError`` (nothing is left behind)."""
    with written_atomically(target, mode) as f:
        f.write(data)


@contextlib.contextmanager
def written_atomically(target: str | os.PathLike[str],
                       mode: int | None = None) -> Iterator[BinaryIO]:
    """``write_atomically`` for data written a piece at a time (rows as games finish): the
    file to write, beside ``target``, which replaces it when the block ends without an
    exception; after one, nothing is left behind and ``target`` is as it was."""
    check_target(target)
    path = Path(os.path.realpath(target))
    if mode is None:
        with contextlib.suppress(OSError):
            mode = path.stat().st_mode & 0o7777
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
