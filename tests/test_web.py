"""The browser app's API (``carcdsl serve``), through Starlette's TestClient: pages, games
played by their JSON, records stepped through, rule files checked and saved, and every way a
request is refused."""

from __future__ import annotations

import io
import json
import os
import random
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from carcdsl.cli.main import main  # noqa: E402
from carcdsl.formats.record import load_record, parse_record, replay_output  # noqa: E402
from carcdsl.pipeline import load  # noqa: E402
from carcdsl.replay import replay  # noqa: E402
from carcdsl.web.app import Settings, create_app  # noqa: E402
from carcdsl.web.files import Folders  # noqa: E402
from carcdsl.web.guard import LOCAL_HOSTS  # noqa: E402
from carcdsl.web.sessions import Store  # noqa: E402

DATA = Path(__file__).parent / "data"
WEB = DATA / "web"
RECORDS = DATA / "records"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A served folder: the tiny rule set, a record of it, and a subfolder."""
    served = tmp_path / "served"
    served.mkdir()
    shutil.copy(WEB / "tiny.carc", served / "tiny.carc")
    shutil.copy(WEB / "tiny-game.json", served / "tiny-game.json")
    (served / "sub").mkdir()
    return served


@pytest.fixture
def client(folder: Path) -> TestClient:
    return TestClient(create_app(Settings(Folders.of([folder]), "en")))


@pytest.fixture
def bare() -> TestClient:
    """The app with no folder: bundled rules only."""
    return TestClient(create_app())


def new_game(client: TestClient, rules: str = "pnp-demo", seed: int = 7,
             kinds: tuple[str, ...] = ("human", "greedy"), lang: str = "en",
             variants: tuple[str, ...] = ()) -> dict:
    players = [{"name": f"P{i + 1}", "kind": kind} for i, kind in enumerate(kinds)]
    answer = client.post(f"/api/games?lang={lang}", json={
        "rules": rules, "variants": list(variants), "players": players, "seed": seed})
    assert answer.status_code == 201, answer.text
    return answer.json()


def move(client: TestClient, game: dict, choice: dict, lang: str = "en"):
    return client.post(f"/api/games/{game['id']}/moves?lang={lang}",
                       json={"move": choice["move"], "turn": game["state"]["moves"]})


# --- pages ---------------------------------------------------------------------------------

@pytest.mark.parametrize("page", ["/", "/play", "/replay", "/browse", "/author"])
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_page_answers_in_its_language(client: TestClient, page: str, lang: str) -> None:
    answer = client.get(f"{page}?lang={lang}")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert f'<html lang="{lang}">' in answer.text
    assert "{{" not in answer.text  # every word filled
    word = {"en": "Replay", "nl": "Naspelen"}[lang]
    assert word in answer.text


@pytest.mark.parametrize("name", ["style.css", "common.js", "play.js", "replay.js",
                                  "browse.js", "author.js", "home.js"])
def test_static_files_are_served(client: TestClient, name: str) -> None:
    answer = client.get(f"/static/{name}")
    assert answer.status_code == 200 and len(answer.text) > 20


def test_an_unknown_page_is_a_json_404(client: TestClient) -> None:
    for path in ("/nothing", "/api/nothing", "/static/nothing.js"):
        answer = client.get(path)
        assert answer.status_code == 404
    answer = client.get("/nothing")
    assert answer.json()["error"]


def test_catalogue_offers_bundled_and_folder_rules(client: TestClient) -> None:
    found = client.get("/api/catalogue").json()
    names = {r["ref"]: r for r in found["rules"]}
    assert {"base", "pnp-demo", "maps-germany", "@0/tiny.carc"} <= set(names)
    assert names["@0/tiny.carc"]["origin"] == "folder"
    variants = {v["ref"]: v for v in found["variants"]}
    assert variants["farmers"]["for"] == "base"
    assert {p["name"] for p in variants["table-edge"]["params"]} == {"width", "height"}
    assert [k["kind"] for k in found["kinds"]][:3] == ["human", "random", "greedy"]
    assert [r["ref"] for r in found["records"]] == ["@0/tiny-game.json"]


def test_catalogue_says_what_each_file_does_in_the_pages_language(client: TestClient) -> None:
    found = client.get("/api/catalogue").json()
    rules = {r["ref"]: r for r in found["rules"]}
    variants = {v["ref"]: v for v in found["variants"]}
    assert rules["base"]["about"].startswith("The base game (2014 edition): 72 tiles")
    assert variants["farmers"]["about"].startswith("Farmers: followers may lie in fields")
    assert rules["@0/tiny.carc"]["about"] == ""  # a served file that says nothing
    assert all(entry["about"] for entry in [*rules.values(), *variants.values()]
               if entry["origin"] == "bundled")
    assert "abouts" not in rules["base"]
    dutch = client.get("/api/catalogue?lang=nl").json()
    farmers = next(v for v in dutch["variants"] if v["ref"] == "farmers")
    assert farmers["about"].startswith("Boeren: volgelingen mogen in weiden liggen")


def test_catalogue_names_each_bots_strength_and_offers_greedy_first(client: TestClient) -> None:
    found = client.get("/api/catalogue").json()
    kinds = {k["kind"]: k for k in found["kinds"]}
    assert found["default_bot"] == "greedy"
    assert [kinds[k]["strength"] for k in ("random", "greedy", "mcts")] == [
        "beginner", "club", "strong"]
    assert kinds["greedy"]["label"] == "greedy (club)"
    assert kinds["human"]["strength"] is None and kinds["human"]["label"] == "human"
    dutch = {k["kind"]: k for k in client.get("/api/catalogue?lang=nl").json()["kinds"]}
    assert dutch["greedy"]["label"] == "gretig (clubniveau)"
    assert dutch["mcts"]["strength"] == "sterk"


# --- playing -------------------------------------------------------------------------------

def play_to_end(client: TestClient, game: dict, rng: random.Random) -> tuple[dict, list]:
    """Play a person's seat by random legal choices (previewed first); the answers and the
    index of each choice in the list offered."""
    chosen = []
    while not game["state"]["finished"]:
        offered = game["turn"]["choices"]
        assert offered, "a person to move always has a legal move"
        i = rng.randrange(len(offered))
        seen = client.post(f"/api/games/{game['id']}/preview",
                           json={"move": offered[i]["move"], "turn": game["state"]["moves"]})
        assert seen.status_code == 200, seen.text
        answer = move(client, game, offered[i])
        assert answer.status_code == 200, answer.text
        after = answer.json()
        mine = after["state"]["log"][game["state"]["moves"]]
        assert mine["move"] == offered[i]["move"]
        if not seen.json()["events"] and not seen.json()["ends"]:
            assert after["state"]["players"][0]["score"] >= game["state"]["players"][0]["score"]
        chosen.append(i)
        game = after
    return game, chosen


@settings(max_examples=4, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1), pick=st.randoms(use_true_random=False))
def test_a_whole_game_against_a_bot_through_the_api(client: TestClient, seed: int,
                                                    pick: random.Random) -> None:
    game = new_game(client, seed=seed)
    final, _ = play_to_end(client, game, pick)
    result = final["state"]["result"]
    assert result is not None and final["turn"] is None
    scores = [p["score"] for p in final["state"]["players"]]
    assert [row["total"] for row in result["table"]] == scores
    for row in result["table"]:
        assert row["in_play"] + row["final"] == row["total"]
    record = client.get(f"/api/games/{game['id']}/record")
    assert record.status_code == 200
    assert "attachment" in record.headers["content-disposition"]
    replayed = replay(parse_record(json.loads(record.text)))
    assert replayed.scores == scores and replayed.finished
    assert [e["points"] for e in final["state"]["events"]] == [e.points for e in replayed.events]


def test_a_game_in_the_browser_is_the_game_the_command_line_plays(
        client: TestClient, tmp_path: Path, monkeypatch, capsys) -> None:
    """Seed S and the same choices: the same record as ``carcdsl play --bot human,greedy``."""
    game = new_game(client, rules="base", seed=11, variants=("farmers",))
    final, chosen = play_to_end(client, game, random.Random(5))
    web = json.loads(client.get(f"/api/games/{game['id']}/record").text)
    target = tmp_path / "cli.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{i}\n" for i in chosen)))
    assert main(["play", "base", "--variant", "farmers", "--names", "P1,P2", "--bot",
                 "human,greedy", "--seed", "11", "--record", str(target), "--quiet"]) == 0
    capsys.readouterr()
    assert json.loads(target.read_text()) == web


@pytest.mark.parametrize("rules, variants, does", [
    ("base", ("abbot",), {"nothing", "follower", "figure", "recall"}),
    ("base", ("hand-of-three",), {"nothing", "follower"}),
    ("base", ("traders-builders", "farmers"), {"nothing", "follower", "figure"}),
    ("base", ("river",), {"nothing", "follower"}),
    ("maps-germany", (), {"nothing", "follower"}),
    ("nuts", (), {"nothing", "follower"}),
    ("base", ("table-edge:width=5,height=5", "border-closes"), {"nothing", "follower"}),
])
def test_every_kind_of_turn_is_offered_from_the_legal_moves(
        client: TestClient, rules: str, variants: tuple[str, ...], does: set[str]) -> None:
    """Figures, taking one back, hands, extra turns, maps: whatever the legal moves hold is
    offered, played, and ends in a record that replays to the scores shown."""
    players = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "random"},
               {"name": "C", "kind": "human"}]
    game = client.post("/api/games", json={"rules": rules, "variants": list(variants),
                                           "players": players, "seed": 4}).json()
    rng, seen = random.Random(1), set()
    while not game["state"]["finished"]:
        offered = game["turn"]["choices"]
        seen |= {c["does"] for c in offered}
        for c in offered:
            if c["does"] == "recall":  # a figure standing elsewhere on the board
                assert c["label"] and c["square"] != c["at"] and c["anchor"]
        game = move(client, game, rng.choice(offered)).json()
    assert seen == does
    record = parse_record(json.loads(client.get(f"/api/games/{game['id']}/record").text))
    assert replay(record).scores == [p["score"] for p in game["state"]["players"]]


def test_bots_move_on_their_turn_and_people_are_told(client: TestClient) -> None:
    game = new_game(client, kinds=("greedy", "human"))
    assert game["made"] == 1  # the bot in the first seat moved at once
    assert game["state"]["current"] == 1 and game["turn"]["choices"]
    assert game["state"]["players"][0]["kind"] == "greedy"
    assert game["state"]["players"][1]["kind"] is None


def test_an_illegal_move_is_refused_and_changes_nothing(client: TestClient) -> None:
    game = new_game(client)
    before = client.get(f"/api/games/{game['id']}").json()
    first = game["turn"]["choices"][0]
    far = {**first["move"], "at": [9, 9]}
    answer = client.post(f"/api/games/{game['id']}/moves", json={"move": far, "turn": 0})
    assert answer.status_code == 422
    assert answer.json()["where"] == "move" and "not next to" in answer.json()["error"]
    wrong_tile = {**first["move"], "tile": "A" if first["tile"] != "A" else "B"}
    assert client.post(f"/api/games/{game['id']}/moves",
                       json={"move": wrong_tile, "turn": 0}).status_code == 422
    for broken in ({"at": [1, 0]}, {"tile": "A", "at": "x", "rotation": 0}, "move", None,
                   {"discard": "A"}, {"tile": "A", "at": [0, 1], "rotation": 45}):
        answer = client.post(f"/api/games/{game['id']}/moves", json={"move": broken, "turn": 0})
        assert answer.status_code == 400, (broken, answer.text)
        assert set(answer.json()) >= {"error", "where"}
    stale = client.post(f"/api/games/{game['id']}/moves", json={"move": first["move"], "turn": 5})
    assert stale.status_code == 409
    assert client.get(f"/api/games/{game['id']}").json() == before


@pytest.mark.parametrize("at", ["[1e400, 0]", "[-1e400, 0]", "[NaN, 0]", '["a", 0]',
                                "[1.5, 0]", "[[0], 0]", "[0]"])
@pytest.mark.parametrize("route", ["moves", "preview"])
def test_a_move_with_numbers_that_are_no_squares_is_a_400(client: TestClient, at: str,
                                                          route: str) -> None:
    """JSON's 1e400 reads as infinity (int() of it is an OverflowError, once a 500): any
    square that is no two whole numbers is one refusal saying what a move is, in words."""
    game = new_game(client)
    before = client.get(f"/api/games/{game['id']}").json()
    tile = game["turn"]["choices"][0]["tile"]
    body = f'{{"move": {{"tile": "{tile}", "at": {at}, "rotation": 0}}, "turn": 0}}'
    answer = client.post(f"/api/games/{game['id']}/{route}", content=body,
                         headers={"content-type": "application/json"})
    assert answer.status_code == 400, answer.text
    assert answer.json()["where"] == "move"
    assert "Error" not in answer.json()["error"], answer.json()["error"]
    assert client.get(f"/api/games/{game['id']}").json() == before


def test_a_preview_changes_nothing_and_says_what_the_move_scores(client: TestClient) -> None:
    game = new_game(client, rules="base", seed=13)  # draws E: a city cap
    before = client.get(f"/api/games/{game['id']}").json()
    found = None
    for choice in game["turn"]["choices"]:
        seen = client.post(f"/api/games/{game['id']}/preview",
                           json={"move": choice["move"], "turn": 0}).json()
        assert seen["text"] == choice["text"]
        assert sum(seen["gains"]) == sum(e["points"] for e in seen["events"])
        if seen["completes"]:
            found = seen
    assert client.get(f"/api/games/{game['id']}").json() == before
    assert found is not None, "E closes the start tile's city"
    assert found["completes"] == [{"kind": "city", "word": "city", "tiles": 2}]
    scored = client.post(f"/api/games/{game['id']}/preview", json={"move": {
        "tile": "E", "at": [0, -1], "rotation": 180, "follower": "city:S"}, "turn": 0}).json()
    assert scored["gains"] == [4, 0] and scored["events"][0]["points"] == 4


def test_choices_come_from_the_legal_moves(client: TestClient) -> None:
    game = new_game(client, rules="base", seed=7, variants=("abbot",))
    choices = game["turn"]["choices"]
    engine = load("base", ["abbot"]).new_game(["P1", "P2"], 7)
    assert [c["move"] for c in choices] == [m.to_json() for m in engine.legal_moves()]
    for c in choices:
        assert c["tile"] in game["turn"]["tiles"]
        assert set(game["turn"]["tiles"][c["tile"]]) == {"0", "90", "180", "270"}
        assert (c["anchor"] is None) == (c["does"] == "nothing")
    assert {c["does"] for c in choices} >= {"nothing", "follower"}


def test_watching_bots_step_by_step(client: TestClient) -> None:
    game = new_game(client, rules="@0/tiny.carc", kinds=("random", "greedy"), seed=2)
    assert game["watching"] and game["made"] == 0 and game["turn"] is None
    steps = 0
    while not game["state"]["finished"]:
        answer = client.post(f"/api/games/{game['id']}/step", json={})
        assert answer.status_code == 200, answer.text
        game = answer.json()
        steps += 1
        assert steps < 50
    assert client.post(f"/api/games/{game['id']}/step", json={}).status_code == 409
    record = load_record(WEB / "tiny-game.json")
    assert len(record.moves) <= steps + 1


def test_a_person_to_move_cannot_be_stepped(client: TestClient) -> None:
    game = new_game(client)
    assert client.post(f"/api/games/{game['id']}/step", json={}).status_code == 409


def test_a_game_in_dutch(client: TestClient) -> None:
    game = new_game(client, rules="base", seed=7, lang="nl")
    assert any("gedraaid" in c["text"] for c in game["turn"]["choices"])
    assert game["state"]["follower_word"] == "meeples"
    answer = move(client, game, game["turn"]["choices"][-1], lang="nl")
    told = answer.json()["state"]["log"][0]["text"]
    assert "gedraaid" in told and " op " in told
    far = {**answer.json()["turn"]["choices"][0]["move"], "at": [9, 9]}
    refused = client.post(f"/api/games/{game['id']}/moves?lang=nl",
                          json={"move": far, "turn": answer.json()["state"]["moves"]})
    assert refused.status_code == 422 and "niet naast" in refused.json()["error"]
    page = client.get("/play?lang=nl").text
    assert "Begin het spel" in page and "Spelers" in page


@pytest.mark.parametrize("body, status", [
    ({"rules": "nope", "players": [{"name": "A", "kind": "human"}]}, 404),
    ({"rules": "base", "players": []}, 400),
    ({"rules": "base", "players": [{"name": "A", "kind": "human"}] * 2}, 400),
    ({"rules": "base", "players": [{"name": "A", "kind": "wizard"}]}, 400),
    ({"rules": "base", "players": [{"name": "", "kind": "human"}]}, 400),
    ({"rules": "base", "players": [{"name": "A", "kind": "human"}], "seed": "x"}, 400),
    ({"rules": "base", "players": [{"name": "A", "kind": "human"}], "seed": 2**70}, 400),
    ({"rules": "base", "players": [{"name": "A", "kind": "human"}]}, 422),  # 1 player
    ({"rules": "base", "variants": ["nope"], "players": [{"name": "A", "kind": "human"},
                                                         {"name": "B", "kind": "human"}]}, 404),
    ({"rules": "base", "variants": "farmers", "players": [{"name": "A", "kind": "human"},
                                                          {"name": "B", "kind": "human"}]}, 400),
])
def test_a_bad_new_game_is_one_clear_refusal(client: TestClient, body: dict,
                                             status: int) -> None:
    answer = client.post("/api/games", json=body)
    assert answer.status_code == status, answer.text
    assert set(answer.json()) >= {"error", "where"} and "Traceback" not in answer.text


def test_a_person_may_take_a_seat_at_every_bundled_kind_of_move(client: TestClient) -> None:
    """Nothing refuses a person's seat any more: rules whose moves act on a figure on the
    board (The Princess & the Dragon) seat a person beside a bot."""
    answer = client.post("/api/games", json={"rules": "base", "variants": ["princess-dragon"],
                                             "players": [{"name": "A", "kind": "human"},
                                                         {"name": "B", "kind": "random"}]})
    assert answer.status_code == 201, answer.text
    assert answer.json()["turn"]["choices"]


def play_until(client: TestClient, game: dict, rng: random.Random, done) -> dict:
    """Play a person's seat (decisions first, most of the time) till ``done(game)``."""
    while not done(game):
        assert not game["state"]["finished"], "the game ended first"
        offered = game["turn"]["choices"]
        decide = [c for c in offered if c["does"] == "decide"]
        choice = rng.choice(decide if decide and rng.random() < 0.7 else offered)
        answer = move(client, game, choice)
        assert answer.status_code == 200, answer.text
        game = answer.json()
    return game


