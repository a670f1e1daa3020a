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
(0, 25)
>>> game.play("5-5-5 @ 0,1 r0")
Traceback (most recent call last):
...
tilegames.errors.IllegalMove: player 0 does not hold 5-5-5
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from ..errors import IllegalMove, InvalidPosition
from ..game import GameState, require
from ..randomness import as_generator
from .lattice import (
    ALL_TILES,
    FIT_MASK,
    FITS,
    TILE_ID,
    TILES,
    TRIPLES,
    VALUE,
    Board,
    Cell,
    Tile,
    _geometry,
    cell_key,
    key_cell,
    parse_tile,
    rotations,
    tile_name,
)

MoveKind = Literal["place", "draw", "pass"]
BRIDGE_RULES = ("general", "strict", "loose")
BLOCKED_RULES = ("fewest_tiles", "lowest_value")


@dataclass(frozen=True)
class Rules:
    """Every rule on which editions disagree; ``Rules()`` is the ``seed`` preset.

    >>> Rules.pressman().max_draws, Rules.seed().max_draws
    (3, None)
    """

    name: str = "seed"
    """A label for tables (``seed``, ``pressman``, or your own)."""
    hand_size: int | None = None
    """Tiles dealt to each player; None: 9 for 2 players, 7 for 3-4, 6 for 5-6."""
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
    bridge_rule: str = "general"
    """``general`` (the spec), ``strict`` (other two edges open) or ``loose`` (all corners touched)."""
    going_out_bonus: int = 25
    """Bonus for playing one's last tile (plus the values left in the opponents' hands)."""
    blocked_winner: str = "fewest_tiles"
    """Who wins a blocked round: ``fewest_tiles`` (seed) or ``lowest_value`` (Pressman)."""
    target_score: int = 400
    """A game (``Match``) ends at the end of the round in which someone reaches this."""

    def __post_init__(self) -> None:
        if self.bridge_rule not in BRIDGE_RULES:
            raise ValueError(f"bridge_rule must be one of {BRIDGE_RULES}, not {self.bridge_rule!r}")
        if self.blocked_winner not in BLOCKED_RULES:
            raise ValueError(
                f"blocked_winner must be one of {BLOCKED_RULES}, not {self.blocked_winner!r}"
            )
        if self.max_draws is not None and self.max_draws < 1:
            raise ValueError(f"max_draws must be at least 1 or None, not {self.max_draws}")
        if len(self.hexagon_bonuses) != 3:
            raise ValueError("hexagon_bonuses needs three numbers: one, two, three hexagons")
        if self.hand_size is not None and not 1 <= self.hand_size <= 28:
            raise ValueError(f"hand_size must be between 1 and 28, not {self.hand_size}")

    @classmethod
    def seed(cls) -> Rules:
        """The source text's rules (the default): draw until you can play; fewest tiles wins a block."""
        return cls()

    @classmethod
    def pressman(cls) -> Rules:
        """The Pressman rule sheet: at most 3 draws, then pass (-25 in all); lowest value wins a block."""
        return cls(name="pressman", max_draws=3, blocked_winner="lowest_value")

    @classmethod
    def preset(cls, name: str) -> Rules:
        """A preset by name: ``seed`` or ``pressman``."""
        if name == "seed":
            return cls.seed()
        if name == "pressman":
            return cls.pressman()
        raise ValueError(f"unknown rules preset {name!r}: use 'seed' or 'pressman'")

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (``Rules.seed().replace(bridge_rule="strict")``)."""
        return dataclasses.replace(self, **changes)

    def hand_size_for(self, players: int) -> int:
        """Tiles dealt to each of ``players`` players."""
        if self.hand_size is not None:
            return self.hand_size
        return 9 if players == 2 else 7 if players <= 4 else 6

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe fields."""
        data = dataclasses.asdict(self)
        data["hexagon_bonuses"] = list(self.hexagon_bonuses)
        return data

    @classmethod
    def from_dict(cls, data: Any, where: str = "rules") -> Rules:
        """Rules from ``to_dict`` data; bad fields raise InvalidPosition naming them."""
        if not isinstance(data, dict):
            raise InvalidPosition(f"{where}: expected a dict, found {data!r}")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(fields))
        if unknown:
            raise InvalidPosition(f"{where}: unknown field(s) {unknown}")
        values: dict[str, Any] = {}
        for name, value in data.items():
            if name == "hexagon_bonuses":
                if not (
                    isinstance(value, (list, tuple))
                    and len(value) == 3
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                ):
                    raise InvalidPosition(
                        f"{where}.hexagon_bonuses: expected three ints, found {value!r}"
                    )
                value = tuple(value)
            elif name in ("name", "bridge_rule", "blocked_winner"):
                if not isinstance(value, str):
                    raise InvalidPosition(f"{where}.{name}: expected str, found {value!r}")
            elif name == "zero_triple_may_start":
                if not isinstance(value, bool):
                    raise InvalidPosition(f"{where}.{name}: expected bool, found {value!r}")
            elif name in ("hand_size", "max_draws"):
                if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                    raise InvalidPosition(f"{where}.{name}: expected int or null, found {value!r}")
            elif not isinstance(value, int) or isinstance(value, bool):
                raise InvalidPosition(f"{where}.{name}: expected int, found {value!r}")
            values[name] = value
        try:
            return cls(**values)
        except ValueError as error:
            raise InvalidPosition(f"{where}: {error}") from None


