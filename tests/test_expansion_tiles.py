"""The bundled expansion tiles against the facts of their tile tables.

tests/data/expansion_tiles.json holds, per tile of the column each variant follows, what the
tables in shared/data (river-tiles.md, garden-tiles.md, inns-cathedrals-tiles.md,
traders-builders-tiles.md) say: the count, the side letters (C city, R road, I river, F
field), the non-field segments with their attributes (pennants, inn, cathedral, wine ...), the
fields on the border (half-sides, and the cities each touches, as that city's sides) and the
enclosed fields. Each bundled variant is loaded and compiled as a game would be, and every tile
it adds is compared with those facts: in the checked rule set (where derived fields are
filled in) and in the compiled tables the engine runs on.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

import carcdsl
from carcdsl.engine.game import Game
from carcdsl.geometry import ports as P
from carcdsl.model.rules import RuleSet
from carcdsl.model.tiles import Tile

DATA = Path(__file__).parent / "data"
FACTS: dict[str, dict] = json.loads(
    (DATA / "expansion_tiles.json").read_text(encoding="utf-8"))["variants"]

TILE_SETS = {
    "river": "river",
    "abbot": "abbot",
    "inns-cathedrals-tiles": "inns-cathedrals-tiles",
    "inns-cathedrals": "inns-cathedrals-tiles",
    "traders-builders-tiles": "traders-builders-tiles",
    "traders-builders": "traders-builders-tiles",
    "river-ii": "river-ii",
    "hills-sheep-tiles": "hills-sheep-tiles",
    "hills-sheep": "hills-sheep-tiles",
    "tower-tiles": "tower-tiles",
    "tower": "tower-tiles",
    "princess-dragon-tiles": "princess-dragon-tiles",
    "princess-dragon": "princess-dragon-tiles",
    "abbey-mayor-tiles": "abbey-mayor-tiles",
}
"""Each bundled variant and the tile facts it must show (a scoring variant applies its tiles
variant first)."""

SIDE_LETTER = {"city": "C", "road": "R", "river": "I"}
ASPECTS = ("count", "sides", "segments", "fields", "enclosed_fields")


@cache
def game(variant: str | None) -> Game:
    return carcdsl.load("base", [variant] if variant else [])


def rules(variant: str | None) -> RuleSet:
    return game(variant).rules


# --- a tile as the JSON's facts ------------------------------------------------------------

def _order(ports, names) -> list[str]:
    return sorted(ports, key=lambda p: names.index(p) if p in names else len(names))


def _canonical(facts: dict) -> dict:
    """Lists in one order, so that the table's facts and the rule set's compare as equal."""
    def field(f):
        out = {"touches": sorted(_order(c, P.SIDES) for c in f["touches"])}
        if "half_sides" in f:
            out["half_sides"] = _order(f["half_sides"], P.HALF_SIDES)
        return out

    def segment(s):
        return {"kind": s["kind"], "ports": _order(s["ports"], P.SIDES),
                "ends": sorted(s["ends"]), "attributes": dict(sorted(s["attributes"].items()))}

    def listed(items):
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))

    return {"count": facts["count"], "sides": {s: facts["sides"][s] for s in P.SIDES},
            "segments": listed(segment(s) for s in facts["segments"]),
            "fields": listed(field(f) for f in facts["fields"]),
            "enclosed_fields": listed(field(f) for f in facts["enclosed_fields"])}


def facts_of_tile(tile: Tile, ruleset: RuleSet) -> dict:
    geometry = {k.name: k.geometry for k in ruleset.kinds}
    city_of = {port: list(seg.ports) for seg in tile.segments
               if geometry.get(seg.kind) == "area" for port in seg.ports}
    sides = dict.fromkeys(P.SIDES, "F")
    segments, fields, enclosed = [], [], []
    for seg in tile.segments:
        if geometry.get(seg.kind) == "field":
            touched = {tuple(city_of.get(port, [f"no city at {port}"])) for port in seg.touches}
            facts = {"touches": [list(c) for c in touched]}
            if seg.ports:
                fields.append({"half_sides": list(seg.ports), **facts})
            else:
                enclosed.append(facts)
            continue
        attributes: Counter = Counter()
        for name, amount in seg.attributes:
            attributes[name] += amount
        if seg.pennants:
            attributes["pennants"] += seg.pennants
        segments.append({"kind": seg.kind, "ports": list(seg.ports), "ends": list(seg.ends),
                         "attributes": dict(attributes)})
        for port in seg.ports:
            if port in P.SIDES:
                sides[port] = SIDE_LETTER.get(seg.kind, f"? {seg.kind}")
    return _canonical({"count": tile.count, "sides": sides, "segments": segments,
                       "fields": fields, "enclosed_fields": enclosed})


def facts_of_compiled(g: Game, name: str) -> dict:
    """The tile in rotation 0 as the engine holds it: kinds, ports and touched cities."""
    tables = g.tables
    t = tables.type_index(name)
    assert t is not None, f"{name} is not compiled"
    local = tables.segments[4 * t]
    kind_name = [k.name for k in tables.kinds]
    out = []
    for seg in local:
        ports = [P.RING[p] for p in seg.ports]
        touched = [[P.RING[p] for p in local[i].ports] for i in seg.touches]
        out.append({"kind": kind_name[seg.kind], "ports": sorted(ports),
                    "touches": sorted(sorted(c) for c in touched)})
    return {"count": tables.type_counts[t],
            "segments": sorted(out, key=lambda s: json.dumps(s, sort_keys=True))}


def compiled_from_facts(facts: dict) -> dict:
    """What the compiled tile should look like, from the table's facts."""
    out = [{"kind": s["kind"], "ports": sorted(s["ports"]), "touches": []}
           for s in facts["segments"]]
    out += [{"kind": "field", "ports": sorted(f.get("half_sides", [])),
             "touches": sorted(sorted(c) for c in f["touches"])}
            for f in (*facts["fields"], *facts["enclosed_fields"])]
    return {"count": facts["count"],
            "segments": sorted(out, key=lambda s: json.dumps(s, sort_keys=True))}


