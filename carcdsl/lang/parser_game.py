"""The transformer methods of the game and what goes with it: the ``game`` block (players,
followers, the follower and score marker, roles, the start tile, the end, titles), tokens,
names in languages, open points and notes, the tile count, figures and tile groups. A mixin
of ``parser._ToRuleFile``.
"""

from __future__ import annotations

from lark import Token, v_args

import carcdsl.model as m
from carcdsl.diagnostics import error
from carcdsl.lang.decls import (
    FigureDecl,
    GameDecl,
    NamesDecl,
    NoteDecl,
    Prop,
    TokenDecl,
)
from carcdsl.lang.parser_base import BaseTransformer


class GameTransformer(BaseTransformer):
    """The game block, tokens, words, notes, figures and groups."""

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
        expr = items[0]
        if isinstance(expr, m.Const):  # points per token held
            return Prop("final_points", expr.value, self._loc(meta))
        return Prop("final_expr", expr, self._loc(meta))

    @v_args(meta=True)
    def token_bag(self, meta, items):
        return Prop("bag", str(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def token_worth(self, meta, items):
        return Prop("worth", int(items[0]), self._loc(meta))

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

    @v_args(meta=True)
    def taken_tiles(self, meta, items):
        return Prop("added_tiles", -int(items[0]), self._loc(meta))

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
        count, low, high = (list(items) + [None, None])[:3]
        if low is None:
            return Prop("each_player", int(count), self._loc(meta))
        high = high if high is not None else low
        return Prop("each_player_for", (int(low), int(high), int(count)), self._loc(meta))

    @v_args(meta=True)
    def figure_anywhere(self, meta, items):
        return Prop("anywhere", True, self._loc(meta))

    @v_args(meta=True)
    def figure_beside(self, meta, items):
        return Prop("beside", str(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def figure_blocks(self, meta, items):
        return Prop("blocks", True, self._loc(meta))

    @v_args(meta=True)
    def figure_neutral(self, meta, items):
        return Prop("neutral", True, self._loc(meta))

    @v_args(meta=True)
    def figure_avoids(self, meta, items):
        return Prop("avoids", tuple(str(t) for t in items), self._loc(meta),
                    tuple(self._loc(t) for t in items))

    @v_args(meta=True)
    def figure_corner(self, meta, items):
        return Prop("corner", True, self._loc(meta))

    @v_args(meta=True)
    def figure_keeps_out(self, meta, items):
        return Prop("keeps_out", tuple(str(t) for t in items), self._loc(meta),
                    tuple(self._loc(t) for t in items))

    @v_args(meta=True)
    def figure_with(self, meta, items):
        return Prop("with_any", str(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def ransom(self, meta, items):
        return Prop("ransom", int(items[0]), self._loc(meta))

    @v_args(meta=True)
    def figure_strength(self, meta, items):
        return Prop("strength", int(items[0]), self._loc(meta))

    @v_args(meta=True)
    def figure_strength_expr(self, meta, items):
        return Prop("strength_expr", items[0], self._loc(meta))

    @v_args(meta=True)
    def figure_stands(self, meta, items):
        return Prop("stands_on", tuple(str(t) for t in items), self._loc(meta),
                    tuple(self._loc(t) for t in items))

    @v_args(meta=True)
    def figure_needs(self, meta, items):
        return Prop("needs", str(items[0]), self._loc(items[0]))

    @v_args(meta=True)
    def figure_excludes(self, meta, items):
        return Prop("excludes", tuple(str(t) for t in items), self._loc(meta),
                    tuple(self._loc(t) for t in items))

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
