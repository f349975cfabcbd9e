"""The checked path: a move against the rules, before anything changes.

Every check runs before the state changes, so a move that raises IllegalMoveError leaves the
state exactly as it was. An IllegalMoveError carries a rule code, a form and its details;
``i18n`` words it (English by default). The fast path (``movegen``) does not come through
here.
"""

from __future__ import annotations

import attrs

from carcdsl.compile.facts import elsewhere_spot, with_choice
from carcdsl.compile.modes import NO_NEED
from carcdsl.engine import figures, neutral, owned, requirements, targets
from carcdsl.engine.elsewhere import Candidates
from carcdsl.engine.movegen import can_place, free_spots
from carcdsl.engine.moves import Discard, FollowerSpec, Placement, RecallSpec
from carcdsl.engine.parts import Parts
from carcdsl.errors import IllegalMoveError
from carcdsl.geometry import ports as P
from carcdsl.geometry.squares import SPAN, on_board, to_key
from carcdsl.model.rules import OWN_FOLLOWER


def check_discard(p: Parts, t: int, move: Discard) -> None:
    """Whether tile type ``t``, which the discard names, may be discarded."""
    check_drawn(p, t, "discard")
    if _plays_owned(p, t):  # keeping it is a last turn's (``State._play``), not a discard
        raise IllegalMoveError("owned", "keep")
    if p.tables.modes.hold is not None and neutral.must_hold(p, t):
        return  # set aside until its neutral figure comes on
    supply, player = p.supply, p.seats.players[p.seats.current]
    if (supply.hands is not None and supply.hands_known
            and any(can_place(p, h) for h in supply.hands[p.seats.current])):
        raise IllegalMoveError("discard-only-unplaceable", "hand", player=player)
    if can_place(p, t):
        raise IllegalMoveError("discard-only-unplaceable", tile=move.tile)


def take(p: Parts, name: str | None) -> int:
    """The tile type a move names (None: the drawn tile), if the mover may play it."""
    supply, tb = p.supply, p.tables
    if supply.owned is not None and name is not None:  # a tile the mover owns
        t = tb.type_index(name)
        if t is not None and _plays_owned(p, t):
            return t
    if supply.closing:
        raise IllegalMoveError("owned", "last", player=p.seats.players[p.seats.current])
    if supply.hands is not None:
        hand = supply.hands[p.seats.current]
        t = tb.type_index(name) if name is not None else None
        if t is None or t not in hand:
            if supply.hands_known or name is None or not hand:
                raise _not_in_hand(p, name)
            if t is None:
                raise IllegalMoveError("unknown-tile", tile=name)
            if not supply.in_play(t):
                raise IllegalMoveError("supply", "in-play", tile=name)
        assert t is not None
        return t
    if name is None:
        if not supply.pile:
            raise IllegalMoveError("supply")
        return supply.pile[-1]
    t = tb.type_index(name)
    if t is None:
        raise IllegalMoveError("unknown-tile", tile=name)
    if t not in supply.pile and not supply.may_be_hidden(t):
        if t in supply.hidden:  # a seeded game: the seed hid it
            raise IllegalMoveError("supply", "hidden", tile=name)
        raise IllegalMoveError("supply", "tile", tile=name)
    if not supply.drawable(t):
        raise IllegalMoveError("supply", "group", tile=name,
                               drawn=tb.type_names[supply.pile[-1]])
    return t


def _plays_owned(p: Parts, t: int) -> bool:
    """Whether a move naming tile type ``t`` plays a tile the mover owns rather than one of
    the pile or their hand."""
    supply = p.supply
    return (supply.owned is not None and owned.playing(p, t)
            and (supply.hands is not None or not supply.drawable(t)))


