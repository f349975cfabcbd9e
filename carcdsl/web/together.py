"""Several people at one game, each in their own browser: who holds which seat, the links
that hand seats out, the list of stored games, and every move pushed to every page watching.

A seat is held by a token (``sessions``); a browser gets it as a cookie for the game's API
(``seat-ID``, path ``/api/games/``, HTTP only), set when it creates the game or opens a seat
link (``/play?game=ID&seat=TOKEN``) or the room link (``/play?game=ID&room=ROOM``: the first
free seat). The game's own link (``/play?game=ID``) watches. A request may name its token in
the body (``token``) instead; the cookie is the browser's.

Pages watching a game hold a server-sent event stream (``/api/games/ID/events``): one event
whenever the game changes (its ``version``), after the change is stored, and a comment line
every ``KEEP_ALIVE`` seconds. The page then asks for the game as its seat sees it.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from carcdsl.web.guard import ApiError, read_json
from carcdsl.web.sessions import LiveGame
from carcdsl.web.words import say, ui_words

if TYPE_CHECKING:
    from carcdsl.web.app import App

KEEP_ALIVE = 15.0
"""Seconds between the comment lines that keep an event stream open."""
MAX_WATCHERS = 64
"""Event streams one game may have at once from browsers holding none of its seats."""
MAX_SEATED = 16
"""Event streams one game may have at once from browsers holding a seat (tabs, devices)."""
MAX_STREAMS = 2000
"""Event streams the server holds at once of each kind (watchers', seated players'): the
watchers, anyone who knows a game's id, never take a seated player's stream. Fewer when the
process may open fewer files (``stream_bound``)."""


def stream_bound(most: int = MAX_STREAMS) -> int:
    """Streams of each kind the server may hold: ``most``, or fewer, so that both kinds
    together leave a quarter of the files the process may open (64 at least) to everything
    else: every stream is an open socket, and a server that can open no file answers no one."""
    try:
        import resource
    except ImportError:  # not on POSIX
        return most
    files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if files == resource.RLIM_INFINITY:
        return most
    return max(8, min(most, (files - max(64, files // 4)) // 2))
COOKIE_DAYS = 365


def cookie_name(game_id: str) -> str:
    return f"seat-{game_id}"


def token_of(request: Request, data: dict[str, Any] | None = None) -> str | None:
    """The token a request names: the body's ``token``, else the browser's cookie for the
    game."""
    if data is not None and isinstance(data.get("token"), str):
        return str(data["token"])
    return request.cookies.get(cookie_name(request.path_params.get("id", "")))


def hold_seat(response: Response, game_id: str, token: str) -> Response:
    """The browser keeps ``token`` for the game: a cookie only the game's API gets."""
    response.set_cookie(cookie_name(game_id), token, max_age=COOKIE_DAYS * 86400,
                        path="/api/games/", httponly=True, samesite="strict")
    return response


def links(live: LiveGame, room: str | None) -> dict[str, Any]:
    """The links a shared game's creator hands out: one per person's seat, the room's and
    the watchers'."""
    base = f"/play?game={live.id}"
    seats = [{"seat": i, "name": live.state.players[i], "link": f"{base}&seat={token}",
              "yours": token == live.owner}
             for i, token in enumerate(live.tokens) if token is not None]
    return {"seats": seats, "room": f"{base}&room={room}" if room else None, "watch": base}


