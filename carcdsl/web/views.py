"""A game's state as the pages show it, in the user's words: the players with their scores,
followers, figures and tokens; the tiles left; every move told with the scorings it caused;
at the end the final scoring with its breakdown and the result.

Scorings are given twice, as ``carcdsl replay --json`` lists them (``formats.record.
event_json``: the rule set's names and the English breakdown, the same numbers) and as the
sentence ``replay`` tells (``view.describe.describe_event``, in the user's language).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from carcdsl.engine.events import ScoreEvent
from carcdsl.engine.moves import Placement
from carcdsl.engine.state import State
from carcdsl.formats.record import event_json
from carcdsl.i18n.words import Words
from carcdsl.view.describe import (
    describe_end,
    describe_event,
    describe_move,
    describe_result,
    describe_setup,
    describe_token_event,
    discard_text,
    merged_events,
)
from carcdsl.web.scene import seat_mark


def event_view(event: ScoreEvent, words: Words) -> dict[str, Any]:
    """A scoring: ``replay --json``'s fields, the kind in the user's words, the sentence."""
    return {**event_json(event), "seat": event.seat, "word": words.word(event.feature),
            "at": list(event.at), "text": describe_event(event, words)}


def players_view(state: State, words: Words, bots: Sequence[str | None] | None = None,
                 ) -> list[dict[str, Any]]:
    """Each seat: name, score, followers and figures left, tokens held, who is to move;
    ``bots``: per seat the kind of bot in the user's words, None for a person."""
    tb = state.tables
    out = []
    for seat, name in enumerate(state.players):
        figures = [{"name": kind.name, "word": words.word(kind.name, 2),
                    "left": state.seats.figures[f][seat]}
                   for f, kind in enumerate(tb.modes.figures) if not kind.neutral]
        tokens = [{"name": tok.name, "word": words.word(tok.name, 2), "held": held[seat]}
                  for tok, held in zip(state.game.rules.tokens, state.tokens.held)]
        out.append({"name": name, "seat": seat, "score": state.scores[seat],
                    "followers": state.supply_followers[seat], "figures": figures,
                    "tokens": tokens, "mark": seat_mark(seat),
                    "kind": bots[seat] if bots is not None else None,
                    "to_move": not state.finished and seat == state.current})
    return out


def log_view(state: State, words: Words, upto: int | None = None) -> list[dict[str, Any]]:
    """Every move (the first ``upto``), by whom, told, with the scorings and token
    movements it caused during play (final scoring is the result's)."""
    moves = state.moves if upto is None else state.moves[:upto]
    told: dict[int, list[dict[str, Any]]] = {}
    for event in merged_events(state):
        if isinstance(event, ScoreEvent):
            if event.when == "final":
                continue
            told.setdefault(event.move, []).append(event_view(event, words))
        else:
            text = describe_token_event(event, words)
            if text and event.move >= 0:
                told.setdefault(event.move, []).append({"text": text, "points": 0})
    log = []
    rules = state.game.rules
    for i, move in enumerate(moves):
        seat = state.move_seats[i]
        text = (describe_move(move, words, rules) if isinstance(move, Placement)
                else discard_text(state, i, words))
        log.append({"n": i, "seat": seat, "player": state.players[seat], "text": text,
                    "move": move.to_json(), "events": told.get(i, [])})
    return log


def result_view(state: State, words: Words) -> dict[str, Any] | None:
    """A finished game's final scoring and result: why it ended, each final scoring with
    its breakdown, per player the points during play and at the end (by kind), the result
    lines and the winners. None while the game goes on."""
    if not state.finished:
        return None
    final = [e for e in state.events if e.when == "final"]
    table = []
    for seat, name in enumerate(state.players):
        mine = [e for e in state.events if e.seat == seat]
        by_kind: dict[str, int] = {}
        for event in mine:
            if event.when == "final":
                word = words.word(event.feature)
                by_kind[word] = by_kind.get(word, 0) + event.points
        table.append({"name": name, "seat": seat,
                      "in_play": sum(e.points for e in mine if e.when != "final"),
                      "final": sum(e.points for e in mine if e.when == "final"),
                      "by_kind": by_kind, "total": state.scores[seat]})
    return {"end": describe_end(state, words),
            "final": [event_view(e, words) for e in final],
            "table": table, "lines": describe_result(state, words),
            "winners": state.winners()}


def state_view(state: State, words: Words, bots: Sequence[str | None] | None = None,
               upto: int | None = None) -> dict[str, Any]:
    """Everything the Play and Replay pages show besides the board and the choices."""
    hand = state.hand if not state.finished else []
    return {
        "players": players_view(state, words, bots),
        "follower_word": words.word(words.follower, 2),
        "follower_one": words.word(words.follower),
        "tiles_left": len(state.supply.pile),
        "moves": len(state.moves),
        "finished": state.finished,
        "current": None if state.finished else state.current,
        "to_move": None if state.finished else state.player,
        "hand": hand,
        "again": state.in_extra and not state.finished,
        "setup": describe_setup(state, words),
        "log": log_view(state, words, upto),
        "events": [event_view(e, words) for e in state.events],
        "result": result_view(state, words),
    }
