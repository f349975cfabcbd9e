"""Figures beyond the ordinary follower, and taking a figure back: where each may stand, which
figures a player may recall, and what a figure on a feature counts for.

A move's spot (the last item of a fast move) says what the turn does besides placing the
tile: -1 nothing; ``local | figure << FIGURE_SHIFT`` a figure (0: the ordinary follower) on
the placed tile's local segment; ``RECALL - node`` taking back the mover's figure standing
on ``node``.
"""

from __future__ import annotations

from collections.abc import Iterator

# the spot code, defined once for both engines
from carcdsl.compile.facts import FIGURE_SHIFT as FIGURE_SHIFT
from carcdsl.compile.facts import RECALL as RECALL
from carcdsl.compile.facts import figure_spot as figure_spot
from carcdsl.compile.facts import split_spot as split_spot
from carcdsl.compile.modes import ANY_FOLLOWER, CHOOSE, NO_NEED
from carcdsl.compile.tables import CENTRE, FIELD, Tables, grown_occupied
from carcdsl.engine.parts import Parts
from carcdsl.geometry.squares import AROUND, STEP


def own_roots(p: Parts) -> list[set[int]]:
    """Per figure of the rule set, the roots of the features its ``with own`` needs the
    mover to hold already (empty: the figure needs nothing, or cannot stand anywhere now):
    worked out once a turn, so that each candidate spot only joins its neighbours."""
    features, seat = p.features, p.seats.current
    root, followers, none = features.root, features.followers, features.none
    out: list[set[int]] = []
    for kind in p.tables.modes.figures:
        if kind.needs == NO_NEED:
            out.append(set())
        elif kind.needs == ANY_FOLLOWER:
            out.append({r for r in {root[piece[1]] for piece in features.pieces
                                    if piece[0] == seat}
                        if (followers[r] or none)[seat] > 0})
        else:
            out.append({root[piece[1]] for piece in features.pieces
                        if piece[0] == seat and piece[3] == kind.needs + 1})
    return out


def placements(p: Parts, o: int, key: int, occupied,
               owned: list[set[int]] | None = None) -> Iterator[int]:
    """The spots of the rule set's figures on oriented tile ``o`` placed on ``key`` (figure
    1 and up; the ordinary follower's are ``Tables.free_spots``), for the player to move.
    ``owned``: ``own_roots`` of this turn (worked out here when not given)."""
    tb, seats = p.tables, p.seats
    seat = seats.current
    if owned is None:
        owned = own_roots(p)
    near: list[set[int]] | None = None
    for f, kind in enumerate(tb.modes.figures):
        if not seats.figures[f][seat]:
            continue
        candidates = tb.figure_spots[f][o]
        if not candidates or kind.needs != NO_NEED and not owned[f]:
            continue
        if kind.strength:
            candidates = free_among(tb, o, occupied, candidates)
        if kind.corner:
            candidates = tuple(i for i in candidates if at_corner(p, o, key, i))
        kept = kept_roots(p, f + 1) if tb.modes.keeping_out else set()
        if kind.needs == NO_NEED and not kind.excludes and not kept:
            for local in candidates:
                yield figure_spot(local, f + 1)
            continue
        if near is None:
            near = _neighbour_roots(p, o, key)
        excluded = excluded_roots(p, kind.excludes) | kept
        for local in candidates:
            roots = joined_roots(p, o, key, local, near)
            if (kind.needs == NO_NEED or roots & owned[f]) and not roots & excluded:
                yield figure_spot(local, f + 1)


def excluded_roots(p: Parts, excludes: int) -> set[int]:
    """The roots of the features holding a figure whose code is in the mask ``excludes``
    (``FigureKind.excludes``)."""
    if not excludes:
        return set()
    root = p.features.root
    return {root[piece[1]] for piece in p.features.pieces if excludes >> piece[3] & 1}


