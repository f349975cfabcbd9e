"""Acting on a figure already on the board instead of placing one, and a tile that lets its
move's figure go anywhere.

``Modes.targets`` lists what a move may do instead of placing a figure:

- ``on place shows K [A]: instead return F``: one figure F (``follower``: any that counts),
  anyone's, standing on the feature that the placed tile's segment of kind K (carrying
  attribute A) belongs to once placed, goes home (The Princess & the Dragon's princess);
- ``figure N { neutral  beside own F }``: the neutral figure N goes beside one of the
  mover's figures F on the board, on its square (the fairy). ``on turn beside N: score P``
  gives P to a player whose figure N is beside when their turn starts; ``on score beside N:
  score P`` gives P to its owner whenever the feature it stands on scores.

Such a spot is ``TARGET - (node << TARGET_SHIFT | t)`` (``compile.facts``): target ``t``,
acting on the first figure it may act on standing on ``node``.

``on place shows K: place F anywhere`` lets the figure of a move placing such a tile go on
any placed tile's feature that is unoccupied and not complete once the tile is placed (a
magic portal): spots elsewhere (``engine.elsewhere``). A neutral figure that ``blocks``
keeps every figure off its square.
"""

from __future__ import annotations

from collections.abc import Iterator

from carcdsl.compile.facts import elsewhere_spot, split_target, target_spot
from carcdsl.compile.modes import (
    ANY_FOLLOWER,
    INSTEAD_RETURN,
    PLACE_ANYWHERE,
    SCORE,
    SCORE_BESIDE,
    TURN_BESIDE,
)
from carcdsl.compile.tables import CENTRE, FIELD
from carcdsl.engine import figures as F
from carcdsl.engine import neutral
from carcdsl.engine.events import ScoreEvent
from carcdsl.engine.parts import Parts
from carcdsl.geometry.squares import to_xy


def _counts(p: Parts, code: int) -> bool:
    """Whether figure ``code`` (0: an ordinary follower) counts for a majority."""
    if not code:
        return True
    kind = p.tables.modes.figures[code - 1]
    return bool(kind.strength or kind.strength_program)


def matches(p: Parts, mask: int, code: int) -> bool:
    """Whether figure ``code`` is one of the mask's (bit 0: any that counts)."""
    return bool(mask >> code & 1 or mask & 1 and _counts(p, code))


def _segments(p: Parts, rule, o: int) -> list[int]:
    """The local segments of ``o`` that rule's ``shows K [A]`` names."""
    return [i for i, s in enumerate(p.tables.segments[o]) if s.kind == rule.kind and (
        rule.attribute < 0 or s.attributes is not None and s.attributes[rule.attribute] > 0)]


def spots(p: Parts, o: int, key: int) -> Iterator[int]:
    """The target spots of oriented tile ``o`` placed on ``key``, for the player to move."""
    return TurnTargets(p).spots(o, key)


class TurnTargets:
    """Per turn: the target spots that every placement offers (a neutral figure beside one
    of the mover's), and the rules whose spots depend on the tile (``instead return``)."""

    __slots__ = ("p", "fixed", "returning")

    def __init__(self, p: Parts):
        self.p = p
        features, seat = p.features, p.seats.current
        self.fixed: list[int] = []
        self.returning: list[tuple[int, object, int]] = []
        for t, (code, arg, mask) in enumerate(p.tables.modes.targets):
            if code == INSTEAD_RETURN:
                self.returning.append((t, p.tables.modes.triggers[arg], mask))
                continue
            beside = p.decisions.beside.get(arg)
            wanted = 1 if mask == ANY_FOLLOWER else 1 << (mask + 1)
            nodes = (piece[1] for piece in features.pieces
                     if piece[0] == seat and piece != beside and matches(p, wanted, piece[3]))
            self.fixed += [target_spot(node, t) for node in dict.fromkeys(nodes)]

    def spots(self, o: int, key: int) -> Iterator[int]:
        yield from self.fixed
        p = self.p
        root = p.features.root
        for t, rule, mask in self.returning:
            roots: set[int] = set()
            for local in _segments(p, rule, o):
                roots |= F.joined_roots(p, o, key, local)
            if not roots:
                continue
            nodes = (piece[1] for piece in p.features.pieces
                     if root[piece[1]] in roots and matches(p, mask, piece[3]))
            for node in dict.fromkeys(nodes):
                yield target_spot(node, t)


