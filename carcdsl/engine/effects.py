"""Effects of placing a tile beyond joining features: ``on place`` rules (an extra turn,
points for the placer, tokens onto the tile) and tokens put on features."""

from __future__ import annotations

from carcdsl.compile.modes import (
    ANY_FOLLOWER,
    CAPTURE,
    CHOOSE,
    COVERS,
    DRAW_BAG,
    EXTENDS,
    EXTRA_TURN,
    HIDE,
    INSTEAD_RETURN,
    MOVE_HERE,
    PLACE_ANYWHERE,
    PUT,
    RETURN_FIGURES,
    RETURN_TOKENS,
    SCORE,
    SCORE_MOST,
    SCORE_TO,
    SURROUNDED,
    TAKE,
    WALK,
)
from carcdsl.engine.events import ScoreEvent, TokenEvent
from carcdsl.engine.figures import extends_own
from carcdsl.engine.measure import score_most
from carcdsl.engine.parts import Parts
from carcdsl.engine.supply import below
from carcdsl.errors import IllegalMoveError
from carcdsl.geometry.squares import STEP, to_xy


def put_tokens(p: Parts, i: int, count: int, node: int, index: int,
               action: str = "put") -> None:
    """Up to ``count`` tokens of kind ``i`` from the supply onto the feature of ``node``
    (``index``: the move that puts them, -1 at set-up; ``action``: ``drawn`` from a bag)."""
    supply = p.tokens.supply
    count = min(count, supply[i])
    if count <= 0:
        return
    supply[i] -= count
    features = p.features
    root = features.root[node]
    on = features.tokens.setdefault(root, [0] * len(supply))
    on[i] += count
    p.log.token_events.append(TokenEvent(
        index, p.tables.modes.tokens[i].name, count, action, None, None,
        p.tables.kinds[features.kind[root]].name, to_xy(features.node_key[node]),
        len(p.log.events)))


MISSED = -2
"""``rule_root``: the rule's condition does not hold."""


def rule_root(p: Parts, rule, o: int, key: int) -> int:
    """Whether ``on place`` rule ``rule`` holds for oriented tile ``o`` just placed on
    ``key``: MISSED, else the root of the feature it acts on (``extends``), or -1."""
    tb, tiles = p.tables, p.grid.tiles
    if rule.condition == SURROUNDED:
        hit = all(key + step in tiles for step in STEP)
    elif rule.condition == COVERS:
        hit = key in tb.board.markers.get(rule.marker, ())
    elif rule.condition == EXTENDS:
        root = extended_root(p, o, key, rule.kinds, rule.figure, rule.anyone)
        return root if root >= 0 else MISSED
    else:
        hit = any(s.kind == rule.kind and (rule.attribute < 0 or s.attributes is not None
                                           and s.attributes[rule.attribute] > 0)
                  for s in tb.segments[o])
    return -1 if hit else MISSED


def fire_triggers(p: Parts, o: int, key: int, index: int, choice: int = 0) -> bool:
    """``on place`` rules for oriented tile ``o`` just placed on ``key``; True when one
    gives an extra turn. ``choice``: the option the move chose, from 1 (``CHOOSE``)."""
    extra = False
    later: list[tuple[tuple, int]] = []  # actions on a feature act after the others
    for rule in p.tables.modes.triggers:
        root = rule_root(p, rule, o, key)
        if root == MISSED:
            continue
        for action in rule.actions:
            if action[0] == EXTRA_TURN:
                extra = True
            elif action[0] == PUT:
                _put_on_tile(p, o, key, index, *action[1:])
            elif action[0] == SCORE:
                _score_placer(p, rule, action[1], to_xy(key), index)
            elif action[0] == HIDE:
                p.supply.hide(action[1])
            elif action[0] in (MOVE_HERE, WALK, INSTEAD_RETURN, PLACE_ANYWHERE):
                continue  # neutral figures moved before; the others are the move's own
            elif action[0] == CHOOSE and root >= 0:
                chosen = action[1][choice - 1][1] if 0 < choice <= len(action[1]) else ()
                later.append((chosen, root))
            elif root >= 0 and rule.anyone:  # each feature extended that holds anyone's F
                later += [((action,), r) for r in extended_roots(p, o, key, rule.kinds,
                                                                 rule.figure, True)]
            elif root >= 0:
                later.append(((action,), root))
    for actions, root in later:
        act_on(p, actions, root, index)
    return extra


