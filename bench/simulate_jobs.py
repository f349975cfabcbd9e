"""How ``carcdsl simulate`` scales with worker processes: ``--jobs 1`` against ``--jobs J``.

    python bench/simulate_jobs.py                        # 20,000 base games, jobs 1 and 2, 3 rounds
    python bench/simulate_jobs.py --games 2000 --rounds 1 --jobs 2 --json

Each round runs the whole command in a fresh process (wall clock, start-up and the metrics
included: what a user waits for), ``--jobs 1`` then ``--jobs J``, alternating so that a burst of
other work on a shared machine falls on both; the load average before each run is printed, and
so is the CPU time of the process and its workers, which tells a busy machine from overhead.
The target on a 2-core machine: ``--jobs 2`` in at most 0.6x the time of ``--jobs 1``, taking
each setting's fastest round. Both settings must print the same metrics (per-game seeds).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_once(games: int, jobs: int) -> tuple[float, float, dict]:
    """(wall seconds, CPU seconds of the command and its workers, its JSON minus timings)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "carcdsl", "simulate", "base", "--games",
                          str(games), "--jobs", str(jobs), "--json"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    data = json.loads(out)
    for run in data["runs"]:
        run.pop("seconds"), run.pop("games_per_second")
    return wall, cpu, data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    best: dict[int, float] = {}
    results: dict[int, dict] = {}
    for _ in range(args.rounds):
        for jobs in (1, args.jobs):
            load = os.getloadavg()[0]
            wall, cpu, results[jobs] = run_once(args.games, jobs)
            best[jobs] = min(best.get(jobs, wall), wall)
            if not args.json:
                print(f"jobs {jobs}: {wall:.2f} s wall, {cpu:.2f} s CPU (load before {load:.2f})")
    same = results[1] == results[args.jobs]
    ratio = best[args.jobs] / best[1]
    if args.json:
        print(json.dumps({"games": args.games, "best": best, "ratio": round(ratio, 3),
                          "same_numbers": same}))
    else:
        print(f"fastest: jobs 1 {best[1]:.2f} s, jobs {args.jobs} {best[args.jobs]:.2f} s: "
              f"ratio {ratio:.2f}; the same numbers: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
