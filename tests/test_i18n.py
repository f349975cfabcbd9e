"""Output in a player's language: the rule set's words, the tool's phrases, and messages by
their codes (diagnostics, illegal moves), with English where a catalogue has nothing."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import attrs
import pytest

import carcdsl
from carcdsl.cli import main
from carcdsl.errors import IllegalMoveError
from carcdsl.i18n import Words
from carcdsl.play import (
    describe_end,
    describe_event,
    describe_setup,
    tell_first_player,
    token_setup,
)

RECORDS = Path(__file__).parent / "data" / "records"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def german(tmp_path) -> Path:
    path = tmp_path / "de.carc"
    path.write_text('rules de-test\nextends base\nnames de {\n  city "Stadt" "Städte"\n'
                    '  road "Straße" "Straßen"\n  tile "Plättchen" "Plättchen"\n}\n',
                    encoding="utf-8")
    return path


# --- languages ------------------------------------------------------------------------------
def test_a_language_the_rule_set_declares_is_accepted(capsys, german):
    code, out, err = run(capsys, "play", str(german), "--lang", "de", "--seed", "2")
    assert code == 0, err
    assert "Stadt" in out and "Straße" in out and "Plättchen" in out
    assert "winner" in out  # the tool's phrases fall back to English ...
    assert "note" in err and "'de'" in err  # ... and it says so


def test_a_language_nobody_speaks_is_one_message(capsys, german):
    code, _, err = run(capsys, "play", "base", "--lang", "de", "--seed", "2")
    assert code == 1
    assert "--lang de" in err and "en, nl" in err and "Traceback" not in err
    code, _, err = run(capsys, "replay", str(RECORDS / "city-pennant.json"), "--lang", "xx")
    assert code == 1 and "--lang xx" in err
    assert main(["play", "base", "--lang", "not a code"]) == 2  # argparse: a usage error
    capsys.readouterr()


def test_check_speaks_the_declared_language(capsys, german):
    code, out, err = run(capsys, "check", str(german), "--lang", "de")
    assert "[W306]" in out and "'monastery'" in out  # no German name for it
    assert "note" in err


# --- Dutch -------------------------------------------------------------------------------------
def test_dutch_game_header_set_up_and_board(capsys):
    code, out, _ = run(capsys, "play", "maps-germany", "--players", "3", "--seed", "1",
                       "--lang", "nl")
    assert code == 0
    assert "startgetal 1" in out.splitlines()[0]
    assert "opzet: starttegel D op (0, 0) (Rostock); landtegel Q op (0, 5) (Erfurt)" in out
    assert "legenda:" in out and "seed" not in out


def test_dutch_small_city_penalty(capsys):
    code, out, _ = run(capsys, "play", "maps-germany", "--variant", "small-city-penalty",
                       "--lang", "nl", "--seed", "3")
    assert code == 0
    assert "kleine stad, bedekt een kleine stad = -2" in out
    assert "covers" not in out


def test_trigger_scorings_are_told_from_their_terms():
    from carcdsl.tally import ScoreEvent

    terms = (("t", "covers", "small-city"),)
    event = ScoreEvent(3, 0, "Ann", "small-city", "complete", -2, "covers a small-city",
                       (0, 0), terms)
    words = Words(carcdsl.load("maps-germany").rules, "nl")
    assert describe_event(event, words) == "Ann: kleine stad, bedekt een kleine stad = -2"
    assert describe_event(event) == "Ann: small city, covers a small city = -2"
    hole = attrs.evolve(event, feature="surrounded", terms=(("t", "surrounded", None),))
    assert describe_event(hole, words).endswith(", vult een gat = -2")


def test_dutch_prompts_for_a_person(capsys, monkeypatch):
    prompts = []

    def answer(prompt=""):
        prompts.append(prompt)
        return "x" if len(prompts) == 1 else "q"
    monkeypatch.setattr("builtins.input", answer)
    code, out, err = run(capsys, "play", "base", "--bot", "human", "--lang", "nl",
                         "--seed", "2")
    assert code == 1 and "het spel is afgebroken" in err
    assert "P1 is aan de beurt met landtegel" in out and "stand P1 0, P2 0" in out
    assert "nog 7 meeples" in out
    assert "'x' is geen zetnummer" in out
    assert prompts[0].startswith("zet (0-")
    for english in ("to move with", "scores", "followers left"):
        assert english not in out


def test_the_follower_word_is_the_rule_sets(capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    code, out, _ = run(capsys, "play", "nuts", "--bot", "human", "--seed", "2")
    assert code == 1 and "squirrels left: 45" in out


def test_check_stats_in_dutch(capsys):
    code, out, _ = run(capsys, "check", "--lang", "nl", "--stats", "pnp-demo")
    assert code == 0
    for dutch in ("in orde", "tegels ", "tegelsoorten", "wapenschilden", "middenstukken",
                  "zijden per soort", "delen per soort", "klooster", "stad", "weg"):
        assert dutch in out
    for english in ("tiles", "types", "pennants", "centre", "by kind", "  city", "  road"):
        assert english not in out
    code, out, _ = run(capsys, "check", "--lang", "nl", "--stats", "maps-germany")
    assert "kaart" in out and "vakken met kleine stad" in out and "startgebieden" in out


def test_dutch_illegal_move_in_a_record(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({
        "format": "carcdsl-record/1", "rules": "base", "players": 2,
        "moves": [{"tile": "L", "at": [1, 0], "rotation": 0},
                  {"tile": "E", "at": [0, 1], "rotation": 0}]}))
    code, _, err = run(capsys, "replay", str(bad), "--lang", "nl")
    assert code == 1
    assert "zet 1 " in err and "landtegel E op [0, 1] gedraaid 0 past niet" in err
    assert "[regel: sides-match]" in err
    code, _, err = run(capsys, "play", "base", "--players", "9", "--lang", "nl")
    assert code == 1 and "is voor 2 tot 5 spelers, niet 9" in err


# --- catalogues --------------------------------------------------------------------------------
@pytest.mark.parametrize("code,english,dutch", [
    ("E110", "unknown feature kind 'citty' (did you mean 'city'?)",
     "onbekende soort 'citty' (bedoel je 'city'?)"),
    ("E001", "unexpected end of file; expected 'end', 'tiles'",
     "syntaxfout: onverwacht einde van het bestand; verwacht: 'end', 'tiles'"),
    ("E001", "unexpected name 'name'; expected '{'",
     "syntaxfout: onverwacht naam 'name'; verwacht: '{'"),
    ("E001", "unexpected 'x'; expected '}', 'tiles' or 'title'",
     "syntaxfout: onverwacht 'x'; verwacht: '}', 'tiles' of 'title'"),
    ("E002", "unexpected character '$'", "syntaxfout: onverwacht teken '$'"),
    ("W306", "no nl name for 'road' (it stays 'road')",
     "geen naam in taal nl voor 'road' (het blijft 'road')"),
    ("W122", "the game declares 91 tiles but the tile counts add up to 73 (18 fewer)",
     "het spel noemt 91 landtegels maar de aantallen tellen op tot 73 (18 minder)"),
    ("E114", "unknown start tile 'Q'", "onbekende starttegel 'Q'"),
    ("E999", "something new", "something new"),  # not in the catalogue: English
])
def test_diagnostics_by_code(code, english, dutch):
    words = Words(carcdsl.load("base").rules, "nl")
    assert words.diagnostic(code, english) == dutch


def test_diagnostics_prefer_structured_arguments():
    words = Words(None, "nl")
    said = words.diagnostic("E110", "whatever the English says",
                            {"name": "citty", "hint": " (did you mean 'city'?)"})
    assert said == "onbekende soort 'citty' (bedoel je 'city'?)"
    assert words.diagnostic("E110", "kept", {"other": 1}) == "kept"  # wrong shape: English


def test_check_in_dutch_end_to_end(capsys, tmp_path):
    path = tmp_path / "broken.carc"
    path.write_text("rules t\nextends base\ntile Z 1 citty N\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path), "--lang", "nl")
    assert code == 1
    assert "fout[E110]: onbekende soort 'citty' (bedoel je 'city'?)" in out
    assert "1 fout" in out


def test_illegal_moves_by_rule_code():
    words = Words(carcdsl.load("base").rules, "nl")
    exc = IllegalMoveError("square [3, 4] is not next to a placed tile", "adjacent")
    assert words.illegal(exc) == "vak [3, 4] ligt niet naast een gelegde landtegel"
    exc = IllegalMoveError("the road at N already has a follower", "feature-occupied")
    assert words.illegal(exc) == "op de weg bij N staat al een meeple"
    exc = IllegalMoveError("P1 drew U: a move must place that tile, not V", "drawn-tile")
    assert words.illegal(exc) == "P1 trok U: een zet moet die landtegel leggen, niet V"
    exc = IllegalMoveError("a monk does not stand on a road (a highwayman does)",
                           "follower-kind")
    assert words.illegal(exc) == "een monnik staat niet op een weg (een struikrover wel)"
    exc = IllegalMoveError("something new", "no-such-rule")
    assert words.illegal(exc) == "something new"
    exc = IllegalMoveError("English", "unknown-tile")
    exc.details = {"tile": "Z9"}  # structured arguments, when the engine carries them
    assert words.illegal(exc) == "onbekende landtegel 'Z9'"


def test_no_dutch_phrase_is_missing():
    from carcdsl.i18n import PHRASES

    assert set(PHRASES["nl"]) == set(PHRASES["en"])


# --- hooks for what the engine reports --------------------------------------------------------
def test_the_end_reason_is_told():
    game = carcdsl.load("base")
    state = game.new_game(2, seed=1)
    words = Words(game.rules, "nl")
    state.end_reason = SimpleNamespace(why="tile-unplaceable", tile="X", player="P2",
                                       left=("X", "U"))
    assert describe_end(state, words) == ("landtegel X past nergens voor P2: het spel is "
                                          "afgelopen")
    state.end_reason = SimpleNamespace(why="stopped", tile=None, player="P1", left=("U",) * 3)
    assert describe_end(state, Words(game.rules)) == "final scoring with 3 tiles left"
    state.end_reason = SimpleNamespace(why="new-reason", tile=None, player=None, left=())
    assert "new-reason" in describe_end(state, words)


def test_token_events_are_told():
    game = carcdsl.load("nuts")
    state = game.new_game(2, seed=1)
    words = Words(game.rules)
    assert token_setup(state, words)[0].startswith("4 nuts put")  # read, or reported
    state.token_events = [
        SimpleNamespace(move=-1, token="nut", count=1, action="put", seat=None, player=None,
                        feature="forest", at=(0, 0)),
        SimpleNamespace(move=-1, token="nut", count=1, action="given", seat=0, player="P1",
                        feature=None, at=None)]
    assert token_setup(state, words) == ["1 nut put on the forest at (0, 0)", "P1 gets 1 nut"]
    assert describe_setup(state, words).startswith("set-up: start tile Start at (0, 0); 1 nut")


def test_the_draw_off_is_told(capsys):
    game = carcdsl.load("base", ["first-player-most-roads"])
    state = game.new_game(["Ann", "Bob"], seed=3)
    state.draw_off = SimpleNamespace(kind="road", winner="Bob",
                                     rounds=((("Ann", "U", 2), ("Bob", "X", 4)),))
    import sys

    tell_first_player(state, Words(game.rules), sys.stdout)
    out = capsys.readouterr().out
    assert "draw-off, round 1 (sides showing road): Ann U (2), Bob X (4)" in out
    assert "Bob starts (draw-off)" in out


def test_replay_counts_and_ends_in_dutch(capsys):
    code, out, _ = run(capsys, "replay", str(RECORDS / "final-city.json"), "--lang", "nl")
    assert code == 0
    assert out.startswith("1 zet nagespeeld; eindtelling gedaan")
    assert "opzet: starttegel D op (0, 0)" in out
    assert "eindtelling met nog 70 landtegels over" in out
