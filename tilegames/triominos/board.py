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

from .. import i18n  # i18n._(...): this module's loops use _ as a name
from ..errors import IllegalMove
from ..i18n import N_
from ..randomness import fresh_seed, players_generator
from ..widgets import GameView
from . import render
from .lattice import check_cell, rotations, tile_name
from .players import make_player
from .rules import Game, Move, Rules, new_game


class TriominosView(GameView):
    """A round of Tri-Ominos on a clickable board; you play one seat, computers the others."""

    def __init__(self, game: Game, *, you: int = 0, opponent: str = "greedy", humans=None) -> None:
        humans = {you} if humans is None else set(humans)
        self.you = you if you in humans else min(humans)
        """The seat whose hand is shown (with several people: the one whose turn it is)."""
        self.opponent_kind = opponent
        self.opponents = {s: make_player(opponent) for s in range(game.players) if s not in humans}
        self.rng = players_generator(game.seed if game.seed is not None else fresh_seed())
        """The computer players' dice: the same for the same deal, yet telling nothing of it."""
        self.selected: int | None = None
        self.rotation = 0
        self.rotate_button = widgets.Button(
            description=i18n._("Rotate"), tooltip=i18n._("turn the selected tile")
        )
        self.draw_button = widgets.Button(
            description=i18n._("Draw"), tooltip=i18n._("draw from the pool (-5)")
        )
        self.pass_button = widgets.Button(
            description=i18n._("Pass"),
            tooltip=i18n._("pass (-10): only when you cannot place or draw"),
        )
        self.next_button = widgets.Button(
            description=i18n._("Next move"), tooltip=i18n._("one opponent move")
        )
        self.run_button = widgets.Button(
            description=i18n._("Opponents play"), tooltip=i18n._("opponents play until your turn")
        )
        self.hint_button = widgets.Button(
            description=i18n._("Hint"), tooltip=i18n._("suggest a placement")
        )
        self.rules_box = widgets.Dropdown(
            options=[
                (i18n._("standard (draw until a tile fits)"), "seed"),
                (i18n._("Pressman (at most 3 draws)"), "pressman"),
            ],
            value=game.rules.name if game.rules.name in render.EDITIONS else "seed",
            description=i18n._("edition"),
            tooltip=i18n._("the rule edition of the next deal"),
            layout={"width": "330px"},
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
                self.hint_button,
            ],
            settings=[self.rules_box],
        )
        self.widget.children = (*self.widget.children, self.scores_table)
        self.on_press(self.rotate_button, self.rotate)
        self.on_press(self.draw_button, lambda: self.act("draw"))
        self.on_press(self.pass_button, lambda: self.act("pass"))
        self.on_press(self.next_button, self.opponent_move)
        self.on_press(self.run_button, self.opponents_play)
        self.on_press(self.hint_button, self.hint)
        self.enable_hot_seat(humans)
        if len(self.humans) > 1:
            people = ", ".join(f"P{seat}" for seat in self.humans)
            self.say(
                i18n._(
                    "Hot seat: {people} play at this screen. Select a tile, then a cell."
                ).format(people=people)
            )
        else:
            self.say(
                i18n._("You are P{seat}. Select a tile of your hand, then click a cell.").format(
                    seat=self.you
                )
            )
        self._after_turn()
        self.refresh()

    def seat_name(self, seat: int) -> str:
        return f"P{seat}"

    def _after_turn(self) -> None:
        """With several people: when the turn reaches another person, pass the screen."""
        game = self.game
        if not game.is_over and game.to_move in self.humans and game.to_move != self.you:
            self.you = game.to_move
            self.selected, self.rotation = None, 0
            self.pass_screen(self.you)

    @property
    def _who(self) -> str:
        return "You" if len(self.humans) < 2 else f"P{self.you}"

    # -- drawing ---------------------------------------------------------------------------------
    def picture(self) -> str:
        if self.covered:
            return render.svg(
                self.game,
                seat=self.you,
                show_hand=False,
                size=render.fitted_size(self.game),
                caption=i18n._("Pass the screen to P{seat}: the hands are hidden.").format(
                    seat=self.you
                ),
            )
        return render.svg(
            self.game,
            seat=self.you,
            selected=self.selected,
            rotation=self.rotation,
            size=render.fitted_size(self.game),
            highlight=[self.hint_cell] if self.hint_cell is not None else None,
        )

    def text_view(self) -> str:
        """The position in words, without what the seat at the screen may not see (the other
        hands; while covered, every hand; nor whether another seat must draw)."""
        return render.words(self.game, seat=None if self.covered else self.you)

    def focus_target(self) -> str | None:
        """Where play continues: a cell that takes the selected tile as it is turned (else the
        tile itself: Enter turns it), else a hand tile that fits somewhere, else the pool."""
        game = self.game
        if self.covered or game.is_over or game.to_move != self.you:
            return None
        hand = game.hand(self.you)
        if self.selected is not None and 0 <= self.selected < len(hand):
            fits = game.fits(hand[self.selected])
            cell = next((c for c, r in fits.items() if self.rotation in r), None)
            if cell is not None:
                return f"cell:{cell[0]},{cell[1]}"
            if fits:
                return f"hand:{self.selected}"
        placing = {m.tile for m in game.legal_moves() if m.kind == "place"}
        for i, tile in enumerate(hand):
            if tile in placing:
                return f"hand:{i}"
        return "pool" if hand else None

    hint_cell: tuple[int, int] | None = None
    """The cell the last hint names (outlined in blue) until the next move."""

    def hint(self) -> None:
        """Suggest the placement of highest value (select the tile, turn it, outline the cell)."""
        game = self.game
        if self.refuse_while_covered():
            pass
        elif game.is_over or game.to_move != self.you:
            self.say(i18n._("No hint now: it is not your turn."))
        else:
            places = [m for m in game.legal_moves() if m.kind == "place"]
            if not places:
                self.say(
                    i18n._("Hint: no tile of yours fits anywhere: draw.")
                    if game.legal_moves()[0].kind == "draw"
                    else i18n._("Hint: no tile of yours fits anywhere: pass."),
                    "good",
                    private=True,
                )
            else:
                best = max(places, key=lambda m: (sum(m.tile), m.tile))
                self.selected = list(game.hand(self.you)).index(best.tile)
                self.rotation = best.rotation
                self.hint_cell = best.cell
                self._hint_moves = len(game.history)
                self.say(
                    i18n._(
                        "Hint: {tile}, your tile of highest value that fits, at {cell} "
                        "(outlined in blue), {turn}."
                    ).format(
                        tile=tile_name(best.tile),
                        cell=render.cell_words(best.cell),
                        turn=turn_words(best.rotation),
                    ),
                    "good",
                    private=True,
                )
        self.refresh()

    def status_text(self) -> str:
        game = self.game
        if self.covered:
            return i18n._('Pass the screen to P{seat}, who presses "Show my hand".').format(
                seat=self.you
            )
        if game.is_over:
            return game.status()
        if game.to_move == self.you:
            moves = game.legal_moves()
            if moves[0].kind == "place":
                if self.selected is not None and self.selected < len(game.hand(self.you)):
                    chosen = game.hand(self.you)[self.selected]
                    tile, fits = tile_name(chosen), game.fits(chosen)
                    turn = turn_words(self.rotation)
                    if not fits:
                        return i18n._(
                            "Your turn (P{seat}): {tile} fits nowhere on the board now: "
                            "select another tile."
                        ).format(seat=self.you, tile=tile)
                    if not any(self.rotation in r for r in fits.values()):
                        return i18n._(
                            "Your turn (P{seat}): {tile} selected, {turn}: no cell takes it turned "
                            "this way; the orange cells take it turned another way (Rotate)."
                        ).format(seat=self.you, tile=tile, turn=turn)
                    return i18n._(
                        "Your turn (P{seat}): {tile} selected, {turn}: click a green cell (an "
                        "orange cell needs another turn: Rotate)."
                    ).format(seat=self.you, tile=tile, turn=turn)
                return i18n._("Your turn (P{seat}): place a tile. Pool {pool}.").format(
                    seat=self.you, pool=game.pool_size
                )
            if moves[0].kind == "draw":
                return i18n._("Your turn (P{seat}): no tile fits, you must draw.").format(
                    seat=self.you
                )
            return i18n._("Your turn (P{seat}): no tile fits, you must pass.").format(seat=self.you)
        return i18n._("P{seat} to play: click 'Next move' or 'Opponents play'.").format(
            seat=game.to_move
        )

    def refresh(self) -> None:
        self._after_turn()  # a new deal or an undo may hand the turn to another person
        if self.hint_cell is not None and self._hint_moves != len(self.game.history):
            self.hint_cell = None  # a move was played since the hint
        super().refresh()
        rows = []
        for event in self.game.events[::-1][:14]:
            move = self.game.history[event.move] if event.move >= 0 else i18n._("round end")
            bonus = bonus_words(event.bonus_kind or ("penalty" if event.points < 0 else ""))
            rows.append(
                f"<tr><td>P{event.seat}</td><td>{escape(str(move))}</td><td>{event.value}</td>"
                f"<td>{escape(bonus)} {event.bonus or ''}</td><td><b>{event.points:+d}</b></td></tr>"
            )
        header = "".join(
            f"<th>{escape(i18n._(word))}</th>"
            for word in (N_("player"), N_("move"), N_("value"), N_("bonus"), N_("points"))
        )
        totals = " · ".join(f"P{s}: {p}" for s, p in enumerate(self.game.scores))
        scores = i18n._("Scores")
        self.scores_table.value = (
            f"<b>{escape(scores)}</b> {escape(totals)}"
            f"<table class='triominos-breakdown'><tr>{header}</tr>{''.join(rows)}</table>"
        )
        yours = self.game.to_move == self.you
        self.draw_button.disabled = not yours
        self.pass_button.disabled = not yours
        people = self.game.to_move in self.humans
        self.next_button.disabled = self.game.is_over or people
        self.run_button.disabled = self.game.is_over or people

    # -- clicks ----------------------------------------------------------------------------------
    def clicked(self, target: str) -> bool:
        """Turn a click into an action; False (nothing changes) for anything else."""
        if self.refuse_while_covered():
            return True
        what = self._target(target)
        if what is None:
            return False
        kind, value = what
        if kind == "hand" and self.game.is_over:
            self.say(i18n._("The round is over: press New deal to play again."))
        elif kind == "hand" and self.game.to_move != self.you:
            self.say(
                i18n._(
                    "It is P{seat}'s turn, not yours: click 'Next move' or 'Opponents play'."
                ).format(seat=self.game.to_move),
                "refused",
            )
        elif kind == "hand":
            if self.selected == value:
                self.rotate()
            else:
                self.selected, self.rotation = value, 0  # the status line says it
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
        if self.refuse_while_covered():
            self.refresh()
            return
        hand = self.game.hand(self.you)
        if self.selected is not None and not 0 <= self.selected < len(hand):
            self.selected, self.rotation = None, 0
        if self.selected is None:
            self.say(i18n._("Select a tile of your hand first."))
        else:
            tile = hand[self.selected]
            turns = rotations(tile)
            self.rotation = (
                turns[(turns.index(self.rotation) + 1) % len(turns)]
                if self.rotation in turns
                else 0
            )
        self.refresh()  # the status line names the tile and its turn

    def place_at(self, cell: tuple[int, int]) -> None:
        """Place the selected tile in ``cell`` with the current rotation (or explain why not)."""
        game = self.game
        if game.to_move != self.you:
            self.say(
                i18n._("It is P{seat}'s turn: click 'Next move'.").format(seat=game.to_move),
                "refused",
            )
            return
        if self.selected is None:
            self.say(i18n._("Select a tile of your hand first, then click a cell."), "refused")
            return
        hand = game.hand(self.you)
        if not 0 <= self.selected < len(hand):
            self.selected, self.rotation = None, 0
            self.say(i18n._("Select a tile of your hand first, then click a cell."), "refused")
            return
        tile = hand[self.selected]
        move = Move.place(tile, cell, self.rotation)
        reason = game.why_illegal(move)
        if reason is not None:
            held = game.board.tile_at(cell)
            if held is not None:  # the engine's reason, in the board's words
                self.say(
                    i18n._("Refused: that cell already holds {tile}.").format(
                        tile=tile_name(held[0])
                    ),
                    "refused",
                )
                return
            others = game.player_view(self.you).fits(tile).get(cell, ())
            hint = (
                i18n._(" (it fits here {turns}: press Rotate)").format(
                    turns=i18n._(" or ").join(turn_words(r) for r in others)
                )
                if others
                else ""
            )
            self.say(
                i18n._("Refused: {why}").format(
                    why=f"{misfit_words(game, tile, cell, self.rotation) or reason}{hint}"
                ),
                "refused",
            )
            return
        self.act(move)

    def act(self, move: Move | str) -> None:
        """Play your move (placement, draw or pass) and report its points."""
        if self.refuse_while_covered():
            self.refresh()
            return
        if self.game.to_move != self.you:
            self.say(i18n._("It is P{seat}'s turn.").format(seat=self.game.to_move), "refused")
            return
        before = len(self.game.events)
        hand_before = list(self.game.hand(self.you))
        if self.play(move):
            self.selected, self.rotation = None, 0
            self._drawn = [t for t in self.game.hand(self.you) if t not in hand_before]
            self._report(before, self._who)
            self._drawn = []
            self._after_turn()
        self.refresh()

    def opponent_move(self) -> None:
        """One move of the computer player to move."""
        game = self.game
        if game.is_over or game.to_move in self.humans:
            return
        seat = game.to_move
        move = self.opponents[seat].choose(game.player_view(seat), self.rng)
        before = len(game.events)
        game.play(move)
        self._report(before, f"P{seat}")
        self.refresh()

    def opponents_play(self) -> None:
        """The computer players move until it is your turn (or the round ends)."""
        while not self.game.is_over and self.game.to_move not in self.humans:
            self.opponent_move()
        self._after_turn()
        self.refresh()

    def _report(self, first_event: int, who: str) -> None:
        """The log's lines for the events from ``first_event`` on; ``who`` is "You" or "P1"."""
        you = who == "You"
        seat = who[1:] if who.startswith("P") else who
        for event in self.game.events[first_event:]:
            if event.kind in ("start", "place"):
                move = self.game.history[event.move]
                parts = (  # the sum only when there is something to add up
                    f"{event.value} + {bonus_words(event.bonus_kind)} {event.bonus} = "
                    if event.bonus
                    else ""
                )
                played = (
                    i18n.ngettext(  # English says "points" of 1 too
                        "You played {move}: {sum}{points} points.",
                        "You played {move}: {sum}{points} points.",
                        abs(event.points),
                    )
                    if you
                    else i18n.ngettext(
                        "P{seat} played {move}: {sum}{points} points.",
                        "P{seat} played {move}: {sum}{points} points.",
                        abs(event.points),
                    )
                )
                self.say(
                    played.format(seat=seat, move=move, sum=parts, points=event.points), "good"
                )
            elif event.kind == "draw":
                drawn = getattr(self, "_drawn", [])
                mine = you or len(self.humans) > 1 and who == f"P{self.you}"
                shown = bool(mine and drawn)
                if shown:
                    drew = (
                        i18n._("You drew a tile, {tile}: {points} points.")
                        if you
                        else i18n._("P{seat} drew a tile, {tile}: {points} points.")
                    )
                else:
                    drew = (
                        i18n._("You drew a tile: {points} points.")
                        if you
                        else i18n._("P{seat} drew a tile: {points} points.")
                    )
                self.say(
                    drew.format(
                        seat=seat,
                        tile=tile_name(drawn[0]) if shown else "",
                        points=event.points,
                    ),
                    private=shown,
                )
            elif event.kind == "pass":
                passed = (
                    i18n._("You passed: {points}.") if you else i18n._("P{seat} passed: {points}.")
                )
                self.say(passed.format(seat=seat, points=event.points))
            elif event.kind == "out":
                self.say(
                    i18n._("P{seat} went out: +{bonus} + {value} left in hands.").format(
                        seat=event.seat, bonus=event.bonus, value=event.value
                    ),
                    "good",
                )
            elif event.kind == "blocked":
                self.say(
                    i18n._("Blocked round: P{seat} wins {points}.").format(
                        seat=event.seat, points=event.points
                    ),
                    "good",
                )
        if self.game.is_over:
            self.say(self.game.status(), "good")

    def deal(self, seed: int) -> Game:
        """A new round from ``seed`` with the rules chosen in the menu."""
        self.selected, self.rotation = None, 0
        edition = i18n.translate(render.EDITIONS[self.rules_box.value])
        said = i18n._("{edition} edition. You are P{seat}.").format(edition=edition, seat=self.you)
        self.say(said[:1].upper() + said[1:])
        return new_game(seed, players=self.game.players, rules=Rules.preset(self.rules_box.value))


