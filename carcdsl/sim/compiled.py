"""The compiled engine for the simulation library: whether a request can run on it
(``choose``), and its batches (``play_batch``; ``sim.batches`` makes rows of them).

``--engine compiled`` asks for the kernel of ``carcdsl.fast`` (issue 17,
``docs/compiled-engine.md``); it plays random bots only, over the rule constructs
``fast.support.unsupported`` accepts, and gives the same games as the Python engine on the same
seeds. When it cannot run a request (Numba missing, a construct it lacks, another bot), the
Python engine runs instead and ``EngineChoice.refusal`` says why: the results are the same
either way, only slower. ``carcdsl.fast`` is imported here, inside functions, and only when the
compiled engine is asked for: the core runs without Numba.

Nothing here prints: the command line says the refusal and the compile time.
"""

from __future__ import annotations

import inspect
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from carcdsl.bots import resolve
from carcdsl.bots.builtin import random_bot
from carcdsl.compile.tables import Tables
from carcdsl.engine.game import Game
from carcdsl.sim.batches import batch_rows
from carcdsl.sim.rows import GameRow

ENGINES = ("python", "compiled", "gpu")
"""``--engine``: the reference engine (the default), the Numba kernel, or the same kernel on
an NVIDIA GPU (``carcdsl.gpu``; where none is, the kernel runs on the CPU)."""


@attrs.frozen
class Refusal:
    """Why the compiled engine does not run a request (``compiled-*``), or the GPU engine
    (``gpu-*``): a phrase of the catalogue by its key with its values."""

    key: str
    values: dict[str, Any] = attrs.field(factory=dict)


@attrs.frozen
class EngineChoice:
    """The engine asked for and the engine that runs."""

    asked: str = "python"
    engine: str = "python"
    """``compiled`` when the kernel runs the request, ``gpu`` when it runs on a GPU."""
    refusal: Refusal | None = None
    """Why the Python engine runs though the compiled one was asked for, or the CPU kernel
    though the GPU was."""
    compile_seconds: float | None = None
    """The kernels' compile time, or their load time from the disk cache, in this process."""
    compiled: bool = False
    """The kernels were compiled now (the disk cache was cold), not loaded."""
    roll_outs: bool = False
    """The Python engine plays, and search bots (``mcts``) roll out on the compiled one."""

    @property
    def bot_options(self) -> dict[str, object]:
        """What every bot is told (those with an ``engine`` option take it)."""
        return {"engine": "compiled"} if self.roll_outs else {}

    @property
    def is_compiled(self) -> bool:
        """The kernel plays the games, in batches (on the CPU or a GPU)."""
        return self.engine in ("compiled", "gpu")

    def to_json(self) -> dict[str, Any]:
        """``engine`` and ``compile_seconds``, as the ``--json`` outputs carry them."""
        seconds = self.compile_seconds
        return {"engine": self.engine,
                "compile_seconds": None if seconds is None else round(seconds, 3)}


PYTHON = EngineChoice()


def choose(game: Game, players: int, bots: Sequence[str], engine: str = "python",
           seeds: range | None = None,
           compiling: Callable[[], None] | None = None) -> EngineChoice:
    """The engine that runs games of ``players`` with ``bots`` (kinds per seat, the last
    filling the rest) on ``seeds`` when ``engine`` is asked for. For the compiled engine its
    kernels are compiled (or loaded from the disk cache) here, in this process, so that worker
    processes forked later have them and workers started afresh load them from the cache;
    ``compiling`` is called first when the cache holds no kernel yet (a cold compile takes
    a minute or so)."""
    if engine not in ENGINES:
        raise ValueError(f"engine {engine!r}: not one of {', '.join(ENGINES)}")
    if engine == "python":
        return PYTHON
    refusal = refused(game, players, bots, seeds)
    if refusal is not None and refusal.key == "compiled-bots":
        searchers = [kind for kind in refusal.values["bots"].split(", ") if rolls_out(kind)]
        if searchers and unsupported_roll_out(game.tables) is None \
                and _import_problem() is None:
            refusal = Refusal("compiled-bots-roll-out", {**refusal.values,
                                                         "searchers": ", ".join(searchers)})
            seconds, compiled = warm(game, players, compiling)
            return EngineChoice(engine, "python", refusal, seconds, compiled, True)
    if refusal is not None:
        return EngineChoice(engine, "python", refusal)
    if engine == "gpu":
        on_device = _on_device(game, players, len(seeds) if seeds is not None else None,
                               compiling)
        if not isinstance(on_device, Refusal):  # compiled, but not on the simulator
            from carcdsl.gpu import simulated

            return EngineChoice("gpu", "gpu", None, on_device, not simulated())
        seconds, compiled = warm(game, players, compiling)
        return EngineChoice("gpu", "compiled", on_device, seconds, compiled)
    seconds, compiled = warm(game, players, compiling)
    return EngineChoice("compiled", "compiled", None, seconds, compiled)


