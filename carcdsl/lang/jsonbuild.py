"""The JSON form read into the model (import, once the JSON is known good): model objects built
field by field from JSON the schema has passed, never ``Tile(**data)``, each with its JSON path
as its position (``$.tiles[3].segments[1]``) and where each of its properties is; tiles whose
fields are ``derived`` get them derived again; keys added to the layout later take the model's
defaults. ``jsonform`` validates first and then builds through ``build``.
"""

from __future__ import annotations

from typing import Any

import attrs

import carcdsl.model as m
from carcdsl.model.fields import with_fields


def _at(source: str, path: str) -> m.Loc:
    return m.Loc(source, path=path)


def _build(data: dict[str, Any], source: str) -> m.RuleSet:
    kinds = tuple(_kind_from_json(k, _at(source, f"$.kinds[{i}]"))
                  for i, k in enumerate(data["kinds"]))
    geometries = {k.name: k.geometry for k in kinds}
    names = data.get("names", ())
    names_locs = []
    for i, n in enumerate(names):
        names_locs.append((n["language"], None, _at(source, f"$.names[{i}]")))
        names_locs += [(n["language"], w["word"], _at(source, f"$.names[{i}].words[{j}]"))
                       for j, w in enumerate(n["words"])]
    return m.RuleSet(
        name=data["name"],
        game=_game_from_json(data["game"], _at(source, "$.game"), _at(source, "$.tiles")),
        kinds=kinds,
        tiles=tuple(_tile_from_json(t, geometries, _at(source, f"$.tiles[{i}]"))
                    for i, t in enumerate(data["tiles"])),
        landmarks=tuple(data["landmarks"]),
        variants=tuple(data["variants"]),
        board=_board_from_json(data.get("board"), _at(source, "$.board")),
        supply=_supply_from_json(data.get("supply"), _at(source, "$.supply")),
        turn=_turn_from_json(data.get("turn"), _at(source, "$.turn")),
        triggers=tuple(_trigger_from_json(t, _at(source, f"$.triggers[{i}]"))
                       for i, t in enumerate(data.get("triggers", ()))),
        tokens=tuple(_token_from_json(t, _at(source, f"$.tokens[{i}]"))
                     for i, t in enumerate(data.get("tokens", ()))),
        figures=tuple(_figure_from_json(f, _at(source, f"$.figures[{i}]"))
                      for i, f in enumerate(data.get("figures", ()))),
        groups=tuple(m.Group(g["name"], tuple(g["tiles"]), loc=_at(source, f"$.groups[{i}]"))
                     for i, g in enumerate(data.get("groups", ()))),
        names=tuple((n["language"], tuple((w["word"], w["singular"], w["plural"])
                                          for w in n["words"]))
                    for n in names),
        names_locs=tuple(names_locs),
        open_points=tuple(data.get("open_points", ())),
        notes=tuple((n["language"], n["text"]) for n in data.get("notes", ())),
        about=tuple(m.About(a["of"], a["language"], a["text"], loc=_at(source, f"$.about[{i}]"))
                    for i, a in enumerate(data.get("about", ()))),
        landmark_locs=tuple((name, _at(source, f"$.landmarks[{i}]"))
                            for i, name in enumerate(data["landmarks"])),
        loc=_at(source, "$"),
    )


def _int(value: int | float) -> int:
    # JSON Schema counts 2.0 as an integer; the model wants a real int.
    return int(value)


def _field_locs(obj: dict[str, Any], loc: m.Loc) -> tuple[tuple[str, m.Loc], ...]:
    """Where each property of a JSON object is: ``$.game.players``."""
    return tuple((key, _at(loc.file, f"{loc.path}.{key}")) for key in obj)


def _item_locs(obj: dict[str, Any], key: str, loc: m.Loc) -> tuple[tuple[str, m.Loc], ...]:
    """Where each item of a list property is: ``stands_on:1`` at ``$.figures[0].stands_on[1]``
    (as the language says where each name of ``stands on road, city`` is)."""
    items = obj.get(key)
    return tuple((f"{key}:{i}", _at(loc.file, f"{loc.path}.{key}[{i}]"))
                 for i in range(len(items) if isinstance(items, list) else 0))


