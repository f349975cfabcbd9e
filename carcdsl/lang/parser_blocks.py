"""The transformer methods of parameters and the ``board``, ``supply`` and ``turn`` blocks: a
value that may name a parameter, bounds and edges, draw and start modes, hands, the draw
order, sets, a map with its legend, triggers with their conditions and actions, and who plays
first. A mixin of ``parser._ToRuleFile``.
"""

from __future__ import annotations

from lark import Token, v_args

import carcdsl.model as m
from carcdsl.diagnostics import error
from carcdsl.lang.decls import BlockDecl, ParamDecl, ParamRef, Prop
from carcdsl.lang.parser_base import BaseTransformer
from carcdsl.model.expr import expr_text


class BlockTransformer(BaseTransformer):
    """Parameters, the board, supply and turn blocks, maps and triggers."""

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
    def hold_back(self, meta, items):
        kind, figure = items
        return Prop("hold", (str(kind), str(figure)), self._loc(meta),
                    (self._loc(kind), self._loc(figure)))

    @v_args(meta=True)
    def owned_tiles(self, meta, items):
        return Prop("owned", tuple((str(name), int(n) if n is not None else 1)
                                   for n, name in items), self._loc(meta),
                    tuple(self._loc(name) for _, name in items))

    def owned_tile(self, items):
        return tuple(items)

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
        attribute, own = None, True
        if condition == "extends":
            own = kinds.pop()
        if kinds and kinds[0][0] == "attribute":
            _, attribute, at = kinds.pop()
            locs.append(("attribute", at))
        kind_names = tuple(name for name, _ in kinds[0]) if kinds else ()
        locs += [(f"kinds:{i}", at) for i, (_, at) in enumerate(kinds[0] if kinds else ())]
        for i, (_, _, words) in enumerate(actions):
            locs += [(f"{word}:{i}", at) for word, at in words]
        return m.Trigger(condition, arg, [(name, value) for name, value, _ in actions],
                         loc=self._loc(meta), field_locs=tuple(locs), kinds=kind_names,
                         attribute=attribute, own=own)

    def completes(self, items):
        return ("complete", str(items[0]), self._loc(items[0]))

    def placed_figure(self, items):
        return ("figure", str(items[0]), self._loc(items[0]))

    def drawn_token(self, items):
        return ("draw", str(items[0]), self._loc(items[0]))

    def entered(self, items):
        return ("enter", str(items[0]), self._loc(items[0]))

    def move_here(self, items):
        return ("move-here", str(items[0]), (("figure", self._loc(items[0])),))

    def walk(self, items):
        figure, steps = items
        return ("walk", (str(figure), int(steps)), (("figure", self._loc(figure)),
                                                    ("steps", self._loc(steps))))

    def scored_figure(self, items):
        return ("scored", str(items[0]), self._loc(items[0]))

    def move_within(self, items):
        figure, reach, *kinds = items
        return ("move-within", (str(figure), int(reach), tuple(str(k) for k in kinds)),
                (("figure", self._loc(figure)), ("reach", self._loc(reach)),
                 *((f"to-{j}", self._loc(k)) for j, k in enumerate(kinds))))

    def return_here(self, items):
        return ("return-here", None, ())

    def draw_bag(self, items):
        return ("draw", str(items[0]), (("bag", self._loc(items[0])),))

    def return_back(self, items):
        return ("return", str(items[0]), (("what", self._loc(items[0])),))

    def score_bag(self, items):
        """``score BAG to F`` (a bag's worth), or ``score EXPR to most F`` (the expression
        on the rule's feature, to the players with the most F on it)."""
        what, most, figure = items
        if most is None and isinstance(what, m.Quantity) and what.arg is None:
            return ("score-to", (what.name, str(figure)),
                    (("bag", what.loc), ("figure", self._loc(figure))))
        if most is None:  # only a bag is scored to every holder: an expression needs `most`
            self.problems.append(error("E132", self._loc(figure), "score-most",
                                       expr=expr_text(what), figure=str(figure)))
        return ("score-most", (what, str(figure)), (("figure", self._loc(figure)),))

    def option(self, items):
        name, *actions = items
        return (str(name), tuple((a, v) for a, v, _ in actions), self._loc(name))

    def choose(self, items):
        return ("choose", tuple((name, actions) for name, actions, _ in items),
                tuple((f"option-{name}", at) for name, _, at in items))

    def extends(self, items):
        *kinds, own, figure = items
        return ("extends", str(figure), self._loc(figure),
                tuple((str(k), self._loc(k)) for k in kinds), own is not None)

    def final_kind(self, items):
        return ("final", str(items[0]), self._loc(items[0]))

    def capture(self, items):
        *figures, reach = items
        return ("capture", (tuple(str(f) for f in figures), reach),
                (("figure", self._loc(figures[0])),
                 *((f"figure-{j}", self._loc(f)) for j, f in enumerate(figures) if j)))

    def take_tokens(self, items):
        return ("take", str(items[0]), (("token", self._loc(items[0])),))

    def require(self, items):
        test, kind, distance = items  # no kind: the checker says the test needs one
        test_value = self._value(test)
        return ("require", (test_value, str(kind) if kind is not None else "",
                            int(distance) if distance is not None else None),
                (("test", self._loc(test)), ("kind", self._loc(kind if kind is not None
                                                               else test))))

    @v_args(meta=True)
    def require_surrounded(self, meta, items):
        return ("require", ("surrounded", "", None), (("test", self._loc(meta)),))

    def around_amount(self, items):
        return items[0]

    def require_around(self, items):
        amount, count, kind = items
        return ("require", (f"at-{amount}", str(kind), int(count)),
                (("test", self._loc(amount)), ("kind", self._loc(kind))))

    def surrounded(self, items):
        return ("surrounded", None, None)

    def covers(self, items):
        return ("covers", str(items[0]), self._loc(items[0]))

    def shows(self, items):
        kind, attribute = items
        if attribute is None:
            return ("shows", str(kind), self._loc(kind))
        return ("shows", str(kind), self._loc(kind), ("attribute", str(attribute),
                                                     self._loc(attribute)))

    def turn_beside(self, items):
        return ("turn-beside", str(items[0]), self._loc(items[0]))

    def score_beside(self, items):
        return ("score-beside", str(items[0]), self._loc(items[0]))

    def instead_return(self, items):
        return ("instead-return", str(items[0]), (("figure", self._loc(items[0])),))

    def place_anywhere(self, items):
        return ("place-anywhere", str(items[0]), (("figure", self._loc(items[0])),))

    def extra_turn(self, items):
        return ("extra-turn", None, ())

    def hide_tiles(self, items):
        return ("hide", int(items[0]), (("count", self._loc(items[0])),))

    def score_points(self, items):
        return ("score", int(items[0]), (("points", self._loc(items[0])),))

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
