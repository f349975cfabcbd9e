"""The GPU engine (``carcdsl.gpu``, issue 30) against the compiled engine on the same machine,
in one run, beside the calibration.

    python bench/gpu.py                        # base + farmers and the four expansions, 2 players
    python bench/gpu.py --json > gpu.json
    NUMBA_ENABLE_CUDASIM=1 NUMBA_DISABLE_JIT=1 python bench/gpu.py --sizes 4 --cpu-games 4 \\
        --no-calib --no-expansions                   # a smoke run on Numba's CUDA simulator

For each configuration (base + farmers, and base with the four expansions and farmers:
``bench/compiled.py``'s), random bots, it prints:

* the compiled engine on one core (the kernel alone, warm, in this process: games/s), and on
  every core (``sim.run.simulate``, ``jobs`` = all cores, as ``carcdsl simulate --engine
  compiled`` plays: games/s of the whole run);
* the GPU engine in each layout of the slots (``--layouts``: ``lanes``, ``rows``) at each
  batch size of ``--sizes`` (default 1,024, 4,096, ... up to the
  largest that fits in 80 % of the device's free memory): a ``DeviceKernel`` of that many slots
  plays ``--batches`` batches of that many games; games/s and µs per turn (the launch's wall
  clock over the turns its games made, every seat's), the transfers to and from the device
  and the first launch's compile apart, and the device memory the slots take;
* the ratio of the best GPU figure to the compiled engine on every core (the issue's bar: 10).

The calibration (``../shared/bench/calib.py``, as ``bench/bench.py`` runs it) is measured
before and after. Without a GPU (and not on the simulator) it says so and exits with 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from compiled import EXPANSIONS  # noqa: E402

import bench  # noqa: E402  (bench/bench.py: the calibration)

BAR = 10.0


def cpu_figures(game, config, games: int, seed: int) -> dict:
    """The compiled engine: the kernel alone on one core, and a whole run on every core."""
    from carcdsl.fast.kernel import Kernel
    from carcdsl.sim.run import simulate

    players = config.players
    kernel = Kernel(game, players)
    kernel.play(range(seed, seed + 8))  # warm
    started = time.perf_counter()
    kernel.play(range(seed, seed + games))
    one = games / (time.perf_counter() - started)
    cores = os.cpu_count() or 1
    started = time.perf_counter()
    simulate(config, games * cores, seed, jobs=cores, game=game, engine="compiled",
             keep_rows=False)
    every = games * cores / (time.perf_counter() - started)
    return {"one_core_games_per_s": round(one, 1), "cores": cores,
            "all_cores_games_per_s": round(every, 1)}


def gpu_figures(game, players: int, slots: int, args, layout: str) -> dict:
    """One batch size and layout: a ``DeviceKernel`` of ``slots`` slots, ``--batches``
    batches of as many games."""
    from carcdsl.gpu.kernel import DeviceKernel

    batches, seed = args.batches, args.seed
    made = time.perf_counter()
    device = DeviceKernel(game, players, slots=slots, threads=args.threads, layout=layout)
    allocated = time.perf_counter() - made
    compile_s = device.warm()
    before = dict(device.seconds)
    turns = games = 0
    for b in range(batches):
        batch = device.play(range(seed + b * slots, seed + (b + 1) * slots))
        turns += int(batch.turns.sum())
        games += len(batch)
    play = device.seconds["play"] - before["play"]
    return {"layout": layout, "slots": slots, "threads": args.threads, "games": games,
            "games_per_s": round(games / play, 1),
            "us_per_turn": round(play / max(1, turns) * 1e6, 4),
            "compile_s": round(compile_s, 3), "allocate_s": round(allocated, 3),
            "to_device_s": round(device.seconds["to_device"] - before["to_device"], 4),
            "from_device_s": round(device.seconds["from_device"] - before["from_device"], 4),
            "play_s": round(play, 4), "slot_memory_mb": round(device.memory.nbytes / 1e6, 1)}


def sizes(game, players: int, asked: list[int] | None) -> list[int]:
    """``asked``, or 1,024 times powers of 4 up to the most slots that fit."""
    if asked:
        return asked
    from carcdsl.fast.kernel import stacks_for, tables_for
    from carcdsl.gpu.slots import default_slots, state_bytes

    most = default_slots(state_bytes(stacks_for(tables_for(game.tables, players),
                                                players).arrays))
    found, size = [], 1024
    while size < most:
        found.append(size)
        size *= 4
    return found + [most]


def measure(rules: str, variants: list[str], args) -> dict:
    from carcdsl.sim.run import Config

    config = Config(rules, tuple(variants), players=args.players)
    game = config.load()
    row: dict = {"config": config.label, "players": args.players}
    if not args.no_cpu:
        row["compiled"] = cpu_figures(game, config, args.cpu_games, args.seed)
    row["gpu"] = [gpu_figures(game, args.players, s, args, layout)
                  for layout in args.layouts for s in sizes(game, args.players, args.sizes)]
    if "compiled" in row:
        best = max(g["games_per_s"] for g in row["gpu"])
        row["gpu_vs_all_cores"] = round(best / row["compiled"]["all_cores_games_per_s"], 2)
    return row


def show(row: dict) -> None:
    print(f"{row['config']}, {row['players']} players")
    if "compiled" in row:
        c = row["compiled"]
        print(f"  compiled: {c['one_core_games_per_s']:,.0f} games/s on 1 core, "
              f"{c['all_cores_games_per_s']:,.0f} on {c['cores']}")
    for g in row["gpu"]:
        print(f"  gpu {g['layout']:>5} {g['slots']:>9,} slots: {g['games_per_s']:>12,.0f} games/s "
              f"{g['us_per_turn']:>9.4f} µs/turn; compile {g['compile_s']:.1f} s, to device "
              f"{g['to_device_s']:.3f} s (+{g['allocate_s']:.2f} s slots), from device "
              f"{g['from_device_s']:.3f} s, {g['slot_memory_mb']:,.0f} MB")
    if "gpu_vs_all_cores" in row:
        print(f"  best GPU / compiled on all cores: {row['gpu_vs_all_cores']}× (bar {BAR}×)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="base")
    ap.add_argument("--variant", action="append", default=None)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--sizes", type=int, nargs="*", help="slot counts (default: 1,024 up)")
    ap.add_argument("--batches", type=int, default=3, help="batches per size (default 3)")
    ap.add_argument("--layouts", nargs="+", default=["lanes", "rows"],
                    help="how the slots lie in memory (carcdsl.gpu.slots.LAYOUTS)")
    ap.add_argument("--threads", type=int, default=64, help="threads per block (default 64)")
    ap.add_argument("--cpu-games", type=int, default=20_000, help="per core (default 20,000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-cpu", action="store_true", help="skip the compiled engine")
    ap.add_argument("--no-expansions", action="store_true",
                    help="skip base + all four expansions + farmers")
    ap.add_argument("--no-calib", action="store_true")
    ap.add_argument("--calib-seconds", type=float, default=3.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    from carcdsl.gpu import problem

    if (found := problem()) is not None:
        from carcdsl.i18n.words import Words

        print(f"bench/gpu.py: {Words(None, 'en').phrase(found[0], **found[1])}",
              file=sys.stderr)
        return 1
    calib_before = None if args.no_calib else bench.calibrate(args.calib_seconds)
    configs = [(args.rules, args.variant if args.variant is not None else ["farmers"])]
    if not args.no_expansions:
        configs.append(("base", EXPANSIONS))
    rows = [measure(rules, variants, args) for rules, variants in configs]
    calib_after = None if calib_before is None else bench.calibrate(args.calib_seconds)
    if args.json:
        print(json.dumps({"calibration": [calib_before, calib_after], "runs": rows}, indent=1))
        return 0
    print(f"calibration: {calib_before} before, {calib_after} after")
    for row in rows:
        show(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
