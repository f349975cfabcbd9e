"""``Tables`` laid out as the NumPy arrays the kernel indexes (``TB``, a tuple: Numba caches
functions over tuples of arrays, not over objects).

``o`` is an oriented tile as in ``Tables`` (``4 * type + rotation``); padding is -1 (or 0 for
counts). The order of every row is the order the Python engine iterates in (spots, closable
segments, links, rotations), because the same seeds must give the same games.
"""

from __future__ import annotations

import numpy as np

from carcdsl.compile.facts import marker_names as marker_names  # the markers' bits
from carcdsl.compile.facts import unshuffled_pile
from carcdsl.compile.modes import CAPTURE, CHOOSE, NO_NEED, PLACE_ANYWHERE, SCORE_MOST
from carcdsl.compile.tables import CENTRE, FIELD, Tables
from carcdsl.fast.program import compile_program

SIG_BITS = 15
"""Bits per side in a packed signature (``sigp``): a square's requirement is one mask and one
value, and a rotation fits when ``sigp & mask == need``."""

# TB, a tuple of stacked arrays: each row of a stack is one field, named below
O1, O4, OS, OL, SEG_AT, TOUCHES, SEG_ATTR, TT, KK, CODE, SLOTS, SUPPLY, PARAMS, GROUP_ENDS = \
    range(14)
FIG_TB, EFF_TB, BOARD_TB = 14, 16, 18
"""Two slots each (``FIG_TB``, ``FIG_TB + 1``) for ``fast.figures``, ``fast.effects`` and
``fast.boards``, which build them."""
SIGP, N_SEG, N_SPOTS, N_CLOSABLE, N_CENTRES, WATCHED, HIGH = range(7)
"""``TB[O1]`` [7, O]: per oriented tile (``WATCHED``: ``Tables.watched_centres``; ``HIGH``:
``Tables.high_tiles``)."""
NEEDV, NEEDM, N_LINKS = range(3)
"""``TB[O4]`` [3, O, 4]: per side, what the square across must show (value and mask) and
how many links cross it."""
SEG_KIND, SEG_PEN, SEG_OPEN, SPOTS, CLOSABLE, CENTRE_SPOT, CENTRES, N_TOUCHES, SEG_MASK = \
    range(9)
"""``TB[OS]`` [9, O, S]: per local segment (``SPOTS``, ``CLOSABLE``, ``CENTRES``: lists)."""
LINK_SEG, LINK_POS, LINK_COUNTS = range(3)
"""``TB[OL]`` [3, O, 4, L]: per side, each link's segment, facing ring position and whether
it counts as an open end."""
N_DISTINCT, SPOT_COUNT = 4, 5
"""``TB[TT]`` [T, 6]: per tile type, its distinct rotations (columns 0..3), how many, and
the spots of each rotation."""
KIND_CENTRE, CODE_LEN, N_SLOTS, KIND_FIELD, ANY_W = 0, 1, 3, 5, 6
"""``TB[KK]`` [K, 7]: per kind, whether a centre; per when (complete, final), program rows
and quantity slots; whether a field (never completed); ``followers anywhere [with F]``: the
code of the figure F (NO_NEED: none), or NOT_ANYWHERE."""
NOT_ANYWHERE = -3
(START_TYPE, START_PLACED, FOLLOWERS, N_ATTR, N_TYPES, N_KINDS, END_UNPLACEABLE, HAND, BAG,
 GENERAL, TIES, MEASURED, MOST_OPTIONS, BAGS, ANY_KIND, ANY_WITH, ELSE_MAX, DECIDING,
 NEUTRAL) = range(19)
