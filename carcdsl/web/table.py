"""Table mode: a game played on a real table, entered turn by turn as it is played.

The draw is the people's, not a seeded pile's: the state is the one a record without a seed
replays (``State(..., seed=None, replaying=True)``), where every move names its tile. For
each turn the page names the tile drawn from those left (``left``: the supply's tiles that
may come next, with their counts); the server draws it on a copy of the state
(``State.draw``, the chance step decided by the caller) and lists that copy's legal moves
(``turns.choices``), so the page offers exactly what the engine lists: squares, rotations,
figures, and any decision a rule asks for (a capture, a wagon going on, a ransom), never
decided from the rule set's names. A move is played on a copy, which becomes the game only
when the engine took it: a refused move (a tile not left, a square where it does not fit)
changes nothing and is said with the engine's own reason (``IllegalMoveError``).

The record of such a game (``formats.record.record_of``) has no seed and names each move's
tile: ``carcdsl replay`` draws the tiles it names, as this module did, and scores the same.

The score track (``track``): each player's score after every move, from the scorings the
engine made, and after the final scoring; drawn as an inline SVG plot (``track_svg``).

A table game is stored (``web.store``, mode ``table``, no seed) as what the people entered, in
order: each entry a tile and its move (``{"tile": T, "move": M}``; a discard's move is
``{"discard": T}``; an open turn's tile is None) or the end (``{"end": true}``), committed
before the page is answered. ``rebuild`` enters them again, through the same ``play`` and
``end``, so that the game comes back exactly as it was, a decision still to be made included.
"""

from __future__ import annotations

import secrets
import threading
import time
from html import escape
from typing import Any

import attrs

from carcdsl.engine.game import Game
from carcdsl.engine.moves import Discard, Placement
from carcdsl.engine.state import State
from carcdsl.errors import IllegalMoveError
from carcdsl.geometry.squares import to_xy
from carcdsl.i18n.words import Words
from carcdsl.view.paint import SEAT_COLOURS
from carcdsl.web import turns
from carcdsl.web.scene import TileLook, board_scene, tile_svg
from carcdsl.web.store import StoredGame
from carcdsl.web.views import state_view

MAX_TABLES = 64
MAX_ECHO = 40
"""The most characters of an unknown tile's name a refusal repeats."""


@attrs.define(eq=False)
class TableGame:
    """A table game: its rules, its state (seedless, the draws named by the people)."""

    id: str
    game: Game
    state: State
    lock: threading.Lock = attrs.field(factory=threading.Lock)
    entries: list[dict[str, Any]] = attrs.field(factory=list)
    """What the people entered, as the store has it (the module's words)."""
    owner: str = ""
    """The token of the browser that started the game: only it enters moves or ends it
    ("": a game stored before table games had owners, which no one may change)."""


def new_table(game: Game, names: list[str], gid: str | None = None) -> TableGame:
    """A table game for ``names`` in turn order: no draw-off, no shuffle (the people draw);
    a new one (no ``gid``) gets its owner's token."""
    game.check_players(len(names))
    state = State(game, tuple(names), None, replaying=True)
    owner = "" if gid else secrets.token_urlsafe(18)
    return TableGame(gid or secrets.token_urlsafe(18), game, state, owner=owner)


def owned(found: TableGame, token: str | None) -> bool:
    """Whether ``token`` is the game's owner's (compared in constant time)."""
    return bool(found.owner) and token is not None \
        and secrets.compare_digest(token.encode(), found.owner.encode())


def enter(state: State, entry: dict[str, Any]) -> State:
    """The state after one entry (a tile and its move, or the end); ``state`` unchanged."""
    if entry.get("end") is True:
        return end(state)
    return play(state, entry.get("tile"), entry.get("move"))


def stored(found: TableGame, rules: str, variants: list[str], title: str) -> StoredGame:
    """What the store keeps of a new table game (``rules`` and ``variants`` as the page named
    them): the players in turn order, no seed, no seat tokens, no bots; its owner's token."""
    names, now = list(found.state.players), time.time()
    n = len(names)
    return StoredGame(found.id, rules, list(variants), {}, None, names, ["human"] * n,
                      list(range(n)), [None] * n, [False] * n, None, found.owner, title,
                      list(found.entries), found.state.finished, now, now, mode="table")


def rebuild(saved: StoredGame, game: Game) -> TableGame:
    """A stored table game entered again, entry by entry, as it was played (every entry
    checked by the engine again: an entry refused now raises its IllegalMoveError)."""
    found = new_table(game, list(saved.players), saved.id)
    found.owner = saved.owner
    for entry in saved.moves:
        found.state = enter(found.state, entry)
    found.entries = list(saved.moves)
    return found


