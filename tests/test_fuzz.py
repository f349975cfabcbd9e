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
