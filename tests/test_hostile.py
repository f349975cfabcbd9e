"""Hostile rule files: reading outside the folder the user pointed at, files that are not rule
files, names too long, huge inputs (issue 19, "Trust")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from carcdsl.cli.main import main
from carcdsl.pipeline import compose

SECRET = "s3cret-line: do not show me"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file outside the project folder, with a line nobody may see."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.carc").write_text(f"rules secret\n{SECRET}\n")
    return folder / "secret.carc"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    folder.mkdir()
    return folder


@pytest.mark.parametrize("line", ['extends "{path}"', 'extends "../outside/secret.carc"'])
def test_extends_outside_the_folder_is_refused_at_its_place(capsys, project, outside, line):
    (project / "t.carc").write_text("rules t\n" + line.format(path=outside) + "\n")
    code, out, err = run(capsys, "check", str(project / "t.carc"))
    assert code == 1 and "Traceback" not in out + err
    assert SECRET not in out + err and "secret:" not in out
    assert "t.carc:2:9: error[E004]:" in out and "is outside the folders" in out
    assert "1 error" in out


def test_with_outside_the_folder_is_refused(capsys, project, outside):
    (project / "v.carc").write_text(f'variant v for base\nwith "{outside}"\n')
    code, out, _ = run(capsys, "check", str(project / "v.carc"))
    assert code == 1 and SECRET not in out
    assert "v.carc:2:6: error[E004]:" in out


def test_a_variant_for_a_rule_set_outside_is_refused(capsys, project, outside):
    (project / "v.carc").write_text(f'variant v for "{outside}"\n')
    code, out, _ = run(capsys, "check", str(project / "v.carc"))
    assert code == 1 and SECRET not in out and "error[E004]" in out


def test_a_symbolic_link_out_of_the_folder_is_refused(capsys, project, outside):
    (project / "link.carc").symlink_to(outside)
    (project / "t.carc").write_text('rules t\nextends "link.carc"\n')
    code, out, _ = run(capsys, "check", str(project / "t.carc"))
    assert code == 1 and SECRET not in out and "is outside the folders" in out


def test_allow_path_lets_a_folder_in(capsys, project, outside):
    (project / "t.carc").write_text('rules t\nextends "../outside/secret.carc"\n')
    _rules, found, _ = compose(project / "t.carc", allow=[outside.parent])
    assert "E004" not in {d.code for d in found}
    assert any(d.loc and d.loc.file.endswith("secret.carc") for d in found)  # it was read
    for command in ("check", "export", "explain", "play"):
        code, out, err = run(capsys, command, str(project / "t.carc"), "--allow-path",
                              str(outside.parent))
        assert code == 1 and "E004" not in out + err, command


def test_allow_path_must_be_a_folder(capsys, project):
    (project / "t.carc").write_text("rules t\nextends base\n")
    code, out, err = run(capsys, "check", str(project / "t.carc"), "--allow-path",
                         str(project / "nowhere"))
    assert code == 1 and "--allow-path" in out and "not a folder" in out


def test_files_below_the_folder_and_bundled_names_are_read(project):
    (project / "sub").mkdir()
    (project / "sub" / "u.carc").write_text("rules u\nextends base\n")
    (project / "t.carc").write_text('rules t\nextends "sub/u.carc"\n')
    rules, found, _ = compose(project / "t.carc")
    assert rules is not None and not [d for d in found if d.is_error]


def test_a_file_that_is_not_rule_text_is_never_quoted(capsys, project):
    (project / "notes.carc").write_text(f"{SECRET}\ntile is a word here\n")
    (project / "t.carc").write_text('rules t\nextends "notes.carc"\n')
    code, out, _ = run(capsys, "check", str(project / "t.carc"))
    assert code == 1 and SECRET not in out and "s3cret" not in out
    assert "notes.carc:1:1: error[E106]: not a rule file" in out
    assert "\n    " not in out  # no source line, no caret


def test_a_header_less_file_shows_positions_not_lines(capsys, project):
    (project / "t.carc").write_text("extends base\ntile Q 1 citty N\n")
    code, out, _ = run(capsys, "check", str(project / "t.carc"))
    assert code == 1 and "error[E106]" in out
    assert "citty" not in out and "extends base" not in out


def test_a_rule_file_is_still_quoted(capsys, project):
    (project / "t.carc").write_text("# a comment\nrules t\nextends base\ntile Q 1 citty N\n")
    code, out, _ = run(capsys, "check", str(project / "t.carc"))
    assert code == 1 and "    tile Q 1 citty N\n" in out


@pytest.mark.parametrize("text, at", [
    ('rules t\nextends "loop.carc"\n', "t.carc:2:9"),
    ('variant t for base\nwith "loop.carc"\n', "t.carc:2:6"),
    ('variant t for "loop.carc"\n', "t.carc:1:15"),
    ('rules t\nextends "dir/loop.carc"\n', "t.carc:2:9"),
])
def test_a_link_to_itself_is_said_at_its_place(capsys, project, text, at):
    (project / "loop.carc").symlink_to("loop.carc")
    (project / "dir").symlink_to("dir")
    (project / "t.carc").write_text(text)
    code, out, err = run(capsys, "check", str(project / "t.carc"))
    assert code == 1 and "internal error" not in err and "Traceback" not in out + err
    assert f"{at}: error[E004]:" in out and "too many symbolic links" in out


@pytest.mark.parametrize("target", ["a\0b.carc", "\ud800.carc", "\ud800", "ba\0se"])
def test_a_name_no_file_can_have_is_said_by_resolve(project, target):
    from carcdsl.errors import RuleError
    from carcdsl.lang.sources import resolve

    with pytest.raises(RuleError) as caught:
        resolve(target, project, within=(project,))
    assert caught.value.diagnostics[0].code == "E004"


@pytest.mark.parametrize("how", ["file", "variant", "extends"])
def test_a_name_too_long_for_the_file_system_is_said(capsys, project, how):
    name = "n" * 300
    if how == "extends":
        (project / "t.carc").write_text(f'rules t\nextends "{name}.carc"\n')
        argv = ["check", str(project / "t.carc")]
    elif how == "variant":
        argv = ["check", "base", "--variant", name]
    else:
        argv = ["check", name]
    code, out, err = run(capsys, *argv)
    assert code == 1 and "Traceback" not in out + err
    assert "cannot write the output" not in err
    assert "cannot be looked up: file name too long" in out


def test_a_fifo_is_not_read(capsys, project):
    os.mkfifo(project / "pipe.carc")
    (project / "t.carc").write_text('rules t\nextends "pipe.carc"\n')
    code, out, _ = run(capsys, "check", str(project / "t.carc"))
    assert code == 1 and "not a regular file" in out


# --- the parser cache -------------------------------------------------------------------------


class _Planted:
    """A pickle that, loaded, leaves a mark: proof that a planted file was read."""

    def __init__(self, mark: Path):
        self.mark = mark

    def __reduce__(self):
        return (open, (str(self.mark), "w"))


@pytest.fixture
def fresh_grammar(tmp_path, monkeypatch):
    """grammar() built again, with the user's cache in ``tmp_path/cache`` and the shared
    temporary folder in ``tmp_path/shared``."""
    import tempfile

    from carcdsl.lang import syntax

    shared = tmp_path / "shared"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    syntax.grammar.cache_clear()
    yield syntax
    syntax.grammar.cache_clear()


def _plant(folder: Path, syntax, mark: Path, mode: int = 0o600) -> Path:
    import pickle

    folder.mkdir(parents=True, exist_ok=True)
    fresh = syntax.grammar()  # the name the cache uses
    syntax.grammar.cache_clear()
    (name,) = [p.name for p in folder.glob("grammar-*.lark")] or ["grammar-x.lark"]
    planted = folder / name
    planted.write_bytes(pickle.dumps(_Planted(mark)))
    planted.chmod(mode)
    assert fresh is not None
    return planted


def test_the_parser_cache_is_private_and_not_in_the_shared_temp_folder(fresh_grammar, tmp_path):
    syntax = fresh_grammar
    parser = syntax.grammar()
    assert parser.parse("rules t\n") is not None
    assert list((tmp_path / "shared").iterdir()) == []  # nothing in tempfile.gettempdir()
    folder = tmp_path / "cache" / "carcdsl"
    assert folder.stat().st_mode & 0o777 == 0o700
    (cached,) = folder.iterdir()
    assert cached.stat().st_mode & 0o777 == 0o600
    syntax.grammar.cache_clear()
    again = syntax.grammar()  # read back from the cache, and it works
    assert again.parse("rules t\ntile A 1 city N\n") is not None


def test_a_cache_folder_others_may_write_is_never_read(fresh_grammar, tmp_path):
    syntax = fresh_grammar
    folder = tmp_path / "cache" / "carcdsl"
    mark = tmp_path / "ran"
    _plant(folder, syntax, mark)
    folder.chmod(0o777)
    assert syntax.grammar().parse("rules t\n") is not None
    assert not mark.exists()


def test_a_cache_file_others_may_write_is_never_read(fresh_grammar, tmp_path):
    syntax = fresh_grammar
    mark = tmp_path / "ran"
    _plant(tmp_path / "cache" / "carcdsl", syntax, mark, mode=0o666)
    assert syntax.grammar().parse("rules t\n") is not None
    assert not mark.exists()


def test_a_cache_folder_that_is_a_symbolic_link_is_never_read(fresh_grammar, tmp_path):
    syntax = fresh_grammar
    elsewhere = tmp_path / "elsewhere"
    mark = tmp_path / "ran"
    _plant(elsewhere, syntax, mark)
    elsewhere.chmod(0o700)
    (tmp_path / "cache").mkdir(exist_ok=True)
    import shutil
    shutil.rmtree(tmp_path / "cache" / "carcdsl", ignore_errors=True)
    (tmp_path / "cache" / "carcdsl").symlink_to(elsewhere)
    assert syntax.grammar().parse("rules t\n") is not None
    assert not mark.exists()


def test_a_planted_lark_cache_in_the_shared_temp_folder_is_never_read(fresh_grammar, tmp_path,
                                                                      monkeypatch):
    """Lark's own cache=True reads /tmp/.lark_cache_*; with it off, a file planted under
    every name it could use is never opened."""
    import builtins

    syntax = fresh_grammar
    monkeypatch.setenv("XDG_CACHE_HOME", "not-absolute")  # no private cache either
    opened = []
    real_open = builtins.open

    def spy(file, *args, **kwargs):
        opened.append(str(file))
        return real_open(file, *args, **kwargs)
    monkeypatch.setattr(builtins, "open", spy)
    assert syntax.grammar().parse("rules t\n") is not None
    assert not [f for f in opened if ".lark" in f or str(tmp_path / "shared") in f]


# --- numbers: the JSON form refuses what the text form refuses --------------------------------


def _base_json() -> dict:
    import carcdsl
    from carcdsl.lang.jsonform import ruleset_to_json

    return ruleset_to_json(carcdsl.load("base").rules)


@pytest.mark.parametrize(("where", "value", "path", "digits"), [
    (("board", "start_areas"), "1e308", "$.board.start_areas", 309),
    (("tiles", 0, "count"), "1e300", "$.tiles[0].count", 301),
    (("game", "followers"), "-1e18", "$.game.followers", 19),
])
def test_a_long_number_written_as_a_float_is_e008_at_its_path(tmp_path, where, value, path,
                                                               digits):
    import json

    from carcdsl.errors import RuleError
    from carcdsl.lang.jsonform import ruleset_from_json_text

    data = _base_json()
    target = data
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = "@@"
    text = json.dumps(data).replace('"@@"', value)
    with pytest.raises(RuleError) as info:
        ruleset_from_json_text(text, "big.json")
    (diag,) = info.value.diagnostics
    assert (diag.code, diag.loc.path, diag.args["digits"]) == ("E008", path, str(digits))


def test_a_long_number_handed_in_from_python_is_e008():
    from carcdsl.errors import RuleError
    from carcdsl.lang.jsonform import ruleset_from_json

    data = _base_json()
    data["supply"]["sets"] = 10 ** 30
    with pytest.raises(RuleError) as info:
        ruleset_from_json(data, "x.json")
    assert [(d.code, d.loc.path) for d in info.value.diagnostics] == [("E008", "$.supply.sets")]



# --- time and memory ----------------------------------------------------------------------------


@pytest.fixture
def hang_guard():
    """Fails a test that runs longer than a minute (a hang, not a slow machine)."""
    import signal

    def stop(*_):
        raise TimeoutError("hang guard: more than 60 s")
    before = signal.signal(signal.SIGALRM, stop)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, before)


def test_carets_on_one_huge_line_cost_a_window_each_not_the_line(hang_guard):
    """Each caret under a 4 MB line used to copy the whole line (tabs made spaces) before
    cutting its 160-character window: 50,000 problems on it took minutes."""
    from carcdsl.diagnostics import Diagnostic, format_diagnostic
    from carcdsl.model.base import Loc

    line = "\tx" * 2_000_000
    sources = {"t.carc": "rules t\n" + line + "\n"}
    said = [format_diagnostic(Diagnostic("E001", "m", Loc("t.carc", 2, 1 + 80 * i)), sources)
            for i in range(50_000)]
    assert all(len(text) < 400 for text in said)
    assert said[3].splitlines()[1].strip() == "x " * 80 or "\t" not in said[3]
