"""The names a rule file declares and uses, for the language server: each name written
(``Occurrence``) with what names it (a kind, landmark or token; a tile, port, parameter, tile
group or rule file), found in the parse tree; an index over every file a buffer is made of
(go to definition, references, rename) and the file an ``extends`` names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import attrs
from lark import Token, Tree
from lark.exceptions import UnexpectedInput

import carcdsl.model as m
from carcdsl.errors import RuleError
from carcdsl.lang.format import lex
from carcdsl.lang.sources import real_path, resolve
from carcdsl.lsp.buffer import Analysis, Range


@attrs.frozen
class Occurrence:
    """A name written in a file: ``family`` says what names it (``name``: a kind, landmark
    or token; ``tile``, ``port``, ``param``, ``file``: a rule file by name or path)."""

    name: str
    family: str
    is_def: bool
    file: str
    range: Range
    rule: str


# rule -> the family of each NAME child, in order (the last one repeats)
_ROLES: dict[str, tuple[str, ...]] = {
    "feature_block": ("name+",), "override_feature": ("name",), "landmark_decl": ("name+",),
    "tile_decl": ("tile+",), "remove_tiles": ("tile",), "when_block": ("-",),
    "remove_kinds": ("name",), "remove_figures": ("name",), "remove_tokens": ("token",),
    "remove_groups": ("group",),
    "start_tile": ("tile",),
    "segment": ("name",), "ports": ("port",), "words": ("port",), "path_end": ("name",),
    "ends_at": ("name",),
    "shows": ("name",), "quantity_of": ("quantity", "name"), "put_tokens": ("token", "name"),
    "token_block": ("token+",), "override_token": ("token",), "first_player": ("-", "name"),
    "name_entry": ("name",), "param_decl": ("param+",), "bounds": ("param",),
    "sets": ("param",), "hand": ("param", "-"), "start_areas": ("param",),
    "extends_decl": ("file",), "variant_decl": ("-", "file"), "rules_decl": ("-",),
    "quantity": ("-",), "attribute": ("name+", "-"), "figure_block": ("name+",),
    "override_figure": ("name",), "figure_stands": ("name",), "figure_needs": ("name",),
    "group_decl": ("group+", "tile"), "draw_order": ("group",), "extends": ("name",),
    "completes": ("name",), "take_tokens": ("name",), "require": ("-", "name"),
    "figure_avoids": ("name",), "move_here": ("name",), "walk": ("name",), "entered": ("name",),
    "turn_beside": ("name",), "score_beside": ("name",), "hold_back": ("name",),
    "scored_figure": ("name",), "move_within": ("name",),
    "owned_tile": ("tile",),
}
_FAMILY = {"token": "name"}
"""Tokens, kinds, landmarks, figures and attributes share one family: `names` names any of
them (tile groups have their own: `group river` beside `feature river`)."""
_PORT_WORD = re.compile(r"[NESW]+(-[NESW]+)*")


def _word_roles(node: Tree, names: list[Token]) -> tuple[str, ...]:
    """A segment's words are its ports (``N+E``, ``W-E``) or an attribute (``inn``); a
    quantity that is no quantity of the language is an attribute (``inn >= 1``)."""
    if node.data == "quantity":
        return ("-",) if names and str(names[0]) in m.QUANTITIES else ("name",)
    if len(names) > 1 or names and _PORT_WORD.fullmatch(str(names[0])):
        return ("port",)
    return ("name",)


def occurrences(text: str, file: str) -> list[Occurrence]:
    """The names ``text`` declares and uses (empty when it does not parse)."""
    try:
        tokens, tree = lex(text)
    except UnexpectedInput:
        return []
    del tokens
    found = []
    overridden = {id(child) for parent in tree.find_data("override_tile")
                  for child in parent.children}
    for node in tree.iter_subtrees_topdown():
        roles = _ROLES.get(node.data)
        if roles is None:
            continue
        names = [c for c in node.children
                 if isinstance(c, Token) and c.type in ("NAME", "STRING")]
        if node.data == "tile_decl" and id(node) in overridden:
            roles = ("tile",)
        elif node.data in ("words", "quantity"):
            roles = _word_roles(node, names)
        for i, token in enumerate(names):
            role = roles[min(i, len(roles) - 1)]
            if role in ("-", "quantity") or token.type == "STRING" and role != "file":
                continue
            is_def = role.endswith("+")
            family = _FAMILY.get(role.rstrip("+"), role.rstrip("+"))
            if node.data == "tile_decl" and i > 0:
                continue
            line, col = (token.line or 1) - 1, (token.column or 1) - 1
            found.append(Occurrence(str(token).strip('"'), family, is_def, file,
                                    Range(line, col, line, col + len(token)), node.data))
    return found


@attrs.define
class Index:
    """The names of every file a buffer is made of (itself and what it extends)."""

    by_file: dict[str, list[Occurrence]]

    def at(self, file: str, line: int, char: int) -> Occurrence | None:
        for occ in self.by_file.get(file, []):
            if occ.range.contains(line, char):
                return occ
        return None

    def all_of(self, occ: Occurrence) -> Iterator[Occurrence]:
        for found in self.by_file.values():
            for other in found:
                if other.name == occ.name and other.family == occ.family:
                    yield other

    def definitions(self, occ: Occurrence) -> list[Occurrence]:
        return [o for o in self.all_of(occ) if o.is_def]


def index(analysis: Analysis) -> Index:
    by_file = {}
    for shown, text in analysis.sources.items():
        source = analysis.parsed_text if shown == analysis.shown else text
        by_file[shown] = occurrences(source, shown)
    return Index(by_file)


def file_of(ref: Occurrence, analysis: Analysis) -> Path | None:
    """The file an ``extends``/``for``/``with`` names, when it lies in the folders the
    analysis may read (``Analysis.within``) or the bundled rules; else None."""
    try:  # only where checking the file reads (E004/outside elsewhere): the same folders
        folder = real_path(ref.file).parent
        return resolve(ref.name, folder, None, within=analysis.within)
    except (RuleError, OSError, ValueError):  # a loop of links, a name no file can have
        return None


def path_of(shown: str) -> Path:
    """``shown`` with its links followed (``real_path``); as written, made absolute, where
    no file can be behind it (a loop of links)."""
    try:
        return real_path(shown)
    except (OSError, ValueError):
        return Path(shown).absolute()
