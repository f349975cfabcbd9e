"""Table mode in the browser (issue 28): a game played on a real table, entered by clicks,
gives the same scores as ``carcdsl replay`` of the record it saves; a placement the rules
forbid is refused and the page says which rule.

Chromium through Playwright against ``carcdsl serve``, as ``test_browser`` sets them up (the
same fixtures, Debian's Chromium); screenshots go to ``tests/artifacts/``.
"""

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


@pytest.fixture(scope="module")
def browser() -> Iterator:
    with launched_chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("served")
    shutil.copy(HERE / "data" / "web" / "tiny.carc", folder / "tiny.carc")
    return folder


@pytest.fixture(scope="module")
def server(served: Path) -> Iterator[str]:
    with served_at(str(served)) as url:
        yield url


@pytest.fixture
def page(browser) -> Iterator:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("dialog", lambda dialog: dialog.accept())  # "end the game here?"
    yield page
    context.close()
    assert not problems, problems


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def moves(page) -> int:
    return int(page.get_attribute("#game", "data-moves") or 0)


def start_table(page, server: str, lang: str = "en") -> None:
    page.goto(f"{server}?lang={lang}")
    page.click("a.card[data-nav=table]")
    page.wait_for_selector("#rules option[value='@0/tiny.carc']", state="attached")
    page.select_option("#rules", "@0/tiny.carc")
    names = page.locator("#seats input.name")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Bob")
    shot(page, f"table-setup-{lang}")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")


def enter_turn(page, n: int) -> None:
    """Name the first tile left, put it on a square where it fits, a figure on every other
    turn, confirm."""
    before = moves(page)
    page.locator(".tiles-left button.tile-button").first.click()
    page.wait_for_selector("#rotate, #discard")
    if page.locator("#discard").count():
        page.click("#discard")
    else:
        page.locator("rect.fit:not(.other):not(.none)").first.click()
        spots = page.locator("circle.spot")
        if n % 2 == 0 and spots.count():
            spots.first.click(force=True)
        elif not page.locator("button.option.chosen").count():
            page.locator("button.option").first.click()
        page.click("#confirm")
    page.wait_for_function(f"document.getElementById('game').dataset.moves > {before}")


def test_a_table_game_entered_by_clicks_replays_to_its_scores(page, server: str,
                                                               served: Path) -> None:
    start_table(page, server)
    shot(page, "table-first-turn")
    for n in range(5):
        enter_turn(page, n)
        if n == 1:
            shot(page, "table-turns")
    page.click("#end")
    page.wait_for_selector("#result:not([hidden])")
    assert page.get_attribute("#game", "data-finished") == "true"
    shot(page, "table-finished")
    shown = [int(t) for t in page.locator("td[data-final-seat]").all_inner_texts()]
    track = [int(t) for t in page.locator("#track tr:last-child td[data-track-seat]")
             .all_text_contents()]
    assert page.locator("#plot svg.track-plot polyline").count() == 2
    with page.expect_download() as download:
        page.click("#download")
    saved = served / "table-game.json"
    download.value.save_as(saved)
    record = load_record(saved)
    assert record.seed is None and len(record.moves) == 5 and record.final
    assert replay(record).scores == shown == track
    assert sum(shown) > 0  # the final scoring scored something worth comparing


@pytest.mark.parametrize(("lang", "says"), [("en", "does not match its neighbour"),
                                            ("nl", "past niet")])
def test_a_forbidden_placement_is_refused_with_its_rule(page, server: str, lang: str,
                                                        says: str) -> None:
    start_table(page, server, lang)
    page.click(".tiles-left button.tile-button[data-tile=E]")
    page.wait_for_selector("#rotate")
    # E (a city on its north side) fits at (0, -1) only turned 180, which is shown first;
    # turned once more its city faces the start tile's road: dashed there, and refused
    page.wait_for_selector("rect.fit:not(.other)[data-square='0,-1']")
    page.click("#rotate")
    page.click("rect.fit.other[data-square='0,-1']")
    page.wait_for_selector("#refused:not([hidden])")
    assert says in page.inner_text("#refused")
    assert page.get_attribute("#refused", "data-rule") == "sides-match"
    assert moves(page) == 0
    shot(page, f"table-refused-{lang}")


def enter_placement(page, move: dict) -> None:
    """A placement entered as a person enters it: its tile among those left, turned till the
    rotation is the move's, its square, then the option that is exactly the move."""
    page.click(f".tiles-left button.tile-button[data-tile='{move['tile']}']")
    page.wait_for_selector("#rotate")
    for _ in range(4):
        if page.get_attribute("#turn", "data-rotation") == str(move["rotation"]):
            break
        page.click("#rotate")
    x, y = move["at"]
    page.click(f"rect.fit:not(.other):not(.none)[data-square='{x},{y}']")
    key = json.dumps(move, separators=(",", ":"))
    page.click(f"button.option[data-choice='{key}']")


def test_a_capture_the_tower_asks_for_is_offered_and_recorded(page, server: str,
                                                               served: Path) -> None:
    """The Tower: Bob's tower piece goes on the foundation beside Ann's follower; the game
    then waits for Bob's capture, which the page offers as the engine lists it (no page code
    names the tower): chosen, confirmed, and in the record that replays."""
    page.goto(f"{server}table")
    page.wait_for_selector("#rules option[value='base']", state="attached")
    page.select_option("#rules", "base")
    page.check("#variants input[value='tower']")
    names = page.locator("#seats input.name")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Bob")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    for n, move in enumerate([
            {"tile": "TO09", "at": [1, 0], "rotation": 0, "follower": "road:S"},
            {"tile": "V", "at": [2, 0], "rotation": 90,
             "follower": {"at": "foundation", "kind": "tower", "square": [1, 0]}}]):
        enter_placement(page, move)
        page.click("#confirm")
        page.wait_for_function(f"document.getElementById('game').dataset.moves > {n}")
    capture = page.locator("button.option.decision[data-decide=capture]")
    capture.first.wait_for()
    assert page.locator(".tiles-left").count() == 0  # the decision first, then a tile
    taking = [c for c in capture.all() if "nothing" not in c.inner_text()]
    assert taking, capture.all_inner_texts()
    taking[0].click()
    shot(page, "table-capture")
    page.click("#confirm")
    page.wait_for_selector(".tiles-left")
    page.click("#end")
    page.wait_for_selector("#result:not([hidden])")
    shown = [int(t) for t in page.locator("td[data-final-seat]").all_inner_texts()]
    with page.expect_download() as download:
        page.click("#download")
    saved = served / "table-tower.json"
    download.value.save_as(saved)
    record = load_record(saved)
    assert "capture" in record.moves[1].to_json()
    assert replay(record).scores == shown
