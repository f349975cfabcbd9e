"""Games several people play, each in their own browser, through the API (Starlette's
TestClient; each client its own cookies): seats held by tokens, a move for another seat
refused and nothing changed, the room link, games kept in the store across app instances
(a restart), the games list, and the record of a stored game replaying to its scores."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from carcdsl.formats.record import parse_record, replay_output  # noqa: E402
from carcdsl.replay import replay  # noqa: E402
from carcdsl.web.app import Settings, create_app  # noqa: E402
from carcdsl.web.store import GameStore  # noqa: E402

PEOPLE = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def _app(db: Path) -> TestClient:
    return TestClient(create_app(Settings(db=str(db))))


def _start(client: TestClient, share: bool = True, players=PEOPLE) -> dict:
    answer = client.post("/api/games", json={"rules": "base", "variants": ["tiny-city"],
                                             "seed": 4, "players": players, "share": share})
    assert answer.status_code == 201, answer.text
    return answer.json()


def _move(client: TestClient, game: dict, token: str | None = None):
    choice = game["turn"]["choices"][0] if game.get("turn") else {"move": {"discard": "x"}}
    body = {"move": choice["move"], "turn": game["state"]["moves"]}
    if token is not None:
        body["token"] = token
    return client.post(f"/api/games/{game['id']}/moves", json=body)


def _token(link: str) -> str:
    return link.split("seat=")[1]


def _seated(tmp_path: Path) -> tuple[TestClient, TestClient, TestClient, dict]:
    """Ann's client (who made the game), Bob's (by his link) and a watcher's."""
    ann, bob, watcher = _app(tmp_path / "g.db"), _app(tmp_path / "g.db"), _app(tmp_path / "g.db")
    game = _start(ann)
    theirs = next(s for s in game["links"]["seats"] if not s["yours"])
    joined = bob.post(f"/api/games/{game['id']}/join", json={"token": _token(theirs["link"])})
    assert joined.status_code == 200 and joined.json()["you"] == [theirs["seat"]]
    return ann, bob, watcher, game


def test_each_seat_moves_only_for_itself(tmp_path: Path) -> None:
    ann, bob, watcher, game = _seated(tmp_path)
    gid = game["id"]
    for _ in range(6):
        seen = {name: c.get(f"/api/games/{gid}").json() for name, c in
                (("ann", ann), ("bob", bob), ("watcher", watcher))}
        current = seen["ann"]["state"]["current"]
        mover, waiter = ("ann", "bob") if current in seen["ann"]["you"] else ("bob", "ann")
        assert seen[mover]["turn"] is not None
        assert seen[waiter]["turn"] is None and seen["watcher"]["turn"] is None
        assert seen["watcher"]["you"] == [] and seen["watcher"]["links"] is None
        clients = {"ann": ann, "bob": bob, "watcher": watcher}
        as_mover = seen[mover]
        for other in (waiter, "watcher"):  # its cookie holds another seat, or none
            refused = _move(clients[other], as_mover)
            assert refused.status_code == 403 and "error" in refused.json()
        wrong = next(_token(s["link"]) for s in game["links"]["seats"]
                     if s["seat"] != current)
        assert _move(clients[mover], as_mover, wrong).status_code == 403  # another's token
        assert clients[mover].get(f"/api/games/{gid}").json()["state"]["moves"] == \
            as_mover["state"]["moves"]  # nothing changed
        moved = _move(clients[mover], as_mover)  # its own cookie
        assert moved.status_code == 200, moved.text
        assert moved.json()["state"]["moves"] == as_mover["state"]["moves"] + 1


def test_a_hot_seat_game_moves_for_every_person(tmp_path: Path) -> None:
    client = _app(tmp_path / "g.db")
    game = _start(client, share=False)
    assert game["links"] is None and sorted(game["you"]) == [0, 1]
    for _ in range(4):
        game = _move(client, game).json()
        assert game["turn"] is not None


def test_the_room_gives_each_person_a_free_seat(tmp_path: Path) -> None:
    ann = _app(tmp_path / "g.db")
    game = _start(ann, players=[*PEOPLE, {"name": "Cy", "kind": "human"}])
    room = game["links"]["room"].split("room=")[1]
    seats = []
    for _ in range(2):
        joined = _app(tmp_path / "g.db").post(f"/api/games/{game['id']}/join",
                                              json={"room": room})
        assert joined.status_code == 200
        seats += joined.json()["you"]
    assert sorted(seats + game["you"]) == [0, 1, 2]
    full = _app(tmp_path / "g.db").post(f"/api/games/{game['id']}/join", json={"room": room})
    assert full.status_code == 409 and "watch" in full.json()["error"]
    bad = _app(tmp_path / "g.db").post(f"/api/games/{game['id']}/join", json={"room": "x"})
    assert bad.status_code == 403