class Hub:
    """The event streams open, by game: each a queue the game's new versions are put on
    (on the event loop, after the change is stored). Watchers' and seated players' streams
    are bounded apart, so that strangers filling a game's watchers cannot cut off the page
    of a person playing it (a browser's event stream gives up on a refusal)."""

    def __init__(self, most: int | None = None) -> None:
        self._streams: dict[str, set[asyncio.Queue[int]]] = {}
        self._seated: set[asyncio.Queue[int]] = set()
        self.most = stream_bound() if most is None else most

    def publish(self, game_id: str, version: int) -> None:
        for queue in self._streams.get(game_id, ()):
            queue.put_nowait(version)

    def open(self, game_id: str, seated: bool = False) -> asyncio.Queue[int] | None:
        """A new stream's queue, None when the game or the server has as many of its kind
        (``seated``: the browser holds a seat of the game) as it may."""
        streams = self._streams.get(game_id, set())
        mine = sum(q in self._seated for q in streams)
        if seated:
            full = mine >= MAX_SEATED or len(self._seated) >= self.most
        else:
            full = len(streams) - mine >= MAX_WATCHERS \
                or self.count() - len(self._seated) >= self.most
        if full:
            return None
        queue: asyncio.Queue[int] = asyncio.Queue()
        self._streams.setdefault(game_id, set()).add(queue)
        if seated:
            self._seated.add(queue)
        return queue

    def close(self, game_id: str, queue: asyncio.Queue[int]) -> None:
        self._seated.discard(queue)
        streams = self._streams.get(game_id)
        if streams is not None:
            streams.discard(queue)
            if not streams:
                del self._streams[game_id]

    def count(self) -> int:
        return sum(len(s) for s in self._streams.values())


def _event(live: LiveGame) -> str:
    state = live.state
    return "data: " + json.dumps({"version": live.version, "moves": len(state.moves),
                                  "finished": state.finished}) + "\n\n"


async def events(app: App, request: Request) -> Response:
    """The game's changes as server-sent events: the current version at once, then each
    new one."""
    lang = app.lang(request)
    live = await app.find_live(request, lang)
    queue = app.hub.open(live.id, seated=bool(live.seat_of(token_of(request))))
    if queue is None:
        raise ApiError(429, say(lang, "err-too-many-watchers"), "id")

    async def stream() -> AsyncIterator[str]:
        try:
            yield _event(live)
            while True:
                try:
                    await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                while not queue.empty():  # several changes at once: one event
                    queue.get_nowait()
                yield _event(live)
        finally:
            app.hub.close(live.id, queue)
    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


async def join(app: App, request: Request) -> Response:
    """A browser takes a seat: by its link's token (``token``) or the room's (``room``: the
    first free seat); the cookie is set and the game answered as that seat sees it. A token
    of no seat is a 403, a full room a 409."""
    lang = app.lang(request)
    live = await app.find_live(request, lang)
    data = await read_json(request, ui_words(lang))
    token, room = data.get("token"), data.get("room")
    stored = app.store.get(live.id)
    assert stored is not None  # live_game found it
    held = token_of(request)  # this browser's seat already, if any
    if isinstance(token, str) and live.seat_of(token):
        app.store.take_seat(live.id, live.seat_of(token)[0])
    elif isinstance(room, str) and stored.room and _same(room, stored.room) \
            and held is not None and live.seat_of(held):
        token = held  # back through the room link: the seat it took before
    elif isinstance(room, str) and stored.room and _same(room, stored.room):
        taken = app.store.take_seat(live.id)
        if taken is None:
            raise ApiError(409, say(lang, "err-room-full"), "room")
        token = taken[1]
    else:
        raise ApiError(403, say(lang, "err-not-a-seat"), "token")
    with live.lock:
        answer = app.game_json(live, lang, token=token)
    return hold_seat(JSONResponse(answer), live.id, token)


def _same(a: str, b: str) -> bool:
    return secrets.compare_digest(a.encode(), b.encode())


async def listed(app: App, request: Request) -> Response:
    """The stored games, the latest moved first (no tokens: a watcher's links)."""
    games = app.store.listed()
    for game in games:
        api = "table" if game["mode"] == "table" else "games"  # table mode: its own page
        game["watch"] = f"/{'table' if api == 'table' else 'play'}?game={game['id']}"
        game["record"] = f"/api/{api}/{game['id']}/record"
    return JSONResponse({"games": games})


def routes(app: App) -> list[Route]:
    async def events_route(request: Request) -> Response:
        return await events(app, request)

    async def join_route(request: Request) -> Response:
        return await join(app, request)

    async def listed_route(request: Request) -> Response:
        return await listed(app, request)
    return [Route("/api/games", listed_route, methods=["GET"]),
            Route("/api/games/{id:str}/events", events_route),
            Route("/api/games/{id:str}/join", join_route, methods=["POST"])]