def decisions_of(game: dict, kind: str) -> list[dict]:
    return [c for c in (game["turn"] or {"choices": []})["choices"] if c.get("decide") == kind]


def test_a_person_captures_with_the_tower(client: TestClient) -> None:
    """The Tower: a tower piece placed (on the tile or elsewhere, offered at its square),
    then the capture the game waits for, each offered in words and played by a click."""
    game = new_game(client, rules="base", seed=1, variants=("tower",), kinds=("human", "random"))
    rng = random.Random(1)

    def elsewhere(g: dict) -> list[dict]:
        return [c for c in g["turn"]["choices"]
                if c["does"] in ("figure", "follower") and c["square"] != c["at"]]
    game = play_until(client, game, rng, elsewhere)
    for c in elsewhere(game):
        assert c["move"]["follower"]["square"] == c["square"] and c["anchor"] and c["label"]
    there = elsewhere(game)[0]
    turn = game["state"]["moves"]
    game = move(client, game, there).json()
    assert game["state"]["log"][turn]["move"] == there["move"]
    game = play_until(client, game, rng, lambda g: decisions_of(g, "capture"))
    offered = game["turn"]["choices"]
    assert all(c["does"] == "decide" and c["tile"] is None for c in offered)
    taking = [c for c in offered if c["square"] is not None]
    assert taking and all(c["anchor"] and "captures" in c["text"] for c in taking)
    assert [c["text"] for c in offered if c["square"] is None] == ["captures nothing"]
    turn = game["state"]["moves"]
    seen = client.post(f"/api/games/{game['id']}/preview",
                       json={"move": taking[0]["move"], "turn": turn})
    assert seen.status_code == 200 and seen.json()["text"] == taking[0]["text"]
    after = move(client, game, taking[0]).json()
    placed = after["state"]["log"][turn - 1]["move"]
    assert placed["capture"]["at"] == taking[0]["square"]
    record = parse_record(json.loads(client.get(f"/api/games/{game['id']}/record").text))
    assert record.moves[turn - 1].capture is not None


