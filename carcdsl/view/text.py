"""The board drawn in a terminal: each square a block of 5x3 characters (``view.tiletext``
draws a placed tile's), x coordinates above and below, y coordinates left and right, and a
key under it.

Glyphs come from geometries, not from feature names: ``#`` an area, ``-``/``|`` a path (``+``
where it bends; a second path kind ``=``/``:``/``x``), ``@`` a centre feature (``Q``, ``Ω``,
``∆`` for the next centre kinds), ``o`` where paths end at a landmark (a village, say; ``O``,
``v``, ``V`` for other landmarks), ``.`` field.
A piece is its seat's digit (1-based) on the feature it stands on, or beside a feature too
small to share its glyph (``@1``: a follower on the monastery, not over it); a figure other
than the ordinary follower adds its letter (``1a``), the first letter of its name that no
figure before it and no glyph has. What a segment carries is drawn on it: ``♦`` a pennant,
``♣``, ``♥``, ... its attributes in the order the rule set declares them (an inn, a
cathedral, goods), one glyph per one it counts. ``[ ]`` is an empty square where the drawn
tile (or a tile of the hand) can go, and only that; ``>`` and ``<`` frame the last tile
placed. On a limited board: ``·`` an empty square, ``^`` an unused start area, ``*`` (then
``&``, ``$``, ``!``) a square with a marker (in brackets, ``[*]``, when the tile fits there),
``~`` off the board; a printed big city is a block of ``%`` with a label of its own (the
shortest prefixes that tell the cities apart); a printed border segment shows as its glyph
(``=`` a path, ``#`` an area) in the ``~``. The key names what the glyphs on this board stand
for, in the rule set's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcdsl.compile.tiles import AREA, FIELD
from carcdsl.engine.state import State
from carcdsl.geometry.squares import to_key, to_xy
from carcdsl.view.tiletext import (
    COLS,
    MIDDLE,
    PATH_GLYPHS,
    PENNANT,
    ROWS,
    Square,
    look_of,
    seat_glyph,
    tile_square,
)

if TYPE_CHECKING:
    from carcdsl.i18n.words import Words

_MARKER_GLYPHS = "*&$!"
_KEY_WIDTH = 92


# --- printed and empty squares ---------------------------------------------------------------
def big_city_names(state: State, words: Words | None = None) -> dict[int, str]:
    """Big-city group -> its name (in the language of ``words``)."""
    board = state.tables.board
    names: dict[int, str] = {}
    for key, _, group in board.printed:
        if group >= 0 and group not in names:
            name = board.labels.get(key) or "?"
            names[group] = words.word(name) if words is not None else name
    return names


def big_city_labels(state: State, words: Words | None = None) -> dict[int, str]:
    """Big-city group -> a label of up to 3 characters: the shortest prefix length at which
    the cities' names differ; numbers when even 3 letters do not tell them apart."""
    names = big_city_names(state, words)
    for length in (1, 2, 3):
        labels = {g: n[:length].title() for g, n in names.items()}
        if len(set(labels.values())) == len(labels):
            return labels
    return {g: str(i + 1) for i, g in enumerate(sorted(names))}


def _printed_square(state: State, key: int, labels: dict[int, str], used: set,
                    look: dict) -> Square:
    tb = state.tables
    o, _ = state.board[key]
    (seg, *_) = tb.segments[o]
    if key in tb.board.map_keys:  # a big-city square
        group = tb.board.group_of.get(key, -1)
        used.add(("big-city", group))
        sq = Square("%")
        for c, glyph in enumerate(f"{labels.get(group, '?'):%^{COLS}}"):
            sq.put((1, c), glyph, None)
        return sq
    glyph = look["areas"].get(seg.kind, "#") if seg.geometry == AREA else "="
    used.add(("border", glyph, seg.kind))
    sq = Square("~")
    sq.put(MIDDLE, glyph, None)
    return sq


