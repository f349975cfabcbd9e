"""The constructs the expansions brought (figures, tile groups and the draw order, triggers
that take tokens, require a placement or fire when a figure's feature grows, token majorities,
segment attributes, enclosed fields, ``+=`` score terms, products and differences) through
everything that is not the engine: the formatter lays them out and keeps them, the JSON form
carries them both ways, the checker passes them when right (the broken ones are rows of
``test_checker.BROKEN``), ``check --stats`` counts them and the language server knows their
names."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import attrs
import pytest
from jsonschema import Draft202012Validator

import carcdsl
from carcdsl.check.checker import check
from carcdsl.check.stats import tile_stats
from carcdsl.errors import RuleError
from carcdsl.lang.format import format_text, lex
from carcdsl.lang.jsonform import (
    ruleset_from_json,
    ruleset_from_json_text,
    ruleset_schema,
    ruleset_to_json,
)
from carcdsl.lang.sources import unsaved_texts
from carcdsl.lsp.analysis import analyse, hover, index, occurrences, symbols
from carcdsl.pipeline import compose

EXPANSIONS = ("river", "abbot", "inns-cathedrals", "traders-builders")

# every new construct, laid out as a person might type it
EVERY = """\
rules   everything   # every construct of the expansions
extends base
landmark spring
param u-turn=no-repeat in no-repeat,look-ahead
override game{tiles+=3}
feature river{geometry path ends at spring}
override feature road{attribute inn flag
score complete = if inn>=1 then 2*tiles else tiles}
override feature city {attribute wine count attribute cathedral flag
  score final += own( big )*tiles
  score complete += 3*pennants -tiles - 1 }