def _not_in_hand(p: Parts, name: str | None) -> IllegalMoveError:
    assert p.supply.hands is not None
    player = p.seats.players[p.seats.current]
    held = ", ".join(p.tables.type_names[t] for t in p.supply.hands[p.seats.current])
    if name is None:
        if not held:
            return IllegalMoveError("hand", "empty-none", player=player)
        return IllegalMoveError("hand", "none", player=player, tiles=held)
    if not held:
        return IllegalMoveError("hand", "empty", player=player, tile=name)
    return IllegalMoveError("hand", player=player, tiles=held, tile=name)


def check_drawn(p: Parts, t: int, what: str) -> None:
    """A live game: the move must place (or discard) the tile the player drew."""
    pile = p.supply.pile
    if p.supply.hands is not None or not pile or t == pile[-1] or owned.playing(p, t):
        return  # a tile the player owns is played instead of the one drawn
    names, player = p.tables.type_names, p.seats.players[p.seats.current]
    if what == "discard":
        raise IllegalMoveError("drawn-tile", "discard", player=player, drawn=names[pile[-1]],
                               tile=names[t])
    raise IllegalMoveError("drawn-tile", "place", player=player, drawn=names[pile[-1]],
                           tile=names[t])


def check_placement(p: Parts, t: int, move: Placement) -> tuple[int, int, int]:
    """(square key, rotation 0..3, follower spot or -1) of a placement, if it is legal."""
    tb, board = p.tables, p.grid
    name = tb.type_names[t]
    at = str(list(move.at))
    if move.rotation not in P.ROTATIONS:
        raise IllegalMoveError("rotation", rotation=move.rotation)
    if not on_board(*move.at):
        raise IllegalMoveError("board", "span", at=at, low=-SPAN, high=SPAN)
    key, r = to_key(*move.at), move.rotation // 90
    if key in board.tiles:
        _check_printed(p, key, at)
        raise IllegalMoveError("square-taken", at=at)
    code = board.open.get(key)
    if code is None:
        if tb.board.limited and not tb.board.allows(key):
            raise IllegalMoveError("board", at=at)
        raise IllegalMoveError("adjacent", at=at)
    check_drawn(p, t, "place")
    if p.tables.modes.hold is not None and neutral.must_hold(p, t):
        hold = p.tables.modes.hold
        raise IllegalMoveError("hold", tile=name, figure=p.tables.modes.figures[hold[1]].name)
    o = 4 * t + r
    if tb.canonical[o] - 4 * t not in board.fitting[key][t]:
        pattern = tb.pattern_of(code)
        sides = ", ".join(P.SIDES[d] for d in range(4)
                          if pattern[d] >= 0 and pattern[d] != tb.sigs[o][d])
        raise IllegalMoveError("sides-match", tile=name, at=at, rotation=move.rotation,
                               sides=sides)
    _check_requirements(p, o, key, name, at)
    spot = -1
    if move.follower is not None and move.recall is not None:
        raise IllegalMoveError("recall", "and-follower")
    if move.follower is not None and move.follower.square is not None:
        spot = _elsewhere_spot(p, o, key, move.follower)
    elif move.follower is not None:
        figure = _figure(p, move.follower)
        spot = _spot(p, o, move.follower, figure)
        if figure:
            spot = _figure_spot(p, o, key, spot, figure, move.follower)
        else:
            if not p.seats.followers[p.seats.current]:
                raise IllegalMoveError("follower-supply",
                                       player=p.seats.players[p.seats.current])
            if spot not in free_spots(p, t, key, r):
                holder = figures.keeper(p, o, key, spot, 0)
                if holder is not None:
                    raise IllegalMoveError("figure-kept-out", feature=move.follower.feature,
                                           kind=p.tables.modes.follower or "follower",
                                           holder=holder)
                raise _feature_taken(move.follower)
    elif move.recall is not None:
        spot = _recall_spot(p, o, key, move.recall)
    if move.returns is not None or move.beside is not None:
        spot = _target_spot(p, o, key, move, spot)
    return key, r, _with_choice(p, o, key, spot, move)


