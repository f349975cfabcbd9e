"""The JSON form written (export): a composed rule set as plain dicts, lists, strings,
numbers and bools in the layout of ``carcdsl-rules/1`` (``FORMAT``), every key written, every
tile with all its segments; scoring expressions too (``expr_to_json``). ``jsonform`` gathers it
with the reading direction.
"""

from __future__ import annotations

import sys
from typing import Any

import attrs

import carcdsl.model as m
from carcdsl.diagnostics import Diagnostic, error
from carcdsl.lang.limits import MAX_JSON_VALUES, json_values

FORMAT = "carcdsl-rules/1"


def too_large_for_json(rules: m.RuleSet) -> list[Diagnostic]:
    """E003 when the JSON form of ``rules`` would hold more values outside the map's squares
    and the tiles than the JSON reader takes (MAX_JSON_VALUES): a rule set that checks must
    export and read back. Said where the part with the most values is (a feature kind, a
    trigger, a token, a figure), else at the rule set's header."""
    bare = attrs.evolve(rules, tiles=(), board=attrs.evolve(rules.board, squares=()))
    total = json_values(ruleset_to_json(bare), MAX_JSON_VALUES)
    if total <= MAX_JSON_VALUES:
        return []
    parts: list[tuple[str, m.Loc | None, object]] = [
        (f"feature {k.name}", _largest_field(k, data), data)
        for k in rules.kinds for data in (_kind_to_json(k),)]
    parts += [(t.text(), t.loc, _trigger_to_json(t)) for t in rules.triggers]
    parts += [(f"token {t.name}", t.loc, _token_to_json(t)) for t in rules.tokens]
    parts += [(f"figure {f.name}", f.loc, _figure_to_json(f)) for f in rules.figures]
    parts += [("landmark", None, list(rules.landmarks))]
    counted = [(json_values(data, sys.maxsize), name, loc) for name, loc, data in parts]
    count, name, loc = max(counted, key=lambda part: part[0])
    return [error("E003", loc or rules.loc, "export-too-large", most=MAX_JSON_VALUES,
                  part=name, count=count)]


def _largest_field(kind: m.FeatureKind, data: dict[str, Any]) -> m.Loc | None:
    """Where the property of ``kind`` with the most JSON values was written (a long score
    written in a variant: there), else where the kind was declared."""
    locs = dict(kind.field_locs)
    written = [(json_values(data[key], MAX_JSON_VALUES), key) for key in locs if key in data]
    return locs[max(written)[1]] if written else kind.loc


def ruleset_to_json(rules: m.RuleSet) -> dict[str, Any]:
    """The JSON form of a composed rule set: plain dicts, lists, strings, numbers and bools."""
    return {
        "format": FORMAT,
        "name": rules.name,
        "variants": list(rules.variants),
        "game": _game_to_json(rules.game),
        "board": _board_to_json(rules.board),
        "supply": _supply_to_json(rules.supply),
        "turn": _turn_to_json(rules.turn),
        "triggers": [_trigger_to_json(t) for t in rules.triggers],
        "landmarks": list(rules.landmarks),
        "kinds": [_kind_to_json(k) for k in rules.kinds],
        "tiles": [_tile_to_json(t) for t in rules.tiles],
        "tokens": [_token_to_json(t) for t in rules.tokens],
        "figures": [_figure_to_json(f) for f in rules.figures],
        "groups": [{"name": g.name, "tiles": list(g.tiles)} for g in rules.groups],
        "names": [{"language": lang,
                   "words": [{"word": w, "singular": s, "plural": p} for w, s, p in entries]}
                  for lang, entries in rules.names],
        "open_points": list(rules.open_points),
        "notes": [{"language": lang, "text": text} for lang, text in rules.notes],
        "about": [{"of": a.of, "language": a.lang, "text": a.text} for a in rules.about],
    }


