"""Games played together, driven in Chromium as people drive them (the pattern of
``test_browser``: Playwright on Debian's Chromium, against ``carcdsl serve`` started as a
command, screenshots in ``tests/artifacts/``): two browser contexts play a whole game, one
seat each, while a third watches every move; a move sent for the other seat is refused; a
reload and a server restart both find the game at the same move."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from serving import launched_chromium, served_at

from carcdsl.formats.record import load_record
from carcdsl.replay import replay

pytestmark = [pytest.mark.slow, pytest.mark.browser]

HERE = Path(__file__).parent
ARTIFACTS = HERE / "artifacts"
TINY = "@0/tiny.carc"


@pytest.fixture(scope="module")
def browser() -> Iterator:
    with launched_chromium() as launched:
        yield launched


@pytest.fixture
def served(tmp_path: Path) -> Path:
    folder = tmp_path / "served"
    folder.mkdir()
    shutil.copy(HERE / "data" / "web" / "tiny.carc", folder / "tiny.carc")
    return folder


@pytest.fixture
def pages(browser) -> Iterator:
    """A new page in a context of its own (its own cookies: another person) per call."""
    contexts, problems = [], []

    def make():
        context = browser.new_context(viewport={"width": 1300, "height": 900},
                                      accept_downloads=True)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        return page
    yield make
    for context in contexts:
        context.close()
    assert not problems, problems


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def moves_of(page) -> int:
    return int(page.get_attribute("#game", "data-moves") or 0)


def wait_moves(page, n: int) -> None:
    page.wait_for_function(f"Number(document.getElementById('game').dataset.moves) >= {n}",
                           timeout=15000)


def start(page, url: str, kinds: tuple[str, str], share: bool, seed: int = 5) -> None:
    page.goto(url + "play")
    page.wait_for_selector(f"#rules option[value='{TINY}']", state="attached")
    page.select_option("#rules", TINY)
    page.fill("#seed", str(seed))
    for i, kind in enumerate(kinds):
        page.locator("select.kind").nth(i).select_option(kind)
    if share:
        page.check("#share")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    page.wait_for_selector("#seat-info .you")


def play_turn(page) -> None:
    """The page's person moves: a square that fits, its first option, confirmed."""
    before = moves_of(page)
    page.locator("rect.fit:not(.other)").first.click()
    options = page.locator("button.option")
    if options.count() and not page.locator("#confirm:not([disabled])").count():
        options.first.click()
    page.wait_for_selector("#confirm:not([disabled])")
    page.click("#confirm")
    wait_moves(page, before + 1)


def post_move(page, move: dict, turn: int) -> int:
    """A move sent from this page's browser as the page sends one: the status."""
    return page.evaluate("""async ([move, turn]) => {
        const r = await fetch(`/api/games/${game.id}/moves`, {method: "POST",
            headers: {"Content-Type": "application/json"},
            body: JSON.stringify({move, turn})});
        return r.status; }""", [move, turn])


def test_two_people_play_a_whole_game_while_a_third_watches(pages, served: Path,
                                                             tmp_path: Path) -> None:
    with served_at(str(served), "--db", str(tmp_path / "games.sqlite3")) as url:
        ann = pages()
        start(ann, url, ("human", "human"), share=True)
        seat_link = ann.locator("li.seat-link input.link").input_value()
        watch_link = ann.locator("li.watch-link input.link").input_value()
        assert "seat=" in seat_link and "seat=" not in watch_link
        shot(ann, "together-links")
        bob, watcher = pages(), pages()
        bob.goto(seat_link)
        watcher.goto(watch_link)
        for page in (bob, watcher):
            page.wait_for_selector("#seat-info .you")
        assert "seat=" not in bob.url  # the cookie holds the seat, not the address
        assert watcher.locator("#seat-info .you").inner_text() == "You are watching this game."
        people = {int(ann.evaluate("game.you[0]")): ann, int(bob.evaluate("game.you[0]")): bob}
        assert sorted(people) == [0, 1]
        refused = False
        for turn in range(40):
            if ann.get_attribute("#game", "data-finished") == "true":
                break
            n = moves_of(ann)
            for page in (bob, watcher):
                wait_moves(page, n)
            current = int(ann.evaluate("game.state.current"))
            mover, other = people[current], people[1 - current]
            mover.wait_for_selector("rect.fit:not(.other)")
            assert other.locator("rect.fit").count() == 0  # not its turn: nothing offered
            if not refused:  # the other seat, and the watcher, send the mover's move
                legal = mover.evaluate("game.turn.choices[0].move")
                assert post_move(other, legal, n) == 403
                assert post_move(watcher, legal, n) == 403
                assert moves_of(mover) == n and int(mover.evaluate("game.state.moves")) == n
                shot(other, "together-refused")  # its board as it was: nothing played
                refused = True
            play_turn(mover)
            for page in (other, watcher):  # pushed to them at once, no reload
                wait_moves(page, n + 1)
            if turn == 1:
                shot(watcher, "together-watcher")
                shot(other, "together-waiting")
        assert refused
        for page in (bob, watcher):
            page.wait_for_selector("#game[data-finished=true]")
        shot(watcher, "together-finished")
        final = [ann.locator("td[data-score-seat]").all_inner_texts(),
                 bob.locator("td[data-score-seat]").all_inner_texts(),
                 watcher.locator("td[data-score-seat]").all_inner_texts()]
        assert final[0] == final[1] == final[2]
        with watcher.expect_download() as download:
            watcher.click("#download")
        saved = served / "together.json"
        download.value.save_as(saved)
        assert replay(load_record(saved)).scores == [int(s) for s in final[0]]


