"""Tri-Ominos: a round for 2-6 players, its moves and scores, and games of rounds to 400.

A game for 2-6 players with hidden information (the hands and the face-down
pool) and chance (the deal; draws take the pool's tiles in the dealt order,
so a deal replays exactly). ``Game`` is one round; ``Match`` plays rounds
until someone reaches the target score.

Moves: place a tile (``"1-3-4 @ 2,5 r1"``: tile 1-3-4 in cell (2, 5) with
rotation 1), ``"draw"`` (only when no tile fits) and ``"pass"`` (only when no
tile fits and no draw is allowed). Every score is recorded as a ``ScoreEvent``
with its parts (tile value, start bonus, hexagons, bridge, penalties).

>>> game = Game.from_deal(hands=[["5-5-5", "4-5-5"], ["0-0-1", "1-1-2"]],
...                       pool=["0-0-0"], rules=Rules(hand_size=2))
Traceback (most recent call last):
...
tilegames.errors.InvalidPosition: tiles: 51 tiles are missing from the hands, the pool and the board (0-0-2, 0-0-3, ...); every one of the 56 tiles must be somewhere
>>> game = new_game(seed=6, players=2)
>>> game.to_move, game.legal_moves()
(1, [Move.parse('5-5-5 @ 0,0 r0')])
>>> game.play("5-5-5 @ 0,0 r0")
>>> game.scores
[0, 25]
>>> game.play("5-5-5 @ 0,1 r0")
Traceback (most recent call last):
...
tilegames.errors.IllegalMove: player 0 does not hold 5-5-5
"""

from __future__ import annotations

import dataclasses
import numbers
import re
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any, Literal

import numpy as np

from .. import i18n  # i18n._(...): this module's loops use _ as a name
from ..errors import BadNotation, IllegalMove, InvalidPosition, describe
from ..game import GameState, Notation, deal_fields, kept_seed, require
from ..randomness import as_generator, seed_value
from ..rules_base import RulesBase
from .lattice import (
    ALL_TILES,
    MAX_COORD,
    ROTATIONS,
    TILE_BIT,
    TILE_CLEAR,
    TILE_ID,
    TILES,
    TRIPLES,
    VALUE,
    Board,
    BoardSnapshot,
    Cell,
    Tile,
    cell_key,
    check_cell,
    checked_cell_key,
    key_cell,
    parse_tile,
    rotations,
    tile_name,
)

_short = describe

MoveKind = Literal["place", "draw", "pass"]
BRIDGE_RULES = ("general", "strict", "loose")
BLOCKED_RULES = ("fewest_tiles", "lowest_value")


