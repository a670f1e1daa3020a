"""Tula, the piecepack solitaire: the state, its moves and its rules.

A one-player game with hidden information: the 24 tiles lie face down on
the temple's positions. Playing **as a person** (the default), revealing a
tile is a move and face-down tiles are unknown to the player
(``player_view()``). Playing **with everything known** (``auto_reveal=True``,
for solvers and post-mortems), every tile that can be revealed is turned up
at once. The start is forced, so every deal begins with 4A revealed and on
the stack.

>>> game = new_game(seed=1)
>>> game.legal_moves()
[Move.parse('reveal 3A'), Move.parse('reveal 3B'), Move.parse('reveal 3C')]
>>> game.play("reveal 3A")
>>> game.play("remove 2E")
Traceback (most recent call last):
...
tilegames.errors.IllegalMove: 2E is face down and is covered by 3A, 3B and 3C
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from .. import i18n  # i18n._(...)
from ..errors import BadNotation, IllegalMove, InvalidPosition, describe
from ..game import GameState, Notation, deal_seed, refuse_unless_dealt, require
from ..i18n import _, ngettext
from ..randomness import as_generator, seed_value
from ..rules_base import RulesBase
from .core import bit_positions, removable
from .fast import mercy_usable
from .layout import (
    ALL,
    COVERED_BY,
    EDGE_BLOCKERS,
    INDEX,
    LAYER3,
    MATCH_MASK,
    POSITIONS,
    TILES,
    TOP,
    Tile,
    free_corners,
    matches,
    names,
    revealable_mask,
)

MoveKind = Literal["reveal", "remove", "mercy"]
_KINDS = ("reveal", "remove", "mercy")


@dataclass(frozen=True)
class Rules(RulesBase):
    """Tula's variant switches (``Rules()`` is the game as published).

    >>> Rules.presets()
    {'standard': Rules(mercy=False), 'with_mercy': Rules(mercy=True)}
    """

    mercy: bool = False
    """Allow the one exchange of the stack's tile with a layer-3 tile when none of 3A–3C match."""

    PRESETS = ("standard", "with_mercy")

    @classmethod
    def standard(cls) -> Rules:
        """The rules as published: no mercy."""
        return cls()

    @classmethod
    def with_mercy(cls) -> Rules:
        """The published rules plus the mercy variant."""
        return cls(mercy=True)


@dataclass(frozen=True, repr=False)
class Move(Notation):
    """A Tula move: ``reveal``, ``remove`` or ``mercy`` at a position (``Move.parse("remove 3B")``)."""

    kind: MoveKind
    """What to do: ``reveal`` a face-down tile, ``remove`` a revealed one, or use ``mercy``."""
    position: str
    """The position id, ``1A`` … ``4A``; for mercy, the layer-3 tile that takes the stack's place."""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in _KINDS:
            raise BadNotation(
                _("{kind} is not a kind of Tula move: use 'reveal', 'remove' or 'mercy'").format(
                    kind=describe(self.kind)
                )
            )
        if not isinstance(self.position, str) or self.position not in INDEX:
            raise BadNotation(
                _(
                    "there is no position {position} (positions are 1A … 1M, 2A … 2G, 3A … 3C, 4A)"
                ).format(position=describe(self.position))
            )

    def __str__(self) -> str:
        return f"{self.kind} {self.position}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from its notation; bad notation raises IllegalMove quoting it."""
        words = str(text).split()
        if len(words) == 2 and words[0].lower() in ("reveal", "remove", "mercy"):
            position = words[1].upper()
            if position in INDEX:
                return cls(words[0].lower(), position)  # type: ignore[arg-type]
            raise BadNotation(
                _(
                    "{text}: there is no position {position} "
                    "(positions are 1A … 1M, 2A … 2G, 3A … 3C, 4A)"
                ).format(text=describe(text), position=describe(words[1]))
            )
        raise BadNotation(
            _("{text} is not a Tula move: write 'reveal 3B', 'remove 3B' or 'mercy 3B'").format(
                text=describe(text)
            )
        )


