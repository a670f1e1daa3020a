"""Pig: the rules.

Seats take turns. On a turn a seat rolls a die (``roll``) as often as it likes, adding each
roll to the turn's total, and may then ``hold``: the total is banked. A roll of 1 loses the
turn's total and passes the die on. The first seat to bank ``target`` points wins.

The dice are the deal: ``new_game(seed)`` draws one number, ``dice``, from which every roll
of the game follows, so a game saved as its deal and moves replays exactly. A roll's chance is
declared too (``chance_outcomes``: each face, equally likely), so a player or a solver that
knows nothing of Pig can weigh a roll over its faces (``after_outcome``) without seeing the dice.

>>> game = new_game(seed=1)
>>> game.play("roll"); game.turn_total > 0 or game.to_move == 1
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np

from tilegames.errors import BadNotation, InvalidPosition, describe
from tilegames.game import GameState, deal_seed, require
from tilegames.randomness import as_generator, seed_value
from tilegames.rules_base import RulesBase
from tilegames.words import plural

DICE_LIMIT = 2**63
"""The dice number is a whole number from 0 to ``DICE_LIMIT - 1``."""
KINDS = ("roll", "hold")


@dataclass(frozen=True)
class Rules(RulesBase):
    """Pig's rules."""

    target: int = 100
    """The points a seat must bank to win."""
    faces: int = 6
    """The die's faces (1 to faces); a 1 always loses the turn's total."""

    PRESETS: ClassVar[tuple[str, ...]] = ("standard", "quick")

    def __post_init__(self) -> None:
        if type(self.target) is not int or not 10 <= self.target <= 1000:
            raise ValueError(
                f"target must be a whole number from 10 to 1000, not {describe(self.target)}"
            )
        if type(self.faces) is not int or not 2 <= self.faces <= 20:
            raise ValueError(
                f"faces must be a whole number from 2 to 20, not {describe(self.faces)}"
            )

    @classmethod
    def standard(cls) -> Rules:
        """To 100 with a six-sided die."""
        return cls()

    @classmethod
    def quick(cls) -> Rules:
        """To 30, for a game in a few minutes."""
        return cls(target=30)


