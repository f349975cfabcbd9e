"""The rule set's game, supply, turn, tokens and ``on place`` rules compiled to tables.

The engine reads these and never the rule model: words such as ``bag`` or ``draw`` become
flags, kinds and tokens named in a rule become indexes.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

import carcdsl.model as m
from carcdsl.compile.expr import Program, compile_expr

SURROUNDED, COVERS, SHOWS, EXTENDS, COMPLETE, FIGURE, DRAW, ENTER, TURN_BESIDE, \
    SCORE_BESIDE, SCORED, FINAL = range(12)
CONDITIONS = {"surrounded": SURROUNDED, "covers": COVERS, "shows": SHOWS, "extends": EXTENDS,
              "complete": COMPLETE, "figure": FIGURE, "draw": DRAW, "enter": ENTER,
              "turn-beside": TURN_BESIDE, "score-beside": SCORE_BESIDE, "scored": SCORED,
              "final": FINAL}
EXTRA_TURN, SCORE, PUT, TAKE, HIDE, DRAW_BAG, RETURN_TOKENS, RETURN_FIGURES, SCORE_TO, CHOOSE, \
    CAPTURE, MOVE_HERE, WALK, RETURN_HERE, INSTEAD_RETURN, PLACE_ANYWHERE, MOVE_WITHIN, \
    SCORE_MOST = range(18)
"""Actions. Those after HIDE act on the rule's feature (``on figure F``: the figure's,
``on draw T``: the one the token went onto, ``on place extends ... with own F``: the one
extended): (DRAW_BAG, bag) a token at random from the bag onto it, (RETURN_TOKENS, bag) the
bag's tokens on it back to the supply, (RETURN_FIGURES, figure code) those figures on it home
(0: ordinary followers, f + 1: figure f), (SCORE_TO, bag, figure code) each owner of such a
figure on it scores the worth of the bag's tokens on it, (CHOOSE, ((name, actions), ...)) the
mover picks one option (a move says which: ``movegen``), (CAPTURE, figure mask, reach
program) the mover may take one figure whose code is in the mask (bit 0: an ordinary
follower, bit f + 1: figure f) standing on a square in line with the figure's square, at most
the program's value away (``engine.decisions``). Neutral figures (``engine.neutral``):
(MOVE_HERE, figure index) it goes to the placed tile's square, (WALK, figure index, steps) it
walks, a square a step, each step decided by the next player in turn from the mover, and
(RETURN_HERE,) after ``on enter F``: every player's figure on the square it entered goes
home. Instead of a figure (``engine.targets``): (INSTEAD_RETURN, figure mask) the mover may
send one figure of the mask (bit 0: any that counts) home from the feature of the placed
tile's segment the rule's condition names; (PLACE_ANYWHERE, figure mask) this move's figure
of the mask may go on any placed tile's unoccupied, incomplete feature. After ``on scored
F`` (``engine.moving``): (MOVE_WITHIN, figure index, reach, kind indexes) each F on a feature
scored on completion is its owner's decision: onto an incomplete, unoccupied feature of those
kinds within ``reach`` squares, or home. (SCORE_MOST, program, figure code): the program
measured on the rule's feature, to the players with the most figures of the code on it (0:
the usual majority by strength; f + 1: by count of figure f); nothing when nobody has one."""
JOINS, NO_REPEAT, LOOK_AHEAD, APART, AT_MOST, AT_LEAST, HOLE = range(7)
REQUIREMENT_CODES = {"joins": JOINS, "no-repeat": NO_REPEAT, "look-ahead": LOOK_AHEAD,
                     "apart": APART, "at-most": AT_MOST, "at-least": AT_LEAST,
                     "surrounded": HOLE}
RECALL_NONE, RECALL_FINAL = 1, 2
BESIDE = -3
"""``Modes.targets``: a neutral figure put beside a figure (``beside own F``)."""
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
    bag: int = -1
    """Its bag's index in ``Modes.bags`` (-1: none)."""
    worth: int = 1


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
    anywhere: bool = False
    """``anywhere``: also placed on a segment of any other placed tile (``engine.elsewhere``)."""
    with_any: int = -2
    """``with F``: the code of a figure (0: an ordinary follower, f + 1: figure f) the
    feature must already hold, whoever's; NO_NEED: none."""
    kinds: frozenset = frozenset()
    """The kind indexes it stands on (``stands on``, else where ordinary followers do)."""
    supply_by_count: tuple[int, ...] = ()
    """``each player N for P``: per player count, how many each player has (empty:
    ``each_player`` for every count)."""
    neutral: bool = False
    """``neutral``: one in the game, nobody's; no player has one to place (``each_player``
    is 0) and rules move it (``engine.neutral``)."""
    avoids: int = 0
    """``avoids``: the figure indexes (bit f) of the neutral figures whose square it never
    walks onto."""
    beside: int = -2
    """``beside own F``: NO_NEED (none), ANY_FOLLOWER, or the index of the mover's figure it
    may be put beside, instead of placing a figure."""
    blocks: bool = False
    """``blocks``: no figure is placed on its square."""
    corner: bool = False
    """``at corner``: only on a segment of the tile just placed at a corner where four
    placed tiles meet, each showing the segment's kind there (``engine.figures``)."""
    keeps_out: int = 0
    """``keeps out``: the figure codes (bit 0: an ordinary follower or any figure that
    counts, bit f + 1: figure f) never placed on a feature holding this figure."""

    def supply_for(self, players: int) -> int:
        """How many each of ``players`` players has."""
        by = self.supply_by_count
        return by[players] if players < len(by) else self.each_player


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
    actions: tuple[tuple, ...]
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
    attribute: int = -1
    """SHOWS: the index of the attribute (of the kind's) its segment must carry (-1: any
    segment of the kind)."""
    anyone: bool = False
    """EXTENDS: the figure may be anyone's (``with F``), not only the mover's."""


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
    on_figure: tuple[TriggerRule, ...] = ()
    """``on figure F`` rules (``TriggerRule.figure``: F's index)."""
    on_draw: tuple[TriggerRule, ...] = ()
    """``on draw T`` rules (``TriggerRule.kind``: T's token index)."""
    on_enter: tuple[TriggerRule, ...] = ()
    """``on enter F`` rules (``TriggerRule.figure``: F's index)."""
    on_beside: tuple[TriggerRule, ...] = ()
    """``on turn beside F`` and ``on score beside F`` rules (``TriggerRule.figure``: F's
    index)."""
    on_scored: tuple[TriggerRule, ...] = ()
    """``on scored F`` rules (``TriggerRule.figure``: F's index)."""
    on_final: tuple[TriggerRule, ...] = ()
    """``on final KIND`` rules (``TriggerRule.kind``: the kind's index): they act on each
    feature of the kind at final scoring, before its own final score."""
    bags: tuple[str, ...] = ()
    """The bags tokens are drawn from (``token ... { bag NAME }``), in order of first use."""
    draw_rank: tuple[int, ...] = ()
    """Per tile type, its group's place in ``supply { order ... }`` (empty: one pile)."""
    anywhere_kinds: tuple[tuple[int, int], ...] = ()
    """``followers anywhere [with F]``: (kind index, the code of the figure the feature must
    hold, or NO_NEED) for each kind whose ordinary followers stand on any placed tile."""
    hold: tuple[int, int] | None = None
    """``hold back K until F``: (kind index, neutral figure index) (``engine.neutral``)."""
    ransom: int = 0
    """``ransom N``: what a player pays to take back a figure another player holds (0: no
    ransom)."""
    owned: tuple[tuple[int, int], ...] = ()
    """``each player owns N TILE``: (tile type, N) of each tile every player holds from the
    start and may play instead of drawing (``engine.owned``)."""
    placing_more: bool = attrs.field(init=False)
    """Whether a turn may do more than place a tile and an ordinary follower (figures,
    recalls, requirements): move generation then takes the general path."""

    completing_more: bool = attrs.field(init=False)
    """Whether completing a feature does more than score it (``on complete`` rules, figures
    to send home that never count)."""
    keeping_out: bool = attrs.field(init=False)
    """Whether some figure ``keeps out`` others (``FigureKind.keeps_out``)."""
    measured_strengths: bool = attrs.field(init=False)
    """Whether some figure's strength is an expression (``FigureKind.strength_program``)."""
    most_options: int = attrs.field(init=False)
    """The most options one ``choose`` offers (1: none does)."""
    choosing: bool = attrs.field(init=False)
    """Whether an ``on place`` rule lets the mover choose (``CHOOSE``): a move then says which
    option (``compile.facts.with_choice``)."""

    elsewhere: bool = attrs.field(init=False)
    """Whether a figure or an ordinary follower may go on another placed tile than the one
    just placed (``engine.elsewhere``)."""
    walking: bool = attrs.field(init=False)
    """Whether an ``on place`` rule walks a neutral figure (``engine.neutral``)."""
    neutral: bool = attrs.field(init=False)
    """Whether an ``on place`` rule moves a neutral figure (``engine.neutral``)."""
    targets: tuple[tuple[int, int, int], ...] = attrs.field(init=False)
    """What a move may do instead of placing a figure, to a figure on the board
    (``engine.targets``): (INSTEAD_RETURN, trigger index, figure mask) and (BESIDE, neutral
    figure index, its ``beside``)."""
    placing_anywhere: bool = attrs.field(init=False)
    """Whether an ``on place`` rule lets its move's figure go anywhere (``place F anywhere``)."""
    moving: tuple[tuple[int, int, frozenset], ...] = attrs.field(init=False)
    """``on scored F: move F within N to K, ...``: (figure index, N, kind indexes) for each
    figure that may move on when its feature is scored (``engine.moving``)."""
    deciding: bool = attrs.field(init=False)
    """Whether a game may wait for a decision between moves (a capture, a ransom:
    ``engine.decisions``): fast moves ``(DECIDE, 0, 0, option)`` make them."""
    listing: bool = attrs.field(init=False)
    """Whether ``movegen.sample_move`` may have to draw from the listed moves (decisions,
    targets, a figure placed anywhere, owned tiles' last turns): one test on the hot path."""

    @placing_more.default
    def _placing_more(self) -> bool:
        return bool(self.figures or self.requirements or self.anywhere_kinds
                    or self.owned) or any(
            a[0] in (CHOOSE, INSTEAD_RETURN, PLACE_ANYWHERE)
            for rule in self.triggers for a in rule.actions)

    @placing_anywhere.default
    def _placing_anywhere(self) -> bool:
        return any(a[0] == PLACE_ANYWHERE for rule in self.triggers for a in rule.actions)

    @elsewhere.default
    def _elsewhere(self) -> bool:
        return bool(self.anywhere_kinds) or any(f.anywhere for f in self.figures) or any(
            a[0] == PLACE_ANYWHERE for rule in self.triggers for a in rule.actions)

    @targets.default
    def _targets(self) -> tuple[tuple[int, int, int], ...]:
        out = [(INSTEAD_RETURN, i, a[1]) for i, rule in enumerate(self.triggers)
               for a in rule.actions if a[0] == INSTEAD_RETURN]
        out += [(BESIDE, f, kind.beside) for f, kind in enumerate(self.figures)
                if kind.neutral and kind.beside != NO_NEED]
        return tuple(out)

    @deciding.default
    def _deciding(self) -> bool:
        return bool(self.ransom) or any(a[0] == CAPTURE for rule in self.on_figure
                                        for a in rule.actions) or self.walking \
            or bool(self.moving)

    @listing.default
    def _listing(self) -> bool:
        return self.deciding or bool(self.targets) or self.placing_anywhere or bool(self.owned)

    @moving.default
    def _moving(self) -> tuple[tuple[int, int, frozenset], ...]:
        return tuple((a[1], a[2], a[3]) for rule in self.on_scored for a in rule.actions
                     if a[0] == MOVE_WITHIN)

    @walking.default
    def _walking(self) -> bool:
        return any(a[0] == WALK for rule in self.triggers for a in rule.actions)

    @neutral.default
    def _neutral(self) -> bool:
        return any(a[0] in (MOVE_HERE, WALK) for rule in self.triggers for a in rule.actions)

    @completing_more.default
    def _completing_more(self) -> bool:
        return bool(self.on_complete or self.figures)

    @keeping_out.default
    def _keeping_out(self) -> bool:
        return any(f.keeps_out for f in self.figures)

    @measured_strengths.default
    def _measured_strengths(self) -> bool:
        return any(f.strength_program is not None for f in self.figures)

    @choosing.default
    def _choosing(self) -> bool:
        return self.most_options > 1

    @most_options.default
    def _most_options(self) -> int:
        return max([1] + [len(a[1]) for rule in self.triggers for a in rule.actions
                          if a[0] == CHOOSE])


