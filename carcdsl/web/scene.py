"""The app's pictures, built from ``view.svg``'s parts: a board laid out on a grid the page
can point into, and the tiles a player may place, in each rotation.

The board has a margin of open squares (every square where some tile could go), so that the
squares the drawn tile fits on are on the picture; square (x, y) has its top-left corner at
``(pad + (x - x0) * TILE, pad + (y - y0) * TILE)``, and the page draws its highlights, the
tile being placed and the spots a figure may take into the empty ``<g class="overlay">``
on top. Each placed tile is a ``<g class="tile" data-square="x,y">``.
"""

from __future__ import annotations

from html import escape
from typing import Any

from carcdsl.compile.tables import Tables
from carcdsl.engine.state import State
from carcdsl.geometry.squares import to_key, to_xy
from carcdsl.view.svg import TileLook, anchor, draw_follower, draw_tile, svg_document

TILE = 100
"""The side of a tile: ``view.svg`` draws each in a 100-unit square."""
PAD = 12
_FONT = 'font-family="sans-serif"'


def tile_svg(tables: Tables, o: int, look: TileLook | None = None) -> str:
    """Oriented tile ``o`` as SVG elements in a 100-unit square at the origin."""
    return "".join(draw_tile(tables, o, look or TileLook(tables)))


def spot_anchor(tables: Tables, o: int, local: int) -> list[float]:
    """Where a figure on segment ``local`` of oriented tile ``o`` stands, in tile units."""
    x, y = anchor(tables.segments[o], local)
    return [round(x, 1), round(y, 1)]


def seat_mark(seat: int) -> str:
    """A seat's follower as a small SVG picture: its colour, for a legend."""
    return svg_document(20, 20, [draw_follower((10, 10), seat)])


def _last_square(state: State, upto: int | None = None) -> int | None:
    moves = state.moves if upto is None else state.moves[:upto]
    for move in reversed(moves):
        at = getattr(move, "at", None)
        if at is not None:
            return to_key(*at)
    return None


def board_scene(state: State, mark_last: bool = True) -> dict[str, Any]:
    """The board of ``state`` as SVG, with its grid: ``svg``, ``x0``, ``y0`` (the square at
    the top left), ``pad`` and ``tile`` (units per square)."""
    tables = state.tables
    look = TileLook(tables)
    board = state.board
    bt = tables.board
    squares = set(board) | set(state.grid.fitting) | (set(bt.squares) if bt.limited else set())
    if not squares:
        squares = {to_key(0, 0)}
    xs, ys = zip(*(to_xy(k) for k in squares))
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1

    def origin(key: int) -> tuple[int, int]:
        x, y = to_xy(key)
        return PAD + (x - x0) * TILE, PAD + (y - y0) * TILE

    body = ['<rect class="table" width="100%" height="100%" fill="#f4efe2"/>']
    if bt.limited:
        for key in sorted(set(bt.squares) - set(board)):
            x, y = origin(key)
            body.append(f'<rect class="map-square" x="{x}" y="{y}" width="{TILE}" '
                        f'height="{TILE}" fill="#eef3e4" stroke="#c9d3b8"/>')
    pieces: dict[int, list[tuple[int, int, int]]] = {}
    for seat, node, key, figure in state.features.pieces:
        pieces.setdefault(key, []).append((seat, node - state.grid.tiles[key][1], figure))
    figures = tables.modes.figures
    for key, (o, _) in sorted(board.items()):
        x, y = origin(key)
        sx, sy = to_xy(key)
        printed = o >= tables.printed_from
        name = "" if printed else tables.type_names[o // 4]
        body.append(f'<g class="tile{" printed" if printed else ""}" data-square="{sx},{sy}" '
                    f'data-name="{escape(name)}" transform="translate({x},{y})">')
        body += draw_tile(tables, o, look)
        for n, (seat, local, figure) in enumerate(pieces.get(key, ())):
            ax, ay = anchor(tables.segments[o], local)
            initial = figures[figure - 1].name[:1].upper() if figure else ""
            body.append(draw_follower((ax + 4 * n, ay), seat, initial))
        body.append("</g>")
    for key, label in sorted(bt.labels.items()):
        x, y = origin(key)
        body.append(f'<text class="label" x="{x + TILE / 2}" y="{y + TILE - 6}" '
                    f'font-size="11" text-anchor="middle" {_FONT}>{escape(str(label))}</text>')
    last = _last_square(state) if mark_last else None
    if last is not None and last in board:
        x, y = origin(last)
        body.append(f'<rect class="last-move" x="{x + 1.5}" y="{y + 1.5}" width="{TILE - 3}" '
                    f'height="{TILE - 3}" fill="none" stroke="#ff2d95" stroke-width="4"/>')
    body.append('<g class="overlay"></g>')
    width, height = 2 * PAD + cols * TILE, 2 * PAD + rows * TILE
    return {"svg": svg_document(width, height, body), "x0": x0, "y0": y0, "pad": PAD,
            "tile": TILE, "width": width, "height": height}
