"""Colours for pictures: a kind's colour and look as the compiled tables carry them, shades of
a colour, and the colour a kind gets when its rule set gives none.

Nothing here knows a kind by its name: a rule file says how each kind looks (``colour``,
``look``); a kind that says nothing gets its geometry's first look and a colour made from its
name (a field's always a green).
"""

from __future__ import annotations

import colorsys
import zlib

from carcdsl.compile.tables import AREA, CENTRE, FIELD, GEOMETRY_CODE, PATH, Tables
from carcdsl.model.looks import default_look

GEOMETRY_NAMES = {code: name for name, code in GEOMETRY_CODE.items()}
"""Geometry code -> its name in the language (``area``)."""

SEAT_COLOURS = ("#d62728", "#1f4fd6", "#f2c500", "#2ca02c", "#111111", "#9467bd",
                "#ff7f0e", "#17becf")
"""Players' colours by seat (red, blue, yellow, green, black, ...)."""

GROUND = "#d9d4bf"
"""The ground of a tile that has no field: neutral, never a field's green."""


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as three numbers 0..255."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def mix(colour: str, other: str, share: float) -> str:
    """``colour`` with ``share`` (0..1) of ``other`` mixed in, as ``#rrggbb``."""
    a, b = rgb(colour), rgb(other)
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b))


def lighter(colour: str, share: float) -> str:
    return mix(colour, "#ffffff", share)


def darker(colour: str, share: float) -> str:
    return mix(colour, "#000000", share)


def ink(colour: str) -> str:
    """Black or white: whichever reads on ``colour``."""
    r, g, b = rgb(colour)
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def kind_colour(name: str, geometry: int) -> str:
    """The colour of a kind whose rule set gives none: a stable one from its name, as
    ``#rrggbb``. A field's hue is a green, so that a field is always seen as one; any other
    kind's never is, so that it stands out from the fields."""
    crc = zlib.crc32(name.encode("utf-8"))
    hue = 80 + crc % 70 if geometry == FIELD else (160 + crc % 270) % 360
    light = {AREA: 55, PATH: 70, CENTRE: 40, FIELD: 55}.get(geometry, 50)
    saturation = 45 + crc // 360 % 30
    r, g, b = colorsys.hls_to_rgb(hue / 360, light / 100, saturation / 100)
    return "#" + "".join(f"{round(v * 255):02x}" for v in (r, g, b))


_SHADES = (0.0, 0.16, -0.10, 0.28, -0.18, 0.08)
"""How a tile's fields, in turn, differ from their kind's colour (lighter +, darker -)."""


def shade(colour: str, n: int) -> str:
    """The ``n``-th shade of ``colour``: neighbouring fields of a tile look apart."""
    share = _SHADES[n % len(_SHADES)]
    return lighter(colour, share) if share >= 0 else darker(colour, -share)


class TileLook:
    """How one rule set's kinds are drawn: each kind's colour (``#rrggbb``) and look, from the
    compiled tables (the rule files' ``colour`` and ``look``, else the defaults)."""

    def __init__(self, tables: Tables):
        self.tables = tables
        self.colours = [k.colour or kind_colour(k.name, k.geometry) for k in tables.kinds]
        self.looks = [k.look or default_look(GEOMETRY_NAMES.get(k.geometry, ""))
                      for k in tables.kinds]

    def colour(self, kind: int) -> str:
        return self.colours[kind]

    def look(self, kind: int) -> str:
        return self.looks[kind]

    def ground(self, o: int | None = None) -> str:
        """The ground of oriented tile ``o``: its first field's colour; the neutral one when
        it has no field (cities on every side, nothing between them: no meadow a farmer
        could stand on). Without ``o``: the first field kind's colour, else the neutral one."""
        if o is not None:
            kinds = [s.kind for s in self.tables.segments[o] if s.geometry == FIELD]
        else:
            kinds = [i for i, k in enumerate(self.tables.kinds) if k.geometry == FIELD]
        return self.colours[kinds[0]] if kinds else GROUND
