"""Game records (``carcdsl-record/1``): the wire format, in and out, kept out of the engine.

A record is one JSON object that replays a game exactly (see ``records.md`` in the spec and
``schemas/record.schema.json``). Reading validates against the JSON Schema first and only then
builds objects, field by field; every problem becomes one :class:`RecordError` whose message
names the source and, for a move, its 0-based index::

    game.json: move 3: 'rotation' must be one of 0, 90, 180, 270 (got 45)
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from carcdsl.engine.events import ScoreEvent
    from carcdsl.engine.state import State
    from carcdsl.model.rules import RuleSet
if TYPE_CHECKING:  # jsonschema is imported when a record is read, not when carcdsl starts
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

from carcdsl.engine.moves import Discard, Move, Placement
from carcdsl.errors import IllegalMoveError, RecordError, show_number, show_value
from carcdsl.formats.digest import rules_digest
from carcdsl.formats.files import NotAFileError, check_name, target_kind, write_atomically
from carcdsl.i18n.breakdown import detail
from carcdsl.i18n.words import Reason, json_reason, os_reason
from carcdsl.model.base import as_tuple
from carcdsl.schemas import validator

FORMAT = "carcdsl-record/1"
"""The value of ``format`` in every record of this version."""

MAX_RECORD_BYTES = 50 * 1024 * 1024
"""Larger files are refused before parsing."""

SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1
"""The seeds a record holds: a signed 64-bit integer, which JSON readers of other languages
can hold too (the schema's ``seed`` says the same)."""

def _to_players(value: int | Iterable[str]) -> tuple[str, ...]:
    """A count N becomes ``("P1", …, "PN")``; names become a tuple."""
    if isinstance(value, int) and not isinstance(value, bool):
        return tuple(f"P{i}" for i in range(1, value + 1))
    return tuple(value)  # type: ignore[arg-type]  # a bool is refused by the schema


@attrs.frozen
class Record:
    """A whole game: the rules, the seats and every move, enough to replay it exactly."""

    rules: str
    """A bundled rule set by name, or a path to a rule file (relative to ``base_dir``)."""
    variants: tuple[str, ...] = attrs.field(converter=as_tuple)
    """Bundled variant names or paths, applied in this order."""
    players: tuple[str, ...] = attrs.field(converter=_to_players)
    """Names in seat order; seat 0 moves first. A count N gives ``P1`` … ``PN``."""
    seed: int | None
    """Seeds the shuffle of the supply; needed when some move names no tile."""
    moves: tuple[Move, ...] = attrs.field(converter=as_tuple)
    """Every move, in order."""
    final: bool = False
    """Run final scoring after the last move even though tiles remain."""
    base_dir: str | None = None
    """The directory of the record file, against which rule paths are resolved."""
    rules_digest: str | None = None
    """``sha256:<hex>`` of the composed rule set the game was played with (``rules_digest``);
    None: not known (a hand-written record), and not checked on replay."""

    def __attrs_post_init__(self) -> None:
        if not self.players:
            raise RecordError.of("players-empty")
        if len(set(self.players)) != len(self.players):
            raise RecordError.of("players-unique")
        seed = self.seed
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                 or not SEED_MIN <= seed <= SEED_MAX):
            raise RecordError.of("seed-range", least=SEED_MIN, most=SEED_MAX,
                                 got=compact(self.seed))
        if self.seed is None:
            for index, move in enumerate(self.moves):
                if isinstance(move, Placement) and move.tile is None:
                    raise RecordError.of("needs-seed", index, move_index=index)

    def to_json(self) -> dict[str, Any]:
        """The record as the spec lays it out, keys in the spec's order."""
        out: dict[str, Any] = {"format": FORMAT, "rules": self.rules,
                               "variants": list(self.variants), "players": list(self.players)}
        if self.seed is not None:
            out["seed"] = self.seed
        out["moves"] = [move.to_json() for move in self.moves]
        out["final"] = self.final
        if self.rules_digest is not None:
            out["rules_digest"] = self.rules_digest
        return out

    def to_text(self) -> str:
        """JSON with 2-space indentation, one move per line, ending with a newline."""
        try:
            return _layout(self.to_json(), ensure_ascii=False)
        except UnicodeEncodeError:  # a lone surrogate cannot be UTF-8: escape everything
            return _layout(self.to_json(), ensure_ascii=True)


