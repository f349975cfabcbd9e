"""The fan spin-off (seed 004) and rules in other languages (seed 001)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import carcdsl
from carcdsl.bots.builtin import random_bot
from carcdsl.check.checker import check
from carcdsl.cli.main import main
from carcdsl.cli.tell import tell
from carcdsl.engine.moves import Discard, Placement
from carcdsl.errors import IllegalMoveError, RecordError
from carcdsl.formats.record import parse_record, record_of, replay_output
from carcdsl.geometry.squares import to_key
from carcdsl.i18n.words import Words
from carcdsl.pipeline import compose
from carcdsl.replay import replay


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


NUTS_TEXT = (Path(__file__).resolve().parent.parent / "rules" / "nuts.carc").read_text("utf-8")


def test_check_gives_exactly_the_expected_warning():
    rules, found, _ = compose("nuts")
    found = found + check(rules)
    declared = next(i for i, line in enumerate(NUTS_TEXT.split("\n"), 1)
                    if line.strip().startswith("tiles 91"))
    assert [(d.code, d.severity, d.loc.line) for d in found] == [("W122", "warning", declared)]
    assert "91" in found[0].message and "73" in found[0].message


def test_the_vocabulary_is_the_files_own():
    rules, _, _ = compose("nuts")
    assert {k.name for k in rules.kinds} == {
        "path", "forest", "grassland", "chestnut", "hazelnut", "walnut"}
    assert rules.game.follower == "squirrel" and rules.game.score_marker == "magpie"
    assert len(rules.open_points) >= 2 and rules.notes[0][0] == "ro"


@pytest.mark.parametrize("seats,squirrels", [(2, 45), (3, 30), (4, 15), (5, 15), (6, 15)])
def test_squirrels_by_player_count(seats, squirrels):
    game = carcdsl.load("nuts")
    state = game.new_game(seats, seed=seats)
    assert state.supply_followers == [squirrels] * seats


def test_nut_tokens_at_set_up():
    game = carcdsl.load("nuts")
    state = game.new_game(4, seed=1)
    assert state.tokens.held == [[1, 1, 1, 1]]
    on_start = sum(sum(v) for v in state.features.tokens.values())
    assert on_start == 4  # one on each side of the start tile
    assert state.tokens.supply == [80 - 4 - 4]


def test_the_game_ends_when_a_tile_cannot_be_placed():
    game = carcdsl.load("nuts")
    ended_early = 0
    for seed in range(25):
        state = game.new_game(2, seed=seed)
        bot = random_bot(random.Random(seed))
        while not state.finished:
            state.apply_fast(*bot(state))
        discards = [m for m in state.moves if isinstance(m, Discard)]
        reason = state.end_reason
        if state.supply.pile:  # a drawn tile fits nowhere: it is the last move, and ends the game
            ended_early += 1
            assert discards == [state.moves[-1]] and reason.why == "tile-unplaceable"
            assert reason.tile == discards[0].tile and reason.move == len(state.moves) - 1
            assert reason.player == state.player
        else:
            assert discards == [] and reason.why == "supply-empty"
        again = replay(parse_record(record_of(state).to_json()))
        assert again.scores == state.scores and again.finished
        assert again.events == state.events and again.end_reason == reason
    assert ended_early  # some games end with tiles left, when a drawn tile fits nowhere


def test_a_discard_ends_the_game_and_nothing_may_follow():
    """A record's discard under ``end tile-unplaceable`` ends the game with final scoring;
    a move after it is rejected (rule game-over)."""
    moves = [{"tile": "H", "at": [0, 1], "rotation": 0, "follower": "forest:E"},
             {"tile": "W", "at": [0, 2], "rotation": 0},
             {"discard": "B"},
             {"tile": "K", "at": [1, 1], "rotation": 0}]
    record = {"format": "carcdsl-record/1", "rules": "nuts", "players": ["Ann", "Bob", "Cy"],
              "seed": 73, "moves": moves}
    with pytest.raises(RecordError, match=r"move 3 .*already over.*\[rule: game-over\]"):
        replay(parse_record(record))
    state = replay(parse_record({**record, "moves": moves[:3]}))
    assert state.finished and state.end_reason.why == "tile-unplaceable"
    assert (state.end_reason.tile, state.end_reason.player) == ("B", "Cy")
    assert [(e.player, e.when) for e in state.events] == [("Ann", "final")]
    with pytest.raises(IllegalMoveError) as info:
        state.play(Placement("K", (1, 1), 0))
    assert info.value.rule == "game-over"


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_proposal_moves_nuts_and_scores_them(seats):
    game = carcdsl.load("nuts", ["nuts-proposal"])
    state = game.new_game(seats, seed=seats)
    bot = random_bot(random.Random(seats))
    while not state.finished:
        state.apply_fast(*bot(state))
    on_board = sum(sum(v) for v in state.features.tokens.values())
    held = sum(state.tokens.held[0])
    assert on_board + held + state.tokens.supply[0] == 80  # nuts are conserved
    nut_events = [e for e in state.events if e.feature == "nut"]
    assert sum(e.points for e in nut_events) == held  # 1 point per nut held
    assert held > seats  # scorers collected nuts beyond the one each got at set-up
    # the token events tell every movement: what was put out, who got what
    moved = state.token_events
    put = sum(e.count for e in moved if e.action in ("put", "given"))
    assert put == 80 - state.tokens.supply[0]
    got = [0] * seats
    for e in moved:
        if e.action in ("given", "collected"):
            got[e.seat] += e.count
    assert got == state.tokens.held[0]
    assert [(e.seat, e.count) for e in moved if e.action == "held"] == [
        (seat, n) for seat, n in enumerate(state.tokens.held[0]) if n]
    assert [e.move for e in moved] == sorted(e.move for e in moved)
    assert_token_events_in_true_order(state)
    again = replay(parse_record(record_of(state).to_json()))
    assert again.token_events == moved


def test_replay_shows_token_movements():
    """``replay --json`` lists them under ``tokens`` (only for rule sets with tokens); the
    text tells each where it happened: the nut put before the forest scores, Ann's
    collection right after, and the end before the nuts' final points."""
    record = {"format": "carcdsl-record/1", "rules": "nuts", "variants": ["nuts-proposal"],
              "players": ["Ann", "Bob"], "final": True,
              "moves": [{"tile": "E", "at": [0, -1], "rotation": 180,
                         "follower": "forest:S"}]}
    state = replay(parse_record(record))
    out = replay_output(state)
    assert out["tokens"] == [e.to_json() for e in state.token_events]
    assert [t["action"] for t in out["tokens"]] == ["put"] * 4 + ["given"] * 2 + [
        "put", "collected", "held", "held"]
    assert tell(state, Words(state.game.rules)) == [
        "  move 0: 1 nut put on the forest at (0, -1)",
        "  move 0: Ann: forest, 2 tiles × 2 = 4",
        "  move 0: Ann takes 2 nuts",
        "  final scoring with 71 tiles left",
        "  move 0: Ann: nut (final scoring), 3 nuts = 3",
        "  move 0: Bob: nut (final scoring), 1 nut = 1"]
    assert "tokens" not in replay_output(replay(parse_record({**record, "rules": "base",
                                                          "variants": [], "moves": []})))


