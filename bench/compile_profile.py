"""Where the compiled engine's cold compile goes, function by function.

    python bench/compile_profile.py                      # base + farmers, 2 players
    python bench/compile_profile.py --opt 3 --top 20     # NUMBA_OPT=3, Numba's default
    python bench/compile_profile.py --json

Compiles the kernels into a fresh, empty ``NUMBA_CACHE_DIR`` (``Kernel.warm()``, what the
front ends do before their first batch) and times each Numba dispatcher's compile:

* ``numba:compile`` events (``numba.core.event``) give each function's compile, callees'
  compiles included (they are compiled while the caller is typed); the table gives each its
  *own* time, the callees' taken out;
* that own time is split into Numba's own work (bytecode, typing, lowering to LLVM IR) and
  LLVM's (``CPUCodeLibrary``'s function passes, the module passes over the function with its
  callees linked in, and the machine code), timed by wrapping those methods;
* ``funcs`` is how many functions the library's module holds once its callees are linked in:
  each library optimises and emits machine code for its whole call tree again, so a function
  called from many levels is optimised many times;
* saving to the disk cache is timed apart (``Cache.save_overload``).

Then the whole: wall and CPU seconds of the compile, and the process's peak memory.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Profile:
    def __init__(self) -> None:
        self.stack: list[list] = []  # [key, started, nested compiles' seconds]
        self.passes: list[list] = []  # [name, started, anything nested's seconds]
        self.pass_own = defaultdict(float)  # Numba pass (or LLVM phase) -> own seconds
        self.own = defaultdict(float)
        self.total = defaultdict(float)  # callees included (outermost only, once per sig)
        self.sigs = defaultdict(int)
        self.phase = defaultdict(lambda: defaultdict(float))  # key -> phase -> seconds
        self.funcs: dict[str, int] = {}
        self.save = 0.0

    def key(self) -> str:
        return self.stack[-1][0] if self.stack else "(outside a compile)"

    def start(self, key: str) -> None:
        self.stack.append([key, time.perf_counter(), 0.0])

    def end(self) -> None:
        key, started, children = self.stack.pop()
        spent = time.perf_counter() - started
        self.own[key] += spent - children
        self.total[key] += spent
        self.sigs[key] += 1
        if self.stack:
            self.stack[-1][2] += spent

    def leaf(self, phase: str, seconds: float) -> None:
        self.phase[self.key()][phase] += seconds
        self.pass_own[phase] += seconds
        if self.passes:
            self.passes[-1][2] += seconds

    def pass_start(self, name: str) -> None:
        self.passes.append([name, time.perf_counter(), 0.0])

    def pass_end(self) -> None:
        name, started, nested = self.passes.pop()
        spent = time.perf_counter() - started
        self.pass_own[name] += spent - nested
        if self.passes:
            self.passes[-1][2] += spent


def install(profile: Profile) -> None:
    from numba.core import caching, codegen, event

    class Compiles(event.Listener):
        def on_start(self, ev):
            d = ev.data["dispatcher"]
            profile.start(f"{d.py_func.__module__.rsplit('.', 1)[-1]}.{d.py_func.__qualname__}")

        def on_end(self, ev):
            profile.end()

    event.register("numba:compile", Compiles())

    class Passes(event.Listener):
        def on_start(self, ev):
            profile.pass_start(ev.data["name"].split(" [")[0])

        def on_end(self, ev):
            profile.pass_end()

    event.register("numba:run_pass", Passes())

    def timed(cls, name: str, phase: str, count=False):
        original = getattr(cls, name)

        def wrapper(self, *args, **kwargs):
            started = time.perf_counter()
            try:
                return original(self, *args, **kwargs)
            finally:
                profile.leaf(phase, time.perf_counter() - started)
                if count:
                    profile.funcs[profile.key()] = max(
                        profile.funcs.get(profile.key(), 0),
                        sum(1 for f in self._final_module.functions if not f.is_declaration))
        setattr(cls, name, wrapper)

    timed(codegen.CPUCodeLibrary, "_optimize_functions", "llvm_fn")
    timed(codegen.CPUCodeLibrary, "_optimize_final_module", "llvm_module", count=True)
    timed(codegen.JITCodeLibrary, "_finalize_specific", "llvm_codegen")

    original_save = caching.Cache.save_overload

    def save(self, sig, data):
        started = time.perf_counter()
        try:
            return original_save(self, sig, data)
        finally:
            spent = time.perf_counter() - started
            profile.save += spent
            profile.leaf("cache_save", spent)
    caching.Cache.save_overload = save


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="base")
    ap.add_argument("--variant", action="append", default=None, help="default: farmers")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--opt", type=int,
                    help="NUMBA_OPT for this run (default: carcdsl.fast.KERNEL_OPT, 1)")
    ap.add_argument("--cache", help="NUMBA_CACHE_DIR (default: a fresh, empty one)")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    variants = args.variant if args.variant is not None else ["farmers"]
    if args.opt is not None:
        os.environ["NUMBA_OPT"] = str(args.opt)
    fresh = None
    if args.cache:
        os.environ["NUMBA_CACHE_DIR"] = args.cache
    else:
        fresh = tempfile.TemporaryDirectory(prefix="carcdsl-compile-profile-")
        os.environ["NUMBA_CACHE_DIR"] = fresh.name
    if importlib.util.find_spec("carcdsl") is None:  # else the one PYTHONPATH names
        sys.path.insert(0, str(ROOT))

    import carcdsl
    from carcdsl.fast.kernel import Kernel

    profile = Profile()
    install(profile)
    game = carcdsl.load(args.rules, variants)
    kernel = Kernel(game, args.players)
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    wall, cpu = time.perf_counter(), time.process_time()
    kernel.warm()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    rows = []
    for key, own in profile.own.items():
        ph = profile.phase[key]
        llvm = ph["llvm_fn"] + ph["llvm_module"] + ph["llvm_codegen"]
        rows.append({"function": key, "sigs": profile.sigs[key], "own": own,
                     "numba": own - llvm - ph["cache_save"], "llvm_fn": ph["llvm_fn"],
                     "llvm_module": ph["llvm_module"], "llvm_codegen": ph["llvm_codegen"],
                     "save": ph["cache_save"], "funcs": profile.funcs.get(key, 0),
                     "with_callees": profile.total[key]})
    rows.sort(key=lambda r: -r["own"])
    summed = sum(r["own"] for r in rows)
    totals = {k: sum(r[k] for r in rows) for k in
              ("numba", "llvm_fn", "llvm_module", "llvm_codegen", "save")}
    report = {"config": " + ".join([args.rules, *variants]), "players": args.players,
              "numba_opt": os.environ["NUMBA_OPT"],
              "wall_s": round(wall, 2), "cpu_s": round(cpu, 2), "peak_rss_mb": round(peak),
              "rss_before_mb": round(rss_before), "functions": len(rows),
              "compiles": sum(r["sigs"] for r in rows), "in_compiles_s": round(summed, 2),
              "phases_s": {k: round(v, 2) for k, v in totals.items()},
              "passes_s": {k: round(v, 2) for k, v in
                           sorted(profile.pass_own.items(), key=lambda kv: -kv[1])},
              "rows": [{k: (round(v, 3) if isinstance(v, float) else v) for k, v in r.items()}
                       for r in rows]}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{report['config']}, {args.players} players, NUMBA_OPT {report['numba_opt']}: "
          f"compile {wall:.1f} s wall, {cpu:.1f} s CPU, peak {peak:.0f} MB "
          f"({rss_before:.0f} MB before); {len(rows)} functions, {report['compiles']} "
          f"compiles")
    print("phases (s): " + ", ".join(f"{k} {v:.1f}" for k, v in totals.items()))
    print("own seconds by Numba pass and LLVM phase: " + ", ".join(
        f"{k} {v:.1f}" for k, v in list(report["passes_s"].items())[:12]))
    print(f"{'function':<34}{'sigs':>5}{'own s':>8}{'share':>7}{'numba':>7}{'fn opt':>7}"
          f"{'mod opt':>8}{'mcode':>7}{'save':>6}{'funcs':>6}{'w/ callees':>11}")
    for r in rows[:args.top]:
        print(f"{r['function'][:33]:<34}{r['sigs']:>5}{r['own']:>8.2f}"
              f"{100 * r['own'] / summed:>6.1f}%{r['numba']:>7.2f}{r['llvm_fn']:>7.2f}"
              f"{r['llvm_module']:>8.2f}{r['llvm_codegen']:>7.2f}{r['save']:>6.2f}"
              f"{r['funcs']:>6}{r['with_callees']:>11.2f}")
    rest = rows[args.top:]
    if rest:
        print(f"{'(' + str(len(rest)) + ' more)':<34}{sum(r['sigs'] for r in rest):>5}"
              f"{sum(r['own'] for r in rest):>8.2f}"
              f"{100 * sum(r['own'] for r in rest) / summed:>6.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
