"""The rule language's grammar, loaded: the Lark grammar file (LALR, positions kept), built
once a process and kept between runs in a private cache folder; the words that start a
declaration and a file's first word; and the text as the parser reads it (newlines made LF,
character offsets as line and column: ``Lines``).
"""

from __future__ import annotations

import bisect
import contextlib
import functools
import hashlib
import os
import re
import stat
import sys
from pathlib import Path

import lark
from lark import Lark

import carcdsl.model as m

GRAMMAR_FILE = "carc.lark"


def grammar_text() -> str:
    """The grammar, from the source tree when run from a checkout, else from the package."""
    package = Path(__file__).resolve().parents[1]
    for candidate in (package.parent / "grammars", package / "grammars"):
        if (candidate / GRAMMAR_FILE).is_file():
            return (candidate / GRAMMAR_FILE).read_text(encoding="utf-8")
    raise FileNotFoundError(f"the grammar {GRAMMAR_FILE} is not installed")


_LARK_OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": True}


@functools.cache
def grammar() -> Lark:
    """The parser of the rule language, built once a process; kept between runs in a private
    cache folder (``_private_cache_folder``), never in the shared temporary folder (where
    Lark's own ``cache=True`` puts a pickle under a name anyone can guess, and reads back
    whatever another user put there: code run as whoever starts carcdsl next)."""
    text = grammar_text()
    key = hashlib.sha256(f"{text}{_LARK_OPTIONS}{lark.__version__}{sys.version_info[:2]}"
                         .encode()).hexdigest()[:32]
    name = f"grammar-{key}.lark"
    folder = _private_cache_folder()
    if folder is None:
        return Lark(text, **_LARK_OPTIONS)
    try:
        parser = _load_cached(folder, name)
        if parser is None:
            parser = Lark(text, **_LARK_OPTIONS)
            _save_cached(folder, name, parser)
        return parser
    finally:
        os.close(folder)


def _cache_base() -> str | None:
    """Where per-user caches go: ``$XDG_CACHE_HOME``, else ``~/.cache`` (absolute, or None)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return base if os.path.isabs(base) else None


def _private_cache_folder() -> int | None:
    """An open descriptor of ``carcdsl`` in the user's cache folder, created 0700, and only
    when it is a real folder (not a symbolic link) that this user owns and nobody else may
    read or write; None (no cache, the parser is built each run) otherwise, or where the
    system cannot say so much (not POSIX)."""
    base = _cache_base()
    if (base is None or os.name != "posix" or os.open not in os.supports_dir_fd
            or not hasattr(os, "O_NOFOLLOW")):
        return None
    path = os.path.join(base, "carcdsl")
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError:
        return None
    info = os.fstat(fd)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        os.close(fd)
        return None
    return fd


def _load_cached(folder: int, name: str) -> Lark | None:
    """The cached parser, when the file is a regular file of this user's that nobody else
    may write; None when there is none or it cannot be read."""
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=folder)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o022:
            return None
        try:
            return Lark.load(file)
        except Exception:  # a file cut short: built again, and saved over
            return None


def _save_cached(folder: int, name: str, parser: Lark) -> None:
    """Save ``parser`` as ``name`` (0600), written aside and renamed into place: a reader
    never sees half a file. A cache that cannot be written is no error."""
    temp = f".{name}.{os.getpid()}.tmp"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600,
                     dir_fd=folder)
        with os.fdopen(fd, "wb") as file:
            parser.save(file)
        os.replace(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temp, dir_fd=folder)


@functools.cache
def _declaration_keywords() -> dict[str, str]:
    """Terminal -> keyword of every word that starts a declaration (what the grammar accepts
    at the start of a file): where reading resumes after a syntax error."""
    parser = grammar()
    words = {}
    for term in parser.parse_interactive("").accepts():
        try:
            pattern = parser.get_terminal(term).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            words[term] = pattern.value
    return words


def declaration_keywords() -> frozenset[str]:
    """The words that start a declaration (``rules``, ``tile``, ``override``)."""
    return frozenset(_declaration_keywords().values())


_FIRST_WORD = re.compile(r"[^\s#]+")


def first_word(text: str) -> str | None:
    """The first word of a file, blank lines and comments skipped (None: there is none):
    what tells rule text from any other file (``compose.Loader``)."""
    pos = 0
    while pos < len(text):
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        line = text[pos:end].strip()
        if line and not line.startswith("#"):
            found = _FIRST_WORD.match(line)
            word = found.group() if found is not None else line
            return re.split(r"[^\w-]", word, maxsplit=1)[0] or word
        pos = end + 1
    return None


@functools.cache
def _declaration_start() -> re.Pattern[str]:
    words = sorted(_declaration_keywords().values(), key=len, reverse=True)
    return re.compile(rf"^(?:{'|'.join(map(re.escape, words))})(?![\w-])", re.M)


def normalise_newlines(text: str) -> str:
    """CRLF and lone CR become LF: the parser and the messages count lines the same way."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


class Lines:
    """Character offset -> (line, column), 1-based, lines split at LF only (as Lark does)."""

    def __init__(self, text: str):
        self.starts = [0] + [found.end() for found in re.finditer("\n", text)]

    def loc(self, path: str, pos: int) -> m.Loc:
        line = bisect.bisect_right(self.starts, pos)
        return m.Loc(path, line, pos - self.starts[line - 1] + 1)