def _game_to_json(game: m.Game) -> dict[str, Any]:
    return {"title": game.title, "players": list(game.players), "followers": game.followers,
            "total_tiles": game.total_tiles, "start": game.start, "end": game.end,
            "followers_by_players": [{"players": [low, high], "followers": count}
                                     for low, high, count in game.followers_by_players],
            "follower": game.follower, "score_marker": game.score_marker,
            "ransom": game.ransom,
            "titles": [{"language": lang, "title": title} for lang, title in game.titles]}


def _board_to_json(board: m.Board) -> dict[str, Any]:
    bounds = list(board.bounds) if board.bounds is not None else None
    return {"bounds": bounds, "edge_closes": board.edge_closes,
            "edge_neighbours": board.edge_neighbours,
            "squares": [_square_to_json(sq) for sq in board.squares],
            "start_areas": board.start_areas}


def _square_to_json(sq: m.Square) -> dict[str, Any]:
    return {"x": sq.x, "y": sq.y, "role": sq.role, "name": sq.name, "marker": sq.marker,
            "kind": sq.kind, "pennants": sq.pennants,
            "borders": [{"side": b.side, "kind": b.kind, "pennants": b.pennants, "name": b.name}
                        for b in sq.borders]}


def _supply_to_json(supply: m.Supply) -> dict[str, Any]:
    return {"draw": supply.draw, "start": supply.start, "hand": supply.hand,
            "hand_visibility": supply.hand_visibility, "sets": supply.sets,
            "order": list(supply.order),
            "hold": list(supply.hold) if supply.hold is not None else None,
            "owned": [{"tile": name, "count": n} for name, n in supply.owned]}


def _turn_to_json(turn: m.Turn) -> dict[str, Any]:
    return {"first_player": turn.first_player, "first_player_kind": turn.first_player_kind}


def _trigger_to_json(trigger: m.Trigger) -> dict[str, Any]:
    return {"condition": trigger.condition, "arg": trigger.arg, "kinds": list(trigger.kinds),
            "attribute": trigger.attribute, "own": trigger.own,
            "actions": [_action_to_json(action, value) for action, value in trigger.actions]}


def _action_to_json(action: str, value: Any) -> dict[str, Any]:
    if action == "put":
        count, token, kind = value
        return {"action": action, "count": count, "token": token, "kind": kind}
    if action == "take":
        return {"action": action, "token": value}
    if action == "hide":
        return {"action": action, "count": value}
    if action == "draw":
        return {"action": action, "bag": value}
    if action == "return":
        return {"action": action, "what": value}
    if action == "score-to":
        return {"action": action, "bag": value[0], "figure": value[1]}
    if action == "score-most":
        return {"action": action, "expr": expr_to_json(value[0]), "figure": value[1]}
    if action == "capture":
        return {"action": action, "figures": list(value[0]), "reach": expr_to_json(value[1])}
    if action == "move-here":
        return {"action": action, "figure": value}
    if action == "walk":
        return {"action": action, "figure": value[0], "steps": value[1]}
    if action == "return-here":
        return {"action": action}
    if action == "move-within":
        figure, reach, kinds = value
        return {"action": action, "figure": figure, "reach": reach, "kinds": list(kinds)}
    if action in ("instead-return", "place-anywhere"):
        return {"action": action, "figure": value}
    if action == "choose":
        return {"action": action, "options": [
            {"name": name, "actions": [_action_to_json(a, v) for a, v in acts]}
            for name, acts in value]}
    if action == "require":
        test, kind, distance = value
        return {"action": action, "test": test, "kind": kind or None, "distance": distance}
    return {"action": action, "points": value}


