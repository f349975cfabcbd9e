"""``carcdsl simulate``: many games on every core (or a Dask cluster) summed up in the metrics
game designers use, or several configurations compared on the same seeds.

The command reads its options, runs ``sim.run.simulate`` per configuration with a progress
bar, and prints ``view.simulation``'s report (or ``--json``); ``--csv``/``--parquet`` write
the per-game rows and ``--html`` the report with plots. Ctrl-C stops the run: what was
played is reported, and the exit status is 130.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import shlex
import sys
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path

from carcdsl.bots import BotError, check_bot, parse_bot
from carcdsl.cli.output import (
    Said,
    add_allow_option,
    add_engine_option,
    add_variant_option,
    bot_kinds,
    compiling_notice,
    print_json,
    tell_engine,
)
from carcdsl.errors import CarcError
from carcdsl.formats.files import check_target, write_atomically
from carcdsl.i18n.words import Words, os_reason
from carcdsl.pipeline import load
from carcdsl.sim.batches import names_of
from carcdsl.sim.compiled import choose
from carcdsl.sim.files import columns, rows_file, union
from carcdsl.sim.metrics import compare, summarize
from carcdsl.sim.run import (
    MAX_GAMES,
    Config,
    RowsOut,
    Simulation,
    seeds_problem,
    simulate_together,
)
from carcdsl.sim.workers import MAX_JOBS
from carcdsl.view.simulation import format_comparison, format_simulation

EXTRAS = {"matplotlib": "sim", "pyarrow": "sim", "distributed": "dask"}
"""An optional module -> the extra that installs it."""


def add_simulate(commands) -> None:
    """Register ``simulate`` with the command line's subparsers."""
    p = commands.add_parser(
        "simulate", help="many games summed up: win rates, balance, points by kind",
        description="Play many games with bots on every core (or a Dask cluster) and report "
        "win rates with 95% intervals and the metrics of docs/simulation.md; --compare "
        "other configurations on the same seeds.")
    p.add_argument("rules", metavar="RULES", help="a rule file or bundled rule set")
    add_variant_option(p)
    p.add_argument("--players", "-n", type=int, metavar="N", help="number of players")
    add_allow_option(p)
    p.add_argument("--bot", action="extend", type=bot_kinds, default=[], metavar="BOT",
                   help="random, greedy or mcts, per seat in order (repeated, or a comma "
                   "list: greedy,random); the last fills the rest; options after ':' "
                   "(mcts:playouts=500); a bot of your own: package.module:factory")
    p.add_argument("--games", type=int, default=1000, metavar="N",
                   help="games per configuration (default 1000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    p.add_argument("--compare", action="append", default=[], metavar="'RULES [-v V] [--bot B]'",
                   help="another configuration to play on the same seeds; may be repeated")
    p.add_argument("--jobs", "-j", type=int, metavar="J",
                   help=f"worker processes (default: every core, {os.cpu_count()})")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on a Dask cluster (tcp://host:port) instead of local processes")
    p.add_argument("--branching", action="store_true",
                   help="count every legal move of every turn (slower)")
    p.add_argument("--json", action="store_true", help="print the metrics as JSON")
    p.add_argument("--html", metavar="FILE", help="write the report with plots as HTML")
    p.add_argument("--csv", metavar="FILE", help="write one row per game as CSV")
    p.add_argument("--parquet", metavar="FILE", help="write one row per game as Parquet")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    add_engine_option(p)
    p.add_argument("--lang", metavar="LANG",
                   help="the language of messages (the report itself is in English)")
    p.set_defaults(run=cmd_simulate)


def parse_config(spec: str, players: int, allow: tuple[str, ...] = ()) -> Config:
    """A ``--compare`` value: ``RULES [--variant V ...] [--bot KIND ...]``."""
    try:
        words = shlex.split(spec)
    except ValueError as exc:
        raise CarcError(f"--compare {spec!r}: {exc}") from None
    rules: str | None = None
    variants: list[str] = []
    bots: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word in ("--variant", "-v", "--bot") and i + 1 < len(words):
            if word == "--bot":
                bots.extend(bot_kinds(words[i + 1]))
            else:
                variants.append(words[i + 1])
            i += 2
            continue
        if word.startswith("-") or rules is not None:
            raise CarcError(f"--compare {spec!r}: expected 'RULES [--variant V ...] "
                            f"[--bot KIND ...]', not {word!r}")
        rules = word
        i += 1
    if rules is None:
        raise CarcError(f"--compare {spec!r}: no rule set named")
    for kind in bots:
        _check_bot(kind)
    return Config(rules, tuple(variants), players, tuple(bots or ["random"]), allow)


def _check_options(args: argparse.Namespace) -> None:
    """Refuse what cannot work before anything is played."""
    for kind in args.bot:
        _check_bot(kind)
    if args.games < 1:
        raise Said("games-at-least")
    if args.games > MAX_GAMES:
        raise Said("games-at-most-summed", most=f"{MAX_GAMES:,}")
    if args.jobs is not None and args.jobs < 1:
        raise CarcError("--jobs must be at least 1")
    if args.jobs is not None and args.jobs > MAX_JOBS:
        raise CarcError(f"--jobs must be at most {MAX_JOBS:,}")
    if problem := seeds_problem(args.seed, args.games):
        raise CarcError(f"--seed {args.seed}: {problem}")
    if args.players is not None and args.players < 1:
        raise CarcError("--players must be at least 1")
    needed = (["matplotlib"] if args.html else []) + (["pyarrow"] if args.parquet else []) \
        + (["distributed"] if args.scheduler else [])
    for module in needed:
        if importlib.util.find_spec(module) is None:
            raise CarcError(f"{_option_for(module, args)} needs {module}: "
                            f"pip install 'carcdsl[{EXTRAS[module]}]'")
    for path in (args.html, args.csv, args.parquet):
        if path is not None:
            with _unwritable_said(path, args.lang):
                check_target(path)
            if not Path(os.path.realpath(path)).parent.is_dir():
                raise CarcError(f"cannot write {path}: no such directory")
    _check_distinct(args)  # after each is known to be a name a file can have (no NUL)


def _check_distinct(args: argparse.Namespace) -> None:
    """Two outputs naming one file (through a link too) would replace each other."""
    named: dict[str, str] = {}
    for option, path in (("--csv", args.csv), ("--parquet", args.parquet),
                         ("--html", args.html)):
        if path is not None:
            real = os.path.realpath(path)
            if real in named:
                raise CarcError(f"{named[real]} and {option} name the same file: {path}")
            named[real] = option


def _check_bot(kind: str) -> None:
    check_bot_spec(kind, bots_only="simulate plays bots only: --bot human cannot sit in")


def check_bot_spec(kind: str, bots_only: str = "") -> None:
    """Refuse an unknown bot or a bad option, in the user's language, before anything is
    played; with ``bots_only``, refuse a person's seat with that message too."""
    try:
        if bots_only and parse_bot(kind).name == "human":
            raise CarcError(bots_only)
        check_bot(kind)
    except BotError as exc:
        if exc.key:  # worded in the user's language
            raise Said(exc.key, **exc.values) from None
        raise


def _option_for(module: str, args: argparse.Namespace) -> str:
    if module == "distributed":
        return "--scheduler"
    return "--html" if module == "matplotlib" and args.html else "--parquet"


@contextlib.contextmanager
def _executor(args: argparse.Namespace) -> Iterator[tuple[Executor | None, int | None]]:
    """The Dask cluster's executor for ``--scheduler``; else none (``simulate`` makes its
    process pool, or plays here for ``--jobs 1``)."""
    if args.scheduler is None:
        yield None, None
        return
    from carcdsl.sim.dask import dask_executor

    try:
        context = dask_executor(args.scheduler)
        executor, workers = context.__enter__()
    except (OSError, TimeoutError, ValueError) as exc:
        raise CarcError(f"cannot reach the Dask scheduler at {args.scheduler}: {exc}") from None
    except Exception as exc:  # something else answers there (an exabyte frame: MemoryError)
        raise CarcError(f"cannot reach the Dask scheduler at {args.scheduler}: what answers "
                        f"is not one ({type(exc).__name__}: {exc})") from None
    try:
        yield executor, workers
    finally:
        context.__exit__(None, None, None)


def _progress(args: argparse.Namespace, label: str):
    """A progress bar with games/s on a terminal (stderr); None elsewhere."""
    if args.quiet or args.json or not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    return tqdm(total=args.games, unit="game", desc=label, file=sys.stderr, leave=False)


def cmd_simulate(args: argparse.Namespace) -> int:
    """``carcdsl simulate RULES [...]``: run every configuration, then report."""
    _check_options(args)
    allow = tuple(args.allow_path)
    game = load(args.rules, tuple(args.variant), allow=allow)
    players = args.players if args.players is not None else max(2, game.rules.game.players[0])
    game.check_players(players)
    configs = [Config(args.rules, tuple(args.variant), players, tuple(args.bot or ["random"]),
                      allow)]
    for spec in args.compare:
        configs.append(parse_config(spec, players, allow))
        if configs[-1].label in [c.label for c in configs[:-1]]:  # the rows' config column
            raise CarcError(f"--compare {spec!r}: the same configuration as "
                            f"{configs[-1].label}")
    games = [game] + [config.load() for config in configs[1:]]
    seeds = range(args.seed, args.seed + args.games)
    said: set[str] = set()  # a reason configurations share is said once
    engines = []
    for config, loaded in zip(configs, games):  # compiled before any worker starts
        with compiling_notice(args.lang) as compiling:
            engines.append(choose(loaded, players, config.bots, args.engine, seeds, compiling))
        tell_engine(engines[-1], args.lang, said)
    with _executor(args) as (executor, workers), _rows_files(args, configs, games) as out:
        bar = _progress(args, " vs ".join(c.label for c in configs))
        try:
            sims = simulate_together(configs, args.games, args.seed, jobs=args.jobs,
                                     executor=executor, workers=workers,
                                     branching=args.branching, loaded=games,
                                     progress=bar.update if bar else None, engines=engines,
                                     rows_out=out)
        finally:
            if bar is not None:
                bar.close()
    interrupted = sims[-1].interrupted
    summaries = [summarize(sim) for sim in sims]
    comparisons = [compare(sims[0], sim) for sim in sims[1:]]
    if args.html:
        _write_html(args, sims, summaries, comparisons)
    if args.json:
        print_json({"runs": summaries, "comparisons": comparisons}, indent=2)
    elif comparisons:
        print(format_comparison(summaries, comparisons))
    else:
        print(format_simulation(summaries[0]))
    if interrupted:
        print("carcdsl: interrupted: the report covers the games played so far",
              file=sys.stderr)
        return 130
    return 0


@contextlib.contextmanager
def _rows_files(args: argparse.Namespace, configs: list[Config],
                games: list) -> Iterator[RowsOut | None]:
    """The ``--csv`` and ``--parquet`` files, open while the games are played: each chunk's
    records are written as it finishes (every configuration's, a ``config`` column naming it
    when there are several). Kept when the run ends, Ctrl-C included; removed on an error."""
    several = len(configs) > 1
    names = union([columns(c.players, names_of(g.tables), g.tables.type_names, several)
                   for c, g in zip(configs, games)])
    with contextlib.ExitStack() as stack:
        writers = []
        for path, kind in ((args.csv, "csv"), (args.parquet, "parquet")):
            if path is not None:
                stack.enter_context(_unwritable_said(path, args.lang))
                writers.append(stack.enter_context(rows_file(path, names, kind)))
        if not writers:
            yield None
            return

        def write(records: list[dict]) -> None:
            for writer in writers:
                writer.write(records)
        yield write


def _write_html(args: argparse.Namespace, sims: list[Simulation], summaries: list[dict],
                comparisons: list[dict]) -> None:
    from carcdsl.sim.report import html_report

    page = html_report(sims, summaries, comparisons).encode("utf-8")
    with _unwritable_said(args.html, args.lang):
        write_atomically(args.html, page)


@contextlib.contextmanager
def _unwritable_said(path: str, lang: str) -> Iterator[None]:
    """An output file that cannot be written (a named pipe, a full disk) is one message
    naming it."""
    try:
        yield
    except OSError as exc:
        reason = os_reason(exc).say(Words(None, lang))
        raise Said("file-unwritable", file=path, reason=reason) from None