def left(state: State) -> list[dict[str, Any]]:
    """The tiles that may be drawn now (the supply's next draw group), in rule-file order,
    each with its count and its picture."""
    tb = state.tables
    look = TileLook(tb)
    counts = _left_counts(state) if not state.finished else {}
    return [{"tile": tb.type_names[t], "count": n, "picture": tile_svg(tb, 4 * t, look)}
            for t, n in sorted(counts.items())]


def _left_counts(state: State) -> dict[int, int]:
    """Tile type -> copies a player may have drawn now: those the next draw may bring, with
    hands every tile still in play (nobody told the app who holds what), and the copies a
    rule hid unseen (``hide N tiles``: any of them may still be in the real stack)."""
    supply = state.supply
    counts = dict(supply.chances())
    if supply.hands is not None:
        counts = {}
        for t in [*supply.pile, *(t for hand in supply.hands for t in hand)]:
            counts[t] = counts.get(t, 0) + 1
    for t in supply.hidden:
        if supply.may_be_hidden(t) and supply.drawable(t):
            counts[t] = counts.get(t, 0) + 1
    return counts


def drawn(state: State, tile: object) -> State:
    """A copy of ``state`` in which ``tile`` is the tile drawn; IllegalMoveError when no
    such tile is left to draw (the engine's reason)."""
    if not isinstance(tile, str) or not tile:
        raise turns.BadMove("")
    if state.finished:
        raise IllegalMoveError("game-over")
    t = state.tables.type_index(tile)
    if t is None:
        raise IllegalMoveError("unknown-tile", tile=echoed(tile))
    supply = state.supply
    if supply.hands is not None:  # hands not known: the mover is taken to hold it
        if not supply.in_play(t):
            raise IllegalMoveError("supply", "in-play", tile=tile)
        trial = state.clone()
        trial.supply.hold(trial.current, t)
        return trial
    if t not in supply.pile and not supply.may_be_hidden(t):
        raise IllegalMoveError("supply", "tile", tile=tile)  # (a tile owned is not drawn)
    trial = state.clone()
    trial.draw(tile)  # the engine's check: a later group's tile (the river first) waits
    return trial


def echoed(name: str, most: int = MAX_ECHO) -> str:
    """``name`` as a message repeats it: its first ``most`` characters, then "…"."""
    return name if len(name) <= most else name[:most] + "…"


def open_turn(state: State) -> bool:
    """Whether the turn is offered without a tile drawn: a decision is pending, or the pile
    is empty and a player still has a last turn (a tile they own)."""
    return not state.finished and (state.pending or not state.supply.pile)


def tile_turn(state: State, tile: str, words: Words) -> dict[str, Any]:
    """What the mover may do with ``tile`` drawn: the legal moves (``turns.choices``) and the
    tile's picture in every rotation; ``discard`` when it fits nowhere."""
    trial = drawn(state, tile)
    discard = must_discard(state, tile)
    found = turns.choices(trial, words)
    found["choices"] = [c for c in found["choices"]  # with hands: the tile named, or none
                        if c["tile"] in (None, tile) or state.supply.hands is None
                        if not (discard and c["tile"] == tile)]
    tb = state.tables
    t = tb.type_index(tile)
    assert t is not None  # drawn checked it
    look = TileLook(tb)
    pictures = {str(90 * r): tile_svg(tb, 4 * t + r, look) for r in range(4)}
    found["tiles"] = {**found["tiles"], tile: pictures}
    return {"tile": tile, **found, "discard": discard}


def must_discard(state: State, tile: str) -> bool:
    """Whether the engine takes a discard of ``tile`` drawn now: it fits nowhere, or a rule
    holds it back (``hold back K until F``), which a live game would discard by itself."""
    try:
        state.clone().play(Discard(tile))
    except IllegalMoveError:
        return False
    return True


class DrawNeeded(Exception):
    """A move draws from a bag (``draw BAG``) and does not say what came out: at a real
    table the players say it. ``options``: the tokens the bag may give now, with counts."""

    def __init__(self, bag: str, options: list[dict[str, Any]]):
        super().__init__(bag)
        self.bag, self.options = bag, options


def _bag_contents(state: State, bag: str) -> list[dict[str, Any]]:
    modes = state.tables.modes
    b = modes.bags.index(bag)
    return [{"token": kind.name, "count": state.tokens.supply[i]}
            for i, kind in enumerate(modes.tokens)
            if kind.bag == b and state.tokens.supply[i] > 0]


