"""A file's one-line description (``about "..."``, ``about nl "..."``): how it reads, lays out
and travels (the JSON form, the record digest), and the bots' strength words the web app shows
beside it. What `list`, `explain` and the web app show is tested with them (test_newcomer,
test_web, test_browser); what the checker refuses is in test_checker's BROKEN rows (E135)."""

from __future__ import annotations

from pathlib import Path

import attrs

from carcdsl.bots import BOTS, DEFAULT_OPPONENT, STRENGTHS
from carcdsl.bots.strength import STRENGTH_WORDS
from carcdsl.formats.digest import rules_digest
from carcdsl.i18n.words import Words
from carcdsl.lang.format import format_text
from carcdsl.lang.jsonform import ruleset_from_json, ruleset_to_json
from carcdsl.lang.parser import parse_text
from carcdsl.model.rules import About, about_in
from carcdsl.pipeline import compose

RULES = Path(__file__).resolve().parent.parent / "rules"


def test_about_reads_in_the_files_own_language_and_in_others():
    read = parse_text('variant v for base\nabout "One line."\nabout nl "Eén regel."\n', "v.carc")
    assert read.abouts() == (About("v", None, "One line."), About("v", "nl", "Eén regel."))
    assert read.about_in("nl") == "Eén regel."
    assert read.about_in("en") == read.about_in("fr") == "One line."  # else its own
    only_dutch = parse_text('variant v for base\nabout nl "Eén regel."\n', "v.carc")
    assert only_dutch.about_in("en") == ""  # no English to fall back on: nothing
    assert parse_text("variant v for base\n", "v.carc").about_in("en") == ""


def test_about_inside_a_when_block_is_refused_where_it_stands(tmp_path):
    path = tmp_path / "v.carc"
    path.write_text('variant v for base\nwhen farmers {\n    about "Not here."\n}\n', "utf-8")
    _, found, _ = compose(path)
    assert [(d.code, d.key, d.loc.line) for d in found] == [("E108", "E108/about", 3)]
    assert "put `about` at the top of the file" in found[0].message


def test_fmt_lays_about_out_as_one_line_and_keeps_it():
    messy = 'variant v for base\nabout    nl   "Eén  regel."  # Dutch\nabout "One line."\n'
    formatted = format_text(messy)
    assert formatted == 'variant v for base\nabout nl "Eén  regel."  # Dutch\nabout "One line."\n'
    assert format_text(formatted) == formatted
    assert parse_text(formatted, "v.carc").abouts() == parse_text(messy, "v.carc").abouts()


def test_every_bundled_file_says_what_it_does_in_english_and_dutch():
    files = sorted(RULES.glob("*.carc")) + sorted((RULES / "variants").glob("*.carc"))
    assert len(files) == 33
    for path in files:
        read = parse_text(path.read_text(encoding="utf-8"), str(path))
        langs = {about.lang for about in read.abouts()}
        assert langs == {None, "nl"}, path.name
        assert all(0 < len(about.text) <= 200 for about in read.abouts()), path.name


def test_the_json_form_carries_each_files_about_and_reads_it_back():
    rules, found, _ = compose("base", ["farmers"])
    assert rules is not None and not [d for d in found if d.severity == "error"]
    data = ruleset_to_json(rules)
    assert [(a["of"], a["language"]) for a in data["about"]] == [
        ("base", None), ("base", "nl"), ("farmers", None), ("farmers", "nl")]
    again = ruleset_from_json(data)
    assert again == rules and again.about == rules.about
    assert about_in(again.about, "farmers", "nl").startswith("Boeren: volgelingen")


def test_the_record_digest_leaves_descriptions_out():
    """A description changes no rule: records played before the bundled files had one, or
    before one is reworded, keep their digests and replay."""
    rules, _, _ = compose("base", ["farmers"])
    assert rules is not None and rules.about
    bare = attrs.evolve(rules, about=())
    reworded = attrs.evolve(rules, about=(About("base", None, "Something else entirely."),))
    assert rules_digest(rules) == rules_digest(bare) == rules_digest(reworded)
    changed = attrs.evolve(rules, notes=(("en", "a note"),))  # what the digest does count
    assert rules_digest(changed) != rules_digest(rules)


def test_each_rated_bot_has_its_strength_word_in_english_and_dutch():
    assert DEFAULT_OPPONENT in BOTS
    assert set(STRENGTHS) <= set(BOTS) and set(STRENGTHS.values()) == set(STRENGTH_WORDS)
    ordered = [STRENGTHS[kind] for kind in ("random", "greedy", "mcts")]
    assert ordered == list(STRENGTH_WORDS)  # the order the tournament rated them in
    english, dutch = Words(None, "en"), Words(None, "nl")
    for word in STRENGTH_WORDS:
        key = f"bot-strength-{word}"
        assert key in english.phrases and key in dutch.phrases
    assert dutch.phrase("bot-strength-club") != english.phrase("bot-strength-club")


def test_the_language_server_offers_about_and_says_what_it_is():
    from carcdsl.lsp.completion import accepted
    from carcdsl.lsp.hover import construct_docs

    text = "variant v for base\nab"
    assert "ABOUT" in accepted(text, len(text))  # where a declaration may start
    assert 'about nl "' in construct_docs()["about"]  # the hover: the grammar line
