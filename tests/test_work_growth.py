"""``bench/work_growth.py`` small: its JSON has a row per point (the sizes, then the player
counts), each engine's figures in it, and both engines play the same games (as many tiles
placed from the same seed). How the figures grow is the benchmark's business (the report of
issue 29), not a test's."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a fresh process per point: about 7 s on a warm Numba cache

BENCH = Path(__file__).resolve().parent.parent / "bench" / "work_growth.py"


def _bench():
    spec = importlib.util.spec_from_file_location("work_growth", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_json_has_a_row_per_point_and_both_engines_play_the_same_games(capsys):
    engines = ["python"] + (["compiled"] if importlib.util.find_spec("numba") else [])
    argv = ["--sizes", "72,150", "--players", "2,3", "--players-size", "150", "--budget", "0",
            "--max-games", "1", "--no-calib", "--json"]
    assert _bench().main(argv + [a for e in engines for a in ("--engine", e)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["board"] == "bounded" and result["calib"] is None
    points = [(r["sweep"], r["tiles"], r["players"]) for r in result["rows"]]
    assert points == [("tiles", 72, 2), ("tiles", 144, 2), ("players", 144, 3)]
    for row in result["rows"]:
        for engine in engines:
            got = row[engine]
            assert got["games"] == 1 and got["peak_mb"] > 0 and got["us_per_tile"] > 0
            assert 0.8 * row["tiles"] <= got["tiles_placed_per_game"] < row["tiles"]
        placed = {row[engine]["tiles_placed_per_game"] for engine in engines}
        assert len(placed) == 1, row
    if "compiled" in engines:
        assert result["rows"][1]["compiled"]["state_mb"] > 0


def test_a_bad_size_is_one_line(capsys):
    with pytest.raises(SystemExit) as exited:
        _bench().main(["--sizes", "72,x"])
    assert exited.value.code == 2
    assert "not a comma list of numbers: '72,x'" in capsys.readouterr().err
