"""Fuzzing: mutated rule files, mutated records and random moves meet only carcdsl's own
errors, in bounded time, and an illegal move leaves the state exactly as it was.

CI runs 1,000 cases a test (3,000 in all); ``CARCDSL_FUZZ_EXAMPLES=20000 python -m pytest
tests/test_fuzz.py`` runs a longer campaign (the count is per test).
"""

from __future__ import annotations

import copy
import json
import os
import random
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import carcdsl
from carcdsl.errors import CarcError
from carcdsl.formats.record import load_record, record_of
from carcdsl.lang.sources import bundled_names
from carcdsl.pipeline import check_files
from carcdsl.replay import replay

EXAMPLES = int(os.environ.get("CARCDSL_FUZZ_EXAMPLES", "1000"))
HANG_GUARD = 30.0
"""Seconds one case may take before it counts as a hang (no case comes near it)."""
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])

RULES = {name: bundled_names()[name].read_text(encoding="utf-8")
         for name in ("base", "pnp-demo", "maps-germany", "nuts", "farmers", "hand-of-three")}
TOKENS = ["{", "}", ";", ":", "->", "-", "=", "*", "+", "(", ")", "\"", "#", "\n", " ", "0",
          "-1", "99999999999999999999", "feature", "tile", "score", "extends", "with", "variant",
          "override", "remove", "board", "map", "legend", "on place", "tokens", "N", "NNE",
          "city", "road", "field", "if", "then", "else", "completed(", "markers(", "é", "\t"]


@st.composite
def mutated_text(draw) -> tuple[str, str]:
    """A bundled rule file with a few random edits: deletions, insertions of tokens,
    duplicated or swapped lines."""
    name = draw(st.sampled_from(sorted(RULES)))
    text = RULES[name]
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["delete", "insert", "line", "swap"]))
        if kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)):]
        elif kind == "insert":
            text = text[:at] + draw(st.sampled_from(TOKENS)) + text[at:]
        else:
            lines = text.split("\n")
            i, j = (draw(st.integers(0, len(lines) - 1)) for _ in range(2))
            if kind == "line":
                lines.insert(j, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    return name, text


@FUZZ
@given(case=mutated_text())
def test_a_mutated_rule_file_is_checked_or_refused(tmp_path_factory, case):
    name, text = case
    folder = tmp_path_factory.mktemp("rules")
    path = folder / f"{name}.carc"
    path.write_text(text, encoding="utf-8")
    started = time.monotonic()
    try:
        rules, found, _ = check_files(str(path))
        if rules is not None and not any(d.is_error for d in found):
            game = carcdsl.load(path)
            state = game.new_game(players=game.tables.modes.players[0], seed=1)
            rng = random.Random(1)
            for _ in range(10):
                if state.finished or state.out_of_tiles():
                    break
                state.apply_fast(*state.sample_move(rng))
    except CarcError:
        pass
    assert time.monotonic() - started < HANG_GUARD


def _record_bases() -> list[dict]:
    """Records of short games of every bundled rule set, to mutate."""
    out = []
    for rules, variants in (("base", ["farmers"]), ("maps-germany", []), ("nuts", []),
                            ("base", ["hand-of-three"]), ("base", ["bag"])):
        state = carcdsl.load(rules, variants).new_game(players=2, seed=3)
        rng = random.Random(3)
        for _ in range(8):
            state.apply_fast(*state.sample_move(rng))
        out.append(record_of(state).to_json())
    return out


RECORDS = _record_bases()
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.just(10**4400), st.just(-(10**5000)),
    st.floats(allow_nan=True), st.text(max_size=30), st.just("../../../../etc/passwd"),
    st.just("/etc/passwd"), st.lists(st.integers(-5, 5), max_size=4),
    st.dictionaries(st.sampled_from(["tile", "at", "rotation", "follower", "discard", "x"]),
                    st.integers(-3, 3), max_size=3))


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*prefix, i))


