"""How one game's time and memory grow with its size: the tiles in the supply (72 to 10,000)
and the players (2 to 6), for the Python engine and the compiled one, beside the calibration.

    python bench/work_growth.py                          # the default sweeps, about 3 minutes
    python bench/work_growth.py --board endless          # on an open table instead
    python bench/work_growth.py --sizes 72,300 --players 2 --budget 0.2 --json   # smoke run

The rule set (``--rules``, ``--variant``: base + farmers unless given) is exported to its JSON
form and made bigger there: every tile type's count times ``k`` (``k`` = the size asked / the
base supply, rounded; 72 -> 72, 300 -> 288, 1,000 -> 1,008, 3,000 -> 3,024, 10,000 -> 10,008
tiles), the players it allows widened to those asked, and by default a bounded 316 x 316
table (the largest map the language draws), the start square in its middle.

Two sweeps: the sizes at the first player count of ``--players``, then the player counts at
``--players-size`` tiles (when more than one is given). Each point is measured in a fresh
process (so that one point's memory is not another's): games with random bots from
``--seed`` on, for at least ``--budget`` seconds (at least one game, at most
``--max-games``), and

* seconds per game and microseconds per tile placed (placements made in turns): about flat
  as the tiles grow when a turn's work does not grow with the board;
* ``peak_mb``: the process's peak resident memory (``VmHWM``), interpreter, imports, the
  kernels and the rule set included; ``game_mb``: how much that peak rose while the games were
  played (the game's own state, which is what should grow with its size); for the compiled
  engine ``state_mb``, the arrays a game's state is made of (its grid is the board's W x W
  cells: on an endless table W is 2 x tiles + 5, so they grow as the square of the tiles,
  and a batch of few games spends most of its time making them). The compiled engine's
  ``game_mb`` is measured from after a game of ``base`` (the kernels loaded).

While the kernels' sources change, each fresh process compiles them again (a minute or more,
``peak_mb`` about 530 MB): the figures of the games are not affected.

A compiled point the kernel cannot run, or whose grid would take more than
``--most-grid-mb``, says why (``refused``) and has no figures. The
calibration (``../shared/bench/calib.py``) is run before and after and averaged, as in
``bench/bench.py``; each point's ``ratio`` is its tiles placed per second over it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench import calibrate  # noqa: E402  (bench/bench.py: the calibration)

ENGINES = ("python", "compiled")
MAP_SIDE = 316


def peak_kb() -> int:
    """This process's peak resident memory in kB: ``VmHWM`` (this address space only: Linux
    counts in ``ru_maxrss`` the process it was started from), else ``ru_maxrss``."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def grown_rules(rules: str, variants: list[str], target: int, players: list[int],
                board: str, folder: Path) -> tuple[Path, int]:
    """The rule set with about ``target`` tiles, as a JSON file in ``folder``: (path, tiles)."""
    from carcdsl.lang.jsonform import ruleset_to_json
    from carcdsl.pipeline import load_checked

    checked, _warnings, _sources = load_checked(rules, tuple(variants))
    data = ruleset_to_json(checked)
    base = sum(tile["count"] for tile in data["tiles"]) * data["supply"]["sets"]
    k = max(1, round(target / base))
    for tile in data["tiles"]:
        tile["count"] *= k
    data["game"]["total_tiles"] = sum(tile["count"] for tile in data["tiles"])
    low, high = data["game"]["players"]
    data["game"]["players"] = [min(low, *players), max(high, *players)]
    if board == "bounded":
        data["board"]["bounds"] = [MAP_SIDE, MAP_SIDE]
    path = folder / f"grown-{k}.json"
    path.write_text(json.dumps(data))
    return path, base * k


def play_python(game, players: int, seed: int, budget: float, most: int) -> tuple:
    """(games, seconds, tiles placed) of the Python engine's games from ``seed`` on."""
    from carcdsl.bots import make_bots

    games = placed = 0
    started = time.perf_counter()
    while games < most and (games == 0 or time.perf_counter() - started < budget):
        state = game.new_game(players, seed + games)
        bots = make_bots(["random"], players, seed + games)
        while not state.finished:  # ``sim.local.play_out``
            if state.out_of_tiles():
                state.finish()
                break
            state.apply_fast(*bots[state.current](state))
        placed += sum(1 for move in state.moves if getattr(move, "tile", None) is not None)
        games += 1
    return games, time.perf_counter() - started, placed