_MOVE_RE = re.compile(
    r"^\s*(\d)\s*-\s*(\d)\s*-\s*(\d)\s*@\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:r\s*(\d))?\s*$", re.I
)


@dataclass(frozen=True)
class Move:
    """A move: place a tile, draw from the pool, or pass (``Move.parse("1-3-4 @ 2,5 r1")``).

    >>> Move.parse("1-3-4 @ 2,5 r1").cell
    (2, 5)
    >>> Move.parse("draw")
    Move.parse('draw')
    """

    kind: MoveKind
    """``place``, ``draw`` or ``pass``."""
    tile: Tile | None = None
    """The tile placed, clockwise from its smallest number: ``(1, 3, 4)``."""
    cell: Cell | None = None
    """The cell it goes in, ``(row, column)``."""
    rotation: int = 0
    """Which corner of the cell (0, 1, 2: clockwise from the apex or top-left) gets the smallest number."""

    def __str__(self) -> str:
        if self.kind != "place":
            return self.kind
        r, c = self.cell  # type: ignore[misc]
        return f"{tile_name(self.tile)} @ {r},{c} r{self.rotation}"  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def place(cls, tile: Tile | str, cell: Cell, rotation: int = 0) -> Move:
        """A placement move."""
        return cls("place", parse_tile(tile), (int(cell[0]), int(cell[1])), int(rotation))

    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from its notation; bad notation raises IllegalMove quoting it."""
        words = str(text).strip().lower()
        if words in ("draw", "pass"):
            return cls(words)  # type: ignore[arg-type]
        match = _MOVE_RE.match(str(text))
        if not match:
            raise IllegalMove(
                f"{text!r} is not a Tri-Ominos move: write 'draw', 'pass' or a placement "
                "such as '1-3-4 @ 2,5 r1' (tile @ row,column rotation)"
            )
        a, b, c, row, col, rot = match.groups()
        try:
            tile = parse_tile((int(a), int(b), int(c)))
        except IllegalMove as error:
            raise IllegalMove(f"{text!r}: {error}") from None
        rotation = int(rot) if rot is not None else 0
        if rotation not in rotations(tile):
            raise IllegalMove(
                f"{text!r}: rotation must be r0, r1 or r2"
                if rotation > 2
                else f"{text!r}: {tile_name(tile)} is a triple, it has one rotation: r0"
            )
        return cls("place", tile, (int(row), int(col)), rotation)


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
    rotation)`` with ``to_move`` for a position built tile by tile.
    """

    GAME = "triominos"

    def __init__(
        self,
        hands: list[list[int]],
        pool: list[int],
        *,
        board: list[tuple[Cell, int, int]] = (),  # type: ignore[assignment]
        to_move: int = 0,
        rules: Rules | None = None,
        seed: int | None = None,
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
        self._hex = self.rules.hexagon_bonuses
        self._bridge_bonus = self.rules.bridge_bonus
        self._bridge_rule = self.rules.bridge_rule
        self._reset()

    def _reset(self) -> None:
        self.board = Board()
        """The tiles on the table (public information)."""
        for cell, tid, rot in self._deal_board:
            self.board._put(cell_key(cell), tid, rot)
        self._hands = [sum(1 << t for t in h) for h in self._deal_hands]
        self._pool_pos = 0
        self._draws = 0
        self._events: list[tuple] = []
        self._scores = [0] * self.players
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
    ) -> Game:
        """A round from an explicit deal: hands (tiles ``a-b-c``), the pool in drawing order.

        ``pool=None`` puts the remaining tiles in the pool, shuffled with
        ``seed``. ``board`` (placement notation, e.g. ``"0-1-4 @ 0,3 r0"``)
        builds a position tile by tile; then ``to_move`` plays next and there
        is no opening. All 56 tiles must be somewhere, each once.

        >>> game = Game.from_deal([["0-0-0", "1-2-3"], ["5-5-5"]], seed=4)
        >>> game.to_move, game.pool_size
        (1, 53)
        """
        if not isinstance(hands, (list, tuple)) or not 2 <= len(hands) <= 6:
            raise InvalidPosition("hands: a round needs 2 to 6 players, one list of tiles each")
        where: dict[int, str] = {}

        def take(text: Any, field: str) -> int:
            try:
                tid = TILE_ID[parse_tile(text if isinstance(text, (str, tuple)) else str(text))]
            except IllegalMove as error:
                raise InvalidPosition(f"{field}: {error}") from None
            if tid in where:
                raise InvalidPosition(f"{field}: {tile_name(tid)} is already in {where[tid]}")
            where[tid] = field
            return tid

        placed = []
        if not isinstance(board, (list, tuple)):
            raise InvalidPosition("board: expected a list of placements")
        check = Board()
        for i, text in enumerate(board):
            try:
                move = Move.parse(text) if isinstance(text, str) else text
            except IllegalMove as error:
                raise InvalidPosition(f"board[{i}]: {error}") from None
            if not isinstance(move, Move) or move.kind != "place":
                raise InvalidPosition(f"board[{i}]: expected a placement, found {text!r}")
            tid = take(move.tile, f"board[{i}]")
            try:
                check.put(move.cell, move.tile, move.rotation)
            except IllegalMove as error:
                raise InvalidPosition(f"board[{i}]: {error}") from None
            placed.append((move.cell, tid, move.rotation))
        hand_ids = []
        for seat, hand in enumerate(hands):
            if not isinstance(hand, (list, tuple)):
                raise InvalidPosition(f"hands[{seat}]: expected a list of tiles")
            hand_ids.append([take(t, f"hands[{seat}]") for t in hand])
        if pool is None:
            rest = [t for t in range(len(TILES)) if t not in where]
            rng = as_generator(seed)
            pool_ids = [rest[int(i)] for i in rng.permutation(len(rest))]
        else:
            if not isinstance(pool, (list, tuple)):
                raise InvalidPosition("pool: expected a list of tiles in drawing order")
            pool_ids = [take(t, "pool") for t in pool]
        missing = [t for t in range(len(TILES)) if t not in where and t not in pool_ids]
        if missing:
            names = ", ".join(tile_name(t) for t in missing[:2])
            raise InvalidPosition(
                f"tiles: {len(missing)} tiles are missing from the hands, the pool and the board "
                f"({names}{', ...' if len(missing) > 2 else ''}); every one of the 56 tiles must be somewhere"
            )
        if not isinstance(to_move, int) or not 0 <= to_move < len(hands):
            raise InvalidPosition(f"to_move: expected a seat 0-{len(hands) - 1}, found {to_move!r}")
        if not placed and not any(hand_ids):
            raise InvalidPosition("hands: at least one player must hold a tile to open the round")
        int_seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else None
        return cls(hand_ids, pool_ids, board=placed, to_move=to_move, rules=rules, seed=int_seed)

    def _deal_dict(self) -> dict[str, Any]:
        return {
            "hands": [[tile_name(t) for t in hand] for hand in self._deal_hands],
            "pool": [tile_name(t) for t in self._deal_pool],
            "board": [str(Move("place", TILES[t], c, r)) for c, t, r in self._deal_board],
            "to_move": self._deal_to_move,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
        }

    @classmethod
    def from_deal_dict(cls, deal: dict[str, Any]) -> Game:
        rules = Rules.from_dict(require(deal, "rules", dict, "deal"), "deal.rules")
        seed = deal.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise InvalidPosition(f"deal.seed: expected a non-negative int or null, found {seed!r}")
        try:
            game = cls.from_deal(
                require(deal, "hands", list, "deal"),
                require(deal, "pool", list, "deal"),
                board=require(deal, "board", list, "deal"),
                to_move=require(deal, "to_move", int, "deal"),
                rules=rules,
            )
        except InvalidPosition as error:
            raise InvalidPosition(f"deal.{error}") from None
        game.seed = seed
        return game

    # -- where the round stands ------------------------------------------------------------------
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
    def scores(self) -> tuple[int, ...]:
        """Points each seat has scored in this round."""
        return tuple(self._scores)

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
        places += ["board"] * sum(1 for t, _ in self.board.cells.values() if t == tid)
        places += ["pool"] * self._deal_pool[self._pool_pos :].count(tid)
        if len(places) != 1:  # pragma: no cover - would be a bug
            raise AssertionError(f"{tile_name(tid)} is in {len(places)} places: {places}")
        return places[0]

    def status(self) -> str:
        """One line: who plays, or how the round ended."""
        if self._end == "out":
            return f"round over: player {self._winner} went out; scores {list(self._scores)}"
        if self._end == "blocked":
            who = "nobody wins" if self._winner is None else f"player {self._winner} wins"
            return f"round over: blocked, {who}; scores {list(self._scores)}"
        moves = self.legal_moves()
        if moves[0].kind == "place":
            what = f"{len(moves)} placements" if len(moves) > 1 else "1 placement"
        else:
            what = "must " + moves[0].kind
        return f"player {self._to_move} to play ({what}); pool {self.pool_size}"

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
        (0, 35)
        """
        if isinstance(rules, str):
            rules = Rules.preset(rules)
        data = self.to_dict()
        data["deal"]["rules"] = rules.to_dict()
        game = Game.from_dict({**data, "moves": []})
        for index, move in enumerate(self.history):
            reason = game.why_illegal(move)
            if reason is not None:
                raise IllegalMove(
                    f"move {index} ({move}) is not allowed under these rules: {reason}"
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
        triples = self._placement_triples(self._to_move)
        if triples:
            triples.sort()
            return [Move("place", TILES[t], key_cell(k), r) for t, k, r in triples]
        return [Move(self._forced())]

    def _placement_triples(self, seat: int) -> list[tuple[int, int, int]]:
        hand = self._hands[seat]
        if not self.board.cells:
            if seat != self._to_move or not self._start_tiles:
                return []
            key = cell_key((0, 0))
            return [(t, key, r) for t in self._start_tiles for r in rotations(TILES[t])]
        return list(self.board._placements(hand))

    def _forced(self) -> str:
        """``draw`` or ``pass`` for a player who cannot place."""
        max_draws = self.rules.max_draws
        if self._pool_pos < len(self._deal_pool) and (max_draws is None or self._draws < max_draws):
            return "draw"
        return "pass"

    def _can_place(self, seat: int) -> bool:
        if not self.board.cells:
            return seat == self._to_move and bool(self._start_tiles)
        return self.board._placeable(self._hands[seat])

    def _parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def _why_illegal(self, move: Move) -> str | None:
        if not isinstance(move, Move):
            return f"{move!r} is not a Tri-Ominos move"
        seat = self._to_move
        can_place = self._can_place(seat)
        if move.kind == "draw":
            if can_place:
                return "you can place a tile, so you may not draw"
            if self._pool_pos >= len(self._deal_pool):
                return "the pool is empty: you must pass"
            if self.rules.max_draws is not None and self._draws >= self.rules.max_draws:
                return (
                    f"you have drawn {self._draws} tiles this turn, the most allowed: you must pass"
                )
            return None
        if move.kind == "pass":
            if can_place:
                return "you can place a tile, so you may not pass"
            if self._forced() == "draw":
                return "you may not pass while you can still draw: draw from the pool"
            return None
        tile, cell, rot = move.tile, move.cell, move.rotation
        if tile not in TILE_ID:
            return f"{tile!r} is not a tile"
        tid = TILE_ID[tile]
        if not self._hands[seat] >> tid & 1:
            return f"player {seat} does not hold {tile_name(tid)}"
        if rot not in rotations(tile):
            return f"{tile_name(tid)} is a triple: it has one rotation, r0"
        if not self.board.cells and tid not in self._start_tiles:
            allowed = " or ".join(tile_name(t) for t in self._start_tiles)
            return f"the round opens with {allowed}"
        return self.board.why_illegal(cell, tile, rot)

    def _apply(self, move: Move) -> None:
        kind = move.kind
        if kind == "place":
            self._place(TILE_ID[move.tile], cell_key(move.cell), move.rotation)
        elif kind == "draw":
            self._draw()
        else:
            self._pass()
        self._moves += 1

    def _bonus(self, key: int) -> tuple[int, int, bool]:
        """(bonus points, hexagons, bridge) for a tile placed now in cell ``key``."""
        board = self.board
        fill = board.fill.get
        a, b, c = _geometry(key).corners
        hexes = (fill(a, 0) == 5) + (fill(b, 0) == 5) + (fill(c, 0) == 5)
        if hexes:
            return self._hex[hexes - 1], hexes, False
        if board._bridge(key, self._bridge_rule):
            return self._bridge_bonus, 0, True
        return 0, 0, False

    def _place(self, tid: int, key: int, rot: int) -> None:
        seat = self._to_move
        value = VALUE[tid]
        if not self.board.cells:
            bonus = 0
            if tid in TRIPLES:
                bonus = self.rules.start_bonus
                if tid == TRIPLES[0]:
                    bonus += self.rules.zero_triple_bonus
            event = (seat, "start", value + bonus, value, bonus, 0, False, self._moves)
            self._start_tiles = ()
        else:
            bonus, hexes, bridge = self._bonus(key)
            event = (seat, "place", value + bonus, value, bonus, hexes, bridge, self._moves)
        self._events.append(event)
        self._scores[seat] += value + bonus
        self.board._put(key, tid, rot)
        self._hands[seat] &= ~(1 << tid)
        if not self._hands[seat]:
            self._go_out(seat)
            return
        self._next_turn()

    def _draw(self) -> None:
        seat = self._to_move
        tid = self._deal_pool[self._pool_pos]
        self._pool_pos += 1
        self._hands[seat] |= 1 << tid
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
        if not self.board.cells:
            if self._start_tiles:
                return
        else:
            union = 0
            for pattern in set(self.board.frontier.values()):
                union |= FIT_MASK[pattern]
            for hand in self._hands:
                if union & hand:
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

    # -- fast paths for players and simulations ---------------------------------------------------
    def _scored_placements(self) -> list[tuple[int, int, int, int]]:
        """(points, tile id, cell key, rotation) of every legal placement (any order)."""
        seat = self._to_move
        if not self.board.cells:
            out = []
            for t, k, r in self._placement_triples(seat):
                bonus = 0
                if t in TRIPLES:
                    bonus = self.rules.start_bonus + (
                        self.rules.zero_triple_bonus if t == TRIPLES[0] else 0
                    )
                out.append((VALUE[t] + bonus, t, k, r))
            return out
        hand = self._hands[seat]
        out = []
        bonus_of = self._bonus
        for key, pattern in self.board.frontier.items():
            if FIT_MASK[pattern] & hand:
                bonus = bonus_of(key)[0]
                for tid, rot in FITS[pattern]:
                    if hand >> tid & 1:
                        out.append((VALUE[tid] + bonus, tid, key, rot))
        return out

    def _best_placement(self) -> tuple[int, int, int, int] | None:
        """The greedy choice: most points; ties go to the first in ``legal_moves`` order."""
        seat = self._to_move
        if not self.board.cells:
            scored = self._scored_placements()
            return min(scored, key=lambda s: (-s[0], s[1], s[2], s[3])) if scored else None
        hand = self._hands[seat]
        best_key = None
        fill = self.board.fill.get
        hexagon = self._hex
        bridge = self.board._bridge
        rule = self._bridge_rule
        for key, pattern in self.board.frontier.items():
            if FIT_MASK[pattern] & hand:
                for tid, rot in FITS[pattern]:  # noqa: B007 - used after the break
                    if hand >> tid & 1:
                        break
                a, b, c = _geometry(key).corners
                hexes = (fill(a, 0) == 5) + (fill(b, 0) == 5) + (fill(c, 0) == 5)
                if hexes:
                    bonus = hexagon[hexes - 1]
                elif bridge(key, rule):
                    bonus = self._bridge_bonus
                else:
                    bonus = 0
                candidate = (-(VALUE[tid] + bonus), tid, key, rot)
                if best_key is None or candidate < best_key:
                    best_key = candidate
        if best_key is None:
            return None
        points, tid, key, rot = best_key
        return -points, tid, key, rot

    # -- undo support ----------------------------------------------------------------------------
    def _snapshot(self):
        return (
            tuple((k, *self.board.cells[k]) for k in self.board.order),
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
        board = Board()
        for key, tid, rot in placed:
            board._put(key, tid, rot)
        self.board = board
        self._hands = list(hands)
        self._events = list(events)
        self._scores = list(scores)

    def copy(self) -> Game:
        """An independent copy (history and undo included)."""
        return super().copy()

    # -- what one player sees --------------------------------------------------------------------
    def player_view(self, seat: int | None = None) -> PlayerView:
        """What ``seat`` (default: the player to move) may see: no other hand, no pool order."""
        return PlayerView(self, self._to_move if seat is None else seat)

    # -- pictures --------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"<Tri-Ominos round, {self.players} players: {self.status()}>"


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


class PlayerView:
    """What one player sees: the board, his own hand, the others' hand sizes, the pool's size.

    >>> game = new_game(seed=1)
    >>> me = game.player_view()
    >>> me.seat, len(me.hand), me.hand_sizes, me.pool_size
    (1, 9, (9, 9), 38)
    """

    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat

    @property
    def board(self) -> Board:
        """The board (shared: copy it before trying placements on it)."""
        return self._game.board

    @property
    def hand(self) -> list[Tile]:
        """This player's tiles."""
        return self._game.hand(self.seat)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many tiles each seat holds."""
        return self._game.hand_sizes

    @property
    def pool_size(self) -> int:
        """Tiles left in the pool."""
        return self._game.pool_size

    @property
    def scores(self) -> tuple[int, ...]:
        """Round scores so far."""
        return self._game.scores

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self._game.rules

    @property
    def players(self) -> int:
        """Number of players."""
        return self._game.players

    @property
    def to_move(self) -> int | None:
        """The seat to play."""
        return self._game.to_move

    def legal_moves(self) -> list[Move]:
        """This player's legal moves (empty when it is not his turn)."""
        return self._game.legal_moves() if self._game.to_move == self.seat else []

    def points_for(self, move: Move | str) -> int:
        """The points a placement would score now (tile value + bonus); draw/pass: the penalty."""
        game = self._game
        move = game.to_move_object(move)
        if move.kind == "draw":
            return -game.rules.draw_penalty
        if move.kind == "pass":
            return -game.rules.pass_penalty
        tid = TILE_ID[move.tile]
        for points, t, key, rot in game._scored_placements():
            if t == tid and key == cell_key(move.cell) and rot == move.rotation:
                return points
        raise IllegalMove(f"{move} is not a legal placement now")

    def _hand_mask(self) -> int:
        return self._game._hands[self.seat]

    def _unseen_mask(self) -> int:
        """Tiles this player cannot see: the others' hands and the pool."""
        on_board = 0
        for tid, _ in self._game.board.cells.values():
            on_board |= 1 << tid
        return ALL_TILES & ~on_board & ~self._game._hands[self.seat]