def _dumps(data) -> str:
    """JSON text, even with integers longer than Python converts by default."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(data)
    finally:
        sys.set_int_max_str_digits(limit)


@FUZZ
@given(base=st.sampled_from(range(len(RECORDS))), data=st.data())
def test_a_mutated_record_replays_or_is_refused(tmp_path_factory, base, data):
    record = copy.deepcopy(RECORDS[base])
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(record) if p]
        path = data.draw(st.sampled_from(paths))
        parent = record
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            parent.pop(path[-1], None)
        else:
            parent[path[-1]] = data.draw(VALUES)
    file = tmp_path_factory.mktemp("records") / "game.json"
    file.write_text(_dumps(record), encoding="utf-8")
    started = time.monotonic()
    try:
        replay(load_record(file))
    except CarcError as exc:
        assert "root:" not in str(exc)  # never a line of a file that is not a rule file
    assert time.monotonic() - started < HANG_GUARD


GAMES = {name: carcdsl.load(*spec) for name, spec in {
    "base": ("base", ["farmers"]), "maps": ("maps-germany", []), "nuts": ("nuts", [])}.items()}


def _snapshot(state: carcdsl.State) -> dict:
    def plain(value):
        return value.getstate() if isinstance(value, random.Random) else copy.deepcopy(value)
    return {(part, name): plain(getattr(getattr(state, part), name))
            for part in ("grid", "features", "supply", "seats", "tokens", "log")
            for name in type(getattr(state, part)).__slots__}


COORD = st.one_of(st.integers(-4, 4), st.integers(-2**40, 2**40), st.floats(-4, 4),
                  st.booleans())
MOVE = st.tuples(
    st.one_of(st.none(), st.sampled_from(["A", "D", "U", "V", "X", "Z9", "", "C"])),
    st.tuples(COORD, COORD),
    st.sampled_from([0, 90, 180, 270, 45, -90, 90.0, True]),
    st.one_of(st.none(), st.tuples(
        st.sampled_from(["city", "road", "field", "monastery", "nope", "", "city:N"]),
        st.sampled_from([None, "N", "E", "S", "W", "NNE", "SSW", "Q"]),
        st.sampled_from([None, "meeple", "knight", "monk", "farmer", "abbot", ""]))))


def _placement(tile, at, rotation, follower) -> carcdsl.Placement:
    """A move made from raw values: what the record format cannot hold is refused here."""
    spec = carcdsl.FollowerSpec(*follower) if follower is not None else None
    return carcdsl.Placement(tile, at, rotation, spec)


@FUZZ
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 50), moves=st.integers(0, 30),
       tries=st.lists(MOVE, min_size=1, max_size=8), live=st.booleans())
def test_random_moves_are_played_or_refused_and_a_refusal_changes_nothing(
        name, seed, moves, tries, live):
    state = GAMES[name].new_game(players=2, seed=seed, auto_discard=live)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.finished or state.out_of_tiles():
            break
        move = state.sample_move(rng)
        if move is None:  # the caller draws: a tile that fits nowhere is discarded by a move
            state.play(carcdsl.Discard(state.drawn))
        else:
            state.apply_fast(*move)
    for raw in tries:
        try:
            move = _placement(*raw)
        except carcdsl.IllegalMoveError:
            continue  # refused when made: no state ever sees it
        before = _snapshot(state)
        try:
            state.play(move)
        except carcdsl.IllegalMoveError:
            assert _snapshot(state) == before
        if state.finished:
            break


@pytest.mark.parametrize("path", [Path("/etc/passwd"), Path("/dev/null")])
def test_fuzz_inputs_outside_rule_files_are_refused(path):
    if not path.exists():
        pytest.skip(f"{path} is not on this machine")
    with pytest.raises(CarcError):
        carcdsl.load(path)


# --- the reliability campaign's kinds of input (issue 31): links, NULs, surrogates, FIFOs -----

BAD_NAMES = ["a\0b.carc", "\ud800.carc", "\ud800", "x\0", "\udcff.json"]
"""Names no file can have (a NUL; a lone surrogate, which no UTF-8 name encodes), and one a
name can (a surrogate escape stands for a byte)."""


def _cli(argv: list[str], capsys) -> tuple[int, str, str]:
    """Run the command line here, its output in strings: a process's stderr writes a lone
    surrogate as ``\\ud800`` (backslashreplace), which pytest's capture would refuse."""
    import contextlib
    import io

    from carcdsl.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    capsys.readouterr()
    return code, out.getvalue(), err.getvalue()


def _one_clean_message(code: int, out: str, err: str) -> None:
    """A refusal: exit 1, no traceback, no internal error; the message on stderr is one line
    (check and fmt print their diagnostics on stdout)."""
    assert code == 1, (out, err)
    assert "Traceback" not in out + err and "internal error" not in out + err, err
    assert err.count("\n") <= 1, err


def _record(folder: Path) -> Path:
    from carcdsl.cli.main import main

    record = folder / "game.json"
    assert main(["play", "base", "--seed", "3", "--quiet", "--record", str(record)]) == 0
    return record


PATH_FIELDS = {
    "check FILE": lambda bad, rec: ["check", bad],
    "export FILE": lambda bad, rec: ["export", bad],
    "explain FILE": lambda bad, rec: ["explain", bad],
    "fmt FILE": lambda bad, rec: ["fmt", "--check", bad],
    "--variant": lambda bad, rec: ["check", "base", "--variant", bad],
    "--allow-path": lambda bad, rec: ["check", "base", "--allow-path", bad],
    "play RULES": lambda bad, rec: ["play", bad, "--quiet"],
    "play --resume": lambda bad, rec: ["play", "--resume", bad],
    "play --record": lambda bad, rec: ["play", "base", "--quiet", "--record", bad],
    "play --names": lambda bad, rec: ["play", "base", "--quiet", "--names", f"{bad},B"],
    "play --bot": lambda bad, rec: ["play", "base", "--quiet", "--bot", bad],
    "replay RECORD": lambda bad, rec: ["replay", bad],
    "render RULES": lambda bad, rec: ["render", bad, "--tiles", "x.svg"],
    "render --tiles": lambda bad, rec: ["render", "base", "--tiles", bad + ".svg"],
    "render --move": lambda bad, rec: ["render", rec, "--move", "1", bad + ".svg"],
    "render --all": lambda bad, rec: ["render", rec, "--all", bad],
    "simulate RULES": lambda bad, rec: ["simulate", bad, "--games", "2", "--jobs", "1"],
    "simulate --csv": lambda bad, rec: ["simulate", "base", "--games", "2", "--jobs", "1",
                                        "--csv", bad],
    "simulate --compare": lambda bad, rec: ["simulate", "base", "--games", "2", "--jobs",
                                            "1", "--compare", bad],
    "tournament --bot": lambda bad, rec: ["tournament", "base", "--bot", bad, "--bot",
                                          "random", "--games", "2", "--jobs", "1"],
}