def _target_spot(p: Parts, o: int, key: int, move: Placement, spot: int) -> int:
    """The spot of what the move does instead of placing a figure (``engine.targets``)."""
    if spot != -1 or (move.returns is not None and move.beside is not None):
        raise IllegalMoveError("target", "and-follower")
    said = move.returns if move.returns is not None else move.beside
    assert said is not None
    where = to_key(*said.at) if on_board(*said.at) else None
    local = None
    if where in p.grid.tiles:
        o_there, base = p.grid.tiles[where]
        local = _find_segment(p, o_there, FollowerSpec.parse(said.spot))
    found = None
    if local is not None:  # the spot as the engine names it (any port of the segment)
        named = attrs.evolve(said, spot=figures.spot_name(p, base + local))
        found = targets.spot_for(p, o, key, {"returns" if move.returns is not None
                                             else "beside": named})
    if found is None:
        raise IllegalMoveError("target", at=str(list(said.at)), spot=said.spot)
    return found


def _elsewhere_spot(p: Parts, o: int, key: int, spec: FollowerSpec) -> int:
    """The spot of a figure the move puts on another placed tile (``spec.square``)."""
    square = spec.square
    assert square is not None
    at = str(list(square))
    if not on_board(*square) or to_key(*square) not in p.grid.tiles:
        raise IllegalMoveError("elsewhere", "no-tile", at=at)
    o_there, base = p.grid.tiles[to_key(*square)]
    figure = _figure(p, spec)
    if spec.kind is not None and not figure:
        _check_follower_kind(p, spec)
    local = _find_segment(p, o_there, spec)
    if local is None:
        raise IllegalMoveError("elsewhere", "no-segment", at=at, spot=spec.to_text())
    spot = elsewhere_spot(base + local, figure)
    if spot not in set(Candidates(p).spots(o, key)):
        kind = p.tables.modes.figures[figure - 1].name if figure else (
            p.tables.modes.follower or "follower")
        raise IllegalMoveError("elsewhere", at=at, spot=spec.to_text(), kind=kind)
    return spot


def _with_choice(p: Parts, o: int, key: int, spot: int, move: Placement) -> int:
    """``spot`` with the option the move chose, where the placement offers a choice."""
    names = figures.choice_names(p, o, key) if p.tables.modes.choosing else ()
    if not names:
        if move.choices:
            raise IllegalMoveError("choice", "none", chosen=move.choices[0])
        return spot
    if len(move.choices) != 1 or move.choices[0] not in names:
        raise IllegalMoveError("choice", options=", ".join(names))
    return with_choice(spot, names.index(move.choices[0]) + 1)


def _check_requirements(p: Parts, o: int, key: int, name: str, at: str) -> None:
    """``require`` rules (the river continues, does not turn back)."""
    for rule in p.tables.modes.requirements:
        if requirements.applies(p, rule, o, key):
            failed = requirements.failed(p, rule, o, key)
            kind = p.tables.kinds[rule.kind].name if rule.kind >= 0 else ""
            if failed == "surrounded":
                raise IllegalMoveError("requirement", "surrounded", tile=name, at=at)
            if failed == "joins":
                raise IllegalMoveError("requirement", "joins", tile=name, at=at, kind=kind)
            if failed == "no-repeat":
                raise IllegalMoveError("requirement", "no-repeat", tile=name, at=at, kind=kind)
            if failed == "third-turn":
                raise IllegalMoveError("requirement", "third-turn", tile=name, at=at, kind=kind)
            if failed == "apart":
                raise IllegalMoveError("requirement", "apart", tile=name, at=at, kind=kind)
            if failed == "at-most":
                raise IllegalMoveError("requirement", "at-most", tile=name, at=at, kind=kind,
                                       most=rule.distance,
                                       count=requirements.shown_around(p, key, rule.kind))
            if failed == "at-least":
                raise IllegalMoveError("requirement", "at-least", tile=name, at=at, kind=kind,
                                       least=rule.distance,
                                       count=requirements.shown_around(p, key, rule.kind))
            if failed is not None:
                raise IllegalMoveError("requirement", "look-ahead", tile=name, at=at, kind=kind)


