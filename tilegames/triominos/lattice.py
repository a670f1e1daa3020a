"""The 56 Tri-Ominos tiles and the triangular lattice they are laid on.

**Tiles.** One tile for every multiset {a <= b <= c} of the numbers 0-5, printed
so that, read clockwise from the smallest number, the numbers never decrease:
0-1-2 exists, its mirror image 0-2-1 does not.

**Cells.** Cell (r, c) points up when r + c is even, down otherwise. Its three
corners are lattice points (X, y) with X + y odd, listed clockwise on screen:
an up cell from its apex, a down cell from its top-left corner. Rotation k of
a tile puts its first (smallest) number on corner k.

**Board.** Placed tiles, the number shown at every lattice point they touch
(a point -> number map: corner-only contact counts as much as edge contact),
and the *frontier*: the empty cells sharing an edge with a placed tile, each
with its corner pattern. ``FITS[pattern]`` lists the (tile, rotation) pairs
that fit a pattern, so move generation is a few table look-ups per cell.

>>> len(TILES), sum(value(t) for t in TILES)
(56, 420)
>>> TILE_BIT[3] == 1 << 3, TILE_CLEAR[3] & TILE_BIT[3], TILE_CLEAR[3] & ALL_TILES | TILE_BIT[3] == ALL_TILES
(True, 0, True)
>>> corners((0, 0)), corners((0, 1))
(((1, 0), (2, 1), (0, 1)), ((1, 0), (3, 0), (2, 1)))
>>> board = Board()
>>> board.put((0, 0), "5-5-5", 0)
>>> board.why_illegal((0, 1), "4-5-5", 0)
'point (1, 0) shows 5; this rotation puts 4 there'
>>> board.why_illegal((0, 1), "4-5-5", 1) is None
True
"""

from __future__ import annotations

import numbers
from functools import reduce
from operator import or_
from types import MappingProxyType

from .. import i18n  # i18n._(...)
from ..errors import IllegalMove
from ..errors import describe as _short

Tile = tuple[int, int, int]
"""A tile as its three numbers, clockwise from the smallest: ``(0, 1, 2)``."""
Cell = tuple[int, int]
"""A cell of the lattice, ``(row, column)``; it points up when row + column is even."""
Point = tuple[int, int]
"""A lattice point ``(X, y)``: X counts half-sides to the right, y rows downward."""

TILES: tuple[Tile, ...] = tuple(
    (a, b, c) for a in range(6) for b in range(a, 6) for c in range(b, 6)
)
"""The 56 tiles in lexicographic order; a tile's index in this tuple is its id."""
TILE_ID: dict[Tile, int] = {tile: i for i, tile in enumerate(TILES)}
VALUE: tuple[int, ...] = tuple(sum(tile) for tile in TILES)
"""A tile's value (the sum of its numbers), by tile id."""
TRIPLES: tuple[int, ...] = tuple(TILE_ID[(n, n, n)] for n in range(6))
"""Tile ids of 0-0-0 ... 5-5-5."""
ROTATIONS: tuple[tuple[int, ...], ...] = tuple(
    (0,) if a == b == c else (0, 1, 2) for a, b, c in TILES
)
"""A tile's distinct rotations, by tile id: ``(0,)`` for a triple, else ``(0, 1, 2)``."""
ALL_TILES = (1 << len(TILES)) - 1
"""A bit mask with every tile id set."""
TILE_BIT: tuple[int, ...] = tuple(1 << t for t in range(len(TILES)))
"""Each tile id's bit in a mask (``TILE_BIT[t] == 1 << t``, made once)."""
TILE_CLEAR: tuple[int, ...] = tuple(~bit for bit in TILE_BIT)
"""A mask ``&`` this keeps every tile but ``t`` (``TILE_CLEAR[t] == ~(1 << t)``)."""


def value(tile: Tile | str) -> int:
    """A tile's value: the sum of its numbers.

    >>> value("2-3-5")
    10
    """
    return sum(parse_tile(tile) if isinstance(tile, str) else tile)


def tile_name(tile: Tile | int) -> str:
    """A tile in notation, ``a-b-c``.

    >>> tile_name((0, 1, 2)), tile_name(55)
    ('0-1-2', '5-5-5')
    """
    if isinstance(tile, int):
        tile = TILES[tile]
    return "-".join(str(n) for n in tile)


def parse_tile(text: str | Tile) -> Tile:
    """A tile from ``a-b-c`` (read clockwise from its smallest number).

    >>> parse_tile("1-3-4")
    (1, 3, 4)
    >>> parse_tile("0-2-1")
    Traceback (most recent call last):
    ...
    tilegames.errors.IllegalMove: there is no tile 0-2-1: read clockwise from the smallest number, the numbers never decrease (0-1-2 exists, its mirror image 0-2-1 does not)
    """
    if isinstance(text, (tuple, list)):
        if len(text) != 3 or not all(_is_int(n) for n in text):
            raise IllegalMove(
                i18n._(
                    "{text} is not a tile: a tile is three whole numbers 0 to 5, e.g. (1, 3, 4)"
                ).format(text=_short(text))
            )
        numbers = tuple(int(n) for n in text)
    elif isinstance(text, str):
        parts = text.strip().split("-")
        if len(parts) != 3 or not all(p.strip().isdecimal() and len(p.strip()) < 3 for p in parts):
            raise IllegalMove(
                i18n._("{text} is not a tile: write its three numbers as a-b-c, e.g. 1-3-4").format(
                    text=_short(text)
                )
            )
        numbers = tuple(int(p) for p in parts)
    else:
        raise IllegalMove(
            i18n._("{text} is not a tile: write it as a-b-c, e.g. 1-3-4").format(text=_short(text))
        )
    if not all(0 <= n <= 5 for n in numbers):
        shown = "-".join(map(str, numbers))
        raise IllegalMove(
            i18n._("{shown} is not a tile: its numbers are 0 to 5").format(shown=shown)
        )
    if numbers in TILE_ID:
        return TILES[TILE_ID[numbers]]  # type: ignore[index]
    name = "-".join(str(n) for n in numbers)
    rotated = min(numbers[i:] + numbers[:i] for i in range(3))
    if rotated in TILE_ID:
        return_name = tile_name(rotated)
        raise IllegalMove(
            i18n._(
                "write the tile {name} from its smallest number, clockwise: {return_name}"
            ).format(name=name, return_name=return_name)
        )
    mirror = tuple(sorted(numbers))
    raise IllegalMove(
        i18n._(
            "there is no tile {name}: read clockwise from the smallest number, the numbers never "
            "decrease ({mirror} exists, its mirror image {image} does not)"
        ).format(
            name=name, mirror=tile_name(mirror), image=tile_name((mirror[0], mirror[2], mirror[1]))
        )
    )


