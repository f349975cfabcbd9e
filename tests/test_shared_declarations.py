"""Composition (issue 27): two variants that declare the same kind, landmark, figure, token
or group the same way share it, in any order; declared otherwise, it is E101 naming the first
declaration and what differs. A variant removes a kind, figure or token another file declared
(``remove feature``, ``remove figure``, ``remove token``); one that is not there is E102."""

from __future__ import annotations

from pathlib import Path

import pytest

import carcdsl
from carcdsl.pipeline import check_files
from carcdsl.sim.local import play_game

VOLCANO = """\
landmark crater
feature volcano {
    geometry centre
    followers no
    score complete = 1 + neighbours
    colour "#c0392b"
}
figure ember {
    each player 1
    stands on volcano
}
token ash {
    supply 6
    each player 1
    score final most 3
}
group fiery {TILES}
"""


def _variant(folder: Path, name: str, body: str) -> str:
    path = folder / f"{name}.carc"
    path.write_text(f"variant {name} for base\n{body}", encoding="utf-8")
    return str(path)


def _two(tmp_path: Path) -> tuple[str, str]:
    """Two variants, each with its own volcano tile, both declaring the volcano the same way."""
    one = _variant(tmp_path, "one", VOLCANO.replace("{TILES}", "V1, V2") + (
        "override game { tiles += 1 }\ntile V1 1 volcano; city N\n"
        "supply { order fiery, rest }\n"))
    two = _variant(tmp_path, "two", VOLCANO.replace("{TILES}", "V1, V2") + (
        "override game { tiles += 1 }\ntile V2 1 volcano; road E-W\n"))
    return one, two


def _errors(variants: list[str]) -> list[str]:
    return [f"{d.code} {d.message}" for d in check_files("base", variants)[1]
            if d.severity == "error"]


def _game(variants: list[str], seed: int) -> tuple:
    state = play_game(carcdsl.load("base", variants=variants), ["A", "B"], ["random"] * 2,
                      seed)
    return [m.to_json() for m in state.moves], list(state.scores), state.finished


def test_the_same_declarations_in_two_variants_are_shared_in_either_order(tmp_path):
    one, two = _two(tmp_path)
    assert _errors([one, two]) == [] and _errors([two, one]) == []
    rules = check_files("base", [one, two])[0]
    assert [k.name for k in rules.kinds].count("volcano") == 1
    assert {"V1", "V2"} <= {t.name for t in rules.tiles}
    for seed in (1, 2, 3):
        moves, scores, finished = _game([one, two, "farmers"], seed)
        assert finished and (moves, scores) == _game(["farmers", two, one], seed)[:2]


@pytest.mark.parametrize("changed, code, differs", [
    ("score complete = 1 + neighbours", "score complete = 2 + neighbours", "complete"),
    ('colour "#c0392b"', 'colour "#c0392c"', "colour"),
    ("    each player 1\n    stands on volcano", "    each player 2\n    stands on volcano",
     "each"),
    ("supply 6", "supply 7", "supply"),
    ("group fiery V1, V2", "group fiery V2, V1", "group"),
])
def test_a_declaration_that_differs_is_e101_at_it_naming_the_first(tmp_path, changed, code,
                                                                   differs):
    one, two = _two(tmp_path)
    text = Path(two).read_text(encoding="utf-8").replace("{TILES}", "V1, V2")
    Path(two).write_text(text.replace(changed, code), encoding="utf-8")
    errors = _errors([one, two])
    assert len(errors) == 1, errors
    assert errors[0].startswith("E101") and "one.carc" in errors[0] and differs in errors[0]


def test_a_variant_removes_a_kind_figure_and_token_and_what_used_them_is_reported(tmp_path):
    one, two = _two(tmp_path)
    clean = _variant(tmp_path, "clean", "remove figure ember\nremove token ash\n")
    assert _errors([one, two, clean]) == []
    rules = check_files("base", [one, two, clean])[0]
    assert not rules.figures and not rules.tokens
    gone = _variant(tmp_path, "gone", "remove feature volcano\n")
    errors = _errors([one, two, gone])
    assert errors and all(e.startswith("E110") for e in errors), errors
    assert any("volcano" in e for e in errors)


@pytest.mark.parametrize("line, word", [
    ("remove feature volcanoo", "feature kind 'volcanoo'"),
    ("remove figure embers", "figure 'embers'"),
    ("remove token ashes", "token 'ashes'"),
])
def test_removing_what_is_not_there_is_e102_with_a_suggestion(tmp_path, line, word):
    one, two = _two(tmp_path)
    bad = _variant(tmp_path, "bad", line + "\n")
    errors = _errors([one, two, bad])
    assert len(errors) == 1 and errors[0].startswith("E102") and word in errors[0], errors


def test_an_on_rule_two_variants_both_say_acts_once():
    """river and river-ii each require that a river tile joins the river: composed, the
    rule set holds the rule once (as it holds their one kind `river`), in either order."""
    one = carcdsl.load("base", ["river", "river-ii"]).rules.triggers
    other = carcdsl.load("base", ["river-ii", "river"]).rules.triggers
    for triggers in (one, other):
        texts = [t.text() for t in triggers]
        assert texts.count("on place shows river: require joins river") == 1
        assert len(texts) == len(set(texts))


def test_an_on_rule_twice_in_the_json_form_is_w109_and_acts_once(tmp_path):
    import json

    from carcdsl.lang.jsonform import ruleset_to_json

    once = carcdsl.load("base", ["hills-sheep"])
    data = ruleset_to_json(once.rules)
    data["triggers"].append(data["triggers"][0])
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    rules, found = check_files(str(path), ())[:2]
    assert [d.code for d in found if d.code == "W109"] == ["W109"]
    game = carcdsl.load(str(path))
    assert game.tables.modes.triggers == once.tables.modes.triggers


def test_a_variant_replacing_a_tile_another_changed_is_w106(tmp_path):
    """abbot overrides E (4 copies, a garden copy besides); a variant before it that gave E a
    pennant loses it: W106 at abbot's line, naming both. The same override twice says
    nothing."""
    pennant = tmp_path / "pennant.carc"
    pennant.write_text("variant pennant for base\noverride tile E 5 city N pennant\n",
                       encoding="utf-8")
    found = check_files("base", [str(pennant), "abbot"])[1]
    w106 = [d for d in found if d.code == "W106"]
    assert len(w106) == 1 and w106[0].loc.file.endswith("abbot.carc")
    assert "replaces tile E, which variant 'pennant' changed" in w106[0].message
    same = tmp_path / "same.carc"
    same.write_text("variant same for base\noverride tile E 4 city N\n"
                    "override game { tiles -= 1 }\n", encoding="utf-8")
    assert not [d for d in check_files("base", [str(same), "abbot"])[1] if d.code == "W106"]
