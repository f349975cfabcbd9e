"""Text in PNG pictures: ``view.png`` rasterises with the font bundled in the package, so a
tile sheet's title and every tile's ``name ×count`` are drawn on any machine, whatever fonts
it has (resvg's own ``sans-serif`` finds none on a machine with only DejaVu)."""

from __future__ import annotations

import io
import re

import pytest

import carcdsl
from carcdsl.view.layout import SIZE
from carcdsl.view.png import FONT_FILES, SCALE, to_png
from carcdsl.view.svg import tile_sheet

Image = pytest.importorskip("PIL.Image")
pytest.importorskip("resvg_py")


def dark_pixels(picture, box: tuple[float, float, float, float]) -> int:
    """How many pixels inside ``box`` (SVG units: left, top, right, bottom) are dark."""
    left, top, right, bottom = (round(v * SCALE) for v in box)
    grey = picture.convert("L").crop((left, top, right, bottom))
    return sum(grey.histogram()[:96])


@pytest.fixture
def no_system_fonts(monkeypatch):
    """resvg as on a machine without one usable font: it loads none of the system's."""
    import resvg_py

    rasterise = resvg_py.svg_to_bytes

    def without(**options):
        return rasterise(**{**options, "skip_system_fonts": True})

    monkeypatch.setattr(resvg_py, "svg_to_bytes", without)


def test_the_bundled_font_and_its_licence_ship_in_the_package():
    assert FONT_FILES and all(f.is_file() and f.suffix == ".ttf" for f in FONT_FILES)
    licence = FONT_FILES[0].parent / "LICENSE"
    assert "Bitstream Vera" in licence.read_text(encoding="utf-8")


def test_a_png_tile_sheet_shows_its_title_and_every_name_and_count(no_system_fonts):
    tables = carcdsl.load("base").tables
    svg = tile_sheet(tables, "Carcassonne (base)")
    picture = Image.open(io.BytesIO(to_png(svg)))
    assert dark_pixels(picture, (10, 10, 160, 30)) > 100, "the title is drawn"
    # each tile's label sits under its tile, centred, at y = SIZE + 16 (13 units high)
    cells = re.findall(r'translate\(([\d.]+),([\d.]+)\)', svg)
    assert len(cells) == len(tables.type_names)
    blank = []
    for (x, y), name, count in zip(cells, tables.type_names, tables.type_counts):
        box = (float(x) + 15, float(y) + SIZE + 4, float(x) + SIZE - 15, float(y) + SIZE + 20)
        if dark_pixels(picture, box) < 40:
            blank.append(f"{name} ×{count}")
    assert blank == []
    # and nothing but the labels is drawn there: the gap above a label is white
    x, y = cells[0]
    assert dark_pixels(picture, (float(x), float(y) + SIZE + 1, float(x) + SIZE,
                                 float(y) + SIZE + 3)) == 0


def test_the_picture_is_the_same_with_or_without_the_machines_fonts(monkeypatch):
    """The bundled font alone draws the text: the machine's fonts change no pixel."""
    import resvg_py

    svg = tile_sheet(carcdsl.load("base").tables, "Carcassonne (base)")
    with_them = to_png(svg)
    rasterise = resvg_py.svg_to_bytes
    monkeypatch.setattr(resvg_py, "svg_to_bytes",
                        lambda **options: rasterise(**{**options, "skip_system_fonts": True}))
    assert to_png(svg) == with_them
