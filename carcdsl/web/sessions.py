"""Games and opened records in memory, under ids nobody can guess; the oldest unused go when
there are too many.

A live game seats people (``human``: a browser at this app) and bots by the bots registry's
kinds. Bots get the generators the command line gives them (``bots.make_bots`` with the game
seed: seat ``i`` draws from its own generator whatever the other seats are), and the game's
draw comes from its seed, so a game played here with seed S and the same moves is the game
``carcdsl play --seed S`` plays: the same record. Bots move here, on the server, when it is
their turn; a game of bots only moves when the page asks (step by step, or auto-play).

Each person's seat is held by a token nobody can guess: a browser moves only for the seat
whose token it sends. A game at one screen (hot seat) gives every person's seat one token,
the creator's; a shared game gives each its own, handed out as links (``share``). Every game
is stored (``store``) and rebuilt from its moves when it is not in memory (``rebuild``):
its bots' generators start again from the seed then, so a bot may play on otherwise than it
would have without the restart, but every move made stays as it was.
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
from carcdsl.formats.record import FORMAT, parse_record
from carcdsl.i18n.words import Words
from carcdsl.replay import replay
from carcdsl.web.store import StoredGame

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
    tokens: list[str | None] = attrs.field(factory=list)
    """Per seat: the token that moves for it (None: a bot's seat)."""
    owner: str = ""
    """The creator's token: steps a game of bots, and holds the first person's seat."""
    saved: list[dict[str, Any]] = attrs.field(factory=list)
    """The record's moves as the store has them."""
    version: int = 0
    """Counts the changes, for the pages that watch the game."""
    views: dict[tuple[int, str], Any] = attrs.field(factory=dict)
    """What every page sees of the game at a version, in a language (``App.game_json``)."""
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


    def seat_of(self, token: object) -> list[int]:
        """The seats ``token`` moves for."""
        if not isinstance(token, str) or not token:
            return []
        given = token.encode()  # as bytes: compare_digest refuses str beyond ASCII
        return [i for i, held in enumerate(self.tokens)
                if held is not None and secrets.compare_digest(held.encode(), given)]

    def may_move(self, token: object) -> bool:
        """Whether ``token`` holds the seat to move."""
        return self.state.current in self.seat_of(token)

    def standing(self) -> list[dict[str, Any]]:
        """The record's moves, as JSON, but a move whose decisions are still to be made
        (a walk's next step): stored once it is whole, as a record holds it."""
        moves = self.state.moves[:-1] if self.state.pending else self.state.moves
        return [move.to_json() for move in moves]

    def changes(self) -> tuple[int, list[dict[str, Any]]]:
        """What the store lacks: from which index the record's moves differ from those
        saved, and the moves from there."""
        now = self.standing()
        start = 0
        while start < min(len(now), len(self.saved)) and now[start] == self.saved[start]:
            start += 1
        return start, now[start:]


def new_game(game: Game, names: Sequence[str], kinds: Sequence[str], seed: int,
             share: bool = False) -> LiveGame:
    """A new game: ``names`` and ``kinds`` per player as given, the seed deciding the draw,
    a draw-off and the bots' generators. People's seats get no bot; they get one token
    (the creator's) or, ``share``, one each (the creator's the first)."""
    state = game.new_game(list(names), seed)
    by_seat = list(state.seating)  # seat -> the index of its player in ``names``
    seat_kinds_ = [kinds[i] for i in by_seat]
    owner = secrets.token_urlsafe(18)
    tokens: list[str | None] = []
    for kind in seat_kinds_:
        if kind != HUMAN:
            tokens.append(None)
        elif share and owner in tokens:
            tokens.append(secrets.token_urlsafe(18))
        else:
            tokens.append(owner)
    return LiveGame(secrets.token_urlsafe(18), game, state, seed, seat_kinds_,
                    _bots(kinds, by_seat, seed), tokens, owner)


def _bots(kinds: Sequence[str], by_seat: Sequence[int], seed: int) -> list[Bot | None]:
    # make_bots with the person's seats as some bot: every seat's generator is its own
    stand_in = [kind if kind != HUMAN else "random" for kind in kinds]
    made = make_bots(stand_in, len(kinds), seed)
    return [None if kinds[i] == HUMAN else made[i] for i in by_seat]


def stored(live: LiveGame, rules: str, variants: list[str], title: str,
           taken: list[bool], room: str | None) -> StoredGame:
    """What the store keeps of a new game (``rules`` and ``variants`` as the page named
    them); its moves so far are in it."""
    state, now = live.state, time.time()
    by_seat = list(state.seating)
    names = [""] * len(by_seat)
    kinds = [""] * len(by_seat)
    for seat, player in enumerate(by_seat):
        names[player], kinds[player] = state.players[seat], live.kinds[seat]
    live.saved = live.standing()
    return StoredGame(live.id, rules, list(variants), {}, live.seed, names, kinds, by_seat,
                      live.tokens, taken, room, live.owner, title, list(live.saved),
                      state.finished, now, now)


def rebuild(found: StoredGame, game: Game) -> LiveGame:
    """A stored game played again from its moves (every one checked, as ``carcdsl
    replay`` checks a record), going on live: the engine draws from here."""
    assert found.seed is not None  # a live game's (``App.live_game`` sends no table game)
    seated = [found.players[i] for i in found.seating]
    data = {"format": FORMAT, "rules": game.source, "variants": list(game.variant_refs),
            "players": seated, "seed": found.seed, "moves": found.moves}
    record = parse_record(data, f"game {found.id}")
    state = replay(record, game)
    if found.finished and not state.finished:
        state.finish()
    if not state.finished:
        state.go_live()
    live = LiveGame(found.id, game, state, found.seed, [found.kinds[i] for i in found.seating],
                    _bots(found.kinds, found.seating, found.seed), list(found.tokens),
                    found.owner)
    live.saved = list(found.moves)
    return live



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

    def drop(self, key: str) -> None:
        with self._lock:
            self._items.pop(key, None)

    def __len__(self) -> int:
        return len(self._items)


def new_id() -> str:
    return secrets.token_urlsafe(18)
