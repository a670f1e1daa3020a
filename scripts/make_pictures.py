"""Draw the README's pictures into docs/ (run: .venv/bin/python scripts/make_pictures.py).

Each is a seeded position a few moves in, so the pictures are the same on every run.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's tilegames

from tilegames import maze, pyramids, triominos, tula
from tilegames.tula import render as tula_render

DOCS = Path(__file__).resolve().parent.parent / "docs"


def tula_picture() -> str:
    """A seeded Tula game a few removals in: layers, stack and highlights all show."""
    game = tula.new_game(seed=129)
    while len(game.stack) < 5:
        moves = game.legal_moves()
        reveals = [m for m in moves if m.kind == "reveal"]
        game.play(reveals[0] if reveals else moves[0])
    for move in game.legal_moves():
        if move.kind == "reveal":
            game.play(move)
    return tula_render.svg(game)


def maze_picture() -> str:
    """A Maze deal part-way through its solver's solution: runs are forming."""
    from tilegames.maze.players import solve

    game = maze.new_game(seed=2026)
    for move in solve(game).moves[:60]:
        game.play(move)
    return game._repr_svg_()


def triominos_picture() -> str:
    """A three-player Tri-Ominos round, fourteen placements in."""
    from tilegames.triominos.players import make_player

    game = triominos.new_game(seed=4, players=3)
    rng = np.random.default_rng(4)
    players = {seat: make_player("greedy") for seat in range(3)}
    while len(game.history) < 20 and not game.is_over:
        game.play(players[game.to_move].choose(game.player_view(game.to_move), rng))
    return game._repr_svg_()


def pyramids_picture() -> str:
    """A two-player Flaming Pyramids game played carefully for a while: a wall of three rows."""
    from tilegames.pyramids.players import make_player

    game = pyramids.new_game(seed=11, players=2)
    bot = make_player("careful")
    rng = np.random.default_rng(11)
    while len(game.history) < 12 and not game.is_over:
        game.play(bot.choose(game.player_view(), rng))
    return game._repr_svg_()


if __name__ == "__main__":
    DOCS.mkdir(exist_ok=True)
    for name, draw in (
        ("tula", tula_picture),
        ("maze", maze_picture),
        ("triominos", triominos_picture),
        ("pyramids", pyramids_picture),
    ):
        (DOCS / f"{name}.svg").write_text(draw())
        print("wrote", DOCS / f"{name}.svg")
