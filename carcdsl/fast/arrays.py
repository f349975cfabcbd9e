"""``Tables`` as the flat NumPy arrays a kernel indexes (the first cut: what placing,
joining and legality need). Padding is -1; ``o`` is an oriented tile as in ``Tables``."""

from __future__ import annotations

import attrs
import numpy as np

from carcdsl.compile.tables import Tables


@attrs.frozen(eq=False)
class TileArrays:
    n_types: int
    sigs: np.ndarray
    """int16 [O, 4]: the signature of each side N E S W."""
    need: np.ndarray
    """int16 [O, 4]: the signature a tile across side d must show on its side (d + 2) % 4."""
    n_seg: np.ndarray
    """int8 [O]: segments per oriented tile."""
    seg_at: np.ndarray
    """int8 [O, 12]: the local segment at each ring position, -1: none."""
    link_seg: np.ndarray
    link_pos: np.ndarray
    link_counts: np.ndarray
    """int8 [O, 4, L]: per side, each link's local segment, facing ring position and whether
    it counts as an open end; ``n_links`` [O, 4] says how many."""
    n_links: np.ndarray
    seg_kind: np.ndarray
    seg_pennants: np.ndarray
    seg_open_ends: np.ndarray
    """int8/int16 [O, S]: per local segment."""
    spots: np.ndarray
    n_spots: np.ndarray
    """int8 [O, S] / [O]: the follower spots in ``Tables.spots`` order."""
    distinct: np.ndarray
    n_distinct: np.ndarray
    """int8 [T, 4] / [T]: the rotations of each type that give different placements."""


def tile_arrays(tb: Tables) -> TileArrays:
    n_o = len(tb.sigs)
    s_max = max(len(s) for s in tb.segments)
    l_max = max(len(side) for o in tb.links for side in o)
    sigs = np.array(tb.sigs, dtype=np.int16)
    need = np.full((n_o, 4), -1, np.int16)
    for o in range(n_o):
        for d, bits in enumerate(tb.fast.pattern_bits[o]):
            need[o, d] = tb.pattern_of(bits)[(d + 2) % 4]
    link_seg = np.full((n_o, 4, l_max), -1, np.int8)
    link_pos = np.full((n_o, 4, l_max), -1, np.int8)
    link_counts = np.zeros((n_o, 4, l_max), np.int8)
    n_links = np.zeros((n_o, 4), np.int8)
    seg_kind = np.full((n_o, s_max), -1, np.int8)
    seg_pennants = np.zeros((n_o, s_max), np.int16)
    seg_open_ends = np.zeros((n_o, s_max), np.int16)
    spots = np.full((n_o, s_max), -1, np.int8)
    n_spots = np.zeros(n_o, np.int8)
    for o in range(n_o):
        for d, side in enumerate(tb.links[o]):
            n_links[o, d] = len(side)
            for k, (i, pos, counts) in enumerate(side):
                link_seg[o, d, k], link_pos[o, d, k], link_counts[o, d, k] = i, pos, counts
        for i, seg in enumerate(tb.segments[o]):
            seg_kind[o, i], seg_pennants[o, i] = seg.kind, seg.pennants
            seg_open_ends[o, i] = seg.open_ends
        n_spots[o] = len(tb.spots[o])
        spots[o, :len(tb.spots[o])] = tb.spots[o]
    n_t = len(tb.type_names)
    distinct = np.full((n_t, 4), -1, np.int8)
    n_distinct = np.zeros(n_t, np.int8)
    for t, rs in enumerate(tb.distinct):
        n_distinct[t] = len(rs)
        distinct[t, :len(rs)] = rs
    return TileArrays(n_t, sigs, need, np.array([len(s) for s in tb.segments], np.int8),
                      np.array(tb.seg_at, dtype=np.int8), link_seg, link_pos, link_counts,
                      n_links, seg_kind, seg_pennants, seg_open_ends, spots, n_spots, distinct,
                      n_distinct)