def test_replay_tells_collections_of_the_final_scoring_after_the_end():
    game = carcdsl.load("nuts", ["nuts-proposal"])
    state = game.new_game(3, seed=2)
    bot = random_bot(random.Random(2))
    while not state.finished:
        state.apply_fast(*bot(state))
    assert_token_events_in_true_order(state)
    lines = tell(replay(parse_record(record_of(state).to_json()), game),
                 Words(game.rules))
    end = lines.index("  no tile left to play: the game ends")
    assert any("takes" in line for line in lines[end:])
    assert all("(final scoring)" not in line for line in lines[:end])
    puts = [i for i, line in enumerate(lines) if "put on" in line]
    assert puts and max(puts) < end


def assert_token_events_in_true_order(state):
    """Merged by ``events_before``, every token event sits where it happened: a nut put by
    a placement before that placement's scoring, a collection right after the scoring of
    its collector, and at the end every collection before the nuts' final points."""
    moved, events = state.token_events, state.events
    assert [e.events_before for e in moved] == sorted(e.events_before for e in moved)
    end = state.end_reason
    for e in moved:
        assert 0 <= e.events_before <= len(events)
        later = [s for s in events[e.events_before:] if s.move == e.move]
        if e.action == "put" and e.move >= 0:
            # nothing the same move scored comes before it
            assert all(s.move < e.move for s in events[:e.events_before])
        elif e.action == "collected":
            last = events[e.events_before - 1]
            assert last.move == e.move and last.feature == e.feature
            if e.move == end.move and moved.index(e) >= end.tokens_before:
                assert all(s.when == "final" and s.feature != "nut" for s in
                           events[end.events_before:e.events_before])
        elif e.action == "held":
            assert all(s.feature == "nut" and s.when == "final" for s in later)