def compile_modes(rules: m.RuleSet, kind_index: Mapping[str, int]) -> Modes:
    game, supply, turn = rules.game, rules.supply, rules.turn
    bags = tuple(dict.fromkeys(t.bag for t in rules.tokens if t.bag is not None))
    tokens = tuple(TokenKind(t.name, t.supply, t.each_player, t.start_sides, t.collected,
                             t.final_points, t.most_points,
                             compile_expr(t.final_expr, kind_index, token_name=t.name)
                             if t.final_expr is not None else None,
                             bags.index(t.bag) if t.bag is not None else -1, t.worth)
                   for t in rules.tokens)
    token_index = {t.name: i for i, t in enumerate(tokens)}
    figure_index = {f.name: i for i, f in enumerate(rules.figures)}
    names_of = [t.name for t in rules.tiles]
    names = _Names(kind_index, token_index, figure_index, {b: i for i, b in enumerate(bags)},
                   {(k.name, a): i for k in rules.kinds
                    for i, (a, _) in enumerate(k.attributes)})
    figures = tuple(_figure(f, rules, kind_index, figure_index) for f in rules.figures)
    said = list(dict.fromkeys(rules.triggers))  # a rule said twice acts once (W109)
    placing = [t for t in said if t.condition in ("surrounded", "covers", "shows", "extends")]
    return Modes(
        players=game.players,
        followers=tuple(game.followers_for(n) for n in range(game.players[1] + 1)),
        hand=supply.hand, bag=supply.draw == "bag", start_placed=supply.start == "placed",
        draw_off=turn.first_player == "draw",
        draw_off_kind=kind_index.get(turn.first_player_kind or "", -1),
        draw_off_kind_name=turn.first_player_kind,
        end_unplaceable=game.end == "tile-unplaceable", tokens=tokens,
        triggers=tuple(_trigger(t, names) for t in placing
                       if any(a[0] != "require" for a in t.actions)),
        follower=game.follower, roles=tuple(k.role for k in rules.kinds), figures=figures,
        requirements=tuple(_requirements(placing, kind_index)),
        on_complete=tuple(_trigger(t, names) for t in said if t.condition == "complete"),
        on_figure=tuple(_trigger(t, names) for t in said if t.condition == "figure"),
        on_draw=tuple(_trigger(t, names) for t in said if t.condition == "draw"), bags=bags,
        on_enter=tuple(_trigger(t, names) for t in said if t.condition == "enter"),
        on_beside=tuple(_trigger(t, names) for t in said
                        if t.condition in ("turn-beside", "score-beside")),
        on_scored=tuple(_trigger(t, names) for t in said if t.condition == "scored"),
        on_final=tuple(_trigger(t, names) for t in said if t.condition == "final"),
        draw_rank=_draw_rank(rules),
        anywhere_kinds=tuple((kind_index[k.name], _any_code(k.followers_with, figure_index))
                             for k in rules.kinds if k.followers_anywhere),
        ransom=game.ransom,
        owned=tuple((names_of.index(name), n) for name, n in supply.owned
                    if name in names_of),
        hold=(kind_index[supply.hold[0]], figure_index[supply.hold[1]])
        if supply.hold is not None and supply.hold[0] in kind_index
        and supply.hold[1] in figure_index else None)


