"""Reading on after syntax errors: every syntax error of a file in one run, and the checks of
meaning on the declarations that parsed, without follow-on noise (nothing about a name a
declaration that did not parse would have declared)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcdsl.cli.main import main
from carcdsl.diagnostics import unique
from carcdsl.errors import RuleError
from carcdsl.lang.parser import parse_text
from carcdsl.pipeline import check_files

FIVE = """\
rules five

game {
    players 5..2
    followers 7
    start A
}

landmark village

feature road {
    geometry path
    followers yes
    ends at village, city
    score complete = tiles
    score final = tile
}

feature city {
    geometry area
    followers yes
    pennants yes
    score complete = 2 * tiles +
    score final = tiles
}

feature field { geometry field }

tile A 2 city N; road W-E
tile B 1 lake N; road S -> village
tile C 1 city N; road W-E
tile D 0 road N-S
"""
"""Five mistakes: a bad player range (line 4), an unknown quantity (16), a syntax error in
the city's block (24), an unknown kind (30), a tile count of 0 (32). The city is used by the
road and tiles A and C: nothing may be said about it."""

FIVE_FOUND = [(4, "E120"), (16, "E113"), (24, "E001"), (30, "E110"), (32, "E201")]


def _found(text: str, tmp_path: Path) -> list[tuple[int, str]]:
    path = tmp_path / "t.carc"
    path.write_text(text)
    _rules, found, _sources = check_files(path)
    return [(d.loc.line, d.code) for d in unique(found) if d.loc is not None]


def test_five_mistakes_one_a_syntax_error_all_reported(tmp_path, capsys):
    path = tmp_path / "five.carc"
    path.write_text(FIVE)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    said = [line for line in out.splitlines() if line.startswith(str(path) + ":")
            and "error[" in line]
    assert [(int(line.split(":")[1]), line.split("error[")[1][:4]) for line in said] \
        == FIVE_FOUND
    assert out.rstrip().endswith("5 errors, 0 warnings")
    assert "city" not in "".join(line.split(": ", 1)[1] for line in said
                                 if "E001" not in line)


def test_five_mistakes_as_json(tmp_path, capsys):
    path = tmp_path / "five.carc"
    path.write_text(FIVE)
    assert main(["check", "--json", str(path)]) == 1
    data = json.loads(capsys.readouterr().out)
    diags = data["files"][0]["diagnostics"]
    assert [(d["line"], d["code"]) for d in diags] == FIVE_FOUND
    assert all(d["file"] == str(path) and d["column"] >= 1 and d["message"] for d in diags)
    assert (data["files"][0]["errors"], data["files"][0]["warnings"]) == (5, 0)


HEAD = ("rules t\ngame { players 2..5 followers 7 start A }\nlandmark village\n"
        "feature field { geometry field }\n")
ROAD = "feature road { geometry path followers yes ends at village score final = tiles }\n"

SYNTAX = [
    pytest.param(  # two broken tiles, a good one between: no E114 for A, no W301
        HEAD + ROAD + "tile A one road W-E\ntile B 1 road W-E\ntile C 1 road W-E ->\n",
        [(6, "E001"), (8, "E001")], id="two-tiles"),
    pytest.param(  # a broken kind, and a broken game block: no E110 for road, no E123
        "rules t\ngame { players 2.. followers 7 start A }\nlandmark village\n"
        "feature road { geometry path followers score final = tiles }\n"
        "feature field { geometry field }\ntile A 1 road W-E\ntile B 1 road N-S\n",
        [(2, "E001"), (4, "E001")], id="kind-and-game"),
    pytest.param(  # three: a kind missing its '}', a misspelt keyword, a broken landmark
        HEAD + "feature road { geometry path followers yes\n"
        "tile A 1 road W-E\nlandmrk tower\nlandmark ,\n",
        [(6, "E001"), (7, "E001"), (8, "E001")], id="three"),
    pytest.param(  # a syntax error and a mistake of meaning in another declaration
        HEAD + ROAD + "tile A 1 road W-E\ntile B 1 road W-E-\ntile C 1 rood W-E\n",
        [(7, "E001"), (8, "E110")], id="syntax-and-meaning"),
    pytest.param(  # a header without its name (`rules game {` reads on): no E106 (no
        # header), the rest checked as a rule set named by its file (W301: A is alone)
        "rules\n" + HEAD.split("\n", 1)[1] + ROAD + "tile A 1 road W-E\ntile B 1 rood W-E\n",
        [(2, "E001"), (6, "W301"), (7, "E110")], id="header"),
    pytest.param(  # errors in an override and in a when block of a variant, then E101
        "variant v for base\noverride feature city { score final = tiles + }\n"
        "when farmers { override feature field { score final = x * } }\n"
        "tile Q 1 city N; road S-E\n",
        [(2, "E001"), (3, "E001"), (4, "E101")], id="variant"),
]


@pytest.mark.parametrize(("text", "expected"), SYNTAX)
def test_every_syntax_error_and_no_follow_on(text, expected, tmp_path):
    assert _found(text, tmp_path) == expected


def test_parse_text_still_refuses_a_broken_file():
    """``fmt`` and others that need the whole file still get a RuleError with every
    syntax error."""
    with pytest.raises(RuleError) as info:
        parse_text(FIVE, "five.carc")
    assert [d.code for d in info.value.diagnostics] == ["E001"]


BASE = (Path(__file__).resolve().parent.parent / "rules" / "base.carc").read_text()
_TILE_LINES = [i for i, line in enumerate(BASE.splitlines()) if line.startswith("tile ")]
_BREAKS = (" @", " )", " }", " 2..")
"""What breaks a tile line and never reads on into the next (a line ending in ``;`` or ``->``
does: the next tile line is read as its segment, or its path's end)."""


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(broken=st.lists(st.tuples(st.sampled_from(_TILE_LINES), st.sampled_from(_BREAKS)),
                       min_size=1, max_size=4, unique_by=lambda pair: pair[0]))
def test_broken_tile_lines_of_base_are_each_one_syntax_error_and_nothing_else(tmp_path, broken):
    lines = BASE.splitlines()
    for i, end in broken:
        lines[i] += end
    found = _found("\n".join(lines) + "\n", tmp_path)
    assert [line for line, _code in found] == sorted(i + 1 for i, _end in broken)
    assert {code for _line, code in found} <= {"E001", "E002"}


@pytest.mark.parametrize(("written", "broken"), [
    # the city's block: no W307 for its follower's name (knight) or pennant in `names nl`
    ("    score complete = 2 * tiles + 2 * pennants\n", "    score complete = 2 * tiles + 2 *\n"),
    # the game block: no W307 for meeple, no E123 (no start tile)
    ("    followers 7       #", "    followers         #"),
])
def test_a_broken_block_of_base_is_one_syntax_error_and_nothing_else(tmp_path, written,
                                                                      broken):
    assert written in BASE
    line = BASE[:BASE.index(written)].count("\n") + 2  # said at the next line's first word
    assert _found(BASE.replace(written, broken, 1), tmp_path) == [(line, "E001")]


RULES = Path(__file__).resolve().parent.parent / "rules"
BUNDLED = [RULES / "base.carc", *sorted((RULES / "variants").glob("*.carc"))]
_DECLARATION = re.compile(r"[a-z]")
_HEADERS = ("rules", "variant", "extends", "param")
_CODE = re.compile(r'(?:"[^"\n]*"|[^"#])*')


@pytest.mark.slow  # every declaration of every bundled file: about 5 s
@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_each_declaration_of_a_bundled_file_broken_is_its_one_error(path, tmp_path):
    """Each declaration's first line broken in turn (` @` before its comment): the one error
    there, and nothing the checker would say of what the declaration declares or settles."""
    lines = path.read_text(encoding="utf-8").splitlines()
    starts = [i for i, line in enumerate(lines)
              if _DECLARATION.match(line) and not line.startswith(_HEADERS)]
    for i in starts:
        code = _CODE.match(lines[i]).group()  # before a comment
        broken = [*lines[:i], code + " @" + lines[i][len(code):], *lines[i + 1:]]
        copy = tmp_path / path.name
        copy.write_text("\n".join(broken) + "\n", encoding="utf-8")
        _rules, found, _ = check_files(copy, allow=[RULES, RULES / "variants"])
        said = [(d.code, d.loc.line) for d in unique(found)
                if d.is_error or (d.loc and d.loc.file == str(copy))]
        assert said == [("E002", i + 1)], (path.name, lines[i])
