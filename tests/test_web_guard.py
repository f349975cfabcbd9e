"""What the browser app takes from a request, and how it refuses the rest: every text field of
every endpoint (JSON body and query) refused with one 4xx naming it when it holds a lone
surrogate or a NUL, is over-long or of the wrong type, changing nothing and logging no
traceback; nesting too deep; and a body that never arrives, against the real server."""

from __future__ import annotations

import copy
import json
import logging
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from starlette.testclient import TestClient  # noqa: E402

from carcdsl.web.app import Settings, create_app  # noqa: E402
from carcdsl.web.fields import BODY, MAX_TEXT  # noqa: E402
from carcdsl.web.files import Folders  # noqa: E402
from carcdsl.web.server import make_server  # noqa: E402

WEB = Path(__file__).parent / "data" / "web"
TINY = (WEB / "tiny.carc").read_text(encoding="utf-8")
RECORD = json.loads((WEB.parent / "records" / "final-city.json").read_text(encoding="utf-8"))
PLAYERS = [{"name": "P1", "kind": "human"}, {"name": "P2", "kind": "greedy"}]
TILE = {"name": "L", "count": 1, "segments": [{"kind": "city", "ports": ["N", "E"]}]}


@pytest.fixture
def served(tmp_path: Path) -> Path:
    folder = tmp_path / "served"
    folder.mkdir()
    shutil.copy(WEB / "tiny.carc", folder / "tiny.carc")
    shutil.copy(WEB / "tiny-game.json", folder / "tiny-game.json")
    return folder


@pytest.fixture
def client(served: Path) -> TestClient:
    return TestClient(create_app(Settings(Folders.of([served]), "en")),
                      raise_server_exceptions=False)


def requests(game: dict) -> dict[str, tuple[str, dict[str, Any]]]:
    """A good request of every endpoint that takes a JSON body: (url, body)."""
    turn = {"move": game["turn"]["choices"][0]["move"], "turn": game["state"]["moves"]}
    return {
        "new-game": ("/api/games", {"rules": "base", "variants": ["farmers"],
                                    "players": PLAYERS, "seed": 3}),
        "preview": (f"/api/games/{game['id']}/preview", turn),
        "move": (f"/api/games/{game['id']}/moves", turn),
        "open-record": ("/api/records", {"ref": "@0/tiny-game.json"}),
        "upload-record": ("/api/records", {"record": RECORD, "name": "mine.json"}),
        "save": ("/api/files/save", {"ref": "@0/tiny.carc", "text": TINY}),
        "new-file": ("/api/files/new", {"folder": 0, "name": "mine", "template": "base"}),
        "check": ("/api/author/check", {"text": TINY, "ref": "@0/tiny.carc",
                                        "name": "x.carc"}),
        "tile-language": ("/api/author/tile-language", {"text": TINY, "name": "x.carc"}),
        "tile": ("/api/author/tile", {"text": TINY, "tile": TILE, "was": "E"}),
    }


# every text field of every endpoint: (request, JSON path)
TEXT_FIELDS = [
    ("new-game", "rules"), ("new-game", "variants[0]"), ("new-game", "players[1].name"),
    ("new-game", "players[0].kind"),
    ("preview", "move.tile"), ("move", "move.tile"), ("move", "move.follower"),
    ("open-record", "ref"),
    ("upload-record", "name"), ("upload-record", "record.rules"),
    ("upload-record", "record.players[1]"), ("upload-record", "record.moves[0].follower"),
    ("save", "ref"), ("save", "text"),
    ("new-file", "name"), ("new-file", "template"),
    ("check", "text"), ("check", "ref"), ("check", "name"),
    ("tile-language", "text"), ("tile-language", "name"),
    ("tile", "text"), ("tile", "was"), ("tile", "tile.name"),
]
BAD = {"surrogate": "\ud800", "nul": "a\x00b", "over-long": None, "wrong-type": 12345}


def _steps(path: str) -> list[str | int]:
    return [int(i) if i else k for k, i in re.findall(r"(\w+)|\[(\d+)\]", path)]