CORNER_WORDS = {
    True: ("top", "bottom-right", "bottom-left"),
    False: ("top-left", "top-right", "bottom"),
}
"""A cell's corners 0, 1, 2 in words, for a cell pointing up (True) or down (False)."""

CORNER_PLACES = {
    "top": N_("at its top corner"),
    "bottom-right": N_("at its bottom-right corner"),
    "bottom-left": N_("at its bottom-left corner"),
    "top-left": N_("at its top-left corner"),
    "top-right": N_("at its top-right corner"),
    "bottom": N_("at its bottom corner"),
}
"""Each corner's words in a misfit's sentence (a translation inflects the corner its own way)."""

BONUS_WORDS = {
    "start": N_("start"),
    "hexagon": N_("hexagon"),
    "double hexagon": N_("double hexagon"),
    "triple hexagon": N_("triple hexagon"),
    "bridge": N_("bridge"),
    "going out": N_("going out"),
    "penalty": N_("penalty"),
}
"""A scoring event's bonus (``ScoreEvent.bonus_kind``) as the points lines say it."""


def bonus_words(kind: str) -> str:
    """A bonus's name in the language in use (``""`` stays empty).

    >>> bonus_words("double hexagon"), bonus_words("")
    ('double hexagon', '')
    """
    return i18n._(BONUS_WORDS[kind]) if kind in BONUS_WORDS else kind


