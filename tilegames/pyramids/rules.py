"""Flaming Pyramids: the state, its moves, its rules and the mayhem log.

A tile-shedding game for 2–6 players with hidden information (hands and
piles) and chance (the shuffle; the fire cube, when on). Players build one
pyramid of straw, wood and stone on a brick lattice; a tile that breaks the
building rules is still placed and causes **mayhem**: collapses, falls,
explosions, fires and (a variant) curses, resolved one event at a time.

Every decision is a move of the **acting player** (``to_move``): which tile
where (``"yellow 20 @ 1,3"``) and, when a tile is in the air, which way it
falls (``"fall left"``, ``"fall right"``). So people, bots and replays drive
the same API.

>>> game = Game.from_position({(0, 0): "yellow 2", (0, 2): "green 4"}, hands=[["red burner"], ["blue 2"]])
>>> game.spots()
[(1, 1)]
>>> game.play("red burner @ 1,1")     # 7 > 2 + 4 and no colour or weight in common
>>> print(game.mayhem_text())
turn 1, player 0: placed red burner at (1,1): it breaks the building rules
collapse: red burner at (1,1) breaks the building rules on yellow 2 and green 4; yellow 2 (0,0) and green 4 (0,2) go under player 0's pile
>>> game.to_move, game.falling, game.legal_moves()
(0, (1, 1), [Move.parse('fall left'), Move.parse('fall right')])
>>> game.play("fall left")
>>> game.pyramid
{(0, 0): 'red burner'}
"""

from __future__ import annotations

import copy
import operator
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, Literal

import numpy as np

from .. import i18n  # i18n._(...)
from ..errors import BadNotation, IllegalMove, InvalidPosition, describe
from ..game import GameState, Notation, refuse_unless_dealt, require
from ..i18n import N_, _, ngettext
from ..randomness import as_generator, generator_from_state, generator_state, read_seed, seed_value
from ..rules_base import RulesBase
from . import mayhem
from .tiles import (
    HALF,
    LEGAL,
    N_TILES,
    SUPPORT_LEFT,
    SUPPORT_RIGHT,
    TILES,
    format_position,
    key,
    position,
    tile_id,
)
from .turns import CAP, HAND_SIZE, WIN, curse_seats, dealt_hands, refill, starting_row, turn_end

MAX_COORDINATE = 100_000
"""Positions in a move are whole numbers of at most this size (a pyramid of 45 tiles is far smaller)."""
_CANONICAL = frozenset(t.name for t in TILES)
MAX_PLAYERS = 6


@dataclass(frozen=True)
class Rules(RulesBase):
    """Every rule the spec leaves as a **[choice]**, plus the two optional variants.

    ``Rules()`` is the spec's default game.

    >>> Rules.with_curse()
    Rules(row0_gaps='all', overhang_collapse='support', curse=True, curse_debris='previous', fire_cube=False, turn_cap=500)
    """

    row0_gaps: Literal["all", "single"] = "all"
    """Row-0 spots: every empty position between row-0 tiles (``all``) or only gaps one tile wide (``single``)."""
    overhang_collapse: Literal["support", "slide"] = "support"
    """An overhanging tile that breaks its rule: its support goes to the acting player's pile
    (``support``), or nothing is removed and the tile slides down into its empty support position (``slide``)."""
    curse: bool = False
    """The curse variant: a tile whose weight equals both its supports' sends the three to the previous player."""
    curse_debris: Literal["previous", "turn"] = "previous"
    """After a curse, later debris of that turn goes to the previous player (``previous``) or still to the turn's player (``turn``)."""
    fire_cube: bool = False
    """The fire cube variant: fire only starts from a die roll when a played tile makes a fire contact."""
    turn_cap: int = 500
    """The game ends with no winner after this many turns (every player's turn counts)."""

    PRESETS: ClassVar[tuple[str, ...]] = ("standard", "with_curse", "with_fire_cube", "online")

    def __post_init__(self) -> None:
        if self.row0_gaps not in ("all", "single"):
            raise ValueError(f"row0_gaps must be 'all' or 'single', not {self.row0_gaps!r}")
        if self.overhang_collapse not in ("support", "slide"):
            raise ValueError(
                f"overhang_collapse must be 'support' or 'slide', not {self.overhang_collapse!r}"
            )
        if self.curse_debris not in ("previous", "turn"):
            raise ValueError(
                f"curse_debris must be 'previous' or 'turn', not {self.curse_debris!r}"
            )
        if (
            not isinstance(self.turn_cap, int)
            or isinstance(self.turn_cap, bool)
            or self.turn_cap < 1
        ):
            raise ValueError(
                f"turn_cap must be a whole number of at least 1, not {self.turn_cap!r}"
            )

    @classmethod
    def standard(cls) -> Rules:
        """The spec's default: no curse, no fire cube, every row-0 gap counts, 500-turn cap."""
        return cls()

    @classmethod
    def with_curse(cls) -> Rules:
        """The default plus the curse variant."""
        return cls(curse=True)

    @classmethod
    def with_fire_cube(cls) -> Rules:
        """The default plus the fire cube variant."""
        return cls(fire_cube=True)

    @classmethod
    def online(cls) -> Rules:
        """Both optional variants on, as offered on Board Game Arena: curse and fire cube."""
        return cls(curse=True, fire_cube=True)