@dataclass(frozen=True)
class Rules(RulesBase):
    """Every rule on which editions disagree; ``Rules()`` is the ``seed`` preset.

    >>> Rules.pressman().max_draws, Rules.seed().max_draws
    (3, None)
    >>> list(Rules.presets())[:2]
    ['seed', 'pressman']
    >>> Rules.preset("seed_three_draws").max_draws
    3
    """

    PRESETS = (
        "seed",
        "pressman",
        "seed_additive_hexagons",
        "seed_three_draws",
        "seed_lowest_value_block",
        "seed_strict_bridge",
        "seed_loose_bridge",
    )
    """The two editions, each of Pressman's two changes alone, and the bonus and bridge variants;
    each rule set's ``name`` is its preset's name (the ``rules`` column of the study's rows)."""
    ALIASES = MappingProxyType({"standard": "seed"})
    """``standard`` is the seed edition by the name a player reads (lesson 04 says it)."""

    name: str = "seed"
    """A label for tables (``seed``, ``pressman``, or your own)."""
    hand_size: int | None = None
    """Tiles dealt to each player; None: 9 for 2 players, 7 for 3-4, 6 for 5-6 (at most 56 in all)."""
    start_bonus: int = 10
    """Bonus for opening the round with a triple."""
    zero_triple_bonus: int = 30
    """Extra bonus for opening with 0-0-0 (0 + 30 + 10 = 40)."""
    zero_triple_may_start: bool = True
    """A player holding the highest triple and 0-0-0 may open with 0-0-0."""
    draw_penalty: int = 5
    """Points lost per tile drawn."""
    max_draws: int | None = None
    """Draws allowed per turn before passing (None: keep drawing; Pressman: 3)."""
    pass_penalty: int = 10
    """Points lost when passing (after the allowed draws, or with the pool empty)."""
    hexagon_bonuses: tuple[int, int, int] = (50, 60, 70)
    """Bonus for completing one, two or three hexagons at once (additive variant: 50, 100, 150)."""
    bridge_bonus: int = 40
    """Bonus for a bridge (never together with a hexagon)."""
    bridge_rule: Literal["general", "strict", "loose"] = "general"
    """``general`` (the spec), ``strict`` (other two edges open) or ``loose`` (all corners touched)."""
    going_out_bonus: int = 25
    """Bonus for playing one's last tile (plus the values left in the opponents' hands)."""
    blocked_winner: Literal["fewest_tiles", "lowest_value"] = "fewest_tiles"
    """Who wins a blocked round: ``fewest_tiles`` (seed) or ``lowest_value`` (Pressman)."""
    target_score: int = 400
    """A game (``Match``) ends at the end of the round in which someone reaches this."""

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if field.name in ("name", "bridge_rule", "blocked_winner"):
                if not isinstance(value, str):
                    raise ValueError(f"{field.name} must be a word, not {_short(value)}")
            elif field.name == "zero_triple_may_start":
                if not isinstance(value, bool):
                    raise ValueError(f"{field.name} must be True or False, not {_short(value)}")
            elif field.name == "hexagon_bonuses":
                if not (
                    isinstance(value, tuple)
                    and len(value) == 3
                    and all(type(v) is int and abs(v) < 10**6 for v in value)
                ):
                    raise ValueError(
                        "hexagon_bonuses needs three whole numbers: one, two, three hexagons"
                    )
            elif (value is not None or field.name not in ("hand_size", "max_draws")) and (
                type(value) is not int or abs(value) >= 10**6
            ):
                raise ValueError(f"{field.name} must be a whole number, not {_short(value)}")
        if self.bridge_rule not in BRIDGE_RULES:
            raise ValueError(f"bridge_rule must be one of {BRIDGE_RULES}, not {self.bridge_rule!r}")
        if self.blocked_winner not in BLOCKED_RULES:
            raise ValueError(
                f"blocked_winner must be one of {BLOCKED_RULES}, not {self.blocked_winner!r}"
            )
        if self.max_draws is not None and self.max_draws < 1:
            raise ValueError(f"max_draws must be at least 1 or None, not {self.max_draws}")
        if self.hand_size is not None and not 1 <= self.hand_size <= 28:
            raise ValueError(f"hand_size must be between 1 and 28, not {self.hand_size}")

    @classmethod
    def seed(cls) -> Rules:
        """The source text's rules (the default): draw until you can play; fewest tiles wins a block."""
        return cls()

    @classmethod
    def standard(cls) -> Rules:
        """``Rules.preset("standard")``: the alias ``standard`` (``ALIASES``) as a call.

        >>> Rules.standard() == Rules.seed()
        True
        """
        return cls.preset("standard")

    @classmethod
    def pressman(cls) -> Rules:
        """The Pressman rule sheet: at most 3 draws, then pass (-25 in all); lowest value wins a block."""
        return cls(name="pressman", max_draws=3, blocked_winner="lowest_value")

    @classmethod
    def seed_additive_hexagons(cls) -> Rules:
        """The seed rules with additive hexagon bonuses: 50, 100, 150."""
        return cls(name="seed_additive_hexagons", hexagon_bonuses=(50, 100, 150))

    @classmethod
    def seed_three_draws(cls) -> Rules:
        """The seed rules with Pressman's first change alone: at most 3 draws, then pass."""
        return cls(name="seed_three_draws", max_draws=3)

    @classmethod
    def seed_lowest_value_block(cls) -> Rules:
        """The seed rules with Pressman's second change alone: lowest value wins a block."""
        return cls(name="seed_lowest_value_block", blocked_winner="lowest_value")

    @classmethod
    def seed_strict_bridge(cls) -> Rules:
        """The seed rules with the strict bridge (the other two edges open)."""
        return cls(name="seed_strict_bridge", bridge_rule="strict")

    @classmethod
    def seed_loose_bridge(cls) -> Rules:
        """The seed rules with the loose bridge (all corners touched)."""
        return cls(name="seed_loose_bridge", bridge_rule="loose")

    def __deepcopy__(self, memo: dict) -> Rules:
        return self  # immutable

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (``Rules.seed().replace(bridge_rule="strict")``)."""
        return dataclasses.replace(self, **changes)

    def hand_size_for(self, players: int) -> int:
        """Tiles dealt to each of ``players`` players (refused when the 56 tiles do not go round).

        >>> Rules(hand_size=20).hand_size_for(3)
        Traceback (most recent call last):
        ...
        ValueError: hand_size 20 for 3 players needs 60 tiles; there are 56
        """
        if type(players) is not int or not 2 <= players <= 6:
            raise ValueError(f"Tri-Ominos is for 2 to 6 players, not {_short(players)}")
        size = self.hand_size
        if size is None:
            return 9 if players == 2 else 7 if players <= 4 else 6
        if size * players > len(TILES):
            raise ValueError(
                f"hand_size {size} for {players} players needs {size * players} tiles; there are 56"
            )
        return size


_MOVE_RE = re.compile(
    r"^\s*(\d)\s*-\s*(\d)\s*-\s*(\d)\s*@\s*([-+]?\d+)\s*,\s*([-+]?\d+)\s*(?:r\s*(\d+))?\s*$", re.I
)
MOVE_KINDS = ("place", "draw", "pass")
"""The kinds of move, as ``Move.kind`` spells them."""


def _whole(value: Any) -> int | None:
    """``value`` as an int when it is a whole number (int or numpy integer, not bool), else None."""
    if type(value) is int:
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    return None


@dataclass(frozen=True, repr=False)
class Move(Notation):
    """A move: place a tile, draw from the pool, or pass (``Move.parse("1-3-4 @ 2,5 r1")``).

    A ``Move`` checks itself when made: an unknown kind, a tile that does not
    exist, a cell that is not two whole numbers on the table, or a rotation
    other than 0, 1, 2 (only 0 for a triple) raises ``BadNotation``, so every
    move that exists saves (``str``) and reloads (``Move.parse``) as itself.

    >>> Move.parse("1-3-4 @ 2,5 r1").cell
    (2, 5)
    >>> Move.parse("draw")
    Move.parse('draw')
    >>> Move("Place", (1, 3, 4), (2, 5), 1)
    Traceback (most recent call last):
    ...
    tilegames.errors.BadNotation: 'Place' is not a kind of Tri-Ominos move: use 'place', 'draw' or 'pass'
    """

    kind: MoveKind
    """``place``, ``draw`` or ``pass``."""
    tile: Tile | None = None
    """The tile placed, clockwise from its smallest number: ``(1, 3, 4)``."""
    cell: Cell | None = None
    """The cell it goes in, ``(row, column)``."""
    rotation: int = 0
    """Which corner of the cell (0, 1, 2: clockwise from the apex or top-left) gets the smallest number."""

    def __post_init__(self) -> None:
        kind = self.kind
        if kind == "place" and type(kind) is str:
            tile, cell, rotation = self.tile, self.cell, self.rotation
            try:
                tile = parse_tile(tile)  # type: ignore[arg-type]
                cell = check_cell(cell)
            except IllegalMove as error:
                raise BadNotation(str(error)) from None
            turn = _whole(rotation)
            if turn is None or turn not in (0, 1, 2):
                raise BadNotation(
                    i18n._("the rotation is 0, 1 or 2, not {rotation}").format(
                        rotation=_short(rotation)
                    )
                )
            if turn and tile[0] == tile[2]:
                raise BadNotation(
                    i18n._("{tile} is a triple: it has one rotation, r0").format(
                        tile=tile_name(tile)
                    )
                )
            if tile is not self.tile:
                object.__setattr__(self, "tile", tile)
            if cell is not self.cell:
                object.__setattr__(self, "cell", cell)
            if turn is not rotation:
                object.__setattr__(self, "rotation", turn)
            return
        if not isinstance(kind, str) or kind not in MOVE_KINDS:
            raise BadNotation(
                i18n._(
                    "{kind} is not a kind of Tri-Ominos move: use 'place', 'draw' or 'pass'"
                ).format(kind=_short(kind))
            )
        if type(kind) is not str:
            object.__setattr__(self, "kind", str(kind))
        if self.tile is not None or self.cell is not None or self.rotation != 0:
            raise BadNotation(i18n._("a {kind} names no tile, cell or rotation").format(kind=kind))

    def __str__(self) -> str:
        if self.kind != "place":
            return self.kind
        r, c = self.cell  # type: ignore[misc]
        return f"{tile_name(self.tile)} @ {r},{c} r{self.rotation}"  # type: ignore[arg-type]

    def __copy__(self) -> Move:
        return self  # immutable

    def __deepcopy__(self, memo: dict) -> Move:
        return self

    @classmethod
    def place(cls, tile: Tile | str, cell: Cell, rotation: int = 0) -> Move:
        """A placement move (the tile may be written ``"a-b-c"``)."""
        return cls("place", tile, cell, rotation)  # type: ignore[arg-type]

    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from its notation; bad notation raises BadNotation quoting it."""
        if not isinstance(text, str):
            raise BadNotation(
                i18n._("{text} is not move notation: write e.g. '1-3-4 @ 2,5 r1'").format(
                    text=_short(text)
                )
            )
        words = text.strip().lower()
        if words in ("draw", "pass"):
            return _FORCED[words]
        match = _MOVE_RE.match(text)
        if not match:
            raise BadNotation(
                i18n._(
                    "{text} is not a Tri-Ominos move: write 'draw', 'pass' or a placement "
                    "such as '1-3-4 @ 2,5 r1' (tile @ row,column rotation)"
                ).format(text=_short(text))
            )
        a, b, c, row, col, rot = match.groups()
        if max(len(row), len(col)) > 5 or (rot is not None and len(rot) > 1):
            raise BadNotation(
                i18n._(
                    "{text}: rows and columns run from -{limit} to {limit}, "
                    "the rotation is r0, r1 or r2"
                ).format(text=_short(text), limit=MAX_COORD)
            )
        try:
            tile = parse_tile((int(a), int(b), int(c)))
        except IllegalMove as error:
            raise BadNotation(f"{_short(text)}: {error}") from None
        rotation = int(rot) if rot is not None else 0
        if rotation not in rotations(tile):
            said = (
                i18n._("{text}: rotation must be r0, r1 or r2")
                if rotation > 2
                else i18n._("{text}: {tile} is a triple, it has one rotation: r0")
            )
            raise BadNotation(said.format(text=_short(text), tile=tile_name(tile)))
        try:
            return cls("place", tile, (int(row), int(col)), rotation)
        except BadNotation as error:
            raise BadNotation(f"{_short(text)}: {error}") from None


_FORCED = {"draw": Move("draw"), "pass": Move("pass")}
_new_view = object.__new__
_set = object.__setattr__
_PLACE_MOVES: dict[int, Move] = {}