def test_a_person_pays_a_ransom(client: TestClient) -> None:
    """A ransom is offered beside the placements, once a turn; the placement after it says
    so, as the record does."""
    game = new_game(client, rules="base", seed=2, variants=("tower",), kinds=("human", "random"))
    game = play_until(client, game, random.Random(2), lambda g: decisions_of(g, "ransom"))
    ransom = decisions_of(game, "ransom")[0]
    assert ransom["text"] == "pays 3 to P2 for a follower" and ransom["square"] is None
    assert any(c["tile"] for c in game["turn"]["choices"])
    seen = client.post(f"/api/games/{game['id']}/preview",
                       json={"move": ransom["move"], "turn": game["state"]["moves"]}).json()
    assert seen["gains"] == [-3, 3] and seen["completes"] == []
    paid = move(client, game, ransom).json()
    assert [p["score"] for p in paid["state"]["players"]] == seen["scores"]
    assert not decisions_of(paid, "ransom") and paid["turn"]["choices"]
    assert all(c["move"]["ransom"]["player"] == "P2" for c in paid["turn"]["choices"])
    after = move(client, paid, paid["turn"]["choices"][0]).json()
    assert after["state"]["log"][paid["state"]["moves"]]["move"]["ransom"]["player"] == "P2"


def test_a_forged_decision_is_refused_and_changes_nothing(client: TestClient) -> None:
    game = new_game(client, rules="base", seed=1, variants=("tower",), kinds=("human", "random"))
    normal = client.get(f"/api/games/{game['id']}").json()
    turn = game["state"]["moves"]
    for forged in ({"decide": 0}, {"decide": -1}, {"decide": 1 << 20}):  # none is pending
        answer = client.post(f"/api/games/{game['id']}/moves", json={"move": forged, "turn": turn})
        assert answer.status_code == 400, answer.text
        assert answer.json()["where"] == "move" and "not a decision" in answer.json()["error"]
    game = play_until(client, game, random.Random(1), lambda g: decisions_of(g, "capture"))
    before = client.get(f"/api/games/{game['id']}").json()
    options = {c["move"]["decide"] for c in game["turn"]["choices"]}
    turn = game["state"]["moves"]
    for forged in ({"decide": max(options) + 1}, {"decide": 1 << 20}, {"decide": True},
                   {"decide": "0"}, {"decide": 0, "tile": "A"}):
        for route in ("moves", "preview"):
            answer = client.post(f"/api/games/{game['id']}/{route}",
                                 json={"move": forged, "turn": turn})
            assert answer.status_code == 400, (forged, answer.text)
            assert answer.json()["where"] == "move"
    placement = normal["turn"]["choices"][0]["move"]  # a placement while a capture waits
    assert client.post(f"/api/games/{game['id']}/moves",
                       json={"move": placement, "turn": turn}).status_code == 422
    assert client.get(f"/api/games/{game['id']}").json() == before
    assert normal["turn"]["choices"] and before["turn"]["choices"]


