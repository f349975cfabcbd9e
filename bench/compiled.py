"""The compiled engine against the Python engine, in one run beside the calibration.

    python bench/compiled.py                             # base + farmers, 2 players, 20,000 games
    python bench/compiled.py --games 200 --no-calib      # smoke run (CI adds --no-cold)
    python bench/compiled.py --json

For each configuration (the one asked for, and base with all four expansions and farmers,
which the compiled engine may not run):

* the Python engine's games/s in this process (``bench/bench.py``'s loop: random bots,
  ``--python-games`` games) and its ratio to the calibration;
* the whole command ``carcdsl play RULES ... --games N --engine compiled --quiet --json`` in a
  fresh process (wall clock, start-up and rule loading included; peak memory of the process):
  *cold*, with a fresh, empty ``NUMBA_CACHE_DIR`` (the compile included), then *warm*, the
  same command again on the cache the first run filled (the compile excluded);
* the kernel's own games/s in this process (``Kernel.play`` over one batch, loaded from the
  cache), µs per turn (per tile placed) and per game.

A configuration the compiled engine cannot run is reported as such, with the line the
command says, and the Python engine's figures: no compiled figure is made up for it.

The calibration script lives in ../shared/bench/calib.py beside the repository; it is run
before and after the measurement and the two figures are averaged (as ``bench/bench.py``).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

EXPANSIONS = ["river", "abbot", "inns-cathedrals", "traders-builders", "farmers"]

_LAUNCHER = r"""
import json, os, subprocess, sys, tempfile, time
for line in sys.stdin:
    job = json.loads(line)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        child = subprocess.Popen(job["command"], cwd=job["cwd"], env=job["env"], stdout=out,
                                 stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - started
        out.seek(0)
        err.seek(0)
        print(json.dumps({"status": os.waitstatus_to_exitcode(status), "seconds": seconds,
                          "maxrss_kb": usage.ru_maxrss, "stdout": out.read().decode(),
                          "stderr": err.read().decode()}), flush=True)
"""


class Launcher:
    """Starts the measured commands from a small process, started before this one grows.

    Linux counts in a child's peak memory (``ru_maxrss``) the memory of the process it was
    forked from, up to its ``exec``: a command started from this process, once it holds
    Numba (170 MB), would show at least that much whatever it used itself."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", _LAUNCHER],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def run(self, command: list[str], env: dict[str, str]) -> dict:
        assert self.process.stdin is not None and self.process.stdout is not None
        job = {"command": command, "cwd": str(ROOT), "env": env}
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def _bench_module():
    """``bench/bench.py``: its calibration and its Python engine loop, measured alike."""
    spec = importlib.util.spec_from_file_location("carcdsl_bench", ROOT / "bench" / "bench.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def whole_process(launcher: Launcher, rules: str, variants: list[str], players: int,
                  games: int, seed: int, cache: str) -> dict:
    """The ``play --games --engine compiled`` command in a fresh process on the Numba cache
    ``cache``: wall clock, peak memory, what its JSON says and the line it says, if any."""
    command = [sys.executable, "-m", "carcdsl", "play", rules,
               *(a for v in variants for a in ("--variant", v)), "--players", str(players),
               "--games", str(games), "--seed", str(seed), "--engine", "compiled",
               "--quiet", "--json"]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NUMBA_CACHE_DIR": cache}
    done = launcher.run(command, env)
    if done["status"]:
        raise SystemExit(f"{' '.join(command)} failed:\n{done['stderr']}")
    said = json.loads(done["stdout"])
    lines = [line for line in done["stderr"].splitlines() if line.strip()]
    return {"games": games, "seconds": round(done["seconds"], 3),
            "games_per_second": round(games / done["seconds"], 1),
            "engine": said["engine"], "compile_seconds": said["compile_seconds"],
            "said": lines[0] if lines else None,
            "peak_rss_mb": round(done["maxrss_kb"] / 1024, 1)}


def in_process(game, players: int, games: int, seed: int) -> dict:
    """The kernel alone: one batch of ``games`` seeds (after loading or compiling it)."""
    from carcdsl.fast.kernel import Kernel

    kernel = Kernel(game, players)
    load = kernel.warm()
    kernel.play(range(seed, seed + min(games, 50)))  # the tables' first crossing
    started = time.perf_counter()
    batch = kernel.play(range(seed, seed + games))
    seconds = time.perf_counter() - started
    turns = int(batch.turns.sum())
    return {"games": games, "seconds": round(seconds, 3),
            "games_per_second": round(games / seconds, 1),
            "us_per_game": round(1e6 * seconds / games, 1),
            "us_per_turn": round(1e6 * seconds / turns, 3),
            "load_seconds": round(load, 3)}


