"""Replaying a game record: every move checked, the first illegal one named by its index.

Nothing is written or changed when a record is rejected: replay builds a fresh state.

A record without a seed is not shuffled: tiles are drawn in the order the rule file lists
them, which only a move that names no tile would need (and such a record needs a seed). With
hands (``hand-of-three``) and no seed the hands are not known: a move may name any tile still
in play, in the supply or in any hand, and a discard is accepted when its tile fits nowhere
(``State.hands_known``). With a seed the hands are dealt by it and every move must name a
tile of the mover's hand.
"""

from __future__ import annotations

from pathlib import Path

from carcdsl.engine.game import Game
from carcdsl.engine.state import State
from carcdsl.errors import IllegalMoveError, RecordError, RuleError
from carcdsl.formats.record import Record, check_rule_paths, check_rules_digest, compact
from carcdsl.pipeline import load


def game_for(record: Record) -> Game:
    """Load the record's rules and variants (paths relative to the record's folder, and
    inside it: ``check_rule_paths``, before any file is read); when the record carries a
    ``rules_digest``, the rules must be those it was played with."""
    check_rule_paths(record)
    base = Path(record.base_dir) if record.base_dir else None
    try:
        game = load(record.rules, record.variants, relative_to=base)
    except RuleError as exc:
        # the first error, not a warning that happens to come first in the file
        found = sorted(exc.diagnostics, key=lambda d: not getattr(d, "is_error", True))
        first = found[0] if found else str(exc)
        raise RecordError.of("rules", problem=first) from None
    check_rules_digest(record, game.rules)
    return game


def replay(record: Record, game: Game | None = None) -> State:
    """Replay ``record`` move by move; raises RecordError naming the first bad move (its
    ``illegal``: the IllegalMoveError the move raised)."""
    game = game or game_for(record)
    try:
        game.check_players(len(record.players))
    except IllegalMoveError as exc:
        raise RecordError.of("illegal", reason=exc, illegal=exc) from None
    # Without a seed the supply is not shuffled: tiles are drawn in the order the rule file
    # lists them (see ``State``); moves may name any tile left (with hands: any tile still in
    # play). No draw-off: the record's seat order is the turn order.
    state = State(game, tuple(record.players), record.seed, replaying=True)
    for index, move in enumerate(record.moves):
        try:
            if state.finished:
                reason = state.end_reason
                assert reason is not None  # a finished game says why
                raise IllegalMoveError("game-over", "already", end=reason)
            state.play(move)
        except IllegalMoveError as exc:
            raise RecordError.of("illegal-move", index=index, move=compact(move.to_json()),
                                 reason=exc, code=exc.rule, move_index=index,
                                 illegal=exc) from None
    if record.final and not state.finished:
        state.finish()
    return state

