"""Abbey & Mayor's barn with general constructs (issue 27): a figure ``at corner`` that
``keeps out follower``, ``score EXPR to most F``, ``on place extends KIND with F`` (anyone's F)
and ``on final KIND`` (tests/data/constructs/barn.carc). Records hand-checked; their comments
say why each score is what it is."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest

import carcdsl
from carcdsl.bots.builtin import random_bot
from carcdsl.errors import RecordError
from carcdsl.fast import support
from carcdsl.formats.record import load_record
from carcdsl.replay import replay

DATA = Path(__file__).parent / "data" / "constructs"
BARN = str(DATA / "barn.carc")


def _scored(name: str) -> tuple[list, list]:
    state = replay(load_record(DATA / f"{name}.json"))
    return state.scores, [(e.move, e.player, e.feature, e.when, e.points) for e in state.events]


def test_a_barn_on_farmers_scores_them_as_at_the_end_and_sends_them_home():
    scores, events = _scored("barn-scores-farmers")
    assert events == [(3, "Ann", "field", "complete", 3), (3, "Bob", "field", "final", 4)]
    assert scores == [3, 4]


def test_farmers_joined_to_a_barn_score_one_a_city_to_whoever_has_the_barn_or_not():
    """Ann's tile joins Bob's farmer to Bob's barn: the rule names anyone's barn, and the
    point goes to the farmer's owner, not to the mover."""
    scores, events = _scored("barn-joins-farmers")
    assert events == [(4, "Bob", "field", "complete", 1), (4, "Bob", "field", "final", 4)]
    assert scores == [0, 5]


def test_the_farmers_go_home_and_the_barn_stays_until_the_end():
    state = replay(_unfinished("barn-joins-farmers"))
    assert state.tables.modes.figures[0].name == "barn"
    on_board = [(seat, figure) for seat, _node, _key, figure in state.features.pieces]
    assert on_board == [(1, 1)]  # Bob's barn; his farmer went home
    assert state.seats.followers == [7, 7] and state.seats.figures[0] == [1, 0]


def _unfinished(name: str):
    """The record ``name`` without its final scoring."""
    return attrs.evolve(load_record(DATA / f"{name}.json"), final=False)


@pytest.mark.parametrize("name, move, says", [
    ("barn-alone-not-at-corner", 0, "barn: stands only at a corner of the tile just placed "
                                    "where four tiles meet, each showing a field there"),
    ("barn-not-at-corner", 2, "stands only at a corner"),
    ("barn-keeps-farmers-out", 4, "meeple: may not join a field that holds a barn"),
    ("barn-on-barn", 6, "barn: may not join a field that holds a barn already"),
    ("barn-second", 5, "Bob has no barn left in the supply"),
])
def test_refused_barns_and_farmers(name, move, says):
    with pytest.raises(RecordError, match=rf"^move {move} .*{says}"):
        replay(load_record(DATA / f"{name}.json"))


def test_a_barn_is_never_counted_for_a_majority_of_followers():
    """Strength 0: the field holding only Bob's barn has no majority, so its own final rule
    (farmers: 3 a completed city) scores for nobody; the 4 comes from ``on final``."""
    state = replay(_unfinished("barn-scores-farmers"))
    root = state.features.root[state.features.pieces[0][1]]
    assert state.features.followers[root] is None
    state.finish()
    assert [(e.player, e.when, e.terms[0][-1]) for e in state.events[1:]] == [
        ("Bob", "final", 4)]


def test_the_compiled_engine_runs_the_barn():
    """It claims each of the barn's constructs (tests/fast/test_differential.py plays the
    same games on both engines), with and without the big farmer's rules."""
    for variants in (["farmers", BARN], ["farmers", "inns-cathedrals", BARN]):
        assert support.unsupported(carcdsl.load("base", variants).tables) is None


