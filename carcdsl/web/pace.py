"""How many new games one client address may start in a minute.

Every game started is stored for good (``web.store``), some 13 KB each: a server reachable by
others (``serve --host 0.0.0.0``) would otherwise let one client fill its disk. Each address
may start ``most`` games (live or table) in any 60 seconds; one more is refused with a 429
saying when to try again. The count is per app (per ``serve``), kept in memory only.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable

MAX_NEW_GAMES = 30
"""New games one client address may start in a minute (``serve --max-new-games-per-minute``)."""
WINDOW = 60.0
"""The span the count is over, in seconds."""
MAX_ADDRESSES = 10_000
"""Addresses remembered at once: past it, those quiet longest are forgotten first."""


class NewGames:
    """The times each address last started games, within the window."""

    def __init__(self, most: int = MAX_NEW_GAMES,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.most, self.clock = most, clock
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def wait(self, address: str) -> int:
        """Count a new game from ``address``: 0 when it may start, else the whole seconds
        till it may (nothing counted then)."""
        now = self.clock()
        with self._lock:
            times = self._seen.pop(address, None) or deque()
            while times and times[0] <= now - WINDOW:
                times.popleft()
            self._seen[address] = times  # the latest at the end: forgotten last
            if len(times) >= self.most:
                return max(1, math.ceil(times[0] + WINDOW - now))
            times.append(now)
            while len(self._seen) > MAX_ADDRESSES:
                del self._seen[next(iter(self._seen))]
            return 0
