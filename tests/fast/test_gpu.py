"""The GPU engine (``carcdsl.gpu``) against the Python engine: a few games of every bundled
rule set and variant the compiled engine runs, and of the mixes ``test_differential`` plays
rows of, played on the device (three games on two slots, so that a slot plays a second game
after ``reset``), every field of every row the same as the Python engine's.

Without a GPU these run on Numba's CUDA simulator: ``NUMBA_ENABLE_CUDASIM=1
NUMBA_DISABLE_JIT=1`` (CI's last test line). On a machine with a GPU the same tests run on the
device, compiled. Elsewhere they skip, saying why; ``CARCDSL_REQUIRE_GPU=1`` makes that a
failure.
"""

from __future__ import annotations

import json
import os
import re

import attrs
import pytest

from carcdsl.gpu import problem

if problem() is not None:
    why = f"the GPU engine cannot run here: {problem()}"
    if os.environ.get("CARCDSL_REQUIRE_GPU"):
        raise RuntimeError(why)
    pytest.skip(why, allow_module_level=True)

from differential import label  # noqa: E402
from test_differential import CASES, ROW_COMBINATIONS, _playable  # noqa: E402

from carcdsl.fast.kernel import Kernel  # noqa: E402
from carcdsl.gpu.kernel import DeviceKernel  # noqa: E402
from carcdsl.sim.batches import batch_rows  # noqa: E402
from carcdsl.sim.rows import GameRow, play_rows  # noqa: E402

GPU_CASES = list(dict.fromkeys(CASES + ROW_COMBINATIONS))
SEEDS = [7, 8, 9]


def _same_rows(game, players: int, branching: bool = False) -> None:
    device = DeviceKernel(game, players, slots=2)
    mine = batch_rows(device.play(SEEDS, branching), ["random"])
    theirs = play_rows(game, players, ["random"], SEEDS, branching=branching)
    for seed, ours, reference in zip(SEEDS, mine, theirs):
        for field in attrs.fields(GameRow):
            assert getattr(ours, field.name) == getattr(reference, field.name), \
                f"seed {seed}: {field.name}"


@pytest.mark.parametrize("rules,variants", GPU_CASES, ids=[label(*c) for c in GPU_CASES])
def test_the_same_games_on_the_device(rules, variants):
    game = _playable(rules, variants)
    low, high = game.tables.modes.players
    _same_rows(game, min(max(2, low), high))


def test_the_same_rows_for_five_players_with_move_counts():
    """Five seats, and the moves counted per turn (``branching``)."""
    _same_rows(_playable("base", ("farmers",)), 5, branching=True)


def test_more_games_than_slots_and_none():
    """A batch of many games on a few slots is the same as one game at a time; an empty
    batch launches nothing."""
    game = _playable("base", ())
    device = DeviceKernel(game, 2, slots=3)
    many = device.play(range(20, 30)).scores.tolist()
    assert many == [device.play([s]).scores.tolist()[0] for s in range(20, 30)]
    assert len(device.play([])) == 0
    assert device.seconds["play"] > 0


def test_slots_out_of_bounds_are_refused():
    game = _playable("base", ())
    with pytest.raises(ValueError, match="slots: 0"):
        DeviceKernel(game, 2, slots=0)


@pytest.mark.parametrize("rules,variants", [("base", ("farmers",)), ("base", ("bag",)),
                                            ("base", ("princess-dragon",))])
def test_roll_outs_on_the_device_are_the_cpu_kernels(rules, variants):
    """``DeviceKernel.roll_outs``: from positions part-way through games, one roll-out per
    slot, each the CPU kernel's ``roll_out`` for its seed; the position is left as it was."""
    import random

    from carcdsl.fast.kernel import Kernel

    game = _playable(rules, variants)
    device, cpu = DeviceKernel(game, 3, slots=3), Kernel(game, 3)
    state, rng = game.new_game(3, 11), random.Random(11)
    for moves in (0, 12, 30):
        while len(state.log.moves) < moves and not state.finished \
                and not state.supply.is_empty():
            state.apply_fast(*state.sample_move(rng))
        before = (list(state.scores), len(state.log.moves), list(state.supply.pile))
        seeds = [5, 6, 7 + moves]
        for turns in (3, -1):
            scores = device.roll_outs(state, seeds, turns).tolist()
            assert scores == [cpu.roll_out(state, s, turns) for s in seeds], (moves, turns)
        assert (list(state.scores), len(state.log.moves), list(state.supply.pile)) == before
    with pytest.raises(ValueError, match="at most 3"):
        device.roll_outs(state, range(4))


