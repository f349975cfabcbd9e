"""The language of The Tower's constructs, front end only: a figure placed ``anywhere``, ``with
F``, ``each player N for P..Q``; ``followers anywhere [with F]``; ``capture F, ... in line
EXPR`` after ``on figure G``; ``ransom N``; ``figures(F)`` in a capture's reach. Text to model,
model to JSON and back, ``fmt``, composition, explain's words and the editor's places."""

from __future__ import annotations

from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from carcdsl.i18n.words import english
from carcdsl.lang.format import format_text
from carcdsl.lang.jsonform import ruleset_from_json, ruleset_schema, ruleset_to_json
from carcdsl.lsp.context import place_of
from carcdsl.model import expr as e
from carcdsl.pipeline import check_files
from carcdsl.view.describe import describe_rules

TOWERS = """\
variant towers for base with tower-tiles
override game { ransom 3 }
override feature foundation { followers anywhere with tower }
feature roof { geometry centre  followers anywhere }
figure tower {
    each player 10 for 2
    each player 9 for 3
    each player 7 for 4..5
    each player 6
    strength 0
    stands on foundation
    anywhere
    excludes follower
}
figure flag { stands on road  with tower }
on figure tower: capture follower, flag in line figures(tower) + 1
"""


def _rules(tmp_path: Path, text: str = TOWERS, *more: str):
    path = tmp_path / "towers.carc"
    path.write_text(text, encoding="utf-8")
    extra = []
    for i, body in enumerate(more):
        (tmp_path / f"more{i}.carc").write_text(body, encoding="utf-8")
        extra.append(tmp_path / f"more{i}.carc")
    rules, found, _ = check_files("base", [path, *extra])
    errors = [d for d in found if d.severity == "error"]
    assert rules is not None and not errors, [d.message for d in errors]
    return rules, found


def test_the_model_holds_each_construct(tmp_path):
    rules, _ = _rules(tmp_path)
    tower = next(f for f in rules.figures if f.name == "tower")
    assert tower.anywhere and tower.with_any is None and tower.each_player == 6
    assert tower.each_player_by_players == ((2, 2, 10), (3, 3, 9), (4, 5, 7))
    flag = next(f for f in rules.figures if f.name == "flag")
    assert flag.with_any == "tower" and flag.needs is None and not flag.anywhere
    kinds = {k.name: k for k in rules.kinds}
    foundation, roof = kinds["foundation"], kinds["roof"]
    assert foundation.followers and foundation.followers_anywhere
    assert foundation.followers_with == "tower"
    assert roof.followers and roof.followers_anywhere and roof.followers_with is None
    assert not kinds["city"].followers_anywhere and kinds["city"].followers_with is None
    assert rules.game.ransom == 3
    trigger = next(t for t in rules.triggers if t.condition == "figure")
    assert trigger.arg == "tower"
    assert trigger.actions == (("capture", (("follower", "flag"), e.Sum((
        e.Quantity("figures", "tower"), e.Const(1))))),)
    assert trigger.text() == "on figure tower: capture follower, flag in line figures(tower) + 1"


def test_json_both_ways_and_the_schema(tmp_path):
    rules, _ = _rules(tmp_path)
    data = ruleset_to_json(rules)
    Draft202012Validator(ruleset_schema()).validate(data)
    assert ruleset_from_json(data) == rules
    tower = next(f for f in data["figures"] if f["name"] == "tower")
    assert tower["anywhere"] is True
    assert tower["each_player_by_players"][2] == {"players": [4, 5], "count": 7}
    assert data["game"]["ransom"] == 3
    capture = next(t for t in data["triggers"] if t["condition"] == "figure")["actions"][0]
    assert capture["action"] == "capture" and capture["figures"] == ["follower", "flag"]


def test_fmt_keeps_every_construct_and_is_idempotent(tmp_path):
    once = format_text(TOWERS)
    assert format_text(once) == once
    for words in ("ransom 3", "followers anywhere with tower", "each player 7 for 4..5",
                  "anywhere", "with tower", "capture follower, flag in line figures(tower) + 1"):
        assert words in once
    assert _rules(tmp_path, once)[0] == _rules(tmp_path, TOWERS)[0]


def test_overrides_replace(tmp_path):
    """``override figure``: a supply for some player counts replaces theirs, the others keep
    theirs; a plain ``each player N`` replaces them all. ``override game { ransom N }``."""
    later = ("variant later for base\noverride game { ransom 5 }\n"
             "override figure tower { each player 8 for 3..4  anywhere }\n")
    rules, _ = _rules(tmp_path, TOWERS, later)
    tower = next(f for f in rules.figures if f.name == "tower")
    assert sorted(tower.each_player_by_players) == [(2, 2, 10), (3, 4, 8), (5, 5, 7)]
    assert rules.game.ransom == 5
    plain = "variant plain for base\noverride figure tower { each player 4 }\n"
    tower = next(f for f in _rules(tmp_path, TOWERS, plain)[0].figures if f.name == "tower")
    assert tower.each_player_by_players == () and tower.each_player == 4


@pytest.mark.parametrize("later, anywhere, with_", [
    ("followers no", False, None), ("followers yes", False, None),
    ("followers anywhere", True, None), ("followers anywhere with flag", True, "flag"),
])
def test_an_override_of_followers_replaces_followers_anywhere(tmp_path, later, anywhere,
                                                              with_):
    text = f"variant later for base\noverride feature foundation {{ {later} }}\n"
    rules, _ = _rules(tmp_path, TOWERS, text)
    foundation = next(k for k in rules.kinds if k.name == "foundation")
    assert (foundation.followers_anywhere, foundation.followers_with) == (anywhere, with_)
    assert foundation.followers == (later != "followers no")


def test_explain_says_each_construct(tmp_path):
    rules, _ = _rules(tmp_path)
    text = "\n".join(describe_rules(rules, english()))
    assert "tower: 10 with 2 players, 9 with 3 players, 7 with 4–5 players each," in text
    assert "on any placed tile, not only the one just placed" in text
    assert "followers may stand on a foundation on any placed tile; only where a tower " \
           "stands" in text
    assert "capture follower, flag in line figures(tower) + 1" in text
    assert "pay 3 points" in text


@pytest.mark.parametrize("before, what", [
    ("on figure tower: capture ", "figure"),
    ("on figure tower: capture follower, ", "figure"),
    ("on figure tower: capture follower in line ", "expression"),
    ("on figure tower: capture follower in line figures(", "figure"),
    ("    with ", "figure"),
    ("    followers anywhere with ", "figure"),
    ("variant v for base with ", "other"),
])
def test_the_editor_knows_the_places(before, what):
    assert place_of(before, len(before)).what == what
