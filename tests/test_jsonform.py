"""The JSON form: export validates, round trips, JSON files compose, broken JSON is reported."""

from __future__ import annotations

import copy
import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from carcdsl.check.checker import check
from carcdsl.diagnostics import format_diagnostic
from carcdsl.errors import RuleError
from carcdsl.lang.jsonform import (
    FORMAT,
    json_path,
    ruleset_from_json,
    ruleset_from_json_text,
    ruleset_schema,
    ruleset_to_json,
)
from carcdsl.lang.parser import parse_text
from carcdsl.lang.sources import rules_dir
from carcdsl.lang.syntax import MAX_EXPR_DEPTH
from carcdsl.model.rules import RuleSet
from carcdsl.pipeline import compose

VARIANTS = sorted(p.stem for p in (rules_dir() / "variants").glob("*.carc"))


def _target(variant: str) -> tuple[str, tuple[str, ...]]:
    """The rule set a bundled variant is for (`variant NAME for TARGET`, else base), and
    the variants it is applied with (`with A, B`), then itself."""
    path = rules_dir() / "variants" / f"{variant}.carc"
    parsed = parse_text(path.read_text(encoding="utf-8"), str(path))
    target = parsed.applies_to.target if parsed.applies_to is not None else "base"
    return target, (*(ref.target for ref in parsed.applies_with), variant)


COMPOSITIONS = [("base", ()), ("pnp-demo", ()), ("nuts", ()), ("base", ("farmers",))] + [
    _target(v) for v in VARIANTS if v != "farmers"]


def composed(rules: str | Path, variants=()) -> RuleSet:
    result, diagnostics, _ = compose(rules, tuple(variants))
    assert result is not None and not diagnostics, diagnostics
    return result


@pytest.fixture(scope="module")
def base_json() -> dict:
    return ruleset_to_json(composed("base"))


def ids(case) -> str:
    return "+".join((case[0], *case[1]))


# --- export and round trips -------------------------------------------------------------------

def test_the_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(ruleset_schema())


@pytest.mark.parametrize("case", COMPOSITIONS, ids=ids)
def test_export_validates_against_the_schema(case):
    data = ruleset_to_json(composed(*case))
    Draft202012Validator(ruleset_schema()).validate(data)
    assert data["format"] == FORMAT
    assert json.loads(json.dumps(data)) == data  # plain JSON values only


def test_export_is_the_fully_composed_rule_set():
    rules = composed("base", ["farmers"])
    data = ruleset_to_json(rules)
    assert data["name"] == "base" and data["variants"] == ["farmers"]
    assert [t["name"] for t in data["tiles"]] == [t.name for t in rules.tiles]
    field = next(k for k in data["kinds"] if k["name"] == "field")
    assert field["followers"] is True
    assert field["final"] == {"scale": 3, "term": {"quantity": "completed", "of": "city"}}
    d = next(t for t in data["tiles"] if t["name"] == "D")
    assert d["fields"] == "derived"
    assert {"kind": "field", "ports": ["ENE", "WNW"], "pennants": 0, "ends": [],
            "touches": ["N"], "attributes": []} in d["segments"]


@pytest.mark.parametrize("case", COMPOSITIONS, ids=ids)
def test_round_trip_text_json_model_json(case):
    rules = composed(*case)
    data = ruleset_to_json(rules)
    again = ruleset_from_json(data)
    assert again == rules
    assert ruleset_to_json(again) == data
    assert [t.fields_derived for t in again.tiles] == [t.fields_derived for t in rules.tiles]
    from_text = ruleset_from_json_text(json.dumps(data, indent=2), "rules.json")
    assert from_text == rules and ruleset_to_json(from_text) == data


def test_explicit_fields_round_trip(tmp_path):
    path = tmp_path / "explicit.carc"
    path.write_text("rules explicit\nextends base\n"
                    "override tile E 5 city N; field ENE+ESE+SSE+SSW+WSW+WNW touches N\n")
    rules = composed(path)
    data = ruleset_to_json(rules)
    tile = next(t for t in data["tiles"] if t["name"] == "E")
    assert tile["fields"] == "explicit"
    again = ruleset_from_json(data)
    assert again == rules and ruleset_to_json(again) == data
    assert again.tile("E").fields_derived is False and again.tile("D").fields_derived is True


