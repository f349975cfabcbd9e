"""The model's footing: where things were written (``Loc``) and the attrs helpers every rule
object uses."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs


def as_tuple(value: Iterable[Any] | None) -> tuple[Any, ...]:
    """attrs converter: any iterable (None: none) to a tuple, so that rule objects are
    immutable whatever their builders passed."""
    return tuple(value) if value is not None else ()


@attrs.frozen
class Loc:
    """Where something was written: a file and a 1-based line and column, or (in a JSON rule
    set) the JSON path of the object, ``$.tiles[3].segments[1]``."""

    file: str
    line: int = 0
    column: int = 0
    path: str | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}" if self.line else self.file


def loc_field() -> Loc | None:
    """A location is carried along for messages but never part of an object's value."""
    return attrs.field(default=None, eq=False, repr=False, kw_only=True)


class Located:
    """Objects whose properties each remember where they were written (``field_locs``)."""

    def loc_of(self, prop: str) -> Loc | None:
        """Where property ``prop`` was written; the object's own location otherwise."""
        return dict(self.field_locs).get(prop, self.loc)  # type: ignore[attr-defined]
