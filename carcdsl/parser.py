"""Text -> RuleFile: the Lark grammar, one Transformer method per rule, and syntax errors.

Syntax errors never escape as lark exceptions: they become Diagnostics with file:line:col and
the expected tokens in plain words.
"""

from __future__ import annotations

import functools
from pathlib import Path

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from . import model as m
from .decls import (
    BlockDecl,
    FeatureDecl,
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
from .diagnostics import Diagnostic, error
from .errors import RuleError

GRAMMAR_FILE = "carc.lark"

# Tokens in the words a rule author uses.
_TOKEN_WORDS = {
    "NAME": "a name",
    "INT": "a number",
    "STRING": 'a quoted string ("...")',
    "BOOL": "yes or no",
    "WHEN": "complete or final",
    "CMP": "a comparison (<, <=, ==, ...)",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "LPAR": "'('",
    "RPAR": "')'",
    "SEMICOLON": "';'",
    "COMMA": "','",
    "PLUS": "'+'",
    "STAR": "'*'",
    "EQUAL": "'='",
    "__ANON_0": "'..'",
    "$END": "the end of the file",
}


def grammar_text() -> str:
    """The grammar, from the source tree when run from a checkout, else from the package."""
    package = Path(__file__).resolve().parent
    for candidate in (package.parent / "grammars", package / "grammars"):
        if (candidate / GRAMMAR_FILE).is_file():
            return (candidate / GRAMMAR_FILE).read_text(encoding="utf-8")
    raise FileNotFoundError(f"the grammar {GRAMMAR_FILE} is not installed")


@functools.cache
def _parser() -> Lark:
    return Lark(grammar_text(), parser="lalr", propagate_positions=True, maybe_placeholders=True,
                cache=True)


def _word(term: str, parser: Lark) -> str:
    if term in _TOKEN_WORDS:
        return _TOKEN_WORDS[term]
    try:
        pattern = parser.get_terminal(term).pattern
    except KeyError:
        return term
    if pattern.type == "str":
        return f"'{pattern.value}'"
    return term.lower()


def _expected(names: set[str], parser: Lark) -> str:
    words = sorted({_word(t, parser) for t in names})
    if len(words) > 8:
        words = words[:8] + ["..."]
    return ", ".join(words)


def _syntax_diagnostic(exc: UnexpectedInput, path: str, parser: Lark) -> Diagnostic:
    loc = m.Loc(path, exc.line if exc.line > 0 else 1, exc.column if exc.column > 0 else 1)
    if isinstance(exc, UnexpectedCharacters):
        char = exc.char if exc.char.isprintable() else repr(exc.char)
        return error("E002", f"unexpected character '{char}'", loc)
    if isinstance(exc, UnexpectedEOF):
        return error("E001", f"unexpected end of file; expected {_expected(exc.expected, parser)}",
                     loc)
    assert isinstance(exc, UnexpectedToken)
    token = exc.token
    if token.type == "$END":
        what = "end of file"
    elif token.type in ("NAME", "INT", "STRING"):
        what = f"{_word(token.type, parser).split(' (')[0].removeprefix('a ')} '{token}'"
    else:
        what = f"'{token}'"
    expected = _expected(set(exc.expected), parser)
    return error("E001", f"unexpected {what}; expected {expected}", loc)


def parse_text(text: str, path: str = "<text>") -> RuleFile:
    """Parse rule-language text; raises RuleError carrying one Diagnostic on a syntax error."""
    parser = _parser()
    try:
        tree = parser.parse(text)
    except UnexpectedInput as exc:
        raise RuleError("syntax error", (_syntax_diagnostic(exc, path, parser),)) from None
    except RecursionError:
        raise RuleError("too deep", (error("E006", "nesting too deep", m.Loc(path, 1, 1)),)) \
            from None
    try:
        return _ToRuleFile(path).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, RuleError):
            raise exc.orig_exc from None
        if isinstance(exc.orig_exc, RecursionError):
            raise RuleError("too deep", (error("E006", "nesting too deep", m.Loc(path, 1, 1)),)) \
                from None
        raise
    except RecursionError:
        raise RuleError("too deep", (error("E006", "nesting too deep", m.Loc(path, 1, 1)),)) \
            from None