def play_compiled(game, players: int, seed: int, budget: float, most: int,
                  most_grid_mb: float = 2048) -> tuple:
    """(games, seconds, tiles placed, bytes of a game's state) of the kernel's games, or the
    line saying why it cannot (or will not) play them."""
    from carcdsl.fast import boards
    from carcdsl.fast.kernel import Kernel
    from carcdsl.fast.support import unsupported

    refusal = unsupported(game.tables)
    if refusal is not None:
        return (refusal,)
    w = boards.width(game.tables)
    grid_mb = 4 * 8 * w * w / 2**20  # ``fast.state.new_state``'s cells: 4 int64 rows of W x W
    if grid_mb > most_grid_mb:
        return (f"its grid of {w} x {w} cells would take {grid_mb:,.0f} MB "
                f"(--most-grid-mb {most_grid_mb:g})",)
    kernel = Kernel(game, players)
    kernel.warm()
    kernel.play([seed])  # the tables' first crossing
    started = time.perf_counter()
    first = kernel.play([seed])  # how long a game takes
    probe = max(time.perf_counter() - started, 1e-6)
    games = int(max(1, min(most, budget / probe)))
    started = time.perf_counter()
    batch = kernel.play(range(seed, seed + games)) if games > 1 else first
    seconds = time.perf_counter() - started if games > 1 else probe
    from carcdsl.fast.kernel import stacks_for

    state = sum(nbytes(a) for a in stacks_for(kernel.tb, players).arrays)
    return games, seconds, int(batch.turns.sum()), state


def nbytes(item) -> int:
    """Bytes of an array, or of the arrays of a tuple of them."""
    return sum(nbytes(a) for a in item) if isinstance(item, tuple) else int(item.nbytes)


def child(spec: dict) -> dict:
    """One point, in this (fresh) process."""
    import carcdsl

    game = carcdsl.load(spec["path"])
    run = (spec["players"], spec["seed"], spec["budget"], spec["max_games"])
    before = peak_kb()
    if spec["engine"] == "python":
        done = play_python(game, *run)
    else:  # the kernels loaded before the memory mark
        from carcdsl.fast.kernel import Kernel

        Kernel.warm(Kernel(carcdsl.load("base"), 2))
        before = peak_kb()
        done = play_compiled(game, *run, spec["most_grid_mb"])
    if len(done) == 1:
        return {"refused": done[0]}
    games, seconds, placed = done[:3]
    after = peak_kb()
    state = {"state_mb": round(done[3] / 2**20, 1)} if len(done) > 3 else {}
    return {**state, "games": games, "seconds": round(seconds, 4),
            "s_per_game": round(seconds / games, 5),
            "us_per_tile": round(1e6 * seconds / max(placed, 1), 2),
            "tiles_placed_per_game": round(placed / games, 1),
            "peak_mb": round(after / 1024, 1), "game_mb": round((after - before) / 1024, 1)}


def run_child(spec: dict) -> dict:
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child",
                          json.dumps(spec)], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    if out.returncode:
        raise SystemExit(f"work_growth: the point {spec} failed:\n{out.stderr.strip()}")
    return json.loads(out.stdout)


def points(args) -> list[tuple[str, int, int]]:
    """(sweep, size, players) of each point: the sizes, then the player counts."""
    first = args.players[0]
    found = [("tiles", size, first) for size in args.sizes]
    if len(args.players) > 1:
        found += [("players", args.players_size, p) for p in args.players
                  if (args.players_size, p) not in {(s, first) for s in args.sizes}]
    return found


def measure(args, folder: Path) -> list[dict]:
    made: dict[int, tuple[Path, int]] = {}
    rows = []
    for sweep, size, players in points(args):
        if size not in made:
            made[size] = grown_rules(args.rules, args.variant, size, args.players, args.board,
                                     folder)
        path, tiles = made[size]
        row: dict = {"sweep": sweep, "size": size, "tiles": tiles, "players": players}
        for engine in args.engines:
            budget = args.budget * (2 if engine == "python" else 1)
            row[engine] = run_child({"path": str(path), "engine": engine, "players": players,
                                     "seed": args.seed, "budget": budget,
                                     "max_games": args.max_games,
                                     "most_grid_mb": args.most_grid_mb})
        rows.append(row)
        if not args.json:
            print(line(row, args.engines), flush=True)
    return rows


