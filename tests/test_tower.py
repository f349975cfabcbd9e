"""The Tower (``rules/variants/tower.carc``) and the core constructs it is written in: figures
placed elsewhere (``anywhere``, ``followers anywhere with F``), decisions between moves
(``capture ... in line EXPR``, ``ransom N``), prisoners and their exchange, supplies of a
figure by player count. The golden records are in test_expansion_records.py; these tests
check what a score cannot show."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import carcdsl
from carcdsl.compile.facts import DECIDE
from carcdsl.engine.moves import Placement, RansomSpec
from carcdsl.errors import IllegalMoveError
from carcdsl.formats.record import load_record, parse_record, record_of
from carcdsl.geometry.squares import to_key
from carcdsl.replay import replay

RECORDS = Path(__file__).parent / "data" / "records" / "expansions"


@pytest.fixture(scope="module")
def game():
    return carcdsl.load("base", ["tower", "farmers"])


def _tower(game) -> int:
    return [f.name for f in game.tables.modes.figures].index("tower")


def test_tower_pieces_by_player_count(game):
    """T2: 10 pieces each with 2 players, 9 with 3, 7 with 4, 6 with 5 (and 5 with 6, which
    base's player range does not reach)."""
    f = _tower(game)
    for players, each in ((2, 10), (3, 9), (4, 7), (5, 6)):
        state = game.new_game(players=players, seed=1)
        assert state.seats.figures[f] == [each] * players


def test_capture_holds_the_prisoner():
    state = replay(load_record(RECORDS / "tower-capture.json"))
    assert state.seats.followers == [6, 6]  # Ann's highwayman on the board, Bob's monk held
    assert state.decisions.held == [[(1, 0)], []]
    assert state.seats.figures[_tower(state.game)] == [9, 10]


def test_exchange_sends_both_home():
    state = replay(load_record(RECORDS / "tower-exchange.json"))
    assert state.seats.followers == [7, 7]
    assert state.decisions.held == [[], []]
    assert state.seats.figures[_tower(state.game)] == [9, 9]


def test_own_capture_goes_home():
    state = replay(load_record(RECORDS / "tower-capture-own.json"))
    assert state.seats.followers == [7, 6] and state.decisions.held == [[], []]  # monk out


def test_ransom_frees_the_prisoner_once_a_turn():
    """T7: the ransom brings the follower back; a second one in the same turn is refused
    (there is nothing left to pay for here, and the turn's one ransom is spent)."""
    record = load_record(RECORDS / "tower-ransom.json")
    state = replay(record)
    assert state.seats.followers == [6, 7] and state.decisions.held == [[], []]
    before = replay(load_record(RECORDS / "tower-capture.json"))
    decisions = [m for m in before.iter_moves() if m[0] == DECIDE]
    assert len(decisions) == 1  # Bob may pay Ann for his follower
    before.apply_fast(*decisions[0])
    assert before.scores == [3, -3]
    assert not [m for m in before.iter_moves() if m[0] == DECIDE]


def _first_moves(name: str, count: int):
    record = load_record(RECORDS / f"{name}.json")
    return replay(attrs.evolve(record, moves=record.moves[:count]))


def test_a_pending_capture_lists_only_its_options():
    state = _first_moves("tower-capture", 2)
    state.play(Placement("B", (2, 0), 0, None))  # no tower piece: nothing to decide
    assert not state.pending
    fresh = _first_moves("tower-capture", 2)
    tower = next(m for m in fresh.iter_moves()
                 if fresh.to_placement(*m).follower is not None
                 and fresh.to_placement(*m).follower.square == (1, 0)
                 and fresh.to_placement(*m).at == (2, 0))
    fresh.apply_fast(*tower)
    assert fresh.pending
    options = list(fresh.iter_moves())
    assert all(m[0] == DECIDE for m in options) and len(options) == 3  # none, monk, own
    assert fresh.current == 0  # the mover decides; the turn goes on after


def test_a_refused_ransom_changes_nothing():
    state = replay(load_record(RECORDS / "tower-capture.json"))
    scores, held = list(state.scores), [h[:] for h in state.decisions.held]
    bad = Placement("B", (0, 1), 0, None, ransom=RansomSpec("Ann", "abbot"))
    with pytest.raises(IllegalMoveError):
        state.play(bad)
    assert state.scores == scores and state.decisions.held == held
    assert len(state.moves) == 3


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_random_games_replay_from_their_records(seed, players):
    """Every capture and ransom of a random game is in its record: replayed without its
    seed's draws for them, the record gives the same scores and the same prisoners."""
    game = carcdsl.load("base", ["tower"])
    state = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    f = _tower(game)
    pieces = sum(state.seats.figures[f])
    while not state.finished:
        moves = list(state.iter_moves())
        state.apply_fast(*moves[rng.randrange(len(moves))])
        now = sum(state.seats.figures[f])
        # a tower piece never goes home before the end, not even when its tile is surrounded
        assert now <= pieces or state.finished
        pieces = now
    assert not state.pending  # the last turn's capture was made before the end
    record = json.loads(json.dumps(record_of(state).to_json()))
    again = replay(parse_record(record))
    assert again.scores == state.scores
    assert again.decisions.held == state.decisions.held


def test_the_compiled_engine_runs_the_tower():
    from carcdsl.fast.support import unsupported

    assert unsupported(carcdsl.load("base", ["tower"]).tables) is None


def test_a_captured_follower_on_a_tower_opens_it():
    """T4, T5: Bob's follower captured off the tower at (1, 0), the tower takes a piece again
    (tower-capture-top's last move) and now has two, and no follower."""
    state = replay(load_record(RECORDS / "tower-capture-top.json"))
    f = _tower(state.game)
    there = [piece[3] for piece in state.features.pieces if piece[2] == to_key(1, 0)]
    assert there == [f + 1, f + 1]
    assert state.decisions.held == [[(1, 0)], []]
    assert state.seats.figures[f] == [8, 9] and state.seats.followers == [7, 6]


def test_the_browser_replays_a_tower_record_and_seats_a_person():
    """The replay page steps through captures and ransoms; a game with a person seated
    starts (the play page offers captures, ransoms and pieces elsewhere), and so does a
    bots' game."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from carcdsl.web.app import create_app

    client = TestClient(create_app())
    record = json.loads((RECORDS / "tower-ransom.json").read_text())
    opened = client.post("/api/records", json={"record": record, "name": "t.json"})
    assert opened.status_code == 201
    last = client.get(f"/api/records/{opened.json()['id']}/at/4").json()
    assert "3" in json.dumps(last["state"])
    person = client.post("/api/games", json={"rules": "base", "variants": ["tower"],
                                             "players": [{"name": "Ann", "kind": "human"},
                                                         {"name": "Bot", "kind": "random"}]})
    assert person.status_code == 201
    bots = client.post("/api/games", json={"rules": "base", "variants": ["tower"],
                                           "players": [{"name": "A", "kind": "random"},
                                                       {"name": "B", "kind": "random"}]})
    assert bots.status_code == 201


def test_six_players_have_five_pieces_with_inns_cathedrals():
    """T2: 5 pieces each with 6 players, which Inns & Cathedrals allows."""
    game = carcdsl.load("base", ["inns-cathedrals", "tower"])
    assert game.new_game(6, 1).seats.figures[_tower(game)] == [5] * 6


def test_a_game_ends_after_the_last_turns_capture():
    """The last tile placed with a tower piece that can capture: the game waits for the
    capture, then ends (``out_of_tiles`` is False while it is pending)."""
    from carcdsl.sim.local import play_game

    game = carcdsl.load("base", ["tower"])
    for seed in range(40):
        state = play_game(game, ["A", "B", "C", "D"], ["random"] * 4, seed)
        assert state.finished and not state.pending


def test_followers_anywhere_on_two_kinds(tmp_path):
    """Each kind that says ``followers anywhere`` offers its own spots elsewhere."""
    path = tmp_path / "anywhere.carc"
    path.write_text("variant anywhere for base\n"
                    "override feature city { followers anywhere }\n"
                    "override feature road { followers anywhere }\n")
    game = carcdsl.load("base", [str(path)])
    state = game.new_game(2, 3)
    kinds = {state.to_placement(*m).follower.feature for m in state.iter_moves()
             if state.to_placement(*m).follower is not None
             and state.to_placement(*m).follower.square is not None}
    assert kinds == {"city", "road"}  # on the start tile D, before anything is placed on it
