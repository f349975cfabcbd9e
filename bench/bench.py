"""Engine benchmark: games/s, µs per legal-move enumeration, µs per move, peak memory, and the
machine-speed calibration figure with the ratio (games/s ÷ calibration units/s).

    python bench/bench.py --rules base --variant farmers --players 2 --bot random --games 500
    python bench/bench.py --games 3 --no-calib        # smoke run (CI)

It also times the whole ``carcdsl play ... --games N --quiet`` command in a fresh process
(start-up, rule loading and all; wall clock and peak memory), and 100 playouts to the end of
the game from one mid-game state (clone, then random bots), as a search would run them.

The calibration script lives in ../shared/bench/calib.py beside the repository; it is run
before and after the measurement and the two figures are averaged.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import carcdsl  # noqa: E402
from carcdsl.bots import BOTS  # noqa: E402
from carcdsl.sim.local import play_out  # noqa: E402

CALIB = ROOT.parent / "shared" / "bench" / "calib.py"


def calibrate(seconds: float) -> float | None:
    if not CALIB.is_file():
        return None
    out = subprocess.run([sys.executable, str(CALIB), str(seconds)], capture_output=True,
                         text=True, check=True)
    return float(out.stdout.strip())


def games_per_second(game, players: int, bot: str, games: int, seed: int) -> float:
    started = time.perf_counter()
    for s in range(seed, seed + games):
        state = game.new_game(players, s)
        bots = [BOTS[bot](random.Random(s * 7919 + i)) for i in range(players)]
        play_out(state, bots)
    return games / (time.perf_counter() - started)


def per_call_costs(game, players: int, samples: int, seed: int) -> tuple[float, float]:
    """µs per full legal-move enumeration and per move, over positions of random games."""
    enum_time = move_time = 0.0
    enums = moves = 0
    rng = random.Random(seed)
    while moves < samples:
        state = game.new_game(players, rng.randrange(2**31))
        while not state.finished and moves < samples:
            t0 = time.perf_counter()
            legal = list(state.iter_moves())
            t1 = time.perf_counter()
            move = legal[rng.randrange(len(legal))]
            state.apply_fast(*move)
            t2 = time.perf_counter()
            enum_time += t1 - t0
            move_time += t2 - t1
            enums += 1
            moves += 1
    return 1e6 * enum_time / enums, 1e6 * move_time / moves


def whole_process(rules: str, variants: list[str], players: int, bot: str, games: int,
                  seed: int) -> tuple[float, float]:
    """Games/s and peak MB of the ``carcdsl play`` command, start-up included (wall clock)."""
    command = [sys.executable, "-m", "carcdsl", "play", rules,
               *(a for v in variants for a in ("--variant", v)), "--players", str(players),
               "--bot", bot, "--games", str(games), "--seed", str(seed), "--quiet"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # the source tree, as in-process
    started = time.perf_counter()
    child = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{' '.join(command)} failed with status {child.returncode}")
    return games / elapsed, usage.ru_maxrss / 1024


def playouts(game, players: int, bot: str, count: int, seed: int, after: int = 36):
    """Seconds for ``count`` playouts to the end from the position after ``after`` moves
    (each a clone and a game finished by bots), and µs per clone."""
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    bots = [BOTS[bot](random.Random(seed * 7919 + i)) for i in range(players)]
    while len(state.board) <= after and not state.finished:
        state.apply_fast(*bots[state.current](state))
    started = time.perf_counter()
    for _ in range(count):
        bots = [BOTS[bot](random.Random(rng.randrange(2**31))) for _ in range(players)]
        play_out(state.clone(), bots)
    seconds = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(1000):
        state.clone()
    return seconds, 1000 * (time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="base")
    ap.add_argument("--variant", action="append", default=None)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bot", default="random", choices=sorted(BOTS))
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=5000, help="moves timed one by one")
    ap.add_argument("--cli-games", type=int, default=2000,
                    help="games for the whole-process timing of the CLI (0: skip it)")
    ap.add_argument("--playouts", type=int, default=100,
                    help="playouts from a mid-game state (0: skip them)")
    ap.add_argument("--calib-seconds", type=float, default=3.0)
    ap.add_argument("--no-calib", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    variants = args.variant if args.variant is not None else (
        ["farmers"] if args.rules == "base" else [])

    calib_before = None if args.no_calib else calibrate(args.calib_seconds)
    if calib_before is None and not args.no_calib:
        print(f"bench: no calibration ({CALIB} not found): the ratios need it and are left "
              "empty; the other figures depend on this machine's speed", file=sys.stderr)
    started = time.perf_counter()
    game = carcdsl.load(args.rules, variants)
    load_ms = 1000 * (time.perf_counter() - started)
    gps = games_per_second(game, args.players, args.bot, args.games, args.seed)
    enum_us, move_us = per_call_costs(game, args.players, min(args.samples, 72 * args.games),
                                      args.seed)
    playout_s, clone_us = (playouts(game, args.players, args.bot, args.playouts, args.seed)
                           if args.playouts else (None, None))
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    cli_gps, cli_mb = (whole_process(args.rules, variants, args.players, args.bot,
                                     args.cli_games, args.seed)
                       if args.cli_games else (None, None))
    calib_after = None if args.no_calib else calibrate(args.calib_seconds)
    calib = None if calib_before is None else (calib_before + calib_after) / 2
    result = {
        "rules": args.rules, "variants": variants, "players": args.players, "bot": args.bot,
        "games": args.games, "load_ms": round(load_ms, 1), "games_per_second": round(gps, 1),
        "us_per_enumeration": round(enum_us, 1), "us_per_move": round(move_us, 1),
        "peak_rss_mb": round(peak_mb, 1), "calibration": calib and round(calib, 1),
        "ratio": calib and round(gps / calib, 4),
        "cli_games": args.cli_games or None,
        "cli_games_per_second": cli_gps and round(cli_gps, 1),
        "cli_peak_rss_mb": cli_mb and round(cli_mb, 1),
        "cli_ratio": calib and cli_gps and round(cli_gps / calib, 4),
        "playouts": args.playouts or None,
        "playouts_seconds": playout_s and round(playout_s, 3),
        "us_per_clone": clone_us and round(clone_us, 1),
        "date": time.strftime("%Y-%m-%d"),
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        width = max(len(k) for k in result)
        for key, value in result.items():
            print(f"{key:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
