"""The kernel's features (``engine.features``): the union-find over segment nodes.

A feature is a circular list of nodes through ``ST[NODES]``' ``NXT``; each node knows its root
(``ROOT``) and its tile (``NTILE``), and a root its feature's size, pennants and open ends
(``ST[NODES]``), attribute counts (``ST[NATTR]``) and strength per seat (``ST[NFOL]``). The
pieces standing on features are ``ST[TILES_]``' ``P_SEAT``/``P_NODE`` rows (put by
``fast.state.apply``, taken back and sent home by ``fast.figures`` and ``fast.scoring``).
"""

from __future__ import annotations

import numba as nb

from carcdsl.fast.jit import JIT
from carcdsl.fast.layout import OS, SEG_KIND
from carcdsl.fast.slots import (
    NATTR,
    NFOL,
    NODES,
    NTILE,
    NXT,
    OPEN_ENDS,
    PENNANTS,
    ROOT,
    SIZE,
    T_BASE,
    T_O,
    TILES_,
)


@nb.njit(**JIT)
def union(ST, a, b):
    """``Features.union``: the smaller feature (on a tie, ``b``'s) is relabelled; returns the
    root kept. Members are a circular list through ``NXT``."""
    nodes, nattr, nfol = ST[NODES], ST[NATTR], ST[NFOL]
    if nodes[SIZE, a] < nodes[SIZE, b]:
        a, b = b, a
    n = b
    while True:
        nodes[ROOT, n] = a
        n = nodes[NXT, n]
        if n == b:
            break
    nodes[NXT, a], nodes[NXT, b] = nodes[NXT, b], nodes[NXT, a]
    nodes[SIZE, a] += nodes[SIZE, b]
    nodes[PENNANTS, a] += nodes[PENNANTS, b]
    nodes[OPEN_ENDS, a] += nodes[OPEN_ENDS, b]
    for i in range(nattr.shape[1]):
        nattr[a, i] += nattr[b, i]
    for s in range(nfol.shape[1]):
        nfol[a, s] += nfol[b, s]
    return a


@nb.njit(**JIT)
def kind_of(TB, ST, node):
    """The kind of node ``node``'s segment (``Tables.segments``)."""
    nodes, tiles = ST[NODES], ST[TILES_]
    tile = nodes[NTILE, node]
    return TB[OS][SEG_KIND, tiles[T_O, tile], node - tiles[T_BASE, tile]]
