"""Pictures as PNG: the SVG text of ``svg`` rasterised by resvg (the ``png`` extra,
``pip install 'carcdsl[png]'``: a binary wheel, no system library).

The text is drawn in DejaVu Sans, shipped in the package (``fonts/``, with its licence), and
in nothing else: resvg loads none of the machine's fonts, so a picture's titles, names,
counts and scores are there on any machine and the same pixels on every one (resvg's own
``sans-serif`` is Arial, which a machine with only DejaVu lacks: all text vanished). A
character DejaVu Sans has no glyph for (Chinese, Japanese) is left out of a PNG; the SVG
shows it in the viewer's fonts.

The core runs without resvg; only asking for a PNG needs it.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

SCALE = 2
"""Pixels per SVG unit: a tile is 200 pixels square, sharp when printed or zoomed."""

FONT_FAMILY = "DejaVu Sans"
"""The family of the bundled fonts: every family a picture names is drawn in it."""

FONT_FILES = tuple(Path(__file__).with_name("fonts") / name
                   for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"))
"""The bundled fonts: regular and bold (a badge's letter, a follower's initial)."""


def rasteriser() -> ModuleType:
    """The rasterising library; ImportError when the ``png`` extra is not installed."""
    return importlib.import_module("resvg_py")


def to_png(svg: str, scale: float = SCALE) -> bytes:
    """``svg`` (a whole document) as PNG bytes, ``scale`` pixels per unit, on white, its
    text in the bundled font only."""
    return bytes(rasteriser().svg_to_bytes(
        svg_string=svg, zoom=scale, background="#ffffff", skip_system_fonts=True,
        font_files=[str(f) for f in FONT_FILES], font_family=FONT_FAMILY,
        serif_family=FONT_FAMILY, sans_serif_family=FONT_FAMILY,
        monospace_family=FONT_FAMILY))