def _on_device(game: Game, players: int, games: int | None,
               compiling: Callable[[], None] | None) -> float | Refusal:
    """The GPU engine's compile time for ``game`` (its first launch, with ``compiling``
    called first: the launch is compiled in every process), or why it cannot run here
    (``carcdsl.gpu.problem``: no ``numba-cuda``, no device). ``games``: how many a run plays
    (no more slots than that are allocated)."""
    from carcdsl.gpu import problem

    found = problem()
    if found is not None:
        return Refusal(*found)
    try:
        device = device_kernel_for(game, players, games)
        if compiling is not None and not device.seconds["compile"]:
            compiling()
        return device.warm()
    except Exception as exc:  # a driver or device out of memory: the CPU runs, saying why
        return Refusal("gpu-broken", {"reason": f"{type(exc).__name__}: {exc}"})


def refused(game: Game, players: int, bots: Sequence[str],
            seeds: range | None = None) -> Refusal | None:
    """Why the kernel cannot play this request, or None when it can. What the request asks
    is judged before the install (``fast.support`` needs no Numba): installing Numba would
    not make a rule set it cannot run run, and a fallback need not import Numba at all."""
    others = [kind for kind in dict.fromkeys(bots or ["random"]) if not is_random(kind)]
    if others:
        return Refusal("compiled-bots", {"bots": ", ".join(others)})
    from carcdsl.fast.support import unsupported, unsupported_seeds

    construct = unsupported(game.tables)
    if construct is None and seeds is not None and len(seeds):
        construct = unsupported_seeds([seeds[0], seeds[-1]])  # a range: |seed| is largest
    if construct is not None:                                # at one of its ends
        return Refusal("compiled-cannot-run", {"what": construct})
    return _import_problem()


def rolls_out(kind: str) -> bool:
    """``kind`` is a search that can roll out on the compiled engine (its factory takes an
    ``engine`` option, as ``mcts`` does)."""
    return "engine" in inspect.signature(resolve(kind).factory).parameters


def unsupported_roll_out(tables: Tables) -> str | None:
    from carcdsl.fast.support import unsupported_roll_out as judged

    return judged(tables)


def is_random(kind: str) -> bool:
    """``kind`` is the random bot (by any name: a spec resolving to its factory)."""
    return resolve(kind).factory is random_bot


def _import_problem() -> Refusal | None:
    """Numba missing, or the kernel failing to load (a cache directory that cannot be
    written, say), as a refusal; None when the kernel imports."""
    import importlib.util

    for module in ("numpy", "numba"):
        if importlib.util.find_spec(module) is None:
            return Refusal("compiled-needs-numba")
    try:
        import carcdsl.fast.kernel  # noqa: F401
    except ImportError as exc:
        if (exc.name or "").split(".")[0] in ("numpy", "numba", "llvmlite"):
            return Refusal("compiled-needs-numba")
        return Refusal("compiled-broken", {"reason": f"{type(exc).__name__}: {exc}"})
    except Exception as exc:  # Numba's own errors: a cache it cannot write, a bad install
        return Refusal("compiled-broken", {"reason": f"{type(exc).__name__}: {exc}"})
    return None


def warm(game: Game, players: int,
         compiling: Callable[[], None] | None = None) -> tuple[float, bool]:
    """Compile (or load from the disk cache) every kernel now, with ``game``'s tables: the
    seconds it took, and
    whether anything was compiled rather than loaded (the cache gained or changed an index).
    ``compiling``: called first when the cache holds no kernel (it will surely compile)."""
    from carcdsl.fast.kernel import Kernel

    before = _cache_index()
    if compiling is not None and Kernel.compile_seconds is None and \
            not any(Path(path).name.startswith("kernel.") for path in before):
        compiling()
    seconds = kernel_for(game, players).warm()
    return seconds, _cache_index() != before


