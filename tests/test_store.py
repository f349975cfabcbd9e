"""The browser app's games on disk (``carcdsl.web.store``): a game stored and rebuilt from its
moves plays on as it would have, two processes writing one file at once leave it whole, and
a file from a newer version is refused rather than misread."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import attrs
import pytest

from carcdsl.pipeline import load
from carcdsl.web import sessions
from carcdsl.web.store import SCHEMA_VERSION, Conflict, GameStore, StoredGame, StoreError


def _game(gid: str, moves: int = 0) -> StoredGame:
    return StoredGame(gid, "base", [], {}, 7, ["A", "B"], ["human", "greedy"], [1, 0],
                      [None, "tok"], [False, True], None, "tok", "Base",
                      [{"discard": f"T{i}"} for i in range(moves)], False, 1.0, 1.0)


def test_a_game_and_its_moves_come_back(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "games.sqlite3"  # folders made
    store = GameStore(path)
    store.add(_game("g1", 2))
    store.save_moves("g1", 2, [{"discard": "X"}], finished=False, expected=2)
    store.close()
    again = GameStore(path)
    found = again.get("g1")
    assert found is not None
    assert found.moves == [{"discard": "T0"}, {"discard": "T1"}, {"discard": "X"}]
    assert found.tokens == [None, "tok"] and found.seating == [1, 0] and not found.finished
    assert again.count("g1") == 3 and again.get("nope") is None
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    listed = again.listed()
    assert [g["id"] for g in listed] == ["g1"]
    assert listed[0]["players"] == ["B", "A"] and "tokens" not in listed[0]


def test_a_writer_that_saw_old_moves_is_refused(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "g.sqlite3")
    store.add(_game("g1", 1))
    with pytest.raises(Conflict):
        store.save_moves("g1", 1, [{"discard": "X"}], finished=False, expected=0)
    assert store.count("g1") == 1


def test_an_undo_is_kept_in_the_history(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "g.sqlite3")
    store.add(_game("g1", 3))
    store.save_moves("g1", 2, [], finished=False, undone=True)
    assert len(store.get("g1").moves) == 2
    assert [(what, n) for what, n, _ in store.history("g1")] == [
        ("move", 0), ("move", 1), ("move", 2), ("undo", 2)]


def test_seats_are_taken_once(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "g.sqlite3")
    store.add(_game("g1"))
    assert store.take_seat("g1") is None  # seat 1 taken, seat 0 a bot
    store.add(attrs.evolve(_game("g2"), taken=[False, False]))
    assert store.take_seat("g2", 0) is None  # a bot's
    assert store.take_seat("g2") == (1, "tok")
    assert store.take_seat("g2") is None


def test_a_newer_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    GameStore(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError) as found:
        GameStore(path)
    assert found.value.reason == "newer"


def _writer(path: str, who: int, games: int, moves: int) -> None:
    store = GameStore(path)
    for g in range(games):
        gid = f"w{who}-{g}"
        store.add(_game(gid))
        for n in range(moves):
            store.save_moves(gid, n, [{"discard": f"T{n}"}], finished=n == moves - 1,
                             expected=n)
    store.close()


def test_two_processes_writing_one_file_leave_it_whole(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.sqlite3")
    GameStore(path).close()
    spawn = multiprocessing.get_context("spawn")
    procs = [spawn.Process(target=_writer, args=(path, who, 10, 20)) for who in range(2)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(120)
        assert proc.exitcode == 0
    store = GameStore(path)
    assert store.check() == "ok"
    db = sqlite3.connect(path)
    assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 20
    assert db.execute("SELECT COUNT(*) FROM moves").fetchone()[0] == 20 * 20
    assert db.execute("SELECT COUNT(*) FROM games WHERE finished = 1 AND moves = 20"
                      ).fetchone()[0] == 20


@pytest.mark.parametrize("variants", [(), ("bag",), ("hand-of-three",)])
def test_a_rebuilt_game_plays_on_as_before(tmp_path: Path, variants: tuple[str, ...]) -> None:
    game = load("base", list(variants))
    store = GameStore(tmp_path / "g.sqlite3")
    live = sessions.new_game(game, ["A", "B", "C"], ["greedy", "human", "random"], 3,
                             share=True)
    for _ in range(8):
        live.run_bots()
        live.state.apply_fast(*next(iter(live.state.iter_moves())))
    live.run_bots()
    store.add(sessions.stored(live, "base", list(variants), "Base", [True, False, False], None))
    again = sessions.rebuild(store.get(live.id), game)
    assert len(again.state.moves) == len(live.state.moves) > 16
    assert again.state.hand == live.state.hand and again.state.scores == live.state.scores
    assert again.tokens == live.tokens and again.kinds == live.kinds
    for _ in range(20):  # the same draws from here on
        if live.state.finished:
            break
        ours, theirs = list(live.state.iter_moves()), list(again.state.iter_moves())
        assert ours == theirs
        live.state.apply_fast(*ours[-1])
        again.state.apply_fast(*theirs[-1])
    assert again.state.moves == live.state.moves


def test_shared_seats_have_tokens_of_their_own() -> None:
    game = load("base")
    hot = sessions.new_game(game, ["A", "B", "C"], ["human", "human", "greedy"], 5)
    shared = sessions.new_game(game, ["A", "B", "C"], ["human", "human", "greedy"], 5,
                               share=True)
    people = [t for t in hot.tokens if t is not None]
    assert len(people) == 2 and set(people) == {hot.owner}
    own = [t for t in shared.tokens if t is not None]
    assert len(set(own)) == 2 and shared.owner in own
    other = next(t for t in own if t != shared.owner)
    assert shared.seat_of(other) == [shared.tokens.index(other)]
    assert shared.seat_of("") == [] and shared.seat_of(None) == [] and shared.seat_of("x") == []
