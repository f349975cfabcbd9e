"""``carcdsl tournament``: bots against bots with balanced seats, rated.

A round robin over the ``--bot`` bots (or ``--gauntlet BOT`` against them): every lineup of
``--players`` bots plays ``--games`` games, each deal once in every seat order, on every core
(``--jobs``) or a Dask cluster (``--scheduler``), with ``simulate``'s machinery. The report:
Elo ratings with 95% bootstrap intervals, each bot's win rate and mean score, the crosstable
(pairwise win rate and mean score difference), the games per seat and games/s; ``--json``
the same as data. Ctrl-C reports the games played so far and exits with 130.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

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
from carcdsl.cli.simulate import _executor, check_bot_spec
from carcdsl.errors import CarcError
from carcdsl.pipeline import load
from carcdsl.sim.run import MAX_KEPT
from carcdsl.sim.tournament import Tournament, choose_engine, plan, run
from carcdsl.sim.tournament_ratings import rate
from carcdsl.sim.workers import MAX_JOBS


def add_tournament(commands) -> None:
    """Register ``tournament`` with the command line's subparsers."""
    p = commands.add_parser(
        "tournament", help="bots against bots, seats balanced: Elo ratings and a crosstable",
        description="Play a round robin (or a gauntlet) between bots, every bot in every "
        "seat equally often, and report Elo ratings with 95%% intervals, win rates, mean "
        "scores and the crosstable (docs/bots.md).")
    p.add_argument("rules", metavar="RULES", help="a rule file or bundled rule set")
    add_variant_option(p)
    add_allow_option(p)
    p.add_argument("--bot", action="extend", type=bot_kinds, default=[], metavar="BOT",
                   help="a bot to play (repeated, or a comma list); options after ':', "
                   "as in mcts:playouts=500:c=0.7")
    p.add_argument("--gauntlet", metavar="BOT",
                   help="play BOT against each lineup of the --bot bots, not a round robin")
    p.add_argument("--players", "-n", type=int, default=2, metavar="N",
                   help="players a game (default 2)")
    p.add_argument("--games", type=int, default=100, metavar="N",
                   help="games per lineup, a multiple of the seat orders (default 100)")
    p.add_argument("--seed", type=int, default=1,
                   help="seed of the first deal (default 1); deal d has seed + d")
    p.add_argument("--bootstrap", type=int, default=1000, metavar="B",
                   help="bootstrap samples for the intervals (default 1000; 0: none)")
    p.add_argument("--jobs", "-j", type=int, metavar="J",
                   help=f"worker processes (default: every core, {os.cpu_count()})")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on a Dask cluster (tcp://host:port) instead of local processes")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--games-json", action="store_true",
                   help="with --json, add every game's seats and scores")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    add_engine_option(p)
    p.add_argument("--lang", metavar="LANG",
                   help="the language of messages (the report itself is in English)")
    p.set_defaults(run=cmd_tournament)


def _check_options(args: argparse.Namespace) -> list[str]:
    """The bots, each made once so that a bad one is refused before anything is played."""
    bots = list(dict.fromkeys(args.bot))
    for spec in [*bots, *([args.gauntlet] if args.gauntlet else [])]:
        check_bot_spec(spec, bots_only="a tournament plays bots only: human cannot sit in")
    if args.jobs is not None and args.jobs < 1:
        raise CarcError("--jobs must be at least 1")
    if args.jobs is not None and args.jobs > MAX_JOBS:
        raise CarcError(f"--jobs must be at most {MAX_JOBS:,}")
    if args.games > MAX_KEPT:
        raise Said("games-at-most", most=f"{MAX_KEPT:,}")
    if args.bootstrap < 0:
        raise CarcError("--bootstrap must not be negative")
    if args.scheduler is not None:
        import importlib.util

        if importlib.util.find_spec("distributed") is None:
            raise CarcError("--scheduler needs distributed: pip install 'carcdsl[dask]'")
    return bots


def cmd_tournament(args: argparse.Namespace) -> int:
    """``carcdsl tournament RULES --bot A --bot B [...]``: play, rate, report."""
    bots = _check_options(args)
    try:
        planned = plan(bots, args.players, args.games, args.seed, args.gauntlet)
    except ValueError as exc:
        raise CarcError(f"tournament: {exc}") from None
    game = load(args.rules, tuple(args.variant), allow=tuple(args.allow_path))
    game.check_players(args.players)
    with compiling_notice(args.lang) as compiling:
        engine = choose_engine(game, planned, args.engine, compiling)
    tell_engine(engine, args.lang)
    bar = None
    if not (args.quiet or args.json) and sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(total=planned.games, unit="game", file=sys.stderr, leave=False)
    with _executor(args) as (executor, workers):
        try:
            played = run(game, planned, jobs=args.jobs, executor=executor, workers=workers,
                         progress=bar.update if bar is not None else None, engine=engine)
        finally:
            if bar is not None:
                bar.close()
    label = args.rules + "".join(f" + {v}" for v in args.variant)
    report = to_json(played, label, args.bootstrap, args.games_json)
    if args.json:
        print_json(report, indent=2)
    else:
        print(format_tournament(report))
    if played.interrupted:
        print("carcdsl: interrupted: the report covers the games played so far",
              file=sys.stderr)
        return 130
    return 0


