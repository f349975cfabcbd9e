"""The rule set's game, supply, turn, tokens and ``on place`` rules compiled to tables.

The engine reads these and never the rule model: words such as ``bag`` or ``draw`` become
flags, kinds and tokens named in a rule become indexes.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

import carcdsl.model as m

SURROUNDED, COVERS, SHOWS = range(3)
CONDITIONS = {"surrounded": SURROUNDED, "covers": COVERS, "shows": SHOWS}
EXTRA_TURN, SCORE, PUT = range(3)


@attrs.frozen
class TokenKind:
    """A kind of token (``nut``), as ``Token`` in the model."""

    name: str
    supply: int
    each_player: int
    start_sides: int
    collected: bool
    final_points: int


@attrs.frozen
class TriggerRule:
    """``on place CONDITION: ACTION, ...``."""

    condition: int
    """SURROUNDED, COVERS or SHOWS."""
    kind: int
    """SHOWS: the kind index the placed tile must show (-1: a kind the rule set lacks)."""
    marker: str | None
    """COVERS: the marker of the square the tile must cover."""
    actions: tuple[tuple[int, ...], ...]
    """(EXTRA_TURN,), (SCORE, points) or (PUT, count, token index, kind index)."""
    term: tuple[str, str, str | None]
    """The breakdown term of its scoring: ``("t", condition, arg)`` as written."""
    feature: str
    """What a scoring event names: the rule's argument, else its condition."""


@attrs.frozen
class Modes:
    """How a game of the rule set is set up, taken turn by turn and ended."""

    players: tuple[int, int]
    followers: tuple[int, ...]
    """Followers each player has, by player count (index: the count)."""
    hand: int = 0
    bag: bool = False
    start_placed: bool = True
    draw_off: bool = False
    draw_off_kind: int = -1
    """The kind whose sides a draw-off counts (-1: none)."""
    draw_off_kind_name: str | None = None
    end_unplaceable: bool = False
    """``end tile-unplaceable``: a tile that fits nowhere ends the game."""
    tokens: tuple[TokenKind, ...] = ()
    triggers: tuple[TriggerRule, ...] = ()
    follower: str | None = None
    """The game's name for a follower (``meeple``), as a record may name its kind."""
    roles: tuple[str | None, ...] = ()
    """Per kind index: a follower's role there (``knight``), as a record may name it."""


def compile_modes(rules: m.RuleSet, kind_index: Mapping[str, int]) -> Modes:
    game, supply, turn = rules.game, rules.supply, rules.turn
    tokens = tuple(TokenKind(t.name, t.supply, t.each_player, t.start_sides, t.collected,
                             t.final_points) for t in rules.tokens)
    token_index = {t.name: i for i, t in enumerate(tokens)}
    return Modes(
        players=game.players,
        followers=tuple(game.followers_for(n) for n in range(game.players[1] + 1)),
        hand=supply.hand, bag=supply.draw == "bag", start_placed=supply.start == "placed",
        draw_off=turn.first_player == "draw",
        draw_off_kind=kind_index.get(turn.first_player_kind or "", -1),
        draw_off_kind_name=turn.first_player_kind,
        end_unplaceable=game.end == "tile-unplaceable", tokens=tokens,
        triggers=tuple(_trigger(t, kind_index, token_index) for t in rules.triggers),
        follower=game.follower, roles=tuple(k.role for k in rules.kinds))


def _trigger(trigger: m.Trigger, kind_index: Mapping[str, int],
             token_index: Mapping[str, int]) -> TriggerRule:
    actions: list[tuple[int, ...]] = []
    for action, value in trigger.actions:
        if action == "extra-turn":
            actions.append((EXTRA_TURN,))
        elif action == "score" and value:
            actions.append((SCORE, value))
        elif action == "put":
            count, token, kind = value
            actions.append((PUT, count, token_index[token], kind_index.get(kind, -1)))
    condition = CONDITIONS[trigger.condition]
    return TriggerRule(
        condition, kind_index.get(trigger.arg or "", -1) if condition == SHOWS else -1,
        trigger.arg if condition == COVERS else None, tuple(actions),
        ("t", trigger.condition, trigger.arg), trigger.arg or trigger.condition)
