"""Moves: value objects for a tile placed (with a follower or not) and a tile discarded.

Their JSON form is the one records use (``records.md``); a record reads and writes moves
through ``from_json``/``to_json``, as python-chess reads a move from UCI.
"""

from __future__ import annotations

import re
from typing import Any, TypeAlias

import attrs

from carcdsl.errors import RecordError, show_value
from carcdsl.geometry import ports as P
from carcdsl.model.base import as_tuple

_FOLLOWER_AT = re.compile(
    r"(?P<feature>[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*)(?::(?P<port>[A-Z]{1,3}))?")


# --- the objects ------------------------------------------------------------------------------

@attrs.frozen
class FollowerSpec:
    """Where the mover puts a follower on the tile just placed (``"city:S"``, ``"monastery"``)."""

    feature: str
    """The feature's name in the rule set (``city``, ``road``, ``field``, ``monastery``, …)."""
    port: str | None = attrs.field(default=None,
                                   validator=attrs.validators.optional(attrs.validators.in_(P.INDEX)))
    """A side (``N``) or half-side (``NNE``) on the board, after rotation; None for the centre."""
    kind: str | None = None
    """The follower kind, where the rules define several; None for the default one."""

    @classmethod
    def parse(cls, text: str, kind: str | None = None) -> FollowerSpec:
        """Read ``"feature"`` or ``"feature:PORT"``; raise RecordError otherwise."""
        match = _FOLLOWER_AT.fullmatch(text) if isinstance(text, str) else None
        if match is None or (match["port"] is not None and not P.is_port(match["port"])):
            raise RecordError.of("follower", got=show_value(text))
        return cls(match["feature"], match["port"], kind)

    @classmethod
    def from_json(cls, data: str | dict[str, Any]) -> FollowerSpec:
        """Build from the string form or the object form ``{"at": ..., "kind": ...}``."""
        if isinstance(data, dict):
            return cls.parse(data["at"], data.get("kind"))
        return cls.parse(data)

    def to_text(self) -> str:
        """``feature:PORT``, or the bare feature name for the centre."""
        return self.feature if self.port is None else f"{self.feature}:{self.port}"

    def to_json(self) -> str | dict[str, str]:
        """The string form, or the object form when a kind is named."""
        if self.kind is None:
            return self.to_text()
        return {"at": self.to_text(), "kind": self.kind}


@attrs.frozen
class Placement:
    """One move: a tile put on the board, maybe with a follower."""

    tile: str | None
    """The tile's name in the rule set; None: the next tile of the seeded draw."""
    at: tuple[int, int] = attrs.field(converter=as_tuple)
    """``(x, y)``: x grows to the east, y to the south; the start tile lies at ``(0, 0)``."""
    rotation: int = attrs.field(validator=attrs.validators.in_(P.ROTATIONS))
    """Degrees clockwise from the tile's orientation in the rule file."""
    follower: FollowerSpec | None = None
    """Where the mover puts a follower, if anywhere."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Placement:
        """Build from a schema-valid placement object."""
        follower = data.get("follower")
        x, y = data["at"]
        return cls(data.get("tile"), (int(x), int(y)), int(data["rotation"]),
                   None if follower is None else FollowerSpec.from_json(follower))

    def to_json(self) -> dict[str, Any]:
        """``{"tile", "at", "rotation", "follower"}`` in that order; absent parts omitted."""
        out: dict[str, Any] = {} if self.tile is None else {"tile": self.tile}
        out["at"] = list(self.at)
        out["rotation"] = self.rotation
        if self.follower is not None:
            out["follower"] = self.follower.to_json()
        return out


@attrs.frozen
class Discard:
    """A drawn tile that fits nowhere; it leaves the game and the same player draws again."""

    tile: str
    """The name of the tile drawn."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Discard:
        """Build from a schema-valid ``{"discard": TILE}``."""
        return cls(data["discard"])

    def to_json(self) -> dict[str, str]:
        """``{"discard": TILE}``."""
        return {"discard": self.tile}


Move: TypeAlias = Placement | Discard
