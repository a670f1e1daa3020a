"""The playable Flaming Pyramids board for JupyterLab: you against the bots.

Click a tile of your hand, then a highlighted spot; when one of your tiles
is in the air, click where it should fall. After your move the bots play
until it is your decision again, and the mayhem is shown one event at a
time: press **Next** (or click the board) to step through it, **Skip** to
jump to the end. Beside the board: undo (back to your previous decision),
new deal (seed, number of players, bots' strategy), the curse and fire cube
switches, a hint, and a log that explains every refusal.

>>> from tilegames.pyramids import new_game
>>> board = view(new_game(seed=3, players=2, first_player=0))
>>> board.board.click("hand:0")
>>> target = "spot:" + ",".join(map(str, board.game.spots()[0]))
>>> board.board.click(target)
>>> len(board.game.history) >= 2          # your move, then the bot's
True
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

import ipywidgets as widgets
import numpy as np

from ..i18n import _, ngettext
from ..randomness import fresh_seed
from ..widgets import GameView
from . import render
from .players import PLAYERS, CarefulPlayer, make_player
from .rules import Game, new_game
from .tiles import TILES, tile_id


class PyramidsView(GameView):
    """A Flaming Pyramids game on a clickable board, one person against bots."""

    def __init__(
        self,
        game: Game,
        *,
        human: int = 0,
        bot: str = "careful",
        bot_seed: int = 0,
        humans=None,
    ) -> None:
        humans = {human} if humans is None else set(humans)
        self.human = human if human in humans else min(humans)
        """The seat whose hand is shown (with several people: the one whose decision it is)."""
        self.bot_name = bot
        self.bots = {p: make_player(bot) for p in range(game.n_players) if p not in humans}
        self._people = humans
        self.rng = np.random.default_rng(bot_seed)
        self.selected: int | None = None
        """Index of the hand tile chosen, waiting for a spot."""
        self.steps: list = []
        """Log events being shown one by one."""
        self.earlier: list = []
        """Events of the same turn before those (listed in the mayhem log, not replayed)."""
        self.step = 0
        self.players_box = widgets.Dropdown(
            options=[2, 3, 4, 5, 6],
            value=game.n_players,
            description=_("players"),
            layout={"width": "150px"},
        )
        self.bot_box = widgets.Dropdown(
            options=list(PLAYERS), value=bot, description=_("bots"), layout={"width": "170px"}
        )
        self.curse_box = widgets.Checkbox(
            value=game.rules.curse, description=_("curse"), indent=False, layout={"width": "80px"}
        )
        self.cube_box = widgets.Checkbox(
            value=game.rules.fire_cube,
            description=_("fire cube"),
            indent=False,
            layout={"width": "100px"},
        )
        self.next_button = widgets.Button(
            description=_("Next"), tooltip=_("show the next mayhem event")
        )
        self.skip_button = widgets.Button(description=_("Skip"), tooltip=_("show the position now"))
        self.hint_button = widgets.Button(
            description=_("Hint"), tooltip=_("what would the careful bot do?")
        )
        self.mayhem_log = widgets.HTML()
        self.mayhem_log.add_class("tilegames-pyramids-mayhem")
        super().__init__(
            game,
            controls=[
                self.next_button,
                self.skip_button,
                self.hint_button,
            ],
            settings=[self.players_box, self.bot_box, self.curse_box, self.cube_box],
        )
        self.redo_button.layout.display = (
            "none"  # with bots, undo goes back to your previous decision
        )
        self.widget.children = (*self.widget.children, self.mayhem_log)
        self.on_press(self.next_button, self.next_step)
        self.on_press(self.skip_button, self.skip)
        self.on_press(self.hint_button, self.hint)
        self.enable_hot_seat(self._people)
        if len(self.humans) > 1:
            people = ", ".join(_("player {seat}").format(seat=seat) for seat in self.humans)
            self.say(_("Hot seat: {people} play at this screen.").format(people=people))
        self.say(_("Choose a tile from your hand, then a highlighted spot."))
        self._bots_open()
        self.refresh()

    def _after_turn(self) -> None:
        """With several people: when the decision reaches another person, pass the screen."""
        game = self.game
        if not game.is_over and game.to_move in self.humans and game.to_move != self.human:
            self.human = game.to_move
            self.selected = None
            self.pass_screen(self.human)

    # -- drawing ----------------------------------------------------------------
    @property
    def replaying(self) -> bool:
        """Whether mayhem events are being shown one by one."""
        return self.step < len(self.steps)

    def picture(self) -> str:
        if self.covered:
            return render.svg(
                self.game,
                player=self.human,
                spots=False,
                hands=False,
                caption=_("Pass the screen to player {seat}: the hands are hidden.").format(
                    seat=self.human
                ),
            )
        if self.replaying:
            event = self.steps[self.step]
            caption = _("step {step} of {steps}: {event}").format(
                step=self.step + 1, steps=len(self.steps), event=event.text
            )
            return render.svg(
                self.game,
                board=event.board,
                marked=event.marked,
                spots=False,
                hands=False,  # the hands now are those after the turn: not shown mid-replay
                player=self.human,
                caption=caption,
                next_step=_("{caption}. Next step").format(caption=caption)
                if self.step + 1 < len(self.steps)
                else _("{caption}. Show the position now").format(caption=caption),
            )
        return render.svg(self.game, player=self.human, selected=self.selected)

    def focus_target(self) -> str | None:
        """Where the keyboard lands after a move: the step shown, the falling tile's landing
        places, the spots for the selected tile, or your hand."""
        game = self.game
        if self.covered or game.is_over:
            return None
        if self.replaying:
            return "next"
        if game.to_move != self.human:
            return None
        if game.falling is not None:
            return "fall:left"
        if self.selected is not None and game.spots():
            return "spot:" + ",".join(map(str, game.spots()[0]))
        return "hand:0" if game.hand(self.human) else None

    def status_text(self) -> str:
        game = self.game
        if self.covered:
            return _('Pass the screen to player {seat}, who presses "Show my hand".').format(
                seat=self.human
            )
        if self.replaying:
            event = self.steps[self.step]
            mayhem = any(e.is_mayhem for e in self.steps)
            what = (
                _("Mayhem")
                if mayhem
                else _("Turn {turn} (player {player})").format(turn=event.turn, player=event.player)
            )
            return _(
                "{what}, step {step} of {steps}: press Next, or Skip to the position now"
            ).format(what=what, step=self.step + 1, steps=len(self.steps))
        if game.is_over:
            if game.winner == self.human and len(self.humans) < 2:
                return _("You won: no tiles left!")
            return game.status()
        if game.to_move == self.human:
            if game.falling is not None:
                return _("{status} — click where it falls").format(status=game.status())
            if self.selected is not None:
                return _("You chose {tile}: click a highlighted spot").format(
                    tile=game.hand(self.human)[self.selected]
                )
            return _(
                "Your turn (player {player}, turn {turn}): click a tile of your hand, then a spot"
            ).format(player=self.human, turn=game.turns + 1)
        return game.status()

    def text_view(self) -> str:
        """The pyramid in words, and your hand (the others' hands stay hidden; while the screen
        passes, no hand at all)."""
        game = self.game
        sizes = "; ".join(
            _("player {player}: {n} in hand").format(player=p, n=len(game.hand(p)))
            for p in range(game.n_players)
        )
        lines = [
            _("Flaming Pyramids: {status}.").format(status=game.status()),
            render.words(game),
            _("Hands: {sizes}.").format(sizes=sizes),
        ]
        if not self.covered:
            hand = "; ".join(render.tile_words(tile_id(t)) for t in game.hand(self.human))
            hand = hand or _("empty")
            lines.append(
                _("Your hand (player {player}): {hand}.").format(player=self.human, hand=hand)
            )
        return "\n".join(lines)

    def refresh(self) -> None:
        if not self.replaying:
            self._after_turn()
        super().refresh()
        self.next_button.disabled = not self.replaying
        self.skip_button.disabled = not self.replaying
        rows = []
        shown = self.earlier + self.steps
        current = len(self.earlier) + self.step
        for i, event in enumerate(shown):
            style = (
                "font-weight:bold;background:#fff3e0"
                if i == current
                else ("color:#999" if i > current else "")
            )
            rows.append(
                f'<li style="{style}">turn {event.turn}, player {event.player}: {escape(event.text)}</li>'
            )
        self.mayhem_log.value = "<b>Mayhem log</b><ol>" + "".join(rows) + "</ol>" if rows else ""

    # -- clicks -----------------------------------------------------------------
    def clicked(self, target: str) -> bool:
        """Handle a click; False for a target that is not on this board (the log says so)."""
        if self.refuse_while_covered():
            return True
        if self.replaying:  # any click on the board shows the next step of the mayhem
            self.next_step(refresh=False)
            return True
        kind, _colon, arg = target.partition(":")
        if kind not in ("hand", "spot", "fall"):
            return False
        if kind == "hand" and not (arg.isdigit() and len(arg) < 3):
            return False
        if kind == "fall" and arg not in ("left", "right"):
            return False
        game = self.game
        if game.is_over:
            self.say(_("The game is over: press New deal to play again."))
            return True
        if game.to_move != self.human:  # pragma: no cover - the screen passes first
            self.say(_("It is player {player}'s decision.").format(player=game.to_move))
            return True
        if kind == "hand":
            if game.falling is not None:
                self.say(_("A tile is in the air: first click where it falls."), "refused")
                return True
            index = int(arg)
            if not 0 <= index < len(game.hand(self.human)):
                return False
            self.selected = None if self.selected == index else index
        elif kind == "spot":
            if self.selected is None:
                self.say(_("First click a tile of your hand, then the spot."), "refused")
                return True
            tile = game.hand(self.human)[self.selected]
            self._move(f"{tile} @ {arg}")
        else:
            self._move(f"fall {arg}")
        return True

    def forget_selection(self) -> None:
        """Drop the selected hand tile."""
        self.selected = None

    def _move(self, move: str) -> None:
        log = self.game.log
        start = len(log)
        turn_start = start
        while turn_start > 0 and log[turn_start - 1].turn == self.game.turns + 1:
            turn_start -= 1
        if not self.play(move):
            return
        if len(self.humans) < 2:
            self.say(_("You played {move}.").format(move=self.game.history[-1]))
        else:
            self.say(
                _("Player {player} played {move}.").format(
                    player=self.human, move=self.game.history[-1]
                )
            )
        self.selected = None
        self._run_bots()
        self.earlier = self.game.log[turn_start:start]
        self.steps = self.game.log[start:]
        self.step = 0
        if len(self.steps) <= 1:
            self.steps, self.earlier = [], []
        for event in self.game.log[start:]:
            if event.kind in ("win", "cap"):
                self.say(event.text, "good")

    def _run_bots(self) -> None:
        game = self.game
        while not game.is_over and game.to_move not in self.humans:
            player = game.to_move
            move = self.bots[player].choose(game.player_view(player), self.rng)
            game.play(move)
            self.say(
                _("Player {player} ({bot} bot) played {move}.").format(
                    player=player, bot=self.bot_name, move=move
                )
            )

    def next_step(self, refresh: bool = True) -> None:
        """Show the next mayhem event (then the position now)."""
        if self.replaying:
            self.step += 1
        if refresh:
            self.refresh()

    def skip(self) -> None:
        """Stop showing the mayhem step by step: show the position now."""
        self.step = len(self.steps)
        self.refresh()

    # -- buttons ----------------------------------------------------------------
    def undo(self) -> None:
        """Take back moves until it is again your decision, before your last move."""
        game = self.game
        self.steps, self.earlier, self.step, self.selected = [], [], 0, None
        taken = 0
        while game.can_undo:
            game.undo()
            taken += 1
            if game.to_move in self.humans:
                break
        self.say(
            ngettext("Took back {n} move.", "Took back {n} moves.", taken).format(n=taken)
            if taken
            else _("Nothing to undo.")
        )
        self.refresh()

    def hint(self) -> None:
        """Say what the careful bot would play here (never while the hands are covered)."""
        game = self.game
        if self.refuse_while_covered():
            pass
        elif game.is_over or game.to_move != self.human:
            self.say(_("No hint now."))
        else:
            move = CarefulPlayer().choose(game.player_view(self.human), self.rng)
            self.say(
                _("Hint: the careful bot would play {move}.").format(move=move),
                "good",
                private=True,
            )
        self.refresh()

    def deal(self, seed: int) -> Game:
        """A new game from ``seed`` with the players, bots and switches shown; bots open."""
        rules = replace(self.game.rules, curse=self.curse_box.value, fire_cube=self.cube_box.value)
        self.game = new_game(seed, players=self.players_box.value, rules=rules)
        self.bot_name = self.bot_box.value
        self.bots = {
            p: make_player(self.bot_name)
            for p in range(self.game.n_players)
            if p not in self.humans
        }
        self.steps, self.earlier, self.step, self.selected = [], [], 0, None
        self.say(
            _("{n} players, you are player {player}.").format(
                n=self.game.n_players, player=self.human
            )
        )
        self._bots_open()
        return self.game

    def _bots_open(self) -> None:
        """The bots seated before you play their first turns; their moves are shown step by step."""
        start = len(self.game.log)
        self._run_bots()
        self.steps = self.game.log[start:] if len(self.game.log) - start > 1 else []


def view(
    game: Game | None = None,
    *,
    seed: int | None = None,
    players: int = 2,
    human: int = 0,
    bot: str = "careful",
    humans=None,
    **rules,
) -> PyramidsView:
    """A playable board: you are ``human``, the others are ``bot`` players (random, careful, spiteful).

    ``humans`` (say ``[0, 1]``) seats several people at one screen (hot seat): the
    other seats are bots, and between two people's decisions the hands are hidden
    until the next person presses "Show my hand".
    """
    if game is None:
        game = new_game(
            seed if seed is not None else fresh_seed() % 1_000_000, players=players, **rules
        )
    return PyramidsView(game, human=human, bot=bot, humans=humans)


__all__ = ["PyramidsView", "view", "TILES"]
