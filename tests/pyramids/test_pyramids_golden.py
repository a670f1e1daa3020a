"""Golden playthrough (as OpenSpiel does): a seeded 3-player game with the curse and the fire cube.

The text board, the legal moves and the mayhem log at every step, compared
with tests/pyramids/golden_pyramids.txt. After an intended change, regenerate
with ``TILEGAMES_REGEN_GOLDEN=1 .venv/bin/pytest tests/pyramids/test_pyramids_golden.py``
and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from tilegames.pyramids import Rules, new_game

GOLDEN = Path(__file__).parent / "golden_pyramids.txt"
MAX_STEPS = 80


def playthrough(seed: int = 1) -> str:
    game = new_game(seed=seed, players=3, rules=Rules(curse=True, fire_cube=True))
    chooser = np.random.default_rng(seed)
    lines = [f"# pyramids playthrough, seed {seed}, 3 players, curse and fire cube"]
    shown = 0
    for step in range(MAX_STEPS + 1):
        lines += [e.text for e in game.log[shown:]]
        shown = len(game.log)
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
    assert GOLDEN.exists(), f"no golden file {GOLDEN}: run with TILEGAMES_REGEN_GOLDEN=1 to make it"
    assert record == GOLDEN.read_text()
