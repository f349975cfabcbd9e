"""``carcdsl simulate`` and the library under it: the same rows whatever runs them, metrics on
rule sets whose answer is known, the files it writes, and the command as a user runs it."""

from __future__ import annotations

import csv
import json
import math
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from carcdsl.cli.main import main
from carcdsl.sim import Config, compare, simulate, summarize, wilson, write_csv, write_parquet
from carcdsl.sim.metrics import mean_estimate, ratio_estimate

# Two tiny rule sets whose answers are known by construction. Every tile is a city cap
# (`city N`) and cities take no followers, so no feature ever scores.
#
# EVEN: nobody can score, so every game ends 0-0-...: always a tie, each seat's win share
#   1/k in every game, Balance exactly 1, Drawishness 100%, no lead ever.
# FIRST: as EVEN for two players, but every tile placed scores 1 for its placer (`on place
#   shows city: score 1`), and 5 tiles are played after the start tile: the first seat
#   places 3, the second 2, so the first seat wins 3-2 every game. Win rates 100% / 0%,
#   Balance 0, Advantage 100%, Duration 5; the first seat leads alone after turns 1, 3 and 5
#   and ties after 2 and 4, so it leads for good from turn 5: Decisiveness (5 + 1 - 5) / 5.
EVEN = """rules even
extends base

override game {
    players 2..4
    tiles 7
    start Q
}

override feature city {
    followers no
}

remove all tiles
tile Q  7  city N
"""

FIRST = """rules first
extends "even.carc"

override game {
    players 2
    tiles 6
}

remove all tiles
tile Q  6  city N

on place shows city: score 1
"""


@pytest.fixture()
def known(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "even.carc").write_text(EVEN, encoding="utf-8")
    (tmp_path / "first.carc").write_text(FIRST, encoding="utf-8")
    return {"even": str(tmp_path / "even.carc"), "first": str(tmp_path / "first.carc")}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- the same rows whatever plays them -------------------------------------------------------

def test_rows_do_not_depend_on_jobs_or_chunking():
    config = Config("base", ("farmers",), players=3, bots=("greedy", "random"))
    one = simulate(config, 24, seed=5, jobs=1)
    two = simulate(config, 24, seed=5, jobs=2)
    with ThreadPoolExecutor(3) as pool:  # another executor, another chunking
        threads = simulate(config, 24, seed=5, executor=pool, workers=1)
    assert one.rows == two.rows == threads.rows
    assert [row.seed for row in one.rows] == list(range(5, 29))
    assert summarize(one) | {"seconds": 0, "games_per_second": 0} == \
        summarize(two) | {"seconds": 0, "games_per_second": 0}


@pytest.mark.slow
def test_dask_local_cluster_gives_the_same_rows():
    distributed = pytest.importorskip("distributed")
    from carcdsl.sim.dask import dask_executor

    config = Config("base", players=2)
    expected = simulate(config, 30, seed=11, jobs=1)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client, \
            dask_executor(client) as (executor, workers):
        assert workers == 2
        on_dask = simulate(config, 30, seed=11, executor=executor, workers=workers)
    assert on_dask.rows == expected.rows


def test_ctrl_c_keeps_the_games_played():
    seen = []

    def progress(n: int) -> None:
        seen.append(n)
        if len(seen) == 2:
            raise KeyboardInterrupt

    sim = simulate(Config("base"), 40, seed=1, jobs=1, progress=progress)
    assert sim.interrupted
    assert 0 < len(sim.rows) == sum(seen) < 40
    assert [row.seed for row in sim.rows] == list(range(1, 1 + len(sim.rows)))
    assert summarize(sim)["games"] == len(sim.rows)


# --- metrics with known answers ---------------------------------------------------------------

def test_intervals():
    assert wilson(0, 10).high == pytest.approx(0.2775, abs=1e-4)
    five = wilson(5, 10)
    assert (five.value, round(five.low, 4), round(five.high, 4)) == (0.5, 0.2366, 0.7634)
    mean = mean_estimate([1, 2, 3, 4])
    assert mean.value == 2.5 and mean.margin == pytest.approx(1.96 * 1.2910 / 2, abs=1e-3)
    assert ratio_estimate([1, 2], [2, 4]).value == 0.5
    assert ratio_estimate([1, 2], [2, 4]).margin == 0  # the same ratio in every game


