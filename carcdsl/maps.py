"""A printed map, as written (rows of characters and a legend), -> the squares that exist.

The first ``start`` square of the legend is the origin (0, 0): the start tile goes there.
Every problem becomes an E133 diagnostic at the character that causes it.
"""

from __future__ import annotations

from . import ports as P
from .diagnostics import Diagnostic, error
from .model import Loc, Square

_DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def squares_from_map(rows: tuple, legend: tuple, where: Loc | None
                     ) -> tuple[tuple[Square, ...], list[Diagnostic]]:
    """(rows of (text, loc), legend entries (char, loc, spec)) -> squares, diagnostics."""
    problems: list[Diagnostic] = []
    entries: dict[str, dict] = {}
    for char, loc, spec in legend:
        if len(char) != 1:
            problems.append(error("E133", f"a legend key is one character, not '{char}'", loc))
        elif char in entries:
            problems.append(error("E133", f"the legend explains '{char}' twice", loc))
        else:
            entries[char] = spec
    starts = [c for c, spec in entries.items() if spec["role"] == "start"]
    cells = [(r, c, ch, Loc(loc.file, loc.line, loc.column + c))
             for r, (text, loc) in enumerate(rows) for c, ch in enumerate(text)]
    origin = next(((r, c) for start in starts[:1] for r, c, ch, _ in cells if ch == start),
                  None)
    if origin is None:
        problems.append(error("E133", "the map has no start square: give a legend entry "
                              "`\"R\" start NAME` and put R on the map", where))
        return (), problems
    squares = []
    for r, c, ch, loc in cells:
        spec = entries.get(ch)
        if spec is None:
            problems.append(error("E133", f"'{ch}' on the map is not in the legend", loc))
            continue
        if spec["role"] == "off":
            continue
        squares.append(Square(
            c - origin[1], r - origin[0], spec["role"], spec.get("name"), spec.get("marker"),
            spec.get("kind"), spec.get("pennants", 0), spec.get("borders", ()), loc=loc))
    problems.extend(_check_borders(squares))
    return tuple(squares), problems


def _check_borders(squares: list[Square]) -> list[Diagnostic]:
    taken = {(sq.x, sq.y) for sq in squares}
    problems = []
    for sq in squares:
        for border in sq.borders:
            if border.side not in P.SIDES:
                problems.append(error("E133", f"border side '{border.side}': a border is on "
                                      "side N, E, S or W", sq.loc))
                continue
            dx, dy = _DELTA[border.side]
            if (sq.x + dx, sq.y + dy) in taken:
                problems.append(error("E133", f"the border printed on side {border.side} of "
                                      f"({sq.x}, {sq.y}) faces another square, not the edge "
                                      "of the map", sq.loc))
    return problems