def test_random_games_place_barns_and_score_them():
    """Random games with the barn: barns are placed, never beside a farmer on one field,
    and every barn field scores 4 a completed city at the end to the most barns."""
    game = carcdsl.load("base", ["farmers", BARN])
    placed = final = 0
    for seed in range(12):
        state = game.new_game(2, seed=seed)
        bot = random_bot(random.Random(seed))
        while not state.finished:
            state.apply_fast(*bot(state))
            features, pieces = state.features, state.features.pieces
            barns = {features.root[node] for _s, node, _k, f in pieces if f == 1}
            assert not barns & {features.root[node] for _s, node, _k, f in pieces if f == 0
                                and state.tables.kinds[features.kind[node]].name == "field"}
        placed += sum(1 for m in state.moves if getattr(getattr(m, "follower", None), "kind",
                                                         None) == "barn")
        final += sum(1 for e in state.events if e.when == "final" and e.feature == "field"
                     and any(t[3] == "city" and t[4] == 4 for t in e.terms if len(t) > 4))
    assert placed > 0 and final > 0


def test_the_barn_round_trips_through_the_json_form_and_its_text():
    """The JSON form carries the new keys (``corner``, ``keeps_out``, a trigger's ``own``,
    ``score-most``); the rule text reads back as written."""
    from jsonschema import Draft202012Validator

    from carcdsl.lang.jsonform import ruleset_from_json, ruleset_schema, ruleset_to_json
    from carcdsl.pipeline import compose

    rules, problems, _ = compose("base", ("farmers", BARN))
    assert rules is not None and not problems
    data = ruleset_to_json(rules)
    Draft202012Validator(ruleset_schema()).validate(data)
    assert ruleset_from_json(data) == rules
    assert [t.text() for t in rules.triggers][-3:] == [
        "on figure barn: score 3 * completed(city) to most follower, return follower",
        "on place extends field with barn: score completed(city) to most follower, "
        "return follower",
        "on final field: score 4 * completed(city) to most barn"]
    barn = rules.figure("barn")
    assert barn is not None and barn.corner and barn.keeps_out == ("follower",)


def test_records_of_rules_without_the_new_keys_keep_their_digests(monkeypatch):
    """The digest leaves the new keys out at their defaults (formats.digest LATER_*), so
    records of rules without a barn keep the digests they were written with; with a barn,
    the keys count."""
    from carcdsl.formats import digest

    hashed: list = []
    dumps = digest.json.dumps
    monkeypatch.setattr(digest.json, "dumps", lambda data, **kw: hashed.append(data)
                        or dumps(data, **kw))
    abbot = carcdsl.load("base", ["abbot", "farmers", "traders-builders"]).rules
    digest.rules_digest(abbot)
    said = str(hashed[-1]["figures"]) + str(hashed[-1]["triggers"])
    assert "'own'" not in said and "corner" not in said and "keeps_out" not in said
    digest.rules_digest(carcdsl.load("base", ["farmers", BARN]).rules)
    said = str(hashed[-1]["figures"]) + str(hashed[-1]["triggers"])
    assert "'own': False" in said and "'corner': True" in said and "keeps_out" in said


@pytest.mark.parametrize("lang, corner, most", [
    ("en", "only at a corner of the tile just placed where four tiles show its kind",
     "(to the players with the most barns on the feature)"),
    ("nl", "alleen op een hoek van de zojuist gelegde tegel waar vier tegels zijn soort tonen",
     "(voor de spelers met de meeste barns op het gebied)"),
])
def test_explain_says_where_a_barn_stands_and_who_scores(lang, corner, most):
    from carcdsl.i18n.words import Words
    from carcdsl.view.describe import describe_rules

    rules = carcdsl.load("base", ["farmers", BARN]).rules
    lines = describe_rules(rules, Words(rules, lang))
    barn = next(line for line in lines if line.startswith("barn:"))
    assert corner in barn and ("follower joins" in barn or "meeple meer" in barn)
    assert any(line.endswith(most) and "on final field" in line for line in lines)


@pytest.mark.parametrize("line, what", [
    ("figure barn { keeps out ", "figure"), ("figure barn { keeps out follower, ", "figure"),
    ("on figure barn: score 3 * completed(city) to most ", "figure"), ("on final ", "kind"),
])
def test_the_language_server_completes_after_the_barns_words(line, what):
    from carcdsl.lsp.context import place_of

    assert place_of(line, len(line)).what == what


