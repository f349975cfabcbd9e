"""Text -> RuleFile: one Transformer method per grammar rule, returning declarations.

The grammar, and the syntax errors of text that does not follow it, are ``syntax``'s: a tree
reaches the transformer here only when the whole file parsed.
"""

from __future__ import annotations

from typing import Any

import attrs
from lark import Token, Transformer, v_args
from lark.exceptions import UnexpectedInput, VisitError

import carcdsl.model as m
from carcdsl.diagnostics import Diagnostic, error, unique
from carcdsl.errors import RuleError
from carcdsl.lang.decls import (
    BlockDecl,
    FeatureDecl,
    FigureDecl,
    GameDecl,
    LandmarkDecl,
    NamesDecl,
    NoteDecl,
    ParamDecl,
    ParamRef,
    Prop,
    Ref,
    RemoveTiles,
    RuleFile,
    TileDecl,
    TokenDecl,
)
from carcdsl.lang.syntax import (
    GluedWords,
    grammar,
    long_numbers,
    normalise_newlines,
    parse_tree,
    syntax_errors,
    too_deep,
    too_many_tiles,
    too_many_tokens,
)
from carcdsl.lang.syntax import deep_fallback as _deep_fallback


def parse_text(text: str, path: str = "<text>") -> RuleFile:
    """Parse rule-language text; raises RuleError carrying every syntax error (and every
    number too long, every expression too deep) when there is any."""
    text = normalise_newlines(text)
    parser = grammar()
    crowded = too_many_tiles(text, path) or too_many_tokens(text, path)
    if crowded:  # before parsing, whose time grows with the tiles
        raise RuleError("too many tile types", tuple(crowded))
    problems = long_numbers(text, path)
    tree = None
    try:
        tree, glued = parse_tree(text, path)
        problems += glued
    except (UnexpectedInput, GluedWords) as exc:
        if isinstance(exc, GluedWords):  # keywords glued to names before the error
            problems += exc.glued
            exc = exc.error
        taken = {(d.loc.line, d.loc.column) for d in problems if d.loc}
        problems += [d for d in syntax_errors(text, path, parser, exc)
                     if d.loc is None or (d.loc.line, d.loc.column) not in taken]
    except RecursionError:
        problems.append(_deep_fallback(path))
    if tree is not None:
        problems += too_deep(tree, path)
    if problems:
        raise RuleError("syntax error", tuple(unique(problems)))
    assert tree is not None  # no tree means a syntax problem, raised above
    try:
        return _ToRuleFile(path).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, RuleError):
            raise exc.orig_exc from None
        if isinstance(exc.orig_exc, RecursionError):
            raise RuleError("too deep", (_deep_fallback(path),)) from None
        raise
    except RecursionError:
        raise RuleError("too deep", (_deep_fallback(path),)) from None


_PROP_WORDS = {"followers": "`followers`", "players": "`players`", "total_tiles": "`tiles`",
               "start": "`start`", "end": "`end`", "complete":
               "`score complete`", "final": "`score final`", "terminals": "`ends at`",
               "first_player": "`first player`", "edge_closes": "`edge closes`",
               "edge_neighbours": "`edge neighbours`", "each_player": "`each player`",
               "start_sides": "`start sides`", "final_points": "`score final`",
               "start_areas": "`start areas`", "colour": "`colour`", "look": "`look`"}


_REPEATABLE = frozenset(("followers_for", "attribute", "complete_extra", "final_extra"))
"""Properties a block may give more than once (each adds)."""

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


class _Header:
    """``rules NAME`` or ``variant NAME for ... with ...`` as written."""

    def __init__(self, role: str, name: str, applies_to: Ref | None,
                 applies_with: tuple[Ref, ...], loc: m.Loc):
        self.role, self.name, self.loc = role, name, loc
        self.applies_to, self.applies_with = applies_to, applies_with


