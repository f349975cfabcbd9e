"""The Play page as a person enjoys it (issue 28): whole turns by keyboard alone, a feature's
owners and points shown when the pointer rests on it (checked against the engine), a phone's
screen holding the tile, the board and Confirm, and animations too short to slow a bot game.

Chromium through Playwright against ``carcdsl serve``, as ``test_browser`` sets them up (the
same fixtures, Debian's Chromium); screenshots go to ``tests/artifacts/``.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from serving import launched_chromium, served_at

from carcdsl.formats.record import parse_record
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


def _page(browser, **options) -> Iterator:
    context = browser.new_context(accept_downloads=True, **options)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    yield page
    context.close()
    assert not problems, problems


@pytest.fixture
def page(browser) -> Iterator:
    yield from _page(browser, viewport={"width": 1400, "height": 900})


@pytest.fixture
def phone(browser) -> Iterator:
    yield from _page(browser, viewport={"width": 390, "height": 844}, is_mobile=True,
                     has_touch=True, device_scale_factor=2)


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)


def start(page, server: str, rules: str, seed: int, kinds: tuple[str, ...] = ("human", "greedy"),
          variants: tuple[str, ...] = ()) -> None:
    page.goto(server + "play")
    page.wait_for_selector(f"#rules option[value='{rules}']", state="attached")
    page.select_option("#rules", rules)
    for variant in variants:
        page.check(f"#variants input[value='{variant}']")
    rows = page.locator("#seats li")
    for n, kind in enumerate(kinds):
        if n >= rows.count():
            page.click("#add-seat")
        rows.nth(n).locator("select.kind").select_option(kind)
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")


def moves(page) -> int:
    return int(page.get_attribute("#game", "data-moves") or 0)


def cursor(page) -> str | None:
    return page.get_attribute("rect.cursor", "data-cursor") \
        if page.locator("rect.cursor").count() else None


def keyboard_turn(page, turn: int) -> bool:
    """One turn by keys alone: the arrows walk the cursor, r rotates, Enter places, an arrow
    chooses what else to do when there is a choice, Enter confirms. True when a figure's
    spot was chosen (and the move told says so)."""
    before = moves(page)
    page.wait_for_selector("rect.cursor")
    page.keyboard.press("ArrowRight" if turn % 2 else "ArrowDown")
    if turn % 3 == 1:
        page.keyboard.press("r")
    page.keyboard.press("Enter")
    page.wait_for_selector("g.placing")
    if not page.locator("#confirm:not([disabled])").count():
        # what else to do, by arrows: the first choice, or on even turns the second
        for _ in range(1 + (turn % 2 == 0 and page.locator("button.option").count() > 1)):
            page.keyboard.press("ArrowDown")
        page.wait_for_selector("#confirm:not([disabled])")
    page.wait_for_selector("#preview .move-text")
    chosen = page.locator("button.option.chosen")
    label = chosen.inner_text() if chosen.count() else ""
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.getElementById('game').dataset.moves > {before}")
    told = page.inner_text(f"#log li[data-move='{before}']")
    if label and not label.startswith("no "):
        assert label in told, (label, told)  # the spot chosen by arrows is the one played
        return True
    return False


def test_several_turns_by_keyboard_alone(page, server: str) -> None:
    start(page, server, "@0/tiny.carc", 5)
    assert page.locator("#keys-hint").inner_text().startswith("Keys:")
    assert page.get_attribute("#board", "aria-describedby") == "keys-hint"
    page.wait_for_selector("rect.cursor")
    # the arrows move the cursor over the squares the tile fits, and only those
    fits = set(page.eval_on_selector_all("rect.fit", "rs => rs.map(r => r.dataset.square)"))
    seen = {cursor(page)}
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown"):
        page.keyboard.press(key)
        seen.add(cursor(page))
    assert seen <= fits and len(seen) >= 2, (seen, fits)
    # Backspace takes back a placement not confirmed
    page.keyboard.press("Enter")
    page.wait_for_selector("g.placing")
    shot(page, "play-keyboard-placed")
    page.keyboard.press("Backspace")
    page.wait_for_selector("g.placing", state="detached")
    assert page.locator("rect.fit").count() == len(fits)
    played = figures = 0
    for turn in range(3):
        if page.get_attribute("#game", "data-finished") == "true":
            break
        figures += keyboard_turn(page, turn)
        played += 1
    assert played == 3 and moves(page) >= 2 * played and figures >= 1
    shot(page, "play-keyboard")
    # with no step to take back, Backspace takes back the last confirmed move (against a
    # bot at once): the same tile comes back to place
    assert page.get_attribute("#game", "data-finished") != "true"
    before = moves(page)
    log = page.evaluate("game.state.log")
    mine = [entry for entry in log if entry["player"] == "You" and entry["move"].get("at")]
    page.wait_for_selector("#take-back")
    page.keyboard.press("Backspace")
    page.wait_for_function(f"document.getElementById('game').dataset.moves < {before}")
    assert moves(page) == mine[-1]["n"]
    assert page.get_attribute(".turn .tile-button.chosen", "data-tile") == mine[-1]["move"]["tile"]
    page.wait_for_selector("rect.cursor")


def feature_points_by_engine(record: dict) -> dict[tuple[str, tuple[int, int]], dict[str, int]]:
    """The engine's own final scoring of the game so far: per (kind, square named) the
    points per player."""
    state = replay(parse_record(record, "game.json"))
    trial = state.clone()
    trial.finish()
    out: dict[tuple[str, tuple[int, int]], dict[str, int]] = {}
    for event in trial.events[len(state.events):]:
        got = out.setdefault((event.feature, tuple(event.at)), {})
        got[event.player] = got.get(event.player, 0) + event.points
    return out


def hover_point(page, selector: str) -> tuple[float, float] | None:
    """A point on screen where ``selector``'s element is the one under the pointer."""
    return page.evaluate("""sel => {
      const e = document.querySelector(sel); const b = e.getBoundingClientRect();
      for (let i = 1; i < 12; i++) for (let j = 1; j < 12; j++) {
        const x = b.left + b.width * i / 12, y = b.top + b.height * j / 12;
        if (document.elementFromPoint(x, y) === e) return [x, y];
      }
      return null; }""", selector)