def test_symmetric_rules_give_equal_seats(known):
    summary = summarize(simulate(Config(known["even"], players=3), 30, jobs=1))
    assert [r["value"] for r in summary["win_rate"]] == pytest.approx([1 / 3] * 3)
    m = summary["metrics"]
    assert (m["balance"]["value"], m["balance"]["low"], m["balance"]["high"]) == (1, 1, 1)
    assert m["drawishness"]["value"] == 1
    assert m["first_seat_edge"]["value"] == pytest.approx(0)
    assert m["duration"]["value"] == 6
    assert m["lead_change"]["value"] == 0
    assert m["decisiveness"]["value"] is None  # no game has a sole winner
    assert [t["value"] for t in summary["turns"]] == [2, 2, 2]
    assert summary["points"] == {} and summary["never_placed"] == []


def test_first_seat_must_win(known):
    summary = summarize(simulate(Config(known["first"]), 40, jobs=1))
    assert [r["value"] for r in summary["win_rate"]] == [1, 0]
    first = summary["win_rate"][0]
    assert first["low"] == pytest.approx(wilson(40, 40).low) and first["high"] == 1
    m = summary["metrics"]
    assert (m["balance"]["value"], m["balance"]["low"], m["balance"]["high"]) == (0, 0, 0)
    assert m["advantage"]["value"] == 1 and m["first_seat_edge"]["value"] == 0.5
    assert m["drawishness"]["value"] == 0
    assert m["duration"] == {"value": 5, "low": 5, "high": 5}
    assert m["decisiveness"]["value"] == pytest.approx((5 + 1 - 5) / 5)
    assert m["lead_change"]["value"] == 0
    assert [s["mean"] for s in summary["scores"]] == [3, 2]
    assert summary["points"]["city.complete"]["share"] == 1


def test_compare_on_the_same_seeds(known):
    even = simulate(Config(known["even"]), 30, jobs=1)
    first = simulate(Config(known["first"]), 30, jobs=1)
    same = compare(even, simulate(Config(known["even"]), 30, jobs=1))
    assert not any(d["significant"] for d in same["differences"].values())
    diff = compare(even, first)
    assert diff["games"] == 30
    win = diff["differences"]["win_rate.1"]
    assert (win["value"], win["base"], win["other"], win["significant"]) == (0.5, 0.5, 1, True)
    assert diff["differences"]["balance"]["value"] == -1
    assert diff["differences"]["duration"]["value"] == -1  # 5 turns instead of 6


# --- files -----------------------------------------------------------------------------------

def test_csv_and_parquet_round_trip(tmp_path):
    sim = simulate(Config("base", ("farmers",)), 6, jobs=1)
    records = sim.records()
    assert records[0]["seed"] == 1 and "points.field.final" in records[0]
    write_csv(records, tmp_path / "games.csv")
    with open(tmp_path / "games.csv", newline="", encoding="utf-8") as file:
        back = list(csv.DictReader(file))
    assert back == [{k: "" if v is None else str(v) for k, v in r.items()} for r in records]
    pq = pytest.importorskip("pyarrow.parquet")
    write_parquet(records, tmp_path / "games.parquet")
    assert pq.read_table(tmp_path / "games.parquet").to_pylist() == records


