"""The toy game's board: click a counter to take it and every one right of it."""

from __future__ import annotations

from tilegames.widgets import GameView

from . import render
from .rules import Move, new_game


class ToyView(GameView):
    def __init__(self, game) -> None:
        super().__init__(game)
        self.refresh()

    def picture(self) -> str:
        return render.svg(self.game)

    def clicked(self, target: str) -> None:
        self.play(Move(int(target.split(":")[1])))

    def deal(self, seed: int):
        return new_game(seed, rules=self.game.rules, players=len(self.game.cards))


def view(game=None, **options) -> ToyView:
    """A board for ``game`` (or a new one)."""
    return ToyView(game if game is not None else new_game(**options))