def piece_of(p: Parts, spot: int) -> tuple[int, int, int, int]:
    """The figure a target spot acts on: the first on its node it may act on."""
    node, t = split_target(spot)
    code, arg, mask = p.tables.modes.targets[t]
    if code != INSTEAD_RETURN:
        mask = 1 if mask == ANY_FOLLOWER else 1 << (mask + 1)
    seat = p.seats.current
    return next(piece for piece in p.features.pieces if piece[1] == node and matches(
        p, mask, piece[3]) and (code == INSTEAD_RETURN or piece[0] == seat))


def act(p: Parts, spot: int) -> None:
    """Do what target spot ``spot`` does: a figure goes home, or a neutral figure goes
    beside one."""
    _, t = split_target(spot)
    code, arg, _ = p.tables.modes.targets[t]
    piece = piece_of(p, spot)
    if code == INSTEAD_RETURN:
        figure = piece[3]
        strength = p.tables.modes.figures[figure - 1].strength if figure else 1
        p.features.take_back(piece, strength)
        p.seats.supply_of(figure)[piece[0]] += 1
    else:  # the neutral figure comes to that square (its ``on enter`` rules act there)
        p.decisions.beside[arg] = piece
        neutral.enter(p, arg, piece[2])


def blocked(p: Parts) -> set[int]:
    """The squares no figure is placed on: where a neutral figure that ``blocks`` stands."""
    figures = p.tables.modes.figures
    return {at for f, at in p.decisions.neutral.items() if figures[f].blocks}


def spec(p: Parts, spot: int) -> dict:
    """How a record names target spot ``spot``: ``returns`` or ``beside``, as a Placement's
    keyword."""
    from carcdsl.engine.moves import BesideSpec, CaptureSpec

    _, t = split_target(spot)
    code, arg, _ = p.tables.modes.targets[t]
    seat, node, key, figure = piece_of(p, spot)
    where = F.spot_name(p, node)
    if code == INSTEAD_RETURN:
        return {"returns": CaptureSpec(to_xy(key), where, F.figure_name(p, figure),
                                       p.seats.players[seat])}
    return {"beside": BesideSpec(p.tables.modes.figures[arg].name, to_xy(key), where)}


def spot_for(p: Parts, o: int, key: int, wanted: dict) -> int | None:
    """The target spot of placement (``o``, ``key``) a record names (``spec``), else None."""
    for spot in spots(p, o, key):
        if spec(p, spot) == wanted:
            return spot
    return None


def _beside_now(p: Parts, figure: int) -> tuple[int, int, int, int] | None:
    """The figure neutral ``figure`` stands beside, while it is on the board."""
    piece = p.decisions.beside.get(figure)
    return piece if piece is not None and piece in p.features.pieces else None


def turn_starts(p: Parts, index: int) -> None:
    """``on turn beside N``: the player to move scores, for each such N beside their figure."""
    seat = p.seats.current
    for rule in p.tables.modes.on_beside:
        piece = _beside_now(p, rule.figure)
        if rule.condition == TURN_BESIDE and piece is not None and piece[0] == seat:
            _score(p, rule, seat, piece, index)


def feature_scored(p: Parts, root: int, index: int) -> None:
    """``on score beside N``: the feature of ``root`` scores; the owner of the figure N is
    beside, standing on it, scores."""
    for rule in p.tables.modes.on_beside:
        piece = _beside_now(p, rule.figure)
        if (rule.condition == SCORE_BESIDE and piece is not None
                and p.features.root[piece[1]] == root):
            _score(p, rule, piece[0], piece, index)


