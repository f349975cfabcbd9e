"""What the command line says when something is wrong: one message, exit status 1, in the
chosen language; and the figures and phrases of its output as the language writes them."""

from __future__ import annotations

import errno
import json
import os
import re
from pathlib import Path

import pytest

import carcdsl
from carcdsl.cli.main import main
from carcdsl.i18n.words import Words, json_reason, os_reason
from carcdsl.view.describe import format_summary

RECORDS = Path(__file__).parent / "data" / "records"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_message(code: int, out: str, err: str) -> str:
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("carcdsl"), err
    assert "usage:" not in err and "Traceback" not in err
    return err.strip()


# --- argparse's complaints --------------------------------------------------------------------
@pytest.mark.parametrize("argv,english,dutch", [
    (["play", "base", "--seed", "abc"], "carcdsl play: --seed takes a whole number, not 'abc'",
     "carcdsl play: --seed vraagt een geheel getal, niet 'abc'"),
    (["play", "base", "--players", "3", "--names", "A,B"],
     "carcdsl play: --names cannot go with --players", "--names gaat niet samen met --players"),
    (["dance"], "carcdsl: unknown command 'dance'; choose from check,",
     "carcdsl: onbekende opdracht 'dance'"),
    (["check"], "carcdsl check: missing FILE", "carcdsl check: FILE ontbreekt"),
    (["play", "base", "--seed"], "carcdsl play: --seed needs a value",
     "--seed vraagt een waarde"),
    (["replay", "x.json", "--frob"], "carcdsl replay: unknown arguments: --frob",
     "carcdsl replay: onbekende argumenten: --frob"),
    (["play", "base", "--games", "many"], "--games takes a whole number, not 'many'",
     "--games vraagt een geheel getal"),
])
def test_usage_errors_are_one_message_in_the_language(capsys, argv, english, dutch):
    said = one_message(*run(capsys, *argv))
    assert english in said and said.startswith("carcdsl") and "--help)" in said
    said = one_message(*run(capsys, *argv, "--lang", "nl"))
    assert dutch in said and "(zie carcdsl" in said


def test_no_command_is_one_message(capsys):
    said = one_message(*run(capsys))
    assert said == ("carcdsl: no command given; choose from check, export, play, replay, "
                    "explain, list, simulate, tournament, render, serve (see carcdsl --help)")
    said = one_message(*run(capsys, "--lang=nl"))
    assert said.startswith("carcdsl: geen opdracht gegeven; kies uit check")


def test_a_bad_language_code_is_one_message(capsys):
    said = one_message(*run(capsys, "play", "base", "--lang", ""))
    assert "--lang '' is not a language code" in said


def test_explain_speaks_dutch(capsys):
    code, out, err = run(capsys, "explain", "nuts", "--lang", "nl")
    assert code == 0, err
    assert "Open punten (4): regels waarover de auteur nog niet heeft beslist" in out
    assert "Notitie (ro): " in out and "Waarschuwingen (1):" in out
    assert "waarschuwing[W122]" in out
    assert "Open points" not in out and "Note (" not in out and "Warnings" not in out
    assert re.search(r"^soorten tegels +25$", out, re.M)
    code, out, _ = run(capsys, "explain", "base", "--lang", "nl")
    assert "Geen open punten." in out and "landtegels" in out


# --- the command line's own complaints ------------------------------------------------------
@pytest.mark.parametrize("argv,english,dutch", [
    (["play", "base", "--names", "Ann,Ann"], "--names needs distinct, non-empty names",
     "--names vraagt verschillende namen"),
    (["play", "base", "--names", ""], "--names needs distinct, non-empty names",
     "--names vraagt verschillende namen"),
    (["play", "base", "--bot", "robot"], "unknown bot 'robot'; choose from random, greedy",
     "onbekende bot 'robot'; kies uit"),
    (["play", "base", "--games", "0"], "--games must be at least 1", "--games moet minstens 1"),
    (["play", "base", "--games", "2", "--record", "x.json"], "--record saves one game",
     "--record bewaart één spel"),
    (["play", "base", "--games", "2", "--bot", "human"], "a human seat plays one game",
     "een menselijke speler speelt één spel"),
    (["play", "base", "--record", ""], "--record needs a file name",
     "--record vraagt een bestandsnaam"),
    (["play", "base", "--bot", "random", "--bot", "greedy", "--bot", "random"],
     "3 --bot kinds for 2 seats: give at most one per seat", "3 keer --bot voor 2 spelers"),
])
def test_the_command_lines_complaints_are_said_in_the_language(capsys, argv, english, dutch):
    said = one_message(*run(capsys, *argv))
    assert english in said
    said = one_message(*run(capsys, *argv, "--lang", "nl"))
    assert dutch in said


