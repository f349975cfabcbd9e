"""No phantom fields: a tile's picture shows a field's colour only where the rules give the
tile a field; the ground under a tile with none (four city caps, nothing between them) is the
neutral ground, not a meadow that no farmer could stand on."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import carcdsl
from carcdsl.compile.tables import FIELD
from carcdsl.view.drawing import draw_tile
from carcdsl.view.paint import GROUND, TileLook

SVG = "{http://www.w3.org/2000/svg}"

TILES = """\
variant caps for base
tile Z1  1  city N; city E; city S; city W
tile Z2  1  city N+E; city S+W
tile Z3  1  city N; city E; city S; city W; field touches N+E+S+W
"""


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    path = tmp_path_factory.mktemp("caps") / "caps.carc"
    path.write_text(TILES, encoding="utf-8")
    return carcdsl.load("base", (str(path),)).tables


def fills(tables, name: str) -> set[str]:
    """Every colour the tile's picture paints with (fills and strokes), in every rotation."""
    t = tables.type_names.index(name)
    out = set()
    for o in range(4 * t, 4 * t + 4):
        group = ET.fromstring(f'<g xmlns="{SVG[1:-1]}">{"".join(draw_tile(tables, o))}</g>')
        out |= {e.get(a) for e in group.iter() for a in ("fill", "stroke") if e.get(a)}
    return out


@pytest.mark.parametrize("name", ["Z1", "Z2", "C"])
def test_a_tile_with_no_field_shows_no_field_colour(tables, name):
    o = 4 * tables.type_names.index(name)
    assert not any(s.geometry == FIELD for s in tables.segments[o])
    field = TileLook(tables).colour(next(s.kind for s in tables.segments[4 * tables.type_names
                                                                          .index("E")]
                                         if s.geometry == FIELD))
    colours = fills(tables, name)
    assert field not in colours
    assert GROUND in colours  # what lies between the caps is ground


def test_the_same_tile_with_its_enclosed_field_shows_it(tables):
    look = TileLook(tables)
    assert look.ground() in fills(tables, "Z3")
