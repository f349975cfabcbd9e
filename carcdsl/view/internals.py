"""Every read of the engine's internals from outside the engine, in one place.

``State`` has no public way yet to say these things; each function here is the one call site
to replace by a public ``State`` method when it gets one. Nothing else outside ``engine/``
reads a private or union-find attribute of a ``State``.
"""

from __future__ import annotations

from carcdsl.engine.game import State, to_xy
from carcdsl.engine.moves import Placement


def to_placement(state: State, move: tuple[int, int, int, int]) -> Placement:
    """A move of ``State.iter_moves`` as a ``Placement``.

    INTERNAL: ``state._to_placement``."""
    return state._to_placement(*move)


def tokens_on_features(state: State) -> list[tuple[tuple[int, int], str, list[int]]]:
    """The features with tokens on them, in the order they got their first: (the square of
    the feature's first tile, where a person looks for it; its kind's name; tokens of each
    kind lying on it).

    INTERNAL: ``state.token_on`` (keyed by union-find root), ``state.kind``,
    ``state.members``, ``state.node_key``."""
    kinds = state.tables.kinds
    return [(to_xy(state.node_key[min(state.members[root] or (root,))]),
             kinds[state.kind[root]].name, counts)
            for root, counts in state.token_on.items()]


def followers_on_squares(state: State) -> dict[int, list[tuple[int, int]]]:
    """Square -> the followers standing on its tile, in the order they were placed: (seat,
    index of the segment in the placed tile's ``Tables.segments`` entry).

    INTERNAL: ``state.meeples`` and the node base of ``state.board``."""
    placed: dict[int, list[tuple[int, int]]] = {}
    for seat, node, key in state.meeples:
        placed.setdefault(key, []).append((seat, node - state.board[key][1]))
    return placed
