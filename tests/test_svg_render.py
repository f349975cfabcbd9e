"""Pictures drawn from the compiled tables (``view.svg``) and the ``render`` command: every
bundled tile set draws as a well-formed sheet, fields show as separate regions, a board shows
its tiles and its last move, and bad input is refused with one message."""

from __future__ import annotations

import random
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import carcdsl
from carcdsl.cli.main import main
from carcdsl.compile.tables import AREA, FIELD
from carcdsl.formats.record import load_record
from carcdsl.replay import replay
from carcdsl.view.svg import board_svg, draw_tile, kind_colour, tile_sheet

SVG = "{http://www.w3.org/2000/svg}"
RECORDS = Path(__file__).parent / "data" / "records"
RECORD = RECORDS / "city-pennant.json"

RULE_SETS = [
    ("base", ()), ("base", ("river",)), ("base", ("abbot",)), ("base", ("inns-cathedrals",)),
    ("base", ("traders-builders",)), ("base", ("farmers",)), ("pnp-demo", ()), ("nuts", ()),
    ("maps-germany", ()),
]


def tiles_of(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [g for g in root.iter(f"{SVG}g") if "tile" in g.get("class", "").split()]


def classed(element: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in element.iter() if name in e.get("class", "").split()]


@pytest.mark.parametrize(("rules", "variants"), RULE_SETS,
                         ids=["+".join((r, *v)) for r, v in RULE_SETS])
def test_every_tile_set_draws_a_sheet_with_one_tile_per_type(rules, variants):
    tables = carcdsl.load(rules, variants).tables
    tiles = tiles_of(tile_sheet(tables, rules))
    assert [g.get("data-name") for g in tiles] == list(tables.type_names)
    assert [int(g.get("data-count")) for g in tiles] == list(tables.type_counts)
    for g, name, count in zip(tiles, tables.type_names, tables.type_counts):
        label = classed(g, "tile-name")[0].text
        assert label == f"{name} ×{count}"


def fields_drawn(tables, o: int) -> int:
    group = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">'
                          f'{"".join(draw_tile(tables, o))}</g>')
    return len({e.get("data-segment") for e in classed(group, "field")})


def test_each_field_of_a_tile_is_a_region_of_its_own():
    tables = carcdsl.load("base").tables
    for t, name in enumerate(tables.type_names):
        fields = sum(s.geometry == FIELD for s in tables.segments[4 * t])
        assert fields_drawn(tables, 4 * t) == fields, name
    x = tables.type_names.index("X")
    assert fields_drawn(tables, 4 * x) == 4  # four fields between four roads
    l_tile = tables.type_names.index("L")
    group = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">'
                          f'{"".join(draw_tile(tables, 4 * l_tile))}</g>')
    assert len(classed(group, "field-boundary")) >= 2  # thin lines between the fields
    shades = {e.get("fill") for e in classed(group, "field")}
    assert len(shades) == 3  # three fields in three greens


def test_an_enclosed_field_is_an_inner_region():
    tables = carcdsl.load("base", ("inns-cathedrals",)).tables
    enclosed = [o for o in range(0, tables.printed_from, 4)
                if any(s.geometry == FIELD and not s.ports for s in tables.segments[o])]
    if not enclosed:
        pytest.skip("no tile with an enclosed field")
    group = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">'
                          f'{"".join(draw_tile(tables, enclosed[0]))}</g>')
    assert classed(group, "enclosed")


CUSTOM = Path(__file__).parent / "data" / "custom-looks.carc"


def drawn(tables, name: str) -> ET.Element:
    """The elements of tile type ``name`` in its rule-file orientation."""
    o = 4 * tables.type_names.index(name)
    return ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">'
                         f'{"".join(draw_tile(tables, o))}</g>')


def test_a_kind_is_drawn_in_the_colour_and_look_its_rule_file_gives():
    tables = carcdsl.load("base", ("river",)).tables
    city = drawn(tables, "C")
    assert {e.get("fill") for e in classed(city, "area")} == {"#c98f4a"}  # base.carc says so
    r03 = drawn(tables, "R03")
    assert {e.get("data-look") for e in classed(r03, "area")} == {"walls"}
    river = [e for e in classed(r03, "path") if e.get("data-look") == "stream"]
    assert river and river[0].get("stroke") == "#4f8fd6"
    assert len(classed(drawn(tables, "R01"), "pool")) == 1  # the spring, where the river ends
    assert len(classed(drawn(tables, "L"), "house")) == 1  # three roads end at a village
    assert [e.get("data-look") for e in classed(drawn(tables, "R11"), "centre")] == ["bush"]