@dataclass(frozen=True, repr=False)
class Move(Notation):
    """A decision: a tile to a position (``Move.parse("yellow 20 @ 1,3")``) or a fall (``Move.parse("fall left")``).

    >>> Move.parse("Yellow 20 @ 1, 3")
    Move.parse('yellow 20 @ 1,3')
    >>> str(Move.parse("fall right")), Move.parse("fall right").is_fall
    ('fall right', True)
    """

    tile: str | None = None
    """The tile placed (its name), for a placement."""
    position: tuple[int, int] | None = None
    """Where it goes, (r, x), for a placement."""
    fall: Literal["left", "right"] | None = None
    """``left`` or ``right``, for a fall."""

    def __post_init__(self) -> None:
        if self.fall is not None:
            if self.fall not in ("left", "right") or not isinstance(self.fall, str):
                raise BadNotation(
                    i18n._("a tile falls 'left' or 'right', not {fall}").format(
                        fall=describe(self.fall)
                    )
                )
            if self.tile is not None or self.position is not None:
                raise BadNotation(i18n._("a fall names no tile and no position"))
            return
        if not isinstance(self.tile, str) or self.tile not in _CANONICAL:
            raise BadNotation(
                i18n._(
                    "{tile} is not a tile name: write it as the notation does "
                    "('yellow 20', 'millstone', 'red burner')"
                ).format(tile=describe(self.tile))
            )
        where = self.position
        if not (
            isinstance(where, tuple)
            and len(where) == 2
            and all(type(v) is int and -MAX_COORDINATE <= v <= MAX_COORDINATE for v in where)
        ):
            raise BadNotation(
                i18n._(
                    "the position of {tile} must be two whole numbers (r, x), such as (1, 3), "
                    "not {where}"
                ).format(tile=self.tile, where=describe(where))
            )

    @property
    def is_fall(self) -> bool:
        """A fall decision rather than a placement."""
        return self.fall is not None

    def __str__(self) -> str:
        if self.fall is not None:
            return f"fall {self.fall}"
        return f"{self.tile} @ {self.position[0]},{self.position[1]}"

    @classmethod
    def place(cls, tile: str | int, r: int, x: int) -> Move:
        """A placement of ``tile`` (name or id) at (r, x)."""
        for v in (r, x):
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
                raise BadNotation(
                    i18n._("a position is two whole numbers, not {position}").format(
                        position=describe(v)
                    )
                )
        return cls(TILES[tile_id(tile)].name, (int(r), int(x)))

    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from its notation; bad notation raises IllegalMove quoting it."""
        raw = str(text)
        words = raw.lower().split()
        if len(words) == 2 and words[0] == "fall":
            if words[1] in ("left", "right"):
                return cls(fall=words[1])  # type: ignore[arg-type]
            raise BadNotation(
                _("{text}: a tile falls 'left' or 'right', not {word}").format(
                    text=repr(raw), word=repr(words[1])
                )
            )
        if "@" not in raw:
            raise BadNotation(
                _(
                    "{text} is not a Flaming Pyramids move: write a tile and a position "
                    "('yellow 20 @ 1,3') or a fall ('fall left', 'fall right')"
                ).format(text=repr(raw))
            )
        name, _at, where = raw.partition("@")
        parts = where.replace(" ", "").strip("()").split(",")
        try:
            if len(parts) != 2 or any(len(p) > 12 for p in parts):
                raise ValueError(where)
            r, x = (int(p) for p in parts)
        except ValueError:
            raise BadNotation(
                _("{text}: the position must be written 'r,x', such as '1,3'").format(
                    text=repr(raw)
                )
            ) from None
        return cls.place(name.strip(), r, x)


@dataclass(frozen=True)
class Event:
    """One line of the mayhem log: a placement, a fall, a collapse, a fire … and where each tile went."""

    turn: int
    """The turn it happened in (1 for the first turn)."""
    player: int
    """Whose turn it was."""
    acting: int
    """The acting player when it happened (who chose a fall; who received debris)."""
    kind: str
    """``place``, ``fall``, ``collapse``, ``overhang``, ``explosion``, ``fire``, ``roll``, ``curse``,
    ``refill``, ``win`` or ``cap``."""
    text: str
    """The event in words."""
    marked: tuple[tuple[int, int], ...]
    """The positions it affected (tiles that moved, burnt, went away), for pictures."""
    board: tuple[tuple[int, int], ...] = ()
    """The pyramid after the event, as (internal key, tile id) pairs (see ``pyramid``)."""

    @property
    def pyramid(self) -> dict[tuple[int, int], str]:
        """The pyramid after the event: {(r, x): tile name}."""
        return {position(k): TILES[t].name for k, t in sorted(self.board)}

    @property
    def is_mayhem(self) -> bool:
        """A mayhem event (not the placement, refill or end of game)."""
        return self.kind in (*mayhem.KINDS, "fall")

    def __str__(self) -> str:
        return self.text


class FrozenBoard(dict):
    """A read-only copy of a pyramid, {internal key: tile id}: a value (equal boards are equal,
    whatever the order they were filled in, and hashable). Copy it (``dict(board)``) to change it.

    >>> board = FrozenBoard({key(0, 0): 3})
    >>> board[key(0, 0)], hash(board) == hash(FrozenBoard({key(0, 0): 3}))
    (3, True)
    >>> board[key(0, 2)] = 4
    Traceback (most recent call last):
    ...
    TypeError: a view's board cannot be changed: copy it first (dict(view.board))
    """

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError("a view's board cannot be changed: copy it first (dict(view.board))")

    __setitem__ = __delitem__ = __ior__ = _refuse
    pop = popitem = clear = update = setdefault = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self):
        return (FrozenBoard, (dict(self),))

    def __repr__(self) -> str:
        return f"FrozenBoard({dict(sorted(self.items()))})"


@dataclass(frozen=True)
class PlayerView:
    """What one player may see: his own hand; the sizes of other hands and of the piles; the pyramid.

    An immutable value (no game inside), made by ``Game.player_view(seat)``;
    two games that differ only in tiles this seat cannot see give equal views.

    >>> view = new_game(seed=3).player_view(0)
    >>> len(view.hand), view.pile_sizes, view.legal_moves[:1]
    (5, (17, 17), (Move.parse('blue burner @ 0,-2'),))
    """

    player: int
    """The player this view belongs to."""
    n_players: int
    """Number of players."""
    rules: Rules
    """The rules in force."""
    to_move: int | None
    """Whose decision it is (None once the game is over)."""
    turn_player: int
    """Whose turn it is."""
    acting: int
    """The acting player (who chooses falls and, unless cursed, receives debris)."""
    debris_to: int
    """Who receives debris now."""
    turn: int
    """The turn number (1 for the first)."""
    hand_ids: tuple[int, ...]
    """Own hand, as tile ids."""
    hand_sizes: tuple[int, ...]
    """Tiles in each hand."""
    pile_sizes: tuple[int, ...]
    """Tiles in each pile."""
    board: FrozenBoard
    """The pyramid as {internal key: tile id} (see ``tiles.key``), a read-only copy."""
    removed_ids: tuple[int, ...]
    """Tiles out of the game, in the order they went."""
    falling_key: int | None
    """Key of the tile in the air waiting for a fall decision, or None."""
    roll_pending: tuple[int, int] | None
    """A fire-cube contact waiting for its roll: (key, tile id) of the tile played."""
    spots: tuple[int, ...]
    """Where a tile may be placed now (internal keys, scan order; empty while a tile is in the air)."""

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        """The moves open to this player now (empty when it is not his decision)."""
        if self.to_move != self.player:
            return ()
        if self.falling_key is not None:
            return (FALL_LEFT, FALL_RIGHT)
        get = _PLACEMENTS.get
        return tuple(
            [get(k * 64 + t) or placement(t, k) for t in self.hand_ids for k in self.spots]
        )

    @property
    def hand(self) -> tuple[str, ...]:
        """The player's own hand, by tile name."""
        return tuple(TILES[t].name for t in self.hand_ids)

    @property
    def pyramid(self) -> dict[tuple[int, int], str]:
        """The pyramid, {(r, x): tile name}."""
        return {position(k): TILES[t].name for k, t in sorted(self.board.items())}

    @property
    def falling(self) -> tuple[int, int] | None:
        """The tile in the air waiting for a fall decision, if any."""
        return None if self.falling_key is None else position(self.falling_key)

    def spot_keys(self) -> list[int]:
        """Where a tile may be placed now (internal keys, scan order)."""
        return list(self.spots)


