"""What a variant does to declarations other files made: removes them (``remove tile``,
``remove feature|figure|token|group``), declares them again word for word (``differing``
says how two declarations differ), or makes them wait for other variants (``when``:
``settle``). Functions of a ``lang.builder.Builder``, which calls them."""

from __future__ import annotations

from typing import Protocol

from carcdsl.diagnostics import suggest, warning
from carcdsl.lang.decls import RemoveNames, RemoveTiles
from carcdsl.lang.sources import bundled_names
from carcdsl.model.base import Loc


class Builder(Protocol):
    """What these functions read and change of a ``lang.builder.Builder``."""

    game: dict
    game_locs: dict
    kinds: dict
    tiles: dict
    tokens: dict
    figures: dict
    groups: dict
    variants: list
    diagnostics: list
    pending: list
    in_variant: bool

    def count_changed(self, loc: Loc | None) -> None: ...
    def problem(self, code: str, loc: Loc | None, form: str = "", /,
                **args: object) -> None: ...
    def apply(self, decl, params: dict | None = None, inherited: bool = False) -> None: ...


def remove_tiles(b: Builder, decl: RemoveTiles) -> None:
    """``remove tile NAME, ...`` and ``remove all tiles``; E102 for a tile not declared."""
    if decl.names is None:
        b.count_changed(decl.loc)
        if b.game.get("start") in b.tiles:
            b.game_locs["start-removed"] = decl.loc
        b.tiles.clear()
        return
    for name in decl.names:
        if b.tiles.pop(name, None) is None:
            b.problem("E102", decl.loc, "remove", name=name,
                         hint=suggest(name, b.tiles))
        else:
            b.count_changed(decl.loc)
            if name == b.game.get("start"):  # E114 is said here, not at `start`
                b.game_locs["start-removed"] = decl.loc


def remove_names(b: Builder, decl: RemoveNames) -> None:
    """``remove feature|figure|token|group NAME, ...``; E102 for one not declared."""
    table = {"feature": b.kinds, "figure": b.figures, "token": b.tokens,
             "group": b.groups}[decl.what]
    for name in decl.names:
        if table.pop(name, None) is None:
            b.problem("E102", decl.loc, f"remove-{decl.what}", name=name,
                         hint=suggest(name, table))


def settle(b: Builder) -> None:
    """Apply each ``when`` block whose variants are all part of the rule set, in the
    order written (one inside another waits its turn as well); W108 at a name that is
    neither bundled nor applied (a block that could never apply)."""
    known = set(bundled_names())
    was, b.in_variant = b.in_variant, True
    try:
        while b.pending:
            decl, params, inherited = b.pending.pop(0)
            for name, loc in zip(decl.names, decl.name_locs or [decl.loc] * len(decl.names)):
                if name not in known and name not in b.variants:
                    b.diagnostics.append(warning(
                        "W108", loc, name=name,
                        hint=suggest(name, sorted(known | set(b.variants)))))
            if all(name in b.variants for name in decl.names):
                for inner in decl.decls:
                    b.apply(inner, params, inherited)
    finally:
        b.in_variant = was


def differing(first: dict, again: dict) -> list[str]:
    """The properties two declarations of one name give differently (locations aside)."""
    skip = {"loc", "field_locs"}
    return sorted(k for k in set(first) | set(again)
                  if k not in skip and first.get(k) != again.get(k))
