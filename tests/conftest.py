"""Shared test settings: a hypothesis profile sized for a 2-core CI machine, and the two
projects built once per session (sdists, wheels, a school's wheelhouse)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=int(os.environ.get("TILEGAMES_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.register_profile("thorough", max_examples=500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# -- the built distributions, once per session ----------------------------------------------------
# test_install.py, test_school.py and test_hub.py all start from the same thing a school starts
# from: the two projects built with ``python -m build`` (the sdist, then the wheel from the sdist,
# so the sdist is known to be complete), and, for the Unix accounts, a local wheelhouse. Built
# once, on first use, and shared; each test copies what it needs where its accounts can read it.

ROOT = Path(__file__).resolve().parents[1]
# what the school's two environments and its hub install, fetched into the wheelhouse
WHEELHOUSE_REQUIREMENTS = (
    "tilegames[course,hub]",
    "tilegames-course",
    "jupyterhub",
    "jupyterhub-ltiauthenticator",
)


@pytest.fixture(scope="session")
def built_dists(tmp_path_factory) -> Path:
    """The folder holding both projects' sdists and wheels, built as a school builds them."""
    out = tmp_path_factory.mktemp("dist")
    for project in (ROOT, ROOT / "course"):
        done = subprocess.run(
            [sys.executable, "-m", "build", "--outdir", out, project],
            capture_output=True, text=True, cwd=ROOT, check=False,
        )  # fmt: skip
        assert done.returncode == 0, f"building {project}:\n{done.stdout[-4000:]}{done.stderr}"
    return out


@pytest.fixture(scope="session")
def school_wheelhouse(built_dists, tmp_path_factory) -> Path:
    """A school's local mirror: every wheel the school's environments and hub install, resolved
    by Debian's Python (the hub's, which may be older than this one) from this machine's package
    cache, so the accounts' pip installs without the network."""
    house = tmp_path_factory.mktemp("wheelhouse")
    fetcher = Path(tempfile.mkdtemp(prefix="tilegames-school-pip-"))
    try:
        subprocess.run(["/usr/bin/python3", "-m", "venv", fetcher], check=True, capture_output=True)
        done = subprocess.run(
            [fetcher / "bin" / "pip", "download", "--quiet", "--dest", house,
             "--find-links", built_dists, *WHEELHOUSE_REQUIREMENTS],
            capture_output=True, text=True, cwd=house, check=False,
        )  # fmt: skip
        assert done.returncode == 0, f"pip download:\n{done.stdout[-4000:]}{done.stderr[-4000:]}"
    finally:
        subprocess.run(["rm", "-rf", str(fetcher)], check=False)
    return house
