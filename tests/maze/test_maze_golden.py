"""Golden playthrough of Maze (as OpenSpiel does): a seeded game's text table and legal moves
at every step, compared with tests/maze/golden_maze.txt.

Any change in the deal from a seed, the move rule, the order of legal moves, the score or the
text table shows up as a diff. After an intended change, regenerate with

    TILEGAMES_REGEN_GOLDEN=1 .venv/bin/pytest tests/maze/test_maze_golden.py

and read the diff before committing it. (Same format as tests/golden/.)
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from tilegames.maze import new_game

GOLDEN = Path(__file__).parent / "golden_maze.txt"
MAX_STEPS = 60


def playthrough(seed: int = 1) -> str:
    """The record of one seeded game whose moves are drawn from a Generator seeded the same."""
    game = new_game(seed=seed)
    chooser = np.random.default_rng(seed)
    lines = [f"# maze playthrough, seed {seed}"]
    for step in range(MAX_STEPS + 1):
        moves = game.legal_moves()
        lines += [f"## step {step}", str(game), "legal: " + ", ".join(str(m) for m in moves)]
        if game.is_over or not moves:
            break
        move = moves[int(chooser.integers(len(moves)))]
        lines.append(f"play: {move}")
        game.play(move)
    return "\n".join(lines) + "\n"


def test_golden_playthrough_is_unchanged():
    record = playthrough()
    if os.environ.get("TILEGAMES_REGEN_GOLDEN"):
        GOLDEN.write_text(record)
    assert GOLDEN.exists(), f"no golden file {GOLDEN}: run with TILEGAMES_REGEN_GOLDEN=1"
    assert record == GOLDEN.read_text()