_VIEW_FIELDS = tuple(f.name for f in fields(PlayerView))

FALL_LEFT = Move(fall="left")
FALL_RIGHT = Move(fall="right")


def spot_keys(board: dict[int, int], row0_gaps: str = "all") -> list[int]:
    """Where a tile may be placed on ``board``, as internal keys in scan order.

    Spots above two tiles side by side (any row) and empty row-0 positions
    between row-0 tiles (with ``row0_gaps="single"``, only the single gaps);
    when there is none, the two ends of row 0; (0, 0) on an empty table
    (``mayhem.open_spots``, which the fast game asks too).

    >>> [position(k) for k in spot_keys({key(0, 0): 0, key(0, 2): 1})]
    [(1, 1)]
    """
    return mayhem.open_spots(board, row0_gaps == "all")[0]


_PLACEMENTS: dict[int, Move] = {}


def placement(tile: int, k: int) -> Move:
    """The move putting tile ``tile`` (id) at the internal key ``k`` (moves are shared values).

    >>> placement(0, key(1, 3))
    Move.parse('yellow 2 @ 1,3')
    """
    index = k * 64 + tile
    move = _PLACEMENTS.get(index)
    if move is None:
        move = _PLACEMENTS[index] = Move(TILES[tile].name, position(k))
    return move


_PLAIN_FIELDS = (
    "turn_player",
    "acting",
    "_debris_to",
    "_falling",
    "_roll_pending",
    "turns",
    "winner",
    "_over",
    "_rolls",
    "_log_len",  # the events themselves stay in _events: no copy per move
)
"""The plain fields ``_snapshot`` holds as they are, in order, between the tiles and the
counts (``_log_len`` the last: ``__eq__`` leaves it out)."""
_plain_fields = operator.attrgetter(*_PLAIN_FIELDS)


