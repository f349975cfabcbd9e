"""Bots against bots: tournaments with balanced seats, played on every core or a Dask cluster.

A tournament plays *lineups* (which bots sit at one table): a round robin every combination
of ``players`` of the bots, a gauntlet one challenger with every combination of the others
(fewer bots than seats: the bots named are repeated in turn to fill them). Each lineup
plays *deals*, and each deal once in every *seat order*: every permutation of the lineup's
seats, or (more than 4 players) every rotation, so that each bot sits in each seat equally
often, and every seat order of a deal plays the same tiles (deal ``d`` has the game seed
``seed + d`` in every lineup). A game's result depends only on its seed and seating, so
the results are the same whatever the number of workers (``simulate``'s process pool or
Dask executor, one code path).

``tournament_ratings`` fits the ratings and the crosstable from the results.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor

import attrs

from carcdsl.engine.game import Game
from carcdsl.sim import compiled
from carcdsl.sim.compiled import EngineChoice
from carcdsl.sim.local import play_game
from carcdsl.sim.workers import ProgressCallback, run_chunks

PERMUTED_UP_TO = 4
"""Up to this many seats every permutation of them is played; beyond, every rotation
(6 seats have 720 permutations)."""


@attrs.frozen
class Plan:
    """What a tournament plays: the bots, the lineups, the seat orders, how many deals."""

    bots: tuple[str, ...]
    """The bots (specs), each once; results name them by index."""
    players: int
    lineups: tuple[tuple[int, ...], ...]
    """Per lineup, the bots at the table (indexes into ``bots``; repeated when the bots are
    fewer than the seats)."""
    orders: tuple[tuple[tuple[int, ...], ...], ...]
    """Per lineup, its seat orders: per seat, the bot sitting there."""
    deals: int
    """Deals per lineup; each is played in every seat order."""
    seed: int
    gauntlet: int | None = None
    """The challenger's index, in a gauntlet."""

    @property
    def games(self) -> int:
        return sum(len(orders) for orders in self.orders) * self.deals

    def task(self, index: int) -> tuple[int, int, tuple[int, ...]]:
        """Game ``index`` -> (lineup, deal, seat order). Games go deal by deal, so that a
        run stopped early has played every lineup and seat order about equally."""
        per_deal = [len(orders) for orders in self.orders]
        deal, rest = divmod(index, sum(per_deal))
        for lineup, n in enumerate(per_deal):
            if rest < n:
                return lineup, deal, self.orders[lineup][rest]
            rest -= n
        raise IndexError(index)


def plan(bots: Sequence[str], players: int, games: int, seed: int = 1,
         gauntlet: str | None = None) -> Plan:
    """The plan of a round robin over ``bots`` (or a gauntlet of ``gauntlet`` against
    them), ``games`` games per lineup: a whole number of deals, each in every seat order
    (``ValueError`` when ``games`` is not a multiple of the seat orders)."""
    bots = list(dict.fromkeys(bots))
    if gauntlet is not None:
        bots = [gauntlet, *(b for b in bots if b != gauntlet)]
    if len(bots) < 2:
        raise ValueError("a tournament needs at least two different bots")
    if players < 2:
        raise ValueError("a tournament needs at least two players a game")
    if gauntlet is not None:
        lineups = [(0, *rest) for rest in _tables(list(range(1, len(bots))), players - 1)]
    else:
        lineups = _tables(list(range(len(bots))), players)
    orders = tuple(seat_orders(lineup) for lineup in lineups)
    step = len(orders[0])  # the same for every lineup: all distinct, or the only one
    if games < step or games % step:
        raise ValueError(f"games per lineup must be a multiple of {step}, the seat orders "
                         f"of a game of {players} (every bot in every seat equally often)")
    return Plan(tuple(bots), players, tuple(lineups), orders, games // step, seed,
                0 if gauntlet is not None else None)


def _tables(pool: list[int], seats: int) -> list[tuple[int, ...]]:
    """Every combination of ``seats`` of ``pool``; fewer in the pool than seats: one table,
    the pool repeated in turn."""
    if len(pool) >= seats:
        return list(itertools.combinations(pool, seats))
    return [tuple(pool[i % len(pool)] for i in range(seats))]