def measure(bench, launcher: Launcher, rules: str, variants: list[str], args,
            cache: str, cold: str) -> dict:
    import carcdsl
    from carcdsl.sim import compiled

    game = carcdsl.load(rules, variants)
    label = rules + "".join(f" + {v}" for v in variants)
    result: dict = {"label": label, "players": args.players}
    python_gps = bench.games_per_second(game, args.players, "random", args.python_games,
                                        args.seed)
    result["python"] = {"games": args.python_games, "games_per_second": round(python_gps, 1)}
    refusal = compiled.refused(game, args.players, ["random"],
                               range(args.seed, args.seed + args.games))
    if refusal is not None:
        # the command says why and plays on the Python engine: its figures are the Python
        # engine's, and no more games are asked of it than of the loop above
        run = whole_process(launcher, rules, variants, args.players, args.python_games,
                            args.seed, cache)
        result["compiled"] = {"runs": False, "fallback": run["said"], "process": run}
        return result
    runs: dict = {"runs": True}
    if not args.no_cold:
        runs["process_cold"] = whole_process(launcher, rules, variants, args.players,
                                             args.games, args.seed, cold)
    runs["kernel"] = in_process(game, args.players, args.games, args.seed)
    runs["process_warm"] = whole_process(launcher, rules, variants, args.players, args.games,
                                         args.seed, cache)
    runs["speedup"] = round(runs["kernel"]["games_per_second"] / python_gps, 1)
    result["compiled"] = runs
    return result


def add_ratios(result: dict, calib: float | None) -> None:
    for part in (result["python"], *(v for v in result["compiled"].values()
                                     if isinstance(v, dict))):
        part["ratio"] = calib and round(part["games_per_second"] / calib, 4)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="base")
    ap.add_argument("--variant", action="append", default=None,
                    help="default for base: farmers")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=20_000, help="games of the compiled engine")
    ap.add_argument("--python-games", type=int,
                    help="games of the Python engine, and of a configuration that falls back "
                    "(default: 500, or --games if fewer)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-expansions", action="store_true",
                    help="skip base + all four expansions + farmers")
    ap.add_argument("--no-cold", action="store_true",
                    help="skip the run on an empty cache (the compile); the cache used is "
                    "NUMBA_CACHE_DIR or the user's, compiled here first if it is cold")
    ap.add_argument("--calib-seconds", type=float, default=3.0)
    ap.add_argument("--no-calib", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.python_games is None:
        args.python_games = min(500, args.games)
    if args.games < 1 or args.python_games < 1:
        ap.error("--games and --python-games must be at least 1")
    variants = args.variant if args.variant is not None else (
        ["farmers"] if args.rules == "base" else [])
    configs = [(args.rules, variants)]
    if not args.no_expansions and (args.rules, variants) != ("base", EXPANSIONS):
        configs.append(("base", EXPANSIONS))
    if importlib.util.find_spec("numba") is None:
        raise SystemExit("bench/compiled.py needs Numba: pip install 'carcdsl[fast]'")
    launcher = Launcher()  # while this process is small

    with tempfile.TemporaryDirectory(prefix="carcdsl-bench-numba-") as fresh:
        if args.no_cold:
            from carcdsl.fast import default_cache_dir

            cache = os.environ.get("NUMBA_CACHE_DIR") or str(default_cache_dir())
        else:
            cache = fresh
        os.environ["NUMBA_CACHE_DIR"] = cache  # before this process imports Numba
        bench = _bench_module()
        calib_before = None if args.no_calib else bench.calibrate(args.calib_seconds)
        if calib_before is None and not args.no_calib:
            print(f"bench: no calibration ({bench.CALIB} not found): the ratios are left "
                  "empty", file=sys.stderr)
        try:
            # each configuration's cold run compiles into an empty cache of its own (the
            # first's is the one the rest of the run then uses)
            results = [measure(bench, launcher, rules, vs, args, cache,
                               cache if i == 0 else tempfile.mkdtemp(dir=fresh))
                       for i, (rules, vs) in enumerate(configs)]
        finally:
            launcher.close()
        calib_after = None if args.no_calib else bench.calibrate(args.calib_seconds)
    calib = None if calib_before is None else (calib_before + calib_after) / 2
    for result in results:
        add_ratios(result, calib)
    report = {"calibration": calib and round(calib, 1), "date": time.strftime("%Y-%m-%d"),
              "configurations": results}
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(format_report(report))
    return 0


def format_report(report: dict) -> str:
    lines = [f"calibration {report['calibration']} units/s, {report['date']}"]
    for r in report["configurations"]:
        py = r["python"]
        lines += ["", f"{r['label']}, {r['players']} players",
                  f"  python engine     {py['games_per_second']:>9.1f} games/s  "
                  f"ratio {py['ratio']}  ({py['games']} games, in process)"]
        runs = r["compiled"]
        if not runs["runs"]:
            p = runs["process"]
            lines.append(f"  compiled engine   falls back: {runs['fallback']}")
            lines.append(f"  the command       {p['games_per_second']:>9.1f} games/s  "
                         f"ratio {p['ratio']}  (Python engine, {p['games']} games, "
                         f"{p['peak_rss_mb']} MB)")
            continue
        k = runs["kernel"]
        lines.append(f"  kernel            {k['games_per_second']:>9.1f} games/s  "
                     f"ratio {k['ratio']}  ({k['games']} games, {k['us_per_game']} µs a game, "
                     f"{k['us_per_turn']} µs a turn; {runs['speedup']}x the Python engine)")
        for key, name in (("process_warm", "command, warm"), ("process_cold", "command, cold")):
            if key in runs:
                p = runs[key]
                lines.append(f"  {name:<17} {p['games_per_second']:>9.1f} games/s  "
                             f"ratio {p['ratio']}  ({p['seconds']} s for {p['games']} games, "
                             f"compile {p['compile_seconds']} s, {p['peak_rss_mb']} MB)")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
