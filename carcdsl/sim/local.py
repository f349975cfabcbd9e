"""Games played silently in this process: one to its end, or many summed up.

Every random choice is seeded: the game's tile draw by the game seed, each bot by its own
generator derived from the game seed and its seat. Nothing here prints or needs ``Words``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator

from carcdsl.bots import Bot, make_bots
from carcdsl.engine.game import Game
from carcdsl.engine.state import State
from carcdsl.sim import compiled
from carcdsl.sim.compiled import EngineChoice


def player_names(game: Game, count: int | None = None) -> list[str]:
    """``P1``, ``P2``, ... for ``count`` players (default: the fewest the rules allow, and at
    least two); raises IllegalMoveError when the rules do not allow that many."""
    if count is None:
        count = max(2, game.rules.game.players[0])
    game.check_players(count)
    return [f"P{i + 1}" for i in range(count)]


def seat_bots(state: State, bot_kinds: list[str], seed: int, **options: object) -> list[Bot]:
    """One bot per seat of a new game (``make_bots``); a draw-off may have turned the seats:
    the bots follow their players."""
    bots = make_bots(bot_kinds, len(state.players), seed, **options)
    return [bots[i] for i in state.seating]


def play_out(state: State, bots: list[Bot]) -> State:
    """Play the game to its end with one bot per seat."""
    while not state.finished:
        if state.out_of_tiles():
            state.finish()
            break
        state.apply_fast(*bots[state.current](state))
    return state


def play_game(game: Game, names: list[str], bot_kinds: list[str], seed: int,
              **bot_options: object) -> State:
    """Play one game to its end, by the fast loop (which never builds move objects);
    ``bot_options`` go to every bot that takes them (``make_bots``)."""
    state = game.new_game(names, seed)
    return play_out(state, seat_bots(state, bot_kinds, seed, **bot_options))


def result_json(state: State) -> dict:
    """``winners`` of a finished game; ``leaders`` (and no winners) of one that is not."""
    if state.finished:
        return {"winners": state.winners()}
    return {"winners": [], "leaders": state.winners()}


def play_many(game: Game, names: list[str], bot_kinds: list[str], seed: int, games: int,
              progress: bool = False, engine: str | EngineChoice = "python") -> dict:
    """Play ``games`` games (seeds seed, seed+1, ...) and sum them up; ``progress``: a
    progress bar on stderr. ``engine``: ``python``, ``compiled`` (the same games on the
    kernel of ``sim.compiled``, the Python engine when it cannot play them), or the
    ``EngineChoice`` the caller made of it."""
    if isinstance(engine, str):
        engine = compiled.choose(game, len(names), bot_kinds, engine,
                                 range(seed, seed + games))
    totals = [0] * len(names)
    wins = [0.0] * len(names)
    started = time.perf_counter()
    for scores in _scores(game, names, bot_kinds, seed, games, progress, engine):
        best = max(scores)
        winners = [i for i, v in enumerate(scores) if v == best]
        for i, v in enumerate(scores):
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
        **engine.to_json(),
    }


COMPILED_BATCH = 2000
"""Games per kernel call in ``play_many`` on the CPU (the progress bar moves a batch at a
time; on a GPU, four times its slots: ``compiled.batch_size``)."""


def _scores(game: Game, names: list[str], bot_kinds: list[str], seed: int, games: int,
            progress: bool, engine: EngineChoice) -> Iterator[list[int]]:
    """Each game's final scores per seat, in seed order."""
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=games, unit="game", file=sys.stderr, leave=False)
    try:
        if engine.is_compiled:
            size = compiled.batch_size(engine.engine, game, len(names), COMPILED_BATCH)
            for first in range(seed, seed + games, size):
                seeds = range(first, min(first + size, seed + games))
                yield from compiled.play_batch(game, len(names), seeds,
                                                  engine=engine.engine).scores.tolist()
                if bar is not None:
                    bar.update(len(seeds))
            return
        for s in range(seed, seed + games):
            yield play_game(game, names, bot_kinds, s, **engine.bot_options).scores
            if bar is not None:
                bar.update()
    finally:
        if bar is not None:
            bar.close()