def test_derived_fields_are_derived_again(base_json):
    data = copy.deepcopy(base_json)
    for tile in data["tiles"]:  # drop every field, and put a wrong one on D
        tile["segments"] = [s for s in tile["segments"] if s["kind"] != "field"]
    d = next(t for t in data["tiles"] if t["name"] == "D")
    d["segments"].append({"kind": "field", "ports": ["NNW"], "pennants": 0, "ends": [],
                          "touches": []})
    assert ruleset_from_json(data) == composed("base")
    assert ruleset_to_json(ruleset_from_json(data)) == base_json


def test_json_integers_written_as_floats_become_ints(base_json):
    data = copy.deepcopy(base_json)
    data["tiles"][0]["count"] = 2.0
    data["game"]["players"] = [2.0, 5]
    rules = ruleset_from_json(data)
    assert type(rules.tiles[0].count) is int and rules.tiles[0].count == 2
    assert all(type(n) is int for n in rules.game.players)


def test_blocks_are_optional(base_json):
    data = {k: v for k, v in base_json.items() if k not in ("board", "supply", "turn")}
    assert ruleset_from_json(data) == composed("base")


def test_triggers_round_trip(tmp_path):
    path = tmp_path / "triggers.carc"
    path.write_text("rules triggers\nextends base\n"
                    "on place shows monastery: score 2, extra turn\n"
                    "on place surrounded: score -1\n")
    rules = composed(path)
    data = ruleset_to_json(rules)
    assert data["triggers"] == [
        {"condition": "shows", "arg": "monastery", "kinds": [], "attribute": None, "own": True,
         "actions": [{"action": "score", "points": 2}, {"action": "extra-turn", "points": None}]},
        {"condition": "surrounded", "arg": None, "kinds": [], "attribute": None, "own": True,
         "actions": [{"action": "score", "points": -1}]}]
    again = ruleset_from_json(data)
    assert again == rules and ruleset_to_json(again) == data


NEUTRAL = """\
rules neutral
extends base
feature volcano { geometry centre  followers no  tile figures no }
feature dragon-symbol { geometry centre  followers no }
feature portal { geometry centre  followers no }
override feature city { attribute princess flag }
figure fairy { neutral  beside own follower }
figure dragon { neutral  avoids fairy  blocks }
on place shows volcano: move dragon here
on place shows dragon-symbol: walk dragon 6
on enter dragon: return figures here
on turn beside fairy: score 1
on score beside fairy: score 3
on place shows city princess: instead return follower
on place shows portal: place follower anywhere
override game { tiles += 18 }
tile PD01 3 volcano
tile PD15 5 dragon-symbol; road S-W
tile PD21 6 city N+W princess
tile PD26 4 portal; city N+W; road E-S
supply { hold back dragon-symbol until dragon }
"""


def test_neutral_figures_round_trip(tmp_path):
    """Neutral figures (neutral, avoids, beside own, blocks), the rules that move them (move F
    here, walk F N, on enter F: return figures here), the moves they allow and the supply's
    hold back export to JSON that the schema accepts and build back equal."""
    path = tmp_path / "neutral.carc"
    path.write_text(NEUTRAL)
    rules = composed(path)
    data = ruleset_to_json(rules)
    Draft202012Validator(ruleset_schema()).validate(data)
    figures = {f["name"]: f for f in data["figures"]}
    assert (figures["dragon"]["neutral"], figures["dragon"]["avoids"],
            figures["dragon"]["blocks"]) == (True, ["fairy"], True)
    assert figures["fairy"]["beside"] == "follower" and figures["fairy"]["avoids"] == []
    actions = [(t["condition"], t["arg"], t["attribute"], t["actions"])
               for t in data["triggers"]]
    assert actions == [
        ("shows", "volcano", None, [{"action": "move-here", "figure": "dragon"}]),
        ("shows", "dragon-symbol", None, [{"action": "walk", "figure": "dragon", "steps": 6}]),
        ("enter", "dragon", None, [{"action": "return-here"}]),
        ("turn-beside", "fairy", None, [{"action": "score", "points": 1}]),
        ("score-beside", "fairy", None, [{"action": "score", "points": 3}]),
        ("shows", "city", "princess", [{"action": "instead-return", "figure": "follower"}]),
        ("shows", "portal", None, [{"action": "place-anywhere", "figure": "follower"}])]
    assert data["supply"]["hold"] == ["dragon-symbol", "dragon"]
    again = ruleset_from_json(data)
    assert again == rules and ruleset_to_json(again) == data
    assert composed(write_json(tmp_path, rules)) == rules


