"""A person's turn in the browser, driven by the engine's legal moves and nothing else.

``choices`` lists every legal move of the player to move (``State.iter_moves``), each as the
record writes it and with what the page needs to offer it: the square and rotation, where
its figure would stand (on the tile placed, or, taking one back, on the board), and a short
label in the user's words (the part of ``describe_move`` after the placement). A figure
placed elsewhere (on another tile than the one placed) is offered at its own square, and a
move that chooses (``choose grow ... or gather ...``) once per option, labelled with it. A
decision (``engine.decisions``: a capture, a ransom, a walk's step, where a scored figure goes
on) has no tile: it is offered as ``{"decide": option}``, in words, at the square it acts on
where it has one. A move that acts on a figure on the board instead of placing one
(``engine.targets``: sends it home, ``returns``, or puts a neutral figure beside it,
``beside``) is offered at that figure's square. The page groups the placements: tiles, then
squares, then rotations, then what else the move does; which choices a turn has is never
decided from the rule set's names.

``preview`` plays a move on a copy of the state and says what it completes and scores;
``play`` plays a move the page sent, when it is exactly one of the legal moves (else the
engine's own check says why not, leaving the state as it was). A decision or a move acting on
a figure is taken only as offered (else NotOffered, the state as it was).
"""

from __future__ import annotations

from typing import Any

import attrs

from carcdsl.compile.facts import (
    DECIDE,
    ELSEWHERE,
    TARGET,
    split_choice,
    split_elsewhere,
    split_target,
)
from carcdsl.compile.tables import CENTRE
from carcdsl.engine.figures import RECALL, split_spot
from carcdsl.engine.moves import Placement
from carcdsl.engine.owned import KEEP
from carcdsl.engine.parts import CAPTURING, MOVING, NONE, WALKING
from carcdsl.engine.state import State
from carcdsl.errors import IllegalMoveError
from carcdsl.geometry.squares import AROUND, STEP, to_key, to_xy
from carcdsl.i18n.words import Words
from carcdsl.view.describe import describe_decision, describe_event, describe_move
from carcdsl.web.scene import TileLook, spot_anchor, tile_svg

FastMove = tuple[int, int, int, int]


class BadMove(ValueError):
    """A move the page sent that is not even a move (not the shape records give); with no
    reason, its parts are not the kinds of value a move has (a square that is no two whole
    numbers: ``1e400``, which JSON reads as infinity, ``"a"``, ``[0]``)."""


