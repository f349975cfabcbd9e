"""Compiling a rule set's board: where tiles may go, what its edge does, and what is printed.

An endless table needs nothing here. A bounded table or a printed map limits the squares; a
map also prints features: big-city squares (no tile goes there) and segments at the map's edge.
Printed things become *printed tiles*: extra oriented tiles, placed before the first turn, that
join features like any tile (so they count as tiles, carry coats of arms as pennants and close
what meets them) but never make squares open by themselves.
"""

from __future__ import annotations

from typing import Any

import carcdsl.model as m
from carcdsl.compile.tables import AREA, FIELD, PATH, BoardTables, LocalSegment, PrintedTile
from carcdsl.geometry import ports as P
from carcdsl.geometry.squares import to_key


def compile_board(rules: m.RuleSet, kind_index: dict[str, int], field_kind: int | None
                  ) -> tuple[BoardTables, list[PrintedTile]]:
    board = rules.board
    edge: dict[str, Any] = dict(edge_closes=board.edge_closes,
                                edge_filled=board.edge_neighbours == "filled")
    if board.squares:
        return _map(rules, board, kind_index, field_kind, edge)
    if board.bounds is not None:
        return BoardTables(limited=True, bounds=board.area(), **edge), []
    return BoardTables(**edge), []


def _map(rules, board: m.Board, kind_index, field_kind, edge) -> tuple[BoardTables, list]:
    printed_tiles: list[PrintedTile] = []
    printed: list[tuple[int, int, int]] = []
    group_of: dict[str, int] = {}
    groups: list[list[int]] = []
    markers: dict[str, set[int]] = {}
    squares, map_keys = set(), set()
    for sq in board.squares:
        key = to_key(sq.x, sq.y)
        map_keys.add(key)
        if sq.marker:
            markers.setdefault(sq.marker, set()).add(key)
        if sq.role == "printed":
            g = group_of.setdefault(sq.name or f"({sq.x},{sq.y})", len(groups))
            if g == len(groups):
                groups.append([])
            groups[g].append(key)
            printed.append((key, len(printed_tiles), g))
            printed_tiles.append(_printed_area(kind_index[sq.kind], sq.pennants))
            continue
        squares.add(key)
        for border in sq.borders:
            d = P.SIDES.index(border.side)
            dx, dy = P.DELTA[d]
            geometry = AREA if rules.feature_kind(border.kind).geometry == "area" else PATH
            printed.append((to_key(sq.x + dx, sq.y + dy), len(printed_tiles), -1))
            printed_tiles.append(_border(kind_index[border.kind], geometry, border.pennants,
                                         (d + 2) % 4, field_kind))
    starts = [to_key(sq.x, sq.y) for sq in board.squares if sq.role == "start"]
    tables = BoardTables(
        limited=True, squares=frozenset(squares), map_keys=frozenset(map_keys),
        printed=tuple(printed), groups=tuple(tuple(g) for g in groups),
        starts=tuple(starts[:max(1, board.start_areas)]),
        markers={name: frozenset(keys) for name, keys in markers.items()},
        group_of={key: g for key, _, g in printed if g >= 0},
        labels={to_key(sq.x, sq.y): sq.name for sq in board.squares if sq.name}, **edge)
    return tables, printed_tiles


def _segment(kind: int, geometry: int, pennants: int, open_ends: int, ports: tuple[int, ...]):
    return LocalSegment(kind, geometry, pennants, open_ends, ports, (), None)


def _printed_area(kind: int, pennants: int) -> PrintedTile:
    """A printed area square (a map's big city): one area over all four sides."""
    seg = _segment(kind, AREA, pennants, 4, tuple(P.middle(d) for d in range(4)))
    links = tuple(((0, P.facing(P.middle(d)), True),) for d in range(4))
    return PrintedTile((seg,), (0,) * 12, links, ((kind,) * 3,) * 4)


def _border(kind: int, geometry: int, pennants: int, side: int, field_kind: int | None
            ) -> PrintedTile:
    """A segment printed at the map's edge, as a tile just off the map whose only side is the
    one facing the map square (a field beside a printed road, when the rules have fields)."""
    left, mid, right = P.side_positions(side)
    at = [-1] * 12
    segments = [_segment(kind, geometry, pennants, 1, (mid,))]
    here = [(0, P.facing(mid), True)]
    if geometry == AREA:
        at[left] = at[mid] = at[right] = 0
        key = (kind,) * 3
    else:
        at[mid] = 0
        key = (-1, kind, -1)
        if field_kind is not None:
            segments.append(_segment(field_kind, FIELD, 0, 0, (left, right)))
            at[left] = at[right] = 1
            here += [(1, P.facing(left), False), (1, P.facing(right), False)]
            key = (field_kind, kind, field_kind)
    links = tuple(tuple(here) if d == side else () for d in range(4))
    side_keys = tuple(key if d == side else None for d in range(4))
    return PrintedTile(tuple(segments), tuple(at), links, side_keys)
