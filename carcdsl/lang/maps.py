"""A printed map, as written (rows of characters and a legend), -> the squares that exist.

The first ``start`` square of the legend is the origin (0, 0): the start tile goes there.
Every problem becomes an E133 diagnostic at the character that causes it; a legend entry no
square uses, and squares no tile can reach, are W305 warnings.
"""

from __future__ import annotations

from collections import deque

from carcdsl.diagnostics import Diagnostic, error, warning
from carcdsl.geometry import ports as P
from carcdsl.model.base import Loc
from carcdsl.model.rules import Square

MAX_MAP_SQUARES = 100_000
"""A printed map draws at most this many squares (characters of its rows, `off` squares too;
in the JSON form, listed squares): a 316 x 316 map. Real printed maps have a few hundred."""


def squares_from_map(rows: tuple, legend: tuple, where: Loc | None
                     ) -> tuple[tuple[Square, ...], list[Diagnostic]]:
    """(rows of (text, loc), legend entries (char, loc, spec)) -> squares, diagnostics."""
    problems: list[Diagnostic] = []
    drawn = sum(len(text) for text, _ in rows)
    if drawn > MAX_MAP_SQUARES:  # before any square is made: refused at the cost of a count
        problems.append(error("E133", where, "too-large", squares=drawn, most=MAX_MAP_SQUARES))
        return (), problems
    entries: dict[str, dict] = {}
    for char, loc, spec in legend:
        if len(char) != 1:
            problems.append(error("E133", loc, "legend-key", key=char))
        elif char in entries:
            problems.append(error("E133", loc, "legend-twice", key=char))
        else:
            entries[char] = spec
    starts = [c for c, spec in entries.items() if spec["role"] == "start"]
    cells = [(r, c, ch, Loc(loc.file, loc.line, loc.column + c))
             for r, (text, loc) in enumerate(rows) for c, ch in enumerate(text)]
    problems.extend(_ragged(rows))
    origin = next(((r, c) for start in starts[:1] for r, c, ch, _ in cells if ch == start),
                  None)
    if origin is None:
        problems.append(error("E133", where, "no-start"))
        return (), problems
    used = {ch for _, _, ch, _ in cells}
    for char, loc, _spec in legend:
        if char in entries and char not in used:
            problems.append(warning("W305", loc, "legend", key=char))
    squares = []
    for r, c, ch, loc in cells:
        spec = entries.get(ch)
        if spec is None:
            problems.append(error("E133", loc, "not-in-legend", key=ch))
            continue
        if spec["role"] == "off":
            continue
        squares.append(Square(
            c - origin[1], r - origin[0], spec["role"], spec.get("name"), spec.get("marker"),
            spec.get("kind"), spec.get("pennants", 0), spec.get("borders", ()), loc=loc))
    problems.extend(_check_borders(squares))
    problems.extend(_starts_once(squares))
    problems.extend(_unreachable(squares))
    return tuple(squares), problems


def _starts_once(squares: list[Square]) -> list[Diagnostic]:
    """A start area is one square, named once: the set-up puts a tile on each area by name."""
    first: dict[str | None, Square] = {}
    problems = []
    for sq in squares:
        if sq.role != "start":
            continue
        if sq.name in first:
            other = first[sq.name]
            problems.append(error("E133", sq.loc, "start-twice", name=sq.name, x=sq.x, y=sq.y,
                                  first_x=other.x, first_y=other.y))
        else:
            first[sq.name] = sq
    return problems


def _ragged(rows: tuple) -> list[Diagnostic]:
    """Every row as wide as the first: a map drawn in text shows its shape."""
    if not rows:
        return []
    width = len(rows[0][0])
    return [error("E133", Loc(loc.file, loc.line, loc.column + min(len(text), width)),
                  "ragged", width=len(text), first=width)
            for text, loc in rows[1:] if len(text) != width]


def _unreachable(squares: list[Square]) -> list[Diagnostic]:
    """W305 for squares and printed big cities no chain of squares joins to a start area.
    A tile goes next to a placed tile; a big city counts as placed once a tile reaches it, so
    it joins the squares around it (two big cities side by side do not join)."""
    at = {(sq.x, sq.y): sq for sq in squares}
    todo = deque(sq for sq in squares if sq.role == "start")
    seen = {(sq.x, sq.y) for sq in todo}
    while todo:
        sq = todo.popleft()
        for dx, dy in P.DELTA.values():
            other = at.get((sq.x + dx, sq.y + dy))
            if other is None or (other.x, other.y) in seen:
                continue
            if sq.role == other.role == "printed" and sq.name != other.name:
                continue
            seen.add((other.x, other.y))
            todo.append(other)
    problems = []
    lonely = [sq for sq in squares if (sq.x, sq.y) not in seen]
    cities: dict[str | None, Square] = {}
    for sq in lonely:
        if sq.role == "printed":
            cities.setdefault(sq.name, sq)
    for name, sq in cities.items():
        problems.append(warning("W305", sq.loc, "city", name=name))
    squares_left = [sq for sq in lonely if sq.role != "printed"]
    if squares_left:
        first = squares_left[0]
        if len(squares_left) > 1:
            problems.append(warning("W305", first.loc, "squares", x=first.x, y=first.y,
                                    more=len(squares_left) - 1))
        else:
            problems.append(warning("W305", first.loc, "square", x=first.x, y=first.y))
    return problems


def _check_borders(squares: list[Square]) -> list[Diagnostic]:
    taken = {(sq.x, sq.y) for sq in squares}
    printed_on: dict[tuple[int, int], tuple[Square, str]] = {}
    problems = []
    for sq in squares:
        for border in sq.borders:
            if border.side not in P.SIDES:
                problems.append(error("E133", sq.loc, "border-side", side=border.side))
                continue
            dx, dy = P.DELTA[P.SIDES.index(border.side)]
            beyond = (sq.x + dx, sq.y + dy)
            if beyond in taken:
                problems.append(error("E133", sq.loc, "border-faces", side=border.side,
                                      x=sq.x, y=sq.y))
            elif beyond in printed_on:
                other, side = printed_on[beyond]
                problems.append(error("E133", sq.loc, "border-shared", side=border.side,
                                      x=sq.x, y=sq.y, other_side=side, other_x=other.x,
                                      other_y=other.y))
            else:
                printed_on[beyond] = (sq, border.side)
    return problems
