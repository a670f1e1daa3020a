"""The playable Tri-Ominos board for JupyterLab: a round against computer players.

Click a tile of your hand to select it (click it again, or *Rotate*, to turn
it), then click a cell: green cells take it as shown, yellow cells with
another rotation. Click the pool (or *Draw*) to draw, *Pass* to pass.
*Next move* plays the opponents one move at a time; *Opponents play* runs
them until your turn. Every placement's score is broken down in the table,
and every refusal is explained in the log.

>>> from tilegames.triominos import new_game
>>> board = view(new_game(seed=6), you=1)
>>> board.board.click("hand:8")      # 5-5-5, the opening tile
>>> board.board.click("cell:0,0")
>>> [str(m) for m in board.game.history]
['5-5-5 @ 0,0 r0']
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets
import numpy as np

from ..errors import IllegalMove
from ..randomness import fresh_seed
from ..widgets import GameView, callable_module
from . import render
from .lattice import check_cell, rotations, tile_name
from .players import make_player
from .rules import Game, Move, Rules, new_game


class TriominosView(GameView):
    """A round of Tri-Ominos on a clickable board; you play one seat, computers the others."""

    def __init__(self, game: Game, *, you: int = 0, opponent: str = "greedy") -> None:
        self.you = you
        """The seat you play."""
        self.opponent_kind = opponent
        self.opponents = {s: make_player(opponent) for s in range(game.players) if s != you}
        self.rng = np.random.default_rng(game.seed if game.seed is not None else fresh_seed())
        """The computer players' generator (seeded from the deal when it has a seed)."""
        self.selected: int | None = None
        self.rotation = 0
        self.rotate_button = widgets.Button(
            description="Rotate", icon="rotate-right", tooltip="turn the selected tile"
        )
        self.draw_button = widgets.Button(description="Draw", tooltip="draw from the pool (-5)")
        self.pass_button = widgets.Button(
            description="Pass", tooltip="pass (-10): only when you cannot place or draw"
        )
        self.next_button = widgets.Button(
            description="Next move", icon="step-forward", tooltip="one opponent move"
        )
        self.run_button = widgets.Button(
            description="Opponents play", icon="forward", tooltip="opponents play until your turn"
        )
        self.rules_box = widgets.Dropdown(
            options=["seed", "pressman"],
            value=game.rules.name if game.rules.name in ("seed", "pressman") else "seed",
            description="rules",
            layout={"width": "180px"},
        )
        self.scores_table = widgets.HTML()
        self.scores_table.add_class("triominos-scores")
        super().__init__(
            game,
            controls=[
                self.rotate_button,
                self.draw_button,
                self.pass_button,
                self.next_button,
                self.run_button,
            ],
            settings=[self.rules_box],
        )
        self.widget.children = (*self.widget.children, self.scores_table)
        self.rotate_button.on_click(lambda _: self.rotate())
        self.draw_button.on_click(lambda _: self.act("draw"))
        self.pass_button.on_click(lambda _: self.act("pass"))
        self.next_button.on_click(lambda _: self.opponent_move())
        self.run_button.on_click(lambda _: self.opponents_play())
        self.say(f"You are P{you}. Select a tile of your hand, then click a cell.")
        self.refresh()

    # -- drawing ---------------------------------------------------------------------------------
    def picture(self) -> str:
        return render.svg(self.game, seat=self.you, selected=self.selected, rotation=self.rotation)

    def status_text(self) -> str:
        game = self.game
        if game.is_over:
            return game.status()
        if game.to_move == self.you:
            moves = game.legal_moves()
            if moves[0].kind == "place":
                return f"Your turn (P{self.you}): place a tile. Pool {game.pool_size}."
            return f"Your turn (P{self.you}): no tile fits, you must {moves[0].kind}."
        return f"P{game.to_move} to play: click 'Next move' or 'Opponents play'."

    def refresh(self) -> None:
        super().refresh()
        rows = []
        for event in self.game.events[::-1][:14]:
            move = self.game.history[event.move] if event.move >= 0 else "round end"
            bonus = event.bonus_kind or ("penalty" if event.points < 0 else "")
            rows.append(
                f"<tr><td>P{event.seat}</td><td>{escape(str(move))}</td><td>{event.value}</td>"
                f"<td>{escape(bonus)} {event.bonus or ''}</td><td><b>{event.points:+d}</b></td></tr>"
            )
        header = "<tr><th>player</th><th>move</th><th>value</th><th>bonus</th><th>points</th></tr>"
        totals = " · ".join(f"P{s}: {p}" for s, p in enumerate(self.game.scores))
        self.scores_table.value = f"<b>Scores</b> {escape(totals)}<table class='triominos-breakdown'>{header}{''.join(rows)}</table>"
        yours = self.game.to_move == self.you
        self.draw_button.disabled = not yours
        self.pass_button.disabled = not yours
        self.next_button.disabled = self.game.is_over or yours
        self.run_button.disabled = self.game.is_over or yours

    # -- clicks ----------------------------------------------------------------------------------
    def clicked(self, target: str) -> bool:
        """Turn a click into an action; False (nothing changes) for anything else."""
        what = self._target(target)
        if what is None:
            return False
        kind, value = what
        if kind == "hand":
            if self.selected == value:
                self.rotate()
            else:
                self.selected, self.rotation = value, 0
                tile = self.game.hand(self.you)[value]
                self.say(f"Selected {tile_name(tile)}.")
        elif kind == "cell":
            self.place_at(value)
        else:
            self.act("draw")
        return True

    def forget_selection(self) -> None:
        """Drop the selected tile."""
        self.selected, self.rotation = None, 0

    def _target(self, target: object) -> tuple[str, object] | None:
        """``("hand", index)``, ``("cell", (r, c))`` or ``("pool", None)``; None when not clickable."""
        if not isinstance(target, str) or len(target) > 40:
            return None
        kind, colon, rest = target.partition(":")
        if kind == "pool" and not colon:
            return "pool", None
        if kind == "hand" and rest.isascii() and rest.isdecimal() and len(rest) < 4:
            index = int(rest)
            if index < len(self.game.hand(self.you)):
                return "hand", index
            return None
        if kind == "cell":
            parts = rest.split(",")
            if len(parts) == 2 and all(
                p.isascii() and p.lstrip("-").isdecimal() and len(p) < 6 for p in parts
            ):
                try:
                    return "cell", check_cell((int(parts[0]), int(parts[1])))
                except IllegalMove:
                    return None
        return None

    def rotate(self) -> None:
        """Turn the selected tile to its next rotation."""
        hand = self.game.hand(self.you)
        if self.selected is not None and not 0 <= self.selected < len(hand):
            self.selected, self.rotation = None, 0
        if self.selected is None:
            self.say("Select a tile of your hand first.")
        else:
            tile = hand[self.selected]
            turns = rotations(tile)
            self.rotation = (
                turns[(turns.index(self.rotation) + 1) % len(turns)]
                if self.rotation in turns
                else 0
            )
            self.say(f"{tile_name(tile)} turned to r{self.rotation}.")
        self.refresh()

    def place_at(self, cell: tuple[int, int]) -> None:
        """Place the selected tile in ``cell`` with the current rotation (or explain why not)."""
        game = self.game
        if game.to_move != self.you:
            self.say(f"It is P{game.to_move}'s turn: click 'Next move'.", "refused")
            return
        if self.selected is None:
            self.say("Select a tile of your hand first, then click a cell.", "refused")
            return
        hand = game.hand(self.you)
        if not 0 <= self.selected < len(hand):
            self.selected, self.rotation = None, 0
            self.say("Select a tile of your hand first, then click a cell.", "refused")
            return
        tile = hand[self.selected]
        move = Move.place(tile, cell, self.rotation)
        reason = game.why_illegal(move)
        if reason is not None:
            others = game.player_view(self.you).fits(tile).get(cell, ())
            hint = (
                f" ({', '.join(f'r{r}' for r in others)} fits here: rotate the tile)"
                if others
                else ""
            )
            self.say(f"Refused: {reason}{hint}", "refused")
            return
        self.act(move)

    def act(self, move: Move | str) -> None:
        """Play your move (placement, draw or pass) and report its points."""
        if self.game.to_move != self.you:
            self.say(f"It is P{self.game.to_move}'s turn.", "refused")
            return
        before = len(self.game.events)
        if self.play(move):
            self.selected, self.rotation = None, 0
            self._report(before, "You")
        self.refresh()

    def opponent_move(self) -> None:
        """One move of the computer player to move."""
        game = self.game
        if game.is_over or game.to_move == self.you:
            return
        seat = game.to_move
        move = self.opponents[seat].choose(game.player_view(seat), self.rng)
        before = len(game.events)
        game.play(move)
        self._report(before, f"P{seat}")
        self.refresh()

    def opponents_play(self) -> None:
        """The computer players move until it is your turn (or the round ends)."""
        while not self.game.is_over and self.game.to_move != self.you:
            self.opponent_move()

    def _report(self, first_event: int, who: str) -> None:
        for event in self.game.events[first_event:]:
            if event.kind in ("start", "place"):
                move = self.game.history[event.move]
                parts = f"{event.value}" + (
                    f" + {event.bonus_kind} {event.bonus}" if event.bonus else ""
                )
                self.say(f"{who} played {move}: {parts} = {event.points} points.", "good")
            elif event.kind == "draw":
                self.say(f"{who} drew a tile: {event.points}.")
            elif event.kind == "pass":
                self.say(f"{who} passed: {event.points}.")
            elif event.kind == "out":
                self.say(
                    f"P{event.seat} went out: +{event.bonus} + {event.value} left in hands.", "good"
                )
            elif event.kind == "blocked":
                self.say(f"Blocked round: P{event.seat} wins {event.points}.", "good")
        if self.game.is_over:
            self.say(self.game.status(), "good")

    def deal(self, seed: int) -> Game:
        """A new round from ``seed`` with the rules chosen in the menu."""
        self.selected, self.rotation = None, 0
        self.say(f"{self.rules_box.value.capitalize()} rules. You are P{self.you}.")
        return new_game(seed, players=self.game.players, rules=Rules.preset(self.rules_box.value))


def view(
    game: Game | None = None,
    *,
    seed: int | None = None,
    players: int = 2,
    you: int = 0,
    opponent: str = "greedy",
    rules: Rules | str | None = None,
) -> TriominosView:
    """A playable round: ``game`` or a new deal from ``seed``; you play seat ``you``."""
    if game is None:
        game = new_game(
            seed if seed is not None else fresh_seed() % 1_000_000, players=players, rules=rules
        )
    return TriominosView(game, you=you, opponent=opponent)


callable_module(__name__, view)
