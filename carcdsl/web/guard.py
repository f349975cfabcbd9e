"""What a request may be, and how a refusal looks.

Every refusal is JSON ``{"error": "...", "where": ...}`` with a 4xx status, in the user's
language; a bug is a 500 with one line (logged with its traceback), never a traceback in the
answer. Requests are held to a size (``MAX_BODY``), a body a browser can only send from one
of the app's own pages (``application/json``: another site's page cannot send it without
asking first), and, when the browser names the page's origin, this host's. Served on this
machine only, a request must name this machine as its host, so that a site whose name is
made to point here (DNS rebinding) is refused too.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

log = logging.getLogger("carcdsl.web")

MAX_BODY = 1024 * 1024
"""The largest request body read, in bytes (a rule file being edited, an uploaded record)."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class ApiError(Exception):
    """A refusal: the status, the message (already in the user's language) and where the
    problem is (a field, a file and position, a move), plus anything the page may show."""

    def __init__(self, status: int, message: str, where: object = None, **extra: object):
        super().__init__(message)
        self.status, self.message, self.where, self.extra = status, message, where, extra

    def response(self) -> JSONResponse:
        return JSONResponse({"error": self.message, "where": self.where, **self.extra},
                            status_code=self.status)


async def api_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return exc.response()


async def http_error(_request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (an unknown route, a method not allowed), as JSON."""
    status = getattr(exc, "status_code", 400)
    detail = getattr(exc, "detail", "") or "bad request"
    return JSONResponse({"error": str(detail), "where": None}, status_code=status)


async def internal_error(request: Request, exc: Exception) -> Response:
    """A bug: logged with its traceback, answered with one line."""
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return JSONResponse({"error": f"internal error: {type(exc).__name__}: {exc}"[:300],
                         "where": None}, status_code=500)


async def read_json(request: Request, words: dict[str, str]) -> dict[str, Any]:
    """The body as a JSON object; anything else is a 400 (a 415 when it is no JSON at
    all)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError(415, words["err-json-type"], "content-type")
    body = await request.body()
    try:
        data = json.loads(body or b"null")
    except (ValueError, RecursionError):
        raise ApiError(400, words["err-json"], "body") from None
    if not isinstance(data, dict):
        raise ApiError(400, words["err-json-object"], "body")
    return data


def _refuse(send: Send, status: int, message: str, where: str) -> Awaitable[None]:
    return JSONResponse({"error": message, "where": where}, status_code=status)(
        {"type": "http"}, _no_receive, send)


async def _no_receive() -> Message:
    return {"type": "http.disconnect"}


LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
"""The names of this machine a browser gives in ``Host`` when the app listens on it only."""


class Guard:
    """ASGI middleware: bodies over ``limit`` bytes are refused (413), and so (403) is a
    request whose ``Origin`` is another site, or whose ``Host`` is none of ``hosts`` (None:
    any), so that a page elsewhere cannot drive the app (the app may write files)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY,
                 hosts: frozenset[str] | None = None):
        self.app, self.limit, self.hosts = app, limit, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        if not _same_origin(headers):
            await _refuse(send, 403, "requests from another site are refused", "origin")
            return
        if self.hosts is not None and _host_name(headers.get("host", "")) not in self.hosts:
            await _refuse(send, 403, "requests for another host are refused", "host")
            return
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.limit:
            await _refuse(send, 413, f"the request is larger than {self.limit} bytes",
                          "body")
            return
        body = b""
        while True:  # read whole first (it is small): a refusal comes before any answer
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            if len(body) > self.limit:
                await _refuse(send, 413, f"the request is larger than {self.limit} bytes",
                              "body")
                return
            if not message.get("more_body", False):
                break
        given = started = False

        async def replay() -> Message:
            nonlocal given
            if given:
                return await receive()
            given = True
            return {"type": "http.request", "body": body, "more_body": False}

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, replay, sending)
        except Exception:
            if not started:
                raise
            # a bug answered already (``internal_error``, which logged it): not raised
            # again for the server to log twice


def _same_origin(headers: dict[str, str]) -> bool:
    """No ``Origin`` (not a browser's cross-site request), or one naming this host."""
    origin = headers.get("origin")
    if origin is None:
        return True
    host = headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host


def _host_name(host: str) -> str:
    """``Host`` without its port (``[::1]:8000`` -> ``::1``)."""
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host
