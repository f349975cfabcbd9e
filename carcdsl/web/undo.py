"""Taking a confirmed move back. A person takes back their own last move that stands, and
every move after it (the bots' answers, and a person's): against bots at once; when another
person's seat would lose a move or their turn, once that person agrees (every other person's
seat held by another token). The game is rebuilt from the moves before it (the same tile
comes back), the store keeps the undo in its history, and the record holds only the moves
that stand. A request waiting for consent is dropped by any move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from carcdsl.engine.state import State
from carcdsl.formats.record import FORMAT, parse_record
from carcdsl.web import sessions
from carcdsl.web.guard import ApiError, read_json
from carcdsl.web.sessions import LiveGame
from carcdsl.web.together import token_of
from carcdsl.web.words import say, ui_words

if TYPE_CHECKING:
    from carcdsl.web.app import App


def movers(live: LiveGame) -> list[int]:
    """The seat that made each standing move (the game replayed, the seat to move before
    each)."""
    data = {"format": FORMAT, "rules": live.game.source, "variants": list(live.game.variant_refs),
            "players": list(live.state.players), "seed": live.seed, "moves": live.saved}
    record = parse_record(data, f"game {live.id}")
    state = State(live.game, tuple(record.players), record.seed, replaying=True)
    out = []
    for move in record.moves:
        out.append(state.current)
        state.play(move)
    return out


def back_to(live: LiveGame, seats: list[int]) -> tuple[int, int] | None:
    """The index of the last standing move made by one of ``seats``, and its seat (None:
    none)."""
    found = [(i, seat) for i, seat in enumerate(movers(live)) if seat in seats]
    return found[-1] if found else None


def others(live: LiveGame, token: str) -> set[int]:
    """The people's seats held by another token than ``token``: who must agree."""
    return {i for i, held in enumerate(live.tokens) if held is not None and held != token}


def undo_json(app: App, live: LiveGame, token: str | None) -> dict[str, Any] | None:
    """What the page shows of an undo asked (kept in the store: ``{"by": seat, "to": move,
    "waiting": [seats]}``): who asked, back to which move, whether this browser is asked to
    agree."""
    asked = app.store.asked(live.id)
    if asked is None:
        return None
    mine = set(live.seat_of(token))
    return {"by": asked["by"], "name": live.state.players[asked["by"]], "to": asked["to"],
            "yours_to_answer": bool(mine & set(asked["waiting"])),
            "asked_by_you": asked["by"] in mine}


def take_back(app: App, live: LiveGame, to: int, lang: str) -> None:
    """The game as it was before move ``to``, stored (the undo in the history)."""
    found = app.store.get(live.id)
    assert found is not None
    again = sessions.rebuild(attrs.evolve(found, moves=found.moves[:to], finished=False),
                             live.game)
    live.state, live.bots = again.state, again.bots
    app.store_changes(live, lang)  # drops the request too


async def ask(app: App, request: Request) -> Response:
    """``POST /api/games/ID/undo`` (``turn``: the move the page saw): taken back at once
    when no other person is concerned, else asked of them (202)."""
    lang = app.lang(request)
    live = await app.find_live(request, lang)
    data = await read_json(request, ui_words(lang))
    token = token_of(request, data)

    def run() -> tuple[int, dict[str, Any]]:
        with live.lock:
            mine = live.seat_of(token)
            if not mine:
                raise ApiError(403, say(lang, "err-undo-no-seat"), "token")
            if live.state.finished:
                raise ApiError(409, say(lang, "err-game-over"), "turn")
            if data.get("turn") != len(live.state.moves):
                raise ApiError(409, say(lang, "err-stale", turn=len(live.state.moves)), "turn")
            if live.state.pending:
                raise ApiError(409, say(lang, "err-undo-none"), "turn")
            found = back_to(live, mine)
            if found is None:
                raise ApiError(409, say(lang, "err-undo-none"), "turn")
            to, seat = found
            assert token is not None
            waiting = others(live, token)
            if waiting:
                app.store.set_asked(live.id, {"by": seat, "to": to, "waiting": sorted(waiting)})
                live.version += 1
                return 202, app.game_json(live, lang, token=token)
            take_back(app, live, to, lang)
            return 200, app.game_json(live, lang, token=token)
    status, answer = await app.work(lang, run)
    app.hub.publish(live.id, live.version)
    return JSONResponse(answer, status_code=status)


async def answer(app: App, request: Request) -> Response:
    """``POST /api/games/ID/undo/answer`` (``yes``: true or false), by a person asked: the
    move is taken back once every one asked agreed; one no drops the request."""
    lang = app.lang(request)
    live = await app.find_live(request, lang)
    data = await read_json(request, ui_words(lang))
    token = token_of(request, data)

    def run() -> dict[str, Any]:
        with live.lock:
            asked = app.store.asked(live.id)
            if asked is None:
                raise ApiError(409, say(lang, "err-undo-not-asked"), "undo")
            waiting = set(asked["waiting"])
            mine = set(live.seat_of(token)) & waiting
            if not mine:
                raise ApiError(403, say(lang, "err-undo-not-yours"), "token")
            if data.get("yes") is not True:
                app.store.set_asked(live.id, None)
            elif waiting - mine:
                app.store.set_asked(live.id, {**asked, "waiting": sorted(waiting - mine)})
            else:
                take_back(app, live, asked["to"], lang)
            live.version += 1
            return app.game_json(live, lang, token=token)
    result = await app.work(lang, run)
    app.hub.publish(live.id, live.version)
    return JSONResponse(result)


def routes(app: App) -> list[Route]:
    async def ask_route(request: Request) -> Response:
        return await ask(app, request)

    async def answer_route(request: Request) -> Response:
        return await answer(app, request)
    return [Route("/api/games/{id:str}/undo", ask_route, methods=["POST"]),
            Route("/api/games/{id:str}/undo/answer", answer_route, methods=["POST"])]
