"""Moves: value objects for a tile placed (with a follower or not) and a tile discarded.

Their JSON form is the one records use (``records.md``); a record reads and writes moves
through ``from_json``/``to_json``, as python-chess reads a move from UCI. A move the format
cannot hold (a square of floats or bools, a rotation of 90.0, a tile that is no name) is
refused when it is made, with ``IllegalMoveError`` (rule ``move``), and so is a square beyond
the squares the engine can represent (rule ``board``, as the engine says it): no state ever
holds a move whose record would not load.
"""

from __future__ import annotations

import re
from typing import Any, TypeAlias

import attrs

from carcdsl.errors import IllegalMoveError, RecordError, show_number, show_value
from carcdsl.geometry import ports as P
from carcdsl.geometry.squares import SPAN
from carcdsl.model.base import as_tuple

_FOLLOWER_AT = re.compile(
    r"(?P<feature>[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*)"
    r"(?::(?P<port>[A-Z]{1,3})|#(?P<index>[2-9]|[1-9][0-9]{1,2}))?")
"""``feature``, ``feature:PORT`` or ``feature#K`` (K >= 2: the K-th segment of the kind without
ports on the tile, in the order its tile line writes them; the first is the bare name)."""


# --- what a move may hold: what a record can write and read back ----------------------------

def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _to_at(value: Any) -> tuple[int, int]:
    """``at`` as a tuple; a value that is no pair at all is refused as ``_check_at`` would."""
    try:
        return as_tuple(value)
    except TypeError:
        raise IllegalMoveError("move", "at", got=show_value(repr(value))) from None


def _check_at(_instance: Any, _attribute: Any, at: Any) -> None:
    """Two ints (not bools, not floats) within the squares the engine can represent; a
    square beyond them is off the board (the engine's ``board``/``span``)."""
    if len(at) != 2 or not all(map(_is_int, at)):
        raise IllegalMoveError("move", "at", got=show_value(list(at)))
    if not all(-SPAN <= c <= SPAN for c in at):
        raise IllegalMoveError("board", "span", at=f"[{', '.join(map(show_number, at))}]",
                               low=-SPAN, high=SPAN)


def _check_rotation(_instance: Any, _attribute: Any, rotation: Any) -> None:
    if not _is_int(rotation) or rotation not in P.ROTATIONS:
        raise IllegalMoveError("move", "rotation", got=show_value(rotation))


def _is_name(value: object) -> bool:
    return isinstance(value, str) and bool(value)


def _check_tile(_instance: Any, _attribute: Any, value: Any) -> None:
    """A Discard's tile, or a Placement's (None there: the next tile of the seeded draw)."""
    if not _is_name(value) and not (value is None and isinstance(_instance, Placement)):
        raise IllegalMoveError("move", "tile", got=show_value(value))


def _check_feature(_instance: Any, _attribute: Any, value: Any) -> None:
    if not _is_name(value):
        raise IllegalMoveError("move", "feature", got=show_value(value))


def _check_kind(_instance: Any, _attribute: Any, value: Any) -> None:
    if value is not None and not _is_name(value):
        raise IllegalMoveError("move", "kind", got=show_value(value))


def _check_follower(_instance: Any, _attribute: Any, value: Any) -> None:
    if value is not None and not isinstance(value, FollowerSpec):
        raise IllegalMoveError("move", "follower", got=show_value(repr(value)))


def _check_port(_instance: Any, _attribute: Any, value: Any) -> None:
    if value is not None and (not isinstance(value, str) or not P.is_port(value)):
        raise IllegalMoveError("move", "port", got=show_value(value))


def _check_index(instance: Any, _attribute: Any, value: Any) -> None:
    """1 for a spot named by a port or the first segment without ports; K >= 2 (no port):
    the K-th segment of the kind without ports (``field#2``)."""
    if not _is_int(value) or value < 1 or (value > 1 and instance.port is not None):
        raise IllegalMoveError("move", "index", got=show_value(value))


# --- the objects ------------------------------------------------------------------------------

