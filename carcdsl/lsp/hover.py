"""Hover text for the language server: what a name is (a kind, token, landmark, figure,
attribute, group, tile with its picture, port, parameter or rule file), what a look or colour
draws, and a keyword's construct as the grammar defines it.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import carcdsl.model as m
from carcdsl.lang.sources import display_name
from carcdsl.lang.syntax import grammar_text
from carcdsl.lsp.buffer import _COMMENT, Analysis, Range, word_range
from carcdsl.lsp.completion import _kind_around
from carcdsl.lsp.context import in_token_block, place_of
from carcdsl.lsp.names import Index, file_of


@functools.cache
def construct_docs() -> dict[str, str]:
    """keyword -> the grammar lines that define it (with their comments): the construct's
    documentation, as the language reference writes it."""
    docs: dict[str, list[str]] = {}
    for line in grammar_text().splitlines():
        rule = re.match(r'^\s*[?_]?([a-z_]+):\s*(.*)$', line)
        if rule is None:
            continue
        first = re.match(r'"([a-z][\w-]*)"', rule.group(2).strip())
        if first is not None:
            docs.setdefault(first.group(1), []).append(line.strip())
    return {word: "\n".join(lines) for word, lines in docs.items()}


def _source_line(analysis: Analysis, loc: m.Loc | None) -> str | None:
    if loc is None or not loc.line:
        return None
    text = analysis.sources.get(loc.file)
    if text is None:
        return None
    rows = text.split("\n")
    return rows[loc.line - 1].strip() if loc.line <= len(rows) else None


def describe_kind(analysis: Analysis, kind: m.FeatureKind) -> str:
    lines = [f"**feature {kind.name}** — geometry `{kind.geometry}`",
             f"followers: {'yes' if kind.followers else 'no'}"
             + (f" ({kind.role})" if kind.role else "")
             + f"; pennants: {'yes' if kind.pennants else 'no'}"]
    if kind.terminals:
        lines.append("ends at: " + ", ".join(kind.terminals))
    lines.append(f"drawn: look `{kind.look or m.default_look(kind.geometry)}`"
                 + (f", colour `{kind.colour}`" if kind.colour else ", colour from its name"))
    for prop in ("complete", "final"):
        if getattr(kind, prop) is not None:
            said = _source_line(analysis, kind.loc_of(prop))
            said = _COMMENT.sub(lambda kept: kept.group(0) if not kept.group(1) else "",
                                said or "").strip()
            lines.append(f"`{said}`" if said else f"score {prop}")
    if kind.loc is not None:
        lines.append(f"declared in {kind.loc}")
    return "\n\n".join(lines)


def describe_tile(tile: m.Tile) -> str:
    rows = [f"**tile {tile.name}** × {tile.count}", ""]
    for seg in tile.segments:
        said = f"- {seg.kind} {'+'.join(seg.ports)}".rstrip()
        if seg.pennants:
            said += f", {seg.pennants} pennant{'s' if seg.pennants > 1 else ''}"
        if seg.ends:
            said += " → " + ", ".join(seg.ends)
        if seg.touches:
            said += " (touches " + "+".join(seg.touches) + ")"
        rows.append(said)
    return "\n".join(rows)


def describe_file(path: Path) -> str:
    """A rule file's name and the comment it starts with (its description)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return f"`{path.name}`"
    said: list[str] = []
    for line in text.split("\n"):
        if not line.startswith("#"):
            if said:
                break
            continue
        said.append(line[1:].strip())
    return f"**{path.stem}** ({display_name(path)})\n\n" + " ".join(said).replace("  ", "\n\n")