class _ToRuleFile(Transformer):
    """One method per grammar rule; each returns a model or declaration object."""

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

    # --- file ---------------------------------------------------------------------------
    def start(self, items: list[Any]) -> RuleFile:
        role, name, applies_to = "rules", None, None
        applies_with: tuple[Ref, ...] = ()
        extends: list[Ref] = []
        decls: list[Any] = []
        header: _Header | None = None
        params: dict[str, ParamDecl] = {}
        for item in items:
            if isinstance(item, _Header):
                if header is not None:
                    self.problems.append(error(
                        "E104", item.loc, "header", header=f"{header.role} {header.name}",
                        line=header.loc.line))
                    continue
                header = item
                role, name = item.role, item.name
                applies_to, applies_with = item.applies_to, item.applies_with
            elif isinstance(item, Ref):
                extends.append(item)
            elif isinstance(item, ParamDecl) and item.name in params:
                first = params[item.name].loc
                self.problems.append(error("E101", item.loc, "parameter", name=item.name,
                                           line=first.line if first else "?"))
            else:
                if isinstance(item, ParamDecl):
                    params[item.name] = item
                decls.append(item)
        return RuleFile(self.path, role, name, applies_to, applies_with, extends, decls,
                        header.loc if header else None, tuple(self.problems))

    @v_args(meta=True)
    def rules_decl(self, meta, items):
        return _Header("rules", str(items[0]), None, (), self._loc(meta))

    @v_args(meta=True)
    def variant_decl(self, meta, items):
        refs = [self._ref(t) for t in items[1:] if t is not None]
        return _Header("variant", str(items[0]), refs[0] if refs else None, tuple(refs[1:]),
                       self._loc(meta))

    def extends_decl(self, items):
        return self._ref(items[0])

    def _ref(self, token: Token) -> Ref:
        if token.type == "STRING":
            return Ref(str(token)[1:-1], True, self._loc(token))
        return Ref(str(token), False, self._loc(token))

    # --- game ---------------------------------------------------------------------------
    @v_args(meta=True)
    def game_block(self, meta, items):
        title = None
        if items and isinstance(items[0], Token):
            title = str(items[0])[1:-1]
            items = items[1:]
        props = list(items)
        if title is not None:
            props.insert(0, Prop("title", title, self._loc(meta)))
        return GameDecl(self._once(props, "game"), title, False, self._loc(meta))

    @v_args(meta=True)
    def override_game(self, meta, items):
        return GameDecl(self._once(items, "game"), None, True, self._loc(meta))

    @v_args(meta=True)
    def players(self, meta, items):
        low = int(items[0])
        # `(".." INT)?` leaves no placeholder: `players 3` has one item
        high = int(items[1]) if len(items) > 1 and items[1] is not None else low
        return Prop("players", (low, high), self._loc(meta))

    @v_args(meta=True)
    def followers(self, meta, items):
        count, low, high = items
        if low is None:
            return Prop("followers", int(count), self._loc(meta))
        high = high if high is not None else low
        return Prop("followers_for", (int(low), int(high), int(count)), self._loc(meta))

    @v_args(meta=True)
    def follower_piece(self, meta, items):
        return Prop("follower", str(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def score_marker(self, meta, items):
        return Prop("score_marker", str(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def role(self, meta, items):
        return Prop("role", str(items[0]), self._loc(items[0]))

    # --- tokens, words, notes ---------------------------------------------------------
    @v_args(meta=True)
    def token_block(self, meta, items):
        props = self._once(items[1:], "token")
        return TokenDecl(str(items[0]), tuple(props), False, self._loc(items[0]))

    @v_args(meta=True)
    def override_token(self, meta, items):
        props = self._once(items[1:], "token")
        return TokenDecl(str(items[0]), tuple(props), True, self._loc(items[0]))

    @v_args(meta=True)
    def token_supply(self, meta, items):
        return Prop("supply", int(items[0]), self._loc(meta))

    @v_args(meta=True)
    def token_each(self, meta, items):
        return Prop("each_player", int(items[0]), self._loc(meta))

    @v_args(meta=True)
    def token_start(self, meta, items):
        return Prop("start_sides", int(items[0]), self._loc(meta))

    @v_args(meta=True)
    def token_collected(self, meta, items):
        return Prop("collected", str(items[0]) == "yes", self._loc(meta))

    @v_args(meta=True)
    def token_score(self, meta, items):
        return Prop("final_points", int(items[0]), self._loc(meta))

    @v_args(meta=True)
    def token_most(self, meta, items):
        return Prop("most_points", int(items[0]), self._loc(meta))

    @v_args(meta=True)
    def names_block(self, meta, items):
        entries, seen = [], {}
        titles = self._once([item for item in items[1:] if isinstance(item, Prop)], "names")
        title = titles[0] if titles else None  # a second one is E101
        for word, singular, plural, loc in (i for i in items[1:] if not isinstance(i, Prop)):
            if word in seen:
                self.problems.append(error("E101", loc, "name", lang=str(items[0]), word=word,
                                           line=seen[word].line))
                continue
            seen[word] = loc
            entries.append((word, singular, plural, loc))
        return NamesDecl(str(items[0]), tuple(entries), self._loc(meta),
                         title.value if title else None, title.loc if title else None)

    @v_args(meta=True)
    def names_title(self, meta, items):
        return Prop("title", str(items[0])[1:-1], self._loc(meta))

    def name_entry(self, items):
        word, singular, plural = items
        return (str(word), str(singular)[1:-1], str(plural)[1:-1] if plural is not None else None,
                self._loc(word))

    @v_args(meta=True)
    def open_point(self, meta, items):
        return NoteDecl(None, str(items[0])[1:-1], self._loc(meta))

    @v_args(meta=True)
    def note(self, meta, items):
        return NoteDecl(str(items[0]), str(items[1])[1:-1], self._loc(meta))

    @v_args(meta=True)
    def total_tiles(self, meta, items):
        return Prop("total_tiles", int(items[0]), self._loc(meta))

    @v_args(meta=True)
    def added_tiles(self, meta, items):
        return Prop("added_tiles", int(items[0]), self._loc(meta))

    # --- figures and groups -------------------------------------------------------------
    @v_args(meta=True)
    def figure_block(self, meta, items):
        props = self._once(items[1:], "figure")
        return FigureDecl(str(items[0]), tuple(props), False, self._loc(items[0]))

    @v_args(meta=True)
    def override_figure(self, meta, items):
        props = self._once(items[1:], "figure")
        return FigureDecl(str(items[0]), tuple(props), True, self._loc(items[0]))

    @v_args(meta=True)
    def figure_each(self, meta, items):
        return Prop("each_player", int(items[0]), self._loc(meta))

    @v_args(meta=True)
    def figure_strength(self, meta, items):
        return Prop("strength", int(items[0]), self._loc(meta))

    @v_args(meta=True)
    def figure_stands(self, meta, items):
        return Prop("stands_on", tuple(str(t) for t in items), self._loc(meta),
                    tuple(self._loc(t) for t in items))

    @v_args(meta=True)
    def figure_needs(self, meta, items):
        return Prop("needs", str(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def figure_recall(self, meta, items):
        when = items[0]
        return Prop("recall", str(when) if when is not None else "none", self._loc(meta))

    @v_args(meta=True)
    def group_decl(self, meta, items):
        name, *tiles = items
        return m.Group(str(name), tuple(str(t) for t in tiles), loc=self._loc(name),
                       tile_locs=tuple((str(t), self._loc(t)) for t in tiles))

    @v_args(meta=True)
    def start_tile(self, meta, items):
        return Prop("start", str(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def end_condition(self, meta, items):
        return Prop("end", str(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def title(self, meta, items):
        return Prop("title", str(items[0])[1:-1], self._loc(meta))

    # --- features -----------------------------------------------------------------------
    @v_args(meta=True)
    def feature_block(self, meta, items):
        props = self._once(items[1:], "feature")
        return FeatureDecl(str(items[0]), props, False, self._loc(items[0]))

    @v_args(meta=True)
    def override_feature(self, meta, items):
        props = self._once(items[1:], "feature")
        return FeatureDecl(str(items[0]), props, True, self._loc(items[0]))

    @v_args(meta=True)
    def geometry(self, meta, items):
        return Prop("geometry", str(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def allow_followers(self, meta, items):
        return Prop("followers", str(items[0]) == "yes", self._loc(meta))

    @v_args(meta=True)
    def allow_pennants(self, meta, items):
        return Prop("pennants", str(items[0]) == "yes", self._loc(meta))

    @v_args(meta=True)
    def ends_at(self, meta, items):
        return Prop("terminals", tuple(str(t) for t in items), self._loc(meta))

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

    # --- parameters and blocks ---------------------------------------------------------
    def _value(self, token: Token):
        """A literal (number or word), or a reference to a parameter by name."""
        if token.type == "INT":
            return int(token)
        return ParamRef(str(token), self._loc(token))

    @v_args(meta=True)
    def param_decl(self, meta, items):
        name, default, allowed = items
        value = int(default) if default.type == "INT" else str(default)
        return ParamDecl(str(name), value, self._loc(name), allowed)

    def param_range(self, items):
        return (int(items[0]), int(items[1]))

    def param_choices(self, items):
        return tuple(str(t) for t in items)

    def _block(self, name, meta, items):
        props = [p for item in items for p in (item if isinstance(item, list) else [item])]
        return BlockDecl(name, self._once(props, name), self._loc(meta))

    @v_args(meta=True)
    def board_block(self, meta, items):
        return self._block("board", meta, items)

    @v_args(meta=True)
    def supply_block(self, meta, items):
        return self._block("supply", meta, items)

    @v_args(meta=True)
    def turn_block(self, meta, items):
        return self._block("turn", meta, items)

    @v_args(meta=True)
    def bounds(self, meta, items):
        return Prop("bounds", (self._value(items[0]), self._value(items[1])), self._loc(meta))

    @v_args(meta=True)
    def edge_closes(self, meta, items):
        return Prop("edge_closes", str(items[0]) == "yes", self._loc(meta))

    @v_args(meta=True)
    def edge_neighbours(self, meta, items):
        return Prop("edge_neighbours", self._value(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def draw_mode(self, meta, items):
        return Prop("draw", self._value(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def start_mode(self, meta, items):
        return Prop("start", self._value(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def hand(self, meta, items):
        props = [Prop("hand", self._value(items[0]), self._loc(meta))]
        if items[1] is not None:
            props.append(Prop("hand_visibility", self._value(items[1]), self._loc(items[1])))
        return props

    @v_args(meta=True)
    def draw_order(self, meta, items):
        return Prop("order", tuple(str(t) for t in items), self._loc(meta),
                    tuple(self._loc(t) for t in items))

    @v_args(meta=True)
    def sets(self, meta, items):
        return Prop("sets", self._value(items[0]), self._loc(meta))

    @v_args(meta=True)
    def start_areas(self, meta, items):
        return Prop("start_areas", self._value(items[0]), self._loc(meta))

    @v_args(meta=True)
    def map_rows(self, meta, items):
        rows = tuple((str(t)[1:-1], m.Loc(self.path, t.line, t.column + 1)) for t in items)
        return Prop("map", rows, self._loc(meta))

    @v_args(meta=True)
    def legend(self, meta, items):
        return Prop("legend", tuple(items), self._loc(meta))

    def legend_entry(self, items):
        token, spec = items
        return (str(token)[1:-1], self._loc(token), spec)

    def sq_square(self, items):
        return {"role": "square", "borders": tuple(items)}

    def sq_off(self, items):
        return {"role": "off"}

    def sq_start(self, items):
        return {"role": "start", "name": str(items[0]), "borders": tuple(items[1:])}

    def sq_marker(self, items):
        name = str(items[1]) if items[1] is not None else None
        return {"role": "square", "marker": str(items[0]), "name": name,
                "borders": tuple(items[2:])}

    def sq_printed(self, items):
        pennants = int(items[2]) if items[2] is not None else 0
        return {"role": "printed", "kind": str(items[0]), "name": str(items[1]),
                "pennants": pennants}

    def border(self, items):
        side, kind, pennants, name = items
        return m.Border(str(side), str(kind), int(pennants) if pennants is not None else 0,
                        str(name) if name is not None else None)

    @v_args(meta=True)
    def trigger_decl(self, meta, items):
        (condition, arg, arg_loc, *kinds), *actions = items
        locs = [("arg", arg_loc)] if arg_loc is not None else []
        kind_names = tuple(name for name, _ in kinds[0]) if kinds else ()
        locs += [(f"kinds:{i}", at) for i, (_, at) in enumerate(kinds[0] if kinds else ())]
        for i, (_, _, words) in enumerate(actions):
            locs += [(f"{word}:{i}", at) for word, at in words]
        return m.Trigger(condition, arg, [(name, value) for name, value, _ in actions],
                         loc=self._loc(meta), field_locs=tuple(locs), kinds=kind_names)

    def completes(self, items):
        return ("complete", str(items[0]), self._loc(items[0]))

    def extends(self, items):
        *kinds, figure = items
        return ("extends", str(figure), self._loc(figure),
                tuple((str(k), self._loc(k)) for k in kinds))

    def take_tokens(self, items):
        return ("take", str(items[0]), (("token", self._loc(items[0])),))

    def require(self, items):
        test, kind, distance = items
        test_value = self._value(test)
        return ("require", (test_value, str(kind), int(distance) if distance is not None else None),
                (("test", self._loc(test)), ("kind", self._loc(kind))))

    def surrounded(self, items):
        return ("surrounded", None, None)

    def covers(self, items):
        return ("covers", str(items[0]), self._loc(items[0]))

    def shows(self, items):
        return ("shows", str(items[0]), self._loc(items[0]))

    def extra_turn(self, items):
        return ("extra-turn", None, ())

    def score_points(self, items):
        return ("score", int(items[0]), ())

    def put_tokens(self, items):
        count, token, kind = items
        return ("put", (int(count), str(token), str(kind)),
                (("token", self._loc(token)), ("kind", self._loc(kind))))

    @v_args(meta=True)
    def first_player(self, meta, items):
        props = [Prop("first_player", self._value(items[0]), self._loc(items[0]))]
        if items[1] is not None:
            props.append(Prop("first_player_kind", str(items[1]), self._loc(items[1])))
        return props

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
