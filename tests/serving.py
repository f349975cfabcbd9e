"""``carcdsl serve`` in a process of its own, for the browser tests: its address, read from
the line it prints, and the process stopped after; and Debian's Chromium launched through
Playwright (``launched_chromium``), which CI requires (``CARCDSL_REQUIRE_BROWSER=1``: a
missing browser fails there instead of skipping)."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

REQUIRED = os.environ.get("CARCDSL_REQUIRE_BROWSER") == "1"


def missing(reason: str) -> None:
    """Skip for want of a browser, or fail where CI requires one."""
    if REQUIRED:
        pytest.fail(f"{reason} (CARCDSL_REQUIRE_BROWSER=1)")
    pytest.skip(reason)


@contextlib.contextmanager
def launched_chromium() -> Iterator:
    """Debian's Chromium through Playwright's ``executable_path`` (its own download cannot
    be fetched here), closed after."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright is not installed: pip install '.[test]'")
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(executable).exists():
        missing("no Chromium: apt-get install chromium")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


@contextlib.contextmanager
def served_at(*args: str) -> Iterator[str]:
    """``carcdsl serve ARGS --port 0`` running: its address (``http://127.0.0.1:N/``)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    if "--db" not in args:  # the games go to a folder of their own, not the user's
        env["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="carcdsl-data-")
    proc = subprocess.Popen([sys.executable, "-m", "carcdsl", "serve", *args, "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"http://\S+/", line)
        assert found, f"serve printed {line!r}; stderr: {proc.stderr.read() if proc.stderr else ''}"
        yield found.group(0)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