def test_an_interruption_is_said_in_the_language(capsys, monkeypatch):
    def interrupt(prompt=""):
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    code, _, err = run(capsys, "play", "base", "--bot", "human", "--seed", "1", "--lang", "nl")
    assert code == 130 and err == "carcdsl: onderbroken\n"


def test_rules_that_do_not_load_are_said_once(capsys, tmp_path):
    path = tmp_path / "bad.carc"
    path.write_text("rules t\nextends base\ntile Z 1 citty N\n", encoding="utf-8")
    code, out, err = run(capsys, "play", str(path))
    assert code == 1
    assert err.count("unknown feature kind 'citty'") == 1
    assert err.rstrip().splitlines()[-1] == f"carcdsl: {path}: 1 error, 1 warning"
    said = one_message(*run(capsys, "play", "nosuch"))
    assert said == "carcdsl: error[E004]: unknown rule set or file 'nosuch'"


# --- system errors, by their codes ------------------------------------------------------------
def test_os_errors_are_said_by_errno():
    nl = Words(None, "nl")
    for code, english, dutch in ((errno.ENOENT, "file not found", "bestand niet gevonden"),
                                 (errno.EACCES, "permission denied", "geen toegang"),
                                 (errno.EISDIR, "is a directory", "is een map")):
        reason = os_reason(OSError(code, os.strerror(code)))
        assert str(reason) == english and reason.say(nl) == dutch
    odd = os_reason(OSError(errno.ECHILD, os.strerror(errno.ECHILD)))
    assert odd.say(nl) == os.strerror(errno.ECHILD)  # no entry: as the system says it


def test_every_system_error_has_its_translation():
    from carcdsl.i18n import catalog_en, catalog_nl

    for table in ("OS_ERRORS", "JSON_ERRORS"):
        assert set(getattr(catalog_en, table)) == set(getattr(catalog_nl, table)), table
    # by errno's name, or carcdsl's own refusals (``formats.files``: their ``reason_code``)
    from carcdsl.formats.files import _KINDS

    own = {f"not-a-file/{kind}" for kind, _ in _KINDS if kind != "directory"}
    own |= {"not-a-file/other", "bad-name/nul", "bad-name/surrogate"}
    assert set(catalog_en.OS_ERRORS) <= set(errno.errorcode.values()) | own
    assert own <= set(catalog_en.OS_ERRORS)
    for text in ("{", "[1,]", '{"a" 1}', '{"a": 1 "b"}', '"abc', '"a\\q"', "1 2"):
        with pytest.raises(json.JSONDecodeError) as info:
            json.loads(text)
        assert json_reason(info.value).code in catalog_en.JSON_ERRORS, text


def test_reading_records_fails_in_the_language(capsys, tmp_path):
    missing = tmp_path / "missing.json"
    said = one_message(*run(capsys, "replay", str(missing), "--lang", "nl"))
    assert said == f"carcdsl: {missing}: kan het verslag niet lezen: bestand niet gevonden"
    said = one_message(*run(capsys, "replay", str(tmp_path), "--lang", "nl"))
    assert said.endswith("kan het verslag niet lezen: is een map")
    bad = tmp_path / "bad.json"
    bad.write_text('{\n  "rules": base\n}')
    said = one_message(*run(capsys, "replay", str(bad)))
    assert said == f"carcdsl: {bad}: not valid JSON at line 2, column 12: a value expected"
    said = one_message(*run(capsys, "replay", str(bad), "--lang", "nl"))
    assert said.endswith("geen geldige JSON op regel 2, kolom 12: een waarde verwacht")


# --- Dutch as the Dutch write it ------------------------------------------------------------
def test_the_summary_writes_numbers_as_the_language_does():
    summary = {"rules": "base", "variants": ["farmers"], "games": 2000, "seed": 1,
               "bots": ["random", "greedy"], "players": ["P1", "P2"],
               "mean_scores": [29.67, 1234.5], "win_rates": [0.667, 0.333],
               "seconds": 11.818, "games_per_second": 169.2}
    english = format_summary(summary)
    assert "2,000 games of base + farmers, bots random, greedy" in english
    assert "29.67" in english and "1,234.50" in english and "66.7%" in english
    assert "169.2 games/s (11.818 s)" in english
    dutch = format_summary(summary, Words(None, "nl"))
    assert "2.000 spellen base + farmers, bots willekeurig, gretig" in dutch
    assert "29,67" in dutch and "1.234,50" in dutch and "66,7%" in dutch
    assert "169,2 spellen/s (11,818 s)" in dutch
    assert "random" not in dutch


