"""What a newcomer tripped over (issue 19): each item as the newcomer met it."""

from __future__ import annotations

import json

from carcdsl.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_comma_list_of_bots_is_repeated_bot_options(capsys):
    listed = run(capsys, "play", "base", "--players", "3", "--bot", "greedy,random",
                 "--seed", "3", "--json")
    repeated = run(capsys, "play", "base", "--players", "3", "--bot", "greedy", "--bot",
                   "random", "--seed", "3", "--json")
    assert listed[0] == 0, listed[2]
    assert json.loads(listed[1])["scores"] == json.loads(repeated[1])["scores"]
    code, _, err = run(capsys, "play", "base", "--bot", "greedy,robot")
    assert code == 1 and "unknown bot 'robot'" in err and "Traceback" not in err
    code, _, err = run(capsys, "play", "base", "--bot", "greedy,random,greedy")
    assert code == 1 and "3 --bot kinds for 2 seats" in err


def test_did_you_mean_needs_a_real_misspelling():
    from carcdsl.diagnostics import suggest
    assert suggest("lakes", ["tiles", "pennants", "markers", "followers"]) == ""
    assert suggest("citty", ["city", "road"]) == "city"
    assert suggest("bsae", ["base", "nuts"]) == "base"  # two letters swapped: one edit
    assert suggest("completed", ["complete", "final"]) == "complete"


def test_an_unknown_quantity_suggests_nothing_unrelated(tmp_path, capsys):
    path = tmp_path / "lakes.carc"
    path.write_text("variant v for base\noverride feature city { score final = lakes }\n")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1 and "unknown scoring quantity 'lakes'" in out
    assert "did you mean" not in out


def test_a_minus_says_how_to_subtract(tmp_path, capsys):
    path = tmp_path / "minus.carc"
    path.write_text("variant v for base\noverride feature city { score final = tiles - 1 }\n")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1 and "error[E002]" in out and "`a + -1 * b`" in out
    path.write_text("variant v for base\n"
                    "override feature city { score final = tiles + -1 * pennants + -1 }\n")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0, out
