"""``bench/web_load.py`` small: a few shared games on loopback, two clients each, the server
killed with SIGKILL mid-run and started again on the same database: no error, every
acknowledged move stored at its index, every game played to its end. (The 50-game run and
its latencies: docs/together.md.)"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("httpx")
pytestmark = pytest.mark.slow

BENCH = Path(__file__).resolve().parent.parent / "bench" / "web_load.py"


def test_a_kill_mid_run_loses_no_acknowledged_move(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("web_load", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    args = argparse.Namespace(games=4, rules="base", variant=[], think=0.02, kill_after=30,
                              seed=3, db=str(tmp_path / "games.sqlite3"))
    result = asyncio.run(bench.main_async(args))
    before, after = result["before_kill"], result["after_restart"]
    assert before["acknowledged"] >= 30 and before["lost"] == 0 and before["errors"] == 0
    assert before["clients_cut_by_kill"] > 0  # the kill came mid-run
    assert after["errors"] == 0 and after["lost"] == 0 and after["finished"] == 4
    assert after["acknowledged"] > before["acknowledged"]