class NotOffered(ValueError):
    """A decision the page sent that the game does not offer now (none pending, or not one
    of its options), or a move acting on a figure that is none of the legal moves (``what``:
    ``decision`` or ``target``)."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


@attrs.frozen
class Decision:
    """A decision the page sent: ``{"decide": option}``, an option of ``iter_moves``' fast
    move ``(DECIDE, 0, 0, option)``."""

    option: int


def _label(move: Placement, words: Words, state: State) -> tuple[str, str]:
    """(the whole sentence, what the move does besides placing the tile: ``meeple on
    city:N``, or ``""``)."""
    rules = state.game.rules
    text = describe_move(move, words, rules)
    bare = describe_move(attrs.evolve(move, follower=None, recall=None, choices=(),
                                      returns=None, beside=None), words, rules)
    if text == bare:
        return text, ""
    return text, text[len(bare) + 2:] if text.startswith(bare + ", ") else text


def choice_json(state: State, fast: FastMove, words: Words) -> dict[str, Any]:
    """One legal move for the page."""
    t, key, r, spot = fast
    if t == DECIDE:
        return decision_json(state, spot, words)
    move = state.to_placement(t, key, r, spot)
    spot, _choice = split_choice(spot)
    text, label = _label(move, words, state)
    out: dict[str, Any] = {"move": move.to_json(), "tile": move.tile, "at": list(move.at),
                           "rotation": move.rotation, "text": text, "label": label,
                           "does": "nothing", "anchor": None, "square": list(move.at),
                           "initial": ""}
    tb = state.tables
    figure = 0
    if spot >= 0:
        local, figure = split_spot(spot)
        out["does"] = "figure" if figure else "follower"
        out["anchor"] = spot_anchor(tb, 4 * t + r, local)
    elif spot <= ELSEWHERE:  # on another placed tile: offered at its square
        node, figure = split_elsewhere(spot)
        out["does"] = "figure" if figure else "follower"
        out["anchor"], out["square"] = _node_place(state, node)
    elif spot <= TARGET:  # acts on a figure on the board: offered at its square
        node, _ = split_target(spot)
        out["does"] = "beside" if move.beside is not None else "returns"
        out["anchor"], out["square"] = _node_place(state, node)
        if move.beside is not None:
            out["initial"] = move.beside.figure[:1].upper()
    elif spot <= RECALL:
        out["does"] = "recall"
        out["anchor"], out["square"] = _node_place(state, RECALL - spot)
    if figure:
        out["initial"] = tb.modes.figures[figure - 1].name[:1].upper()
    return out


def _node_place(state: State, node: int) -> tuple[list[float], list[int]]:
    """Where segment ``node`` of a placed tile is: its anchor in its square, and the square."""
    where = state.features.node_key[node]
    o, base = state.grid.tiles[where]
    return spot_anchor(state.tables, o, node - base), list(to_xy(where))


def decision_json(state: State, option: int, words: Words) -> dict[str, Any]:
    """A decision for the page: what it decides (``capture``, ``walk``, ``ransom``, ``move``:
    where a figure whose feature scored goes on), in words, and the square it acts on where
    it has one (the figure taken, the square walked onto, the spot gone on to), with the
    spot there."""
    d = state.decisions
    kind = ("keep" if d.pending is None and option == KEEP else
            "ransom" if d.pending is None else
            "capture" if d.pending[0] == CAPTURING else
            "walk" if d.pending[0] == WALKING else
            "move" if d.pending[0] == MOVING else "decide")
    text = describe_decision(state, option, words)
    anchor = square = None
    if kind == "capture" and option != NONE:
        anchor, square = _node_place(state, state.features.pieces[option][1])
    elif kind == "walk" and d.walk is not None:
        square, anchor = list(to_xy(d.neutral[d.walk[0]] + STEP[option])), [50.0, 50.0]
    elif kind == "move" and option != NONE:  # where a scored figure goes on: that spot
        anchor, square = _node_place(state, option)
    return {"move": {"decide": option}, "decide": kind, "tile": None, "at": None,
            "rotation": None, "text": text, "label": text, "does": "decide",
            "anchor": anchor, "square": square, "initial": ""}


def choices(state: State, words: Words) -> dict[str, Any]:
    """Every legal move of the player to move, and the pictures of the tiles they place in
    each rotation (``tiles[name][rotation]``: SVG elements in a 100-unit square)."""
    found = [choice_json(state, fast, words) for fast in state.iter_moves()]
    tb = state.tables
    look = TileLook(tb)
    index = {name: t for t, name in enumerate(tb.type_names)}
    tiles = {name: {str(90 * r): tile_svg(tb, 4 * index[name] + r, look) for r in range(4)}
             for name in dict.fromkeys(c["tile"] for c in found if c["tile"] is not None)}
    return {"choices": found, "tiles": tiles}


def hand_pictures(state: State) -> dict[str, str]:
    """The tiles the player to move holds (the drawn tile), as drawn in the rule file: what
    a watcher sees of a bot's turn."""
    tb = state.tables
    index = {name: t for t, name in enumerate(tb.type_names)}
    look = TileLook(tb)
    return {name: tile_svg(tb, 4 * index[name], look)
            for name in dict.fromkeys(state.hand if not state.finished else ())}


def read_move(data: object) -> Placement | Decision:
    """A move the page sent, in the record's form, or a decision (``{"decide": option}``);
    BadMove when it is none."""
    if isinstance(data, dict) and "decide" in data:
        option = data["decide"]
        if len(data) != 1 or not isinstance(option, int) or isinstance(option, bool):
            raise BadMove("")
        return Decision(option)
    if not isinstance(data, dict) or "discard" in data:
        raise BadMove("a placement object")
    at = data.get("at")
    if not (isinstance(at, list) and len(at) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in at)):
        raise BadMove("")  # not two whole numbers (1.5 would be read as 1)
    try:
        return Placement.from_json(data)
    except IllegalMoveError as exc:
        raise BadMove(str(exc)) from None
    except (KeyError, TypeError, ValueError, ArithmeticError):
        raise BadMove("") from None


