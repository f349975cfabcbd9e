"""Table-mode games kept in the game store (issue 28): every entry (a tile and its move, a
discard, a decision, the end) is committed before it is answered, and a game is rebuilt from
its stored entries by a new app on the same file (a server restart) at the same turn, a
decision still to be made included; /api/games lists table games, marked, with their
record; and a store file of the previous schema (version 1) opens, upgraded in place, its
games still loading."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from carcdsl.formats.record import load_record  # noqa: E402
from carcdsl.replay import replay  # noqa: E402
from carcdsl.web.app import Settings, create_app  # noqa: E402
from carcdsl.web.files import Folders  # noqa: E402
from carcdsl.web.store import SCHEMA_VERSION, GameStore  # noqa: E402

WEB = Path(__file__).parent / "data" / "web"
SHOWN = ("state", "board", "left", "open", "squares", "track", "tiles_left")
"""What a table game's answer shows that a rebuild must give back alike."""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    served = tmp_path / "served"
    served.mkdir()
    shutil.copy(WEB / "tiny.carc", served / "tiny.carc")
    return served


def app_on(folder: Path, db: Path, browser: TestClient | None = None) -> TestClient:
    """A new app (a server started again) on the games file ``db``; ``browser``: the client
    whose cookies it keeps (the same browser, the owner of its table games)."""
    return TestClient(create_app(Settings(Folders.of([folder]), "en", db=str(db))),
                      cookies=None if browser is None else browser.cookies)


def start(client: TestClient, rules: str = "@0/tiny.carc", variants: tuple = ()) -> dict:
    answer = client.post("/api/table", json={
        "rules": rules, "variants": list(variants),
        "players": [{"name": "Ann"}, {"name": "Bob"}]})
    assert answer.status_code == 201, answer.text
    return answer.json()


def enter_one(client: TestClient, game: dict, rng: random.Random) -> dict:
    """One turn entered as the page enters it: a tile of those left and one of its moves (or
    a decision of an open turn), what came out of a bag said when asked."""
    gid, turn = game["id"], game["state"]["moves"]
    if game["open"] is not None:
        tile, move = None, rng.choice(game["open"]["choices"])["move"]
    else:
        tile = rng.choice([t["tile"] for t in game["left"] for _ in range(t["count"])])
        offered = client.post(f"/api/table/{gid}/tile", json={"tile": tile, "turn": turn})
        assert offered.status_code == 200, offered.text
        found = [c["move"] for c in offered.json()["choices"] if c["tile"] == tile]
        move = rng.choice(found) if found else {"discard": tile}
    answer = client.post(f"/api/table/{gid}/moves", json={"tile": tile, "move": move,
                                                          "turn": turn})
    while answer.status_code == 422 and answer.json()["where"] == "drawn":
        token = rng.choice(answer.json()["draw"]["options"])["token"]
        move = {**move, "drawn": [*move.get("drawn", []), token]}
        answer = client.post(f"/api/table/{gid}/moves", json={"tile": tile, "move": move,
                                                              "turn": turn})
    assert answer.status_code == 200, answer.text
    return answer.json()


def shown(game: dict) -> dict:
    return {key: game[key] for key in SHOWN}


