"""``Tables`` laid out as the NumPy arrays the kernel indexes (``TB``, a tuple: Numba caches
functions over tuples of arrays, not over objects).

``o`` is an oriented tile as in ``Tables`` (``4 * type + rotation``); padding is -1 (or 0 for
counts). The order of every row is the order the Python engine iterates in (spots, closable
segments, links, rotations), because the same seeds must give the same games.
"""

from __future__ import annotations

import numpy as np

from carcdsl.compile.tables import CENTRE, Tables
from carcdsl.fast.program import compile_program

SIG_BITS = 15
"""Bits per side in a packed signature (``sigp``): a square's requirement is one mask and one
value, and a rotation fits when ``sigp & mask == need``."""

# indexes of TB, in order
(SIGP, NEEDV, NEEDM, SEG_AT, LINK_SEG, LINK_POS, LINK_COUNTS, N_LINKS, N_SEG, SEG_KIND,
 SEG_PEN, SEG_OPEN, SPOTS, N_SPOTS, DISTINCT, N_DISTINCT, SPOT_COUNT, CLOSABLE, N_CLOSABLE,
 CENTRE_SPOT, CENTRES, N_CENTRES, TOUCHES, N_TOUCHES, SEG_MASK, SEG_ATTR, KIND_CENTRE, CODE,
 CODE_LEN, SLOTS, N_SLOTS, SUPPLY, PARAMS) = range(33)

# PARAMS entries
START_TYPE, START_PLACED, FOLLOWERS, N_ATTR, N_TYPES, N_KINDS, END_UNPLACEABLE = range(7)


def kernel_tables(tb: Tables, players: int) -> tuple:
    """The arrays of ``TB`` for a game of ``players`` (see the indexes above)."""
    n_o = 4 * len(tb.type_names)
    segs = tb.segments[:n_o]
    s_max = max(1, max(len(s) for s in segs))
    l_max = max(1, max(len(side) for o in tb.links[:n_o] for side in o))
    sigp = np.zeros(n_o, np.int64)
    needv = np.zeros((n_o, 4), np.int64)
    needm = np.zeros((n_o, 4), np.int64)
    link_seg = np.full((n_o, 4, l_max), -1, np.int64)
    link_pos = np.full((n_o, 4, l_max), -1, np.int64)
    link_counts = np.zeros((n_o, 4, l_max), np.int64)
    n_links = np.zeros((n_o, 4), np.int64)
    seg_kind = np.full((n_o, s_max), -1, np.int64)
    seg_pen = np.zeros((n_o, s_max), np.int64)
    seg_open = np.zeros((n_o, s_max), np.int64)
    spots = np.full((n_o, s_max), -1, np.int64)
    n_spots = np.zeros(n_o, np.int64)
    closable = np.full((n_o, s_max), -1, np.int64)
    n_closable = np.zeros(n_o, np.int64)
    centre_spot = np.zeros((n_o, s_max), np.bool_)
    centres = np.full((n_o, s_max), -1, np.int64)
    n_centres = np.zeros(n_o, np.int64)
    t_max = max(1, max(len(seg.touches) for o in segs for seg in o))
    touches = np.full((n_o, s_max, t_max), -1, np.int64)
    n_touches = np.zeros((n_o, s_max), np.int64)
    seg_mask = np.zeros((n_o, s_max), np.int64)
    a_max = max([1] + [len(k.attribute_names) for k in tb.kinds])
    seg_attr = np.zeros((n_o, s_max, a_max), np.int64)
    fast = tb.fast
    for o in range(n_o):
        for d in range(4):
            if tb.sigs[o][d] >= 1 << SIG_BITS:
                raise ValueError("a side signature beyond the kernel's 15 bits")
            sigp[o] |= tb.sigs[o][d] << (SIG_BITS * d)
            need = tb.pattern_of(fast.pattern_bits[o][d])[(d + 2) % 4]
            if need >= 0:
                shift = SIG_BITS * ((d + 2) % 4)
                needv[o, d] = need << shift
                needm[o, d] = ((1 << SIG_BITS) - 1) << shift
            n_links[o, d] = len(tb.links[o][d])
            for k, (i, pos, counts) in enumerate(tb.links[o][d]):
                link_seg[o, d, k], link_pos[o, d, k], link_counts[o, d, k] = i, pos, counts
        for i, seg in enumerate(segs[o]):
            seg_kind[o, i], seg_pen[o, i], seg_open[o, i] = seg.kind, seg.pennants, seg.open_ends
            n_touches[o, i] = len(seg.touches)
            touches[o, i, :len(seg.touches)] = seg.touches
            seg_mask[o, i] = fast.seg_link_mask[o][i]
            centre_spot[o, i] = i in fast.centre_spots[o]
            if seg.attributes:
                seg_attr[o, i, :len(seg.attributes)] = seg.attributes
        n_spots[o] = len(tb.spots[o])
        spots[o, :len(tb.spots[o])] = tb.spots[o]
        n_closable[o] = len(fast.closable[o])
        closable[o, :len(fast.closable[o])] = fast.closable[o]
        n_centres[o] = len(tb.centres[o])
        centres[o, :len(tb.centres[o])] = tb.centres[o]
    n_t = len(tb.type_names)
    distinct = np.full((n_t, 4), -1, np.int64)
    n_distinct = np.zeros(n_t, np.int64)
    for t, rs in enumerate(tb.distinct):
        n_distinct[t] = len(rs)
        distinct[t, :len(rs)] = rs
    code, code_len, slots, n_slots = _programs(tb)
    params = np.array([-1 if tb.start_type is None else tb.start_type,
                       tb.modes.start_placed, tb.modes.followers[players], a_max, n_t,
                       len(tb.kinds), tb.modes.end_unplaceable], np.int64)
    return (sigp, needv, needm, np.array(tb.seg_at[:n_o], np.int64), link_seg, link_pos,
            link_counts, n_links, np.array([len(s) for s in segs], np.int64), seg_kind, seg_pen,
            seg_open, spots, n_spots, distinct, n_distinct,
            np.array(fast.spot_count, np.int64), closable, n_closable, centre_spot, centres,
            n_centres, touches, n_touches, seg_mask, seg_attr,
            np.array([k.geometry == CENTRE for k in tb.kinds], np.bool_), code, code_len, slots,
            n_slots, np.array(fast.supply, np.int64), params)


def _programs(tb: Tables) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every kind's ``complete`` and ``final`` program as bytecode rows and quantity slots
    ([K, 2, rows, 3], lengths, [K, 2, slots, 2], counts; a missing program has length 0)."""
    compiled = [[compile_program(p) if p is not None else None for p in (k.complete, k.final)]
                for k in tb.kinds]
    rows = max([1] + [len(c[0]) for per in compiled for c in per if c is not None])
    quantities = max([1] + [len(c[1]) for per in compiled for c in per if c is not None])
    n_k = len(tb.kinds)
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
