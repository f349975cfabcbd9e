"""The board drawn in a terminal: glyphs that mean one thing each, pieces beside what they
stand on, and a key in the rule set's words."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import carcdsl
from carcdsl.engine.moves import FollowerSpec, Placement
from carcdsl.formats.record import parse_record
from carcdsl.geometry.squares import to_key, to_xy
from carcdsl.i18n.words import Words
from carcdsl.replay import replay
from carcdsl.view.text import big_city_labels, render_board
from carcdsl.view.tiletext import COLS, ROWS, seat_glyph

RECORDS = Path(__file__).parent / "data" / "records"


def squares_of(picture: str) -> dict[tuple[int, int], list[str]]:
    """Each square's block of the drawing (``ROWS`` strings of ``COLS`` characters), read by
    the rulers: x above, y left of a block's middle row."""
    board = picture.split("\n")
    board = board[:next((i for i, line in enumerate(board) if line[:1].isalpha()), len(board))]
    xs = [int(x) for x in board[0].split()]
    assert board[-1] == board[0], "the x ruler is drawn below the board too"
    blocks = {}
    rows = board[1:-1]
    assert len(rows) % ROWS == 0
    for top in range(0, len(rows), ROWS):
        lines = [line.ljust(4 + (COLS + 1) * len(xs) + 1) for line in rows[top:top + ROWS]]
        y = int(lines[1][:4])
        assert lines[1].split()[-1] == str(y), "the y ruler is drawn right of the board too"
        for i, x in enumerate(xs):
            start = 5 + (COLS + 1) * i
            blocks[x, y] = [line[start:start + COLS] for line in lines]
    return blocks