@attrs.frozen
class FollowerSpec:
    """Where the mover puts a follower on the tile just placed (``"city:S"``, ``"monastery"``)."""

    feature: str = attrs.field(validator=_check_feature)
    """The feature's name in the rule set (``city``, ``road``, ``field``, ``monastery``, …)."""
    port: str | None = attrs.field(default=None, validator=_check_port)
    """A side (``N``) or half-side (``NNE``) on the board, after rotation; None for the centre."""
    kind: str | None = attrs.field(default=None, validator=_check_kind)
    """The follower kind, where the rules define several; None for the default one."""
    square: tuple[int, int] | None = attrs.field(
        default=None, converter=lambda v: None if v is None else _to_at(v),
        validator=attrs.validators.optional(_check_at))
    """Another placed tile's square the figure goes on (a figure or kind that stands
    ``anywhere``); None: the tile just placed."""
    index: int = attrs.field(default=1, validator=_check_index, kw_only=True)
    """Without a port: which segment of the kind without ports (a centre, an enclosed field)
    the spot is, counting from 1 in the order the tile line writes them (``field#2``)."""

    @classmethod
    def parse(cls, text: str, kind: str | None = None) -> FollowerSpec:
        """Read ``"feature"``, ``"feature:PORT"`` or ``"feature#K"``; raise RecordError
        otherwise."""
        match = _FOLLOWER_AT.fullmatch(text) if isinstance(text, str) else None
        if match is None or (match["port"] is not None and not P.is_port(match["port"])):
            raise RecordError.of("follower", got=show_value(text))
        return cls(match["feature"], match["port"], kind, index=int(match["index"] or 1))

    @classmethod
    def from_json(cls, data: str | dict[str, Any]) -> FollowerSpec:
        """Build from the string form or the object form ``{"at": ..., "kind": ...}``."""
        if isinstance(data, dict):
            spec = cls.parse(data["at"], data.get("kind"))
            square = data.get("square")
            return spec if square is None else attrs.evolve(spec, square=square)
        return cls.parse(data)

    def to_text(self) -> str:
        """``feature:PORT``; for a segment without ports the bare feature name, or
        ``feature#K`` for the K-th of its kind on the tile."""
        if self.port is not None:
            return f"{self.feature}:{self.port}"
        return self.feature if self.index == 1 else f"{self.feature}#{self.index}"

    def to_json(self) -> str | dict[str, Any]:
        """The string form, or the object form when a kind or a square is named."""
        if self.kind is None and self.square is None:
            return self.to_text()
        out: dict[str, Any] = {"at": self.to_text()}
        if self.kind is not None:
            out["kind"] = self.kind
        if self.square is not None:
            out["square"] = list(self.square)
        return out


def _check_recall(_instance: Any, _attribute: Any, value: Any) -> None:
    if value is not None and not isinstance(value, RecallSpec):
        raise IllegalMoveError("move", "recall", got=show_value(repr(value)))


@attrs.frozen
class RecallSpec:
    """A figure the mover takes back instead of placing one (``{"at": [x, y], "spot":
    "garden"}``): its square, its spot named as a follower's, and maybe its kind."""

    at: tuple[int, int] = attrs.field(converter=_to_at, validator=_check_at)
    spot: str = attrs.field(validator=_check_feature)
    """``"monastery"``, ``"city:N"``: as ``FollowerSpec.to_text`` names a spot."""
    kind: str | None = attrs.field(default=None, validator=_check_kind)

    @property
    def where(self) -> FollowerSpec:
        """The spot as a FollowerSpec (feature and port, or which segment without ports)."""
        return FollowerSpec.parse(self.spot)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RecallSpec:
        x, y = data["at"]
        spec = cls((int(x), int(y)), data["spot"], data.get("kind"))
        spec.where  # noqa: B018 - a spot that names no feature is refused here
        return spec

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"at": list(self.at), "spot": self.spot}
        if self.kind is not None:
            out["kind"] = self.kind
        return out


def _check_player(_instance: Any, _attribute: Any, value: Any) -> None:
    if not _is_name(value):
        raise IllegalMoveError("move", "player", got=show_value(value))


@attrs.frozen
class CaptureSpec:
    """The figure the mover captures (``capture ... in line ...``): its square, its spot, its
    kind (``follower``: an ordinary follower) and its owner's name, as the record has them
    (``{"at": [1, 0], "spot": "city:N", "kind": "follower", "player": "Bob"}``)."""

    at: tuple[int, int] = attrs.field(converter=_to_at, validator=_check_at)
    spot: str = attrs.field(validator=_check_feature)
    kind: str = attrs.field(validator=_check_feature)
    player: str = attrs.field(validator=_check_player)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CaptureSpec:
        x, y = data["at"]
        spec = cls((int(x), int(y)), data["spot"], data["kind"], data["player"])
        FollowerSpec.parse(spec.spot)  # a spot that names no feature is refused here
        return spec

    def to_json(self) -> dict[str, Any]:
        return {"at": list(self.at), "spot": self.spot, "kind": self.kind,
                "player": self.player}