CORNERS = ((11, 0), (2, 3), (5, 6), (8, 9))
"""Per corner of a tile (north-west, north-east, south-east, south-west): the two ring
positions (``geometry.ports``) that meet at it."""
_SHARING = tuple(tuple((dx + dy * STEP[2], c) for dx, dy, c in square) for square in (
    ((-1, -1, 2), (0, -1, 3), (-1, 0, 1)), ((0, -1, 2), (1, -1, 3), (1, 0, 0)),
    ((1, 0, 3), (1, 1, 0), (0, 1, 1)), ((0, 1, 0), (-1, 1, 1), (-1, 0, 2))))
"""Per corner of a square: (offset, corner) of the three other squares that meet there."""


def at_corner(p: Parts, o: int, key: int, local: int) -> bool:
    """``at corner``: local segment ``local`` of ``o``, placed on ``key``, holds a corner of
    the tile where three placed tiles meet it, each with a segment of the same kind at both
    ring positions of its corner there."""
    tb, tiles = p.tables, p.grid.tiles
    seg_at, kind = tb.seg_at, tb.segments[o][local].kind
    for c, (a, b) in enumerate(CORNERS):
        if seg_at[o][a] != local or seg_at[o][b] != local:
            continue
        if all(_shows_at(tb, tiles.get(key + off), corner, kind) for off, corner in _SHARING[c]):
            return True
    return False


def _shows_at(tb: Tables, placed: tuple[int, int] | None, corner: int, kind: int) -> bool:
    """Whether a placed tile (``Grid.tiles`` entry, None: none) shows ``kind`` at both ring
    positions of its ``corner``."""
    if placed is None:
        return False
    at, segments = tb.seg_at[placed[0]], tb.segments[placed[0]]
    return all(at[pos] >= 0 and segments[at[pos]].kind == kind for pos in CORNERS[corner])


def _keep_mask(p: Parts, code: int) -> int:
    """The ``FigureKind.keeps_out`` bits that keep figures ``code`` (0: an ordinary follower,
    f + 1: figure f) out: its own, and bit 0 when it counts for a majority."""
    kinds = p.tables.modes.figures
    counts = code == 0 or kinds[code - 1].strength > 0 or kinds[code - 1].strength_program
    return 1 << code | (1 if counts else 0)


def kept_roots(p: Parts, code: int) -> set[int]:
    """The roots of the features holding a figure that ``keeps out`` figures ``code``: no
    such figure is placed on them."""
    kinds, mask, root = p.tables.modes.figures, _keep_mask(p, code), p.features.root
    return {root[piece[1]] for piece in p.features.pieces
            if piece[3] and kinds[piece[3] - 1].keeps_out & mask}


def keeper(p: Parts, o: int, key: int, local: int, code: int) -> str | None:
    """The name of a figure keeping figures ``code`` out of the feature that local segment
    ``local`` of ``o`` joins when placed on ``key``, or None."""
    if not p.tables.modes.keeping_out:
        return None
    kinds, mask, this = p.tables.modes.figures, _keep_mask(p, code), p.features.root
    roots = joined_roots(p, o, key, local)
    return next((kinds[piece[3] - 1].name for piece in p.features.pieces
                 if piece[3] and this[piece[1]] in roots
                 and kinds[piece[3] - 1].keeps_out & mask), None)


def followers_kept_out(p: Parts, o: int, key: int, spots) -> list[int]:
    """The ordinary follower's ``spots`` (local segments of ``o`` on ``key``) whose features
    hold no figure that keeps followers out."""
    if not p.tables.modes.keeping_out:
        return list(spots)
    kept = kept_roots(p, 0)
    if not kept:
        return list(spots)
    near = _neighbour_roots(p, o, key)
    return [local for local in spots if not joined_roots(p, o, key, local, near) & kept]