def test_hovering_a_feature_shows_its_owners_and_points(page, server: str) -> None:
    start(page, server, "base", 3, ("greedy", "greedy"))
    for n in range(16):
        page.click("#step")
        page.wait_for_function(f"document.getElementById('game').dataset.moves > {n}")
    game_id = page.evaluate("game.id")
    record = page.request.get(f"{server}api/games/{game_id}/record").json()
    engine = feature_points_by_engine(record)
    checked = 0
    for part in page.locator("g.tile [data-segment]").all():
        square = part.evaluate("e => e.closest('g.tile').dataset.square")
        segment = part.get_attribute("data-segment")
        x, y = square.split(",")
        view = page.request.get(
            f"{server}api/games/{game_id}/feature?x={x}&y={y}&segment={segment}").json()
        key = (view["kind"], tuple(view["square"]))
        if not view["owners"] or view["complete"] or key not in engine:
            continue
        selector = f"g.tile[data-square='{square}'] [data-segment='{segment}']"
        point = hover_point(page, selector)
        if point is None:
            continue
        page.mouse.move(*point)
        tip = page.locator("#feature-tip:not([hidden])")
        tip.wait_for()
        text = tip.inner_text()
        for player, points in engine[key].items():
            assert re.search(rf"{re.escape(player)}: \d+ ", text), text  # an owner, a count
            if points:
                assert f"{player} {points}" in text, (text, engine[key])
        assert "If the game ended now" in text
        if checked == 0:
            shot(page, "play-feature-hover")
        checked += 1
        page.mouse.move(1, 1)
        page.wait_for_selector("#feature-tip[hidden]", state="attached")
        if checked >= 3:
            break
    assert checked >= 1


def in_view(page, selector: str) -> dict:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844, (selector, box)
    return box


