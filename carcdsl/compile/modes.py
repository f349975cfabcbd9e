"""The rule set's game, supply, turn, tokens and ``on place`` rules compiled to tables.

The engine reads these and never the rule model: words such as ``bag`` or ``draw`` become
flags, kinds and tokens named in a rule become indexes.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

import carcdsl.model as m
from carcdsl.compile.expr import Program, compile_expr

SURROUNDED, COVERS, SHOWS, EXTENDS, COMPLETE = range(5)
CONDITIONS = {"surrounded": SURROUNDED, "covers": COVERS, "shows": SHOWS, "extends": EXTENDS,
              "complete": COMPLETE}
EXTRA_TURN, SCORE, PUT, TAKE, HIDE = range(5)
JOINS, NO_REPEAT, LOOK_AHEAD, APART, AT_MOST, AT_LEAST = range(6)
REQUIREMENT_CODES = {"joins": JOINS, "no-repeat": NO_REPEAT, "look-ahead": LOOK_AHEAD,
                     "apart": APART, "at-most": AT_MOST, "at-least": AT_LEAST}
RECALL_NONE, RECALL_FINAL = 1, 2
ANY_FOLLOWER = -1
"""``with own follower`` / ``own(follower)``: every figure of the player that counts."""
NO_NEED = -2


@attrs.frozen
class TokenKind:
    """A kind of token (``nut``), as ``Token`` in the model."""

    name: str
    supply: int
    each_player: int
    start_sides: int
    collected: bool
    final_points: int
    most_points: int = 0
    final_program: Program | None = None
    """``score final = EXPR`` (``compile.expr``, of ``tokens``): a holder's points at the end
    instead of ``final_points`` each."""


@attrs.frozen
class FigureKind:
    """A figure besides the ordinary follower (``figure abbot { ... }``); its code in a
    move's spot is its index here plus one (``movegen``)."""

    name: str
    each_player: int
    strength: int
    needs: int
    """NO_NEED, ANY_FOLLOWER, or the index of the figure the feature must hold."""
    recall: int
    """0: never taken back; RECALL_NONE: taken back for nothing; RECALL_FINAL: and its
    feature scores its final rule for the owner."""
    excludes: int = 0
    """``excludes``: the figure codes (bit 0: the ordinary follower, bit f + 1: figure f) it
    never shares a feature with, placed there after them."""
    strength_program: Program | None = None
    """``strength = EXPR`` (``compile.expr``): its strength on a feature when the majority
    is decided; ``strength`` then only says that it occupies the feature."""


@attrs.frozen
class Requirement:
    """``on place CONDITION: require TEST KIND [N]``: a placement must pass TEST."""

    condition: int
    """SURROUNDED, COVERS or SHOWS: when the requirement applies."""
    kind_shown: int
    marker: str | None
    test: int
    """JOINS, NO_REPEAT, LOOK_AHEAD or APART."""
    kind: int
    distance: int


@attrs.frozen
class TriggerRule:
    """``on place CONDITION: ACTION, ...``."""

    condition: int
    """SURROUNDED, COVERS, SHOWS, EXTENDS or COMPLETE."""
    kind: int
    """SHOWS and COMPLETE: the kind index meant (-1: a kind the rule set lacks)."""
    marker: str | None
    """COVERS: the marker of the square the tile must cover."""
    actions: tuple[tuple[int, ...], ...]
    """(EXTRA_TURN,), (SCORE, points), (PUT, count, token index, kind index),
    (TAKE, token index, attribute name): tokens as many as the feature's attribute, or
    (HIDE, count): the last tiles of the draw pile leave the game unseen."""
    term: tuple[str, str, str | None]
    """The breakdown term of its scoring: ``("t", condition, arg)`` as written."""
    feature: str
    """What a scoring event names: the rule's argument, else its condition."""
    kinds: frozenset = frozenset()
    """EXTENDS: the kind indexes meant."""
    figure: int = NO_NEED
    """EXTENDS: the figure the feature must already hold (ANY_FOLLOWER, or an index)."""


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
    figures: tuple[FigureKind, ...] = ()
    requirements: tuple[Requirement, ...] = ()
    on_complete: tuple[TriggerRule, ...] = ()
    """``on complete KIND`` rules; ``triggers`` holds the ``on place`` ones."""
    draw_rank: tuple[int, ...] = ()
    """Per tile type, its group's place in ``supply { order ... }`` (empty: one pile)."""
    placing_more: bool = attrs.field(init=False)
    """Whether a turn may do more than place a tile and an ordinary follower (figures,
    recalls, requirements): move generation then takes the general path."""

    completing_more: bool = attrs.field(init=False)
    """Whether completing a feature does more than score it (``on complete`` rules, figures
    to send home that never count)."""
    measured_strengths: bool = attrs.field(init=False)
    """Whether some figure's strength is an expression (``FigureKind.strength_program``)."""

    @placing_more.default
    def _placing_more(self) -> bool:
        return bool(self.figures or self.requirements)

    @completing_more.default
    def _completing_more(self) -> bool:
        return bool(self.on_complete or self.figures)

    @measured_strengths.default
    def _measured_strengths(self) -> bool:
        return any(f.strength_program is not None for f in self.figures)