def test_html_report_is_self_contained(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    page = tmp_path / "report.html"
    code, out, err = run(capsys, "simulate", "base", "--games", "20", "--jobs", "1",
                         "--compare", "base -v farmers", "--html", str(page))
    assert code == 0, err
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and text.count("<svg") >= 4
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", text)
    assert "<script" not in text and "<link" not in text


# --- the command -----------------------------------------------------------------------------

def test_simulate_reports(capsys):
    code, out, err = run(capsys, "simulate", "base", "--games", "30", "--jobs", "1",
                         "--players", "3")
    assert code == 0, err
    assert "base: 30 games, 3 players (random), seeds 1..30" in out
    for word in ("Balance", "Advantage", "Drawishness", "Duration", "Decision moves",
                 "Lead change", "Decisiveness", "Completion", "tile types never placed"):
        assert word in out


def test_simulate_compare_json(capsys):
    code, out, err = run(capsys, "simulate", "base", "--games", "20", "--jobs", "2",
                         "--seed", "3", "--compare", "base --variant farmers", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [r["label"] for r in data["runs"]] == ["base", "base + farmers"]
    assert data["runs"][0]["seed"] == 3 and data["comparisons"][0]["games"] == 20
    assert data["comparisons"][0]["differences"]["points.field.final"]["significant"]
    code, text, err = run(capsys, "simulate", "base", "--games", "20", "--jobs", "1",
                          "--seed", "3", "--compare", "base --variant farmers")
    assert "base + farmers moves points per game: " in text and "field at the end +" in text
    assert "significant" in text


@pytest.mark.parametrize("argv, message", [
    (["--games", "0"], "--games must be at least 1"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--bot", "nobody"], "unknown bot 'nobody'"),
    (["--bot", "human"], "bots only"),
    (["--compare", "base --oops"], "expected 'RULES"),
    (["--players", "9"], "9"),
    (["--csv", "/no/such/dir/x.csv"], "no such directory"),
])
def test_simulate_refuses_with_one_message(capsys, argv, message):
    code, out, err = run(capsys, "simulate", "base", "--games", "3", *argv)
    assert code == 1
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_simulate_unknown_rules(capsys):
    code, _, err = run(capsys, "simulate", "no-such-rules", "--games", "3")
    assert code == 1 and "Traceback" not in err


def test_json_has_no_nan(known, capsys):
    code, out, _ = run(capsys, "simulate", known["even"], "--games", "5", "--jobs", "1",
                       "--json")
    assert code == 0
    data = json.loads(out, parse_constant=lambda c: math.nan if False else pytest.fail(c))
    assert data["runs"][0]["metrics"]["decisiveness"]["value"] is None


@pytest.mark.parametrize("option, module, extra", [
    ("--html", "matplotlib", "sim"), ("--parquet", "pyarrow", "sim"),
    ("--scheduler", "distributed", "dask"),
])
def test_a_missing_extra_is_one_message(capsys, monkeypatch, tmp_path, option, module, extra):
    import carcdsl.cli.simulate as command

    real = command.importlib.util.find_spec
    monkeypatch.setattr(command.importlib.util, "find_spec",
                        lambda name, *a: None if name == module else real(name, *a))
    value = "tcp://127.0.0.1:1" if option == "--scheduler" else str(tmp_path / "out")
    code, out, err = run(capsys, "simulate", "base", "--games", "3", option, value)
    assert code == 1 and out == ""
    assert err == f"carcdsl: {option} needs {module}: pip install 'carcdsl[{extra}]'\n"


def test_compare_takes_variant_parameters_and_bots(capsys):
    code, out, err = run(capsys, "simulate", "base", "--games", "6", "--jobs", "1", "--lang",
                         "nl", "--compare", "base -v table-edge:width=7,height=7 --bot greedy")
    assert code == 0, err
    assert "base + table-edge:width=7,height=7 (greedy)" in out


def test_more_games_than_can_be_summed_are_refused_before_any_is_played(capsys):
    from carcdsl.sim.run import MAX_GAMES

    code, out, err = run(capsys, "simulate", "base", "--games", "100000000000", "--jobs", "1")
    assert code == 1 and out == ""  # issue 31: 10^11 games died of memory
    assert err == f"carcdsl: --games can be at most {MAX_GAMES:,}\n"


def test_a_tournament_keeps_each_game_and_so_is_bounded(capsys):
    from carcdsl.sim.run import MAX_KEPT

    code, out, err = run(capsys, "tournament", "base", "--bot", "greedy", "--bot", "random",
                         "--games", str(MAX_KEPT + 1), "--jobs", "1")
    assert code == 1 and out == ""
    assert err == f"carcdsl: --games can be at most {MAX_KEPT:,}: every game's row is " \
                  "kept for the report\n"


def test_the_bounds_are_on_the_api_too():
    from carcdsl.sim.run import MAX_GAMES, MAX_KEPT

    with pytest.raises(ValueError, match="at most"):
        simulate(Config("base"), MAX_GAMES + 1, jobs=1, keep_rows=False)
    with pytest.raises(ValueError, match="keeps the rows of at most"):
        simulate(Config("base"), MAX_KEPT + 1, jobs=1)


@pytest.mark.parametrize("variant", ["princess-dragon", "tower"])
def test_decisions_between_moves_are_no_turns_of_their_own(variant):
    """A walk's steps and a capture are part of the turn that brought them: games whose last
    tile waits for them play to the end, and no more turns have a choice than tiles were
    placed."""
    import carcdsl
    from carcdsl.sim.rows import play_rows

    game = carcdsl.load("base", [variant])
    for row in play_rows(game, 3, ["random"] * 3, range(12)):
        assert row.end == "supply-empty"
        assert row.decisions <= sum(row.turns)
