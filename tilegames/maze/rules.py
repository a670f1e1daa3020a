"""Maze, the card solitaire as GNOME AisleRiot plays it: deal, moves, score, win.

One player, no chance after the deal, nothing hidden. 48 cards (A to Q of
four suits) and 6 gaps lie in 54 slots, 6 rows of 9, read as one line
(slot 8 is the left neighbour of slot 9; no wrap from 53 to 0). A card may
move into a gap when it *follows* the card on the gap's left, or when the card
on the gap's right follows it. "B follows A": same suit and one rank higher,
or A is any queen and B is any ace. Into an empty slot 0 any ace may move,
into an empty slot 53 any queen. The score counts the links in reading order
(gaps skipped) plus one if the first card is an ace; 48 wins.

``Rules.traditional()`` is the book game on the same engine: the 54 slots
form a ring, only same-suit links count, no corner rules.

>>> game = new_game(seed=1)
>>> len(game.gaps), game.score <= 48, game.is_over
(6, True, False)
>>> move = game.legal_moves()[0]
>>> game.play(move)
>>> game.undo() == move
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

import numpy as np

from .. import i18n  # i18n._(...)
from ..errors import BadNotation, InvalidPosition, describe
from ..game import GameState, Notation, deal_fields, kept_seed, require
from ..i18n import _, ngettext
from ..randomness import as_generator, seed_value
from ..rules_base import RulesBase

ROWS = 6
"""Rows of the table."""
COLUMNS = 9
"""Slots in each row."""
SLOTS = ROWS * COLUMNS
"""54 slots, numbered 0 to 53 in reading order."""
EMPTY_AT_DEAL = (8, 17)
"""The slots the deal leaves empty (ends of the first two rows), before the kings go."""

SUITS = "♣♦♥♠"
"""The suits in their deck order: clubs, diamonds, hearts, spades."""
SUIT_LETTERS = "CDHS"
"""ASCII letters of the suits, in the same order."""
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Rank ``r`` (1 to 13) is written ``RANK_NAMES[r - 1]``."""
GAP = -1
"""The code of an empty slot in the fast board (a list of card codes)."""

_SUIT_OF_CHAR = {
    **{s: i for i, s in enumerate(SUITS)},
    **{s: i for i, s in enumerate(SUIT_LETTERS)},
    **{s.lower(): i for i, s in enumerate(SUIT_LETTERS)},
    **{s: i for i, s in enumerate("♧♢♡♤")},
}
_RANK_OF_TEXT = {name: i + 1 for i, name in enumerate(RANK_NAMES)}
_RANK_OF_TEXT.update({"T": 10, "1": 1, "11": 11, "12": 12, "13": 13})


