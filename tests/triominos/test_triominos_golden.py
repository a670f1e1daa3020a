"""Golden playthrough (as OpenSpiel does): a seeded round's text board and legal moves at every step.

The record was made by this same code; any change in the rules, the deal from
a seed, the move order or the text board shows up as a diff. After an intended
change, regenerate it with

    TILEGAMES_REGEN_GOLDEN=1 .venv/bin/pytest tests/triominos/test_triominos_golden.py

and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from tilegames.triominos import new_game

GOLDEN = Path(__file__).parent / "golden_triominos.txt"
MAX_STEPS = 60


def playthrough(seed: int = 1, players: int = 3) -> str:
    """One seeded round whose moves are drawn from a Generator seeded the same."""
    game = new_game(seed=seed, players=players)
    chooser = np.random.default_rng(seed)
    lines = [f"# triominos playthrough, seed {seed}, {players} players"]
    for step in range(MAX_STEPS + 1):
        moves = game.legal_moves()
        lines += [f"## step {step}", str(game), "legal: " + ", ".join(str(m) for m in moves)]
        if game.is_over or not moves:
            break
        move = moves[int(chooser.integers(len(moves)))]
        lines.append(f"play: {move}")
        game.play(move)
    lines.append("events: " + "; ".join(f"P{e.seat} {e.kind} {e.points:+d}" for e in game.events))
    return "\n".join(lines) + "\n"


def test_golden_playthrough_is_unchanged():
    record = playthrough()
    if os.environ.get("TILEGAMES_REGEN_GOLDEN"):
        GOLDEN.write_text(record)
    assert GOLDEN.exists(), f"no golden file {GOLDEN}: run with TILEGAMES_REGEN_GOLDEN=1 to make it"
    assert record == GOLDEN.read_text()
