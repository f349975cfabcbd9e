"""How ``carcdsl simulate`` scales with worker processes: the whole command at J = 1, 2, ...
up to every core, against J times the kernel's own speed on one core.

    python bench/simulate_jobs.py                          # base + farmers, 200,000 compiled games
    python bench/simulate_jobs.py --games 200 --rounds 1   # smoke run (CI): the numbers agree
    python bench/simulate_jobs.py --engine python --games 4000 --json

Each round runs the whole command in a fresh process (wall clock: start-up, loading the kernel
from the disk cache, the workers, the summing up; what a user waits for), every J in turn, so
that a burst of other work on a shared machine falls on all of them; each J's fastest round
counts. Beside it: the kernel's games/s on one core, played in this process from a warm cache
(no workers, no summing up), and the calibration (``../shared/bench/calib.py``) before and
after. Efficiency at J is (games/s of the command) / (J x the kernel's games/s): issue 29's
target is at least 0.85 up to the cores there are, and, on a 2-core machine, J = 2 in at most
0.55 x the time of J = 1. Every J must print the same metrics (they depend on the seeds alone).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

import bench  # noqa: E402  (bench/bench.py: the calibration)


def command(args: argparse.Namespace, jobs: int) -> list[str]:
    variants = [w for v in args.variant for w in ("--variant", v)]
    return [sys.executable, "-m", "carcdsl", "simulate", args.rules, *variants, "--games",
            str(args.games), "--engine", args.engine, "--jobs", str(jobs), "--quiet", "--json"]


def run_once(args: argparse.Namespace, jobs: int) -> tuple[float, dict]:
    """(wall seconds, the JSON less its timings) of one whole command."""
    started = time.perf_counter()
    out = subprocess.run(command(args, jobs), cwd=ROOT, check=True, capture_output=True,
                         text=True).stdout
    wall = time.perf_counter() - started
    data = json.loads(out)
    for run in data["runs"]:
        for key in ("seconds", "games_per_second", "compile_seconds"):
            run.pop(key, None)
    return wall, data


def kernel_speed(args: argparse.Namespace) -> float | None:
    """Games/s of the engine alone on one core, in this process, warm: the kernel's
    ``play`` (or the Python engine's loop for ``--engine python``)."""
    import carcdsl
    from carcdsl.sim import compiled

    game = carcdsl.load(args.rules, args.variant)
    games = min(args.games, 20_000 if args.engine == "compiled" else 1_000)
    if args.engine == "compiled":
        choice = compiled.choose(game, 2, ["random"], "compiled")
        if not choice.is_compiled:
            return None
        compiled.play_batch(game, 2, range(1, 101))  # warm
        started = time.perf_counter()
        for first in range(1, games + 1, 2048):
            compiled.play_batch(game, 2, range(first, min(first + 2048, games + 1)))
    else:
        from carcdsl.sim.rows import play_rows

        started = time.perf_counter()
        play_rows(game, 2, ["random"], range(1, games + 1))
    return games / (time.perf_counter() - started)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="base")
    parser.add_argument("--variant", action="append", default=None)
    parser.add_argument("--engine", default="compiled", choices=("compiled", "python"))
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--jobs", type=int, nargs="*",
                        help="the J to run (default 1, 2, 4, ... and every core)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--no-calib", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    args.variant = ["farmers"] if args.variant is None else args.variant
    cores = os.cpu_count() or 1
    jobs = args.jobs or sorted({1, cores, *(2 ** k for k in range(8) if 2 ** k < cores)})
    calib_before = None if args.no_calib else bench.calibrate(3.0)
    kernel = kernel_speed(args)
    best: dict[int, float] = {}
    numbers: dict[int, dict] = {}
    for _ in range(args.rounds):
        for j in jobs:
            wall, numbers[j] = run_once(args, j)
            best[j] = min(best.get(j, wall), wall)
            if not args.json:
                print(f"jobs {j}: {wall:.2f} s (load {os.getloadavg()[0]:.2f})", flush=True)
    calib_after = None if args.no_calib else bench.calibrate(3.0)
    same = all(numbers[j] == numbers[jobs[0]] for j in jobs)
    curve = [{"jobs": j, "seconds": round(best[j], 3),
              "games_per_second": round(args.games / best[j], 1),
              "time_vs_one": round(best[j] / best[jobs[0]], 3) if jobs[0] == 1 else None,
              "efficiency": round(args.games / best[j] / (j * kernel), 3) if kernel else None}
             for j in jobs]
    calib = None if calib_before is None else round((calib_before + calib_after) / 2, 1)
    report = {"rules": args.rules, "variants": args.variant, "engine": args.engine,
              "games": args.games, "cores": cores, "calibration": calib,
              "kernel_games_per_second": kernel and round(kernel, 1), "curve": curve,
              "same_numbers": same}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"calibration {calib} units/s; the engine alone on one core: "
              f"{report['kernel_games_per_second']} games/s")
        for point in curve:
            print(f"  jobs {point['jobs']:>2}: {point['seconds']:8.2f} s  "
                  f"{point['games_per_second']:>10,.0f} games/s  x{point['time_vs_one']} of "
                  f"jobs 1's time  efficiency {point['efficiency']}")
        print(f"the same numbers at every J: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
