"""Replaying a game record: every move checked, the first illegal one named by its index.

Nothing is written or changed when a record is rejected: replay builds a fresh state.
"""

from __future__ import annotations

from pathlib import Path

from . import load
from .errors import IllegalMoveError, RecordError, RuleError
from .game import Game, State
from .records import Record


def game_for(record: Record) -> Game:
    """Load the record's rules and variants (paths relative to the record's folder)."""
    base = Path(record.base_dir) if record.base_dir else None
    try:
        return load(record.rules, record.variants, relative_to=base)
    except RuleError as exc:
        first = exc.diagnostics[0] if exc.diagnostics else str(exc)
        raise RecordError.of("rules", problem=first) from None


def replay(record: Record, game: Game | None = None) -> State:
    """Replay ``record`` move by move; raises RecordError naming the first bad move (its
    ``illegal``: the IllegalMoveError the move raised)."""
    game = game or game_for(record)
    try:
        game.check_players(len(record.players))
    except IllegalMoveError as exc:
        raise RecordError.of("illegal", reason=exc, illegal=exc) from None
    # Without a seed the supply is not shuffled: tiles are drawn in the order the rule file
    # lists them (see ``State``); moves may name any tile left. No draw-off: the record's
    # seat order is the turn order.
    state = State(game, tuple(record.players), record.seed, replaying=True)
    for index, move in enumerate(record.moves):
        try:
            if state.finished:
                reason = state.end_reason
                raise IllegalMoveError(f"the game is already over ({reason.to_text()})",
                                       "game-over", "already", end=reason)
            state.play(move)
        except IllegalMoveError as exc:
            raise RecordError.of("illegal-move", index=index, move=_compact(move.to_json()),
                                 reason=exc, code=exc.rule, move_index=index,
                                 illegal=exc) from None
    if record.final and not state.finished:
        state.finish()
    return state


def _compact(data: dict) -> str:
    import json

    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


def to_output(state: State) -> dict:
    """The spec's ``replay --json`` shape."""
    return {"players": list(state.players), "scores": list(state.scores),
            "finished": state.finished, "events": [e.to_json() for e in state.events]}