def _layout(data: dict[str, Any], ensure_ascii: bool) -> str:
    def dumps(value: object) -> str:
        return json.dumps(value, ensure_ascii=ensure_ascii)

    lines = []
    for key, value in data.items():
        if key == "moves" and value:
            moves = ",\n".join(f"    {dumps(move)}" for move in value)
            lines.append(f"  {dumps(key)}: [\n{moves}\n  ]")
        else:
            lines.append(f"  {dumps(key)}: {dumps(value)}")
    text = "{\n" + ",\n".join(lines) + "\n}\n"
    text.encode("utf-8")  # raises UnicodeEncodeError on a lone surrogate
    return text


# --- reading ----------------------------------------------------------------------------------

def _validator() -> Draft202012Validator:
    return validator("record")


def parse_record(data: object, source: str = "<record>") -> Record:
    """Build a Record from decoded JSON, validating it against the schema first.

    Raises RecordError with one message naming ``source`` and, for a bad move, its index.
    """
    try:
        _refuse_long_numbers(data)  # jsonschema's messages would fail to write them
        error = _first_best(_validator().iter_errors(data))
    except RecursionError:
        raise RecordError.of("nested", source) from None
    except RecordError as exc:
        raise exc.within(source) from None
    if error is not None:
        raise describe_error(error).within(source)
    try:
        return _build(data)  # type: ignore[arg-type]  # the schema guarantees a dict
    except RecordError as exc:
        raise exc.within(source) from None


def _first_best(errors: Iterable[ValidationError]) -> ValidationError | None:
    """jsonschema's ``best_match``, except that of equally relevant errors the first in the
    document wins (``best_match`` breaks ties by the larger path: ``players[1]`` over
    ``players[0]``, the last bad move over the first)."""
    from collections import deque

    from jsonschema.exceptions import best_match, relevance

    def key(error: ValidationError) -> tuple:
        return tuple(v for v in relevance(error) if not isinstance(v, deque))

    return best_match(errors, key=key)


def _build(data: dict[str, Any]) -> Record:
    moves = []
    for index, move in enumerate(data["moves"]):
        try:
            build = Discard.from_json if "discard" in move else Placement.from_json
            moves.append(build(move))
        except RecordError as exc:
            raise exc.within(index, move_index=index) from None
        except IllegalMoveError as exc:  # a square beyond the board (Placement refuses it)
            raise RecordError.of("illegal-move", index=index, move=compact(move),
                                 reason=exc, code=exc.rule, move_index=index,
                                 illegal=exc) from None
    return Record(data["rules"], data.get("variants", ()), _players_from_json(data["players"]),
                  _int_or_none(data.get("seed")), moves, data.get("final", False),
                  rules_digest=data.get("rules_digest"))


def compact(data: object) -> str:
    """A move as an error quotes it: one line of JSON, a number of more than 30 digits by
    its size (``~10^4000``), so that one message never runs to pages."""
    if isinstance(data, dict):
        return "{" + ", ".join(f"{json.dumps(k, ensure_ascii=False)}: {compact(v)}"
                               for k, v in data.items()) + "}"
    if isinstance(data, list):
        return "[" + ", ".join(map(compact, data)) + "]"
    if isinstance(data, int) and not isinstance(data, bool):
        return show_number(data)
    return json.dumps(data, ensure_ascii=False)


def _players_from_json(value: int | float | list[str]) -> int | list[str]:
    # JSON Schema counts 2.0 as an integer; the model wants a real int.
    return value if isinstance(value, list) else int(value)


def _int_or_none(value: float | None) -> int | None:
    return None if value is None else int(value)


def load_record(path: str | os.PathLike[str]) -> Record:
    """Read, decode, validate and build the record in the file at ``path``.

    Every failure (unreadable, too large, not UTF-8, not JSON, not a record) is a RecordError
    naming the path. ``base_dir`` is set to the file's directory.
    """
    source = str(path)
    data = _decode_json(_read_text(Path(path), source), source)
    record = parse_record(data, source)
    return attrs.evolve(record, base_dir=str(record_home(path)))


def record_home(path: str | os.PathLike[str]) -> Path:
    """The directory a record's rule paths are relative to: the real file's, a symbolic
    link followed (the file is the same whichever link leads to it); a FIFO's or a device's
    own, as given."""
    if _special(Path(path)) is not None:
        return Path(os.path.abspath(path)).parent
    return Path(os.path.realpath(path)).parent