def _figure_to_json(figure: m.Figure) -> dict[str, Any]:
    stands_on = list(figure.stands_on) if figure.stands_on is not None else None
    return {"name": figure.name, "each_player": figure.each_player,
            "strength": figure.strength, "stands_on": stands_on, "needs": figure.needs,
            "recall": figure.recall, "excludes": list(figure.excludes),
            "strength_expr": expr_to_json(figure.strength_expr)
            if figure.strength_expr is not None else None,
            "anywhere": figure.anywhere, "with_any": figure.with_any,
            "neutral": figure.neutral, "avoids": list(figure.avoids),
            "beside": figure.beside, "blocks": figure.blocks, "corner": figure.corner,
            "keeps_out": list(figure.keeps_out),
            "each_player_by_players": [{"players": [low, high], "count": count}
                                       for low, high, count in figure.each_player_by_players]}


def _token_to_json(token: m.Token) -> dict[str, Any]:
    return {"name": token.name, "supply": token.supply, "each_player": token.each_player,
            "start_sides": token.start_sides, "collected": token.collected,
            "final_points": token.final_points, "most_points": token.most_points,
            "final_expr": expr_to_json(token.final_expr) if token.final_expr is not None
            else None, "bag": token.bag, "worth": token.worth}


def _kind_to_json(kind: m.FeatureKind) -> dict[str, Any]:
    return {
        "name": kind.name,
        "geometry": kind.geometry,
        "followers": kind.followers,
        "pennants": kind.pennants,
        "tile_figures": kind.tile_figures,
        "terminals": list(kind.terminals),
        "complete": expr_to_json(kind.complete) if kind.complete is not None else None,
        "final": expr_to_json(kind.final) if kind.final is not None else None,
        "scorers": kind.scorers,
        "role": kind.role,
        "attributes": [{"name": name, "merge": merge} for name, merge in kind.attributes],
        "complete_extra": [expr_to_json(e) for e in kind.complete_extra],
        "final_extra": [expr_to_json(e) for e in kind.final_extra],
        "colour": kind.colour,
        "look": kind.look,
        "ties": kind.ties,
        "followers_anywhere": kind.followers_anywhere,
        "followers_with": kind.followers_with,
        "fits_any": kind.fits_any,
    }


def _tile_to_json(tile: m.Tile) -> dict[str, Any]:
    return {
        "name": tile.name,
        "count": tile.count,
        "fields": "derived" if tile.fields_derived else "explicit",
        "segments": [_segment_to_json(s) for s in tile.segments],
    }


def _segment_to_json(seg: m.Segment) -> dict[str, Any]:
    return {"kind": seg.kind, "ports": list(seg.ports), "pennants": seg.pennants,
            "ends": list(seg.ends), "touches": list(seg.touches),
            "attributes": [{"name": name, "amount": amount} for name, amount in seg.attributes]}


def expr_to_json(expr: m.Expr) -> dict[str, Any]:
    """``2 * tiles`` -> ``{"scale": 2, "term": {"quantity": "tiles"}}``."""
    if isinstance(expr, m.Const):
        return {"const": expr.value}
    if isinstance(expr, m.Quantity):
        return {"quantity": expr.name} | ({"of": expr.arg} if expr.arg is not None else {})
    if isinstance(expr, m.Scaled):
        return {"scale": expr.factor, "term": expr_to_json(expr.term)}
    if isinstance(expr, m.Sum):
        return {"sum": [expr_to_json(t) for t in expr.terms]}
    if isinstance(expr, m.Product):
        return {"product": [expr_to_json(f) for f in expr.factors]}
    if isinstance(expr, m.Negated):
        return {"negated": expr_to_json(expr.term)}
    if isinstance(expr, m.Divide):
        return {"divide": expr_to_json(expr.left), "by": expr_to_json(expr.right)}
    if isinstance(expr, m.Cond):
        test = {"op": expr.test.op, "left": expr_to_json(expr.test.left),
                "right": expr_to_json(expr.test.right)}
        return {"if": test, "then": expr_to_json(expr.yes), "else": expr_to_json(expr.no)}
    raise TypeError(f"not a scoring expression: {expr!r}")
