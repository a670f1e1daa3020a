"""Pig's board: click roll or hold; the hint says what ``hold20`` would do."""

from __future__ import annotations

import ipywidgets as widgets

from tilegames.widgets import GameView

from . import render
from .rules import Move, new_game


class PigView(GameView):
    def __init__(self, game) -> None:
        self.hint_button = widgets.Button(description="Hint", tooltip="roll or hold?")
        super().__init__(game, controls=[self.hint_button])
        self.on_press(self.hint_button, self.hint)
        self.refresh()

    def picture(self) -> str:
        return render.svg(self.game)

    def clicked(self, target: str) -> None:
        self.play(Move.parse(target))

    def focus_target(self) -> str | None:
        return None if self.game.is_over else "roll"

    def hint(self) -> None:
        """Hold once the turn is worth 20 points, or would win."""
        game = self.game
        if game.is_over:
            self.say("The game is over.")
        else:
            enough = min(20, game.rules.target - game.banked[game.to_move])
            self.say(f"Hint: {'hold' if game.turn_total >= enough else 'roll'}.")
        self.refresh()

    def deal(self, seed: int):
        return new_game(seed, rules=self.game.rules, players=self.game.players)


def view(game=None, **options) -> PigView:
    """A board for ``game`` (or a new one: ``view(seed=3, players=4)``)."""
    return PigView(game if game is not None else new_game(**options))