def _empty_square(state: State, key: int, fits: frozenset[int], used: set) -> Square:
    """An empty square: blank on an endless table; else off the board, a marker, an
    unused start area or ``·``; in ``[ ]`` where the tile to play fits."""
    edge = state.tables.board
    sq = Square()
    mark = " "
    if edge.limited and not edge.exists(key):
        used.add(("off",))
        return Square("~")
    if edge.limited:
        mark = _limited_mark(state, key, used)
    if key in fits:
        used.add(("open",))
        for c, glyph in enumerate(f" [{mark}] "):
            sq.put((1, c), glyph, None)
    elif mark != " ":
        sq.put(MIDDLE, mark, None)
    return sq


def _limited_mark(state: State, key: int, used: set) -> str:
    """What an empty square of a limited board shows: its marker, a start area, ``·``."""
    edge = state.tables.board
    for i, name in enumerate(sorted(edge.markers)):
        if key in edge.markers[name]:
            mark = _MARKER_GLYPHS[i % len(_MARKER_GLYPHS)]
            used.add(("marker", name, mark))
            return mark
    if key in edge.starts or key in _start_squares(state):
        used.add(("start",))
        return "^"
    used.add(("empty",))
    return "·"


def _start_squares(state: State) -> frozenset[int]:
    """Every start area of a map, the ones not used in this game included."""
    return frozenset(to_key(sq.x, sq.y) for sq in state.game.rules.board.squares
                     if sq.role == "start")


def fitting_squares(state: State) -> frozenset[int]:
    """The empty squares where the drawn tile (with hands: some tile of the mover's hand)
    can go, by the legal moves."""
    return frozenset(key for _, key, _, _ in state.iter_moves())


def last_square(state: State) -> int | None:
    """The square of the last tile placed by a move (not a start tile), if any."""
    for move in reversed(state.moves):
        at = getattr(move, "at", None)
        if at is not None:
            return to_key(*at)
    return None


# --- the board and its key -------------------------------------------------------------------
def _extent(state: State, fits: frozenset[int]) -> list[int]:
    """The squares the drawing must include: tiles, where the tile fits, a limited board's
    corners, a map with a ring of off-map squares round it."""
    squares = list(state.board) + list(fits)
    edge = state.tables.board
    if edge.bounds is not None:
        x0, x1, y0, y1 = edge.bounds
        squares += [to_key(x0, y0), to_key(x1, y1)]
    squares += list(edge.map_keys)
    if edge.squares:  # a ring of off-map squares around the squares that take tiles
        sx = [to_xy(k)[0] for k in edge.squares]
        sy = [to_xy(k)[1] for k in edge.squares]
        squares += [to_key(min(sx) - 1, min(sy) - 1), to_key(max(sx) + 1, max(sy) + 1)]
    return squares


def pieces_by_square(state: State) -> dict[int, list[tuple[int, int, int]]]:
    """Square -> the pieces standing on its tile, in the order placed: (seat, segment index
    in the placed tile's ``Tables.segments`` entry, figure: 0 the ordinary follower, ``f + 1``
    the rule set's figure ``f``). A finished game's board shows the pieces that stood on it
    when it ended (``EndReason.pieces``), beside the final scoring that returned them."""
    placed: dict[int, list[tuple[int, int, int]]] = {}
    tiles = state.grid.tiles
    end = state.end_reason
    for seat, node, key, figure in end.pieces if end is not None else state.features.pieces:
        placed.setdefault(key, []).append((seat, node - tiles[key][1], figure))
    return placed


