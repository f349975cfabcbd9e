"""Pictures drawn from the compiled tables, as SVG text: a tile, a sheet of every tile type,
a board.

The drawing reads only ``Tables`` (and, for a board, the ``State``): each oriented tile's
segments with their geometry and ring ports, what its paths end at, pennants and attributes,
and each kind's colour and look as its rule file says (``colour``, ``look``). Nothing is drawn
from art and no kind is known by its name, so a picture shows exactly what the rules say: a
tile whose picture looks wrong has rules that are wrong.

``layout`` places each segment of a tile, ``drawing`` draws it in its kind's look, ``paint``
holds the colours; this module lays tiles out on a sheet or a board.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Sequence
from html import escape

from carcdsl.compile.tables import Tables
from carcdsl.engine.state import State
from carcdsl.geometry.squares import to_key, to_xy
from carcdsl.i18n.words import Words
from carcdsl.view.drawing import FONT, anchor, draw_follower, draw_tile, fmt
from carcdsl.view.layout import CORNERS, MID, SIZE
from carcdsl.view.paint import SEAT_COLOURS, TileLook, darker, kind_colour
from carcdsl.view.text import pieces_by_square

__all__ = ["MID", "SEAT_COLOURS", "SIZE", "TileLook", "anchor", "board_body", "board_svg",
           "draw_follower", "draw_tile", "kind_colour", "svg_document", "tile_sheet",
           "tile_sheet_html"]

def svg_document(width: float, height: float, body: Iterable[str], title: str = "") -> str:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(width)}" '
            f'height="{fmt(height)}" viewBox="0 0 {fmt(width)} {fmt(height)}">')
    titled = [f"<title>{escape(title)}</title>"] if title else []
    return "\n".join([head, *titled, *body, "</svg>"]) + "\n"


def tile_sheet(tables: Tables, title: str = "", columns: int = 6) -> str:
    """Every tile type in its rule-file orientation, with its name and count, in a grid:
    the printable sheet. Each tile is a ``<g class="tile">`` with ``data-name`` and
    ``data-count``."""
    look = TileLook(tables)
    types = range(len(tables.type_names))
    cell_w, cell_h, gap = SIZE + 20, SIZE + 36, 10
    rows = max(1, -(-len(types) // columns))
    top = 40 if title else 10
    body = ['<rect width="100%" height="100%" fill="#fff"/>']
    if title:
        body.append(f'<text x="10" y="26" font-size="18" {FONT}>{escape(title)}</text>')
    for t in types:
        row, col = divmod(t, columns)
        x, y = gap + col * cell_w, top + row * cell_h
        name, count = tables.type_names[t], tables.type_counts[t]
        start = " start" if tables.start_type == t else ""
        body.append(f'<g class="tile{start}" data-name="{escape(name)}" data-count="{count}" '
                    f'transform="translate({x},{y})">')
        body += draw_tile(tables, 4 * t, look)
        body.append(f'<text class="tile-name" x="{MID}" y="{SIZE + 16}" font-size="13" '
                    f'text-anchor="middle" {FONT}>{escape(name)} ×{count}</text></g>')
    width = gap * 2 + columns * cell_w - 20
    return svg_document(width, top + rows * cell_h, body, title)


def tile_sheet_html(tables: Tables, title: str = "") -> str:
    """The tile sheet as a page with the SVG inline: no external resources."""
    svg = tile_sheet(tables, title)
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title>"
            "<style>body{margin:1em;font-family:sans-serif}"
            "@media print{body{margin:0}}</style></head>\n<body>\n"
            f"{svg}</body></html>\n")


CAPTION_CHAR = 7.2
"""A caption character's width at font size 13, a little over the font's average, so that a
long caption (a move told at length) fits the picture."""


def board_svg(state: State, title: str = "", caption: Sequence[str] = ()) -> str:
    """The board of ``state``: each placed tile in its rotation at its square (x east, y
    south), the pieces on their segments, the last move's square marked (``class
    ="last-move"``), a map's empty squares and labels, and a caption: ``caption`` lines,
    then each player's score in their colour."""
    bt = state.tables.board
    squares = set(state.board) | (set(bt.squares) if bt.limited else set())
    xs, ys = zip(*(to_xy(k) for k in squares)) if squares else ((0,), (0,))
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    pad, top = 10, 30 if title else 10
    caption_lines = [*caption, "  ".join(
        f"{name}: {score}" for name, score in zip(state.players, state.scores))]
    height = top + rows * SIZE + pad + 18 * len(caption_lines)

    def origin(key: int) -> tuple[float, float]:
        x, y = to_xy(key)
        return pad + (x - x0) * SIZE, top + (y - y0) * SIZE

    body = ['<rect width="100%" height="100%" fill="#fbf8f0"/>']
    if title:
        body.append(f'<text x="{pad}" y="22" font-size="16" {FONT}>{escape(title)}</text>')
    body += board_body(state, origin)
    longest = max(map(len, caption_lines)) + 2 * len(state.players)  # a dot before each score
    width = max(2 * pad + cols * SIZE, 320, 2 * pad + CAPTION_CHAR * longest)
    y = top + rows * SIZE + pad
    for line in caption_lines[:-1]:
        y += 18
        body.append(f'<text class="caption" x="{pad}" y="{y - 4}" font-size="13" {FONT}>'
                    f'{escape(line)}</text>')
    y += 18
    scores = [f'<tspan fill="{SEAT_COLOURS[i % len(SEAT_COLOURS)]}">&#9679;</tspan> '
              f'{escape(name)}: {score}  '
              for i, (name, score) in enumerate(zip(state.players, state.scores))]
    body.append(f'<text class="scores" x="{pad}" y="{y - 4}" font-size="13" {FONT}>'
                f'{"".join(scores)}</text>')
    return svg_document(width, height, body, title)


