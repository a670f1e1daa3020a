"""The toy game's board: click a counter to take it and every one right of it."""

from __future__ import annotations

import ipywidgets as widgets

from tilegames.widgets import GameView

from . import render
from .rules import Move, new_game


class ToyView(GameView):
    def __init__(self, game) -> None:
        self.hint_button = widgets.Button(description="Hint", tooltip="a good number to take")
        super().__init__(game, controls=[self.hint_button])
        self.on_press(self.hint_button, self.hint)
        self.refresh()

    def picture(self) -> str:
        return render.svg(self.game)

    def clicked(self, target: str) -> None:
        self.play(Move(int(target.split(":")[1])))

    def focus_target(self) -> str | None:
        return None if self.game.is_over else "take:1"

    def hint(self) -> None:
        """Leave the next seat a multiple of ``max_take + 1`` when you can."""
        count = self.game.pile % (self.game.rules.max_take + 1) or 1
        self.say(f"Hint: take {count}.")
        self.refresh()

    def deal(self, seed: int):
        return new_game(seed, rules=self.game.rules, players=len(self.game.cards))


def view(game=None, **options) -> ToyView:
    """A board for ``game`` (or a new one)."""
    return ToyView(game if game is not None else new_game(**options))