def extended_root(p: Parts, o: int, key: int, kinds: frozenset, figure: int,
                  anyone: bool = False) -> int:
    """``extends KINDS with own F`` for ``o`` just placed on ``key``: the root of the feature
    it extended that holds the mover's F on another square, or -1 (``extends_own``);
    ``anyone``: ``with F``, anyone's F."""
    if not extends_own(p, o, key, p.grid.tiles[key][1], kinds, figure, anyone):
        return -1
    return extended_roots(p, o, key, kinds, figure, anyone)[0]


def extended_roots(p: Parts, o: int, key: int, kinds: frozenset, figure: int,
                   anyone: bool) -> list[int]:
    """The roots of every feature of ``kinds`` that ``o`` just placed on ``key`` extended
    and that holds F (the mover's, or ``anyone``'s) on another square, in the order their
    first such figure was placed."""
    features, seat, base = p.features, p.seats.current, p.grid.tiles[key][1]
    roots = {features.root[base + i] for i, s in enumerate(p.tables.segments[o])
             if s.kind in kinds}
    figures = p.tables.modes.figures
    return list(dict.fromkeys(
        features.root[node] for s, node, k, f in features.pieces
        if (anyone or s == seat) and k != key and features.root[node] in roots and (
            f == figure + 1 or figure == ANY_FOLLOWER and (not f or figures[f - 1].strength))))


def fire_figure(p: Parts, figure: int, node: int, index: int) -> None:
    """``on figure F`` rules: the mover just placed a figure ``figure`` (an index of
    ``Modes.figures``) on ``node``."""
    for rule in p.tables.modes.on_figure:
        if rule.figure == figure:
            act_on(p, rule.actions, p.features.root[node], index, node)


def fire_final(p: Parts, root: int, index: int) -> None:
    """``on final KIND`` rules for the feature of ``root`` at final scoring, before its own
    final score."""
    kind = p.features.kind[root]
    for rule in p.tables.modes.on_final:
        if rule.kind == kind:
            act_on(p, rule.actions, root, index, when="final")


def act_on(p: Parts, actions: tuple, root: int, index: int, node: int = -1,
           when: str = "complete") -> None:
    """Actions on the feature of ``root``: draws from a bag, tokens and figures sent back,
    a bag's worth scored, points to the most figures (``compile.modes``: DRAW_BAG and
    after); ``when``: ``final`` at final scoring."""
    for action in actions:
        if p.features.root[root] != root:  # joined since: act on the feature it is part of
            root = p.features.root[root]
        if action[0] == DRAW_BAG:
            _draw(p, action[1], root, index)
        elif action[0] == RETURN_TOKENS:
            _return_tokens(p, action[1], root, index)
        elif action[0] == RETURN_FIGURES:
            _return_figures(p, action[1], root)
        elif action[0] == SCORE_TO:
            _score_to(p, action[1], action[2], root, index)
        elif action[0] == SCORE_MOST:
            score_most(p, root, action[1], action[2], when, index)
        elif action[0] == CAPTURE and node >= 0:  # the state offers it (engine.decisions)
            p.decisions.asked = (action, root, node)


def _draw(p: Parts, bag: int, root: int, index: int) -> None:
    """A token at random from the bag (weighted by the tokens left of each kind; a record's
    ``drawn`` says which) onto the feature, then the ``on draw`` rules for its kind."""
    tokens, kinds = p.tokens, p.tables.modes.tokens
    left = [(i, tokens.supply[i]) for i, k in enumerate(kinds) if k.bag == bag
            and tokens.supply[i] > 0]
    if not left:
        return
    if tokens.given:
        name = tokens.given.pop(0)
        i = next((i for i, _ in left if kinds[i].name == name), -1)
        if i < 0:
            raise IllegalMoveError("drawn", "none", token=name,
                                   bag=p.tables.modes.bags[bag])
    elif tokens.rng is not None:
        i = _weighted(left, below(tokens.rng, sum(n for _, n in left)))
    else:
        raise IllegalMoveError("drawn", "unknown", bag=p.tables.modes.bags[bag])
    tokens.drawn.append(kinds[i].name)
    put_tokens(p, i, 1, root, index, "drawn")
    for rule in p.tables.modes.on_draw:
        if rule.kind == i:
            act_on(p, rule.actions, root, index)


def _weighted(left: list[tuple[int, int]], pick: int) -> int:
    """The token kind of ``left`` ((kind, tokens left)) that ``pick`` (below their sum) falls
    in, in order."""
    for i, n in left:
        if pick < n:
            return i
        pick -= n
    raise ValueError(pick)