"""``TB[PARAMS]``. ``GENERAL``: placements offer different numbers of moves (hands, figures,
requirements), and the random bot draws as ``movegen._sample_more`` (``sample_general``).
``TIES``: ``Tables.ties`` when some tile breaks ties, else 0. ``MEASURED``:
``Modes.measured_strengths``. ``MOST_OPTIONS``: ``Modes.most_options``. ``BAGS``: how many
bags tokens are drawn from (their draws: the last row but one of ``ST[MTX]``). ``ANY_KIND``,
``ANY_WITH``: whether some kind's ordinary followers stand on any placed tile (1; -1: none;
each kind's `with` is ``TB[KK][k, ANY_W]``), and an unused column (NO_NEED).
``ELSE_MAX``: how many spots elsewhere (and target spots: ``fast.targets``) a placement may
offer at most. ``DECIDING``:
``Modes.deciding`` (``fast.decisions``), or targets or ``place F anywhere``. ``NEUTRAL``:
neutral figures, targets, ``place F anywhere`` or tiles held back (``fast.neutral``,
``fast.targets``): the one flag the play loop reads for them."""


def kernel_tables(tb: Tables, players: int) -> tuple:
    """``TB`` for a game of ``players`` (see the names above). Oriented tiles are the tile
    types' (``4 * types``) and then a map's printed tiles (``Tables.printed_from``)."""
    o1, o4, os_, ol, touches, seg_attr = _oriented(tb)
    n_t = len(tb.type_names)
    tt = np.full((n_t, 6), -1, np.int64)
    for t, rs in enumerate(tb.distinct):
        tt[t, :len(rs)] = rs
        tt[t, N_DISTINCT], tt[t, SPOT_COUNT] = len(rs), tb.fast.spot_count[t]
    code, code_len, slots, n_slots = _programs(tb)
    code_len, n_slots = code_len[:len(tb.kinds)], n_slots[:len(tb.kinds)]
    kk = np.zeros((len(tb.kinds), 7), np.int64)
    kk[:, ANY_W] = NOT_ANYWHERE
    for kind, with_any in tb.modes.anywhere_kinds:
        kk[kind, ANY_W] = with_any
    kk[:, KIND_CENTRE] = [k.geometry == CENTRE for k in tb.kinds]
    kk[:, KIND_FIELD] = [k.geometry == FIELD for k in tb.kinds]
    kk[:, CODE_LEN:CODE_LEN + 2], kk[:, N_SLOTS:N_SLOTS + 2] = code_len, n_slots
    modes = tb.modes
    params = np.array([-1 if tb.start_type is None else tb.start_type,
                       modes.start_placed, modes.followers[players], seg_attr.shape[2], n_t,
                       len(tb.kinds), modes.end_unplaceable, modes.hand, modes.bag,
                       modes.placing_more or bool(modes.hand),
                       tb.ties if tb.high_tiles else 0, modes.measured_strengths,
                       modes.most_options, len(modes.bags),
                       1 if modes.anywhere_kinds else -1, NO_NEED,
                       _elsewhere_most(tb, players),
                       modes.deciding or bool(modes.targets) or modes.placing_anywhere,
                       any(f.neutral for f in modes.figures) or bool(modes.targets)
                       or modes.placing_anywhere or modes.hold is not None], np.int64)
    pile, ends = unshuffled_pile(tb)
    return (o1, o4, os_, ol, np.array(tb.seg_at[:len(tb.sigs)], np.int64), touches, seg_attr,
            tt, kk, code, slots, np.array(pile, np.int64), params, np.array(ends, np.int64))


