"""Draw the README's pictures into docs/ (run: .venv/bin/python scripts/make_pictures.py)."""

from __future__ import annotations

from pathlib import Path

from tilegames import tula
from tilegames.tula import render

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
    return render.svg(game)


if __name__ == "__main__":
    DOCS.mkdir(exist_ok=True)
    (DOCS / "tula.svg").write_text(tula_picture())
    print("wrote", DOCS / "tula.svg")