def test_a_walk_without_its_steps_is_a_schema_error(tmp_path):
    path = tmp_path / "neutral.carc"
    path.write_text(NEUTRAL)
    data = ruleset_to_json(composed(path))
    del data["triggers"][1]["actions"][0]["steps"]
    with pytest.raises(RuleError) as caught:
        ruleset_from_json(data)
    assert "$.triggers[1].actions[0]" in str(caught.value.diagnostics[0].message)
    assert "steps" in caught.value.diagnostics[0].message


MAPPED = """\
rules mapped
extends base
board {
    map "~~~~~~~"
        "~R.nbc~"
    legend { "~" off  "." square  "R" start Rostock  "b" marker small-city Bremen
             "c" printed city Berlin pennants 2
             "n" square border N road pennants 1 Denmark border S city pennants 0 Poland }
    start areas 1
}
on place covers small-city: score -2
"""


@pytest.fixture
def mapped(tmp_path) -> RuleSet:
    path = tmp_path / "mapped.carc"
    path.write_text(MAPPED)
    return composed(path)


def test_a_map_round_trips(mapped):
    data = ruleset_to_json(mapped)
    assert [sq["role"] for sq in data["board"]["squares"]] == [
        "start", "square", "square", "square", "printed"]
    again = ruleset_from_json(data)
    assert again == mapped and ruleset_to_json(again) == data


NUTTY = """\
rules nutty
extends base
override game {
    follower squirrel
    score marker magpie
    followers 45 for 2
    followers 15 for 3..5
}
override feature city { follower knight }
token nut { supply 80 each player 1 start sides 1 collected yes score final = 1 }
token acorn { supply 5 }
on place shows city: put 1 nut on city, score 1
on place shows monastery: put 2 acorn on monastery
names nl { road "weg" "wegen"  nut "noot" }
names ro { nut "nucă" "nuci" }
open "What acorns do."
open "Whether magpies fly."
note ro "de ajustat număr de veverițe"
note en "adjust the number of squirrels"
"""


@pytest.fixture
def nutty(tmp_path) -> RuleSet:
    path = tmp_path / "nutty.carc"
    path.write_text(NUTTY, encoding="utf-8")
    return composed(path)


def test_tokens_words_and_notes_round_trip(nutty):
    data = ruleset_to_json(nutty)
    Draft202012Validator(ruleset_schema()).validate(data)
    assert data["game"]["followers_by_players"] == [{"players": [2, 2], "followers": 45},
                                                    {"players": [3, 5], "followers": 15}]
    assert (data["game"]["follower"], data["game"]["score_marker"]) == ("squirrel", "magpie")
    assert next(k for k in data["kinds"] if k["name"] == "city")["role"] == "knight"
    assert data["tokens"] == [
        {"name": "nut", "supply": 80, "each_player": 1, "start_sides": 1, "collected": True,
         "final_points": 1, "most_points": 0, "final_expr": None, "bag": None,
         "worth": 1},
        {"name": "acorn", "supply": 5, "each_player": 0, "start_sides": 0, "collected": False,
         "final_points": 0, "most_points": 0, "final_expr": None, "bag": None,
         "worth": 1}]
    assert data["triggers"] == [
        {"condition": "shows", "arg": "city", "kinds": [], "attribute": None, "own": True,
         "actions": [{"action": "put", "count": 1, "token": "nut", "kind": "city"},
                     {"action": "score", "points": 1}]},
        {"condition": "shows", "arg": "monastery", "kinds": [], "attribute": None, "own": True,
         "actions": [{"action": "put", "count": 2, "token": "acorn", "kind": "monastery"}]}]
    nl = next(n for n in data["names"] if n["language"] == "nl")
    assert {"word": "road", "singular": "weg", "plural": "wegen"} in nl["words"]
    assert nl["words"][-1] == {"word": "nut", "singular": "noot", "plural": None}
    assert data["names"][-1] == {"language": "ro",
                                 "words": [{"word": "nut", "singular": "nucă", "plural": "nuci"}]}
    assert data["open_points"] == ["What acorns do.", "Whether magpies fly."]
    assert data["notes"] == [{"language": "ro", "text": "de ajustat număr de veverițe"},
                             {"language": "en", "text": "adjust the number of squirrels"}]
    again = ruleset_from_json(data)
    assert again == nutty and ruleset_to_json(again) == data
    assert again.game.followers_for(2) == 45 and again.game.followers_for(4) == 15
    text = json.dumps(data, indent=2, ensure_ascii=False)
    assert ruleset_from_json_text(text, "nutty.json") == nutty


def test_a_json_file_keeps_its_tokens_through_compose(tmp_path, nutty):
    assert composed(write_json(tmp_path, nutty)) == nutty
    proposal = composed("nuts", ["nuts-proposal"])
    assert composed(write_json(tmp_path, proposal, "nuts.json")) == proposal


