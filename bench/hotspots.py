"""Where the time goes: the benchmark workload under cProfile, top functions by own time.

    python bench/hotspots.py                         # base + farmers, 2 random bots, 500 games
    python bench/hotspots.py --games 1000 --top 12

The workload is the one ``bench.py`` and the CLI time (``play_many``, as ``carcdsl play ...
--games N --quiet`` runs it). cProfile adds a cost to every Python call, so the shares lean
towards functions that are called often; read them as where to look, not as exact figures.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import carcdsl  # noqa: E402
from carcdsl.sim.local import play_many  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="base")
    ap.add_argument("--variant", action="append", default=None)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bot", default="random")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--top", type=int, default=10)
    args = ap.parse_args(argv)
    variants = args.variant if args.variant is not None else (
        ["farmers"] if args.rules == "base" else [])
    game = carcdsl.load(args.rules, variants)
    names = [f"P{i + 1}" for i in range(args.players)]
    profile = cProfile.Profile()
    profile.enable()
    play_many(game, names, [args.bot], 1, args.games)
    profile.disable()
    stats = pstats.Stats(profile)
    rows = sorted(((own, total, calls, f"{Path(file).name}:{line}({name})")
                   for (file, line, name), (_, calls, own, total, _) in stats.stats.items()),
                  reverse=True)
    print(f"{args.games} games, {stats.total_tt:.2f} s under cProfile")
    print(f"{'own %':>6} {'incl %':>6} {'calls':>9}  function")
    for own, total, calls, name in rows[:args.top]:
        print(f"{100 * own / stats.total_tt:6.1f} {100 * total / stats.total_tt:6.1f} "
              f"{calls:9d}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
