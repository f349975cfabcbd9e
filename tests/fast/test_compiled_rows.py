"""The compiled engine through the front ends gives what the Python engine gives on the same
seeds: ``simulate``'s rows field by field, ``play --games``' means and win rates, a
tournament's results, whatever the number of worker processes; and for a rule set the kernel
cannot run, one line and the Python engine's results.

Needs Numba (skipped without it, unless ``CARCDSL_REQUIRE_NUMBA=1``, as CI sets: then these
fail). The kernels compile once per checkout into ``.pytest_cache/d/numba`` (conftest)."""

from __future__ import annotations

import json

import attrs
import pytest

pytest.importorskip("numpy")
pytest.importorskip("numba")

import carcdsl  # noqa: E402
from carcdsl.cli.main import main  # noqa: E402
from carcdsl.sim import Config, simulate  # noqa: E402
from carcdsl.sim.rows import GameRow  # noqa: E402

FARMERS = Config("base", ("farmers",))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_same_rows(compiled_rows, python_rows) -> None:
    """Row by row and field by field, naming the first difference."""
    assert [r.seed for r in compiled_rows] == [r.seed for r in python_rows]
    for ours, theirs in zip(compiled_rows, python_rows):
        for field in attrs.fields(GameRow):
            assert getattr(ours, field.name) == getattr(theirs, field.name), \
                f"seed {ours.seed}: {field.name} differs"


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("rules, variants", [("base", ()), ("base", ("farmers",))])
def test_simulate_rows_equal_the_python_engines(rules, variants, players):
    config = Config(rules, variants, players)
    fast = simulate(config, 20, 1, jobs=1, engine="compiled")
    assert fast.engine.engine == "compiled", fast.engine.refusal
    slow = simulate(config, 20, 1, jobs=1)
    assert slow.engine.engine == "python"
    assert_same_rows(fast.rows, slow.rows)


@pytest.mark.parametrize("variants", [("first-player-most-roads",), ("hand-of-three", "bag")])
def test_a_draw_off_reseats_the_bots_alike(variants):
    """Two names for the random bot show the seating: a draw-off turns the seats, and each
    row names the bot of each seat in turn order, as the Python engine's row does."""
    config = Config("base", variants, 3, ("carcdsl.bots.builtin:random_bot", "random"))
    fast = simulate(config, 12, 1, jobs=1, engine="compiled")
    assert fast.engine.is_compiled, fast.engine.refusal
    slow = simulate(config, 12, 1, jobs=1)
    assert_same_rows(fast.rows, slow.rows)
    if variants == ("first-player-most-roads",):
        assert any(row.bots[0] != "carcdsl.bots.builtin:random_bot" for row in fast.rows)


def test_branching_counts_every_move_alike():
    fast = simulate(FARMERS, 10, 101, jobs=1, engine="compiled", branching=True)
    assert fast.engine.is_compiled
    assert all(row.move_choices is not None for row in fast.rows)
    assert_same_rows(fast.rows, simulate(FARMERS, 10, 101, jobs=1, branching=True).rows)


def test_two_workers_give_one_workers_rows():
    """The parent compiles (or loads) the kernels before the pool starts; each worker plays
    its chunks on its own kernel."""
    one = simulate(FARMERS, 60, 7, jobs=1, engine="compiled")
    two = simulate(FARMERS, 60, 7, jobs=2, engine="compiled")
    assert one.engine.is_compiled and two.engine.is_compiled
    assert_same_rows(two.rows, one.rows)


def test_simulate_command_writes_the_same_rows(capsys, tmp_path):
    fast_csv, slow_csv = tmp_path / "fast.csv", tmp_path / "slow.csv"
    common = ["simulate", "base", "-v", "farmers", "--games", "20", "--players", "3",
              "--jobs", "2", "--json"]
    code, out, err = run(capsys, *common, "--engine", "compiled", "--csv", str(fast_csv))
    assert code == 0, err
    assert "the Python engine runs instead" not in err
    fast = json.loads(out)["runs"][0]
    assert fast["engine"] == "compiled" and fast["compile_seconds"] is not None
    code, out, _ = run(capsys, *common, "--csv", str(slow_csv))
    slow = json.loads(out)["runs"][0]
    assert fast_csv.read_text() == slow_csv.read_text()
    drop = {"seconds", "games_per_second", "engine", "compile_seconds"}
    assert {k: v for k, v in fast.items() if k not in drop} == \
        {k: v for k, v in slow.items() if k not in drop}


