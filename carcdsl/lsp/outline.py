"""The outline and colours of a rule file for the language server: its declarations in order
(``symbols``) and every token and comment as the protocol's semantic tokens, typed by what
names it (``semantic_tokens``).
"""

from __future__ import annotations

import attrs
from lark import Token, Tree
from lark.exceptions import UnexpectedInput

import carcdsl.model as m
from carcdsl.lang.format import lex
from carcdsl.lsp.buffer import _COMMENT, Range
from carcdsl.lsp.names import Occurrence, occurrences

_SYMBOL_RULES = {
    "rules_decl": "rules", "variant_decl": "variant", "feature_block": "feature",
    "override_feature": "override feature", "tile_decl": "tile", "override_tile":
    "override tile", "landmark_decl": "landmark", "token_block": "token", "override_token":
    "override token", "param_decl": "param", "game_block": "game", "override_game":
    "override game", "board_block": "board", "supply_block": "supply", "turn_block": "turn",
    "names_block": "names", "trigger_decl": "on place", "remove_tiles": "remove tile",
    "remove_all_tiles": "remove all tiles", "remove_kinds": "remove feature",
    "remove_figures": "remove figure", "remove_tokens": "remove token",
    "remove_groups": "remove group", "extends_decl": "extends",
    "open_point": "open", "about_decl": "about",
    "note": "note", "figure_block": "figure", "override_figure": "override figure",
    "group_decl": "group", "when_block": "when",
}


@attrs.frozen
class Symbol:
    name: str
    detail: str
    range: Range
    selection: Range


def symbols(text: str) -> list[Symbol]:
    """The file's declarations, in order."""
    try:
        _, tree = lex(text)
    except UnexpectedInput:
        return []
    found = []
    for node in tree.children:
        if not isinstance(node, Tree):
            continue
        what = _SYMBOL_RULES.get(node.data, node.data)
        if node.data == "trigger_decl" and any(isinstance(c, Tree) and c.data == "completes"
                                               for c in node.children):
            what = "on complete"
        inner = node.children[0] if node.data == "override_tile" else node
        name = next((c for c in getattr(inner, "children", []) if isinstance(c, Token)),
                    None)
        meta = node.meta
        whole = Range(meta.line - 1, meta.column - 1, meta.end_line - 1, meta.end_column - 1)
        if name is not None:
            at = Range((name.line or 1) - 1, (name.column or 1) - 1, (name.line or 1) - 1,
                       (name.column or 1) - 1 + len(name))
            found.append(Symbol(str(name).strip('"'), what, whole, at))
        else:
            found.append(Symbol(what, "", whole, whole))
    return found


TOKEN_TYPES = ("keyword", "type", "class", "enumMember", "variable", "parameter", "property",
               "number", "string", "comment", "namespace", "function", "operator")
_OCC_TYPES = {"name": "type", "tile": "class", "port": "property", "param": "parameter",
              "file": "namespace"}


def semantic_tokens(text: str, rules: m.RuleSet | None = None) -> list[int]:
    """The protocol's relative encoding: (line delta, start delta, length, type, 0) for each
    token of the file (its parsed part) and every comment."""
    try:
        tokens, _ = lex(text)
    except UnexpectedInput:
        tokens = []
    occ = {(o.range.line, o.range.start): o for o in occurrences(text, "")}
    landmarks = set(rules.landmarks) if rules is not None else set()
    token_names = {t.name for t in rules.tokens} if rules is not None else set()
    spans: list[tuple[int, int, int, str]] = []
    for token in tokens:
        line, col = (token.line or 1) - 1, (token.column or 1) - 1
        kind = _token_type(token, occ.get((line, col)), landmarks, token_names)
        if kind is not None:
            spans.append((line, col, len(token), kind))
    for row_no, row in enumerate(text.split("\n")):
        for found in _COMMENT.finditer(row):
            if found.group(1):
                spans.append((row_no, found.start(1), len(found.group(1)), "comment"))
    spans.sort()
    data: list[int] = []
    last_line = last_col = 0
    for line, col, length, kind in spans:
        delta = line - last_line
        data += [delta, col - last_col if delta == 0 else col, length,
                 TOKEN_TYPES.index(kind), 0]
        last_line, last_col = line, col
    return data


def _token_type(token: Token, occ: Occurrence | None, landmarks: set[str],
                token_names: set[str]) -> str | None:
    if occ is not None:
        if occ.family == "name" and occ.name in landmarks:
            return "enumMember"
        if occ.family == "name" and occ.name in token_names:
            return "variable"
        return _OCC_TYPES.get(occ.family, "variable")
    if token.type == "INT":
        return "number"
    if token.type == "STRING":
        return "string"
    if token.type in ("BOOL", "WHEN") or str(token)[:1].isalpha() and token.type != "NAME":
        return "keyword"
    if token.type == "NAME":
        return "function" if token.value in _QUANTITY_WORDS else "variable"
    return "operator"


_QUANTITY_WORDS = frozenset({"tiles", "pennants", "neighbours", "completed", "tokens"})
