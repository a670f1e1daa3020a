"""A lesson's time budget: every notebook's Run All must fit in a minute on two cores.

nbval runs a notebook as one test per cell. This plugin adds up the cells'
wall time per notebook (kernel start included, from the first cell's setup to
the last cell's end) and fails the notebook's last cell when the whole
notebook took longer than ``NOTEBOOK_SECONDS`` times ``NOTEBOOK_MARGIN``: the
budget is a minute, and the margin of 2 keeps the check fair on a loaded
machine. The times are printed at the end of the run.
"""

from __future__ import annotations

import os
import signal
import time

import pytest

# A test run started in the background of a non-interactive shell ignores SIGINT, and every
# process a test starts inherits that: the Ctrl-C tests would then wait for a run that cannot
# hear them. Give SIGINT back its usual meaning here (the children then start with it too).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# The tests and the committed notebooks are written in English: a machine whose locale is Slovak,
# Portuguese or Russian would otherwise run them in that language (tilegames.i18n reads the locale).
# The kernels nbval starts inherit this too. A test of another language asks for it explicitly.
os.environ["TILEGAMES_LANG"] = "en"

NOTEBOOK_SECONDS = 60.0
"""The lesson's budget for Run All, on a 2-core machine."""
NOTEBOOK_MARGIN = float(os.environ.get("TILEGAMES_NOTEBOOK_MARGIN", "2"))
"""How much slower than the budget a loaded test machine may be."""

_started: dict[str, float] = {}
_took: dict[str, float] = {}


def _notebook_of(item) -> str | None:
    path = str(getattr(item, "fspath", ""))
    return path if path.endswith(".ipynb") else None


def _is_last_cell(item) -> bool:
    same = [other for other in item.session.items if _notebook_of(other) == _notebook_of(item)]
    return bool(same) and same[-1] is item


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    notebook = _notebook_of(item)
    if notebook is not None and notebook not in _started:
        _started[notebook] = time.monotonic()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    notebook = _notebook_of(item)
    if notebook is None or call.when != "call" or not _is_last_cell(item):
        return
    took = time.monotonic() - _started[notebook]
    _took[notebook] = took
    report = outcome.get_result()
    limit = NOTEBOOK_SECONDS * NOTEBOOK_MARGIN
    if took > limit and report.passed:
        report.outcome = "failed"
        report.longrepr = (
            f"{os.path.basename(notebook)}: Run All took {took:.0f} s, over the lesson's "
            f"budget of {NOTEBOOK_SECONDS:.0f} s (x{NOTEBOOK_MARGIN:g} on a test machine)"
        )


def pytest_terminal_summary(terminalreporter):
    if _took:
        terminalreporter.write_sep("-", "notebook Run All times (budget 60 s on 2 cores)")
        for notebook, took in sorted(_took.items()):
            terminalreporter.write_line(f"{took:6.1f} s  {os.path.relpath(notebook)}")


@pytest.fixture(autouse=True)
def _no_student_id_left_over():
    """Every test (doctests too) starts with no student id typed in this process: an id typed
    by one (``student_id("ada")``) must not decide another's questions."""
    from tilegames.exercises import handin

    handin.forget_student()
    yield
    handin.forget_student()
