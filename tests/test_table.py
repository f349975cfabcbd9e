"""Table mode (``web.table``, ``web.table_routes``): a game played on a real table, entered
turn by turn, the tiles named by the people. Its record has no seed and names each tile, and
``carcdsl replay`` of it scores the same; a bad request is one JSON error and changes
nothing."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from carcdsl.errors import IllegalMoveError  # noqa: E402
from carcdsl.formats.record import load_record, record_of, replay_output  # noqa: E402
from carcdsl.i18n.words import Words  # noqa: E402
from carcdsl.pipeline import load  # noqa: E402
from carcdsl.replay import replay  # noqa: E402
from carcdsl.web import table  # noqa: E402
from carcdsl.web.app import Settings, create_app  # noqa: E402
from carcdsl.web.files import Folders  # noqa: E402

WEB = Path(__file__).parent / "data" / "web"
GOLDEN = WEB / "table-tiny.json"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    served = tmp_path / "served"
    served.mkdir()
    shutil.copy(WEB / "tiny.carc", served / "tiny.carc")
    return served


@pytest.fixture
def client(folder: Path) -> TestClient:
    return TestClient(create_app(Settings(Folders.of([folder]), "en")))


def start(client: TestClient, lang: str = "en", rules: str = "@0/tiny.carc",
          variants: tuple[str, ...] = ()) -> dict:
    answer = client.post(f"/api/table?lang={lang}", json={
        "rules": rules, "variants": list(variants), "players": [{"name": "Ann"}, {"name": "Bob"}]})
    assert answer.status_code == 201, answer.text
    return answer.json()


def tile_turn(client: TestClient, game: dict, tile: str) -> dict:
    answer = client.post(f"/api/table/{game['id']}/tile",
                         json={"tile": tile, "turn": game["state"]["moves"]})
    assert answer.status_code == 200, answer.text
    return answer.json()


def play(client: TestClient, game: dict, tile: str | None, move: dict, lang: str = "en"):
    return client.post(f"/api/table/{game['id']}/moves?lang={lang}",
                       json={"tile": tile, "move": move, "turn": game["state"]["moves"]})


def play_by_api(client: TestClient, game: dict, rng: random.Random) -> dict:
    """Every turn: a tile of those left, drawn at random, and one of its moves."""
    while not game["state"]["finished"]:
        if game["open"] is not None:  # a decision, or a last turn for an owned tile
            tile, choice = None, rng.choice(game["open"]["choices"])["move"]
        else:
            tile = rng.choice([t["tile"] for t in game["left"] for _ in range(t["count"])])
            turn = tile_turn(client, game, tile)
            found = [c["move"] for c in turn["choices"] if c["tile"] == tile]
            choice = rng.choice(found) if found else {"discard": tile}
        answer = play(client, game, tile, choice)
        while answer.status_code == 422 and answer.json()["where"] == "drawn":
            asked = answer.json()  # what came out of the bag: the players say
            assert asked["draw"]["options"] and asked["error"].startswith("What came out")
            token = rng.choice(asked["draw"]["options"])["token"]
            choice = {**choice, "drawn": [*choice.get("drawn", []), token]}
            answer = play(client, game, tile, choice)
        assert answer.status_code == 200, answer.text
        game = answer.json()
    return game


def record_from(client: TestClient, game: dict) -> dict:
    answer = client.get(f"/api/table/{game['id']}/record")
    assert answer.status_code == 200
    assert "attachment" in answer.headers["content-disposition"]
    return answer.json()


def test_a_whole_table_game_replays_to_the_same_scores(client: TestClient,
                                                       folder: Path) -> None:
    game = play_by_api(client, start(client), random.Random(3))
    data = record_from(client, game)
    assert "seed" not in data and all("tile" in m or "discard" in m for m in data["moves"])
    (folder / "table.json").write_text(json.dumps(data))
    again = replay(load_record(folder / "table.json"))
    scores = [p["score"] for p in game["state"]["players"]]
    assert again.scores == scores
    assert again.finished and game["track"][-1] == {"move": "final", "player": None,
                                                   "scores": scores}
    assert len(game["track"]) == len(data["moves"]) + 2  # start, each move, final
    assert game["left"] == [] and game["open"] is None


@pytest.mark.slow
def test_what_came_out_of_a_bag_is_asked_and_recorded(client: TestClient,
                                                     folder: Path) -> None:
    game = start(client, rules="base", variants=("hills-sheep",))
    game = play_by_api(client, game, random.Random(3))
    data = record_from(client, game)
    assert any("drawn" in move for move in data["moves"])
    (folder / "sheep.json").write_text(json.dumps(data))
    assert replay(load_record(folder / "sheep.json")).scores == [
        p["score"] for p in game["state"]["players"]]


def test_the_score_track_follows_the_scorings(client: TestClient) -> None:
    game = play_by_api(client, start(client), random.Random(5))
    rows = game["track"]
    assert rows[0]["scores"] == [0, 0]
    for before, after in zip(rows, rows[1:]):
        if after["move"] == "final":
            gained = [sum(e["points"] for e in game["state"]["events"]
                          if e["when"] == "final" and e["seat"] == s) for s in (0, 1)]
        else:
            gained = [sum(e["points"] for e in game["state"]["events"]
                          if e["when"] != "final" and e["move"] == after["move"]
                          and e["seat"] == s) for s in (0, 1)]
        assert [a - b for a, b in zip(after["scores"], before["scores"])] == gained
    assert game["plot"].startswith("<svg") and game["plot"].count("<polyline") == 2


def test_ending_early_runs_the_final_scoring(client: TestClient, folder: Path) -> None:
    game = start(client)
    turn = tile_turn(client, game, "A")
    monk = next(c for c in turn["choices"] if c["label"].startswith("monk"))
    game = play(client, game, "A", monk["move"]).json()
    answer = client.post(f"/api/table/{game['id']}/end", json={"turn": 1})
    assert answer.status_code == 200, answer.text
    game = answer.json()
    assert game["state"]["finished"] and game["state"]["players"][0]["score"] > 0
    data = record_from(client, game)
    assert data["final"] is True
    (folder / "early.json").write_text(json.dumps(data))
    assert replay(load_record(folder / "early.json")).scores == [
        p["score"] for p in game["state"]["players"]]
    again = client.post(f"/api/table/{game['id']}/end", json={"turn": 1})
    assert again.status_code == 409


def test_the_record_of_a_table_game_is_the_golden_one(client: TestClient) -> None:
    """The golden record (``data/web/table-tiny.json``, scores checked by hand in its comment)
    is what the app saves for the game entered move by move, and replays to its scores."""
    golden = json.loads(GOLDEN.read_text())
    game = start(client)
    for move in golden["moves"]:
        answer = play(client, game, move["tile"], move)
        assert answer.status_code == 200, answer.text
        game = answer.json()
    game = client.post(f"/api/table/{game['id']}/end", json={"turn": 5}).json()
    saved = record_from(client, game)
    assert saved.pop("rules_digest").startswith("sha256:")
    golden.pop("comment")
    assert saved == golden
    state = replay(load_record(GOLDEN))
    assert state.scores == [8, 0] == [p["score"] for p in game["state"]["players"]]
    assert [(e.feature, e.when, e.points) for e in state.events] == [
        ("monastery", "final", 6), ("city", "final", 2)]


def _unchanged(client: TestClient, game: dict) -> None:
    now = client.get(f"/api/table/{game['id']}").json()
    assert now["state"] == game["state"] and now["left"] == game["left"]
    assert now["board"] == game["board"]


@pytest.mark.parametrize(("body", "status", "where", "says"), [
    ({"tile": "Q", "move": {"tile": "Q", "at": [0, -1], "rotation": 0}}, 422, "move",
     "unknown tile 'Q'"),
    ({"tile": "E", "move": {"tile": "E", "at": [5, 5], "rotation": 180}}, 422, "move",
     "not next to a placed tile"),
    ({"tile": "E", "move": {"tile": "E", "at": [0, -1], "rotation": 0}}, 422, "move",
     "does not match its neighbour"),
    ({"tile": "E", "move": {"tile": "E", "at": [0], "rotation": 180}}, 400, "move", "not a move"),
    ({"tile": "E", "move": {"tile": "N", "at": [0, -1], "rotation": 180}}, 400, "move",
     "not a move"),
    ({"tile": 7, "move": {"tile": "E", "at": [0, -1], "rotation": 180}}, 400, "tile",
     "name the tile drawn"),
    ({"move": {"tile": "E", "at": [0, -1], "rotation": 180}}, 400, "tile",
     "name the tile drawn"),
    ({"tile": "E", "move": {"discard": "E"}}, 422, "move", "cannot be discarded"),
    ({"tile": "E", "move": {"discard": "N"}}, 400, "move", "not a move"),
    ({"tile": "E", "move": {"decide": 0}}, 400, "move", "not a decision the game offers"),
    ({"tile": "E", "move": "E"}, 400, "move", "must be object"),
])
def test_a_bad_move_is_one_error_and_changes_nothing(client: TestClient, body: dict,
                                                     status: int, where: str,
                                                     says: str) -> None:
    game = start(client)
    answer = client.post(f"/api/table/{game['id']}/moves", json={**body, "turn": 0})
    assert answer.status_code == status, answer.text
    error = answer.json()
    assert error["where"] == where and says in error["error"], error
    _unchanged(client, game)


def test_a_refusal_names_the_rule_in_the_pages_language(client: TestClient) -> None:
    game = start(client, "nl")
    answer = play(client, game, "E", {"tile": "E", "at": [0, -1], "rotation": 0}, "nl")
    assert answer.status_code == 422
    error = answer.json()
    assert error["rule"] == "sides-match" and "past niet" in error["error"], error


def test_an_unknown_tile_is_echoed_cut_short(client: TestClient) -> None:
    game = start(client)
    long = "Q" * 1000
    for path, body in (("moves", {"tile": long, "move": {"tile": "E", "at": [0, -1],
                                                         "rotation": 0}}),
                       ("tile", {"tile": long})):
        answer = client.post(f"/api/table/{game['id']}/{path}", json={**body, "turn": 0})
        assert answer.status_code == 422, answer.text
        error = answer.json()["error"]
        assert f"unknown tile '{'Q' * 40}…'" in error and "Q" * 41 not in error, error
        assert len(error) < 200
    _unchanged(client, game)


def test_a_tile_not_left_is_refused(client: TestClient) -> None:
    game = start(client)
    turn = tile_turn(client, game, "V")  # the only V
    game = play(client, game, "V", turn["choices"][0]["move"]).json()
    assert "V" not in [t["tile"] for t in game["left"]]
    answer = client.post(f"/api/table/{game['id']}/tile", json={"tile": "V", "turn": 1})
    assert answer.status_code == 422 and answer.json()["rule"] == "supply"
    assert "no tile V left" in answer.json()["error"]
    answer = client.post(f"/api/table/{game['id']}/tile", json={"tile": "Q", "turn": 1})
    assert answer.status_code == 422 and answer.json()["where"] == "tile"
    _unchanged(client, game)


def test_a_stale_turn_and_an_unknown_game_are_refused(client: TestClient) -> None:
    game = start(client)
    answer = client.post(f"/api/table/{game['id']}/tile", json={"tile": "E", "turn": 3})
    assert answer.status_code == 409
    assert client.get("/api/table/nope").status_code == 404
    assert client.post("/api/table", json={"rules": "@0/tiny.carc",
                                           "players": ["Ann"]}).status_code == 400
    answer = client.post("/api/table", json={"rules": "@0/tiny.carc",
                                             "players": [{"name": "A"}, {"name": "A"}]})
    assert answer.status_code == 400
    _unchanged(client, game)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_table_page_answers_in_its_language(client: TestClient, lang: str) -> None:
    answer = client.get(f"/table?lang={lang}")
    assert answer.status_code == 200
    assert ("Record a game" if lang == "en" else "Een spel aan tafel") in answer.text
    assert 'href="/table?lang=' in client.get(f"/?lang={lang}").text


def _random_table_game(rules: str, variants: list[str], seed: int):
    """A table game played to its end through ``web.table``: tiles named at random from those
    left, a random legal move each, decisions and last turns as offered."""
    game = load(rules, variants)
    found = table.new_table(game, ["Ann", "Bob", "Cy"])
    words = Words(game.rules, "en")
    rng = random.Random(seed)
    state = found.state
    while not state.finished:
        if table.open_turn(state):
            tile, move = None, rng.choice(table.turns.choices(state, words)["choices"])["move"]
        else:
            tile = rng.choice([t["tile"] for t in table.left(state) for _ in range(t["count"])])
            turn = table.tile_turn(state, tile, words)
            moves = [c["move"] for c in turn["choices"]]
            move = rng.choice(moves) if moves else {"discard": tile}
        state = _play_saying_draws(state, tile, move, rng)
    return state


def _play_saying_draws(state, tile, move: dict, rng: random.Random):
    """``table.play``, saying what came out of a bag each time the engine asks."""
    while True:
        try:
            return table.play(state, tile, move)
        except table.DrawNeeded as need:
            assert need.options and all(o["count"] > 0 for o in need.options)
            token = rng.choice(need.options)["token"]
            move = {**move, "drawn": [*move.get("drawn", []), token]}


@pytest.mark.slow
@pytest.mark.parametrize(("variants", "seed", "shows"), [
    (["abbey-mayor"], 13, "moved"),  # wagons going on: decisions after the turn's scoring
    (["abbey-mayor"], 21, "discard"),  # tiles that fit nowhere; abbeys the players own
    (["tower"], 11, "capture"),  # captures: a decision the tower's placement asks for
    (["river"], 11, "tile"),  # the river's tiles are drawn first (draw groups)
    (["hand-of-three"], 3, "tile"),  # hands: the tile named is taken to be held
    (["hills-sheep"], 3, "drawn"),  # what came out of the flock bag, said by the players
    (["princess-dragon"], 3, "walk discard"),  # its walks; tiles held back: discarded
])
def test_decisions_and_draw_groups_are_offered_as_the_engine_lists_them(
        variants: list[str], seed: int, shows: str) -> None:
    state = _random_table_game("base", variants, seed)
    for key in shows.split():
        assert any(key in move.to_json() for move in state.moves), key
    again = replay(record_of(state))
    assert again.scores == state.scores
    assert replay_output(again) == replay_output(state)


def test_only_the_group_being_drawn_is_offered() -> None:
    state = table.new_table(load("base", ["river"]), ["Ann", "Bob"]).state
    offered = sum(t["count"] for t in table.left(state))
    assert 0 < offered < len(state.supply.left())
    later = next(t for t in state.supply.left()
                 if t not in state.supply.chances())
    with pytest.raises(IllegalMoveError) as refused:
        table.drawn(state, state.tables.type_names[later])
    assert refused.value.rule == "supply"
