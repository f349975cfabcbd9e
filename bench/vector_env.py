"""The batched environment's speed (``carcdsl.rl.vector``, issue 29), beside the calibration.

    python bench/vector_env.py                         # base + farmers, 2 players, N = 1,024
    python bench/vector_env.py --seconds 1 --rounds 1 --envs 64 --no-calib     # smoke run
    python bench/vector_env.py --json

On one core (the process is pinned to the first CPU it may use; the kernel runs no threads),
for masks only (``observation="none"``) and with observations (``"dict"``), both with
``copy=False``: environment steps per second (N per ``step`` call) of ``step`` alone, the
median of ``--rounds`` rounds of ``--seconds`` each, and with the random policy's
``random_actions`` counted in too. The seconds are the process's CPU time
(``time.process_time``): on a machine others share, the time the core served another process
is not counted (memory bandwidth they take still is); the wall clock's figure is printed
too. The bar (issue 29): 100,000 steps/s with masks, 30,000 with observations, base +
farmers, N = 1,024.

The calibration (``../shared/bench/calib.py``, run before and after as ``bench/bench.py``
runs it) is printed beside the figures, with their ratio to it, so that a figure recorded
on one machine can be re-checked on another. Other processes on the machine slow the
figures down (memory bandwidth as much as the core): compare rounds of one run.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench  # noqa: E402  (bench/bench.py: the calibration)

BAR = {"none": 100_000, "dict": 30_000}


def measure(args, observation: str) -> dict:
    """Steps/s of one observation kind: a round per ``--seconds``, their median."""
    from carcdsl.rl.vector import VectorEnv

    started = time.perf_counter()
    env = VectorEnv(args.rules, variants=args.variant, players=args.players,
                    num_envs=args.envs, observation=observation, copy=False)
    env.reset(seed=args.seed)
    built = time.perf_counter() - started
    for k in range(20):  # into the game, past the first decisions' small boards
        env.step(env.random_actions(k))
    alone, with_policy, wall, calls = [], [], [], 0
    for _ in range(args.rounds):
        stepping = policy = 0.0
        n = 0
        wall_started = time.perf_counter()
        while stepping + policy < args.seconds:
            t0 = time.process_time()
            actions = env.random_actions(calls)
            t1 = time.process_time()
            env.step(actions)
            policy += t1 - t0
            stepping += time.process_time() - t1
            n += 1
            calls += 1
        wall.append(n * args.envs / (time.perf_counter() - wall_started))
        alone.append(n * args.envs / stepping)
        with_policy.append(n * args.envs / (stepping + policy))
    median = statistics.median(alone)
    return {"observation": observation, "build_and_reset_seconds": round(built, 2),
            "steps_per_second": round(median), "rounds": [round(x) for x in alone],
            "with_random_actions": round(statistics.median(with_policy)),
            "us_per_step": round(1e6 / median, 2), "bar": BAR[observation],
            "wall_with_random_actions": round(statistics.median(wall)),
            "meets_bar": median >= BAR[observation]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="base")
    ap.add_argument("--variant", action="append", default=None)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--calib-seconds", type=float, default=3.0)
    ap.add_argument("--no-calib", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.variant is None:
        args.variant = ["farmers"]
    if importlib.util.find_spec("numba") is None:
        raise SystemExit("bench/vector_env.py needs Numba: pip install 'carcdsl[fast]'")
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})  # one core (the calibration runs in a child: it inherits)
    calib_before = None if args.no_calib else bench.calibrate(args.calib_seconds)
    if calib_before is None and not args.no_calib:
        print(f"bench: no calibration ({bench.CALIB} not found): the ratios are left empty",
              file=sys.stderr)
    results = [measure(args, kind) for kind in ("none", "dict")]
    calib_after = None if calib_before is None else bench.calibrate(args.calib_seconds)
    calib = None if calib_before is None else (calib_before + calib_after) / 2
    for r in results:
        r["ratio"] = calib and round(r["steps_per_second"] / calib, 3)
    report = {"calibration": calib and round(calib, 1), "date": time.strftime("%Y-%m-%d"),
              "rules": args.rules, "variants": args.variant, "players": args.players,
              "envs": args.envs, "cpu": cpu, "results": results}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"calibration {report['calibration']} units/s, {report['date']}; {args.rules} "
          f"+ {', '.join(args.variant) or 'nothing'}, {args.players} players, "
          f"N = {args.envs}, one core (cpu {cpu})")
    for r in results:
        what = "masks only" if r["observation"] == "none" else "with observations"
        print(f"  {what:18} {r['steps_per_second']:>9,} steps/s ({r['us_per_step']} µs; "
              f"rounds {', '.join(f'{x:,}' for x in r['rounds'])}; bar {r['bar']:,}: "
              f"{'met' if r['meets_bar'] else 'NOT met'}), {r['with_random_actions']:,} "
              f"with random_actions ({r['wall_with_random_actions']:,} by the wall clock); "
              f"ratio {r['ratio']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