def _elsewhere_most(tb: Tables, players: int) -> int:
    """A bound on the spots elsewhere one placement offers (``engine.elsewhere``): per figure
    code that may go elsewhere, every segment of its kinds on every tile of the game; with
    ``place F anywhere``, every segment for each figure code; and a target spot per target
    and piece a game may have on the board (``engine.targets``)."""
    modes = tb.modes
    kinds = [frozenset(k for k, _ in modes.anywhere_kinds)] if modes.anywhere_kinds else []
    kinds += [f.kinds for f in modes.figures if f.anywhere]
    mask = 0
    for rule in modes.triggers:
        for a in rule.actions:
            mask |= a[1] if a[0] == PLACE_ANYWHERE else 0
    for code in range(len(modes.figures) + 1):
        figure = modes.figures[code - 1] if code else None
        counts = figure is None or bool(figure.strength or figure.strength_program)
        if (mask >> code & 1 or mask & 1 and counts) and not (figure and figure.neutral):
            kinds.append(frozenset(range(len(tb.kinds))))
    pieces = players * (modes.followers[players]
                        + sum(f.supply_for(players) for f in modes.figures))
    targets = len(modes.targets) * pieces
    if not kinds:
        return targets
    pile, _ = unshuffled_pile(tb)
    start = [] if tb.start_type is None else [4 * tb.start_type]
    tiles = [4 * t for t in pile] + start + list(range(4 * len(tb.type_names), len(tb.sigs)))
    return sum(sum(seg.kind in ks for seg in tb.segments[o]) for ks in kinds
               for o in tiles) + 1 + targets


def capture_actions(tb: Tables) -> list[tuple]:
    """Every ``capture`` action of the ``on figure`` rules, in rule order: their reach
    programs are rows of ``TB[CODE]`` after the tokens' (``_programs``)."""
    return [a for r in tb.modes.on_figure for a in r.actions if a[0] == CAPTURE]


def most_actions(tb: Tables) -> list[tuple]:
    """Every ``score EXPR to most F`` action (of ``on place``, ``on figure``, ``on draw`` and
    ``on final`` rules, and ``choose``'s options), in rule order: their programs are rows of
    ``TB[CODE]`` after the captures' (``_programs``)."""
    modes = tb.modes
    todo = [a for r in (*modes.triggers, *modes.on_figure, *modes.on_draw, *modes.on_final)
            for a in r.actions]
    out: list[tuple] = []
    while todo:
        action = todo.pop(0)
        if action[0] == CHOOSE:
            todo = [a for _name, acts in action[1] for a in acts] + todo
        elif action[0] == SCORE_MOST and action not in out:
            out.append(action)
    return out


def _oriented(tb: Tables) -> tuple[np.ndarray, ...]:
    """The arrays per oriented tile: ``O1``, ``O4``, ``OS``, ``OL``, ``TOUCHES`` and
    ``SEG_ATTR`` (its last axis as long as the most attributes a kind has, at least 1)."""
    n_o = len(tb.sigs)
    segs = tb.segments[:n_o]
    s_max = max(1, max(len(s) for s in segs))
    l_max = max(1, max(len(side) for o in tb.links[:n_o] for side in o))
    t_max = max(1, max(len(seg.touches) for o in segs for seg in o))
    a_max = max([1] + [len(k.attribute_names) for k in tb.kinds])
    o1 = np.zeros((7, n_o), np.int64)
    o4 = np.zeros((3, n_o, 4), np.int64)
    os_ = np.full((9, n_o, s_max), -1, np.int64)
    os_[[SEG_PEN, SEG_OPEN, CENTRE_SPOT, N_TOUCHES, SEG_MASK]] = 0
    ol = np.full((3, n_o, 4, l_max), -1, np.int64)
    ol[LINK_COUNTS] = 0
    touches = np.full((n_o, s_max, t_max), -1, np.int64)
    seg_attr = np.zeros((n_o, s_max, a_max), np.int64)
    fast = tb.fast
    for o in range(n_o):
        o1[N_SEG, o], o1[N_SPOTS, o] = len(segs[o]), len(tb.spots[o])
        o1[N_CLOSABLE, o], o1[N_CENTRES, o] = len(fast.closable[o]), len(tb.centres[o])
        o1[WATCHED, o] = bool(tb.watched_centres) and tb.watched_centres[o]
        o1[HIGH, o] = bool(tb.high_tiles) and tb.high_tiles[o]
        for d in range(4):
            if tb.sigs[o][d] >= 1 << SIG_BITS:
                raise ValueError("a side signature beyond the kernel's 15 bits")
            o1[SIGP, o] |= tb.sigs[o][d] << (SIG_BITS * d)
            need = tb.pattern_of(fast.pattern_bits[o][d])[(d + 2) % 4]
            if need >= 0:
                shift = SIG_BITS * ((d + 2) % 4)
                o4[NEEDV, o, d] = need << shift
                o4[NEEDM, o, d] = ((1 << SIG_BITS) - 1) << shift
            o4[N_LINKS, o, d] = len(tb.links[o][d])
            for k, (i, pos, counts) in enumerate(tb.links[o][d]):
                ol[:, o, d, k] = i, pos, counts
        for i, seg in enumerate(segs[o]):
            os_[[SEG_KIND, SEG_PEN, SEG_OPEN], o, i] = seg.kind, seg.pennants, seg.open_ends
            os_[N_TOUCHES, o, i] = len(seg.touches)
            touches[o, i, :len(seg.touches)] = seg.touches
            os_[SEG_MASK, o, i] = fast.seg_link_mask[o][i]
            os_[CENTRE_SPOT, o, i] = i in fast.centre_spots[o]
            if seg.attributes:
                seg_attr[o, i, :len(seg.attributes)] = seg.attributes
        os_[SPOTS, o, :len(tb.spots[o])] = tb.spots[o]
        os_[CLOSABLE, o, :len(fast.closable[o])] = fast.closable[o]
        os_[CENTRES, o, :len(tb.centres[o])] = tb.centres[o]
    return o1, o4, os_, ol, touches, seg_attr