class Game(GameState):
    """A game of Flaming Pyramids: hands, piles, the pyramid, what was removed, and whose decision it is."""

    GAME = "pyramids"
    MOVE = Move

    def __init__(
        self,
        *,
        piles: list[list[int]],
        hands: list[list[int]],
        board: dict[int, int],
        removed: list[int],
        first_player: int,
        rules: Rules | None = None,
        dice: list[int] | None = None,
        rng: np.random.Generator | None = None,
        deal: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        self.rules: Rules = rules or Rules()
        """The rule switches in force."""
        self.n_players = len(piles)
        """Number of players (2 … 6)."""
        self.seed: int | None = None
        """The seed the deal came from, when it came from one."""
        self._board = dict(board)
        self._hands = [list(h) for h in hands]
        self._piles = [list(p) for p in piles]
        self._removed = list(removed)
        self.first_player = first_player
        """Who played the first turn."""
        self.turn_player = first_player
        """Whose turn it is (the player who placed, or will place, this turn's tile)."""
        self.acting = first_player
        """Who decides now and (unless the curse says otherwise) receives debris."""
        self._debris_to = first_player
        self._falling: int | None = None
        self._roll_pending: tuple[int, int] | None = None
        self._near: set[int] | None = None  # where mayhem can be, during a turn (None: anywhere)
        self.turns = 0
        """Turns completed."""
        self.winner: int | None = None
        """The player who emptied hand and pile, once someone has."""
        self._over = False
        self._rolls = 0
        self._dice_script = tuple(dice or ())
        self._dice_rng = rng if rng is not None else np.random.default_rng(0)
        self._dice_drawn: list[int] = []
        self._events: list[
            Event
        ] = []  # the log, and beyond _log_len what undo took back (for redo)
        self._log_len = 0
        self.keep_log = True
        """Keep the mayhem log (text and a picture of each event); off for fast simulations,
        which only count the events (``mayhem_counts``)."""
        self._counts: dict[str, int] = {}
        self._deal = deal if deal is not None else {}
        if deal is not None:
            self.seed = deal.get("seed")

    # -- construction ---------------------------------------------------------
    @classmethod
    def from_deal(
        cls,
        piles: list[list[str]],
        leftovers: list[str] = (),
        first_player: int = 0,
        *,
        dice: list[int] | None = None,
        rules: Rules | None = None,
        hands: list[list[str]] | None = None,
        pyramid: dict[tuple[int, int], str] | None = None,
        removed: list[str] = (),
        seed: int | None = 0,
    ) -> Game:
        """An explicit deal: each player's pile (top first), the leftovers and the first player.

        Each player draws a hand of 5 from the top of his pile (unless
        ``hands`` are given). Fire tiles among the leftovers are removed from
        the game; the rest lie at (0, 0), (0, 2), … in order. For positions
        built directly, ``pyramid`` gives tiles by position and ``removed``
        tiles already out of the game. All 45 tiles must appear exactly once.
        ``dice`` scripts the fire cube's rolls; after them, rolls come from
        a generator seeded with ``seed``.

        >>> from tilegames.pyramids.tiles import TILES
        >>> names = [t.name for t in TILES]
        >>> game = Game.from_deal([names[0:22], names[22:44]], leftovers=["blue burner"])
        >>> game.hand(0), game.removed
        (('yellow 2', 'yellow 4', 'yellow 6', 'yellow 10', 'yellow 20'), ('blue burner',))
        """
        rules = rules or Rules()
        if leftovers is None or removed is None:
            raise InvalidPosition(
                i18n._("leftovers and removed are lists of tile names (empty if none)")
            )
        data = {
            "players": len(piles) if isinstance(piles, (list, tuple)) else piles,
            "piles": piles,
            "hands": hands,
            "leftovers": list(leftovers),
            "pyramid": None
            if pyramid is None
            else [[r, x, name] for (r, x), name in pyramid.items()],
            "removed": list(removed),
            "first_player": first_player,
            "dice": None if dice is None else list(dice),
            "rng": generator_state(as_generator(seed)),
            "rules": rules.to_dict(),
            "seed": None,
        }
        return cls.from_deal_dict(_jsonable(data))

    @classmethod
    def from_position(
        cls,
        pyramid: dict[tuple[int, int], str],
        hands: list[list[str]],
        *,
        to_move: int = 0,
        rules: Rules | None = None,
        dice: list[int] | None = None,
        removed: list[str] = (),
    ) -> Game:
        """A position built directly: the pyramid, each player's hand; the other tiles fill the piles.

        Tiles not named anywhere are dealt into the piles one by one, in id
        order, to player 0, 1, … in turn. The pyramid must be settled (no
        mayhem pending).

        >>> game = Game.from_position({(0, 0): "blue 20", (0, 2): "red 40"}, hands=[["blue 60"], ["red 2"]])
        >>> game.play("blue 60 @ 1,1")
        >>> game.pyramid[(1, 1)], game.turn_player, game.hand(0)[:2]
        ('blue 60', 1, ('yellow 2', 'yellow 6'))
        """
        try:
            named = {tile_id(n) for n in pyramid.values()} | {tile_id(n) for h in hands for n in h}
            named |= {tile_id(n) for n in removed}
        except (IllegalMove, TypeError, AttributeError) as error:
            raise InvalidPosition(i18n._("not a position: {error}").format(error=error)) from None
        rest = [t.name for t in TILES if t.id not in named]
        piles: list[list[str]] = [[] for _ in hands]
        for i, name in enumerate(rest):
            piles[i % len(hands)].append(name)
        return cls.from_deal(
            piles,
            [],
            to_move,
            dice=dice,
            rules=rules,
            hands=hands,
            pyramid=pyramid,
            removed=removed,
        )

    def _deal_dict(self) -> dict[str, Any]:
        return self._deal

    @classmethod
    def from_deal_dict(cls, deal: dict[str, Any]) -> Game:
        """Rebuild the dealt position from its JSON-safe description (every field validated)."""
        if not isinstance(deal, dict):
            raise InvalidPosition(
                i18n._("deal: expected a dict, found {kind}").format(kind=type(deal).__name__)
            )
        unknown = sorted(str(name) for name in set(deal) - DEAL_FIELDS)
        if unknown:
            raise InvalidPosition(
                i18n._("deal: unknown field(s) {unknown}").format(unknown=", ".join(unknown))
            )
        missing = sorted(DEAL_FIELDS - set(deal))
        if missing:
            raise InvalidPosition(
                i18n._("deal: missing field(s) {missing}").format(missing=", ".join(missing))
            )
        rules = Rules.from_dict(require(deal, "rules", dict, "deal"), "deal.rules")
        seed = read_seed(deal.get("seed"), "deal.seed")
        piles_data = require(deal, "piles", list, "deal")
        n = len(piles_data)
        if not 2 <= n <= MAX_PLAYERS:
            raise InvalidPosition(
                i18n._(
                    "deal.piles: Flaming Pyramids is for 2 to 6 players, found {n} piles"
                ).format(n=n)
            )
        players = deal.get("players", n)
        if players != n:
            raise InvalidPosition(
                i18n._("deal.players: {players!r} does not match the {n} piles").format(
                    players=players, n=n
                )
            )
        where: dict[int, str] = {}

        def tiles_of(value, field: str) -> list[int]:
            if not isinstance(value, list):
                raise InvalidPosition(
                    i18n._("{field}: expected a list of tile names, found {value!r}").format(
                        field=field, value=value
                    )
                )
            ids = []
            for i, name in enumerate(value):
                try:
                    t = tile_id(name) if isinstance(name, str) else None
                except IllegalMove as error:
                    raise InvalidPosition(f"{field}[{i}]: {error}") from None
                if t is None:
                    raise InvalidPosition(
                        i18n._("{field}[{i}]: expected a tile name, found {name!r}").format(
                            field=field, i=i, name=name
                        )
                    )
                if t in where:
                    raise InvalidPosition(
                        i18n._("{field}[{i}]: {name} is already in {where}").format(
                            field=field, i=i, name=TILES[t].name, where=where[t]
                        )
                    )
                where[t] = field
                ids.append(t)
            return ids

        piles = [tiles_of(p, f"deal.piles[{i}]") for i, p in enumerate(piles_data)]
        hands_data = deal.get("hands")
        if hands_data is None:
            hands, piles = dealt_hands(piles)
        else:
            if not isinstance(hands_data, list) or len(hands_data) != n:
                raise InvalidPosition(
                    i18n._("deal.hands: expected a list of {n} hands, found {hands_data!r}").format(
                        n=n, hands_data=hands_data
                    )
                )
            hands = [tiles_of(h, f"deal.hands[{i}]") for i, h in enumerate(hands_data)]
            for i, h in enumerate(hands):
                if len(h) > HAND_SIZE:
                    raise InvalidPosition(
                        i18n._(
                            "deal.hands[{i}]: a hand holds at most {most} tiles, found {count}"
                        ).format(i=i, most=HAND_SIZE, count=len(h))
                    )
        for i, h in enumerate(hands):
            if not h:
                raise InvalidPosition(
                    i18n._(
                        "deal.hands[{i}]: empty — every player holds a tile until he goes out (and going out ends the game), so he could never play"
                    ).format(i=i)
                )
        leftovers = tiles_of(deal.get("leftovers", []), "deal.leftovers")
        removed = tiles_of(deal.get("removed", []), "deal.removed")
        board, burnt = starting_row(leftovers)
        removed += burnt
        pyramid_data = deal.get("pyramid")
        if pyramid_data is not None:
            if not isinstance(pyramid_data, list):
                raise InvalidPosition(
                    i18n._(
                        "deal.pyramid: expected a list of [r, x, tile], found {pyramid_data!r}"
                    ).format(pyramid_data=pyramid_data)
                )
            for i, item in enumerate(pyramid_data):
                field = f"deal.pyramid[{i}]"
                if not (
                    isinstance(item, list)
                    and len(item) == 3
                    and all(isinstance(v, int) for v in item[:2])
                ):
                    raise InvalidPosition(
                        i18n._("{field}: expected [r, x, tile name], found {item!r}").format(
                            field=field, item=item
                        )
                    )
                r, x, name = item
                if r < 0 or (x - r) % 2 or abs(x) >= HALF // 2 or r > 60:
                    raise InvalidPosition(
                        i18n._(
                            "{field}: ({r},{x}) is not a position (r >= 0 and x of the same parity as r)"
                        ).format(field=field, r=r, x=x)
                    )
                (t,) = tiles_of([name], field)
                if key(r, x) in board:
                    raise InvalidPosition(
                        i18n._("{field}: ({r},{x}) is already taken").format(field=field, r=r, x=x)
                    )
                board[key(r, x)] = t
        missing = [TILES[t].name for t in range(N_TILES) if t not in where]
        if missing:
            raise InvalidPosition(
                i18n._("deal: every tile must be dealt exactly once; missing: {missing}").format(
                    missing=", ".join(missing)
                )
            )
        problem = mayhem.first_problem(board, curse=rules.curse, fire_cube=rules.fire_cube)
        if problem is not None:
            kind, k = problem
            raise InvalidPosition(
                i18n._("deal.pyramid: the pyramid is not settled: {kind} at {position}").format(
                    kind=kind, position=format_position(*position(k))
                )
            )
        first = require(deal, "first_player", int, "deal")
        if not 0 <= first < n:
            raise InvalidPosition(
                i18n._("deal.first_player: expected 0 to {last}, found {first}").format(
                    last=n - 1, first=first
                )
            )
        if not hands[first]:
            raise InvalidPosition(
                i18n._(
                    "deal.hands[{first}]: the first player needs at least one tile in hand"
                ).format(first=first)
            )
        dice = deal.get("dice")
        if dice is not None and not (
            isinstance(dice, list)
            and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
        ):
            raise InvalidPosition(
                i18n._("deal.dice: expected a list of die faces 1 to 6, found {dice!r}").format(
                    dice=dice
                )
            )
        rng = generator_from_state(require(deal, "rng", dict, "deal"), "deal.rng")
        game = cls(
            piles=piles,
            hands=hands,
            board=board,
            removed=removed,
            first_player=first,
            rules=rules,
            dice=dice,
            rng=rng,
            deal=deal,
        )
        if seed is not None:  # the seed is for the record: it must be the one that dealt the tiles
            refuse_unless_dealt(  # the first player drawn from the seed, or chosen
                game,
                *(new_game(seed, rules=rules, players=n, first_player=f) for f in (None, first)),
            )
        return game

    # -- where the game stands ------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The player whose decision it is (the acting player), or None when the game is over."""
        return None if self._over else self.acting

    @property
    def is_over(self) -> bool:
        """Someone won, or the turn cap was reached."""
        return self._over

    @property
    def won(self) -> bool:
        """Whether someone won (False at the turn cap)."""
        return self.winner is not None

    @property
    def falling(self) -> tuple[int, int] | None:
        """The tile in the air waiting for a fall decision, or None."""
        return None if self._falling is None else position(self._falling)

    @property
    def debris_to(self) -> int:
        """Who receives debris now (the acting player unless the curse variant says otherwise)."""
        return self._debris_to

    @property
    def scores(self) -> list[int]:
        """Tiles left per player (hand + pile); fewer is better, 0 wins."""
        return [len(h) + len(p) for h, p in zip(self._hands, self._piles)]

    @property
    def ranking(self) -> list[int]:
        """Each player's rank by tiles left (1 is best); equal counts share a rank.

        >>> game = new_game(seed=1, players=3)
        >>> game.ranking
        [1, 1, 1]
        """
        scores = self.scores
        return [1 + sum(s < mine for s in scores) for mine in scores]

    @property
    def pyramid(self) -> dict[tuple[int, int], str]:
        """The pyramid: {(r, x): tile name}, in scan order."""
        return {position(k): TILES[t].name for k, t in sorted(self._board.items())}

    @property
    def removed(self) -> tuple[str, ...]:
        """Tiles removed from the game, in the order they went."""
        return tuple(TILES[t].name for t in self._removed)

    @property
    def board(self) -> dict[int, int]:
        """The pyramid as a new dict {internal key: tile id} (see ``tiles.key``; ``pyramid`` names them)."""
        return dict(self._board)

    @property
    def falling_key(self) -> int | None:
        """The internal key of the tile in the air, or None (``falling`` gives its position)."""
        return self._falling

    @property
    def removed_ids(self) -> tuple[int, ...]:
        """Tiles removed from the game, as ids, in the order they went."""
        return tuple(self._removed)

    def hand_ids(self, player: int) -> tuple[int, ...]:
        """A player's hand as tile ids (his own view: use ``player_view`` to respect hidden information)."""
        return tuple(self._hands[player])

    def hand(self, player: int) -> tuple[str, ...]:
        """A player's hand (his own view: use ``player_view`` to respect hidden information)."""
        return tuple(TILES[t].name for t in self._hands[player])

    def pile(self, player: int) -> tuple[str, ...]:
        """A player's pile, top first (hidden from every player; for teachers and tests)."""
        return tuple(TILES[t].name for t in self._piles[player])

    @property
    def hand_sizes(self) -> list[int]:
        """Tiles in each hand."""
        return [len(h) for h in self._hands]

    @property
    def pile_sizes(self) -> list[int]:
        """Tiles in each pile."""
        return [len(p) for p in self._piles]

    @property
    def previous_player(self) -> int:
        """The player seated before the turn's player (who is cursed)."""
        return (self.turn_player - 1) % self.n_players

    def where(self) -> dict[str, str]:
        """Where every tile is: ``hand 0``, ``pile 1``, ``(r,x)`` or ``removed``.

        Raises AssertionError if a tile were in no place or two (conservation).

        >>> len(new_game(seed=2).where())
        45
        """
        places: dict[int, str] = {}

        def put(t: int, place: str) -> None:
            if t in places:
                raise AssertionError(f"{TILES[t].name} is both in {places[t]} and in {place}")
            places[t] = place

        for p, (h, pile) in enumerate(zip(self._hands, self._piles)):
            for t in h:
                put(t, f"hand {p}")
            for t in pile:
                put(t, f"pile {p}")
        for k, t in self._board.items():
            put(t, format_position(*position(k)))
        for t in self._removed:
            put(t, "removed")
        if len(places) != N_TILES:
            raise AssertionError(f"only {len(places)} of the 45 tiles are somewhere")
        return {TILES[t].name: places[t] for t in range(N_TILES)}

    def spots(self) -> list[tuple[int, int]]:
        """Where the turn's player may place a tile now, in scan order."""
        return [position(k) for k in spot_keys(self._board, self.rules.row0_gaps)]

    def status(self) -> str:
        """Where the game stands, in words."""
        if self._over:
            if self.winner is not None:
                return _("game over: player {player} won in {turns} turns").format(
                    player=self.winner, turns=self.turns
                )
            return _("game over: the turn cap ({cap}) was reached; tiles left {scores}").format(
                cap=self.rules.turn_cap, scores=self.scores
            )
        if self._falling is not None:
            return _(
                "turn {turn}: {tile} at {position} is in the air; "
                "player {player} chooses where it falls"
            ).format(
                turn=self.turns + 1,
                tile=TILES[self._board[self._falling]].name,
                position=format_position(*self.falling),
                player=self.acting,
            )
        return _("turn {turn}: player {player} to play a tile").format(
            turn=self.turns + 1, player=self.turn_player
        )

    # -- moves ----------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """The current decision's options, in a stable order.

        A placement: every tile of the hand (in hand order) × every spot (scan
        order: top row first, then left to right). A fall: ``fall left``,
        ``fall right``. Nothing once the game is over.
        """
        if self._over:
            return []
        if self._falling is not None:
            return [FALL_LEFT, FALL_RIGHT]
        spots = spot_keys(self._board, self.rules.row0_gaps)
        return [placement(t, k) for t in self._hands[self.turn_player] for k in spots]

    def _parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def _why_illegal(self, move: Move) -> str | None:
        if not isinstance(move, Move):
            return _("{move} is not a move").format(move=repr(move))
        player = self.acting
        if self._falling is not None:
            if not move.is_fall:
                tile = TILES[self._board[self._falling]].name
                return _(
                    "{tile} at {position} is in the air: player {player} must first "
                    "choose 'fall left' or 'fall right'"
                ).format(tile=tile, position=format_position(*self.falling), player=player)
            return None
        if move.is_fall:
            return _("nothing is falling: player {player} must place a tile from his hand").format(
                player=player
            )
        t = tile_id(move.tile)
        if t not in self._hands[player]:
            return _("{tile} is not in player {player}'s hand").format(
                tile=move.tile, player=player
            )
        r, x = move.position
        if r < 0 or (x - r) % 2:
            return _(
                "({r},{x}) is not a position of the brick wall: "
                "x must have the same parity as the row r"
            ).format(r=r, x=x)
        spots = self.spots()
        if (r, x) not in spots:
            k = key(r, x)
            if k in self._board:
                why = _("({r},{x}) is taken by {tile}").format(
                    r=r, x=x, tile=TILES[self._board[k]].name
                )
            else:
                why = _("({r},{x}) is not a place to play").format(r=r, x=x)
            listed = ", ".join(format_position(*s) for s in spots)
            if len(spots) > 1:
                return _("{why}: a tile must go on a spot: {spots}").format(why=why, spots=listed)
            return _("{why}: a tile must go on the spot: {spots}").format(why=why, spots=listed)
        return None

    def play_unchecked(self, move: Move) -> None:
        """The fast path: apply a move known to be legal, with no checks, undo record or log text.

        For players and studies that play moves from ``legal_moves()`` (or a
        player's choice). The history is kept, so ``to_dict`` still saves the
        game (and ``from_dict`` rebuilds it with its log); the mayhem is counted
        (``mayhem_counts``) but from here on not written to the log, and undo
        is not available.
        """
        self.keep_log = False
        self._apply(move)
        self.history.append(move)

    def _apply(self, move: Move) -> None:
        if move.fall is not None:
            self._apply_fall(move.fall)
        else:
            self._place(tile_id(move.tile), key(*move.position))

    # The fast path: simulations call these directly with known-legal choices.
    def _place(self, tile: int, k: int) -> None:
        player = self.turn_player
        self._hands[player].remove(tile)
        board = self._board
        rules = self.rules
        quiet = mayhem.placement_is_quiet(
            board, tile, k, curse=rules.curse, fire_cube=rules.fire_cube
        )
        board[k] = tile
        if rules.fire_cube and mayhem.roll_contact(board, k, tile) is not None:
            self._roll_pending = (k, tile)
        if self.keep_log:
            legal = (
                k > -HALF
                or LEGAL[tile * 2025 + board[k + SUPPORT_LEFT] * 45 + board[k + SUPPORT_RIGHT]]
            )
            self._event(
                "place",
                (k,),
                lambda: (
                    _("placed {tile} at {position}")
                    if legal
                    else _("placed {tile} at {position}: it breaks the building rules")
                ).format(tile=TILES[tile].name, position=format_position(*position(k))),
            )
        else:  # the fast path only counts
            counts = self._counts
            counts["place"] = counts.get("place", 0) + 1
        if quiet:
            # The board was settled before, and nothing near the new tile is wrong
            # (the property tests check this shortcut against the full scan).
            self._end_turn()
        else:
            self._near = mayhem.watch_added(board, set(), k)
            self._settle()

    def _apply_fall(self, direction: str) -> None:
        k = self._falling
        tile = self._board[k]
        self._falling = None
        target = mayhem.fall(self._board, k, direction)
        if self._near is not None:
            mayhem.watch_removed(self._near, k)
            mayhem.watch_added(self._board, self._near, target)
        if not self.keep_log:
            counts = self._counts
            counts["fall"] = counts.get("fall", 0) + 1
            self._settle()
            return
        self._event(
            "fall",
            (k, target),
            lambda: _(FALLS[direction]).format(
                tile=TILES[tile].name,
                start=format_position(*position(k)),
                end=format_position(*position(target)),
            ),
        )
        self._settle()

    def _die(self) -> int:
        i = self._rolls
        self._rolls += 1
        script = self._dice_script
        if i < len(script):
            return script[i]
        j = i - len(script)
        while len(self._dice_drawn) <= j:
            self._dice_drawn.append(int(self._dice_rng.integers(1, 7)))
        return self._dice_drawn[j]

    def _settle(self) -> None:
        """Resolve mayhem until a fall decision is needed or all is well; then end the turn."""
        rules = self.rules
        board = self._board
        while True:
            near = self._near
            problem = mayhem.first_problem(
                board,
                curse=rules.curse,
                fire_cube=rules.fire_cube,
                roll_pending=self._roll_pending,
                near=near,
            )
            if problem is None:
                self._roll_pending = None
                self._near = None
                self._end_turn()
                return
            kind, k = problem
            if kind == mayhem.AIR:
                self._falling = k
                return
            face = None
            if kind == mayhem.ROLL:
                face = self._die()
            pending = self._roll_pending
            if kind in (mayhem.ROLL, mayhem.CURSE_KIND):
                self._roll_pending = None
            before = dict(board) if self.keep_log else None
            step = mayhem.resolve(
                board,
                kind,
                k,
                overhang_slide=rules.overhang_collapse == "slide",
                face=face,
                roll_pending=pending,
            )
            if kind == mayhem.CURSE_KIND:
                receiver, self._debris_to = curse_seats(
                    self.turn_player, self.n_players, rules.curse_debris
                )
                self.acting = receiver
            else:
                receiver = self._debris_to
            self._piles[receiver].extend(step.debris)
            self._removed.extend(step.removed)
            if near is not None:
                mayhem.watch_step(board, near, step)
            if not self.keep_log:  # the fast path only counts
                counts = self._counts
                counts[kind] = counts.get(kind, 0) + 1
                continue
            self._event(
                kind,
                step.debris_keys + step.removed_keys + ((step.moved[2],) if step.moved else ()),
                lambda step=step, before=before, receiver=receiver: _describe(
                    step, before, receiver
                ),
            )

    def _end_turn(self) -> None:
        player = self.turn_player
        hand = self._hands[player]
        pile = self._piles[player]
        refill(hand, pile)
        self.turns += 1
        self.acting = self._debris_to = player
        end = turn_end(hand, pile, self.turns, self.rules.turn_cap)
        if end == WIN:
            self.winner = player
            self._over = True
            self._event(
                "win",
                (),
                lambda: _("player {player} has no tiles left and wins").format(player=player),
            )
        elif end == CAP:
            self._over = True
            self._event(
                "cap",
                (),
                lambda: ngettext(
                    "the turn cap of {cap} turns is reached: no winner",  # English: "turns" of 1
                    "the turn cap of {cap} turns is reached: no winner",
                    self.rules.turn_cap,
                ).format(cap=self.rules.turn_cap),
            )
        else:
            nxt = (player + 1) % self.n_players
            self.turn_player = self.acting = self._debris_to = nxt

    @property
    def log(self) -> list[Event]:
        """The mayhem log: every event of every turn, in order (a new list)."""
        return self._events[: self._log_len]

    def _event(self, kind: str, marked: tuple[int, ...], text) -> None:
        self._counts[kind] = self._counts.get(kind, 0) + 1
        if not self.keep_log:
            return
        if len(self._events) > self._log_len:  # a new move after undo: what was undone goes
            del self._events[self._log_len :]
        self._log_len += 1
        self._events.append(
            Event(
                self.turns + 1,
                self.turn_player,
                self.acting,
                kind,
                text(),
                tuple(position(k) for k in marked),
                tuple(sorted(self._board.items())),
            )
        )

    # -- undo, equality, saving -----------------------------------------------
    def _snapshot(self):
        return (
            tuple(sorted(self._board.items())),
            tuple(tuple(h) for h in self._hands),
            tuple(tuple(p) for p in self._piles),
            tuple(self._removed),
            *_plain_fields(self),
            tuple(sorted(self._counts.items())),
        )

    def __eq__(self, other: object) -> bool:
        """The same deal, the same moves and the same position (whether or not a log was kept)."""
        if type(other) is not type(self):
            return NotImplemented
        mine, theirs = self._snapshot(), other._snapshot()
        return (
            mine[:13] == theirs[:13]
            and mine[14:] == theirs[14:]
            and self.history == other.history
            and self._deal_dict() == other._deal_dict()
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def _restore(self, snapshot) -> None:
        board, hands, piles, removed, *plain, counts = snapshot
        for name, value in zip(_PLAIN_FIELDS, plain):
            setattr(self, name, value)
        self._counts = dict(counts)
        self._near = None  # scan the whole board after a restore
        self._board = dict(board)
        self._hands = [list(h) for h in hands]
        self._piles = [list(p) for p in piles]
        self._removed = list(removed)

    # -- views and logs -------------------------------------------------------
    def player_view(self, seat: int | None = None) -> PlayerView:
        """What ``seat`` (default: the acting player) may see: own hand, others' counts, the pyramid."""
        if seat is None:
            seat = self.acting
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)):
            raise ValueError(f"a seat is a whole number, not {describe(seat)}")
        if not 0 <= seat < self.n_players:
            raise ValueError(f"there is no player {seat} in a {self.n_players}-player game")
        seat = int(seat)
        board = self._board
        falling = self._falling
        spots = () if falling is not None else tuple(spot_keys(board, self.rules.row0_gaps))
        # A frozen dataclass sets its fields one by one; views are made at every decision,
        # so this one is filled in a single step (the same fields, the same value).
        view = object.__new__(PlayerView)
        view.__dict__.update(
            zip(
                _VIEW_FIELDS,
                (
                    seat,
                    self.n_players,
                    self.rules,
                    None if self._over else self.acting,
                    self.turn_player,
                    self.acting,
                    self._debris_to,
                    self.turns + 1,
                    tuple(self._hands[seat]),
                    tuple([len(h) for h in self._hands]),
                    tuple([len(p) for p in self._piles]),
                    FrozenBoard(board),
                    tuple(self._removed),
                    falling,
                    self._roll_pending,
                    spots,
                ),
            )
        )
        return view

    def resample_hidden(self, seat: int | None, rng: np.random.Generator) -> Game:
        """A game that looks the same to ``seat``, with the tiles nobody has seen dealt again.

        Tiles never seen are those in hands and piles that were never on the
        pyramid, other than ``seat``'s own hand: they swap places at random in
        the deal, and the moves are replayed, so the new game is a real game
        that ``seat`` cannot tell from this one (a determinisation).

        >>> game = new_game(seed=5)
        >>> other = game.resample_hidden(0, np.random.default_rng(1))
        >>> other.player_view(0) == game.player_view(0), other.pile(0) == game.pile(0)
        (True, False)
        """
        if seat is None:
            seat = self.acting
        self.player_view(seat)  # refuses a seat that is not at the table
        seen = set(self._hands[seat])
        data = self._deal
        seen |= {tile_id(name) for name in data.get("leftovers") or ()}
        seen |= {tile_id(item[2]) for item in data.get("pyramid") or ()}
        seen |= {tile_id(name) for name in data.get("removed") or ()}
        seen |= {tile_id(move.tile) for move in self.history if move.fall is None}
        deal = copy.deepcopy(data)
        groups = [*deal["piles"], *(deal.get("hands") or ())]
        slots = [(g, i) for g in groups for i, name in enumerate(g) if tile_id(name) not in seen]
        names = [g[i] for g, i in slots]
        for (g, i), j in zip(slots, rng.permutation(len(names)).tolist()):
            g[i] = names[j]
        deal["seed"] = None  # no longer the deal that seed makes
        other = Game.from_deal_dict(deal)
        other.keep_log = self.keep_log
        for move in self.history:
            other.play_unchecked(move)
        return other

    def invariant_errors(self) -> list[str]:
        """What is inconsistent: every tile must be in exactly one place, and the turn make sense.

        >>> new_game(seed=1).invariant_errors()
        []
        """
        errors = []
        counts = [0] * N_TILES
        for group in (*self._hands, *self._piles, self._board.values(), self._removed):
            for t in group:
                counts[t] += 1
        for t, n in enumerate(counts):
            if n != 1:
                errors.append(f"{TILES[t].name} is in {n} places (it must be in exactly one)")
        for p, hand in enumerate(self._hands):
            if len(hand) > HAND_SIZE:
                errors.append(f"player {p} holds {len(hand)} tiles (at most {HAND_SIZE})")
        if self._falling is not None and self._falling not in self._board:
            errors.append("the tile said to be falling is not on the pyramid")
        for name in ("turn_player", "acting", "_debris_to"):
            if not 0 <= getattr(self, name) < self.n_players:
                errors.append(f"{name.strip('_')} is not a player at the table")
        if self._over != (self.winner is not None or self.turns >= self.rules.turn_cap):
            errors.append("the game's end does not match its winner and turns")
        return errors

    def turn_events(self, turn: int | None = None) -> list[Event]:
        """The log of one turn (default: the latest turn that has events)."""
        log = self.log
        if not log:
            return []
        if turn is None:
            turn = log[-1].turn
        return [e for e in log if e.turn == turn]

    def mayhem_text(self, turn: int | None = None) -> str:
        """A turn's events as text, one line each (refills left out)."""
        events = [e for e in self.turn_events(turn) if e.kind != "refill"]
        if not events:
            return ""
        head = _("turn {turn}, player {player}: ").format(
            turn=events[0].turn, player=events[0].player
        )
        lines = [e.text for e in events]
        return head + "\n".join(lines)

    def mayhem_counts(self) -> dict[str, int]:
        """How many mayhem events of each kind the game has had so far."""
        kinds = (
            "fall",
            mayhem.COLLAPSE,
            mayhem.OVERHANG,
            mayhem.EXPLOSION,
            mayhem.FIRE,
            mayhem.ROLL,
            mayhem.CURSE_KIND,
        )
        return {kind: self._counts.get(kind, 0) for kind in kinds}

    def __repr__(self) -> str:
        return f"<Flaming Pyramids, {self.n_players} players: {self.status()}>"