def test_a_person_chooses_the_shepherds_flock(client: TestClient) -> None:
    """Hills & Sheep: a move that chooses is offered once per option, labelled with it, and
    the record keeps the option chosen."""
    game = new_game(client, rules="base", seed=1, variants=("hills-sheep", "farmers"),
                    kinds=("human", "random"))

    def choosing(g: dict) -> bool:
        return any("choices" in c["move"] for c in g["turn"]["choices"])
    game = play_until(client, game, random.Random(3), choosing)
    chooses = [c for c in game["turn"]["choices"] if "choices" in c["move"]]
    first = chooses[0]
    same = [c for c in chooses if c["move"]["at"] == first["move"]["at"]
            and c["rotation"] == first["rotation"]
            and c["move"].get("follower") == first["move"].get("follower")]
    assert {c["move"]["choices"][0] for c in same} == {"grow", "gather"}
    assert len({c["label"] for c in same}) == len(same)
    assert all(c["move"]["choices"][0] in c["label"] for c in same)
    gather = next(c for c in same if c["move"]["choices"] == ["gather"])
    turn = game["state"]["moves"]
    after = move(client, game, gather).json()
    assert after["state"]["log"][turn]["move"]["choices"] == ["gather"]
    assert "gather" in after["state"]["log"][turn]["text"]


