"""``carcdsl serve`` in a process of its own, for the browser tests: its address, read from
the line it prints, and the process stopped after."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator


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
