"""The tile editor beside the rule editor (``carcdsl serve``, the Author page): its API through
Starlette's TestClient, and a base tile built from nothing by clicks and a drag in Chromium
(Playwright driving Debian's ``/usr/bin/chromium``; skipped without it unless
``CARCDSL_REQUIRE_BROWSER=1``). Screenshots go to ``tests/artifacts/``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from serving import launched_chromium, served_at  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from carcdsl.errors import RuleError  # noqa: E402
from carcdsl.geometry.ports import HALF_SIDES, SIDES  # noqa: E402
from carcdsl.lang.format import format_text  # noqa: E402
from carcdsl.lang.parser import parse_text  # noqa: E402
from carcdsl.lang.sources import bundled_names  # noqa: E402
from carcdsl.model.tiles import Segment, Tile  # noqa: E402
from carcdsl.pipeline import compose  # noqa: E402
from carcdsl.web.app import Settings, create_app  # noqa: E402
from carcdsl.web.files import Folders  # noqa: E402
from carcdsl.web.tile_editor import place_line  # noqa: E402

HERE = Path(__file__).parent
ARTIFACTS = HERE / "artifacts"
BASE = bundled_names()["base"]


def written_tiles(text: str) -> dict[str, Tile]:
    """The tiles of a rule file as written (fields not derived), by name."""
    return {d.tile.name: d.tile for d in parse_text(text).decls if hasattr(d, "tile")}


def same_segments(tile: Tile) -> list[tuple]:
    """A tile's segments with the order of segments and of ports left out."""
    def key(s: Segment) -> tuple:
        return (s.kind, tuple(sorted(s.ports)), s.pennants, s.ends, tuple(sorted(s.attributes)),
                tuple(sorted(s.touches)))
    return sorted(key(s) for s in tile.segments)


def tile_json(tile: Tile) -> dict:
    return {"name": tile.name, "count": tile.count, "segments": [
        {"kind": s.kind, "ports": list(s.ports), "ends": s.ends[0] if s.ends else None,
         "pennants": s.pennants, "attributes": dict(s.attributes), "touches": list(s.touches)}
        for s in tile.segments]}


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app())


# --- the API ---------------------------------------------------------------------------------
def test_the_kinds_are_the_edited_rule_sets(client: TestClient) -> None:
    """The page asks for the kinds; they are the rule set's, with the ports of each geometry."""
    text = BASE.read_text()
    found = client.post("/api/author/tile-language", json={"text": text}).json()
    rules, _, _ = compose("base")
    assert rules is not None
    assert [k["name"] for k in found["kinds"]] == [k.name for k in rules.kinds]
    by_geometry = {k["geometry"]: k["ports"] for k in found["kinds"]}
    assert by_geometry["area"] == list(SIDES) and by_geometry["field"] == list(HALF_SIDES)
    assert by_geometry["centre"] == []
    road = next(k for k in found["kinds"] if k["geometry"] == "path")
    assert road["ends"] == list(next(k for k in rules.kinds if k.name == road["name"]).terminals)
    assert found["landmarks"] == list(rules.landmarks)
    # another language entirely: a rule set of its own kinds
    lake = "rules mine\nfeature lake { geometry area }\nfeature shore { geometry field }\n"
    found = client.post("/api/author/tile-language", json={"text": lake}).json()
    assert [(k["name"], k["geometry"]) for k in found["kinds"]] == [("lake", "area"),
                                                                     ("shore", "field")]


@pytest.mark.parametrize("name", ["A", "C", "L", "S", "X"])
def test_a_base_tile_sent_whole_comes_back_as_its_line(client: TestClient, name: str) -> None:
    text = BASE.read_text()
    tile = written_tiles(text)[name]
    sent = {**tile_json(tile), "name": "NEW"}
    found = client.post("/api/author/tile", json={"text": text, "tile": sent}).json()
    line = found["text"].splitlines()[found["at"] - 1]
    assert line == found["line"]
    assert same_segments(written_tiles(found["text"])["NEW"]) == same_segments(tile)
    assert f'data-name="NEW" data-count="{tile.count}"' in found["picture"]
    assert found["problems"] == []
    assert found["text"].replace(line + "\n", "") == text  # a line added, nothing else changed


