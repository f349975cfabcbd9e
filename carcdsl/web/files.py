"""The folders ``serve`` was started with: the only places the app reads a user's rule files
and records from, and the only places it writes.

A file is named to the page by a *ref*, ``@N/relative/path``: folder N of the command line,
and a path inside it. A ref with ``..``, an absolute path, a backslash or a NUL is refused,
and so is one whose real file (symbolic links followed) lies outside its folder: the test a
rule file's ``extends`` passes (``lang.sources.is_within``), without its exception for the
bundled rules, which the app never writes.
Writing is atomic: a temporary file beside the target, renamed over it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs

from carcdsl.formats.files import write_atomically
from carcdsl.lang.sources import real_path

_REF = re.compile(r"@(?P<folder>\d{1,4})/(?P<path>.+)")
_SKIP = frozenset({".git", ".venv", "venv", "node_modules", "__pycache__", ".tox"})
MAX_LISTED = 2000
"""Files listed per kind at most: a folder of thousands is a mistake, not a library."""
MAX_DEPTH = 4


class OutsideError(ValueError):
    """A ref that names nothing inside the served folders (``reason``: ``bad-ref``,
    ``outside``, ``missing``, ``not-carc``)."""

    def __init__(self, reason: str, ref: str):
        super().__init__(f"{reason}: {ref}")
        self.reason, self.ref = reason, ref


@attrs.frozen
class Folders:
    """The served folders (resolved), and the folders rule files may read from besides
    them (``--allow-path``)."""

    roots: tuple[Path, ...] = ()
    allowed: tuple[Path, ...] = ()

    @classmethod
    def of(cls, roots: Sequence[str | Path], allowed: Sequence[str | Path] = ()) -> Folders:
        return cls(tuple(real_path(r) for r in roots), tuple(real_path(a) for a in allowed))

    @property
    def readable(self) -> tuple[Path, ...]:
        """Where a rule file's ``extends`` and ``with`` may read."""
        return (*self.roots, *self.allowed)

    def label(self, index: int) -> str:
        """How the page names folder ``index``: its last part (``my-rules``)."""
        return self.roots[index].name or str(self.roots[index])

    def ref_of(self, path: Path) -> str | None:
        """The ref of a file inside a served folder (None: in none of them)."""
        real = _real(path)
        if real is None:
            return None
        for i, root in enumerate(self.roots):
            if real.is_relative_to(root):
                return f"@{i}/{real.relative_to(root).as_posix()}"
        return None

    def home_of(self, target: str) -> Path | None:
        """The served folder a rule file lies in (``target`` as ``pipeline.load`` was given
        it, parameters and all), or None: a bundled name, or outside every folder."""
        path = Path(target.partition(":")[0])
        if not path.is_absolute():
            return None
        real = _real(path)
        return next((root for root in self.roots if real and real.is_relative_to(root)), None)

    def shown(self, ref: str) -> str:
        """A ref as a person reads it: ``my-rules/sub/x.carc``."""
        match = _REF.fullmatch(ref)
        if match is None or int(match["folder"]) >= len(self.roots):
            return ref
        return f"{self.label(int(match['folder']))}/{match['path']}"

    def path_of(self, ref: str, must_exist: bool = True) -> Path:
        """The file a ref names, inside its folder; OutsideError otherwise."""
        match = _REF.fullmatch(ref) if isinstance(ref, str) else None
        if match is None or int(match["folder"]) >= len(self.roots):
            raise OutsideError("bad-ref", str(ref))
        rel = match["path"]
        parts = rel.split("/")
        if ("\\" in rel or "\0" in rel or rel.startswith("/")
                or any(part in ("", ".", "..") for part in parts)):
            raise OutsideError("bad-ref", ref)
        root = self.roots[int(match["folder"])]
        candidate = root.joinpath(*parts)
        try:
            real = real_path(candidate)
            inside = real.is_relative_to(root)
            exists = real.is_file()
        except (OSError, ValueError):
            raise OutsideError("bad-ref", ref) from None
        if not inside:
            raise OutsideError("outside", ref)
        if must_exist and not exists:
            raise OutsideError("missing", ref)
        return candidate

    def iter_files(self, suffix: str) -> Iterator[tuple[str, Path]]:
        """(ref, path) of every file ending in ``suffix`` in the folders, hidden folders and
        tool folders left out, at most ``MAX_DEPTH`` deep and ``MAX_LISTED`` files."""
        listed = 0
        for i, root in enumerate(self.roots):
            for path in _walk(root, suffix, MAX_DEPTH):
                if listed >= MAX_LISTED:
                    return
                real = _real(path)
                if real is None or not real.is_relative_to(root) or not real.is_file():
                    continue  # a link out of the folder is not offered
                listed += 1
                yield f"@{i}/{path.relative_to(root).as_posix()}", path

    def read_text(self, ref: str, limit: int) -> str:
        """The text of a served file (UTF-8, at most ``limit`` bytes)."""
        path = self.path_of(ref)
        with path.open("rb") as f:
            data = f.read(limit + 1)
        if len(data) > limit:
            raise OutsideError("too-large", ref)
        return data.decode("utf-8-sig")

    def write_text(self, ref: str, text: str, new: bool = False) -> Path:
        """Write ``text`` to the rule file a ref names, whole or not at all; ``new``: it must
        not exist yet. Only ``.carc`` files are written."""
        path = self.path_of(ref, must_exist=not new)
        if path.suffix != ".carc":
            raise OutsideError("not-carc", ref)
        if new and (path.exists() or path.is_symlink()):
            raise FileExistsError(ref)
        if not path.parent.is_dir():
            raise OutsideError("missing", ref)
        target = real_path(path) if path.exists() else path
        write_atomically(target, text.encode("utf-8"))
        return path


def _real(path: Path) -> Path | None:
    """``lang.sources.real_path``, or None for a path no file is behind (a loop of links, a
    name no file can have): such a file is in no folder."""
    try:
        return real_path(path)
    except (OSError, ValueError):
        return None


def is_record_file(path: Path) -> bool:
    """Whether a JSON file says it is a game record (its first 4 kB name the format)."""
    try:
        with path.open("rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    return b"carcdsl-record/1" in head


def _is_text(name: str) -> bool:
    """A file name that is UTF-8 on disk (Python reads other bytes as lone surrogates)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _walk(folder: Path, suffix: str, depth: int) -> Iterator[Path]:
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(".") or entry.name in _SKIP or not _is_text(entry.name):
            continue  # hidden, a tool's, or a name that is not UTF-8 (no ref can name it)
        path = Path(entry.path)
        try:
            if entry.is_dir(follow_symlinks=False):
                if depth > 1:
                    yield from _walk(path, suffix, depth - 1)
            elif entry.name.endswith(suffix):
                yield path
        except OSError:
            continue