def rebase_rule_paths(record: Record, path: str | os.PathLike[str],
                      from_dir: str | os.PathLike[str] | None = None) -> Record:
    """``record`` to be saved at ``path``, its rule files named relative to that record (the
    spec; to the real file, when ``path`` is a link) instead of the working directory, as a
    command line gives them (or ``from_dir``: the folder of the record it was read from).
    Bundled names, and references that are no rule file path, stay as they are."""
    # here, not at the top: importing carcdsl does not load the rule language
    from carcdsl.lang.sources import SUFFIXES, bundled_names

    def rebase(ref: str) -> str:
        target, sep, params = ref.partition(":")
        if target in bundled_names() or not target.endswith(SUFFIXES):
            return ref
        rel = os.path.relpath(Path(from_dir or ".", target).resolve(), record_home(path))
        return rel + sep + params

    return attrs.evolve(record, rules=rebase(record.rules),
                        variants=tuple(rebase(v) for v in record.variants))


def check_rule_paths(record: Record, home: str | os.PathLike[str] | None = None) -> None:
    """Raise RecordError unless every rule file ``record`` names (``rules``, ``variants``) is
    a bundled name or a path inside the record's folder ``home`` (default: its ``base_dir``,
    else the working directory): no absolute path, no ``..`` out of it, no symbolic link
    leading out of it (``lang.sources.is_within``), and no name no file can have (a NUL, a
    lone surrogate, a loop of links). The message quotes the reference, never what the file
    holds."""
    base = Path(os.path.realpath(home if home is not None else record.base_dir
                                 or os.getcwd()))
    for subject, ref in [("rules", record.rules),
                         *((f"variants[{i}]", v) for i, v in enumerate(record.variants))]:
        problem = _outside(ref, base)
        if problem is not None:
            key, reason = problem
            got = show_value(ref).encode("utf-8", "backslashreplace").decode("utf-8")
            if reason is None:
                raise RecordError.of(key, subject=repr(subject), got=got)
            raise RecordError.of(key, subject=repr(subject), got=got, reason=reason)


def _outside(ref: str, base: Path) -> tuple[str, Reason | None] | None:
    """Why ``ref`` (with or without parameters after a colon) may name a file outside
    ``base`` (``path-absolute``, ``path-outside``), or names none that can be
    (``path-bad``, with its reason), and the message's arguments; None when it cannot."""
    # here, not at the top: importing carcdsl does not load the rule language
    from carcdsl.lang.sources import (
        SUFFIXES,
        BadNameError,
        bundled_names,
        is_within,
        lookup_reason,
    )

    try:
        ref.encode("utf-8")  # a record is UTF-8 text: even a surrogate a name may hold
    except UnicodeEncodeError:
        return "path-bad", lookup_reason(BadNameError("surrogate"))
    names = bundled_names()
    # the file is the reference up to some colon, or all of it (``lang.sources.parse_ref``):
    # every reading must stay inside
    for target in [ref, *(ref[:i] for i, c in enumerate(ref) if c == ":")]:
        path_like = "/" in target or "\\" in target or target.endswith(SUFFIXES)
        if not target or (target in names and not path_like):
            continue
        if os.path.isabs(target):
            return "path-absolute", None
        try:
            if not is_within(base / target, (base,), bundled=False):
                return "path-outside", None
        except (OSError, ValueError) as exc:
            return "path-bad", lookup_reason(exc)
    return None


def _read_text(path: Path, source: str) -> str:
    try:
        check_name(path)
        with path.open("rb") as f:
            raw = f.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError.of("unreadable", source, reason=os_reason(exc)) from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError.of("too-large", source, most=MAX_RECORD_BYTES)
    if b"\0" in raw:
        raise RecordError.of("binary", source)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError.of("encoding", source, offset=exc.start) from None


def _decode_json(text: str, source: str) -> object:
    def no_constants(name: str) -> object:
        raise RecordError.of("constant", source, name=name)

    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in pairs:
            if key in seen:
                raise RecordError.of("duplicate-key", source, key=repr(key))
            seen[key] = value
        return seen

    try:
        data = json.loads(text, parse_constant=no_constants, object_pairs_hook=no_duplicates,
                          parse_int=_read_int)
    except json.JSONDecodeError as exc:
        raise RecordError.of("json", source, line=exc.lineno, column=exc.colno,
                             reason=json_reason(exc)) from None
    except RecursionError:
        raise RecordError.of("json-nested", source) from None
    return data


class _LongNumber(str):
    """An integer of more digits than Python reads (4,300: ``sys.get_int_max_str_digits``),
    kept as its text till its place in the record is known."""


def _read_int(text: str) -> int | _LongNumber:
    try:
        return int(text)
    except ValueError:
        return _LongNumber(text)


def _digits(value: object) -> int | None:
    """How many digits ``value`` has when it is a number too long for Python to read or
    write (more than ``sys.get_int_max_str_digits``); None for anything else."""
    if isinstance(value, _LongNumber):
        return len(value.lstrip("-"))
    if isinstance(value, int) and value.bit_length() > 10_000:  # a record built in Python
        try:
            str(value)
        except ValueError:
            return int(abs(value).bit_length() * 0.30103) + 1
    return None


