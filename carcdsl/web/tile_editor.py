"""The tile editor's side on the server: the language of the rule set being edited (its kinds,
their geometries, ports, attributes and where paths end), a tile the page built written as a
tile line and put into the rule file's text, and that tile drawn as the tile sheet draws it.

Nothing here knows a kind by its name: the kinds, landmarks and attributes are the edited rule
set's; which ports a segment takes follows from its kind's geometry (``geometry.ports``).

The routes (``routes``) are their own: no other page calls this module.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol, TypeVar

import attrs
from lark import Tree
from lark.exceptions import UnexpectedInput
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from carcdsl.check.checker import check
from carcdsl.compile.tables import GEOMETRY_CODE
from carcdsl.engine.game import Game
from carcdsl.errors import RuleError
from carcdsl.geometry.ports import HALF_SIDES, RING, SIDES
from carcdsl.i18n.words import Words
from carcdsl.lang.parser import parse_text
from carcdsl.lang.sources import unsaved_texts
from carcdsl.lang.syntax import grammar
from carcdsl.model.rules import Game as GameBlock
from carcdsl.model.rules import RuleSet
from carcdsl.model.tiles import FeatureKind, Tile
from carcdsl.pipeline import compose
from carcdsl.view.paint import kind_colour
from carcdsl.view.svg import tile_sheet
from carcdsl.web.files import Folders
from carcdsl.web.guard import ApiError, read_json
from carcdsl.web.words import say, ui_words

T = TypeVar("T")


class App(Protocol):
    """What the routes use of the app (``app.App``)."""

    folders: Folders

    def lang(self, request: Request) -> str: ...

    async def work(self, lang: str, fn: Callable[..., T], *args: Any) -> T: ...


PORTS: dict[str, tuple[str, ...]] = {"area": SIDES, "path": SIDES, "field": HALF_SIDES,
                                     "centre": ()}
"""The ports a segment of each geometry names: whole sides for areas and paths, half-sides
for fields, none for a centre."""
_NAME = re.compile(r"[^\W\d]\w*(?:-\w+)*")
MAX_NAME = 64
MAX_SEGMENTS = 32
MAX_AMOUNT = 999
_SAFE_FILE = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,63}\.carc")


@attrs.frozen
class SegmentSpec:
    """A segment as the page built it."""

    kind: str
    ports: tuple[str, ...] = ()
    ends: str | None = None
    pennants: int = 0
    attributes: tuple[tuple[str, int], ...] = ()
    touches: tuple[str, ...] = ()


@attrs.frozen
class TileSpec:
    """A tile as the page built it: its name, count and segments."""

    name: str
    count: int
    segments: tuple[SegmentSpec, ...]


class BadTile(ValueError):
    """The page sent no tile: ``where`` is the JSON path of what is wrong."""

    def __init__(self, where: str):
        super().__init__(where)
        self.where = where


# --- reading the page's tile ----------------------------------------------------------------
def _name(value: object, where: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_NAME or not _NAME.fullmatch(value):
        raise BadTile(where)
    return value


def _amount(value: object, where: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= MAX_AMOUNT:
        raise BadTile(where)
    return value


def _names(value: object, where: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > len(RING):
        raise BadTile(where)
    for i, item in enumerate(value):
        if item not in allowed:
            raise BadTile(f"{where}[{i}]")
    if len(set(value)) != len(value):
        raise BadTile(where)
    return tuple(value)


def read_segment(data: object, where: str) -> SegmentSpec:
    if not isinstance(data, dict):
        raise BadTile(where)
    attributes = data.get("attributes") or {}
    if not isinstance(attributes, dict) or len(attributes) > 16:
        raise BadTile(f"{where}.attributes")
    ends = data.get("ends")
    return SegmentSpec(
        kind=_name(data.get("kind"), f"{where}.kind"),
        ports=_names(data.get("ports", []), f"{where}.ports", RING),
        ends=None if ends is None else _name(ends, f"{where}.ends"),
        pennants=_amount(data.get("pennants", 0), f"{where}.pennants"),
        attributes=tuple((_name(k, f"{where}.attributes"),
                          _amount(v, f"{where}.attributes.{k}", 1))
                         for k, v in attributes.items() if v),
        touches=_names(data.get("touches", []), f"{where}.touches", SIDES))


def read_tile(data: object) -> TileSpec:
    """The page's tile (``{"name", "count", "segments": [...]}``), every field checked;
    BadTile says where it is wrong."""
    if not isinstance(data, dict):
        raise BadTile("tile")
    segments = data.get("segments")
    if not isinstance(segments, list) or not 1 <= len(segments) <= MAX_SEGMENTS:
        raise BadTile("tile.segments")
    return TileSpec(_name(data.get("name"), "tile.name"),
                    _amount(data.get("count"), "tile.count"),
                    tuple(read_segment(s, f"tile.segments[{i}]")
                          for i, s in enumerate(segments)))


# --- the tile line ---------------------------------------------------------------------------
def _in_ring_order(ports: tuple[str, ...]) -> list[str]:
    """Sides from N clockwise, then half-sides from NNE clockwise (``N+E+W``, ``ENE+WNW``)."""
    order = {p: i for i, p in enumerate(SIDES + HALF_SIDES[1:] + HALF_SIDES[:1])}
    return sorted(ports, key=order.__getitem__)


def segment_text(seg: SegmentSpec, geometry: str | None) -> str:
    """``KIND PORTS [pennant | pennants N] [ATTRIBUTE [N] ...] [-> END] [touches PORTS]``; a
    path through two sides is written ``W-E`` as the tile table writes it."""
    words = [seg.kind]
    if seg.ports:
        joint = "-" if geometry == "path" and len(seg.ports) == 2 else "+"
        words.append(joint.join(_in_ring_order(seg.ports)))
    if seg.pennants:
        words.append("pennant" if seg.pennants == 1 else f"pennants {seg.pennants}")
    for name, amount in seg.attributes:
        words.append(name if amount == 1 else f"{name} {amount}")
    if seg.ends:
        words.append(f"-> {seg.ends}")
    if seg.touches:
        words.append("touches " + "+".join(_in_ring_order(seg.touches)))
    return " ".join(words)


def tile_line(tile: TileSpec, geometries: dict[str, str]) -> str:
    """The tile line, as ``carcdsl fmt`` lays out a lone one: ``tile L  3  city N; ...``."""
    segments = "; ".join(segment_text(s, geometries.get(s.kind)) for s in tile.segments)
    return f"tile {tile.name}  {tile.count}  {segments}"


def place_line(text: str, line: str, name: str, was: str | None) -> tuple[str, int]:
    """``text`` with ``line`` in place of the tile line of ``was`` (or else of ``name``),
    or after the last tile line, or at the end: (the new text, the line's number). An
    ``override tile`` stays one. Raises RuleError when ``text`` does not parse."""
    try:
        tree = grammar().parse(text)
    except UnexpectedInput:
        parse_text(text)  # raises RuleError with every syntax error, as the checker says them
        raise RuleError("syntax error", ()) from None
    found = {}
    last_end = None
    for node in tree.children:
        if not isinstance(node, Tree) or node.data not in ("tile_decl", "override_tile"):
            continue
        decl = node if node.data == "tile_decl" else node.children[0]
        if isinstance(decl, Tree):
            found[str(decl.children[0])] = node
        last_end = node.meta.end_pos
    target = found.get(was or "") or found.get(name)
    if target is not None:  # in its place: a comment after it stays after it
        start, end = target.meta.start_pos, target.meta.end_pos
        if target.data == "override_tile":
            line = "override " + line
        text = text[:start] + line + text[end:]
    else:  # on a line of its own after the last tile line (and its comment), or at the end
        after = text.find("\n", last_end) if last_end is not None else -1
        start = after + 1 if after >= 0 else len(text)
        lead = "" if start == 0 or text[start - 1] == "\n" else "\n"
        text = text[:start] + lead + line + "\n" + text[start:]
        start += len(lead)
    return text, text.count("\n", 0, start) + 1


# --- the rule set being edited ---------------------------------------------------------------
@contextmanager
def composed(text: str, folders: Folders, ref: str | None, name: str,
             ) -> Iterator[tuple[RuleSet | None, list]]:
    """The rule set ``text`` makes, composed as the editor's check composes it: as the
    served file ``ref``, or as a file of its own in a private folder."""
    if ref is not None:
        path = folders.path_of(ref)
        with unsaved_texts({path: text}):
            rules, found, _ = compose(path, allow=folders.readable)
        yield rules, found
        return
    safe = name if _SAFE_FILE.fullmatch(name) else "scratch.carc"
    with tempfile.TemporaryDirectory(prefix="carcdsl-tiles-") as folder:
        path = Path(folder) / safe
        path.write_text(text, encoding="utf-8")
        rules, found, _ = compose(path, allow=folders.readable)
        yield rules, found


def kind_json(kind: FeatureKind) -> dict[str, Any]:
    return {"name": kind.name, "geometry": kind.geometry, "ports": list(PORTS[kind.geometry]),
            "pennants": kind.pennants, "ends": list(kind.terminals),
            "attributes": [{"name": n, "merge": m} for n, m in kind.attributes],
            "colour": kind.colour or kind_colour(kind.name, GEOMETRY_CODE[kind.geometry])}


def tile_json(tile: Tile, field_kinds: frozenset[str]) -> dict[str, Any]:
    """A tile as the page edits it: derived fields left out (they are derived again)."""
    segments = [s for s in tile.segments
                if not (tile.fields_derived and s.kind in field_kinds)]
    return {"name": tile.name, "count": tile.count, "segments": [
        {"kind": s.kind, "ports": list(s.ports), "ends": s.ends[0] if s.ends else None,
         "pennants": s.pennants, "attributes": dict(s.attributes), "touches": list(s.touches)}
        for s in segments]}


def language(rules: RuleSet) -> dict[str, Any]:
    """What the page builds tiles from: the kinds, the landmarks, the ring of ports and the
    tiles already written."""
    fields = frozenset(k.name for k in rules.kinds if k.geometry == "field")
    return {"name": rules.name, "kinds": [kind_json(k) for k in rules.kinds],
            "landmarks": list(rules.landmarks), "ring": list(RING),
            "tiles": [tile_json(t, fields) for t in rules.tiles]}


def picture(rules: RuleSet, name: str, words: Words) -> tuple[str | None, list[str]]:
    """Tile ``name`` of ``rules`` drawn alone, as the tile sheet draws it: (the SVG, or None
    and the checker's errors about it). The tile is checked and compiled with the rule set's
    kinds and landmarks and nothing else, so that a problem elsewhere in the file does not
    hide it."""
    tile = next((t for t in reversed(rules.tiles) if t.name == name), None)
    if tile is None:
        return None, []
    kinds = tuple(attrs.evolve(k, complete=None, final=None, complete_extra=(),
                               final_extra=(), ties="") for k in rules.kinds)
    alone = RuleSet(name=rules.name, game=GameBlock(start=tile.name, players=(1, 5)),
                    kinds=kinds, tiles=(tile,), landmarks=rules.landmarks)
    errors = [d for d in check(alone) if d.is_error]
    if errors:
        return None, [words.diagnostic(d) for d in errors[:20]]
    return tile_sheet(Game.from_rules(alone).tables, "", columns=1), []


# --- the routes ------------------------------------------------------------------------------
def _buffer(data: dict[str, Any], lang: str) -> tuple[str, str | None, str]:
    text, ref, name = data.get("text"), data.get("ref"), data.get("name")
    if not isinstance(text, str):
        raise ApiError(400, say(lang, "err-text"), "text")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ApiError(400, say(lang, "err-text"), "text") from None
    return (text, ref if isinstance(ref, str) else None,
            name if isinstance(name, str) else "scratch.carc")


def _no_rules(lang: str, found: list, words: Words) -> ApiError:
    errors = [d for d in found if d.is_error]
    first = words.diagnostic(errors[0]) if errors else "syntax error"
    return ApiError(422, say(lang, "err-tile-rules", first=first), "text")


async def tile_language(app: App, request: Request) -> Response:
    lang = app.lang(request)
    text, ref, name = _buffer(await read_json(request, ui_words(lang)), lang)
    words = Words(None, lang)

    def run() -> dict[str, Any]:
        with composed(text, app.folders, ref, name) as (rules, found):
            if rules is None or any(d.is_error for d in found):
                raise _no_rules(lang, found, words)
            return language(rules)
    return JSONResponse(await app.work(lang, run))


async def tile(app: App, request: Request) -> Response:
    lang = app.lang(request)
    data = await read_json(request, ui_words(lang))
    text, ref, name = _buffer(data, lang)
    try:
        spec = read_tile(data.get("tile"))
    except BadTile as exc:
        raise ApiError(400, say(lang, "err-tile-shape"), exc.where) from None
    was = data.get("was") if isinstance(data.get("was"), str) else None

    def run() -> dict[str, Any]:
        words = Words(None, lang)
        with composed(text, app.folders, ref, name) as (rules, found):
            if rules is None or any(d.is_error for d in found):
                raise _no_rules(lang, found, words)
            geometries = {k.name: k.geometry for k in rules.kinds}
        line = tile_line(spec, geometries)
        try:
            new, number = place_line(text, line, spec.name, was)
        except RuleError as exc:
            raise _no_rules(lang, list(exc.diagnostics), words) from None
        with composed(new, app.folders, ref, name) as (rules, found):
            svg, problems = (picture(rules, spec.name, Words(rules, lang)) if rules
                             else (None, [words.diagnostic(d) for d in found if d.is_error]))
        return {"line": line, "text": new, "at": number, "picture": svg,
                "problems": problems}
    return JSONResponse(await app.work(lang, run))


def routes(app: App) -> list[Route]:
    """The tile editor's API, beside the rule editor's."""
    async def language_route(request: Request) -> Response:
        return await tile_language(app, request)

    async def tile_route(request: Request) -> Response:
        return await tile(app, request)
    return [Route("/api/author/tile-language", language_route, methods=["POST"]),
            Route("/api/author/tile", tile_route, methods=["POST"])]
