"""`carcdsl explain` says every rule of a rule set: its triggers and their requirements too
(issue 31: a new author found them left out)."""

from __future__ import annotations

import pytest

import carcdsl
from carcdsl.cli.main import main


@pytest.mark.parametrize("variants", [("river", "hills-sheep"), ("traders-builders", "abbot")])
def test_explain_lists_every_trigger_and_requirement(variants, capsys):
    rules = carcdsl.load("base", variants).rules
    assert rules.triggers
    args = ["explain", "base"] + [a for v in variants for a in ("--variant", v)]
    assert main(args) == 0
    out = capsys.readouterr().out
    for trigger in rules.triggers:
        assert f"rule: {trigger.text()}\n" in out
    if "river" in variants:
        assert "require joins river" in out and "require no-repeat river" in out


def test_explain_says_neutral_figures_and_what_moves_them(tmp_path, capsys):
    path = tmp_path / "dragons.carc"
    path.write_text(
        "rules dragons\nextends base\n"
        "figure fairy { neutral  beside own follower }\n"
        "figure dragon { neutral  avoids fairy  blocks }\n"
        "on place shows monastery: move dragon here, walk dragon 6\n"
        "on enter dragon: return figures here\n"
        "supply { hold back city until dragon }\n", encoding="utf-8")
    assert main(["explain", str(path)]) == 0
    out = capsys.readouterr().out
    assert ("dragon: neutral: one in the game, nobody's, off the board at the start; only "
            "rules move it; never walks onto a square where a fairy stands; no figure is "
            "placed on the square it stands on\n") in out
    assert "fairy: neutral" in out and "beside their own follower\n" in out
    assert "dragon: 1 each" not in out and "strength" not in out.split("dragon: neutral")[1]
    assert ("rule: on place shows monastery: move dragon here, walk dragon 6 (the dragon goes "
            "to the tile just placed; the dragon walks up to 6 squares") in out
    assert "rule: on enter dragon: return figures here (every player's figure" in out
    assert "a tile showing a city drawn while the dragon is off the board" in out
    assert main(["explain", "--lang", "nl", str(path)]) == 0
    dutch = capsys.readouterr().out
    assert "dragon: neutraal" in dutch and "loopt tot 6 vakken" in dutch


def test_explain_says_what_moves_acting_on_figures_do(capsys):
    """The princess, the portal and the fairy's points are said in words, in both
    languages."""
    assert main(["explain", "base", "--variant", "princess-dragon"]) == 0
    out = capsys.readouterr().out
    assert "the mover may send home one follower, anyone's, from the city" in out
    assert "may go on any placed tile instead, on a feature unoccupied and not complete" in out
    assert "when their turn starts scores 1" in out and "its owner scores 3" in out
    assert main(["explain", "base", "--variant", "princess-dragon", "--lang", "nl"]) == 0
    assert "naar huis sturen uit de stad" in capsys.readouterr().out
