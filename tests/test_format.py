"""`carcdsl fmt`: one canonical layout, comments kept exactly, idempotent, and never a change
of meaning (the composed rule set before and after is the same)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcdsl.cli.main import main
from carcdsl.errors import RuleError
from carcdsl.lang.format import format_text, lex
from carcdsl.lang.jsonform import ruleset_to_json
from carcdsl.lang.sources import unsaved_texts
from carcdsl.pipeline import compose

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted([*ROOT.glob("rules/*.carc"), *ROOT.glob("rules/variants/*.carc"),
                  *ROOT.glob("examples/*.carc")])


def meaning(path: Path, text: str | None = None) -> dict:
    """The composed rule set of ``path`` (as ``text`` when given), as its JSON form: the
    model without the places things were written."""
    with unsaved_texts({path: text} if text is not None else {}):
        rules, found, _ = compose(path)
    assert rules is not None, found
    return ruleset_to_json(rules)


def comments(text: str) -> list[str]:
    return re.findall(r'"[^"\n]*"|(#[^\n]*)', text)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_bundled_file_keeps_its_meaning_and_comments(path):
    text = path.read_text(encoding="utf-8")
    formatted = format_text(text)
    assert format_text(formatted) == formatted
    assert comments(formatted) == comments(text)
    assert meaning(path, formatted) == meaning(path)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: str(p.relative_to(ROOT)))
def test_bundled_files_are_formatted(path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text) == text, f"run: carcdsl fmt {path.relative_to(ROOT)}"


def test_the_layout():
    text = ('rules  r   extends base # the base game\n\n\n\ngame{players 2 .. 5\n'
            'followers   7 # seven\n tiles 3 start  A}\n'
            'feature  road{score complete = 2*tiles+ completed ( city )\n\n\n  ends at a ,b}\n'
            '# tiles\ntile A 1 city N + E pennant ;road W-E\ntile Long 12 road N->a\n'
            'board { map "~.~"\n"..."  legend { "~" off "." square } }\n'
            'names nl { }\n')
    assert format_text(text) == (
        "rules r\n"
        "extends base  # the base game\n"
        "\n"
        "game {\n"
        "    players 2..5\n"
        "    followers 7  # seven\n"
        "    tiles 3\n"
        "    start A\n"
        "}\n"
        "feature road {\n"
        "    score complete = 2 * tiles + completed(city)\n"
        "\n"
        "    ends at a, b\n"
        "}\n"
        "# tiles\n"
        "tile A      1  city N+E pennant; road W-E\n"
        "tile Long  12  road N -> a\n"
        "board {\n"
        '    map "~.~"\n'
        '        "..."\n'
        '    legend { "~" off  "." square }\n'  # written on one line: kept on one
        "}\n"
        "names nl {}\n")


def test_colour_and_look_lines():
    text = ('rules r\nfeature moat{geometry area colour   "#6A9FD8"look water\n}\n'
            'feature lane { geometry path colour  tan # a named colour\n look   plain }\n')
    assert format_text(text) == (
        "rules r\n"
        "feature moat {\n"
        "    geometry area\n"
        '    colour "#6A9FD8"\n'
        "    look water\n"
        "}\n"
        "feature lane {\n"
        "    geometry path\n"
        "    colour tan  # a named colour\n"
        "    look plain\n"
        "}\n")


def test_a_comment_inside_a_line_keeps_the_line_as_written():
    text = "rules r\ntile A 1 city N # the city\n   ; road W-E\n"
    assert format_text(text) == text
    assert format_text("  " + text) == text


def test_a_syntax_error_is_every_syntax_error():
    with pytest.raises(RuleError) as info:
        format_text("rules r\ngame { players }\ntile A x\n", "bad.carc")
    assert [d.code for d in info.value.diagnostics] == ["E001", "E001"]


_SEPARATORS = st.sampled_from([" ", "  ", "\n", "\t", "\n    ", " \n  "])


@st.composite
def relaid(draw, with_comments: bool) -> tuple[Path, str, str]:
    """A bundled file's tokens laid out anew: (path, the original, the new text). Without
    comments, the new text has neither comments nor blank lines."""
    path = draw(st.sampled_from(BUNDLED))
    text = path.read_text(encoding="utf-8")
    tokens, _ = lex(text)
    out = []
    for i, token in enumerate(tokens):
        out.append(token.value)
        sep = draw(_SEPARATORS)
        if with_comments and draw(st.integers(0, 9)) == 0:
            sep = f" # note {i}\n"
        out.append(sep)
    return path, text, "".join(out)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(relaid(with_comments=True))
def test_any_layout_keeps_its_meaning(case):
    path, text, written = case
    formatted = format_text(written)
    assert format_text(formatted) == formatted
    assert comments(formatted) == comments(written)
    assert meaning(path, formatted) == meaning(path)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(relaid(with_comments=False))
def test_the_layout_is_one_whatever_the_whitespace(case):
    """Whatever the spaces: which lines break is all that counts (a block written on one
    line stays on one line)."""
    path, _, written = case
    tokens, _ = lex(written)
    spaced = [tokens[0].value]
    for before, token in zip(tokens, tokens[1:]):
        gap = written[before.end_pos:token.start_pos]
        spaced += ["\n" if "\n" in gap else " ", token.value]
    assert format_text(written) == format_text("".join(spaced))


def test_fmt_check_and_diff(tmp_path, capsys):
    messy = tmp_path / "messy.carc"
    messy.write_text("rules messy\nextends base\ngame { players 2..5\n}\n", encoding="utf-8")
    assert main(["fmt", "--check", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert "+game {" in out and "is not formatted" in err
    assert main(["fmt", "--diff", str(messy)]) == 0
    assert "-game { players 2..5" in capsys.readouterr().out
    assert main(["fmt", str(messy)]) == 0
    assert messy.read_text(encoding="utf-8").endswith("game {\n    players 2..5\n}\n")
    assert main(["fmt", "--check", str(messy)]) == 0
    assert capsys.readouterr().out == ""


def test_fmt_says_a_syntax_error(tmp_path, capsys):
    broken = tmp_path / "broken.carc"
    broken.write_text("rules r\ngame { players }\n", encoding="utf-8")
    assert main(["fmt", str(broken)]) == 1
    assert "error[E001]" in capsys.readouterr().err
    assert broken.read_text(encoding="utf-8") == "rules r\ngame { players }\n"


def test_the_textmate_grammar_knows_every_keyword():
    """editors/vscode/syntaxes: the highlighting names each keyword the grammar has."""
    import json

    from carcdsl.lang.syntax import grammar
    path = ROOT / "editors" / "vscode" / "syntaxes" / "carc.tmLanguage.json"
    tm = json.loads(path.read_text(encoding="utf-8"))
    pattern = re.compile(tm["repository"]["keyword"]["match"])
    words = {t.pattern.value for t in grammar().terminals
             if t.pattern.type == "str" and t.pattern.value[:1].isalpha()}
    assert words and all(pattern.fullmatch(word) for word in words)
    for rule in tm["repository"].values():
        re.compile(rule["match"])  # Python reads the Oniguruma patterns used here


def test_fmt_speaks_dutch_and_rewrites_through_a_link_keeping_the_mode(tmp_path, capsys):
    real = tmp_path / "real.carc"
    real.write_text("rules t\nextends base\ntile  Z   1  city N\n", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.carc"
    link.symlink_to(real)
    assert main(["fmt", "--check", "--lang", "nl", str(link)]) == 1
    assert "is niet opgemaakt" in capsys.readouterr().err
    assert main(["--lang", "nl", "fmt", str(link)]) == 0
    assert "opgemaakt" in capsys.readouterr().err
    assert link.is_symlink() and "tile  Z   1" not in real.read_text(encoding="utf-8")
    assert main(["fmt", "--check", str(real)]) == 0
    assert real.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.carc", "real.carc"]


def test_neutral_figures_and_their_rules(tmp_path):
    """Neutral figures and the rules that move them are laid out as any property and rule:
    one space between words, none before ``,`` or ``:``; the layout is one and keeps the
    meaning."""
    written = ("rules dragons\nextends   base\n"
               "figure fairy {\nneutral\n   beside   own follower   # the fairy\n}\n"
               "figure dragon { neutral  avoids fairy ,fairy  blocks }\n"
               "on   place shows city :move dragon here\n"
               "on place shows road:   walk dragon   6\n"
               "on enter dragon :return figures   here\n"
               "on score   beside fairy: score 3\n"
               "on place shows monastery: instead return follower,place follower  anywhere\n"
               "supply { hold back   monastery until dragon }\n")
    formatted = format_text(written)
    assert formatted == (
        "rules dragons\nextends base\n"
        "figure fairy {\n    neutral\n    beside own follower  # the fairy\n}\n"
        "figure dragon { neutral  avoids fairy, fairy  blocks }\n"
        "on place shows city: move dragon here\n"
        "on place shows road: walk dragon 6\n"
        "on enter dragon: return figures here\n"
        "on score beside fairy: score 3\n"
        "on place shows monastery: instead return follower, place follower anywhere\n"
        "supply { hold back monastery until dragon }\n")
    assert format_text(formatted) == formatted
    path = tmp_path / "dragons.carc"
    path.write_text(written, encoding="utf-8")
    assert meaning(path, formatted) == meaning(path)