def rotations(tile: Tile | str) -> tuple[int, ...]:
    """The distinct rotations of a tile: ``(0,)`` for a triple, else ``(0, 1, 2)``.

    >>> rotations("3-3-3"), rotations("0-0-1")
    ((0,), (0, 1, 2))
    """
    return ROTATIONS[TILE_ID[parse_tile(tile)]]


def corner_numbers(tile: Tile | str, rotation: int) -> Tile:
    """The numbers a tile puts on a cell's corners 0, 1, 2 with rotation k.

    >>> corner_numbers("3-3-4", 1)
    (4, 3, 3)
    """
    a, b, c = parse_tile(tile)
    numbers = [0, 0, 0]
    numbers[rotation % 3], numbers[(rotation + 1) % 3], numbers[(rotation + 2) % 3] = a, b, c
    return tuple(numbers)  # type: ignore[return-value]


# -- geometry ----------------------------------------------------------------------------------
MAX_COORD = 128
"""Rows and columns run from -MAX_COORD to MAX_COORD: a round of 56 tiles, each sharing an edge
with the one before, never reaches further than 56 cells from (0, 0)."""
_OFF = 256
_W = 512


def check_cell(cell: object) -> Cell:
    """``cell`` as a ``(row, column)`` pair of ints on the table; anything else raises IllegalMove.

    Whole numbers only (numpy integers are fine, floats and bools are not), each between
    -128 and 128, so every cell has an exact key.

    >>> check_cell((2, -5))
    (2, -5)
    >>> check_cell((-1, 511))
    Traceback (most recent call last):
    ...
    tilegames.errors.IllegalMove: cell (-1, 511) is off the table: rows and columns run from -128 to 128
    """
    if not isinstance(cell, (tuple, list)) or len(cell) != 2:
        raise IllegalMove(
            i18n._("a cell is a pair (row, column) of whole numbers, not {cell}").format(
                cell=_short(cell)
            )
        )
    r, c = cell
    if (
        type(r) is int
        and type(c) is int
        and type(cell) is tuple
        and -MAX_COORD <= r <= MAX_COORD
        and -MAX_COORD <= c <= MAX_COORD
    ):
        return cell  # type: ignore[return-value]
    if type(r) is not int or type(c) is not int:
        if not (_is_int(r) and _is_int(c)):
            raise IllegalMove(
                i18n._("a cell is a pair (row, column) of whole numbers, not {cell}").format(
                    cell=_short(cell)
                )
            )
        r, c = int(r), int(c)
    if not (-MAX_COORD <= r <= MAX_COORD and -MAX_COORD <= c <= MAX_COORD):
        shown = f"({_short(r)}, {_short(c)})"
        raise IllegalMove(
            i18n._(
                "cell {shown} is off the table: rows and columns run from -{limit} to {limit}"
            ).format(shown=shown, limit=MAX_COORD)
        )
    return r, c