FALLS = {
    "left": N_("fall: {tile} falls left from {start} to {end}"),
    "right": N_("fall: {tile} falls right from {start} to {end}"),
}
"""A fall's log line, one per direction (a translation says the direction its own way)."""

ROLLS = {
    1: N_("fire, the fire tile stays"),
    2: N_("fire, the fire tile stays"),
    3: N_("fire, the fire tile stays"),
    4: N_("fire, and the fire tile leaves the game"),
    5: N_("the fire tile explodes alone"),
    6: N_("smoke: nothing happens"),
}
"""What each face of the fire cube does, in words."""


def _describe(step: mayhem.Step, before: dict[int, int | None], receiver: int) -> str:
    """A mayhem event's log line, in the language in use (tile names and positions as the
    notation writes them)."""
    where = _("under player {player}'s pile").format(player=receiver)

    def listing(tiles, keys) -> str:
        return _and(
            [f"{TILES[t].name} {format_position(*position(k))}" for t, k in zip(tiles, keys)]
        )

    debris = listing(step.debris, step.debris_keys)
    gone = listing(step.removed, step.removed_keys)
    n_debris, n_gone = len(step.debris), len(step.removed)
    go = ngettext("; {debris} goes {where}", "; {debris} go {where}", n_debris).format(
        debris=debris, where=where
    )
    at = format_position(*position(step.key))
    name = TILES[before[step.key]].name
    if step.kind == mayhem.COLLAPSE:
        left, right = (TILES[before[step.key + d]].name for d in (SUPPORT_LEFT, SUPPORT_RIGHT))
        return ngettext(
            "collapse: {tile} at {position} breaks the building rules on {left} and {right}; "
            "{debris} go {where}",  # English: "go" of one tile too
            "collapse: {tile} at {position} breaks the building rules on {left} and {right}; "
            "{debris} go {where}",
            n_debris,
        ).format(tile=name, position=at, left=left, right=right, debris=debris, where=where)
    if step.kind == mayhem.OVERHANG:
        if step.moved is not None:
            return _(
                "collapse: {tile} at {position} overhangs illegally and slides down to {end}"
            ).format(tile=name, position=at, end=format_position(*position(step.moved[2])))
        return _(
            "collapse: {tile} at {position} overhangs illegally; its support {debris} goes {where}"
        ).format(tile=name, position=at, debris=debris, where=where)
    if step.kind == mayhem.EXPLOSION:
        text = ngettext(
            "explosion: {gone} explode and leave the game",  # English: as of two
            "explosion: {gone} explode and leave the game",
            n_gone,
        ).format(gone=gone)
        return text + (go if debris else "")
    if step.kind == mayhem.FIRE:
        return ngettext(
            "fire: {tile} at {position} burns {debris} ({where}); the fire tile leaves the game",
            "fire: {tile} at {position} burns {debris} ({where}); the fire tile leaves the game",
            n_debris,
        ).format(tile=name, position=at, debris=debris, where=where)
    if step.kind == mayhem.ROLL:
        text = _("fire cube: {tile} at {position} rolls {face}: {outcome}").format(
            tile=name, position=at, face=step.face, outcome=_(ROLLS[step.face])
        )
        if step.debris:
            text += go
        if step.removed:
            text += ngettext("; {gone} leaves the game", "; {gone} leaves the game", n_gone).format(
                gone=gone
            )
        return text
    if step.kind == mayhem.CURSE_KIND:
        return ngettext(
            "curse: {debris} weigh the same; they go {where}, and player {player} acts until "
            "the mayhem ends",
            "curse: {debris} weigh the same; they go {where}, and player {player} acts until "
            "the mayhem ends",
            n_debris,
        ).format(debris=debris, where=where, player=receiver)
    return step.kind  # pragma: no cover


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + _(" and ") + items[-1]


