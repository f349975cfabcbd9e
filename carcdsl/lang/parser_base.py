"""The state the rule language's transformer shares across its declaration families: the
file's path, the problems found while building, positions (``_loc``) and properties given
only once in a block (``_once``, E101). ``parser._ToRuleFile`` is this class with one mixin per
family (``parser_game``, ``parser_blocks``, ``parser_features``) on top.
"""

from __future__ import annotations

from lark import Token, Transformer

import carcdsl.model as m
from carcdsl.diagnostics import Diagnostic, error
from carcdsl.lang.decls import Prop

_PROP_WORDS = {"followers": "`followers`", "players": "`players`", "total_tiles": "`tiles`",
               "start": "`start`", "end": "`end`", "complete":
               "`score complete`", "final": "`score final`", "terminals": "`ends at`",
               "first_player": "`first player`", "edge_closes": "`edge closes`",
               "edge_neighbours": "`edge neighbours`", "each_player": "`each player`",
               "start_sides": "`start sides`", "final_points": "`score final`",
               "start_areas": "`start areas`", "colour": "`colour`", "look": "`look`"}


_REPEATABLE = frozenset(("followers_for", "attribute", "complete_extra", "final_extra",
                         "each_player_for"))
"""Properties a block may give more than once (each adds)."""


class BaseTransformer(Transformer):
    """What every transformer method may use: the path, the problems, ``_loc``, ``_once``."""

    def __init__(self, path: str):
        super().__init__()
        self.path = path
        self.problems: list[Diagnostic] = []
        """Problems found while building (a second header, a property given twice): reported
        with the file's other problems; the first of each thing counts."""

    def _once(self, props, block: str) -> list:
        """``props`` with every property given a second time in one block reported (E101)
        and left out; supplies by player count may repeat."""
        seen: dict[str, Prop] = {}
        kept = []
        for prop in props:
            if not isinstance(prop, Prop) or prop.name in _REPEATABLE:
                kept.append(prop)
                continue
            first = seen.get(prop.name)
            if first is not None:
                line = first.loc.line if first.loc else "?"
                if prop.name == "title":
                    said = error("E101", prop.loc, "title", block=block, line=line)
                else:
                    said = error("E101", prop.loc, "property", block=block, line=line,
                                 property=_PROP_WORDS.get(prop.name, prop.name))
                self.problems.append(said)
                continue
            seen[prop.name] = prop
            kept.append(prop)
        return kept

    def _loc(self, item) -> m.Loc:
        if isinstance(item, Token):
            return m.Loc(self.path, item.line or 0, item.column or 0)
        meta = item
        return m.Loc(self.path, getattr(meta, "line", 0), getattr(meta, "column", 0))