def test_a_table_game_survives_a_restart_after_every_entry(folder: Path,
                                                           tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    client = app_on(folder, db)
    game = start(client)
    rng = random.Random(7)
    restarts = 0
    while not game["state"]["finished"]:
        game = enter_one(client, game, rng)
        client = app_on(folder, db, client)  # the server started again: nothing in memory
        again = client.get(f"/api/table/{game['id']}")
        assert again.status_code == 200, again.text
        assert shown(again.json()) == shown(game)
        restarts += 1
    assert restarts == game["state"]["moves"] > 3
    record = client.get(f"/api/table/{game['id']}/record")
    assert record.status_code == 200
    (folder / "table.json").write_text(record.text)
    replayed = replay(load_record(folder / "table.json"))
    assert replayed.scores == [p["score"] for p in game["state"]["players"]]


def test_the_end_button_is_stored(folder: Path, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    client = app_on(folder, db)
    game = enter_one(client, start(client), random.Random(1))
    ended = client.post(f"/api/table/{game['id']}/end", json={"turn": game["state"]["moves"]})
    assert ended.status_code == 200 and ended.json()["state"]["finished"]
    again = app_on(folder, db).get(f"/api/table/{game['id']}").json()
    assert again["state"]["finished"] and again["track"] == ended.json()["track"]
    assert again["track"][-1]["move"] == "final"


@pytest.mark.slow
def test_a_decision_still_to_make_comes_back_after_a_restart(folder: Path,
                                                             tmp_path: Path) -> None:
    """The tower's capture: the placement is stored with its decision still open."""
    db = tmp_path / "games.sqlite3"
    client = app_on(folder, db)
    game = start(client, "base", ("tower",))
    rng = random.Random(11)
    while game["open"] is None or not game["state"]["moves"]:
        assert not game["state"]["finished"], "no decision came up"
        game = enter_one(client, game, rng)
    decided = [c for c in game["open"]["choices"] if c["does"] == "decide"]
    assert decided
    again = app_on(folder, db).get(f"/api/table/{game['id']}").json()
    assert shown(again) == shown(game)


def test_two_servers_on_one_file_see_each_others_entries(folder: Path,
                                                         tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    one = app_on(folder, db)
    game = start(one)
    two = app_on(folder, db, one)  # the same browser, another server
    seen = two.get(f"/api/table/{game['id']}").json()  # now in the second one's memory
    rng = random.Random(2)
    game = enter_one(one, game, rng)
    refused = two.post(f"/api/table/{game['id']}/end", json={"turn": seen["state"]["moves"]})
    assert refused.status_code == 409  # the second one rebuilt it: a turn later now
    assert shown(two.get(f"/api/table/{game['id']}").json()) == shown(game)


def test_the_games_list_marks_table_games_and_downloads_their_record(
        folder: Path, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    client = app_on(folder, db)
    game = start(client)
    rng = random.Random(4)
    while not game["state"]["finished"]:
        game = enter_one(client, game, rng)
    live = client.post("/api/games", json={"rules": "@0/tiny.carc", "players": [
        {"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "greedy"}]})
    assert live.status_code == 201, live.text
    listed = {g["id"]: g for g in app_on(folder, db).get("/api/games").json()["games"]}
    mine = listed[game["id"]]
    assert mine["mode"] == "table" and mine["finished"]
    assert mine["watch"] == f"/table?game={game['id']}"
    assert listed[live.json()["id"]]["mode"] == "live"
    assert listed[live.json()["id"]]["watch"].startswith("/play?game=")
    record = client.get(mine["record"])
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    assert "seed" not in record.json()
    (folder / "listed.json").write_text(record.text)
    replayed = replay(load_record(folder / "listed.json"))
    assert replayed.scores == [p["score"] for p in game["state"]["players"]]
    # each API keeps to its own games: one clear 404, never a traceback
    assert client.get(f"/api/games/{game['id']}").status_code == 404
    assert client.get(f"/api/table/{live.json()['id']}").status_code == 404


def test_only_the_browser_that_started_a_table_game_writes_in_it(folder: Path,
                                                                tmp_path: Path) -> None:
    """A stranger (a second browser that knows the id) may watch, never enter or end; the
    owner still may after the server started again."""
    db = tmp_path / "games.sqlite3"
    owner = app_on(folder, db)
    game = enter_one(owner, start(owner), random.Random(3))
    assert game["yours"] is True
    assert GameStore(db).get(game["id"]).owner == owner.cookies[f"table-{game['id']}"]
    stranger = app_on(folder, db)
    gid, turn = game["id"], game["state"]["moves"]
    seen = stranger.get(f"/api/table/{gid}")
    assert seen.status_code == 200 and seen.json()["yours"] is False
    assert stranger.get(f"/api/table/{gid}/record").status_code == 200
    tile = game["left"][0]["tile"]
    forged = {f"table-{gid}": "x" * 24}
    for client in (stranger, TestClient(stranger.app, cookies=forged)):
        for path, body in (("moves", {"tile": tile, "move": {"discard": tile}, "turn": turn}),
                           ("moves", {"tile": None, "move": {"decide": 0}, "turn": turn}),
                           ("end", {"turn": turn})):
            refused = client.post(f"/api/table/{gid}/{path}", json=body)
            assert refused.status_code == 403, refused.text
            assert "only the browser that started" in refused.json()["error"]
    assert shown(stranger.get(f"/api/table/{gid}").json()) == shown(game)
    assert GameStore(db).count(gid) == turn
    nl = stranger.post(f"/api/table/{gid}/end?lang=nl", json={"turn": turn})
    assert nl.status_code == 403 and "alleen de browser" in nl.json()["error"]
    again = app_on(folder, db, owner)  # the owner's browser, the server started again
    assert again.get(f"/api/table/{gid}").json()["yours"] is True
    ended = again.post(f"/api/table/{gid}/end", json={"turn": turn})
    assert ended.status_code == 200 and ended.json()["state"]["finished"], ended.text


def test_a_table_game_stored_without_an_owner_is_read_only(folder: Path,
                                                           tmp_path: Path) -> None:
    """A table game stored before owners (owner ''): shown to all, changed by no one."""
    db = tmp_path / "games.sqlite3"
    client = app_on(folder, db)
    game = start(client)
    sqlite3.connect(db).execute("UPDATE games SET owner = '' WHERE id = ?",
                                (game["id"],)).connection.commit()
    again = app_on(folder, db, client)
    seen = again.get(f"/api/table/{game['id']}")
    assert seen.status_code == 200 and seen.json()["yours"] is False
    refused = again.post(f"/api/table/{game['id']}/end", json={"turn": 0})
    assert refused.status_code == 403
    assert again.cookies.get(f"table-{game['id']}")  # a token, but not the stored one


V1_GAMES = """CREATE TABLE games (id TEXT PRIMARY KEY, rules TEXT NOT NULL,
    variants TEXT NOT NULL, params TEXT NOT NULL, seed INTEGER NOT NULL,
    players TEXT NOT NULL, kinds TEXT NOT NULL, seating TEXT NOT NULL, tokens TEXT NOT NULL,
    taken TEXT NOT NULL, room TEXT, owner TEXT NOT NULL, asked TEXT, title TEXT NOT NULL,
    moves INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL, updated REAL NOT NULL)"""
"""The games table of schema version 1 (before table games: every game had a seed); its first
files have no ``asked`` (added with undo, the version left at 1)."""


def _as_version_1(new: Path, old: Path, asked: bool) -> None:
    """A copy of ``new``'s games in a file of schema version 1, as that version wrote it."""
    db = sqlite3.connect(old)
    db.execute(V1_GAMES if asked else V1_GAMES.replace("asked TEXT, ", ""))
    db.execute("CREATE TABLE moves (game TEXT NOT NULL REFERENCES games(id), "
               "n INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (game, n))")
    db.execute("CREATE TABLE history (seq INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT "
               "NULL REFERENCES games(id), at REAL NOT NULL, what TEXT NOT NULL, "
               "n INTEGER NOT NULL, move TEXT NOT NULL)")
    db.execute("CREATE INDEX games_updated ON games (updated)")
    db.execute(f"ATTACH DATABASE '{new}' AS new")
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    db.execute(f"INSERT INTO games SELECT {', '.join(columns)} FROM new.games")
    db.execute("INSERT INTO moves SELECT * FROM new.moves")
    db.execute("INSERT INTO history SELECT * FROM new.history")
    db.commit()
    db.execute("DETACH DATABASE new")
    db.execute("PRAGMA user_version = 1")
    db.close()


@pytest.mark.parametrize("asked", [True, False])
def test_a_version_1_file_is_upgraded_in_place_and_its_games_load(folder: Path, tmp_path: Path,
                                                                  asked: bool) -> None:
    new, old = tmp_path / "new.sqlite3", tmp_path / "old.sqlite3"
    client = app_on(folder, new)
    made = client.post("/api/games", json={"rules": "@0/tiny.carc", "seed": 5, "players": [
        {"name": "Ann", "kind": "greedy"}, {"name": "Bob", "kind": "greedy"}]})
    assert made.status_code == 201, made.text
    gid = made.json()["id"]
    for _ in range(4):
        assert client.post(f"/api/games/{gid}/step", json={}).status_code == 200
    before = client.get(f"/api/games/{gid}").json()
    assert before["state"]["moves"] >= 4
    _as_version_1(new, old, asked)
    assert sqlite3.connect(old).execute("PRAGMA user_version").fetchone()[0] == 1

    upgraded = app_on(folder, old)
    after = upgraded.get(f"/api/games/{gid}").json()
    assert after["state"] == before["state"] and after["seed"] == 5
    assert upgraded.get("/api/games").json()["games"][0]["mode"] == "live"
    table_game = start(upgraded)  # and a table game goes into the upgraded file
    store = GameStore(old)
    assert store.check() == "ok"
    assert store.get(table_game["id"]).seed is None and store.get(gid).seed == 5
    db = sqlite3.connect(old)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    schema = " ".join(sql for (sql,) in db.execute("SELECT sql FROM sqlite_master "
                                                    "WHERE sql IS NOT NULL"))
    assert "games_2" not in schema and "REFERENCES games(id)" in schema
    assert json.loads(db.execute("SELECT players FROM games WHERE id = ?",
                                 (gid,)).fetchone()[0]) == ["Ann", "Bob"]
