"""Simulation that streams (issue 29): games summed up exactly as chunks finish, whatever the
chunking, the order the chunks come in, the number of workers or the cluster; rows written
in seed order as they come; memory held for a bounded number of chunks."""

from __future__ import annotations

import contextlib
import csv
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import carcdsl
from carcdsl.cli.main import main
from carcdsl.sim import Config, compare, simulate, simulate_together, summarize
from carcdsl.sim.batches import batch_rows, rows_batch
from carcdsl.sim.paired import Pairing
from carcdsl.sim.rows import play_rows
from carcdsl.sim.tally import Tally
from carcdsl.sim.workers import run_ordered

GAME = carcdsl.load("base", ["farmers"])
ROWS = play_rows(GAME, 3, ["random"], range(1, 25))
OTHER = play_rows(carcdsl.load("base"), 3, ["random"], range(1, 25))


def _slice(batch, start: int, stop: int):
    import attrs

    arrays = {f.name: getattr(batch, f.name)[start:stop] for f in attrs.fields(type(batch))
              if isinstance(getattr(batch, f.name), np.ndarray)}
    return attrs.evolve(batch, **arrays)


def _same(a: Tally, b: Tally) -> bool:
    return (a.games, a.uncounted, a.decisive, a.scores, a.lengths, a.ends) == \
        (b.games, b.uncounted, b.decisive, b.scores, b.lengths, b.ends) and \
        (a.total == b.total).all() and (a.outer == b.outer).all() and \
        (a.placed == b.placed).all() and a.points.keys() == b.points.keys() and \
        all((a.points[k][0] == b.points[k][0]).all() and (a.points[k][1] == b.points[k][1]).all()
            for k in a.points)


@settings(max_examples=25, deadline=None)
@given(cuts=st.lists(st.integers(1, 23), max_size=6, unique=True), reverse=st.booleans())
def test_a_tally_does_not_depend_on_the_chunking_or_the_order(cuts, reverse):
    whole = Tally(3, len(GAME.tables.type_names)).add(rows_batch(ROWS, GAME.tables, ["random"]))
    bounds = [0, *sorted(cuts), len(ROWS)]
    parts = [Tally(3, len(GAME.tables.type_names)).add(
        rows_batch(ROWS[a:b], GAME.tables, ["random"])) for a, b in zip(bounds, bounds[1:])]
    merged = Tally(3, len(GAME.tables.type_names))
    for part in reversed(parts) if reverse else parts:
        merged.merge(part)
    assert _same(whole, merged)


def test_rows_survive_the_trip_through_arrays():
    batch = rows_batch(ROWS, GAME.tables, ["random"])
    assert batch_rows(batch, ["random"]) == ROWS
    assert _slice(batch, 3, 7).seeds.tolist() == [4, 5, 6, 7]


def test_a_pairing_adds_up_like_the_games_compared_afterwards():
    base, other = (rows_batch(r, g.tables, ["random"]) for r, g in
                   ((ROWS, GAME), (OTHER, carcdsl.load("base"))))
    whole = Pairing(3).add(base, other)
    halves = Pairing(3).add(_slice(base, 10, 24), _slice(other, 10, 24)).merge(
        Pairing(3).add(_slice(base, 0, 10), _slice(other, 0, 10)))
    assert whole.games == halves.games == 24
    assert (whole.total == halves.total).all() and (whole.outer == halves.outer).all()
    with pytest.raises(ValueError, match="same seeds"):
        Pairing(3).add(_slice(base, 0, 5), _slice(other, 1, 6))


def test_played_together_or_apart_the_comparison_is_the_same():
    configs = [Config("base", players=2), Config("base", ("farmers",), players=2)]
    together = simulate_together(configs, 30, seed=4, jobs=1, keep_rows=True)
    apart = [simulate(c, 30, seed=4, jobs=1) for c in configs]
    assert together[0].rows == apart[0].rows and together[1].rows == apart[1].rows
    assert compare(*together) == compare(*apart)  # a pairing vs the kept rows paired after
    assert together[1].pairing is not None and apart[1].pairing is None


def test_rows_are_not_kept_unless_asked():
    sim = simulate(Config("base"), 10, jobs=1, keep_rows=False)
    assert sim.rows is None and summarize(sim)["games"] == 10
    with pytest.raises(ValueError, match="not kept"):
        sim.records()


def test_results_come_in_order_with_a_bounded_number_waiting():
    """The first chunk is the slowest: the others finish first and wait, but never more than
    the window; each result is handed on in chunk order."""
    in_flight, most, lock = [0], [0], threading.Lock()
    handed: list[int] = []

    def on_result(value: int) -> None:
        with lock:
            in_flight[0] -= 1
        handed.append(value)

    def task(_game, chunk: range) -> int:
        with lock:
            in_flight[0] += 1
            most[0] = max(most[0], in_flight[0])
        time.sleep(0.05 if chunk.start == 0 else 0.001)
        return chunk.start

    chunks = [range(i, i + 1) for i in range(40)]
    with ThreadPoolExecutor(4) as pool:
        assert not run_ordered(None, task, (), chunks, on_result, executor=pool, window=6)
    assert handed == list(range(40))
    assert most[0] <= 6


