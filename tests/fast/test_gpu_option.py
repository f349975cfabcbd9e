"""``--engine gpu`` as a user meets it: where there is no GPU (or no ``numba-cuda``) one line
says so and the compiled engine runs on the CPU, with the same numbers; on Numba's CUDA
simulator the whole command runs on "the device" and gives the Python engine's numbers.

The games themselves, configuration by configuration, are ``test_gpu.py``'s."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from test_engine_option import ROOT, run, without_timing

import carcdsl.gpu
from carcdsl.cli.output import tell_engine
from carcdsl.sim import compiled
from carcdsl.sim.compiled import EngineChoice, Refusal

SIMULATE = ["simulate", "base", "--variant", "farmers", "--games", "6", "--quiet", "--json"]
ON_CPU = "; the compiled engine runs on the CPU instead"


def runs(data: dict) -> list[dict]:
    return [without_timing(r) for r in data["runs"]]


def no_device(monkeypatch) -> None:
    """As if this machine had no GPU (whatever it has): ``carcdsl.gpu.problem`` says so."""
    monkeypatch.setattr(carcdsl.gpu, "problem",
                        lambda: ("gpu-no-device", {"reason": "no CUDA device found"}))


def test_without_a_gpu_the_cpu_kernel_runs_saying_so(capsys, monkeypatch):
    no_device(monkeypatch)
    code, out, err = run(capsys, *SIMULATE, "--engine", "gpu")
    assert code == 0
    assert err.strip().splitlines() == ["GPU engine: no GPU here (no CUDA device found)" + ON_CPU]
    gpu = json.loads(out)
    assert gpu["runs"][0]["engine"] == "compiled"
    code, out, _ = run(capsys, *SIMULATE, "--engine", "compiled")
    assert runs(gpu) == runs(json.loads(out))


@pytest.mark.parametrize("command,says", [
    (["play", "base", "--games", "3", "--seed", "5", "--quiet"], ON_CPU),
    (["tournament", "base", "--bot", "random,greedy", "--games", "2", "--jobs", "1", "--json"],
     "plays random bots only, not greedy; the Python engine runs instead"),
])
def test_play_and_tournament_take_the_option(capsys, monkeypatch, command, says):
    no_device(monkeypatch)
    code, out, err = run(capsys, *command, "--engine", "gpu")
    assert code == 0, err
    assert err.count(says) == 1
    _, theirs, _ = run(capsys, *command, "--engine", "compiled")
    assert _numbers(out) == _numbers(theirs)


def _numbers(out: str) -> object:
    """The results, less the time taken."""
    if out.startswith("{"):
        data = json.loads(out)
        return {k: v for k, v in data.items() if k not in ("timing", "seconds", "engine")}
    return out.splitlines()[:-1]


def test_without_numba_cuda_it_says_what_to_install(monkeypatch):
    import importlib.util

    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "numba_cuda" else found(name, *a))
    assert carcdsl.gpu.problem() == ("gpu-needs-numba-cuda", {})


@pytest.mark.parametrize("lang,says", [
    ("en", "GPU engine: needs numba-cuda (pip install 'carcdsl[gpu]')" + ON_CPU),
    ("nl", "GPU-engine: heeft numba-cuda nodig (pip install 'carcdsl[gpu]'); de gecompileerde "
           "engine speelt in plaats daarvan op de CPU"),
])
def test_the_line_in_each_language(capsys, lang, says):
    tell_engine(EngineChoice("gpu", "compiled", Refusal("gpu-needs-numba-cuda")), lang)
    assert capsys.readouterr().err.strip() == says


def test_a_random_bot_only_request_falls_back_to_python_as_compiled_does(monkeypatch):
    """What the kernel cannot run (another bot) the Python engine runs, GPU or not."""
    no_device(monkeypatch)
    game = carcdsl.load("base")
    choice = compiled.choose(game, 2, ["greedy"], "gpu")
    assert (choice.asked, choice.engine, choice.refusal.key) == ("gpu", "python", "compiled-bots")


def test_on_the_simulator_the_command_runs_on_the_device():
    """``simulate --engine gpu`` under ``NUMBA_ENABLE_CUDASIM=1`` (the kernel as Python): the
    engine is ``gpu`` and every number is the Python engine's."""
    env = {**os.environ, "NUMBA_ENABLE_CUDASIM": "1", "NUMBA_DISABLE_JIT": "1"}
    argv = [sys.executable, "-m", "carcdsl", *SIMULATE]
    done = subprocess.run([*argv, "--engine", "gpu"], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    gpu = json.loads(done.stdout)
    assert gpu["runs"][0]["engine"] == "gpu"
    python = subprocess.run([*argv, "--engine", "python"], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert runs(gpu) == runs(json.loads(python.stdout))


def test_the_simulator_without_no_jit_is_refused_saying_what_to_set(monkeypatch):
    """The simulator's threads cannot call compiled kernel functions (its arrays are not
    Numba's): asked for alone, it is a fallback that says what else to set."""
    monkeypatch.setenv("NUMBA_ENABLE_CUDASIM", "1")
    monkeypatch.setenv("NUMBA_DISABLE_JIT", "0")
    assert carcdsl.gpu.problem() == ("gpu-simulator-needs-no-jit", {})