def _game_from_json(g: dict[str, Any], loc: m.Loc, tiles: m.Loc) -> m.Game:
    """The game; its ``field_locs`` also say where the tiles are (``tiles``: ``$.tiles``), for
    problems of the tile counts as a whole."""
    low, high = g["players"]
    total = g["total_tiles"]
    supplies = tuple((_int(f["players"][0]), _int(f["players"][1]), _int(f["followers"]))
                     for f in g.get("followers_by_players", ()))
    supply_locs = tuple(
        (m.supply_key(entry), _at(loc.file, f"{loc.path}.followers_by_players[{i}]"))
        for i, entry in enumerate(supplies))
    return m.Game(title=g["title"], players=(_int(low), _int(high)),
                  followers=_int(g["followers"]),
                  total_tiles=_int(total) if total is not None else None,
                  start=g["start"], end=g["end"], followers_by_players=supplies,
                  follower=g.get("follower"), score_marker=g.get("score_marker"),
                  ransom=_int(g.get("ransom", 0)),
                  titles=tuple((t["language"], t["title"]) for t in g.get("titles", ())),
                  loc=loc,
                  field_locs=_field_locs(g, loc) + supply_locs + (("tiles", tiles),))


def _board_from_json(b: dict[str, Any] | None, loc: m.Loc) -> m.Board:
    if b is None:
        return m.Board()
    bounds = b["bounds"]
    return m.Board(bounds=(_int(bounds[0]), _int(bounds[1])) if bounds is not None else None,
                   edge_closes=b["edge_closes"], edge_neighbours=b["edge_neighbours"],
                   squares=tuple(_square_from_json(sq, _at(loc.file, f"{loc.path}.squares[{i}]"))
                                 for i, sq in enumerate(b["squares"])),
                   start_areas=_int(b["start_areas"]), loc=loc,
                   field_locs=_field_locs({k: v for k, v in b.items() if k != "edge_neighbours"
                                           or v != "absent"}, loc))


def _square_from_json(sq: dict[str, Any], loc: m.Loc) -> m.Square:
    borders = tuple(m.Border(b["side"], b["kind"], _int(b["pennants"]), b["name"])
                    for b in sq["borders"])
    return m.Square(_int(sq["x"]), _int(sq["y"]), sq["role"], sq["name"], sq["marker"],
                    sq["kind"], _int(sq["pennants"]), borders, loc=loc)


def _supply_from_json(s: dict[str, Any] | None, loc: m.Loc) -> m.Supply:
    if s is None:
        return m.Supply()
    return m.Supply(draw=s["draw"], start=s["start"], hand=_int(s["hand"]),
                    hand_visibility=s["hand_visibility"], sets=_int(s["sets"]),
                    order=tuple(s.get("order", ())), hold=s.get("hold"),
                    owned=tuple((o["tile"], _int(o["count"])) for o in s.get("owned", ())),
                    loc=loc,
                    field_locs=_field_locs(s, loc) + _item_locs(s, "order", loc))


def _turn_from_json(t: dict[str, Any] | None, loc: m.Loc) -> m.Turn:
    if t is None:
        return m.Turn()
    return m.Turn(first_player=t["first_player"], first_player_kind=t["first_player_kind"],
                  loc=loc, field_locs=_field_locs(t, loc))


def _trigger_from_json(t: dict[str, Any], loc: m.Loc) -> m.Trigger:
    """A trigger; its ``field_locs`` say where its argument, each of its kinds and each name
    of its actions are (``token:1`` at ``$.triggers[0].actions[1].token``), as the language
    says where each is written."""
    locs = [("arg", _at(loc.file, f"{loc.path}.arg"))]
    locs += _item_locs(t, "kinds", loc)
    if t.get("attribute") is not None:
        locs.append(("attribute", _at(loc.file, f"{loc.path}.attribute")))
    for i, action in enumerate(t["actions"]):
        locs += [(f"{key}:{i}", _at(loc.file, f"{loc.path}.actions[{i}].{key}"))
                 for key in ("token", "kind", "test", "points", "count", "figure", "steps")
                 if key in action]
    return m.Trigger(t["condition"], t["arg"], tuple(_action_from_json(a) for a in t["actions"]),
                     kinds=tuple(t.get("kinds", ())), attribute=t.get("attribute"), loc=loc,
                     field_locs=tuple(locs), own=t.get("own", True))