def test_a_reload_then_a_restart_find_the_game_at_the_same_move(pages, served: Path,
                                                               tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite3")
    page = pages()
    with served_at(str(served), "--db", db) as url:
        start(page, url, ("human", "greedy"), share=False, seed=3)
        play_turn(page)
        play_turn(page)
        moves, turn = moves_of(page), page.evaluate("JSON.stringify(game.turn.choices)")
        game_id = page.evaluate("game.id")
        assert f"game={game_id}" in page.url
        page.reload()
        wait_moves(page, moves)
        assert moves_of(page) == moves
        assert page.evaluate("JSON.stringify(game.turn.choices)") == turn  # the same tile
        shot(page, "together-reloaded")
    with served_at(str(served), "--db", db) as again:  # a new server, a new port
        page.goto(again + f"play?game={game_id}")
        page.wait_for_selector("#game:not([hidden])")
        wait_moves(page, moves)
        assert moves_of(page) == moves
        assert page.evaluate("JSON.stringify(game.turn.choices)") == turn
        shot(page, "together-restarted")
        play_turn(page)
        page.goto(again + "games")
        row = page.locator(f"tr[data-game='{game_id}']")
        row.wait_for()
        assert json.loads(row.get_attribute("data-moves") or "0") > moves
        shot(page, "games-list")


def test_undo_against_a_bot_and_between_people_with_consent(pages, served: Path,
                                                            tmp_path: Path) -> None:
    with served_at(str(served), "--db", str(tmp_path / "games.sqlite3")) as url:
        solo = pages()
        start(solo, url, ("human", "greedy"), share=False, seed=3)
        offered = solo.evaluate("JSON.stringify(game.turn.choices)")
        before = moves_of(solo)
        play_turn(solo)
        assert moves_of(solo) > before
        solo.click("#take-back")  # against a bot: at once
        solo.wait_for_function(
            f"Number(document.getElementById('game').dataset.moves) === {before}")
        assert solo.evaluate("JSON.stringify(game.turn.choices)") == offered
        shot(solo, "undo-bot")

        ann = pages()
        start(ann, url, ("human", "human"), share=True)
        bob = pages()
        bob.goto(ann.locator("li.seat-link input.link").input_value())
        bob.wait_for_selector("#seat-info .you")
        people = {int(ann.evaluate("game.you[0]")): ann, int(bob.evaluate("game.you[0]")): bob}
        n = moves_of(ann)
        mover = people[int(ann.evaluate("game.state.current"))]
        other = bob if mover is ann else ann
        play_turn(mover)
        wait_moves(other, n + 1)
        mover.click("#take-back")
        mover.wait_for_selector(".undo-waiting")
        other.wait_for_selector("#undo-allow")  # asked, pushed to the other person
        assert moves_of(other) == n + 1  # nothing taken back yet
        shot(other, "undo-asked")
        other.click("#undo-allow")
        for page in (mover, other):
            page.wait_for_function(
                f"Number(document.getElementById('game').dataset.moves) === {n}")
        mover.wait_for_selector("rect.fit:not(.other)")  # the mover's turn again
        shot(mover, "undo-allowed")


def _hold_streams(url: str, game_id: str, n: int) -> list:
    """``n`` event streams of the game held open by a stranger (no seat): raw sockets."""
    import socket
    from urllib.parse import urlparse

    where = urlparse(url)
    held = []
    for _ in range(n):
        sock = socket.create_connection((where.hostname, where.port), timeout=10)
        sock.sendall(f"GET /api/games/{game_id}/events HTTP/1.1\r\nHost: {where.netloc}\r\n\r\n"
                     .encode())
        assert sock.recv(100).startswith(b"HTTP/1.1 200")
        held.append(sock)
    return held


def test_a_watcher_refused_while_the_game_is_crowded_gets_in_later(pages, served: Path,
                                                                   tmp_path: Path) -> None:
    """A browser's event stream gives up on a refusal (429: every watcher's stream taken);
    the page tries again, so once a stranger lets go the watcher sees the moves."""
    from carcdsl.web.together import MAX_WATCHERS

    with served_at(str(served), "--db", str(tmp_path / "games.sqlite3")) as url:
        ann = pages()
        start(ann, url, ("human", "human"), share=True)
        watch_link = ann.locator("li.watch-link input.link").input_value()
        held = _hold_streams(url, ann.evaluate("game.id"), MAX_WATCHERS)
        watcher = pages()
        try:
            with watcher.expect_response(lambda r: "/events" in r.url) as refused:
                watcher.goto(watch_link)
            assert refused.value.status == 429
            watcher.wait_for_selector("#live", state="visible")
        finally:
            for sock in held:
                sock.close()
        watcher.wait_for_selector("#live", state="hidden", timeout=25000)
        play_turn(ann)
        wait_moves(watcher, moves_of(ann))


def test_a_link_whose_seat_is_no_seat_still_shows_the_game_to_watch(pages, served: Path,
                                                                     tmp_path: Path) -> None:
    """A seat link mistyped or cut short (a token of no seat, 403), or a wrong room, says so
    and shows the game, watched, as a full room does: not the empty setup form."""
    with served_at(str(served), "--db", str(tmp_path / "games.sqlite3")) as url:
        ann = pages()
        start(ann, url, ("human", "human"), share=True)
        game_id = ann.evaluate("game.id")
        for bad in ("seat=not-a-seat", "room=not-the-room"):
            page = pages()
            page.goto(url + f"play?game={game_id}&{bad}")
            page.wait_for_selector("#seat-info .you")
            assert page.locator("#seat-info .you").inner_text() == "You are watching this game."
            assert page.locator("#game:not([hidden])").count() == 1
            assert "holds no seat" in page.locator("#toast").inner_text()
