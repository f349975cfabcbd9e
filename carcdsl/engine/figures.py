"""Figures beyond the ordinary follower, and taking a figure back: where each may stand, which
figures a player may recall, and what a figure on a feature counts for.

A move's spot (the last item of a fast move) says what the turn does besides placing the
tile: -1 nothing; ``local | figure << FIGURE_SHIFT`` a figure (0: the ordinary follower) on
the placed tile's local segment; ``RECALL - node`` taking back the mover's figure standing
on ``node``.
"""

from __future__ import annotations

from collections.abc import Iterator

from carcdsl.compile.modes import ANY_FOLLOWER, NO_NEED
from carcdsl.compile.tables import CENTRE, Tables
from carcdsl.engine.parts import Parts
from carcdsl.geometry.squares import AROUND, STEP

FIGURE_SHIFT = 16
"""A spot's figure is above these bits, its local segment below (no tile has 65,536)."""
RECALL = -2
"""Spots at or below it take a figure back: ``RECALL - node``."""


def figure_spot(local: int, figure: int) -> int:
    return local | figure << FIGURE_SHIFT


def split_spot(spot: int) -> tuple[int, int]:
    """(local segment, figure) of a spot that places a figure."""
    return spot & ((1 << FIGURE_SHIFT) - 1), spot >> FIGURE_SHIFT


def placements(p: Parts, o: int, key: int, occupied) -> Iterator[int]:
    """The spots of the rule set's figures on oriented tile ``o`` placed on ``key`` (figure
    1 and up; the ordinary follower's are ``Tables.free_spots``), for the player to move."""
    tb, seats = p.tables, p.seats
    seat = seats.current
    for f, kind in enumerate(tb.modes.figures):
        if not seats.figures[f][seat]:
            continue
        candidates = tb.figure_spots[f][o]
        if not candidates:
            continue
        if kind.strength:
            candidates = free_among(tb, o, occupied, candidates)
        for local in candidates:
            if kind.needs == NO_NEED or holds_own(p, o, key, local, kind.needs):
                yield figure_spot(local, f + 1)


def free_among(tb: Tables, o: int, occupied, candidates: tuple[int, ...]) -> tuple[int, ...]:
    """Those of ``candidates`` (local segments of ``o``) whose features would hold no figure
    that counts, given ``Grid.occupied`` of the square (as ``Tables.free_spots``)."""
    masks = tb.fast.seg_link_mask[o]
    if isinstance(occupied, tuple):
        occupied, bridges = occupied
        joined = masks + bridges
        grown = True
        while grown:
            grown = False
            for mask in joined:
                if mask & occupied and mask & ~occupied:
                    occupied |= mask
                    grown = True
    return tuple(i for i in candidates if not masks[i] & occupied)


def joined_roots(p: Parts, o: int, key: int, local: int) -> set[int]:
    """The roots of the placed features that local segment ``local`` of ``o``, placed on
    ``key``, joins into one feature (through the tile's other segments too)."""
    tb, tiles, root = p.tables, p.grid.tiles, p.features.root
    seg_links = tb.fast.seg_links[o]

    def neighbours(i: int) -> set[int]:
        found = set()
        for side, fpos in seg_links[i]:
            nb = tiles.get(key + STEP[side])
            if nb is not None:
                j = tb.seg_at[nb[0]][fpos]
                if j >= 0:
                    found.add(root[nb[1] + j])
        return found

    group, roots = {local}, neighbours(local)
    grown = True
    while grown:
        grown = False
        for i in range(len(seg_links)):
            if i not in group and neighbours(i) & roots:
                group.add(i)
                roots |= neighbours(i)
                grown = True
    return roots


def holds_own(p: Parts, o: int, key: int, local: int, needs: int) -> bool:
    """Whether the feature local segment ``local`` joins already holds the mover's figure
    ``needs`` (ANY_FOLLOWER: any that counts)."""
    roots = joined_roots(p, o, key, local)
    if not roots:
        return False
    seat, features = p.seats.current, p.features
    if needs == ANY_FOLLOWER:
        return any((features.followers[r] or features.none)[seat] > 0 for r in roots)
    root = features.root
    return any(piece[0] == seat and piece[3] == needs + 1 and root[piece[1]] in roots
               for piece in features.pieces)


def recalls(p: Parts, o: int, key: int) -> Iterator[int]:
    """Spots taking back one of the mover's figures that may be recalled, from a feature the
    placement of ``o`` on ``key`` leaves incomplete."""
    figures, seat = p.tables.modes.figures, p.seats.current
    seen = set()
    for piece in p.features.pieces:
        if piece[0] != seat or not piece[3] or not figures[piece[3] - 1].recall:
            continue
        if piece[1] in seen:
            continue
        seen.add(piece[1])
        if not completes(p, o, key, piece[1]):
            yield RECALL - piece[1]


def completes(p: Parts, o: int, key: int, node: int) -> bool:
    """Whether placing ``o`` on ``key`` completes the feature of ``node``."""
    tb, features, grid = p.tables, p.features, p.grid
    root = features.root[node]
    if tb.kinds[features.kind[root]].geometry == CENTRE:
        square = features.node_key[root]
        if key - square not in AROUND:
            return False
        bt = tb.board
        return all(square + off in grid.tiles or square + off == key
                   or (bt.limited and bt.edge_closes and not bt.exists(square + off))
                   for off in AROUND)
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


def extends_own(p: Parts, o: int, key: int, base: int, kinds: frozenset, figure: int) -> bool:
    """``extends KINDS with own F``: the tile just placed on ``key`` (first node ``base``) is
    part of a feature of those kinds that holds the mover's figure F standing on another
    square."""
    features, seat = p.features, p.seats.current
    root = features.root
    roots = {root[base + i] for i, seg in enumerate(p.tables.segments[o]) if seg.kind in kinds}
    if not roots:
        return False
    for piece in features.pieces:
        if piece[0] != seat or piece[2] == key or root[piece[1]] not in roots:
            continue
        if piece[3] == figure + 1 or figure == ANY_FOLLOWER and (
                not piece[3] or p.tables.modes.figures[piece[3] - 1].strength):
            return True
    return False