def _jsonable(value):
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.integer):
        return int(value)
    return value


DEAL_FIELDS = frozenset(
    {
        "players",
        "piles",
        "hands",
        "leftovers",
        "pyramid",
        "removed",
        "first_player",
        "dice",
        "rng",
        "rules",
        "seed",
    }
)
"""The fields of a saved deal (anything else is refused)."""


def deal_piles(n_players: int, rng: np.random.Generator) -> tuple[list[list[int]], list[int]]:
    """Shuffle the 45 tiles and deal them evenly: the piles (top first) and the leftovers.

    Tile ``i`` of the shuffle goes to player ``i mod n``; the last ``45 mod n`` are the leftovers.
    """
    order = rng.permutation(N_TILES).tolist()
    each = N_TILES // n_players
    piles = [order[p : each * n_players : n_players] for p in range(n_players)]
    return piles, order[each * n_players :]


def new_game(
    seed: int | np.random.Generator | None = None,
    *,
    rules: Rules | None = None,
    players: int = 2,
    first_player: int | None = None,
    **options: Any,
) -> Game:
    """A freshly shuffled game: ``players`` (2 to 6), first player random unless given.

    ``options`` are Rules fields (``curse=True``, ``fire_cube=True`` …).

    >>> game = new_game(seed=7, players=4)
    >>> game.hand_sizes, game.pile_sizes, len(game.pyramid) + len(game.removed)
    ([5, 5, 5, 5], [6, 6, 6, 6], 1)
    >>> new_game(seed=7, players=4).pyramid == game.pyramid
    True
    """
    if not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"Flaming Pyramids is for 2 to 6 players, not {players!r}")
    if options:
        rules = Rules(**{**asdict(rules or Rules()), **options})
    rules = rules or Rules()
    rng = as_generator(seed)
    piles, leftovers = deal_piles(players, rng)
    if first_player is None:
        first_player = int(rng.integers(players))
    elif not 0 <= first_player < players:
        raise ValueError(f"first_player must be 0 to {players - 1}, not {first_player}")
    deal = {
        "players": players,
        "piles": [[TILES[t].name for t in p] for p in piles],
        "hands": None,
        "leftovers": [TILES[t].name for t in leftovers],
        "pyramid": None,
        "removed": [],
        "first_player": first_player,
        "dice": None,
        "rng": generator_state(rng),
        "rules": rules.to_dict(),
        "seed": seed_value(seed),
    }
    # What ``Game.from_deal_dict(deal)`` builds, without checking what was just made.
    board, removed = starting_row(leftovers)
    hands, piles = dealt_hands(piles)
    game = Game(
        piles=piles,
        hands=hands,
        board=board,
        removed=removed,
        first_player=first_player,
        rules=rules,
        # the game's own generator: a copy when the caller handed one in
        rng=rng
        if seed is None or isinstance(seed, (int, np.integer))
        else generator_from_state(deal["rng"]),
        deal=deal,
    )
    return game
