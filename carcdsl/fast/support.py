"""What the compiled engine runs: ``unsupported`` names the first construct of a rule set it
does not run yet, so that the front ends can say so in one line and let the Python engine play
instead."""

from __future__ import annotations

from carcdsl.compile.constructs import (
    ALL,
    COMPLETABLE,
    KINDS,
    NONE,
    SIDES,
    describe,
    unclaimed,
)
from carcdsl.compile.modes import EXTENDS, INSTEAD_RETURN, MOVE_HERE, PLACE_ANYWHERE, WALK
from carcdsl.compile.tables import CENTRE, FIELD, PATH, Tables

SEED_LIMIT = 2 ** 49
"""Seeds the kernel seeds itself: ``seed * 7919 + seat`` (a bot's generator) stays in 64 bits."""


_KINDS, _SIDES, _COMPLETABLE, _ANY = KINDS, SIDES, COMPLETABLE, NONE

RUNS: dict[str, frozenset] = {
    # fast.effects: on place rules, on complete rules, tokens, requirements
    "on place surrounded": _ANY, "on place covers": _ANY, "on place shows": _KINDS,
    "on place extends": _SIDES | {FIELD},
    "action extra turn on place": _ANY, "action score on place": _ANY,
    "action put on place": _KINDS, "action hide on place": _ANY,
    "on complete": _COMPLETABLE, "action extra turn on complete": _COMPLETABLE,
    "action score on complete": _COMPLETABLE, "action take on complete": _COMPLETABLE,
    "action hide on complete": _COMPLETABLE,
    "require when surrounded": _ANY, "require when covers": _ANY, "require when shows": _ANY,
    "require joins": _SIDES, "require no-repeat": frozenset({PATH}),
    "require look-ahead": frozenset({PATH}), "require apart": _SIDES,
    "require at-most": _KINDS, "require at-least": _KINDS,
    # the kernel's scoring and fast.program's stack machine
    "score complete": _COMPLETABLE, "score final": _KINDS,
    "score per scorer": _KINDS,
    "quantity tiles": _KINDS, "quantity pennants": _SIDES,
    "quantity neighbours": frozenset({CENTRE}), "quantity followers": _KINDS,
    "quantity completed": frozenset({FIELD}), "quantity markers": _KINDS,
    "quantity attribute": _KINDS, "quantity own": _KINDS, "quantity figures": _KINDS,
    "quantity neighbours showing": frozenset({CENTRE}), "kind breaks ties": _ANY,
    "tile several centres": _ANY,
    "expression number": _ANY, "expression quantity": _ANY, "expression times": _ANY,
    "expression sum": _ANY, "expression if": _ANY, "expression product": _ANY,
    "expression minus": _ANY, "expression divide": _ANY,
    # the kernel's moves and fast.figures
    "follower on": ALL, "figure stands on": ALL,
    "figure strength 0": _ANY, "figure with own": _ANY, "figure excludes": _ANY,
    "figure strength expression": _ANY,
    "figure at corner": _ANY, "figure keeps out": _ANY,  # fast.movegen, fast.figures
    "on place extends with": _SIDES | {FIELD}, "on final": _KINDS,  # fast.bags
    "action score to most": _ANY,  # fast.measure
    "figure recall": _ANY,
    "figure recall score final": _ANY,
    # fast.elsewhere, fast.decisions
    "figure anywhere": _ANY, "figure with": _ANY, "figure supply by players": _ANY,
    "follower anywhere": _KINDS, "follower anywhere with": _KINDS,
    "action capture": _ANY, "game ransom": _ANY,
    # fast.neutral, fast.targets
    "figure neutral": _ANY, "figure avoids": _ANY, "on enter": _ANY,
    "action return figures here": _ANY, "action move here on place": _ANY,
    "action walk on place": _ANY, "supply hold back": _ANY,
    "figure beside": _ANY, "figure blocks": _ANY, "on turn beside": _ANY,
    "on score beside": _ANY, "on place shows attribute": _ANY,
    "action instead return on place": _ANY, "action place anywhere on place": _ANY,
    "on figure": _ANY, "on draw": _ANY, "action draw": _ANY, "action return tokens": _ANY,
    "action return figures": _ANY, "action score to": _ANY, "action choose": _ANY,
    "token bag": _ANY,
    "token": _ANY, "token each player": _ANY, "token start sides": _ANY,
    "token collected": _ANY, "token final points": _ANY,
    "token score expression": _ANY, "token most points": _ANY,
    "supply bag": _ANY, "supply hand": _ANY, "supply start drawn": _ANY, "supply order": _ANY,
    "turn first player draw": _ANY, "end tile-unplaceable": _ANY,
    # fast.boards
    "board bounds": _ANY, "board map": _ANY, "board edge closes": _ANY,
    "board edge filled": _ANY, "board markers": _ANY,
    "attribute": _KINDS,
    # fast.owned
    "supply owned": _ANY, "kind fits any": ALL, "require surrounded": _ANY,
    # fast.moving
    "on scored": _ANY, "action move within": _ANY,
}
"""What the kernel runs: each construct of ``compile.constructs`` and the geometries of the
kinds it runs it on. A construct it has not claimed makes the front ends fall back on the
Python engine in one line."""


_NEUTRAL_ACTIONS = frozenset({MOVE_HERE, WALK, INSTEAD_RETURN, PLACE_ANYWHERE})


def unsupported(tables: Tables) -> str | None:
    """The first construct of ``tables`` the kernel does not run (a phrase naming it); None
    when it runs all of it."""
    left = unclaimed(tables, RUNS)
    if left:
        return describe(left[0])
    return _unsupported_uses(tables)


def _unsupported_uses(tables: Tables) -> str | None:
    """What the kernel does not run of constructs it claims: ``fast.neutral`` and
    ``fast.targets`` judge ``shows K A``, ``surrounded`` and ``covers`` (not ``extends``),
    ``fast.effects`` reads no attribute after ``shows``; tiles held back with hands."""
    modes = tables.modes
    for rule in modes.triggers:
        acting = any(a[0] in _NEUTRAL_ACTIONS for a in rule.actions)
        if acting and rule.condition == EXTENDS:
            return "move, walk, instead return or place anywhere after on place extends"
        if rule.attribute >= 0 and any(a[0] not in _NEUTRAL_ACTIONS for a in rule.actions):
            return "on place shows an attribute, with other actions than the neutral figures'"
    if modes.hold is not None and modes.hand:
        return "supply hold back with hands"
    return _unsupported_owned(tables)


def _unsupported_owned(tables: Tables) -> str | None:
    """What ``fast.owned`` does not run: owned tiles with hands, sides that fit any on a
    tile that is not owned (the checker keeps owned tiles out of the pile)."""
    modes, owned = tables.modes, {t for t, _ in tables.modes.owned}
    if owned and modes.hand:
        return "supply owned with hands"
    wild = {o // 4 for o, sides in enumerate(tables.wild_sides) if sides}
    if wild - owned:
        return "fits any on a tile that is not owned"
    return None


def unsupported_seeds(seeds) -> str | None:
    """Seeds the kernel cannot seed itself (its generators take |seed| below 2**49)."""
    for seed in seeds:
        if abs(seed) >= SEED_LIMIT:
            return f"seed {seed} (the compiled engine takes seeds below 2**49)"
    return None


def unsupported_roll_out(tables: Tables) -> str | None:
    """What keeps the kernel from rolling out a position of the Python engine: only what it
    does not run (``unsupported``); ``loading`` carries every part of a position over."""
    return unsupported(tables)