def test_json_without_the_newer_keys_still_loads(nutty):
    """JSON written before tokens, words, notes, follower names and supplies by player count
    loads with the model's defaults."""
    data = ruleset_to_json(nutty)
    for key in ("tokens", "names", "open_points", "notes"):
        del data[key]
    for key in ("followers_by_players", "follower", "score_marker", "titles"):
        del data["game"][key]
    for kind in data["kinds"]:
        del kind["role"], kind["colour"], kind["look"]
    data["triggers"] = [{"condition": "surrounded", "arg": None,
                         "actions": [{"action": "extra-turn", "points": None}]}]
    rules = ruleset_from_json(data)
    assert rules.game == attrs.evolve(nutty.game, followers_by_players=(), follower=None,
                                      score_marker=None, titles=())
    assert all(k.role is None and k.colour is None and k.look is None for k in rules.kinds)
    assert (rules.tokens, rules.names, rules.open_points, rules.notes) == ((), (), (), ())
    assert rules.triggers[0].actions == (("extra-turn", None),)


# Keys a JSON rule set may leave out (added after the layout was first published); export
# always writes them.
OPTIONAL = {"game": {"followers_by_players", "follower", "score_marker", "titles", "ransom"},
            "kind": {"role", "attributes", "complete_extra", "final_extra", "colour", "look",
                     "tile_figures", "ties", "followers_anywhere", "followers_with",
                     "fits_any"},
            "supply": {"order", "hold", "owned"},
            "token": {"most_points", "final_expr", "bag", "worth"},
            "trigger": {"kinds", "attribute", "own"},
            "segment": {"attributes"}}


@pytest.mark.parametrize("which", ["mapped", "nutty"])
def test_the_json_form_covers_every_model_field(which, request):
    """A field added to the model must be added to the JSON form (and its schema) too."""
    rules = request.getfixturevalue(which)
    data = ruleset_to_json(rules)

    def keys(obj) -> set[str]:
        names = {f.name for f in attrs.fields(type(obj))  # unread: what a syntax error hid
                 if f.name not in ("loc", "unread") and not f.name.endswith("_locs")}
        return {"fields" if n == "fields_derived" else n for n in names}

    assert keys(rules) == set(data) - {"format"}
    pairs = [(rules.game, data["game"]), (rules.board, data["board"]),
             (rules.supply, data["supply"]), (rules.turn, data["turn"]),
             (rules.kinds[0], data["kinds"][0]), (rules.tiles[0], data["tiles"][0]),
             (rules.tiles[0].segments[0], data["tiles"][0]["segments"][0]),
             (rules.triggers[0], data["triggers"][0])]
    if which == "mapped":
        pairs += [(rules.board.squares[2], data["board"]["squares"][2]),
                  (rules.board.squares[2].borders[0],
                   data["board"]["squares"][2]["borders"][0])]
    else:
        pairs += [(rules.tokens[0], data["tokens"][0])]
    for obj, part in pairs:
        assert keys(obj) == set(part), type(obj).__name__
    schema = ruleset_schema()
    assert set(schema["properties"]) == set(data)
    for name in ("game", "board", "supply", "turn", "trigger", "pointsAction", "putAction",
                 "kind", "tile", "segment", "square", "border", "token", "followersByPlayers",
                 "languageNames", "wordName", "note"):
        definition = schema["$defs"][name]
        assert set(definition["properties"]) - OPTIONAL.get(name, set()) == \
            set(definition["required"]), name
    # every action the model knows has a JSON shape: put has its own, the rest carry points
    assert set(schema["$defs"]["putAction"]["required"]) == {"action", "count", "token", "kind"}
    assert len(rules.triggers[0].actions[0]) == 2


# --- JSON files through compose -----------------------------------------------------------------

