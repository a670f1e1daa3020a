"""Golden playthroughs (as OpenSpiel does): a seeded game's text board and legal moves at every step.

The files in tests/golden/ were made by this same code; any change in the
rules, the deal from a seed, the move order or the text board shows up as a
diff. After an intended change, regenerate them with

    TILEGAMES_REGEN_GOLDEN=1 .venv/bin/pytest tests/test_golden.py

and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
import toygame

import tilegames

GOLDEN = Path(__file__).parent / "golden"
MAX_STEPS = 80


def _pyramids_options() -> dict:
    from tilegames.pyramids import Rules

    return {"players": 3, "rules": Rules(curse=True, fire_cube=True)}


SHOWN = {
    # game: (a description for the header, new_game options, lines the game logs as it goes);
    # a game of tilegames.GAMES not listed here plays with the defaults (the toy game does)
    "tula": ("", dict, None),
    "maze": ("", dict, None),
    "triominos": (
        "3 players",
        lambda: {"players": 3},
        lambda g: [f"P{e.seat} {e.kind} {e.points:+d}" for e in g.events],
    ),
    "pyramids": (
        "3 players, curse and fire cube",
        _pyramids_options,
        lambda g: [e.text for e in g.log],
    ),
}


def playthrough(game_name: str, seed: int = 1) -> str:
    """The record of one seeded game whose moves are drawn from a Generator seeded the same."""
    description, options, log = SHOWN.get(game_name, ("", dict, None))
    game = tilegames.GAMES.spec(game_name).new_game(seed, **options())
    chooser = np.random.default_rng(seed)
    lines = [
        f"# {game_name} playthrough, seed {seed}" + (f", {description}" if description else "")
    ]
    shown = 0
    for step in range(MAX_STEPS + 1):
        if log is not None:
            entries = log(game)
            lines += entries[shown:]
            shown = len(entries)
        moves = game.legal_moves()
        lines += [f"## step {step}", str(game), "legal: " + ", ".join(str(m) for m in moves)]
        if game.is_over or not moves:
            break
        move = moves[int(chooser.integers(len(moves)))]
        lines.append(f"play: {move}")
        game.play(move)
    return "\n".join(lines) + "\n"


@pytest.fixture(autouse=True, scope="module")
def _toy_game_registered():
    tilegames.register(toygame.SPEC)
    yield
    tilegames.unregister(toygame.SPEC.name)


@pytest.mark.parametrize("game_name", [*tilegames.GAMES, toygame.SPEC.name])
def test_golden_playthrough_is_unchanged(game_name):
    path = GOLDEN / f"{game_name}.txt"
    record = playthrough(game_name)
    if os.environ.get("TILEGAMES_REGEN_GOLDEN"):
        path.write_text(record)
    assert path.exists(), f"no golden file {path}: run with TILEGAMES_REGEN_GOLDEN=1 to make it"
    assert record == path.read_text()
