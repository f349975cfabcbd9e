"""Bots: a function of a state that picks a move, seeded; kinds of seat by name.

A kind of seat is registered by name with a factory: ``factory(rng, **options)`` returns the
``Bot`` for one seat, ``rng`` its own generator derived from the game seed and the seat.
The built-ins (``random``, ``greedy``, ``mcts``) are registered here the same way any other
kind is; the command line registers ``human``, and a user's own bot is found by
``module:factory`` or through the ``carcdsl.bots`` entry-point group (``spec``).

``make_bots`` takes specs (``mcts:playouts=500:c=0.7``): the options a spec writes reach the
factory, converted to its parameters' types; what the caller hands every seat (a person's
seat takes ``words``) reaches the factories that take it. ``docs/bots.md`` has the whole
interface and a user's bot. How strong each built-in plays, in words, is data in ``strength``.
"""

from __future__ import annotations

import random

from carcdsl.bots.builtin import greedy_bot, random_bot
from carcdsl.bots.mcts import mcts_bot
from carcdsl.bots.spec import (
    BOTS,
    Bot,
    BotError,
    BotFactory,
    BotSpec,
    known_kinds,
    parse_bot,
    register,
    resolve,
)
from carcdsl.bots.strength import DEFAULT_OPPONENT, STRENGTHS, strength_of
from carcdsl.compile.facts import bot_seed


def make_bots(kinds: list[str], seats: int, seed: int, **options: object) -> list[Bot]:
    """One bot per seat; the last kind named fills the remaining seats. A kind is a spec
    (``greedy``, ``mcts:playouts=200``, ``mypkg.bots:factory:depth=2``); ``BotError`` when
    one cannot be made. Seat ``i``'s generator is ``Random(seed * 7919 + i)``."""
    kinds = kinds or ["random"]
    found = [resolve(kind) for kind in kinds]
    bots = []
    for seat in range(seats):
        kind = found[min(seat, len(found) - 1)]
        bots.append(kind.make(random.Random(bot_seed(seed, seat)), options))
    return bots


def check_bot(kind: str, **options: object) -> None:
    """Make the bot once, so that an unknown bot or a bad option is refused before any game
    is played (``BotError``)."""
    resolve(kind).make(random.Random(0), options)


register("random", random_bot)
register("greedy", greedy_bot)
register("mcts", mcts_bot)

__all__ = ["BOTS", "DEFAULT_OPPONENT", "STRENGTHS", "Bot", "BotError", "BotFactory", "BotSpec",
           "check_bot", "known_kinds", "make_bots", "parse_bot", "register", "resolve",
           "strength_of"]