class _ToRuleFile(Transformer):
    """One method per grammar rule; each returns a model or declaration object."""

    def __init__(self, path: str):
        super().__init__()
        self.path = path

    def _loc(self, item) -> m.Loc:
        if isinstance(item, Token):
            return m.Loc(self.path, item.line or 0, item.column or 0)
        meta = item
        return m.Loc(self.path, getattr(meta, "line", 0), getattr(meta, "column", 0))

    # --- file ---------------------------------------------------------------------------
    def start(self, items):
        role, name, applies_to, applies_with, extends, decls = "rules", None, None, [], [], []
        for item in items:
            if isinstance(item, tuple) and item[0] in ("rules", "variant"):
                role, name = item[0], item[1]
                if item[0] == "variant":
                    applies_to, applies_with = item[2], item[3]
            elif isinstance(item, Ref):
                extends.append(item)
            else:
                decls.append(item)
        return RuleFile(self.path, role, name, applies_to, applies_with, extends, decls)

    def rules_decl(self, items):
        return ("rules", str(items[0]))

    def variant_decl(self, items):
        refs = [self._ref(t) for t in items[1:] if t is not None]
        return ("variant", str(items[0]), refs[0] if refs else None, refs[1:])

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
        return GameDecl(props, title, False, self._loc(meta))

    @v_args(meta=True)
    def override_game(self, meta, items):
        return GameDecl(items, None, True, self._loc(meta))

    @v_args(meta=True)
    def players(self, meta, items):
        low = int(items[0])
        high = int(items[1]) if items[1] is not None else low
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
        return TokenDecl(str(items[0]), tuple(items[1:]), False, self._loc(items[0]))

    @v_args(meta=True)
    def override_token(self, meta, items):
        return TokenDecl(str(items[0]), tuple(items[1:]), True, self._loc(items[0]))

    def token_supply(self, items):
        return Prop("supply", int(items[0]))

    def token_each(self, items):
        return Prop("each_player", int(items[0]))

    def token_start(self, items):
        return Prop("start_sides", int(items[0]))

    def token_collected(self, items):
        return Prop("collected", str(items[0]) == "yes")

    def token_score(self, items):
        return Prop("final_points", int(items[0]))

    @v_args(meta=True)
    def names_block(self, meta, items):
        return NamesDecl(str(items[0]), tuple(items[1:]), self._loc(meta))

    def name_entry(self, items):
        word, singular, plural = items
        return (str(word), str(singular)[1:-1], str(plural)[1:-1] if plural is not None else None)

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
        return FeatureDecl(str(items[0]), items[1:], False, self._loc(items[0]))

    @v_args(meta=True)
    def override_feature(self, meta, items):
        return FeatureDecl(str(items[0]), items[1:], True, self._loc(items[0]))

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
    def scorers(self, meta, items):
        return Prop("scorers", str(items[0]), self._loc(items[0]))

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
        value = int(items[1]) if items[1].type == "INT" else str(items[1])
        return ParamDecl(str(items[0]), value, self._loc(items[0]))

    def _block(self, name, meta, items):
        props = [p for item in items for p in (item if isinstance(item, list) else [item])]
        return BlockDecl(name, props, self._loc(meta))

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
        (condition, arg), *actions = items
        return m.Trigger(condition, arg, actions, loc=self._loc(meta))

    def surrounded(self, items):
        return ("surrounded", None)

    def covers(self, items):
        return ("covers", str(items[0]))

    def shows(self, items):
        return ("shows", str(items[0]))

    def extra_turn(self, items):
        return ("extra-turn", None)

    def score_points(self, items):
        return ("score", int(items[0]))

    def put_tokens(self, items):
        return ("put", (int(items[0]), str(items[1]), str(items[2])))

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
        kind, ports, *mods = items
        pennants, ends, touches = 0, [], []
        for mod_name, value in mods:
            if mod_name == "pennants":
                pennants += value
            elif mod_name == "end":
                ends.append(value)
            else:
                touches.extend(value)
        return m.Segment(str(kind), ports or (), pennants, ends, touches, loc=self._loc(kind))

    def ports(self, items):
        # W-E reads like the tile table; it means W+E.
        return tuple(p for token in items for p in str(token).split("-"))

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
    def const(self, meta, items):
        return m.Const(int(items[0]), loc=self._loc(items[0]))

    @v_args(meta=True)
    def quantity(self, meta, items):
        return m.Quantity(str(items[0]), None, loc=self._loc(items[0]))

    @v_args(meta=True)
    def quantity_of(self, meta, items):
        return m.Quantity(str(items[0]), str(items[1]), loc=self._loc(items[0]))

    @v_args(meta=True)
    def scaled(self, meta, items):
        return m.Scaled(int(items[0]), items[1], loc=self._loc(meta))

    @v_args(meta=True)
    def scaled_after(self, meta, items):
        return m.Scaled(int(items[1]), items[0], loc=self._loc(meta))

    @v_args(meta=True)
    def sum(self, meta, items):
        return m.Sum(items, loc=self._loc(meta))

    @v_args(meta=True)
    def compare(self, meta, items):
        return m.Compare(str(items[1]), items[0], items[2], loc=self._loc(meta))

    @v_args(meta=True)
    def cond(self, meta, items):
        return m.Cond(items[0], items[1], items[2], loc=self._loc(meta))
