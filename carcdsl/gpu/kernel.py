"""The GPU engine's launch: thread ``i`` plays games ``i``, ``i + used``, ``i + 2 used``, ...
of a batch on slot ``i`` of the stacked state, each with ``fast.kernel.play_game``, the CPU
kernel's own game (``reset``, set-up, turns, final scoring, the row into ``OUT``); and
``DeviceKernel``, its Python face, as ``fast.kernel.Kernel`` is the CPU kernel's.

A slot is what ``Kernel`` gives a whole batch on the CPU: every stack of ``ST``
(``fast.state.new_state``), reused game after game (``reset`` clears what the last game
touched). On the device each stack is allocated once with an axis of ``slots`` more
(``slots.Slots``), and a thread takes its slot's views: ``ST`` as the kernel functions know
it, one pointer (``compat.slot``), no copy, no allocation. ``TB`` (the tables) and ``LOG``
(off) are shared and only read; ``OUT`` is written row ``g`` by the thread playing game ``g``.
All four reach the kernel as ``fast.packed.Packed`` pointers, as on the CPU (``compat``).
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Iterator

import numpy as np
from numba import cuda
from numba.cuda.cudadrv.driver import CudaAPIError
from numba.cuda.cudadrv.error import CudaSupportError

from carcdsl.engine.batch import Batch, seeds_array
from carcdsl.errors import CarcError
from carcdsl.fast import mt
from carcdsl.fast.kernel import Kernel, play_game, roll_out
from carcdsl.fast.loading import load_generators
from carcdsl.fast.slots import MTX, SCORE, SEATS
from carcdsl.gpu import compat, first_line
from carcdsl.gpu.slots import Slots, whole

THREADS = 64
"""Threads per block: a game's state is large and its branches diverge, so small blocks (the
bench tries others: ``bench/gpu.py --threads``)."""


compat.dedupe()


@cuda.jit(**compat.KERNEL)
def play_slots(TB, STS, seeds, seatings, branching, OUT, LOG, counts, used):
    """Every game of ``seeds`` (seated by ``seatings``' rows), its row into ``OUT``: thread
    ``i < used`` plays games ``i, i + used, ...`` on slot ``i`` (``counts``: a slot's three
    counters)."""
    i = cuda.grid(1)
    if i >= used:
        return
    ST = compat.slot(STS, i)
    g = i
    while g < seeds.shape[0]:
        play_game(TB, ST, OUT, LOG, g, seeds[g], seatings[g], branching, counts[i])
        g += used


@cuda.jit(**compat.KERNEL)
def roll_slots(TB, STS, seeds, OUT, LOG, turns, reseed, scores, used):
    """Roll-out ``i < used`` of the position every slot holds: ``fast.kernel.roll_out`` on
    slot ``i`` with ``seeds[i]`` (its scorings into ``OUT``'s row ``i``); the final scores
    into ``scores[i]``. ``reseed[k]``: the game's generator ``k`` (a bag's returns, bags of
    tokens) is seeded from the seed, as ``loading.load_generators`` seeds one a position
    lacks."""
    i = cuda.grid(1)
    if i >= used:
        return
    ST = compat.slot(STS, i)
    gens = ST[MTX]
    first = gens.shape[0] - 3
    for k in range(2):
        if reseed[k]:
            mt.seed_int(gens[first + k], seeds[i] + 1 + k)
    roll_out(TB, ST, OUT, LOG, i, turns, seeds[i])
    won = ST[SEATS][SCORE]
    for s in range(won.shape[0]):
        scores[i, s] = won[s]


class DeviceKernel:
    """Plays batches of games of one rule set and player count on the GPU: the games
    ``Kernel.play`` plays on the same seeds, the same ``Batch`` back. ``slots``: games played
    at once (default: as many as fit, ``slots.default_slots``, and no more than ``most``);
    ``layout``: how the slots lie in memory (``slots.LAYOUTS``). An error of the device or
    its driver while playing is a ``CarcError`` (one line, not a traceback)."""

    def __init__(self, game, players: int, slots: int | None = None,
                 threads: int = THREADS, layout: str = "lanes", most: int | None = None):
        if not whole(threads) or not 1 <= threads <= 1024:
            raise ValueError(f"threads: {threads!r}; a whole number from 1 to 1,024")
        low, high = game.tables.modes.players
        if not whole(players) or not low <= players <= high:
            raise ValueError(f"players: {players!r}; from {low} to {high} for these rules")
        self.cpu = Kernel(game, players)
        self.players, self.threads = players, threads
        started = time.perf_counter()
        self.memory = Slots(self.cpu.tb, players, slots, layout, most)
        self.seconds = {"to_device": time.perf_counter() - started, "compile": 0.0,
                        "play": 0.0, "from_device": 0.0}
        """Seconds spent so far: copying to the device (the tables and a state per slot
        first, then each batch's seeds), compiling (the first launch), playing, copying the
        rows back."""

    @property
    def slots(self) -> int:
        return self.memory.slots

    def warm(self) -> float:
        """Compile the launch, with a batch of one game, in this process (it is not kept on
        disk: ``docs/gpu.md``): the seconds it took, 0 once warm."""
        if self.seconds["compile"]:
            return 0.0
        started = time.perf_counter()
        self._launch(np.zeros(1, np.int64), np.zeros((1, self.players), np.int64), False)
        self.seconds["compile"] = time.perf_counter() - started
        return self.seconds["compile"]

    def play(self, seeds, branching: bool = False) -> Batch:
        """Play a game for each seed; a ``Batch`` of their rows."""
        seeds_a = seeds_array(seeds)
        seating = self.cpu.seatings(seeds_a)
        self.warm()
        return self.cpu.batch(seeds_a, seating, self._launch(seeds_a, seating, branching))

    def roll_outs(self, state, seeds, turns: int = -1) -> np.ndarray:
        """``Kernel.roll_out`` of ``state`` (a position of the Python engine, left as it is)
        once per seed of ``seeds``, all at once: the scores per roll-out and seat
        ([len(seeds), players]), each the CPU kernel's for that seed. At most ``slots``
        seeds a call."""
        seeds_a = seeds_array(seeds)
        if len(seeds_a) > self.slots:
            raise ValueError(f"{len(seeds_a):,} roll-outs: at most {self.slots:,} (the slots)")
        st = self.cpu._load(state)
        load_generators(st, state, 0)
        reseed = np.array([state.supply.rng is None, state.tokens.rng is None], np.int64)
        scores = np.zeros((len(seeds_a), self.players), np.int64)
        if not len(seeds_a):
            return scores
        self.memory.load(st.arrays, len(seeds_a))
        out = tuple(cuda.to_device(a) for a in self.cpu._out(len(seeds_a)).arrays)
        d_scores = cuda.to_device(scores)
        used = len(seeds_a)
        with _said():
            roll_slots[math.ceil(used / self.threads), self.threads](
                self.memory.tb, self.memory.st, cuda.to_device(seeds_a), compat.packed(out),
                self.memory.log, np.int64(turns), cuda.to_device(reseed), d_scores,
                np.int64(used))
            return d_scores.copy_to_host()

    def _launch(self, seeds_a: np.ndarray, seating: np.ndarray, branching: bool) -> tuple:
        out = self.cpu._out(len(seeds_a)).arrays
        if not len(seeds_a):
            return out
        memory, seconds = self.memory, self.seconds
        started = time.perf_counter()
        d_out = tuple(cuda.to_device(a) for a in out)
        d_seeds, d_seating = cuda.to_device(seeds_a), cuda.to_device(seating)
        launched = time.perf_counter()
        used = min(memory.slots, len(seeds_a))
        with _said():
            play_slots[math.ceil(used / self.threads), self.threads](
                memory.tb, memory.st, d_seeds, d_seating, np.bool_(branching),
                compat.packed(d_out), memory.log, memory.counts, np.int64(used))
            cuda.synchronize()
        played = time.perf_counter()
        rows = tuple(d.copy_to_host() for d in d_out)
        seconds["to_device"] += launched - started
        seconds["play"] += played - launched
        seconds["from_device"] += time.perf_counter() - played
        return rows



@contextlib.contextmanager
def _said() -> Iterator[None]:
    """An error of the device or its driver during a launch, as one line (``CarcError``):
    what a user can act on (memory, a driver, a device lost), not a traceback."""
    try:
        yield
    except CudaSupportError as exc:
        raise CarcError(f"GPU engine: {first_line(str(exc)) or exc!r}") from None
    except CudaAPIError as exc:
        code, what = (exc.args + ("?", ""))[:2]
        raise CarcError(f"GPU engine: the device failed (CUDA error {code}: "
                        f"{first_line(str(what)) or 'no reason given'})") from None

