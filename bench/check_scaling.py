"""How ``carcdsl check`` scales with the number of tile types: 1,000 / 3,000 / 10,000.

    python bench/check_scaling.py                   # the three sizes, then the ratios
    python bench/check_scaling.py --sizes 1000 10000 --json
    python bench/check_scaling.py --segments        # one tile line of 1k / 10k / 20k segments

``--segments`` measures the other shape of a big file (issue 31: a 190 kB file of 10,000
segments ``road S -> village`` on one tile line took 13.5 s): one tile type whose line holds
that many segments, every one an error (the same side covered again), so the check, the
messages and their order are all measured. It also prints the machine's speed from
``/work/shared/bench/calib.py`` (work units a second) when that file is there, and each time
in those units (seconds x units/s), which compares across machines.

10,000 is the limit (``MAX_TILE_TYPES``, docs/language.md "Limits"): a file of more is refused
(E201) before it is parsed, so sizes past it measure that refusal, not a check (the bench used to
go to 100,000 types: 35 s).

Each size is a generated rule file (the base game's feature kinds; tile types of a few shapes,
every one made different by its pennant count, so the check has nothing to warn about). Two
figures per size: the whole ``carcdsl check FILE`` command in a fresh process (wall clock,
start-up included: what a user waits for), and the in-process time of composing (parsing) and
checking the file; the latter also with Python's cyclic garbage collector paused, which shows
how much of any growth faster than linear is the collector walking the ever larger set of live
objects. The targets: 10,000 types (the limit) in under 10 s, and 10x the types costing at most
12x the time.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from carcdsl.check.checker import check  # noqa: E402
from carcdsl.pipeline import compose  # noqa: E402

HEADER = """\
rules big

game {
    players 2..5
    followers 7
    start T0
}

landmark village

feature road {
    geometry path
    followers yes
    ends at village, city, monastery
    score complete = tiles
    score final = tiles
}

feature city {
    geometry area
    followers yes
    pennants yes
    score complete = 2 * tiles + 2 * pennants
    score final = tiles + pennants
}

feature monastery {
    geometry centre
    followers yes
    score complete = 1 + neighbours
    score final = 1 + neighbours
}

feature field {
    geometry field
    followers yes
    score final = 3 * completed(city)
}

"""

SHAPES = (
    "city N pennants {p}; road W-E",
    "city N+E pennants {p}",
    "city N pennants {p}; road S -> village; road E -> village; road W -> village",
    "city E+W pennants {p}",
    "city N pennants {p}; road S-E",
    "city N+E+W pennants {p}; road S -> city",
    "city N pennants {p}; monastery",
    "city N+E+S+W pennants {p}",
)
"""Tile shapes; the pennant count makes each tile type different from all the others."""


def rule_text(types: int) -> str:
    lines = [HEADER]
    for i in range(types):
        shape = SHAPES[i % len(SHAPES)].format(p=1 + i // len(SHAPES))
        lines.append(f"tile T{i} 1 {shape}\n")
    return "".join(lines)


def measure(types: int, workdir: Path) -> dict:
    path = workdir / f"big-{types}.carc"
    path.write_text(rule_text(types))
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "carcdsl", "check", str(path)], cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
                          text=True)
    cli = time.perf_counter() - started
    last = done.stdout.strip().splitlines()[-1:] or [done.stderr.strip()]
    composed, checked, found = in_process(path)
    gc.disable()
    try:
        no_gc = sum(in_process(path)[:2])
    finally:
        gc.enable()
    return {"types": types, "cli_seconds": round(cli, 3), "compose_seconds": round(composed, 3),
            "check_seconds": round(checked, 3), "no_gc_seconds": round(no_gc, 3),
            "diagnostics": len(found), "cli_says": last[0], "exit": done.returncode}


def in_process(path: Path) -> tuple[float, float, list]:
    """Seconds to compose (parse) and to check the file, and the diagnostics."""
    started = time.perf_counter()
    rules, found, _ = compose(str(path), ())
    composed = time.perf_counter() - started
    started = time.perf_counter()
    if rules is not None:
        found = [*found, *check(rules)]
    return composed, time.perf_counter() - started, found


SEGMENT = "road S -> village"
CALIB = Path("/work/shared/bench/calib.py")


def segments_text(segments: int) -> str:
    return HEADER + "tile T0 1 city N; " + "; ".join([SEGMENT] * segments) + "\n"


def calibration() -> float | None:
    """Work units a second of this machine now (``calib.py``), or None without it."""
    if not CALIB.is_file():
        return None
    done = subprocess.run([sys.executable, str(CALIB), "2"], capture_output=True, text=True)
    try:
        return float(done.stdout.split()[0].replace(",", ""))
    except (IndexError, ValueError):
        return None


def segment_scaling(sizes: list[int], as_json: bool) -> int:
    """``--segments``: the CLI in a fresh process, and compose + check in this one."""
    units = calibration()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "segments.carc"
        for n in sizes:
            path.write_text(segments_text(n))
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "carcdsl", "check", str(path)], cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True)
            cli = time.perf_counter() - started
            composed, checked, found = in_process(path)
            row = {"segments": n, "kb": round(path.stat().st_size / 1000),
                   "cli_seconds": round(cli, 3),
                   "in_process_seconds": round(composed + checked, 3),
                   "diagnostics": len(found)}
            if units:
                row["in_process_units"] = round((composed + checked) * units)
            rows.append(row)
    if as_json:
        print(json.dumps({"calibration_units_per_second": units, "sizes": rows}, indent=2))
        return 0
    print(f"calibration: {units or '-'} units/s")
    for r in rows:
        print(f"{r['segments']:>7} segments {r['kb']:>5} kB: {r['cli_seconds']:>7} s CLI, "
              f"{r['in_process_seconds']:>7} s in process"
              + (f" ({r['in_process_units']} units)" if units else "")
              + f", {r['diagnostics']} diagnostics")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1_000, 3_000, 10_000])
    ap.add_argument("--segments", type=int, nargs="*", default=None,
                    help="one tile line of this many segments (default 1000 10000 20000)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.segments is not None:
        return segment_scaling(args.segments or [1_000, 10_000, 20_000], args.json)
    with tempfile.TemporaryDirectory() as tmp:
        measure(10, Path(tmp))  # builds the parser once, so that no size pays for it
        rows = [measure(n, Path(tmp)) for n in args.sizes]
    ratios = [{"types": f"{a['types']}->{b['types']}", "size": round(b["types"] / a["types"], 1),
               "cli": round(b["cli_seconds"] / a["cli_seconds"], 2),
               "in_process": round((b["compose_seconds"] + b["check_seconds"])
                                   / (a["compose_seconds"] + a["check_seconds"]), 2),
               "no_gc": round(b["no_gc_seconds"] / a["no_gc_seconds"], 2)}
              for a, b in zip(rows, rows[1:], strict=False)]
    if args.json:
        print(json.dumps({"sizes": rows, "ratios": ratios}, indent=2))
        return 0
    print(f"{'types':>8} {'cli s':>8} {'compose s':>10} {'check s':>8} {'no-gc s':>8} "
          f"{'diags':>6}  cli says")
    for r in rows:
        print(f"{r['types']:>8} {r['cli_seconds']:>8} {r['compose_seconds']:>10} "
              f"{r['check_seconds']:>8} {r['no_gc_seconds']:>8} {r['diagnostics']:>6}  "
              f"{r['cli_says']}")
    for r in ratios:
        print(f"{r['types']}: {r['size']}x the types, {r['cli']}x the CLI time, "
              f"{r['in_process']}x in process ({r['no_gc']}x with the collector paused)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