def with_value(body: dict, path: str, value: object) -> dict:
    """``body`` with the value at a JSON path replaced."""
    changed = copy.deepcopy(body)
    *parents, last = _steps(path)
    here: Any = changed
    for step in parents:
        here = here[step]
    if path == "move.follower" and not isinstance(here, dict):
        raise AssertionError("the move has no follower")
    here[last] = value
    return changed


def snapshot(client: TestClient, served: Path, game: dict) -> tuple:
    """What a request could change: the served files, the games and records open, and the
    game's moves."""
    app = client.app.app.state.app  # type: ignore[attr-defined]
    files = sorted((p.name, p.read_bytes()) for p in served.iterdir())
    live = app.live.get(game["id"])
    return files, len(app.live), len(app.records), len(live.state.moves)


@pytest.fixture
def game(client: TestClient) -> dict:
    """A game of the tiny rules whose first choice places a follower (for ``follower``)."""
    answer = client.post("/api/games", json={"rules": "@0/tiny.carc", "players": PLAYERS,
                                             "seed": 3})
    assert answer.status_code == 201, answer.text
    found = answer.json()
    with_follower = [c for c in found["turn"]["choices"] if "follower" in c["move"]]
    found["turn"]["choices"] = with_follower
    return found


@pytest.mark.parametrize("bad", list(BAD))
@pytest.mark.parametrize(("name", "path"), TEXT_FIELDS)
def test_every_text_field_refuses_what_no_text_may_be(client: TestClient, served: Path,
                                                      game: dict, caplog, name: str,
                                                      path: str, bad: str) -> None:
    url, good = requests(game)[name]
    if bad == "over-long" and path == "text":
        pytest.skip("a text longer than the body limit is the guard's 413 (test_web.py)")
    value = "x" * (MAX_TEXT + 1) if bad == "over-long" else BAD[bad]
    body = with_value(good, path, value)
    before = snapshot(client, served, game)
    with caplog.at_level(logging.ERROR, logger="carcdsl.web"):
        answer = client.post(url, content=json.dumps(body),
                             headers={"content-type": "application/json"})
    assert 400 <= answer.status_code < 500, answer.text
    assert answer.json()["where"] == path, answer.text
    assert snapshot(client, served, game) == before
    assert not caplog.records


@pytest.mark.parametrize("name", ["new-game", "preview", "move", "open-record",
                                  "upload-record", "save", "new-file", "check", "tile"])
def test_the_good_requests_are_good(client: TestClient, game: dict, name: str) -> None:
    """The requests the table above spoils, unspoilt, are answered (so a refusal there is
    the field's)."""
    url, body = requests(game)[name]
    answer = client.post(url, json=body)
    assert answer.status_code in (200, 201), answer.text


QUERY_FIELDS = [("/api/rulesets/about?rules={}", "?rules"),
                ("/api/rulesets/about?rules=base&variant={}", "?variant"),
                ("/api/files/text?ref={}", "?ref"),
                ("/api/catalogue?lang={}", "?lang"),
                ("/play?lang={}", "?lang")]


@pytest.mark.parametrize("bad", ["a%00b", "x" * 600])
@pytest.mark.parametrize(("url", "where"), QUERY_FIELDS)
def test_every_query_field_refuses_a_nul_and_over_long(client: TestClient, caplog, url: str,
                                                       where: str, bad: str) -> None:
    with caplog.at_level(logging.ERROR, logger="carcdsl.web"):
        answer = client.get(url.format(bad))
    assert answer.status_code == 400, answer.text
    assert answer.json()["where"] == where
    assert not caplog.records


