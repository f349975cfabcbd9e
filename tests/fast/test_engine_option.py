"""``--engine {python,compiled,gpu}`` as a user meets it: the option on play, simulate and
tournament, the one line said when the Python engine runs instead of the compiled one (in
English and Dutch), results identical to ``--engine python`` whenever it falls back, and a
core that never imports Numba unless the compiled engine is asked for.

The tests that need the kernel itself are in ``test_compiled_rows.py``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import carcdsl
import carcdsl.fast
from carcdsl.cli.main import main
from carcdsl.cli.output import tell_engine
from carcdsl.fast import KERNEL_OPT, source_digest
from carcdsl.sim import compiled
from carcdsl.sim.compiled import EngineChoice, Refusal

ROOT = Path(__file__).resolve().parents[2]
FALLBACK = "; the Python engine runs instead"
BIG_SEED = ["--seed", str(2 ** 49)]
"""Seeds the compiled engine does not take (``fast.support.unsupported_seeds``): every
construct of the language runs on it, so these make it fall back."""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def without_timing(data: dict) -> dict:
    """A ``--json`` output less what differs between runs and engines."""
    drop = {"seconds", "games_per_second", "engine", "compile_seconds"}
    return {k: v for k, v in data.items() if k not in drop}


def numba_missing(monkeypatch) -> None:
    """As if Numba were not installed: ``import numba`` fails, ``find_spec`` finds nothing."""
    monkeypatch.setitem(sys.modules, "numba", None)


# --- the option -----------------------------------------------------------------------------

@pytest.mark.parametrize("command", [
    ["play", "base", "--games", "2"], ["simulate", "base", "--games", "2"],
    ["tournament", "base", "--bot", "random,greedy", "--games", "2"]])
def test_engine_is_a_choice_of_three(capsys, command):
    code, out, err = run(capsys, *command, "--engine", "fast")
    assert code == 1 and out == ""
    assert err.strip() == (f"carcdsl {command[0]}: --engine: 'fast' is not one of python, "
                           f"compiled, gpu (see carcdsl {command[0]} --help)")
    code, out, err = run(capsys, *command, "--engine", "fast", "--lang", "nl")
    assert code == 1 and "--engine: 'fast' is niet een van python, compiled, gpu" in err


def test_python_is_the_default_and_says_nothing(capsys):
    code, out, err = run(capsys, "play", "base", "--games", "3", "--seed", "1", "--json")
    assert code == 0 and err == ""
    summary = json.loads(out)
    assert summary["engine"] == "python" and summary["compile_seconds"] is None


# --- one line when the Python engine runs instead -----------------------------------------------

NO_NUMBA = "compiled engine: needs Numba (pip install 'carcdsl[fast]')" + FALLBACK
GREEDY = "compiled engine: plays random bots only, not greedy" + FALLBACK
ONE_GAME = ("compiled engine: plays batches of games (--games 2 or more), not a single game"
            + FALLBACK)


@pytest.mark.parametrize("command, line", [
    (["play", "base", "--games", "4", "--bot", "greedy,random", "--json"], GREEDY),
    (["simulate", "base", "--games", "4", "--bot", "random,greedy", "--jobs", "1", "--json"],
     GREEDY),
    (["tournament", "base", "--bot", "random,greedy", "--games", "2", "--jobs", "1",
      "--bootstrap", "0", "--json"], GREEDY),
    (["play", "base", "--json"], ONE_GAME),
    (["play", "base", "--quiet"], ONE_GAME),
])
def test_what_the_compiled_engine_cannot_run_is_said_once(capsys, command, line):
    code, out, err = run(capsys, *command, "--seed", "5", "--engine", "compiled")
    assert code == 0
    assert err.splitlines() == [line]
    code, python_out, python_err = run(capsys, *command, "--seed", "5")
    assert code == 0 and python_err == ""
    if line == ONE_GAME:  # one game: its result, its record
        assert out == python_out
    else:
        _same_results(json.loads(out), json.loads(python_out))


def _same_results(compiled_json: dict, python_json: dict) -> None:
    if "runs" in compiled_json:  # simulate
        for a, b in zip(compiled_json["runs"], python_json["runs"]):
            assert a["engine"] == b["engine"] == "python"
            assert without_timing(a) == without_timing(b)
        return
    if "timing" in compiled_json:  # tournament
        assert compiled_json.pop("timing")["engine"] == "python"
        python_json.pop("timing")
        assert compiled_json == python_json
        return
    assert compiled_json["engine"] == "python"
    assert without_timing(compiled_json) == without_timing(python_json)


def test_numba_missing_names_the_extra(capsys, monkeypatch):
    numba_missing(monkeypatch)
    code, out, err = run(capsys, "play", "base", "--games", "3", "--seed", "2", "--json",
                         "--engine", "compiled")
    assert code == 0 and err.splitlines() == [NO_NUMBA]
    assert json.loads(out)["engine"] == "python"
    code, out, err = run(capsys, "simulate", "base", "--games", "3", "--jobs", "1", "--json",
                         "--engine", "compiled", "--lang", "nl")
    assert code == 0
    assert err.splitlines() == ["gecompileerde engine: heeft Numba nodig (pip install "
                                "'carcdsl[fast]'); de Python-engine speelt in plaats daarvan"]


def test_a_reason_configurations_share_is_said_once(capsys, monkeypatch):
    numba_missing(monkeypatch)
    code, _, err = run(capsys, "simulate", "base", "--games", "2", "--jobs", "1", "--json",
                       "--engine", "compiled", "--compare", "base -v farmers",
                       "--compare", "base --bot greedy")
    assert code == 0
    assert err.splitlines() == [NO_NUMBA, GREEDY]


def test_dutch_lines(monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/tmp/kernels")
    said = []
    for choice in (EngineChoice("compiled", "python", Refusal("compiled-bots", {"bots": "mcts"})),
                   EngineChoice("compiled", "compiled", None, 12.34, True)):
        said.append(_said(choice, "nl"))
    assert said == [
        "gecompileerde engine: speelt alleen willekeurige bots, niet mcts; de Python-engine "
        "speelt in plaats daarvan",
        "gecompileerde engine: gecompileerd in 12,3 s, bewaard voor de volgende keer in "
        "/tmp/kernels"]


def _said(choice: EngineChoice, lang: str) -> str:
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        tell_engine(choice, lang)
    return err.getvalue().rstrip("\n")


def test_compile_time_is_said_only_when_compiled(monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/tmp/kernels")
    assert _said(EngineChoice("compiled", "compiled", None, 12.34, True), "en") == \
        "compiled engine: compiled in 12.3 s, cached for next time in /tmp/kernels"
    assert _said(EngineChoice("compiled", "compiled", None, 0.21, False), "en") == ""
    assert _said(compiled.PYTHON, "en") == ""


def test_a_compile_is_seen_in_the_cache(tmp_path, monkeypatch):
    """``warm`` tells a compile from a cache load by the cache's index files."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert compiled._cache_index() == {}
    (tmp_path / "kernel.run-10.py311.nbi").write_bytes(b"x")
    first = compiled._cache_index()
    assert len(first) == 1 and compiled._cache_index() == first
    os.utime(tmp_path / "kernel.run-10.py311.nbi", ns=(1, 1))
    assert compiled._cache_index() != first


