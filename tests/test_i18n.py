"""Output in a player's language: the rule set's words, the tool's phrases, and messages by
their codes (diagnostics, illegal moves), with English where a catalogue has nothing."""

from __future__ import annotations

import ast
import json
import os
import re
from pathlib import Path
from types import SimpleNamespace

import attrs
import pytest
from test_checker import BROKEN, diagnose

import carcdsl
import carcdsl.lang.sources
from carcdsl.check.checker import check
from carcdsl.cli.main import main
from carcdsl.cli.tell import tell_first_player
from carcdsl.diagnostics import CODES, Diagnostic, error, warning
from carcdsl.errors import IllegalMoveError, RuleError
from carcdsl.i18n import catalog_en, catalog_nl
from carcdsl.i18n.words import Words, placeholders
from carcdsl.lang import parser
from carcdsl.model.base import Loc
from carcdsl.pipeline import compose
from carcdsl.view.describe import describe_end, describe_event, describe_setup, token_setup

RECORDS = Path(__file__).parent / "data" / "records"
PACKAGE = Path(carcdsl.__file__).parent


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


def test_the_language_may_come_before_the_command(capsys):
    before = run(capsys, "--lang", "nl", "play", "base", "-n", "2", "--seed", "3")
    after = run(capsys, "play", "base", "-n", "2", "--seed", "3", "--lang", "nl")
    assert before == after and before[0] == 0 and "winnaar" in before[1]
    # the one after the command wins
    code, out, _ = run(capsys, "--lang", "nl", "play", "base", "-n", "2", "--seed", "3",
                       "--lang", "en")
    assert code == 0 and "winner" in out and "winnaar" not in out


def test_words_no_rule_set_names_are_the_tools_own():
    nuts = carcdsl.load("nuts").rules  # names pennant (in English) but not tile
    words = Words(nuts, "nl")
    assert words.word("tile") == "tegel" and words.word("tile", 2) == "tegels"
    assert words.word("pennant") == "mushroom group"  # the rule set's own name first
    assert Words(carcdsl.load("base").rules, "nl").word("tile") == "landtegel"
    assert Words(nuts, "en").word("tile") == "tile"


def test_a_language_nobody_speaks_is_one_message(capsys, german):
    code, _, err = run(capsys, "play", "base", "--lang", "de", "--seed", "2")
    assert code == 1
    assert "--lang de" in err and "en, nl" in err and "Traceback" not in err
    code, _, err = run(capsys, "replay", str(RECORDS / "city-pennant.json"), "--lang", "xx")
    assert code == 1 and "--lang xx" in err
    code, _, err = run(capsys, "play", "base", "--lang", "not a code")
    assert code == 1 and err.count("\n") == 1 and "'not a code' is not a language code" in err


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
    assert ("voorbereiding: starttegel D op (0, 0) (Rostock); landtegel Q op (0, 5) "
            "(Erfurt)") in out
    assert "legenda:" in out and "seed" not in out


def test_dutch_small_city_penalty(capsys):
    code, out, _ = run(capsys, "play", "maps-germany", "--variant", "small-city-penalty",
                       "--lang", "nl", "--seed", "3")
    assert code == 0
    assert "kleine stad, bedekt een kleine stad = -2" in out
    assert "covers" not in out


def test_trigger_scorings_are_told_from_their_terms():
    from carcdsl.engine.events import ScoreEvent

    terms = (("t", "covers", "small-city"),)
    event = ScoreEvent(3, 0, "Ann", "small-city", "complete", -2, (0, 0), terms)
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