def compile_modes(rules: m.RuleSet, kind_index: Mapping[str, int]) -> Modes:
    game, supply, turn = rules.game, rules.supply, rules.turn
    tokens = tuple(TokenKind(t.name, t.supply, t.each_player, t.start_sides, t.collected,
                             t.final_points, t.most_points,
                             compile_expr(t.final_expr, kind_index, token_name=t.name)
                             if t.final_expr is not None else None) for t in rules.tokens)
    token_index = {t.name: i for i, t in enumerate(tokens)}
    figure_index = {f.name: i for i, f in enumerate(rules.figures)}
    figures = tuple(FigureKind(f.name, f.each_player, f.strength,
                               _figure_code(f.needs, figure_index),
                               {None: 0, "none": RECALL_NONE}.get(f.recall, RECALL_FINAL),
                               _excluded(f.excludes, figure_index),
                               compile_expr(f.strength_expr, kind_index, {}, figure_index)
                               if f.strength_expr is not None else None)
                    for f in rules.figures)
    said = list(dict.fromkeys(rules.triggers))  # a rule said twice acts once (W109)
    placing = [t for t in said if t.condition != "complete"]
    return Modes(
        players=game.players,
        followers=tuple(game.followers_for(n) for n in range(game.players[1] + 1)),
        hand=supply.hand, bag=supply.draw == "bag", start_placed=supply.start == "placed",
        draw_off=turn.first_player == "draw",
        draw_off_kind=kind_index.get(turn.first_player_kind or "", -1),
        draw_off_kind_name=turn.first_player_kind,
        end_unplaceable=game.end == "tile-unplaceable", tokens=tokens,
        triggers=tuple(_trigger(t, kind_index, token_index, figure_index) for t in placing
                       if any(a[0] != "require" for a in t.actions)),
        follower=game.follower, roles=tuple(k.role for k in rules.kinds), figures=figures,
        requirements=tuple(_requirements(placing, kind_index)),
        on_complete=tuple(_trigger(t, kind_index, token_index, figure_index)
                          for t in said if t.condition == "complete"),
        draw_rank=_draw_rank(rules))


def _excluded(names: tuple[str, ...], figure_index: Mapping[str, int]) -> int:
    """``FigureKind.excludes`` of ``excludes NAME, ...``: ``follower`` is bit 0."""
    return sum(1 << (figure_index[n] + 1 if n in figure_index else 0) for n in set(names))


def _figure_code(name: str | None, figure_index: Mapping[str, int]) -> int:
    if name is None:
        return NO_NEED
    return figure_index.get(name, ANY_FOLLOWER)


def _requirements(triggers, kind_index: Mapping[str, int]):
    for trigger in triggers:
        for action, value in trigger.actions:
            if action != "require":
                continue
            test, kind, distance = value
            condition = CONDITIONS[trigger.condition]
            yield Requirement(
                condition,
                kind_index.get(trigger.arg or "", -1) if condition == SHOWS else -1,
                trigger.arg if condition == COVERS else None,
                REQUIREMENT_CODES[test], kind_index.get(kind, -1),
                distance if distance is not None else 2)


def _draw_rank(rules: m.RuleSet) -> tuple[int, ...]:
    """Per tile type, the place of its group in the draw order (``rest``: tiles in none; it
    comes last unless the order names it)."""
    order = rules.supply.order
    if not order:
        return ()
    group_of = {name: g.name for g in rules.groups for name in g.tiles}
    rank = {name: i for i, name in enumerate(order)}
    rest = rank.get(m.REST_GROUP, len(order))
    return tuple(rank.get(group_of.get(t.name, m.REST_GROUP), rest) for t in rules.tiles)


def _trigger(trigger: m.Trigger, kind_index: Mapping[str, int],
             token_index: Mapping[str, int], figure_index: Mapping[str, int]) -> TriggerRule:
    actions: list[tuple] = []
    for action, value in trigger.actions:
        if action == "take":
            actions.append((TAKE, token_index[value], value))
        elif action == "extra-turn":
            actions.append((EXTRA_TURN,))
        elif action == "score" and value:
            actions.append((SCORE, value))
        elif action == "hide" and value > 0:
            actions.append((HIDE, value))
        elif action == "put":
            count, token, kind = value
            actions.append((PUT, count, token_index[token], kind_index.get(kind, -1)))
    condition = CONDITIONS[trigger.condition]
    return TriggerRule(
        condition,
        kind_index.get(trigger.arg or "", -1) if condition in (SHOWS, COMPLETE) else -1,
        trigger.arg if condition == COVERS else None, tuple(actions),
        ("t", trigger.condition, trigger.arg), trigger.arg or trigger.condition,
        frozenset(kind_index.get(k, -1) for k in trigger.kinds),
        _figure_code(trigger.arg, figure_index) if condition == EXTENDS else NO_NEED)