@pytest.mark.parametrize(("body", "where"), [
    ({"players": [{"name": 1}]}, "players[0].name"),
    ({"rules": "base", "players": "P1"}, "players"),
    ({"rules": "base", "players": ["P1"]}, "players[0]"),
    ({"rules": "base", "variants": "farmers", "players": PLAYERS}, "variants"),
    ({"rules": "base", "players": PLAYERS * 7}, "players"),
    ({"rules": "base", "players": PLAYERS, "seed": True}, "seed"),
    ({"rules": "base", "players": PLAYERS, "\ud800": 1}, "\\ud800"),
])
def test_a_field_of_the_wrong_kind_is_named(client: TestClient, body: dict,
                                            where: str) -> None:
    answer = client.post("/api/games", content=json.dumps(body),
                         headers={"content-type": "application/json"})
    assert answer.status_code == 400 and answer.json()["where"] == where, answer.text


def test_nesting_too_deep_is_refused_where_it_is(client: TestClient, caplog) -> None:
    for depth in (100, 5000):  # under and over what json.loads itself takes
        body = '{"rules": "base", "players": ' + "[" * depth + "]" * depth + "}"
        with caplog.at_level(logging.ERROR, logger="carcdsl.web"):
            answer = client.post("/api/games", content=body,
                                 headers={"content-type": "application/json"})
        assert answer.status_code == 400, answer.text
        assert answer.json()["where"].startswith("players[0]" if depth == 100 else "body")
        if depth == 5000:  # JSON still, however deep: not "not JSON"
            assert "nested deeper" in answer.json()["error"]
    assert not caplog.records


def test_a_file_name_that_is_no_text_is_not_offered(client: TestClient, served: Path) -> None:
    """A served file whose name is not UTF-8 cannot be named by the page: it is left out of
    the catalogue, which answers."""
    try:
        (served / "bad\udcff.carc").write_bytes(TINY.encode())  # b"bad\xff.carc" on disk
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system takes no such name")
    answer = client.get("/api/catalogue")
    assert answer.status_code == 200, answer.text
    assert "@0/tiny.carc" in answer.text and "bad" not in answer.text


# --- a body that never arrives, against the real server -----------------------------------

