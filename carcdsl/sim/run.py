"""Many games played and summed up as they finish, on every core or any
``concurrent.futures.Executor``, in memory that does not grow with the number of games.

``simulate_together`` splits the seeds into chunks and sends each to the executor (a process
pool of ``jobs`` workers by default, started with the games; ``sim.dask.dask_executor`` for a
Dask cluster: one code path). A worker plays the chunk's seeds in every configuration (the
kernel's ``Batch``, or the Python engine's rows made one, ``sim.batches``) and sends back,
per configuration, its ``Tally`` and, per configuration compared with the first, a
``Pairing``: a few arrays whatever the chunk's size. The parent adds them up, and, in seed
order, writes the chunk's rows to the files asked for and keeps them when asked
(``keep_rows``). A game depends on its seed alone and the sums are integers, so the rows and
every metric are the same whatever the number of workers, the chunking or the cluster.

Ctrl-C stops the run: what is pending is cancelled, and what the chunks already done gave
stands (``Simulation.interrupted``).
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

from carcdsl.engine.game import Game
from carcdsl.formats.record import SEED_MAX, SEED_MIN
from carcdsl.pipeline import load
from carcdsl.sim import compiled
from carcdsl.sim.batches import batch_rows, rows_batch
from carcdsl.sim.compiled import EngineChoice
from carcdsl.sim.paired import Pairing
from carcdsl.sim.rows import GameRow, play_rows, to_record, to_records
from carcdsl.sim.tally import Tally
from carcdsl.sim.workers import ProgressCallback, run_ordered

MAX_GAMES = 1_000_000_000
"""Games one run may ask for. Memory does not grow with them; the exact sums do, as
integers, and a billion games of the base game take a day on a machine of 16 cores."""
MAX_KEPT = 1_000_000
"""Rows one run may keep in memory (``keep_rows``; about 1.6 kB each for the base game), and
games a tournament may play (it keeps each game's result)."""


def _strings(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


@attrs.frozen
class Config:
    """What to simulate: a rule set with its variants (and parameters), seats and bots."""

    rules: str = "base"
    """A bundled rule set or a path, with parameters if any (``maps-germany:areas=3``)."""
    variants: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    players: int = 2
    bots: tuple[str, ...] = attrs.field(default=("random",), converter=_strings)
    """Kinds of bot per seat in order; the last fills the remaining seats."""
    allow: tuple[str, ...] = attrs.field(default=(), converter=_strings, eq=False)
    """Folders rule files may read from besides their own (``pipeline.load``'s ``allow``)."""

    @property
    def label(self) -> str:
        """``base + farmers``; ``(greedy, random)`` when the bots are not all random."""
        text = self.rules + "".join(f" + {v}" for v in self.variants)
        if set(self.bots) != {"random"}:
            text += f" ({', '.join(self.bots)})"
        return text

    def load(self) -> Game:
        """The game (composed, checked, compiled); raises the pipeline's errors."""
        game = load(self.rules, self.variants, allow=self.allow)
        game.check_players(self.players)
        return game


@attrs.frozen
class Simulation:
    """A run of one configuration summed up, with its rows when they were kept."""

    config: Config
    seed: int
    """Games were played with seeds ``seed``, ``seed + 1``, ..."""
    games: int
    """Games asked for (``tally.games`` is fewer when the run was interrupted)."""
    tally: Tally = attrs.field(eq=False)
    """The games summed up (``sim.metrics.summarize`` reads it)."""
    type_names: tuple[str, ...]
    """The rule set's tile types, in the order of ``GameRow.placed``."""
    supply: dict[str, int]
    """Tile type -> copies in the supply (the start tile not counted)."""
    kinds: tuple[str, ...] = ()
    """The rule set's feature kinds, in order (the metrics list them first)."""
    rows: tuple[GameRow, ...] | None = None
    """In seed order, when they were kept (``keep_rows``); else None."""
    seconds: float = attrs.field(default=0.0, eq=False)
    interrupted: bool = False
    engine: EngineChoice = attrs.field(default=compiled.PYTHON, eq=False)
    """The engine asked for and the one that played (the rows are the same either way)."""
    pairing: Pairing | None = attrs.field(default=None, eq=False)
    """Game by game against the first configuration it was played beside."""
    game: Game | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def label(self) -> str:
        return self.config.label

    @property
    def tables(self) -> Any:
        return self.game.tables if self.game is not None else self.config.load().tables

    def records(self, config: str | None = None) -> list[dict]:
        """Per-game rows as flat records (``rows.to_record``); the rows must have been kept."""
        if self.rows is None:
            raise ValueError("the rows were not kept: simulate(..., keep_rows=True)")
        return to_records(self.rows, self.type_names, config)


RowsOut = Callable[[list[dict]], None]
"""Called with each chunk's flat records, in seed order (the files being written)."""


def seeds_problem(seed: int, games: int) -> str | None:
    """Why seeds ``seed``.. for ``games`` games cannot be played, or None: a row holds its
    seed as a signed 64-bit integer (``formats.record.SEED_MIN``..``SEED_MAX``)."""
    if seed < SEED_MIN or seed + max(games, 1) - 1 > SEED_MAX:
        return (f"seeds {seed:,} onwards for {games:,} games: seeds are signed 64-bit "
                f"integers, from {SEED_MIN:,} to {SEED_MAX:,}")
    return None


def chunk_seeds(seed: int, games: int, chunks: int, most: int = 200) -> Sequence[range]:
    """``games`` seeds from ``seed`` in about ``chunks`` ranges of at most ``most`` (small
    enough that the last ones leave no worker idle for long, or lose much to Ctrl-C); each
    made when asked for, so that a billion games take no memory to cut up."""
    size = max(1, min(most, -(-games // max(1, chunks))))
    return _Chunks(range(seed, seed + games, size), size, seed + games)


class _Chunks(Sequence[range]):
    """``chunk_seeds``'s ranges: those starting at ``starts``, ``size`` long, none past
    ``stop``."""

    def __init__(self, starts: range, size: int, stop: int):
        self.starts, self.size, self.stop = starts, size, stop

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, i):  # no slices asked for
        start = self.starts[i]
        return range(start, min(start + self.size, self.stop))


def simulate(config: Config, games: int, seed: int = 1, *, jobs: int | None = None,
             executor: Executor | None = None, workers: int | None = None,
             branching: bool = False, game: Game | None = None,
             progress: ProgressCallback | None = None,
             engine: str | EngineChoice = "python", keep_rows: bool = True) -> Simulation:
    """Play ``games`` games of ``config`` (seeds ``seed``..) and sum them up.

    ``executor``: where chunks run (any ``concurrent.futures.Executor``; ``workers`` says
    how many run at once, for the chunking). Without one: ``jobs`` processes (default: every
    core), or this process when ``jobs`` is 1. ``game``: the loaded game of ``config``, if
    the caller has it. ``branching``: count every legal move (``rows.play_row``).
    ``engine``: ``python``, or ``compiled`` (the same games, from ``sim.compiled``'s kernel;
    the Python engine when it cannot run them), ``gpu`` (the kernel on a GPU, played in this
    process whatever ``jobs``; the CPU kernel where none is), or the ``EngineChoice`` the
    caller made of
    it (``compiled.choose``, which compiles the kernels before any worker starts).
    ``keep_rows``: keep every game's ``GameRow`` (``Simulation.rows``; at most ``MAX_KEPT``).
    """
    return simulate_together([config], games, seed, jobs=jobs, executor=executor,
                             workers=workers, branching=branching,
                             loaded=None if game is None else [game], progress=progress,
                             engines=[engine], keep_rows=keep_rows)[0]


def simulate_together(configs: Sequence[Config], games: int, seed: int = 1, *,
                      jobs: int | None = None, executor: Executor | None = None,
                      workers: int | None = None, branching: bool = False,
                      loaded: Sequence[Game] | None = None,
                      progress: ProgressCallback | None = None,
                      engines: Sequence[str | EngineChoice] = ("python",),
                      keep_rows: bool = False, rows_out: RowsOut | None = None
                      ) -> list[Simulation]:
    """``simulate`` for several configurations on the same seeds, each chunk played in all
    of them, the others paired game by game with the first (``Simulation.pairing``).
    ``rows_out``: called with each chunk's records (every configuration's, labelled with a
    ``config`` column when there are several; those of a seed together), in seed order."""
    if games > MAX_GAMES:
        raise ValueError(f"{games:,} games: a run plays at most {MAX_GAMES:,}")
    if keep_rows and games > MAX_KEPT:
        raise ValueError(f"{games:,} games: a run keeps the rows of at most {MAX_KEPT:,}")
    if problem := seeds_problem(seed, games):
        raise ValueError(problem)
    loaded = list(loaded) if loaded is not None else [c.load() for c in configs]
    players = configs[0].players
    choices = [compiled.choose(g, players, c.bots, e, range(seed, seed + games))
               if isinstance(e, str) else e
               for c, g, e in zip(configs, loaded, _each(engines, len(configs)))]
    jobs = jobs or os.cpu_count() or 1
    if any(e.engine == "gpu" for e in choices):  # one device, driven from this process
        jobs, executor, workers = 1, None, None
    most = compiled.chunk_size(choices, loaded, players)
    chunks = chunk_seeds(seed, games, 8 * (workers or jobs), most)
    plan = _Plan(tuple(c.bots for c in configs), players, branching,
                 tuple(e.engine for e in choices), tuple(e.bot_options for e in choices),
                 keep_rows or rows_out is not None)
    gather = _Gather(configs, loaded, plan, keep_rows, rows_out, progress)
    started = time.perf_counter()
    interrupted = run_ordered(tuple(loaded), _play_chunk, (plan,), chunks, gather.add,
                              jobs=jobs, executor=executor, window=4 * (workers or jobs))
    seconds = time.perf_counter() - started
    return [gather.simulation(i, seed, games, seconds, interrupted, choices[i])
            for i in range(len(configs))]


def _each(engines: Sequence[str | EngineChoice], n: int) -> list[str | EngineChoice]:
    """One engine per configuration (the last given fills the rest)."""
    return [engines[min(i, len(engines) - 1)] for i in range(n)]


@attrs.frozen
class _Plan:
    """What a worker needs besides the games and the seeds."""

    bots: tuple[tuple[str, ...], ...]
    players: int
    branching: bool
    engines: tuple[str, ...]
    """Per configuration: ``python``, ``compiled`` or ``gpu`` (``EngineChoice.engine``)."""
    bot_options: tuple[dict, ...]
    batches: bool
    """Send the batches back too (rows are kept or written)."""


@attrs.frozen
class _Chunk:
    """What a worker sends back for one chunk."""

    tallies: tuple[Tally, ...]
    pairings: tuple[Pairing, ...]
    batches: tuple[Any, ...] | None


def _play_chunk(games: tuple[Game, ...], plan: _Plan, seeds: range) -> _Chunk:
    """A chunk's task: its seeds played in every configuration, summed up."""
    batches = []
    for game, bots, engine, options in zip(games, plan.bots, plan.engines, plan.bot_options):
        if engine != "python":
            batches.append(compiled.play_batch(game, plan.players, seeds, plan.branching,
                                               engine))
        else:
            rows = play_rows(game, plan.players, bots, seeds, plan.branching, options)
            batches.append(rows_batch(rows, game.tables, bots))
    tallies = tuple(Tally(plan.players, len(g.tables.type_names)).add(b)
                    for g, b in zip(games, batches))
    pairings = tuple(Pairing(plan.players).add(batches[0], b) for b in batches[1:])
    return _Chunk(tallies, pairings, tuple(batches) if plan.batches else None)


class _Gather:
    """The parent's side: each chunk's sums added up, its rows kept or written in order."""

    def __init__(self, configs: Sequence[Config], games: Sequence[Game], plan: _Plan,
                 keep_rows: bool, rows_out: RowsOut | None,
                 progress: ProgressCallback | None):
        self.configs, self.games, self.plan = configs, games, plan
        self.tallies = [Tally(plan.players, len(g.tables.type_names)) for g in games]
        self.pairings = [Pairing(plan.players) for _ in games[1:]]
        self.rows: list[list[GameRow]] | None = [[] for _ in games] if keep_rows else None
        self.rows_out, self.progress = rows_out, progress

    def add(self, chunk: _Chunk) -> None:
        for tally, summed in zip(self.tallies, chunk.tallies):
            tally.merge(summed)
        for pairing, paired in zip(self.pairings, chunk.pairings):
            pairing.merge(paired)
        if chunk.batches is not None:
            rows = [batch_rows(b, bots) for b, bots in zip(chunk.batches, self.plan.bots)]
            if self.rows is not None:
                for kept, more_rows in zip(self.rows, rows):
                    kept.extend(more_rows)
            if self.rows_out is not None:
                self.rows_out(self._records(rows))
        if self.progress:
            self.progress(chunk.tallies[0].games)

    def _records(self, rows: list[list[GameRow]]) -> list[dict]:
        several = len(self.configs) > 1
        out = []
        for same_seed in zip(*rows):
            for config, game, row in zip(self.configs, self.games, same_seed):
                out.append(to_record(row, game.tables.type_names,
                                     config.label if several else None))
        return out

    def simulation(self, i: int, seed: int, games: int, seconds: float, interrupted: bool,
                   engine: EngineChoice) -> Simulation:
        game = self.games[i]
        names = game.tables.type_names
        supply = Counter(names[t] for t in game.tables.fast.supply)
        return Simulation(
            self.configs[i], seed, games, self.tallies[i], tuple(names),
            {name: supply[name] for name in names if supply[name]},
            tuple(k.name for k in game.tables.kinds),
            None if self.rows is None else tuple(self.rows[i]), seconds, interrupted, engine,
            self.pairings[i - 1] if i else None, game)