override feature field { followers yes score final=3*completed(city)  score final+=own(pig) * completed ( city ) }
figure pig{each player 1 strength 0 stands on field with own follower}
figure abbot { each player 1
stands on monastery,garden recall score final }
figure big { strength 2 }
override figure big { strength 3 }
figure builder { strength 0 stands on road, city with own follower }
figure hermit { recall }
token wine{supply 9 score final most 10}
group river X01,X02
group lake X03
supply{order river,lake,rest}
on complete city:take wine,score 1
on place extends road,city with own builder:extra turn
on place shows river:require joins river
on place shows river : require u-turn river
on place shows river: require look-ahead river 3
tile X01 1 city N+W wine 2; road S-E inn
tile X02 1 city N+S+W cathedral;river E -> spring
tile X03 1 city N;city E;city S;city W;field touches N+E+S+W
"""  # noqa: E501

EVERY_FORMATTED = """\
rules everything  # every construct of the expansions
extends base
landmark spring
param u-turn = no-repeat in no-repeat, look-ahead
override game { tiles += 3 }
feature river { geometry path  ends at spring }
override feature road {
    attribute inn flag
    score complete = if inn >= 1 then 2 * tiles else tiles
}
override feature city {
    attribute wine count
    attribute cathedral flag
    score final += own(big) * tiles
    score complete += 3 * pennants - tiles - 1
}
override feature field {
    followers yes
    score final = 3 * completed(city)
    score final += own(pig) * completed(city)
}
figure pig { each player 1  strength 0  stands on field  with own follower }
figure abbot {
    each player 1
    stands on monastery, garden
    recall score final
}
figure big { strength 2 }
override figure big { strength 3 }
figure builder { strength 0  stands on road, city  with own follower }
figure hermit { recall }
token wine { supply 9  score final most 10 }
group river X01, X02
group lake X03
supply { order river, lake, rest }
on complete city: take wine, score 1
on place extends road, city with own builder: extra turn
on place shows river: require joins river
on place shows river: require u-turn river
on place shows river: require look-ahead river 3
tile X01  1  city N+W wine 2; road S-E inn
tile X02  1  city N+S+W cathedral; river E -> spring
tile X03  1  city N; city E; city S; city W; field touches N+E+S+W
"""


@pytest.fixture
def every_path(tmp_path) -> Path:
    path = tmp_path / "everything.carc"
    path.write_text(EVERY, encoding="utf-8")
    return path


def composed(path: Path, text: str | None = None):
    with unsaved_texts({path: text} if text is not None else {}):
        rules, found, _ = compose(path)
    assert rules is not None and not found, found
    return rules


# --- the formatter ------------------------------------------------------------------------

def test_every_construct_is_formatted_and_keeps_its_meaning(every_path):
    formatted = format_text(EVERY)
    assert formatted == EVERY_FORMATTED
    assert format_text(formatted) == formatted
    assert [(t.type, t.value) for t in lex(formatted)[0]] == \
        [(t.type, t.value) for t in lex(EVERY)[0]]
    assert ruleset_to_json(composed(every_path, formatted)) == \
        ruleset_to_json(composed(every_path))


@pytest.mark.parametrize(("text", "expected"), [
    ("override feature city { score final += own(pig)*completed(city) }",
     "override feature city { score final += own(pig) * completed(city) }\n"),
    ("override feature city { score complete = 3*completed(city)-tiles }",
     "override feature city { score complete = 3 * completed(city) - tiles }\n"),
    ("override game { tiles += 18 }", "override game { tiles += 18 }\n"),
    ("override game {\ntiles += 18 }", "override game {\n    tiles += 18\n}\n"),
    ("group river R03 , R04,R05", "group river R03, R04, R05\n"),
    ("supply { order river , lake , rest }", "supply { order river, lake, rest }\n"),
    ("token wine { score final most 10 }", "token wine { score final most 10 }\n"),
    ("tile TB02 1 city N + W wine 2", "tile TB02  1  city N+W wine 2\n"),
    ("tile IC03 1 city N;city E;field touches N + E",
     "tile IC03  1  city N; city E; field touches N+E\n"),
    ("on complete city : take wine ,take grain", "on complete city: take wine, take grain\n"),
    ("on place extends road , city with own builder : extra turn",
     "on place extends road, city with own builder: extra turn\n"),
    ("on place shows river: require look-ahead river 3",
     "on place shows river: require look-ahead river 3\n"),
    ("figure abbot{recall score final}", "figure abbot { recall score final }\n"),
    ("override figure big{strength 3}", "override figure big { strength 3 }\n"),
])
def test_each_construct_has_one_layout(text, expected):
    header = "variant v for base\n"
    assert format_text(header + text) == header + expected


@pytest.mark.parametrize("variant", EXPANSIONS + ("inns-cathedrals-tiles",
                                                  "traders-builders-tiles"))
def test_bundled_expansions_are_formatted(variant):
    from carcdsl.lang.sources import rules_dir

    text = (rules_dir() / "variants" / f"{variant}.carc").read_text(encoding="utf-8")
    assert format_text(text) == text


# --- the checker --------------------------------------------------------------------------

def test_every_construct_checks_without_errors(every_path):
    found = check(composed(every_path))
    assert not [d for d in found if d.is_error], [d.message for d in found]


def test_a_parameter_names_the_requirement(tmp_path):
    """`require u-turn river`: the test is the parameter's value; a value that is no test is
    told where the parameter is used."""
    path = tmp_path / "t.carc"
    path.write_text(EVERY.replace("no-repeat in no-repeat,look-ahead", "sideways"),
                    encoding="utf-8")
    found = [d for d in check(composed(path)) if d.is_error]
    assert [(d.code, d.key, d.loc.line, d.loc.column) for d in found] == [
        ("E132", "E132/require", 27, 32)]
    assert "`require sideways`" in found[0].message


def test_a_misspelt_token_to_take_is_one_error(tmp_path):
    path = tmp_path / "t.carc"
    path.write_text(EVERY.replace("take wine", "take wien"), encoding="utf-8")
    found = [d for d in check(composed(path)) if d.is_error]
    assert [d.key for d in found] == ["E134/take"]
    assert "did you mean 'wine'?" in found[0].message


def test_figure_problems_are_said_where_they_are_written(tmp_path):
    path = tmp_path / "t.carc"
    path.write_text("rules t\nextends base\n"
                    "figure abbot {\n    each player 2000\n    strength -2\n"
                    "    stands on monastery, gardn, citty\n    with own abot\n"
                    "    recall score complete\n}\n", encoding="utf-8")
    found = [d for d in check(composed(path)) if d.is_error]
    assert [(d.key, d.loc.line, d.loc.column) for d in found] == [
        ("E121/figure", 4, 5), ("E121/strength", 5, 5), ("E110/stands", 6, 26),
        ("E110/stands", 6, 33), ("E121/own", 7, 14), ("E121/recall", 8, 5)]
    assert "did you mean 'abbot'?" in found[4].message
    assert "did you mean 'garden'?" in found[2].message


def test_a_figure_named_like_a_role_is_the_follower(tmp_path):
    path = tmp_path / "t.carc"
    path.write_text("rules t\nextends base\nfigure knight { strength 2 }\n", encoding="utf-8")
    assert [d.key for d in check(composed(path)) if d.is_error] == ["E117/figure-follower"]


def test_every_bundled_expansion_with_farmers_checks_clean():
    rules, found, _ = compose("base", (*EXPANSIONS, "farmers"))
    assert rules is not None and not found
    assert not check(rules)


# --- the JSON form ------------------------------------------------------------------------

def test_every_construct_round_trips_through_json(every_path):
    rules = composed(every_path)
    data = ruleset_to_json(rules)
    Draft202012Validator(ruleset_schema()).validate(data)
    again = ruleset_from_json(data)
    assert again == rules and ruleset_to_json(again) == data
    text = json.dumps(data, indent=2)
    assert ruleset_from_json_text(text, "everything.json") == rules
    assert data["figures"][0] == {"name": "abbot", "each_player": 1, "strength": 1,
                                  "stands_on": ["monastery", "garden"], "needs": None,
                                  "recall": "final", "excludes": [], "strength_expr": None,
                                  "anywhere": False, "with_any": None,
                                  "each_player_by_players": [], "neutral": False,
                                  "avoids": [], "beside": None, "blocks": False,
                                  "corner": False, "keeps_out": []}
    assert data["groups"] == [{"name": "river", "tiles": ["X01", "X02"]},
                              {"name": "lake", "tiles": ["X03"]}]
    assert data["supply"]["order"] == ["river", "lake", "rest"]
    assert data["game"]["total_tiles"] == 75
    wine = next(t for t in data["tokens"] if t["name"] == "wine")
    assert wine["most_points"] == 10
    city = next(k for k in data["kinds"] if k["name"] == "city")
    assert city["attributes"] == [{"name": "wine", "merge": "count"},
                                  {"name": "cathedral", "merge": "flag"}]
    assert city["final_extra"] == [{"product": [{"quantity": "own", "of": "big"},
                                                {"quantity": "tiles"}]}]
    assert city["complete_extra"] == [{"sum": [
        {"scale": 3, "term": {"quantity": "pennants"}}, {"negated": {"quantity": "tiles"}},
        {"negated": {"const": 1}}]}]
    triggers = data["triggers"]
    assert triggers[0] == {"condition": "complete", "arg": "city", "kinds": [], "attribute": None,
                           "own": True, "actions": [
        {"action": "take", "token": "wine"}, {"action": "score", "points": 1}]}
    assert triggers[1]["kinds"] == ["road", "city"] and triggers[1]["arg"] == "builder"
    assert triggers[3]["actions"] == [{"action": "require", "test": "no-repeat",
                                       "kind": "river", "distance": None}]
    assert triggers[4]["actions"][0]["distance"] == 3
    x01 = next(t for t in data["tiles"] if t["name"] == "X01")
    assert x01["segments"][0]["attributes"] == [{"name": "wine", "amount": 2}]
    x03 = next(t for t in data["tiles"] if t["name"] == "X03")
    assert x03["fields"] == "derived"
    enclosed = [s for s in x03["segments"] if s["kind"] == "field"]
    assert enclosed == [{"kind": "field", "ports": [], "pennants": 0, "ends": [],
                         "touches": ["N", "E", "S", "W"], "attributes": []}]


def test_all_the_expansions_round_trip_through_json():
    rules, found, _ = compose("base", (*EXPANSIONS, "farmers"))
    assert rules is not None and not found
    data = ruleset_to_json(rules)
    Draft202012Validator(ruleset_schema()).validate(data)
    again = ruleset_from_json(data)
    assert again == rules and ruleset_to_json(again) == data
    assert {f["name"] for f in data["figures"]} == {"abbot", "big", "builder", "pig"}


def test_a_json_file_with_every_construct_composes_to_an_equal_rule_set(tmp_path):
    rules, found, _ = compose("base", EXPANSIONS)
    assert rules is not None and not found
    path = tmp_path / "all.json"
    path.write_text(json.dumps(ruleset_to_json(rules)), encoding="utf-8")
    again, found, _ = compose(path)
    assert again == rules and not found
    assert not check(again)


def test_json_without_the_expansion_keys_still_loads(every_path):
    """JSON written before figures, groups, the draw order, attributes, added terms, token
    majorities and the kinds of an extends trigger loads with the model's defaults."""
    data = ruleset_to_json(composed(every_path))
    for key in ("figures", "groups"):
        del data[key]
    del data["supply"]["order"]
    for token in data["tokens"]:
        del token["most_points"]
    for kind in data["kinds"]:
        for key in ("attributes", "complete_extra", "final_extra"):
            del kind[key]
    for trigger in data["triggers"]:
        del trigger["kinds"]
    for tile in data["tiles"]:
        for seg in tile["segments"]:
            del seg["attributes"]
    rules = ruleset_from_json(data)
    assert (rules.figures, rules.groups, rules.supply.order) == ((), (), ())
    assert all(t.most_points == 0 for t in rules.tokens)
    assert all(not (k.attributes or k.complete_extra or k.final_extra) for k in rules.kinds)
    assert all(not s.attributes for t in rules.tiles for s in t.segments)


