"""A game told turn by turn, as ``play`` and ``replay`` print it for people.

A told game has one numbered line per move of its record (placements and discards, those
before the first turn included, each by the player who made it), the scorings and token
movements under the move that caused them in the order they happened, an extra turn right
after its move, the set-up before the first turn and why the game ended.
"""

from __future__ import annotations

from typing import TextIO

from carcdsl.engine.events import ScoreEvent, TokenEvent
from carcdsl.engine.game import Game
from carcdsl.engine.moves import Placement
from carcdsl.engine.state import State
from carcdsl.i18n.words import Words
from carcdsl.sim.local import play_out, seat_bots
from carcdsl.view.describe import (
    describe_end,
    describe_event,
    describe_first_player,
    describe_move,
    describe_result,
    describe_setup,
    describe_token_event,
    discard_text,
    merged_events,
)
from carcdsl.view.text import render_board


class _Teller:
    """Tells a game's moves as they happen: each move, the scorings and token movements it
    caused right under it, an extra turn right after them, why the game ended before the
    final scoring."""

    def __init__(self, state: State, words: Words, out: TextIO):
        self.state, self.words, self.out = state, words, out
        self.moves = 0
        self.events = 0
        self.tokens = len(state.token_events)  # the set-up's: told with the set-up
        self.ended = False

    def say(self, text: str, number: int | None = None) -> None:
        lead = f"{number:3}. " if number is not None else "     "
        print(lead + text, file=self.out)

    def step(self, extra: bool = False) -> None:
        """Tell the moves since the last call (a placement, then the discards drawing for
        the next turn), each by the player who made it, with what each caused; ``extra``:
        the placement gave its player another turn."""
        state, words = self.state, self.words
        moves = state.moves
        news = merged_events(state, self.events, self.tokens)
        self.events, self.tokens = len(state.events), len(state.token_events)
        end = state.end_reason
        k = 0
        for i in range(self.moves, len(moves)):
            move = moves[i]
            name = state.players[state.move_seats[i]]
            if isinstance(move, Placement):
                self.say(f"{name}: {describe_move(move, words, state.game.rules)}", i)
            else:
                self.say(f"{name}: {discard_text(state, i, words)}", i)
            while k < len(news) and news[k].move <= i and not self._ends_at(news[k], end):
                self.tell(news[k])
                k += 1
            if extra and isinstance(move, Placement):
                self.say(words.phrase("extra", player=name))
                extra = False
        self.moves = len(moves)
        for event in news[k:]:  # the final scoring
            if self._ends_at(event, end):
                self.end()
            self.tell(event)
        if state.finished:
            self.end()

    def _ends_at(self, event, end) -> bool:
        """Whether ``event`` came with the end of the game (the final scoring)."""
        if isinstance(event, ScoreEvent):
            return event.when == "final"
        return end is not None and self.state.token_events.index(event) >= end.tokens_before

    def tell(self, event) -> None:
        text = (describe_event(event, self.words) if isinstance(event, ScoreEvent)
                else describe_token_event(event, self.words))
        if text:
            self.say(text)

    def end(self) -> None:
        if not self.ended:
            self.ended = True
            self.say(describe_end(self.state, self.words))


def play_one(game: Game, names: list[str], bot_kinds: list[str], seed: int,
             out: TextIO | None = None, lang: str = "en", state: State | None = None,
             resumed: bool = False) -> State:
    """Play one game; with ``out``, tell it turn by turn (in language ``lang``). ``state``:
    the game to play on (made by the caller, who keeps it if play stops); ``resumed``: it
    goes on from a record, its moves so far not told again."""
    state = state if state is not None else game.new_game(names, seed)
    words = Words(game.rules, lang) if out is not None or "human" in bot_kinds else None
    bots = seat_bots(state, bot_kinds, seed, words=words)
    if out is None:  # nothing to tell: the fast loop, which never builds move objects
        return play_out(state, bots)
    assert words is not None
    teller = _Teller(state, words, out)
    if resumed:
        teller.moves, teller.events = len(state.moves), len(state.events)
        teller.tokens = len(state.token_events)
    else:
        setup = describe_setup(state, words)
        if setup:
            print(f"     {setup}", file=out)
        tell_first_player(state, words, out)
    teller.step()  # discards before the first turn
    while not state.finished:
        if state.out_of_tiles():
            state.finish()
            break
        state.apply_fast(*bots[state.current](state))
        if not state.pending:  # a move is told once its decisions are made
            teller.step(state.in_extra and not state.finished)
    teller.step()
    print(file=out)
    print(render_board(state, show_open=False, words=words, key=True), file=out)
    print(file=out)
    tell_result(state, words, out)
    return state


def tell_first_player(state: State, words: Words, out: TextIO) -> None:
    """Who starts, when the rules draw for it (``describe_first_player``)."""
    for line in describe_first_player(state, words):
        print(f"     {line}", file=out)


def tell_result(state: State, words: Words, out: TextIO) -> None:
    """Scores, tokens held, and the winner(s) — or, in a game not finished, who leads."""
    for line in describe_result(state, words):
        print(f"  {line}", file=out)


def tell(state: State, words: Words) -> list[str]:
    """The lines ``carcdsl replay`` prints for people between the set-up and the board, in
    the language of ``words``: every scoring and every movement of tokens
    after the set-up, in the order they happened (``move 3: ...``), and why the game ended
    before the final scoring."""
    move = words.phrase("move")
    end = state.end_reason
    lines: list[str] = []
    told_end = False

    def tell_end() -> None:
        nonlocal told_end
        if not told_end:
            told_end = True
            lines.append(f"  {describe_end(state, words)}")

    # (events before it, 0 for a token event: it comes first, index in its list, event)
    told: list[tuple[int, int, int, ScoreEvent | TokenEvent]] = [
        (e.events_before, 0, i, e) for i, e in enumerate(state.token_events) if e.move >= 0]
    told += [(i, 1, i, e) for i, e in enumerate(state.events)]
    for _, _, i, event in sorted(told, key=lambda x: x[:3]):
        scoring = isinstance(event, ScoreEvent)
        if end is not None and i >= (end.events_before if scoring else end.tokens_before):
            tell_end()
        text = (describe_event(event, words) if isinstance(event, ScoreEvent)
                else describe_token_event(event, words))
        if text:
            lines.append(f"  {move} {event.move}: {text}")
    if state.finished:
        tell_end()
    return lines