# --- the tests -----------------------------------------------------------------------------

CASES = [(variant, tile["name"]) for variant, tiles in TILE_SETS.items()
         for tile in FACTS[tiles]["tiles"]]


def expected(variant: str, name: str) -> dict:
    return next(t for t in FACTS[TILE_SETS[variant]]["tiles"] if t["name"] == name)


@pytest.mark.parametrize("aspect", ASPECTS)
@pytest.mark.parametrize(("variant", "name"), CASES)
def test_tile(variant, name, aspect):
    tile = rules(variant).tile(name)
    assert tile is not None, f"{variant} has no tile {name}"
    actual = facts_of_tile(tile, rules(variant))
    assert actual[aspect] == _canonical(expected(variant, name))[aspect]


@pytest.mark.parametrize(("variant", "name"), CASES)
def test_compiled_tile(variant, name):
    assert facts_of_compiled(game(variant), name) == compiled_from_facts(expected(variant, name))


@pytest.mark.parametrize("variant", TILE_SETS)
def test_the_variant_adds_these_tiles_and_changes_no_other(variant):
    base, ruleset, facts = rules(None), rules(variant), FACTS[TILE_SETS[variant]]
    base_names = [t.name for t in base.tiles]
    added = [t.name for t in ruleset.tiles if t.name not in base_names]
    assert sorted(added) == sorted(t["name"] for t in facts["tiles"])
    plain = facts.get("plain_counts", {})
    for old in base.tiles:
        new = ruleset.tile(old.name)
        assert new is not None, f"{variant} removes {old.name}"
        assert new.segments == old.segments, f"{variant} changes {old.name}"
        assert new.count == plain.get(old.name, old.count), f"{old.name}: count"


def _totals(ruleset: RuleSet, names) -> Counter:
    geometry = {k.name: k.geometry for k in ruleset.kinds}
    out: Counter = Counter()
    for name in names:
        tile = ruleset.tile(name)
        assert tile is not None, name
        out["tiles"] += tile.count
        out["types"] += 1
        for seg in tile.segments:
            out["pennants"] += tile.count * seg.pennants
            for attribute, amount in seg.attributes:
                out[{"inn": "inns", "cathedral": "cathedrals", "herd": "pig-herds",
                     "princess": "princesses"}.get(
                    attribute, attribute)] += (
                    tile.count * amount)
            if geometry.get(seg.kind) == "centre":
                out[{"monastery": "monasteries", "garden": "gardens",
                     "volcano": "volcanoes", "hill": "hills",
                     "vineyard": "vineyards", "foundation": "foundations",
                     "dragon-symbol": "dragons", "portal": "portals"}[seg.kind]] += tile.count
            if geometry.get(seg.kind) == "field" and not seg.ports:
                out["enclosed fields"] += tile.count
    return out


@pytest.mark.parametrize("variant", TILE_SETS)
def test_totals(variant):
    """The tiles add up to what the table's summary declares, and the game's total says so."""
    facts, ruleset, g = FACTS[TILE_SETS[variant]], rules(variant), game(variant)
    declared = {k: v for k, v in facts["declared"].items() if isinstance(v, int)}
    if "of" in facts["declared"]:  # the whole tile set (the abbot's garden copies)
        names = [t.name for t in ruleset.tiles]
    else:
        names = [t["name"] for t in facts["tiles"]]
    found = _totals(ruleset, names)
    assert {k: found[k] for k in declared} == declared
    base_total = rules(None).tile_count
    base_counts = {t.name: t.count for t in rules(None).tiles}
    added = sum(t["count"] for t in facts["tiles"]) - sum(
        base_counts[letter] - count for letter, count in facts.get("plain_counts", {}).items())
    assert ruleset.tile_count == ruleset.game.total_tiles == base_total + added
    assert sum(g.tables.type_counts) == base_total + added


def test_river_starts_at_the_spring_and_draws_the_river_first():
    """river-tiles.md: the spring R01 is the start tile; the other river tiles are drawn
    first, then the lake, then the land tiles."""
    ruleset = rules("river")
    tiles = FACTS["river"]["tiles"]
    spring = [t["name"] for t in tiles if any("spring" in s["ends"] for s in t["segments"])]
    lake = [t["name"] for t in tiles if any("lake" in s["ends"] for s in t["segments"])]
    assert spring == [ruleset.game.start] == ["R01"]
    groups = {g.name: sorted(g.tiles) for g in ruleset.groups}
    assert groups == {"river": sorted(t["name"] for t in tiles
                                      if t["name"] not in spring + lake),
                      "lake": lake}
    assert ruleset.supply.order == ("river", "lake", "rest")


def test_the_comparison_can_fail():
    """A tile that differs from its facts in any aspect is told apart."""
    facts = expected("traders-builders-tiles", "TB03")
    tile = rules("traders-builders-tiles").tile("TB03")
    assert facts_of_tile(tile, rules("traders-builders-tiles")) == _canonical(facts)
    wrong = json.loads(json.dumps(facts))
    wrong["segments"][0]["attributes"] = {"wine": 1}
    wrong["enclosed_fields"] = []
    assert facts_of_tile(tile, rules("traders-builders-tiles")) != _canonical(wrong)