def free_among(tb: Tables, o: int, occupied, candidates: tuple[int, ...]) -> tuple[int, ...]:
    """Those of ``candidates`` (local segments of ``o``) whose features would hold no figure
    that counts, given ``Grid.occupied`` of the square (as ``Tables.free_spots``)."""
    masks = tb.fast.seg_link_mask[o]
    if isinstance(occupied, tuple):
        occupied, bridges = occupied
        occupied = grown_occupied(masks + bridges, occupied)
    return tuple(i for i in candidates if not masks[i] & occupied)


def _neighbour_roots(p: Parts, o: int, key: int) -> list[set[int]]:
    """Per local segment of ``o`` placed on ``key``: the roots of the placed features it
    links to across its sides."""
    tb, tiles, root = p.tables, p.grid.tiles, p.features.root
    seg_at, out = tb.seg_at, []
    for links in tb.fast.seg_links[o]:
        found = set()
        for side, fpos in links:
            nb = tiles.get(key + STEP[side])
            if nb is not None:
                j = seg_at[nb[0]][fpos]
                if j >= 0:
                    found.add(root[nb[1] + j])
        out.append(found)
    return out


def joined_roots(p: Parts, o: int, key: int, local: int,
                 near: list[set[int]] | None = None) -> set[int]:
    """The roots of the placed features that local segment ``local`` of ``o``, placed on
    ``key``, joins into one feature (through the tile's other segments too). ``near``:
    ``_neighbour_roots`` of the placement, when already worked out."""
    near = near if near is not None else _neighbour_roots(p, o, key)
    group, roots = {local}, set(near[local])
    grown = bool(roots)
    while grown:
        grown = False
        for i, found in enumerate(near):
            if i not in group and found & roots:
                group.add(i)
                roots |= found
                grown = True
    return roots


def joined_groups(p: Parts, o: int, key: int) -> dict[int, set[int]]:
    """Roots the tile ``o`` on ``key`` joins into one feature: root -> all of them."""
    near = _neighbour_roots(p, o, key)
    out: dict[int, set[int]] = {}
    for local in range(len(near)):
        if not near[local]:
            continue
        roots = joined_roots(p, o, key, local, near)
        for r in roots:
            out[r] = roots
    return out


def recallable(p: Parts) -> list[tuple[int, bool]]:
    """The mover's figures that may be taken back: (node, whether on a centre feature)."""
    figures, seat, features = p.tables.modes.figures, p.seats.current, p.features
    kinds = p.tables.kinds
    found: dict[int, bool] = {}
    for piece in features.pieces:
        if piece[0] == seat and piece[3] and figures[piece[3] - 1].recall:
            node = piece[1]
            found[node] = kinds[features.kind[features.root[node]]].geometry == CENTRE
    return list(found.items())


def recalls(p: Parts, o: int, key: int,
            candidates: list[tuple[int, bool]] | None = None) -> Iterator[int]:
    """Spots taking back one of the mover's figures that may be recalled, from a feature the
    placement of ``o`` on ``key`` leaves incomplete (``candidates``: ``recallable``)."""
    for node, _ in recallable(p) if candidates is None else candidates:
        if not completes(p, o, key, node):
            yield RECALL - node


def surrounded(p: Parts, square: int, key: int | None = None) -> bool:
    """Whether the 8 squares around ``square`` are all placed (``key`` counted as placed) or
    off a bounded table whose edge closes features: a centre there is complete."""
    bt, tiles = p.tables.board, p.grid.tiles
    return all(square + off in tiles or square + off == key
               or (bt.limited and bt.edge_closes and not bt.exists(square + off))
               for off in AROUND)


def figure_name(p: Parts, code: int) -> str:
    """A figure code as records name it (``follower``: an ordinary follower)."""
    return p.tables.modes.figures[code - 1].name if code else "follower"


def completes(p: Parts, o: int, key: int, node: int) -> bool:
    """Whether placing ``o`` on ``key`` completes the feature of ``node``."""
    tb, features, grid = p.tables, p.features, p.grid
    root = features.root[node]
    geometry = tb.kinds[features.kind[root]].geometry
    if geometry == FIELD:  # no open ends, but a field is never completed
        return False
    if geometry == CENTRE:
        square = features.node_key[root]
        return key - square in AROUND and surrounded(p, square, key)
    trial_grid, trial_features = grid.copy(), features.copy()
    trial_grid.place(tb, trial_features, o, key)
    return trial_features.open_ends[trial_features.root[node]] == 0