def test_a_kind_the_rule_file_says_nothing_of_gets_a_stable_colour_and_its_default_look():
    tables = carcdsl.load(str(CUSTOM)).tables
    lake = next(k for k in tables.kinds if k.name == "lake")
    assert lake.colour is None and lake.look == "walls"
    colour = kind_colour("lake", AREA)
    assert colour == kind_colour("lake", AREA) and colour != "#c98f4a"
    z1 = drawn(tables, "Z1")
    assert {e.get("fill") for e in classed(z1, "area")} == {colour}
    assert kind_colour("meadow", FIELD) != kind_colour("lake", AREA)
    z3 = drawn(tables, "Z3")
    assert [e.get("data-look") for e in classed(z3, "centre")] == ["tower"]
    z5 = drawn(tables, "Z5")
    assert [e.get("data-look") for e in classed(z5, "centre")] == ["tree"]
    assert len(classed(z5, "pool")) == 1  # two canals end at one spring: one pool
    z6 = drawn(tables, "Z6")  # two lakes in opposite corners, a field between them
    assert len(classed(z6, "area")) == 2 and classed(z6, "enclosed")


def test_a_colour_given_by_name_and_by_three_digits_is_drawn_as_six_digits(tmp_path):
    rules = tmp_path / "named.carc"
    rules.write_text('variant named for base\noverride feature city { colour SteelBlue }\n'
                     'override feature road { colour "#C84" look plain }\n', encoding="utf-8")
    tables = carcdsl.load("base", (str(rules),)).tables
    d = drawn(tables, "D")
    assert {e.get("fill") for e in classed(d, "area")} == {"#4682b4"}
    assert {e.get("stroke") for e in classed(d, "path")} == {"#cc8844"}
    assert not classed(d, "path-edge")  # a plain path has no edges


def test_a_board_has_a_tile_group_per_placed_tile_and_marks_the_last_move():
    state = replay(load_record(RECORD))
    root = ET.fromstring(board_svg(state, "a game", ["after move 2"]))
    tiles = [g for g in root.iter(f"{SVG}g") if "tile" in g.get("class", "").split()]
    assert len(tiles) == len(state.board)
    last = classed(root, "last-move")
    assert len(last) == 1
    move = state.moves[-1]
    x, y = move.at
    square = next(g for g in tiles if g.get("data-square") == f"{x},{y}")
    assert square.get("data-name") == move.tile
    scores = "".join(classed(root, "scores")[0].itertext())
    for name, score in zip(state.players, state.scores):
        assert f"{name}: {score}" in scores


def test_followers_stand_on_the_board_in_their_seats_colours():
    state = carcdsl.load("base").new_game(2, seed=3)
    rng = random.Random(3)
    for _ in range(12):
        move = state.sample_move(rng)
        assert move is not None
        state.apply_fast(*move)
    root = ET.fromstring(board_svg(state))
    assert len(classed(root, "follower")) == len(state.features.pieces)


def test_a_map_shows_its_empty_squares_and_labels():
    state = carcdsl.load("maps-germany").new_game(3, seed=1)
    root = ET.fromstring(board_svg(state))
    assert classed(root, "map-square")
    labels = [e.text for e in classed(root, "label")]
    assert {"Hamburg", "Berlin"} <= set(labels)
    assert labels.count("Berlin") == 1  # a big city over two squares is one city, named once
    assert classed(root, "printed-wall")  # with a wall round the whole of it
    berlin = [g for g in tiles_of(board_svg(state)) if "printed" in g.get("class", "")
              and not classed(g, "frame")]
    assert len(berlin) >= 2


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_render_writes_the_tile_sheet_as_svg_and_html(capsys, tmp_path):
    code, _, err = run(capsys, "render", "base", "--variant", "river", "--tiles",
                       str(tmp_path / "sheet.svg"))
    assert code == 0, err
    assert len(tiles_of((tmp_path / "sheet.svg").read_text(encoding="utf-8"))) == 35
    code, _, err = run(capsys, "render", "pnp-demo", "--tiles", str(tmp_path / "sheet.html"))
    assert code == 0, err
    page = (tmp_path / "sheet.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")  # nothing fetched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.html", "sheet.svg"]