def test_the_json_form_covers_every_field_of_the_new_objects(every_path):
    rules = composed(every_path)
    data = ruleset_to_json(rules)

    def keys(obj) -> set[str]:
        return {f.name for f in attrs.fields(type(obj))
                if f.name != "loc" and not f.name.endswith("_locs")}

    assert keys(rules.figures[0]) == set(data["figures"][0])
    assert keys(rules.groups[0]) == set(data["groups"][0])
    schema = ruleset_schema()["$defs"]
    later = {"figure": {"excludes", "strength_expr", "anywhere", "with_any",
                        "each_player_by_players", "neutral", "avoids", "beside",
                        "blocks", "corner", "keeps_out"}}  # optional: older files lack them
    for name in ("figure", "group", "takeAction", "requireAction", "attribute",
                 "segmentAttribute", "product", "negated"):
        assert set(schema[name]["properties"]) - later.get(name, set()) == \
            set(schema[name]["required"]), name


def _broken(data: dict, change) -> list:
    data = copy.deepcopy(data)
    change(data)
    try:
        rules = ruleset_from_json(data, "broken.json")
    except RuleError as exc:
        return list(exc.diagnostics)
    return [d for d in check(rules) if d.is_error]


@pytest.mark.parametrize(("change", "key", "path"), [
    (lambda d: d["figures"][0]["stands_on"].append("gardn"), "E110/stands",
     "$.figures[0].stands_on[2]"),
    (lambda d: d["figures"][1].update(needs="folower"), "E121/own", "$.figures[1].needs"),
    (lambda d: d["figures"][0].update(recall="complete"), "E121/recall", "$.figures[0].recall"),
    (lambda d: d["supply"]["order"].append("sea"), "E132/order-name", "$.supply.order[3]"),
    (lambda d: d["groups"][1]["tiles"].append("X01"), "E132/group-twice", "$.groups[1]"),
    (lambda d: d["triggers"][0]["actions"][0].update(token="wien"), "E134/take",
     "$.triggers[0].actions[0].token"),
    (lambda d: d["triggers"][1]["kinds"].append("raod"), "E110/extends",
     "$.triggers[1].kinds[2]"),
    (lambda d: d["triggers"][2]["actions"][0].update(test="jions"), "E132/require",
     "$.triggers[2].actions[0].test"),
    (lambda d: d["tokens"][-1].update(most_points=-1), "E134/most", "$.tokens[0].most_points"),
    (lambda d: next(k for k in d["kinds"] if k["name"] == "road")["attributes"][0].update(
        merge="once"), "E207/merge", "$.kinds[0].attributes[0].merge"),
    (lambda d: d["figures"].append(copy.deepcopy(d["figures"][0])), "E101/json",
     "$.figures[5]"),
    (lambda d: d["groups"].append({"name": "lake", "tiles": []}), "E101/json", "$.groups[2]"),
])
def test_json_problems_name_their_json_path(every_path, change, key, path):
    data = ruleset_to_json(composed(every_path))
    found = _broken(data, change)
    assert (key, path) in {(d.key, d.loc.path) for d in found}, \
        [(d.key, d.loc.path, d.message) for d in found]