def test_a_walk_is_decided_step_by_step_by_the_players_in_turn(client: TestClient,
                                                               folder: Path) -> None:
    """A neutral figure's walk (``walk dragon 2``): each step a decision of the players in
    turn from the mover, offered to that player at the square it goes to; the placement that
    started it keeps the squares walked, and the record replays to the scores shown."""
    (folder / "dragon.carc").write_text(
        "variant dragon for base\nfigure dragon { neutral }\n"
        "on place shows monastery: move dragon here\non place shows city: walk dragon 2\n"
        "on enter dragon: return figures here\n")
    game = new_game(client, rules="base", seed=1, variants=("@0/dragon.carc",),
                    kinds=("human", "human"))
    game = play_until(client, game, random.Random(1), lambda g: decisions_of(g, "walk"))
    steps = decisions_of(game, "walk")
    assert len(steps) == len(game["turn"]["choices"])
    mover = game["state"]["log"][-1]["player"]
    for c in steps:
        assert c["text"] == f"dragon to ({c['square'][0]}, {c['square'][1]})" and c["anchor"]
    turn = game["state"]["moves"]
    deciding = game["state"]["current"]
    after = move(client, game, steps[0]).json()
    placed = after["state"]["log"][turn - 1]["move"]
    assert placed["walk"][0] == steps[0]["square"]
    assert game["state"]["players"][deciding]["name"] == mover  # the first step: the mover's
    if decisions_of(after, "walk"):  # the next: the next player's
        assert after["state"]["players"][after["state"]["current"]]["name"] != mover
    game = play_until(client, after, random.Random(2), lambda g: g["state"]["finished"])
    web = json.loads(client.get(f"/api/games/{game['id']}/record").text)
    # bundled rules with a served variant: the download names the variant by its absolute
    # path (only a served rule file's record is rebased), which a record may not hold
    web["variants"] = ["dragon.carc"]
    (folder / "game.json").write_text(json.dumps(web))
    record = load_record(folder / "game.json")
    assert replay(record).scores == [p["score"] for p in game["state"]["players"]]


def test_a_wagon_goes_on_where_its_owner_clicks(client: TestClient, folder: Path) -> None:
    """A figure whose feature scored (``on scored wagon: move wagon within 1 to ...``): its
    owner is offered each open, empty spot it may go on to, at that spot, and home (no
    square); the move that scored keeps where it went, and the record replays."""
    (folder / "wagon.carc").write_text(
        "variant wagon for base\nfigure wagon { each player 1  stands on road, city, "
        "monastery }\non scored wagon: move wagon within 1 to road, city, monastery\n")
    game = new_game(client, rules="base", seed=4, variants=("@0/wagon.carc",),
                    kinds=("human", "human"))
    game = play_until(client, game, random.Random(4), lambda g: decisions_of(g, "move"))
    offered = decisions_of(game, "move")
    assert len(offered) == len(game["turn"]["choices"])
    owner = game["state"]["players"][game["state"]["current"]]["name"]
    home = [c for c in offered if c["square"] is None]
    assert [c["text"] for c in home] == [f"{owner}'s wagon goes home"]
    on = [c for c in offered if c["square"] is not None]
    assert on and all(c["anchor"] and c["text"].startswith(f"{owner}'s wagon moves to ")
                      and c["text"].endswith(f"({c['square'][0]}, {c['square'][1]})")
                      for c in on)
    turn = game["state"]["moves"]
    after = move(client, game, on[0]).json()
    moved = after["state"]["log"][turn - 1]["move"]["moved"]
    assert moved[0]["player"] == owner and moved[0]["at"] == on[0]["square"]
    game = play_until(client, after, random.Random(4), lambda g: g["state"]["finished"])
    web = json.loads(client.get(f"/api/games/{game['id']}/record").text)
    web["variants"] = ["wagon.carc"]  # as in the walk's test: the served variant's path
    (folder / "game.json").write_text(json.dumps(web))
    assert replay(load_record(folder / "game.json")).scores == [
        p["score"] for p in game["state"]["players"]]


def acting(game: dict, does: str) -> list[dict]:
    """The moves offered that act on a figure on the board (``returns``, ``beside``)."""
    return [c for c in (game["turn"] or {"choices": []})["choices"] if c["does"] == does]


def neutral_square(game: dict, figure: str) -> str | None:
    """The square the board's picture marks neutral ``figure`` on, ``"x,y"``."""
    found = re.search(rf'class="neutral" data-figure="{figure}" data-square="([-\d,]+)"',
                      game["board"]["svg"])
    return found.group(1) if found else None


def test_a_person_puts_the_fairy_beside_a_follower_and_the_princess_sends_one_home(
        client: TestClient, folder: Path) -> None:
    """The Princess & the Dragon: a move that acts on a figure on the board instead of
    placing one is offered at that figure's square, in words; played, the record keeps it
    as ``beside`` or ``returns``, the board marks where the fairy stands, and the record
    replays to the scores shown."""
    game = new_game(client, rules="base", seed=1, variants=("princess-dragon",),
                    kinds=("human", "human"))
    rng = random.Random(1)
    assert neutral_square(game, "fairy") is None  # beside the board till put beside one
    game = play_until(client, game, rng, lambda g: acting(g, "beside"))
    fairy = acting(game, "beside")[0]
    beside = fairy["move"]["beside"]
    assert beside["figure"] == "fairy" and "follower" not in fairy["move"]
    assert fairy["square"] == beside["at"] and fairy["anchor"] and fairy["initial"] == "F"
    assert fairy["label"] == f"puts the fairy beside {beside['spot']} ({beside['at'][0]}, " \
                             f"{beside['at'][1]})", fairy["label"]
    assert fairy["text"].endswith(fairy["label"])
    turn = game["state"]["moves"]
    seen = client.post(f"/api/games/{game['id']}/preview", json={"move": fairy["move"],
                                                                  "turn": turn})
    assert seen.status_code == 200 and seen.json()["text"] == fairy["text"]
    game = move(client, game, fairy).json()
    assert game["state"]["log"][turn]["move"] == fairy["move"]
    assert game["state"]["log"][turn]["text"] == fairy["text"]
    assert neutral_square(game, "fairy") == ",".join(map(str, beside["at"]))
    game = play_until(client, game, rng, lambda g: acting(g, "returns"))
    princess = acting(game, "returns")[0]
    returns = princess["move"]["returns"]
    assert princess["square"] == returns["at"] and princess["anchor"]
    assert princess["label"].startswith(f"sends {returns['player']}'s follower on ")
    assert princess["label"].endswith(f"({returns['at'][0]}, {returns['at'][1]}) home")
    turn = game["state"]["moves"]
    owner = next(p for p in game["state"]["players"] if p["name"] == returns["player"])
    after = move(client, game, princess).json()
    assert after["state"]["log"][turn]["move"] == princess["move"]
    home = next(p for p in after["state"]["players"] if p["name"] == returns["player"])
    assert home["followers"] > owner["followers"]  # two people: no bot placed one since
    game = play_until(client, after, rng, lambda g: g["state"]["finished"])
    web = json.loads(client.get(f"/api/games/{game['id']}/record").text)
    assert any("beside" in m for m in web["moves"]) and any("returns" in m for m in web["moves"])
    assert replay(parse_record(web)).scores == [p["score"] for p in game["state"]["players"]]