def to_json(played: Tournament, label: str, samples: int, games: bool = False) -> dict:
    """The tournament as data: what was played, the ratings and crosstable, the timing
    (the only part that differs between runs of the same seeds)."""
    plan_ = played.plan
    out = {"rules": label, "players": plan_.players, "bots": list(plan_.bots),
           "mode": "gauntlet" if plan_.gauntlet is not None else "round-robin",
           "lineups": [[plan_.bots[b] for b in lineup] for lineup in plan_.lineups],
           "seat_orders": len(plan_.orders[0]), "deals": plan_.deals, "seed": plan_.seed,
           "games_asked": plan_.games, "games": len(played.results),
           "interrupted": played.interrupted,
           **rate(played, samples)}
    if games:
        out["results"] = [r.to_json() for r in played.results]
    seconds = played.seconds
    out["timing"] = {"seconds": round(seconds, 3), "jobs": played.jobs,
                     "games_per_second": round(len(played.results) / seconds, 3)
                     if seconds else None, **played.engine.to_json()}
    return out


def _interval(estimate: dict, scale: float = 1, signed: bool = False, digits: int = 0) -> str:
    """``[low, high]``; an open bound (null: a sweep) is ``(−∞`` or ``+∞)``; nothing when
    there is no interval."""
    low, high = estimate["low"], estimate["high"]
    if (low is None and high is None) or any(x is not None and math.isnan(x)
                                              for x in (low, high)):
        return ""
    form = f"{'+' if signed else ''}.{digits}f"
    left = "(−∞" if low is None else f"[{scale * low:{form}}"
    right = "+∞)" if high is None else f"{scale * high:{form}}]"
    return f"{left}, {right}"


def _of(report: dict) -> str:
    """`` of 40`` when fewer games were played than planned (Ctrl-C)."""
    return f" of {report['games_asked']:,}" if report["games"] != report["games_asked"] else ""


def format_tournament(report: dict) -> str:
    """The report for people: the ratings (best first), the crosstable, seats and speed."""
    lines = [f"{report['mode']}: {report['rules']}, {report['players']} players, "
             f"{report['games']:,}{_of(report)} games ({len(report['lineups'])} lineup"
             f"{'s' if len(report['lineups']) != 1 else ''} × {report['deals']} deals × "
             f"{report['seat_orders']} seat orders; deal seeds {report['seed']}.."
             f"{report['seed'] + report['deals'] - 1})", ""]
    width = max(8, *(len(b) for b in report["bots"])) + 1
    lines.append(f"  {'bot':<{width}} {'Elo':>5} {'95% CI':<13} {'games':>6} "
                 f"{'win rate':>8} {'95% CI':<13} {'mean score':>13}")
    for row in report["ratings"]:
        elo, win, score = row["elo"], row["win_rate"], row["mean_score"]
        lines.append(
            f"  {row['bot']:<{width}} {elo['value']:>+5.0f} {_interval(elo, signed=True):<13} "
            f"{row['games']:>6} {100 * win['value']:>7.1f}% "
            f"{_interval(win, 100, digits=1):<13} "
            f"{score['value']:>6.1f} ± {(score['high'] - score['low']) / 2:<4.1f}")
    lines += ["", "  crosstable: A against B in the games both played (A's pairwise win rate, "
              "A's score less B's, Elo A − B)",
              f"  {'A':<{width}} {'B':<{width}} {'games':>6} {'A wins':>8} {'95% CI':<13} "
              f"{'score A − B':>14} {'Elo A − B':>9} {'95% CI':<13}"]
    for pair in report["pairs"]:
        win, diff, elo = pair["win_rate"], pair["score_difference"], pair["elo_difference"]
        lines.append(
            f"  {pair['a']:<{width}} {pair['b']:<{width}} {pair['games']:>6} "
            f"{100 * win['value']:>7.1f}% {_interval(win, 100, digits=1):<13} "
            f"{diff['value']:>+7.1f} ± {(diff['high'] - diff['low']) / 2:<4.1f} "
            f"{elo['value']:>+9.0f} {_interval(elo, signed=True):<13}".rstrip())
    lines += ["", "  games per seat: " + "; ".join(
        f"{s['bot']} {'/'.join(map(str, s['by_seat']))}" for s in report["seats"])]
    timing = report["timing"]
    rate = timing["games_per_second"]
    lines.append(f"  {timing['seconds']:.1f} s, {rate if rate is not None else '–'} games/s "
                 f"({timing['jobs']} worker{'s' if timing['jobs'] != 1 else ''})")
    return "\n".join(line.rstrip() for line in lines)