def _action_from_json(a: dict[str, Any]) -> tuple[str, Any]:
    if a["action"] == "put":
        return ("put", (_int(a["count"]), a["token"], a["kind"]))
    if a["action"] == "take":
        return ("take", a["token"])
    if a["action"] == "hide":
        return ("hide", _int(a["count"]))
    if a["action"] == "draw":
        return ("draw", a["bag"])
    if a["action"] == "return":
        return ("return", a["what"])
    if a["action"] == "score-to":
        return ("score-to", (a["bag"], a["figure"]))
    if a["action"] == "score-most":
        return ("score-most", (expr_from_json(a["expr"]), a["figure"]))
    if a["action"] == "capture":
        return ("capture", (tuple(a["figures"]), expr_from_json(a["reach"])))
    if a["action"] == "move-here":
        return ("move-here", a["figure"])
    if a["action"] == "walk":
        return ("walk", (a["figure"], _int(a["steps"])))
    if a["action"] == "return-here":
        return ("return-here", None)
    if a["action"] == "move-within":
        return ("move-within", (a["figure"], _int(a["reach"]), tuple(a["kinds"])))
    if a["action"] in ("instead-return", "place-anywhere"):
        return (a["action"], a["figure"])
    if a["action"] == "choose":
        return ("choose", tuple((o["name"], tuple(_action_from_json(x) for x in o["actions"]))
                                for o in a["options"]))
    if a["action"] == "require":
        distance = a["distance"]
        return ("require", (a["test"], a["kind"] or "", _int(distance) if distance is not None
                            else None))
    return (a["action"], _int(a["points"]) if a["points"] is not None else None)


def _figure_from_json(f: dict[str, Any], loc: m.Loc) -> m.Figure:
    stands_on = f["stands_on"]
    supplies = tuple((_int(e["players"][0]), _int(e["players"][1]), _int(e["count"]))
                     for e in f.get("each_player_by_players", ()))
    more_locs = tuple(
        (m.supply_key(entry, "each_player_for"),
         _at(loc.file, f"{loc.path}.each_player_by_players[{i}]"))
        for i, entry in enumerate(supplies))
    figure = m.Figure(f["name"], each_player=_int(f["each_player"]),
                      strength=_int(f["strength"]),
                      stands_on=tuple(stands_on) if stands_on is not None else None,
                      needs=f["needs"], recall=f["recall"],
                      excludes=tuple(f.get("excludes", ())),
                      strength_expr=expr_from_json(f["strength_expr"], loc)
                      if f.get("strength_expr") is not None else None,
                      anywhere=f.get("anywhere", False), with_any=f.get("with_any"),
                      neutral=f.get("neutral", False), avoids=tuple(f.get("avoids", ())),
                      beside=f.get("beside"), blocks=f.get("blocks", False),
                      corner=f.get("corner", False), keeps_out=tuple(f.get("keeps_out", ())),
                      each_player_by_players=supplies, loc=loc)
    said = _figure_said(f, figure)
    return attrs.evolve(figure, field_locs=_field_locs(said, loc)
                        + _item_locs(f, "stands_on", loc) + _item_locs(f, "excludes", loc)
                        + _item_locs(f, "avoids", loc) + _item_locs(f, "keeps_out", loc)
                        + more_locs)


NEUTRAL_ONLY = ("neutral", "avoids", "beside", "blocks")
"""A figure's keys only a neutral figure says anything with."""
PLACED_ONLY = ("each_player", "each_player_by_players", "strength", "strength_expr",
               "stands_on", "needs", "recall", "excludes", "anywhere", "with_any", "corner",
               "keeps_out")
"""A figure's keys only a figure a player places says anything with."""


def _figure_said(f: dict[str, Any], figure: m.Figure) -> dict[str, Any]:
    """The keys of a figure's JSON that say something, as the language's properties do: the
    JSON form writes every key, so a key that fits only the other sort of figure (neutral or
    placed) says something only away from the model's default (the checker refuses what a
    figure says that does not fit it, E121)."""
    defaults = {a.name: a.default for a in attrs.fields(m.Figure)}
    unfit = NEUTRAL_ONLY + PLACED_ONLY if figure.neutral else NEUTRAL_ONLY
    return {key: value for key, value in f.items()
            if key not in unfit or getattr(figure, key) != defaults[key]}


def _token_from_json(t: dict[str, Any], loc: m.Loc) -> m.Token:
    return m.Token(t["name"], supply=_int(t["supply"]), each_player=_int(t["each_player"]),
                   start_sides=_int(t["start_sides"]), collected=t["collected"],
                   final_points=_int(t["final_points"]),
                   most_points=_int(t.get("most_points", 0)),
                   final_expr=expr_from_json(t["final_expr"], loc)
                   if t.get("final_expr") is not None else None,
                   bag=t.get("bag"), worth=_int(t.get("worth", 1)), loc=loc,
                   field_locs=_field_locs(t, loc))