def play(state: State, tile: str | None, data: object) -> State:
    """The state after the mover's move ``data`` (a choice's move, a decision, or ``{"discard":
    TILE}``) with ``tile`` drawn (None: an open turn, nothing to draw); the engine refuses
    what the rules forbid, and ``state`` is left as it was."""
    if isinstance(data, dict) and "discard" in data:
        if tile is None or data != {"discard": tile}:
            raise turns.BadMove("")
        if state.pending:
            raise IllegalMoveError("decision", "pending")
        trial = state.clone()
        trial.play(Discard(tile))
        return trial
    move = turns.read_move(data)
    if tile is None:
        if not open_turn(state):
            raise turns.NotOffered("decision")
        trial = state.clone()
    else:
        trial = drawn(state, tile)
        if (isinstance(move, Placement) and move.tile != tile  # another only as offered
                and (state.supply.hands is not None or turns.find(trial, move) is None)):
            raise turns.BadMove("")
    if (isinstance(move, Placement) and tile is not None and move.tile is not None
            and must_discard(state, move.tile)):
        trial.play(move)  # the engine's own check says why not (raises)
    try:
        turns.play(trial, move)
    except IllegalMoveError as exc:
        if exc.rule == "drawn" and exc.form == "unknown":
            bag = str(exc.details["bag"])
            raise DrawNeeded(bag, _bag_contents(trial, bag)) from None
        raise
    return trial


def end(state: State) -> State:
    """The game ended by the players with tiles left: final scoring now."""
    if state.finished:
        raise IllegalMoveError("game-over")
    if state.pending:
        raise IllegalMoveError("decision", "pending")
    trial = state.clone()
    trial.finish()
    return trial


def track(state: State) -> list[dict[str, Any]]:
    """The score track: the scores before the first move, after each move (the scorings it
    caused during play), and after the final scoring when the game is over."""
    n = len(state.players)
    gained: dict[int, list[int]] = {}
    final = [0] * n
    for event in state.events:
        if event.when == "final":
            final[event.seat] += event.points
        else:
            gained.setdefault(event.move, [0] * n)[event.seat] += event.points
    scores = [0] * n
    rows: list[dict[str, Any]] = [{"move": None, "player": None, "scores": scores[:]}]
    for i, seat in enumerate(state.move_seats):
        scores = [a + b for a, b in zip(scores, gained.get(i, [0] * n))]
        rows.append({"move": i, "player": state.players[seat], "scores": scores[:]})
    if state.finished:
        rows.append({"move": "final", "player": None,
                     "scores": [a + b for a, b in zip(scores, final)]})
    return rows


def track_svg(rows: list[dict[str, Any]], players: tuple[str, ...], label: str) -> str:
    """The score track as an inline SVG plot: a line per player (the seat's colour), the
    move along x, the score up y; ``label`` names the picture."""
    width, height, pad = 360, 180, 28
    values = [s for row in rows for s in row["scores"]]
    low, high = min(0, *values), max(1, *values)
    steps = max(1, len(rows) - 1)

    def point(i: int, v: int) -> str:
        x = pad + (width - 2 * pad) * i / steps
        y = height - pad - (height - 2 * pad) * (v - low) / (high - low)
        return f"{x:.1f},{y:.1f}"

    body = [f'<svg xmlns="http://www.w3.org/2000/svg" class="track-plot" role="img" '
            f'viewBox="0 0 {width} {height}" width="{width}" height="{height}">',
            f"<title>{escape(label)}</title>",
            f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" '
            'stroke="#999"/>',
            f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="#999"/>',
            f'<text x="{pad - 4}" y="{pad + 4}" text-anchor="end" font-size="10">{high}</text>',
            f'<text x="{pad - 4}" y="{height - pad}" text-anchor="end" '
            f'font-size="10">{low}</text>']
    for seat, name in enumerate(players):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        line = " ".join(point(i, row["scores"][seat]) for i, row in enumerate(rows))
        body.append(f'<polyline class="track-line" data-seat="{seat}" fill="none" '
                    f'stroke="{colour}" stroke-width="2" points="{line}">'
                    f"<title>{escape(name)}</title></polyline>")
    body.append("</svg>")
    return "".join(body)


def table_json(table: TableGame, words: Words, label: str) -> dict[str, Any]:
    """Everything the table page shows: the state as the play page has it, the board, the
    tiles left, whether the turn is open (offered without a tile: its choices), the score
    track and its plot."""
    state = table.state
    rows = track(state)
    fitting = [list(to_xy(k)) for k in state.grid.fitting] if not state.finished else []
    return {
        "id": table.id, "rules": table.game.source, "variants": list(table.game.variant_refs),
        "state": state_view(state, words), "board": board_scene(state, words=words),
        "left": left(state), "tiles_left": len(state.supply.left()),
        "open": turns.choices(state, words) if open_turn(state) else None,
        "squares": fitting, "track": rows,
        "plot": track_svg(rows, state.players, label),
    }