def render_board(state: State, show_open: bool = True, words: Words | None = None,
                 key: bool = False, fits: frozenset[int] | None = None) -> str:
    """The board as text, x coordinates above and below it, y coordinates left and right;
    the last tile placed between ``>`` and ``<``; with ``show_open``, ``[ ]`` where the tile
    to play can go (``fits``, else read from the legal moves); with ``key``, what its glyphs
    stand for under it (in the language of ``words``), only those this board shows."""
    if not show_open:
        fits = frozenset()
    elif fits is None:
        fits = fitting_squares(state)
    squares = _extent(state, fits)
    if not squares:
        from carcdsl.i18n.words import Words

        return f"({(words or Words(state.game.rules)).phrase('empty-board')})"
    used: set = set()
    labels = big_city_labels(state, words)
    look = look_of(state, words)
    pieces = pieces_by_square(state)
    last = last_square(state)
    xs = [to_xy(k)[0] for k in squares]
    ys = [to_xy(k)[1] for k in squares]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    ruler = "    " + "".join(f" {x:^{COLS}}" for x in range(x0, x1 + 1))
    lines = [ruler.rstrip()]
    for y in range(y0, y1 + 1):
        drawn = []
        for x in range(x0, x1 + 1):
            k = to_key(x, y)
            if k not in state.board:
                drawn.append(_empty_square(state, k, fits, used).rows())
            elif state.board[k][0] >= state.tables.printed_from:
                drawn.append(_printed_square(state, k, labels, used, look).rows())
            else:
                drawn.append(tile_square(state, k, used, look, pieces.get(k, [])).rows())
        for r in range(ROWS):
            gaps = [" "] * (len(drawn) + 1)
            if r == 1 and last is not None and to_xy(last)[1] == y and last in state.board:
                used.add(("last",))
                gaps[to_xy(last)[0] - x0], gaps[to_xy(last)[0] - x0 + 1] = ">", "<"
            row = "".join(gap + cells[r] for gap, cells in zip(gaps, drawn)) + gaps[-1]
            lines.append((f"{y:>4}{row} {y}" if r == 1 else f"    {row}").rstrip())
    lines.append(ruler.rstrip())
    lines += neutral_lines(state, words)
    if key:
        lines += board_key(state, used, labels, words, look)
    return "\n".join(lines)


def neutral_lines(state: State, words: Words | None = None) -> list[str]:
    """Where the neutral figures stand (``dragon at (1, 0)``), one line for all; none when
    none is on the board."""
    where = state.decisions.neutral
    if not where:
        return []
    if words is None:
        from carcdsl.i18n.words import Words

        words = Words(state.game.rules)
    figures = state.tables.modes.figures
    said = [words.phrase("neutral-at", figure=words.word(figures[f].name), x=to_xy(k)[0],
                         y=to_xy(k)[1]) for f, k in sorted(where.items())]
    return ["    " + ", ".join(said)]


def board_key(state: State, used: set, labels: dict[int, str],
              words: Words | None = None, look: dict | None = None) -> list[str]:
    """The key: one entry per kind of glyph drawn (``used``), wrapped into short lines."""
    if words is None:
        from carcdsl.i18n.words import Words

        words = Words(state.game.rules)
    look = look or look_of(state, words)
    entries = [*_kind_entries(state, used, words, look), *_piece_entries(state, used, words, look),
               *_square_entries(state, used, words), *_map_entries(state, used, labels, words)]
    return _wrap(f"{words.phrase('key')}:", entries)


def _kind_entries(state: State, used: set, w: Words, look: dict) -> list[str | None]:
    """Areas, paths and centres by glyph; fields; landmarks; where paths end; pennants and
    attributes."""
    by_geometry: dict[int, list[str]] = {}
    for kind in state.tables.kinds:
        by_geometry.setdefault(kind.geometry, []).append(w.word(kind.name))
    entries: list[str | None] = []
    for what, table, default in (("area", "areas", "#"), ("path", "paths", PATH_GLYPHS[0]),
                                 ("centre", "centres", "@")):
        by_glyph: dict[str, list[str]] = {}
        for kind in state.tables.kinds:
            if (what, kind.index) in used:
                glyph = "".join(look[table].get(kind.index, default))
                by_glyph.setdefault(glyph, []).append(w.word(kind.name))
        entries += [f"{g} {', '.join(names)}" for g, names in by_glyph.items()]
    if ("geometry", FIELD) in used:
        entries.append(f". {', '.join(by_geometry.get(FIELD, ['?']))}")
    for name in state.game.rules.landmarks:
        if ("landmark", name) in used:
            entries.append(f"{look['landmarks'].get(name, 'o')} {w.word(name)}")
    if ("ends",) in used:
        entries.append(f"o {w.phrase('path-ends')}")
    if ("pennant",) in used:
        entries.append(f"{PENNANT} {w.word('pennant')}")
    entries += [f"{glyph} {w.word(name)}" for name, glyph in look["attributes"].items()
                if ("attribute", name) in used]
    return entries