def _gaps(picture: str, y: int) -> str:
    """The characters between the squares on the middle row of squares at ``y``."""
    middle = next(line for line in picture.splitlines() if line[:4].strip() == str(y))
    return "".join(middle[4 + (COLS + 1) * i] for i in range(len(middle) // (COLS + 1))
                   if 4 + (COLS + 1) * i < len(middle))


def test_big_cities_get_labels_that_tell_them_apart():
    game = carcdsl.load("maps-germany")
    state = game.new_game(3, seed=1)
    labels = big_city_labels(state)
    assert len(set(labels.values())) == len(labels) == 6
    picture = render_board(state, show_open=False, key=True)
    assert "Ham" in picture and "Han" in picture  # Hamburg and Hannover, not %H% twice
    assert "%H%" not in picture


def test_the_key_names_every_glyph_of_the_map():
    game = carcdsl.load("maps-germany")
    state = game.new_game(3, seed=1)
    picture = render_board(state, show_open=False, key=True)
    board, _, key = picture.partition("\nkey:")
    assert "^" in board and "*" in board  # an unused start area is not a small city
    for entry in ("^ start area", "* small city", "· empty square", "~ off the board",
                  "# city", "-|+ road", "Ham Hamburg", "Han Hannover", "Ber Berlin",
                  "printed at the edge"):
        assert entry in key, entry
    stuttgart = next(k for k, name in game.tables.board.labels.items() if name == "Stuttgart")
    assert stuttgart not in state.board


def test_the_key_is_in_the_chosen_language():
    game = carcdsl.load("maps-germany")
    state = game.new_game(2, seed=1)
    picture = render_board(state, show_open=False, words=Words(game.rules, "nl"), key=True)
    assert "legenda:" in picture and "* kleine stad" in picture and "^ startgebied" in picture
    assert "# stad" in picture and "-|+ weg" in picture


def test_the_key_names_whose_followers_the_digits_are():
    game = carcdsl.load("base")
    state = game.new_game(["Ann", "Bob"], seed=5)
    while not state.features.pieces:
        state.play(next(m for m in state.legal_moves() if m.follower) if state.legal_moves()
                   else state.legal_moves()[0])
    picture = render_board(state, show_open=True, key=True)
    assert "1-2 meeples of Ann, Bob" in picture
    assert "[ ] the drawn tile fits here" in picture


def test_an_endless_table_has_a_short_key():
    state = carcdsl.load("base").new_game(2, seed=1)
    picture = render_board(state, show_open=False, key=True)
    assert picture.splitlines()[-1].startswith("key:")
    assert "off the board" not in picture and "empty square" not in picture
    assert to_key(0, 0) in state.board


# --- a person's board: where the tile fits, which landmark, which path ----------------------
def _marked(picture: str) -> set[tuple[int, int]]:
    """The squares drawn as ``[ ]`` (an empty square where the tile fits)."""
    return {xy for xy, block in squares_of(picture).items()
            if block == [" " * COLS, " [ ] ", " " * COLS]}


def test_only_squares_where_the_drawn_tile_fits_are_marked():
    from carcdsl.geometry.squares import to_xy

    game = carcdsl.load("base")
    for seed in range(1, 30):
        state = game.new_game(2, seed=seed)
        for _ in range(12):
            state.apply_fast(*next(state.iter_moves()))
        fits = {to_xy(key) for _, key, _, _ in state.iter_moves()}
        if len(fits) < len(state.grid.open):
            break
    assert len(fits) < len(state.grid.open)  # some open square takes no rotation of this tile
    picture = render_board(state, key=True)
    assert _marked(picture) == fits
    assert "[ ] the drawn tile fits here" in picture


def test_with_hands_the_mark_is_for_any_tile_of_the_hand():
    state = carcdsl.load("base", ["hand-of-three"]).new_game(2, seed=3)
    picture = render_board(state, key=True)
    assert "[ ] a tile of the hand fits here" in picture


def test_each_landmark_has_its_glyph_and_the_key_names_only_those_shown():
    game = carcdsl.load("examples/river-crossing.carc")  # landmarks: village (base), ford
    state = game.new_game(2, seed=3)
    while not any(state.tables.type_names[o // 4] == "F" for o, _ in state.board.values()):
        moves = list(state.iter_moves())
        ford = [m for m in moves if state.tables.type_names[m[0]] == "F"]
        state.apply_fast(*(ford or moves)[0])
    picture = render_board(state, show_open=False, key=True)
    key = picture.split("\nkey:")[1]
    assert "O ford" in key and "village" not in key
    assert "O" in picture.split("\nkey:")[0]
    base = carcdsl.load("base").new_game(2, seed=1)
    assert "village" not in render_board(base, show_open=False, key=True)  # D: no village


def test_a_road_into_a_city_is_not_a_village(tmp_path):
    path = tmp_path / "gate.carc"
    path.write_text("rules gate\nextends base\nremove all tiles\noverride game {\n"
                    "    tiles 9\n    start G1\n}\ntile G1 9 city N; road S -> city\n",
                    encoding="utf-8")
    state = carcdsl.load(str(path)).new_game(2, seed=1)
    picture = render_board(state, show_open=False, key=True)
    board, key = picture.split("\nkey:")
    assert squares_of(board)[0, 0] == [".###.", "..#..", "..|.."]
    assert "village" not in key and " o " not in key


def test_two_path_kinds_look_different(tmp_path):
    path = tmp_path / "rivers.carc"
    path.write_text(
        "rules rivers\nextends base\n"
        "feature river {\n    geometry path\n    followers no\n}\n"
        "tile R1 4 river N-S\ntile R2 4 river W-E; road N-S\n", encoding="utf-8")
    game = carcdsl.load(str(path))
    state = game.new_game(2, seed=2)
    names = game.tables.type_names
    for _ in range(40):
        moves = list(state.iter_moves())
        if not moves:
            break
        rivers = [m for m in moves if names[m[0]] in ("R1", "R2")]
        state.apply_fast(*(rivers or moves)[0])
        if any(names[o // 4] in ("R1", "R2") for o, _ in state.board.values()):
            break
    picture = render_board(state, show_open=False, key=True)
    board, key = picture.split("\nkey:")
    assert "-|+ road" in key and "=:x river" in key
    assert ":" in board or "=" in board


def _new_game(tmp_path, text: str):
    """A two-player game of the rule file ``text`` (seed 1)."""
    path = tmp_path / "t.carc"
    path.write_text(text, encoding="utf-8")
    return carcdsl.load(path).new_game(2, seed=1)


def test_two_area_kinds_get_two_glyphs(tmp_path):
    state = _new_game(tmp_path, "rules lakes\nextends base\nfeature lake { geometry area }\n"
                      "tile Y 3 lake N; road W-E\noverride game { tiles 75 }\n")
    state.auto_discard = False  # the caller draws: place a lake tile, whatever was drawn
    state.play(carcdsl.Placement("Y", (1, 0), 0))  # its road meets the start tile's
    board, _, key = render_board(state, show_open=False, key=True).partition("\nkey:")
    assert "X lake" in key and "# city" in key
    assert "X" in board and "#" in board


def test_a_map_is_drawn_with_the_sea_all_round(tmp_path):
    state = _new_game(tmp_path, 'rules small\nextends base\nboard {\n  map "..S." "...."\n'
                      '  legend { "." square  "S" start Home }\n}\n')
    blocks = squares_of(render_board(state, show_open=False))
    xs, ys = {x for x, _ in blocks}, {y for _, y in blocks}
    assert len(xs) == 6 and len(ys) == 4
    sea = ["~" * COLS] * ROWS
    assert all(blocks[x, y] == sea for x, y in blocks
               if x in (min(xs), max(xs)) or y in (min(ys), max(ys)))
    assert blocks[0, 0] != sea  # the start tile


def test_an_empty_board_is_said_in_the_language():
    game = carcdsl.load("base", ["bag"])  # the start tile is in the bag: nothing placed yet
    state = game.new_game(2, seed=1, auto_discard=False)
    assert render_board(state, show_open=False) == "(empty board)"
    assert render_board(state, show_open=False, words=Words(game.rules, "nl")) == "(leeg bord)"


def test_a_printed_border_shows_its_kinds_glyph(tmp_path):
    state = _new_game(tmp_path, 'rules lakes\nextends base\nfeature lake { geometry area }\n'
                      'board {\n  map "~~~" "LR." "~~~"\n'
                      '  legend { "~" off  "." square  "R" start R  "L" square border W lake }'
                      '\n}\n')
    board, _, key = render_board(state, show_open=False, key=True).partition("\nkey:")
    assert "~X~" in board and "~#~" not in board
    assert "~X~ lake printed at the edge" in key and "city printed" not in key


# --- pieces, pennants, attributes: each visible, none hiding another -------------------------
def _base_game(*variants: str):
    """Ann and Bob on ``base`` (with ``variants``), the caller choosing every tile."""
    return carcdsl.load("base", list(variants)).new_game(["Ann", "Bob"], seed=1,
                                                         auto_discard=False)


def test_a_follower_on_a_monastery_leaves_the_monastery_showing():
    state = _base_game()
    state.play(Placement("B", (0, 1), 0, FollowerSpec("monastery")))
    block = squares_of(render_board(state, show_open=False))[0, 1]
    assert block[1] == "..@1."  # the monk right of the monastery, not over it
    lone = _base_game()
    lone.play(Placement("B", (0, 1), 0))
    assert squares_of(render_board(lone, show_open=False))[0, 1][1] == "..@.."


def test_a_follower_on_a_road_stub_sits_beside_it_and_a_monk_beside_the_monastery():
    state = _base_game()
    state.play(Placement("V", (1, 0), 0))  # D's road bends south
    state.play(Placement("A", (1, 1), 180, FollowerSpec("road", "N")))  # Bob's, on the bend's
    state.play(Placement("A", (2, 0), 0, FollowerSpec("monastery")))  # Ann's monk
    blocks = squares_of(render_board(state, show_open=False))
    assert blocks[1, 1] == ["..|2.", "..@..", "....."]
    assert blocks[2, 0] == [".....", "..@1.", "..|.."]


def test_a_piece_on_a_road_beside_a_monastery_does_not_read_as_a_monk():
    """TB22: a monastery with roads to the west, east and south."""
    state = _base_game("traders-builders-tiles")
    state.play(Placement("TB22", (1, 0), 0, FollowerSpec("road", "E")))  # its road W meets D's
    highwayman = squares_of(render_board(state, show_open=False))[1, 0]
    other = _base_game("traders-builders-tiles")
    other.play(Placement("TB22", (1, 0), 0, FollowerSpec("monastery")))
    monk = squares_of(render_board(other, show_open=False))[1, 0]
    assert "@1" not in "".join(highwayman) and "1" in "".join(highwayman)
    assert "@1" in monk[1] and "@" in highwayman[1]


def test_a_knight_leaves_its_city_joined_and_its_pennant_shows():
    state = _base_game()
    state.play(Placement("F", (0, -1), 90, FollowerSpec("city", "N")))  # city N+S, pennant
    picture = render_board(state, show_open=False, key=True)
    block = squares_of(picture)[0, -1]
    assert block[1][2] == "#"  # the middle still joins north and south
    assert "1" in "".join(block) and "♦" in "".join(block)
    assert "♦ pennant" in picture and "1-2 meeples of Ann, Bob" in picture
    dutch = render_board(state, show_open=False, key=True, words=Words(state.game.rules, "nl"))
    assert "♦ wapenschild" in dutch and "1-2 meeples van Ann, Bob" in dutch


def test_a_rule_sets_own_word_for_pennants_names_them():
    state = carcdsl.load("nuts").new_game(2, seed=1)
    while not any(seg.pennants for o, _ in state.board.values()
                  for seg in state.tables.segments[o]):
        state.apply_fast(*next(state.iter_moves()))
    picture = render_board(state, show_open=False, key=True)
    assert "♦ mushroom group" in picture and "♦" in picture.split("\nkey:")[0]


def test_attributes_are_drawn_and_named_in_the_rule_sets_words():
    state = _base_game("inns-cathedrals", "traders-builders")
    state.play(Placement("IC14", (0, -1), 180))  # a city with a pennant, a road with an inn
    state.play(Placement("TB05", (1, -1), 0))  # a city with grain (the goods: wine, grain, ...)
    picture = render_board(state, show_open=False, key=True)
    drawn = "".join(squares_of(picture)[0, -1] + squares_of(picture)[1, -1])
    key = picture.split("\nkey:")[1]
    inn = next(entry for entry in key.split("   ") if entry.endswith(" inn"))
    grain = next(entry for entry in key.split("   ") if entry.endswith(" grain"))
    assert inn[0] in drawn and grain[0] in drawn and inn[0] != grain[0] != "♦"
    assert "cathedral" not in key  # only what the board shows
    dutch = render_board(state, show_open=False, key=True, words=Words(state.game.rules, "nl"))
    assert f"{inn[0]} herberg" in dutch and f"{grain[0]} graan" in dutch


def test_figures_show_their_letter_after_the_seat_and_the_key_names_them():
    state = _base_game("abbot", "inns-cathedrals", "traders-builders")
    state.play(Placement("B", (0, 1), 0, FollowerSpec("monastery", kind="abbot")))
    state.play(Placement("B", (1, 1), 0, FollowerSpec("monastery", kind="big")))
    picture = render_board(state, show_open=False, key=True)
    blocks = squares_of(picture)
    key = picture.split("\nkey:")[1]
    assert "1a-2a abbots of Ann, Bob" in key and "1b-2b bigs" in key
    assert "@1a" in blocks[0, 1][1] and "@2b" in blocks[1, 1][1]
    all_three = carcdsl.load("base", ["abbot", "inns-cathedrals", "traders-builders"])
    from carcdsl.view.tiletext import figure_letters

    shown = figure_letters(all_three.new_game(2, seed=1))
    assert len(set(shown.values())) == len(shown) == 4  # big and builder: not both 'b'
    dutch = figure_letters(all_three.new_game(2, seed=1), Words(all_three.rules, "nl"))
    assert len(set(dutch.values())) == 4 and "v" not in dutch.values()  # 'v' is a landmark


# --- where the tile fits, the last tile, the rulers -----------------------------------------
def test_a_bend_and_a_square_where_the_tile_fits_look_different():
    state = _base_game()
    state.play(Placement("V", (1, 0), 0))  # a road bending from west to south
    state.draw("B")
    picture = render_board(state, key=True)
    blocks = squares_of(picture)
    bends = [xy for xy, block in blocks.items() if "+" in "".join(block)]
    fits = {to_xy(key) for _, key, _, _ in state.iter_moves()}
    assert bends == [(1, 0)] and to_key(1, 0) in state.board
    assert _marked(picture) == fits and (1, 0) not in fits
    assert "-|+ road" in picture and "[ ] the drawn tile fits here" in picture


def test_the_last_tile_placed_is_framed():
    state = _base_game()
    assert ">" not in render_board(state, show_open=False)  # only the start tile
    state.play(Placement("V", (1, 0), 0))
    picture = render_board(state, show_open=False, key=True)
    assert _gaps(picture, 0) == " ><"  # left of the start tile, then round (1, 0)
    assert "> < the last tile placed" in picture
    assert "> < de laatst gelegde landtegel" in render_board(
        state, show_open=False, key=True, words=Words(state.game.rules, "nl"))


def test_the_rulers_name_every_column_and_row():
    state = _base_game()
    state.play(Placement("V", (1, 0), 0))
    state.play(Placement("U", (1, 1), 0))
    picture = render_board(state, show_open=False, key=True)
    blocks = squares_of(picture)  # checks the rulers below and to the right as well
    assert sorted(blocks) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert picture.splitlines()[0] == picture.splitlines()[7] == "       0     1"
    assert picture.splitlines()[5].endswith(" 1") and picture.splitlines()[5][:4] == "   1"


def test_a_follower_is_not_a_big_city_label_or_a_map_mark():
    state = carcdsl.load("maps-germany").new_game(2, seed=1)
    picture = render_board(state, key=True)
    blocks = squares_of(picture)
    assert [b[1] for b in blocks.values() if "%" in b[1]].count("%Ham%") == 1
    marks = {b[1] for b in blocks.values() if "[" in b[1]}
    assert marks <= {" [·] ", " [*] ", " [^] "} and marks


# --- boards of golden records ----------------------------------------------------------------
def _glyphs(picture: str, glyphs: str) -> Counter:
    """How often each of ``glyphs`` is drawn inside the squares."""
    return Counter(ch for block in squares_of(picture).values() for ch in "".join(block)
                   if ch in glyphs)


BOARDS = {
    # record (replayed without its final scoring, so pieces stay) -> the glyphs on its board
    "city-pennant": {"♦": 1, "1": 0, "2": 0, "@": 0},
    "final-majority": {"1": 1, "2": 2, "@": 1, "♦": 1},
    "final-scoring-8-4-3-3": {"1": 2, "2": 1, "3": 1, "4": 1, "5": 1, "@": 4, "♦": 4},
    "expansions/abbot-garden-field": {"1": 2, "2": 1, "a": 1, "@": 1, "Q": 2},
    "expansions/abbot-with-all-meeples": {"1": 8, "a": 1, "@": 6, "Q": 1},
    "expansions/big-farmer": {"1": 1, "2": 1, "b": 1},
    "expansions/builder-second-tile": {"1": 2, "b": 1, "♦": 2, "♣": 1},  # ♣: wine
    "expansions/cathedral-city-open": {"1": 1, "♦": 1, "♥": 1},  # ♥: cathedral (♣ inn)
    "expansions/goods-majority": {"♣": 5, "♠": 1},  # 5 wine, 1 cloth
    "expansions/pig-outvoted": {"1": 2, "2": 2, "p": 1, "@": 3},
    "expansions/river-bridge-fields": {"1": 1, "2": 1, "=": 36, ":": 6, "x": 2, "O": 1,
                                       "v": 1, "@": 1, "Q": 1},
    "expansions/six-players": {"1": 1, "3": 1, "6": 1, "@": 1},
    "variants/table-edge-discard": {"1": 1, "@": 1, "·": 3},
    "variants/hand-of-three": {"2": 1, "@": 4},
}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_golden_record_boards(name):
    data = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    data["final"] = False
    state = replay(parse_record(data))
    picture = render_board(state, show_open=False, key=True)
    expected = BOARDS[name]
    assert _glyphs(picture, "".join(expected)) == +Counter(expected)
    key = picture.split("\nkey:")[1]
    assert all(glyph in key for glyph in expected  # and the key says what each means
               if expected[glyph] and not glyph.isdigit())


# --- any game ---------------------------------------------------------------------------------
GAMES = [("base", ()), ("base", ("farmers",)),
         ("base", ("abbot", "inns-cathedrals", "traders-builders", "river", "farmers")),
         ("maps-germany", ()), ("pnp-demo", ()), ("nuts", ())]


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(range(len(GAMES))), seed=st.integers(0, 2**16),
       seats=st.integers(2, 5), moves=st.integers(0, 80))
def test_every_tile_and_every_piece_is_drawn(game, seed, seats, moves):
    rules, variants = GAMES[game]
    loaded = carcdsl.load(rules, list(variants))
    low, high = loaded.tables.modes.players
    state = loaded.new_game(max(low, min(seats, high)), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.finished or state.out_of_tiles():
            break
        choices = list(state.iter_moves())
        placing = [m for m in choices if m[3] != -1]  # pieces, mostly
        state.apply_fast(*rng.choice(placing if placing and rng.random() < 0.8 else choices))
    picture = render_board(state, key=True)
    blocks = squares_of(picture)
    for key in state.board:
        block = blocks[to_xy(key)]
        assert block != [" " * COLS] * ROWS and "[" not in block[1], to_xy(key)
    drawn = _glyphs(picture, "".join(seat_glyph(s) for s in range(len(state.players))))
    # a finished game's board shows the pieces that stood on it when it ended
    pieces = state.end_reason.pieces if state.finished else state.features.pieces
    on_board = Counter(seat_glyph(seat) for seat, _, _, _ in pieces)
    assert drawn == on_board
    for key in state.board:  # each piece on its own square
        here = Counter(seat_glyph(seat) for seat, _, k, _ in pieces if k == key)
        assert Counter(ch for ch in "".join(blocks[to_xy(key)]) if ch in on_board) == here


def test_the_readmes_board_is_the_board():
    state = _base_game()
    state.play(Placement("B", (0, 1), 0, FollowerSpec("monastery")))
    state.play(Placement("F", (0, -1), 90, FollowerSpec("city", "N")))
    state.play(Placement("V", (1, 0), 0, FollowerSpec("road", "W")))
    state.draw("K")
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert f"```\n{render_board(state, key=True)}\n```" in readme


def test_a_long_caption_widens_the_board_picture():
    """A move told at length (a wagon moved on, an abbey with a monk) on a one-tile board:
    the picture is wide enough for the caption, which is not cut off at 320 pixels."""
    from carcdsl.view.svg import board_svg

    game = carcdsl.load("base")
    state = game.new_game(2, seed=1)
    caption = "6. Ann: AMA at (0, 1) rotated 0, monk on monastery, Bob's wagon moves to city:N"
    width = float(re.search(r'<svg[^>]* width="([\d.]+)"', board_svg(state, "", [caption]))[1])
    assert width >= 10 + 6.5 * len(caption)