def write_json(tmp_path: Path, rules: RuleSet, name: str = "rules.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(ruleset_to_json(rules), indent=2), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["base", "pnp-demo"])
def test_a_json_file_composes_to_an_equal_rule_set(tmp_path, name):
    rules = composed(name)
    assert composed(write_json(tmp_path, rules)) == rules


def test_a_variant_applies_on_top_of_a_json_base(tmp_path):
    path = write_json(tmp_path, composed("base"))
    with_farmers = composed(path, ["farmers"])
    assert with_farmers == composed("base", ["farmers"])
    assert with_farmers.variants == ("farmers",)
    assert with_farmers.kind("field").followers is True


def test_a_json_file_can_be_extended(tmp_path):
    write_json(tmp_path, composed("base"), "my-base.json")
    (tmp_path / "mine.carc").write_text(
        'rules mine\nextends "my-base.json"\noverride game { followers 5 }\n')
    rules = composed(tmp_path / "mine.carc")
    assert rules.game.followers == 5
    assert rules.tiles == composed("base").tiles


# A JSON rule set keeps everything through compose: variants, blocks, triggers, and its
# derived fields stay derived.
@pytest.mark.parametrize("variant", ["farmers", "fill-hole-extra-turn", "hand-of-three"])
def test_a_json_file_keeps_its_variants_through_compose(tmp_path, variant):
    rules = composed("base", [variant])
    assert composed(write_json(tmp_path, rules)) == rules


def test_a_json_file_keeps_its_triggers_through_compose(tmp_path):
    rules = composed("base", ["fill-hole-extra-turn"])
    assert composed(write_json(tmp_path, rules)).triggers == rules.triggers


def test_a_json_file_keeps_its_board_through_compose(tmp_path):
    rules = composed("base", ["table-edge:width=5,height=3"])
    assert composed(write_json(tmp_path, rules)).board.bounds == (5, 3)


def test_a_json_file_exports_unchanged_through_compose(tmp_path):
    rules = composed("base")
    assert ruleset_to_json(composed(write_json(tmp_path, rules))) == ruleset_to_json(rules)


# --- broken JSON ----------------------------------------------------------------------------------

def problems(data: object) -> list[str]:
    with pytest.raises(RuleError) as info:
        ruleset_from_json(data, "broken.json")
    diagnostics = info.value.diagnostics
    assert diagnostics and all(d.code == "E007" for d in diagnostics)
    assert all(str(d.loc) == "broken.json" for d in diagnostics)
    return [d.message for d in diagnostics]


def test_invalid_json_text_names_line_and_column():
    text = '{\n  "format": "carcdsl-rules/1",\n  "name": "x",,\n}\n'
    with pytest.raises(RuleError) as info:
        ruleset_from_json_text(text, "broken.json")
    (diag,) = info.value.diagnostics
    assert diag.code == "E007"
    assert (diag.loc.file, diag.loc.line, diag.loc.column) == ("broken.json", 3, 15)
    assert str(diag.loc) == "broken.json:3:15"


def test_invalid_json_file_through_compose(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "carcdsl-rules/1",\n "name": }\n')
    result, diagnostics, _ = compose(path)
    assert result is None
    (diag,) = diagnostics
    assert diag.code == "E007" and (diag.loc.line, diag.loc.column) == (2, 10)


def test_schema_errors_through_compose(tmp_path, base_json):
    data = copy.deepcopy(base_json)
    data["tiles"][3]["count"] = "four"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    result, diagnostics, _ = compose(path)
    assert result is None
    assert [(d.code, d.message) for d in diagnostics] == [
        ("E007", '$.tiles[3].count: expected an integer, not the string "four"')]


def _set(path, value):
    def change(data):
        *parents, last = path
        for key in parents:
            data = data[key]
        data[last] = value
    return change


def _delete(path):
    def change(data):
        *parents, last = path
        for key in parents:
            data = data[key]
        del data[last]
    return change


BROKEN = [
    # (change, the path the message names, words the message uses)
    (_set(["format"], "carcdsl-rules/2"), "$.format", "expected \"carcdsl-rules/1\""),
    (_set(["name"], 7), "$.name", "expected a string, not 7"),
    (_set(["game", "players"], [2]), "$.game.players", "2 items"),
    (_set(["game", "players"], "2..5"), "$.game.players", "expected a list"),
    (_set(["game", "followers"], True), "$.game.followers", "expected an integer, not true"),
    (_set(["game", "total_tiles"], 7.5), "$.game.total_tiles", "an integer or null"),
    (_set(["game", "start"], "D tile"), "$.game.start", "not a name"),
    (_set(["game", "colour"], "red"), "$.game", "unknown key \"colour\""),
    (_delete(["game", "end"]), "$.game", "missing key \"end\""),
    (_set(["landmarks", 0], None), "$.landmarks[0]", "expected a string, not null"),
    (_set(["kinds", 1, "pennants"], "yes"), "$.kinds[1].pennants", "expected true or false"),
    (_set(["kinds", 0, "geometry"], ["path"]), "$.kinds[0].geometry", "expected a string"),
    (_set(["kinds", 0, "complete"], "tiles"), "$.kinds[0].complete", "expected an object"),
    (_set(["kinds", 0, "complete"], {"quantity": "tiles", "times": 2}), "$.kinds[0].complete",
     "unknown key \"times\""),
    (_set(["kinds", 0, "complete"], {"scale": 2}), "$.kinds[0].complete",
     "missing key \"term\""),
    (_set(["kinds", 0, "complete"], {"konst": 2}), "$.kinds[0].complete",
     "expected an expression"),
    (_set(["kinds", 0, "final"], {"sum": [{"const": "1"}]}), "$.kinds[0].final.sum[0].const",
     "expected an integer"),
    (_set(["kinds", 0, "final"], {"if": {"op": "=<", "left": {"const": 1},
                                         "right": {"const": 2}},
                                  "then": {"const": 1}, "else": {"const": 2}}),
     "$.kinds[0].final.if.op", "expected \"<\" or \"<=\""),
    (_delete(["kinds", 2, "scorers"]), "$.kinds[2]", "missing key \"scorers\""),
    (_set(["tiles", 3, "count"], "4"), "$.tiles[3].count", "expected an integer"),
    (_set(["tiles", 3, "fields"], "computed"), "$.tiles[3].fields",
     "expected \"derived\" or \"explicit\""),
    (_set(["tiles", 3, "segments", 1, "ports"], "W-E"), "$.tiles[3].segments[1].ports",
     "expected a list"),
    (_set(["tiles", 3, "segments", 1, "pennant"], 1), "$.tiles[3].segments[1]",
     "unknown key \"pennant\" (did you mean 'pennants'?)"),
    (_delete(["tiles", 3, "segments", 1, "touches"]), "$.tiles[3].segments[1]",
     "missing key \"touches\""),
    (_set(["board", "bounds"], [9]), "$.board.bounds", "2 items"),
    (_set(["board", "squares"], [{"x": 0, "y": 0, "role": "start", "name": None, "marker": None,
                                  "kind": None, "pennants": 0}]),
     "$.board.squares[0]", "missing key \"borders\""),
    (_set(["supply", "hand"], "three"), "$.supply.hand", "expected an integer"),
    (_set(["game", "follower"], "two words"), "$.game.follower", "not a name"),
    (_set(["game", "followers_by_players"], [{"players": [2], "followers": 45}]),
     "$.game.followers_by_players[0].players", "exactly 2 items, not 1"),
    (_set(["kinds", 1, "role"], 3), "$.kinds[1].role", "expected a string or null, not 3"),
    (_set(["names", 0, "words", 0, "plural"], 2), "$.names[0].words[0].plural",
     "expected a string or null"),
    (_set(["tokens"], [{"name": "nut", "supply": "80", "each_player": 0, "start_sides": 0,
                        "collected": False, "final_points": 0}]),
     "$.tokens[0].supply", "expected an integer"),
    (_set(["triggers"], [{"condition": "shows", "arg": "city",
                          "actions": [{"action": "put", "count": 1, "token": "nut"}]}]),
     "$.triggers[0].actions[0]", "missing key \"kind\""),
    (_set(["open_points"], ["ok", None]), "$.open_points[1]", "expected a string, not null"),
    (_set(["notes"], [{"language": "ro"}]), "$.notes[0]", "missing key \"text\""),
    (_delete(["tiles"]), "$", "missing key \"tiles\""),
    (_set(["extra"], 1), "$", "unknown key \"extra\""),
]


@pytest.mark.parametrize("change, where, words", BROKEN, ids=[row[1] + " " + row[2]
                                                              for row in BROKEN])
def test_broken_rule_set_names_the_json_path(base_json, change, where, words):
    data = copy.deepcopy(base_json)
    change(data)
    (message,) = problems(data)
    assert message.startswith(where + ": "), message
    assert words in message, message


def test_every_problem_is_reported(base_json):
    data = copy.deepcopy(base_json)
    for change, _, _ in BROKEN[:-2]:
        change(data)
    messages = problems(data)
    named = {m.split(": ")[0] for m in messages}
    overwritten = {"$.kinds[0].final.sum[0].const"}  # the next change replaces that expression
    assert {where for _, where, _ in BROKEN[:-2]} - overwritten == named
    assert len(messages) >= len(named) + 2  # unknown and missing keys in the same objects


@pytest.mark.parametrize("data", [None, 3, "rules", [], {}], ids=repr)
def test_not_a_rule_set(data):
    assert problems(data)


def test_deep_nesting_is_a_rule_error(base_json):
    data = copy.deepcopy(base_json)
    deep: dict = {"const": 1}
    for _ in range(100_000):
        deep = {"sum": [deep]}
    data["kinds"][0]["complete"] = deep
    with pytest.raises(RuleError) as info:
        ruleset_from_json(data)
    assert [d.code for d in info.value.diagnostics] == ["E006"]
    with pytest.raises(RuleError) as info:
        ruleset_from_json_text("[" * 100_000 + "]" * 100_000, "deep.json")
    assert [d.code for d in info.value.diagnostics] == ["E006"]


def test_json_path():
    assert json_path(["tiles", 3, "segments", 1]) == "$.tiles[3].segments[1]"
    assert json_path([]) == "$"
    assert json_path(["a b", 0]) == '$["a b"][0]'


# --- fuzzing -------------------------------------------------------------------------------------

KEYS = ["format", "name", "variants", "game", "landmarks", "kinds", "tiles", "segments", "kind",
        "ports", "count", "fields", "const", "quantity", "sum", "scale", "term", "if", "op",
        "triggers", "actions", "action", "token", "tokens", "names", "words", "notes", "role"]
SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
           | st.text(max_size=5)
           | st.sampled_from([FORMAT, "derived", "N", "city", "area", "put", "nut"]))
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4), inner, max_size=5),
    max_leaves=30)


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_random_json_raises_only_rule_errors(data):
    try:
        result = ruleset_from_json(data)
    except RuleError as exc:
        assert exc.diagnostics and all(d.code in ("E006", "E007") for d in exc.diagnostics)
    else:
        assert isinstance(result, RuleSet)


