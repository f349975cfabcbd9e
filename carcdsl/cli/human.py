"""A person's seat at the terminal: the board and what the person may see, then the numbered
legal moves; the answer is a number or the move written out (``1 0 90 city:E``; in Dutch
``1 0 90 stad:O`` works too). Registered as the bot kind ``human``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import TextIO

from carcdsl.bots import Bot, register
from carcdsl.compile.facts import DECIDE
from carcdsl.engine.moves import Placement
from carcdsl.engine.state import State
from carcdsl.errors import CarcError
from carcdsl.i18n.words import Words
from carcdsl.model.rules import RuleSet
from carcdsl.view.describe import (
    describe_decision,
    describe_move,
    describe_open_hands,
    describe_turn,
    token_status,
)
from carcdsl.view.text import render_board

Move = tuple[int, int, int, int]


def human_bot(read: Callable[[str], str] | None = None, out: TextIO | None = None,
              words: Words | None = None) -> Bot:
    """A person at the terminal, choosing among the numbered legal moves: by number, or by
    writing the move (``1 0 90 city:E``; in Dutch ``1 0 90 stad:O`` works too)."""
    shown_key = ""

    def choose(state: State) -> Move:
        nonlocal shown_key
        out_ = out or sys.stdout
        w = words or Words(state.game.rules)
        moves = list(state.iter_moves())
        shown_key = _show(state, moves, w, out_, shown_key)
        if any(move[0] == DECIDE for move in moves):
            return _decide(state, moves, w, read or input, out_)
        placements = [state.to_placement(*move) for move in moves]
        for i, move in enumerate(placements):
            print(f"  {i:3}  {describe_move(move, w, state.game.rules)}", file=out_)
        return moves[_ask(placements, w, read or input, out_, state.game.rules)]
    return choose


def _decide(state: State, moves: list[Move], w: Words, ask: Callable[[str], str],
            out: TextIO) -> Move:
    """A decision (a capture, a ransom) or a placement, by number only."""
    for i, move in enumerate(moves):
        text = (describe_decision(state, move[3]) if move[0] == DECIDE
                else describe_move(state.to_placement(*move), w, state.game.rules))
        print(f"  {i:3}  {text}", file=out)
    while True:
        answer = _answer(w, ask, len(moves) - 1)
        if answer.isdigit() and int(answer) < len(moves):
            return moves[int(answer)]


def _answer(w: Words, ask: Callable[[str], str], last: int) -> str:
    """One answer; end of input or ``q`` stops the game."""
    try:
        answer = ask(w.phrase("ask", last=last)).strip()
    except EOFError:
        raise CarcError(w.phrase("no-input")) from None
    if answer.lower() in ("q", "quit", "stop"):
        raise CarcError(w.phrase("abandoned"))
    return answer


def _show(state: State, moves: list[Move], w: Words, out: TextIO, shown_key: str) -> str:
    """The board (its key once, till it grows), the tokens, open hands and whose turn it is;
    returns the key shown."""
    picture = render_board(state, words=w, key=True,
                           fits=frozenset(key for _, key, _, _ in moves))
    board, _, key = picture.partition(f"\n{w.phrase('key')}:")
    print(board if key == shown_key else picture, file=out)
    for line in [*token_status(state, w), *describe_open_hands(state, w)]:
        print("  " + line, file=out)
    print(f"\n{describe_turn(state, w)}", file=out)
    return key


def _ask(placements: list[Placement], w: Words, ask: Callable[[str], str],
         out: TextIO, rules: RuleSet | None = None) -> int:
    """Ask till the answer names one move; its index. End of input or ``q`` stops the game.
    A square alone (``2 1``) lists the moves there, unless it has only one."""
    while True:
        answer = _answer(w, ask, len(placements) - 1)
        if answer.isdigit() and int(answer) < len(placements):
            return int(answer)
        square = square_of(answer)
        if square is not None:
            there = [i for i, move in enumerate(placements) if move.at == square]
            if len(there) == 1:
                return there[0]
            if there:
                print("  " + w.phrase("moves-at", x=square[0], y=square[1], n=len(there)),
                      file=out)
                for i in there:
                    print(f"  {i:3}  {describe_move(placements[i], w, rules)}", file=out)
                continue
        found = match_moves(answer, placements, w, rules)
        if len(found) == 1:
            return found[0]
        if found:
            numbers = ", ".join(map(str, found[:12])) + (", ..." if len(found) > 12 else "")
            print("  " + w.phrase("which-move", answer=answer, n=len(found),
                                  numbers=numbers), file=out)
        else:
            print("  " + w.phrase("not-a-move", answer=answer), file=out)


def square_of(answer: str) -> tuple[int, int] | None:
    """The square an answer names and nothing else (``2 1``, ``2, -1``), else None."""
    parts = answer.replace(",", " ").split()
    if len(parts) == 2 and all(_is_int(p) for p in parts):
        return int(parts[0]), int(parts[1])
    return None


def match_moves(answer: str, moves: list[Placement], words: Words,
                rules: RuleSet | None = None) -> list[int]:
    """The moves (their indexes) a person's ``[TILE] X Y [ROTATION] [FEATURE[:PORT |
    #K] [FIGURE]]`` names (``field#2``: the second enclosed field): no feature means no
    follower, no figure the ordinary follower (``1 0 90 monastery abbot`` puts the abbot),
    no rotation any; features and ports in the words
    of ``words`` or of the rule set (``stad:O`` and ``city:E`` alike); with ``rules``, a
    follower's role names its kind too (``highwayman`` for ``road``)."""
    parts = answer.replace(",", " ").replace("°", " ").split()
    tile = parts.pop(0) if parts and not _is_int(parts[0]) else None
    if len(parts) < 2 or not _is_int(parts[0]) or not _is_int(parts[1]):
        return []
    at = (int(parts[0]), int(parts[1]))
    rest = parts[2:]
    rotation = int(rest.pop(0)) if rest and _is_int(rest[0]) else None
    figure = rest.pop().casefold() if len(rest) == 2 else None
    if len(rest) > 1:
        return []
    spot = None
    if rest:
        feature, _, port_text = rest[0].partition(":")
        feature, hash_, index_text = feature.partition("#")
        port = words.read_port(port_text) if port_text else None
        if (port_text and port is None) or (hash_ and not index_text.isdigit()):
            return []
        spot = (feature.casefold(), port, int(index_text) if hash_ else None)
    found = []
    for i, move in enumerate(moves):
        if move.at != at or (rotation is not None and move.rotation != rotation):
            continue
        if tile is not None and (move.tile or "").casefold() != tile.casefold():
            continue
        follower = move.follower
        if spot is None:
            if follower is None:
                found.append(i)
            continue
        if follower is None:
            continue
        # a figure is named after the feature (``monastery abbot``); none: the ordinary one
        if figure is None and follower.kind is not None and rules is not None \
                and rules.figure(follower.kind) is not None:
            continue
        if figure is not None and (follower.kind is None or figure not in {
                follower.kind.casefold(), words.word(follower.kind).casefold()}):
            continue
        names = {follower.feature.casefold(), words.word(follower.feature).casefold()}
        kind = rules.kind(follower.feature) if rules is not None else None
        if kind is not None and kind.role:
            names |= {kind.role.casefold(), words.word(kind.role).casefold()}
        if spot[0] in names and (spot[1] is None or spot[1] == follower.port) and (
                spot[2] is None or spot[2] == follower.index and follower.port is None):
            found.append(i)
    return found


def _is_int(text: str) -> bool:
    return text.lstrip("-+").isdigit()


def _human_seat(rng: random.Random, words: Words | None = None, **_options: object) -> Bot:
    """The ``human`` kind of seat: a person at this terminal (``rng`` unused)."""
    return human_bot(words=words)


register("human", _human_seat)