def _programs(tb: Tables) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every kind's ``complete`` and ``final`` program as bytecode rows and quantity slots
    ([K + F, 2, rows, 3], lengths, [K + F, 2, slots, 2], counts; a missing program has length
    0); after the kinds, each figure's ``strength = EXPR`` as its "complete" program (its
    length and slots are ``fast.figures``' ``FK`` columns ``F_CODE_LEN``, ``F_N_SLOTS``),
    then each token's ``score final = EXPR`` (its length: ``fast.effects``' ``TK_CODE_LEN``;
    its one quantity, ``tokens``, is what the player holds), then each ``capture``'s reach
    (``capture_actions``; its row, length and slots: the action's columns in ``fast.effects``'
    rule rows), then each ``score EXPR to most F``'s program (``most_actions``, likewise)."""
    markers = marker_names(tb)
    compiled = [[compile_program(p, markers) if p is not None else None
                 for p in (k.complete, k.final)] for k in tb.kinds]
    compiled += [[compile_program(f.strength_program, markers)
                  if f.strength_program is not None else None, None]
                 for f in tb.modes.figures]
    compiled += [[compile_program(t.final_program, markers)
                  if t.final_program is not None else None, None]
                 for t in tb.modes.tokens]
    compiled += [[compile_program(a[2], markers), None] for a in capture_actions(tb)]
    compiled += [[compile_program(a[1], markers), None] for a in most_actions(tb)]
    rows = max([1] + [len(c[0]) for per in compiled for c in per if c is not None])
    quantities = max([1] + [len(c[1]) for per in compiled for c in per if c is not None])
    n_k = len(compiled)
    code = np.zeros((n_k, 2, rows, 3), np.int64)
    code_len = np.zeros((n_k, 2), np.int64)
    slots = np.zeros((n_k, 2, quantities, 2), np.int64)
    n_slots = np.zeros((n_k, 2), np.int64)
    for k, per in enumerate(compiled):
        for w, c in enumerate(per):
            if c is None:
                continue
            code[k, w, :len(c[0])] = c[0]
            code_len[k, w] = len(c[0])
            slots[k, w, :len(c[1])] = c[1]
            n_slots[k, w] = len(c[1])
    return code, code_len, slots, n_slots