@functools.cache
def exported_json(rules: str, variants: tuple[str, ...] = ()) -> str:
    return json.dumps(ruleset_to_json(composed(rules, variants)))


@pytest.mark.parametrize("case", [("pnp-demo", ()), ("nuts", ("nuts-proposal",))], ids=ids)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_changed_rule_set_builds_or_raises_a_rule_error(case, data):
    """Replace or delete one random part of a valid rule set: a RuleSet or a RuleError."""
    doc = json.loads(exported_json(*case))
    node = doc
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return
        key = data.draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, (dict, list)) and child and data.draw(st.booleans()):
            node = child
            continue
        if isinstance(node, dict) and data.draw(st.booleans()):
            del node[key]
        else:
            node[key] = data.draw(JSON)
        break
    try:
        result = ruleset_from_json(doc)
    except RuleError as exc:
        # the JSON form's own errors: its shape (E007), a name given twice (E101), a number
        # or nesting no rule set needs (E008, E006)
        assert exc.diagnostics
        assert {d.code for d in exc.diagnostics} <= {"E006", "E007", "E008", "E101"}
    else:
        assert ruleset_to_json(ruleset_from_json(ruleset_to_json(result))) == \
            ruleset_to_json(result)



# --- the two front ends agree ---------------------------------------------------------------------

