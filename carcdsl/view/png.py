"""Pictures as PNG: the SVG text of ``svg`` rasterised by resvg (the ``png`` extra,
``pip install 'carcdsl[png]'``: a binary wheel, no system library).

The core runs without it; only asking for a PNG needs it.
"""

from __future__ import annotations

import importlib
from types import ModuleType

SCALE = 2
"""Pixels per SVG unit: a tile is 200 pixels square, sharp when printed or zoomed."""


def rasteriser() -> ModuleType:
    """The rasterising library; ImportError when the ``png`` extra is not installed."""
    return importlib.import_module("resvg_py")


def to_png(svg: str, scale: float = SCALE) -> bytes:
    """``svg`` (a whole document) as PNG bytes, ``scale`` pixels per unit, on white."""
    return bytes(rasteriser().svg_to_bytes(svg_string=svg, zoom=scale, background="#ffffff"))
