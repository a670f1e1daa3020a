"""The installed Pyramids engine (compiled by mypyc when it could be) against its ``.py`` sources.

``setup.py`` may compile ``fast``, ``careful``, ``turns``, ``mayhem`` and ``tiles`` (see
``tilegames.pyramids.native``); the ``.py`` files stay the reference. Here
the ``.py`` sources are loaded explicitly, as a separate package beside the
installed one, and seeded games are played with both: the same moves, the
same final position, winner, turns and mayhem counts. Where nothing was
compiled both sides are the same Python, and the test still checks that the
sources load and play on their own.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import tilegames.pyramids
from tilegames.pyramids import Rules, careful, fast, native, players, rules

SOURCES = Path(tilegames.pyramids.__file__).parent
PURE = "tilegames._pyramids_source"  # beside tilegames.pyramids: its ``..`` imports still work


@pytest.fixture(scope="module")
def pure_fast():
    """``fast`` as loaded from ``fast.py``, with ``mayhem`` and ``tiles`` from their ``.py`` too."""
    package = ModuleType(PURE)
    package.__path__ = []
    added = {PURE: package, f"{PURE}.players": players, f"{PURE}.rules": rules}
    try:
        sys.modules.update(added)
        for name in native.MODULES[
            ::-1
        ]:  # tiles, mayhem, turns, careful, fast: each imports the ones before
            spec = importlib.util.spec_from_file_location(f"{PURE}.{name}", SOURCES / f"{name}.py")
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            added[spec.name] = sys.modules[spec.name] = module
            spec.loader.exec_module(module)
            assert not native.is_compiled(module)
        yield sys.modules[f"{PURE}.fast"]
    finally:
        for name in added:
            sys.modules.pop(name, None)


def test_the_sources_are_loaded_apart(pure_fast) -> None:
    pure_careful = sys.modules[f"{PURE}.careful"]
    assert pure_fast is not fast and pure_careful is not careful
    assert pure_careful.mayhem is not careful.mayhem  # the whole engine, from its sources
    assert pure_fast.choose_placement is pure_careful.choose_placement
    assert pure_fast.__file__ == str(SOURCES / "fast.py")
    assert native.describe() in ("python", "compiled (mypyc)")


@pytest.mark.parametrize(
    ("players_", "rules_", "seats"),
    [
        (2, Rules(), ("careful", "careful")),
        (3, Rules(curse=True), ("careful", "random", "careful")),
        (4, Rules(fire_cube=True, overhang_collapse="slide"), ("careful",) * 4),
    ],
)
def test_compiled_and_python_play_the_same_games(pure_fast, players_, rules_, seats) -> None:
    for seed in range(8):
        installed = fast.play(seed, players=players_, rules=rules_, seats=seats, rng=seed)
        source = pure_fast.play(seed, players=players_, rules=rules_, seats=seats, rng=seed)
        assert source.history == installed.history
        assert source.board == installed.board
        assert (source.hands, source.piles, source.removed) == (
            installed.hands,
            installed.piles,
            installed.removed,
        )
        assert (source.winner, source.turns, source.counts, source.rolls) == (
            installed.winner,
            installed.turns,
            installed.counts,
            installed.rolls,
        )


def test_the_study_rows_do_not_depend_on_the_engine(pure_fast, monkeypatch) -> None:
    """A study's rows (through ``study.game_task``) with the installed engine and the sources."""
    from tilegames.pyramids import study

    def rows() -> list:
        rng = np.random.default_rng(5)
        return [study.game_task(rng, players=2, player="careful") for _ in range(5)]

    installed = rows()
    monkeypatch.setattr(study, "fast", pure_fast)
    assert rows() == installed