def _nested(n: int) -> str:
    """A scoring expression n + 1 levels deep: 1 + (1 + (... 1))."""
    return "1 + (" * n + "1" + ")" * n


@pytest.mark.parametrize("levels", [32, 33])
def test_text_and_json_accept_the_same_nesting(tmp_path, levels):
    text = (f"rules t\nextends base\n"
            f"override feature road {{ score complete = {_nested(levels - 1)} }}\n")
    path = tmp_path / "deep.carc"
    path.write_text(text, encoding="utf-8")
    rules, found, _ = compose(path)
    if levels > MAX_EXPR_DEPTH:
        assert rules is None and [(d.code, d.loc.line) for d in found] == [("E006", 3)]
        base = ruleset_to_json(composed("base"))
        deep: dict = {"const": 1}
        for _ in range(levels - 1):
            deep = {"sum": [{"const": 1}, deep]}
        base["kinds"][0]["complete"] = deep
        with pytest.raises(RuleError) as info:
            ruleset_from_json(base, "deep.json")
        (diag,) = info.value.diagnostics
        assert diag.code == "E006" and diag.loc.path == "$.kinds[0].complete"
        return
    assert rules is not None and found == []
    exported = tmp_path / "deep.json"
    exported.write_text(json.dumps(ruleset_to_json(rules)), encoding="utf-8")
    again, found, _ = compose(exported)
    assert found == [] and ruleset_to_json(again) == ruleset_to_json(rules)