def test_a_forest_tile_gets_a_nut_and_its_scorer_takes_it():
    game = carcdsl.load("nuts", ["nuts-proposal"])
    state = game.new_game(["Ann", "Bob"], seed=1, auto_discard=False)
    # the start tile's forest (north) has one nut from set-up; Ann closes it with E's forest
    # and takes it: her placed tile shows a forest, so a second nut lands on it first
    state.play(Placement("E", (0, -1), 180, carcdsl.FollowerSpec("forest", "S")))
    assert state.tokens.held[0] == [1 + 2, 1]
    assert to_key(0, -1) in state.board
    told = [(e.move, e.action, e.count, e.player, e.feature, e.at) for e in state.token_events]
    assert told == [
        (-1, "put", 1, None, "forest", (0, 0)), (-1, "put", 1, None, "path", (0, 0)),
        (-1, "put", 1, None, "grassland", (0, 0)), (-1, "put", 1, None, "path", (0, 0)),
        (-1, "given", 1, "Ann", None, None), (-1, "given", 1, "Bob", None, None),
        (0, "put", 1, None, "forest", (0, -1)),
        (0, "collected", 2, "Ann", "forest", (0, -1))]
    assert state.token_events[-1].to_json() == {
        "move": 0, "token": "nut", "count": 2, "action": "collected", "player": "Ann",
        "feature": "forest", "at": [0, -1], "events_before": 1}
    # the nut is put before the forest scores; Ann collects right after its scoring
    assert [e.events_before for e in state.token_events[-2:]] == [0, 1]
    state.finish()
    assert [(e.action, e.player, e.count) for e in state.token_events[-2:]] == [
        ("held", "Ann", 3), ("held", "Bob", 1)]
    # held before the nuts' final points
    assert [e.events_before for e in state.token_events[-2:]] == [1, 1]
    assert (state.end_reason.events_before, state.end_reason.tokens_before) == (1, 8)
    # the scoring list is unchanged: the forest, then the nuts' final points
    assert [(e.feature, e.when) for e in state.events] == [
        ("forest", "complete"), ("nut", "final"), ("nut", "final")]


def test_dutch_game_log(capsys):
    code, out = run(capsys, "play", "base", "--variant", "farmers", "--lang", "nl",
                    "--seed", "4", "--names", "Ann,Bob")
    assert code == 0
    for word in ("gedraaid", "struikrover op weg", "landtegels", "winnaar"):
        assert word in out
    assert "winner" not in out and "rotated" not in out


def test_dutch_replay_and_check(capsys):
    code, out = run(capsys, "replay", "tests/data/records/city-pennant.json", "--lang", "nl")
    assert code == 0 and "stad, 3 landtegels × 2 + 1 wapenschild × 2 = 8" in out
    code, out = run(capsys, "play", "pnp-demo", "--lang", "nl", "--seed", "1")
    assert code == 0 and "winnaar" in out
    code, out = run(capsys, "check", "nuts", "--lang", "nl")
    assert code == 0 and "waarschuwing[W122]" in out and "1 waarschuwing" in out


def test_json_output_keeps_the_rule_names(capsys):
    code, out = run(capsys, "replay", "tests/data/records/city-pennant.json", "--json")
    assert '"feature": "city"' in out and "3 tiles × 2 + 1 pennant × 2" in out


def test_missing_translations_fall_back_and_warn(tmp_path):
    text = 'rules t\nextends base\nnames de { city "Stadt" }\n'
    path = tmp_path / "t.carc"
    path.write_text(text, encoding="utf-8")
    rules, found, _ = compose(path)
    missing = [d for d in found + check(rules) if d.code == "W306"]
    assert any("'road'" in d.message for d in missing)
    assert not any("'city'" in d.message for d in missing)


def test_explain_lists_the_open_points(capsys):
    code, out = run(capsys, "explain", "nuts")
    assert code == 0
    assert "Open points" in out and "nut" in out and "(ro)" in out


@pytest.mark.parametrize(("players", "each"), [(2, 45), (3, 30), (4, 15), (5, 15), (6, 15)])
def test_the_log_tells_the_squirrels_each_player_has(capsys, players, each):
    assert main(["play", "nuts", "--players", str(players), "--seed", "1"]) == 0
    setup = capsys.readouterr().out.splitlines()[1]
    assert setup.rstrip().endswith(f"; {each} squirrels each")
