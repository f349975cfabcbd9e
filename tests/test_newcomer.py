"""What a newcomer tripped over (issue 19): each item as the newcomer met it."""

from __future__ import annotations

import json

from carcdsl.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_comma_list_of_bots_is_repeated_bot_options(capsys):
    listed = run(capsys, "play", "base", "--players", "3", "--bot", "greedy,random",
                 "--seed", "3", "--json")
    repeated = run(capsys, "play", "base", "--players", "3", "--bot", "greedy", "--bot",
                   "random", "--seed", "3", "--json")
    assert listed[0] == 0, listed[2]
    assert json.loads(listed[1])["scores"] == json.loads(repeated[1])["scores"]
    code, _, err = run(capsys, "play", "base", "--bot", "greedy,robot")
    assert code == 1 and "unknown bot 'robot'" in err and "Traceback" not in err
    code, _, err = run(capsys, "play", "base", "--bot", "greedy,random,greedy")
    assert code == 1 and "3 --bot kinds for 2 seats" in err


def test_did_you_mean_needs_a_real_misspelling():
    from carcdsl.diagnostics import suggest
    assert suggest("lakes", ["tiles", "pennants", "markers", "followers"]) == ""
    assert suggest("citty", ["city", "road"]) == "city"
    assert suggest("bsae", ["base", "nuts"]) == "base"  # two letters swapped: one edit
    assert suggest("completed", ["complete", "final"]) == "complete"


def test_an_unknown_quantity_suggests_nothing_unrelated(tmp_path, capsys):
    path = tmp_path / "lakes.carc"
    path.write_text("variant v for base\noverride feature city { score final = lakes }\n")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1 and "unknown scoring quantity 'lakes'" in out
    assert "did you mean" not in out


def test_a_minus_says_how_to_subtract(tmp_path, capsys):
    path = tmp_path / "minus.carc"
    path.write_text("variant v for base\noverride feature city { score final = tiles - 1 }\n")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1 and "error[E002]" in out and "`a + -1 * b`" in out
    path.write_text("variant v for base\n"
                    "override feature city { score final = tiles + -1 * pennants + -1 }\n")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0, out


def test_the_benchmark_says_when_the_ratio_lacks_its_calibration(tmp_path, capsys,
                                                                  monkeypatch):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "bench" / "bench.py"
    spec = importlib.util.spec_from_file_location("bench_under_test", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setattr(bench, "CALIB", tmp_path / "calib.py")
    assert bench.main(["--games", "1", "--samples", "20", "--cli-games", "0",
                       "--playouts", "0", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["ratio"] is None
    assert "calib.py not found" in err and "ratios need it" in err


def test_skipped_tests_say_why_in_the_default_output():
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    options = tomllib.loads(pyproject.read_text())["tool"]["pytest"]["ini_options"]
    assert "-rs" in options["addopts"].split()