def _is_int(value: object) -> bool:
    """An int or a numpy integer, but not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def cell_key(cell: Cell) -> int:
    """The exact integer key of a cell on the table (for tables); keys sort like (row, column).

    >>> key_cell(cell_key((-3, 7)))
    (-3, 7)
    """
    r, c = check_cell(cell)
    return (r + _OFF) * _W + c + _OFF


def checked_cell_key(cell: Cell) -> int:
    """The key of a cell already checked (``check_cell``, or a ``Move``'s cell): no check again.

    >>> checked_cell_key((0, 0)) == cell_key((0, 0))
    True
    """
    return (cell[0] + _OFF) * _W + cell[1] + _OFF


def key_cell(key: int) -> Cell:
    """The cell of an integer key."""
    return key // _W - _OFF, key % _W - _OFF


def point_key(point: Point) -> int:
    """The integer key of a lattice point (``point`` must be a corner of a cell on the table)."""
    return (point[1] + _OFF) * _W + point[0] + _OFF


def key_point(key: int) -> Point:
    """The lattice point of an integer key."""
    return key % _W - _OFF, key // _W - _OFF


def is_up(cell: Cell) -> bool:
    """Whether a cell points up (row + column even)."""
    return (cell[0] + cell[1]) % 2 == 0


def corners(cell: Cell) -> tuple[Point, Point, Point]:
    """A cell's corners, clockwise: up cells from the apex, down cells from the top-left."""
    r, c = cell
    if (r + c) % 2 == 0:
        return (c + 1, r), (c + 2, r + 1), (c, r + 1)
    return (c, r), (c + 2, r), (c + 1, r + 1)


def edge_neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    """The three cells sharing an edge: left, right, then below (up cells) or above (down)."""
    r, c = cell
    return (r, c - 1), (r, c + 1), ((r + 1, c) if (r + c) % 2 == 0 else (r - 1, c))


def opposite_corner(cell: Cell, neighbour: int) -> int:
    """Index of the corner of ``cell`` opposite its edge with ``edge_neighbours(cell)[neighbour]``."""
    if (cell[0] + cell[1]) % 2 == 0:
        return (1, 2, 0)[neighbour]
    return (1, 0, 2)[neighbour]


def cells_around(point: Point) -> tuple[Cell, ...]:
    """The six cells around a lattice point: rows y-1 and y, columns X-2, X-1, X.

    >>> cells_around((3, 2))
    ((1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3))
    """
    x, y = point
    return tuple((r, c) for r in (y - 1, y) for c in (x - 2, x - 1, x))


def touching(cell: Cell) -> tuple[Cell, ...]:
    """The 12 cells sharing at least one corner with ``cell`` (3 by an edge, 9 by a corner only)."""
    seen: dict[Cell, None] = {}
    for point in corners(cell):
        for other in cells_around(point):
            if other != cell:
                seen[other] = None
    return tuple(seen)


class CellGeometry:
    """One cell's tables on integer keys (built on first use, shared by every board).

    >>> g = geometry(cell_key((0, 0)))
    >>> [key_point(p) for p in g.corners]
    [(1, 0), (2, 1), (0, 1)]
    """

    __slots__ = (
        "corners",
        "around",
        "neighbours",
        "neighbour_corners",
        "opposite",
        "corner_only",
        "bridges",
        "touching",
    )

    def __init__(self, key: int) -> None:
        cell = key_cell(key)
        points = corners(cell)
        self.corners = tuple(point_key(p) for p in points)
        """Point keys of the three corners, clockwise."""
        self.around = tuple(
            tuple(pair for pair in _around(p) if pair[0] != key) for p in self.corners
        )
        """For each corner, (cell key, weight) of the five other cells around it (``_around``)."""
        nbrs = edge_neighbours(cell)
        self.neighbours = tuple(_raw_key(n) for n in nbrs)
        """Cell keys of the three edge neighbours (left, right, below/above)."""
        self.neighbour_corners = tuple(tuple(point_key(p) for p in corners(n)) for n in nbrs)
        """For each edge neighbour, the point keys of its corners (its pattern's three digits)."""
        self.opposite = tuple(opposite_corner(cell, i) for i in range(3))
        """For each edge neighbour, the index of the corner opposite that edge."""
        only = []
        for k, point in enumerate(points):
            # the edge neighbours containing corner k are those not opposite it
            edge_at_k = {nbrs[i] for i in range(3) if self.opposite[i] != k}
            only.append(
                tuple(
                    _raw_key(other)
                    for other in cells_around(point)
                    if other != cell and other not in edge_at_k
                )
            )
        self.corner_only = tuple(only)
        """For each corner, the keys of the cells touching the cell at that corner only."""
        self.bridges = tuple(
            (self.neighbours[i], self.corner_only[self.opposite[i]]) for i in range(3)
        )
        """For each edge: (the neighbour across it, the cells touching only the opposite corner)."""
        self.touching = tuple(_raw_key(other) for other in touching(cell))
        """Keys of the 12 cells sharing at least one corner."""

    def moved(self, delta: int) -> CellGeometry:
        """These tables for the cell ``delta`` keys away, pointing the same way (up or down).

        Rows and columns shift cell keys and point keys by the same amount
        (``row * 512 + column``), so every key moves by ``delta`` and the rest
        (weights, corner indices) stays: the same tables as ``CellGeometry(key + delta)``,
        made without working the geometry out again.

        >>> up, other = cell_key((0, 0)), cell_key((3, 5))
        >>> geometry(up).moved(other - up).touching == CellGeometry(other).touching
        True
        """
        other = _new_geometry(CellGeometry)
        other.corners = tuple(p + delta for p in self.corners)
        other.around = tuple(tuple((q + delta, w) for q, w in pairs) for pairs in self.around)
        other.neighbours = tuple(n + delta for n in self.neighbours)
        other.neighbour_corners = tuple(
            tuple(p + delta for p in points) for points in self.neighbour_corners
        )
        other.opposite = self.opposite
        other.corner_only = tuple(tuple(q + delta for q in keys) for keys in self.corner_only)
        other.bridges = tuple(
            (other.neighbours[i], other.corner_only[other.opposite[i]]) for i in range(3)
        )
        other.touching = tuple(q + delta for q in self.touching)
        return other


def _raw_key(cell: Cell) -> int:
    return (cell[0] + _OFF) * _W + cell[1] + _OFF


_GEOMETRY: dict[int, CellGeometry] = {}
_AROUND: dict[int, tuple[tuple[int, int], ...]] = {}
_UP_MODEL, _DOWN_MODEL = _raw_key((0, 0)), _raw_key((0, 1))


_new_geometry = object.__new__


def geometry(key: int) -> CellGeometry:
    """The geometry tables of the cell with key ``key`` (made once, then shared).

    Worked out for one up cell, (0, 0), and one down cell, (0, 1); every other
    cell's are theirs ``moved`` (a test checks each against ``CellGeometry(key)``).
    """
    g = _GEOMETRY.get(key)
    if g is None:
        model = _UP_MODEL if (key // _W + key) % 2 == 0 else _DOWN_MODEL
        g = _GEOMETRY[key] = _GEOMETRY[model].moved(key - model)
    return g


def _around(point: int) -> tuple[tuple[int, int], ...]:
    """(cell key, weight) of the six cells around a point; weight: the point's digit in the cell's pattern."""
    cells = _AROUND.get(point)
    if cells is None:
        xy = key_point(point)
        cells = _AROUND[point] = tuple(
            (_raw_key(c), (49, 7, 1)[corners(c).index(xy)]) for c in cells_around(xy)
        )
    return cells


for _model in (_UP_MODEL, _DOWN_MODEL):
    _GEOMETRY[_model] = CellGeometry(_model)


# -- the corner-pattern table ------------------------------------------------------------------
UNKNOWN = 6
"""The pattern digit of a corner no tile touches yet."""


def pattern_index(numbers: tuple[int | None, int | None, int | None]) -> int:
    """The table index of a corner pattern (``None`` = no number shown yet).

    >>> pattern_index((0, 2, 1)), pattern_index((None, None, None))
    (15, 342)
    """
    a, b, c = (UNKNOWN if n is None else n for n in numbers)
    return a * 49 + b * 7 + c


def _build_fits() -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[int, ...]]:
    fits: list[list[tuple[int, int]]] = [[] for _ in range(343)]
    for tid, tile in enumerate(TILES):
        for rot in rotations(tile):
            numbers = corner_numbers(tile, rot)
            for known in range(8):
                pattern = tuple(numbers[i] if known >> i & 1 else None for i in range(3))
                fits[pattern_index(pattern)].append((tid, rot))
    for entries in fits:
        entries.sort(key=lambda pair: (-VALUE[pair[0]], pair[0], pair[1]))
    masks = tuple(sum({1 << tid for tid, _ in entries}) for entries in fits)
    return tuple(tuple(entries) for entries in fits), masks


FITS, FIT_MASK = _build_fits()
"""``FITS[pattern]``: the (tile id, rotation) pairs fitting a corner pattern, highest value first;
``FIT_MASK[pattern]``: the same tiles as a bit mask."""
_FIT_BITS = tuple(tuple((TILE_BIT[t], t, r) for t, r in entries) for entries in FITS)
"""``FITS`` with each tile's bit first: (bit, tile id, rotation), for testing a hand mask."""
_CORNER_NUMBERS = tuple(tuple(corner_numbers(tile, rot) for rot in range(3)) for tile in TILES)


# -- the board -----------------------------------------------------------------------------------
class Board:
    """Tiles on the lattice: placements, the point -> number map, fill counts and the frontier.

    The board knows geometry only; turns and scores belong to the game.
    ``put`` places without asking (to build positions tile by tile),
    ``why_illegal`` says why a placement breaks the rules, and ``remove_last``
    takes the last tile back (for look-ahead players).

    A game never hands out its own board: ``game.board`` and every player's
    view hold a ``BoardSnapshot`` (``board.snapshot()``), which reads like a
    board, never changes and cannot be changed. ``copy()`` gives a board you
    may change.

    >>> board = Board()
    >>> board.put((0, 0), "1-1-1", 0)
    >>> sorted(board.frontier_cells())
    [(0, -1), (0, 1), (1, 0)]
    >>> board.number_at((1, 0))
    1
    >>> board.snapshot().put((0, 1), "1-1-1", 0)
    Traceback (most recent call last):
    ...
    tilegames.errors.IllegalMove: this board cannot change (it belongs to a game or a player's view): try placements on board.copy()
    """

    __slots__ = (
        "_cells",
        "_order",
        "_points",
        "_fill",
        "_frontier",
        "_fitting",
        "_hexagons",
        "_union",
        "_union_version",
        "_tiles",
        "_version",
        "_snapshot",
        "_shown",
    )

    def __init__(self) -> None:
        self._cells: dict[int, tuple[int, int]] = {}
        self._order: list[int] = []
        self._points: dict[int, int] = {}
        self._fill: dict[int, int] = {}
        self._frontier: dict[int, int] = {}
        # the frontier cells some tile still fits, with the tiles that do (FIT_MASK of their
        # pattern): the cells move generation visits; a cell whose corners no tile matches
        # stays in the frontier but leaves this table
        self._fitting: dict[int, int] = {}
        # empty cells a tile would complete hexagons in: at each such corner the other five
        # cells around it hold tiles (a corner whose fill count is 5), counted per cell
        self._hexagons: dict[int, int] = {}
        self._union = 0  # every tile fitting somewhere, as of version _union_version
        self._union_version = -1
        self._tiles = 0
        self._version = 0  # counts the changes: a snapshot knows the version it shows
        self._snapshot: BoardSnapshot | None = None  # the latest snapshot (reused until a change)
        self._shown = False  # snapshots were taken: no tile may be taken back

    # -- reading ---------------------------------------------------------------------------------
    @property
    def cells(self) -> MappingProxyType:
        """Placed tiles, read-only: cell key -> (tile id, rotation)."""
        return MappingProxyType(self._cells)

    @property
    def order(self) -> tuple[int, ...]:
        """Cell keys in the order tiles were placed."""
        return tuple(self._order)

    @property
    def points(self) -> MappingProxyType:
        """Point key -> the number shown there (read-only)."""
        return MappingProxyType(self._points)

    @property
    def fill(self) -> MappingProxyType:
        """Point key -> how many of the six cells around it hold a tile (read-only)."""
        return MappingProxyType(self._fill)

    @property
    def frontier(self) -> MappingProxyType:
        """Empty cells sharing an edge with a tile, read-only: cell key -> corner pattern index."""
        return MappingProxyType(self._frontier)

    @property
    def fitting(self) -> MappingProxyType:
        """Frontier cells some tile still fits, read-only: cell key -> those tiles as a bit mask.

        The frontier without its dead cells (corners no tile matches), each with
        ``FIT_MASK`` of its pattern: the cells move generation visits.

        >>> board = Board()
        >>> board.put((0, 0), "5-5-5", 0)
        >>> [(key_cell(k), TILES[(m & -m).bit_length() - 1]) for k, m in board.fitting.items()]
        [((0, -1), (0, 5, 5)), ((0, 1), (0, 5, 5)), ((1, 0), (0, 5, 5))]
        """
        return MappingProxyType(self._fitting)

    @property
    def hexagons(self) -> MappingProxyType:
        """Empty cells a tile would complete hexagons in, read-only: cell key -> how many (1-3).

        >>> board = Board()
        >>> for cell in [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]:
        ...     board.put(cell, "1-1-1", 0)
        >>> [(key_cell(k), n) for k, n in board.hexagons.items()]
        [((1, 2), 1)]
        """
        return MappingProxyType(self._hexagons)

    @property
    def tiles_mask(self) -> int:
        """The tiles on the board as a bit mask of tile ids."""
        return self._tiles

    @property
    def frozen(self) -> bool:
        """Whether this board may no longer change (False: a ``Board`` may; a snapshot may not)."""
        return False

    def __len__(self) -> int:
        return len(self._cells)

    def __contains__(self, cell: object) -> bool:
        try:
            return cell_key(cell) in self._cells  # type: ignore[arg-type]
        except IllegalMove:
            return False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._order == other._order and self._cells == other._cells

    __hash__ = None  # type: ignore[assignment]  # it changes: hash a snapshot()

    def __repr__(self) -> str:
        return f"<Tri-Ominos board: {len(self._cells)} tiles>"

    def tile_at(self, cell: Cell) -> tuple[Tile, int] | None:
        """The tile and rotation in a cell, or None."""
        placed = self._cells.get(cell_key(cell))
        return None if placed is None else (TILES[placed[0]], placed[1])

    def number_at(self, point: Point) -> int | None:
        """The number shown at a lattice point, or None."""
        x, y = point
        if not (_is_int(x) and _is_int(y)) or max(abs(x), abs(y)) > MAX_COORD + 2:
            return None
        return self._points.get(point_key((int(x), int(y))))

    def placements(self) -> list[tuple[Cell, Tile, int]]:
        """(cell, tile, rotation) in the order they were placed."""
        cells = self._cells
        return [(key_cell(k), TILES[cells[k][0]], cells[k][1]) for k in self._order]

    def state(self) -> tuple[tuple[int, int, int], ...]:
        """The placements as (cell key, tile id, rotation), in order (``Board.from_state`` rebuilds it)."""
        cells = self._cells
        return tuple((k, *cells[k]) for k in self._order)

    @classmethod
    def from_state(cls, state: tuple[tuple[int, int, int], ...]) -> Board:
        """A board from ``state()`` (trusted: the numbers are not checked)."""
        board = cls()
        for key, tid, rot in state:
            board.place(key, tid, rot)
        return board

    def frontier_cells(self) -> list[Cell]:
        """The empty cells sharing an edge with a tile, in (row, column) order."""
        return [key_cell(k) for k in sorted(self._frontier)]

    def pattern(self, cell: Cell) -> tuple[int | None, int | None, int | None]:
        """The numbers a cell's corners must get (None where no tile touches yet)."""
        r, c = check_cell(cell)
        return tuple(self._points.get(point_key(p)) for p in corners((r, c)))  # type: ignore[return-value]

    def _pattern(self, key: int) -> int:
        get = self._points.get
        a, b, c = (_GEOMETRY.get(key) or geometry(key)).corners
        return get(a, 6) * 49 + get(b, 6) * 7 + get(c, 6)

    def fits(self, cell: Cell) -> list[tuple[Tile, int]]:
        """Every (tile, rotation) whose numbers agree with the cell's corners, highest value first."""
        return [(TILES[t], r) for t, r in FITS[self._pattern(cell_key(cell))]]

    def why_illegal(self, cell: Cell, tile: Tile | str, rotation: int) -> str | None:
        """None if ``tile`` may go in ``cell`` with ``rotation``, else the reason in words.

        The first tile of a round may go only in cell (0, 0).
        """
        try:
            tile = parse_tile(tile)
            cell = check_cell(cell)
        except IllegalMove as error:
            return str(error)
        if type(rotation) is not int or rotation not in rotations(tile):
            if _is_int(rotation) and 0 <= rotation <= 2:
                return i18n._("{tile} is a triple: it has one rotation, r0").format(
                    tile=tile_name(tile)
                )
            return i18n._("the rotation is 0, 1 or 2, not {rotation}").format(
                rotation=_short(rotation)
            )
        key = cell_key(cell)
        if key in self._cells:
            return i18n._("cell {cell} already holds {tile}").format(
                cell=_cell_text(cell), tile=tile_name(self._cells[key][0])
            )
        if not self._cells:
            if cell != (0, 0):
                return i18n._("the first tile goes in cell (0, 0), not {cell}").format(
                    cell=_cell_text(cell)
                )
            return None
        if key not in self._frontier:
            return i18n._("cell {cell} shares no edge with a placed tile").format(
                cell=_cell_text(cell)
            )
        numbers = corner_numbers(tile, rotation)
        for point, number in zip(corners(cell), numbers):
            shown = self._points.get(point_key(point))
            if shown is not None and shown != number:
                return i18n._(
                    "point {point} shows {shown}; this rotation puts {number} there"
                ).format(point=_cell_text(point), shown=shown, number=number)
        return None

    # -- changing --------------------------------------------------------------------------------
    def put(self, cell: Cell, tile: Tile | str, rotation: int) -> None:
        """Place a tile without checking contact (to build positions); numbers must agree."""
        tile = parse_tile(tile)
        cell = check_cell(cell)
        if type(rotation) is not int or rotation not in (0, 1, 2):
            raise IllegalMove(
                i18n._("rotation must be 0, 1 or 2, not {rotation}").format(
                    rotation=_short(rotation)
                )
            )
        key = cell_key(cell)
        if key in self._cells:
            raise IllegalMove(
                i18n._("cell {cell} already holds a tile").format(cell=_cell_text(cell))
            )
        for point, number in zip(corners(cell), corner_numbers(tile, rotation)):
            shown = self._points.get(point_key(point))
            if shown is not None and shown != number:
                raise IllegalMove(
                    i18n._("point {point} shows {shown}; this rotation puts {number} there").format(
                        point=_cell_text(point), shown=shown, number=number
                    )
                )
        self.place(key, TILE_ID[tile], rotation)

    def place(self, key: int, tid: int, rot: int) -> None:
        """Place tile id ``tid`` in the cell with key ``key``: no check at all (the fast path)."""
        self._version += 1
        g = _GEOMETRY.get(key) or geometry(key)
        points, fill, cells, frontier = self._points, self._fill, self._cells, self._frontier
        fitting = self._fitting
        numbers = _CORNER_NUMBERS[tid][rot]
        cells[key] = (tid, rot)
        self._tiles |= TILE_BIT[tid]
        self._order.append(key)
        if frontier.pop(key, None) is not None:
            fitting.pop(key, None)
            if key in self._hexagons:
                del self._hexagons[key]  # its hexagons are complete now
        for p, number, around in zip(g.corners, numbers, g.around):
            if p in points:
                count = fill[p] = fill[p] + 1
                if count == 5:  # one cell around p is left: a tile there completes a hexagon
                    self._add_hexagon(around, 1)
                continue
            points[p] = number
            fill[p] = 1
            # the frontier cells at p learn its number: their pattern digit goes from 6 to it
            step = number - 6
            for q, weight in around:
                if q in frontier:
                    pattern = frontier[q] = frontier[q] + step * weight
                    if q in fitting:  # a known digit more: fewer tiles fit, perhaps none
                        mask = FIT_MASK[pattern]
                        if mask:
                            fitting[q] = mask
                        else:
                            del fitting[q]
        get = points.get
        for n, (a, b, c) in zip(g.neighbours, g.neighbour_corners):
            if n not in cells and n not in frontier:  # a new frontier cell: its pattern (_pattern)
                pattern = frontier[n] = get(a, 6) * 49 + get(b, 6) * 7 + get(c, 6)
                mask = FIT_MASK[pattern]
                if mask:
                    fitting[n] = mask

    def _add_hexagon(self, around: tuple[tuple[int, int], ...], step: int) -> None:
        """Count ``step`` (1 or -1) more hexagons for the one empty cell of ``around``."""
        hexagons, cells = self._hexagons, self._cells
        for q, _ in around:
            if q not in cells:
                count = hexagons.get(q, 0) + step
                if count:
                    hexagons[q] = count
                else:
                    del hexagons[q]
                return

    def remove_last(self) -> tuple[Cell, Tile, int]:
        """Take back the last tile placed; returns (cell, tile, rotation).

        Not on a board that was shown in snapshots (a game's): take tiles back on a copy.
        """
        if self._shown:
            raise IllegalMove(
                i18n._("tiles of a board shown to players are never taken back: use board.copy()")
            )
        if not self._order:
            raise IllegalMove(i18n._("the board is empty"))
        self._version += 1
        key = self._order.pop()
        tid, rot = self._cells.pop(key)
        self._tiles &= TILE_CLEAR[tid]
        g = geometry(key)
        fill, points, cells, frontier = self._fill, self._points, self._cells, self._frontier
        hexagons = self._hexagons
        for p in g.corners:
            left = fill[p] - 1
            if left == 5:  # the cell taken back completes the hexagon at p again
                hexagons[key] = hexagons.get(key, 0) + 1
            elif left == 4:  # the hexagon at p lacks two tiles now
                self._add_hexagon(tuple(q for q in _around(p) if q[0] != key), -1)
            if left:
                fill[p] = left
                continue
            # no other tile touches p: its number goes with this tile
            del fill[p]
            step = 6 - points.pop(p)
            for q, weight in _AROUND.get(p) or _around(p):
                if q in frontier:
                    frontier[q] += step * weight
        pattern = self._pattern
        for n in (key, *g.neighbours):
            if n in cells:
                continue
            if any(m in cells for m in geometry(n).neighbours):
                frontier[n] = pattern(n)
            else:
                frontier.pop(n, None)
        # the cells whose pattern may have changed: those around the corners, and the cell
        fitting = self._fitting
        for p in g.corners:
            for q, _ in _around(p):
                mask = FIT_MASK[frontier[q]] if q in frontier else 0
                if mask:
                    fitting[q] = mask
                else:
                    fitting.pop(q, None)
        return key_cell(key), TILES[tid], rot

    def copy(self) -> Board:
        """An independent copy that may change."""
        other = Board.__new__(Board)
        other._cells = self._cells.copy()
        other._order = self._order.copy()
        other._points = self._points.copy()
        other._fill = self._fill.copy()
        other._frontier = self._frontier.copy()
        other._fitting = self._fitting.copy()
        other._hexagons = self._hexagons.copy()
        other._union, other._union_version = 0, -1
        other._tiles = self._tiles
        other._version = 0
        other._snapshot = None
        other._shown = False
        return other

    def snapshot(self) -> BoardSnapshot:
        """The board as it is now: read-only, and it never changes (the board may go on).

        >>> board = Board()
        >>> before = board.snapshot()
        >>> board.put((0, 0), "5-5-5", 0)
        >>> len(before), len(board.snapshot())
        (0, 1)
        """
        snap = self._snapshot
        if snap is None or snap._version != self._version or snap._board is not self:
            snap = self._snapshot = BoardSnapshot(self)
            self._shown = True
        return snap

    def __copy__(self) -> Board:
        return self.copy()

    def __deepcopy__(self, memo: dict) -> Board:
        return self.copy()

    def __reduce__(self):
        return (Board.from_state, (self.state(),))

    # -- bonuses ---------------------------------------------------------------------------------
    def hexagons_completed(self, cell: Cell) -> int:
        """How many hexagons a tile placed in ``cell`` would complete (0-3)."""
        return self.hexagons_at(cell_key(cell))

    def hexagons_at(self, key: int) -> int:
        """``hexagons_completed`` by cell key (an empty cell)."""
        return self._hexagons.get(key, 0)

    def makes_bridge(self, cell: Cell, rule: str = "general") -> bool:
        """Whether a tile placed in ``cell`` would make a bridge under ``rule``.

        ``general``: it shares an edge with a tile, and the corner opposite that
        edge touches another tile there only (corner-only contact).
        ``strict``: the same, with its other two edges open. ``loose``: it
        shares an edge with a tile and each of its three corners touches a tile.
        """
        return self.bridge_at(cell_key(cell), rule)

    def bridge_at(self, key: int, rule: str = "general") -> bool:
        """``makes_bridge`` by cell key."""
        g = _GEOMETRY.get(key) or geometry(key)
        cells = self._cells
        if rule == "general":
            placed = cells.keys()
            for neighbour, others in g.bridges:
                if neighbour in cells and not placed.isdisjoint(others):
                    return True
            return False
        if rule == "loose":
            get = self._fill.get
            return any(n in cells for n in g.neighbours) and all(get(p, 0) for p in g.corners)
        # strict: exactly one edge neighbour, and a corner-only contact opposite it
        touching = [others for neighbour, others in g.bridges if neighbour in cells]
        return len(touching) == 1 and not cells.keys().isdisjoint(touching[0])

    def bonus_at(
        self, key: int, hexagon_bonuses: tuple[int, int, int], bridge_bonus: int, rule: str
    ) -> tuple[int, int, bool]:
        """(bonus points, hexagons, bridge) for a tile placed now in the cell with key ``key``."""
        hexes = self._hexagons.get(key)
        if hexes:
            return hexagon_bonuses[hexes - 1], hexes, False
        if rule == "general":
            cells = self._cells
            for neighbour, others in (_GEOMETRY.get(key) or geometry(key)).bridges:
                if neighbour in cells and not cells.keys().isdisjoint(others):
                    return bridge_bonus, 0, True
            return 0, 0, False
        if self.bridge_at(key, rule):
            return bridge_bonus, 0, True
        return 0, 0, False

    # -- move generation (tile ids and bit masks) ------------------------------------------------
    def fitting_tiles(self) -> int:
        """Every tile whose numbers fit somewhere on the frontier now, as a bit mask of tile ids.

        Tiles on the board count too (no hand holds them). Kept until the board
        changes: a player who draws asks again with the same board.

        >>> board = Board()
        >>> board.put((0, 0), "5-5-5", 0)
        >>> [tile_name(t) for t in range(56) if board.fitting_tiles() >> t & 1]
        ['0-5-5', '1-5-5', '2-5-5', '3-5-5', '4-5-5', '5-5-5']
        """
        if self._union_version != self._version:
            self._union = reduce(or_, self._fitting.values(), 0)
            self._union_version = self._version
        return self._union

    def can_place(self, hand: int) -> bool:
        """Whether any tile of the ``hand`` mask fits somewhere on the frontier."""
        return bool(self.fitting_tiles() & hand)

    def placements_of(self, hand: int) -> list[tuple[int, int, int]]:
        """(tile id, cell key, rotation) for every legal placement of a hand mask (any order)."""
        out = []
        frontier = self._frontier
        for key, mask in self._fitting.items():
            if mask & hand:
                for tid, rot in FITS[frontier[key]]:
                    if hand >> tid & 1:
                        out.append((tid, key, rot))
        return out

    def scored_placements(
        self, hand: int, hexagon_bonuses: tuple[int, int, int], bridge_bonus: int, rule: str
    ) -> list[tuple[int, int, int, int]]:
        """(points, tile id, cell key, rotation) of every legal placement of ``hand`` (any order)."""
        out = []
        bonus_at = self.bonus_at
        frontier = self._frontier
        for key, mask in self._fitting.items():
            if mask & hand:
                bonus = bonus_at(key, hexagon_bonuses, bridge_bonus, rule)[0]
                for tid, rot in FITS[frontier[key]]:
                    if hand >> tid & 1:
                        out.append((VALUE[tid] + bonus, tid, key, rot))
        return out

    def best_placement(
        self, hand: int, hexagon_bonuses: tuple[int, int, int], bridge_bonus: int, rule: str
    ) -> tuple[int, int, int, int] | None:
        """The placement of ``hand`` scoring most: (points, tile id, cell key, rotation), or None.

        Ties go to the first in ``legal_moves`` order (tile, then cell, then rotation).
        """
        if self._union_version == self._version and not self._union & hand:
            return None  # nothing fits (known since the board last changed: a draw before)
        best_key = None
        hexagons = self._hexagons
        cells = self._cells
        frontier = self._frontier
        for key, mask in self._fitting.items():
            if mask & hand:
                for bit, tid, rot in _FIT_BITS[frontier[key]]:  # noqa: B007 - used after the break
                    if hand & bit:
                        break
                hexes = hexagons.get(key)
                if hexes:
                    bonus = hexagon_bonuses[hexes - 1]
                elif rule == "general":  # bridge_at(key, "general"), inlined: the hottest loop
                    bonus = 0
                    for neighbour, others in (_GEOMETRY.get(key) or geometry(key)).bridges:
                        if neighbour in cells and not cells.keys().isdisjoint(others):
                            bonus = bridge_bonus
                            break
                elif self.bridge_at(key, rule):
                    bonus = bridge_bonus
                else:
                    bonus = 0
                candidate = (-(VALUE[tid] + bonus), tid, key, rot)
                if best_key is None or candidate < best_key:
                    best_key = candidate
        if best_key is None:
            self.fitting_tiles()  # no tile of this hand fits: after a draw, ask the union first
            return None
        points, tid, key, rot = best_key
        return -points, tid, key, rot


def _read_only(name: str):
    def method(self, *args, **kwargs):
        return getattr(self._board_now(), name)(*args, **kwargs)

    method.__name__ = name
    method.__doc__ = getattr(Board, name).__doc__
    return method


class BoardSnapshot:
    """A board as it was at one moment: it reads like a ``Board`` and never changes.

    ``board.snapshot()`` makes one; a game's ``board`` and every player's view
    hold one. While the board has not moved on, reading goes straight to it
    (nothing is copied); once it has, the snapshot rebuilds the board as it was.
    Try placements on ``copy()``.

    >>> board = Board()
    >>> board.put((0, 0), "1-1-1", 0)
    >>> shown = board.snapshot()
    >>> board.put((0, 1), "1-1-1", 0)
    >>> shown.placements(), len(board)
    ([((0, 0), (1, 1, 1), 0)], 2)
    """

    __slots__ = ("_board", "_version", "_length")

    def __init__(self, board: Board) -> None:
        self._board = board
        self._version = board._version
        self._length = len(board._order)

    def _board_now(self) -> Board:
        """The board this snapshot shows (do not change it: use ``copy()``)."""
        board = self._board
        if board._version == self._version:
            return board
        # the board moved on (it only grows: a shown board never takes a tile back)
        board = Board.from_state(board.state()[: self._length])
        self._board, self._version = board, board._version
        return board

    frozen = True
    """A snapshot never changes."""

    def _refuse(self, *args, **kwargs):
        raise IllegalMove(
            i18n._(
                "this board cannot change (it belongs to a game or a player's view): "
                "try placements on board.copy()"
            )
        )

    put = place = remove_last = _refuse

    def copy(self) -> Board:
        """A board you may change, as this one shows."""
        return self._board_now().copy()

    def snapshot(self) -> BoardSnapshot:
        """This snapshot (it never changes)."""
        return self

    def __len__(self) -> int:
        return self._length

    def __contains__(self, cell: object) -> bool:
        return cell in self._board_now()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, BoardSnapshot):
            if other._board is self._board and other._version == self._version:
                return True
            other = other._board_now()
        if not isinstance(other, Board):
            return NotImplemented
        return self._board_now() == other

    def __hash__(self) -> int:
        return hash(tuple(self._board_now()._order))

    def __repr__(self) -> str:
        return f"<Tri-Ominos board (snapshot): {self._length} tiles>"

    def __reduce__(self):
        return (_snapshot_of, (self._board_now().state(),))

    def __copy__(self) -> BoardSnapshot:
        return self

    def __deepcopy__(self, memo: dict) -> BoardSnapshot:
        return self

    @property
    def cells(self) -> MappingProxyType:
        """Placed tiles, read-only: cell key -> (tile id, rotation)."""
        return MappingProxyType(dict(self._board_now()._cells))

    @property
    def points(self) -> MappingProxyType:
        """Point key -> the number shown there (read-only)."""
        return MappingProxyType(dict(self._board_now()._points))

    @property
    def fill(self) -> MappingProxyType:
        """Point key -> how many of the six cells around it hold a tile (read-only)."""
        return MappingProxyType(dict(self._board_now()._fill))

    @property
    def frontier(self) -> MappingProxyType:
        """Empty cells sharing an edge with a tile, read-only: cell key -> corner pattern index."""
        return MappingProxyType(dict(self._board_now()._frontier))

    @property
    def order(self) -> tuple[int, ...]:
        """Cell keys in the order tiles were placed."""
        return tuple(self._board_now()._order)

    @property
    def fitting(self) -> MappingProxyType:
        """Frontier cells some tile still fits, read-only: cell key -> those tiles as a bit mask."""
        return MappingProxyType(dict(self._board_now()._fitting))

    @property
    def hexagons(self) -> MappingProxyType:
        """Empty cells a tile would complete hexagons in, read-only: cell key -> how many."""
        return MappingProxyType(dict(self._board_now()._hexagons))

    @property
    def tiles_mask(self) -> int:
        """The tiles on the board as a bit mask of tile ids."""
        return self._board_now()._tiles

    def best_placement(
        self, hand: int, hexagon_bonuses: tuple[int, int, int], bridge_bonus: int, rule: str
    ) -> tuple[int, int, int, int] | None:
        """See ``Board.best_placement``."""
        board = self._board
        if board._version != self._version:
            board = self._board_now()
        return board.best_placement(hand, hexagon_bonuses, bridge_bonus, rule)

    tile_at = _read_only("tile_at")
    number_at = _read_only("number_at")
    placements = _read_only("placements")
    state = _read_only("state")
    frontier_cells = _read_only("frontier_cells")
    pattern = _read_only("pattern")
    fits = _read_only("fits")
    why_illegal = _read_only("why_illegal")
    hexagons_completed = _read_only("hexagons_completed")
    hexagons_at = _read_only("hexagons_at")
    makes_bridge = _read_only("makes_bridge")
    bridge_at = _read_only("bridge_at")
    bonus_at = _read_only("bonus_at")
    can_place = _read_only("can_place")
    fitting_tiles = _read_only("fitting_tiles")

    def placements_of(self, hand: int) -> list[tuple[int, int, int]]:
        """See ``Board.placements_of``."""
        board = self._board
        if board._version != self._version:
            board = self._board_now()
        return board.placements_of(hand)

    def scored_placements(
        self, hand: int, hexagon_bonuses: tuple[int, int, int], bridge_bonus: int, rule: str
    ) -> list[tuple[int, int, int, int]]:
        """See ``Board.scored_placements``."""
        board = self._board
        if board._version != self._version:
            board = self._board_now()
        return board.scored_placements(hand, hexagon_bonuses, bridge_bonus, rule)


def _snapshot_of(state: tuple) -> BoardSnapshot:
    return Board.from_state(state).snapshot()


def _cell_text(cell: tuple[int, int]) -> str:
    return f"({cell[0]}, {cell[1]})"
