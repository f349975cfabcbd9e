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
