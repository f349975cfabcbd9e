"""Table mode's API (``table``): a game of people at a real table, entered as it is played.

``POST /api/table`` starts one (rules, variants, the players' names in turn order);
``GET /api/table/{id}`` shows it; ``POST /api/table/{id}/tile`` lists what the mover may do
with the tile they drew (nothing changes); ``POST /api/table/{id}/moves`` plays a move with
its tile; ``POST /api/table/{id}/end`` ends the game with tiles left (final scoring);
``GET /api/table/{id}/record`` downloads the record. A move or an end names the turn the page
saw (``turn``: the moves so far), so that two tabs on one game never play a turn twice.
Refusals are one JSON error in the page's language; a refused request changes nothing.

A table game belongs to the browser that started it: creating one sets its owner's token as a
cookie only table mode's API gets (``table-ID``, path ``/api/table/``, HTTP only, SameSite
strict), and the store keeps the token (the games' ``owner``). A move (a discard, a decision)
or an end without it is a 403; reading (the game, the tile's choices, the record) is open to
anyone with the link, a watcher. The answer's ``yours`` says whether the browser is the owner.

Every table game is in the app's store (``web.store``, mode ``table``): created there, and each
move, discard, decision and end committed there before it is answered. A game not in memory
(after a restart), or one another server on the same file moved, is rebuilt from its stored
entries (``table.rebuild``); the page's URL (``/table?game=ID``) opens it again.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from carcdsl.engine.state import State
from carcdsl.errors import IllegalMoveError
from carcdsl.formats.record import rebase_rule_paths, record_of
from carcdsl.i18n.words import Words
from carcdsl.web import rulesets, table, together
from carcdsl.web.guard import ApiError, read_json
from carcdsl.web.sessions import Store
from carcdsl.web.store import Conflict
from carcdsl.web.words import say, ui_words

if TYPE_CHECKING:
    from carcdsl.web.app import App

MAX_NAME = 40
MAX_PLAYERS = 12


def cookie_name(game_id: str) -> str:
    return f"table-{game_id}"


def token_of(request: Request) -> str | None:
    """The owner's token the browser holds for the game, if any."""
    return request.cookies.get(cookie_name(request.path_params.get("id", "")))


def hold_table(response: Response, game_id: str, token: str) -> Response:
    """The browser keeps the owner's ``token``: a cookie only table mode's API gets."""
    response.set_cookie(cookie_name(game_id), token,
                        max_age=together.COOKIE_DAYS * 86400, path="/api/table/",
                        httponly=True, samesite="strict")
    return response


def check_owner(request: Request, found: table.TableGame, lang: str) -> None:
    """A 403 unless the request holds the game's owner's token."""
    if not table.owned(found, token_of(request)):
        raise ApiError(403, say(lang, "err-table-not-yours"), "id")


def _names(players: object, lang: str) -> list[str]:
    """The players' names (``[{"name": "Ann"}, ...]``, as a new game on the play page gives
    them), in turn order: 1 to 12, each 1 to 40 characters, unique."""
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS:
        raise ApiError(400, say(lang, "err-players"), "players")
    names = []
    for i, seat in enumerate(players):
        name = seat.get("name") if isinstance(seat, dict) else None
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise ApiError(400, say(lang, "err-player-name", n=i + 1), f"players[{i}]")
        names.append(name.strip())
    if len(set(names)) != len(names):
        raise ApiError(400, say(lang, "err-player-names-unique"), "players")
    return names


@contextmanager
def refused(words: Words, where: str) -> Iterator[None]:
    """An engine refusal as one 422 naming the rule broken (``rule``: its code) and saying
    why in the page's language; a move that drew from a bag without saying what came out, a
    422 at ``drawn`` listing what may have (``draw``), for the page to ask."""
    try:
        yield
    except IllegalMoveError as exc:
        raise ApiError(422, words.illegal(exc), where, rule=exc.rule) from None
    except table.DrawNeeded as exc:  # the players say what came out of the bag
        options = [{**o, "word": words.word(o["token"])} for o in exc.options]
        raise ApiError(422, say(words.lang, "table-drawn", bag=words.word(exc.bag)), "drawn",
                       draw={"bag": exc.bag, "options": options}) from None


def _tile(data: dict[str, Any], lang: str) -> str | None:
    tile = data.get("tile")
    if tile is not None and (not isinstance(tile, str) or not tile):
        raise ApiError(400, say(lang, "err-table-tile"), "tile")
    return tile