def test_render_draws_a_record_after_a_move_and_after_each(capsys, tmp_path):
    count = len(load_record(RECORD).moves)
    code, _, err = run(capsys, "render", str(RECORD), "--move", "1", str(tmp_path / "b.svg"))
    assert code == 0, err
    root = ET.fromstring((tmp_path / "b.svg").read_text(encoding="utf-8"))
    assert len(classed(root, "last-move")) == 1
    code, out, err = run(capsys, "render", str(RECORD), "--all", str(tmp_path / "out"))
    assert code == 0, err
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == [f"move-{n:03d}.svg" for n in range(count)]  # named by the move
    assert f"{count} boards written" in out


@pytest.mark.parametrize(("argv", "said"), [
    (("render", "no-such-rules", "--tiles", "{tmp}/x.svg"), "unknown rule set"),
    (("render", str(RECORD), "--move", "99", "{tmp}/x.svg"), "move 99 is not in the record"),
    (("render", str(RECORD), "--move", "-1", "{tmp}/x.svg"), "move -1 is not in the record"),
    (("render", str(RECORD), "--move", "two", "{tmp}/x.svg"), "--move takes a move's number"),
    (("render", "base", "--tiles", "{tmp}/missing/x.svg"), "cannot write"),
    (("render", "base", "--tiles", "{tmp}"), "--tiles writes .svg, .html, .htm, .png"),
    (("render", "base", "--tiles", "{tmp}/x.gif"), "--tiles writes .svg, .html, .htm, .png"),
    (("render", str(RECORD), "--move", "1", "{tmp}/x.html"), "--move writes .svg, .png"),
    (("render", str(RECORD), "--all", str(RECORD)), "is not a folder"),
    (("render", str(RECORD)), "render needs --tiles"),
    (("render", str(RECORD), "-v", "river", "--move", "1", "{tmp}/x.svg"), "give no --variant"),
    (("render", "{tmp}/none.json", "--move", "1", "{tmp}/x.svg"), "cannot read the record"),
])
def test_render_refuses_bad_input_with_one_message(capsys, tmp_path, argv, said):
    code, out, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in argv))
    assert code == 1
    assert said in err and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    leftovers = [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp") or p.suffix == ".svg"]
    assert leftovers == []


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def svg_size(svg: str) -> tuple[float, float]:
    root = ET.fromstring(svg)
    return float(root.get("width")), float(root.get("height"))


def test_render_writes_png_when_the_file_ends_in_png(capsys, tmp_path):
    code, _, err = run(capsys, "render", "base", "--tiles", str(tmp_path / "sheet.png"))
    assert code == 0, err
    width, height = svg_size(tile_sheet(carcdsl.load("base").tables, "x"))
    assert png_size((tmp_path / "sheet.png").read_bytes()) == (2 * width, 2 * height)
    code, _, err = run(capsys, "render", str(RECORD), "--move", "1", str(tmp_path / "b.png"))
    assert code == 0, err
    board = board_svg(replay(load_record(RECORD)), "x", ["y"])
    assert png_size((tmp_path / "b.png").read_bytes()) == tuple(2 * v for v in svg_size(board))
    code, out, err = run(capsys, "render", str(RECORD), "--all", str(tmp_path / "all"), "--png")
    assert code == 0, err
    written = sorted((tmp_path / "all").iterdir())
    assert [p.name for p in written] == ["move-000.png", "move-001.png"]
    assert all(png_size(p.read_bytes()) for p in written)


@pytest.mark.parametrize("argv", [
    ("render", "base", "--tiles", "{tmp}/sheet.png"),
    ("render", str(RECORD), "--move", "1", "{tmp}/b.png"),
    ("render", str(RECORD), "--all", "{tmp}/all", "--png"),
])
def test_png_without_the_extra_says_how_to_get_it_and_writes_nothing(
        capsys, tmp_path, monkeypatch, argv):
    def missing():
        raise ImportError("No module named 'resvg_py'")

    monkeypatch.setattr("carcdsl.cli.render.rasteriser", missing)
    code, _, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in argv))
    assert code == 1
    assert err.strip() == "carcdsl: writing PNG needs resvg-py: pip install 'carcdsl[png]'"
    assert list(tmp_path.iterdir()) == []


