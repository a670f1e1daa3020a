"""Take-away with a hidden card: the toy fifth game that proves a spec is all a game needs.

A pile of counters; the seats take 1 to ``max_take`` in turn until it is empty.
A deck of cards 1-24 is shuffled and each seat holds its top card, hidden; at the
end, a seat's score is the counters it took, plus its card when ``cards_count``
is on. The highest score wins.

>>> game = new_game(seed=1)
>>> game.play("take 3")
>>> game.pile, game.scores
(12, [3, 0])
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from tilegames.errors import BadNotation, InvalidPosition, describe
from tilegames.game import GameState, deal_seed, require
from tilegames.randomness import as_generator, seed_value
from tilegames.rules_base import RulesBase

CARDS = range(1, 25)


@dataclass(frozen=True)
class Rules(RulesBase):
    """The toy's rules."""

    pile: int = 15
    """Counters on the table at the start."""
    max_take: int = 3
    """The most counters one turn may take."""
    cards_count: bool = True
    """Each seat's hidden card is added to its score at the end."""

    PRESETS: ClassVar[tuple[str, ...]] = ("standard", "long")

    def __post_init__(self) -> None:
        if type(self.pile) is not int or not 1 <= self.pile <= 60:
            raise ValueError(f"pile must be a whole number from 1 to 60, not {describe(self.pile)}")
        if type(self.max_take) is not int or not 1 <= self.max_take <= 9:
            raise ValueError(f"max_take must be from 1 to 9, not {describe(self.max_take)}")

    @classmethod
    def standard(cls) -> Rules:
        """Fifteen counters, take up to three."""
        return cls()

    @classmethod
    def long(cls) -> Rules:
        """Forty counters, take up to five."""
        return cls(pile=40, max_take=5)


@dataclass(frozen=True)
class Move:
    """Take ``count`` counters: ``take 2``."""

    count: int

    def __post_init__(self) -> None:
        if type(self.count) is not int or not 1 <= self.count <= 9:
            raise BadNotation(f"a move takes 1 to 9 counters, not {describe(self.count)}")

    def __str__(self) -> str:
        return f"take {self.count}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from its notation, ``take N``."""
        found = re.fullmatch(r"\s*take\s+(\d)\s*", str(text))
        if not found:
            raise BadNotation(f"{describe(text)} is not a move: write take 1, take 2 ...")
        return cls(int(found.group(1)))


@dataclass(frozen=True)
class PlayerView:
    """What one seat sees: the pile, everyone's counters, its own card, the legal moves."""

    seat: int
    to_move: int | None
    pile: int
    taken: tuple[int, ...]
    card: int
    legal_moves: tuple[Move, ...]
    rules: Rules