def _piece_entries(state: State, used: set, w: Words, look: dict) -> list[str | None]:
    """The ordinary followers, then each figure, by seat: the first entry says whose seats
    the digits are."""
    seats = len(state.players)
    entries: list[str | None] = []
    kinds = [("", w.follower)] if ("followers",) in used else []
    kinds += [(look["figures"].get(f, "?"), figure.name)
              for f, figure in enumerate(state.tables.modes.figures) if ("figure", f) in used]
    for letter, name in kinds:
        first, last = seat_glyph(0) + letter, seat_glyph(seats - 1) + letter
        digits = first if seats == 1 else f"{first}-{last}"
        entries.append(f"{digits} " + (w.phrase("followers-of", followers=w.word(name, 2),
                                                players=", ".join(state.players))
                                       if not entries else w.word(name, 2)))
    return entries


def _square_entries(state: State, used: set, w: Words) -> list[str | None]:
    """The last tile, where the tile fits, empty squares, markers, start areas, off the
    board."""
    entries: list[str | None] = []
    if ("last",) in used:
        entries.append("> < " + w.phrase("last-tile", tile=w.word("tile")))
    if ("open",) in used:
        hand = state.hands is not None
        owned = state.supply.owned  # the mover's own tiles (an abbey) may fit elsewhere
        which = ("fits-here-hand" if hand else "fits-here-owned"
                 if owned is not None and owned[state.current] else "fits-here")
        entries.append("[ ] " + w.phrase(which, tile=w.word("tile")))
    if ("empty",) in used:
        entries.append(f"· {w.phrase('empty-square')}")
    markers = sorted((t[2], t[1]) for t in used if t[0] == "marker")
    entries += [f"{mark} {w.word(name)}" for mark, name in markers]
    if ("start",) in used:
        entries.append(f"^ {w.phrase('start-area')}")
    if ("off",) in used:
        entries.append(f"~ {w.phrase('off-board')}")
    return entries


def _map_entries(state: State, used: set, labels: dict[int, str],
                 w: Words) -> list[str | None]:
    """A printed map's border segments, then its big cities on a line of their own."""
    entries: list[str | None] = []
    borders = sorted({(t[1], t[2]) for t in used if t[0] == "border"},
                     key=lambda b: (b[0] != "=", b))  # paths first, as before
    if borders:
        shown = " ".join(dict.fromkeys(f"~{glyph}~" for glyph, _ in borders))
        kinds = ", ".join(dict.fromkeys(w.word(state.tables.kinds[kind].name)
                                        for _, kind in borders))
        entries.append(f"{shown} {w.phrase('printed-edge', kinds=kinds)}")
    cities = sorted((labels[t[1]], t[1]) for t in used if t[0] == "big-city" and t[1] in labels)
    if cities:
        names = big_city_names(state, w)
        told = [f"{label} {names[g]}" for label, g in cities]
        entries += [None, f"{w.phrase('big-cities')}: {told[0]}", *told[1:]]
    return entries


def _wrap(title: str, entries: list[str | None]) -> list[str]:
    """``title   entry   entry ...`` in lines of at most ``_KEY_WIDTH`` characters; None
    starts a new line."""
    lines, line, indent = [], title, " " * len(title)
    for entry in entries:
        if entry is None or (len(line) > len(title)
                             and len(line) + 3 + len(entry) > _KEY_WIDTH):
            lines.append(line)
            line = indent
        if entry is not None:
            line += "   " + entry
    return [text for text in [*lines, line] if text.strip()] if entries else []
