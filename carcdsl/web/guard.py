"""What a request may be, and how a refusal looks.

Every refusal is JSON ``{"error": "...", "where": ...}`` with a 4xx status, in the user's
language; a bug is a 500 with one line (logged with its traceback), never a traceback in the
answer. Requests are held to a size (``MAX_BODY``) and a time for the body to arrive
(``BODY_SECONDS``), every field to what it may be (``fields``), a body a browser can only send
from one of the app's own pages (``application/json``: another site's page cannot send it without
asking first), and, when the browser names the page's origin, this host's. Served on this
machine only, a request must name this machine as its host, so that a site whose name is
made to point here (DNS rebinding) is refused too.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from carcdsl.web.fields import MAX_BODY, MAX_DEPTH, FieldError, check_body, check_query
from carcdsl.web.words import ui_words

log = logging.getLogger("carcdsl.web")

BODY_SECONDS = 10.0
"""How long a request's body may take to arrive, in seconds, from when its headers did: a
body shorter than its ``Content-Length`` is a 408 then, and the connection is closed."""

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
    except RecursionError:  # JSON, nested deeper than json.loads goes
        raise ApiError(400, words["err-field-deep"].format(where="body", most=MAX_DEPTH),
                       "body") from None
    except ValueError:
        raise ApiError(400, words["err-json"], "body") from None
    if not isinstance(data, dict):
        raise ApiError(400, words["err-json-object"], "body")
    try:
        check_body(data)
    except FieldError as exc:
        raise ApiError(400, field_message(exc, words), exc.where) from None
    return data


def field_message(exc: FieldError, words: dict[str, str]) -> str:
    return words[exc.problem].format(where=exc.where, **exc.values)


def _refuse(send: Send, status: int, message: str, where: str,
            close: bool = False) -> Awaitable[None]:
    headers = {"connection": "close"} if close else None
    return JSONResponse({"error": message, "where": where}, status_code=status,
                        headers=headers)({"type": "http"}, _no_receive, send)


async def _no_receive() -> Message:
    return {"type": "http.disconnect"}


LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
"""The names of this machine a browser gives in ``Host`` when the app listens on it only."""


class _TooLarge(Exception):
    pass


class Guard:
    """ASGI middleware: bodies over ``limit`` bytes are refused (413), and so is (408) one
    that has not arrived ``seconds`` after the headers, closing the connection; a request
    whose ``Origin`` is another site, or whose ``Host`` is none of ``hosts`` (None: any), is
    refused (403), so that a page elsewhere cannot drive the app (the app may write files);
    and so (400) is a query field that is not what it may be (``fields.check_query``)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY,
                 hosts: frozenset[str] | None = None, seconds: float = BODY_SECONDS):
        self.app, self.limit, self.hosts, self.seconds = app, limit, hosts, seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = self._refusal(scope)
        if refused is not None:
            await _refuse(send, *refused)
            return
        too_large = (413, f"the request is larger than {self.limit} bytes", "body")
        try:
            with anyio.fail_after(self.seconds):
                body = await self._read(receive)
        except TimeoutError:
            await _refuse(send, 408, f"the request body did not arrive within "
                          f"{self.seconds:g} s", "body", close=True)
            return
        except _TooLarge:
            await _refuse(send, *too_large)
            return
        await self._answer(scope, body, receive, send)

    def _refusal(self, scope: Scope) -> tuple[int, str, str] | None:
        """What refuses a request on its headers alone, if anything."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        if not _same_origin(headers):
            return 403, "requests from another site are refused", "origin"
        if self.hosts is not None and _host_name(headers.get("host", "")) not in self.hosts:
            return 403, "requests for another host are refused", "host"
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.limit:
            return 413, f"the request is larger than {self.limit} bytes", "body"
        query = scope.get("query_string", b"").decode("latin-1")
        try:
            check_query(parse_qsl(query, keep_blank_values=True))
        except FieldError as exc:
            return 400, field_message(exc, ui_words("en")), exc.where
        return None

    async def _read(self, receive: Receive) -> bytes:
        """The whole body (it is small), so that a refusal comes before any answer."""
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return body
            body += message.get("body", b"")
            if len(body) > self.limit:
                raise _TooLarge
            if not message.get("more_body", False):
                return body

    async def _answer(self, scope: Scope, body: bytes, receive: Receive, send: Send) -> None:
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