@pytest.fixture
def server(served: Path) -> Iterator[tuple[str, int]]:
    """``serve``'s server on a free loopback port, with deadlines of 1 s for the headers and
    for the body."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    app = create_app(Settings(Folders.of([served]), body_seconds=1.0))
    running = make_server(app, header_seconds=1.0)
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not running.started:
        time.sleep(0.02)
    yield sock.getsockname()[:2]
    running.should_exit = True
    thread.join(10)
    sock.close()


def _answer_or_close(address: tuple[str, int], request: bytes, wait: float) -> bytes:
    """What the server sends back before it closes the connection (``wait`` seconds at
    most: a hang is a failure, not a stuck test)."""
    with socket.create_connection(address, timeout=wait) as conn:
        conn.sendall(request)
        got = b""
        try:
            while chunk := conn.recv(4096):
                got += chunk
        except TimeoutError:
            raise AssertionError(f"still open after {wait} s: {got!r}") from None
        return got


def test_a_body_shorter_than_its_length_is_refused_in_bounded_time(
        server: tuple[str, int]) -> None:
    host, port = server
    request = (f"POST /api/author/check HTTP/1.1\r\nHost: {host}:{port}\r\n"
               "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
               '{"text": "').encode()
    got = _answer_or_close(server, request, wait=15)
    assert got.startswith(b"HTTP/1.1 408"), got
    assert b'"where":"body"' in got


@pytest.mark.parametrize("request_start", [
    b"",  # connected, and nothing sent
    b"POST /api/author/check HTTP/1.1\r\nHost: x\r\n",  # half the headers
])
def test_headers_that_never_arrive_close_the_connection(server: tuple[str, int],
                                                        request_start: bytes) -> None:
    assert _answer_or_close(server, request_start, wait=15) == b""


def test_a_kept_connection_that_starts_a_request_and_stops_is_closed(
        server: tuple[str, int]) -> None:
    """After one answer, half the headers of the next stop uvicorn's own idle timeout (any
    byte does): the deadline holds for them too."""
    host, port = server
    whole = f"GET /api/catalogue HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode()
    with socket.create_connection(server, timeout=15) as conn:
        conn.sendall(whole)
        got = b""
        while b"\r\n\r\n" not in got:
            got += conn.recv(65536)
        head, _, body = got.partition(b"\r\n\r\n")
        length = int(re.search(rb"content-length: (\d+)", head, re.I)[1])  # type: ignore[index]
        while len(body) < length:
            body += conn.recv(65536)
        conn.sendall(b"GET /api/cat")  # the answer is in: half of the next request
        try:
            assert conn.recv(4096) == b""
        except TimeoutError:
            raise AssertionError("still open after 15 s") from None


def test_the_real_server_still_answers_a_whole_request(server: tuple[str, int]) -> None:
    host, port = server
    body = json.dumps({"text": "x"}).encode()
    request = (f"POST /api/author/check HTTP/1.1\r\nHost: {host}:{port}\r\n"
               f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
               "Connection: close\r\n\r\n").encode() + body
    got = _answer_or_close(server, request, wait=15)
    assert got.startswith(b"HTTP/1.1 200"), got


def test_a_bots_move_sent_by_a_page_is_refused(client: TestClient) -> None:
    """Another seat's move: in a game of bots only, a page may step them, never move for
    them (409, the game as it was)."""
    answer = client.post("/api/games", json={"rules": "@0/tiny.carc", "seed": 3, "players": [
        {"name": "A", "kind": "greedy"}, {"name": "B", "kind": "random"}]})
    watched = answer.json()
    live = client.app.app.state.app.live.get(watched["id"])  # type: ignore[attr-defined]
    legal = live.state.to_placement(*next(live.state.iter_moves())).to_json()
    moved = client.post(f"/api/games/{watched['id']}/moves", json={"move": legal, "turn": 0})
    assert moved.status_code == 409 and moved.json()["where"] == "turn"
    assert len(live.state.moves) == 0


TEXTS = st.text(st.characters(exclude_categories=()), max_size=8) | st.sampled_from(
    ["base", "farmers", "@0/tiny.carc", "human", "greedy", "city:N", "D", TINY])
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | TEXTS,
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(TEXTS, inner, max_size=4), max_leaves=12)
BODIES = st.dictionaries(st.sampled_from(sorted({k.split(".")[0].split("[")[0] for k in BODY})),
                         JSON, max_size=6)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(name=st.sampled_from(["new-game", "preview", "move", "upload-record", "save",
                             "new-file", "check", "tile-language", "tile"]), body=BODIES)
def test_any_body_is_an_answer_or_a_refusal_never_a_bug(client: TestClient, game: dict,
                                                        caplog, name: str, body: dict) -> None:
    url, _good = requests(game)[name]
    with caplog.at_level(logging.ERROR, logger="carcdsl.web"):
        answer = client.post(url, content=json.dumps(body),
                             headers={"content-type": "application/json"})
    assert answer.status_code < 500, answer.text
    assert not caplog.records


def test_a_loop_of_links_in_a_served_folder_is_no_file(served: Path, client: TestClient):
    """A link to itself and two links to each other in the served folder: the catalogue
    lists the other files and not them, and asking for one is a 4xx, never a 500
    (``Path.resolve`` raised RuntimeError on a loop)."""
    (served / "self.carc").symlink_to("self.carc")
    (served / "a.carc").symlink_to("b.carc")
    (served / "b.carc").symlink_to("a.carc")
    answer = client.get("/api/catalogue")
    assert answer.status_code == 200, answer.text
    refs = [r["ref"] for r in answer.json()["rules"]]
    assert "@0/tiny.carc" in refs and not {"@0/self.carc", "@0/a.carc"} & set(refs)
    for ref in ("@0/self.carc", "@0/a.carc"):
        got = client.get("/api/files/text", params={"ref": ref})
        assert 400 <= got.status_code < 500, (ref, got.text)
        saved = client.post("/api/files/save", json={"ref": ref, "text": "rules x\n"})
        assert 400 <= saved.status_code < 500, (ref, saved.text)