def _figure(p: Parts, spec: FollowerSpec) -> int:
    """The figure a follower spec names: 0 for the ordinary follower, f + 1 for the rule
    set's figure f (by its name in ``kind``)."""
    if spec.kind is None:
        return 0
    for f, kind in enumerate(p.tables.modes.figures):
        if kind.name == spec.kind:
            return f + 1
    return 0


def _figure_spot(p: Parts, o: int, key: int, local: int, figure: int,
                 spec: FollowerSpec) -> int:
    """The spot of figure ``figure`` on local segment ``local``, if it may stand there."""
    seat, tb = p.seats.current, p.tables
    kind = tb.modes.figures[figure - 1]
    if not p.seats.figures[figure - 1][seat]:
        raise IllegalMoveError("figure-supply", player=p.seats.players[seat], kind=kind.name)
    if local not in tb.figure_spots[figure - 1][o]:
        raise IllegalMoveError("figure-stands", kind=kind.name, feature=spec.feature)
    spot = figures.figure_spot(local, figure)
    if spot not in figures.placements(p, o, key, p.grid.occupied(tb, p.features, key)):
        if kind.corner and not figures.at_corner(p, o, key, local):
            raise IllegalMoveError("figure-corner", kind=kind.name, feature=spec.feature)
        if kind.excludes and figures.joined_roots(p, o, key, local) & figures.excluded_roots(
                p, kind.excludes):
            raise IllegalMoveError("figure-excludes", kind=kind.name, feature=spec.feature,
                                   others=", ".join(_excluded_names(tb, kind.excludes)))
        if kind.needs != NO_NEED:
            raise IllegalMoveError("figure-needs", kind=kind.name, feature=spec.feature)
        holder = figures.keeper(p, o, key, local, figure)
        if holder is not None:
            raise IllegalMoveError("figure-kept-out", kind=kind.name, feature=spec.feature,
                                   holder=holder)
        raise _feature_taken(spec)
    return spot


def _excluded_names(tb, excludes: int) -> list[str]:
    """The figures a ``FigureKind.excludes`` mask names (bit 0: the ordinary follower)."""
    names = [tb.modes.follower or "follower"] + [f.name for f in tb.modes.figures]
    return [name for code, name in enumerate(names) if excludes >> code & 1]


def _recall_spot(p: Parts, o: int, key: int, spec: RecallSpec) -> int:
    """The spot taking back the figure a record's ``recall`` names, if the mover may."""
    tb, grid, seat = p.tables, p.grid, p.seats.current
    at = str(list(spec.at))
    if not on_board(*spec.at) or to_key(*spec.at) not in grid.tiles:
        raise IllegalMoveError("recall", "no-tile", at=at)
    square = to_key(*spec.at)
    o_there, base = grid.tiles[square]
    where = spec.where
    local = _find_segment(p, o_there, where)
    node = base + local if local is not None else -1
    kinds = tb.modes.figures
    piece = next((piece for piece in p.features.pieces if piece[1] == node
                  and piece[0] == seat and piece[3] and kinds[piece[3] - 1].recall
                  and (spec.kind is None or kinds[piece[3] - 1].name == spec.kind)), None)
    if piece is None:
        mine = next((piece for piece in p.features.pieces
                     if piece[1] == node and piece[0] == seat), None)
        if mine is not None:
            what = kinds[mine[3] - 1].name if mine[3] else (tb.modes.follower or "follower")
            raise IllegalMoveError("recall", "cannot", at=at, spot=spec.spot, kind=what)
        raise IllegalMoveError("recall", "none", at=at, spot=spec.spot)
    if figures.completes(p, o, key, node):
        raise IllegalMoveError("recall", "completed", at=at, spot=spec.spot)
    return figures.RECALL - node