def placement_move(tid: int, key: int, rot: int) -> Move:
    """The (shared, immutable) ``Move`` placing tile id ``tid`` in the cell with key ``key``.

    >>> placement_move(55, cell_key((0, 0)), 0)
    Move.parse('5-5-5 @ 0,0 r0')
    """
    index = (key * 56 + tid) * 3 + rot
    move = _PLACE_MOVES.get(index)
    if move is None:
        if len(_PLACE_MOVES) > 500_000:  # pragma: no cover - a bound on memory
            _PLACE_MOVES.clear()
        # the rules made these numbers: skip the checks of Move.__post_init__
        move = object.__new__(Move)
        object.__setattr__(
            move,
            "__dict__",
            {"kind": "place", "tile": TILES[tid], "cell": key_cell(key), "rotation": rot},
        )
        _PLACE_MOVES[index] = move
    return move


def forced_move(kind: str) -> Move:
    """The shared ``Move`` for ``"draw"`` or ``"pass"``.

    >>> forced_move("draw") == Move("draw")
    True
    """
    return _FORCED[kind]


@dataclass(frozen=True)
class ScoreEvent:
    """Points won or lost at one moment of a round, with their parts.

    ``points == value + bonus`` for ``start``, ``place`` and ``out``;
    ``points`` is the penalty (negative) for ``draw`` and ``pass`` and the
    settlement for ``blocked``.
    """

    seat: int
    """The player scoring."""
    kind: str
    """``start``, ``place``, ``draw``, ``pass``, ``out`` (going out) or ``blocked``."""
    points: int
    """Points won (negative: lost)."""
    value: int = 0
    """The tile's value (start, place); the opponents' hands (out); the settlement (blocked)."""
    bonus: int = 0
    """Start bonus, hexagon or bridge bonus, or the going-out bonus."""
    hexagons: int = 0
    """Hexagons completed by this placement (0-3)."""
    bridge: bool = False
    """Whether the bonus is a bridge."""
    move: int = -1
    """Index in ``history`` of the move that scored (-1: the round's end)."""

    @property
    def bonus_kind(self) -> str:
        """``start``, ``hexagon``, ``double hexagon``, ``triple hexagon``, ``bridge``, ``going out`` or ``""``."""
        if self.kind == "start":
            return "start" if self.bonus else ""
        if self.kind == "out":
            return "going out"
        if self.hexagons:
            return ("hexagon", "double hexagon", "triple hexagon")[self.hexagons - 1]
        return "bridge" if self.bridge else ""


# internal event tuples: (seat, kind, points, value, bonus, hexagons, bridge, move index)
_E_SEAT, _E_KIND, _E_POINTS, _E_VALUE, _E_BONUS, _E_HEX, _E_BRIDGE, _E_MOVE = range(8)


def _mask_ids(mask: int) -> list[int]:
    ids = []
    while mask:
        low = mask & -mask
        ids.append(low.bit_length() - 1)
        mask ^= low
    return ids