def test_the_line_replaces_the_tile_it_was(client: TestClient) -> None:
    text = BASE.read_text()
    tile = {"name": "L", "count": 5, "segments": [{"kind": "city", "ports": ["N", "E"]}]}
    found = client.post("/api/author/tile", json={"text": text, "tile": tile}).json()
    assert found["text"].count("\ntile L ") == 1
    assert "tile L  5  city N+E\n" in found["text"]
    assert found["text"].count("\n") == text.count("\n")
    renamed = {**tile, "name": "L9"}
    again = client.post("/api/author/tile", json={"text": found["text"], "tile": renamed,
                                                  "was": "L"}).json()
    assert "\ntile L " not in again["text"] and "tile L9  5  city N+E\n" in again["text"]


@pytest.mark.parametrize(("text", "placed", "at"), [
    ("", "tile Z  1  city E\n", 1),
    ("rules x", "rules x\ntile Z  1  city E\n", 2),
    ("rules x\ntile A 1 city N  # a comment\nlandmark v\n",
     "rules x\ntile A 1 city N  # a comment\ntile Z  1  city E\nlandmark v\n", 3),
    ("rules x\noverride tile Z 2 city N  # kept\n",
     "rules x\noverride tile Z  1  city E  # kept\n", 2),
])
def test_where_the_line_goes(text: str, placed: str, at: int) -> None:
    assert place_line(text, "tile Z  1  city E", "Z", None) == (placed, at)


def test_no_line_goes_into_text_that_does_not_parse() -> None:
    with pytest.raises(RuleError) as caught:
        place_line("rules x\ntile A 1 city N;;\n", "tile Z  1  city E", "Z", None)
    assert [d.code for d in caught.value.diagnostics] == ["E001"]


def test_a_tile_the_checker_refuses_is_not_drawn_and_says_why(client: TestClient) -> None:
    tile = {"name": "NEW", "count": 1, "segments": [{"kind": "road", "ports": ["S"]}]}
    found = client.post("/api/author/tile", json={"text": BASE.read_text(), "tile": tile}).json()
    assert found["picture"] is None
    assert found["line"] == "tile NEW  1  road S"
    assert any("road S" in p for p in found["problems"])


@pytest.mark.parametrize(("tile", "where"), [
    (None, "tile"),
    ({"name": "A", "count": 1, "segments": []}, "tile.segments"),
    ({"name": "A; tile B", "count": 1, "segments": [{"kind": "city"}]}, "tile.name"),
    ({"name": "A", "count": -1, "segments": [{"kind": "city"}]}, "tile.count"),
    ({"name": "A", "count": True, "segments": [{"kind": "city"}]}, "tile.count"),
    ({"name": "A", "count": 1, "segments": [{"kind": "city N"}]}, "tile.segments[0].kind"),
    ({"name": "A", "count": 1, "segments": [{"kind": "city", "ports": ["N", "X"]}]},
     "tile.segments[0].ports[1]"),
    ({"name": "A", "count": 1, "segments": [{"kind": "city", "ports": ["N", "N"]}]},
     "tile.segments[0].ports"),
    ({"name": "A", "count": 1, "segments": [{"kind": "road", "ends": "-> x"}]},
     "tile.segments[0].ends"),
    ({"name": "A", "count": 1, "segments": [{"kind": "city", "pennants": 10**9}]},
     "tile.segments[0].pennants"),
    ({"name": "A", "count": 1, "segments": [{"kind": "city", "attributes": ["inn"]}]},
     "tile.segments[0].attributes"),
])
def test_a_bad_tile_is_one_message_that_says_where(client: TestClient, tile: object,
                                                   where: str) -> None:
    answer = client.post("/api/author/tile", json={"text": BASE.read_text(), "tile": tile})
    assert answer.status_code == 400
    assert answer.json()["where"] == where
    assert answer.json()["error"].startswith("not a tile")