@pytest.mark.parametrize("players", ["2", "3"])
def test_play_games_sums_up_alike(capsys, players):
    common = ["play", "base", "-v", "farmers", "--games", "50", "--seed", "11",
              "--players", players, "--json"]
    code, out, err = run(capsys, *common, "--engine", "compiled")
    assert code == 0 and "instead" not in err, err
    fast = json.loads(out)
    assert fast["engine"] == "compiled" and isinstance(fast["compile_seconds"], float)
    code, out, _ = run(capsys, *common)
    slow = json.loads(out)
    for key in ("mean_scores", "win_rates", "players", "seed", "games", "bots"):
        assert fast[key] == slow[key], key


def test_a_tournament_of_random_bots_runs_compiled(capsys):
    common = ["tournament", "base", "-v", "farmers", "--bot", "random",
              "--bot", "carcdsl.bots.builtin:random_bot", "--games", "4", "--seed", "3",
              "--bootstrap", "20", "--json", "--games-json", "--jobs", "1"]
    code, out, err = run(capsys, *common, "--engine", "compiled")
    assert code == 0 and "instead" not in err, err
    fast = json.loads(out)
    assert fast.pop("timing")["engine"] == "compiled"
    code, out, _ = run(capsys, *common)
    slow = json.loads(out)
    slow.pop("timing")
    assert fast == slow


def test_a_rule_set_it_cannot_run_falls_back_in_one_line(capsys):
    common = ["simulate", "base", "-v", "abbot", "--seed", str(2 ** 49), "--games", "6",
              "--jobs", "1", "--json"]
    code, out, err = run(capsys, *common, "--engine", "compiled")
    assert code == 0
    line, = err.splitlines()
    assert line.startswith("compiled engine: cannot run ")
    assert line.endswith("; the Python engine runs instead")
    fast = json.loads(out)["runs"][0]
    assert fast["engine"] == "python" and fast["compile_seconds"] is None
    code, out, _ = run(capsys, *common)
    slow = json.loads(out)["runs"][0]
    drop = {"seconds", "games_per_second"}
    assert {k: v for k, v in fast.items() if k not in drop} == \
        {k: v for k, v in slow.items() if k not in drop}
    code, out, err = run(capsys, *common, "--engine", "compiled", "--lang", "nl")
    line, = err.splitlines()
    assert line.startswith("gecompileerde engine: kan ")
    assert line.endswith(" niet spelen; de Python-engine speelt in plaats daarvan")


def test_seeds_the_kernel_cannot_seed_fall_back():
    from carcdsl.pipeline import load
    from carcdsl.sim import compiled

    game = load("base")
    assert compiled.refused(game, 2, ["random"], range(1, 1000)) is None
    for seeds in (range(2**49 - 2, 2**49 + 1), range(-(2**49) - 1, 5)):
        refusal = compiled.refused(game, 2, ["random"], seeds)
        assert refusal is not None and refusal.key == "compiled-cannot-run"
        assert "seed" in refusal.values["what"]


@pytest.mark.parametrize("rules,variants", [("nuts", ["nuts-proposal"]),
                                            ("base", ["traders-builders", "farmers"])])
def test_rows_carry_the_scorings_of_rules_and_tokens(rules, variants):
    """A scoring named after a rule or a token (``nut.final``, ``wine.final``) is in the
    compiled rows as in the Python engine's."""
    from carcdsl.sim import compiled as sim_compiled
    from carcdsl.sim.rows import play_rows

    game = carcdsl.load(rules, variants)
    seeds = range(1, 9)
    mine = sim_compiled.play_rows(game, 3, ["random"], seeds, False)
    theirs = play_rows(game, 3, ["random"], seeds)
    assert mine == theirs
    assert any(key.split(".")[0] not in {k.name for k in game.tables.kinds}
               for row in theirs for key in row.points)
