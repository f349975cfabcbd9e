"""formats.files.write_atomically: the one writer every output goes through (records, pictures,
saved rule files, simulation reports) leaves the old file or the new one, never half of one."""

import os
import stat

import pytest

from carcdsl.formats.files import write_atomically


def test_writes_a_new_file_and_replaces_an_old_one_keeping_its_mode(tmp_path):
    target = tmp_path / "out.txt"
    write_atomically(target, b"one")
    assert target.read_bytes() == b"one"
    os.chmod(target, 0o640)
    write_atomically(target, b"two")
    assert target.read_bytes() == b"two"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_a_link_is_followed_and_kept(tmp_path):
    real = tmp_path / "real.txt"
    real.write_bytes(b"old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_atomically(link, b"new")
    assert link.is_symlink()
    assert real.read_bytes() == b"new"


def test_a_folder_is_refused_and_nothing_is_left(tmp_path):
    with pytest.raises(IsADirectoryError):
        write_atomically(tmp_path, b"x")
    assert list(tmp_path.iterdir()) == []


def test_a_failing_write_leaves_the_old_file_whole_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    target.write_bytes(b"old contents")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space"):
        write_atomically(target, b"new contents")
    assert target.read_bytes() == b"old contents"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_an_interrupt_mid_write_leaves_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(target, b"data")
    assert list(tmp_path.iterdir()) == []


# --- targets that are not regular files (issue 31: `simulate --csv /dev/full` became a CSV) --

def test_a_fifo_is_refused_left_as_it_is_and_nothing_is_written(tmp_path):
    from carcdsl.formats.files import NotAFileError

    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    with pytest.raises(NotAFileError) as caught:
        write_atomically(fifo, b"data")
    assert caught.value.kind == "fifo" and caught.value.filename == str(fifo)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe.csv"]


def test_a_link_to_a_fifo_is_refused_and_both_stay(tmp_path):
    from carcdsl.formats.files import NotAFileError

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "out.csv"
    link.symlink_to(fifo)
    with pytest.raises(NotAFileError):
        write_atomically(link, b"data")
    assert link.is_symlink() and stat.S_ISFIFO(os.stat(link).st_mode)


def test_a_link_loop_is_refused_and_kept(tmp_path):
    loop = tmp_path / "loop.csv"
    loop.symlink_to("loop.csv")
    with pytest.raises(OSError) as caught:
        write_atomically(loop, b"data")
    assert caught.value.errno == 40  # ELOOP
    assert loop.is_symlink() and os.readlink(loop) == "loop.csv"
    assert [p.name for p in tmp_path.iterdir()] == ["loop.csv"]


def test_check_target_says_before_anything_is_made(tmp_path):
    from carcdsl.formats.files import NotAFileError, check_target

    check_target(tmp_path / "new.csv")  # a new name
    (tmp_path / "old.csv").write_bytes(b"x")
    check_target(tmp_path / "old.csv")  # a regular file
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(NotAFileError):
        check_target(tmp_path / "pipe")
    with pytest.raises(IsADirectoryError):
        check_target(tmp_path)


RECORD_ARGS = ["play", "base", "--seed", "3", "--quiet", "--record"]


def _outputs(tmp_path):
    """Every output option of the commands, each with a named pipe where its file goes."""
    from carcdsl.cli.main import main

    record = tmp_path / "game.json"
    assert main([*RECORD_ARGS, str(record)]) == 0
    (tmp_path / "all").mkdir()
    return {
        "simulate --csv": (["simulate", "base", "--games", "2", "--jobs", "1", "--csv"],
                           "out.csv"),
        "simulate --parquet": (["simulate", "base", "--games", "2", "--jobs", "1",
                                "--parquet"], "out.parquet"),
        "simulate --html": (["simulate", "base", "--games", "2", "--jobs", "1", "--html"],
                            "out.html"),
        "render --tiles": (["render", "base", "--tiles"], "sheet.svg"),
        "render --move": (["render", str(record), "--move", "1"], "board.svg"),
        "render --all": (["render", str(record), "--all", str(tmp_path / "all")],
                         "all/move-001.svg"),
    }


@pytest.mark.parametrize("option", ["simulate --csv", "simulate --parquet", "simulate --html",
                                    "render --tiles", "render --move", "render --all"])
def test_every_output_option_refuses_a_fifo_with_one_message(tmp_path, capsys, option):
    from carcdsl.cli.main import main

    argv, name = _outputs(tmp_path)[option]
    if option.endswith("--parquet"):
        pytest.importorskip("pyarrow")
    if option.endswith("--html"):
        pytest.importorskip("matplotlib")
    fifo = tmp_path / name
    os.mkfifo(fifo)
    capsys.readouterr()
    code = main(argv if option == "render --all" else [*argv, str(fifo)])
    out, err = capsys.readouterr()
    assert code == 1, err
    assert err == f"carcdsl: cannot write {fifo}: a named pipe, not a regular file\n"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert not list(tmp_path.glob("**/.*.tmp"))
    if option == "render --all":
        assert sorted(p.name for p in (tmp_path / "all").iterdir()) == ["move-001.svg"]


def test_render_all_refuses_a_fifo_among_its_files_before_writing_any(tmp_path, capsys):
    from carcdsl.cli.main import main

    record = tmp_path / "game.json"
    assert main([*RECORD_ARGS, str(record)]) == 0
    folder = tmp_path / "all"
    folder.mkdir()
    os.mkfifo(folder / "move-003.svg")
    assert main(["render", str(record), "--all", str(folder)]) == 1
    assert "cannot write" in capsys.readouterr().err
    assert [p.name for p in folder.iterdir()] == ["move-003.svg"]


@pytest.mark.parametrize("name, what", [("a\0b.csv", "nul"), ("\ud800.csv", "surrogate")])
def test_a_name_no_file_can_have_is_an_oserror_naming_it(tmp_path, name, what):
    from carcdsl.formats.files import BadNameError

    with pytest.raises(BadNameError) as caught:
        write_atomically(str(tmp_path / name), b"x")
    assert caught.value.reason_code == f"bad-name/{what}" and caught.value.errno == 22
    assert list(tmp_path.iterdir()) == []