def _run(capsys, *argv: str) -> dict:
    assert main(list(argv)) == 0
    data = json.loads(capsys.readouterr().out)
    for run in data["runs"]:
        for key in ("seconds", "games_per_second", "compile_seconds"):
            run.pop(key)
    return data


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_the_command_gives_the_same_numbers_and_rows_on_any_number_of_jobs(
        capsys, tmp_path, engine):
    games = "600" if engine == "compiled" else "60"
    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"rows{jobs}.csv"
        outputs.append((_run(capsys, "simulate", "base", "--variant", "farmers", "--games", games,
                             "--engine", engine, "--jobs", jobs, "--json", "--csv", str(out),
                             "--compare", "base"), out.read_bytes()))
    assert outputs[0] == outputs[1]
    with open(tmp_path / "rows1.csv", newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 2 * int(games)  # each seed's two configurations together
    assert [r["seed"] for r in rows[:4]] == ["1", "1", "2", "2"]
    assert [r["config"] for r in rows[:2]] == ["base + farmers", "base"]


@pytest.mark.slow
def test_a_dask_cluster_gives_the_same_numbers(capsys):
    distributed = pytest.importorskip("distributed")
    from carcdsl.sim.dask import dask_executor

    configs = [Config("base", ("farmers",), players=2), Config("base", players=2)]
    here = simulate_together(configs, 400, seed=3, jobs=1, engines=["compiled"])
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client, \
            dask_executor(client) as (executor, workers):
        there = simulate_together(configs, 400, seed=3, executor=executor, workers=workers,
                                  engines=["compiled"])
    strip = {"seconds": 0, "games_per_second": 0, "compile_seconds": 0}
    assert [summarize(s) | strip for s in here] == [summarize(s) | strip for s in there]
    assert compare(*here) == compare(*there)


def test_ctrl_c_keeps_the_rows_written_so_far(tmp_path):
    seen = []

    def progress(n: int) -> None:
        seen.append(n)
        if len(seen) == 2:
            raise KeyboardInterrupt

    from carcdsl.sim.batches import names_of
    from carcdsl.sim.files import columns, rows_file

    path = tmp_path / "rows.csv"
    names = columns(2, names_of(GAME.tables), GAME.tables.type_names)
    with rows_file(path, names, "csv") as out:
        sim = simulate_together([Config("base", ("farmers",))], 40, jobs=1, loaded=[GAME],
                                progress=progress, rows_out=out.write)[0]
    assert sim.interrupted and 0 < sim.tally.games == sum(seen) < 40
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert [int(r["seed"]) for r in rows] == list(range(1, 1 + sim.tally.games))


def test_an_error_while_writing_leaves_no_file(tmp_path):
    from carcdsl.sim.files import rows_file

    path = tmp_path / "rows.csv"
    with pytest.raises(ValueError, match="not opened with"), \
            rows_file(path, ["seed"], "csv") as out:
        out.write([{"seed": 1}])
        out.write([{"seed": 2, "surprise": 3}])
    assert list(tmp_path.iterdir()) == []


@pytest.fixture()
def ctrl_c_raises():
    """Ctrl-C raises KeyboardInterrupt here, as in a command (a pytest-xdist worker ignores it
    otherwise)."""
    import signal

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals are handled in the main thread only")
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_while_a_chunk_is_handed_on_lets_it_finish(ctrl_c_raises):
    """Ctrl-C arriving while a chunk's sums are added and its rows written takes effect after:
    the report and the file cover the same games (they once differed by a chunk)."""
    import os
    import signal

    handed: list[tuple[int, str]] = []

    def on_result(seeds: list[int]) -> None:
        handed.append((seeds[0], "summed"))
        if seeds[0] == 4:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
        handed.append((seeds[0], "written"))

    chunks = [range(s, s + 2) for s in range(0, 20, 2)]
    assert run_ordered(None, _seeds_of, (), chunks, on_result, jobs=1)
    assert handed == [(s, what) for s in (0, 2, 4) for what in ("summed", "written")]


def _seeds_of(game, chunk: range) -> list[int]:
    return list(chunk)


@pytest.mark.parametrize("seed, games", [(-(2**63) - 1, 1), (2**63 - 2, 3), (2**64, 3)])
def test_a_seed_past_64_bits_is_refused_before_anything_is_played(seed, games, capsys):
    with pytest.raises(ValueError, match="64-bit"):
        simulate(Config("base"), games, seed, jobs=1, game=GAME)
    assert main(["simulate", "base", "--games", str(games), "--seed", str(seed), "-q"]) == 1
    err = capsys.readouterr().err
    assert "--seed" in err and "internal error" not in err and len(err.splitlines()) == 1


def test_more_jobs_than_chunks_starts_no_more_workers_than_chunks():
    """``--jobs 100000`` once tried to start 100,000 processes for 3 games."""
    from carcdsl.sim.workers import MAX_JOBS

    started = time.perf_counter()
    got: list[list[int]] = []
    assert not run_ordered("game", _seeds_of, (), [range(0, 2), range(2, 3)], got.append,
                           jobs=MAX_JOBS)
    assert got == [[0, 1], [2]] and time.perf_counter() - started < 30


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_huge_jobs_is_refused(command, capsys):
    assert main([command, "base", "--jobs", "100000", "-q"]) == 1
    assert "--jobs must be at most" in capsys.readouterr().err


@pytest.mark.parametrize("first, second", [("--csv", "--parquet"), ("--csv", "--html"),
                                           ("--parquet", "--html")])
def test_two_outputs_to_the_same_file_are_refused(first, second, tmp_path, capsys):
    """Both once wrote it, the last one silently replacing the other."""
    path = tmp_path / "out"
    link = tmp_path / "link"
    link.symlink_to(path)
    argv = ["simulate", "base", "--games", "2", "-j", "1", "-q", first, str(path), second]
    assert main([*argv, str(link)]) == 1
    err = capsys.readouterr().err
    assert f"{first} and {second} name the same file" in err and len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == [link]


def test_a_configuration_compared_with_itself_is_refused(capsys):
    """Its rows could not be told apart in the files' ``config`` column."""
    argv = ["simulate", "base", "--games", "2", "-j", "1", "-q", "--compare", "base -v farmers"]
    assert main([*argv, "--compare", "base --bot random"]) == 1
    err = capsys.readouterr().err
    assert "--compare 'base --bot random': the same configuration as base" in err


def test_a_scheduler_address_where_something_else_answers_is_one_message(capsys):
    """A server that is not Dask's (here one saying a frame of exabytes follows) once gave
    ``internal error: MemoryError``."""
    import socket

    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def answer() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = server.accept()
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n" * 4)
                time.sleep(0.2)
                conn.close()

    threading.Thread(target=answer, daemon=True).start()
    try:
        code = main(["simulate", "base", "--games", "2", "-q", "--scheduler",
                     f"tcp://127.0.0.1:{port}"])
    finally:
        server.close()
    err = capsys.readouterr().err
    assert code == 1 and "cannot reach the Dask scheduler" in err and "internal" not in err


def test_a_billion_games_are_cut_into_chunks_without_listing_them():
    """The chunks of 10**9 games on the Python engine were once a list of five million
    ranges (over 500 MB) made before the first game."""
    import tracemalloc

    from carcdsl.sim.run import chunk_seeds

    tracemalloc.start()
    try:
        chunks = chunk_seeds(1, 10**9, 16, 200)
        assert len(chunks) == 5_000_000 and chunks[0] == range(1, 201)
        assert chunks[-1] == range(10**9 - 199, 10**9 + 1)
        assert tracemalloc.get_traced_memory()[1] < 1 << 20
    finally:
        tracemalloc.stop()
    assert list(chunk_seeds(5, 23, 4, 200)) == [range(5, 11), range(11, 17), range(17, 23),
                                                range(23, 28)]


def _slow(game, chunk: range) -> list[int]:
    time.sleep(0.05 if chunk[0] == 0 else 60)
    return list(chunk)


def test_ctrl_c_stops_the_workers_in_the_middle_of_their_chunks(ctrl_c_raises):
    """Workers ignore Ctrl-C (the parent's to handle); after it they were left to finish the
    chunks they had, and the command exited only then (minutes, for greedy bots)."""
    import multiprocessing
    import os
    import signal

    got: list[list[int]] = []
    timer = threading.Timer(1.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.perf_counter()
    try:
        assert run_ordered("game", _slow, (), [range(0, 1), range(1, 2), range(2, 3)],
                           got.append, jobs=2)
    finally:
        timer.cancel()
    while multiprocessing.active_children() and time.perf_counter() - started < 20:
        time.sleep(0.1)
    assert got == [[0]] and not multiprocessing.active_children()
    assert time.perf_counter() - started < 20


def test_the_library_refuses_more_jobs_than_a_run_may_start():
    from carcdsl.sim.workers import MAX_JOBS

    with pytest.raises(ValueError, match="jobs"):
        simulate(Config("base"), 10**6, jobs=MAX_JOBS + 1, game=GAME, keep_rows=False)
    with pytest.raises(ValueError, match="jobs"):
        run_ordered("game", _seeds_of, (), [range(0, 1)] * 2000, print, jobs=10**5)
