"""The app's pictures, built from ``view.svg``'s parts: a board laid out on a grid the page
can point into, and the tiles a player may place, in each rotation.

The board has a margin of open squares (every square where some tile could go), so that the
squares the drawn tile fits on are on the picture; square (x, y) has its top-left corner at
``(pad + (x - x0) * TILE, pad + (y - y0) * TILE)``, and the page draws its highlights, the
tile being placed and the spots a figure may take into the empty ``<g class="overlay">``
on top. Each placed tile is a ``<g class="tile" data-square="x,y">``; each neutral figure on
the board (a dragon, a fairy: nobody's) a ``<g class="neutral" data-figure="NAME"
data-square="x,y">``, a marker with its initial in its square's top-right corner.
"""

from __future__ import annotations

from typing import Any

from carcdsl.compile.tables import Tables
from carcdsl.engine.state import State
from carcdsl.geometry.squares import to_key, to_xy
from carcdsl.i18n.words import Words
from carcdsl.view.svg import TileLook, anchor, board_body, draw_follower, draw_tile, svg_document

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


def board_scene(state: State, mark_last: bool = True, words: Words | None = None,
                ) -> dict[str, Any]:
    """The board of ``state`` as SVG, with its grid: ``svg``, ``x0``, ``y0`` (the square at
    the top left), ``pad`` and ``tile`` (units per square); neutral figures named in
    ``words``' language."""
    bt = state.tables.board
    squares = set(state.board) | set(state.grid.fitting)
    if bt.limited:
        squares |= set(bt.squares)
    if not squares:
        squares = {to_key(0, 0)}
    xs, ys = zip(*(to_xy(k) for k in squares))
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1

    def origin(key: int) -> tuple[float, float]:
        x, y = to_xy(key)
        return PAD + (x - x0) * TILE, PAD + (y - y0) * TILE

    body = ['<rect class="table" width="100%" height="100%" fill="#f4efe2"/>']
    body += board_body(state, origin, mark_last, words)
    body.append('<g class="overlay"></g>')
    width, height = 2 * PAD + cols * TILE, 2 * PAD + rows * TILE
    return {"svg": svg_document(width, height, body), "x0": x0, "y0": y0, "pad": PAD,
            "tile": TILE, "width": width, "height": height}
