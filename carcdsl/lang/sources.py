"""Finding rule files and reading them safely.

A rule set or variant is named by a bundled name (``base``, ``farmers``) or a path, with
parameters after a colon (``maps-germany:areas=3``). Every problem is a RuleError carrying its
Diagnostic.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

import carcdsl.model as m
from carcdsl.diagnostics import Diagnostic, error, suggest
from carcdsl.errors import RuleError, show_value
from carcdsl.i18n.words import Reason, os_reason
from carcdsl.lang.syntax import normalise_newlines

MAX_FILE_BYTES = 20_000_000
SUFFIXES = (".carc", ".json")

_PAIR = r"\s*[^\W\d][\w-]*\s*=[^,=]*"
_VARIANT_ARGS = re.compile(rf"^(?P<target>.+?):(?P<args>{_PAIR}(?:,{_PAIR})*)$")
_LOOKS_LIKE_ARGS = re.compile(r"^(?P<target>[^:=]+?):(?P<args>.*)$")


def parse_ref(text: str) -> tuple[str, dict[str, int | str], list[Diagnostic]]:
    """A rule set or variant as the command line and records name it, with parameters:
    ``maps-germany:areas=3``, ``table-edge:width=11, height=7``. A key given twice, or
    parameters that cannot be read, are E130."""
    match = _VARIANT_ARGS.match(text)
    if match is None:
        loose = _LOOKS_LIKE_ARGS.match(text)
        if loose is not None and not Path(text).exists() and (
                loose["target"] in bundled_names() or Path(loose["target"]).is_file()):
            return loose["target"], {}, [error("E130", None, "reference", text=text)]
        return text, {}, []
    params: dict[str, int | str] = {}
    problems = []
    for pair in match["args"].split(","):
        key, _, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if key in params:
            problems.append(error("E130", None, "twice", target=match["target"], key=key,
                                  first=params[key], second=value))
            continue
        params[key] = int(value) if re.fullmatch(r"-?\d{1,18}", value) else value
    return match["target"], params, problems


def rules_dir() -> Path:
    """The bundled rule sets: from the source tree in a checkout, else from the installed
    package (where the wheel puts ``rules/`` inside ``carcdsl/``)."""
    package = Path(__file__).resolve().parents[1]
    for candidate in (package.parent / "rules", package / "rules"):
        if (candidate / "base.carc").is_file():
            return candidate
    return package / "rules"


def bundled_names() -> dict[str, Path]:
    """Every bundled rule set and variant by name."""
    root = rules_dir()
    found: dict[str, Path] = {}
    for folder in (root, root / "variants"):
        for suffix in SUFFIXES:
            for path in sorted(folder.glob(f"*{suffix}")):
                found.setdefault(path.stem, path)
    return found


def resolve(target: str, relative_to: Path | None = None, is_path: bool | None = None,
            within: tuple[Path, ...] | None = None) -> Path:
    """A bundled name or a path (relative to ``relative_to``) -> an existing file path.

    With ``within`` (folders, resolved), a path must lie inside one of them, symbolic links
    followed, or inside the bundled rules (E004/outside): a rule file's `extends` and `with`
    read nothing outside the folder the user pointed at. Nothing outside is looked at, so a
    message never says what is there. Raises RuleError (E004) when nothing matches, or the
    path cannot even be looked up (a name longer than the file system allows: E004/bad-path).
    """
    if not target.strip():
        raise RuleError("an empty name", (error("E004", None, "empty"),))
    names = bundled_names()
    looks_like_path = is_path if is_path is not None else (
        "/" in target or "\\" in target or target.endswith(SUFFIXES))
    if not looks_like_path and target in names:
        return names[target]
    base = relative_to if relative_to is not None else Path.cwd()
    try:
        candidate = Path(target) if Path(target).is_absolute() else base / target
        if within is not None and not is_within(candidate, within):
            folders = ", ".join(display_name(f) for f in within)
            raise RuleError(f"{target} is outside {folders}",
                            (error("E004", None, "outside", target=target, folders=folders),))
        if candidate.is_file():
            return candidate
        if candidate.is_dir():
            raise RuleError(f"{target} is a directory",
                            (error("E004", None, "directory", target=target),))
        exists = candidate.exists()
    except (OSError, ValueError) as exc:  # a name too long, a NUL in it
        reason = lookup_reason(exc)
        raise RuleError(f"cannot look up {target}", (error(
            "E004", None, "bad-path", target=show_value(target, cut="..."),
            reason=reason),)) from None
    if exists:  # a device, a pipe: reading it could block or never end
        raise RuleError(f"{target} is not a regular file",
                        (error("E004", None, "not-a-file", target=target),))
    if not looks_like_path:
        said = error("E004", None, target=target, hint=suggest(target, names))
        raise RuleError(said.message, (said,))
    raise RuleError(f"no such file: {target}", (error("E004", None, "no-file", target=target),))


_UNSAVED: ContextVar[Mapping[Path, str] | None] = ContextVar("unsaved", default=None)


@contextmanager
def unsaved_texts(texts: Mapping[Path, str]) -> Iterator[None]:
    """Inside, reading one of these files gives its text here instead of the disk's: an
    editor's unsaved buffers are checked as they are, the files they extend from disk."""
    token = _UNSAVED.set({path.resolve(): text for path, text in texts.items()})
    try:
        yield
    finally:
        _UNSAVED.reset(token)