def test_rules_that_do_not_read_are_one_message(client: TestClient) -> None:
    tile = {"name": "A", "count": 1, "segments": [{"kind": "city", "ports": ["N"]}]}
    broken = "rules x\nfeature city { geometry area }\ntile B 1 city N;;\n"
    for path, body in [("/api/author/tile", {"text": broken, "tile": tile}),
                       ("/api/author/tile-language", {"text": broken})]:
        answer = client.post(path, json=body)
        assert answer.status_code == 422
        assert answer.json()["error"].startswith("the rule file does not read: ")
    surrogate = '{"text": "rules x\\ud800", "tile": ' + json.dumps(tile) + "}"
    answer = client.post("/api/author/tile", content=surrogate,
                         headers={"content-type": "application/json"})
    assert answer.status_code == 400 and answer.json()["where"] == "text"


def test_a_variant_offers_its_attributes_and_writes_them(client: TestClient) -> None:
    """A variant file is composed with the rule set it is for: its kinds' attributes are
    offered, and a segment's attributes and pennants are written as the language writes
    them."""
    path = bundled_names()["inns-cathedrals-tiles"]
    body = {"text": path.read_text(), "name": path.name}
    found = client.post("/api/author/tile-language", json=body).json()
    attributes = {k["name"]: [a["name"] for a in k["attributes"]] for k in found["kinds"]}
    assert attributes["road"] == ["inn"] and attributes["city"] == ["cathedral"]
    tile = {"name": "NEW", "count": 1, "segments": [
        {"kind": "garden"}, {"kind": "road", "ports": ["W", "E"], "attributes": {"inn": 1}},
        {"kind": "city", "ports": ["N"], "pennants": 2, "attributes": {"cathedral": 0}}]}
    found = client.post("/api/author/tile", json={**body, "tile": tile}).json()
    assert found["line"] == "tile NEW  1  garden; road E-W inn; city N pennants 2"
    assert found["problems"] == [] and 'data-name="NEW"' in found["picture"]


def test_a_served_file_is_composed_as_itself(tmp_path: Path) -> None:
    """A served file that extends another reads its kinds from there."""
    (tmp_path / "mine.carc").write_text('rules mine\nextends base\ntile Z 1 city N\n')
    client = TestClient(create_app(Settings(Folders.of([tmp_path]), "en")))
    text = (tmp_path / "mine.carc").read_text()
    found = client.post("/api/author/tile-language",
                        json={"text": text, "ref": "@0/mine.carc"}).json()
    assert "city" in [k["name"] for k in found["kinds"]]
    assert [t["name"] for t in found["tiles"]][-1] == "Z"


# --- in the browser --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser() -> Iterator:
    with launched_chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """``carcdsl serve --port 0`` with no folder: the bundled rules, read only."""
    with served_at() as url:
        yield url


def _page(browser, width: int, height: int) -> Iterator:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    yield page
    context.close()
    assert not problems, problems


@pytest.fixture
def page(browser) -> Iterator:
    yield from _page(browser, 1400, 1000)


@pytest.fixture
def phone(browser) -> Iterator:
    yield from _page(browser, 390, 844)


def _drag(page, source: str, target: str) -> None:
    """Press on ``source``, move in steps, let go over ``target`` (a person's drag)."""
    a = page.locator(source).bounding_box()
    b = page.locator(target).bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


def _build(page, tile: Tile, keyboard_from: int) -> None:
    """Each segment of ``tile``: its kind added, its ports clicked, a path's end dragged
    (from segment ``keyboard_from`` on, with the keyboard instead)."""
    for i, seg in enumerate(tile.segments):
        page.select_option("#te-kind", seg.kind)
        page.click("#te-add")
        page.wait_for_selector(f"#te-list li:nth-child({i + 1}).current")
        by_keys = i >= keyboard_from
        for port in seg.ports:
            if by_keys:
                page.focus(f".te-port[data-port='{port}']")
                page.keyboard.press("Enter")
            else:
                page.click(f".te-port[data-port='{port}']")
            page.wait_for_selector(f".te-port[data-port='{port}'][aria-pressed=true]")
        for end in seg.ends:
            chip = f".te-end[data-end='{end}']"
            if by_keys:
                page.focus(chip)
                page.keyboard.press("Space")
            else:
                _drag(page, f".te-port[data-port='{seg.ports[0]}']", chip)
            page.wait_for_selector(chip + "[aria-pressed=true]")