@pytest.mark.parametrize("field", sorted(PATH_FIELDS))
def test_a_nul_or_a_surrogate_in_any_path_or_name_field_is_one_message(tmp_path, capsys,
                                                                      monkeypatch, field):
    record = str(_record(tmp_path))
    monkeypatch.chdir(tmp_path)
    for bad in BAD_NAMES:
        code, out, err = _cli(PATH_FIELDS[field](bad, record), capsys)
        if code == 0 and (field == "play --names" or bad.startswith("\udcff")):
            continue  # a person's name may be any text; a surrogate escape is a byte
        _one_clean_message(code, out, err)


@pytest.mark.parametrize("line", ['rules t\nextends "{link}"\n',
                                  'variant t for base\nwith "{link}"\n',
                                  'variant t for "{link}"\n'])
@pytest.mark.parametrize("link", ["self.carc", "outside.carc", "dir/x.carc", "chain.carc"])
def test_links_that_loop_or_lead_out_are_e004_at_their_place(tmp_path, capsys, line, link):
    folder = tmp_path / "project"
    folder.mkdir()
    (tmp_path / "secret.carc").write_text("rules secret\nhidden-line\n", encoding="utf-8")
    (folder / "self.carc").symlink_to("self.carc")
    (folder / "outside.carc").symlink_to(tmp_path / "secret.carc")
    (folder / "dir").symlink_to("dir")
    (folder / "chain.carc").symlink_to("chain2.carc")
    (folder / "chain2.carc").symlink_to("chain.carc")
    (folder / "t.carc").write_text(line.format(link=link), encoding="utf-8")
    code, out, err = _cli(["check", str(folder / "t.carc")], capsys)
    _one_clean_message(code, out, err)
    assert "error[E004]" in out and "hidden-line" not in out
    code, out, err = _cli(["check", str(folder / link)], capsys)
    _one_clean_message(code, out, err)


OUTPUTS = {
    "simulate --csv": lambda target, rec: ["simulate", "base", "--games", "2", "--jobs", "1",
                                           "--csv", target],
    "simulate --html": lambda target, rec: ["simulate", "base", "--games", "2", "--jobs", "1",
                                            "--html", target],
    "simulate --parquet": lambda target, rec: ["simulate", "base", "--games", "2", "--jobs",
                                               "1", "--parquet", target],
    "render --tiles": lambda target, rec: ["render", "base", "--tiles", target],
    "render --move": lambda target, rec: ["render", rec, "--move", "1", target],
}


@pytest.mark.parametrize("how", ["fifo", "link to a fifo", "link loop"])
@pytest.mark.parametrize("option", sorted(OUTPUTS))
def test_every_output_option_leaves_a_fifo_or_a_link_as_it_was(tmp_path, capsys, option, how):
    import stat

    if option.endswith("--parquet"):
        pytest.importorskip("pyarrow")
    if option.endswith("--html"):
        pytest.importorskip("matplotlib")
    record = str(_record(tmp_path))
    suffix = {"--csv": ".csv", "--html": ".html", "--parquet": ".parquet"}.get(
        option.split()[-1], ".svg")
    target = tmp_path / f"out{suffix}"
    if how == "fifo":
        os.mkfifo(target)
    elif how == "link to a fifo":
        os.mkfifo(tmp_path / "pipe")
        target.symlink_to(tmp_path / "pipe")
    else:
        target.symlink_to(target.name)
    code, out, err = _cli(OUTPUTS[option](str(target), record), capsys)
    _one_clean_message(code, out, err)
    assert str(target) in err
    if how == "link loop":
        assert os.readlink(target) == target.name
    else:
        assert stat.S_ISFIFO(os.stat(target).st_mode)


def test_a_record_into_a_fifo_is_written_through_it_and_the_fifo_stays(tmp_path):
    import stat
    import threading

    from carcdsl.cli.main import main

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    assert main(["play", "base", "--seed", "3", "--quiet", "--record", str(fifo)]) == 0
    reader.join(timeout=60)
    assert json.loads(got[0])["seed"] == 3 and stat.S_ISFIFO(os.stat(fifo).st_mode)
