"""What the checker's mixins (``kinds``, ``game``, ``names``, ``tiles``, ``play``, ``dead``)
may use of the checker that hosts them (``checker._Checker``): its state and its helpers,
declared once. A mixin stores nothing itself (empty ``__slots__``, so the slotted attrs host
stays without a ``__dict__``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from carcdsl.diagnostics import Diagnostic
from carcdsl.model.base import Loc
from carcdsl.model.rules import RuleSet
from carcdsl.model.tiles import FeatureKind


class CheckerHost:
    """The host's fields and helpers, as the mixins see them."""

    __slots__ = ()

    rules: RuleSet
    out: list[Diagnostic]
    kinds: dict[str, FeatureKind]
    geometry: dict[str, str]
    landmarks: set[str]
    field_kinds: list[str]
    used: set[str]
    asked: str | None

    if TYPE_CHECKING:
        def error(self, code: str, loc: Loc | None, form: str = "", /,
                  **args: object) -> None: ...
        def warn(self, code: str, loc: Loc | None, form: str = "", /,
                 **args: object) -> None: ...
        def hint(self, word: str, group: str, candidates: Iterable[str]) -> str: ...
        def wrong_kind(self, kind: str | None, wanted: tuple[str, ...], place: str,
                       loc: Loc | None, **args: object) -> None: ...
        def rules_sets(self) -> int: ...
        def port_hint(self, port: str) -> str: ...
        def figure_names(self) -> list[str]: ...
        def check_expr(self, kind: FeatureKind, expr: object, loc: Loc | None) -> None: ...
        def check_divisors(self, expr: object, loc: Loc | None) -> None: ...
        def check_by_players(self, entries: tuple, prop: str, owner: object, default: bool,
                             form: str, missing_at: Loc | None, most: int,
                             **names: object) -> None: ...
        @property
        def markers(self) -> set[str]: ...