@attrs.frozen
class RansomSpec:
    """A ransom the mover pays before placing the tile: to whom, and for which kind of figure
    (``{"player": "Bob", "kind": "follower"}``)."""

    player: str = attrs.field(validator=_check_player)
    kind: str = attrs.field(validator=_check_feature)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RansomSpec:
        return cls(data["player"], data["kind"])

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind}


@attrs.frozen
class BesideSpec:
    """A neutral figure the mover puts beside one of their figures instead of placing one
    (``beside own F``): the neutral figure's name, and the square and spot of the figure it
    goes beside (``{"figure": "fairy", "at": [1, 0], "spot": "road:E"}``)."""

    figure: str = attrs.field(validator=_check_feature)
    at: tuple[int, int] = attrs.field(converter=_to_at, validator=_check_at)
    spot: str = attrs.field(validator=_check_feature)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BesideSpec:
        x, y = data["at"]
        spec = cls(data["figure"], (int(x), int(y)), data["spot"])
        FollowerSpec.parse(spec.spot)  # a spot that names no feature is refused here
        return spec

    def to_json(self) -> dict[str, Any]:
        return {"figure": self.figure, "at": list(self.at), "spot": self.spot}


@attrs.frozen
class MovedSpec:
    """Where a figure went after its feature scored (``move F within N to K``): whose, which
    figure, and the square and spot it went on to, or none of them when it went home
    (``{"player": "Ann", "figure": "wagon", "at": [1, 0], "spot": "road:N"}``, ``{"player":
    "Bob", "figure": "wagon"}``); a record's ``moved`` holds one per such figure, in the
    order decided."""

    player: str = attrs.field(validator=_check_player)
    figure: str = attrs.field(validator=_check_feature)
    at: tuple[int, int] | None = attrs.field(
        default=None, converter=lambda v: None if v is None else _to_at(v))
    spot: str | None = attrs.field(default=None)

    def __attrs_post_init__(self) -> None:
        if self.at is not None:
            _check_at(self, None, self.at)
        if (self.at is None) != (self.spot is None) or self.spot is not None and not \
                _is_name(self.spot):
            raise IllegalMoveError("move", "moved", got=show_value(repr(self)))

    @property
    def home(self) -> bool:
        """Whether the figure went home rather than on."""
        return self.at is None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MovedSpec:
        at = data.get("at")
        spec = cls(data["player"], data["figure"],
                   None if at is None else (int(at[0]), int(at[1])), data.get("spot"))
        if spec.spot is not None:
            FollowerSpec.parse(spec.spot)  # a spot that names no feature is refused here
        return spec

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "figure": self.figure}
        if self.at is not None:
            out["at"], out["spot"] = list(self.at), self.spot
        return out


def _check_moved(_instance: Any, _attribute: Any, value: Any) -> None:
    for spec in value:
        if not isinstance(spec, MovedSpec):
            raise IllegalMoveError("move", "moved", got=show_value(repr(spec)))


def _to_squares(value: Any) -> tuple[tuple[int, int], ...]:
    return tuple(_to_at(v) for v in value or ())


def _check_squares(instance: Any, attribute: Any, value: Any) -> None:
    for at in value:
        _check_at(instance, attribute, at)


def _check_capture(_instance: Any, _attribute: Any, value: Any) -> None:
    if value is not None and not isinstance(value, CaptureSpec):
        raise IllegalMoveError("move", "capture", got=show_value(repr(value)))


def _check_ransom(_instance: Any, _attribute: Any, value: Any) -> None:
    if value is not None and not isinstance(value, RansomSpec):
        raise IllegalMoveError("move", "ransom", got=show_value(repr(value)))


