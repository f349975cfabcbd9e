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
from .records import Placement
from .render import render_board

BOT_NAMES = (*BOTS, "human")


def describe_move(move: Placement) -> str:
    text = f"{move.tile} at ({move.at[0]}, {move.at[1]}) rotated {move.rotation}"
    if move.follower is not None:
        text += f", follower on {move.follower.to_text()}"
    return text


def describe_event(event: ScoreEvent) -> str:
    """``Ann: city, 3 tiles × 2 + 1 pennant × 2 = 8``."""
    when = "" if event.when == "complete" else " (final scoring)"
    return f"{event.player}: {event.feature}{when}, {event.detail} = {event.points}"


def human_bot(read: Callable[[str], str] | None = None, out: TextIO | None = None) -> Bot:
    """A person at the terminal, choosing among the numbered legal moves."""
    def choose(state: State) -> tuple[int, int, int, int]:
        ask = read or input
        out_ = out or sys.stdout
        moves = list(state.iter_moves())
        print(render_board(state), file=out_)
        print(f"\n{state.player} to move with tile {state.drawn}; "
              f"scores {dict(zip(state.players, state.scores))}; "
              f"followers left {state.supply_followers[state.current]}", file=out_)
        for i, move in enumerate(moves):
            print(f"  {i:3}  {describe_move(state._to_placement(*move))}", file=out_)
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
             out: TextIO | None = None) -> State:
    """Play one game; with ``out``, tell it turn by turn."""
    state = game.new_game(names, seed)
    bots = make_bots(bot_kinds, len(names), seed)
    if out is None:  # nothing to tell: the fast loop, which never builds move objects
        return play_out(state, bots)
    told = 0
    while not state.finished:
        if not state.supply:
            state.finish()
            break
        seat = state.current
        move = bots[seat](state)
        before = len(state.moves)
        state.apply_fast(*move)
        for i, m in enumerate(state.moves[before:]):
            if i == 0:
                print(f"{before:3}. {names[seat]}: {describe_move(m)}", file=out)
            else:
                print(f"     {m.tile} fits nowhere: discarded", file=out)
        for event in state.events[told:]:
            print(f"     {describe_event(event)}", file=out)
        told = len(state.events)
    for event in state.events[told:]:
        print(f"     {describe_event(event)}", file=out)
    print(file=out)
    print(render_board(state, show_open=False), file=out)
    print(file=out)
    for name, score in zip(state.players, state.scores):
        print(f"  {name:>12}: {score}", file=out)
    winners = state.winners()
    print(f"  {'winner' if len(winners) == 1 else 'winners'}: {', '.join(winners)}",
          file=out)
    return state


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


def format_summary(summary: dict) -> str:
    lines = [f"{summary['games']} games of {summary['rules']}"
             + (f" + {', '.join(summary['variants'])}" if summary["variants"] else "")
             + f", bots {', '.join(summary['bots'])}, seeds {summary['seed']}.."
             f"{summary['seed'] + summary['games'] - 1}",
             f"  {'seat':>12}  {'mean score':>10}  {'win rate':>8}"]
    for name, mean, rate in zip(summary["players"], summary["mean_scores"],
                                summary["win_rates"]):
        lines.append(f"  {name:>12}  {mean:>10.2f}  {rate:>8.1%}")
    lines.append(f"  {summary['games_per_second']} games/s ({summary['seconds']} s)")
    return "\n".join(lines)