def _find_segment(p: Parts, o: int, spec: FollowerSpec) -> int | None:
    """The local segment of ``o`` a spot names: its kind and a port, or its kind and which of
    the kind's segments without ports (``spec.index``, in the tile line's order)."""
    tb = p.tables
    wanted = tb.kind_index.get(spec.feature)
    seen = 0
    for i, seg in enumerate(tb.segments[o]):
        if seg.kind != wanted:
            continue
        if spec.port is None:
            if seg.port is None:
                seen += 1
                if seen == spec.index:
                    return i
        elif P.is_port(spec.port) and P.INDEX[spec.port] in seg.ports:
            return i
    return None


def _feature_taken(spec: FollowerSpec) -> IllegalMoveError:
    if spec.index > 1:
        return IllegalMoveError("feature-occupied", "index", feature=spec.feature,
                                spot=spec.to_text())
    if spec.port is None:
        return IllegalMoveError("feature-occupied", "centre", feature=spec.feature)
    return IllegalMoveError("feature-occupied", feature=spec.feature, port=spec.port)


def _check_printed(p: Parts, key: int, at: str) -> None:
    """A map prints some squares: a printed area (a map's big city), or a border segment
    off the map."""
    tb = p.tables
    o = p.grid.tiles[key][0]
    if o < tb.printed_from:
        return
    if key in tb.board.group_of:
        name, kind = tb.board.labels.get(key), tb.kinds[tb.segments[o][0].kind].name
        if name:
            raise IllegalMoveError("board", "named-printed", at=at, kind=kind, name=name)
        raise IllegalMoveError("board", "printed", at=at, kind=kind)
    raise IllegalMoveError("board", "not-on-map", at=at)


def _check_follower_kind(p: Parts, spec: FollowerSpec) -> None:
    """A record's ``{"at": ..., "kind": ...}``: the rule set has one kind of follower,
    named by the game (``meeple``) or, on a feature, by its role there (``knight``)."""
    tb = p.tables
    modes = tb.modes
    index = tb.kind_index.get(spec.feature)
    role = modes.roles[index] if index is not None else None
    if spec.kind in (modes.follower, role, OWN_FOLLOWER):
        return
    if spec.kind in modes.roles:
        if role:
            raise IllegalMoveError("follower-kind", "role", kind=spec.kind,
                                   feature=spec.feature, role=role)
        raise IllegalMoveError("follower-kind", "no-role", kind=spec.kind,
                               feature=spec.feature)
    roles = tuple((r, k.name) for r, k in zip(modes.roles, tb.kinds) if r and k.followers)
    if not modes.follower and not roles:
        raise IllegalMoveError("follower-kind", "none", kind=spec.kind)
    # the kinds as (role, kind) pairs; the game's own follower as (word, None)
    known = ((modes.follower, None),) if modes.follower else ()
    if modes.figures:
        raise IllegalMoveError("follower-kind", "unknown-figure", kind=spec.kind,
                               known=known + roles,
                               figures=", ".join(f.name for f in modes.figures))
    raise IllegalMoveError("follower-kind", "unknown", kind=spec.kind, known=known + roles)


def _spot(p: Parts, o: int, spec: FollowerSpec, figure: int = 0) -> int:
    tb = p.tables
    if spec.kind is not None and not figure:
        _check_follower_kind(p, spec)
    banning = [tb.kinds[s.kind].name for s in tb.segments[o] if not tb.kinds[s.kind].tile_figures]
    if banning:
        raise IllegalMoveError("follower-spot", "tile", shown=banning[0])
    local = _find_segment(p, o, spec)
    if local is not None:
        if not figure and not tb.kinds[tb.segments[o][local].kind].followers:
            raise IllegalMoveError("follower-kind", feature=spec.feature)
        return local
    if spec.port:
        raise IllegalMoveError("follower-spot", "port", feature=spec.feature, port=spec.port)
    if spec.index > 1:
        wanted = tb.kind_index.get(spec.feature)
        count = sum(1 for seg in tb.segments[o] if seg.kind == wanted and seg.port is None)
        raise IllegalMoveError("follower-spot", "index", feature=spec.feature,
                               spot=spec.to_text(), count=count)
    raise IllegalMoveError("follower-spot", feature=spec.feature)