def _mask_value(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += VALUE[low.bit_length() - 1]
        mask ^= low
    return total


class Game(GameState):
    """One round of Tri-Ominos for 2-6 players: hidden hands, a face-down pool, dealt by chance.

    Build one with ``new_game(seed, players=...)`` or ``Game.from_deal(...)``
    (tiles written ``a-b-c``); the constructor itself takes tile ids
    (indexes into ``TILES``): ``hands`` per seat, the ``pool`` in drawing
    order, and optionally ``board`` placements ``((row, column), tile id,
    rotation)`` with ``to_move`` for a position built tile by tile (then
    ``scores`` and ``draws`` may carry a round under way's scores and the
    draws of the turn in progress).

    What a seat may see is ``player_view(seat)``; ``board`` is a snapshot
    (the round changes only through moves).
    """

    GAME = "triominos"
    MOVE = Move
    DEAL_FIELDS = frozenset(
        {"hands", "pool", "board", "to_move", "rules", "seed", "scores", "draws"}
    )

    def __init__(
        self,
        hands: list[list[int]],
        pool: list[int],
        *,
        board: list[tuple[Cell, int, int]] = (),  # type: ignore[assignment]
        to_move: int = 0,
        rules: Rules | None = None,
        seed: int | None = None,
        scores: tuple[int, ...] | list[int] | None = None,
        draws: int = 0,
    ) -> None:
        super().__init__()
        self.rules: Rules = rules or Rules()
        """The rules in force."""
        self.seed = seed
        """The seed the deal came from, if any."""
        self.players = len(hands)
        """Number of players (2-6)."""
        self._deal_hands = tuple(tuple(sorted(h)) for h in hands)
        self._deal_pool = tuple(pool)
        self._deal_board = tuple((tuple(c), t, r) for c, t, r in board)
        self._deal_to_move = to_move
        self._carried = tuple(scores) if scores is not None else (0,) * self.players
        self._deal_draws = draws
        self._hex = self.rules.hexagon_bonuses
        self._bridge_bonus = self.rules.bridge_bonus
        self._bridge_rule = self.rules.bridge_rule
        self._reset()

    def _reset(self) -> None:
        self._board = Board()
        for cell, tid, rot in self._deal_board:
            self._board.place(cell_key(cell), tid, rot)
        self._hands = [sum(1 << t for t in h) for h in self._deal_hands]
        self._sizes = [len(h) for h in self._deal_hands]
        self._pool_pos = 0
        self._draws = self._deal_draws
        self._events: list[tuple] = []
        self._scores = list(self._carried)
        self._end: str | None = None
        self._winner: int | None = None
        self._moves = 0
        self._start_tiles: tuple[int, ...] = ()
        if self._deal_board:
            self._to_move = self._deal_to_move
        else:
            self._to_move, self._start_tiles = self._start_rule()
        self.starter: int | None = self._to_move if not self._deal_board else None
        """The seat that opened the round (None for a position built with a board)."""
        self._check_blocked()

    def _start_rule(self) -> tuple[int, tuple[int, ...]]:
        hands = self._hands
        for number in range(5, -1, -1):
            triple = TRIPLES[number]
            for seat, hand in enumerate(hands):
                if hand >> triple & 1:
                    tiles = [triple]
                    zero = TRIPLES[0]
                    if number and self.rules.zero_triple_may_start and hand >> zero & 1:
                        tiles.append(zero)
                    return seat, tuple(sorted(tiles))
        best_seat, best_key = 0, None
        for seat, hand in enumerate(hands):
            key = sorted((VALUE[t] for t in _mask_ids(hand)), reverse=True)
            if best_key is None or key > best_key:
                best_seat, best_key = seat, key
        hand = _mask_ids(hands[best_seat])
        top = max(VALUE[t] for t in hand)
        return best_seat, tuple(t for t in hand if VALUE[t] == top)

    # -- construction ----------------------------------------------------------------------------
    @classmethod
    def from_deal(
        cls,
        hands: list[list[str]],
        pool: list[str] | None = None,
        *,
        board: list[str] = (),  # type: ignore[assignment]
        to_move: int = 0,
        rules: Rules | None = None,
        seed: int | np.random.Generator | None = None,
        scores: list[int] | None = None,
        draws: int = 0,
    ) -> Game:
        """A round from an explicit deal: hands (tiles ``a-b-c``), the pool in drawing order.

        ``pool=None`` puts the remaining tiles in the pool, shuffled with
        ``seed`` (which is not recorded as the game's ``seed``: it did not deal
        the hands, and a saved seed must be the one that dealt the tiles). ``board`` (placement notation, e.g. ``"0-1-4 @ 0,3 r0"``)
        builds a position tile by tile; then ``to_move`` plays next and there
        is no opening. All 56 tiles must be somewhere, each once. A position
        taken from a round under way may carry the ``scores`` so far and the
        ``draws`` the player to move has made this turn.

        >>> game = Game.from_deal([["0-0-0", "1-2-3"], ["5-5-5"]], seed=4)
        >>> game.to_move, game.pool_size
        (1, 53)
        """
        if not isinstance(hands, (list, tuple)) or not 2 <= len(hands) <= 6:
            raise InvalidPosition(
                i18n._("hands: a round needs 2 to 6 players, one list of tiles each")
            )
        if rules is not None and not isinstance(rules, Rules):
            raise InvalidPosition(
                i18n._("rules: expected a Rules object, found {rules}").format(rules=_short(rules))
            )
        where: dict[int, str] = {}

        def take(text: Any, field: str) -> int:
            try:
                tid = TILE_ID[parse_tile(text if isinstance(text, (str, tuple)) else str(text))]
            except IllegalMove as error:
                raise InvalidPosition(f"{field}: {error}") from None
            if tid in where:
                raise InvalidPosition(
                    i18n._("{field}: {tile} is already in {where}").format(
                        field=field, tile=tile_name(tid), where=where[tid]
                    )
                )
            where[tid] = field
            return tid

        placed = []
        if not isinstance(board, (list, tuple)):
            raise InvalidPosition(i18n._("board: expected a list of placements"))
        check = Board()
        for i, text in enumerate(board):
            try:
                move = Move.parse(text) if isinstance(text, str) else text
            except IllegalMove as error:
                raise InvalidPosition(
                    i18n._("board[{i}]: {error}").format(i=i, error=error)
                ) from None
            if not isinstance(move, Move) or move.kind != "place":
                raise InvalidPosition(
                    i18n._("board[{i}]: expected a placement, found {text!r}").format(
                        i=i, text=text
                    )
                )
            tid = take(move.tile, f"board[{i}]")
            try:
                check.put(move.cell, move.tile, move.rotation)
            except IllegalMove as error:
                raise InvalidPosition(
                    i18n._("board[{i}]: {error}").format(i=i, error=error)
                ) from None
            placed.append((move.cell, tid, move.rotation))
        hand_ids = []
        for seat, hand in enumerate(hands):
            if not isinstance(hand, (list, tuple)):
                raise InvalidPosition(
                    i18n._("hands[{seat}]: expected a list of tiles").format(seat=seat)
                )
            hand_ids.append([take(t, f"hands[{seat}]") for t in hand])
        if pool is None:
            rest = [t for t in range(len(TILES)) if t not in where]
            rng = as_generator(seed)
            pool_ids = [rest[int(i)] for i in rng.permutation(len(rest))]
        else:
            if not isinstance(pool, (list, tuple)):
                raise InvalidPosition(i18n._("pool: expected a list of tiles in drawing order"))
            pool_ids = [take(t, "pool") for t in pool]
        missing = [t for t in range(len(TILES)) if t not in where and t not in pool_ids]
        if missing:
            names = ", ".join(tile_name(t) for t in missing[:2])
            raise InvalidPosition(
                i18n._(
                    "tiles: {count} tiles are missing from the hands, the pool and the board "
                    "({names}); every one of the 56 tiles must be somewhere"
                ).format(count=len(missing), names=names + (", ..." if len(missing) > 2 else ""))
            )
        if type(to_move) is not int or not 0 <= to_move < len(hands):
            raise InvalidPosition(
                i18n._("to_move: expected a seat 0-{last}, found {to_move}").format(
                    last=len(hands) - 1, to_move=_short(to_move)
                )
            )
        if not placed and not any(hand_ids):
            raise InvalidPosition(
                i18n._("hands: at least one player must hold a tile to open the round")
            )
        if not all(hand_ids):
            raise InvalidPosition(
                i18n._(
                    "hands: every player holds at least one tile (a player with none has gone out)"
                )
            )
        if scores is not None:
            if not isinstance(scores, (list, tuple)) or len(scores) != len(hands):
                raise InvalidPosition(
                    i18n._("scores: expected one number per player, found {scores}").format(
                        scores=_short(scores)
                    )
                )
            for seat, points in enumerate(scores):
                if type(points) is not int or abs(points) > 10**6:
                    raise InvalidPosition(
                        i18n._("scores[{seat}]: expected a whole number, found {points}").format(
                            seat=seat, points=_short(points)
                        )
                    )
            scores = list(scores)
        most = (rules or Rules()).max_draws
        if (
            type(draws) is not int
            or draws < 0
            or draws > (most if most is not None else len(TILES))
        ):
            said = (
                i18n._("draws: expected the number of tiles drawn this turn, found {draws}")
                if most is None
                else i18n._(
                    "draws: expected the number of tiles drawn this turn (0-{most}), found {draws}"
                )
            )
            raise InvalidPosition(said.format(most=most, draws=_short(draws)))
        if draws and not placed:
            raise InvalidPosition(i18n._("draws: nobody draws before the round has opened"))
        try:
            seed_value(seed)  # refuses a bad seed; the seed only shuffled the pool
        except (TypeError, ValueError) as error:
            raise InvalidPosition(i18n._("seed: {error}").format(error=error)) from None
        return cls(
            hand_ids,
            pool_ids,
            board=placed,
            to_move=to_move,
            rules=rules,
            seed=None,  # hands given tile by tile: no seed dealt them (``new_game`` records its seed)
            scores=scores,
            draws=draws,
        )

    def _deal_dict(self) -> dict[str, Any]:
        deal = {
            "hands": [[tile_name(t) for t in hand] for hand in self._deal_hands],
            "pool": [tile_name(t) for t in self._deal_pool],
            "board": [str(Move("place", TILES[t], c, r)) for c, t, r in self._deal_board],
            "to_move": self._deal_to_move,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
        }
        if any(self._carried):  # a position taken from a round under way
            deal["scores"] = list(self._carried)
        if self._deal_draws:
            deal["draws"] = self._deal_draws
        return deal

    @classmethod
    def from_deal_dict(cls, deal: dict[str, Any]) -> Game:
        """A game from ``to_dict()["deal"]`` (no moves played)."""
        rules = Rules.from_dict(require(deal, "rules", dict, "deal"), "deal.rules")
        seed = kept_seed(deal)
        with deal_fields():
            game = cls.from_deal(
                require(deal, "hands", list, "deal"),
                require(deal, "pool", list, "deal"),
                board=require(deal, "board", list, "deal"),
                to_move=require(deal, "to_move", int, "deal"),
                rules=rules,
                scores=require(deal, "scores", list, "deal") if "scores" in deal else None,
                draws=require(deal, "draws", int, "deal") if "draws" in deal else 0,
            )
        game.seed = seed  # for the record: ``from_dict`` checks it dealt the tiles (``redeal``)
        return game

    def redeal(self, seed: int) -> Game:
        """The deal ``seed`` makes with these rules and seats (a saved seed must have dealt it)."""
        return new_game(seed, rules=self.rules, players=len(self._deal_hands))

    # -- where the round stands ------------------------------------------------------------------
    @property
    def board(self) -> Board:
        """The tiles on the table (public information), as a snapshot: it never changes."""
        return self._board.snapshot()

    @property
    def to_move(self) -> int | None:
        """The seat to play, or None once the round is over."""
        return None if self._end else self._to_move

    @property
    def is_over(self) -> bool:
        """Someone went out or the round is blocked."""
        return self._end is not None

    @property
    def end(self) -> str | None:
        """How the round ended: ``out``, ``blocked``, or None while it goes on."""
        return self._end

    @property
    def winner(self) -> int | None:
        """The seat that went out or won the blocked round (None: not over, or a tied block)."""
        return self._winner

    @property
    def scores(self) -> list[int]:
        """Points each seat has scored in this round (a new list: changing it changes nothing)."""
        return list(self._scores)

    def hand(self, seat: int) -> list[Tile]:
        """The tiles in a seat's hand, in tile order."""
        return [TILES[t] for t in _mask_ids(self._hands[seat])]

    @property
    def hands(self) -> list[list[Tile]]:
        """Every seat's hand (all of them: use ``player_view`` for what one player sees)."""
        return [self.hand(seat) for seat in range(self.players)]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many tiles each seat holds."""
        return tuple(h.bit_count() for h in self._hands)

    @property
    def pool(self) -> list[Tile]:
        """The pool in drawing order (hidden from players)."""
        return [TILES[t] for t in self._deal_pool[self._pool_pos :]]

    @property
    def pool_size(self) -> int:
        """Tiles left in the pool."""
        return len(self._deal_pool) - self._pool_pos

    @property
    def draws_this_turn(self) -> int:
        """Tiles the player to move has drawn in this turn."""
        return self._draws

    @property
    def events(self) -> list[ScoreEvent]:
        """Every scoring moment of the round, in order, with its parts."""
        return [ScoreEvent(*e) for e in self._events]

    def where_is(self, tile: Tile | str) -> str:
        """Where a tile is: ``board``, ``hand 0`` ... or ``pool``. Every tile is in one place."""
        tid = TILE_ID[parse_tile(tile)]
        places = [f"hand {s}" for s, h in enumerate(self._hands) if h >> tid & 1]
        places += ["board"] * sum(1 for t, _ in self._board.cells.values() if t == tid)
        places += ["pool"] * self._deal_pool[self._pool_pos :].count(tid)
        if len(places) != 1:  # pragma: no cover - would be a bug
            raise AssertionError(f"{tile_name(tid)} is in {len(places)} places: {places}")
        return places[0]

    def status(self) -> str:
        """One line: who plays, or how the round ended."""
        scores = ", ".join(f"P{seat} {score}" for seat, score in enumerate(self._scores))
        if self._end == "out":
            return i18n._(
                "round over: player {player} went out; points this round {scores}"
            ).format(player=self._winner, scores=scores)
        if self._end == "blocked":
            if self._winner is None:
                return i18n._(
                    "round over: blocked, nobody wins; points this round {scores}"
                ).format(scores=scores)
            return i18n._(
                "round over: blocked, player {player} wins the round; points this round {scores}"
            ).format(player=self._winner, scores=scores)
        moves = self.legal_moves()
        if moves[0].kind == "place":
            what = i18n.ngettext("{n} placement", "{n} placements", len(moves)).format(n=len(moves))
        elif moves[0].kind == "draw":
            what = i18n._("must draw")
        else:
            what = i18n._("must pass")
        return i18n._("player {player} to play ({what}); pool {pool}").format(
            player=self._to_move, what=what, pool=self.pool_size
        )

    def breakdown(self) -> list[dict[str, int]]:
        """Each seat's round score split into its parts (the parts add up to ``scores``).

        >>> game = new_game(seed=2, players=3)
        >>> game.play(game.legal_moves()[0])
        >>> [row["total"] == score for row, score in zip(game.breakdown(), game.scores)]
        [True, True, True]
        """
        rows = [dict.fromkeys(BREAKDOWN_PARTS, 0) for _ in range(self.players)]
        for seat, kind, points, value, bonus, hexes, bridge, _ in self._events:
            row = rows[seat]
            if kind in ("start", "place"):
                row["tile_values"] += value
                row["tiles_placed"] += 1
                if kind == "start":
                    row["start_bonus"] += bonus
                elif hexes:
                    row[("hexagon_1", "hexagon_2", "hexagon_3")[hexes - 1]] += 1
                    row["hexagon_points"] += bonus
                elif bridge:
                    row["bridges"] += 1
                    row["bridge_points"] += bonus
            elif kind == "draw":
                row["draws"] += 1
                row["draw_penalty"] += points
            elif kind == "pass":
                row["passes"] += 1
                row["pass_penalty"] += points
            elif kind == "out":
                row["going_out_points"] += points
            else:
                row["blocked_points"] += points
            row["total"] += points
        return rows

    def rescored(self, rules: Rules | str) -> Game:
        """The same deal and moves scored under other rules (bonus sizes, bridge reading, penalties).

        Raises IllegalMove when a move is not allowed under them (e.g. a fourth
        draw under Pressman's limit of three) — then the round must be replayed.

        >>> game = new_game(seed=6)
        >>> game.play("5-5-5 @ 0,0 r0")
        >>> game.rescored(Rules.seed().replace(start_bonus=20)).scores
        [0, 35]
        """
        rules = _rules_of(rules)
        data = self.to_dict()
        data["deal"]["rules"] = rules.to_dict()
        players = len(self._deal_hands)
        if rules.hand_size_for(players) != self.rules.hand_size_for(players):
            data["deal"]["seed"] = None  # the seed deals other hands under these rules
        game = Game.from_dict({**data, "moves": []})
        for index, move in enumerate(self.history):
            reason = game.why_illegal(move)
            if reason is not None:
                raise IllegalMove(
                    i18n._(
                        "move {index} ({move}) is not allowed under these rules: {reason}"
                    ).format(index=index, move=move, reason=reason)
                )
            game.play(move)
        return game

    def placement_breakdown(self) -> list[dict[str, Any]]:
        """One row per placement: the move, its value and bonus, and the draws of the same turn.

        ``turn_points`` is what the turn earned in all: the placement's points
        plus the (negative) penalty of the draws before it.

        >>> game = new_game(seed=6)
        >>> game.play("5-5-5 @ 0,0 r0")
        >>> row = game.placement_breakdown()[0]
        >>> row["move"], row["value"], row["bonus_kind"], row["bonus"], row["turn_points"]
        ('5-5-5 @ 0,0 r0', 15, 'start', 10, 25)
        """
        rows = []
        pending = [0] * self.players
        for event in self.events:
            if event.kind == "draw":
                pending[event.seat] += 1
            elif event.kind == "pass":
                pending[event.seat] = 0
            elif event.kind in ("start", "place"):
                draws = pending[event.seat]
                pending[event.seat] = 0
                penalty = -draws * self.rules.draw_penalty
                rows.append(
                    {
                        "move": str(self.history[event.move]),
                        "seat": event.seat,
                        "value": event.value,
                        "bonus_kind": event.bonus_kind,
                        "bonus": event.bonus,
                        "points": event.points,
                        "draws": draws,
                        "draw_penalty": penalty,
                        "turn_points": event.points + penalty,
                    }
                )
        return rows

    # -- moves -----------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Legal moves in a stable order.

        Placements, ordered by tile (tile order), then cell (row, column), then
        rotation; when no tile fits: ``draw`` if allowed, else ``pass``.
        """
        if self._end:
            return []
        return list(
            _legal_moves(
                self._board,
                self._hands[self._to_move],
                self._start_tiles,
                self._forced(),
            )
        )

    def fits(self, tile: Tile | str) -> dict[Cell, tuple[int, ...]]:
        """Where the player to move may place ``tile`` now: cell -> the rotations that fit.

        >>> game = new_game(seed=6)
        >>> game.play("5-5-5 @ 0,0 r0")
        >>> game.fits("4-5-5")
        {(0, -1): (0,), (0, 1): (1,), (1, 0): (2,)}
        """
        return _fits(self.legal_moves(), parse_tile(tile))

    def open_cells(self) -> list[Cell]:
        """The empty cells a tile may go in: (0, 0) at the opening, then every cell sharing an edge.

        >>> new_game(seed=6).open_cells()
        [(0, 0)]
        """
        if self._end:
            return []
        if not len(self._board):
            return [(0, 0)]
        return self._board.frontier_cells()

    def _forced(self) -> str:
        """``draw`` or ``pass`` for a player who cannot place."""
        max_draws = self.rules.max_draws
        if self._pool_pos < len(self._deal_pool) and (max_draws is None or self._draws < max_draws):
            return "draw"
        return "pass"

    def _can_place(self, seat: int) -> bool:
        if not len(self._board):
            return seat == self._to_move and bool(self._start_tiles)
        return self._board.can_place(self._hands[seat])

    def _parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def _why_illegal(self, move: Move) -> str | None:
        if not isinstance(move, Move):
            return i18n._("{move} is not a Tri-Ominos move").format(move=_short(move))
        seat = self._to_move
        can_place = self._can_place(seat)
        if move.kind == "draw":
            if can_place:
                return i18n._("you can place a tile, so you may not draw")
            if self._pool_pos >= len(self._deal_pool):
                return i18n._("the pool is empty: you must pass")
            if self.rules.max_draws is not None and self._draws >= self.rules.max_draws:
                return i18n._(
                    "you have drawn {n} tiles this turn, the most allowed: you must pass"
                ).format(n=self._draws)
            return None
        if move.kind == "pass":
            if can_place:
                return i18n._("you can place a tile, so you may not pass")
            if self._forced() == "draw":
                return i18n._("you may not pass while you can still draw: draw from the pool")
            return None
        tile, cell, rot = move.tile, move.cell, move.rotation
        tid = TILE_ID[tile]  # type: ignore[index]
        if not self._hands[seat] >> tid & 1:
            return i18n._("player {player} does not hold {tile}").format(
                player=seat, tile=tile_name(tid)
            )
        if not len(self._board) and tid not in self._start_tiles:
            allowed = i18n._(" or ").join(tile_name(t) for t in self._start_tiles)
            return i18n._("the round opens with {tiles}").format(tiles=allowed)
        return self._board.why_illegal(cell, tile, rot)  # type: ignore[arg-type]

    # play_unchecked is the base class's: this _apply, then the history (one code path)
    def _apply(self, move: Move) -> None:
        kind = move.kind
        if kind == "place":
            self._place(TILE_ID[move.tile], checked_cell_key(move.cell), move.rotation)  # type: ignore[index,arg-type]
        elif kind == "draw":
            self._draw()
        else:
            self._pass()
        self._moves += 1

    def _place(self, tid: int, key: int, rot: int) -> None:
        seat = self._to_move
        value = VALUE[tid]
        board = self._board
        if self._start_tiles:  # the opening: the board is empty
            bonus = 0
            if tid in TRIPLES:
                bonus = self.rules.start_bonus
                if tid == TRIPLES[0]:
                    bonus += self.rules.zero_triple_bonus
            event = (seat, "start", value + bonus, value, bonus, 0, False, self._moves)
            self._start_tiles = ()
        else:
            bonus, hexes, bridge = board.bonus_at(
                key, self._hex, self._bridge_bonus, self._bridge_rule
            )
            event = (seat, "place", value + bonus, value, bonus, hexes, bridge, self._moves)
        self._events.append(event)
        self._scores[seat] += value + bonus
        board.place(key, tid, rot)
        self._hands[seat] &= TILE_CLEAR[tid]
        self._sizes[seat] -= 1
        if not self._hands[seat]:
            self._go_out(seat)
            return
        self._next_turn()

    def _draw(self) -> None:
        seat = self._to_move
        tid = self._deal_pool[self._pool_pos]
        self._pool_pos += 1
        self._hands[seat] |= TILE_BIT[tid]
        self._sizes[seat] += 1
        self._draws += 1
        penalty = self.rules.draw_penalty
        self._events.append((seat, "draw", -penalty, 0, 0, 0, False, self._moves))
        self._scores[seat] -= penalty
        if self._pool_pos == len(self._deal_pool):
            self._check_blocked()

    def _pass(self) -> None:
        seat = self._to_move
        penalty = self.rules.pass_penalty
        self._events.append((seat, "pass", -penalty, 0, 0, 0, False, self._moves))
        self._scores[seat] -= penalty
        self._next_turn()

    def _next_turn(self) -> None:
        self._to_move = (self._to_move + 1) % self.players
        self._draws = 0
        if self._pool_pos == len(self._deal_pool):
            self._check_blocked()

    def _check_blocked(self) -> None:
        """End the round when the pool is empty and nobody can place."""
        if self._pool_pos < len(self._deal_pool) or self._end:
            return
        if not len(self._board):
            if self._start_tiles:
                return
        else:
            every_hand = 0
            for hand in self._hands:
                every_hand |= hand
            if self._board.can_place(every_hand):
                return
        self._settle_blocked()

    def _go_out(self, seat: int) -> None:
        others = sum(_mask_value(h) for s, h in enumerate(self._hands) if s != seat)
        bonus = self.rules.going_out_bonus
        self._events.append((seat, "out", bonus + others, others, bonus, 0, False, -1))
        self._scores[seat] += bonus + others
        self._end = "out"
        self._winner = seat

    def _settle_blocked(self) -> None:
        counts = [h.bit_count() for h in self._hands]
        values = [_mask_value(h) for h in self._hands]
        if self.rules.blocked_winner == "fewest_tiles":
            keys = [(counts[s], values[s]) for s in range(self.players)]
        else:
            keys = [(values[s], counts[s]) for s in range(self.players)]
        best = min(keys)
        self._end = "blocked"
        if keys.count(best) > 1:
            self._winner = None
            return
        seat = keys.index(best)
        points = sum(values) - 2 * values[seat]
        self._events.append((seat, "blocked", points, points, 0, 0, False, -1))
        self._scores[seat] += points
        self._winner = seat

    # -- undo support ----------------------------------------------------------------------------
    def _snapshot(self):
        return (
            self._board.state(),
            tuple(self._hands),
            self._pool_pos,
            self._to_move,
            self._draws,
            tuple(self._events),
            tuple(self._scores),
            self._end,
            self._winner,
            self._moves,
            self._start_tiles,
        )

    def _restore(self, snapshot) -> None:
        (
            placed,
            hands,
            self._pool_pos,
            self._to_move,
            self._draws,
            events,
            scores,
            self._end,
            self._winner,
            self._moves,
            self._start_tiles,
        ) = snapshot
        self._board = Board.from_state(placed)
        self._hands = list(hands)
        self._sizes = [h.bit_count() for h in hands]
        self._events = list(events)
        self._scores = list(scores)

    # -- what one player sees --------------------------------------------------------------------
    def player_view(self, seat: int | None = None) -> PlayerView:
        """What ``seat`` (default: the player to move) may see: an immutable value, no game inside.

        Its own hand, the board, how many tiles the others hold and the pool
        holds, the scores and whose turn it is, never another hand or the pool.

        >>> game = new_game(seed=1)
        >>> view = game.player_view(0)
        >>> len(view.hand), view.hand_sizes, view.pool_size
        (9, (9, 9), 38)
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = self._seat(seat)
        end = self._end
        to_move = None if end else self._to_move
        view = _new_view(PlayerView)
        _set(
            view,
            "__dict__",
            {
                "seat": seat,
                "players": self.players,
                "rules": self.rules,
                "to_move": to_move,
                "hand_mask": self._hands[seat],
                "hand_sizes": tuple(self._sizes),
                "pool_size": len(self._deal_pool) - self._pool_pos,
                "scores": tuple(self._scores),
                "draws_this_turn": self._draws,
                "board": self._board.snapshot(),
                "start_tiles": self._start_tiles if seat == to_move else (),
                "end": end,
                "winner": self._winner,
            },
        )
        return view

    def _seat(self, seat: Any) -> int:
        """A seat number from ``seat`` (None: the player to move); bad seats raise ValueError."""
        if seat is None:
            return self._to_move
        number = _whole(seat)
        if number is None:
            raise ValueError(f"a seat is a whole number 0-{self.players - 1}, not {_short(seat)}")
        if not 0 <= number < self.players:
            raise ValueError(f"there is no seat {number}: seats are 0-{self.players - 1}")
        return number

    def resample_hidden(self, seat: int | None, rng: Any = None) -> Game:
        """A round that looks the same to ``seat``, every tile it cannot see dealt again at random.

        The other hands keep their sizes and the pool its size; the new round
        starts from this position (board, scores, whose turn), so its
        ``history`` is empty. At the opening, deals are drawn until the same
        player opens. A finished round is returned as a copy.

        >>> game = new_game(seed=1)
        >>> other = game.resample_hidden(0, 7)
        >>> other.player_view(0) == game.player_view(0), other.hand(1) == game.hand(1)
        (True, False)
        """
        view = self.player_view(seat)
        if self._end:
            return self.copy()
        seat = view.seat
        rng = as_generator(rng)
        unseen = [t for t in range(len(TILES)) if view.unseen_mask >> t & 1]
        others = [s for s in range(self.players) if s != seat]
        placed = [(key_cell(k), t, r) for k, t, r in self._board.state()]
        mine = sorted(_mask_ids(self._hands[seat]))
        for _ in range(100_000):
            order = [unseen[int(i)] for i in rng.permutation(len(unseen))]
            hands: list[list[int]] = [[] for _ in range(self.players)]
            hands[seat] = mine
            at = 0
            for other in others:
                size = view.hand_sizes[other]
                hands[other] = order[at : at + size]
                at += size
            pool = order[at:]
            if placed:
                game = Game(
                    hands,
                    pool,
                    board=placed,
                    to_move=self._to_move,
                    rules=self.rules,
                    scores=self._scores,
                    draws=self._draws,
                )
            else:
                game = Game(hands, pool, rules=self.rules, scores=self._scores)
            if game.player_view(seat) == view:
                return game
        raise RuntimeError("no deal of the unseen tiles looks the same")  # pragma: no cover

    def invariant_errors(self) -> list[str]:
        """What is inconsistent in this round; empty when all is well.

        Every tile is in exactly one place (a hand, the pool or the board), the
        board's numbers, fill counts and frontier agree with its tiles, and the
        scores are the sum of the round's events.

        >>> new_game(seed=2).invariant_errors()
        []
        """
        errors = []
        places = [0] * len(TILES)
        for hand in self._hands:
            for t in _mask_ids(hand):
                places[t] += 1
        for t in self._deal_pool[self._pool_pos :]:
            places[t] += 1
        state = self._board.state()
        for _, t, _ in state:
            places[t] += 1
        for t, count in enumerate(places):
            if count != 1:
                errors.append(f"{tile_name(t)} is in {count} places")
        check = Board()
        for key, t, r in state:
            try:
                check.put(key_cell(key), TILES[t], r)
            except IllegalMove as error:
                errors.append(f"board: {tile_name(t)} at {key_cell(key)}: {error}")
        board = self._board
        for name in ("points", "fill", "frontier", "fitting", "hexagons", "cells"):
            if dict(getattr(check, name)) != dict(getattr(board, name)):
                errors.append(f"board: its {name} do not match its tiles")
        if check.tiles_mask != board.tiles_mask:
            errors.append("board: its tile mask does not match its tiles")
        totals = list(self._carried)
        for event in self._events:
            totals[event[0]] += event[2]
        if totals != self._scores:
            errors.append(f"scores {self._scores} are not the sum of the events {totals}")
        if not 0 <= self._to_move < self.players:
            errors.append(f"to_move {self._to_move} is not a seat")
        if self._end is None and not all(self._hands):
            errors.append("a player has no tile but the round goes on")
        most = self.rules.max_draws
        if self._end is None and most is not None and self._draws > most:
            errors.append(f"{self._draws} draws this turn, more than {most}")
        return errors

    # -- pictures --------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"<Tri-Ominos round, {self.players} players: {self.status()}>"


def _placement_ids(
    board: Board, hand: int, start_tiles: tuple[int, ...]
) -> list[tuple[int, int, int]]:
    """(tile id, cell key, rotation) of every placement, in ``legal_moves`` order."""
    if not len(board):
        key = checked_cell_key((0, 0))
        return [(t, key, r) for t in start_tiles for r in ROTATIONS[t]]
    triples = board.placements_of(hand)
    triples.sort()
    return triples


def _legal_moves(
    board: Board, hand: int, start_tiles: tuple[int, ...], forced: str
) -> tuple[Move, ...]:
    triples = _placement_ids(board, hand, start_tiles)
    if triples:
        return tuple([placement_move(t, k, r) for t, k, r in triples])
    return (_FORCED[forced],)


def _fits(moves, tile: Tile) -> dict[Cell, tuple[int, ...]]:
    out: dict[Cell, list[int]] = {}
    for move in moves:
        if move.kind == "place" and move.tile == tile:
            out.setdefault(move.cell, []).append(move.rotation)
    return {cell: tuple(rots) for cell, rots in out.items()}


BREAKDOWN_PARTS = (
    "total",
    "tile_values",
    "start_bonus",
    "hexagon_points",
    "bridge_points",
    "draw_penalty",
    "pass_penalty",
    "going_out_points",
    "blocked_points",
    "tiles_placed",
    "hexagon_1",
    "hexagon_2",
    "hexagon_3",
    "bridges",
    "draws",
    "passes",
)
"""Keys of ``Game.breakdown()``: point parts (they add up to ``total``), then counts."""
POINT_PARTS = BREAKDOWN_PARTS[1:9]
"""The parts of ``breakdown()`` that are points; they sum to ``total``."""


@dataclass(frozen=True)
class PlayerView:
    """What one player sees: its own hand, the board, the others' hand sizes, the pool's size.

    An immutable value (no game inside): ``game.player_view(seat)`` makes one,
    players get nothing else. Its helpers (legal moves, the points a move
    scores, the best placement) are computed from the view alone, and two
    deals that differ only in tiles this player cannot see give equal views.

    >>> game = new_game(seed=1)
    >>> me = game.player_view()
    >>> me.seat, len(me.hand), me.hand_sizes, me.pool_size
    (1, 9, (9, 9), 38)
    >>> me.best_move()
    Move.parse('4-5-5 @ 0,0 r0')
    """

    seat: int
    """The seat this view belongs to."""
    players: int
    """Number of players."""
    rules: Rules
    """The rules in force."""
    to_move: int | None
    """The seat to play (None once the round is over)."""
    hand_mask: int
    """This player's tiles as a bit mask of tile ids (``hand`` lists them)."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds."""
    pool_size: int
    """Tiles left in the pool."""
    scores: tuple[int, ...]
    """Round scores so far."""
    draws_this_turn: int
    """Tiles the player to move has drawn this turn (everyone sees a draw)."""
    board: BoardSnapshot
    """The tiles on the table (a snapshot that never changes: try placements on ``board.copy()``)."""
    start_tiles: tuple[int, ...] = ()
    """On the empty board, the tile ids this player may open with when it is his turn."""
    end: str | None = None
    """How the round ended (``out``, ``blocked``) or None."""
    winner: int | None = None
    """The seat that won the round, once over."""

    @cached_property
    def hand(self) -> tuple[Tile, ...]:
        """This player's tiles, in tile order."""
        return tuple(TILES[t] for t in _mask_ids(self.hand_mask))

    @property
    def my_turn(self) -> bool:
        """Whether this player is to move."""
        return self.to_move == self.seat

    @property
    def unseen_mask(self) -> int:
        """Tiles this player cannot see (the others' hands and the pool), as a bit mask."""
        return ALL_TILES & ~self.board.tiles_mask & ~self.hand_mask

    @property
    def forced(self) -> str:
        """``draw`` or ``pass``: the move when no tile fits."""
        most = self.rules.max_draws
        if self.pool_size and (most is None or self.draws_this_turn < most):
            return "draw"
        return "pass"

    @cached_property
    def legal_moves(self) -> tuple[Move, ...]:
        """This player's legal moves in ``Game.legal_moves`` order (empty when not his turn)."""
        if self.to_move != self.seat:
            return ()
        return _legal_moves(self.board, self.hand_mask, self.start_tiles, self.forced)

    def placement_ids(self) -> list[tuple[int, int, int]]:
        """(tile id, cell key, rotation) of every legal placement, in ``legal_moves`` order.

        The fast form for players (``placement_move`` turns one into a ``Move``).

        >>> view = new_game(seed=6).player_view()
        >>> [placement_move(*ids) for ids in view.placement_ids()]
        [Move.parse('5-5-5 @ 0,0 r0')]
        """
        if self.to_move != self.seat:
            return []
        return _placement_ids(self.board, self.hand_mask, self.start_tiles)

    def fits(self, tile: Tile | str) -> dict[Cell, tuple[int, ...]]:
        """Where this player may place ``tile`` now: cell -> the rotations that fit."""
        return _fits(self.legal_moves, parse_tile(tile))

    def placement_scores(self) -> list[tuple[int, int, int, int]]:
        """(points, tile id, cell key, rotation) of every legal placement, best first.

        The fast form for players (``placement_move`` turns one into a ``Move``);
        ties keep ``legal_moves`` order.
        """
        if self.to_move != self.seat:
            return []
        rules = self.rules
        if not len(self.board):
            out = []
            for t, k, r in _placement_ids(self.board, self.hand_mask, self.start_tiles):
                bonus = 0
                if t in TRIPLES:
                    bonus = rules.start_bonus + (rules.zero_triple_bonus if t == TRIPLES[0] else 0)
                out.append((VALUE[t] + bonus, t, k, r))
        else:
            out = self.board.scored_placements(
                self.hand_mask, rules.hexagon_bonuses, rules.bridge_bonus, rules.bridge_rule
            )
        out.sort(key=lambda s: (-s[0], s[1], s[2], s[3]))
        return out

    def scored_moves(self) -> list[tuple[int, Move]]:
        """(points, move) for every legal placement, best first."""
        return [(p, placement_move(t, k, r)) for p, t, k, r in self.placement_scores()]

    def best_placement(self) -> tuple[int, Move] | None:
        """The placement scoring most now, with its points (ties: first in ``legal_moves``)."""
        if self.to_move != self.seat:
            return None
        if not len(self.board):
            scored = self.placement_scores()
            if not scored:
                return None
            points, t, k, r = scored[0]
            return points, placement_move(t, k, r)
        rules = self.rules
        best = self.board.best_placement(
            self.hand_mask, rules.hexagon_bonuses, rules.bridge_bonus, rules.bridge_rule
        )
        if best is None:
            return None
        points, t, k, r = best
        return points, placement_move(t, k, r)

    def best_move(self) -> Move:
        """The greedy move: the placement scoring most now, else draw or pass."""
        if self.to_move != self.seat:
            raise IllegalMove(i18n._("it is not player {seat}'s turn").format(seat=self.seat))
        if self.start_tiles:
            best = self.best_placement()
            return best[1]  # type: ignore[index]
        rules = self.rules
        best = self.board.best_placement(
            self.hand_mask, rules.hexagon_bonuses, rules.bridge_bonus, rules.bridge_rule
        )
        if best is None:
            return _FORCED[self.forced]
        return placement_move(best[1], best[2], best[3])

    def points_for(self, move: Move | str) -> int:
        """The points a move would score now: value + bonus; draw and pass: their penalty."""
        if isinstance(move, str):
            move = Move.parse(move)
        if move not in self.legal_moves:
            raise IllegalMove(
                i18n._("{move} is not a legal move for player {seat} now").format(
                    move=move, seat=self.seat
                )
            )
        if move.kind == "draw":
            return -self.rules.draw_penalty
        if move.kind == "pass":
            return -self.rules.pass_penalty
        tid, key = TILE_ID[move.tile], checked_cell_key(move.cell)  # type: ignore[index,arg-type]
        rules = self.rules
        if not len(self.board):
            bonus = 0
            if tid in TRIPLES:
                bonus = rules.start_bonus + (rules.zero_triple_bonus if tid == TRIPLES[0] else 0)
            return VALUE[tid] + bonus
        bonus = self.board.bonus_at(
            key, rules.hexagon_bonuses, rules.bridge_bonus, rules.bridge_rule
        )[0]
        return VALUE[tid] + bonus


def deal(
    players: int, rng: np.random.Generator, rules: Rules | None = None
) -> tuple[list[list[int]], list[int]]:
    """Shuffle the 56 tiles and deal them: (hands as tile ids, pool in drawing order)."""
    if type(players) is not int or not 2 <= players <= 6:
        raise ValueError(f"Tri-Ominos is for 2 to 6 players, not {_short(players)}")
    size = (rules or Rules()).hand_size_for(players)
    order = [int(t) for t in rng.permutation(len(TILES))]
    hands = [order[seat * size : (seat + 1) * size] for seat in range(players)]
    return hands, order[players * size :]


def new_game(
    seed: int | np.random.Generator | None = None,
    *,
    rules: Rules | str | None = None,
    players: int = 2,
) -> Game:
    """A freshly shuffled round for ``players`` players (2-6) from a seed.

    >>> new_game(seed=7).hands == new_game(seed=7).hands
    True
    >>> new_game(seed=7, players=4, rules="pressman").rules.name
    'pressman'
    """
    rules = _rules_of(rules)
    int_seed = seed_value(seed)
    hands, pool = deal(players, as_generator(seed), rules)
    return Game(hands, pool, rules=rules, seed=int_seed)


def _rules_of(rules: Rules | str | None) -> Rules:
    """``Rules`` from a preset name, a ``Rules`` or None (the default)."""
    if rules is None:
        return Rules()
    if isinstance(rules, str):
        return Rules.preset(rules)
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules object or a preset name, not {_short(rules)}")
    return rules


class Match:
    """A game of rounds: play rounds until someone reaches ``rules.target_score`` (400).

    Deal a round with ``new_round``, play it to its end, then ``finish_round``
    it (``players.play_round`` does all three with players).

    >>> match = Match(players=2, seed=5)
    >>> while not match.is_over:
    ...     game = match.new_round()
    ...     while not game.is_over:
    ...         game.play(game.player_view().best_move())
    ...     match.finish_round(game)
    >>> max(match.totals) >= 400, match.winner in (0, 1)
    (True, True)
    """

    def __init__(
        self,
        players: int = 2,
        *,
        rules: Rules | str | None = None,
        seed: int | np.random.Generator | None = None,
    ) -> None:
        self.rules = _rules_of(rules)
        """The rules of every round."""
        self.players = players
        """Number of players."""
        self.rng = as_generator(seed)
        """The generator every round's deal comes from."""
        self.totals = [0] * players
        """Each seat's total over the finished rounds."""
        self.rounds: list[Game] = []
        """The finished rounds."""
        self.winner: int | None = None
        """The seat that won the game, once over."""

    @property
    def is_over(self) -> bool:
        """Someone reached the target at the end of a round."""
        return self.winner is not None

    def new_round(self) -> Game:
        """Deal the next round (play it, then ``finish_round`` it)."""
        if self.is_over:
            raise IllegalMove(i18n._("the game is over"))
        hands, pool = deal(self.players, self.rng, self.rules)
        return Game(hands, pool, rules=self.rules)

    def finish_round(self, game: Game) -> None:
        """Add a finished round's scores to the totals and decide whether the game is over."""
        if not game.is_over:
            raise IllegalMove(i18n._("the round is not over yet"))
        self.rounds.append(game)
        for seat, points in enumerate(game.scores):
            self.totals[seat] += points
        target = self.rules.target_score
        reached = [s for s in range(self.players) if self.totals[s] >= target]
        if reached:
            if game.winner in reached:
                self.winner = game.winner
            else:
                self.winner = max(reached, key=lambda s: (self.totals[s], -s))
