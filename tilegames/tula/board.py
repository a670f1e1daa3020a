"""The playable Tula board for JupyterLab.

Click a face-down tile to reveal it, a revealed tile to remove it. Beside
the board: undo/redo, a new deal (its seed shown and editable), a hint, the
mercy switch (and, when mercy applies, the three exchanges to choose from),
and a log that explains every refused click.

>>> from tilegames.tula import new_game
>>> board = view(new_game(seed=1))
>>> board.board.click("3A")            # a click, as the browser sends it
>>> board.game.history
[Move.parse('reveal 3A')]
"""

from __future__ import annotations

import ipywidgets as widgets

from ..i18n import _, ngettext
from ..randomness import fresh_seed, players_generator
from ..widgets import GameView
from . import render
from .layout import INDEX, LAYER, LAYER3, POSITIONS, XY
from .rules import Game, Rules, new_game


class TulaView(GameView):
    """A Tula game on a clickable board."""

    def __init__(self, game: Game) -> None:
        self.hint_button = widgets.Button(description=_("Hint"), tooltip=_("name a tile to play"))
        self.mercy_box = widgets.Checkbox(
            value=game.rules.mercy, description=_("mercy"), indent=False
        )
        self.auto_box = widgets.Checkbox(
            value=game.auto_reveal, description=_("reveal automatically"), indent=False
        )
        self.mercy_buttons = widgets.HBox()
        super().__init__(
            game,
            controls=[self.hint_button],
            settings=[self.mercy_box, self.auto_box],
        )
        self.widget.children = (
            *self.widget.children[:3],
            self.mercy_buttons,
            *self.widget.children[3:],
        )
        self.on_press(self.hint_button, self.hint)
        self.mercy_box.observe(lambda change: self.set_rules(mercy=change["new"]), names="value")
        self.auto_box.observe(
            lambda change: self.set_rules(auto_reveal=change["new"]), names="value"
        )
        self.say(_("Click a face-down tile to reveal it, a revealed tile to remove it."))
        self.refresh()

    hint_position: str | None = None
    """The position the last hint names, marked on the board until the next move."""

    def picture(self) -> str:
        return render.svg(self.game, caption="", hint=self.hint_position, legend=True)

    def text_view(self) -> str:
        """The position in words, one tile a line, as the board names them (no ASCII art for a
        screen reader to spell out).

        >>> from tilegames.tula import new_game
        >>> print(view(new_game(seed=7)).text_view().splitlines()[1])
        Stack: 1 tile, its top is 5 Moons.
        """
        game = self.game
        count = len(game.stack)
        lines = [
            _("Tula: {status}.").format(status=game.status()),
            ngettext(
                "Stack: {n} tile, its top is {top}.", "Stack: {n} tiles, its top is {top}.", count
            ).format(n=count, top=game.stack_top),
        ]
        lines += [render.target_label(game, p) + "." for p in POSITIONS if game.is_present(p)]
        return "\n".join(lines)

    def focus_target(self) -> str | None:
        """Where play continues: the tile just revealed, else the playable tile nearest the
        last move (the keyboard lands there after a move and on entering the board).

        >>> from tilegames.tula import new_game
        >>> board = view(new_game(seed=1))
        >>> board.focus_target() in ("3A", "3B", "3C")
        True
        """
        game = self.game
        playable = [m.position for m in game.legal_moves() if m.kind in ("reveal", "remove")]
        if not playable:
            return None
        last = game.history[-1].position if game.history else None
        if last in playable:
            return last
        if last is None:
            return playable[0]
        lx, ly = XY[INDEX[last]]

        def distance(name: str) -> tuple[float, int]:
            x, y = XY[INDEX[name]]
            return ((x - lx) ** 2 + (y - ly) ** 2, -LAYER[INDEX[name]])

        return min(playable, key=distance)

    def clicked(self, target: str) -> bool:
        game = self.game
        if target == "stack":
            count = len(game.stack)
            self.say(
                ngettext(
                    "The stack holds {n} tile; its top is {top}.",
                    "The stack holds {n} tiles; its top is {top}.",
                    count,
                ).format(n=count, top=game.stack_top)
            )
            return True
        if target not in POSITIONS:
            return False
        move = f"remove {target}" if game.is_face_up(target) else f"reveal {target}"
        if self.play(move):
            if move.startswith("remove"):
                self.say(
                    _("Removed {tile} from {name}.").format(tile=game.stack_top, name=target),
                    "good",
                )
            else:
                self.say(
                    _("Revealed {tile} on {name}.").format(tile=game.tile_at(target), name=target)
                )
            self._announce_end()
        return True

    def _announce_end(self) -> None:
        if self.game.won:
            self.say(_("You won: all 24 tiles are on the stack!"), "good")
        elif self.game.is_over:
            self.say(
                _("Lost: {why}{stuck}.").format(
                    why=self.game.status().split(": ", 1)[-1], stuck=self._why_stuck()
                ),
                "refused",
            )

    def _why_stuck(self) -> str:
        """Why nothing can be played: the open tiles the stack's top tile fails to match."""
        game = self.game
        open_tiles = [
            _("{tile} on {name}").format(tile=game.tile_at(p), name=p)
            for p in POSITIONS
            if game.is_present(p) and game.is_face_up(p) and p != POSITIONS[-1]
        ]
        if not open_tiles or game.revealable():
            return ""
        shown = ", ".join(open_tiles[:4]) + (" …" if len(open_tiles) > 4 else "")
        return _(" — the top tile, {top}, shares neither suit nor value with {tiles}").format(
            top=game.stack_top, tiles=shown
        )

    def hint(self) -> None:
        """Name a tile that can be removed now; first advise revealing what can be revealed.

        Revealing never hurts, and a tile still face down is judged only on average,
        so the hint says to reveal first whenever something can be revealed.
        """
        moves = self.game.legal_moves()
        removals = [m for m in moves if m.kind == "remove"]
        reveals = [m.position for m in moves if m.kind == "reveal"]
        first = (
            _("first reveal {names} (revealing never hurts, and you will see more); ").format(
                names=", ".join(reveals)
            )
            if reveals
            else ""
        )
        if removals:
            choice = self._best_removal(removals)
            tile = self.game.tile_at(choice.position)
            self.say(
                _(
                    "Hint: {first}remove {name} ({tile} matches {top}): "
                    "of the tiles you can remove, it wins most often when the hidden tiles are "
                    "dealt at random."
                ).format(first=first, name=choice.position, tile=tile, top=self.game.stack_top),
                "good",
            )
            self._mark_hint(choice.position)
        elif any(m.kind == "mercy" for m in moves):
            exchanges = [m for m in moves if m.kind == "mercy"]
            wins = self._exchange_wins(exchanges)
            mercy = max(exchanges, key=lambda m: wins[m])  # the first of the best, if tied
            tile = self.game.tile_at(mercy.position)
            if wins[mercy] == 0:
                why = _(
                    "none of the three exchanges wins in any of the {imagined} deals "
                    "imagined for the hidden tiles, so this one is as good as any"
                ).format(imagined=self.IMAGINED)
            elif list(wins.values()).count(wins[mercy]) == 1:
                why = _(
                    "of the three exchanges it wins most often: in {wins} of the "
                    "{imagined} deals imagined for the hidden tiles"
                ).format(wins=wins[mercy], imagined=self.IMAGINED)
            else:
                why = _(
                    "of the three exchanges it wins as often as any: in {wins} of the "
                    "{imagined} deals imagined for the hidden tiles"
                ).format(wins=wins[mercy], imagined=self.IMAGINED)
            self.say(
                _("Hint: nothing matches — use mercy: take {tile} from {name} ({why}).").format(
                    tile=tile, name=mercy.position, why=why
                ),
                "good",
            )
            self._mark_hint(mercy.position)
        elif moves:
            self.say(
                _("Hint: reveal {name}; no revealed tile matches {top}.").format(
                    name=moves[0].position, top=self.game.stack_top
                ),
                "good",
            )
            self._mark_hint(moves[0].position)
        else:
            self.say(_("No hint: the game is over."))
        self.refresh()

    def _mark_hint(self, position: str) -> None:
        self.hint_position = position
        self._hint_history = len(self.game.history)

    def undo(self) -> None:
        """Take back the last move; taking back a reveal says plainly that its tile was seen."""
        if self.game.can_undo and self.game.history[-1].kind == "reveal":
            move = self.game.history[-1]
            tile = self.game.tile_at(move.position)
            self.game.undo()
            self.say(
                _(
                    "Undid {move}: the tile is face down again, but you have seen it ({tile}). "
                    "In a fair game a reveal is never taken back."
                ).format(move=move, tile=tile)
            )
            self.refresh()
            return
        super().undo()

    IMAGINED = 32
    """How many deals of the hidden tiles the mercy hint imagines."""

    def _exchange_wins(self, exchanges) -> dict:
        """In how many of ``IMAGINED`` deals of the face-down tiles (what the player cannot see,
        dealt at random) each exchange leaves a game that can be won; seeded by the position,
        so asking twice gives the same hint."""
        import numpy as np

        from .solver import solve

        dice = players_generator(
            np.random.SeedSequence([self.game.seed or 0, len(self.game.history), 1])
        )
        wins = dict.fromkeys(exchanges, 0)
        for _round in range(self.IMAGINED):
            imagined = self.game.resample_hidden(None, dice)
            for move in exchanges:
                trial = imagined.copy()
                trial.play(move)
                wins[move] += solve(trial).winnable
        return wins

    def _best_removal(self, removals):
        """The removal that wins most often when the face-down tiles are dealt at random.

        The hint sees only what the player sees (``players.SamplerPlayer``), and its
        imagined deals are seeded by the position, so asking twice gives the same hint.
        """
        import numpy as np

        from .players import SamplerPlayer

        if len(removals) == 1:
            return removals[0]
        sampler = SamplerPlayer(samples=32)
        dice = players_generator(
            np.random.SeedSequence([self.game.seed or 0, len(self.game.history)])
        )
        return sampler.pick(self.game.player_view(), removals, dice)

    def deal(self, seed: int) -> Game:
        """A new deal from ``seed``; the rule switches stay."""
        return new_game(seed, rules=self.game.rules, auto_reveal=self.game.auto_reveal)

    def set_rules(self, *, mercy: bool | None = None, auto_reveal: bool | None = None) -> None:
        """Switch mercy or auto-reveal; the same deal is replayed with the moves that still apply."""
        old = self.game
        rules = Rules(mercy=old.rules.mercy if mercy is None else mercy)
        auto = old.auto_reveal if auto_reveal is None else auto_reveal
        self.game, dropped = old.replayed(rules=rules, auto_reveal=auto)
        if rules.mercy:
            now = (
                _("Rules now: mercy on, reveal automatic.")
                if auto
                else _("Rules now: mercy on, reveal by click.")
            )
        else:
            now = (
                _("Rules now: mercy off, reveal automatic.")
                if auto
                else _("Rules now: mercy off, reveal by click.")
            )
        if dropped:
            now += " " + ngettext(
                "{n} move(s) no longer apply and were taken back.",
                "{n} move(s) no longer apply and were taken back.",
                dropped,
            ).format(n=dropped)
        self.say(now)
        self.refresh()

    def exchange(self, position: str) -> None:
        """Use mercy: the stack's tile changes places with ``position`` (3A, 3B or 3C)."""
        if self.play(f"mercy {position}"):
            self.say(
                _("Mercy: {tile} from {name} now starts the stack.").format(
                    tile=self.game.stack_top, name=position
                ),
                "good",
            )
            self._announce_end()
        self.refresh()

    def refresh(self) -> None:
        if self.hint_position is not None and self._hint_history != len(self.game.history):
            self.hint_position = None  # a move was played since: the hint is stale
        super().refresh()
        if self.game.mercy_available:
            buttons = []
            for p in LAYER3:
                name = POSITIONS[p]
                button = widgets.Button(
                    description=_("mercy: take {tile} from {name}").format(
                        tile=self.game.tile_at(name), name=name
                    ),
                    layout={"width": "auto"},
                )
                button.add_class("tula-mercy")
                self.on_press(button, lambda name=name: self.exchange(name))
                buttons.append(button)
            self.mercy_buttons.children = [
                widgets.HTML("<b>" + _("Nothing matches — mercy:") + "</b>"),
                *buttons,
            ]
        else:
            self.mercy_buttons.children = []


def view(game: Game | None = None, *, seed: int | None = None, mercy: bool = False) -> TulaView:
    """A playable board for ``game`` (or a new deal from ``seed``)."""
    if game is None:
        game = new_game(seed if seed is not None else fresh_seed() % 1_000_000, mercy=mercy)
    return TulaView(game)