@pytest.mark.slow
@pytest.mark.browser
def test_a_base_tile_built_by_clicks_is_the_rule_files_line(page, server: str) -> None:
    """L from nothing: a city N, then three roads each dragged (the last by keys) to the
    village; the line written into the editor's text is base.carc's line for L."""
    base = BASE.read_text()
    wanted = written_tiles(base)["L"]
    page.goto(server + "author")
    page.wait_for_selector("#check-status.good")
    page.wait_for_selector("#te-kind option", state="attached")
    name = page.input_value("#te-name")
    assert name and name not in written_tiles(base)
    page.fill("#te-count", str(wanted.count))
    _build(page, wanted, keyboard_from=len(wanted.segments) - 1)
    page.wait_for_selector(f"#te-picture svg g.tile[data-name='{name}']")
    # the checker's word on the line: the same segments as L (W302), nothing else
    page.wait_for_selector("#te-status.warn")
    said = page.locator("#te-problems li").all_inner_texts()
    assert len(said) == 1 and "W302" in said[0] and "'L'" in said[0], said
    text = page.input_value("#source")
    lines = [x for x in text.splitlines() if x.startswith(f"tile {name} ")]
    assert len(lines) == 1, lines
    assert page.inner_text("#te-line") == lines[0]
    built = written_tiles(text)[name]
    assert same_segments(built) == same_segments(wanted)
    assert built.count == wanted.count
    ours = format_text("rules x\n" + lines[0].replace(f"tile {name} ", "tile L ", 1))
    theirs = format_text("rules x\n" + next(x for x in base.splitlines()
                                             if x.startswith("tile L ")))
    assert ours == theirs
    assert text.replace(lines[0] + "\n", "") == base  # the line added, nothing else
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#tile-editor").screenshot(path=str(ARTIFACTS / "tile-editor.png"))


@pytest.mark.slow
@pytest.mark.browser
def test_a_tile_of_the_file_is_opened_and_changed_in_its_place(page, server: str) -> None:
    base = BASE.read_text()
    page.goto(server + "author")
    page.wait_for_selector("#check-status.good")
    page.wait_for_selector("#te-open option[value='D']", state="attached")
    page.select_option("#te-open", "D")
    page.wait_for_selector("#te-picture svg g.tile[data-name='D']")
    assert page.locator("#te-list li").count() == len(written_tiles(base)["D"].segments)
    assert page.input_value("#source") == base  # opening writes nothing
    page.fill("#te-count", "5")
    page.press("#te-count", "Tab")
    page.wait_for_selector("#te-picture svg g.tile[data-name='D'][data-count='5']")
    text = page.input_value("#source")
    assert same_segments(written_tiles(text)["D"]) == same_segments(written_tiles(base)["D"])
    assert written_tiles(text)["D"].count == 5
    assert text.count("\n") == base.count("\n")


@pytest.mark.slow
@pytest.mark.browser
def test_the_tile_editor_fits_a_phone(phone, server: str) -> None:
    phone.goto(server + "author")
    phone.wait_for_selector("#te-kind option", state="attached")
    phone.select_option("#te-kind", index=1)
    phone.click("#te-add")
    phone.click(".te-port:not([disabled])")
    phone.wait_for_selector("#te-line:not(:empty)")
    ring = phone.locator("#te-ring").bounding_box()
    assert ring["x"] >= 0 and ring["x"] + ring["width"] <= 390
    wide = phone.evaluate("document.getElementById('tile-editor').scrollWidth")
    assert wide <= 390
    ARTIFACTS.mkdir(exist_ok=True)
    phone.locator("#tile-editor").screenshot(path=str(ARTIFACTS / "tile-editor-phone.png"))