def seat_orders(lineup: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Every distinct permutation of the lineup (up to ``PERMUTED_UP_TO`` seats), else
    every rotation: each bot sits in each seat equally often."""
    if len(lineup) <= PERMUTED_UP_TO:
        return tuple(dict.fromkeys(itertools.permutations(lineup)))
    return tuple(dict.fromkeys(tuple(lineup[(i + r) % len(lineup)]
                                     for i in range(len(lineup)))
                               for r in range(len(lineup))))


@attrs.frozen
class Result:
    """One game of a tournament."""

    index: int
    lineup: int
    deal: int
    seed: int
    seats: tuple[int, ...]
    """Per seat in turn order (after a draw-off, if the rules have one), the bot there."""
    scores: tuple[int, ...]
    """Per seat in turn order."""
    seconds: float = attrs.field(eq=False)
    """Wall-clock time of the game in its worker (not part of the result's equality)."""

    def to_json(self) -> dict:
        return {"index": self.index, "lineup": self.lineup, "deal": self.deal,
                "seed": self.seed, "seats": list(self.seats), "scores": list(self.scores)}


def play_task(game: Game, plan_: Plan, index: int,
              bot_options: Mapping[str, object] | None = None) -> Result:
    """Game ``index`` of the plan, played to its end (``bot_options``: to every bot that
    takes them)."""
    lineup, deal, order = plan_.task(index)
    seed = plan_.seed + deal
    started = time.perf_counter()
    names = [f"P{i + 1}" for i in range(plan_.players)]
    state = play_game(game, names, [plan_.bots[b] for b in order], seed, **(bot_options or {}))
    seats = tuple(order[i] for i in state.seating)  # a draw-off turns the seats
    return Result(index, lineup, deal, seed, seats, tuple(state.scores),
                  time.perf_counter() - started)


@attrs.frozen
class Tournament:
    """The results of a tournament, in game order."""

    plan: Plan
    results: tuple[Result, ...]
    seconds: float = attrs.field(eq=False)
    jobs: int = attrs.field(eq=False)
    interrupted: bool = False
    engine: EngineChoice = attrs.field(default=compiled.PYTHON, eq=False)




def run(game: Game, plan_: Plan, *, jobs: int | None = None,
        executor: Executor | None = None, workers: int | None = None,
        progress: ProgressCallback | None = None,
        engine: str | EngineChoice = "python") -> Tournament:
    """Play every game of the plan: in this process (``jobs`` 1), on ``jobs`` processes
    (default: every core) or on ``executor`` (any ``concurrent.futures.Executor``, a Dask
    cluster's; ``workers``: how many run at once). Ctrl-C keeps the games finished.
    ``engine``: ``python``, or ``compiled`` (``sim.compiled``: only when every bot of the
    plan is the random bot; else, as for a rule set it cannot run, the Python engine plays),
    or the ``EngineChoice`` the caller made of it."""
    if isinstance(engine, str):
        engine = choose_engine(game, plan_, engine)
    jobs = jobs or os.cpu_count() or 1
    if engine.engine == "gpu":  # one device, driven from this process
        jobs, executor, workers = 1, None, None
    started = time.perf_counter()
    # in this process a game is a chunk: progress and Ctrl-C count single games (a search
    # bot's game takes seconds), and nothing is shipped that would make bigger chunks pay;
    # the kernel plays a chunk as one batch
    in_process = executor is None and jobs == 1 and not engine.is_compiled
    if engine.engine == "gpu":  # a launch that fills the device (a game per seat order)
        size = compiled.batch_size("gpu", game, plan_.players, 0) \
            * sum(len(orders) for orders in plan_.orders)
        chunks = [range(s, min(s + size, plan_.games)) for s in range(0, plan_.games, size)]
    elif in_process:
        chunks = [range(i, i + 1) for i in range(plan_.games)]
    else:
        chunks = _chunks(plan_.games, workers or jobs)
    results: list[Result] = []
    task, told = (_compiled_results, engine.engine) if engine.is_compiled \
        else (_results, engine.bot_options)
    interrupted = run_chunks(game, task, (plan_, told), chunks, results, jobs=jobs,
                             executor=executor, progress=progress)
    results.sort(key=lambda r: r.index)
    in_one = executor is None and jobs == 1
    return Tournament(plan_, tuple(results), time.perf_counter() - started,
                      1 if in_one else (workers or jobs), interrupted, engine)


def choose_engine(game: Game, plan_: Plan, engine: str,
                  compiling: Callable[[], None] | None = None) -> EngineChoice:
    """``compiled.choose`` for the plan's bots (every one of them may sit anywhere)."""
    seeds = range(plan_.seed, plan_.seed + plan_.deals)
    return compiled.choose(game, plan_.players, plan_.bots, engine, seeds, compiling)


def _chunks(games: int, workers: int) -> list[range]:
    """Games in about 16 chunks per worker, of at most 50: a search bot's game takes
    seconds, and the last chunks should leave no worker idle for long."""
    size = max(1, min(50, -(-games // (16 * max(1, workers)))))
    return [range(s, min(s + size, games)) for s in range(0, games, size)]


def _results(game: Game, plan_: Plan, bot_options: dict, indexes: range) -> list[Result]:
    """A chunk's task: the games ``indexes`` of the plan."""
    return [play_task(game, plan_, index, bot_options) for index in indexes]


def _compiled_results(game: Game, plan_: Plan, engine: str, indexes: range) -> list[Result]:
    """A chunk's task on the compiled engine (``engine``: on the CPU or a GPU): random bots
    in every seat, so every seat order of a deal is the same game, played once."""
    tasks = [plan_.task(index) for index in indexes]
    seeds = sorted({plan_.seed + deal for _, deal, _ in tasks})
    batch, seconds = compiled.timed_batch(game, plan_.players, seeds, engine)
    by_seed = {seed: (seating, scores) for seed, seating, scores in
               zip(seeds, batch.seating.tolist(), batch.scores.tolist())}
    each = seconds / len(seeds)
    results = []
    for index, (lineup, deal, order) in zip(indexes, tasks):
        seating, scores = by_seed[plan_.seed + deal]
        results.append(Result(index, lineup, deal, plan_.seed + deal,
                              tuple(order[i] for i in seating), tuple(scores), each))
    return results
