"""Games and opened records in memory, under ids nobody can guess; the oldest unused go when
there are too many.

A live game seats people (``human``: a browser at this app) and bots by the bots registry's
kinds. Bots get the generators the command line gives them (``bots.make_bots`` with the game
seed: seat ``i`` draws from its own generator whatever the other seats are), and the game's
draw comes from its seed, so a game played here with seed S and the same moves is the game
``carcdsl play --seed S`` plays: the same record. Bots move here, on the server, when it is
their turn; a game of bots only moves when the page asks (step by step, or auto-play).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import attrs

from carcdsl.bots import BOTS, Bot, make_bots, strength_of
from carcdsl.engine.game import Game
from carcdsl.engine.state import State
from carcdsl.i18n.words import Words

HUMAN = "human"
"""The kind of seat of a person at the browser (the registry's ``human`` is the terminal's)."""
MAX_GAMES = 64
MAX_RECORDS = 32
MAX_BOT_MOVES = 10_000
"""Bot moves one request may make (a game of 72 tiles makes at most a few hundred)."""


def seat_kinds() -> list[str]:
    """The kinds a seat may be: a person here, then every bot of the registry."""
    return [HUMAN, *(kind for kind in BOTS if kind != HUMAN)]


def kind_json(kind: str, words: Words) -> dict[str, Any]:
    """A kind of seat for the page: its word, how strong it plays where a tournament rated it
    (``bots.STRENGTHS``; None for a person or an unrated bot) and the label a choice shows
    (``greedy (club)``), in the language of ``words``."""
    word, strength = words.bot(kind), strength_of(kind)
    shown = words.phrase(f"bot-strength-{strength}") if strength else None
    label = words.phrase("bot-with-strength", bot=word, strength=shown) if shown else word
    return {"kind": kind, "word": word, "strength": shown, "label": label}


@attrs.define(eq=False)
class LiveGame:
    """A game being played: its state, who sits where, the bots of the seats that are
    bots (None for a person)."""

    id: str
    game: Game
    state: State
    seed: int
    kinds: list[str]
    """Per seat (in turn order after a draw-off): ``human`` or a bot kind."""
    bots: list[Bot | None]
    lock: threading.Lock = attrs.field(factory=threading.Lock)

    @property
    def humans(self) -> list[bool]:
        return [kind == HUMAN for kind in self.kinds]

    @property
    def bot_to_move(self) -> bool:
        return not self.state.finished and self.bots[self.state.current] is not None

    @property
    def watching(self) -> bool:
        """No person plays: the page moves the bots."""
        return not any(self.humans)

    def step(self) -> bool:
        """One bot move, as ``carcdsl play`` makes it (or the final scoring when no tile is
        left); False when it is a person's turn or the game is over."""
        state = self.state
        if state.finished:
            return False
        if state.out_of_tiles():
            state.finish()
            return True
        bot = self.bots[state.current]
        if bot is None:
            return False
        state.apply_fast(*bot(state))
        return True

    def run_bots(self, most: int = MAX_BOT_MOVES) -> int:
        """Bot moves till a person is to move or the game is over; how many were made."""
        made = 0
        while made < most and self.step():
            made += 1
        return made


def new_game(game: Game, names: Sequence[str], kinds: Sequence[str], seed: int) -> LiveGame:
    """A new game: ``names`` and ``kinds`` per player as given, the seed deciding the draw,
    a draw-off and the bots' generators. People's seats get no bot."""
    state = game.new_game(list(names), seed)
    # make_bots with the person's seats as some bot: every seat's generator is its own
    stand_in = [kind if kind != HUMAN else "random" for kind in kinds]
    made = make_bots(stand_in, len(names), seed)
    by_seat = list(state.seating)  # seat -> the index of its player in ``names``
    bots = [None if kinds[i] == HUMAN else made[i] for i in by_seat]
    return LiveGame(secrets.token_urlsafe(18), game, state, seed,
                    [kinds[i] for i in by_seat], bots)


T = TypeVar("T")


class Store(Generic[T]):
    """At most ``size`` items under random ids; the one used longest ago goes first."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict[str, tuple[T, float]] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, key: str, item: T) -> None:
        with self._lock:
            self._items[key] = (item, time.monotonic())
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def get(self, key: str) -> T | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def __len__(self) -> int:
        return len(self._items)


def new_id() -> str:
    return secrets.token_urlsafe(18)