def _figure(f: m.Figure, rules: m.RuleSet, kind_index: Mapping[str, int],
            figure_index: Mapping[str, int]) -> FigureKind:
    by, most = f.each_player_by_players, rules.game.players[1]
    stands = (f.stands_on if f.stands_on is not None else
              [k.name for k in rules.kinds if k.followers and not k.followers_with])
    supply = tuple(next((c for lo, hi, c in by if lo <= n <= hi), f.each_player)
                   for n in range(most + 1)) if by else ()
    if f.neutral:
        return FigureKind(f.name, 0, 0, NO_NEED, 0, neutral=True,
                          avoids=sum(1 << figure_index[n] for n in set(f.avoids)),
                          beside=_figure_code(f.beside, figure_index), blocks=f.blocks)
    return FigureKind(f.name, f.each_player, f.strength, _figure_code(f.needs, figure_index),
                      {None: 0, "none": RECALL_NONE}.get(f.recall, RECALL_FINAL),
                      _excluded(f.excludes, figure_index),
                      compile_expr(f.strength_expr, kind_index, {}, figure_index)
                      if f.strength_expr is not None else None,
                      f.anywhere, _any_code(f.with_any, figure_index),
                      frozenset(kind_index[n] for n in stands if n in kind_index), supply,
                      corner=f.corner, keeps_out=_excluded(f.keeps_out, figure_index))