def test_dutch_rule_file_errors_word_the_system_s_complaint(capsys, tmp_path):
    """E007 (bad JSON) and E004/E003 (the system refused) say the decoder's or the system's
    complaint in the chosen language, not as Python gave it."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"a": }')
    code, out, _ = run(capsys, "check", str(bad), "--lang", "nl")
    assert code == 1 and "geen geldige JSON: een waarde verwacht" in out
    code, out, _ = run(capsys, "check", str(bad))
    assert code == 1 and "not valid JSON: a value expected" in out
    code, out, _ = run(capsys, "check", str(tmp_path / "nope.carc"), "--lang", "nl")
    assert code == 1 and "bestand bestaat niet" in out


def test_dutch_illegal_move_in_a_record(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({
        "format": "carcdsl-record/1", "rules": "base", "players": 2,
        "moves": [{"tile": "L", "at": [1, 0], "rotation": 0},
                  {"tile": "E", "at": [0, 1], "rotation": 0}]}))
    code, _, err = run(capsys, "replay", str(bad), "--lang", "nl")
    assert code == 1
    assert "zet 1 " in err and "landtegel E op [0, 1], 0° gedraaid, past niet" in err
    assert "[regel: sides-match]" in err
    code, _, err = run(capsys, "play", "base", "--players", "9", "--lang", "nl")
    assert code == 1 and "is voor 2 tot 5 spelers, niet 9" in err


@pytest.mark.parametrize("record,dutch", [
    ({"rules": "bsae", "players": 2, "moves": []},
     "de regels van het verslag laden niet: onbekende regelset of onbekend bestand 'bsae' "
     "(bedoel je 'base'?)"),
    ({"rules": "base", "players": 9, "moves": []}, "base is voor 2 tot 5 spelers, niet 9"),
    ({"rules": "base", "players": 2, "moves": [{"tile": "L", "at": [1, 0], "rotation": 45}]},
     "zet 0: 'rotation' moet een van 0, 90, 180, 270 zijn (niet 45)"),
    ({"rules": "base", "players": 2, "moves": [{"tile": "L", "at": [1, 0], "rotation": 0,
                                                "colour": 1}]},
     "zet 0: onbekende sleutel 'colour' (verwacht: 'tile', 'at', 'rotation', 'follower', "
     "'recall', 'choices', 'drawn', 'capture', 'ransom', 'walk', 'returns', 'beside', "
     "'moved')"),
    ({"rules": "base", "players": ["A", "A"], "moves": []},
     "'players' mag geen naam herhalen (niet [\"A\", \"A\"])"),
    ({"rules": "base", "players": 2, "moves": [{"at": [1, 0], "rotation": 0}]},
     "zet 0: noemt geen tegel, dus het verslag heeft een 'seed' nodig"),
    ({"rules": "base", "players": 2, "moves": [{"tile": "L", "at": [5, 0], "rotation": 0}]},
     "zet 0 {\"tile\": \"L\", \"at\": [5, 0], \"rotation\": 0}: vak [5, 0] ligt niet naast "
     "een gelegde landtegel [regel: adjacent]"),
])
def test_record_errors_in_dutch(capsys, tmp_path, record, dutch):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": "carcdsl-record/1", **record}))
    code, _, err = run(capsys, "replay", str(path), "--lang", "nl")
    assert code == 1
    assert err.strip() == f"carcdsl: {path}: {dutch}"
    path.write_text("{")
    code, _, err = run(capsys, "replay", str(path), "--lang", "nl")
    assert err == (f"carcdsl: {path}: geen geldige JSON op regel 1, kolom 2: een sleutel "
                   "tussen dubbele aanhalingstekens verwacht\n")


def test_a_move_after_the_end_is_told_in_dutch(capsys, tmp_path):
    path = tmp_path / "over.json"
    moves = [{"tile": "H", "at": [0, 1], "rotation": 0, "follower": "forest:E"},
             {"tile": "W", "at": [0, 2], "rotation": 0},
             {"discard": "B"},
             {"tile": "K", "at": [1, 1], "rotation": 0}]
    path.write_text(json.dumps({"format": "carcdsl-record/1", "rules": "nuts",
                                "players": ["Ann", "Bob", "Cy"], "seed": 73, "moves": moves}))
    code, _, err = run(capsys, "replay", str(path), "--lang", "nl")
    assert code == 1
    assert ('zet 3 {"tile": "K", "at": [1, 1], "rotation": 0}: het spel is al afgelopen (tegel '
            "B past nergens voor Cy: het spel is afgelopen) [regel: game-over]") in err


# --- catalogues --------------------------------------------------------------------------------
def test_every_language_has_every_phrase_and_message():
    for table in ("PHRASES", "TOKENS", "JSON_TYPES", "DIAGNOSTICS", "RECORDS"):
        assert set(getattr(catalog_nl, table)) == set(getattr(catalog_en, table)), table


def test_every_code_has_its_messages_in_every_language():
    for catalogue in (catalog_en, catalog_nl):
        assert {key.split("/")[0] for key in catalogue.DIAGNOSTICS} == set(CODES)


@pytest.mark.parametrize("table", ["DIAGNOSTICS", "RECORDS"])
def test_a_translation_reads_the_arguments_the_english_reads(table):
    english = getattr(catalog_en, table)
    for key, template in getattr(catalog_nl, table).items():
        assert placeholders(template) == placeholders(english[key]), key


def _calls(*names: str):
    """(where, the call) of every call of a function or method named ``names`` in the
    package."""
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                name = getattr(func, "id", None) or getattr(func, "attr", None)
                if name in names:
                    yield f"{path.name}:{node.lineno}", node


def _literal(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


DIAGNOSTIC_CALLS = [
    (where, call) for where, call in _calls("error", "warning", "warn", "problem")
    if call.args and re.fullmatch(r"[EW]\d{3}", _literal(call.args[0]) or "")
    # a computed form is rendered, and so checked, by the walk of every message below
    and (len(call.args) <= 2 or _literal(call.args[2]) is not None)]


@pytest.mark.parametrize("where,call", DIAGNOSTIC_CALLS, ids=[w for w, _ in DIAGNOSTIC_CALLS])
def test_each_diagnostic_call_gives_its_template_exactly_its_arguments(where, call):
    """Read from the source: a call with a literal form names a message of the catalogue and
    passes the arguments it reads (those with a computed form or ``**args`` are rendered, and
    so checked, by the walk of every message below)."""
    form = _literal(call.args[2]) if len(call.args) > 2 else ""
    key = f"{_literal(call.args[0])}/{form}" if form else _literal(call.args[0])
    assert key in catalog_en.DIAGNOSTICS
    given = {k.arg for k in call.keywords}
    wanted = placeholders(catalog_en.DIAGNOSTICS[key])
    if None in given:  # **args: what is named must be read
        assert given - {None} <= wanted
    else:
        assert given == wanted


def _base_json() -> dict:
    from carcdsl.lang.jsonform import ruleset_to_json

    return ruleset_to_json(carcdsl.load("base").rules)


def _json_problems(change) -> list[Diagnostic]:
    from carcdsl.lang.jsonform import ruleset_from_json

    data = _base_json()
    change(data)
    with pytest.raises(RuleError) as info:
        ruleset_from_json(data, "broken.json")
    return list(info.value.diagnostics)


def _files(tmp_path: Path, **texts: str) -> Path:
    for name, text in texts.items():
        (tmp_path / f"{name}.carc").write_text(text, encoding="utf-8")
    return tmp_path / f"{next(iter(texts))}.carc"


def _found(target, variants=()) -> list[Diagnostic]:
    rules, found, _ = compose(target, tuple(variants))
    return found + (check(rules) if rules is not None else [])


def _without_locs(**game) -> list[Diagnostic]:
    """A rule set made in Python: no positions, so messages cannot name lines."""
    rules = carcdsl.load("base").rules
    return check(attrs.evolve(rules, game=attrs.evolve(rules.game, loc=None, field_locs=(),
                                                       **game)))


def _deep_files(tmp_path: Path) -> list[Diagnostic]:
    from carcdsl.lang.compose import MAX_DEPTH

    for i in range(MAX_DEPTH + 2):
        (tmp_path / f"f{i}.carc").write_text(f'rules f{i}\nextends "f{i + 1}.carc"\n')
    (tmp_path / f"f{MAX_DEPTH + 2}.carc").write_text("rules last\n")
    return _found(tmp_path / "f0.carc")


def _unreadable(tmp_path: Path, monkeypatch) -> list[Diagnostic]:
    path = _files(tmp_path, t="rules t\n")

    def refuse(self):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(Path, "read_bytes", refuse)
    return _found(path)


def _schema_fallback() -> list[Diagnostic]:
    from jsonschema.exceptions import ValidationError

    from carcdsl.lang.jsonform import _diagnostics

    return _diagnostics(ValidationError("'' is too short", validator="minLength",
                                        validator_value=1, instance="", schema={},
                                        path=["name"]), "broken.json")


def _twice(tmp_path: Path, path: Path, first: Loc | None) -> list[Diagnostic]:
    """E104 as the loader says it when the first application has no line."""
    from carcdsl.lang.builder import Builder
    from carcdsl.lang.compose import Loader

    loader, builder = Loader(), Builder()
    resolved = path.resolve()
    loader._applied[resolved] = first
    loader._twice(builder, resolved, path, Loc(str(path), 1, 1))
    return builder.diagnostics


def _redeclared_tile() -> list[Diagnostic]:
    """A tile declared again over one made in Python (no position to name)."""
    from carcdsl.lang.builder import Builder
    from carcdsl.lang.decls import TileDecl
    from carcdsl.model.tiles import Segment, Tile

    builder = Builder.from_ruleset(carcdsl.load("base").rules)
    tile = Tile("A", 1, (Segment("monastery", ()),))
    builder.tiles["A"] = tile
    builder.apply(TileDecl(tile, False, Loc("t.carc", 3, 1)))
    return builder.diagnostics


def _bad_player_range() -> list[Diagnostic]:
    """A player range that is not two numbers, as only a rule set made in Python can have."""
    rules = carcdsl.load("base").rules
    return check(attrs.evolve(rules, game=attrs.evolve(rules.game, players=(2, 3, 4))))


def _not_built_on_it(tmp_path: Path) -> list[Diagnostic]:
    """A variant for another rule set, applied to a rule set that has no name yet."""
    from carcdsl.lang.builder import Builder
    from carcdsl.lang.compose import Loader, _fits
    from carcdsl.lang.sources import bundled_names

    path = bundled_names()["nuts-proposal"]
    loader = Loader()
    variant = loader.load_file(path)
    builder = Builder()
    loader.apply(builder, bundled_names()["base"], role="rules")
    builder.name = ""
    _fits(loader, builder, path, variant, {})
    return builder.diagnostics


SCENARIOS = {
    # reading files
    "E003/binary": lambda tmp, mp: _found(tmp / "t.carc") if (tmp / "t.carc").write_bytes(
        b"rules t\x00") else [],
    "E003/encoding": lambda tmp, mp: _found(tmp / "t.carc") if (tmp / "t.carc").write_bytes(
        b"rules t\n\xff") else [],
    "E003/too-large": lambda tmp, mp: (mp.setattr("carcdsl.lang.sources.MAX_FILE_BYTES", 3),
                                       _found(_files(tmp, t="rules t\n")))[1],
    "E003/unreadable": _unreadable,
    "E003/export-too-large": lambda tmp, mp: (
        mp.setattr("carcdsl.lang.jsonexport.MAX_JSON_VALUES", 10),
        _found(_files(tmp, t="rules t\nextends base\n")))[1],
    "E004/directory": lambda tmp, mp: ((tmp / "sub").mkdir(),
                                       _found(_files(tmp, t='rules t\nextends "sub"\n')))[1],
    "E004/not-a-file": lambda tmp, mp: (os.mkfifo(tmp / "pipe.carc"), _found(
        _files(tmp, t='rules t\nextends "pipe.carc"\n')))[1],
    "E004/outside": lambda tmp, mp: _found(_files(tmp, t='rules t\nextends "/etc/passwd"\n')),
    "E004/bad-path": lambda tmp, mp: _found(_files(tmp, t=f'rules t\nextends "{"a" * 300}"\n')),
    "E004/allow-path": lambda tmp, mp: compose("base", allow=[tmp / "nowhere"])[1],
    "E106/not-rules": lambda tmp, mp: _found(_files(tmp, t="root:x:0:0:root:/root:/bin/sh\n")),
    "E005/with": lambda tmp, mp: _found(_files(tmp, a='variant a for base with "b.carc"\n',
                                               b='variant b for base with "a.carc"\n')),
    "W106": lambda tmp, mp: _found("maps-germany", ["incomplete-zero", "small-city-roads"]),
    "W106/tile": lambda tmp, mp: _found("base", [_files(
        tmp, p="variant p for base\noverride tile E 5 city N pennant\n"), "abbot"]),
    "W107": lambda tmp, mp: _found("base", [_files(tmp, v="variant v for base with farmers\n")]),
    "W105": lambda tmp, mp: _found(_files(tmp, u='variant u for base\nextends "v.carc"\n',
                                          v="variant v for base with farmers\n")),
    "E006": lambda tmp, mp: [parser._deep_fallback("t.carc")],
    "E006/extends": lambda tmp, mp: _deep_files(tmp),
    # the JSON form
    "E006/json": lambda tmp, mp: _json_text("[" * 100_000),
    "E007": lambda tmp, mp: _json_text("{"),
    "E008/json": lambda tmp, mp: _json_text('{"a": 12345678901234567890123}'),
    # past a size limit (tests/test_limits.py meets each in the text form too)
    "E133/too-large": lambda tmp, mp: _json_text(json.dumps({"board": {"squares": [0] * 100_001}})),
    "E201/types": lambda tmp, mp: _json_text(json.dumps({"tiles": [0] * 10_001})),
    "E201/segments": lambda tmp, mp: _json_text(json.dumps(
        {"tiles": [{"name": "A", "segments": [0] * 100_001}]})),
    "E003/too-many-values": lambda tmp, mp: _json_text(json.dumps({"landmarks": [0] * 100_001})),
    "E003/too-many-tokens": lambda tmp, mp: _found(_files(tmp, t="rules t\n" + "; " * 250_001)),
    "E201/supply": lambda tmp, mp: _found(_files(
        tmp, t="rules t\nextends base\ntile Z 99990 city N; road W-E\n")),
    "E007/schema": lambda tmp, mp: _schema_fallback(),
    "E007/type": lambda tmp, mp: _json_problems(lambda d: d.update(name=7)),
    "E007/values": lambda tmp, mp: _json_problems(lambda d: d.update(format="x")),
    "E007/unknown-key": lambda tmp, mp: _json_problems(lambda d: d.update(extra=1)),
    "E007/missing-key": lambda tmp, mp: _json_problems(lambda d: d.pop("tiles")),
    "E007/pattern": lambda tmp, mp: _json_problems(lambda d: d["game"].update(start="D tile")),
    "E007/items": lambda tmp, mp: _json_problems(lambda d: d["game"].update(players=[2])),
    "E007/description": lambda tmp, mp: _json_problems(
        lambda d: d["kinds"][0].update(complete={"konst": 2})),
    # composing
    "E101/tile-again": lambda tmp, mp: _redeclared_tile(),
    "E103/given": lambda tmp, mp: _found("base", ["pnp-demo"]),
    "E103/does-not-fit": lambda tmp, mp: _found("base", ["nuts-proposal"]),
    "E103/does-not-fit-here": lambda tmp, mp: _not_built_on_it(tmp),
    "E104/rules": lambda tmp, mp: _twice(tmp, carcdsl.lang.sources.bundled_names()["base"], None),
    "E104/variant": lambda tmp, mp: _found("base", ["farmers", "farmers"]),
    "E104/rules-at": lambda tmp, mp: _found(_files(
        tmp, t='rules t\nextends base\nextends "u.carc"\n', u="rules u\nextends base\n")),
    "E104/variant-at": lambda tmp, mp: _found(_files(
        tmp, w='variant w for base\nextends farmers\nextends "v.carc"\n',
        v="variant v for base\nextends farmers\n")),
    "E130/reference": lambda tmp, mp: _found("table-edge:width"),  # a variant checked alone
    "E130/twice": lambda tmp, mp: _found("base", ["table-edge:width=3,width=4"]),
    "E130/unknown": lambda tmp, mp: _found("base", ["table-edge:widht=3"]),
    "E130/unknown-known": lambda tmp, mp: _found("base", ["table-edge:colour=3"]),
    "E130/range": lambda tmp, mp: _found("base", ["hand-of-three:size=50"]),
    "E130/number": lambda tmp, mp: _found("base", ["hand-of-three:size=big"]),
    "E130/word": lambda tmp, mp: _found("base", ["hand-of-three:visibility=3"]),
    "E130/choice": lambda tmp, mp: _found("base", [str(_files(
        tmp, v="variant v for base\nparam mode = open in open, hidden\n")) + ":mode=shut"]),
    # what only a rule set made in Python (no positions, any shape) can say
    "E120": lambda tmp, mp: _bad_player_range(),
    "E121/overlap-here": lambda tmp, mp: _without_locs(
        followers_by_players=((2, 3, 5), (3, 4, 6)), players=(2, 4)),
    "E121/each-overlap-here": lambda tmp, mp: _figure_without_locs(((2, 3, 5), (3, 4, 6))),
}


def _figure_without_locs(supplies) -> list[Diagnostic]:
    """A figure made in Python, its supplies by player count without positions."""
    from carcdsl.model.rules import Figure

    rules = carcdsl.load("base").rules
    return check(attrs.evolve(rules, figures=(Figure("post", each_player_by_players=supplies),)))


def _json_text(text: str) -> list[Diagnostic]:
    from carcdsl.lang.jsonform import ruleset_from_json_text

    with pytest.raises(RuleError) as info:
        ruleset_from_json_text(text, "broken.json")
    return list(info.value.diagnostics)


DUTCH = Words(carcdsl.load("base").rules, "nl")


def _said_in_dutch(found: list[Diagnostic]) -> set[str]:
    """The keys of ``found``, each told in Dutch from its own template (no English fallback,
    every field filled)."""
    words = DUTCH
    for diag in found:
        template = catalog_nl.DIAGNOSTICS.get(diag.key)
        assert template is not None, diag.key
        assert placeholders(template) == set(diag.args), diag.key
        assert words.say("DIAGNOSTICS", diag.key, diag.args) == words.diagnostic(diag)
        assert words.diagnostic(diag) != diag.message, diag.key
    return {d.key for d in found}


@pytest.mark.parametrize("key", sorted(SCENARIOS))
def test_messages_no_single_file_gets_are_said_in_dutch(key, tmp_path, monkeypatch):
    found = SCENARIOS[key](tmp_path, monkeypatch)
    assert key in _said_in_dutch(found)


def test_every_message_is_met_and_said_in_dutch(tmp_path):
    """The table of broken files and the scenarios above meet every message of the
    catalogue: none is left that no test renders."""
    met = set(SCENARIOS)
    for i, (_name, text, *_where) in enumerate(BROKEN):
        folder = tmp_path / str(i)
        folder.mkdir()
        met |= _said_in_dutch(diagnose(folder, text))
    assert set(catalog_en.DIAGNOSTICS) - met == set()


def test_diagnostics_in_dutch_by_key():
    words = Words(carcdsl.load("base").rules, "nl")
    said = [words.diagnostic(d) for d in (
        error("E110", None, kind="citty", hint="city"),
        error("E001", None, "end", expected=("'}'", "'tiles'", "NAME", "+12")),
        error("E001", None, "name", token="name", hint="", expected=("'{'",)),
        error("E001", None, token="x" * 50, hint="", expected=("'}'", "'tiles'", "'title'")),
        error("E002", None, char="$"),
        warning("W306", None, lang="nl", word="road"),
        warning("W122", None, "fewer", declared=91, counted=73, diff=18),
        error("E114", None, name="Q", hint=""),
        error("E201", None, name="A", count=0, most=100_000),
        error("E203", None, name="A", places=("N", "NNE"), kind="city"),
    )]
    assert said == [
        "onbekende soort 'citty' (bedoel je 'city'?)",
        "syntaxfout: onverwacht einde van het bestand; verwacht: '}', 'tiles', een naam of "
        "nog 12",
        "syntaxfout: onverwachte naam 'name'; verwacht: '{'",
        f"syntaxfout: onverwacht '{'x' * 30}... (50 tekens)'; verwacht: '}}', 'tiles' of "
        "'title'",
        "syntaxfout: onverwacht teken '$'",
        "geen naam in taal nl voor 'road' (het blijft 'road')",
        "het spel noemt 91 landtegels maar de aantallen tellen op tot 73 (18 minder)",
        "onbekende starttegel 'Q'",
        "tegel 'A' heeft aantal 0; een tegelsoort heeft 1 tot 100.000 exemplaren",
        "tegel 'A': zijde N, NNE worden twee keer bedekt: deze stad noemt het twee keer",
    ]


def test_a_message_the_catalogue_lacks_stays_english():
    words = Words(None, "nl")
    assert words.diagnostic(Diagnostic("E999", "something new", key="E999")) == "something new"
    kept = Diagnostic("E110", "kept", key="E110", args={"other": "1"})  # another shape
    assert words.diagnostic(kept) == "kept"


def test_the_english_is_rendered_from_the_same_arguments():
    diag = error("E110", None, kind="citty", hint="city")
    assert diag.message == "unknown feature kind 'citty' (did you mean 'city'?)"
    assert diag.args == {"kind": "citty", "hint": "city"} and diag.key == "E110"
    assert diag == Diagnostic("E110", diag.message)  # the arguments are not compared
    with pytest.raises(ValueError, match="reads"):
        error("E110", None, kind="citty")  # a hint missing: a bug, caught at once


def test_check_in_dutch_end_to_end(capsys, tmp_path):
    path = tmp_path / "broken.carc"
    path.write_text("rules t\nextends base\ntile Z 1 citty N\ntile Y 0 city N; road W\n"
                    "supply { draw sack }\n", encoding="utf-8")
    code, out, err = run(capsys, "check", str(path), "--lang", "nl")
    assert code == 1
    assert "fout[E110]: onbekende soort 'citty' (bedoel je 'city'?)" in out
    assert "fout[E201]: tegel 'Y' heeft aantal 0" in out
    assert "fout[E206]: `road W` eindigt nergens: een weg door één zijde" in out
    assert "fout[E132]: onbekende manier van trekken 'sack'" in out
    assert "W122" not in out  # the total waits until the count of 'Y' is mended
    assert "4 fouten, 0 waarschuwingen" in out
    for english in ("unknown", "error[", "warning[", "ends nowhere", "the game declares"):
        assert english not in out
    code, _, err = run(capsys, "play", str(path), "--lang", "nl")
    assert code == 1 and err.rstrip().endswith(f"{path}: 4 fouten")
    assert err.count("onbekende soort 'citty'") == 1  # said once


def test_check_stats_in_dutch(capsys):
    code, out, _ = run(capsys, "check", "--lang", "nl", "--stats", "pnp-demo")
    assert code == 0
    for dutch in ("in orde", "landtegels ", "soorten landtegels", "wapenschilden", "middenstukken",
                  "zijden per soort", "delen per soort", "klooster", "stad", "weg"):
        assert dutch in out
    for english in ("tiles", "types", "pennants", "centre", "by kind", "  city", "  road"):
        assert english not in out
    code, out, _ = run(capsys, "check", "--lang", "nl", "--stats", "maps-germany")
    assert "kaart" in out and "vakken met kleine stad" in out and "startgebieden" in out


def test_illegal_moves_by_rule_code():
    words = Words(carcdsl.load("base").rules, "nl")
    said = [words.illegal(e) for e in (
        IllegalMoveError("adjacent", at="[3, 4]"),
        IllegalMoveError("feature-occupied", feature="road", port="N"),
        IllegalMoveError("drawn-tile", "place", player="P1", drawn="U", tile="V"),
        IllegalMoveError("follower-kind", "role", kind="monk", feature="road",
                         role="highwayman"),
        IllegalMoveError("unknown-tile", tile="Z9"),
        IllegalMoveError("game-over", "already",
                         end=SimpleNamespace(say=lambda w: w.end("supply-empty", None, None, 0))),
    )]
    assert said == [
        "vak [3, 4] ligt niet naast een gelegde landtegel",
        "op de weg bij N staat al een meeple",
        "P1 trok U: een zet moet die landtegel aanleggen, niet V",
        "een monnik staat niet op een weg (een struikrover wel)",
        "onbekende landtegel 'Z9'",
        "het spel is al afgelopen (geen landtegel meer om te spelen: het spel is afgelopen)",
    ]
    # a code no catalogue knows is said as the code
    assert words.illegal(IllegalMoveError("no-such-rule")) == "no-such-rule"
    # details of another shape: the code, never a half-filled template
    assert words.illegal(IllegalMoveError("adjacent", square="[3, 4]")) == "adjacent"


ILLEGAL_CALLS = list(_calls("IllegalMoveError"))


@pytest.mark.parametrize("where,call", ILLEGAL_CALLS, ids=[w for w, _ in ILLEGAL_CALLS])
def test_each_illegal_move_has_a_dutch_message_with_its_details(where, call):
    rule = _literal(call.args[0])
    form = _literal(call.args[1]) if len(call.args) > 1 else ""
    assert rule is not None and form is not None
    key = f"{rule}/{form}" if form else rule
    assert key in catalog_nl.ILLEGAL
    assert {k.arg for k in call.keywords} == placeholders(catalog_nl.ILLEGAL[key])


def test_every_engine_rule_code_has_a_dutch_message():
    raised = {_literal(call.args[0]) for _, call in ILLEGAL_CALLS}
    assert raised <= {key.split("/")[0] for key in catalog_nl.ILLEGAL}
    assert {key.split("/")[0] for key in catalog_nl.ILLEGAL} == raised


def test_the_player_range_is_said_in_dutch(capsys):
    code, _, err = run(capsys, "play", "base", "--players", "9", "--lang", "nl")
    assert code == 1 and "base is voor 2 tot 5 spelers, niet 9" in err


# --- hooks for what the engine reports --------------------------------------------------------
def test_the_end_reason_is_told():
    game = carcdsl.load("base")
    state = game.new_game(2, seed=1)
    words = Words(game.rules, "nl")
    state.log.end_reason = SimpleNamespace(why="tile-unplaceable", tile="X", player="P2",
                                       left=("X", "U"))
    assert describe_end(state, words) == ("landtegel X past nergens voor P2: het spel is "
                                          "afgelopen")
    state.log.end_reason = SimpleNamespace(why="stopped", tile=None, player="P1", left=("U",) * 3)
    assert describe_end(state, Words(game.rules)) == "final scoring with 3 tiles left"
    state.log.end_reason = SimpleNamespace(why="new-reason", tile=None, player=None, left=())
    assert "new-reason" in describe_end(state, words)


def test_token_events_are_told():
    game = carcdsl.load("nuts")
    state = game.new_game(2, seed=1)
    words = Words(game.rules)
    assert token_setup(state, words)[0].startswith("4 nuts put")  # read, or reported
    state.log.token_events = [
        SimpleNamespace(move=-1, token="nut", count=1, action="put", seat=None, player=None,
                        feature="forest", at=(0, 0)),
        SimpleNamespace(move=-1, token="nut", count=1, action="given", seat=0, player="P1",
                        feature=None, at=None)]
    assert token_setup(state, words) == ["1 nut put on the forest at (0, 0)", "P1 gets 1 nut"]
    assert describe_setup(state, words).startswith("set-up: start tile Start at (0, 0); 1 nut")


def test_the_draw_off_is_told(capsys):
    game = carcdsl.load("base", ["first-player-most-roads"])
    state = game.new_game(["Ann", "Bob"], seed=3)
    state.log.draw_off = SimpleNamespace(kind="road", winner="Bob",
                                     rounds=((("Ann", "U", 2), ("Bob", "X", 4)),))
    import sys

    tell_first_player(state, Words(game.rules), sys.stdout)
    out = capsys.readouterr().out
    assert "draw-off, round 1 (sides showing road): Ann U (2), Bob X (4)" in out
    assert "Bob starts (draw-off)" in out


def test_replay_counts_and_ends_in_dutch(capsys):
    code, out, _ = run(capsys, "replay", str(RECORDS / "final-city.json"), "--lang", "nl")
    assert code == 0
    assert out.splitlines()[1].startswith("1 zet nagespeeld; eindtelling gehouden")
    assert "voorbereiding: starttegel D op (0, 0)" in out
    assert "eindtelling met nog 70 landtegels over" in out


def test_check_in_a_language_asks_every_word_a_name_in_it(capsys):
    """A small file on top of base owes no Dutch, until the check is asked in Dutch."""
    trees = str(Path(__file__).parent.parent / "examples" / "trees.carc")
    code, out, _ = run(capsys, "check", trees)
    assert code == 0 and "W306" not in out
    code, out, _ = run(capsys, "check", trees, "--lang", "nl")
    assert code == 0 and "waarschuwing[W306]: geen naam in taal nl voor 'tree'" in out
    assert re.search(r"trees\.carc:\d+:1: waarschuwing\[W306\]", out)
    code, out, _ = run(capsys, "check", "base", "--lang", "nl")
    assert code == 0 and "W306" not in out  # base names every word it has


def test_the_language_before_the_command_counts_for_export_too(capsys):
    code, _, err = run(capsys, "--lang", "nl", "export", "nosuch")
    assert code == 1 and "fout[E004]" in err
    code, _, err = run(capsys, "export", "nosuch", "--lang", "nl")
    assert code == 1 and "fout[E004]" in err
    code, _, err = run(capsys, "--lang", "not a code", "export", "base")
    assert code == 1 and "'not a code' is not a language code" in err