class BadNameError(ValueError):
    """A path no file can have: ``what`` is ``nul`` or ``surrogate``."""

    def __init__(self, what: str):
        super().__init__(f"a {'NUL character' if what == 'nul' else 'lone surrogate'} "
                         "in the name")
        self.reason_code = f"bad-name/{what}"


def lookup_reason(exc: OSError | ValueError) -> Reason:
    """Why a path could not be looked up (``real_path``'s errors), for a message."""
    if isinstance(exc, OSError):
        return os_reason(exc)
    return Reason("OS_ERRORS", getattr(exc, "reason_code", "EINVAL"), str(exc))


def real_path(path: str | os.PathLike[str]) -> Path:
    """``path`` made absolute with every symbolic link followed, as far as the file system
    goes (a part that does not exist stays as written): the one way a path is judged inside
    or outside a folder. Raises OSError (ELOOP: a loop of links; ENAMETOOLONG) or ValueError
    for a name no file can have (a NUL, a lone surrogate), never RuntimeError as
    ``Path.resolve`` does for a loop."""
    text = os.fspath(path)
    if "\0" in text:
        raise BadNameError("nul")
    try:
        os.fsencode(text)
    except UnicodeEncodeError:  # a surrogate that stands for no byte of a name
        raise BadNameError("surrogate") from None
    try:
        return Path(os.path.realpath(text, strict=True))
    except (FileNotFoundError, NotADirectoryError):
        return Path(os.path.realpath(text))


def is_within(path: str | os.PathLike[str], folders: tuple[Path, ...],
              bundled: bool = True) -> bool:
    """Whether ``path``, symbolic links followed (``real_path``), lies in one of ``folders``
    (resolved), or in the bundled rules unless ``bundled`` is false. Raises as
    ``real_path`` does."""
    real = real_path(path)
    return any(real.is_relative_to(folder)
               for folder in (*folders, *((rules_dir().resolve(),) if bundled else ())))


def read_source(path: Path, shown: str) -> str:
    """The text of a rule file; unreadable, binary, non-UTF-8 or huge files become E003."""
    unsaved = _UNSAVED.get()
    if unsaved and path.resolve() in unsaved:
        return normalise_newlines(unsaved[path.resolve()])
    def fail(form: str, loc: m.Loc | None = None, **args: object) -> RuleError:
        said = error("E003", loc or m.Loc(shown), form, **args)
        return RuleError(said.message, (said,))

    try:
        real_path(path)  # a NUL, a lone surrogate: said, not raised as ValueError
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise fail("too-large", size=size, most=MAX_FILE_BYTES)
        data = path.read_bytes()
    except (OSError, ValueError) as exc:
        raise fail("unreadable", reason=lookup_reason(exc)) from None
    if b"\x00" in data:
        raise fail("binary")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[line_start:exc.start].decode("utf-8", "replace")) + 1
        raise fail("encoding", m.Loc(shown, line, column),
                   byte=f"{data[exc.start]:#04x}") from None
    return normalise_newlines(text)


def display_name(path: Path) -> str:
    """Paths in messages: an installed bundled file by its bundled name (``base``, not a
    path into site-packages); else relative to the working directory when inside it."""
    bundled = _installed_name(path)
    if bundled is not None:
        return bundled
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _installed_name(path: Path) -> str | None:
    """The bundled name of ``path`` when the bundled files are not a checkout's ``rules/``
    (an author edits those, and their paths say where): installed ones, by name only."""
    root = rules_dir()
    if root == Path(__file__).resolve().parents[2] / "rules":
        return None
    resolved = path.resolve()
    for name, bundled in bundled_names().items():
        if bundled.resolve() == resolved:
            return name
    return None
