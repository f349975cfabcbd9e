"""Running chunks of games where the caller says: in this process, on a pool of processes, or
on any ``concurrent.futures.Executor`` (a Dask cluster's). ``simulate`` and ``tournament`` both
hand their work here, so that shipping the game, gathering results as chunks finish and
stopping cleanly on Ctrl-C are written once."""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any

from carcdsl.engine.game import Game

Task = Callable[..., Any]
"""``task(game, *extra, chunk)``: the results of one chunk (a ``range``; a list for
``run_chunks``); a module-level function, so that a worker process can be sent it."""

ProgressCallback = Callable[[int], None]

MAX_JOBS = 1024
"""Worker processes one run may start (``--jobs``): a pool starts them all at once."""


def run_chunks(game: Game, task: Task, extra: tuple, chunks: Sequence[range], sink: list, *,
               jobs: int | None = None, executor: Executor | None = None,
               progress: ProgressCallback | None = None) -> bool:
    """Run ``task`` over every chunk and add its results to ``sink`` as they come: on
    ``executor`` if given, else in this process when ``jobs`` is 1 (a chunk at a time),
    else on a pool of ``jobs`` processes
    (default: every core). Returns True when Ctrl-C stopped it: what finished is kept,
    what was pending is cancelled."""
    _check_jobs(jobs)
    jobs = min(jobs or os.cpu_count() or 1, max(1, len(chunks)))
    try:
        if executor is not None:
            return _gather(executor, game, task, extra, chunks, sink, progress)
        if jobs == 1:
            for chunk in chunks:
                done = task(game, *extra, chunk)
                sink.extend(done)
                if progress:
                    progress(len(done))
            return False
        pool = ProcessPoolExecutor(jobs, initializer=_ignore_sigint)
        interrupted = True
        try:
            interrupted = _gather(pool, game, task, extra, chunks, sink, progress)
        finally:
            _shut(pool, interrupted)
        return interrupted
    except KeyboardInterrupt:
        return True


def _gather(executor: Executor, game: Game, task: Task, extra: tuple,
            chunks: Sequence[range], sink: list, progress: ProgressCallback | None) -> bool:
    blob = pickle.dumps(game, pickle.HIGHEST_PROTOCOL)
    key = hashlib.sha256(blob).hexdigest()
    pending: set[Future] = {executor.submit(_in_worker, task, key, blob, extra, chunk)
                            for chunk in chunks}
    try:
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                results = future.result()
                sink.extend(results)
                if progress:
                    progress(len(results))
    except KeyboardInterrupt:
        for future in pending:
            future.cancel()
        return True
    return False


def run_ordered(game: Any, task: Task, extra: tuple, chunks: Sequence[range],
                on_result: Callable[[Any], None], *, jobs: int | None = None,
                executor: Executor | None = None, window: int | None = None) -> bool:
    """Run ``task`` over every chunk and hand each result to ``on_result`` in chunk order, as
    soon as it and those before it are done; at most ``window`` chunks (default: four per
    worker) are submitted and not yet handed on, so results wait in memory for at most that
    many chunks, however many there are. Where ``run_chunks`` runs them; True when Ctrl-C
    stopped it (what was handed on stands, the rest is cancelled)."""
    _check_jobs(jobs)
    jobs = min(jobs or os.cpu_count() or 1, max(1, len(chunks)))  # no idle worker started
    try:
        if executor is None and jobs == 1:
            for chunk in chunks:
                result = task(game, *extra, chunk)
                with _whole():
                    on_result(result)
            return False
        if executor is not None:
            return _ordered(executor, None, game, task, extra, chunks, on_result,
                            window or 4 * jobs)
        blob = pickle.dumps(game, pickle.HIGHEST_PROTOCOL)
        key = hashlib.sha256(blob).hexdigest()
        pool = ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(key, game))
        interrupted = True
        try:
            interrupted = _ordered(pool, key, game, task, extra, chunks, on_result,
                                   window or 4 * jobs)
        finally:
            _shut(pool, interrupted)
        return interrupted
    except KeyboardInterrupt:
        return True


def _ordered(executor: Executor, key: str | None, game: Any, task: Task, extra: tuple,
             chunks: Sequence[range], on_result: Callable[[Any], None], window: int) -> bool:
    """``run_ordered`` on an executor. ``key``: the workers were started with the game
    (``_start_worker``), so a chunk is sent without it; None: each chunk carries the
    game's pickle (a cluster's workers are not ours to start)."""
    blob = pickle.dumps(game, pickle.HIGHEST_PROTOCOL) if key is None else None
    key = key or hashlib.sha256(blob or b"").hexdigest()
    pending: dict[Future, int] = {}
    finished: dict[int, Any] = {}
    sent = handed = 0
    try:
        while handed < len(chunks):
            while sent < len(chunks) and sent - handed < window:
                future = executor.submit(_in_worker, task, key, blob, extra, chunks[sent])
                pending[future] = sent
                sent += 1
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                finished[pending.pop(future)] = future.result()
            while handed in finished:
                with _whole():
                    on_result(finished.pop(handed))
                handed += 1
    except KeyboardInterrupt:
        for future in pending:
            future.cancel()
        return True
    return False


def _check_jobs(jobs: int | None) -> None:
    if jobs is not None and jobs > MAX_JOBS:
        raise ValueError(f"jobs={jobs:,}: a run starts at most {MAX_JOBS:,} worker processes")


def _shut(pool: ProcessPoolExecutor, interrupted: bool) -> None:
    """Close a pool: after its work, or, stopped early (Ctrl-C, an error), at once: its
    workers ignore Ctrl-C, and left to finish the chunks they hold they kept the command
    from exiting for as long (minutes, for slow bots)."""
    if interrupted:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()  # Python 3.14's pool.terminate_workers()
    pool.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def _whole() -> Iterator[None]:
    """Ctrl-C during the block takes effect when it ends: a chunk is handed on whole (its
    sums added and its rows written) or not at all, so a report and its files cover the
    same games. Only where Ctrl-C raises ``KeyboardInterrupt`` in this, the main, thread."""
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


_GAMES: dict[str, Game] = {}
"""In a worker: the games it has unpickled, by the digest of their pickle."""


def _in_worker(task: Task, key: str, blob: bytes | None, extra: tuple, chunk: range) -> Any:
    """A worker's part: ``task`` over one chunk. The game comes as its pickle and is unpickled
    once per worker (``key``: the pickle's digest): a game unpickled anew costs its first
    games about 12 ms more than a warm one, which per chunk was most of the cost of running
    on several processes. No pickle: the worker was started with the game."""
    game = _GAMES.get(key)
    if game is None:
        if blob is None:
            raise RuntimeError("a worker was sent a chunk of a game it was not started with")
        if len(_GAMES) >= 4:  # a worker serving several runs keeps the latest few
            _GAMES.pop(next(iter(_GAMES)))
        game = _GAMES[key] = pickle.loads(blob)
    return task(game, *extra, chunk)


def _start_worker(key: str, game: Any) -> None:
    """A pool's worker starts with the game it plays (forked: the parent's very objects, its
    compiled kernels with them; else unpickled once), and leaves Ctrl-C to the parent."""
    _GAMES[key] = game
    _ignore_sigint()


def _ignore_sigint() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it cancels the work and reports)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