def hover(analysis: Analysis, idx: Index, line: int, char: int,
          picture: bool = True) -> tuple[str, Range] | None:
    occ = idx.at(analysis.shown, line, char)
    rules = analysis.rules
    if occ is not None:
        if occ.family == "file":
            target = file_of(occ, analysis)
            return (describe_file(target), occ.range) if target else None
        if occ.family == "name" and rules is not None:
            kind = next((k for k in rules.kinds if k.name == occ.name), None)
            if kind is not None:
                return describe_kind(analysis, kind), occ.range
            token = next((t for t in rules.tokens if t.name == occ.name), None)
            if token is not None:
                return (f"**token {token.name}**: {token.supply} in the supply, "
                        f"{token.each_player} to each player"), occ.range
            if occ.name in rules.landmarks:
                return f"**landmark {occ.name}**: a path may end at it", occ.range
            figure = rules.figure(occ.name)
            if figure is not None:
                return describe_figure(figure), occ.range
            attributes = [k.name for k in rules.kinds if occ.name in dict(k.attributes)]
            if attributes:
                return (f"**attribute {occ.name}**: carried by segments of "
                        f"{', '.join(attributes)}"), occ.range
        if occ.family == "group" and rules is not None:
            group = next((g for g in rules.groups if g.name == occ.name), None)
            if group is not None:
                return (f"**group {group.name}**: {len(group.tiles)} tile types drawn "
                        "together"), occ.range
        if occ.family == "tile" and rules is not None:
            tile = next((t for t in rules.tiles if t.name == occ.name), None)
            if tile is not None:
                said = describe_tile(tile)
                if picture:
                    from carcdsl.lsp.picture import tile_markdown
                    drawn = tile_markdown(tile, rules)
                    said = f"{drawn}\n\n{said}" if drawn else said
                return said, occ.range
        if occ.family == "port":
            return f"port `{occ.name}`: a place on the tile's border", occ.range
        if occ.family == "param":
            return f"parameter `{occ.name}`", occ.range
    rng = word_range(analysis.text, line, char)
    row = analysis.text.split("\n")[line] if line < analysis.text.count("\n") + 1 else ""
    word = row[rng.start:rng.end]
    look = _describe_look(analysis, row, rng, word)
    if look is not None:
        return look, rng
    quantity = _describe_quantity(analysis, rng, word)
    if quantity is not None:
        return quantity, rng
    doc = construct_docs().get(word)
    if doc and not _in_comment(row, rng.start):
        return f"```\n{doc}\n```", rng
    return None


def _describe_look(analysis: Analysis, row: str, rng: Range, word: str) -> str | None:
    """The word after ``look`` (what it draws) or ``colour`` (a swatch of it)."""
    before = row[:rng.start].split()
    if not before or before[-1] not in ("look", "colour") or _in_comment(row, rng.start):
        return None
    if before[-1] == "colour":
        colour = m.parse_colour(word.strip('"'))
        if colour is None:
            return None
        from carcdsl.lsp.picture import swatch_markdown
        return f"{swatch_markdown(colour)} colour `{colour}`: how pictures fill the kind"
    offset = sum(len(r) + 1 for r in analysis.text.split("\n")[:rng.line]) + rng.start
    kind = _kind_around(analysis, offset)
    geometries = [kind.geometry] if kind is not None and kind.geometry in m.LOOKS \
        else list(m.LOOKS)
    for geometry in geometries:
        if word in m.LOOKS[geometry]:
            return f"**look {word}** ({geometry}): {m.LOOKS[geometry][word]}"
    return None


def _describe_quantity(analysis: Analysis, rng: Range, word: str) -> str | None:
    """A word of a scoring expression that the language counts (``tiles`` there is no
    ``tiles 72`` of the game block)."""
    offset = sum(len(r) + 1 for r in analysis.text.split("\n")[:rng.line]) + rng.end
    if place_of(analysis.text, offset).what != "expression":
        return None
    if word in m.QUANTITIES:
        return f"**{word}** (quantity): {m.QUANTITIES[word]}"
    if word == "tokens" and in_token_block(analysis.text, offset):
        return "**tokens** (quantity): how many of the token the player holds"
    return None


def describe_figure(figure: m.Figure) -> str:
    """A figure at a glance (hover): how many, its strength, where it stands; a neutral one:
    what moves it and what it avoids."""
    if figure.neutral:
        return _describe_neutral(figure)
    where = ", ".join(figure.stands_on) if figure.stands_on is not None else \
        "where a follower may"
    said = (f"**figure {figure.name}**: {figure.each_player} each, strength "
            f"{figure.strength}; stands on {where}")
    if figure.needs is not None:
        said += f", with own {figure.needs}"
    if figure.recall is not None:
        said += "; may be taken back" + (" (its feature scores)" if figure.recall == "final"
                                         else "")
    return said


def _describe_neutral(figure: m.Figure) -> str:
    said = f"**figure {figure.name}** (neutral): one in the game, nobody's; only rules move it"
    if figure.avoids:
        said += f"; never walks onto a square where {', '.join(figure.avoids)} stands"
    if figure.beside is not None:
        said += f"; a player may put it beside their own {figure.beside} instead of a figure"
    if figure.blocks:
        said += "; no figure is placed on the square it stands on"
    return said


def _in_comment(row: str, char: int) -> bool:
    return any(found.group(1) and found.start(1) <= char for found in _COMMENT.finditer(row))