# -- cards -----------------------------------------------------------------------
@dataclass(frozen=True, order=True, repr=False)
class Card(Notation):
    """A playing card: ``Card(7, "♦")`` is the seven of diamonds, written ``7♦`` (ASCII ``7D``).

    >>> Card.parse("7D"), str(Card.parse("10♠")), Card.parse("qh").ascii
    (Card.parse('7♦'), '10♠', 'QH')
    """

    rank: int
    """1 (ace) to 13 (king)."""
    suit: str
    """One of ``♣ ♦ ♥ ♠``."""

    def __post_init__(self) -> None:
        if not isinstance(self.rank, int) or not 1 <= self.rank <= 13:
            raise ValueError(f"a card's rank is 1 (ace) to 13 (king), not {self.rank!r}")
        if self.suit not in SUITS:
            raise ValueError(f"a card's suit is one of {' '.join(SUITS)}, not {self.suit!r}")

    @property
    def code(self) -> int:
        """0 to 51: ``13 * suit index + rank - 1`` (the fast board stores these)."""
        return 13 * SUITS.index(self.suit) + self.rank - 1

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with this ``code``."""
        return _CARDS[code]

    @property
    def ascii(self) -> str:
        """The card in ASCII: ``7D``, ``10S``, ``QH``."""
        return RANK_NAMES[self.rank - 1] + SUIT_LETTERS[SUITS.index(self.suit)]

    @property
    def name(self) -> str:
        """Rank and suit in words, for tooltips: ``7 of diamonds``."""
        words = {1: _("ace"), 11: _("jack"), 12: _("queen"), 13: _("king")}
        rank = words.get(self.rank, str(self.rank))
        suit = SUIT_NAMES[SUITS.index(self.suit)]
        if suit == "clubs":
            return _("{rank} of clubs").format(rank=rank)
        if suit == "diamonds":
            return _("{rank} of diamonds").format(rank=rank)
        if suit == "hearts":
            return _("{rank} of hearts").format(rank=rank)
        return _("{rank} of spades").format(rank=rank)

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red."""
        return self.suit in "♦♥"

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from ``7♦``, ``7D``, ``7d``, ``10S`` or ``TS``; bad text raises ValueError."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a card is written like 7♦ or 7D, not {text!r}")
        cleaned = text.strip()
        if len(cleaned) >= 2 and cleaned[-1] in _SUIT_OF_CHAR:
            rank = _RANK_OF_TEXT.get(cleaned[:-1].upper())
            if rank is not None:
                return _CARDS[13 * _SUIT_OF_CHAR[cleaned[-1]] + rank - 1]
        raise ValueError(
            f"{text!r} is not a card: write a rank (A, 2-10, J, Q, K) and a suit "
            f"(♣ ♦ ♥ ♠ or C D H S), like 7♦ or 7D"
        )

    def __str__(self) -> str:
        return RANK_NAMES[self.rank - 1] + self.suit


_CARDS = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
DECK = _CARDS
"""The 52 cards in code order (♣ A..K, ♦ A..K, ♥ A..K, ♠ A..K)."""


def card_text(code: int) -> str:
    """The card with this code as text (``'·'`` for a gap).

    >>> card_text(Card.parse("7D").code), card_text(GAP)
    ('7♦', '·')
    """
    return "·" if code == GAP else str(_CARDS[code])


# -- rules -----------------------------------------------------------------------
@dataclass(frozen=True)
class Rules(RulesBase):
    """Every variant switch of Maze. The default is GNOME AisleRiot's game.

    >>> Rules().max_score, Rules.traditional().max_score
    (48, 44)
    >>> sorted(Rules.presets())
    ['aisleriot', 'traditional']
    """

    # AisleRiot's game (the default) and the book game, the ``traditional`` ring
    # (``--traditional`` is ``--rules traditional``); ``ring`` is the one switch of the slots
    PRESETS: ClassVar[tuple[str, ...]] = ("aisleriot", "traditional")
    # ``standard``: the winnability study's label of AisleRiot's game (``study.VARIANTS``)
    ALIASES: ClassVar[Mapping[str, str]] = MappingProxyType({"standard": "aisleriot"})

    ring: bool = False
    """Slot 53's right neighbour is slot 0 (and slot 0's left is 53), as in the books."""
    queen_before_ace: bool = True
    """Any ace follows any queen (AisleRiot); off, only same-suit successors count."""
    corners: bool = True
    """Any ace may move into an empty slot 0, any queen into an empty slot 53 (AisleRiot)."""

    @classmethod
    def aisleriot(cls) -> Rules:
        """GNOME AisleRiot's Maze: a line of 54 slots, queen→ace links, corner moves."""
        return cls()

    @classmethod
    def traditional(cls) -> Rules:
        """The book game (Arnold; PySolFC): a ring of slots, same-suit links only, no corners."""
        return cls(ring=True, queen_before_ace=False, corners=False)

    @property
    def max_score(self) -> int:
        """The winning score: 48 in AisleRiot's game, 44 in the traditional ring."""
        if self.ring:
            return 44 + (4 if self.queen_before_ace else 0)
        return 45 + (3 if self.queen_before_ace else 0)

    def follows(self, first: int, second: int) -> bool:
        """Whether card code ``second`` follows card code ``first`` (kings follow nothing: they are off the table).

        >>> six, seven, queen, ace = (Card.parse(t).code for t in ("6D", "7D", "QH", "AC"))
        >>> Rules().follows(six, seven), Rules().follows(queen, ace), Rules.traditional().follows(queen, ace)
        (True, True, False)
        """
        if first < 0 or second < 0:
            return False
        if second == first + 1 and first % 13 < 11:
            return True
        return self.queen_before_ace and first % 13 == 11 and second % 13 == 0


