"""What the compiled engine runs: ``unsupported`` names the first construct of a rule set it
does not run yet, so that the front ends can say so in one line and let the Python engine play
instead."""

from __future__ import annotations

from carcdsl.compile.tables import Tables

SEED_LIMIT = 2 ** 49
"""Seeds the kernel seeds itself: ``seed * 7919 + seat`` (a bot's generator) stays in 64 bits."""


def unsupported(tables: Tables) -> str | None:
    """The first construct of ``tables`` the kernel does not run (a short phrase naming it,
    with the rule set's own words where it has them); None when it runs all of it. Today it
    runs every construct of the language: one the language gains is named here until the
    kernel runs it, and the front ends fall back on the Python engine in one line."""
    del tables
    return None


def unsupported_seeds(seeds) -> str | None:
    """Seeds the kernel cannot seed itself (its generators take |seed| below 2**49)."""
    for seed in seeds:
        if abs(seed) >= SEED_LIMIT:
            return f"seed {seed} (the compiled engine takes seeds below 2**49)"
    return None


def unsupported_roll_out(tables: Tables) -> str | None:
    """What keeps the kernel from rolling out a position of the Python engine: what it does
    not run, or a part of the state ``kernel.load`` does not carry over yet."""
    found = unsupported(tables)
    if found is not None:
        return found
    modes, board = tables.modes, tables.board
    if modes.tokens or modes.triggers or modes.on_complete:
        return "roll-outs from positions with tokens or rules that act"
    if modes.requirements or board.limited or board.printed:
        return "roll-outs from positions with requirements or a bounded board"
    return None