def _refuse_long_numbers(data: object) -> None:
    """A RecordError at the place of the first number too long to read (``move 3:
    'at[0]'``, ``'seed'``), in document order; none when there is none."""
    stack: list[tuple[tuple[str | int, ...], object]] = [((), data)]
    while stack:
        path, value = stack.pop()
        digits = _digits(value)
        if digits is not None:
            index = (path[1] if len(path) >= 2 and path[0] == "moves"
                     and isinstance(path[1], int) else None)
            where = () if index is None else (index,)
            subject = repr(_dotted(path[2:] if index is not None else path))
            raise RecordError.of("number-too-long", *where, move_index=index,
                                 subject=subject, digits=digits)
        if isinstance(value, dict):
            stack.extend(((*path, k), v) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in reversed(list(enumerate(value))))


# --- writing ----------------------------------------------------------------------------------

def dump_record(record: Record, path: str | os.PathLike[str]) -> None:
    """Write ``record`` to ``path``. A regular file (new, or one a symbolic link leads to) is
    written atomically: a new file renamed over the old, which stays whole if anything fails.
    A FIFO or a character device (``/dev/stdout``) is written into, as a shell redirection
    would; nothing else (a directory, a block device, a socket) is ever replaced."""
    check_record_path(path)
    data = record.to_text().encode("utf-8")
    if _special(Path(path)) is not None:  # a FIFO or a terminal, maybe behind a link
        _write_through(Path(path), data, str(path))
        return
    try:
        write_atomically(path, data)  # a link is followed, never replaced
    except OSError as exc:
        raise RecordError.of("unwritable", str(path), reason=os_reason(exc)) from None


def check_record_path(path: str | os.PathLike[str]) -> None:
    """Raise RecordError when a record could never be written to ``path`` (a directory, a
    block device, a socket, a loop of links, a missing directory), before a game is played
    to fill it."""
    source = str(path)
    try:
        kind = target_kind(path)
    except OSError as exc:  # a loop of links, no permission to look, a NUL in the name
        raise RecordError.of("unwritable", source, reason=os_reason(exc)) from None
    target = Path(os.path.realpath(path))
    if kind == "directory" or source.endswith(os.sep):
        raise RecordError.of("unwritable", source,
                             reason=os_reason(OSError(errno.EISDIR, "Is a directory")))
    if kind in ("block", "socket"):
        raise RecordError.of(f"unwritable-{'device' if kind == 'block' else 'socket'}",
                             source)
    if kind == "other":
        raise RecordError.of("unwritable", source,
                             reason=os_reason(NotAFileError(source, kind)))
    if kind is None and not target.parent.is_dir():
        code = errno.ENOENT if not target.parent.exists() else errno.ENOTDIR
        raise RecordError.of("unwritable", source,
                             reason=os_reason(OSError(code, os.strerror(code))))


def _special(target: Path) -> str | None:
    """What ``target`` is, links followed, when it exists and is no regular file
    (``files.target_kind``); None too when it cannot be looked up."""
    try:
        return target_kind(target)
    except OSError:
        return None


def _write_through(target: Path, data: bytes, source: str) -> None:
    """Write into a FIFO or a character device as it is (it cannot be replaced, and a
    rename would destroy it)."""
    try:
        fd = os.open(target, os.O_WRONLY)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
    except OSError as exc:
        raise RecordError.of("unwritable", source, reason=os_reason(exc)) from None


# --- messages ---------------------------------------------------------------------------------

_EXPECTED: dict[tuple[tuple[str | int, ...], str], str] = {
    ((), "type"): "object",
    (("players",), "type"): "players",
    (("follower",), "type"): "follower",
    (("at",), "type"): "at",
    (("at",), "minItems"): "at",
    (("at",), "maxItems"): "at",
    (("rules_digest",), "pattern"): "digest",
}
"""Messages (``expected/...``) for paths (inside a move, or the record) where the schema's own
word misleads."""


def _move_index(error: ValidationError) -> int | None:
    path = list(error.absolute_path)
    if len(path) >= 2 and path[0] == "moves" and isinstance(path[1], int):
        return path[1]
    return None


