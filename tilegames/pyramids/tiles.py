"""The 45 Flaming Pyramids tiles and the brick lattice they are laid on.

Each tile has an id (0 … 44), a name used in the notation, colours, a weight
and a material. Regular tiles are numbered colour by colour (yellow, red,
green, blue), lightest first; then the millstone, the two coals and the two
burners.

>>> TILES[0], TILES[39], TILES[40], TILES[41], TILES[43]
(Tile('yellow 2'), Tile('blue 120'), Tile('millstone'), Tile('yellow coal'), Tile('red burner'))
>>> tile_id("Blue 120"), TILES[tile_id("red burner")].weight
(39, 7)
>>> len(TILES), sum(t.material == "straw" for t in TILES), sum(t.is_fire for t in TILES)
(45, 12, 4)

Positions (r, x) are stored internally as one integer ``key(r, x)`` whose
order is the scan order (top row first, then left to right):

>>> sorted([key(0, 0), key(1, 1), key(0, 2), key(2, 2)]) == [key(2, 2), key(1, 1), key(0, 0), key(0, 2)]
True
>>> position(key(3, -5))
(3, -5)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .. import i18n  # i18n._(...)
from ..errors import IllegalMove

COLOURS = ("yellow", "red", "green", "blue")
"""The four colours, in tile-id order."""
REGULAR_WEIGHTS = (2, 4, 6, 10, 20, 30, 40, 60, 100, 120)
"""The ten weights each colour has one regular tile of."""
MATERIALS = ("straw", "wood", "stone", "fire")
"""Materials, from the most to the least flammable (fire = a coal or a burner)."""

STRAW, WOOD, STONE, FIRE = 0, 1, 2, 3
MILLSTONE = 40
COALS = (41, 42)
BURNERS = (43, 44)
FIRE_TILES: Final = frozenset(COALS + BURNERS)
N_TILES: Final = 45


@dataclass(frozen=True)
class Tile:
    """One tile: its id, name, colours, weight and material."""

    id: int
    """0 … 44 (see the module docstring for the numbering)."""
    name: str
    """The name used in the notation: ``yellow 20``, ``millstone``, ``red burner``."""
    colours: tuple[str, ...]
    """Its colours; the millstone has all four."""
    weight: int
    """The number printed on the tile."""
    material: str
    """``straw``, ``wood``, ``stone`` or ``fire`` (coal and burner)."""

    @property
    def is_fire(self) -> bool:
        """A coal or a burner."""
        return self.material == "fire"

    @property
    def burns(self) -> tuple[str, ...]:
        """What this tile sets on fire: straw (coal), straw and wood (burner), nothing otherwise."""
        if self.id in COALS:
            return ("straw",)
        if self.id in BURNERS:
            return ("straw", "wood")
        return ()

    @property
    def short(self) -> str:
        """A short label for text boards: ``Y20``, ``B120``, ``M200``, ``Yc1``, ``Rb7``."""
        if self.id == MILLSTONE:
            return "M200"
        letter = self.colours[0][0].upper()
        if self.id in COALS:
            return f"{letter}c1"
        if self.id in BURNERS:
            return f"{letter}b7"
        return f"{letter}{self.weight}"

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Tile({self.name!r})"


def _make_tiles() -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for colour in COLOURS:
        for weight in REGULAR_WEIGHTS:
            material = "straw" if weight <= 6 else "wood" if weight <= 40 else "stone"
            tiles.append(Tile(len(tiles), f"{colour} {weight}", (colour,), weight, material))
    tiles.append(Tile(MILLSTONE, "millstone", COLOURS, 200, "stone"))
    for colour, kind, weight in (
        ("yellow", "coal", 1),
        ("green", "coal", 1),
        ("red", "burner", 7),
        ("blue", "burner", 7),
    ):
        tiles.append(Tile(len(tiles), f"{colour} {kind}", (colour,), weight, "fire"))
    return tuple(tiles)


TILES: tuple[Tile, ...] = _make_tiles()
"""All 45 tiles, indexed by id."""

_BY_NAME = {tile.name: tile.id for tile in TILES}
_BY_NAME.update({tile.short.lower(): tile.id for tile in TILES})

# Tables for the hot paths (indexed by tile id).
WEIGHT: Final = tuple(t.weight for t in TILES)
COLOUR_MASK = tuple(sum(1 << COLOURS.index(c) for c in t.colours) for t in TILES)
MATERIAL: Final = tuple(MATERIALS.index(t.material) for t in TILES)
REACH: Final = tuple(STRAW if t.id in COALS else WOOD if t.id in BURNERS else -1 for t in TILES)
"""The most fire-resistant material a fire tile burns (straw 0, wood 1); -1: not a fire tile."""
IS_FIRE: Final = tuple(t.is_fire for t in TILES)


def supported_ok(t: int, left: int, right: int) -> bool:
    """The building rule for tile ``t`` on supports ``left`` and ``right`` (tile ids).

    >>> supported_ok(tile_id("blue 60"), tile_id("blue 20"), tile_id("red 40"))
    True
    >>> supported_ok(tile_id("millstone"), tile_id("red 100"), tile_id("blue 60"))
    False
    """
    w = WEIGHT[t]
    match = (COLOUR_MASK[t] & (COLOUR_MASK[left] | COLOUR_MASK[right])) or w in (
        WEIGHT[left],
        WEIGHT[right],
    )
    return bool(match) and w <= WEIGHT[left] + WEIGHT[right]


def overhang_ok(t: int, support: int) -> bool:
    """The rule for tile ``t`` overhanging on one ``support``: same colour, weight not above it.

    >>> overhang_ok(tile_id("red 20"), tile_id("red 30")), overhang_ok(tile_id("red 20"), tile_id("blue 20"))
    (True, False)
    """
    return bool(COLOUR_MASK[t] & COLOUR_MASK[support]) and WEIGHT[t] <= WEIGHT[support]


LEGAL: Final = bytes(
    supported_ok(t, a, b) for t in range(N_TILES) for a in range(N_TILES) for b in range(N_TILES)
)
"""``LEGAL[t * 2025 + left * 45 + right]``: the building rule as a table."""
OVER: Final = bytes(overhang_ok(t, s) for t in range(N_TILES) for s in range(N_TILES))
"""``OVER[t * 45 + support]``: the overhang rule as a table."""
CURSE: Final = bytes(
    WEIGHT[t] == WEIGHT[a] == WEIGHT[b]
    for t in range(N_TILES)
    for a in range(N_TILES)
    for b in range(N_TILES)
)
"""``CURSE[t * 2025 + left * 45 + right]``: the three weights are equal."""


def tile_id(name: str | int | Tile) -> int:
    """The id of a tile given by name (``"yellow 20"``, ``"Y20"``, ``"millstone"``), id or Tile."""
    found = _BY_NAME.get(name) if isinstance(name, str) else None
    if found is not None:
        return found
    if isinstance(name, Tile):
        return name.id
    if isinstance(name, int) and not isinstance(name, bool):
        if 0 <= name < N_TILES:
            return name
        raise IllegalMove(
            i18n._("there is no tile number {name} (tiles are numbered 0 to 44)").format(name=name)
        )
    text = " ".join(str(name).lower().split())
    if text in _BY_NAME:
        return _BY_NAME[text]
    raise IllegalMove(
        i18n._(
            "{name!r} is not a tile: write a colour and a weight ('yellow 20', 'blue 120'), "
            "'millstone', 'yellow coal', 'green coal', 'red burner' or 'blue burner'"
        ).format(name=name)
    )


# -- the lattice --------------------------------------------------------------
ROW: Final = 1 << 20
"""Key distance between rows; a key is ``x - r * ROW`` (|x| stays far below ROW / 2)."""
HALF: Final = ROW // 2
SUPPORT_LEFT: Final = ROW - 1
"""key + SUPPORT_LEFT is (r - 1, x - 1)."""
SUPPORT_RIGHT: Final = ROW + 1
"""key + SUPPORT_RIGHT is (r - 1, x + 1)."""
ABOVE_LEFT: Final = -ROW - 1
ABOVE_RIGHT: Final = -ROW + 1
TOUCH: Final[tuple[int, ...]] = (-2, 2, SUPPORT_LEFT, SUPPORT_RIGHT, ABOVE_LEFT, ABOVE_RIGHT)
"""Offsets of the six touching positions."""


def key(r: int, x: int) -> int:
    """The internal key of position (r, x); keys sort in scan order."""
    return x - r * ROW


def position(k: int) -> tuple[int, int]:
    """The (r, x) position of an internal key."""
    r = (HALF - k) // ROW
    return r, k + r * ROW


def touching(r: int, x: int) -> list[tuple[int, int]]:
    """The six positions touching (r, x): beside, below, above.

    >>> touching(1, 3)
    [(1, 1), (1, 5), (0, 2), (0, 4), (2, 2), (2, 4)]
    """
    return [(r, x - 2), (r, x + 2), (r - 1, x - 1), (r - 1, x + 1), (r + 1, x - 1), (r + 1, x + 1)]


def supports(r: int, x: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two support positions of (r, x), r >= 1: down-left and down-right.

    >>> supports(1, 3)
    ((0, 2), (0, 4))
    """
    return (r - 1, x - 1), (r - 1, x + 1)


def format_position(r: int, x: int) -> str:
    """``(r,x)`` as the notation writes it.

    >>> format_position(1, -3)
    '(1,-3)'
    """
    return f"({r},{x})"