@attrs.frozen
class Placement:
    """One move: a tile put on the board, maybe with a follower."""

    tile: str | None = attrs.field(validator=_check_tile)
    """The tile's name in the rule set; None: the next tile of the seeded draw."""
    at: tuple[int, int] = attrs.field(converter=_to_at, validator=_check_at)
    """``(x, y)``: x grows to the east, y to the south; the start tile lies at ``(0, 0)``."""
    rotation: int = attrs.field(validator=_check_rotation)
    """Degrees clockwise from the tile's orientation in the rule file."""
    follower: FollowerSpec | None = attrs.field(default=None, validator=_check_follower)
    """Where the mover puts a follower, if anywhere."""
    recall: RecallSpec | None = attrs.field(default=None, validator=_check_recall)
    """The figure the mover takes back instead of placing one, if any."""
    choices: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    """The options the mover chose (``choose grow: ... or gather: ...``), in order."""
    drawn: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    """What was drawn from bags during the move (``draw BAG``), in order: a replay takes
    these outcomes, never the seed's."""
    capture: CaptureSpec | None = attrs.field(default=None, validator=_check_capture)
    """The figure the mover captured, where a rule let it (``engine.decisions``)."""
    ransom: RansomSpec | None = attrs.field(default=None, validator=_check_ransom)
    """The ransom the mover paid before placing the tile, if any."""
    walk: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=_to_squares,
                                                    validator=_check_squares)
    """The squares a neutral figure walked onto during the move (``walk F N``), in order,
    each step chosen by the player whose step it was: a replay takes these, never asks."""
    returns: CaptureSpec | None = attrs.field(default=None, validator=_check_capture)
    """The figure the mover sent home instead of placing one (``instead return F``)."""
    beside: BesideSpec | None = attrs.field(default=None)
    """The neutral figure the mover put beside one of theirs instead of placing one."""
    moved: tuple[MovedSpec, ...] = attrs.field(default=(), converter=as_tuple,
                                               validator=_check_moved)
    """Where each figure whose feature scored went (``move F within N``), on or home, in
    the order their owners decided: a replay takes these, never asks."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Placement:
        """Build from a schema-valid placement object."""
        follower, recall = data.get("follower"), data.get("recall")
        x, y = data["at"]
        return cls(data.get("tile"), (int(x), int(y)), int(data["rotation"]),
                   None if follower is None else FollowerSpec.from_json(follower),
                   None if recall is None else RecallSpec.from_json(recall),
                   tuple(data.get("choices", ())), tuple(data.get("drawn", ())),
                   None if data.get("capture") is None
                   else CaptureSpec.from_json(data["capture"]),
                   None if data.get("ransom") is None else RansomSpec.from_json(data["ransom"]),
                   tuple((int(x), int(y)) for x, y in data.get("walk", ())),
                   None if data.get("returns") is None
                   else CaptureSpec.from_json(data["returns"]),
                   None if data.get("beside") is None
                   else BesideSpec.from_json(data["beside"]),
                   tuple(MovedSpec.from_json(m) for m in data.get("moved", ())))

    def to_json(self) -> dict[str, Any]:
        """``{"tile", "at", "rotation", "follower"}`` in that order; absent parts omitted."""
        out: dict[str, Any] = {} if self.tile is None else {"tile": self.tile}
        out["at"] = list(self.at)
        out["rotation"] = self.rotation
        if self.follower is not None:
            out["follower"] = self.follower.to_json()
        if self.recall is not None:
            out["recall"] = self.recall.to_json()
        if self.choices:
            out["choices"] = list(self.choices)
        if self.drawn:
            out["drawn"] = list(self.drawn)
        if self.capture is not None:
            out["capture"] = self.capture.to_json()
        if self.ransom is not None:
            out["ransom"] = self.ransom.to_json()
        if self.walk:
            out["walk"] = [list(at) for at in self.walk]
        if self.returns is not None:
            out["returns"] = self.returns.to_json()
        if self.beside is not None:
            out["beside"] = self.beside.to_json()
        if self.moved:
            out["moved"] = [m.to_json() for m in self.moved]
        return out


@attrs.frozen
class Discard:
    """A drawn tile that fits nowhere; it leaves the game and the same player draws again."""

    tile: str = attrs.field(validator=_check_tile)
    """The name of the tile drawn."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Discard:
        """Build from a schema-valid ``{"discard": TILE}``."""
        return cls(data["discard"])

    def to_json(self) -> dict[str, str]:
        """``{"discard": TILE}``."""
        return {"discard": self.tile}


Move: TypeAlias = Placement | Discard