class Game(GameState):
    """One game of take-away."""

    GAME = "toy"
    MOVE = Move
    DEAL_FIELDS = frozenset({"deck", "players", "rules", "seed"})

    def __init__(
        self, deck: list[int], players: int = 2, rules: Rules | None = None, seed: int | None = None
    ):
        super().__init__()
        self.rules = rules or Rules()
        self.deck = tuple(deck)
        """The shuffled deck; seat ``s`` holds ``deck[s]``, the rest stays face down."""
        self.cards = self.deck[:players]
        self.seed = seed
        self.pile = self.rules.pile
        self.taken = [0] * len(self.cards)
        self.to_move: int | None = 0

    @classmethod
    def from_deal(
        cls, deck: list[int], players: int = 2, rules: Rules | None = None, seed: int | None = None
    ):
        """A game from a shuffled deck (seat ``s`` holds ``deck[s]``)."""
        if sorted(card for card in deck if type(card) is int) != list(CARDS):
            raise InvalidPosition(f"deal.deck: the cards 1 to 24, each once, not {describe(deck)}")
        if type(players) is not int or players not in (2, 3):
            raise InvalidPosition(f"deal.players: 2 or 3, not {describe(players)}")
        return cls(list(deck), players, rules, seed)

    def redeal(self, seed: int) -> Game:
        """What ``seed`` deals with these rules and seats: a saved seed must have dealt this."""
        return new_game(seed, rules=self.rules, players=len(self.cards))

    # -- the rules ---------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.pile == 0

    @property
    def scores(self) -> list[int]:
        """Counters taken, plus the card once the game is over (when cards count)."""
        bonus = self.rules.cards_count and self.is_over
        return [n + (card if bonus else 0) for n, card in zip(self.taken, self.cards)]

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        scores = self.scores
        best = max(scores)
        return scores.index(best) if scores.count(best) == 1 else None

    def legal_moves(self) -> list[Move]:
        return [Move(n) for n in range(1, min(self.rules.max_take, self.pile) + 1)]

    def _parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def _why_illegal(self, move: Move) -> str | None:
        if move.count > self.rules.max_take:
            return f"a turn takes at most {self.rules.max_take} counters"
        if move.count > self.pile:
            return f"only {self.pile} counters are left"
        return None

    def _apply(self, move: Move) -> None:
        self.pile -= move.count
        self.taken[self.to_move] += move.count
        self.to_move = None if self.pile == 0 else (self.to_move + 1) % len(self.cards)

    def _snapshot(self):
        return (self.pile, tuple(self.taken), self.to_move)

    def _restore(self, snapshot) -> None:
        self.pile, taken, self.to_move = snapshot
        self.taken = list(taken)

    def status(self) -> str:
        if self.is_over:
            won = "a tie" if self.winner is None else f"seat {self.winner} wins"
            return f"game over: {won} (scores {', '.join(map(str, self.scores))})"
        return f"seat {self.to_move} to take; counters left: {self.pile}"

    # -- what a seat sees ----------------------------------------------------------
    def player_view(self, seat: int | None = None) -> PlayerView:
        seat = self.to_move if seat is None else seat
        if seat is None:
            seat = 0
        return PlayerView(
            seat, self.to_move, self.pile, tuple(self.taken), self.cards[seat],
            tuple(self.legal_moves()), self.rules,
        )  # fmt: skip

    def resample_hidden(self, seat: int | None, rng) -> Game:
        seat = self.to_move if seat is None else seat
        others = [card for card in self.deck if card != self.cards[seat]]
        picked = iter(np.asarray(rng.permutation(others)).tolist())
        deck = [card if s == seat else next(picked) for s, card in enumerate(self.deck)]
        twin = Game(deck, len(self.cards), self.rules)
        for move in self.history:
            twin.play(move)
        return twin

    def invariant_errors(self) -> list[str]:
        errors = []
        if sum(self.taken) + self.pile != self.rules.pile:
            errors.append("counters were lost or made")
        if sorted(self.deck) != list(CARDS):
            errors.append("the deck is not the cards 1 to 24, each once")
        return errors

    # -- saving -------------------------------------------------------------------
    def _deal_dict(self) -> dict[str, Any]:
        return {
            "deck": list(self.deck),
            "players": len(self.cards),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
        }

    @classmethod
    def from_deal_dict(cls, deal: dict[str, Any]) -> Game:
        rules = Rules.from_dict(require(deal, "rules", dict, "deal"), "deal.rules")
        seed = deal_seed(deal)
        deck = require(deal, "deck", list, "deal")
        return cls.from_deal(deck, require(deal, "players", int, "deal"), rules, seed)


def new_game(seed=None, *, rules: Rules | None = None, players: int = 2) -> Game:
    """A new game: each of ``players`` seats (2 or 3) is dealt a hidden card."""
    if players not in (2, 3):
        raise ValueError(f"the toy game seats 2 or 3 players, not {describe(players)}")
    rng = as_generator(seed)
    deck = (rng.permutation(len(CARDS)) + 1).tolist()
    return Game(deck, players, rules, seed_value(seed))