def test_a_game_lives_on_after_a_restart_and_replays_to_its_scores(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    client = _app(db)
    game = _start(client, share=False, players=[{"name": "Ann", "kind": "human"},
                                                {"name": "Bot", "kind": "greedy"}])
    for _ in range(5):
        game = _move(client, game).json()
    cookies = dict(client.cookies)
    again = _app(db)  # a new server on the same file, the same browser
    again.cookies.update(cookies)
    found = again.get(f"/api/games/{game['id']}").json()
    assert found["state"]["moves"] == game["state"]["moves"]
    assert [p["score"] for p in found["state"]["players"]] == \
        [p["score"] for p in game["state"]["players"]]
    assert found["turn"]["choices"] == game["turn"]["choices"]  # the same tile drawn
    while not found["state"]["finished"]:
        found = _move(again, found).json()
    listed = again.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [game["id"]] and listed[0]["finished"]
    record = parse_record(again.get(f"/api/games/{game['id']}/record").json())
    replayed = replay_output(replay(record))
    assert replayed["scores"] == [p["score"] for p in found["state"]["players"]]


def test_an_unknown_game_and_a_stepping_stranger(tmp_path: Path) -> None:
    client = _app(tmp_path / "g.db")
    assert client.get("/api/games/nope").status_code == 404
    assert client.post("/api/games/nope/join", json={"room": "x"}).status_code == 404
    bots = _start(client, players=[{"name": "A", "kind": "random"},
                                   {"name": "B", "kind": "greedy"}])
    stranger = _app(tmp_path / "g.db")
    assert stranger.post(f"/api/games/{bots['id']}/step", json={}).status_code == 403
    assert client.post(f"/api/games/{bots['id']}/step", json={}).status_code == 200


def test_undo_against_a_bot_takes_the_move_back_at_once(tmp_path: Path) -> None:
    client = _app(tmp_path / "g.db")
    game = _start(client, share=False, players=[{"name": "Ann", "kind": "human"},
                                                {"name": "Bot", "kind": "greedy"}])
    game = _move(client, game).json()
    before, offered = game["state"]["moves"], game["turn"]["choices"]
    after = _move(client, game).json()
    assert after["state"]["moves"] > before and after["can_undo"]
    back = client.post(f"/api/games/{game['id']}/undo", json={"turn": after["state"]["moves"]})
    assert back.status_code == 200, back.text
    assert back.json()["state"]["moves"] == before
    assert back.json()["turn"]["choices"] == offered  # the same tile to place again
    record = client.get(f"/api/games/{game['id']}/record").json()
    assert len(record["moves"]) == before  # only the moves that stand
    history = GameStore(tmp_path / "g.db").history(game["id"])
    assert [what for what, _, _ in history].count("undo") == after["state"]["moves"] - before
    again = _app(tmp_path / "g.db")
    again.cookies.update(dict(client.cookies))
    assert again.get(f"/api/games/{game['id']}").json()["state"]["moves"] == before
    stale = client.post(f"/api/games/{game['id']}/undo", json={"turn": before + 5})
    assert stale.status_code == 409


def test_undo_between_people_needs_the_other_ones_consent(tmp_path: Path) -> None:
    ann, bob, watcher, game = _seated(tmp_path)
    gid = game["id"]

    def seen(client):
        return client.get(f"/api/games/{gid}").json()
    now = seen(ann)
    mover = ann if now["state"]["current"] in now["you"] else bob
    waiter = bob if mover is ann else ann
    start = now["state"]["moves"]
    moved = _move(mover, seen(mover)).json()
    asked = mover.post(f"/api/games/{gid}/undo", json={"turn": moved["state"]["moves"]})
    assert asked.status_code == 202 and asked.json()["state"]["moves"] == start + 1
    assert asked.json()["undo"]["asked_by_you"]
    assert watcher.post(f"/api/games/{gid}/undo", json={"turn": start + 1}).status_code == 403
    assert mover.post(f"/api/games/{gid}/undo/answer", json={"yes": True}).status_code == 403
    request = seen(waiter)["undo"]
    assert request["yours_to_answer"] and request["to"] == start
    refused = waiter.post(f"/api/games/{gid}/undo/answer", json={"yes": False}).json()
    assert refused["undo"] is None and refused["state"]["moves"] == start + 1
    mover.post(f"/api/games/{gid}/undo", json={"turn": start + 1})
    allowed = waiter.post(f"/api/games/{gid}/undo/answer", json={"yes": True})
    assert allowed.status_code == 200 and allowed.json()["state"]["moves"] == start
    assert seen(mover)["turn"] is not None and seen(waiter)["turn"] is None


def test_serve_says_where_games_are_kept_and_what_a_network_address_exposes(
        tmp_path: Path) -> None:
    import subprocess
    import sys

    db = tmp_path / "deep" / "games.sqlite3"
    proc = subprocess.Popen([sys.executable, "-m", "carcdsl", "serve", "--host", "0.0.0.0",
                             "--port", "0", "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stderr is not None
        # an address a browser can open (Chromium refuses 0.0.0.0), not the one listened on
        assert "http://127.0.0.1:" in proc.stdout.readline()
        said = [proc.stderr.readline() for _ in range(3)]
    finally:
        proc.kill()
        proc.wait()
    assert str(db) in said[0] and db.exists()
    assert "anyone who can reach" in said[1]
    assert "open every game stored here" in said[2] and "take a free seat" in said[2]
    bad = subprocess.run([sys.executable, "-m", "carcdsl", "serve", "--db", str(tmp_path)],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert "cannot use the games database" in bad.stderr
