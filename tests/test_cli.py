"""The play and replay commands, as a user runs them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

import carcdsl
from carcdsl.cli.main import main
from carcdsl.formats.record import load_record

RECORDS = Path(__file__).parent / "data" / "records"
SCHEMAS = Path(__file__).parent.parent / "carcdsl" / "schemas"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_one_game_tells_it(capsys):
    code, out, err = run(capsys, "play", "base", "--variant", "farmers", "--names", "Ann,Bob",
                         "--seed", "7")
    assert code == 0, err
    assert "seed 7" in out
    assert " 70. " in out or " 69. " in out  # a turn log, one line per move
    assert "winner" in out
    assert "Ann:" in out and "Bob:" in out
    assert "#" in out  # the board is drawn
    assert "Traceback" not in out + err


def test_play_records_and_replay_reproduces(capsys, tmp_path):
    record = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "base", "--players", "3", "--bot", "greedy", "--bot",
                       "random", "--seed", "3", "--record", str(record), "--json")
    assert code == 0
    played = json.loads(out)
    assert load_record(record).players == ("P1", "P2", "P3")
    code, out, _ = run(capsys, "replay", str(record), "--json")
    assert code == 0
    replayed = json.loads(out)
    schema = json.loads((SCHEMAS / "replay-output.schema.json").read_text())
    jsonschema.validate(replayed, schema)
    assert replayed["scores"] == played["scores"]
    assert replayed["events"] == played["events"]
    assert replayed["finished"] is True


def test_play_many_games_sums_up(capsys):
    code, out, _ = run(capsys, "play", "pnp-demo", "--games", "5", "--players", "4",
                       "--seed", "1", "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["games"] == 5 and len(summary["mean_scores"]) == 4
    assert abs(sum(summary["win_rates"]) - 1) < 1e-9
    code, out, _ = run(capsys, "play", "base", "--games", "3", "--seed", "1")
    assert code == 0 and "games/s" in out and "win rate" in out


def test_replay_prints_events_for_people(capsys):
    code, out, _ = run(capsys, "replay", str(RECORDS / "city-pennant.json"))
    assert code == 0
    assert "Ann: city, 3 tiles × 2 + 1 pennant × 2 = 8" in out


@pytest.mark.parametrize("argv,needle", [
    (["play", "base", "--players", "9"], "2 to 5 players"),
    (["play", "nosuch"], "unknown rule set"),
    (["play", "base", "--bot", "clever"], "unknown bot"),
    (["play", "base", "--games", "2", "--record", "x.json"], "one game"),
    (["play", "base", "--names", "Ann,Ann"], "distinct"),
    (["replay", "/nonexistent/record.json"], "record.json"),
])
def test_user_errors_are_one_message(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 1
    assert needle in out + err
    assert "Traceback" not in out + err


def test_bad_record_names_the_move(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({
        "format": "carcdsl-record/1", "rules": "base", "players": 2,
        "moves": [{"tile": "L", "at": [1, 0], "rotation": 0},
                  {"tile": "E", "at": [0, 1], "rotation": 0}]}))
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 1
    assert "move 1" in err and "does not match" in err


def test_a_person_can_play(capsys, monkeypatch):
    answers = iter(["nonsense", "0"] * 200)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = run(capsys, "play", "pnp-demo", "--bot", "human", "--bot", "random",
                       "--seed", "2")
    assert code == 0
    assert "is not a move number" in out
    assert "winner" in out


def test_a_person_can_quit(capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    code, _, err = run(capsys, "play", "base", "--bot", "human", "--seed", "2")
    assert code == 1 and "abandoned" in err


def test_a_record_names_rule_files_relative_to_itself(capsys, tmp_path, monkeypatch):
    # a record names files in its folder or below (issue 19): the rules lie under it
    record = tmp_path / "deep" / "game.json"
    (record.parent / "maps").mkdir(parents=True)
    rules = record.parent / "maps" / "corner.carc"
    rules.write_bytes((Path(__file__).parent / "data" / "maps" / "corner.carc").read_bytes())
    code, _, _ = run(capsys, "play", str(rules), "--seed", "2", "--quiet", "--record",
                     str(record))
    assert code == 0
    written = json.loads(record.read_text())
    assert not Path(written["rules"]).is_absolute()
    monkeypatch.chdir(tmp_path)  # replay from elsewhere: the path still resolves
    code, out, err = run(capsys, "replay", str(record), "--json")
    assert code == 0, err


def _run_process(*argv: str, encoding: str) -> tuple[int, bytes, bytes]:
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": encoding}
    done = subprocess.run([sys.executable, "-m", "carcdsl", *argv], capture_output=True,
                          env=env, timeout=60)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "utf-8"])
def test_json_output_is_utf8_whatever_the_locale(encoding):
    record = str(RECORDS / "city-pennant.json")
    code, out, err = _run_process("replay", record, "--json", encoding=encoding)
    assert code == 0, err
    data = json.loads(out.decode("utf-8"))
    assert data["events"][0]["detail"] == "3 tiles × 2 + 1 pennant × 2"


def test_human_output_survives_a_narrow_terminal():
    record = str(RECORDS / "city-pennant.json")
    code, out, err = _run_process("replay", record, "--board", encoding="ascii")
    assert code == 0, err
    assert b"3 tiles ? 2" in out and b"Traceback" not in err


def test_an_unfinished_game_names_who_leads_not_a_winner(capsys):
    code, out, _ = run(capsys, "replay", str(RECORDS / "city-pennant.json"))
    assert code == 0
    assert "game not finished; leading: Ann" in out
    assert "winner" not in out
    code, out, _ = run(capsys, "replay", str(RECORDS / "city-pennant.json"), "--lang", "nl")
    assert "spel niet afgelopen; aan kop: Ann" in out and "winnaar" not in out


def test_play_json_has_winners_only_when_the_game_is_over():
    import carcdsl
    from carcdsl.sim.local import result_json

    state = carcdsl.load("base").new_game(["Ann", "Bob"], seed=1)
    assert result_json(state) == {"winners": [], "leaders": ["Ann", "Bob"]}
    state.finish()
    assert result_json(state) == {"winners": ["Ann", "Bob"]}


@pytest.mark.parametrize("mode", [[], ["-q"], ["--json"], ["--games", "2"],
                                  ["--games", "2", "--json"], ["--games", "2", "-q"]])
def test_play_without_a_seed_prints_the_one_it_chose(capsys, mode):
    code, out, _ = run(capsys, "play", "pnp-demo", *mode)
    assert code == 0
    if "--json" in mode:
        seed = json.loads(out)["seed"]
    elif "--games" in mode:
        seed = int(out.split("seeds ")[1].split("..")[0])
    elif "-q" in mode:
        assert out.startswith("seed ")
        seed = int(out.split()[1].rstrip(":"))
    else:
        seed = int(out.splitlines()[0].rsplit("seed ", 1)[1])
    again = main(["play", "pnp-demo", "--seed", str(seed), *mode])
    assert again == 0
    if "--games" not in mode:  # the same game again
        replayed = capsys.readouterr().out
        assert _scores_of(replayed) == _scores_of(out)


def _scores_of(out: str) -> str:
    if out.lstrip().startswith("{"):
        return str(json.loads(out)["scores"])
    return out.strip().splitlines()[-1] if " P1=" in out else out.split("\n\n")[-1]


def test_set_up_placements_are_told(capsys):
    code, out, _ = run(capsys, "play", "maps-germany", "--players", "3", "--seed", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].strip() == ("set-up: start tile D at (0, 0) (Rostock); "
                                "tile Q at (0, 5) (Erfurt); 9 meeples each")
    assert lines[2].startswith("  0. P1: ")


def test_every_discard_is_told_even_before_the_first_turn(capsys, tmp_path):
    record = tmp_path / "r.json"
    code, out, _ = run(capsys, "play", "base", "--variant", "table-edge:width=1,height=1",
                       "--seed", "1", "--record", str(record))
    assert code == 0
    moves = json.loads(record.read_text())["moves"]
    assert len(moves) == 71 and all("discard" in m for m in moves)
    told = [line for line in out.splitlines() if "fits nowhere: discarded" in line]
    assert len(told) == 71
    assert told[0].startswith("  0. P1: tile ") and told[-1].startswith(" 70. ")
    assert "no tile left to play: the game ends" in out


def test_a_told_game_numbers_moves_as_its_record_does(capsys, tmp_path):
    record = tmp_path / "r.json"
    code, out, _ = run(capsys, "play", "nuts", "--variant", "nuts-proposal", "--players", "3",
                       "--seed", "2", "--record", str(record))
    assert code == 0
    moves = json.loads(record.read_text())["moves"]
    numbered = [line for line in out.splitlines() if re.match(r" *\d+\. ", line)]
    assert len(numbered) == len(moves)
    set_up = out.splitlines()[1]
    assert "4 nuts put" in set_up and ("P1 holds 1 nut" in set_up or "P1 gets 1 nut" in set_up)
    assert "     1 nut put " in out  # and on the way


ENGLISH = re.compile(r"\b(at|rotated|final|scoring|winners?|seed|road|city|monastery|field|"
                     r"tiles?|left|knight|monk|highwayman|farmer|pennants?|completed|"
                     r"leading|set-up|start tile|discarded|key)\b", re.IGNORECASE)


@pytest.mark.parametrize("rules,variants", [("base", ()), ("base", ("farmers",)),
                                            ("pnp-demo", ())])
def test_play_in_dutch_tells_the_whole_game_in_dutch(capsys, rules, variants):
    argv = ["play", rules, *(a for v in variants for a in ("--variant", v)), "--lang", "nl",
            "--players", "3", "--seed", "4"]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert "startgetal 4" in out and "voorbereiding: starttegel" in out and "legenda:" in out
    assert "(eindtelling)" in out and ("winnaar" in out or "winnaars" in out)
    assert " op (" in out and "gedraaid" in out and "landtegel" in out
    assert ENGLISH.findall(out) == []


def test_replay_in_dutch_tells_the_scoring_in_dutch(capsys):
    code, out, _ = run(capsys, "replay", str(RECORDS / "final-city.json"), "--lang", "nl",
                       "--board")
    assert code == 0
    assert "eindtelling" in out and "stad" in out
    assert ENGLISH.findall(out) == []


# --- the told game: everything under the move that caused it ------------------------------
def _told(rules: str, seed: int, players: int, *variants: str):
    import io

    import carcdsl
    from carcdsl.cli.tell import play_one

    game = carcdsl.load(rules, variants)
    out = io.StringIO()
    state = play_one(game, [f"P{i + 1}" for i in range(players)], ["random"], seed, out)
    return state, out.getvalue().splitlines()


NUMBERED = re.compile(r" *(\d+)\. (\S+): ")


def test_scorings_follow_their_move_not_the_discards_after_it(capsys):
    code, out, _ = run(capsys, "play", "base", "--seed", "1", "--players", "2", "--variant",
                       "table-edge:width=3,height=3", "--variant", "border-closes")
    assert code == 0
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  7. P1: H at (1, 1)"))
    assert lines[at + 1:at + 4] == ["     P1: city, 1 tile × 2 = 2",
                                    "     P1: city, 3 tiles × 2 + 1 pennant × 2 = 8",
                                    "  8. P2: tile E fits nowhere: discarded"]


@pytest.mark.parametrize("variants", [("table-edge:width=3,height=3", "border-closes"),
                                      ("hand-of-three", "fill-hole-extra-turn")])
def test_each_move_is_told_by_the_player_who_made_it(variants):
    state, lines = _told("base", 1, 3, *variants)
    seats = getattr(state, "move_seats", None)
    if seats is None:
        pytest.skip("the engine does not say who made each move")
    told = [NUMBERED.match(line) for line in lines]
    told = [(int(m[1]), m[2]) for m in told if m]
    assert told == [(i, state.players[seat]) for i, seat in enumerate(seats)]


def test_an_extra_turn_is_told_right_after_its_move():
    seen = 0
    for seed in range(1, 12):
        state, lines = _told("base", seed, 2, "fill-hole-extra-turn")
        for i, line in enumerate(lines):
            if not line.endswith(" plays again"):
                continue
            seen += 1
            player = line.split()[0]
            before = next(m for m in map(NUMBERED.match, reversed(lines[:i])) if m)
            after = next(m for m in map(NUMBERED.match, lines[i + 1:]) if m)
            assert before[2] == player
            assert after[2] == player and int(after[1]) == int(before[1]) + 1
            assert " at (" in lines[lines.index(before.string)]  # a placement
    assert seen


def test_tokens_are_told_in_the_order_they_moved():
    state, lines = _told("nuts", 3, 2, "nuts-proposal")
    kinds = []
    for line in lines:
        if NUMBERED.match(line):
            kinds.append("move")
        elif " put on the " in line:
            kinds.append("put")
        elif " takes " in line:
            kinds.append("takes")
        elif re.match(r" +P\d: \S.* = -?\d+$", line):
            kinds.append("score")
    text = " ".join(kinds)
    assert "takes" in text and "put" in text
    assert "move put" in text  # nuts go on with the tile, before its scoring
    assert re.search(r"(?<!score )(?<!takes )takes", text) is None  # after a scoring only
    assert re.search(r"score put", text) is None


def test_merging_puts_tokens_after_the_scorings_before_them():
    from types import SimpleNamespace as NS

    from carcdsl.view.describe import merged_events

    score = [NS(move=2, when="complete"), NS(move=4, when="complete"), NS(move=4, when="final")]
    tokens = [NS(move=4, action="put", events_before=1),
              NS(move=4, action="collected", events_before=3)]
    state = NS(events=score, token_events=tokens)
    assert merged_events(state) == [score[0], tokens[0], score[1], score[2], tokens[1]]
    assert merged_events(state, 1, 1) == [score[1], score[2], tokens[1]]


def test_a_bags_set_aside_tile_is_not_told_as_discarded():
    for seed in range(1, 40):
        state, lines = _told("base", seed, 2, "bag", "table-edge:width=3,height=3")
        if state.supply.aside_moves:
            break
    assert state.supply.aside_moves
    told = {int(m[1]): line for line in lines if (m := NUMBERED.match(line))}
    for i in state.supply.aside_moves:
        assert told[i].endswith("fits nowhere: set aside, back into the bag after the next "
                                "placement")
    gone = [i for i, m in enumerate(state.moves) if i not in state.supply.aside_moves
            and not hasattr(m, "at")]
    assert all(told[i].endswith("fits nowhere: discarded") for i in gone)


# --- a person at the terminal ----------------------------------------------------------
def _first_move_with_a_port(rules: str, seed: int, ports=("E", "S", "ESE", "SSE")):
    import carcdsl

    state = carcdsl.load(rules).new_game(["P1", "P2"], seed=seed)
    return next(m for m in state.legal_moves()
                if m.follower is not None and m.follower.port in ports)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_person_can_write_the_move_with_either_compass(capsys, monkeypatch, lang):
    from carcdsl.i18n.catalog_nl import PORTS

    move = _first_move_with_a_port("base", 2)
    dutch = {"city": "stad", "road": "weg", "field": "weide"}[move.follower.feature]
    port = PORTS[move.follower.port]
    written = [f"{move.at[0]} {move.at[1]} {move.rotation} {move.follower.feature}:"
               f"{move.follower.port}",
               f"{move.at[0]}, {move.at[1]}, {move.rotation}° {dutch}:{port.lower()}"]
    answers = iter([written[0] if lang == "en" else written[1], "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = run(capsys, "play", "base", "--bot", "human", "--seed", "2", "--lang", lang)
    assert code == 1  # quit on the second turn
    told = next(line for line in out.splitlines() if line.startswith("  0. P1: "))
    where = (f"{move.follower.feature}:{move.follower.port}" if lang == "en"
             else f"{dutch}:{port}")
    assert told.endswith(where) and f"({move.at[0]}, {move.at[1]})" in told


def test_a_written_move_that_fits_several_is_asked_again(capsys, monkeypatch):
    move = _first_move_with_a_port("base", 2)
    answers = iter([f"{move.at[0]} {move.at[1]} {move.follower.feature}", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = run(capsys, "play", "base", "--bot", "human", "--seed", "2")
    assert code == 1
    assert re.search(r"fits \d+ moves: \d+, \d+", out) or "is not a move number nor" in out


def test_a_person_sees_the_tokens(capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    code, out, _ = run(capsys, "play", "nuts", "--variant", "nuts-proposal", "--bot", "human",
                       "--seed", "2")
    assert code == 1
    assert "nuts on the board: " in out and "on the forest at (0, 0)" in out
    assert "P1 holds 1 nut, P2 holds 1 nut" in out
    assert re.search(r"nuts in the supply: \d+", out)


def test_written_moves_are_matched_by_tile_square_rotation_and_spot():
    from carcdsl.cli.human import match_moves
    from carcdsl.engine.moves import FollowerSpec, Placement
    from carcdsl.i18n.words import Words

    moves = [Placement("U", (1, 0), 90), Placement("U", (1, 0), 90, FollowerSpec("road", "E")),
             Placement("U", (1, 0), 270), Placement("V", (1, 0), 90),
             Placement("V", (1, 0), 90, FollowerSpec("field", "ESE"))]
    nl, en = Words(None, "nl"), Words(None, "en")
    assert match_moves("1 0 90", moves, en) == [0, 3]
    assert match_moves("U 1 0 90", moves, en) == [0]
    assert match_moves("1 0", moves, en) == [0, 2, 3]
    assert match_moves("1, 0, 90° road:E", moves, en) == [1]
    assert match_moves("1 0 90 road:O", moves, nl) == [1]
    assert match_moves("1 0 90 road:e", moves, nl) == [1]  # the spec's port, any case
    assert match_moves("v 1 0 90 field:ozo", moves, nl) == [4]
    assert match_moves("1 0 90 road:Q", moves, en) == []
    assert match_moves("here", moves, en) == [] and match_moves("1", moves, en) == []


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"carcdsl {carcdsl.__version__}\n"


def test_replay_draws_a_board_or_prints_json_not_both(capsys):
    record = str(RECORDS / "city-pennant.json")
    assert main(["replay", record, "--json", "--board"]) == 1
    err = capsys.readouterr().err
    assert err == ("carcdsl replay: --board cannot go with --json "
                   "(see carcdsl replay --help)\n")


def test_check_prints_a_shared_files_problem_once_a_run(capsys, tmp_path):
    (tmp_path / "e1.carc").write_text("rules e1\nextends base\ntile ZZ 1 citty N\n")
    (tmp_path / "e2.carc").write_text('rules e2\nextends "e1.carc"\n')
    e1, e2 = str(tmp_path / "e1.carc"), str(tmp_path / "e2.carc")
    assert main(["check", e1, e2, e1]) == 1
    out = capsys.readouterr().out
    assert out.count("error[E110]") == 1
    assert out.count(": 1 error, 1 warning") == 3  # each target still counts it
