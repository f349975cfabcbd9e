"""Records you can trust (issue 19): moves the format cannot hold are refused when made,
numbers out of range are record errors with their place, record paths stay in the record's
folder, the rules digest, and a game in progress that survives a quit or a closed pipe."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import carcdsl
from carcdsl.engine.moves import Discard, FollowerSpec, Placement
from carcdsl.errors import IllegalMoveError
from carcdsl.formats.record import parse_record, record_of
from carcdsl.replay import replay


@pytest.fixture(scope="module")
def base():
    return carcdsl.load("base")


# --- 3. the API refuses what a record cannot hold --------------------------------------------

@pytest.mark.parametrize(("make", "form"), [
    (lambda: Placement("U", (1.5, 0), 90), "at"),
    (lambda: Placement("U", (True, 0), 90), "at"),
    (lambda: Placement("U", (1, 0.0), 90), "at"),
    (lambda: Placement("U", (1, 0, 0), 90), "at"),
    (lambda: Placement("U", 5, 90), "at"),
    (lambda: Placement("U", (1, 0), 90.0), "rotation"),
    (lambda: Placement("U", (1, 0), True), "rotation"),
    (lambda: Placement("U", (1, 0), False), "rotation"),  # False == 0, but no rotation
    (lambda: Placement("U", (1, 0), "90"), "rotation"),
    (lambda: Placement(7, (1, 0), 90), "tile"),
    (lambda: Placement("", (1, 0), 90), "tile"),
    (lambda: Placement("U", (1, 0), 90, "road:E"), "follower"),
    (lambda: FollowerSpec(3), "feature"),
    (lambda: FollowerSpec("road", "X"), "port"),
    (lambda: FollowerSpec("road", "E", 5), "kind"),
    (lambda: Discard(None), "tile"),
])
def test_a_move_the_format_cannot_hold_is_refused_when_made(make, form):
    with pytest.raises(IllegalMoveError) as info:
        make()
    assert (info.value.rule, info.value.form) == ("move", form)
    assert "got" in str(info.value)


@pytest.mark.parametrize("at", [(10**5000, 0), (0, -(10**400)), (262144, 0)])
def test_a_square_beyond_the_board_is_refused_when_made_even_a_huge_one(at):
    with pytest.raises(IllegalMoveError, match=r"off the board") as info:
        Placement("U", at, 90)
    assert info.value.rule == "board" and len(str(info.value)) < 200


def test_what_the_api_accepts_is_a_record_that_loads(base):
    state = base.new_game(["Ann", "Bob"], seed=7)
    for bad in ((1.5, 0), (True, 0)):
        with pytest.raises(IllegalMoveError):
            state.play(Placement(state.drawn, bad, 90))
    assert state.moves == []
    state.play(state.legal_moves()[0])
    again = replay(parse_record(record_of(state).to_json()))
    assert again.moves == state.moves


# --- 4. numbers in records ---------------------------------------------------------------------

def _record_text(tmp_path, body: str) -> str:
    path = tmp_path / "game.json"
    path.write_text('{"format": "carcdsl-record/1", "rules": "base", "players": 2, ' + body + "}",
                    encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("body", "said"), [
    ('"seed": ' + "9" * 4301 + ', "moves": []', "game.json: 'seed' is a number of 4301 digits"),
    ('"seed": 1, "moves": [{"tile": "U", "at": [1, 0], "rotation": 90}, '
     '{"tile": "E", "at": [2, -' + "1" * 5000 + '], "rotation": 0}]',
     "game.json: move 1: 'at[1]' is a number of 5000 digits"),
    ('"seed": 1, "moves": [{"tile": "U", "at": [1, 0], "rotation": ' + "9" * 4400 + "}]",
     "game.json: move 0: 'rotation' is a number of 4400 digits"),
    ('"seed": ' + "9" * 30 + ', "moves": []', "game.json: 'seed' must be at most "
     "9223372036854775807 (got " + "9" * 30 + ")"),
    ('"seed": -1e300, "moves": []', "game.json: 'seed' must be at least -9223372036854775808"),
])
def test_a_number_out_of_range_is_a_record_error_at_its_place(tmp_path, capsys, monkeypatch,
                                                              body, said):
    from carcdsl.cli.main import main

    _record_text(tmp_path, body)
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "game.json"]) == 1
    out, err = capsys.readouterr()
    assert err.startswith("carcdsl: " + said) and err.count("\n") == 1, err
    assert "internal error" not in err and len(err) < 300


def test_a_seed_beyond_the_range_is_refused_by_the_api_and_by_play(capsys):
    from carcdsl.cli.main import main
    from carcdsl.errors import RecordError
    from carcdsl.formats.record import SEED_MAX, Record

    assert Record("base", (), ("A", "B"), SEED_MAX, ()).seed == SEED_MAX
    for seed in (SEED_MAX + 1, 10**5000, True, 1.0):
        with pytest.raises(RecordError, match=r"'seed' must be a whole number"):
            Record("base", (), ("A", "B"), seed, ())
    with pytest.raises(RecordError, match=r"^<record>: 'seed' is a number of 5001 digits"):
        parse_record({"format": "carcdsl-record/1", "rules": "base", "players": 2,
                      "seed": 10**5000, "moves": []})
    with pytest.raises(RecordError, match=r"'seed' must be at most \d+ \(got ~10\^40\)"):
        parse_record({"format": "carcdsl-record/1", "rules": "base", "players": 2,
                      "seed": 10**40, "moves": []})
    assert main(["play", "base", "--seed", str(SEED_MAX + 1), "--quiet"]) == 1
    assert "--seed must be a whole number from" in capsys.readouterr().err


# --- 5. record paths stay in the record's folder ------------------------------------------------

SECRET = "secret-line-that-must-never-be-quoted"


def _outside_setup(tmp_path):
    """tmp_path/outside.carc (not a rule file: it holds a secret), tmp_path/game/ the record's
    folder with a rule file, a subfolder and a link that leads out."""
    (tmp_path / "outside.carc").write_text(SECRET + "\n", encoding="utf-8")
    folder = tmp_path / "game"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "minus.carc").write_text(
        "variant minus for base\noverride feature road { score final = tiles + -1 }\n",
        encoding="utf-8")
    (folder / "link.carc").symlink_to(tmp_path / "outside.carc")
    (folder / "sublink").symlink_to(tmp_path)
    return folder


def _write(folder, rules="base", variants=()):
    path = folder / "game.json"
    path.write_text(json.dumps({"format": "carcdsl-record/1", "rules": rules,
                                "variants": list(variants), "players": 2, "moves": []}),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize(("rules", "variants", "said"), [
    ("/etc/passwd", (), "'rules' must be a bundled name or a path relative to the record's "
                        "folder, not an absolute path (got \"/etc/passwd\")"),
    ("../outside.carc", (), "'rules' leads out of the record's folder (got \"../outside.carc\")"),
    ("sub/../../outside.carc", (), "'rules' leads out of the record's folder"),
    ("link.carc", (), "'rules' leads out of the record's folder (got \"link.carc\")"),
    ("sublink/outside.carc", (), "'rules' leads out of the record's folder"),
    ("base", ("farmers", "../outside.carc"), "'variants[1]' leads out of the record's folder"),
    ("base", ("/etc/passwd:x=1",), "'variants[0]' must be a bundled name or a path relative"),
    ("../outside.carc:width=3", (), "'rules' leads out of the record's folder"),
])
def test_a_record_names_no_file_outside_its_folder(tmp_path, capsys, rules, variants, said):
    from carcdsl.cli.main import main

    record = _write(_outside_setup(tmp_path), rules, variants)
    for lang in ("en", "nl"):
        assert main(["replay", str(record), "--lang", lang]) == 1
        out, err = capsys.readouterr()
        assert err.count("\n") == 1 and SECRET not in err and "root:" not in err, err
        if lang == "en":
            assert err.startswith(f"carcdsl: {record}: {said}"), err
        else:
            assert "map van het verslag" in err, err


@pytest.mark.parametrize(("rules", "variants", "said"), [
    ("a\0b.carc", (), "'rules' names no file there can be (got \"a\\u0000b.carc\"): a NUL "
                       "character in the name"),
    ("\ud800.carc", (), "'rules' names no file there can be (got \"\\ud800.carc\"): a lone "
                         "surrogate in the name"),
    ("\ud800", (), "'rules' names no file there can be"),
    ("ba\0se", (), "'rules' names no file there can be"),
    ("base", ("farmers", "x\0:y=1"), "'variants[1]' names no file there can be"),
    ("base", ("\udcff.carc",), "'variants[0]' names no file there can be"),
    ("loop.carc", (), "'rules' names no file there can be (got \"loop.carc\"): too many "
                      "symbolic links"),
])
def test_a_name_no_file_can_have_is_one_message_at_its_json_path(tmp_path, capsys, rules,
                                                                 variants, said):
    from carcdsl.cli.main import main

    folder = _outside_setup(tmp_path)
    (folder / "loop.carc").symlink_to("loop.carc")
    record = _write(folder, rules, variants)
    for command in ("replay", "render"):
        extra = ["--move", "0", str(tmp_path / "b.svg")] if command == "render" else []
        assert main([command, str(record), *extra]) == 1
        out, err = capsys.readouterr()
        assert err.startswith(f"carcdsl: {record}: {said}"), err
        assert err.count("\n") == 1 and "internal error" not in err
    assert not (tmp_path / "b.svg").exists()


@pytest.mark.parametrize(("rules", "variants"), [
    ("base", ("farmers", "sub/minus.carc")), ("maps-germany:areas=3", ()),
    ("base", ("sub/../sub/minus.carc",)), ("base", ("./sub/minus.carc",)),
])
def test_bundled_names_and_files_below_the_record_replay(tmp_path, rules, variants):
    from carcdsl.formats.record import load_record

    record = _write(_outside_setup(tmp_path), rules, variants)
    assert replay(load_record(record)).moves == []


def test_a_record_built_in_python_names_files_below_the_working_directory(tmp_path,
                                                                          monkeypatch):
    from carcdsl.errors import RecordError

    folder = _outside_setup(tmp_path)
    monkeypatch.chdir(folder)
    data = {"format": "carcdsl-record/1", "rules": "base", "players": 2, "moves": []}
    assert replay(parse_record({**data, "variants": ["sub/minus.carc"]})).moves == []
    for outside, said in ((str(tmp_path / "outside.carc"), "must be a bundled name"),
                          ("../outside.carc", "leads out")):
        with pytest.raises(RecordError, match=rf"'variants\[0\]' {said}") as info:
            replay(parse_record({**data, "variants": [outside]}))
        assert SECRET not in str(info.value)


def test_play_refuses_a_record_that_could_not_name_its_rules_before_playing(tmp_path, capsys):
    from carcdsl.cli.main import main

    folder = _outside_setup(tmp_path)
    record = folder / "sub" / "game.json"
    rules = tmp_path / "rules.carc"
    rules.write_bytes((Path(__file__).parent / "data" / "maps" / "corner.carc").read_bytes())
    assert main(["play", str(rules), "--seed", "2", "--record", str(record)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and not record.exists()
    assert err == (f"carcdsl: {record}: 'rules' leads out of the record's folder (got "
                   "\"../../rules.carc\"): a record names bundled rule sets and files in its "
                   "own folder or below it\n")
    # the same game recorded next to the rules, or above them: written, and it replays
    for place in (tmp_path / "game.json", tmp_path / "rules-game.json"):
        assert main(["play", str(rules), "--seed", "2", "-q", "--record", str(place)]) == 0
        assert main(["replay", str(place), "--json"]) == 0


# --- 1. the rules digest -----------------------------------------------------------------------

def _base_copy(folder: Path, change: tuple[str, str] | None = None) -> Path:
    from carcdsl.lang.sources import bundled_names

    text = bundled_names()["base"].read_text(encoding="utf-8")
    if change is not None:
        assert change[0] in text
        text = text.replace(change[0], change[1], 1)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "mybase.carc"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_digest_is_of_what_the_rules_say_not_where_or_how_they_are_written(tmp_path):
    from carcdsl.formats.digest import rules_digest

    bundled = rules_digest(carcdsl.load("base", ["farmers"]).rules)
    assert bundled.startswith("sha256:") and len(bundled) == 7 + 64
    # elsewhere, with a comment and blank lines added: the same rules, the same digest
    copy = _base_copy(tmp_path / "a" / "b", ("\nlandmark village\n",
                                            "\n# a comment\n\n\nlandmark   village  \n"))
    assert rules_digest(carcdsl.load(str(copy), ["farmers"]).rules) == bundled
    # how pictures draw a kind is no rule: a colour or a look, given or not, changes nothing
    painted = _base_copy(tmp_path / "d", ('colour "#c98f4a"', "colour steelblue"))
    assert rules_digest(carcdsl.load(str(painted), ["farmers"]).rules) == bundled
    bare = _base_copy(tmp_path / "e", ("    look walls\n", ""))
    assert rules_digest(carcdsl.load(str(bare), ["farmers"]).rules) == bundled
    # rules, variants and parameters each change it
    changed = _base_copy(tmp_path / "c", ("score complete = 2 * tiles + 2 * pennants",
                                          "score complete = 2 * tiles + 3 * pennants"))
    assert rules_digest(carcdsl.load(str(changed), ["farmers"]).rules) != bundled
    assert rules_digest(carcdsl.load("base").rules) != bundled
    assert (rules_digest(carcdsl.load("base", ["table-edge:width=5"]).rules)
            != rules_digest(carcdsl.load("base", ["table-edge:width=7"]).rules))


def test_a_record_carries_the_digest_and_replays_only_against_the_same_rules(tmp_path,
                                                                            capsys):
    from carcdsl.cli.main import main
    from carcdsl.formats.digest import rules_digest

    rules = _base_copy(tmp_path)
    record = tmp_path / "game.json"
    assert main(["play", str(rules), "--seed", "3", "-q", "--record", str(record)]) == 0
    written = json.loads(record.read_text(encoding="utf-8"))
    recorded = written["rules_digest"]
    assert recorded == rules_digest(carcdsl.load(str(rules)).rules)
    assert list(written)[-1] == "rules_digest"  # after the spec's keys
    assert main(["replay", str(record), "--json"]) == 0
    capsys.readouterr()
    # one score changed in the rule file: the record no longer replays, and says why
    _base_copy(tmp_path, ("score complete = 2 * tiles + 2 * pennants",
                          "score complete = 2 * tiles + 3 * pennants"))
    now = rules_digest(carcdsl.load(str(rules)).rules)
    assert main(["replay", str(record)]) == 1
    err = capsys.readouterr().err
    assert err == (f"carcdsl: {record}: the rules have changed since the record was written: "
                   f"it was played with rules {recorded}, they load now as {now}\n")
    assert main(["replay", str(record), "--lang", "nl"]) == 1
    assert recorded in capsys.readouterr().err
    # without the digest it replays as before
    del written["rules_digest"]
    record.write_text(json.dumps(written), encoding="utf-8")
    assert main(["replay", str(record), "--json"]) == 0


def test_record_of_includes_the_digest_and_the_schema_checks_its_form(base):
    from carcdsl.errors import RecordError
    from carcdsl.formats.digest import rules_digest

    state = base.new_game(["Ann", "Bob"], seed=7)
    state.play(state.legal_moves()[0])
    record = carcdsl.record_of(state)
    assert record.rules_digest == rules_digest(base.rules)
    assert parse_record(record.to_json()) == record
    with pytest.raises(RecordError, match=r"'rules_digest' must be \"sha256:\" and 64 hex"):
        parse_record({**record.to_json(), "rules_digest": "md5:abc"})


# --- 2. a game in progress survives ------------------------------------------------------------

def _answers(monkeypatch, *answers):
    """The person at the terminal answers these, then (a str) types it forever or (an
    exception) raises it."""
    queue = list(answers)

    def ask(prompt=""):
        answer = queue.pop(0) if len(queue) > 1 else queue[0]
        if isinstance(answer, BaseException):
            raise answer
        return answer
    monkeypatch.setattr("builtins.input", ask)


@pytest.mark.parametrize(("stop", "status", "said"), [
    ("q", 1, "the game was abandoned"),
    (EOFError(), 1, "no more input: the game was abandoned"),
    (KeyboardInterrupt(), 130, "interrupted"),
])
def test_a_person_who_stops_leaves_the_game_so_far_in_the_record(tmp_path, capsys,
                                                                 monkeypatch, stop, status,
                                                                 said):
    from carcdsl.cli.main import main
    from carcdsl.formats.record import load_record

    record = tmp_path / "g.json"
    _answers(monkeypatch, "0", "0", stop)
    assert main(["play", "base", "--bot", "human", "--bot", "random", "--seed", "4",
                 "--record", str(record)]) == status
    err = capsys.readouterr().err
    assert err == (f"carcdsl: {said}; the game so far is saved in {record} (carcdsl play "
                   f"--resume {record} goes on)\n")
    saved = load_record(record)
    assert len(saved.moves) >= 4 and saved.seed == 4 and saved.rules_digest is not None
    assert not replay(saved).finished
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]  # no temporary file left
    # and it goes on: the same rules, players and seed; bots for every seat by default
    assert main(["play", "--resume", str(record), "--quiet"]) == 0
    done = load_record(record)
    assert done.moves[:len(saved.moves)] == saved.moves and replay(done).finished


class _ClosingOutput(io.StringIO):
    """A stdout whose reader goes away after ``lines`` lines."""

    def __init__(self, lines: int):
        super().__init__()
        self.left = lines

    def write(self, text: str) -> int:
        self.left -= text.count("\n")
        if self.left < 0:
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)


def test_a_log_whose_reader_goes_away_leaves_the_game_so_far(tmp_path, capsys, monkeypatch):
    from carcdsl.cli.main import main
    from carcdsl.formats.record import load_record

    record = tmp_path / "g.json"
    monkeypatch.setattr("sys.stdout", _ClosingOutput(6))
    assert main(["play", "base", "--seed", "5", "--record", str(record)]) == 1
    err = capsys.readouterr().err
    assert err == (f"carcdsl: the output was closed; the game so far is saved in {record} "
                   f"(carcdsl play --resume {record} goes on)\n")
    assert 1 <= len(load_record(record).moves) < 10


def test_play_piped_into_head_saves_the_game_so_far(tmp_path):
    import subprocess
    import sys

    record = tmp_path / "g.json"
    with subprocess.Popen([sys.executable, "-m", "carcdsl", "play", "base", "--seed", "5",
                           "--record", str(record)], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        for _ in range(4):
            proc.stdout.readline()
        proc.stdout.close()  # `| head -4`
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=60) == 1
    assert "the output was closed; the game so far is saved in" in err
    assert "Traceback" not in err and err.count("\n") == 1
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["seed"] == 5 and saved["moves"]


@pytest.mark.parametrize("signum, status, name", [(15, 143, "SIGTERM"), (1, 129, "SIGHUP")])
def test_a_terminate_or_a_hangup_saves_the_game_so_far_as_ctrl_c_does(tmp_path, signum,
                                                                      status, name):
    import os
    import subprocess
    import sys

    from carcdsl.cli.main import main

    record = tmp_path / "g.json"
    with subprocess.Popen([sys.executable, "-m", "carcdsl", "play", "base", "--seed", "5",
                           "--bot", "random", "--bot", "human", "--record", str(record)],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        seen = b""
        while b"q to quit" not in seen:  # the person's turn: the game waits for a move
            chunk = os.read(proc.stdout.fileno(), 4096)
            assert chunk, seen
            seen += chunk
        proc.send_signal(signum)
        _out, err_bytes = proc.communicate(timeout=60)  # both pipes read: neither fills up
        err = err_bytes.decode()
        assert proc.returncode == status
    assert err == (f"carcdsl: ended by {name}; the game so far is saved in {record} "
                   f"(carcdsl play --resume {record} goes on)\n")
    assert main(["replay", str(record), "--json"]) == 0
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["seed"] == 5 and len(saved["moves"]) == 1


def test_resume_writes_to_record_with_rule_paths_relative_to_it(tmp_path, capsys,
                                                                monkeypatch):
    from carcdsl.cli.main import main
    from carcdsl.formats.record import load_record

    rules = _base_copy(tmp_path / "rules")
    first = tmp_path / "g.json"
    _answers(monkeypatch, "q")
    assert main(["play", str(rules), "--bot", "random", "--bot", "human", "--seed", "6",
                 "--names", "Ann,Bob", "--record", str(first)]) == 1
    assert json.loads(first.read_text(encoding="utf-8"))["rules"] == "rules/mybase.carc"
    capsys.readouterr()
    monkeypatch.chdir(tmp_path / "rules")  # elsewhere: the record's paths still hold
    other = tmp_path / "rules" / "done.json"
    assert main(["play", "--resume", str(first), "--bot", "greedy", "--record",
                 str(other)]) == 0
    out = capsys.readouterr().out
    assert f"resumed from {other} after 1 moves" in out and "set-up" not in out
    written = json.loads(other.read_text(encoding="utf-8"))
    assert written["rules"] == "mybase.carc" and written["players"] == ["Ann", "Bob"]
    assert replay(load_record(other)).finished
    assert main(["play", "--resume", str(other)]) == 1
    assert "is over: there is nothing to resume" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "said"), [
    (["play", "--resume", "g.json", "base"], "give no RULES"),
    (["play", "--resume", "g.json", "--seed", "3"], "give no --seed"),
    (["play", "--resume", "g.json", "--games", "3"], "give no --games"),
    (["play"], "play needs RULES, or --resume RECORD"),
])
def test_resume_takes_its_rules_players_and_seed_from_the_record(capsys, argv, said):
    from carcdsl.cli.main import main

    assert main(argv) == 1
    assert said in capsys.readouterr().err
