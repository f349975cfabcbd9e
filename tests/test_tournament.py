"""Tournaments: balanced seats, ratings that order a rigged field, the same results on any
number of workers, and the command's refusals."""

from __future__ import annotations

import json
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

import carcdsl
from carcdsl.cli.main import main
from carcdsl.sim.tournament import Plan, Result, Tournament, plan, run, seat_orders
from carcdsl.sim.tournament_ratings import comparisons, fit, rate, seat_counts


@pytest.mark.parametrize("bots, players, games", [
    (["a", "b"], 2, 4), (["a", "b", "c"], 2, 2), (["a", "b", "c"], 3, 6),
    (["a", "b"], 3, 12), (["a", "b", "c", "d"], 4, 24), (["a", "b"], 5, 5),
    (["a", "b", "c", "d", "e", "f"], 6, 6), (["a", "b", "c", "d", "e", "f", "g"], 4, 24),
])
def test_every_bot_sits_in_every_seat_equally_often(bots, players, games):
    planned = plan(bots, players, games)
    assert planned.games == games * len(planned.lineups)
    seats: dict[int, Counter] = {}
    for index in range(planned.games):
        lineup, deal, order = planned.task(index)
        assert sorted(order) == sorted(planned.lineups[lineup])
        for seat, bot in enumerate(order):
            seats.setdefault(bot, Counter())[seat] += 1
    assert set(seats) == set(range(len(bots)))
    for counts in seats.values():
        assert len(set(counts.values())) == 1 and len(counts) == players


def test_a_deal_is_played_in_every_seat_order_with_the_same_seed():
    planned = plan(["a", "b", "c"], 3, 12, seed=10)
    by_deal: dict[int, set] = {}
    for index in range(planned.games):
        _, deal, order = planned.task(index)
        by_deal.setdefault(deal, set()).add(order)
    assert sorted(by_deal) == [0, 1]
    assert all(len(orders) == 6 for orders in by_deal.values())


def test_seat_orders_are_permutations_then_rotations():
    assert len(seat_orders((0, 1, 2, 3))) == 24
    assert seat_orders((0, 1, 2, 3, 4)) == tuple(
        tuple((i + r) % 5 for i in range(5)) for r in range(5))
    assert len(seat_orders((0, 1, 0, 1))) == 6  # distinct permutations of a repeated pair


def test_a_gauntlet_puts_the_challenger_in_every_lineup():
    planned = plan(["b", "c", "d"], 3, 6, gauntlet="a")
    assert planned.bots[0] == "a" and planned.gauntlet == 0
    assert planned.lineups == ((0, 1, 2), (0, 1, 3), (0, 2, 3))


@pytest.mark.parametrize("bots, players, games, message", [
    (["a"], 2, 2, "at least two different bots"),
    (["a", "a"], 2, 2, "at least two different bots"),
    (["a", "b"], 2, 3, "a multiple of 2"),
    (["a", "b", "c"], 3, 4, "a multiple of 6"),
])
def test_plans_that_cannot_balance_are_refused(bots, players, games, message):
    with pytest.raises(ValueError, match=message):
        plan(bots, players, games)


