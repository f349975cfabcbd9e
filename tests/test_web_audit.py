"""Issue 28 seen by an attacker: what a stranger who knows a game's id (the games list
names every one) can and cannot do to the people playing it, against a real ``carcdsl serve``
(its event streams are held open by sockets, as browsers hold them)."""

from __future__ import annotations

import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

import pytest

httpx = pytest.importorskip("httpx")

from serving import served_at  # noqa: E402

from carcdsl.web.together import MAX_WATCHERS  # noqa: E402

PEOPLE = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def _stream(base: str, gid: str, cookie: str | None = None) -> tuple[socket.socket, int]:
    """An event stream opened as a browser opens it: the socket (kept open) and its status."""
    url = urlparse(base)
    sock = socket.create_connection((url.hostname, url.port), timeout=10)
    extra = f"Cookie: seat-{gid}={cookie}\r\n" if cookie else ""
    sock.sendall(f"GET /api/games/{gid}/events HTTP/1.1\r\nHost: {url.netloc}\r\n{extra}\r\n"
                 .encode())
    head = sock.recv(200).split(b"\r\n")[0]
    return sock, int(head.split()[1])


@contextmanager
def _held(socks: list[socket.socket]) -> Iterator[None]:
    try:
        yield
    finally:
        for sock in socks:
            sock.close()


def test_strangers_watching_cannot_cut_a_seated_player_off(tmp_path: Path) -> None:
    """Strangers may fill a game's watchers' streams (then 429), but a browser that holds a
    seat still gets its stream: else its page would never see the other's move (a browser's
    EventSource gives up on a 429)."""
    with served_at("--db", str(tmp_path / "g.db")) as base:
        client = httpx.Client(base_url=base, timeout=10)
        game = client.post("/api/games", json={"rules": "base", "variants": ["tiny-city"],
                                               "seed": 4, "players": PEOPLE, "share": True})
        assert game.status_code == 201, game.text
        gid = game.json()["id"]
        bob = next(s["link"].split("seat=")[1] for s in game.json()["links"]["seats"]
                   if not s["yours"])
        assert client.post(f"/api/games/{gid}/join", json={"token": bob}).status_code == 200
        watchers = [_stream(base, gid) for _ in range(MAX_WATCHERS + 1)]
        with _held([sock for sock, _ in watchers]):
            assert [status for _, status in watchers] == [200] * MAX_WATCHERS + [429]
            seated, status = _stream(base, gid, cookie=bob)
            with _held([seated]):
                assert status == 200
            forged, status = _stream(base, gid, cookie="not-a-seat")
            with _held([forged]):
                assert status == 429  # a made-up token is a stranger


@pytest.mark.parametrize("route", ["moves", "preview", "undo", "join"])
def test_a_token_of_any_text_is_refused_not_a_bug(tmp_path: Path, route: str) -> None:
    """A token is compared in constant time; one with letters beyond ASCII (a forged one, or a
    cookie in another encoding) is no seat: a 403, not a 500 from the comparison."""
    from starlette.testclient import TestClient

    from carcdsl.web.app import Settings, create_app

    client = TestClient(create_app(Settings(db=str(tmp_path / "g.db"))))
    game = client.post("/api/games", json={"rules": "base", "variants": ["tiny-city"],
                                           "seed": 4, "players": PEOPLE, "share": True}).json()
    body = {"token": "sèat", "turn": 0, "move": game["turn"]["choices"][0]["move"]}
    answer = TestClient(client.app).post(f"/api/games/{game['id']}/{route}", json=body)
    assert answer.status_code == 403, answer.text
    assert client.get(f"/api/games/{game['id']}").json()["state"]["moves"] == 0


def test_an_undo_refusal_says_why_not_whose_turn_it_is(tmp_path: Path) -> None:
    """Taking back or answering for a move is not about whose turn it is: a watcher asking,
    and the asker or a watcher answering their own request, each hear what they may not do."""
    from starlette.testclient import TestClient

    from carcdsl.web.app import Settings, create_app

    app = create_app(Settings(db=str(tmp_path / "g.db")))
    ann, bob, watcher = TestClient(app), TestClient(app), TestClient(app)
    game = ann.post("/api/games", json={"rules": "base", "variants": ["tiny-city"],
                                        "seed": 4, "players": PEOPLE, "share": True}).json()
    gid = game["id"]
    link = next(s["link"] for s in game["links"]["seats"] if not s["yours"])
    bob.post(f"/api/games/{gid}/join", json={"token": link.split("seat=")[1]})
    mover = ann if ann.get(f"/api/games/{gid}").json()["turn"] else bob
    seen = mover.get(f"/api/games/{gid}").json()
    assert mover.post(f"/api/games/{gid}/moves", json={
        "move": seen["turn"]["choices"][0]["move"], "turn": 0}).status_code == 200
    stranger = watcher.post(f"/api/games/{gid}/undo", json={"turn": 1})
    assert stranger.status_code == 403 and "turn" not in stranger.json()["error"]
    assert "play" in stranger.json()["error"]
    assert mover.post(f"/api/games/{gid}/undo", json={"turn": 1}).status_code == 202
    for client in (mover, watcher):
        refused = client.post(f"/api/games/{gid}/undo/answer", json={"yes": True})
        assert refused.status_code == 403 and "asked" in refused.json()["error"]
        assert "turn" not in refused.json()["error"]
    assert ann.get(f"/api/games/{gid}").json()["state"]["moves"] == 1


