"""The routes: the pages, the static files, and the JSON API the pages call.

Handlers are thin: they read a request, call the module that owns the work (in a worker
thread when it may take a while: loading rules, bots, checking), and answer JSON. What goes
wrong is an ``ApiError`` (``guard``), said in the user's language.
"""

from __future__ import annotations

import random
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import attrs
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from carcdsl.bots import DEFAULT_OPPONENT
from carcdsl.errors import IllegalMoveError, RecordError, RuleError
from carcdsl.formats.record import (
    SEED_MAX,
    SEED_MIN,
    load_record,
    parse_record,
    rebase_rule_paths,
    record_of,
)
from carcdsl.i18n.words import CATALOGS, Words
from carcdsl.lang.sources import bundled_names
from carcdsl.web import (
    author,
    feature,
    pace,
    rulesets,
    sessions,
    tile_editor,
    timeline,
    together,
    turns,
    undo,
)
from carcdsl.web.files import Folders, OutsideError, is_record_file
from carcdsl.web.guard import (
    BODY_SECONDS,
    ApiError,
    Guard,
    api_error,
    http_error,
    internal_error,
    read_json,
)
from carcdsl.web.pages import PAGES, render_page
from carcdsl.web.scene import board_scene
from carcdsl.web.sessions import HUMAN, LiveGame, Store, kind_json, seat_kinds
from carcdsl.web.store import Conflict, GameStore
from carcdsl.web.timeline import OpenedRecord
from carcdsl.web.views import log_view, state_view
from carcdsl.web.words import pick_language, say, ui_words

T = TypeVar("T")
MAX_NAME = 40
MAX_PLAYERS = 12


@attrs.frozen
class Settings:
    """What ``serve`` was started with."""

    folders: Folders = Folders()
    lang: str = "en"
    hosts: frozenset[str] | None = None
    """The names a request may give as its host (None: any; ``serve`` on this machine:
    ``guard.LOCAL_HOSTS``)."""
    body_seconds: float = BODY_SECONDS
    """How long a request's body may take to arrive (``guard.BODY_SECONDS``)."""
    db: str | None = None
    """The games' SQLite file (``serve --db``; None: in memory, kept till the app goes)."""
    max_new_games: int = pace.MAX_NEW_GAMES
    """New games one client address may start in a minute (``pace``)."""