def test_an_added_term_nested_too_deep_in_json_is_e006(every_path):
    data = ruleset_to_json(composed(every_path))
    deep: dict = {"quantity": "tiles"}
    for _ in range(40):
        deep = {"negated": deep}
    next(k for k in data["kinds"] if k["name"] == "city")["final_extra"].append(deep)
    with pytest.raises(RuleError) as info:
        ruleset_from_json(data)
    assert [d.code for d in info.value.diagnostics] == ["E006"]


# --- stats --------------------------------------------------------------------------------

def test_stats_count_attributes_figures_groups_and_enclosed_fields():
    rules = carcdsl.load("base", variants=list(EXPANSIONS)).rules
    stats = tile_stats(rules)
    assert stats["attributes"] == {"cathedral": 2, "cloth": 5, "grain": 6, "inn": 6, "wine": 9}
    assert stats["figures"] == {"abbot": 1, "big": 1, "builder": 1, "pig": 1}
    assert stats["groups"] == {"river": 10, "lake": 1}
    assert stats["enclosed"] == {"field": 5}
    base = tile_stats(carcdsl.load("base").rules)
    assert (base["attributes"], base["figures"], base["groups"], base["enclosed"]) == \
        ({}, {}, {}, {})


def test_check_stats_shows_them(capsys):
    from carcdsl.cli.main import main

    assert main(["check", "base", "--variant", "traders-builders", "--stats"]) == 0
    out = capsys.readouterr().out
    assert "attributes" in out and "wine" in out and "figures each player has" in out
    assert "segments without ports by kind" in out