# -- moves -----------------------------------------------------------------------
_MOVE_RE = re.compile(r"^\s*(\S+?)\s*(?:->|→|to)\s*(\d+)\s*$")
_MAX_SLOT_DIGITS = 6  # longer slot numbers are refused before int() reads them


@dataclass(frozen=True, repr=False)
class Move(Notation):
    """Move one card into a gap: ``7♦ → 23`` (ASCII ``7D -> 23``).

    >>> Move.parse("7D -> 23")
    Move.parse('7♦ → 23')
    >>> str(Move(Card.parse("A♣"), 0)), Move.parse("A♣ → 0").ascii
    ('A♣ → 0', 'AC -> 0')
    """

    card: Card
    """The card that moves (it leaves its slot, which becomes a gap)."""
    to: int
    """The empty slot it moves into, 0 to 53."""

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise BadNotation(
                _(
                    "a Maze move needs a Card, not {card}: write Move(Card.parse('7D'), 23) "
                    "or Move.parse('7D -> 23')"
                ).format(card=describe(self.card))
            )
        if isinstance(self.to, bool) or not isinstance(self.to, (int, np.integer)):
            raise BadNotation(
                _("a slot is a whole number 0 to 53, not {slot}").format(slot=describe(self.to))
            )
        if not 0 <= self.to < SLOTS:
            raise BadNotation(_NO_SLOT().format(slot=describe(self.to)))
        object.__setattr__(self, "to", int(self.to))  # numpy ints become plain ints

    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from ``"7♦ → 23"`` or ``"7D -> 23"``; bad text raises IllegalMove."""
        if isinstance(text, Move):
            return text
        match = _MOVE_RE.match(text) if isinstance(text, str) and len(text) <= 200 else None
        if not match:
            raise BadNotation(
                _("{text} is not a Maze move: write a card and a slot, like 7♦ → 23").format(
                    text=describe(text)
                )
            )
        try:
            card = Card.parse(match.group(1))
        except ValueError as error:
            raise BadNotation(str(error)) from None
        digits = match.group(2)
        if len(digits) > _MAX_SLOT_DIGITS:
            raise BadNotation(_NO_SLOT().format(slot=describe(digits)))
        return cls(card, int(digits))

    @property
    def ascii(self) -> str:
        """The move in ASCII notation: ``7D -> 23``."""
        return f"{self.card.ascii} -> {self.to}"

    def __str__(self) -> str:
        return f"{self.card} → {self.to}"


_MOVES = tuple(tuple(Move(card, slot) for slot in range(SLOTS)) for card in _CARDS)
"""Every Move value, made once: ``_MOVES[code][slot]`` (legal_moves hands these out)."""


# -- the state -------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerView:
    """What the player sees: the whole table (Maze hides nothing), the rules and the legal moves.

    An immutable value with no game inside; ``score_after(move)`` and
    ``as_game()`` are the helpers players need.

    >>> view = new_game(seed=1).player_view()
    >>> view.score_after(view.legal_moves[0]) - view.score
    0
    >>> view.as_game().player_view() == view
    True
    """

    slots: tuple[Card | None, ...]
    """The 54 slots in reading order: a Card or None for a gap."""
    rules: Rules
    """The variant played."""
    legal_moves: tuple[Move, ...]
    """Every legal move, in ``Game.legal_moves`` order (empty when the game is over)."""
    score: int
    """The score now."""
    max_score: int
    """The winning score."""
    moves_played: int
    """How many moves have been played since the deal."""

    @property
    def codes(self) -> tuple[int, ...]:
        """The slots as card codes (``GAP`` for a gap)."""
        return tuple(GAP if card is None else card.code for card in self.slots)

    @property
    def won(self) -> bool:
        """Whether the table is won."""
        return self.score == self.max_score

    def score_after(self, move: Move) -> int:
        """The score the table would have after ``move`` (assumed legal)."""
        codes = list(self.codes)
        codes[codes.index(move.card.code)] = GAP
        codes[move.to] = move.card.code
        return score_of(codes, self.rules)

    def as_game(self) -> Game:
        """A new game on this table (its deal is this table), for players that search ahead."""
        return Game(list(self.codes), self.rules)


class Game(GameState):
    """A game of Maze: the 54 slots, the rules, and the moves played.

    A saved game (``to_dict``) holds at most ``tilegames.game.MAX_SAVED_MOVES``
    (100,000) moves: loading replays every move through the rules (a few
    seconds for the most), and a longer save is refused before any replay.

    >>> rest = [str(c) for c in DECK if c.rank < 13 and str(c) not in ("A♣", "2♣")]
    >>> game = Game.from_deal(["A♣", None, "2♣"] + rest + [None] * 5)
    >>> game.score >= 2, game.card_at(1), game.slot_of("2D")
    (True, None, 14)
    """

    GAME = "maze"
    VERSION = 1
    MOVE = Move
    DEAL_FIELDS = frozenset({"slots", "rules", "seed"})

    def __init__(self, slots: list[int], rules: Rules | None = None, seed: int | None = None):
        super().__init__()
        self.rules: Rules = rules if rules is not None else Rules()
        """The variant played."""
        self.seed: int | None = seed
        """The int seed this deal came from, if any (for the record; the deal is the slots)."""
        self._deal: tuple[int, ...] = tuple(slots)
        self._slots: list[int] = list(slots)
        self._where: list[int] = [GAP] * 52
        for slot, code in enumerate(self._slots):
            if code != GAP:
                self._where[code] = slot

    # -- dealing ---------------------------------------------------------------
    @classmethod
    def from_seed(
        cls, seed: int | np.random.Generator | None = None, rules: Rules | None = None
    ) -> Game:
        """Shuffle 52 cards, deal all slots but 8 and 17, remove the kings."""
        rng = as_generator(seed)
        order = rng.permutation(52).tolist()
        slots: list[int] = []
        for slot in range(SLOTS):
            if slot in EMPTY_AT_DEAL:
                slots.append(GAP)
            else:
                code = order.pop()
                slots.append(GAP if code % 13 == 12 else code)
        return cls(
            slots, rules, seed_value(seed) if not isinstance(seed, np.random.Generator) else None
        )

    @classmethod
    def from_deal(cls, slots: list[Any], rules: Rules | None = None) -> Game:
        """An explicit table: 54 entries in slot order, each a card (``"7D"``, ``"7♦"``, a Card) or None.

        Every card from A to Q of each suit must appear once; the 6 other slots are None.
        """
        if not isinstance(slots, (list, tuple)):
            raise InvalidPosition(
                i18n._("slots: expected a list of 54 entries, found {slots!r}").format(slots=slots)
            )
        if len(slots) != SLOTS:
            raise InvalidPosition(
                i18n._("slots: expected 54 entries (6 rows of 9), found {slots}").format(
                    slots=len(slots)
                )
            )
        codes: list[int] = []
        seen: dict[int, int] = {}
        for index, entry in enumerate(slots):
            if entry is None:
                codes.append(GAP)
                continue
            try:
                card = Card.parse(entry)
            except ValueError as error:
                raise InvalidPosition(
                    i18n._("slots[{index}]: {error}").format(index=index, error=error)
                ) from None
            if card.rank == 13:
                raise InvalidPosition(
                    i18n._("slots[{index}]: {card} is a king; Maze removes the kings").format(
                        index=index, card=card
                    )
                )
            if card.code in seen:
                raise InvalidPosition(
                    i18n._("slots[{index}]: {card} is already in slot {slot}").format(
                        index=index, card=card, slot=seen[card.code]
                    )
                )
            seen[card.code] = index
            codes.append(card.code)
        if len(seen) != 48:
            missing = [str(c) for c in DECK if c.rank < 13 and c.code not in seen]
            raise InvalidPosition(
                i18n._("slots: 48 cards needed, found {count}; missing {missing}").format(
                    count=len(seen), missing=missing
                )
            )
        if rules is not None and not isinstance(rules, Rules):
            raise InvalidPosition(
                i18n._("rules: expected Rules, found {rules!r}").format(rules=rules)
            )
        return cls(codes, rules)

    def _deal_dict(self) -> dict[str, Any]:
        return {
            "slots": [None if code == GAP else str(_CARDS[code]) for code in self._deal],
            "rules": self.rules.to_dict(),
            "seed": self.seed,
        }

    @classmethod
    def from_deal_dict(cls, deal: dict[str, Any]) -> Game:
        slots = require(deal, "slots", list, "deal")
        rules = Rules.from_dict(require(deal, "rules", dict, "deal"), "deal.rules")
        seed = kept_seed(deal, "missing (write null for a deal given card by card)")
        with deal_fields():
            game = cls.from_deal(slots, rules)
        game.seed = seed  # for the record: ``from_dict`` checks it dealt the cards (``redeal``)
        return game

    def redeal(self, seed: int) -> Game:
        """The deal ``seed`` makes with these rules (a saved seed must have dealt this one)."""
        return type(self).from_seed(seed, self.rules)

    # -- reading the table -------------------------------------------------------
    @property
    def slots(self) -> tuple[Card | None, ...]:
        """The 54 slots in reading order: a Card or None for a gap."""
        return tuple(None if code == GAP else _CARDS[code] for code in self._slots)

    @property
    def deal(self) -> tuple[Card | None, ...]:
        """The 54 slots as dealt, before any move."""
        return tuple(None if code == GAP else _CARDS[code] for code in self._deal)

    @property
    def codes(self) -> tuple[int, ...]:
        """The 54 slots as card codes (``GAP`` = -1 for a gap): the fast view."""
        return tuple(self._slots)

    def card_at(self, slot: int) -> Card | None:
        """The card in ``slot``, or None if it is a gap."""
        code = self._slots[slot]
        return None if code == GAP else _CARDS[code]

    def slot_of(self, card: Card | str) -> int | None:
        """The slot holding ``card`` (None for a king: kings leave the table at the deal)."""
        code = Card.parse(card).code
        slot = self._where[code]
        return None if slot == GAP else slot

    @property
    def gaps(self) -> list[int]:
        """The empty slots, in order."""
        return [slot for slot, code in enumerate(self._slots) if code == GAP]

    def left_of(self, slot: int) -> int | None:
        """The slot on ``slot``'s left (None at slot 0 unless the board is a ring)."""
        if slot > 0:
            return slot - 1
        return SLOTS - 1 if self.rules.ring else None

    def right_of(self, slot: int) -> int | None:
        """The slot on ``slot``'s right (None at slot 53 unless the board is a ring)."""
        if slot < SLOTS - 1:
            return slot + 1
        return 0 if self.rules.ring else None

    def links(self) -> list[tuple[int, int]]:
        """The pairs of slots (a, b) whose cards score: b's card follows a's, gaps between skipped.

        >>> game = new_game(seed=2)
        >>> len(game.links()) + game.first_card_is_ace == game.score
        True
        """
        return score_links(self._slots, self.rules)

    @property
    def first_card_is_ace(self) -> bool:
        """Whether the first card in reading order is an ace (a point, except on a ring)."""
        if self.rules.ring:
            return False
        first = next(code for code in self._slots if code != GAP)
        return first % 13 == 0

    @property
    def score(self) -> int:
        """Links in reading order (gaps skipped), plus 1 if the first card is an ace."""
        return score_of(self._slots, self.rules)

    @property
    def max_score(self) -> int:
        """The winning score (48 under AisleRiot's rules)."""
        return self.rules.max_score

    @property
    def scores(self) -> list[int]:
        """One score per player; Maze has one player."""
        return [self.score]

    @property
    def won(self) -> bool:
        """Whether the score is the maximum: four runs A→Q, each of one suit."""
        return self.score == self.rules.max_score

    def _won_fast(self) -> bool:
        """``won``, stopping at the first links that can no longer all be made."""
        rules = self.rules
        follows = rules.follows
        allowed = (48 if rules.ring else 48) - rules.max_score  # links (and first ace) missed
        missed = 0
        first = previous = GAP
        for code in self._slots:
            if code == GAP:
                continue
            if previous == GAP:
                first = code
                if not rules.ring and code % 13 != 0:
                    missed += 1
            elif not follows(previous, code):
                missed += 1
            if missed > allowed:
                return False
            previous = code
        if rules.ring and not follows(previous, first):
            missed += 1
        return missed <= allowed

    @property
    def winner(self) -> int | None:
        """0 (the one player) once the game is won, else None."""
        return 0 if self.won else None

    @property
    def is_over(self) -> bool:
        """Won, or (only possible on the traditional ring) no move left."""
        return self._won_fast() or not has_legal_move(self._slots, self._where, self.rules)

    @property
    def to_move(self) -> int | None:
        """The player to move: 0 while the game goes on, None once it is over."""
        return None if self.is_over else 0

    def status(self) -> str:
        """The standing in words."""
        score, best, moves = self.score, self.max_score, _moves(len(self.history))
        if self.won:
            return _("won: score {score} of {best} after {moves}").format(
                score=score, best=best, moves=moves
            )
        if not self.legal_moves():
            return _("stuck: no move is possible (score {score} of {best})").format(
                score=score, best=best
            )
        return _("score {score} of {best} after {moves}").format(
            score=score, best=best, moves=moves
        )

    # -- moves ---------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move, ordered by target gap (slot order), then by the card's slot;
        none once the game is won."""
        if self._won_fast():
            return []
        moves = _MOVES
        slots = self._slots
        return [
            moves[slots[source]][target]
            for target, source in legal_pairs(slots, self._where, self.rules)
        ]

    def targets_of(self, card: Card | str) -> list[int]:
        """The gaps ``card`` may move into now (empty when it cannot move).

        >>> new_game(seed=1).targets_of("A♦")
        [0, 39]
        """
        code = Card.parse(card).code
        source = self._where[code]
        return [t for t, s in legal_pairs(self._slots, self._where, self.rules) if s == source]

    def _parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def _why_illegal(self, move: Move) -> str | None:
        if not isinstance(move, Move):
            return _("{move} is not a Maze move").format(move=describe(move))
        card, target = move.card, move.to
        if card.rank == 13:
            return _("{card} is not on the table: Maze removes the kings after the deal").format(
                card=card
            )
        occupant = self._slots[target]
        if occupant == card.code:
            return _("{card} is already in slot {slot}").format(card=card, slot=target)
        if occupant != GAP:
            return _(
                "slot {slot} is not empty: {card} is there; a card moves only into a gap"
            ).format(slot=target, card=_CARDS[occupant])
        if self._fits(card.code, target):
            return None
        return f"{self.where_may_go(card)}; {self.describe_neighbours(target)}"

    def _fits(self, code: int, target: int) -> bool:
        rules = self.rules
        left, right = self.left_of(target), self.right_of(target)
        if left is None:
            if rules.corners and code % 13 == 0:
                return True
        elif rules.follows(self._slots[left], code):
            return True
        if right is None:
            return rules.corners and code % 13 == 11
        return rules.follows(code, self._slots[right])

    def where_may_go(self, card: Card) -> str:
        """Where ``card`` may go, in words.

        >>> new_game(seed=1).where_may_go(Card.parse("7D"))
        '7♦ may go only into a gap right of 6♦ or left of 8♦'
        """
        rules = self.rules
        suit = card.suit
        after = []
        if card.rank == 1:
            if rules.queen_before_ace:
                after.append(_("right of any queen"))
            if rules.corners:
                after.append(_("into slot 0"))
        else:
            after.append(_("right of {card}").format(card=Card(card.rank - 1, suit)))
        if card.rank == 12:
            if rules.queen_before_ace:
                after.append(_("left of any ace"))
            if rules.corners:
                after.append(_("into slot 53"))
        else:
            after.append(_("left of {card}").format(card=Card(card.rank + 1, suit)))
        places = (
            after[0]
            if len(after) == 1
            else _("{items} or {last}").format(items=", ".join(after[:-1]), last=after[-1])
        )
        return _("{card} may go only into a gap {places}").format(card=card, places=places)

    def describe_neighbours(self, slot: int) -> str:
        """What is beside ``slot``, in words (for refusals).

        >>> new_game(seed=1).describe_neighbours(0)
        'slot 0 has the edge (it is the first slot) on its left and a gap on its right'
        """

        def say(neighbour: int | None, edge: str) -> str:
            if neighbour is None:
                return edge
            code = self._slots[neighbour]
            return _("a gap") if code == GAP else str(_CARDS[code])

        left = say(self.left_of(slot), _("the edge (it is the first slot)"))
        right = say(self.right_of(slot), _("the edge (it is the last slot)"))
        return _("slot {slot} has {left} on its left and {right} on its right").format(
            slot=slot, left=left, right=right
        )

    def _apply(self, move: Move) -> None:
        code = move.card.code
        source = self._where[code]
        self._slots[source] = GAP
        self._slots[move.to] = code
        self._where[code] = move.to

    def _snapshot(self) -> tuple[int, ...]:
        return tuple(self._slots)

    def _restore(self, snapshot: tuple[int, ...]) -> None:
        self._slots = list(snapshot)
        self._where = [GAP] * 52
        for slot, code in enumerate(self._slots):
            if code != GAP:
                self._where[code] = slot

    # -- the contract: views, determinisation, consistency --------------------------------
    def player_view(self, seat: int | None = None) -> PlayerView:
        """The table as the player sees it (everything: Maze hides nothing); ``seat`` is 0 or None."""
        if seat is not None and (isinstance(seat, bool) or seat != 0):
            raise ValueError(f"Maze is a solitaire: the only seat is 0, not {describe(seat)}")
        return PlayerView(
            slots=self.slots,
            rules=self.rules,
            legal_moves=tuple(self.legal_moves()),
            score=self.score,
            max_score=self.rules.max_score,
            moves_played=len(self.history),
        )

    def resample_hidden(self, seat: int | None, rng: np.random.Generator | None = None) -> Game:
        """A copy: Maze hides nothing, so there is nothing to deal again.

        >>> game = new_game(seed=4)
        >>> game.resample_hidden(0, np.random.default_rng(1)) == game
        True
        """
        self.player_view(seat)  # refuses a seat other than 0
        return self.copy(keep_undo=False)

    def invariant_errors(self) -> list[str]:
        """Every card A–Q on the table exactly once, 6 gaps, no king, the index consistent.

        >>> new_game(seed=2).invariant_errors()
        []
        """
        errors = []
        if len(self._slots) != SLOTS:
            errors.append(f"the table has {len(self._slots)} slots, not {SLOTS}")
        cards = [code for code in self._slots if code != GAP]
        if sorted(cards) != [code for code in range(52) if code % 13 != 12]:
            errors.append("the table does not hold each card ace to queen exactly once")
        if any(code % 13 == 12 for code in cards):
            errors.append("a king is on the table")
        for code in range(52):
            slot = self._where[code]
            expected = GAP if code % 13 == 12 else self._slots.index(code) if code in cards else -2
            if slot != expected:
                errors.append(f"the index says {_CARDS[code]} is in slot {slot}")
                break
        return errors

    # -- showing (str, _repr_svg_ and view() come from GameState: render.py, view.py) --
    def __repr__(self) -> str:
        return f"<Maze game: {self.status()}>"


# -- fast functions (the solver uses them too) --------------------------------------
def score_links(slots: list[int] | tuple[int, ...], rules: Rules) -> list[tuple[int, int]]:
    """Pairs of slots (a, b): consecutive cards in reading order (gaps skipped), b follows a.

    >>> five, six = Card.parse("5S").code, Card.parse("6S").code
    >>> score_links([five, GAP, six], Rules())
    [(0, 2)]
    """
    occupied = [slot for slot, code in enumerate(slots) if code != GAP]
    pairs = list(zip(occupied, occupied[1:]))
    if rules.ring:
        pairs.append((occupied[-1], occupied[0]))
    return [(a, b) for a, b in pairs if rules.follows(slots[a], slots[b])]


def score_of(slots: list[int] | tuple[int, ...], rules: Rules) -> int:
    """The score of a table given as card codes (``GAP`` for gaps).

    >>> score_of([Card.parse("AC").code, GAP, Card.parse("2C").code], Rules())
    2
    """
    cards = [code for code in slots if code != GAP]
    follows = rules.follows
    total = sum(1 for a, b in zip(cards, cards[1:]) if follows(a, b))
    if rules.ring:
        return total + follows(cards[-1], cards[0])
    return total + (cards[0] % 13 == 0)


def legal_pairs(
    slots: list[int] | tuple[int, ...], where: list[int], rules: Rules
) -> list[tuple[int, int]]:
    """All legal moves as (target gap, source slot), sorted: target first, then source.

    >>> game = new_game(seed=1)
    >>> legal_pairs(game.codes, game._where, game.rules)[:2]
    [(0, 2), (0, 16)]
    """
    pairs: list[tuple[int, int]] = []
    last = SLOTS - 1
    qa = rules.queen_before_ace
    for target in range(SLOTS):
        if slots[target] != GAP:
            continue
        sources: set[int] = set()
        # left test
        if target > 0 or rules.ring:
            left = slots[target - 1] if target > 0 else slots[last]
            if left != GAP:
                rank = left % 13
                if rank < 11:
                    sources.add(where[left + 1])
                elif rank == 11 and qa:
                    sources.update(where[s * 13] for s in range(4))
        elif rules.corners:
            sources.update(where[s * 13] for s in range(4))
        # right test
        if target < last or rules.ring:
            right = slots[target + 1] if target < last else slots[0]
            if right != GAP:
                rank = right % 13
                if rank > 0:
                    sources.add(where[right - 1])
                elif qa:
                    sources.update(where[s * 13 + 11] for s in range(4))
        elif rules.corners:
            sources.update(where[s * 13 + 11] for s in range(4))
        sources.discard(target)
        pairs.extend((target, source) for source in sorted(sources))
    return pairs


def has_legal_move(slots: list[int] | tuple[int, ...], where: list[int], rules: Rules) -> bool:
    """Whether ``legal_pairs`` would find any move (stops at the first).

    >>> game = new_game(seed=1)
    >>> has_legal_move(game.codes, [game.codes.index(c) if c in game.codes else GAP for c in range(52)], game.rules)
    True
    """
    last = SLOTS - 1
    qa = rules.queen_before_ace
    for target in range(SLOTS):
        if slots[target] != GAP:
            continue
        if target > 0 or rules.ring:
            left = slots[target - 1] if target > 0 else slots[last]
            if left != GAP:
                rank = left % 13
                if rank < 11 and where[left + 1] != target or rank == 11 and qa:
                    return True
        elif rules.corners:
            return True  # an ace is somewhere else on the table
        if target < last or rules.ring:
            right = slots[target + 1] if target < last else slots[0]
            if right != GAP:
                rank = right % 13
                if rank > 0 and where[right - 1] != target or rank == 0 and qa:
                    return True
        elif rules.corners:
            return True  # a queen is somewhere else on the table
    return False


def new_game(
    seed: int | np.random.Generator | None = None, *, rules: Rules | None = None, **options: bool
) -> Game:
    """A fresh seeded deal; ``options`` are Rules switches (``ring=True``, ...).

    >>> new_game(seed=5).to_dict()["deal"]["slots"][8] is None
    True
    """
    if options:
        rules = Rules(**{**(rules or Rules()).to_dict(), **options})
    return Game.from_seed(seed, rules)


def _moves(count: int) -> str:
    """``"1 move"``, ``"2 moves"``."""
    return ngettext("{n} move", "{n} moves", count).format(n=count)


def _NO_SLOT() -> str:  # noqa: N802 - one message, said in two places
    return _("there is no slot {slot}: slots are numbered 0 to 53")
