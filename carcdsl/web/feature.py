"""A feature on the board, as the Play page shows it when the pointer rests on it: whose it
is (the figures standing on it, per player) and what it would score now, worked out by the
engine itself on a copy of the game: a complete feature by its ``complete`` program, an
open one by the final scoring it would get if the game ended now (``scoring.score``, after
the ``on final`` rules for it, as ``scoring.finish`` runs them).

``GET /api/games/{id}/feature?x=X&y=Y&segment=I``: segment I of the tile on square (X, Y),
as the board's picture numbers them (``data-segment`` inside ``data-square``).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from carcdsl.compile.expr import TILES, evaluate
from carcdsl.compile.tables import CENTRE
from carcdsl.engine.effects import fire_final
from carcdsl.engine.measure import measure_on
from carcdsl.engine.scoring import score
from carcdsl.engine.state import State
from carcdsl.geometry.squares import to_key, to_xy
from carcdsl.i18n.words import Words
from carcdsl.web.guard import ApiError
from carcdsl.web.words import say

COORD_MOST = 10_000
"""A square's coordinates lie within ±this (a board is never near it)."""
SEGMENT_MOST = 64


class NoFeature(Exception):
    """No placed tile on that square, or no such segment on it."""


def feature_view(state: State, x: int, y: int, segment: int, words: Words) -> dict[str, Any]:
    """Segment ``segment`` of the tile on (x, y): its feature's kind (the rule set's name and
    the user's word), tiles, whether it is complete, its owners (figures per player) and the
    points each player would get if it scored now; ``worth`` is what it measures for nobody
    in particular (None when its program counts per scorer), ``lines`` says it all."""
    tb, features = state.tables, state.features
    placed = state.grid.tiles.get(to_key(x, y))
    if placed is None or not 0 <= segment < len(tb.segments[placed[0]]):
        raise NoFeature
    root = features.root[placed[1] + segment]
    kind = tb.kinds[features.kind[root]]
    if kind.geometry == CENTRE:
        complete = state.grid.surrounded(tb, features.node_key[root])
    else:
        complete = kind.complete is not None and features.open_ends[root] == 0
    when = "complete" if complete and kind.complete is not None else "final"
    program = kind.complete if when == "complete" else kind.final
    owners = _owners(state, root, words)
    points = _points_now(state, root, when) if owners else {}
    worth = None
    if program is not None and not kind.per_scorer[when == "final"]:
        worth = evaluate(program, measure_on(state, root))[0]
    view = {"kind": kind.name, "word": words.word(kind.name),
            "tiles": measure_on(state, root)(TILES, None), "complete": complete,
            "when": when, "square": list(to_xy(min(features.tiles_of(root)))),
            "owners": [{**o, "points": points.get(o["seat"], 0)} for o in owners],
            "points": [{"seat": s, "player": state.players[s], "points": n}
                       for s, n in sorted(points.items())],
            "worth": worth}
    view["lines"] = _lines(view, words)
    return view


def _owners(state: State, root: int, words: Words) -> list[dict[str, Any]]:
    """Per player with a figure on the feature: how many, and of which kinds (in words)."""
    features, figures = state.features, state.tables.modes.figures
    counts: dict[int, dict[str, int]] = {}
    for seat, node, _key, figure in features.pieces:
        if features.root[node] == root:
            name = figures[figure - 1].name if figure else words.follower
            mine = counts.setdefault(seat, {})
            mine[name] = mine.get(name, 0) + 1
    return [{"seat": seat, "player": state.players[seat], "figures": sum(by.values()),
             "by": [{"name": name, "n": n, "word": words.word(name, n)}
                    for name, n in by.items()]}
            for seat, by in sorted(counts.items())]


def _points_now(state: State, root: int, when: str) -> dict[int, int]:
    """Per seat, the points the feature of ``root`` would give if it scored now, ``when``
    ``complete`` or ``final``: the engine's own scoring, on a copy."""
    trial = state.clone()
    index = max(len(trial.moves) - 1, 0)
    before = len(trial.events)
    if when == "final" and trial.tables.modes.on_final:
        fire_final(trial, root, index)
    score(trial, trial.features.root[root], when, index)
    got: dict[int, int] = {}
    for event in trial.events[before:]:
        got[event.seat] = got.get(event.seat, 0) + event.points
    return got


def _lines(view: dict[str, Any], words: Words) -> list[str]:
    """The tooltip's lines in the user's language."""
    lang = words.lang
    state = say(lang, "feature-complete" if view["complete"] else "feature-open")
    one = "-one" if view["tiles"] == 1 else ""
    lines = [say(lang, "feature-head" + one, kind=view["word"], n=view["tiles"], state=state)]
    for owner in view["owners"]:
        figures = ", ".join(f"{b['n']} {b['word']}" for b in owner["by"])
        lines.append(say(lang, "feature-owner", player=owner["player"], figures=figures))
    if not view["owners"]:
        lines.append(say(lang, "feature-nobody"))
        if view["worth"] is not None:
            one = "-one" if view["worth"] == 1 else ""
            lines.append(say(lang, f"feature-worth-{view['when']}{one}", n=view["worth"]))
        return lines
    scored = ", ".join(say(lang, "feature-points", player=p["player"], n=p["points"])
                       for p in view["points"] if p["points"])
    key = f"feature-scores-{view['when']}"
    lines.append(say(lang, key, points=scored or say(lang, "feature-no-points")))
    return lines


def _int_param(request: Request, name: str, least: int, most: int, lang: str) -> int:
    text = request.query_params.get(name, "")
    try:
        value = int(text) if len(text) <= 12 else None
    except ValueError:
        value = None
    if value is None or not least <= value <= most:
        raise ApiError(400, say(lang, "err-feature-param", name=name, least=least, most=most),
                       name)
    return value


def routes(app: Any) -> list[Route]:
    """The feature's API beside the game's (``app``: the app's ``App``)."""
    async def feature_route(request: Request) -> Response:
        lang = app.lang(request)
        live = await app.find_live(request, lang)  # in a worker thread, as every game route
        x = _int_param(request, "x", -COORD_MOST, COORD_MOST, lang)
        y = _int_param(request, "y", -COORD_MOST, COORD_MOST, lang)
        segment = _int_param(request, "segment", 0, SEGMENT_MOST, lang)
        words = Words(live.game.rules, lang)

        def run() -> dict[str, Any]:
            with live.lock:
                try:
                    return feature_view(live.state, x, y, segment, words)
                except NoFeature:
                    raise ApiError(404, say(lang, "err-no-feature", x=x, y=y,
                                            segment=segment), "segment") from None
        return JSONResponse(await app.work(lang, run))
    return [Route("/api/games/{id:str}/feature", feature_route)]
