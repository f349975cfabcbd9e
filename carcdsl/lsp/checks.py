"""Checking documents off the protocol's thread: each edit's check runs in one worker
thread, so the server answers requests (hover, completion) while a long document is checked;
a newer edit supersedes an older check (a check still waiting is skipped, one running has its
result dropped), so diagnostics are never published for a version the editor has left.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import attrs

from carcdsl.lsp.buffer import Analysis
from carcdsl.lsp.names import Index

log = logging.getLogger(__name__)

@attrs.frozen
class Checked:
    """A version of a document checked, with the names it declares and uses (indexing a
    long document takes as long as checking it, so it is done in the worker too)."""

    version: int
    analysis: Analysis
    index: Index
    ticket: int = 0
    """Which submission it answers (a save submits the same version again)."""


class Checks:
    """The newest version of each open document, and the newest check of it finished.

    ``check(uri, text, wanted)`` makes a ``Checked`` (the worker sets its version and
    ticket), or None when ``wanted()`` turns false between its steps (superseded);
    ``done(uri, checked)`` is called from the worker with each check that is still the
    newest when it ends (the caller hands it to its own thread and asks ``is_current`` there).
    Each submission has a ticket; only the newest ticket's check is kept and published.
    """

    def __init__(self, check: Callable[[str, str, Callable[[], bool]], Checked | None],
                 done: Callable[[str, Checked], None]) -> None:
        self._check = check
        self._done_callback = done
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="carcdsl-check")
        self._lock = threading.Lock()
        self._wanted: dict[str, int] = {}
        self._done: dict[str, Checked] = {}
        self._tickets = 0

    def submit(self, uri: str, version: int, text: str) -> None:
        with self._lock:
            self._tickets += 1
            ticket = self._wanted[uri] = self._tickets
        self._pool.submit(self._run, uri, version, ticket, text)

    def ticket(self, uri: str) -> int:
        """The newest submission's ticket (-1 when the document is not submitted)."""
        with self._lock:
            return self._wanted.get(uri, -1)

    def is_current(self, uri: str, ticket: int) -> bool:
        with self._lock:
            return self._wanted.get(uri) == ticket

    def latest(self, uri: str) -> Checked | None:
        with self._lock:
            return self._done.get(uri)

    def keep(self, uri: str, checked: Checked) -> None:
        """A check made elsewhere (a request that could not wait), kept when it is current."""
        with self._lock:
            if self._wanted.get(uri) == checked.ticket:
                self._done[uri] = checked

    def forget(self, uri: str) -> None:
        with self._lock:
            self._wanted.pop(uri, None)
            self._done.pop(uri, None)

    def forget_all_done(self) -> None:
        """Every document is checked again (a file others extend may have changed)."""
        with self._lock:
            self._done.clear()

    def _run(self, uri: str, version: int, ticket: int, text: str) -> None:
        if not self.is_current(uri, ticket):
            return  # superseded before it started
        found = self.latest(uri)
        if found is None or found.ticket != ticket or found.analysis.text != text:
            try:
                made = self._check(uri, text, lambda: self.is_current(uri, ticket))
            except Exception as exc:  # said once in the log; the server goes on
                log.error("internal error checking %s: %s: %s", uri, type(exc).__name__, exc)
                return
            if made is None:
                return  # superseded between its steps
            found = attrs.evolve(made, version=version, ticket=ticket)
        with self._lock:
            if self._wanted.get(uri) != ticket:
                return  # superseded while it ran: never published
            self._done[uri] = found
        self._done_callback(uri, found)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