def _rigged(wins: int, losses: int) -> Tournament:
    planned = Plan(("strong", "weak"), 2, ((0, 1),), (((0, 1), (1, 0)),), 0, 1)
    results = []
    for i in range(wins + losses):
        strong_wins = i < wins
        seats = (0, 1) if i % 2 else (1, 0)
        scores = (10, 5) if (seats[0] == 0) == strong_wins else (5, 10)
        results.append(Result(i, 0, i // 2, 1 + i // 2, seats, scores, 0.0))
    return Tournament(planned, tuple(results), 1.0, 1)


def test_ratings_order_a_rigged_field():
    report = rate(_rigged(70, 30), samples=300)
    first, second = report["ratings"]
    assert first["bot"] == "strong" and second["bot"] == "weak"
    diff = report["pairs"][0]["elo_difference"]
    assert diff["low"] > 0 and diff["low"] <= diff["value"] <= diff["high"]
    # 70% expected score is about 147 Elo; the virtual tie pulls it in a little
    assert 130 < diff["value"] < 150
    assert report["pairs"][0]["win_rate"]["value"] == pytest.approx(0.7)


def test_a_sweep_gets_an_interval_open_above_not_one_of_width_zero():
    from carcdsl.cli.tournament import _interval

    report = rate(_rigged(20, 0), samples=200)  # issue 31: "Elo +323 [+323, +323]"
    strong = report["ratings"][0]["elo"]
    diff = report["pairs"][0]["elo_difference"]
    for estimate in (strong, diff):
        assert estimate["high"] is None  # no upper bound: 20 of 20 fits any strength above
        assert estimate["low"] is not None and 0 < estimate["low"] < estimate["value"]
    # the lower bound is the Wilson bound of the share (0.839 of 20 wins) as Elo: 286 apart
    assert diff["low"] == pytest.approx(286, abs=2)
    assert strong["low"] == pytest.approx(143, abs=1)
    assert _interval(strong, signed=True) == "[+143, +∞)"
    assert _interval(report["ratings"][1]["elo"], signed=True) == "(−∞, -143]"
    json.dumps(report, allow_nan=False)  # no Infinity in the JSON


def test_a_close_result_keeps_its_bootstrap_interval_when_wider():
    report = rate(_rigged(12, 8), samples=300)
    diff = report["pairs"][0]["elo_difference"]
    assert diff["low"] < 0 < diff["value"] < diff["high"]


def test_even_results_rate_even():
    report = rate(_rigged(50, 50), samples=200)
    diff = report["pairs"][0]["elo_difference"]
    assert abs(diff["value"]) < 1 and diff["low"] < 0 < diff["high"]


def test_the_fit_is_the_bradley_terry_maximum():
    table = comparisons(_rigged(60, 40).results)
    strong, weak = fit(2, table, prior=0)
    assert strong - weak == pytest.approx(400 * __import__("math").log10(60 / 40))


def test_greedy_is_rated_above_random():
    game = carcdsl.load("base")
    played = run(game, plan(["random", "greedy"], 2, 20, seed=3), jobs=1)
    report = rate(played, samples=200)
    assert [r["bot"] for r in report["ratings"]] == ["greedy", "random"]
    diff = report["pairs"][0]["elo_difference"]  # random - greedy
    assert diff["high"] < 0
    assert [s["by_seat"] for s in seat_counts(played)] == [[10, 10], [10, 10]]


def test_any_executor_gives_the_same_results():
    game = carcdsl.load("base", ["farmers"])
    planned = plan(["greedy", "random"], 3, 6, seed=2)
    one = run(game, planned, jobs=1)
    with ThreadPoolExecutor(3) as pool:
        threads = run(game, planned, executor=pool, workers=3)
    assert one.results == threads.results
    assert [r.index for r in one.results] == list(range(planned.games))


@pytest.mark.slow
def test_dask_local_cluster_gives_the_same_results():
    distributed = pytest.importorskip("distributed")
    from carcdsl.sim.dask import dask_executor

    game = carcdsl.load("base")
    planned = plan(["greedy", "random"], 2, 8, seed=4)
    expected = run(game, planned, jobs=1)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client, \
            dask_executor(client) as (executor, workers):
        on_dask = run(game, planned, executor=executor, workers=workers)
    assert on_dask.results == expected.results


def test_ctrl_c_keeps_the_games_played():
    seen = []

    def progress(n: int) -> None:
        seen.append(n)
        if len(seen) == 3:
            raise KeyboardInterrupt

    played = run(carcdsl.load("base"), plan(["greedy", "random"], 2, 10), jobs=1,
                 progress=progress)
    assert played.interrupted and len(played.results) == 3
    assert rate(played, samples=10)["ratings"][0]["games"] == 3


def _json(capsys, *argv) -> dict:
    assert main(["tournament", *argv]) == 0
    return json.loads(capsys.readouterr().out)


def test_jobs_one_and_two_give_the_same_json(capsys):
    argv = ["base", "--bot", "greedy,random,mcts:playouts=3:depth=2", "--games", "4",
            "--seed", "5", "--bootstrap", "100", "--json", "--games-json"]
    one = _json(capsys, *argv, "--jobs", "1")
    two = _json(capsys, *argv, "--jobs", "2")
    assert one.pop("timing")["jobs"] == 1 and two.pop("timing")["jobs"] == 2
    assert one == two
    assert one["games"] == 12 and len(one["results"]) == 12


def test_the_command_reports_ratings_crosstable_and_seats(capsys):
    assert main(["tournament", "base", "--bot", "greedy", "--bot", "random", "--games", "6",
                 "--jobs", "1", "--bootstrap", "50"]) == 0
    out = capsys.readouterr().out
    assert "round-robin: base, 2 players, 6 games" in out
    assert "crosstable" in out and "games per seat: greedy 3/3; random 3/3" in out
    assert "games/s" in out


@pytest.mark.parametrize("argv, message", [
    (["base", "--bot", "greedy"], "at least two different bots"),
    (["base", "--bot", "greedy,random", "--games", "3"], "a multiple of 2"),
    (["base", "--bot", "greedy,human"], "bots only"),
    (["base", "--bot", "greedy,random", "--jobs", "0"], "--jobs must be at least 1"),
    (["base", "--bot", "greedy,random", "--players", "9", "--games", "9"], "players"),
])
def test_the_command_refuses_with_one_message(capsys, argv, message):
    assert main(["tournament", *argv]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_without_bootstrap_the_json_is_strict_json(capsys):
    """``--bootstrap 0`` computes no intervals: their bounds are null, not NaN, which RFC 8259
    has no word for (JavaScript's ``JSON.parse`` refuses it)."""
    assert main(["tournament", "base", "--bot", "greedy", "--bot", "random", "--games", "2",
                 "--jobs", "1", "--bootstrap", "0", "--json"]) == 0

    def refuse(word: str):
        raise AssertionError(f"{word} in the JSON")
    data = json.loads(capsys.readouterr().out, parse_constant=refuse)
    assert all(r["elo"]["low"] is None and r["elo"]["high"] is None for r in data["ratings"])
