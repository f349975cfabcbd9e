"""Many games played to rows, on every core or any ``concurrent.futures.Executor``.

``simulate`` splits the seeds into chunks, sends each chunk with the game to the executor
(a process pool of ``jobs`` workers by default; ``sim.dask.dask_executor`` for a Dask
cluster: one code path), and gathers the rows in seed order. A game's row depends on its
seed alone, so the rows are the same whatever the number of workers or the chunking.

Ctrl-C stops the run: what is pending is cancelled, and the rows of the chunks already done
come back (``Simulation.interrupted``).
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor

import attrs

from carcdsl.engine.game import Game
from carcdsl.pipeline import load
from carcdsl.sim import compiled
from carcdsl.sim.compiled import EngineChoice
from carcdsl.sim.rows import GameRow, play_rows, to_records
from carcdsl.sim.workers import ProgressCallback, run_chunks

MAX_GAMES = 1_000_000
"""Games one run may ask for: every game's row is kept (about 1.6 kB in memory for the base
game), for the metrics, the comparison on the same seeds and ``--csv``: at most about 2 GB.
10^11 asked for died of memory."""


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
    """The rows of a run and what they are rows of."""

    config: Config
    seed: int
    """Games were played with seeds ``seed``, ``seed + 1``, ..."""
    games: int
    """Games asked for (``len(rows)`` is fewer when the run was interrupted)."""
    rows: tuple[GameRow, ...]
    """In seed order."""
    type_names: tuple[str, ...]
    """The rule set's tile types, in the order of ``GameRow.placed``."""
    supply: dict[str, int]
    """Tile type -> copies in the supply (the start tile not counted)."""
    seconds: float = attrs.field(default=0.0, eq=False)
    interrupted: bool = False
    engine: EngineChoice = attrs.field(default=compiled.PYTHON, eq=False)
    """The engine asked for and the one that played (the rows are the same either way)."""

    @property
    def label(self) -> str:
        return self.config.label

    def records(self, config: str | None = None) -> list[dict]:
        """Per-game rows as flat records (``rows.to_record``)."""
        return to_records(self.rows, self.type_names, config)


"""Called with the number of games just finished."""


def chunk_seeds(seed: int, games: int, chunks: int) -> list[range]:
    """``games`` seeds from ``seed`` in about ``chunks`` ranges of at most 200 (small enough
    that the last ones leave no worker idle for long, or lose much to Ctrl-C)."""
    size = max(1, min(200, -(-games // max(1, chunks))))
    return [range(s, min(s + size, seed + games)) for s in range(seed, seed + games, size)]


def simulate(config: Config, games: int, seed: int = 1, *, jobs: int | None = None,
             executor: Executor | None = None, workers: int | None = None,
             branching: bool = False, game: Game | None = None,
             progress: ProgressCallback | None = None,
             engine: str | EngineChoice = "python") -> Simulation:
    """Play ``games`` games of ``config`` (seeds ``seed``..) and return their rows.

    ``executor``: where chunks run (any ``concurrent.futures.Executor``; ``workers`` says
    how many run at once, for the chunking). Without one: ``jobs`` processes (default: every
    core), or this process when ``jobs`` is 1. ``game``: the loaded game of ``config``, if
    the caller has it. ``branching``: count every legal move (``rows.play_row``).
    ``engine``: ``python``, or ``compiled`` (the same rows, from ``sim.compiled``'s kernel;
    the Python engine when it cannot run them), or the ``EngineChoice`` the caller made of
    it (``compiled.choose``, which compiles the kernels before any worker starts).
    """
    if games > MAX_GAMES:
        raise ValueError(f"{games:,} games: a run plays at most {MAX_GAMES:,}")
    game = game if game is not None else config.load()
    if isinstance(engine, str):
        engine = compiled.choose(game, config.players, config.bots, engine,
                                 range(seed, seed + games))
    jobs = jobs or os.cpu_count() or 1
    started = time.perf_counter()
    chunks = chunk_seeds(seed, games, 32 * (workers or jobs))
    rows: list[GameRow] = []
    task = _compiled_rows if engine.is_compiled else _rows
    interrupted = run_chunks(game, task, (config.players, config.bots, branching,
                                          engine.bot_options), chunks,
                             rows, jobs=jobs, executor=executor, progress=progress)
    rows.sort(key=lambda row: row.seed)
    names = game.tables.type_names
    supply = Counter(names[t] for t in game.tables.fast.supply)
    return Simulation(config, seed, games, tuple(rows), tuple(names),
                      {name: supply[name] for name in names if supply[name]},
                      time.perf_counter() - started, interrupted, engine)


def _rows(game: Game, players: int, bots: Sequence[str], branching: bool,
          bot_options: dict, seeds: range) -> list[GameRow]:
    """A chunk's task: the rows of the games of ``seeds``."""
    return play_rows(game, players, bots, seeds, branching, bot_options)


def _compiled_rows(game: Game, players: int, bots: Sequence[str], branching: bool,
                   _bot_options: dict, seeds: range) -> list[GameRow]:
    """A chunk's task on the compiled engine (one kernel per worker process)."""
    return compiled.play_rows(game, players, bots, seeds, branching)
