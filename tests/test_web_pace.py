"""Issue 28: game creation is bounded per client address (``web.pace``), so that a server
reachable by others cannot have its disk filled with stored games."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from carcdsl.cli.main import main  # noqa: E402
from carcdsl.web.app import Settings, create_app  # noqa: E402
from carcdsl.web.pace import MAX_NEW_GAMES, WINDOW, NewGames  # noqa: E402

LIVE = {"rules": "base", "variants": ["tiny-city"], "players": [
    {"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "greedy"}]}
TABLE = {"rules": "base", "variants": ["tiny-city"], "players": [{"name": "Ann"},
                                                                 {"name": "Bob"}]}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_an_address_may_start_most_games_in_any_minute() -> None:
    clock = Clock()
    pace = NewGames(3, clock)
    assert [pace.wait("a") for _ in range(3)] == [0, 0, 0]
    clock.now += 20
    assert pace.wait("a") == 40  # the first of the three is 40 s from leaving the window
    assert pace.wait("b") == 0  # another address has its own count
    clock.now += 39.5
    assert pace.wait("a") == 1  # never 0 while refused
    clock.now += 0.5
    # the three left the window; the refusals were not counted (else one would be left)
    assert pace.wait("a") == 0 and pace.wait("a") == 0 and pace.wait("a") == 0
    assert pace.wait("a") == WINDOW
    assert MAX_NEW_GAMES == 30


def app(most: int) -> TestClient:
    return TestClient(create_app(Settings(max_new_games=most)))


def test_the_next_new_game_is_a_429_saying_when_in_the_pages_language() -> None:
    client = app(3)
    made = [client.post("/api/games", json=LIVE).status_code,
            client.post("/api/table", json=TABLE).status_code,  # table games count too
            client.post("/api/games", json=LIVE).status_code]
    assert made == [201, 201, 201]
    listed = len(client.get("/api/games").json()["games"])
    for path, body, lang, says in (("/api/games", LIVE, "en", "too many new games"),
                                   ("/api/table", TABLE, "nl", "te veel nieuwe spellen")):
        refused = client.post(f"{path}?lang={lang}", json=body)
        assert refused.status_code == 429, refused.text
        answer = refused.json()
        assert says in answer["error"] and " 3)" in answer["error"], answer
        assert 0 < answer["retry_after"] <= 60
        assert f"{answer['retry_after']} s" in answer["error"]
    assert len(client.get("/api/games").json()["games"]) == listed  # nothing stored
    other = TestClient(client.app, client=("203.0.113.9", 4000))  # another address
    assert other.post("/api/games", json=LIVE).status_code == 201


def test_the_default_bound_lets_a_person_play_and_stops_a_flood() -> None:
    client = TestClient(create_app(Settings()))
    codes = [client.post("/api/table", json=TABLE).status_code
             for _ in range(MAX_NEW_GAMES + 1)]
    assert codes == [201] * MAX_NEW_GAMES + [429]


def test_serve_refuses_a_bound_below_one(capsys, tmp_path: Path) -> None:
    assert main(["serve", "--max-new-games-per-minute", "0", "--db",
                 str(tmp_path / "g.sqlite3"), "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert "--max-new-games-per-minute must be 1 or more, not 0" in err
    assert len(err.strip().splitlines()) == 1


def test_the_addresses_remembered_are_bounded(monkeypatch) -> None:
    from carcdsl.web import pace

    monkeypatch.setattr(pace, "MAX_ADDRESSES", 3)
    bound = NewGames(1, Clock())
    for address in "abcd":
        assert bound.wait(address) == 0
    assert bound.wait("a") == 0  # forgotten: the quietest longest
    assert bound.wait("d") == WINDOW  # still remembered
