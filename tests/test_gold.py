"""Token points as an expression of how many a player holds (issue 27, item 12): ``token gold
{ score final = if tokens >= 10 then 4 * tokens else ... }`` (tests/data/constructs/gold.carc,
The Gold Mines' tiers; both engines play it alike: tests/fast/test_differential.py, ``GOLD``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import carcdsl
from carcdsl.sim.local import play_game

GOLD = str(Path(__file__).parent / "data" / "constructs" / "gold.carc")


def tier(held: int) -> int:
    """The Gold Mines' value of ``held`` ingots, worked out by hand."""
    each = 4 if held >= 10 else 3 if held >= 7 else 2 if held >= 4 else 1
    return each * held


@pytest.mark.parametrize("seed", range(8))
def test_each_holder_scores_the_tier_of_what_they_hold(seed):
    game = carcdsl.load("base", [GOLD])
    state = play_game(game, ["Ann", "Bob", "Cy"], ["random"] * 3, seed)
    held = state.tokens.held[0]
    scored = {e.seat: e.points for e in state.events if e.feature == "gold"}
    assert scored == {seat: tier(n) for seat, n in enumerate(held) if n}
    assert any(n >= 4 for n in held)


def test_the_breakdown_names_the_tokens_and_the_factor():
    game = carcdsl.load("base", [GOLD])
    state = play_game(game, ["Ann", "Bob"], ["random"] * 2, 2)
    from carcdsl.i18n.breakdown import render

    said = {e.player: render(e.terms) for e in state.events if e.feature == "gold"}
    assert said == {"Ann": "4 golds × 2", "Bob": "9 golds × 3"}