def _any_code(name: str | None, figure_index: Mapping[str, int]) -> int:
    """A figure as pieces carry it (0: an ordinary follower, f + 1: figure f); NO_NEED for
    none."""
    if name is None:
        return NO_NEED
    return figure_index[name] + 1 if name in figure_index else 0


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


@attrs.frozen
class _Names:
    """Name -> index of the kinds, tokens, figures and bags, for compiling rules."""

    kinds: Mapping[str, int]
    tokens: Mapping[str, int]
    figures: Mapping[str, int]
    bags: Mapping[str, int]
    attributes: Mapping[tuple[str, str], int] = attrs.field(factory=dict)
    """(kind name, attribute name) -> the attribute's index among the kind's."""

    def figure_code(self, name: str) -> int:
        """A figure as pieces carry it: 0 an ordinary follower, f + 1 figure f."""
        return self.figures[name] + 1 if name in self.figures else 0


def _actions(actions, n: _Names) -> tuple[tuple, ...]:
    out: list[tuple] = []
    for action, value in actions:
        if action == "take":
            out.append((TAKE, n.tokens[value], value))
        elif action == "extra-turn":
            out.append((EXTRA_TURN,))
        elif action == "score" and value:
            out.append((SCORE, value))
        elif action == "hide" and value > 0:
            out.append((HIDE, value))
        elif action == "put":
            count, token, kind = value
            out.append((PUT, count, n.tokens[token], n.kinds.get(kind, -1)))
        elif action == "draw":
            out.append((DRAW_BAG, n.bags[value]))
        elif action == "return":
            out.append((RETURN_TOKENS, n.bags[value]) if value in n.bags
                       else (RETURN_FIGURES, n.figure_code(value)))
        elif action == "score-to":
            out.append((SCORE_TO, n.bags[value[0]], n.figure_code(value[1])))
        elif action == "score-most":
            out.append((SCORE_MOST, compile_expr(value[0], n.kinds, {}, n.figures),
                        n.figure_code(value[1])))
        elif action == "choose":
            out.append((CHOOSE, tuple((name, _actions(acts, n)) for name, acts in value)))
        elif action == "capture":
            names, reach = value
            mask = sum(1 << n.figure_code(name) for name in set(names))
            out.append((CAPTURE, mask, compile_expr(reach, n.kinds, {}, n.figures)))
        elif action == "move-here":
            out.append((MOVE_HERE, n.figures[value]))
        elif action == "walk":
            out.append((WALK, n.figures[value[0]], value[1]))
        elif action == "return-here":
            out.append((RETURN_HERE,))
        elif action == "move-within":
            figure, reach, kinds = value
            out.append((MOVE_WITHIN, n.figures[figure], reach,
                        frozenset(n.kinds[k] for k in kinds)))
        elif action in ("instead-return", "place-anywhere"):
            out.append((INSTEAD_RETURN if action == "instead-return" else PLACE_ANYWHERE,
                        1 << n.figure_code(value)))
    return tuple(out)


def _trigger(trigger: m.Trigger, n: _Names) -> TriggerRule:
    condition = CONDITIONS[trigger.condition]
    arg = trigger.arg or ""
    kind = (n.kinds.get(arg, -1) if condition in (SHOWS, COMPLETE, FINAL)
            else n.tokens.get(arg, -1) if condition == DRAW else -1)
    figure = (_figure_code(trigger.arg, n.figures) if condition == EXTENDS
              else n.figures.get(arg, -1)
              if condition in (FIGURE, ENTER, TURN_BESIDE, SCORE_BESIDE, SCORED) else NO_NEED)
    return TriggerRule(
        condition, kind, trigger.arg if condition == COVERS else None,
        _actions(trigger.actions, n), ("t", trigger.condition, trigger.arg),
        trigger.arg or trigger.condition,
        frozenset(n.kinds.get(k, -1) for k in trigger.kinds), figure,
        n.attributes.get((arg, trigger.attribute), -1) if trigger.attribute else -1,
        condition == EXTENDS and not trigger.own)
