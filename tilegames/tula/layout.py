"""The Tula temple and the piecepack: positions, tiles, and the tables the rules use.

Positions are numbered 0–23 in the spec's order 1A … 1M, 2A … 2G, 3A … 3C,
4A; tiles 0–23 as ``suit * 6 + value`` (suits Suns, Moons, Crowns, Arms;
values null, ace, 2 … 5). Sets of positions are bitmasks (bit ``i`` =
position ``i``) so the hot paths stay fast.

>>> POSITIONS[12], POSITIONS[23]
('1M', '4A')
>>> str(TILES[7]), TILES[7].short
('ace Moons', 'AM')
>>> matches(TILES[7], TILES[1]), matches(TILES[7], TILES[8])
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import i18n  # i18n._(...)
from ..errors import IllegalMove
from ..game import Notation
from .core import bit_positions

SUITS = ("Suns", "Moons", "Crowns", "Arms")
"""The four piecepack suits, in piecepack order."""
VALUES = ("null", "ace", "2", "3", "4", "5")
"""The six values, null (blank) first."""
VALUE_SHORT = ("n", "A", "2", "3", "4", "5")

LAYOUT: tuple[tuple[str, int, int, int], ...] = (
    ("1A", 1, 0, 0), ("1B", 1, 2, 0), ("1C", 1, 4, 0), ("1D", 1, 6, 0),
    ("1E", 1, 0, 2), ("1F", 1, 2, 2), ("1G", 1, 4, 2), ("1H", 1, 6, 2),
    ("1I", 1, 0, 4), ("1J", 1, 2, 4), ("1K", 1, 4, 4), ("1L", 1, 6, 4),
    ("1M", 1, 3, 6),
    ("2A", 2, 1, 1), ("2B", 2, 3, 1), ("2C", 2, 5, 1),
    ("2D", 2, 1, 3), ("2E", 2, 3, 3), ("2F", 2, 5, 3),
    ("2G", 2, 3, 5),
    ("3A", 3, 2, 2), ("3B", 3, 4, 2), ("3C", 3, 3, 4),
    ("4A", 4, 3, 3),
)  # fmt: skip
"""Each position: (id, layer, x, y) — the upper-left cell of its 2×2 tile."""

POSITIONS: tuple[str, ...] = tuple(entry[0] for entry in LAYOUT)
"""Position ids in the spec's order (index = position number)."""
INDEX: dict[str, int] = {name: index for index, name in enumerate(POSITIONS)}
LAYER = tuple(entry[1] for entry in LAYOUT)
XY = tuple((entry[2], entry[3]) for entry in LAYOUT)
TOP = INDEX["4A"]
LAYER3 = (INDEX["3A"], INDEX["3B"], INDEX["3C"])
ALL = (1 << 24) - 1

EDGES = ("top", "right", "bottom", "left")
CORNERS = (("top", "left"), ("top", "right"), ("bottom", "left"), ("bottom", "right"))
"""The four corners, each named by the two edges that meet there."""


@dataclass(frozen=True, repr=False)
class Tile(Notation):
    """One piecepack tile: a suit and a value (``Tile.parse("2 Moons")``)."""

    suit: int
    """0–3: Suns, Moons, Crowns, Arms."""
    value: int
    """0–5: null, ace, 2, 3, 4, 5."""

    @property
    def index(self) -> int:
        """The tile's number 0–23 (suit-major)."""
        return self.suit * 6 + self.value

    def __hash__(self) -> int:  # cheap: tiles fill sets on every turn of a simulation
        return self.suit * 6 + self.value

    @property
    def short(self) -> str:
        """Two characters for text boards: value then suit initial (``2M``, ``nS``)."""
        return VALUE_SHORT[self.value] + SUITS[self.suit][0]

    def __str__(self) -> str:
        return f"{VALUES[self.value]} {SUITS[self.suit]}"

    @classmethod
    def parse(cls, text: str) -> Tile:
        """A tile from its name, e.g. ``"2 Moons"``, ``"null Suns"``, ``"ace arms"``."""
        words = str(text).split()
        if len(words) == 2:
            value, suit = words[0].lower(), words[1].lower()
            values = [v.lower() for v in VALUES]
            suits = [s.lower() for s in SUITS]
            aliases = {"a": "ace", "1": "ace", "0": "null", "n": "null", "blank": "null"}
            value = aliases.get(value, value)
            if not suit.endswith("s"):
                suit += "s"
            if value in values and suit in suits:
                return TILES[suits.index(suit) * 6 + values.index(value)]
        raise IllegalMove(
            i18n._(
                "{text!r} is not a piecepack tile: write a value (null, ace, 2–5) and a suit "
                "(Suns, Moons, Crowns, Arms), e.g. '2 Moons'"
            ).format(text=text)
        )


