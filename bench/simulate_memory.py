"""How ``carcdsl simulate``'s memory grows with ``--games``: the peak of the whole process tree
(the command and its workers), sampled while it runs.

    python bench/simulate_memory.py                           # 10^4 .. 10^6 compiled games
    python bench/simulate_memory.py --games 10000 100000 1000000 10000000 --jobs 2
    python bench/simulate_memory.py --games 1000 --csv        # with the rows written to CSV

Memory is sampled every 50 ms from ``/proc``: the proportional set size (PSS: a page shared
by a forked worker and its parent counts half to each, so the sum is what the tree really
holds) summed over the command and its descendants, and the largest resident set (RSS) of one
process. Linux only. Issue 29's target: ``--games 10000000`` under 500 MB. Beside it, the
calibration (``../shared/bench/calib.py``) and each run's games/s.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import bench  # noqa: E402  (bench/bench.py: the calibration)


def tree(pid: int) -> list[int]:
    """``pid`` and its descendants, from ``/proc/PID/task/*/children``."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        for task in Path(f"/proc/{p}/task").glob("*"):
            try:
                todo += [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
    return out


def memory(pid: int) -> tuple[int, int]:
    """(Σ PSS, max RSS) in kB over the tree of ``pid``."""
    pss = rss = 0
    for p in tree(pid):
        try:
            text = Path(f"/proc/{p}/smaps_rollup").read_text()
        except OSError:
            continue
        for line in text.splitlines():
            if line.startswith("Pss:"):
                pss += int(line.split()[1])
            elif line.startswith("Rss:"):
                rss = max(rss, int(line.split()[1]))
    return pss, rss


def measure(argv: list[str]) -> dict:
    """Run ``argv``; its wall time and the peaks of ``memory`` while it ran."""
    peak = [0, 0]
    started = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def sample() -> None:
        while proc.poll() is None:
            pss, rss = memory(proc.pid)
            peak[0], peak[1] = max(peak[0], pss), max(peak[1], rss)
            time.sleep(0.05)
    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, err = proc.communicate()
    sampler.join()
    if proc.returncode:
        raise SystemExit(f"{' '.join(argv)} failed: {err.decode()[-500:]}")
    return {"seconds": round(time.perf_counter() - started, 2),
            "peak_pss_mb": round(peak[0] / 1024, 1), "peak_rss_one_mb": round(peak[1] / 1024, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="base")
    parser.add_argument("--variant", action="append", default=None)
    parser.add_argument("--engine", default="compiled", choices=("compiled", "python"))
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--csv", action="store_true", help="also write the rows as CSV")
    parser.add_argument("--no-calib", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    variants = [w for v in (["farmers"] if args.variant is None else args.variant)
                for w in ("--variant", v)]
    calib = None if args.no_calib else bench.calibrate(3.0)
    points = []
    with tempfile.TemporaryDirectory() as scratch:
        for games in args.games:
            argv = [sys.executable, "-m", "carcdsl", "simulate", args.rules, *variants,
                    "--games", str(games), "--engine", args.engine, "--jobs", str(args.jobs),
                    "--quiet", "--json"]
            if args.csv:
                argv += ["--csv", os.path.join(scratch, "rows.csv")]
            point = {"games": games, **measure(argv)}
            point["games_per_second"] = round(games / point["seconds"], 1)
            points.append(point)
            if not args.json:
                print(f"{games:>12,} games: {point['seconds']:8.1f} s  peak "
                      f"{point['peak_pss_mb']:7.1f} MB (tree, PSS), "
                      f"{point['peak_rss_one_mb']:7.1f} MB (largest process)", flush=True)
    report = {"calibration": calib and round(calib, 1), "engine": args.engine,
              "jobs": args.jobs, "csv": args.csv, "points": points}
    print(json.dumps(report) if args.json else f"calibration {report['calibration']} units/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