def test_png_goes_with_all_or_a_png_file(capsys, tmp_path):
    code, _, err = run(capsys, "render", "base", "--tiles", str(tmp_path / "s.svg"), "--png")
    assert code == 1 and "--png goes with --all" in err
    assert list(tmp_path.iterdir()) == []


def test_a_failed_write_leaves_the_old_file_whole_and_no_temporary_file(
        capsys, tmp_path, monkeypatch):
    target = tmp_path / "sheet.svg"
    target.write_text("old", encoding="utf-8")

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("carcdsl.formats.files.os.replace", full_disk)
    code, _, err = run(capsys, "render", "base", "--tiles", str(target))
    assert code == 1 and "cannot write" in err
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.svg"]


def test_the_readme_pictures_are_what_render_draws_now(tmp_path):
    """docs/pictures/*.svg are regenerated by docs/pictures/make.py; a change that draws them
    differently must regenerate them too (and its author look at them)."""
    import importlib.util

    folder = Path(__file__).resolve().parent.parent / "docs" / "pictures"
    spec = importlib.util.spec_from_file_location("make_pictures", folder / "make.py")
    assert spec is not None and spec.loader is not None
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    drawn = make.draw(tmp_path)
    assert set(drawn) == {"base-tiles.svg", "board.svg"}
    for name, data in drawn.items():
        assert data == (folder / name).read_bytes(), (
            f"docs/pictures/{name} is stale: run python docs/pictures/make.py")


def test_the_browser_board_draws_a_map_as_render_does():
    """``serve``'s board (``web.scene``) once drew each square of a big city as a city of its
    own, named on every square (Berlin twice), and printed border roads unfaded: it draws the
    board with the same code as ``render`` now."""
    pytest.importorskip("starlette")
    from carcdsl.web.scene import board_scene

    state = carcdsl.load("maps-germany").new_game(3, seed=1)
    scene = board_scene(state)
    root = ET.fromstring(scene["svg"])
    labels = [e.text for e in classed(root, "label")]
    assert labels.count("Berlin") == 1
    assert classed(root, "printed-wall")
    drawn = ET.fromstring(board_svg(state))
    assert sorted(e.text or "" for e in classed(root, "label")) == sorted(
        e.text or "" for e in classed(drawn, "label"))
    faded = [g for g in tiles_of(scene["svg"]) if g.get("opacity")]
    assert len(faded) == len([g for g in tiles_of(board_svg(state)) if g.get("opacity")]) > 0
    assert len(classed(root, "overlay")) == 1  # the page still draws into it


def test_attributes_with_one_first_letter_get_badges_told_apart():
    """A badge was an attribute's first letter: a cathedral and cloth were both "C" (in
    near-same reds), a custom set's fish and frogs both "F". Each badge now says the
    shortest start of its name no other attribute of the rule set shares, and names it."""
    game = carcdsl.load("base", variants=["inns-cathedrals", "traders-builders"])
    sheet = ET.fromstring(tile_sheet(game.tables))
    labels: dict[str, set[str]] = {}
    for badge in classed(sheet, "attribute"):
        text = next(e for e in badge.iter() if e.tag == f"{SVG}text").text or ""
        labels.setdefault(badge.get("data-name", ""), set()).add(text.rstrip("0123456789"))
        title = next(e for e in badge.iter() if e.tag == f"{SVG}title")
        assert title.text == badge.get("data-name")
    assert {"cathedral", "cloth", "wine", "grain", "inn"} <= set(labels)
    assert all(len(shown) == 1 for shown in labels.values()), labels
    firsts = [next(iter(shown)) for shown in labels.values()]
    assert len(set(firsts)) == len(firsts), labels
    assert labels["wine"] == {"W"} and labels["cathedral"] != labels["cloth"]
