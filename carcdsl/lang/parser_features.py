"""The transformer methods of what tiles are made of and how they score: feature kinds (their
geometry, followers, pennants, ends, scoring, attributes, colour and look) and landmarks;
tiles, their segments and ports; scoring expressions. A mixin of ``parser._ToRuleFile``.
"""

from __future__ import annotations

import attrs
from lark import v_args

import carcdsl.model as m
from carcdsl.diagnostics import error
from carcdsl.lang.decls import FeatureDecl, LandmarkDecl, Prop, RemoveNames, RemoveTiles, TileDecl
from carcdsl.lang.parser_base import BaseTransformer

_MINUS = object()
"""What ``minus`` leaves between the terms of a sum: the next term is subtracted."""

_PORT_WORDS = frozenset(("N", "E", "S", "W", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW",
                         "NNW"))


def _are_ports(words: tuple[tuple[str, m.Loc], ...]) -> bool:
    """Whether a segment's first words are its ports (``N+E``, ``W-E``) rather than an
    attribute (``inn``): several words joined, or one port name. A misspelt port (``NE``)
    joined to others still reads as ports, for the checker to name."""
    word = words[0][0].upper()
    return len(words) > 1 or word in _PORT_WORDS or set(word) <= set("NESW")


def _flat(items) -> list:
    """Properties, where one clause gives several (``followers anywhere with F``)."""
    return [p for item in items for p in (item if isinstance(item, list) else [item])]