def _dotted(path: Sequence[str | int]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def describe_error(error: ValidationError) -> RecordError:
    """The RecordError for people about a schema error: where (``move 3: 'rotation'``) and
    what."""
    from carcdsl.i18n.words import Phrase

    index = _move_index(error)
    path = tuple(error.absolute_path)
    if index is not None:
        path = path[2:]
    subject: object = (repr(_dotted(path)) if path else
                       Phrase("a-move") if index is not None else Phrase("a-record"))
    key, args = _explain(error, subject, path)
    where: tuple[int, ...] = () if index is None else (index,)
    return RecordError.of(key, *where, move_index=index, **args)  # type: ignore[arg-type]


def _explain(error: ValidationError, subject: object,
             path: tuple[str | int, ...]) -> tuple[str, dict[str, object]]:
    """The key and arguments of a schema error's message (``catalog_*.RECORDS``)."""
    kind, value, got = error.validator, error.validator_value, show_value(error.instance)
    expected = _EXPECTED.get((path, kind))
    if expected is not None:
        return f"expected/{expected}", {"subject": subject, "got": got}
    if kind == "required":
        missing = [key for key in value if key not in error.instance]
        return "missing-key", {"subject": subject, "key": repr(missing[0])}
    if kind == "additionalProperties":
        return _explain_unknown_keys(error, subject, path)
    explain = _SIMPLE.get(kind)
    if explain is None:
        return "schema", {"subject": subject, "reason": error.message}
    key, args = explain(error, got)
    return key, {"subject": subject, **args}


def _explain_unknown_keys(error: ValidationError, subject: object,
                          path: tuple[str | int, ...]) -> tuple[str, dict[str, object]]:
    allowed = list(error.schema.get("properties", {}))
    unknown = sorted(key for key in error.instance if key not in allowed)
    if "discard" in allowed and len(allowed) == 1:
        return "unknown-key-discard", {"key": repr(unknown[0])}
    args: dict[str, object] = {"key": repr(unknown[0]), "allowed": ", ".join(map(repr, allowed))}
    return ("unknown-key", args) if not path else ("unknown-key-in", {**args, "subject": subject})


_SIMPLE: dict[str, Callable[[ValidationError, str], tuple[str, dict[str, object]]]] = {
    "type": lambda e, got: ("type", {"types": _types(e.validator_value), "got": got}),
    "enum": lambda e, got: ("enum", {"values": ", ".join(map(show_value, e.validator_value)),
                                     "got": got}),
    "const": lambda e, got: ("const", {"value": show_value(e.validator_value), "got": got}),
    "minLength": lambda e, got: ("empty", {}),
    "minItems": lambda e, got: ("empty", {}),
    "maxItems": lambda e, got: ("max-items", {"most": e.validator_value}),
    "minimum": lambda e, got: ("minimum", {"least": e.validator_value, "got": got}),
    "maximum": lambda e, got: ("maximum", {"most": e.validator_value, "got": got}),
    "uniqueItems": lambda e, got: ("unique", {"got": got}),
    "pattern": lambda e, got: ("pattern", {"got": got}),
}
"""The key and arguments of a message per schema keyword, given the error and the bad value
shown."""


def _types(value: str | list[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


# --- games as records and as replay output --------------------------------------------------

def record_of(state: State) -> Record:
    """The record of ``state``'s game so far (``final`` when it ended with tiles left), with
    the digest of its rules."""
    game = state.game
    return Record(game.source, game.variant_refs, state.players, state.seed,
                  tuple(state.moves), state.finished and bool(state.supply.pile), None,
                  rules_digest(game.rules))


def check_rules_digest(record: Record, rules: RuleSet) -> None:
    """Raise RecordError when ``record`` carries a digest other than that of ``rules`` (the
    rules as they load now), naming both; a record without one is not checked."""
    if record.rules_digest is None:
        return
    now = rules_digest(rules)
    if now != record.rules_digest:
        raise RecordError.of("rules-digest", recorded=record.rules_digest, now=now)


def event_json(event: ScoreEvent) -> dict[str, Any]:
    """A scoring as the spec's ``replay --json`` lists it; ``detail`` is the English
    breakdown."""
    return {"move": event.move, "player": event.player, "feature": event.feature,
            "when": event.when, "points": event.points, "detail": detail(event.points,
                                                                         event.terms)}


def replay_output(state: State) -> dict[str, Any]:
    """The spec's ``replay --json`` shape; when the rule set has tokens, ``tokens`` too: every
    movement of tokens (``TokenEvent.to_json``), set-up included, in order (each with
    ``events_before``, the number of ``events`` that came before it)."""
    out: dict[str, Any] = {"players": list(state.players), "scores": list(state.scores),
                           "finished": state.finished,
                           "events": [event_json(e) for e in state.events]}
    if state.tables.modes.tokens:
        out["tokens"] = [e.to_json() for e in state.token_events]
    return out

