"""A game's title in other languages: `names LANG { title "..." }`, the model, the JSON form."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcdsl.check.checker import check
from carcdsl.errors import RuleError
from carcdsl.lang.jsonform import ruleset_from_json, ruleset_to_json
from carcdsl.pipeline import compose


def composed(tmp_path: Path, text: str, variants: tuple = ()):
    path = tmp_path / "t.carc"
    path.write_text(text, encoding="utf-8")
    rules, found, _ = compose(path, variants)
    return rules, found + (check(rules) if rules is not None else [])


@pytest.mark.parametrize(("name", "english", "dutch"), [
    ("base", "Carcassonne", "Carcassonne"),
    ("pnp-demo", "Carcassonne Print-and-Play Demo", "Carcassonne Afdrukken-en-Spelen Demo"),
    ("maps-germany", "Carcassonne Maps - Germany (schematic map)",
     "Carcassonne Kaarten – Duitsland (schematische kaart)"),
    ("nuts", "Nuts under Carcassonne", "Nuts under Carcassonne"),  # no Dutch: as it is
])
def test_bundled_titles(name, english, dutch):
    rules, _, _ = compose(name)
    assert rules.game.title == english
    assert (rules.game.title_in("en"), rules.game.title_in("nl")) == (english, dutch)
    assert rules.game.title_in("de") == english


def test_a_new_title_drops_the_translations_of_the_old_one(tmp_path):
    rules, found = composed(tmp_path, 'rules t\nextends base\noverride game { title "Mine" }\n')
    assert found == [] and rules.game.titles == ()
    assert rules.game.title_in("nl") == "Mine"


def test_a_file_translates_its_own_title_wherever_it_writes_it(tmp_path):
    rules, found = composed(tmp_path, 'rules t\nextends base\nnames nl { title "De mijne" }\n'
                                      'override game { title "Mine" }\n')
    assert found == [] and rules.game.title_in("nl") == "De mijne"


def test_a_variant_keeps_the_title_and_its_translations():
    rules, _, _ = compose("maps-germany", ("small-city-penalty",))
    assert rules.game.title_in("nl").startswith("Carcassonne Kaarten")


def test_a_title_needs_no_name_for_every_word_and_is_no_word(tmp_path):
    """Only a title, in a language base speaks: no W306 for a missing title of another file,
    no W307 for `title`."""
    text = ('rules t\nextends base\nnames nl { title "De mijne" }\n'
            "feature castle { geometry area }\ntile Z 2 castle N+E+S+W\n"
            "override game { tiles 74 }\n")
    _rules, found = composed(tmp_path, text)
    assert [d.code for d in found] == ["W306"]  # castle has no Dutch name; the title asks none


def test_a_title_given_twice_in_one_block_is_e101(tmp_path):
    _rules, found = composed(tmp_path, 'rules t\nextends base\n'
                                       'names nl { title "Een"\n  title "Twee" }\n')
    (twice,) = [d for d in found if d.is_error]
    assert (twice.key, twice.loc.line, twice.loc.column) == ("E101/title", 4, 3)


def test_titles_round_trip_through_json():
    rules, _, _ = compose("pnp-demo")
    data = ruleset_to_json(rules)
    assert data["game"]["titles"] == [
        {"language": "nl", "title": "Carcassonne Afdrukken-en-Spelen Demo"}]
    assert ruleset_from_json(data).game == rules.game


def test_a_language_titled_twice_in_json_is_e101():
    rules, _, _ = compose("base")
    data = ruleset_to_json(rules)
    data["game"]["titles"].append({"language": "nl", "title": "Carcassonne!"})
    with pytest.raises(RuleError) as info:
        ruleset_from_json(data, "t.json")
    (twice,) = info.value.diagnostics
    assert (twice.code, twice.loc.path) == ("E101", "$.game.titles[1]")