def test_a_query_field_given_too_often_is_named_not_echoed(tmp_path: Path) -> None:
    """``?variant=`` 21 times (a body's ``variants`` holds 20 at most) is one clear refusal
    naming the field, not 'unknown rule set or variant' quoting a Python list."""
    from starlette.testclient import TestClient

    from carcdsl.web.app import Settings, create_app

    client = TestClient(create_app(Settings(db=str(tmp_path / "g.db"))))
    query = "&".join(["variant=tiny-city"] * 21)
    answer = client.get(f"/api/rulesets/about?rules=base&{query}")
    assert answer.status_code == 400, answer.text
    assert answer.json()["where"] == "?variant" and "20" in answer.json()["error"]
    assert "[" not in answer.json()["error"]


def test_the_same_move_sent_twice_at_once_is_played_once_the_rest_stale(tmp_path: Path) -> None:
    """Two tabs of one seat (or a replayed request) send the same move at once: one is
    played, every other is a 409 for a turn gone by (the page then asks for the game), not a
    403 'not your seat's turn', and the game holds one move."""
    import threading

    from starlette.testclient import TestClient

    from carcdsl.web.app import Settings, create_app

    client = TestClient(create_app(Settings(db=str(tmp_path / "g.db"))))
    game = client.post("/api/games", json={"rules": "base", "variants": ["tiny-city"],
                                           "seed": 4, "players": PEOPLE,
                                           "share": True}).json()
    body = {"move": game["turn"]["choices"][0]["move"], "turn": 0}  # then the other's turn
    statuses: list[int] = []

    def send() -> None:
        statuses.append(client.post(f"/api/games/{game['id']}/moves", json=body).status_code)
    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200, 409, 409, 409]
    again = client.post(f"/api/games/{game['id']}/moves", json=body)
    assert again.status_code == 409 and "move 1" in again.json()["error"]
    assert client.get(f"/api/games/{game['id']}").json()["state"]["moves"] == 1


def test_event_streams_stay_within_the_open_files_a_server_may_have(tmp_path: Path) -> None:
    """Under a limit of 256 open files, streams held across several games (each under its
    own bound) are refused once the server's share of its files is spent, and the server
    still answers; before, it took streams until it could open no file (nor accept a
    connection) and answered no one, even after they were let go."""
    import re
    import subprocess
    import time

    proc = subprocess.Popen(["bash", "-c", "ulimit -n 256; exec \"$0\" -m carcdsl serve "
                             f"--db {tmp_path / 'g.db'} --port 0", sys.executable],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    held: list[socket.socket] = []
    try:
        assert proc.stdout is not None
        found = re.search(r"http://\S+/", proc.stdout.readline())
        assert found
        base = found.group(0)
        client = httpx.Client(base_url=base, timeout=10)
        body = {"rules": "base", "variants": ["tiny-city"], "seed": 4, "players": PEOPLE,
                "share": True}
        games = [client.post("/api/games", json=body).json()["id"] for _ in range(4)]
        statuses = []
        for i in range(4 * MAX_WATCHERS):
            sock, status = _stream(base, games[i % 4])
            statuses.append(status)
            (held.append(sock) if status == 200 else sock.close())
        assert statuses.count(429) > 0 and set(statuses) == {200, 429}
        began = time.monotonic()
        assert httpx.get(base + "api/games", timeout=10).status_code == 200
        assert time.monotonic() - began < 5
    finally:
        for sock in held:
            sock.close()
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_an_undo_after_the_game_ended_says_the_game_is_over(tmp_path: Path) -> None:
    """A finished game takes nothing back: the refusal says it is over (as a move after the
    end does), not that there is no move of yours, and the record stays whole."""
    import shutil

    from starlette.testclient import TestClient

    from carcdsl.web.app import Settings, create_app
    from carcdsl.web.files import Folders

    shutil.copy(Path(__file__).parent / "data" / "web" / "tiny.carc", tmp_path / "tiny.carc")
    client = TestClient(create_app(Settings(Folders.of([str(tmp_path)]), "en",
                                            db=str(tmp_path / "g.db"))))
    game = client.post("/api/games", json={"rules": "@0/tiny.carc", "seed": 3, "players": [
        {"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "greedy"}]}).json()
    while not game["state"]["finished"]:
        game = client.post(f"/api/games/{game['id']}/moves", json={
            "move": game["turn"]["choices"][0]["move"], "turn": game["state"]["moves"]}).json()
    moves = game["state"]["moves"]
    refused = client.post(f"/api/games/{game['id']}/undo", json={"turn": moves})
    assert refused.status_code == 409 and "over" in refused.json()["error"], refused.text
    assert client.get(f"/api/games/{game['id']}").json()["state"]["moves"] == moves


def test_an_unknown_game_is_said_to_be_in_no_file_here_not_closed(tmp_path: Path) -> None:
    """Games are kept in the file (``--db``) and never closed: an unknown id (mistyped, or a
    game of another file) says where games are looked for, not that it was closed to make
    room (no game is), in either language."""
    from starlette.testclient import TestClient

    from carcdsl.web.app import Settings, create_app

    client = TestClient(create_app(Settings(db=str(tmp_path / "g.db"))))
    for lang in ("en", "nl"):
        answer = client.get(f"/api/games/no-such-game?lang={lang}")
        assert answer.status_code == 404
        assert "--db" in answer.json()["error"], answer.text


def test_an_empty_db_name_is_refused_not_taken_for_the_default(tmp_path: Path) -> None:
    """``--db ""`` (say, ``--db "$UNSET"``) names no file: one line and status 1, rather than
    the user's default file used without a word of why."""
    import os
    import subprocess

    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "carcdsl", "serve", "--db", "", "--port", "0"],
                          capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "--db" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "carcdsl").exists()  # no default file made
