"""Bots: a function of a state that picks a move, seeded; kinds of seat by name.

A kind of seat is registered by name with a factory: ``factory(rng, **options)`` returns the
``Bot`` for one seat, ``rng`` its own generator derived from the game seed and the seat,
``options`` what the caller of ``make_bots`` hands every seat (a person's seat takes
``words``; a bot may ignore them). The built-ins (``random``, ``greedy``) are registered here
the same way any other kind is; the command line registers ``human``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from carcdsl.bots.builtin import Bot, greedy_bot, random_bot

BotFactory = Callable[..., Bot]
"""``factory(rng: random.Random, **options) -> Bot``."""

BOTS: dict[str, BotFactory] = {}
"""Kind of seat -> its factory, in the order registered."""


def register(kind: str, factory: BotFactory) -> None:
    """Make ``kind`` a name ``make_bots`` (and ``play --bot``) knows."""
    BOTS[kind] = factory


def make_bots(kinds: list[str], seats: int, seed: int, **options: object) -> list[Bot]:
    """One bot per seat; the last kind named fills the remaining seats."""
    kinds = kinds or ["random"]
    bots = []
    for seat in range(seats):
        kind = kinds[min(seat, len(kinds) - 1)]
        bots.append(BOTS[kind](random.Random(seed * 7919 + seat), **options))
    return bots


register("random", random_bot)
register("greedy", greedy_bot)

__all__ = ["BOTS", "Bot", "BotFactory", "make_bots", "register"]