@dataclass(frozen=True)
class Move:
    """``roll`` the die again, or ``hold``: bank the turn's total."""

    kind: str

    def __post_init__(self) -> None:
        if type(self.kind) is not str or self.kind not in KINDS:
            raise BadNotation(f"a move is roll or hold, not {describe(self.kind)}")

    def __str__(self) -> str:
        return self.kind

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from its notation: ``roll`` or ``hold``."""
        found = re.fullmatch(r"\s*(roll|hold)\s*", str(text))
        if not found:
            raise BadNotation(f"{describe(text)} is not a move: write roll or hold")
        return cls(found.group(1))


@dataclass(frozen=True)
class PlayerView:
    """What a seat sees: everything but the dice to come."""

    seat: int
    to_move: int | None
    banked: tuple[int, ...]
    turn_total: int
    last_roll: int | None
    legal_moves: tuple[Move, ...]
    rules: Rules


class Game(GameState):
    """One game of Pig."""

    GAME = "pig"
    MOVE = Move
    DEAL_FIELDS = frozenset({"dice", "players", "rules", "seed"})

    def __init__(
        self, dice: int, players: int = 2, rules: Rules | None = None, seed: int | None = None
    ):
        super().__init__()
        self.rules = rules or Rules()
        self.dice = dice
        """The number every roll of the game follows from (the deal)."""
        self.players = players
        self.seed = seed
        self.banked = [0] * players
        self.turn_total = 0
        self.last_roll: int | None = None
        self.rolls = 0
        """How many rolls have been made: roll ``n`` is ``self.roll_number(n)``."""
        self.to_move: int | None = 0
        self._drawn: list[int] = []

    @classmethod
    def from_deal(
        cls, dice: int, players: int = 2, rules: Rules | None = None, seed: int | None = None
    ):
        """A game from its dice number and seats (2 to 6)."""
        if type(dice) is not int or not 0 <= dice < DICE_LIMIT:
            raise InvalidPosition(
                f"deal.dice: a whole number from 0 to 2**63 - 1, not {describe(dice)}"
            )
        if type(players) is not int or not 2 <= players <= 6:
            raise InvalidPosition(f"deal.players: 2 to 6, not {describe(players)}")
        return cls(dice, players, rules, seed)

    def roll_number(self, index: int) -> int:
        """The ``index``-th roll of the game (from 0), the same every time it is asked."""
        while len(self._drawn) <= index:
            more = np.random.default_rng([self.dice, len(self._drawn) // 256])
            self._drawn += (more.integers(1, self.rules.faces + 1, size=256) + 0).tolist()
        return self._drawn[index]

    def redeal(self, seed: int) -> Game:
        """What ``seed`` deals with these rules and seats: a saved seed must have dealt this."""
        return new_game(seed, rules=self.rules, players=self.players)

    # -- the rules ---------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return max(self.banked) >= self.rules.target

    @property
    def scores(self) -> list[int]:
        """The points each seat has banked."""
        return list(self.banked)

    @property
    def winner(self) -> int | None:
        return self.banked.index(max(self.banked)) if self.is_over else None

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        return [Move("roll"), Move("hold")] if self.turn_total else [Move("roll")]

    def _parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def _why_illegal(self, move: Move) -> str | None:
        if move.kind == "hold" and not self.turn_total:
            return "roll first: there is nothing to hold"
        return None

    def _apply(self, move: Move) -> None:
        seat = self.to_move
        if move.kind == "hold":
            self.banked[seat] += self.turn_total
            self._pass_on(None if self.is_over else (seat + 1) % self.players)
            return
        self._roll(self.roll_number(self.rolls))

    def chance_outcomes(self, move: Move) -> tuple[tuple[int, Fraction], ...]:
        """A roll's faces, each as likely (a hold leaves nothing to chance)."""
        if move.kind != "roll":
            return ()
        faces = self.rules.faces
        return tuple((face, Fraction(1, faces)) for face in range(1, faces + 1))

    def _apply_outcome(self, move: Move, outcome: int) -> None:
        self._roll(outcome)

    def _roll(self, face: int) -> None:
        """The seat to move rolls ``face``: a 1 loses the turn's total and passes the die on."""
        seat = self.to_move
        self.last_roll = face
        self.rolls += 1
        if face == 1:
            self._pass_on((seat + 1) % self.players)
        else:
            self.turn_total += face

    def _pass_on(self, seat: int | None) -> None:
        self.turn_total = 0
        self.to_move = seat

    def _snapshot(self):
        return (tuple(self.banked), self.turn_total, self.last_roll, self.rolls, self.to_move)

    def _restore(self, snapshot) -> None:
        banked, self.turn_total, self.last_roll, self.rolls, self.to_move = snapshot
        self.banked = list(banked)

    def status(self) -> str:
        if self.is_over:
            return f"game over: seat {self.winner} wins with {plural(max(self.banked), 'point')}"
        rolled = "" if self.last_roll is None else f"rolled {self.last_roll}; "
        return f"{rolled}seat {self.to_move} to play, {plural(self.turn_total, 'point')} this turn"

    # -- what a seat sees ----------------------------------------------------------
    def player_view(self, seat: int | None = None) -> PlayerView:
        seat = (self.to_move or 0) if seat is None else seat
        return PlayerView(
            seat, self.to_move, tuple(self.banked), self.turn_total, self.last_roll,
            tuple(self.legal_moves()), self.rules,
        )  # fmt: skip

    def resample_hidden(self, seat: int | None, rng) -> Game:
        """Nothing is hidden (the dice to come are chance, not a hidden card): a copy."""
        return self.copy(keep_undo=False)

    def invariant_errors(self) -> list[str]:
        errors = []
        if any(points < 0 for points in self.banked) or self.turn_total < 0:
            errors.append("a negative score")
        if self.is_over != (self.to_move is None):
            errors.append("the game is over exactly when nobody is to move")
        if sum(self.banked) + self.turn_total > self.rolls * self.rules.faces:
            errors.append("more points than the dice gave")
        return errors

    # -- saving -------------------------------------------------------------------
    def _deal_dict(self) -> dict[str, Any]:
        return {
            "dice": self.dice,
            "players": self.players,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
        }

    @classmethod
    def from_deal_dict(cls, deal: dict[str, Any]) -> Game:
        rules = Rules.from_dict(require(deal, "rules", dict, "deal"), "deal.rules")
        seed = deal_seed(deal)
        return cls.from_deal(
            require(deal, "dice", int, "deal"), require(deal, "players", int, "deal"), rules, seed
        )


def new_game(seed=None, *, rules: Rules | None = None, players: int = 2) -> Game:
    """A new game for ``players`` seats (2 to 6); ``seed`` an int, a numpy Generator or None."""
    if type(players) is not int or not 2 <= players <= 6:
        raise ValueError(f"Pig seats 2 to 6 players, not {describe(players)}")
    rng = as_generator(seed)
    return Game(int(rng.integers(DICE_LIMIT)), players, rules, seed_value(seed))