_DRAWN: dict[int, tuple[weakref.ref[Tables], dict[tuple[int, bool], list[str]]]] = {}
"""Each rule set's tiles as drawn, by the id of its tables while they live (a tile's drawing
depends on its rules and orientation only): a board of 70 tiles, drawn at every move of a
game in the browser, draws each tile once."""


def _drawn(tables: Tables, o: int, look: TileLook, frame: bool) -> list[str]:
    key = id(tables)
    entry = _DRAWN.get(key)
    if entry is None or entry[0]() is not tables:
        entry = _DRAWN[key] = (weakref.ref(tables, lambda _: _DRAWN.pop(key, None)), {})
    found = entry[1].get((o, frame))
    if found is None:
        found = entry[1][(o, frame)] = draw_tile(tables, o, look, frame=frame)
    return found


def board_body(state: State, origin: Callable[[int], tuple[float, float]],
               mark_last: bool = True, words: Words | None = None) -> list[str]:
    """What a board shows, each square at ``origin(key)`` (its top-left corner): a map's
    empty squares, the placed tiles (a big city printed over several squares as one, with a
    wall round the whole and its name once; a map's print beyond its edge faded), the pieces
    on their segments (a finished game's as they stood when it ended), the labels, with
    ``mark_last`` the last move's square, and the neutral figures (named in ``words``'
    language). ``render`` and ``serve`` draw a board with it."""
    tables = state.tables
    look = TileLook(tables)
    board = state.board
    bt = tables.board
    body: list[str] = []
    for key in sorted(set(bt.squares) - set(board) if bt.limited else ()):
        x, y = origin(key)
        body.append(f'<rect class="map-square" x="{fmt(x)}" y="{fmt(y)}" width="{SIZE}" '
                    f'height="{SIZE}" fill="#eef3e4" stroke="#c9d3b8" stroke-width="1"/>')
    pieces = pieces_by_square(state)  # a finished game's: those that stood at its end
    figures = tables.modes.figures
    joined = {key: group for group in bt.groups if len(group) > 1 for key in group}
    for key, (o, _) in sorted(board.items()):
        x, y = origin(key)
        sx, sy = to_xy(key)
        printed = " printed" if o >= tables.printed_from else ""
        name = tables.type_names[o // 4] if not printed else ""
        # what a map prints beyond its edge (a border road) is drawn faded
        faded = ' opacity="0.75"' if printed and not bt.allows(key) and key not in joined \
            and key not in bt.group_of else ""
        body.append(f'<g class="tile{printed}" data-square="{sx},{sy}" '
                    f'data-name="{escape(name)}" transform="translate({fmt(x)},{fmt(y)})"'
                    f'{faded}>')
        body += _drawn(tables, o, look, key not in joined)
        segs = tables.segments[o]
        for n, (seat, index, figure) in enumerate(pieces.get(key, ())):
            ax, ay = anchor(segs, index)
            initial = figures[figure - 1].name[:1].upper() if figure else ""
            body.append(draw_follower((ax + 4 * n, ay), seat, initial))
        body.append("</g>")
    body += _printed_walls(state, joined, origin, look)
    for key, label in sorted(bt.labels.items()):
        group = joined.get(key)
        if group is not None and key != min(group):
            continue  # a big city is named once, under its middle
        corners = [origin(k) for k in (group or (key,))]
        middle = (min(cx for cx, _ in corners) + max(cx for cx, _ in corners)) / 2 + MID
        bottom = max(cy for _, cy in corners) + SIZE - 6
        body.append(f'<text class="label" x="{fmt(middle)}" y="{fmt(bottom)}" font-size="11" '
                    f'text-anchor="middle" {FONT}>{escape(str(label))}</text>')
    last = _last_square(state) if mark_last else None
    if last is not None and last in board:
        x, y = origin(last)
        body.append(f'<rect class="last-move" x="{fmt(x + 1.5)}" y="{fmt(y + 1.5)}" '
                    f'width="{SIZE - 3}" height="{SIZE - 3}" fill="none" stroke="#ff2d95" '
                    'stroke-width="3"/>')
    if state.decisions.neutral:
        body += neutral_marks(state, origin, words or Words(state.game.rules))
    return body


NEUTRAL_R = 9
"""The radius of a neutral figure's marker."""


def neutral_marks(state: State, origin: Callable[[int], tuple[float, float]],
                  words: Words) -> list[str]:
    """Where each neutral figure stands (``state.decisions.neutral``): a marker with its
    initial in the top-right corner of its square (two on one square side by side), its
    name in the user's words as its title (``<g class="neutral" data-figure="NAME"
    data-square="x,y">``)."""
    figures = state.tables.modes.figures
    out: list[str] = []
    count: dict[int, int] = {}
    for f, key in sorted(state.decisions.neutral.items()):
        n = count[key] = count.get(key, 0) + 1
        x, y = origin(key)
        cx, cy = x + SIZE - NEUTRAL_R - 2 - (n - 1) * (2 * NEUTRAL_R + 2), y + NEUTRAL_R + 2
        sx, sy = to_xy(key)
        name = figures[f].name
        out.append(
            f'<g class="neutral" data-figure="{escape(name)}" data-square="{sx},{sy}">'
            f"<title>{escape(words.word(name))}</title>"
            f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{NEUTRAL_R}" fill="#fff8d6" '
            f'stroke="#6b3fa0" stroke-width="2"/>'
            f'<text x="{fmt(cx)}" y="{fmt(cy + 4)}" font-size="11" font-weight="bold" '
            f'text-anchor="middle" {FONT}>{escape(name[:1].upper())}</text></g>')
    return out


def _printed_walls(state: State, joined: dict[int, tuple[int, ...]],
                   origin: Callable[[int], tuple[float, float]], look: TileLook) -> list[str]:
    """A feature printed over several squares (a big city) is one: a wall round the whole
    of it, none between its squares."""
    out = []
    for key, group in sorted(joined.items()):
        placed = state.board.get(key)
        if placed is None:
            continue
        segs = state.tables.segments[placed[0]]
        wall = darker(look.colour(segs[0].kind), 0.5) if segs else "#555"
        x, y = to_xy(key)
        ox, oy = origin(key)
        for d, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
            if to_key(x + dx, y + dy) in group:
                continue
            (x1, y1), (x2, y2) = CORNERS[d], CORNERS[(d + 1) % 4]
            out.append(f'<line class="printed-wall" x1="{ox + x1}" y1="{oy + y1}" '
                       f'x2="{ox + x2}" y2="{oy + y2}" stroke="{wall}" stroke-width="3" '
                       'stroke-linecap="square"/>')
    return out


def _last_square(state: State) -> int | None:
    """The square of the last tile placed by a move, if any."""
    for move in reversed(state.moves):
        at = getattr(move, "at", None)
        if at is not None:
            return to_key(*at)
    return None
