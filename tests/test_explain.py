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