def _cache_index() -> dict[str, int]:
    """Numba's cache indexes (``*.nbi``) under ``NUMBA_CACHE_DIR``, with their times: one
    is written whenever a kernel is compiled for the cache."""
    root = os.environ.get("NUMBA_CACHE_DIR")
    if not root or not os.path.isdir(root):
        return {}
    found = {}
    for path in Path(root).rglob("*.nbi"):
        try:
            found[str(path)] = path.stat().st_mtime_ns
        except OSError:  # another process replacing it
            continue
    return found


# --- playing -----------------------------------------------------------------------------------

_KERNELS: dict[tuple[int, int], tuple[Game, Any]] = {}
"""In a process: a kernel per (game, players), the game kept alive beside it so its id is
not reused while the entry lasts."""


def kernel_for(game: Game, players: int) -> Any:
    """The ``fast.kernel.Kernel`` of ``game`` for ``players``, made once per process."""
    key = (id(game), players)
    held = _KERNELS.get(key)
    if held is None or held[0] is not game:
        from carcdsl.fast.kernel import Kernel

        if len(_KERNELS) >= 8:  # a worker serving several runs keeps the latest few
            _KERNELS.pop(next(iter(_KERNELS)))
        held = _KERNELS[key] = (game, Kernel(game, players))
    return held[1]


_DEVICE_KERNELS: dict[tuple[int, int], tuple[Game, Any]] = {}
"""As ``_KERNELS``, for the GPU engine: the device memory of the latest few."""


def device_kernel_for(game: Game, players: int, games: int | None = None) -> Any:
    """The ``gpu.kernel.DeviceKernel`` of ``game`` for ``players``, made once per process
    (its tables and slots stay on the device; the latest ``KEPT_ON_DEVICE``), with at most
    ``games`` slots when made for a run of that many."""
    key = (id(game), players)
    held = _DEVICE_KERNELS.get(key)
    if held is None or held[0] is not game:
        from carcdsl.gpu.kernel import DeviceKernel

        if len(_DEVICE_KERNELS) >= KEPT_ON_DEVICE:
            _DEVICE_KERNELS.pop(next(iter(_DEVICE_KERNELS)))
        held = _DEVICE_KERNELS[key] = (game, DeviceKernel(game, players, most=games))
    return held[1]


KEPT_ON_DEVICE = 8
"""``DeviceKernel``s kept (as many as ``--compare`` configurations a run is likely to have:
each is made once per run). Each takes its share of the memory then free
(``gpu.slots.default_slots``), so later ones get fewer slots, never more than there is."""


def batch_size(engine: str, game: Game, players: int, most: int) -> int:
    """Games per kernel call: ``most`` on the CPU; on a GPU, four times its slots (a launch
    that fills the device)."""
    if engine == "gpu":
        return device_kernel_for(game, players).slots * 4
    return most


def play_batch(game: Game, players: int, seeds: Sequence[int], branching: bool = False,
               engine: str = "compiled") -> Any:
    """The kernel's ``Batch`` of the games of ``seeds``, random bots in every seat, on the
    CPU or (``engine`` ``gpu``) the GPU."""
    if engine == "gpu":
        return device_kernel_for(game, players).play(seeds, branching)
    return kernel_for(game, players).play(seeds, branching)


def chunk_size(choices: Sequence[EngineChoice], games: Sequence[Game], players: int) -> int:
    """The most games a chunk of a run holds: ``COMPILED_CHUNK`` for the CPU kernel; on a
    GPU, ``batch_size``'s (the smallest of the configurations'); 200 for the Python
    engine."""
    from_device = [batch_size("gpu", g, players, COMPILED_CHUNK)
                   for g, c in zip(games, choices) if c.engine == "gpu"]
    if from_device:
        return min(from_device)
    return COMPILED_CHUNK if all(c.is_compiled for c in choices) else 200


COMPILED_CHUNK = 2048
"""Most games in a chunk the kernel plays: about 0.1 s of work, against about a millisecond
of summing up and sending back."""


def play_rows(game: Game, players: int, bot_kinds: Sequence[str], seeds: Sequence[int],
              branching: bool = False, engine: str = "compiled") -> list[GameRow]:
    """``sim.rows.play_rows`` on the kernel: the same rows."""
    return batch_rows(play_batch(game, players, seeds, branching, engine), bot_kinds)


def timed_batch(game: Game, players: int, seeds: Sequence[int],
                engine: str = "compiled") -> tuple[Any, float]:
    """The batch of ``seeds`` and the seconds the kernel took."""
    started = time.perf_counter()
    batch = play_batch(game, players, seeds, engine=engine)
    return batch, time.perf_counter() - started
