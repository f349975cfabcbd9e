"""Running chunks of games where the caller says: in this process, on a pool of processes, or
on any ``concurrent.futures.Executor`` (a Dask cluster's). ``simulate`` and ``tournament`` both
hand their work here, so that shipping the game, gathering results as chunks finish and
stopping cleanly on Ctrl-C are written once."""

from __future__ import annotations

import hashlib
import os
import pickle
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any

from carcdsl.engine.game import Game

Task = Callable[..., list]
"""``task(game, *extra, chunk) -> list``: the results of one chunk (a ``range``); a module-level
function, so that a worker process can be sent it."""

ProgressCallback = Callable[[int], None]


def run_chunks(game: Game, task: Task, extra: tuple, chunks: Sequence[range], sink: list, *,
               jobs: int | None = None, executor: Executor | None = None,
               progress: ProgressCallback | None = None) -> bool:
    """Run ``task`` over every chunk and add its results to ``sink`` as they come: on
    ``executor`` if given, else in this process when ``jobs`` is 1 (a chunk at a time),
    else on a pool of ``jobs`` processes
    (default: every core). Returns True when Ctrl-C stopped it: what finished is kept,
    what was pending is cancelled."""
    jobs = jobs or os.cpu_count() or 1
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
            pool.shutdown(wait=not interrupted, cancel_futures=True)
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


_GAMES: dict[str, Game] = {}
"""In a worker: the games it has unpickled, by the digest of their pickle."""


def _in_worker(task: Task, key: str, blob: bytes, extra: tuple, chunk: range) -> list[Any]:
    """A worker's part: ``task`` over one chunk. The game comes as its pickle and is unpickled
    once per worker (``key``: the pickle's digest): a game unpickled anew costs its first
    games about 12 ms more than a warm one, which per chunk was most of the cost of running
    on several processes."""
    game = _GAMES.get(key)
    if game is None:
        if len(_GAMES) >= 4:  # a worker serving several runs keeps the latest few
            _GAMES.pop(next(iter(_GAMES)))
        game = _GAMES[key] = pickle.loads(blob)
    return task(game, *extra, chunk)


def _ignore_sigint() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it cancels the work and reports)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
