import os
import sys
import tempfile
from pathlib import Path

import pytest

# tests import their helpers (reference.py) by name
sys.path.insert(0, str(Path(__file__).parent))

REQUIRE_NUMBA = os.environ.get("CARCDSL_REQUIRE_NUMBA") == "1"
"""CI installs Numba (the test extra) and sets this: a test skipped for want of Numba or NumPy
then fails instead, so that a broken install cannot pass as a skip."""


def pytest_configure(config: pytest.Config) -> None:
    """The compiled engine's kernels compile once into a cache the runs of this checkout share
    (``.pytest_cache/d/numba``, a folder per ``source_digest``, as ``carcdsl.fast`` does, so
    that an edit to one kernel module never loads kernels compiled from the old one), not the
    user's: a cold compile takes many seconds, a cache load a fraction of one. Set before
    anything imports Numba, and inherited by the commands and worker processes the tests
    start. A ``NUMBA_CACHE_DIR`` given is kept."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    cache = getattr(config, "cache", None)  # None with -p no:cacheprovider
    folder = cache.mkdir("numba") if cache is not None else \
        Path(tempfile.mkdtemp(prefix="carcdsl-numba-"))
    os.environ["NUMBA_CACHE_DIR"] = str(folder)  # first, or carcdsl.fast sets the user's
    from carcdsl.fast import source_digest  # (imports no Numba)

    os.environ["NUMBA_CACHE_DIR"] = str(folder / source_digest())


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test, and every command it starts, keeps what the user's data folder would hold
    (``serve``'s games: ``web.store``) in a folder of its own, never the user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


def _numba_skip(report: pytest.CollectReport | pytest.TestReport) -> bool:
    if not (REQUIRE_NUMBA and report.skipped):
        return False
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    return "numba" in reason.lower() or "numpy" in reason.lower()


def _fail(report: pytest.CollectReport | pytest.TestReport) -> None:
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    report.outcome = "failed"
    report.longrepr = f"{reason} (CARCDSL_REQUIRE_NUMBA=1: the compiled engine must be tested)"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector):
    outcome = yield
    report = outcome.get_result()
    if _numba_skip(report):
        _fail(report)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    report = outcome.get_result()
    if _numba_skip(report):
        _fail(report)
