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