def test_a_follower_placed_anywhere_is_kept_out_of_a_barns_field_too(tmp_path):
    """``keeps out`` holds for figures placed on other tiles as well (``place F anywhere``,
    a portal): Ann's monastery tile may put her follower on the start tile's road, not on
    the field of Bob's barn at (-1, 1)."""
    (tmp_path / "barn.carc").write_text(Path(BARN).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "portal.carc").write_text(
        "variant portal for base\non place shows monastery: place follower anywhere\n",
        encoding="utf-8")
    setup = [{"tile": "E", "at": [0, 1], "rotation": 180},
             {"tile": "E", "at": [0, 2], "rotation": 0},
             {"tile": "U", "at": [-1, 0], "rotation": 90},
             {"tile": "B", "at": [-1, 1], "rotation": 0,
              "follower": {"at": "field:NNE", "kind": "barn"}}]
    for name, spot in (("barn", {"at": "field:NNE", "square": [-1, 1]}),
                       ("road", {"at": "road:W", "square": [0, 0]})):
        moves = setup + [{"tile": "B", "at": [1, 1], "rotation": 0, "follower": spot}]
        (tmp_path / f"{name}.json").write_text(json.dumps(
            {"format": "carcdsl-record/1", "rules": "base", "players": ["Ann", "Bob"],
             "variants": ["farmers", "barn.carc", "portal.carc"], "moves": moves}))
    with pytest.raises(RecordError, match=r"^move 4 .*a meeple may not go on field:NNE at "
                                          r"\[-1, 1\] now"):
        replay(load_record(tmp_path / "barn.json"))
    state = replay(load_record(tmp_path / "road.json"))
    assert (0, 0) in [(seat, figure) for seat, _n, _k, figure in state.features.pieces]


def test_a_figure_scored_by_a_rule_is_not_said_to_never_score(tmp_path):
    """W304 (a figure on kinds nothing scores) is not said of a figure that a rule scores
    the most of (``score EXPR to most F``), and still is without one."""
    from carcdsl.pipeline import check_files

    head = "variant w for base\nfigure barn { each player 1  strength 0  stands on field }\n"
    for name, text, warned in (("scored", head + "on final field: score 4 to most barn\n", []),
                               ("alone", head, ["W304"])):
        path = tmp_path / f"{name}.carc"
        path.write_text(text, encoding="utf-8")
        assert [d.code for d in check_files(str(path))[1]] == warned


def test_carcdsl_fmt_lays_the_barn_out_as_written():
    """The barn's file is in the formatter's layout, and a one-line figure block with the
    new properties stays one line."""
    from carcdsl.lang.format import format_text, is_formatted

    assert is_formatted(Path(BARN).read_text(encoding="utf-8"))
    text = ("variant b for base\nfigure barn {  at corner   keeps out follower,barn }\n"
            "on final field :score 4*completed(city) to  most barn\n")
    assert format_text(text) == (
        "variant b for base\nfigure barn { at corner  keeps out follower, barn }\n"
        "on final field: score 4 * completed(city) to most barn\n")


def test_a_tile_extending_two_barns_fields_acts_on_each(tmp_path):
    """``extends field with barn`` acts on every feature the tile extends that holds a barn:
    Ann's barn stands in the field north of the start tile's road (corner (-1, 0)), Bob's in
    the field south of it (corner (0, 1)); Ann's U at (1, 0) carries the road east and
    extends both fields, each apart: each barn's owner scores 1."""
    (tmp_path / "two.carc").write_text(
        "variant two for base\nfigure barn { each player 1  strength 0  stands on field  "
        "at corner  excludes barn }\non place extends field with barn: score 1 to most barn\n",
        encoding="utf-8")
    barn = {"kind": "barn"}
    moves = [("U", -1, 0, 90, None), ("B", -1, -1, 0, None), ("U", -2, 0, 90, None),
             ("E", 0, 1, 180, None), ("B", -2, -1, 0, {**barn, "at": "field:NNW"}),
             ("B", -1, 1, 0, {**barn, "at": "field:NNE"}), ("U", 1, 0, 90, None)]
    (tmp_path / "two.json").write_text(json.dumps(
        {"format": "carcdsl-record/1", "rules": "base", "variants": ["two.carc"],
         "players": ["Ann", "Bob"],
         "moves": [{"tile": t, "at": [x, y], "rotation": r}
                   | ({"follower": f} if f else {}) for t, x, y, r, f in moves]}))
    state = replay(load_record(tmp_path / "two.json"))
    assert [(e.move, e.player, e.points) for e in state.events] == [(6, "Ann", 1),
                                                                     (6, "Bob", 1)]