def test_dutch_log_uses_dutch_compass_and_degrees(capsys, tmp_path):
    record = tmp_path / "r.json"
    code, out, _ = run(capsys, "play", "base", "--lang", "nl", "--seed", "4", "--record",
                       str(record))
    assert code == 0
    assert re.search(r"\d+° gedraaid", out) and "gedraaid 9" not in out
    ports = re.findall(r"\b(?:weg|stad|weide):([A-Z]+)", out)
    assert ports and set(ports) <= {"N", "O", "Z", "W", "NNO", "ONO", "OZO", "ZZO", "ZZW",
                                    "WZW", "WNW", "NNW"}
    assert re.search(r":(?:E|S|NNE|ENE|ESE|SSE|SSW|WSW)\b", out) is None
    followers = [m["follower"] for m in json.loads(record.read_text())["moves"]
                 if "follower" in m]
    assert any(f.endswith((":E", ":S")) for f in followers)  # the record keeps the spec's


def test_stats_use_the_rule_sets_words(capsys):
    code, out, _ = run(capsys, "check", "--stats", "nuts")
    assert re.search(r"^mushroom groups +10$", out, re.M) and "pennants" not in out
    code, out, _ = run(capsys, "check", "--stats", "base", "--lang", "nl")
    assert re.search(r"^landtegels +72$", out, re.M)
    assert re.search(r"^soorten landtegels +24$", out, re.M)
    kinds = [line.split()[0] for line in out.split("delen per soort\n")[1].splitlines()]
    assert kinds == sorted(kinds) == ["klooster", "stad", "weg", "weide"]


def test_nothing_scored_is_not_a_lead(capsys, tmp_path):
    path = tmp_path / "none.json"
    path.write_text(json.dumps({"format": "carcdsl-record/1", "rules": "base",
                                "players": ["Ann", "Bob"], "seed": 1, "moves": []}))
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "game not finished; no points scored yet" in out
    assert "leading" not in out
    code, out, _ = run(capsys, "replay", str(path), "--lang", "nl")
    assert "nog geen punten gescoord" in out


def test_a_tie_is_level_not_a_lead():
    import io

    from carcdsl.cli.tell import tell_result

    state = carcdsl.load("base").new_game(["Ann", "Bob"], seed=1)
    state.scores[:] = [4, 4]
    out = io.StringIO()
    tell_result(state, Words(state.game.rules), out)
    assert "game not finished; level at 4" in out.getvalue()


# --- titles in the language -------------------------------------------------------------------
def test_headers_carry_the_translated_title(capsys, tmp_path):
    code, out, _ = run(capsys, "play", "maps-germany", "--seed", "1", "--lang", "nl")
    assert out.startswith("Carcassonne Kaarten – Duitsland (schematische kaart): P1, P2; ")
    code, out, _ = run(capsys, "play", "maps-germany", "--seed", "1")
    assert out.startswith("Carcassonne Maps - Germany (schematic map): P1, P2; seed 1")
    code, out, _ = run(capsys, "explain", "pnp-demo", "--lang", "nl")
    assert out.startswith("Carcassonne Afdrukken-en-Spelen Demo (pnp-demo)")
    record = tmp_path / "r.json"
    run(capsys, "play", "pnp-demo", "--seed", "1", "-q", "--record", str(record))
    code, out, _ = run(capsys, "replay", str(record), "--lang", "nl")
    assert code == 0 and out.startswith("Carcassonne Afdrukken-en-Spelen Demo: P1, P2\n")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["export", "base"], ["play", "base", "--seed", "1", "-q"],
                                  ["check", "base", "--stats"], ["--version"],
                                  ["check", "--help"]])
def test_output_that_cannot_be_written_is_one_message(argv, tmp_path):
    """A full disk under stdout: one line, exit 1; not an internal error at exit."""
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "carcdsl", *argv], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    assert done.returncode == 1
    assert done.stderr == "carcdsl: cannot write the output: no space left on the device\n"
