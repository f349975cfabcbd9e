"""``fast.opened``: on a board of more than ``FROM`` open squares the kernel counts and finds
the drawn tile's placements through blocks of open squares; its games stay the Python
engine's (a normal game never opens that many squares, so the differential suite's games
walk the open list)."""

from __future__ import annotations

import json
import os

import pytest

if not os.environ.get("CARCDSL_REQUIRE_NUMBA"):
    pytest.importorskip("numba")

import numpy as np  # noqa: E402
from differential import QUICK, difference  # noqa: E402

import carcdsl  # noqa: E402
from carcdsl.fast import opened  # noqa: E402
from carcdsl.fast.batch import seeds_array  # noqa: E402
from carcdsl.fast.kernel import Kernel, logs, play_batch, stacks_for  # noqa: E402
from carcdsl.fast.slots import META, OPENS  # noqa: E402
from carcdsl.lang.jsonform import ruleset_to_json  # noqa: E402
from carcdsl.pipeline import load_checked  # noqa: E402

pytestmark = pytest.mark.skipif(QUICK, reason="a game of 1,000 tiles is slow without the JIT")


def _grown(tmp_path, times: int, bounds: int | None) -> carcdsl.Game:
    """``base`` + farmers with every tile type ``times`` as many (``bench/work_growth.py``),
    on an endless table or a ``bounds`` x ``bounds`` one."""
    checked, _warnings, _sources = load_checked("base", ("farmers",))
    data = ruleset_to_json(checked)
    for tile in data["tiles"]:
        tile["count"] *= times
    data["game"]["total_tiles"] = sum(tile["count"] for tile in data["tiles"])
    if bounds is not None:
        data["board"]["bounds"] = [bounds, bounds]
    path = tmp_path / "grown.json"
    path.write_text(json.dumps(data))
    return carcdsl.load(str(path))


@pytest.mark.parametrize("bounds", [None, 40])
def test_the_blocks_play_the_python_engines_games(tmp_path, bounds):
    k = Kernel(_grown(tmp_path, 12, bounds), 2)
    st = stacks_for(k.tb, 2)
    seeds = seeds_array([1])
    play_batch(k.tb, st, seeds, k.seatings(seeds), False, k._out(1), logs(False, 1),
               np.zeros(3, np.int64))
    assert st[OPENS][META, opened.ON], "the game never had the blocks on"
    for seed in (1, 2):
        assert difference(k, seed) is None, seed