def _return_tokens(p: Parts, bag: int, root: int, index: int) -> None:
    on = p.features.tokens.get(root)
    if not on:
        return
    kinds, at = p.tables.modes.tokens, to_xy(p.features.node_key[root])
    for i, k in enumerate(kinds):
        if k.bag == bag and on[i]:
            p.tokens.supply[i] += on[i]
            p.log.token_events.append(TokenEvent(
                index, k.name, on[i], "returned", None, None,
                p.tables.kinds[p.features.kind[root]].name, at, len(p.log.events)))
            on[i] = 0


def _return_figures(p: Parts, code: int, root: int) -> None:
    """Figures of ``code`` (0: ordinary followers) on the feature of ``root`` go home."""
    features, seats, figures = p.features, p.seats, p.tables.modes.figures
    for piece in [pc for pc in features.pieces if pc[3] == code
                  and features.root[pc[1]] == root]:
        strength = figures[code - 1].strength if code else 1
        features.take_back(piece, strength)
        if code:
            seats.figures[code - 1][piece[0]] += 1
        else:
            seats.followers[piece[0]] += 1


def _score_to(p: Parts, bag: int, code: int, root: int, index: int) -> None:
    """Each owner of a figure ``code`` on the feature scores the worth of the bag's tokens
    on it."""
    on = p.features.tokens.get(root) or ()
    kinds = p.tables.modes.tokens
    worth = sum(n * kinds[i].worth for i, n in enumerate(on) if kinds[i].bag == bag)
    if not worth:
        return
    features, seats = p.features, p.seats
    owners = dict.fromkeys(pc[0] for pc in features.pieces
                           if pc[3] == code and features.root[pc[1]] == root)
    name, at = p.tables.modes.bags[bag], to_xy(features.node_key[root])
    for seat in owners:
        seats.scores[seat] += worth
        p.log.events.append(ScoreEvent(index, seat, seats.players[seat], name, "complete",
                                       worth, at, (("q", worth, "worth", name, 1),)))


def _score_placer(p: Parts, rule, points: int, at: tuple[int, int], index: int) -> None:
    seats = p.seats
    seat = seats.current
    seats.scores[seat] += points
    p.log.events.append(ScoreEvent(index, seat, seats.players[seat], rule.feature, "complete",
                                   points, at, (rule.term,)))


def fire_completed(p: Parts, root: int, index: int) -> bool:
    """``on complete KIND`` rules for the feature of ``root``, which the placement just
    completed (whoever scores it); True when one gives an extra turn."""
    tb, features = p.tables, p.features
    kind = features.kind[root]
    extra = False
    at = to_xy(min(features.tiles_of(root)))
    for rule in tb.modes.on_complete:
        if rule.kind != kind:
            continue
        for action in rule.actions:
            if action[0] == EXTRA_TURN:
                extra = True
            elif action[0] == SCORE:
                _score_placer(p, rule, action[1], at, index)
            elif action[0] == TAKE:
                _take(p, root, action[1], action[2], at, index)
            elif action[0] == HIDE:
                p.supply.hide(action[1])
    return extra


def _take(p: Parts, root: int, token: int, attribute: object, at: tuple[int, int],
          index: int) -> None:
    """The placer takes as many tokens ``token`` as the feature's attribute ``attribute``
    counts (as many as are left in the supply)."""
    features, seats = p.features, p.seats
    kind = p.tables.kinds[features.kind[root]]
    counts = features.attributes[root]
    if not counts or attribute not in kind.attribute_names:
        return
    count = min(counts[kind.attribute_names.index(attribute)], p.tokens.supply[token])
    if count <= 0:
        return
    seat = seats.current
    p.tokens.supply[token] -= count
    p.tokens.held[token][seat] += count
    p.log.token_events.append(TokenEvent(index, p.tables.modes.tokens[token].name, count,
                                         "taken", seat, seats.players[seat], kind.name, at,
                                         len(p.log.events)))


def _put_on_tile(p: Parts, o: int, key: int, index: int, count: int, token: int,
                 kind: int) -> None:
    """Tokens onto the placed tile's first segment of ``kind``."""
    base = p.grid.tiles[key][1]
    for local, seg in enumerate(p.tables.segments[o]):
        if seg.kind == kind:
            put_tokens(p, token, count, base + local, index)
            return