TILES: tuple[Tile, ...] = tuple(Tile(suit, value) for suit in range(4) for value in range(6))
"""The 24 tiles of one piecepack, index = suit * 6 + value."""


def matches(first: Tile, second: Tile) -> bool:
    """Two tiles match when they share the suit or the value."""
    return first.suit == second.suit or first.value == second.value


MATCH_MASK: tuple[int, ...] = tuple(
    sum(1 << other.index for other in TILES if other != tile and matches(tile, other))
    for tile in TILES
)
"""For each tile, the bitmask of the 8 tiles it matches."""


def _cells(position: int) -> set[tuple[int, int]]:
    x, y = XY[position]
    return {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}


def _edge_cells(position: int, edge: str) -> tuple[tuple[int, int], tuple[int, int]]:
    x, y = XY[position]
    return {
        "top": ((x, y - 1), (x + 1, y - 1)),
        "bottom": ((x, y + 2), (x + 1, y + 2)),
        "left": ((x - 1, y), (x - 1, y + 1)),
        "right": ((x + 2, y), (x + 2, y + 1)),
    }[edge]


COVERED_BY: tuple[int, ...] = tuple(
    sum(
        1 << other
        for other in range(24)
        if LAYER[other] == LAYER[p] + 1 and _cells(other) & _cells(p)
    )
    for p in range(24)
)
"""For each position, the mask of positions in the layer above that overlap it."""

EDGE_BLOCKERS: tuple[dict[str, int], ...] = tuple(
    {
        edge: sum(
            1 << other
            for other in range(24)
            if LAYER[other] == LAYER[p] and set(_edge_cells(p, edge)) & _cells(other)
        )
        for edge in EDGES
    }
    for p in range(24)
)
"""For each position and edge, the mask of same-layer positions that block that edge."""

CORNER_BLOCKERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(EDGE_BLOCKERS[p][a] | EDGE_BLOCKERS[p][b] for a, b in CORNERS) for p in range(24)
)
"""For each position, per corner: the mask whose absence makes that corner free."""


def names(mask: int) -> list[str]:
    """Position ids in a mask, in position order.

    >>> names(COVERED_BY[INDEX["3C"]])
    ['4A']
    """
    return [POSITIONS[p] for p in bit_positions(mask)]


def free_corners(position: int, present: int) -> list[tuple[str, str]]:
    """The corners of ``position`` that are free, given the mask of positions still in the temple."""
    return [
        corner for corner, block in zip(CORNERS, CORNER_BLOCKERS[position]) if not block & present
    ]


OPEN_CHECKS: tuple[tuple[int, int, int, int, int, int], ...] = tuple(
    (1 << p, COVERED_BY[p], *CORNER_BLOCKERS[p]) for p in range(24)
)
"""Per position: its bit, the mask that covers it, and its four corner-blocker masks."""


def open_among(checks, present: int) -> int:
    """Of the positions in ``checks`` (rows of ``OPEN_CHECKS``), those present, uncovered,
    with a free corner: the one free-corner test every Tula code path uses."""
    result = 0
    for bit, cover, c0, c1, c2, c3 in checks:
        if (
            present & bit
            and not cover & present
            and (not c0 & present or not c1 & present or not c2 & present or not c3 & present)
        ):
            result |= bit
    return result


def revealable_mask(present: int, face_up: int) -> int:
    """Positions that may be revealed now: present, face down, uncovered, with a free corner."""
    return open_among(OPEN_CHECKS, present) & ~face_up
