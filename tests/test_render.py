"""The board drawn in a terminal: glyphs that mean one thing each, and a key in the rule set's
words."""

from __future__ import annotations

import carcdsl
from carcdsl.i18n import Words
from carcdsl.render import big_city_labels, render_board
from carcdsl.squares import to_key


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
    while not state.meeples:
        state.play(next(m for m in state.legal_moves() if m.follower) if state.legal_moves()
                   else state.legal_moves()[0])
    picture = render_board(state, show_open=True, key=True)
    assert "1-2 meeples of Ann, Bob" in picture
    assert "+ a tile may go here" in picture


def test_an_endless_table_has_a_short_key():
    state = carcdsl.load("base").new_game(2, seed=1)
    picture = render_board(state, show_open=False, key=True)
    assert picture.splitlines()[-1].startswith("key:")
    assert "off the board" not in picture and "empty square" not in picture
    assert to_key(0, 0) in state.board