def test_meaning_errors_in_json_name_the_json_path(tmp_path, base_json, capsys):
    data = copy.deepcopy(base_json)
    data["tiles"][3]["segments"][0]["kind"] = "citty"
    data["kinds"][1]["geometry"] = "aera"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    rules, found, sources = compose(path)
    found += check(rules)
    where = {d.code: d.loc.path for d in found if d.is_error}
    assert where["E110"] == "$.tiles[3].segments[0]"
    assert where["E112"] == "$.kinds[1].geometry"
    shown = format_diagnostic(next(d for d in found if d.code == "E110"), sources)
    assert shown.endswith("bad.json: error[E110]: $.tiles[3].segments[0]: unknown feature "
                          "kind 'citty' (did you mean 'city'?)")


def test_a_number_too_long_in_json_is_e008_where_it_is():
    text = '{\n  "format": "carcdsl-rules/1",\n  "name": ' + "9" * 5000 + "\n}\n"
    with pytest.raises(RuleError) as info:
        ruleset_from_json_text(text, "big.json")
    (diag,) = info.value.diagnostics
    assert (diag.code, diag.loc.line, diag.loc.column) == ("E008", 3, 11)
    assert "5,000 digits" in diag.message


def _problems_of(tmp_path: Path, data: dict) -> list:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    rules, found, _ = compose(path)
    return found + (check(rules) if rules is not None else [])


@pytest.mark.parametrize(("where", "index", "first"), [
    ("tiles", 1, "$.tiles[1]"),   # a second tile B: its count would replace the first's
    ("kinds", 0, "$.kinds[0]"),   # a second road: its geometry would replace the first's
])
def test_a_name_given_twice_in_json_is_e101(tmp_path, base_json, where, index, first):
    data = copy.deepcopy(base_json)
    data[where].append(dict(data[where][index], count=9) if where == "tiles"
                       else dict(data[where][index], geometry="area"))
    found = _problems_of(tmp_path, data)
    last = f"$.{where}[{len(data[where]) - 1}]"
    assert [(d.code, d.loc.path) for d in found] == [("E101", last)]
    assert f"is given twice in $.{where} (first at {first})" in found[0].message


@pytest.mark.parametrize(("change", "code", "path"), [
    (lambda d: d["game"].update(players=[5, 2]), "E120", "$.game.players"),
    (lambda d: d.update(tiles=[]), "E124", "$.tiles"),
    (lambda d: d.update(tiles=[]), "E114", "$.game.start"),
    (lambda d: d["game"].update(total_tiles=70), "W122", "$.game.total_tiles"),
    (lambda d: d["game"].update(followers=-1), "E121", "$.game.followers"),
    (lambda d: d["kinds"][1].update(colour="#c98f4"), "E118", "$.kinds[1].colour"),
    (lambda d: d["kinds"][0].update(look="walls"), "E119", "$.kinds[0].look"),
])
def test_game_problems_in_json_name_the_json_path(tmp_path, base_json, change, code, path):
    data = copy.deepcopy(base_json)
    change(data)
    assert (code, path) in {(d.code, d.loc.path) for d in _problems_of(tmp_path, data)}


def test_a_game_record_is_not_a_rule_set(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "carcdsl-record/1", "rules": "base", "moves": []}))
    rules, found, _ = compose(path)
    assert rules is None and [d.key for d in found] == ["E103/record"]
    assert "carcdsl replay" in found[0].message


def _check_output(path: Path, seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run([sys.executable, "-m", "carcdsl", "check", str(path)], env=env,
                          capture_output=True, text=True, cwd=Path(__file__).parent.parent)
    return done.stdout + done.stderr


def test_check_says_the_same_in_the_same_order_whatever_the_hash_seed(tmp_path, base_json):
    """Problems that tie on file, line and column (a JSON rule set's, all at 0:0) are ordered
    by their JSON path, its indexes as numbers: never by a set's hashing."""
    data = copy.deepcopy(base_json)
    road = next(k for k in data["kinds"] if k["name"] == "road")
    road["geometry"] = "area"  # every `->` of every tile: E210, tied but for the path
    json_file = tmp_path / "roads.json"
    json_file.write_text(json.dumps(data), encoding="utf-8")
    text_file = tmp_path / "many.carc"
    text_file.write_text("rules t\nextends base\nlandmark tree, bush\n"
                         "feature path { geometry path ends at tree, bush, mud }\n"
                         "tile Y 1 path N -> mud; path S -> gravel; path E -> sand\n")
    for path in (json_file, text_file):
        runs = {_check_output(path, seed) for seed in ("1", "2", "3")}
        assert len(runs) == 1, path
    out = _check_output(json_file, "4")
    paths = [line.split(": ")[2] for line in out.splitlines() if "[E210]" in line]
    assert paths[:3] == ["$.kinds[0].terminals", "$.tiles[0].segments[1]",
                         "$.tiles[11].segments[1]"]