def test_other_bots_fall_back():
    game = carcdsl.load("base")
    assert compiled.refused(game, 2, ["greedy"]) == Refusal("compiled-bots", {"bots": "greedy"})
    assert compiled.refused(game, 2, ["random", "mcts:playouts=5", "greedy", "mcts:playouts=5"]) \
        == Refusal("compiled-bots", {"bots": "mcts:playouts=5, greedy"})
    # the random bot by another name is the random bot
    assert compiled.is_random("carcdsl.bots.builtin:random_bot")
    assert not compiled.is_random("greedy")


# --- the core without Numba -----------------------------------------------------------------

def _python(code: str, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "NUMBA_OPT")}
    environ.update(env, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=environ, cwd=ROOT, timeout=120)


def test_the_python_engine_never_imports_numba():
    done = _python(
        "import sys\n"
        "from carcdsl.cli.main import main\n"
        "assert main(['play', 'base', '--games', '2', '-q']) == 0\n"
        "assert main(['simulate', 'base', '--games', '2', '--jobs', '1', '--json']) == 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numba', 'llvmlite')"
        " or m.startswith('carcdsl.fast')))\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"


def test_the_cache_goes_to_the_user_cache_dir(tmp_path):
    done = _python("import os, carcdsl.fast; print(os.environ['NUMBA_CACHE_DIR'])",
                   XDG_CACHE_HOME=str(tmp_path))
    assert done.returncode == 0, done.stderr
    folder = tmp_path / "carcdsl" / "numba" / f"{source_digest()}-o{KERNEL_OPT}"
    assert done.stdout.strip() == str(folder)
    assert folder.is_dir()


def test_the_kernels_are_optimised_at_the_kernel_level_unless_the_user_says():
    show = "import carcdsl.fast, numba.core.config as c; print(int(c.OPT), c.CACHE_DIR[-3:])"
    assert _python(show).stdout.split() == [KERNEL_OPT, f"-o{KERNEL_OPT}"]
    assert _python(show, NUMBA_OPT="3").stdout.split() == ["3", "-o3"]
    numba_first = "import numba; " + show  # Numba read the variables before carcdsl set them
    assert _python(numba_first).stdout.split() == [KERNEL_OPT, f"-o{KERNEL_OPT}"]


def test_an_edit_to_any_kernel_module_compiles_into_a_fresh_folder(tmp_path):
    """Numba judges a cached function by its own file's time stamp; the kernel inlines code
    from the other modules, so the cache folder is named by all of their text."""
    sources = Path(carcdsl.fast.__file__).parent
    copy = tmp_path / "fast"
    copy.mkdir()
    for path in sources.glob("*.py"):
        (copy / path.name).write_bytes(path.read_bytes())
    assert source_digest(copy) == source_digest()
    effects = copy / "effects.py"
    effects.write_text(effects.read_text() + "\n# an edit\n")
    assert source_digest(copy) != source_digest()


def test_a_cache_dir_given_is_kept(tmp_path):
    done = _python("import os, carcdsl.fast; print(os.environ['NUMBA_CACHE_DIR'])",
                   NUMBA_CACHE_DIR=str(tmp_path / "mine"))
    assert done.stdout.strip() == str(tmp_path / "mine")


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root writes anywhere")
def test_an_unwritable_cache_dir_gives_way_to_a_temporary_one(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        done = _python("import os, carcdsl.fast; print(os.environ['NUMBA_CACHE_DIR'])",
                       XDG_CACHE_HOME=str(locked))
    finally:
        locked.chmod(0o700)
    assert done.returncode == 0, done.stderr
    assert "carcdsl-numba" in done.stdout and str(locked) not in done.stdout


def test_a_cold_compile_is_shown_while_it_runs_on_a_terminal(monkeypatch):
    """On a terminal the line counts the seconds up while the compile runs, then is wiped;
    elsewhere nothing is said."""
    import io
    import time

    from carcdsl.cli.output import compiling_notice

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    line = "\r\033[Kcompiled engine: compiling, once ({} s)..."
    stream = Terminal()
    monkeypatch.setattr(sys, "stderr", stream)
    with compiling_notice("en", every=0.05) as compiling:
        assert compiling is not None
        compiling()
        time.sleep(1.3)
    said = stream.getvalue()
    assert said.startswith(line.format(0)) and line.format(1) in said
    assert said.endswith("\r\033[K") and said.count("\r\033[K") >= 10
    plain = io.StringIO()
    monkeypatch.setattr(sys, "stderr", plain)
    with compiling_notice("en") as compiling:
        assert compiling is None
    assert plain.getvalue() == ""


def test_a_rule_set_it_cannot_run_is_said_before_a_missing_numba(capsys, monkeypatch):
    """Installing Numba would not help: the rule set is the reason, and a fallback never
    imports Numba."""
    numba_missing(monkeypatch)
    code, _, err = run(capsys, "play", "base", *BIG_SEED, "--games", "2", "--quiet", "--engine",
                       "compiled")
    assert code == 0
    assert err.splitlines() == [f"compiled engine: cannot run seed {2 ** 49} (the compiled "
                                "engine takes seeds below 2**49)" + FALLBACK]


def test_a_fallback_does_not_import_numba():
    done = _python(
        "import sys\n"
        "from carcdsl.cli.main import main\n"
        f"assert main(['play', 'base', *{BIG_SEED!r}, '--games', '2', '-q', '--engine',"
        " 'compiled']) == 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numba', 'llvmlite')))\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"
    assert done.stderr.startswith("compiled engine: cannot run ")


def test_a_search_bot_rolls_out_on_the_compiled_engine(capsys):
    """With --engine compiled and mcts, the Python engine plays and mcts rolls out on the
    kernel: said in one line; the games are the same whichever process plays them."""
    from carcdsl.sim import compiled as sim_compiled

    game = carcdsl.load("base", ["farmers"])
    choice = sim_compiled.choose(game, 2, ["mcts:playouts=10:depth=-1", "random"], "compiled")
    assert choice.engine == "python" and choice.roll_outs
    assert choice.refusal.key == "compiled-bots-roll-out"
    assert choice.bot_options == {"engine": "compiled"}
    depth0 = sim_compiled.choose(game, 2, ["greedy"], "compiled")
    assert not depth0.roll_outs and depth0.bot_options == {}
    goods = sim_compiled.choose(carcdsl.load("base", ["traders-builders", "tower"]), 2,
                                ["mcts"], "compiled")  # tokens, prisoners: loaded too
    assert goods.roll_outs and goods.refusal.key == "compiled-bots-roll-out"
