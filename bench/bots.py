"""Bot speed: search iterations (playouts) per second and seconds per move, with the
machine-speed calibration measured in the same run (as ``bench.py`` does).

    python bench/bots.py                                   # mcts, base + farmers, 2 players
    python bench/bots.py --bot mcts:playouts=300 --bot mcts:playouts=300:depth=4
    python bench/bots.py --positions 2 --no-calib          # smoke run

Positions are taken from random games (after 10, 30 and 50 moves, by default 3 games), the
same for every bot. Each bot picks one move per position; its figure is iterations / second
over all of them (a bot that is not a search counts one "playout" per move). The ratio is
that figure divided by the calibration's units/s (``../shared/bench/calib.py``, run before
and after, averaged): compare ratios across machines and days, not raw figures.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import carcdsl  # noqa: E402
from bench import calibrate  # noqa: E402
from carcdsl.bots import make_bots  # noqa: E402

AFTER = (10, 30, 50)


def positions(game, players: int, games: int, seed: int) -> list:
    """Mid-game states of random games, after each of ``AFTER`` moves."""
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        state = game.new_game(players, seed + g)
        for moves in range(max(AFTER) + 1):
            if state.finished:
                break
            if moves in AFTER:
                out.append(state.clone())
            state.apply_fast(*state.sample_move(rng))
    return out


def time_bot(spec: str, states: list, players: int, seed: int) -> dict:
    """Seconds per move and iterations per second of ``spec`` over ``states``."""
    iterations, seconds = 0, 0.0
    for i, state in enumerate(states):
        bot = make_bots([spec], players, seed + i)[0]
        started = time.perf_counter()
        bot(state)
        seconds += time.perf_counter() - started
        search = getattr(bot, "search", None)
        iterations += search.iterations if search is not None else 1
    return {"bot": spec, "moves": len(states), "seconds_per_move": round(seconds / len(states), 4),
            "playouts_per_second": round(iterations / seconds, 1)}


def random_playouts(states: list, seed: int) -> float:
    """Random playouts to the end per second from the same positions (clone included)."""
    rng = random.Random(seed)
    started, count = time.perf_counter(), 0
    for state in states:
        for _ in range(20):
            world = state.clone()
            while not world.finished:
                world.apply_fast(*world.sample_move(rng))
            count += 1
    return count / (time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="base")
    ap.add_argument("--variant", action="append", default=None)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bot", action="append", default=None,
                    help="a bot spec (repeated); default mcts:playouts=300 at depth 0 (the "
                    "default), 4 and -1 (random turns to the end)")
    ap.add_argument("--positions", type=int, default=3, help="random games to take positions from")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--calib-seconds", type=float, default=3.0)
    ap.add_argument("--no-calib", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    variants = args.variant if args.variant is not None else (
        ["farmers"] if args.rules == "base" else [])
    bots = args.bot or ["mcts:playouts=300", "mcts:playouts=300:depth=4",
                        "mcts:playouts=300:depth=-1"]
    calib_before = None if args.no_calib else calibrate(args.calib_seconds)
    game = carcdsl.load(args.rules, variants)
    states = positions(game, args.players, args.positions, args.seed)
    time_bot(bots[0], states[:1], args.players, args.seed)  # warm up: the first run is slower
    rows = [time_bot(spec, states, args.players, args.seed) for spec in bots]
    engine = random_playouts(states, args.seed)
    calib_after = None if args.no_calib else calibrate(args.calib_seconds)
    calib = None if calib_before is None or calib_after is None else (
        calib_before + calib_after) / 2
    for row in rows:
        row["ratio"] = calib and round(row["playouts_per_second"] / calib, 4)
    result = {"rules": args.rules, "variants": variants, "players": args.players,
              "positions": len(states), "bots": rows,
              "random_playouts_per_second": round(engine, 1),
              "random_ratio": calib and round(engine / calib, 4),
              "calibration": calib and round(calib, 1), "date": time.strftime("%Y-%m-%d")}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{args.rules} + {', '.join(variants) or 'no variant'}, {args.players} players, "
          f"{len(states)} positions; calibration {result['calibration']} units/s")
    width = max(len(row["bot"]) for row in rows)
    for row in rows:
        print(f"  {row['bot']:<{width}}  {row['seconds_per_move']:.3f} s/move  "
              f"{row['playouts_per_second']:>8.1f} playouts/s  ratio {row['ratio']}")
    print(f"  random playouts to the end: {engine:.1f}/s, ratio {result['random_ratio']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
