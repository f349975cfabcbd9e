"""Records you can trust (issue 19): moves the format cannot hold are refused when made,
numbers out of range are record errors with their place, record paths stay in the record's
folder, the rules digest, and a game in progress that survives a quit or a closed pipe."""

from __future__ import annotations

import pytest

import carcdsl
from carcdsl.engine.moves import Discard, FollowerSpec, Placement
from carcdsl.errors import IllegalMoveError
from carcdsl.formats.record import parse_record, record_of
from carcdsl.replay import replay


@pytest.fixture(scope="module")
def base():
    return carcdsl.load("base")


# --- 3. the API refuses what a record cannot hold --------------------------------------------

@pytest.mark.parametrize(("make", "form"), [
    (lambda: Placement("U", (1.5, 0), 90), "at"),
    (lambda: Placement("U", (True, 0), 90), "at"),
    (lambda: Placement("U", (1, 0.0), 90), "at"),
    (lambda: Placement("U", (1, 0, 0), 90), "at"),
    (lambda: Placement("U", 5, 90), "at"),
    (lambda: Placement("U", (1, 0), 90.0), "rotation"),
    (lambda: Placement("U", (1, 0), True), "rotation"),
    (lambda: Placement("U", (1, 0), False), "rotation"),  # False == 0, but no rotation
    (lambda: Placement("U", (1, 0), "90"), "rotation"),
    (lambda: Placement(7, (1, 0), 90), "tile"),
    (lambda: Placement("", (1, 0), 90), "tile"),
    (lambda: Placement("U", (1, 0), 90, "road:E"), "follower"),
    (lambda: FollowerSpec(3), "feature"),
    (lambda: FollowerSpec("road", "X"), "port"),
    (lambda: FollowerSpec("road", "E", 5), "kind"),
    (lambda: Discard(None), "tile"),
])
def test_a_move_the_format_cannot_hold_is_refused_when_made(make, form):
    with pytest.raises(IllegalMoveError) as info:
        make()
    assert (info.value.rule, info.value.form) == ("move", form)
    assert "got" in str(info.value)


@pytest.mark.parametrize("at", [(10**5000, 0), (0, -(10**400)), (262144, 0)])
def test_a_square_beyond_the_board_is_refused_when_made_even_a_huge_one(at):
    with pytest.raises(IllegalMoveError, match=r"off the board") as info:
        Placement("U", at, 90)
    assert info.value.rule == "board" and len(str(info.value)) < 200


def test_what_the_api_accepts_is_a_record_that_loads(base):
    state = base.new_game(["Ann", "Bob"], seed=7)
    for bad in ((1.5, 0), (True, 0)):
        with pytest.raises(IllegalMoveError):
            state.play(Placement(state.drawn, bad, 90))
    assert state.moves == []
    state.play(state.legal_moves()[0])
    again = replay(parse_record(record_of(state).to_json()))
    assert again.moves == state.moves