def find(state: State, move: Placement | Decision) -> FastMove | None:
    """The legal move that ``move`` writes exactly (as ``choices`` gave it), else None."""
    if isinstance(move, Decision):
        fast = (DECIDE, 0, 0, move.option)
        return fast if fast in set(state.iter_moves()) else None
    for fast in state.iter_moves():
        if fast[0] != DECIDE and state.to_placement(*fast) == move:
            return fast
    return None


def _legal(state: State, move: Placement | Decision) -> FastMove | None:
    """``find``, where a decision that is not offered is refused (NotOffered)."""
    fast = find(state, move)
    if fast is not None:
        return fast
    if isinstance(move, Decision):
        raise NotOffered("decision")
    if move.returns is not None or move.beside is not None:
        raise NotOffered("target")
    return None


def play(state: State, move: Placement | Decision) -> None:
    """Play a person's move: one of the legal moves as listed, played as the command line
    plays a chosen move (``apply_fast``), so that the record is the same; any other
    placement is checked by the engine (IllegalMoveError leaves the state as it was), any
    other decision or move acting on a figure refused (NotOffered)."""
    fast = _legal(state, move)
    if fast is not None:
        state.apply_fast(*fast)
    else:
        assert isinstance(move, Placement)  # a decision not offered was refused
        state.play(move)


def preview(state: State, move: Placement | Decision, words: Words) -> dict[str, Any]:
    """What ``move`` would do, from a copy of the state: the features it completes (kind
    and tiles, scored or not), the scorings it causes (final scoring too, when it is the
    last tile), each player's points after it, and whether the mover plays again.
    IllegalMoveError when it is not legal (NotOffered: a decision not offered)."""
    fast = _legal(state, move)
    trial = state.clone()
    trial.auto_discard = False  # what the move does, not the draws after it
    events_before, before = len(trial.events), list(trial.scores)
    if fast is not None:
        trial.apply_fast(*fast)
    else:
        assert isinstance(move, Placement)  # a decision not offered was refused
        trial.play(move)
    events = trial.events[events_before:]
    if isinstance(move, Decision):
        text, completes = describe_decision(state, move.option, words), []
    else:
        text = describe_move(move, words, state.game.rules)
        completes = completed(trial, to_key(*move.at), words)
    return {
        "text": text, "completes": completes,
        "events": [{"player": e.player, "points": e.points, "when": e.when,
                    "text": describe_event(e, words)} for e in events],
        "gains": [after - was for after, was in zip(trial.scores, before)],
        "scores": list(trial.scores),
        "again": trial.in_extra and not trial.finished and not trial.pending,
        "ends": trial.finished,
    }


def completed(after: State, key: int, words: Words) -> list[dict[str, Any]]:
    """The features the tile just placed on ``key`` completed, read from the state after
    it: the tile's features with no open end, and centre features it surrounded (its own or
    a neighbour's), each with its kind (in the user's words) and its tiles."""
    tb, features, grid = after.tables, after.features, after.grid
    o, base = grid.tiles[key]
    found: list[dict[str, Any]] = []
    seen: set[int] = set()
    for i in tb.fast.closable[o]:
        root = features.root[base + i]
        if root in seen or features.open_ends[root]:
            continue
        seen.add(root)
        kind = tb.kinds[features.kind[root]].name
        found.append({"kind": kind, "word": words.word(kind),
                      "tiles": len(after.feature_tiles(root))})
    for k in (key, *(key + off for off in AROUND)):
        if k not in grid.tiles or not grid.surrounded(tb, k):
            continue
        ko, _ = grid.tiles[k]
        for seg in tb.segments[ko]:
            if seg.geometry == CENTRE:
                kind = tb.kinds[seg.kind].name
                found.append({"kind": kind, "word": words.word(kind),
                              "tiles": 1 + grid.neighbours(tb, k)})
    return found