class TableApi:
    """The routes' handlers, over the app's loaded games and a store of table games."""

    def __init__(self, app: App):
        self.app = app
        self.tables: Store[table.TableGame] = Store(table.MAX_TABLES)
        self._loading = threading.Lock()

    def _found(self, gid: str, lang: str) -> table.TableGame:
        """The table game ``gid``: in memory when it is as stored, else rebuilt from the
        store (after a restart, or entered on another server on the same file)."""
        got = self.tables.get(gid)
        if got is not None:
            with got.lock:
                if self.app.store.count(gid) == len(got.entries):
                    return got
        with self._loading:
            saved = self.app.store.get(gid)
            if saved is None or saved.mode != "table":
                raise ApiError(404, say(lang, "err-no-game"), "id")
            with self.app.said(lang):
                got = table.rebuild(saved, self.app.games.load(saved.rules, saved.variants))
            self.tables.add(gid, got)
            return got

    async def found(self, request: Request, lang: str) -> table.TableGame:
        """``_found`` in a worker thread: a rebuild never holds up the event loop."""
        return await run_in_threadpool(self._found, request.path_params["id"], lang)

    def commit(self, found: table.TableGame, entry: dict[str, Any], after: State,
               lang: str) -> None:
        """Store ``entry`` (inside the game's lock), committed before the answer, then make
        ``after`` the game; when another server entered a move first, or the store fails,
        the game is dropped from memory (rebuilt next time) and the request refused."""
        start = len(found.entries)
        try:
            self.app.store.save_moves(found.id, start, [entry], after.finished, expected=start)
        except Conflict:
            self.tables.drop(found.id)
            raise ApiError(409, say(lang, "err-stale", turn=len(found.state.moves)),
                           "turn") from None
        except Exception:
            self.tables.drop(found.id)
            raise
        found.entries.append(entry)
        found.state = after

    def answer(self, found: table.TableGame, lang: str, token: str | None) -> dict[str, Any]:
        """The game as the page shows it; ``yours``: ``token`` is its owner's."""
        answer = table.table_json(found, Words(found.game.rules, lang),
                                  say(lang, "table-track"))
        return {**answer, "yours": table.owned(found, token)}

    async def create(self, request: Request) -> Response:
        lang = self.app.lang(request)
        data = await read_json(request, ui_words(lang))
        names = _names(data.get("players"), lang)
        variants = data.get("variants") or []
        self.app.paced(request, lang)

        def run() -> tuple[str, str, dict[str, Any]]:
            game = self.app.games.load(data.get("rules"), variants)
            found = table.new_table(game, names)
            title = rulesets.title_of(game, Words(game.rules, lang))
            self.app.store.add(table.stored(found, str(data.get("rules")), list(variants),
                                            title))
            self.tables.add(found.id, found)
            return found.id, found.owner, self.answer(found, lang, found.owner)
        gid, owner, answer = await self.app.work(lang, run)
        return hold_table(JSONResponse(answer, status_code=201), gid, owner)

    async def show(self, request: Request) -> Response:
        lang = self.app.lang(request)
        found = await self.found(request, lang)

        def run() -> dict[str, Any]:
            with found.lock:
                return self.answer(found, lang, token_of(request))
        return JSONResponse(await self.app.work(lang, run))

    def _check_turn(self, found: table.TableGame, data: dict[str, Any], lang: str) -> None:
        state = found.state
        if state.finished:
            raise ApiError(409, say(lang, "err-game-over"), "turn")
        if data.get("turn") != len(state.moves):
            raise ApiError(409, say(lang, "err-stale", turn=len(state.moves)), "turn")

    async def tile(self, request: Request) -> Response:
        lang = self.app.lang(request)
        found = await self.found(request, lang)
        data = await read_json(request, ui_words(lang))
        words = Words(found.game.rules, lang)

        def run() -> dict[str, Any]:
            with found.lock:
                self._check_turn(found, data, lang)
                tile = _tile(data, lang)
                if tile is None:
                    raise ApiError(400, say(lang, "err-table-tile"), "tile")
                with refused(words, "tile"):
                    return table.tile_turn(found.state, tile, words)
        with self.app.said(lang, words):
            return JSONResponse(await run_in_threadpool(run))

    async def move(self, request: Request) -> Response:
        lang = self.app.lang(request)
        found = await self.found(request, lang)
        check_owner(request, found, lang)
        data = await read_json(request, ui_words(lang))
        words = Words(found.game.rules, lang)
        tile = _tile(data, lang)

        def run() -> dict[str, Any]:
            with found.lock:
                self._check_turn(found, data, lang)
                if tile is None and not table.open_turn(found.state):
                    raise ApiError(400, say(lang, "err-table-tile"), "tile")
                entry = {"tile": tile, "move": data.get("move")}
                with refused(words, "move"):
                    after = table.play(found.state, tile, entry["move"])
                self.commit(found, entry, after, lang)
                return self.answer(found, lang, found.owner)
        with self.app.said(lang, words):
            return JSONResponse(await run_in_threadpool(run))

    async def end(self, request: Request) -> Response:
        lang = self.app.lang(request)
        found = await self.found(request, lang)
        check_owner(request, found, lang)
        data = await read_json(request, ui_words(lang))
        words = Words(found.game.rules, lang)

        def run() -> dict[str, Any]:
            with found.lock:
                self._check_turn(found, data, lang)
                with refused(words, "turn"):
                    after = table.end(found.state)
                self.commit(found, {"end": True}, after, lang)
                return self.answer(found, lang, found.owner)
        with self.app.said(lang, words):
            return JSONResponse(await run_in_threadpool(run))

    async def record(self, request: Request) -> Response:
        lang = self.app.lang(request)
        found = await self.found(request, lang)
        with found.lock:
            record = record_of(found.state)
        home = self.app.folders.home_of(found.game.source)
        if home is not None:  # a served rule file: named relative to its folder
            record = rebase_rule_paths(record, home / "game.json")
        name = f"{found.game.name}-table.json"
        return Response(record.to_text(), media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="{name}"'})


def routes(app: App) -> list[Route]:
    """Table mode's API, beside the play page's."""
    api = TableApi(app)
    return [Route("/api/table", api.create, methods=["POST"]),
            Route("/api/table/{id:str}", api.show),
            Route("/api/table/{id:str}/tile", api.tile, methods=["POST"]),
            Route("/api/table/{id:str}/moves", api.move, methods=["POST"]),
            Route("/api/table/{id:str}/end", api.end, methods=["POST"]),
            Route("/api/table/{id:str}/record", api.record)]