def own_count(p: Parts, root: int, seat: int, figure: int) -> int:
    """``own(F)``: the figures ``figure`` (an index of ``Modes.figures``) of ``seat`` on the
    feature of ``root``; ANY_FOLLOWER: the strength of all that count."""
    features = p.features
    if figure == ANY_FOLLOWER:
        return (features.followers[root] or features.none)[seat]
    this = features.root
    return sum(1 for piece in features.pieces
               if piece[0] == seat and piece[3] == figure + 1 and this[piece[1]] == root)


def would_extend_own(p: Parts, o: int, key: int, kinds: frozenset, figure: int,
                     anyone: bool = False) -> bool:
    """``extends_own`` before ``o`` is placed on ``key``: a segment of those kinds links to
    a feature that holds the mover's figure F (any that counts, for ANY_FOLLOWER; anyone's,
    with ``anyone``)."""
    tb, features, seat = p.tables, p.features, p.seats.current
    near = _neighbour_roots(p, o, key)
    roots = set().union(*(near[i] for i, s in enumerate(tb.segments[o]) if s.kind in kinds))
    if not roots:
        return False
    root = features.root
    return any((anyone or piece[0] == seat) and root[piece[1]] in roots and (
        piece[3] == figure + 1 or figure == ANY_FOLLOWER and (
            not piece[3] or tb.modes.figures[piece[3] - 1].strength))
        for piece in features.pieces)


def choice_names(p: Parts, o: int, key: int) -> tuple[str, ...]:
    """The options a placement of ``o`` on ``key`` lets the mover choose between (an ``on
    place extends ... with own F: choose a: ... or b: ...`` rule that applies), else ()."""
    for rule in p.tables.modes.triggers:
        for action in rule.actions:
            if action[0] == CHOOSE and would_extend_own(p, o, key, rule.kinds, rule.figure,
                                                        rule.anyone):
                return tuple(name for name, _ in action[1])
    return ()


def extends_own(p: Parts, o: int, key: int, base: int, kinds: frozenset, figure: int,
                anyone: bool = False) -> bool:
    """``extends KINDS with own F``: the tile just placed on ``key`` (first node ``base``) is
    part of a feature of those kinds that holds the mover's figure F standing on another
    square (``anyone``: ``with F``, anyone's)."""
    features, seat = p.features, p.seats.current
    root = features.root
    roots = {root[base + i] for i, seg in enumerate(p.tables.segments[o]) if seg.kind in kinds}
    if not roots:
        return False
    for piece in features.pieces:
        if (piece[0] != seat and not anyone) or piece[2] == key or root[piece[1]] not in roots:
            continue
        if piece[3] == figure + 1 or figure == ANY_FOLLOWER and (
                not piece[3] or p.tables.modes.figures[piece[3] - 1].strength):
            return True
    return False


def spot_name(p: Parts, node: int) -> str:
    """How a record names the spot of placed segment ``node``: ``city:N``, ``monastery``."""
    o, base = p.grid.tiles[p.features.node_key[node]]
    return local_spot_name(p.tables, o, node - base)


def local_spot_name(tb: Tables, o: int, local: int) -> str:
    """How a record names local segment ``local`` of oriented tile ``o``: its kind and first
    port (``city:N``); without ports the bare kind (``monastery``) for the first of its kind
    on the tile, ``field#2`` for the second, in the order the tile line writes them."""
    segs = tb.segments[o]
    seg = segs[local]
    name = tb.kinds[seg.kind].name
    if seg.port:
        return f"{name}:{seg.port}"
    k = 1 + sum(1 for s in segs[:local] if s.kind == seg.kind and not s.port)
    return name if k == 1 else f"{name}#{k}"
