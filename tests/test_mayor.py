"""A figure whose strength is measured on its feature (issue 27, item 12): ``strength =
EXPR`` (tests/data/constructs/mayor.carc, Abbey & Mayor's mayor; both engines play it alike:
tests/fast/test_differential.py, ``MAYOR``). Records hand-checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcdsl.errors import RecordError
from carcdsl.formats.record import load_record
from carcdsl.replay import replay

DATA = Path(__file__).parent / "data" / "constructs"


def _scored(name: str) -> tuple[list, list]:
    state = replay(load_record(DATA / f"{name}.json"))
    return state.scores, [(e.move, e.player, e.feature, e.points) for e in state.events]


@pytest.mark.parametrize("name, scores, events", [
    ("mayor-two-pennants", [12, 0], [(2, "Ann", "city", 12)]),  # 2 pennants beat 1 knight
    ("mayor-no-pennant", [0, 8], [(2, "Bob", "city", 8)]),  # 0 loses to 1
    ("mayor-alone-nobody", [0, 0], []),  # 0 alone: nobody scores
])
def test_the_mayor_counts_the_pennants_of_its_city(name, scores, events):
    assert _scored(name) == (scores, events)


def test_every_players_buildings_count_for_whoever_scores():
    """figures(F) (tests/data/constructs/buildings.carc, hand-checked): Ann's building in the
    city Bob's knight completes: 3 tiles x 2 + 1 building = 7 to Bob."""
    assert _scored("buildings-city") == ([0, 7], [(1, "Bob", "city", 7)])


def test_the_mayor_goes_home_when_its_city_scores_for_nobody():
    state = replay(load_record(DATA / "mayor-alone-nobody.json"))
    assert state.features.pieces == []
    assert state.seats.figures[0] == [1, 1]


def test_a_mayor_of_strength_0_still_occupies_its_city():
    with pytest.raises(RecordError, match=r"move 1 .*the city at E already has a follower"):
        replay(load_record(DATA / "mayor-occupies.json"))


def test_a_strength_cannot_count_the_strengths(tmp_path):
    from carcdsl.pipeline import check_files

    path = tmp_path / "m.carc"
    path.write_text("variant m for base\nfigure mayor { stands on city  strength = followers }\n",
                    encoding="utf-8")
    found = check_files(str(path))[1]
    assert [(d.code, d.loc.line, d.loc.column) for d in found] == [("E113", 2, 43)]
    assert "a strength cannot count `followers`" in found[0].message
