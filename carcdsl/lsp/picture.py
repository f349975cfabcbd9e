"""A small picture of one tile for hover: the tile as ``carcdsl render`` draws it
(``view.svg.draw_tile``: each kind in the colour and look its rule file gives), sent as a
markdown image.

A buffer is often half written. The tile is compiled alone, with the kinds and landmarks it
names (their looks and attributes, none of their scoring), so a tile whose own line makes sense
has its picture however broken the rest of the file is; a tile that does not has none.
"""

from __future__ import annotations

import base64

import attrs

import carcdsl.model as m
from carcdsl.check.checker import check
from carcdsl.compile.tables import Tables
from carcdsl.compile.tiles import compile_rules
from carcdsl.view.svg import SIZE, draw_tile, svg_document

PIXELS = 96
"""How large the picture is shown."""


def tile_alone(tile: m.Tile, rules: m.RuleSet) -> Tables | None:
    """The tables of a rule set of ``tile`` alone (None when the tile makes no sense)."""
    names = {s.kind for s in tile.segments} | {e for s in tile.segments for e in s.ends}
    landmarks = tuple(name for name in rules.landmarks if name in names)
    kinds = tuple(
        attrs.evolve(k, followers=False, complete=None, final=None, complete_extra=(),
                     final_extra=(), role=None,
                     terminals=tuple(t for t in k.terminals if t in names))
        for k in rules.kinds if k.name in names)
    alone = m.RuleSet(rules.name, m.Game(start=tile.name), kinds,
                      (attrs.evolve(tile, count=1),), landmarks)
    if any(d.is_error for d in check(alone)):
        return None
    return compile_rules(alone)


def tile_svg(tile: m.Tile, rules: m.RuleSet) -> str | None:
    """The picture of ``tile`` in its rule-file orientation, or None."""
    tables = tile_alone(tile, rules)
    if tables is None:
        return None
    svg = svg_document(SIZE, SIZE, draw_tile(tables, 0))
    return svg.replace(f'width="{SIZE}" height="{SIZE}"',
                       f'width="{PIXELS}" height="{PIXELS}"', 1)


def tile_markdown(tile: m.Tile, rules: m.RuleSet) -> str:
    """The picture as a markdown image ("" when the tile has none)."""
    svg = tile_svg(tile, rules)
    if svg is None:
        return ""
    data = base64.b64encode(svg.encode()).decode()
    return f"![tile {tile.name}](data:image/svg+xml;base64,{data})"


def swatch_markdown(colour: str) -> str:
    """A small square of ``colour`` (``#rrggbb``), as a markdown image."""
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14">'
           f'<rect width="14" height="14" fill="{colour}" stroke="#333"/></svg>')
    data = base64.b64encode(svg.encode()).decode()
    return f"![{colour}](data:image/svg+xml;base64,{data})"