def turn_words(rotation: int) -> str:
    """A rotation in words, with the mark the board's cells show for it (``r1``).

    >>> turn_words(0), turn_words(2)
    ('not turned (r0)', 'turned twice (r2)')
    """
    words = (N_("not turned"), N_("turned once"), N_("turned twice"))[rotation % 3]
    return f"{i18n._(words)} (r{rotation % 3})"


def misfit_words(game: Game, tile, cell: tuple[int, int], rotation: int) -> str | None:
    """Why ``tile`` turned ``rotation`` does not fit ``cell``, naming the neighbouring tile and
    the corner (the board's words, not lattice points); None when no corner disagrees.

    >>> game = Game.from_deal([["5-5-5", "0-0-1"], ["4-5-5", "3-5-5", "0-1-2"]], seed=1)
    >>> game.play("5-5-5 @ 0,0 r0")
    >>> misfit_words(game, (4, 5, 5), (0, 1), 0)
    '4-5-5 not turned (r0) puts 4 at its top-left corner, where 5-5-5 (row 0, column 0) shows 5'
    """
    from .lattice import corner_numbers, corners, is_up

    mine = corner_numbers(tile, rotation)
    placed = game.board.placements()
    for k, point in enumerate(corners(cell)):
        shown = game.board.number_at(point)
        if shown is None or shown == mine[k]:
            continue
        owners = [
            f"{tile_name(t)} ({render.cell_words(c)})" for c, t, _ in placed if point in corners(c)
        ]
        where = CORNER_WORDS[is_up(cell)][k]
        return i18n.ngettext(
            "{tile} {turn} puts {number} {corner}, where {owners} shows {shown}",
            "{tile} {turn} puts {number} {corner}, where {owners} shows {shown}",  # English: "shows"
            max(1, len(owners)),
        ).format(
            tile=tile_name(tile),
            turn=turn_words(rotation),
            number=mine[k],
            corner=i18n._(CORNER_PLACES[where]),
            owners=i18n._(" and ").join(owners) or i18n._("the board"),
            shown=shown,
        )
    return None


def view(
    game: Game | None = None,
    *,
    seed: int | None = None,
    players: int = 2,
    you: int = 0,
    opponent: str = "greedy",
    rules: Rules | str | None = None,
    humans=None,
) -> TriominosView:
    """A playable round: ``game`` or a new deal from ``seed``; you play seat ``you``.

    ``humans`` (say ``[0, 1]``) seats several people at one screen (hot seat): the
    other seats are ``opponent`` bots, and between two people's turns the hands are
    hidden until the next person presses "Show my hand".
    """
    if game is None:
        game = new_game(
            seed if seed is not None else fresh_seed() % 1_000_000, players=players, rules=rules
        )
    return TriominosView(game, you=you, opponent=opponent, humans=humans)
