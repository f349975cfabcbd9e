"""The same runs on a Dask cluster: ``dask_executor`` gives a ``concurrent.futures``
executor over a ``distributed`` client, which ``run.simulate`` takes like any other.

``dask[distributed]`` is an optional extra (``pip install 'carcdsl[dask]'``); it is imported
only here, and only when a cluster is asked for.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Any


class DaskMissing(ImportError):
    """``distributed`` is not installed."""


def _client_class() -> Any:
    try:
        from distributed import Client
    except ImportError as exc:
        raise DaskMissing("a Dask cluster needs dask[distributed]: "
                          "pip install 'carcdsl[dask]'") from exc
    return Client


@contextlib.contextmanager
def dask_executor(address: Any, timeout: float = 10) -> Iterator[tuple[Executor, int]]:
    """``(executor, workers)`` for the scheduler at ``address`` (``tcp://host:port``), or
    for a ``distributed.Client``/``LocalCluster`` given instead; ``workers`` is the number
    of threads the cluster runs tasks on (for the chunking). A client made here is closed
    on leaving."""
    client_class = _client_class()
    if isinstance(address, client_class):
        client, own = address, False
    else:
        client, own = client_class(address, timeout=timeout), True
    try:
        workers = sum(client.nthreads().values()) or 1
        yield client.get_executor(pure=False), workers
    finally:
        if own:
            client.close()