class FeatureTransformer(BaseTransformer):
    """Feature kinds, landmarks, tiles and segments, scoring expressions."""

    # --- features -----------------------------------------------------------------------
    @v_args(meta=True)
    def feature_block(self, meta, items):
        props = self._once(_flat(items[1:]), "feature")
        return FeatureDecl(str(items[0]), props, False, self._loc(items[0]))

    @v_args(meta=True)
    def override_feature(self, meta, items):
        props = self._once(_flat(items[1:]), "feature")
        return FeatureDecl(str(items[0]), props, True, self._loc(items[0]))

    @v_args(meta=True)
    def geometry(self, meta, items):
        return Prop("geometry", str(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def allow_followers(self, meta, items):
        return Prop("followers", str(items[0]) == "yes", self._loc(meta))

    @v_args(meta=True)
    def followers_anywhere(self, meta, items):
        props = [Prop("followers", True, self._loc(meta)),
                 Prop("followers_anywhere", True, self._loc(meta))]
        if items and items[0] is not None:
            props.append(Prop("followers_with", str(items[0]), self._loc(items[0])))
        return props

    @v_args(meta=True)
    def tile_figures(self, meta, items):
        return Prop("tile_figures", str(items[0]) == "yes", self._loc(meta))

    @v_args(meta=True)
    def fits_any(self, meta, items):
        return Prop("fits_any", True, self._loc(meta))

    @v_args(meta=True)
    def breaks_ties(self, meta, items):
        how = items[0] if items and items[0] is not None else None
        return Prop("ties", str(how) if how is not None else "presence",
                    self._loc(how) if how is not None else self._loc(meta))

    @v_args(meta=True)
    def allow_pennants(self, meta, items):
        return Prop("pennants", str(items[0]) == "yes", self._loc(meta))

    @v_args(meta=True)
    def ends_at(self, meta, items):
        return Prop("terminals", tuple(str(t) for t in items), self._loc(meta))

    @v_args(meta=True)
    def ends_at_add(self, meta, items):
        return Prop("terminals_added", tuple(str(t) for t in items), self._loc(meta))

    @v_args(meta=True)
    def score(self, meta, items):
        return Prop(str(items[0]), items[1], self._loc(meta))

    @v_args(meta=True)
    def score_add(self, meta, items):
        return Prop(f"{items[0]}_extra", items[1], self._loc(meta))

    @v_args(meta=True)
    def attribute(self, meta, items):
        return Prop("attribute", (str(items[0]), str(items[1])), self._loc(items[0]),
                    self._loc(items[1]))

    @v_args(meta=True)
    def scorers(self, meta, items):
        return Prop("scorers", str(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def colour(self, meta, items):
        value = str(items[0])
        if items[0].type == "STRING":
            value = value[1:-1]
        return Prop("colour", value, self._loc(items[0]))

    @v_args(meta=True)
    def look(self, meta, items):
        return Prop("look", str(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def landmark_decl(self, meta, items):
        return LandmarkDecl(tuple(str(t) for t in items), self._loc(meta))
    # --- tiles --------------------------------------------------------------------------
    @v_args(meta=True)
    def tile_decl(self, meta, items):
        name, count, *segments = items
        tile = m.Tile(str(name), int(count), segments, loc=self._loc(name))
        return TileDecl(tile, False, self._loc(meta))

    @v_args(meta=True)
    def override_tile(self, meta, items):
        return TileDecl(items[0].tile, True, items[0].loc)

    @v_args(meta=True)
    def remove_tiles(self, meta, items):
        return RemoveTiles(tuple(str(t) for t in items), self._loc(meta))

    @v_args(meta=True)
    def remove_all_tiles(self, meta, items):
        return RemoveTiles(None, self._loc(meta))

    @v_args(meta=True)
    def remove_kinds(self, meta, items):
        return RemoveNames("feature", tuple(str(t) for t in items), self._loc(meta))

    @v_args(meta=True)
    def remove_figures(self, meta, items):
        return RemoveNames("figure", tuple(str(t) for t in items), self._loc(meta))

    @v_args(meta=True)
    def remove_tokens(self, meta, items):
        return RemoveNames("token", tuple(str(t) for t in items), self._loc(meta))

    @v_args(meta=True)
    def remove_groups(self, meta, items):
        return RemoveNames("group", tuple(str(t) for t in items), self._loc(meta))

    @v_args(meta=True)
    def segment(self, meta, items):
        kind, *mods = items
        pennants, ends, touches = 0, [], []
        ports: list[tuple[str, m.Loc]] = []
        attributes: list[list] = []  # [name, amount, where]
        for mod_name, value in mods:
            if mod_name == "pennants":
                pennants += value
            elif mod_name == "end":
                ends.append(value)
            elif mod_name == "touches":
                touches.extend(value)
            elif mod_name == "amount":
                number, at = value
                if attributes:
                    attributes[-1][1] = number
                else:  # `city N 2`: a number with no attribute before it
                    self.problems.append(error("E207", at, "amount-alone"))
            elif not ports and not attributes and _are_ports(value):
                ports.extend(value)
            elif attributes and _are_ports(value):  # `city N road W-E`: a ';' left out
                name, _, at = attributes.pop()
                self.problems.append(error("E001", at, "segment-semicolon", token=name))
            elif len(value) == 1:
                attributes.append([value[0][0], 1, value[0][1]])
            else:  # `wine+grain`: not ports, not one attribute; the checker says so
                ports.extend(value)
        return m.Segment(str(kind), tuple(name for name, _ in ports), pennants, ends,
                         tuple(name for name, _ in touches),
                         tuple((name, amount) for name, amount, _ in attributes),
                         loc=self._loc(kind),
                         port_locs=(*ports, *touches,
                                    *((f"@{name}", at) for name, _, at in attributes)))

    def words(self, items):
        return ("words", self.ports(items))

    def amount(self, items):
        return ("amount", (int(items[0]), self._loc(items[0])))

    def ports(self, items) -> tuple[tuple[str, m.Loc], ...]:
        """(port, where it is written); W-E reads like the tile table and means W+E."""
        found = []
        for token in items:
            at = self._loc(token)
            offset = 0
            for part in str(token).split("-"):
                found.append((part, attrs.evolve(at, column=at.column + offset)))
                offset += len(part) + 1
        return tuple(found)

    def pennant(self, items):
        return ("pennants", 1)

    def pennants(self, items):
        return ("pennants", int(items[0]))

    def path_end(self, items):
        return ("end", str(items[0]))

    def touches(self, items):
        return ("touches", items[0])

    # --- expressions --------------------------------------------------------------------
    @v_args(meta=True)
    def times(self, meta, items):
        """``2 * tiles`` (a number times a term) is Scaled; ``a * b`` of terms a Product."""
        numbers = [f for f in items if isinstance(f, m.Const)]
        terms = [f for f in items if not isinstance(f, m.Const)]
        factor = 1
        for number in numbers:
            factor *= number.value
        if not terms:
            return m.Const(factor, loc=self._loc(meta))
        term = terms[0] if len(terms) == 1 else m.Product(terms, loc=self._loc(meta))
        return term if not numbers else m.Scaled(factor, term, loc=self._loc(meta))

    @v_args(meta=True)
    def divide(self, meta, items):
        """``tiles // 2``: what stands left of ``//`` divided by the term after it."""
        return m.Divide(items[0], items[1], loc=self._loc(meta))

    def minus(self, items):
        return _MINUS

    @v_args(meta=True)
    def const(self, meta, items):
        return m.Const(int(items[0]), loc=self._loc(items[0]))

    @v_args(meta=True)
    def quantity(self, meta, items):
        return m.Quantity(str(items[0]), None, loc=self._loc(items[0]))

    @v_args(meta=True)
    def quantity_of(self, meta, items):
        return m.Quantity(str(items[0]), str(items[1]), loc=self._loc(items[0]))

    @v_args(meta=True)
    def sum(self, meta, items):
        terms: list[m.Expr] = []
        negate = False
        for item in items:
            if item is _MINUS:
                negate = True
                continue
            terms.append(m.Negated(item, loc=item.loc) if negate else item)
            negate = False
        return m.Sum(terms, loc=self._loc(meta))

    @v_args(meta=True)
    def compare(self, meta, items):
        return m.Compare(str(items[1]), items[0], items[2], loc=self._loc(meta))

    @v_args(meta=True)
    def cond(self, meta, items):
        return m.Cond(items[0], items[1], items[2], loc=self._loc(meta))
