"""Tile geometry: the twelve places on a tile's border, sides, and rotation.

Clockwise from the north-west corner, each side has a left half, a middle and a right half::

        NNW   N   NNE
   WNW  +------------+  ENE
   W    |            |  E
   WSW  +------------+  ESE
        SSW   S   SSE

A position on the ring is an index 0..11; rotating a tile 90 degrees clockwise adds 3.
"""

from __future__ import annotations

RING: tuple[str, ...] = (
    "NNW", "N", "NNE",
    "ENE", "E", "ESE",
    "SSE", "S", "SSW",
    "WSW", "W", "WNW",
)
"""The border positions clockwise from the north-west corner."""

SIDES: tuple[str, ...] = ("N", "E", "S", "W")
HALF_SIDES: tuple[str, ...] = tuple(p for p in RING if len(p) == 3)
INDEX: dict[str, int] = {name: i for i, name in enumerate(RING)}
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)

# side -> delta (dx, dy); y grows south.
DELTA: dict[int, tuple[int, int]] = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}


def is_port(name: str) -> bool:
    return name in INDEX


def is_side(name: str) -> bool:
    return name in SIDES


def side_of(pos: int) -> int:
    """The side (0=N, 1=E, 2=S, 3=W) a ring position lies on."""
    return pos // 3


def side_positions(side: int) -> tuple[int, int, int]:
    """The three ring positions of a side, clockwise."""
    return (3 * side, 3 * side + 1, 3 * side + 2)


def middle(side: int) -> int:
    return 3 * side + 1


def rotate_pos(pos: int, rotation: int) -> int:
    """The ring position ``pos`` moves to when its tile turns ``rotation`` degrees clockwise."""
    return (pos + 3 * (rotation // 90)) % 12


def facing(pos: int) -> int:
    """The position on the neighbouring tile that touches ``pos`` across the shared side.

    North-north-west touches the neighbour's south-south-west, north touches south, and so on:
    the order along a side reverses when seen from the other tile.
    """
    side = side_of(pos)
    offset = pos - 3 * side  # 0 left half, 1 middle, 2 right half
    other = (side + 2) % 4
    return 3 * other + (2 - offset)
