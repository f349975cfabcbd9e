"""How ``carcdsl serve`` runs the app: uvicorn, with a deadline for every request's headers.

uvicorn waits for a request's headers as long as the client likes: a connection that sends
nothing, or half a header, is held open for ever (a few hundred of them and no one else gets
an answer). Here a connection waiting for a request's headers, when it is new or after an
answer, is closed when they have not all arrived within ``HEADER_SECONDS``; the app itself
gives the body its own time (``guard.BODY_SECONDS``), and an idle kept-alive connection goes
after uvicorn's 5 seconds as before.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 10.0
"""How long a request's headers may take to arrive, in seconds."""


class HeaderDeadline(H11Protocol):
    """uvicorn's HTTP/1.1 protocol (h11), closing a connection whose request headers are late
    (``seconds`` after it opened or after its last answer)."""

    seconds = HEADER_SECONDS
    _since: float | None = None
    _watch: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._wait_for_headers()

    def _wait_for_headers(self) -> None:
        self._since = self.loop.time()
        if self._watch is None:
            self._watch = self.loop.call_later(self.seconds, self._check)

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None and not self.cycle.response_complete:
            self._since = None  # a request's headers are in: the app has it

    def on_response_complete(self) -> None:
        self._wait_for_headers()  # before: a request already sent (pipelined) starts now
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None
        super().connection_lost(exc)

    def _check(self) -> None:
        self._watch = None
        if self.transport.is_closing():
            return
        since = self.loop.time() if self._since is None else self._since
        left = since + self.seconds - self.loop.time()
        if left > 0:  # a request in the app, or headers still in time: look again then
            self._watch = self.loop.call_later(left, self._check)
            return
        if self.conn.our_state != h11.ERROR:
            with contextlib.suppress(h11.LocalProtocolError):
                self.conn.send(h11.ConnectionClosed())
        self.transport.close()


def make_server(app: Any, header_seconds: float = HEADER_SECONDS) -> uvicorn.Server:
    """The server ``serve`` runs (``.run(sockets=[...])``): quiet (warnings only), with the
    header deadline."""
    protocol = type("Protocol", (HeaderDeadline,), {"seconds": header_seconds})
    # pages watching games hold event streams open: a stop waits for them at most 2 s
    config = uvicorn.Config(app, http=protocol, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=2)
    return uvicorn.Server(config)
