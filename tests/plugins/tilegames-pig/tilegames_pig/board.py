"""Pig's board: click roll or hold. The Hint button is the shared one (``GameView.hint``
asks the ``hold20`` player); a game with a better hint overrides ``hint``."""

from __future__ import annotations

from tilegames.widgets import GameView

from . import render
from .rules import Move, new_game


class PigView(GameView):
    def __init__(self, game) -> None:
        super().__init__(game)
        self.refresh()

    def picture(self) -> str:
        return render.svg(self.game)

    def clicked(self, target: str) -> None:
        self.play(Move.parse(target))

    def focus_target(self) -> str | None:
        return None if self.game.is_over else "roll"

    def deal(self, seed: int):
        return new_game(seed, rules=self.game.rules, players=self.game.players)


def view(game=None, **options) -> PigView:
    """A board for ``game`` (or a new one: ``view(seed=3, players=4)``)."""
    return PigView(game if game is not None else new_game(**options))