@dataclass(frozen=True)
class PlayerView:
    """What a person playing Tula can see: no face-down tile is known.

    ``visible[p]`` is the tile face up on position ``p``, or ``None``.
    ``unseen`` are the tiles not yet seen (all under face-down positions).
    """

    visible: tuple[Tile | None, ...]
    present: frozenset[str]
    face_up: frozenset[str]
    stack: tuple[Tile, ...]
    unseen: frozenset[Tile]
    mercy_available: bool
    legal_moves: tuple[Move, ...]


class Game(GameState):
    """A game of Tula: the deal, what is left in the temple, and the stack."""

    GAME = "tula"
    MOVE = Move
    DEAL_FIELDS = frozenset({"tiles", "rules", "auto_reveal", "seed"})

    def __init__(
        self,
        deal: list[Tile],
        *,
        rules: Rules | None = None,
        auto_reveal: bool = False,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        if sorted(tile.index for tile in deal) != list(range(24)):
            raise InvalidPosition(_("deal: must hold each of the 24 piecepack tiles exactly once"))
        self.rules = rules or Rules()
        """The variant switches in force."""
        self.auto_reveal = auto_reveal
        """True: everything known, revealing automatic; False: revealing is a move."""
        self.seed = seed
        """The seed the deal came from, if it came from one (shown by the board view)."""
        self.deal: tuple[Tile, ...] = tuple(deal)
        """The tile dealt to each position, in position order 1A … 4A."""
        self._tile_at = [tile.index for tile in deal]
        self._present = ALL & ~(1 << TOP)
        self._face_up = 1 << TOP
        self._stack = [self._tile_at[TOP]]
        self._mercy_used = False
        self._settle()

    # -- construction ---------------------------------------------------------
    @classmethod
    def from_deal(
        cls,
        tiles: list[str | Tile],
        *,
        rules: Rules | None = None,
        auto_reveal: bool = False,
        seed: int | None = None,
    ) -> Game:
        """A game from an explicit deal: 24 tile names in position order 1A … 1M, 2A … 2G, 3A … 3C, 4A.

        >>> from tilegames.tula.layout import TILES
        >>> game = Game.from_deal([str(tile) for tile in TILES])
        >>> str(game.stack_top)
        '5 Arms'
        """
        if not isinstance(tiles, (list, tuple)) or len(tiles) != 24:
            count = len(tiles) if isinstance(tiles, (list, tuple)) else type(tiles).__name__
            raise InvalidPosition(
                _("deal: expected 24 tiles in position order, found {count}").format(count=count)
            )
        deal = []
        for position, tile in zip(POSITIONS, tiles):
            try:
                deal.append(tile if isinstance(tile, Tile) else Tile.parse(tile))
            except IllegalMove as error:
                raise InvalidPosition(
                    i18n._("deal[{position}]: {error}").format(position=position, error=error)
                ) from None
        seen: dict[Tile, str] = {}
        for position, tile in zip(POSITIONS, deal):
            if tile in seen:
                raise InvalidPosition(
                    _("deal[{position}]: {tile} is already on {other}").format(
                        position=position, tile=tile, other=seen[tile]
                    )
                )
            seen[tile] = position
        if rules is not None and not isinstance(rules, Rules):
            raise InvalidPosition(
                i18n._("rules: expected tula.Rules, found {rules}").format(rules=describe(rules))
            )
        if not isinstance(auto_reveal, bool):
            raise InvalidPosition(
                i18n._("auto_reveal: expected True or False, found {auto_reveal}").format(
                    auto_reveal=describe(auto_reveal)
                )
            )
        try:
            seed = seed_value(seed)
        except (TypeError, ValueError) as error:
            raise InvalidPosition(i18n._("seed: {error}").format(error=error)) from None
        game = cls(deal, rules=rules, auto_reveal=auto_reveal, seed=seed)
        if seed is not None:  # the seed is for the record: it must be the one that dealt the tiles
            refuse_unless_dealt(game, new_game(seed, rules=rules, auto_reveal=auto_reveal))
        return game

    def _deal_dict(self) -> dict[str, Any]:
        return {
            "tiles": [str(tile) for tile in self.deal],
            "rules": self.rules.to_dict(),
            "auto_reveal": self.auto_reveal,
            "seed": self.seed,
        }

    @classmethod
    def from_deal_dict(cls, deal: dict[str, Any]) -> Game:
        rules = Rules.from_dict(require(deal, "rules", dict, "deal"), "deal.rules")
        return cls.from_deal(
            require(deal, "tiles", list, "deal"),
            rules=rules,
            auto_reveal=require(deal, "auto_reveal", bool, "deal"),
            seed=deal_seed(deal),
        )

    # -- where the game stands ------------------------------------------------
    @property
    def stack(self) -> tuple[Tile, ...]:
        """The stack, bottom first; its last tile is the one to match."""
        return tuple(TILES[i] for i in self._stack)

    @property
    def tile_indices(self) -> tuple[int, ...]:
        """The index of the tile on each position (removed ones included), for fast code."""
        return tuple(self._tile_at)

    @property
    def present_mask(self) -> int:
        """Bit ``p`` set when position ``p`` still holds its tile (``layout.INDEX`` order)."""
        return self._present

    @property
    def face_up_mask(self) -> int:
        """Bit ``p`` set when position ``p`` is (or was) face up."""
        return self._face_up

    @property
    def stack_top(self) -> Tile:
        """The tile a removed tile must match."""
        return TILES[self._stack[-1]]

    def tile_at(self, position: str) -> Tile | None:
        """The tile on a position still in the temple (face up or down), else None."""
        p = INDEX[position]
        return TILES[self._tile_at[p]] if self._present >> p & 1 else None

    def is_present(self, position: str) -> bool:
        """Whether a tile still lies on ``position``."""
        return bool(self._present >> INDEX[position] & 1)

    def is_face_up(self, position: str) -> bool:
        """Whether the tile on ``position`` is face up (False once it is removed)."""
        p = INDEX[position]
        return bool((self._present & self._face_up) >> p & 1)

    def revealable(self) -> list[str]:
        """Positions whose tile may be revealed now (in auto-reveal games: none left)."""
        return names(revealable_mask(self._present, self._face_up))

    def removable(self) -> list[str]:
        """Revealed positions whose tile matches the stack's top."""
        return names(self._removable_mask())

    @property
    def mercy_available(self) -> bool:
        """Whether the mercy exchange may be made now."""
        if not self.rules.mercy or self._mercy_used or len(self._stack) != 1:
            return False
        top = self._stack[-1]
        for p in LAYER3:
            if (
                not (self._present & self._face_up) >> p & 1
                or MATCH_MASK[top] >> self._tile_at[p] & 1
            ):
                return False
        return True

    @property
    def stuck_at_start(self) -> bool:
        """The deal's 3A, 3B and 3C all fail to match 4A's tile: without mercy it is lost at once.

        This depends on the deal only (the four top tiles), not on play.
        """
        return mercy_usable([tile.index for tile in self.deal])

    @property
    def mercy_used(self) -> bool:
        """Whether the mercy exchange has been made in this game."""
        return self._mercy_used

    @property
    def to_move(self) -> int | None:
        """The player to move: 0 (solitaire), or None once the game is over."""
        return None if self.is_over else 0

    @property
    def won(self) -> bool:
        """All 24 tiles are on the stack."""
        return len(self._stack) == 24

    @property
    def winner(self) -> int | None:
        """0 when won, else None (solitaire)."""
        return 0 if self.won else None

    @property
    def lost(self) -> bool:
        """Tiles remain but nothing can be revealed, removed or exchanged."""
        return not self.won and not self._any_move()

    @property
    def is_over(self) -> bool:
        return not self._any_move()

    def _any_move(self) -> bool:
        """Whether any move is legal (the bitmask short cut of ``bool(legal_moves())``)."""
        if len(self._stack) == 24:
            return False
        if revealable_mask(self._present, self._face_up):
            return True
        return bool(self._removable_mask()) or self.mercy_available

    def _removable_mask(self) -> int:
        return removable(MATCH_MASK[self._stack[-1]], self._tile_at, self._present & self._face_up)

    @property
    def scores(self) -> list[int]:
        """Tiles on the stack (24 is a win), as the game's one score."""
        return [len(self._stack)]

    def status(self) -> str:
        """One line: won, lost, or what can be done."""
        if self.won:
            return _("won: all 24 tiles are on the stack")
        moves = self.legal_moves()
        if not moves:
            left = 24 - len(self._stack)
            return ngettext(
                "lost: {n} tile left and nothing can be revealed or removed",
                "lost: {n} tiles left and nothing can be revealed or removed",
                left,
            ).format(n=left)
        counts = {
            kind: sum(1 for m in moves if m.kind == kind) for kind in ("reveal", "remove", "mercy")
        }
        words = {"reveal": _("{n} to reveal"), "remove": _("{n} to remove")}
        parts = [words[kind].format(n=n) for kind, n in counts.items() if n and kind != "mercy"]
        if counts["mercy"]:
            parts.append(_("mercy may be used"))
        return _("{n} on the stack; {moves}").format(n=len(self._stack), moves=", ".join(parts))

    # -- moves ----------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Reveals in position order, then removals in position order, then mercy exchanges (3A, 3B, 3C)."""
        if len(self._stack) == 24:
            return []
        moves = _moves_in(revealable_mask(self._present, self._face_up), _REVEALS)
        moves += _moves_in(self._removable_mask(), _REMOVALS)
        if self.mercy_available:
            moves += [_MERCIES[p] for p in LAYER3]
        return moves

    def _parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def _why_illegal(self, move: Move) -> str | None:
        if not isinstance(move, Move):
            return _("{move} is not a Tula move").format(move=repr(move))
        p = INDEX[move.position]
        name = move.position
        if move.kind == "mercy":
            return self._why_no_mercy(p)
        if not self._present >> p & 1:
            return _("{name} is empty: its tile was already removed").format(name=name)
        face_up = self._face_up >> p & 1
        if move.kind == "reveal":
            if face_up:
                return _("{name} is already face up").format(name=name)
            return self._why_not_revealable(p)
        # remove
        if not face_up:
            reason = self._why_not_revealable(p, face_down=True)
            if reason is None:
                return _("{name} is face down: reveal it first").format(name=name)
            return reason
        tile, top = TILES[self._tile_at[p]], self.stack_top
        if not matches(tile, top):
            return _(
                "{tile} on {name} does not match the stack's top tile, {top}: "
                "they share neither suit nor value"
            ).format(tile=tile, name=name, top=top)
        return None

    def _why_not_revealable(self, p: int, face_down: bool = False) -> str | None:
        """Why position ``p`` cannot be revealed (a sentence naming it), or None; ``face_down``:
        the sentence says first that it is face down (a removal refused)."""
        name = POSITIONS[p]
        above = COVERED_BY[p] & self._present
        if above:
            if face_down:
                return _("{name} is face down and is covered by {tiles}").format(
                    name=name, tiles=_and(names(above))
                )
            return _("{name} is covered by {tiles}").format(name=name, tiles=_and(names(above)))
        if free_corners(p, self._present):
            return None
        blocked = []
        for edge, phrase in _EDGE_PHRASES:
            blockers = names(EDGE_BLOCKERS[p][edge] & self._present)
            if blockers:
                blocked.append(phrase(len(blockers)).format(tiles=_and(blockers)))
        if face_down:
            return _("{name} is face down and has no free corner: {edges}").format(
                name=name, edges=_and(blocked)
            )
        return _("{name} has no free corner: {edges}").format(name=name, edges=_and(blocked))

    def _why_no_mercy(self, p: int) -> str | None:
        name = POSITIONS[p]
        if not self.rules.mercy:
            return _("mercy is not part of these rules (switch it on with Rules(mercy=True))")
        if self._mercy_used:
            return _("mercy has already been used in this game: it is allowed only once")
        if p not in LAYER3:
            return _("mercy exchanges the stack's tile with 3A, 3B or 3C, not {name}").format(
                name=name
            )
        if len(self._stack) != 1:
            return _("mercy is allowed only while 4A's tile is the stack's only tile")
        hidden = [POSITIONS[q] for q in LAYER3 if not (self._present & self._face_up) >> q & 1]
        if hidden:
            return ngettext(
                "mercy needs 3A, 3B and 3C face up first; {tiles} is not",
                "mercy needs 3A, 3B and 3C face up first; {tiles} are not",
                len(hidden),
            ).format(tiles=_and(hidden))
        matching = [
            POSITIONS[q] for q in LAYER3 if MATCH_MASK[self._stack[-1]] >> self._tile_at[q] & 1
        ]
        if matching:
            return ngettext(
                "mercy is only for when nothing matches, but {tiles} matches {top}",
                "mercy is only for when nothing matches, but {tiles} match {top}",
                len(matching),
            ).format(tiles=_and(matching), top=self.stack_top)
        return None

    def _apply(self, move: Move) -> None:
        p = INDEX[move.position]
        if move.kind == "reveal":
            self._face_up |= 1 << p
        elif move.kind == "remove":
            self._present &= ~(1 << p)
            self._stack.append(self._tile_at[p])
        else:  # mercy: the stack's tile and the layer-3 tile change places
            self._tile_at[p], self._stack[0] = self._stack[0], self._tile_at[p]
            self._mercy_used = True
        self._settle()

    def _settle(self) -> None:
        """With everything known, turn up every tile that can be revealed."""
        if self.auto_reveal:
            while True:
                more = revealable_mask(self._present, self._face_up)
                if not more:
                    break
                self._face_up |= more

    def _snapshot(self):
        return (
            tuple(self._tile_at),
            self._present,
            self._face_up,
            tuple(self._stack),
            self._mercy_used,
        )

    def _restore(self, snapshot) -> None:
        tile_at, self._present, self._face_up, stack, self._mercy_used = snapshot
        self._tile_at, self._stack = list(tile_at), list(stack)

    def replayed(
        self, *, rules: Rules | None = None, auto_reveal: bool | None = None
    ) -> tuple[Game, int]:
        """The same deal and moves under other switches, as far as they still apply.

        Returns the new game and how many moves had to be dropped (a mercy
        exchange once mercy is off, say). Going from automatic to manual
        revealing, the reveals that happened by themselves are played as moves.

        >>> game = new_game(seed=2, auto_reveal=True)
        >>> game.play(game.legal_moves()[0])
        >>> manual, dropped = game.replayed(auto_reveal=False)
        >>> dropped, manual.stack == game.stack, manual.auto_reveal
        (0, True, False)
        """
        game = Game(
            list(self.deal),
            rules=self.rules if rules is None else rules,
            auto_reveal=self.auto_reveal if auto_reveal is None else auto_reveal,
        )
        game.seed = self.seed
        dropped = 0
        for move in self.history:
            if self.auto_reveal and not game.auto_reveal:
                for position in game.revealable():  # what revealed itself before this move
                    game.play(Move("reveal", position))
            if game.why_illegal(move) is None:
                game.play(move)
            elif not (move.kind == "reveal" and game.is_face_up(move.position)):
                dropped += 1
        if self.auto_reveal and not game.auto_reveal:
            for position in game.revealable():
                game.play(Move("reveal", position))
        return game, dropped

    # -- what a person sees ---------------------------------------------------
    def player_view(self, seat: int | None = None) -> PlayerView:
        """The position as a person sees it: face-down tiles unknown (``seat`` is 0 or None)."""
        if seat not in (None, 0):
            raise ValueError(f"Tula is a solitaire: the only seat is 0, not {describe(seat)}")
        up = self._present & self._face_up
        hidden = self._present & ~self._face_up
        visible = tuple([TILES[t] if up >> p & 1 else None for p, t in enumerate(self._tile_at)])
        return PlayerView(
            visible=visible,
            present=frozenset(names(self._present)),
            face_up=frozenset(names(up)),
            stack=self.stack,
            unseen=frozenset([TILES[t] for p, t in enumerate(self._tile_at) if hidden >> p & 1]),
            mercy_available=self.mercy_available,
            legal_moves=tuple(self.legal_moves()),
        )

    def resample_hidden(self, seat: int | None, rng: np.random.Generator) -> Game:
        """The same position with the face-down tiles dealt again at random among themselves.

        >>> game = new_game(seed=4)
        >>> other = game.resample_hidden(0, np.random.default_rng(1))
        >>> other.player_view() == game.player_view(), other.stack == game.stack
        (True, True)
        """
        self.player_view(seat)  # refuses a seat other than 0
        hidden = [p for p in range(24) if self._present >> p & 1 and not self._face_up >> p & 1]
        tiles = [self._tile_at[p] for p in hidden]
        order = rng.permutation(len(tiles))
        other = self.copy(keep_undo=False)
        deal = list(self.deal)  # face-down tiles never moved, so the deal changes there alone
        for p, k in zip(hidden, order):
            other._tile_at[p] = tiles[int(k)]
            deal[p] = TILES[tiles[int(k)]]
        other.deal = tuple(deal)
        if other.deal != self.deal:
            other.seed = None  # no longer the deal that seed makes
        return other

    def invariant_errors(self) -> list[str]:
        """Every tile in exactly one place (the temple or the stack) and the state consistent."""
        errors = []
        places = [self._tile_at[p] for p in range(24) if self._present >> p & 1] + self._stack
        if sorted(places) != list(range(24)):
            errors.append("the temple and the stack do not hold each of the 24 tiles once")
        if self._present & ~ALL:
            errors.append("a position beyond 4A is marked present")
        if self._present >> TOP & 1:
            errors.append("4A is still in the temple")
        if self._stack and self._stack[0] != self.deal[TOP].index and not self._mercy_used:
            errors.append("the stack does not start with 4A's tile")
        return errors

    def where_is(self, tile: Tile | str) -> str:
        """Where a tile is: a position id, or ``"stack"``. Every tile is in exactly one place."""
        tile = tile if isinstance(tile, Tile) else Tile.parse(tile)
        places = [
            POSITIONS[p]
            for p in range(24)
            if self._present >> p & 1 and self._tile_at[p] == tile.index
        ]
        places += ["stack"] * self._stack.count(tile.index)
        if len(places) != 1:  # pragma: no cover - would be a bug
            raise AssertionError(f"{tile} is in {len(places)} places: {places}")
        return places[0]

    # -- pictures -------------------------------------------------------------
    def __repr__(self) -> str:
        return f"<Tula game: {self.status()}>"


# One Move object per (kind, position), shared: legal_moves() runs on every turn of a simulation.
_REVEALS = tuple(Move("reveal", name) for name in POSITIONS)
_REMOVALS = tuple(Move("remove", name) for name in POSITIONS)
_MERCIES = tuple(Move("mercy", name) for name in POSITIONS)


def _moves_in(mask: int, table: tuple[Move, ...]) -> list[Move]:
    return [table[p] for p in bit_positions(mask)]


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


_EDGE_PHRASES = (
    ("top", lambda n: ngettext("{tiles} touches its top edge", "{tiles} touch its top edge", n)),
    (
        "right",
        lambda n: ngettext("{tiles} touches its right edge", "{tiles} touch its right edge", n),
    ),
    (
        "bottom",
        lambda n: ngettext("{tiles} touches its bottom edge", "{tiles} touch its bottom edge", n),
    ),
    ("left", lambda n: ngettext("{tiles} touches its left edge", "{tiles} touch its left edge", n)),
)
"""Each edge, in the order a refusal names them, with its "{tiles} touch(es) its <edge> edge"
for a count of tiles: one message per edge, so each language words it."""


def deal_tiles(rng: np.random.Generator) -> list[Tile]:
    """A shuffled deal: the tile on each position, in position order."""
    return [TILES[int(i)] for i in rng.permutation(24)]


def new_game(
    seed: int | np.random.Generator | None = None,
    *,
    rules: Rules | None = None,
    mercy: bool | None = None,
    auto_reveal: bool = False,
) -> Game:
    """A freshly shuffled game from a seed (an int or a numpy Generator).

    >>> new_game(seed=7).deal == new_game(seed=7).deal
    True
    >>> new_game(seed=7, mercy=True).rules
    Rules(mercy=True)
    """
    if rules is not None and mercy is not None:
        raise TypeError("give either rules=... or mercy=..., not both")
    if mercy is not None:
        rules = Rules(mercy=mercy)
    return Game(
        deal_tiles(as_generator(seed)), rules=rules, auto_reveal=auto_reveal, seed=seed_value(seed)
    )