def line(row: dict, engines) -> str:
    text = f"{row['tiles']:>6} tiles {row['players']}p"
    for engine in engines:
        got = row[engine]
        if "refused" in got:
            text += f" | {engine}: refused ({got['refused']})"
            continue
        text += (f" | {engine}: {got['games']:>5} games {got['s_per_game']:>9.5f} s/game "
                 f"{got['us_per_tile']:>8.2f} us/tile {got['peak_mb']:>6.1f} MB peak "
                 f"(+{got['game_mb']:.1f})")
        if "state_mb" in got:
            text += f" state {got['state_mb']:.1f} MB"
    return text


def add_ratios(rows: list[dict], calib: float | None, engines) -> None:
    for row in rows:
        for engine in engines:
            got = row[engine]
            if "us_per_tile" in got:
                got["ratio"] = calib and round(1e6 / got["us_per_tile"] / calib, 3)


def number_list(text: str) -> list[int]:
    try:
        found = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a comma list of numbers: {text!r}") from None
    if not found or min(found) < 1:
        raise argparse.ArgumentTypeError(f"give numbers of 1 or more: {text!r}")
    return found


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--rules", default="base")
    ap.add_argument("--variant", action="append", default=None,
                    help="default for base: farmers")
    ap.add_argument("--sizes", type=number_list, default=[72, 300, 1000, 3000, 10_000],
                    help="tiles in the supply, about (comma list)")
    ap.add_argument("--players", type=number_list, default=[2, 3, 4, 5, 6],
                    help="player counts (comma list); the sizes are played at the first")
    ap.add_argument("--players-size", type=int, default=1000,
                    help="the size the player counts are played at")
    ap.add_argument("--board", choices=("bounded", "endless"), default="bounded",
                    help=f"a {MAP_SIDE} x {MAP_SIDE} table (default) or the rule set's own")
    ap.add_argument("--engine", dest="engines", action="append", choices=ENGINES,
                    help="default: both")
    ap.add_argument("--budget", type=float, default=1.0,
                    help="seconds of games per point, at least (the Python engine: twice)")
    ap.add_argument("--max-games", type=int, default=2000)
    ap.add_argument("--most-grid-mb", type=float, default=2048,
                    help="the compiled engine plays no game whose grid would take more (on an "
                    "endless table, 10,000 tiles would take 12 GB)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--calib-seconds", type=float, default=3.0)
    ap.add_argument("--no-calib", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.variant is None:
        args.variant = ["farmers"] if args.rules == "base" else []
    args.engines = tuple(args.engines or ENGINES)
    if args.max_games < 1 or args.budget < 0:
        ap.error("--max-games must be 1 or more and --budget 0 or more")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.child:
        print(json.dumps(child(json.loads(args.child))))
        return 0
    if "compiled" in args.engines and not _has_numba():
        args.engines = tuple(e for e in args.engines if e != "compiled")
        print("work_growth: numba is not installed; the Python engine only", file=sys.stderr)
    before = None if args.no_calib else calibrate(args.calib_seconds)
    with tempfile.TemporaryDirectory() as folder:
        rows = measure(args, Path(folder))
    after = None if args.no_calib else calibrate(args.calib_seconds)
    calib = None if before is None or after is None else round((before + after) / 2, 1)
    add_ratios(rows, calib, args.engines)
    result = {"rules": args.rules, "variants": args.variant, "board": args.board,
              "seed": args.seed, "calib": calib, "calib_before": before,
              "calib_after": after, "rows": rows}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"calibration: {calib} units/s (before {before}, after {after}); ratio = tiles "
              "placed per second / calibration")
    return 0


def _has_numba() -> bool:
    import importlib.util

    return importlib.util.find_spec("numba") is not None


if __name__ == "__main__":
    sys.exit(main())
