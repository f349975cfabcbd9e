"""A slow, from-scratch recomputation of a board's features, to check the incremental engine.

It walks the board square by square and joins segments by flood fill, using only the compiled
oriented tiles (which side positions a segment covers) and the geometry of facing positions,
never the engine's union-find.
"""

from __future__ import annotations

from types import SimpleNamespace

from carcdsl.compile.tiles import AREA, CENTRE, FIELD, PATH
from carcdsl.engine.state import State
from carcdsl.geometry import ports as P
from carcdsl.geometry.squares import STEP


def is_open(state: State, square: int) -> bool:
    """A side facing ``square`` is open: no tile there, and not the board's closing edge."""
    if square in state.board:
        return False
    edge = state.tables.board
    return not (edge.limited and edge.edge_closes and not edge.exists(square))


def features(state: State) -> list[dict]:
    """Every feature on the board: nodes, tiles, pennants, open ends, followers by seat."""
    tb = state.tables
    nodes = {}
    for key, (o, base) in state.board.items():
        for i, seg in enumerate(tb.segments[o]):
            nodes[base + i] = (key, o, i, seg)

    def neighbours(node):
        key, o, i, seg = nodes[node]
        if seg.geometry == CENTRE:
            return
        for pos in seg.ports:
            if seg.geometry in (AREA, PATH) and pos != P.middle(P.side_of(pos)):
                continue
            d = P.side_of(pos)
            nb = state.board.get(key + STEP[d])
            if nb is None:
                continue
            no, nbase = nb
            j = tb.seg_at[no][P.facing(pos)]
            if j >= 0:
                yield nbase + j

    seen, result = set(), []
    for start in sorted(nodes):
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            n = todo.pop()
            group.append(n)
            for m in neighbours(n):
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        segs = [nodes[n][3] for n in group]
        open_ends = 0
        for n in group:
            key, o, i, seg = nodes[n]
            if seg.geometry in (AREA, PATH):
                sides_open = sum(1 for pos in seg.ports
                                 if is_open(state, key + STEP[P.side_of(pos)]))
                never = seg.open_ends - len(seg.ports)
                open_ends += sides_open + never
        followers = [0] * len(state.players)
        for seat, node, *_ in state.features.pieces:
            if node in group:
                followers[seat] += 1
        result.append({
            "nodes": frozenset(group),
            "kind": segs[0].kind,
            "geometry": segs[0].geometry,
            "tiles": frozenset(nodes[n][0] for n in group),
            "pennants": sum(s.pennants for s in segs),
            "open": open_ends,
            "followers": tuple(followers),
        })
    return result


def assert_matches(state: State) -> None:
    """The engine's incremental features equal the from-scratch ones."""
    for f in features(state):
        roots = {state.features.root[n] for n in f["nodes"]}
        assert len(roots) == 1, f"one feature split over roots {roots}"
        root = roots.pop()
        assert state.features.kind[root] == f["kind"]
        if f["geometry"] != CENTRE:
            assert state.feature_tiles(root) == f["tiles"]
        assert state.features.pennants[root] == f["pennants"]
        if f["geometry"] in (AREA, PATH):
            assert state.features.open_ends[root] == f["open"], (state.features.open_ends[root], f)
        engine_followers = state.features.followers[root] or (0,) * len(state.players)
        assert tuple(engine_followers) == f["followers"]
    # every node of a feature with FIELD geometry is a field
    assert all(f["geometry"] != FIELD or f["open"] == 0 for f in features(state))


def free_spots(state: State, key: int, o: int) -> set[int]:
    """The follower spots of oriented tile ``o`` placed on open square ``key`` whose feature
    has no follower anywhere, from scratch: the tile is put on a copy of the board (no
    scoring, no follower) and the features are flood-filled again."""

    trial = SimpleNamespace(tables=state.tables, players=state.players,
                            features=SimpleNamespace(pieces=state.features.pieces))
    base = 1 + max((b + len(state.tables.segments[oo]) for oo, b in state.board.values()),
                   default=0)
    trial.board = {**state.board, key: (o, base)}
    by_node = {n: f for f in features(trial) for n in f["nodes"]}
    return {i for i in state.tables.spots[o] if not any(by_node[base + i]["followers"])}


def assert_follower_spots(state: State) -> None:
    """Every placement the engine offers lists exactly the spots the from-scratch board allows
    (none when the player has no follower left)."""
    offered: dict[tuple[int, int], set[int]] = {}
    for t, key, r, spot in state.iter_moves():
        spots = offered.setdefault((key, 4 * t + r), set())
        if spot >= 0:
            spots.add(spot)
    for (key, o), spots in offered.items():
        expected = free_spots(state, key, o) if state.supply_followers[state.current] else set()
        assert spots == expected, (key, o, spots, expected)