def deal(
    players: int, rng: np.random.Generator, rules: Rules | None = None
) -> tuple[list[list[int]], list[int]]:
    """Shuffle the 56 tiles and deal them: (hands as tile ids, pool in drawing order)."""
    if not 2 <= players <= 6:
        raise ValueError(f"Tri-Ominos is for 2 to 6 players, not {players}")
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
    if isinstance(rules, str):
        rules = Rules.preset(rules)
    rules = rules or Rules()
    hands, pool = deal(players, as_generator(seed), rules)
    int_seed = (
        int(seed) if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) else None
    )
    return Game(hands, pool, rules=rules, seed=int_seed)


class Match:
    """A game of rounds: play rounds until someone reaches ``rules.target_score`` (400).

    >>> from tilegames.triominos.players import GreedyPlayer
    >>> match = Match(players=2, seed=5)
    >>> while not match.is_over:
    ...     _ = match.play_round([GreedyPlayer(), GreedyPlayer()])
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
        if isinstance(rules, str):
            rules = Rules.preset(rules)
        self.rules = rules or Rules()
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
            raise IllegalMove("the game is over")
        hands, pool = deal(self.players, self.rng, self.rules)
        return Game(hands, pool, rules=self.rules)

    def finish_round(self, game: Game) -> None:
        """Add a finished round's scores to the totals and decide whether the game is over."""
        if not game.is_over:
            raise IllegalMove("the round is not over yet")
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

    def play_round(self, players: list) -> Game:
        """Deal, play and finish one round with these players (one per seat)."""
        from .players import play_out

        game = self.new_round()
        play_out(game, players)
        self.finish_round(game)
        return game