def test_a_forged_target_is_refused_and_changes_nothing(client: TestClient) -> None:
    """A move acting on a figure is taken only as offered: the fairy beside a square with
    none of the mover's followers, a princess where the tile has none, a target of no shape
    are each one 400, and the game is as it was."""
    game = new_game(client, rules="base", seed=1, variants=("princess-dragon",),
                    kinds=("human", "random"))
    game = play_until(client, game, random.Random(1), lambda g: acting(g, "beside"))
    before = client.get(f"/api/games/{game['id']}").json()
    fairy = acting(game, "beside")[0]["move"]
    plain = next(c["move"] for c in game["turn"]["choices"] if c["does"] == "nothing")
    mine = {tuple(c["move"]["beside"]["at"]) for c in acting(game, "beside")}
    empty = next((x, y) for x in range(-9, 9) for y in range(-9, 9) if (x, y) not in mine)
    forged = [
        {**fairy, "beside": {**fairy["beside"], "at": list(empty)}},
        {**plain, "returns": {"at": fairy["beside"]["at"], "spot": fairy["beside"]["spot"],
                              "kind": "follower", "player": "P1"}},
        {**fairy, "beside": {**fairy["beside"], "figure": "dragon"}},
    ]
    shapeless = [{**fairy, "beside": {"figure": "fairy"}},
                 {**fairy, "beside": {**fairy["beside"], "spot": "nowhere"}}]
    turn = game["state"]["moves"]
    for route in ("moves", "preview"):
        for bad in forged + shapeless:
            answer = client.post(f"/api/games/{game['id']}/{route}",
                                 json={"move": bad, "turn": turn})
            assert answer.status_code == 400, (bad, answer.text)
            assert answer.json()["where"] == "move" and "Traceback" not in answer.text
        for bad in forged:
            said = client.post(f"/api/games/{game['id']}/{route}?lang=nl",
                               json={"move": bad, "turn": turn}).json()["error"]
            assert said.startswith("geen figuur waar deze zet"), said
    assert client.get(f"/api/games/{game['id']}").json() == before


def test_a_tower_game_in_the_browser_is_the_game_the_command_line_plays(
        client: TestClient, tmp_path: Path, monkeypatch, capsys) -> None:
    """Decisions and figures elsewhere are offered in the engine's order, as the command
    line numbers them: the same answers make the same record."""
    game = new_game(client, rules="base", seed=3, variants=("tower",))
    rng, chosen = random.Random(4), []
    while not game["state"]["finished"]:
        offered = game["turn"]["choices"]
        decide = [i for i, c in enumerate(offered) if c["does"] == "decide"]
        i = rng.choice(decide) if decide and rng.random() < 0.7 else rng.randrange(len(offered))
        answer = move(client, game, offered[i])
        assert answer.status_code == 200, answer.text
        chosen.append(i)
        game = answer.json()
    web = json.loads(client.get(f"/api/games/{game['id']}/record").text)
    assert any("capture" in m or "ransom" in m for m in web["moves"])
    target = tmp_path / "cli.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{i}\n" for i in chosen)))
    assert main(["play", "base", "--variant", "tower", "--names", "P1,P2", "--bot",
                 "human,greedy", "--seed", "3", "--record", str(target), "--quiet"]) == 0
    capsys.readouterr()
    assert json.loads(target.read_text()) == web


def test_rules_that_do_not_check_say_where(client: TestClient, folder: Path) -> None:
    (folder / "broken.carc").write_text("rules broken\nextends base\ntile Z 1 citty N\n")
    answer = client.post("/api/games", json={"rules": "@0/broken.carc", "players": [
        {"name": "A", "kind": "human"}, {"name": "B", "kind": "random"}]})
    assert answer.status_code == 422
    first = answer.json()["diagnostics"][0]
    assert (first["line"], first["col"], first["code"]) == (3, 10, "E110")


# --- records -------------------------------------------------------------------------------