@pytest.mark.parametrize("variants", [(), ("farmers", "inns-cathedrals")])
def test_a_phone_shows_the_tile_the_board_and_confirm(phone, server: str,
                                                      variants: tuple[str, ...]) -> None:
    """At 390 x 844 the turn's tile, the board and Confirm are all in view, the page not
    scrolled, with the tile placed and a figure's spot chosen (the most the turn shows)."""
    start(phone, server, "base", 3, variants=variants)
    in_view(phone, "#board")
    in_view(phone, ".turn .tile-button.chosen")
    phone.locator("rect.fit:not(.other)").first.tap()
    options = phone.locator("button.option")
    options.nth(options.count() - 1).tap()
    phone.wait_for_selector("#preview .move-text")
    assert phone.evaluate("[window.scrollX, window.scrollY]") == [0, 0]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    board = in_view(phone, "#board")
    assert board["height"] >= 250 and board["width"] >= 350  # a board, not a slit
    in_view(phone, ".turn .tile-button.chosen")
    in_view(phone, "#confirm:not([disabled])")
    shot(phone, "play-phone" + ("-" + "-".join(variants) if variants else ""))
    phone.tap("#confirm")
    phone.wait_for_function("document.getElementById('game').dataset.moves >= 2")
    in_view(phone, ".turn .tile-button.chosen")
    # no pointer rests on a phone: a tap on a feature shows its tooltip, inside the screen
    phone.wait_for_selector("rect.fit")  # the person's turn drawn: the board stays put
    # a point of a feature deep inside its tile: a tap near the squares to place on would
    # be taken for one of them (Chromium moves a touch onto what is clickable nearby)
    part, dx, dy = phone.evaluate("""() => {
      let best = null;
      for (const e of document.querySelectorAll("g.tile [data-segment]")) {
        const b = e.getBoundingClientRect();
        const t = e.closest("g.tile").getBoundingClientRect();
        for (let i = 1; i < 12; i++) for (let j = 1; j < 12; j++) {
          const x = b.left + b.width * i / 12, y = b.top + b.height * j / 12;
          if (document.elementFromPoint(x, y) !== e) continue;
          const deep = Math.min(x - t.left, t.right - x, y - t.top, t.bottom - y);
          if (!best || deep > best.deep) {
            best = { deep, e, dx: x - b.left, dy: y - b.top };
          }
        }
      }
      const sel = `g.tile[data-square='${best.e.closest("g.tile").dataset.square}'] ` +
                  `[data-segment='${best.e.dataset.segment}']`;
      return [sel, best.dx, best.dy]; }""")
    phone.locator(part).tap(position={"x": dx, "y": dy})
    phone.wait_for_selector("#feature-tip:not([hidden])")
    in_view(phone, "#feature-tip")


def durations(page, selector: str) -> list[float]:
    """Every transition's and animation's duration (s) of the elements under ``selector``."""
    return page.evaluate("""sel => {
      const out = [];
      for (const e of document.querySelectorAll(sel)) {
        const s = getComputedStyle(e);
        for (const d of [...s.transitionDuration.split(","), ...s.animationDuration.split(",")]) {
          const v = d.trim();
          out.push(v.endsWith("ms") ? parseFloat(v) / 1000 : parseFloat(v));
        }
      }
      return out; }""", selector)


def test_animations_are_short_and_bots_never_wait_on_them(page, server: str) -> None:
    start(page, server, "base", 3)
    page.locator("rect.fit:not(.other)").first.click()
    page.wait_for_selector("g.placing")
    found = durations(page, "#board *, #board, #turn *, #feature-tip")
    assert max(found) <= 0.2, max(found)
    assert max(found) > 0  # there are some: the test reads them
    # bots only, auto-play at its fastest: moves follow each other with no animation's wait
    start(page, server, "@0/tiny.carc", 5, ("greedy", "greedy"))
    page.evaluate("""() => { window.seen = [];
      new MutationObserver(() => seen.push(performance.now()))
        .observe(document.getElementById('game'), {attributes: true,
                                                   attributeFilter: ['data-moves']}); }""")
    page.locator("#speed").fill("50")
    page.click("#auto")
    page.wait_for_selector("#game[data-finished='true']", timeout=30_000)
    gaps = page.evaluate("seen.slice(1).map((t, i) => t - seen[i])")
    gaps.sort()
    assert len(gaps) >= 8 and gaps[len(gaps) // 2] < 200, gaps
