"""Table mode kept on the server, in the browser (issue 28): the table page's URL names the
game, so a reload mid-game, and the same link after a server restart on the same games file,
find the same turn; the Games page lists the game, marked as played at a table, and its
record replays to the scores shown. And the table page on a phone (390x844): the tiles to
choose, the board and Confirm are in view.

Chromium through Playwright against ``carcdsl serve --db FILE``, set up as
``test_browser_table`` sets it up; screenshots go to ``tests/artifacts/``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from serving import served_at
from test_browser_table import browser, enter_turn, moves, shot  # noqa: F401 (a fixture)

from carcdsl.formats.record import load_record
from carcdsl.replay import replay

pytestmark = [pytest.mark.slow, pytest.mark.browser]

HERE = Path(__file__).parent


@pytest.fixture
def served(tmp_path: Path) -> Path:
    folder = tmp_path / "served"
    folder.mkdir()
    shutil.copy(HERE / "data" / "web" / "tiny.carc", folder / "tiny.carc")
    return folder


@pytest.fixture
def context(browser) -> Iterator:  # noqa: F811 (the fixture imported)
    made = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    yield made
    made.close()


def watched(page) -> list[str]:
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("dialog", lambda dialog: dialog.accept())  # "end the game here?"
    return problems


def start_tiny(page, server: str) -> None:
    page.goto(f"{server}table?lang=en")
    page.wait_for_selector("#rules option[value='@0/tiny.carc']", state="attached")
    page.select_option("#rules", "@0/tiny.carc")
    names = page.locator("#seats input.name")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Bob")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")


def turn_seen(page) -> dict:
    """What the page shows of the turn: the moves, who picks, the tiles left, the track."""
    page.wait_for_selector("#game:not([hidden]) .tiles-left")
    return {"moves": moves(page), "to_move": page.inner_text("#turn .to-move"),
            "left": page.locator(".tiles-left button.tile-button").evaluate_all(
                "bs => bs.map(b => b.dataset.tile + b.textContent)"),
            "track": page.inner_text("#track"), "supply": page.inner_text("#supply"),
            "log": page.inner_text("#log")}


def test_a_reload_and_a_restart_mid_game_find_the_same_turn(context, served: Path,
                                                            tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    page = context.new_page()
    problems = watched(page)
    with served_at(str(served), "--db", str(db)) as server:
        start_tiny(page, server)
        for n in range(3):
            enter_turn(page, n)
        assert "game=" in page.url
        before = turn_seen(page)
        page.locator(".tiles-left button.tile-button").first.click()  # a tile named, then
        page.wait_for_selector("#rotate, #discard")
        page.reload()  # ... the page reloaded before it was placed
        assert turn_seen(page) == before and before["moves"] == 3
        shot(page, "table-reloaded")
        link = page.url.split("/table", 1)[1]
    with served_at(str(served), "--db", str(db)) as server:  # the server started again
        page.goto(f"{server}table{link}")
        assert turn_seen(page) == before
        enter_turn(page, 3)
        page.click("#end")
        page.wait_for_selector("#result:not([hidden])")
        shown = [int(t) for t in page.locator("td[data-final-seat]").all_inner_texts()]
        page.goto(f"{server}games?lang=en")
        row = page.locator("#games tbody tr[data-mode=table]")
        row.wait_for()
        text = row.inner_text()  # 4 turns and the end: 5 entries stored
        assert "(played at a table)" in text and "Finished · 5 moves" in text, text
        shot(page, "table-in-games-list")
        with page.expect_download() as download:
            row.locator("a.record").click()
        saved = served / "listed-table.json"
        download.value.save_as(saved)
        row.locator("a.open").click()
        page.wait_for_selector("#game:not([hidden]) #result:not([hidden])")
    record = load_record(saved)
    assert record.seed is None and len(record.moves) == 4 and record.final
    assert replay(record).scores == shown
    assert not problems, problems


def test_a_second_browser_watches_a_table_game_and_cannot_enter_moves(
        browser, context, served: Path, tmp_path: Path) -> None:  # noqa: F811
    """Issue 28: another browser with the game's link sees it, says it is watching, offers no
    tile and no End; its requests to move or end are 403s; the owner goes on."""
    page = context.new_page()
    problems = watched(page)
    other = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        with served_at(str(served), "--db", str(tmp_path / "games.sqlite3")) as server:
            start_tiny(page, server)
            enter_turn(page, 0)
            link = page.url
            gid = link.split("game=")[1].split("&")[0]
            watcher = other.new_page()
            watcher_problems = watched(watcher)
            watcher.goto(link)
            watcher.wait_for_selector("#game:not([hidden]) #watching")
            assert watcher.inner_text("#watching") == "You are watching this game."
            assert watcher.locator(".tiles-left button.tile-button").count() == 0
            assert watcher.is_disabled("#end") and moves(watcher) == 1
            shot(watcher, "table-watcher")
            status = watcher.evaluate("""async gid => (await fetch(`/api/table/${gid}/end`, {
                method: "POST", headers: {"Content-Type": "application/json"},
                body: JSON.stringify({turn: 1})})).status""", gid)
            assert status == 403
            enter_turn(page, 1)  # the owner's page still enters moves
            watcher.reload()
            watcher.wait_for_selector("#game:not([hidden]) #watching")
            assert moves(watcher) == 2 and page.locator("#watching").count() == 0
    finally:
        other.close()
    assert not problems and not watcher_problems, (problems, watcher_problems)


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= size["width"] + 1
            and box["y"] + box["height"] <= size["height"] + 1)


def test_the_table_page_on_a_phone_keeps_tile_board_and_confirm_in_view(
        browser, served: Path, tmp_path: Path) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    problems = watched(page)
    try:
        with served_at(str(served), "--db", str(tmp_path / "games.sqlite3")) as server:
            start_tiny(page, server)
            page.wait_for_selector(".tiles-left button.tile-button")
            assert in_view(page, ".tiles-left button.tile-button"), "the tiles to pick"
            assert in_view(page, "#board"), "the board"
            shot_view(page, "table-phone-pick")
            page.locator(".tiles-left button.tile-button").first.click()
            page.wait_for_selector("#rotate")
            page.locator("rect.fit:not(.other):not(.none)").first.click()
            page.wait_for_selector("#confirm")
            if not page.locator("button.option.chosen").count():
                page.locator("button.option").first.click()
            for what in ("#turn .tile-button.chosen", "#board", "#confirm"):
                assert in_view(page, what), what
            assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways
            shot_view(page, "table-phone-confirm")
            page.click("#confirm")
            page.wait_for_function("document.getElementById('game').dataset.moves > 0")
    finally:
        context.close()
    assert not problems, problems


def shot_view(page, name: str) -> None:
    """What the phone's screen shows (not the whole page)."""
    (HERE / "artifacts").mkdir(exist_ok=True)
    page.screenshot(path=str(HERE / "artifacts" / f"{name}.png"))
