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
    assert code == 0, out  # subtraction is part of the language now
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


def test_a_person_may_name_a_follower_by_its_role():
    import carcdsl
    from carcdsl.cli.human import match_moves
    from carcdsl.engine.moves import FollowerSpec, Placement
    from carcdsl.i18n.words import Words

    rules = carcdsl.load("base").rules
    moves = [Placement("U", (1, 0), 90), Placement("U", (1, 0), 90, FollowerSpec("road", "E"))]
    assert match_moves("1 0 90 highwayman", moves, Words(rules), rules) == [1]
    assert match_moves("1 0 90 road:E", moves, Words(rules), rules) == [1]
    assert match_moves("1 0 90 struikrover:O", moves, Words(rules, "nl"), rules) == [1]
    assert match_moves("1 0 90 knight", moves, Words(rules), rules) == []


def test_a_square_alone_lists_the_moves_there(capsys, monkeypatch):
    import carcdsl

    state = carcdsl.load("base").new_game(2, seed=2)
    squares = [move.at for move in state.legal_moves()]
    square = max(set(squares), key=squares.count)  # the square with the most moves
    answers = iter([f"{square[0]} {square[1]}", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = run(capsys, "play", "base", "--bot", "human", "--seed", "2")
    assert code == 1  # quit after the list: nothing was played
    assert f"{squares.count(square)} moves at ({square[0]}, {square[1]})" in out
    assert "  0. P1: " not in out


def test_the_package_face_shows_the_public_api_only():
    import carcdsl

    assert set(dir(carcdsl)) == {*carcdsl.__all__, "__version__"}
    assert carcdsl.load and carcdsl.Game  # still there, of course


def _public_members(cls: type):
    """Public methods and properties of ``cls`` that carcdsl defines (its own or its
    carcdsl bases'), with where they are defined."""
    import inspect

    for name in dir(cls):
        if name.startswith("_"):
            continue
        for owner in cls.__mro__:
            if name in vars(owner):
                break
        else:
            continue
        if not owner.__module__.startswith("carcdsl"):
            continue
        value = inspect.getattr_static(owner, name)
        func = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
        if inspect.isfunction(func):
            yield f"{owner.__qualname__}.{name}", func


def test_every_public_method_of_the_public_classes_says_what_it_does():
    import inspect

    import carcdsl

    classes = [getattr(carcdsl, name) for name in carcdsl.__all__
               if inspect.isclass(getattr(carcdsl, name))]
    assert {"Game", "State", "Placement", "Record", "IllegalMoveError"} <= \
        {cls.__name__ for cls in classes}
    missing = sorted({name for cls in classes for name, func in _public_members(cls)
                      if not (func.__doc__ or "").strip()})
    assert missing == []
    assert all((cls.__doc__ or "").strip() for cls in classes)


def _installed_layout(tmp_path, monkeypatch):
    """The bundled files as `pip install .` lays them out: a copy inside a package folder
    that is not the checkout's rules/ (site-packages/carcdsl/rules)."""
    import shutil
    from pathlib import Path

    rules = tmp_path / "site-packages" / "carcdsl" / "rules"
    shutil.copytree(Path(__file__).resolve().parents[1] / "rules", rules)
    monkeypatch.setattr("carcdsl.lang.sources.rules_dir", lambda: rules)
    return rules


def test_installed_bundled_files_are_named_by_their_bundled_name(tmp_path, monkeypatch,
                                                                 capsys):
    rules = _installed_layout(tmp_path, monkeypatch)
    path = rules / "variants" / "farmers.carc"
    path.write_text(path.read_text() + "feature lake { geometry area  score complete = tiles }\n")
    # W303 above
    code, out, _ = run(capsys, "check", "base", "--variant", "farmers")
    assert code == 0
    assert out.startswith("farmers:") and "warning[W303]" in out
    assert "site-packages" not in out
    assert out.splitlines()[-1] == "base + farmers: 0 errors, 1 warning"
    code, out, _ = run(capsys, "explain", "base", "--variant", "farmers")
    assert code == 0 and "site-packages" not in out and "farmers:" in out
    code, _, err = run(capsys, "play", "base", "--variant", "border-closes", "-q",
                       "--seed", "1")
    assert code == 0 and err.startswith("carcdsl: border-closes:15:")


def test_checkout_bundled_files_keep_their_paths(capsys):
    code, out, _ = run(capsys, "check", "base", "--variant", "border-closes")
    assert "rules/variants/border-closes.carc:15:" in out


def test_list_names_every_bundled_file_with_its_parameters(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    lines = [line for line in out.splitlines() if not line.startswith(" ")]
    abouts = [line.strip() for line in out.splitlines() if line.startswith(" ")]
    assert len(abouts) == len(lines)  # every bundled file says what it does, under its line
    assert abouts[0].startswith("The base game (2014 edition): 72 tiles")
    assert lines[0].split() == ["base", "rule", "set"]
    assert "rule set  areas=2 (2..3)  sets=1 (1..10)" in lines[1]
    assert lines[1].startswith("maps-germany ")
    assert any(line.split("  ")[0].strip() == "border-closes"
               and "with table-edge" in line and "reading=filled" in line for line in lines)
    assert any(line.startswith("table-edge ") and "width=9  height=9" in line
               for line in lines)
    assert len(lines) == 33  # 4 rule sets, 29 variants
    code, out, _ = run(capsys, "list", "--lang", "nl")
    assert code == 0 and "variant voor base" in out
    assert "\n                         Boeren: volgelingen mogen in weiden liggen" in out


def test_list_as_json_carries_each_files_about(capsys):
    code, out, _ = run(capsys, "list", "--json", "--lang", "nl")
    listed = {entry["name"]: entry for entry in json.loads(out)}
    assert code == 0 and len(listed) == 33
    assert listed["farmers"]["about"].startswith("Boeren: volgelingen mogen in weiden liggen")
    assert listed["border-closes"]["with"] == ["table-edge"]
    assert listed["table-edge"]["params"][0] == {"name": "width", "default": 9, "allowed": None}
    assert all(entry["about"] for entry in listed.values())
    code, out, _ = run(capsys, "list", "--json")
    assert json.loads(out)[0]["about"].startswith("The base game (2014 edition)")


def test_explain_says_what_a_rule_set_is(capsys):
    code, out, _ = run(capsys, "explain", "base", "--variant", "farmers")
    assert code == 0
    assert "2–5 players, 7 followers each; 72 tiles of 24 types, the start tile D" in out
    assert ("city (area, followers may stand on it): scores 2 * tiles + 2 * pennants when "
            "completed, tiles + pennants at the end") in out
    assert "field (field, followers may stand on it): scores nothing when completed, " \
        "3 * completed(city) at the end" in out
    assert "variants applied: farmers" in out
    # what the files say they do, right under the title: the rule set's, then each variant's
    assert out.splitlines()[1].startswith("  The base game (2014 edition)")
    assert out.splitlines()[2].startswith("  farmers: Farmers: followers may lie in fields")
    code, out, _ = run(capsys, "explain", "base", "--variant", "farmers", "--lang", "nl")
    assert code == 0 and "  farmers: Boeren: volgelingen mogen in weiden liggen" in out