# --- the language server ------------------------------------------------------------------

def test_the_language_server_knows_the_new_names(every_path):
    found = {(o.name, o.family, o.is_def, o.rule) for o in occurrences(EVERY, "x")}
    assert ("pig", "name", True, "figure_block") in found
    assert ("pig", "name", False, "quantity_of") in found  # own(pig)
    assert ("builder", "name", False, "extends") in found
    assert ("inn", "name", True, "attribute") in found
    assert ("inn", "name", False, "words") in found  # road S-E inn
    assert ("inn", "name", False, "quantity") in found  # if inn >= 1
    assert ("S-E", "port", False, "words") in found
    assert ("river", "group", True, "group_decl") in found
    assert ("river", "group", False, "draw_order") in found
    assert ("X01", "tile", False, "group_decl") in found
    assert ("wine", "name", False, "take_tokens") in found
    assert not any(o.name == "tiles" for o in occurrences(EVERY, "x"))
    named = [(s.name, s.detail) for s in symbols(EVERY)]
    assert ("pig", "figure") in named and ("big", "override figure") in named
    assert ("river", "group") in named and ("on complete", "") in named

    analysis = analyse(every_path, EVERY)
    idx = index(analysis)
    line = EVERY.split("\n").index("figure big { strength 2 }")
    said, _ = hover(analysis, idx, line, 8)
    assert said.startswith("**figure big**: 1 each, strength 3")


def test_an_added_term_is_a_score_of_its_own(tmp_path):
    """`score final += ...` with no `score final =` is the kind's final score (W304 does not
    call it unscored); `score complete += ...` on a field never applies (E141 at it)."""
    path = tmp_path / "t.carc"
    path.write_text("rules t\nextends base\n"
                    "override feature field { followers yes score complete += tiles }\n"
                    "feature marsh { geometry area followers yes score final += tiles }\n"
                    "tile MARSH 1 marsh N\n", encoding="utf-8")
    found = check(composed(path))
    assert [(d.code, d.loc.line, d.loc.column) for d in found if d.code in ("W304", "E141")] \
        == [("E141", 3, 40)]