def _score(p: Parts, rule, seat: int, piece, index: int) -> None:
    seats = p.seats
    for action in rule.actions:
        if action[0] == SCORE:
            seats.scores[seat] += action[1]
            p.log.events.append(ScoreEvent(index, seat, seats.players[seat], rule.feature,
                                           "complete", action[1], to_xy(piece[2]),
                                           (rule.term,)))


# --- a figure placed anywhere by a rule of the tile -------------------------------------------
class AnywhereSpots:
    """Per turn: where ``place F anywhere`` may put each of the mover's figures, judged as
    the board is now (a feature unoccupied and open, not on a square a neutral figure
    ``blocks``); each placement judges anew only the features its tile joins or may
    complete."""

    __slots__ = ("p", "rules", "nodes", "open")

    def __init__(self, p: Parts):
        self.p = p
        modes, seats, seat = p.tables.modes, p.seats, p.seats.current
        self.rules = [(rule, a[1]) for rule in modes.triggers for a in rule.actions
                      if a[0] == PLACE_ANYWHERE]
        mask = 0
        for _, m in self.rules:
            mask |= m
        codes = [c for c in range(len(modes.figures) + 1)
                 if seats.supply_of(c)[seat] and matches(p, mask, c)
                 and (not c or not modes.figures[c - 1].neutral)]
        self.open: dict[int, bool] = {}
        barred, features = blocked(p), p.features
        self.nodes: list[tuple[int, list[int]]] = []
        for code in codes:
            found = []
            for where, (o_there, base) in p.grid.tiles.items():
                if where in barred:
                    continue
                allowed = (p.tables.figure_spots[code - 1][o_there] if code
                           else p.tables.spots[o_there])
                for local in allowed:
                    root = features.root[base + local]
                    if not features.followers[root] and self._open_now(root):
                        found.append(base + local)
            self.nodes.append((code, found))

    def _open_now(self, root: int) -> bool:
        """Whether the feature of ``root`` is incomplete now."""
        known = self.open.get(root)
        if known is None:
            known = self.open[root] = _incomplete(self.p, root, None)
        return known

    def spots(self, o: int, key: int, rule_holds) -> Iterator[int]:
        """The spots elsewhere of tile ``o`` placed on ``key`` (``rule_holds(rule)``: whether
        an ``on place`` rule applies to the placement)."""
        mask = 0
        for rule, m in self.rules:
            if rule_holds(rule):
                mask |= m
        if not mask:
            return
        p = self.p
        features = p.features
        joined = F.joined_groups(p, o, key)
        judged: dict[int, bool] = {}
        keeping = p.tables.modes.keeping_out
        for code, nodes in self.nodes:
            if not matches(p, mask, code):
                continue
            kept = F.kept_roots(p, code) if keeping else set()
            for node in nodes:
                root = features.root[node]
                ok = judged.get(root)
                if ok is None:
                    ok = judged[root] = self._still_free(node, root, joined, o, key)
                if ok and not (kept and (joined.get(root) or {root}) & kept):
                    yield elsewhere_spot(node, code)

    def _still_free(self, node: int, root: int, joined: dict, o: int, key: int) -> bool:
        """Whether the feature of ``node``, free and open now, still is once ``o`` is placed
        on ``key``."""
        p, features = self.p, self.p.features
        roots = joined.get(root)
        if roots is not None:
            if any(features.followers[r] for r in roots):
                return False
            return not F.completes(p, o, key, node)
        if p.tables.kinds[features.kind[root]].geometry == CENTRE:
            return _incomplete(p, root, key)
        return True


def _incomplete(p: Parts, root: int, key: int | None) -> bool:
    """Whether the feature of ``root`` is incomplete, now or (``key``) once a tile fills
    that square: a field always; a centre while a square around it is empty; an area or a
    path while an end is open."""
    features = p.features
    geometry = p.tables.kinds[features.kind[root]].geometry
    if geometry == FIELD:
        return True
    if geometry == CENTRE:
        return not F.surrounded(p, features.node_key[root], key)
    return features.open_ends[root] > 0