class App:
    """The app's state: the settings, the compiled games, the games and records open."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.folders = settings.folders
        self.games = rulesets.Games(settings.folders)
        self.live: Store[LiveGame] = Store(sessions.MAX_GAMES)
        self.records: Store[OpenedRecord] = Store(sessions.MAX_RECORDS)
        self.store = GameStore(settings.db or ":memory:")
        self.hub = together.Hub()
        self.new_games = pace.NewGames(settings.max_new_games)
        self._loading = threading.Lock()

    # --- the language and errors ---------------------------------------------------------
    def lang(self, request: Request) -> str:
        return pick_language(request.query_params.get("lang"), self.settings.lang)

    @contextmanager
    def said(self, lang: str, words: Words | None = None) -> Iterator[None]:
        """The errors of the work inside, as ApiErrors in ``lang``."""
        w = words or Words(None, lang)
        try:
            yield
        except RuleError as exc:
            found = [rulesets.diagnostic_json(d, Words(exc.rules, lang), exc.sources)
                     for d in exc.diagnostics if d.is_error][:20]
            first = found[0]["text"] if found else str(exc)
            raise ApiError(422, say(lang, "err-rules", first=first), exc.target,
                           diagnostics=found) from None
        except IllegalMoveError as exc:
            raise ApiError(422, w.illegal(exc), "move") from None
        except RecordError as exc:
            raise ApiError(422, w.record(exc), exc.move_index) from None
        except OutsideError as exc:
            status = {"outside": 403, "not-carc": 403, "missing": 404,
                      "too-large": 413}.get(exc.reason, 400)
            raise ApiError(status, say(lang, f"err-path-{exc.reason}", ref=exc.ref),
                           exc.ref) from None
        except rulesets.UnknownRules as exc:
            raise ApiError(404, say(lang, "err-unknown-rules", ref=exc.ref), exc.ref) from None
        except turns.NotOffered as exc:
            raise ApiError(400, say(lang, f"err-no-{exc.what}"), "move") from None
        except turns.BadMove as exc:
            message = (say(lang, "err-bad-move", reason=str(exc)) if str(exc)
                       else say(lang, "err-move-shape"))
            raise ApiError(400, message, "move") from None
        except timeline.NotBundled as exc:
            raise ApiError(400, say(lang, "err-upload-bundled", ref=exc.ref), exc.ref) from None

    def paced(self, request: Request, lang: str) -> None:
        """A 429 when the request's address started as many games this minute as it may."""
        address = request.client.host if request.client else ""
        seconds = self.new_games.wait(address)
        if seconds:
            raise ApiError(429, say(lang, "err-too-many-new-games", most=self.new_games.most,
                                    seconds=seconds), None, retry_after=seconds)

    async def work(self, lang: str, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker thread, its errors said in ``lang``."""
        with self.said(lang):
            return await run_in_threadpool(fn, *args)

    # --- pages -----------------------------------------------------------------------------
    def languages(self) -> list[str]:
        return list(dict.fromkeys([*CATALOGS, self.settings.lang]))

    async def page(self, request: Request) -> Response:
        name = request.path_params.get("page", "home")
        if name not in PAGES:
            raise HTTPException(404, "no such page")
        lang = self.lang(request)
        return HTMLResponse(render_page(name, lang, self.languages(), {}))

    async def catalogue(self, request: Request) -> Response:
        lang = self.lang(request)
        words = Words(None, lang)
        found = await self.work(lang, rulesets.catalogue, self.folders, lang)
        records = [{"ref": ref, "name": self.folders.shown(ref)}
                   for ref, path in self.folders.iter_files(".json") if is_record_file(path)]
        return JSONResponse({
            **found, "lang": lang,
            "kinds": [kind_json(k, words) for k in seat_kinds()],
            "default_bot": DEFAULT_OPPONENT if DEFAULT_OPPONENT in seat_kinds() else None,
            "folders": [{"index": i, "label": self.folders.label(i)}
                        for i in range(len(self.folders.roots))],
            "records": records, "templates": sorted(bundled_names())})

    async def about(self, request: Request) -> Response:
        lang = self.lang(request)
        rules = request.query_params.get("rules", "base")
        variants = request.query_params.getlist("variant")

        def run() -> dict[str, Any]:
            game = self.games.load(rules, variants)
            return rulesets.about(game, Words(game.rules, lang))
        return JSONResponse(await self.work(lang, run))

    # --- live games --------------------------------------------------------------------------
    def live_game(self, request: Request, lang: str) -> LiveGame:
        """The game of the request's ``id``: in memory when it is as stored, else rebuilt
        from the store (after a restart, or moved by another server on the same file)."""
        gid = request.path_params["id"]
        found = self.live.get(gid)
        if found is not None:
            with found.lock:
                if self.store.count(gid) == len(found.saved):
                    return found
        with self._loading:
            stored = self.store.get(gid)
            if stored is None or stored.mode != "live":  # a table game: table mode's API
                raise ApiError(404, say(lang, "err-no-game"), "id")
            with self.said(lang):
                live = sessions.rebuild(stored, self.games.load(stored.rules, stored.variants))
            self.live.add(gid, live)
            return live

    async def find_live(self, request: Request, lang: str) -> LiveGame:
        """``live_game`` in a worker thread: a rebuild, or a game's lock held by its move,
        never holds up the event loop (every other game's requests)."""
        return await run_in_threadpool(self.live_game, request, lang)

    def store_changes(self, live: LiveGame, lang: str) -> None:
        """Store what changed (inside the game's lock), committed before the answer; when
        another server moved the game first, or the store fails, the game is dropped from
        memory (rebuilt from the store next time) and the request refused."""
        start, moves = live.changes()
        try:
            self.store.save_moves(live.id, start, moves, live.state.finished,
                                  expected=len(live.saved), undone=start < len(live.saved))
        except Conflict:
            self.live.drop(live.id)
            raise ApiError(409, say(lang, "err-stale", turn=len(live.saved)), "turn") from None
        except Exception:
            self.live.drop(live.id)
            raise
        live.saved = live.saved[:start] + moves
        live.version += 1

    def game_json(self, live: LiveGame, lang: str, made: int = 0,
                  token: str | None = None) -> dict[str, Any]:
        state = live.state
        words = Words(live.game.rules, lang)
        human_turn = not state.finished and not live.bot_to_move and live.may_move(token)
        shared = token == live.owner and len(set(filter(None, live.tokens))) > 1
        seen = live.views.get((live.version, lang))
        if seen is None:  # the same for every page at this version: drawn once
            seen = (state_view(state, words, [None if k == HUMAN else words.bot(k)
                                              for k in live.kinds]),
                    board_scene(state, words=words), turns.hand_pictures(state))
            live.views.clear()
            live.views[(live.version, lang)] = seen
        return {
            "id": live.id, "title": rulesets.title_of(live.game, words), "seed": live.seed,
            "rules": live.game.source, "variants": list(live.game.variant_refs),
            "kinds": [{"kind": k, "word": words.bot(k)} for k in live.kinds],
            "watching": live.watching, "bot_to_move": live.bot_to_move, "made": made,
            "you": live.seat_of(token), "version": live.version,
            "undo": undo.undo_json(self, live, token),
            "can_undo": bool(live.seat_of(token)) and bool(live.saved)
            and not state.finished and not state.pending,
            "owner": token == live.owner and bool(token),
            "links": together.links(live, self.store.room(live.id)) if shared else None,
            "state": seen[0], "board": seen[1],
            "turn": turns.choices(state, words) if human_turn else None,
            "hand": seen[2],
        }

    async def new_game(self, request: Request) -> Response:
        lang = self.lang(request)
        data = await read_json(request, ui_words(lang))
        names, kinds = self._seats(data.get("players"), lang)
        share = data.get("share") is True
        seed = data.get("seed")
        if seed is None or seed == "":
            seed = random.SystemRandom().randrange(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool) or not SEED_MIN <= seed <= SEED_MAX:
            raise ApiError(400, say(lang, "err-seed", least=SEED_MIN, most=SEED_MAX), "seed")
        self.paced(request, lang)  # a request refused above is not counted

        def run() -> tuple[str, str, dict[str, Any]]:
            game = self.games.load(data.get("rules"), data.get("variants") or [])
            live = sessions.new_game(game, names, kinds, seed, share)
            with live.lock:
                made = 0 if live.watching else live.run_bots()
                taken = [token == live.owner for token in live.tokens]
                room = secrets.token_urlsafe(12) if share else None
                self.store.add(sessions.stored(live, str(data.get("rules")),
                                               list(data.get("variants") or []),
                                               rulesets.title_of(game, Words(game.rules, lang)),
                                               taken, room))
                self.live.add(live.id, live)
                return live.id, live.owner, self.game_json(live, lang, made, live.owner)
        gid, owner, answer = await self.work(lang, run)
        return together.hold_seat(JSONResponse(answer, status_code=201), gid, owner)

    def _seats(self, players: object, lang: str) -> tuple[list[str], list[str]]:
        if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS:
            raise ApiError(400, say(lang, "err-players"), "players")
        names, kinds = [], []
        for i, seat in enumerate(players):
            name = seat.get("name") if isinstance(seat, dict) else None
            kind = seat.get("kind", HUMAN) if isinstance(seat, dict) else None
            if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
                raise ApiError(400, say(lang, "err-player-name", n=i + 1), f"players[{i}]")
            if kind not in seat_kinds():
                raise ApiError(400, say(lang, "err-seat-kind", kind=str(kind)[:40],
                                        kinds=", ".join(seat_kinds())), f"players[{i}]")
            names.append(name.strip())
            kinds.append(kind)
        if len(set(names)) != len(names):
            raise ApiError(400, say(lang, "err-player-names-unique"), "players")
        return names, kinds

    async def get_game(self, request: Request) -> Response:
        lang = self.lang(request)
        live = await self.find_live(request, lang)
        token = together.token_of(request)

        def run() -> dict[str, Any]:
            with live.lock:
                return self.game_json(live, lang, token=token)
        return JSONResponse(await self.work(lang, run))

    async def preview(self, request: Request) -> Response:
        lang = self.lang(request)
        live = await self.find_live(request, lang)
        data = await read_json(request, ui_words(lang))
        words = Words(live.game.rules, lang)

        token = together.token_of(request, data)

        def run() -> dict[str, Any]:
            with live.lock:
                self._check_turn(live, data, lang, token)
                return turns.preview(live.state, turns.read_move(data.get("move")), words)
        with self.said(lang, words):
            return JSONResponse(await run_in_threadpool(run))

    def _check_turn(self, live: LiveGame, data: dict[str, Any], lang: str,
                    token: str | None) -> None:
        """A person's move belongs to the turn the page saw (else 409, first: a move sent
        twice, or from a page behind, is stale, whoever's turn it is now), to a person, and
        to the seat whose token the request holds (else 403: another seat's token, or none)."""
        state = live.state
        if state.finished:
            raise ApiError(409, say(lang, "err-game-over"), "turn")
        if data.get("turn") != len(state.moves):
            raise ApiError(409, say(lang, "err-stale", turn=len(state.moves)), "turn")
        if live.bot_to_move:
            raise ApiError(409, say(lang, "err-not-your-turn"), "turn")
        if not live.may_move(token):
            raise ApiError(403, say(lang, "err-not-your-seat"), "token")

    async def move(self, request: Request) -> Response:
        began = time.perf_counter()
        lang = self.lang(request)
        live = await self.find_live(request, lang)
        data = await read_json(request, ui_words(lang))
        words = Words(live.game.rules, lang)

        token = together.token_of(request, data)

        def run() -> dict[str, Any]:
            with live.lock:
                self._check_turn(live, data, lang, token)
                turns.play(live.state, turns.read_move(data.get("move")))
                made = live.run_bots()
                self.store_changes(live, lang)
                return self.game_json(live, lang, made, token)
        with self.said(lang, words):
            answer = await run_in_threadpool(run)
        self.hub.publish(live.id, live.version)
        response = JSONResponse(answer)  # how long the app took, for a client to compare
        response.headers["Server-Timing"] = f"app;dur={(time.perf_counter() - began) * 1000:.1f}"
        return response

    async def step(self, request: Request) -> Response:
        lang = self.lang(request)
        live = await self.find_live(request, lang)
        token = together.token_of(request)

        def run() -> dict[str, Any]:
            with live.lock:
                if live.state.finished:
                    raise ApiError(409, say(lang, "err-game-over"), "turn")
                if not live.bot_to_move:
                    raise ApiError(409, say(lang, "err-person-to-move"), "turn")
                if token != live.owner:
                    raise ApiError(403, say(lang, "err-not-your-seat"), "token")
                made = int(live.step())
                self.store_changes(live, lang)
                return self.game_json(live, lang, made, token)
        answer = await self.work(lang, run)
        self.hub.publish(live.id, live.version)
        return JSONResponse(answer)

    async def game_record(self, request: Request) -> Response:
        lang = self.lang(request)
        live = await self.find_live(request, lang)
        with live.lock:
            record = record_of(live.state)
        home = self.folders.home_of(live.game.source)
        if home is not None:  # a served rule file: named relative to its folder
            record = rebase_rule_paths(record, home / "game.json")
        name = f"{live.game.name}-{live.seed}.json"
        return Response(record.to_text(), media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="{name}"'})

    # --- records -----------------------------------------------------------------------------
    async def open_record(self, request: Request) -> Response:
        lang = self.lang(request)
        data = await read_json(request, ui_words(lang))

        def run() -> dict[str, Any]:
            key = sessions.new_id()
            if isinstance(data.get("ref"), str):
                ref = data["ref"]
                path = self.folders.path_of(ref)
                if path.suffix != ".json":
                    raise OutsideError("bad-ref", ref)
                opened = timeline.open_record(key, self.folders.shown(ref), load_record(path))
            elif isinstance(data.get("record"), dict):
                name = str(data.get("name") or "record.json")[:100]
                record = parse_record(data["record"], name)
                timeline.check_uploaded(record)
                opened = timeline.open_record(key, name, record)
            else:
                raise ApiError(400, say(lang, "err-record-what"), "body")
            self.records.add(key, opened)
            words = Words(opened.game.rules, lang)
            return {"id": key, "name": opened.name, "count": opened.count,
                    "players": list(opened.whole.players),
                    "title": rulesets.title_of(opened.game, words),
                    "log": log_view(opened.whole, words),
                    "replay": opened.replay_json()}
        return JSONResponse(await self.work(lang, run), status_code=201)

    async def record_at(self, request: Request) -> Response:
        lang = self.lang(request)
        opened = self.records.get(request.path_params["id"])
        if opened is None:
            raise ApiError(404, say(lang, "err-no-record"), "id")
        n = request.path_params["n"]
        if not 0 <= n <= opened.count:
            raise ApiError(404, say(lang, "err-record-move", n=opened.count), "n")

        def run() -> dict[str, Any]:
            state = opened.at(n)
            words = Words(opened.game.rules, lang)
            # step n shows the board after move n - 1 (the record's moves[n - 1], as play's
            # log numbers it); step 0 the board before the first move
            return {"n": n, "move": n - 1 if n else None, "count": opened.count,
                    "state": state_view(state, words),
                    "board": board_scene(state, mark_last=n > 0, words=words)}
        return JSONResponse(await self.work(lang, run))

    # --- the editor --------------------------------------------------------------------------
    async def file_text(self, request: Request) -> Response:
        lang = self.lang(request)
        ref = request.query_params.get("ref", "")
        with self.said(lang):
            if ref.startswith("@"):
                text = self.folders.read_text(ref, 1024 * 1024)
                return JSONResponse({"ref": ref, "name": self.folders.shown(ref),
                                     "text": text, "writable": ref.endswith(".carc")})
            if author.is_template(ref):
                return JSONResponse({"ref": None, "name": Path(bundled_names()[ref]).name,
                                     "text": author.template_text(ref, ""),
                                     "writable": False})
        raise ApiError(404, say(lang, "err-unknown-rules", ref=ref[:80]), "ref")

    async def check(self, request: Request) -> Response:
        lang = self.lang(request)
        data = await read_json(request, ui_words(lang))
        text, ref = data.get("text"), data.get("ref")
        if not isinstance(text, str):
            raise ApiError(400, say(lang, "err-text"), "text")
        name = data["name"] if isinstance(data.get("name"), str) else "scratch.carc"

        def run() -> dict[str, Any]:
            return author.check_buffer(text, Words(None, lang), self.folders,
                                       ref if isinstance(ref, str) else None, name)
        return JSONResponse(await self.work(lang, run))

    async def save(self, request: Request) -> Response:
        lang = self.lang(request)
        data = await read_json(request, ui_words(lang))
        text, ref = data.get("text"), data.get("ref")
        if not isinstance(text, str):
            raise ApiError(400, say(lang, "err-text"), "text")
        if not isinstance(ref, str) or not ref.startswith("@"):
            raise ApiError(403, say(lang, "err-save-where"), "ref")
        with self.said(lang):
            try:
                self.folders.write_text(ref, text)
            except OSError as exc:
                raise ApiError(500, say(lang, "err-save-failed", reason=str(exc)), ref) \
                    from None
        return JSONResponse({"saved": self.folders.shown(ref), "ref": ref})

    async def new_file(self, request: Request) -> Response:
        lang = self.lang(request)
        data = await read_json(request, ui_words(lang))
        folder, name, template = data.get("folder"), data.get("name"), data.get("template")
        if not isinstance(folder, int) or not 0 <= folder < len(self.folders.roots):
            raise ApiError(403, say(lang, "err-save-where"), "folder")
        if not isinstance(name, str) or not name.strip():
            raise ApiError(400, say(lang, "err-file-name"), "name")
        if not author.is_template(template):
            raise ApiError(404, say(lang, "err-unknown-rules", ref=str(template)[:80]),
                           "template")
        name = name.strip()
        if not name.endswith(".carc"):
            name += ".carc"
        ref = f"@{folder}/{name}"
        text = author.template_text(str(template), Path(name).stem)
        with self.said(lang):
            try:
                self.folders.write_text(ref, text, new=True)
            except FileExistsError:
                raise ApiError(409, say(lang, "err-file-exists", name=name), "name") from None
            except OSError as exc:
                raise ApiError(500, say(lang, "err-save-failed", reason=str(exc)), ref) \
                    from None
        return JSONResponse({"ref": ref, "name": self.folders.shown(ref), "text": text},
                            status_code=201)


def create_app(settings: Settings | None = None) -> Any:
    """The ASGI app: Starlette's routes inside the request guard."""
    from carcdsl.web import table_routes  # table mode's routes, a module of their own

    app = App(settings or Settings())
    static = Path(__file__).parent / "static"
    routes = [
        Route("/", app.page),
        Route("/{page:str}", app.page),
        Route("/api/catalogue", app.catalogue),
        Route("/api/rulesets/about", app.about),
        Route("/api/games", app.new_game, methods=["POST"]),
        *together.routes(app),  # seats, links, the games stored, live updates
        *undo.routes(app),  # a confirmed move taken back
        Route("/api/games/{id:str}", app.get_game),
        Route("/api/games/{id:str}/preview", app.preview, methods=["POST"]),
        Route("/api/games/{id:str}/moves", app.move, methods=["POST"]),
        Route("/api/games/{id:str}/step", app.step, methods=["POST"]),
        Route("/api/games/{id:str}/record", app.game_record),
        Route("/api/records", app.open_record, methods=["POST"]),
        Route("/api/records/{id:str}/at/{n:int}", app.record_at),
        Route("/api/files/text", app.file_text),
        Route("/api/files/save", app.save, methods=["POST"]),
        Route("/api/files/new", app.new_file, methods=["POST"]),
        Route("/api/author/check", app.check, methods=["POST"]),
        *feature.routes(app),  # a feature on the board: owners, points now
        *tile_editor.routes(app),  # the tile editor beside the rule editor
        *table_routes.routes(app),  # table mode: a game played at a real table
        Mount("/static", StaticFiles(directory=static), name="static"),
    ]
    starlette = Starlette(routes=routes, exception_handlers={
        ApiError: api_error, HTTPException: http_error, Exception: internal_error})
    starlette.state.app = app
    return Guard(starlette, hosts=app.settings.hosts, seconds=app.settings.body_seconds)