@pytest.mark.parametrize("layout", ["rows", "lanes"])
def test_both_layouts_play_the_same_games(layout):
    game = _playable("base", ("farmers",))
    cpu = batch_rows(Kernel(game, 2).play(range(1, 6)), ["random"])
    device = DeviceKernel(game, 2, slots=2, layout=layout)
    assert batch_rows(device.play(range(1, 6)), ["random"]) == cpu
    assert device.memory.layout == layout


def test_the_spreading_launch_fills_every_lane():
    """``slots._spread``, which fills the lanes on a device (the simulator fills them from the
    host), run here as a launch on a small array."""
    import numpy as np
    from numba import cuda

    from carcdsl.gpu.slots import _spread

    flat = cuda.to_device(np.full((6, 5), -9, np.int64))
    _spread[2, 4](flat, cuda.to_device(np.arange(6, dtype=np.int64)), np.int64(3))
    got = flat.copy_to_host()
    assert (got[:, :3] == np.arange(6)[:, None]).all() and (got[:, 3:] == -9).all()


@pytest.mark.parametrize("options,says", [
    ({"threads": 0}, "threads: 0"), ({"threads": 2048}, "threads: 2048"),
    ({"slots": "x"}, "slots: 'x'"), ({"slots": True}, "slots: True"),
    ({"slots": 2.5}, "slots: 2.5"), ({"players": 9}, "players: 9; from 2 to 5"),
    ({"layout": "diagonal"}, "layout: 'diagonal'")])
def test_bad_options_are_refused_in_one_line(options, says):
    game = _playable("base", ())
    with pytest.raises(ValueError, match=re.escape(says)):
        DeviceKernel(game, **{"players": 2, **options})


def test_no_more_slots_than_games_asked_for():
    game = _playable("base", ())
    assert DeviceKernel(game, 2, most=3).slots == 3
    assert DeviceKernel(game, 2, slots=2, most=1).slots == 2  # asked for: as asked


def test_a_device_failing_mid_run_ends_in_one_line(capsys, monkeypatch):
    """A driver error during a launch (the device lost, say) is one message and exit
    status 1, not an internal error."""
    from numba.cuda.cudadrv.driver import CudaAPIError

    import carcdsl.gpu.kernel as device_kernel
    from carcdsl.cli.main import main

    launches = []
    real = device_kernel.play_slots

    class FailingAfterWarm:  # the warm launch compiles and plays; the next one fails
        def __getitem__(self, shape):
            launches.append(shape)
            if len(launches) == 1:
                return real[shape]

            def fail(*args):
                raise CudaAPIError(700, "an illegal memory access was encountered")
            return fail

    monkeypatch.setattr(device_kernel, "play_slots", FailingAfterWarm())
    code = main(["simulate", "pnp-demo", "--games", "3", "--engine", "gpu", "--quiet"])
    err = capsys.readouterr().err.strip().splitlines()
    assert (code, len(launches)) == (1, 2)
    assert err == ["carcdsl: GPU engine: the device failed (CUDA error 700: an illegal memory "
                   "access was encountered)"]


def test_a_tournament_on_the_device_is_the_compiled_engines(capsys):
    from carcdsl.cli.main import main

    argv = ["tournament", "pnp-demo", "--bot", "random", "--bot",
            "carcdsl.bots.builtin:random_bot", "--games", "4", "--jobs", "1", "--json"]
    assert main([*argv, "--engine", "gpu"]) == 0
    gpu = json.loads(capsys.readouterr().out)
    assert main([*argv, "--engine", "python"]) == 0
    python = json.loads(capsys.readouterr().out)
    drop = ("timing", "seconds", "engine")
    assert {k: v for k, v in gpu.items() if k not in drop} == \
        {k: v for k, v in python.items() if k not in drop}