def _replay_json(path: Path, capsys) -> dict:
    assert main(["replay", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("name", ["farmers-field.json", "final-scoring-8-4-3-3.json",
                                  "two-cities.json"])
def test_a_record_stepped_through_scores_as_replay(tmp_path: Path, capsys, name: str) -> None:
    shutil.copy(RECORDS / name, tmp_path / name)
    client = TestClient(create_app(Settings(Folders.of([tmp_path]))))
    opened = client.post("/api/records", json={"ref": f"@0/{name}"})
    assert opened.status_code == 201, opened.text
    opened = opened.json()
    expected = _replay_json(tmp_path / name, capsys)
    assert opened["replay"] == expected
    count = opened["count"]
    for n in range(count + 1):
        seen = client.get(f"/api/records/{opened['id']}/at/{n}").json()
        scores = [p["score"] for p in seen["state"]["players"]]
        earlier = [0] * len(scores)
        for event in expected["events"]:
            if event["move"] < n and (event["when"] != "final" or n == count):
                earlier[expected["players"].index(event["player"])] += event["points"]
        if n == count:
            earlier = expected["scores"]
            assert [(e["move"], e["player"], e["feature"], e["when"], e["points"], e["detail"])
                    for e in seen["state"]["events"]] == [
                (e["move"], e["player"], e["feature"], e["when"], e["points"], e["detail"])
                for e in expected["events"]]
        assert scores == earlier, n
        assert len(seen["state"]["log"]) == n
    assert client.get(f"/api/records/{opened['id']}/at/{count + 1}").status_code == 404


def test_an_uploaded_record_names_bundled_rules_only(client: TestClient) -> None:
    record = json.loads((RECORDS / "two-cities.json").read_text())
    answer = client.post("/api/records", json={"record": record, "name": "x.json"})
    assert answer.status_code == 201
    own = json.loads((WEB / "tiny-game.json").read_text())
    answer = client.post("/api/records", json={"record": own, "name": "tiny-game.json"})
    assert answer.status_code == 400 and "tiny.carc" in answer.json()["error"]
    bad = {**record, "moves": [{"tile": "A", "at": [5, 5], "rotation": 0}]}
    answer = client.post("/api/records", json={"record": bad})
    assert answer.status_code == 422 and answer.json()["where"] == 0
    answer = client.post("/api/records", json={"record": {"format": "nope"}})
    assert answer.status_code == 422


def test_only_records_are_listed_as_records(client: TestClient, folder: Path) -> None:
    (folder / "sub" / "notes.json").write_text('{"not": "a record"}')
    shutil.copy(RECORDS / "two-cities.json", folder / "sub" / "two.json")
    listed = [r["ref"] for r in client.get("/api/catalogue").json()["records"]]
    assert listed == ["@0/sub/two.json", "@0/tiny-game.json"]


def test_a_record_of_a_served_rule_file_names_it_within_its_folder(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    (second / "deep").mkdir(parents=True)
    shutil.copy(WEB / "tiny.carc", second / "deep" / "tiny.carc")
    client = TestClient(create_app(Settings(Folders.of([first, second]))))
    game = new_game(client, rules="@1/deep/tiny.carc", kinds=("random", "random"))
    while not game["state"]["finished"]:
        game = client.post(f"/api/games/{game['id']}/step", json={}).json()
    text = client.get(f"/api/games/{game['id']}/record").text
    assert json.loads(text)["rules"] == "deep/tiny.carc"
    (second / "game.json").write_text(text)
    assert replay(load_record(second / "game.json")).scores == [
        p["score"] for p in game["state"]["players"]]


def test_a_record_in_a_folder_reads_its_rule_file(client: TestClient) -> None:
    answer = client.post("/api/records", json={"ref": "@0/tiny-game.json"})
    assert answer.status_code == 201, answer.text
    assert answer.json()["title"] == "Tiny Carcassonne"


# --- files: confinement --------------------------------------------------------------------

def test_paths_out_of_the_folders_are_refused(client: TestClient, folder: Path,
                                              tmp_path: Path) -> None:
    secret = tmp_path / "secret.carc"
    secret.write_text("rules secret\nextends base\n")
    os.symlink(secret, folder / "link.carc")
    for ref, status in [("@0/../secret.carc", 400), ("@0//etc/passwd", 400),
                        ("@0/sub/../../secret.carc", 400), ("@1/tiny.carc", 400),
                        ("@0/link.carc", 403), ("/etc/passwd", 404), ("@0/none.carc", 404),
                        ("..%2fsecret.carc", 404), ("@0/a\\..\\secret.carc", 400)]:
        answer = client.get("/api/files/text", params={"ref": ref})
        assert answer.status_code == status, (ref, answer.text)
        assert "rules secret" not in answer.text
    for rules in ("@0/../secret.carc", str(secret), "@0/link.carc", "../secret.carc"):
        answer = client.post("/api/games", json={"rules": rules, "players": [
            {"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}]})
        assert 400 <= answer.status_code < 500, rules
    assert client.post("/api/records", json={"ref": "@0/../x.json"}).status_code == 400
    links = [r["ref"] for r in client.get("/api/catalogue").json()["rules"]]
    assert "@0/link.carc" not in links


def test_save_writes_only_inside_the_folders(client: TestClient, folder: Path,
                                             tmp_path: Path) -> None:
    text = "rules tiny\nextends base\n"
    for ref, status in [("base", 403), ("@0/../outside.carc", 400), ("@3/x.carc", 400),
                        (str(tmp_path / "outside.carc"), 403), ("@0/tiny-game.json", 403),
                        ("@0/none.carc", 404)]:
        answer = client.post("/api/files/save", json={"ref": ref, "text": text})
        assert answer.status_code == status, (ref, answer.text)
    assert not (tmp_path / "outside.carc").exists()
    bare = TestClient(create_app())
    assert bare.post("/api/files/save", json={"ref": "@0/x.carc", "text": text}).status_code == 400
    changed = (WEB / "tiny.carc").read_text().replace("Tiny Carcassonne", "Tinier")
    answer = client.post("/api/files/save", json={"ref": "@0/tiny.carc", "text": changed})
    assert answer.status_code == 200
    assert (folder / "tiny.carc").read_text() == changed
    assert sorted(p.name for p in folder.iterdir()) == ["sub", "tiny-game.json", "tiny.carc"]


def test_a_new_file_from_a_bundled_template(client: TestClient, folder: Path) -> None:
    answer = client.post("/api/files/new", json={"folder": 0, "name": "my-variant",
                                                 "template": "farmers"})
    assert answer.status_code == 201, answer.text
    made = folder / "my-variant.carc"
    assert "\nvariant my-variant for base\n" in made.read_text()
    assert client.post("/api/files/new", json={"folder": 0, "name": "my-variant.carc",
                                               "template": "farmers"}).status_code == 409
    for body, status in [({"folder": 0, "name": "../evil", "template": "base"}, 400),
                         ({"folder": 0, "name": "sub/ok", "template": "base"}, 201),
                         ({"folder": 0, "name": "nodir/x", "template": "base"}, 404),
                         ({"folder": 2, "name": "x", "template": "base"}, 403),
                         ({"folder": 0, "name": "x", "template": "../base"}, 404)]:
        answer = client.post("/api/files/new", json=body)
        assert answer.status_code == status, (body, answer.text)
    checked = client.post("/api/author/check", json={"ref": "@0/my-variant.carc",
                                                     "text": made.read_text()}).json()
    assert checked["errors"] == 0 and checked["sheet"].startswith("<svg")


# --- the editor ----------------------------------------------------------------------------

def test_bad_rule_text_gives_diagnostics_with_line_and_column(client: TestClient) -> None:
    text = "rules mine\nextends base\n\ntile Z 1 citty N\n"
    answer = client.post("/api/author/check", json={"text": text, "name": "mine.carc"})
    assert answer.status_code == 200
    found = answer.json()
    assert found["errors"] >= 1 and found["sheet"] is None
    first = found["diagnostics"][0]
    assert (first["line"], first["col"], first["code"], first["here"]) == (4, 10, "E110", True)
    assert first["text"].startswith("mine.carc:4:10: error[E110]")
    assert "city" in first["message"]
    fixed = client.post("/api/author/check", json={"text": text.replace("citty", "city"),
                                                   "name": "mine.carc"}).json()
    assert fixed["errors"] == 0 and 'class="tile' in fixed["sheet"]


def test_a_served_file_is_checked_as_itself(client: TestClient, folder: Path) -> None:
    (folder / "sub" / "more.carc").write_text("variant more for ../tiny.carc\n")
    text = (WEB / "tiny.carc").read_text().replace("tiles 10", "tiles 11")
    found = client.post("/api/author/check", json={"ref": "@0/tiny.carc", "text": text}).json()
    assert [d["code"] for d in found["diagnostics"]] == ["W122"]
    assert found["diagnostics"][0]["file"] == "served/tiny.carc"
    assert found["errors"] == 0 and found["sheet"]


def test_diagnostics_in_dutch(client: TestClient) -> None:
    found = client.post("/api/author/check?lang=nl", json={
        "text": "rules mine\nextends base\ntile Z 1 citty N\n"}).json()
    assert "fout[E110]" in found["diagnostics"][0]["text"]


def test_the_file_text_of_a_bundled_rule_set_is_read_only(client: TestClient) -> None:
    answer = client.get("/api/files/text", params={"ref": "base"}).json()
    assert answer["writable"] is False and answer["text"].startswith("#")
    own = client.get("/api/files/text", params={"ref": "@0/tiny.carc"}).json()
    assert own["writable"] is True and own["name"] == "served/tiny.carc"


def test_browse_a_rule_set(client: TestClient) -> None:
    about = client.get("/api/rulesets/about", params=[("rules", "base"),
                                                       ("variant", "farmers")]).json()
    assert about["variants"] == ["farmers"] and about["tiles"] == 72
    assert about["sheet"].count('data-count=') == about["types"]
    assert any("3 * completed(city)" in line for line in about["about"])
    nuts = client.get("/api/rulesets/about", params={"rules": "nuts"}).json()
    assert nuts["open_points"]
    edge = client.get("/api/rulesets/about", params=[("rules", "base"),
                                                      ("variant", "table-edge:width=5")])
    assert edge.status_code == 200


# --- what a request may be -----------------------------------------------------------------

def test_an_oversized_body_is_refused(client: TestClient) -> None:
    text = "#" * (1024 * 1024 + 10)
    answer = client.post("/api/author/check", json={"text": text})
    assert answer.status_code == 413 and answer.json()["where"] == "body"


def test_a_body_that_is_no_json_object_is_refused(client: TestClient) -> None:
    assert client.post("/api/games", content=b"{", headers={
        "content-type": "application/json"}).status_code == 400
    assert client.post("/api/games", json=[1]).status_code == 400
    assert client.post("/api/games", content=b"rules=base", headers={
        "content-type": "application/x-www-form-urlencoded"}).status_code == 415


def test_another_site_cannot_drive_the_app(client: TestClient) -> None:
    answer = client.post("/api/files/save", json={"ref": "@0/tiny.carc", "text": ""},
                         headers={"Origin": "http://evil.example"})
    assert answer.status_code == 403
    ok = client.get("/api/catalogue", headers={"Origin": "http://testserver"})
    assert ok.status_code == 200


def test_a_site_pointed_at_this_machine_is_refused(folder: Path) -> None:
    """DNS rebinding: served on this machine, a request must name it as its host."""
    settings = Settings(Folders.of([folder]), hosts=LOCAL_HOSTS)
    evil = TestClient(create_app(settings), base_url="http://evil.example:8000")
    assert evil.get("/api/catalogue").status_code == 403
    for host in ("127.0.0.1:8000", "localhost", "[::1]:8000"):
        local = TestClient(create_app(settings), base_url=f"http://{host}")
        assert local.get("/api/catalogue").status_code == 200, host


def test_a_bug_is_one_line_and_a_500(client: TestClient, monkeypatch) -> None:
    def broken(*_args, **_kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr("carcdsl.web.rulesets.about", broken)
    answer = client.get("/api/rulesets/about", params={"rules": "base"})
    assert answer.status_code == 500
    assert answer.json() == {"error": "internal error: RuntimeError: boom", "where": None}


def test_unknown_games_and_records_are_404(client: TestClient) -> None:
    assert client.get("/api/games/nope").status_code == 404
    assert client.post("/api/games/nope/moves", json={}).status_code == 404
    assert client.get("/api/records/nope/at/0").status_code == 404


def test_games_are_kept_within_bounds_oldest_first() -> None:
    store: Store[int] = Store(3)
    for i in range(5):
        store.add(str(i), i)
    store.get("2")
    store.add("5", 5)
    assert len(store) == 3 and store.get("0") is None and store.get("3") is None
    assert store.get("2") == 2 and store.get("5") == 5


def test_game_ids_are_unguessable(client: TestClient) -> None:
    ids = {new_game(client)["id"] for _ in range(3)}
    assert len(ids) == 3 and all(len(i) >= 24 for i in ids)


# --- the command -------------------------------------------------------------------------

def test_serve_without_the_extra_says_how_to_install_it(monkeypatch, capsys) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "uvicorn" else real(name, *a))
    assert main(["serve"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'carcdsl[web]'" in err


def test_serve_refuses_a_missing_folder_and_a_busy_port(tmp_path: Path, capsys) -> None:
    assert main(["serve", str(tmp_path / "none")]) == 1
    assert "is not a folder" in capsys.readouterr().err
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"port {port}" in err
    assert main(["serve", "--lang", "xx"]) == 1


def test_replay_of_the_tiny_record_matches_its_json(capsys) -> None:
    """The data the browser tests use replays."""
    out = _replay_json(WEB / "tiny-game.json", capsys)
    assert out == replay_output(replay(load_record(WEB / "tiny-game.json")))
