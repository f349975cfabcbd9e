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

from carcdsl import load
from carcdsl.engine.events import ScoreEvent, TokenEvent
from carcdsl.engine.game import Game
from carcdsl.engine.state import State
from carcdsl.errors import IllegalMoveError, RecordError, RuleError
from carcdsl.formats.record import Record


def game_for(record: Record) -> Game:
    """Load the record's rules and variants (paths relative to the record's folder)."""
    base = Path(record.base_dir) if record.base_dir else None
    try:
        return load(record.rules, record.variants, relative_to=base)
    except RuleError as exc:
        # the first error, not a warning that happens to come first in the file
        found = sorted(exc.diagnostics, key=lambda d: not getattr(d, "is_error", True))
        first = found[0] if found else str(exc)
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
            raise RecordError.of("illegal-move", index=index, move=_compact(move.to_json()),
                                 reason=exc, code=exc.rule, move_index=index,
                                 illegal=exc) from None
    if record.final and not state.finished:
        state.finish()
    return state


def _compact(data: dict) -> str:
    import json

    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


def tell(state: State, words) -> list[str]:
    """The lines ``carcdsl replay`` prints for people between the set-up and the board, in
    the language of ``words`` (an ``i18n.Words``): every scoring and every movement of tokens
    after the set-up, in the order they happened (``move 3: ...``), and why the game ended
    before the final scoring."""
    from carcdsl.cli.play import describe_end, describe_event, describe_token_event

    move = words.phrase("move")
    end = state.end_reason
    lines: list[str] = []
    told_end = False

    def tell_end() -> None:
        nonlocal told_end
        if not told_end:
            told_end = True
            lines.append(f"  {describe_end(state, words)}")

    # (events before it, 0 for a token event: it comes first, index in its list, event)
    told: list[tuple[int, int, int, ScoreEvent | TokenEvent]] = [
        (e.events_before, 0, i, e) for i, e in enumerate(state.token_events) if e.move >= 0]
    told += [(i, 1, i, e) for i, e in enumerate(state.events)]
    for _, _, i, event in sorted(told, key=lambda x: x[:3]):
        scoring = isinstance(event, ScoreEvent)
        if end is not None and i >= (end.events_before if scoring else end.tokens_before):
            tell_end()
        text = (describe_event(event, words) if isinstance(event, ScoreEvent)
                else describe_token_event(event, words))
        if text:
            lines.append(f"  {move} {event.move}: {text}")
    if state.finished:
        tell_end()
    return lines
