"""The browser app driven as a person drives it: Chromium through Playwright, against
``carcdsl serve`` started as a command.

Chromium is Debian's (``/usr/bin/chromium``), not Playwright's download. Without it (or
without Playwright) these tests skip, saying why, unless ``CARCDSL_REQUIRE_BROWSER=1`` (CI
sets it), when they fail. Every page visited is saved as a screenshot in ``tests/artifacts/``.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from serving import launched_chromium, served_at

from carcdsl.formats.record import load_record, replay_output
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
    shutil.copy(HERE / "data" / "records" / "final-scoring-8-4-3-3.json", folder / "game.json")
    return folder


@pytest.fixture(scope="module")
def server(served: Path) -> Iterator[str]:
    """``carcdsl serve FOLDER --port 0``: its address, read from what it prints."""
    with served_at(str(served)) as url:
        yield url


@pytest.fixture
def page(browser) -> Iterator:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    yield page
    context.close()
    assert not problems, problems


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def scores_shown(page, selector: str = "td[data-score-seat]") -> list[int]:
    return [int(t) for t in page.locator(selector).all_inner_texts()]


def test_play_a_whole_game_by_clicks(page, server: str, served: Path) -> None:
    page.goto(server)
    shot(page, "home")
    page.click("nav a[data-nav=play]")
    page.wait_for_selector("#rules option[value='@0/tiny.carc']", state="attached")
    page.select_option("#rules", "@0/tiny.carc")
    page.fill("#seed", "5")
    shot(page, "play-setup")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    moves = 0
    for turn in range(40):
        if page.get_attribute("#game", "data-finished") == "true":
            break
        before = int(page.get_attribute("#game", "data-moves") or 0)
        if turn == 1:
            page.keyboard.press("r")  # rotating keeps offering squares that fit
        page.locator("rect.fit:not(.other)").first.click()
        spots = page.locator("circle.spot")
        if turn % 2 == 0 and spots.count():
            spots.first.click(force=True)
        else:
            page.locator("button.option").first.click()
        page.wait_for_selector("#preview .move-text")
        if turn == 0:
            shot(page, "play-choosing")
        page.click("#confirm")
        page.wait_for_function(
            f"document.getElementById('game').dataset.moves > {before}")
        moves += 1
    assert page.get_attribute("#game", "data-finished") == "true"
    assert moves >= 3
    page.wait_for_selector("#result:not([hidden])")
    shot(page, "play-finished")
    shown = scores_shown(page, "td[data-final-seat]")
    with page.expect_download() as download:
        page.click("#download")
    saved = served / "downloaded.json"  # its rules are named relative to the folder
    download.value.save_as(saved)
    record = load_record(saved)
    assert record.rules == "tiny.carc" and record.seed == 5
    assert replay(record).scores == shown == scores_shown(page)


def test_step_through_a_record_with_the_timeline(page, server: str, served: Path,
                                                 capsys) -> None:
    expected = replay_output(replay(load_record(served / "game.json")))
    count = len(load_record(served / "game.json").moves)

    def score_at(n: int) -> list[int]:
        got = [0] * len(expected["players"])
        for event in expected["events"]:
            if event["move"] < n and (event["when"] != "final" or n == count):
                got[expected["players"].index(event["player"])] += event["points"]
        return expected["scores"] if n == count else got

    page.goto(server + "replay")
    page.wait_for_selector("#record-ref option[value='@0/game.json']", state="attached")
    page.select_option("#record-ref", "@0/game.json")
    page.click("#open-ref")
    page.wait_for_selector(f"#viewer[data-n='{count}']")
    assert scores_shown(page) == expected["scores"]
    shot(page, "replay-end")
    page.click("#first")
    page.wait_for_selector("#viewer[data-n='0']")
    assert scores_shown(page) == score_at(0)
    for n in range(1, 3):
        page.click("#next")
        page.wait_for_selector(f"#viewer[data-n='{n}']")
        assert scores_shown(page) == score_at(n), n
        assert page.locator("rect.last-move").count() == 1
    middle = count // 2 + 1
    page.locator("#slider").fill(str(middle))
    page.wait_for_selector(f"#viewer[data-n='{middle}']")
    assert scores_shown(page) == score_at(middle)
    shot(page, "replay-middle")
    page.keyboard.press("End")
    page.wait_for_selector(f"#viewer[data-n='{count}']")
    assert scores_shown(page) == expected["scores"]
    finals = page.locator("#result .final-table td.total").all_inner_texts()
    assert [int(t) for t in finals] == expected["scores"]


def test_a_broken_rule_is_shown_and_fixed_in_the_editor(page, server: str,
                                                        served: Path) -> None:
    page.goto(server + "author")
    page.wait_for_selector("#check-status.good")
    page.wait_for_selector("#sheet svg")
    lines = (served / "tiny.carc").read_text().count("\n")
    editor = page.locator("#source")
    editor.click()
    page.keyboard.press("Control+End")
    page.keyboard.type("tile Z 1 citty N\n")
    where = f"tiny.carc:{lines + 1}:10"
    error = page.locator("#diagnostics li.error", has_text=where)
    error.wait_for()
    assert "E110" in error.inner_text()
    shot(page, "author-broken")
    error.click()
    offset = page.evaluate("document.getElementById('source').selectionStart")
    text = editor.input_value()
    assert text[offset:offset + 5] == "citty"
    editor.fill(text.replace("citty", "city"))
    page.wait_for_selector("#check-status.good")
    page.wait_for_selector("#sheet:not(.stale) g.tile[data-name='Z']")
    assert page.locator("#diagnostics li.error").count() == 0
    assert (served / "tiny.carc").read_text().count("\n") == lines  # nothing saved
    shot(page, "author-fixed")


def test_browse_shows_the_tile_sheet(page, server: str) -> None:
    page.goto(server + "browse?lang=nl")
    page.wait_for_selector("#sheet svg g.tile")
    assert page.locator("#sheet g.tile").count() == 24
    assert "Tegelblad" in page.inner_text("main")
    shot(page, "browse-nl")


def test_the_play_page_says_what_each_file_does_and_offers_greedy(page, server: str) -> None:
    """In Dutch: the chosen rule set's description under the choice, each variant's beside it;
    the opponent a new game offers is greedy, each bot shown with how strong it plays."""
    page.goto(server + "play?lang=nl")
    page.wait_for_selector("#rules option[value='base']", state="attached")
    page.select_option("#rules", "base")
    assert page.inner_text("#rules-about").startswith("Het basisspel (editie 2014)")
    farmers = page.locator(".variant", has=page.locator("input[value='farmers']"))
    assert "Boeren: volgelingen mogen in weiden liggen" in farmers.inner_text()
    opponent = page.locator("#seats select.kind").nth(1)
    assert opponent.input_value() == "greedy"
    assert opponent.locator("option:checked").inner_text() == "gretig (clubniveau)"
    assert "sterk" in opponent.locator("option[value='mcts']").inner_text()
    shot(page, "play-setup-nl")
    page.goto(server + "browse")
    page.wait_for_selector("#about-variants li")
    assert page.inner_text("#rules-about").startswith("The base game (2014 edition)")
    assert "Farmers: followers may lie in fields" in page.inner_text("#about-variants")


def test_every_spot_on_a_crowded_tile_can_be_seen_and_clicked(page, server: str) -> None:
    """With the abbot, the big follower and farmers a tile offers a dozen spots: once they
    were drawn where each stood, a figure's spot 24 units beside it, so one spot hid
    another (the monk's under a big follower's on the field) and some lay off the tile. Each
    now shows whole at its centre, inside its square, and clicking it chooses it."""
    page.goto(server + "play")
    page.wait_for_selector("#rules option[value='base']", state="attached")
    page.select_option("#rules", "base")
    for variant in ("river", "abbot", "inns-cathedrals", "traders-builders", "farmers"):
        page.check(f"#variants input[value='{variant}']")
    for row in page.locator("#seats li").all():
        row.locator("select.kind").select_option("human")
    page.fill("#seed", "11")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    page.locator("rect.fit:not(.other)").first.click()
    spots = page.locator("circle.spot")
    assert spots.count() >= 8, spots.count()
    shot(page, "play-crowded-spots")
    square = page.locator("g.placing rect.placing-frame").bounding_box()
    assert square is not None
    for n in range(spots.count()):
        spot = spots.nth(n)
        box = spot.bounding_box()
        assert box is not None
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        assert square["x"] <= cx <= square["x"] + square["width"], n
        assert square["y"] <= cy <= square["y"] + square["height"], n
        on_top = page.evaluate(
            "([x, y]) => { const e = document.elementFromPoint(x, y);"
            " return e && e.closest('.spot, .spot-letter') ? "
            "(e.closest('.spot') || e.previousElementSibling).dataset.choice : null; }",
            [cx, cy])
        assert on_top == spot.get_attribute("data-choice"), n
        spot.click()
        chosen = page.locator("button.option.chosen")
        assert chosen.get_attribute("data-choice") == spot.get_attribute("data-choice")


def test_quick_arrow_keys_step_once_each(page, server: str, served: Path) -> None:
    """Each step counted from the move last asked for, not the one last shown: ten quick
    presses of → once moved two or three moves, the rest lost while the board loaded."""
    count = len(load_record(served / "game.json").moves)
    page.goto(server + "replay")
    page.wait_for_selector("#record-ref option[value='@0/game.json']", state="attached")
    page.select_option("#record-ref", "@0/game.json")
    page.click("#open-ref")
    page.wait_for_selector(f"#viewer[data-n='{count}']")
    page.click("#first")
    page.wait_for_selector("#viewer[data-n='0']")
    page.focus("#board")
    presses = min(10, count)
    for _ in range(presses):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"#viewer[data-n='{presses}']")
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"#viewer[data-n='{presses - 3}']")


def test_a_variant_parameter_typed_as_its_placeholder_shows_it(page, server: str) -> None:
    """The field shows `u-turn=no-repeat`; typing `u-turn=look-ahead` once sent
    `river:u-turn=u-turn=look-ahead`, a rule error. The value alone or written as the
    placeholder writes it both start the same game."""
    for typed in ("u-turn=look-ahead", "look-ahead"):
        page.goto(server + "play")
        page.wait_for_selector("#rules option[value='base']", state="attached")
        page.select_option("#rules", "base")
        page.check("#variants input[value='river']")
        page.locator("#v-river ~ input.param[data-param='u-turn']").fill(typed)
        for row in page.locator("#seats li").all():
            row.locator("select.kind").select_option("random")
        page.fill("#seed", "1")
        page.click("#start")
        page.wait_for_selector("#game:not([hidden])")
        assert page.evaluate("game.variants") == ["river:u-turn=look-ahead"], typed


def test_a_small_board_is_drawn_large_until_the_person_zooms(page, server: str) -> None:
    """The board was drawn at a fixed 0.8 of its units: a new game's two squares were 80 px,
    a dozen spots crammed on one. Till the person zooms, the board fills its box (at most
    1.6x); once they zoom, their choice stays."""
    page.goto(server + "play")
    page.wait_for_selector("#rules option[value='base']", state="attached")
    page.select_option("#rules", "base")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    svg = page.locator("#board svg")
    page.wait_for_function(
        "() => { const s = document.querySelector('#board svg');"
        " return s && +s.getAttribute('width') > s.viewBox.baseVal.width; }")
    units = svg.evaluate("s => s.viewBox.baseVal.width")
    drawn = float(svg.get_attribute("width"))
    assert 1.2 * units <= drawn <= 1.6 * units + 1, (units, drawn)
    page.click("#zoom-out")
    smaller = float(svg.get_attribute("width"))
    assert smaller < drawn
    page.set_viewport_size({"width": 1300, "height": 880})
    page.wait_for_timeout(200)
    assert float(svg.get_attribute("width")) == smaller  # chosen by hand: kept


def test_a_person_captures_with_the_tower_by_clicks(page, server: str) -> None:
    """The Tower: a person places tower pieces (the page offers them from the legal moves,
    on the tile or at another tile's square) till the game waits for a capture; its options
    are buttons, and a mark on each figure that may be taken: clicking the mark chooses it,
    the preview says what it does, and confirming plays it into the log."""
    page.goto(server + "play")
    page.wait_for_selector("#rules option[value='base']", state="attached")
    page.select_option("#rules", "base")
    page.check("#variants input[value='tower']")
    page.fill("#seed", "8")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    capture = page.locator("button.option.decision[data-decide=capture]")
    for _ in range(30):
        if capture.count():
            break
        assert page.get_attribute("#game", "data-finished") == "false"
        before = int(page.get_attribute("#game", "data-moves") or 0)
        page.locator("rect.fit:not(.other)").first.click()
        tower = page.locator("button.option:not(.decision)", has_text="tower")
        (tower if tower.count() else page.locator("button.option[data-does=nothing]")).first.click()
        page.wait_for_selector("#preview .move-text")
        page.click("#confirm")
        page.wait_for_function(f"document.getElementById('game').dataset.moves > {before}")
    assert capture.count() >= 1, "no capture was offered"
    assert page.locator("rect.fit").count() == 0  # the tile is placed: only the decision
    assert page.locator("#confirm").is_disabled()
    mark = page.locator("circle.spot.decide").first
    key = mark.get_attribute("data-choice")
    mark.click(force=True)
    page.wait_for_selector("#preview .move-text")
    said = page.inner_text("#preview .move-text")
    assert said.startswith("captures ") and "nothing" not in said, said
    assert page.locator("button.option.decision.chosen").get_attribute("data-choice") == key
    shot(page, "play-capture")
    page.click("#confirm")
    page.wait_for_function(
        "!document.querySelector('button.option.decision[data-decide=capture]')")
    assert said in page.inner_text("#log")


def test_a_person_chooses_the_flock_by_clicks(page, server: str) -> None:
    """Hills & Sheep: where a move chooses (``choose grow ... or gather ...``), each option
    is a button of its own at the placement, labelled with it; the one clicked is played and
    told in the log."""
    page.goto(server + "play")
    page.wait_for_selector("#rules option[value='base']", state="attached")
    page.select_option("#rules", "base")
    page.check("#variants input[value='hills-sheep']")
    page.fill("#seed", "2")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    for _ in range(30):
        assert page.get_attribute("#game", "data-finished") == "false"
        before = int(page.get_attribute("#game", "data-moves") or 0)
        page.locator("rect.fit:not(.other)").first.click()
        gather = page.locator("button.option", has_text="chooses gather")
        if gather.count():
            assert page.locator("button.option", has_text="chooses grow").count() == \
                gather.count()
            gather.first.click()
            page.wait_for_selector("#preview .move-text")
            assert "chooses gather" in page.inner_text("#preview .move-text")
            shot(page, "play-choice")
            page.click("#confirm")
            page.wait_for_function(f"document.getElementById('game').dataset.moves > {before}")
            assert "chooses gather" in page.inner_text("#log")
            return
        shepherd = page.locator("button.option", has_text="shepherd")
        (shepherd if shepherd.count() else page.locator("button.option[data-does=nothing]")) \
            .first.click()
        page.wait_for_selector("#preview .move-text")
        page.click("#confirm")
        page.wait_for_function(f"document.getElementById('game').dataset.moves > {before}")
    pytest.fail("no move with a choice was offered")


def test_a_person_puts_the_fairy_beside_a_follower_by_clicks(page, server: str) -> None:
    """The Princess & the Dragon: once a person has a follower on the board, a placement
    offers, instead of a follower, the fairy beside it: a mark on that follower's square and
    a button in words. Clicking the mark chooses it, the preview says it, confirming plays
    it into the log, and the board marks the fairy's square."""
    page.goto(server + "play")
    page.wait_for_selector("#rules option[value='base']", state="attached")
    page.select_option("#rules", "base")
    page.check("#variants input[value='princess-dragon']")
    page.fill("#seed", "1")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    assert page.locator("g.neutral[data-figure=fairy]").count() == 0
    for _ in range(30):
        assert page.get_attribute("#game", "data-finished") == "false"
        before = int(page.get_attribute("#game", "data-moves") or 0)
        if page.locator("rect.fit").count():
            page.locator("rect.fit:not(.other)").first.click()
            fairy = page.locator("circle.spot.beside")
            if fairy.count():
                break
            follower = page.locator("button.option[data-does=follower]")
            (follower if follower.count() else page.locator("button.option[data-does=nothing]")) \
                .first.click()
        else:  # a dragon's step to decide
            page.locator("button.option.decision").first.click()
        page.wait_for_selector("#preview .move-text")
        page.click("#confirm")
        page.wait_for_function(f"document.getElementById('game').dataset.moves > {before}")
    else:
        pytest.fail("the fairy was never offered")
    key = fairy.first.get_attribute("data-choice")
    button = page.locator(f"button.option[data-does=beside][data-choice='{key}']")
    said = button.inner_text()
    assert said.startswith("puts the fairy beside "), said
    fairy.first.click(force=True)
    page.wait_for_selector("#preview .move-text")
    assert said in page.inner_text("#preview .move-text")
    assert "chosen" in (button.get_attribute("class") or "")
    shot(page, "play-fairy")
    page.click("#confirm")
    page.wait_for_function(f"document.getElementById('game').dataset.moves > {before}")
    assert said in page.inner_text("#log")
    x, y = json.loads(key)["beside"]["at"]  # data-choice: the move, as the record has it
    assert page.locator(f"g.neutral[data-figure=fairy][data-square='{x},{y}']").count() == 1


def test_a_person_plays_their_abbey_by_clicks(page, server: str) -> None:
    """Abbey & Mayor: once the board has a hole, the page offers the person's own abbey
    beside the drawn tile (its tile button); choosing it marks only the holes, and confirming
    plays it into the log. The drawn tile is then the next player's."""
    page.goto(server + "play")
    page.wait_for_selector("#rules option[value='base']", state="attached")
    page.select_option("#rules", "base")
    page.check("#variants input[value='abbey-mayor']")
    page.fill("#seed", "3")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    abbey = page.locator("button.tile-button[data-tile=AMA]")
    for _ in range(80):
        if abbey.count():
            break
        assert page.get_attribute("#game", "data-finished") == "false"
        before = int(page.get_attribute("#game", "data-moves") or 0)
        page.locator("rect.fit:not(.other)").first.click()
        page.locator("button.option[data-does=nothing]").first.click()
        page.wait_for_selector("#preview .move-text")
        page.click("#confirm")
        page.wait_for_function(f"document.getElementById('game').dataset.moves > {before}")
    else:
        pytest.fail("the abbey was never offered")
    drawn = page.locator("button.tile-button.chosen").get_attribute("data-tile")
    assert drawn != "AMA"
    before = int(page.get_attribute("#game", "data-moves") or 0)
    abbey.click()
    holes = page.locator("rect.fit")
    assert holes.count() >= 1
    holes.first.click()
    page.locator("button.option[data-does=nothing]").first.click()
    page.wait_for_selector("#preview .move-text")
    shot(page, "play-abbey")
    page.click("#confirm")
    page.wait_for_function(f"document.getElementById('game').dataset.moves > {before}")
    assert "AMA at" in page.inner_text("#log")


def test_a_person_moves_their_wagon_on_by_clicks(page, server: str, served: Path) -> None:
    """A figure whose feature scored (``on scored wagon: move wagon within 1 to ...``): the
    page offers its owner (a person at both seats) each spot it may go on to, as a button in
    words and a mark on that spot (home: a button only). Clicking the mark chooses it, the
    preview says it, and confirming plays it into the log."""
    (served / "wagon-game.carc").write_text(  # short roads, village to village: soon scored
        "rules wagon-game\nextends base\nremove all tiles\n"
        "tile X 1 road N -> village; road E -> village; road S -> village; road W -> village\n"
        "tile T 12 road S -> village\noverride game {\n    start X\n    tiles 13\n}\n"
        "figure wagon { each player 1  stands on road, city, monastery }\n"
        "on scored wagon: move wagon within 1 to road, city, monastery\n", encoding="utf-8")
    page.goto(server + "play")
    page.wait_for_selector("#rules option[value='@0/wagon-game.carc']", state="attached")
    page.select_option("#rules", "@0/wagon-game.carc")
    page.locator("#seats select.kind").nth(1).select_option("human")  # both seats a person's
    page.fill("#seed", "2")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    decide = page.locator("button.option.decision[data-decide=move]")
    for _ in range(12):
        if decide.count():
            break
        assert page.get_attribute("#game", "data-finished") == "false"
        before = int(page.get_attribute("#game", "data-moves") or 0)
        page.locator("rect.fit:not(.other)").first.click()
        wagon = page.locator("button.option:not(.decision)", has_text="wagon on road")
        (wagon if wagon.count() else page.locator("button.option[data-does=nothing]")) \
            .first.click()
        page.wait_for_selector("#preview .move-text")
        page.click("#confirm")
        page.wait_for_function(f"document.getElementById('game').dataset.moves > {before}")
    else:
        pytest.fail("no wagon of the person's ever went on")
    assert any(t.endswith("'s wagon goes home") for t in decide.all_inner_texts())
    mark = page.locator("circle.spot.decide").first
    key = mark.get_attribute("data-choice")
    mark.click(force=True)
    page.wait_for_selector("#preview .move-text")
    said = page.inner_text("#preview .move-text")
    assert "'s wagon moves to " in said, said
    assert page.locator("button.option.decision.chosen").get_attribute("data-choice") == key
    shot(page, "play-wagon")
    page.click("#confirm")
    page.wait_for_function(
        "!document.querySelector('button.option.decision[data-decide=move].chosen')")
    assert said in page.inner_text("#log")
