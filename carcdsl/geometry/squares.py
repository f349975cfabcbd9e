"""Square keys: a board square (x, y) packed into one int, and the offsets of the squares
around it.

A key is ``x + (y << SHIFT)``, so a step north or south is a step of ``ROW`` and the board's
dicts and sets index squares by one small int. Keys are unique while x lies within half a row
either way; squares with x or y beyond ``SPAN`` are off the board for every rule set
(``on_board``), which leaves room for the open squares around the outermost tiles. Moves are
checked with ``on_board`` before a key is made, so no other key ever reaches the state.
"""

from __future__ import annotations

SHIFT = 20
ROW = 1 << SHIFT
STEP = (-ROW, 1, ROW, -1)  # N E S W
AROUND = tuple(dx + dy * ROW for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)
NEAR = {off: i for i, off in enumerate((0, *AROUND))}
"""Offsets of a square and the 8 around it -> the order in which their centres score."""


SPAN = (1 << (SHIFT - 2)) - 1
"""The largest |x| and |y| of a square a tile may go on."""


def on_board(x: int, y: int) -> bool:
    """Whether square (x, y) is within the squares keys can represent (``SPAN``)."""
    return -SPAN <= x <= SPAN and -SPAN <= y <= SPAN


def to_key(x: int, y: int) -> int:
    return x + (y << SHIFT)


def to_xy(key: int) -> tuple[int, int]:
    y = (key + (ROW >> 1)) >> SHIFT
    return key - (y << SHIFT), y