def _kind_from_json(k: dict[str, Any], loc: m.Loc) -> m.FeatureKind:
    def expr(when: str) -> m.Expr | None:
        value = k[when]
        return None if value is None else expr_from_json(value, _at(loc.file,
                                                                    f"{loc.path}.{when}"))

    def extra(when: str) -> tuple[m.Expr, ...]:
        return tuple(expr_from_json(value, _at(loc.file, f"{loc.path}.{when}[{i}]"))
                     for i, value in enumerate(k.get(when, ())))

    attributes = k.get("attributes", ())
    locs = _field_locs(k, loc) + _item_locs(k, "complete_extra", loc) \
        + _item_locs(k, "final_extra", loc)
    for i, a in enumerate(attributes):  # as the language says where each is declared
        at = f"{loc.path}.attributes[{i}]"
        locs += ((f"attribute:{a['name']}", _at(loc.file, at)),
                 (f"attribute-merge:{a['name']}", _at(loc.file, f"{at}.merge")))
    return m.FeatureKind(
        name=k["name"], geometry=k["geometry"], followers=k["followers"],
        pennants=k["pennants"], tile_figures=k.get("tile_figures", True),
        terminals=tuple(k["terminals"]),
        complete=expr("complete"), final=expr("final"),
        scorers=k["scorers"], role=k.get("role"),
        attributes=tuple((a["name"], a["merge"]) for a in attributes),
        complete_extra=extra("complete_extra"), final_extra=extra("final_extra"),
        colour=k.get("colour"), look=k.get("look"), ties=k.get("ties", ""),
        followers_anywhere=k.get("followers_anywhere", False),
        followers_with=k.get("followers_with"), fits_any=k.get("fits_any", False), loc=loc,
        field_locs=locs)


def _tile_from_json(t: dict[str, Any], geometries: dict[str, str], loc: m.Loc) -> m.Tile:
    segments = tuple(_segment_from_json(s, _at(loc.file, f"{loc.path}.segments[{i}]"))
                     for i, s in enumerate(t["segments"]))
    if t["fields"] == "explicit":
        return m.Tile(t["name"], _int(t["count"]), segments, False, loc=loc)
    field_kinds = [k for k, g in geometries.items() if g == "field"]
    if len(field_kinds) == 1:
        # derived fields are derived again, exactly as composing the text would; an enclosed
        # field (no ports) was written, and stays
        segments = tuple(s for s in segments if s.kind != field_kinds[0] or not s.ports)
    return with_fields(m.Tile(t["name"], _int(t["count"]), segments, True, loc=loc), geometries)


def _segment_from_json(s: dict[str, Any], loc: m.Loc) -> m.Segment:
    return m.Segment(kind=s["kind"], ports=tuple(s["ports"]), pennants=_int(s["pennants"]),
                     ends=tuple(s["ends"]), touches=tuple(s["touches"]),
                     attributes=tuple((a["name"], _int(a["amount"]))
                                      for a in s.get("attributes", ())), loc=loc)


def expr_from_json(value: dict[str, Any], loc: m.Loc | None = None) -> m.Expr:
    """A schema-valid JSON expression -> model expression; with ``loc`` carrying a JSON path,
    each node gets its own (``$.kinds[0].complete.sum[1].term``)."""
    def at(suffix: str) -> m.Loc | None:
        if loc is None or loc.path is None:
            return loc
        return _at(loc.file, loc.path + suffix)

    if "const" in value:
        return m.Const(_int(value["const"]), loc=loc)
    if "quantity" in value:
        return m.Quantity(value["quantity"], value.get("of"), loc=loc)
    if "scale" in value:
        return m.Scaled(_int(value["scale"]), expr_from_json(value["term"], at(".term")), loc=loc)
    if "sum" in value:
        return m.Sum(tuple(expr_from_json(t, at(f".sum[{i}]")) for i, t in enumerate(value["sum"])),
                     loc=loc)
    if "product" in value:
        return m.Product(tuple(expr_from_json(f, at(f".product[{i}]"))
                               for i, f in enumerate(value["product"])), loc=loc)
    if "negated" in value:
        return m.Negated(expr_from_json(value["negated"], at(".negated")), loc=loc)
    if "divide" in value:
        return m.Divide(expr_from_json(value["divide"], at(".divide")),
                        expr_from_json(value["by"], at(".by")), loc=loc)
    test = value["if"]
    compare = m.Compare(test["op"], expr_from_json(test["left"], at(".if.left")),
                        expr_from_json(test["right"], at(".if.right")), loc=at(".if"))
    return m.Cond(compare, expr_from_json(value["then"], at(".then")),
                  expr_from_json(value["else"], at(".else")), loc=loc)
