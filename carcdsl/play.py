"""Playing games: seats taken by bots or people, one game told turn by turn, or many summed up.

Every random choice is seeded: the game's tile draw by the game seed, each bot by its own
generator derived from the game seed and its seat.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import TextIO

from .bots import BOTS, Bot, play_out
from .errors import CarcError
from .game import Game, ScoreEvent, State
from .i18n import Words
from .model import RuleSet
from .records import Placement
from .render import render_board
from .scoring import render

BOT_NAMES = (*BOTS, "human")


def describe_move(move: Placement, words: Words | None = None,
                  rules: RuleSet | None = None) -> str:
    """``U at (1, 0) rotated 90, highwayman on road:E`` (in the language of ``words``)."""
    w = words or Words(rules)
    text = (f"{move.tile} {w.phrase('at')} ({move.at[0]}, {move.at[1]}) "
            f"{w.phrase('rotated')} {move.rotation}")
    if move.follower is not None:
        kind = rules.kind(move.follower.feature) if rules is not None else None
        piece = (kind.role if kind is not None and kind.role else
                 rules.game.follower if rules is not None and rules.game.follower else
                 "follower")
        where = w.word(move.follower.feature)
        if move.follower.port:
            where += f":{move.follower.port}"
        text += f", {w.word(piece)} {w.phrase('on')} {where}"
    return text


def describe_event(event: ScoreEvent, words: Words | None = None) -> str:
    """``Ann: city, 3 tiles × 2 + 1 pennant × 2 = 8`` (in the language of ``words``)."""
    w = words or Words(None)
    when = "" if event.when == "complete" else f" ({w.phrase('final')})"
    told = render(event.terms, w.label) if event.terms else event.detail
    return f"{event.player}: {w.word(event.feature)}{when}, {told} = {event.points}"


def human_bot(read: Callable[[str], str] | None = None, out: TextIO | None = None) -> Bot:
    """A person at the terminal, choosing among the numbered legal moves."""
    def choose(state: State) -> tuple[int, int, int, int]:
        ask = read or input
        out_ = out or sys.stdout
        moves = list(state.iter_moves())
        print(render_board(state), file=out_)
        if state.hands is not None and state.game.rules.supply.hand_visibility == "open":
            for seat, name in enumerate(state.players):
                if seat != state.current:
                    hand = ", ".join(state.tables.type_names[t] for t in state.hands[seat])
                    print(f"  {name} holds {hand or 'nothing'}", file=out_)
        tiles = state.drawn or ", ".join(state.hand)
        print(f"\n{state.player} to move with {tiles}; "
              f"scores {dict(zip(state.players, state.scores))}; "
              f"followers left {state.supply_followers[state.current]}", file=out_)
        for i, move in enumerate(moves):
            print(f"  {i:3}  {describe_move(state._to_placement(*move), rules=state.game.rules)}",
                  file=out_)
        while True:
            try:
                answer = ask(f"move (0-{len(moves) - 1}, q to quit): ").strip()
            except EOFError:
                raise CarcError("no more input: the game was abandoned") from None
            if answer.lower() in ("q", "quit"):
                raise CarcError("the game was abandoned")
            if answer.isdigit() and int(answer) < len(moves):
                return moves[int(answer)]
            print(f"  '{answer}' is not a move number", file=out_)
    return choose


def make_bots(kinds: list[str], seats: int, seed: int) -> list[Bot]:
    """One bot per seat; the last kind named fills the remaining seats."""
    kinds = kinds or ["random"]
    bots = []
    for seat in range(seats):
        kind = kinds[min(seat, len(kinds) - 1)]
        if kind == "human":
            bots.append(human_bot())
        else:
            bots.append(BOTS[kind](random.Random(seed * 7919 + seat)))
    return bots


def play_one(game: Game, names: list[str], bot_kinds: list[str], seed: int,
             out: TextIO | None = None, lang: str = "en") -> State:
    """Play one game; with ``out``, tell it turn by turn (in language ``lang``)."""
    state = game.new_game(names, seed)
    bots = make_bots(bot_kinds, len(names), seed)
    if out is None:  # nothing to tell: the fast loop, which never builds move objects
        return play_out(state, bots)
    words, rules = Words(game.rules, lang), game.rules
    told = 0
    while not state.finished:
        if state.out_of_tiles():
            state.finish()
            break
        seat = state.current
        move = bots[seat](state)
        before = len(state.moves)
        state.apply_fast(*move)
        for i, m in enumerate(state.moves[before:]):
            if i == 0:
                print(f"{before:3}. {names[seat]}: {describe_move(m, words, rules)}", file=out)
            else:
                print(f"     {m.tile} {words.phrase('discarded')}", file=out)
        for event in state.events[told:]:
            print(f"     {describe_event(event, words)}", file=out)
        told = len(state.events)
        if state.current == seat and not state.finished:
            print(f"     {words.phrase('extra', player=names[seat])}", file=out)
    for event in state.events[told:]:
        print(f"     {describe_event(event, words)}", file=out)
    print(file=out)
    print(render_board(state, show_open=False), file=out)
    print(file=out)
    tell_result(state, words, out)
    return state


def tell_result(state: State, words: Words, out: TextIO) -> None:
    """Scores, tokens held, and the winner(s)."""
    for name, score in zip(state.players, state.scores):
        print(f"  {name:>12}: {score}", file=out)
    for tok, held in zip(state.game.rules.tokens, state.held):
        for name, count in zip(state.players, held):
            if count:
                print("  " + words.phrase("holds", player=name, count=count,
                                          token=words.word(tok.name, count)), file=out)
    winners = state.winners()
    key = "winner" if len(winners) == 1 else "winners"
    print(f"  {words.phrase(key)}: {', '.join(winners)}", file=out)


def play_many(game: Game, names: list[str], bot_kinds: list[str], seed: int, games: int,
              progress: bool = False) -> dict:
    """Play ``games`` games (seeds seed, seed+1, ...) and sum them up."""
    totals = [0] * len(names)
    wins = [0.0] * len(names)
    started = time.perf_counter()
    seeds = range(seed, seed + games)
    if progress:
        from tqdm import tqdm

        seeds = tqdm(seeds, unit="game", file=sys.stderr, leave=False)
    for s in seeds:
        state = play_one(game, names, bot_kinds, s)
        best = max(state.scores)
        winners = [i for i, v in enumerate(state.scores) if v == best]
        for i, v in enumerate(state.scores):
            totals[i] += v
        for i in winners:
            wins[i] += 1 / len(winners)
    elapsed = time.perf_counter() - started
    return {
        "rules": game.source, "variants": list(game.variant_refs), "games": games,
        "seed": seed, "bots": bot_kinds or ["random"],
        "players": names, "mean_scores": [round(t / games, 2) for t in totals],
        "win_rates": [round(w / games, 4) for w in wins],
        "seconds": round(elapsed, 3), "games_per_second": round(games / elapsed, 1),
    }


def format_summary(summary: dict, words: Words | None = None) -> str:
    w = words or Words(None)
    lines = [w.phrase("games-of", n=summary["games"], rules=summary["rules"])
             + (f" + {', '.join(summary['variants'])}" if summary["variants"] else "")
             + f", {w.phrase('bots')} {', '.join(summary['bots'])}, {w.phrase('seeds')} "
             f"{summary['seed']}..{summary['seed'] + summary['games'] - 1}",
             f"  {w.phrase('seat'):>12}  {w.phrase('mean'):>10}  {w.phrase('win-rate'):>8}"]
    for name, mean, rate in zip(summary["players"], summary["mean_scores"],
                                summary["win_rates"]):
        lines.append(f"  {name:>12}  {mean:>10.2f}  {rate:>8.1%}")
    lines.append(f"  {summary['games_per_second']} {w.phrase('games-per-s')} "
                 f"({summary['seconds']} s)")
    return "\n".join(lines)

