"""The playable Maze table for JupyterLab.

Click a card to pick it up (its legal gaps turn yellow), then click a gap to
move it there. A refused move is explained in the log ("7♦ may go only into a
gap right of 6♦ or left of 8♦ ..."). Beside the table: undo/redo, a new deal
(its seed shown and editable), a hint found by search, and "Solve", which
searches for a winning sequence and then plays it one step per click of
"Step" (or ten at a time).

Every slot, card or gap, has ``data-target="slot:N"``.

>>> from tilegames.maze import new_game
>>> table = view(new_game(seed=1))
>>> table.board.click("slot:4")        # pick up the 8♠ (a click, as the browser sends it)
>>> table.selected
4
>>> table.board.click("slot:0")        # 8♠ may not go into slot 0: refused and explained
>>> "Refused: 8♠ may go only into a gap right of 7♠ or left of 9♠" in table.log.value
True
"""

from __future__ import annotations

import ipywidgets as widgets

from ..i18n import _, ngettext
from ..randomness import fresh_seed
from ..widgets import GameView
from . import render
from .players import hint as find_hint
from .players import solve
from .rules import Game, Move, Rules, new_game


class MazeView(GameView):
    """A Maze game on a clickable table."""

    def __init__(self, game: Game) -> None:
        self.selected: int | None = None
        """The slot of the card picked up, if any."""
        self.suggestion: Move | None = None
        """The move the last hint (or solve step) suggests; outlined in orange."""
        self.plan: list[Move] = []
        """The rest of the solution found by "Solve", played by "Step"."""
        self.stepped = 0
        """How many moves of this deal "Step" played (the rest are yours)."""
        self._plan_history: list[Move] = []
        self.hint_button = widgets.Button(
            description=_("Hint"), tooltip=_("search for a move toward a win")
        )
        self.solve_button = widgets.Button(
            description=_("Solve"), tooltip=_("search for a winning sequence")
        )
        self.step_button = widgets.Button(
            description=_("Step"), tooltip=_("play the next move of the solution")
        )
        self.ten_button = widgets.Button(
            description=_("10 steps"), tooltip=_("play ten moves of the solution")
        )
        self.ring_box = widgets.Checkbox(
            value=game.rules.ring, description=_("traditional ring"), indent=False
        )
        super().__init__(
            game,
            controls=[self.hint_button, self.solve_button, self.step_button, self.ten_button],
            settings=[self.ring_box],
        )
        self.on_press(self.hint_button, self.hint)
        self.on_press(self.solve_button, self.solve)
        self.on_press(self.step_button, self.step)
        self.on_press(self.ten_button, lambda: self.step(10))
        self.ring_box.observe(lambda change: self.set_ring(change["new"]), names="value")
        self.say(_("Click a card to pick it up, then click a gap to move it there."))
        self.refresh()

    # -- drawing ----------------------------------------------------------------
    def picture(self) -> str:
        return render.svg(self.game, selected=self.selected, hint=self.suggestion)

    def status_text(self) -> str:
        text = self.game.status()
        if self.selected is not None and not self.game.is_over:
            card = self.game.card_at(self.selected)
            targets = self.game.targets_of(card)
            if targets:
                text += _(" — {card} picked up: click a yellow gap ({slots})").format(
                    card=card, slots=", ".join(map(str, targets))
                )
            else:
                text += _(" — {card} picked up, but it has no gap to go to now").format(card=card)
        if self.plan and self._plan_valid():
            text += _(" — solution: {n} moves to go (Step)").format(n=len(self.plan))
        return text

    def text_view(self) -> str:
        """The table in words, a row a line (no ASCII art for a screen reader to spell out).

        >>> from tilegames.maze import new_game
        >>> print(view(new_game(seed=1)).text_view().splitlines()[1][:60])
        Row 1: slot 0 empty; slot 1 empty; slot 2 ace of diamonds; s
        """
        game = self.game
        lines = [_("Maze: {status}.").format(status=game.status())]
        for row in range(6):
            slots = range(9 * row, 9 * row + 9)
            said = [
                _("slot {slot} {card}").format(slot=s, card=game.card_at(s).name)
                if game.card_at(s)
                else _("slot {slot} empty").format(slot=s)
                for s in slots
            ]
            lines.append(_("Row {row}: {slots}.").format(row=row + 1, slots="; ".join(said)))
        return "\n".join(lines)

    def focus_target(self) -> str | None:
        """Where play continues: a gap for the card picked up, else the card the hint names,
        else the card just moved, else the first card that can move."""
        game = self.game
        if self.selected is not None and game.card_at(self.selected) is not None:
            targets = game.targets_of(game.card_at(self.selected))
            return f"slot:{targets[0]}" if targets else f"slot:{self.selected}"
        if self.suggestion is not None:
            return f"slot:{game.slot_of(self.suggestion.card)}"
        moves = game.legal_moves()
        if game.history:
            moved = game.history[-1].card
            if any(m.card == moved for m in moves):
                return f"slot:{game.slot_of(moved)}"
        return f"slot:{game.slot_of(moves[0].card)}" if moves else None

    # -- clicks -------------------------------------------------------------------
    def clicked(self, target: str) -> bool:
        """Handle a click on ``slot:N``; False for any other target (the board then says
        "that is not something you can click" and nothing changes)."""
        number = target[5:] if target.startswith("slot:") else ""
        if not (number.isdigit() and number.isascii() and len(number) <= 2):
            return False
        slot = int(number)
        if not 0 <= slot < 54:
            return False
        game = self.game
        card = game.card_at(slot)
        if card is not None:
            if self.selected == slot:
                self.selected = None
                self.say(_("Put {card} down.").format(card=card))
                return
            self.selected = slot
            targets = game.targets_of(card)
            if game.is_over:
                self.say(_("The game is over: {status}.").format(status=game.status()))
            elif targets:
                slots = [str(target) for target in targets]
                self.say(
                    _("Picked up {card}: it may go into slot {slots}.").format(
                        card=card, slots=_or(slots)
                    )
                )
            else:
                self.say(
                    _("Picked up {card}, but no gap takes it now: {where}.").format(
                        card=card, where=game.where_may_go(card)
                    ),
                    "refused",
                )
            return True
        if self.selected is None:
            fits = sorted({str(m.card) for m in game.legal_moves() if m.to == slot})
            if fits:
                self.say(
                    _("Slot {slot} is a gap: click a card first ({cards} fit here).").format(
                        slot=slot, cards=", ".join(fits)
                    )
                )
            else:
                self.say(_("Slot {slot} is a gap, and no card fits it now.").format(slot=slot))
            return True
        moving = game.card_at(self.selected)
        if self.play(Move(moving, slot)):
            self.selected = None
            self.suggestion = None
            self.say(
                _("Moved {card} into slot {slot}: score {score}.").format(
                    card=moving, slot=slot, score=game.score
                ),
                "good",
            )
            self._announce_end()
            self._say_where_focus_goes(slot)
        return True

    def _say_where_focus_goes(self, slot: int) -> None:
        """After a move the keyboard focus may jump to another card: say where, so a person
        who cannot see the board is not lost."""
        target = self.focus_target()
        if self.game.is_over or target is None or target == f"slot:{slot}":
            return
        there = int(target[5:])
        self.say(
            _("The focus moves to {card} in slot {slot}, a card that can move.").format(
                card=self.game.card_at(there), slot=there
            )
        )

    def forget_selection(self) -> None:
        """Put down a picked-up card."""
        self.selected = None

    def _announce_end(self) -> None:
        if self.game.won:
            self.say(won_message(len(self.game.history), self.stepped), "good")

    # -- help -----------------------------------------------------------------------
    def hint(self) -> None:
        """Suggest a move found by search (outlined in orange on the table)."""
        if self.game.is_over:
            self.say(_("No hint: the game is over."))
        else:
            move = self._next_plan_move() or find_hint(self.game)
            self.suggestion = move
            trial = self.game.copy()
            trial.play(move)
            change = trial.score - self.game.score
            effect = (
                _("the score goes from {before} to {after}").format(
                    before=self.game.score, after=trial.score
                )
                if change
                else _("the score stays the same, but it prepares a later move")
            )
            self.say(
                _("Hint: move {card} into slot {slot} ({effect}).").format(
                    card=move.card, slot=move.to, effect=effect
                ),
                "good",
            )
        self.refresh()

    def solve(self, max_seconds: float = 10.0) -> None:
        """Search for a winning sequence from here; "Step" then plays it."""
        solution = solve(self.game, max_seconds=max_seconds)
        if solution.solved:
            self.plan = list(solution.moves)
            self._plan_history = list(self.game.history)
            self.suggestion = self.plan[0] if self.plan else None
            self.say(
                _("Solver: {solution}. Press Step to play it.").format(solution=solution), "good"
            )
        else:
            self.plan = []
            self.say(
                _("Solver {solution}. Try Hint, or play on and solve again.").format(
                    solution=solution
                ),
                "refused",
            )
        self.refresh()

    def _plan_valid(self) -> bool:
        return self.game.history == self._plan_history

    def _next_plan_move(self) -> Move | None:
        return self.plan[0] if self.plan and self._plan_valid() else None

    def step(self, count: int = 1) -> None:
        """Play the next ``count`` moves of the solution (solving first if needed)."""
        if not self._next_plan_move():
            self.plan = []
            self.solve()
        for _step in range(count):
            move = self._next_plan_move()
            if move is None:
                break
            self.plan.pop(0)
            self.game.play(move)
            self.stepped += 1
            self._plan_history = list(self.game.history)
            self.say(_("Step: {move} (score {score}).").format(move=move, score=self.game.score))
        self.selected = None
        self.suggestion = self._next_plan_move()
        self._announce_end()
        self.refresh()

    # -- deals and variants --------------------------------------------------------------
    def deal(self, seed: int) -> Game:
        """A new deal from ``seed`` (New deal / Deal this seed); the variant stays."""
        self._reset()
        return new_game(seed, rules=self.game.rules)

    def set_ring(self, ring: bool) -> None:
        """Switch between AisleRiot's rules and the traditional ring; the deal starts again."""
        rules = Rules.traditional() if ring else Rules()
        seed = self.game.seed  # the same deal: its seed (None for an explicit deal) stays
        self.game = Game.from_deal(list(self.game.deal), rules)
        self.game.seed = seed
        self._reset()
        self.say(
            _("Rules now: traditional ring (slot 53 is next to slot 0, same-suit links only).")
            if ring
            else _("Rules now: AisleRiot's Maze.")
        )
        self.refresh()

    def _reset(self) -> None:
        self.stepped = 0
        self.selected = None
        self.suggestion = None
        self.plan = []
        self._plan_history = []

    def undo(self) -> None:
        self.selected = None
        self.suggestion = None
        super().undo()
        self.stepped = min(self.stepped, len(self.game.history))

    def redo(self) -> None:
        self.selected = None
        self.suggestion = None
        super().redo()


def won_message(moves: int, stepped: int = 0) -> str:
    """The words for a won table: how many moves, and how many of them "Step" played.

    >>> won_message(161, 159)
    'You won in 161 moves (159 of them played by Step, 2 by you): four runs A → Q!'
    >>> won_message(1)
    'You won in 1 move: four runs A → Q!'
    """
    count = ngettext("{n} move", "{n} moves", moves).format(n=moves)
    if stepped:
        count += _(" ({stepped} of them played by Step, {yours} by you)").format(
            stepped=stepped, yours=moves - stepped
        )
    return _("You won in {moves}: four runs A → Q!").format(moves=count)


def _or(items: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c`` in the language in use."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def view(game: Game | None = None, *, seed: int | None = None, **options: bool) -> MazeView:
    """A playable table for ``game`` (or a new deal from ``seed``; ``options`` are Rules switches)."""
    if game is None:
        game = new_game(seed if seed is not None else fresh_seed() % 1_000_000, **options)
    return MazeView(game)
