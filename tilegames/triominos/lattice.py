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

from collections.abc import Iterator

from ..errors import IllegalMove

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
ALL_TILES = (1 << len(TILES)) - 1
"""A bit mask with every tile id set."""


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
    if isinstance(text, tuple):
        numbers = text
    else:
        parts = str(text).strip().split("-")
        if len(parts) != 3 or not all(p.strip().isdigit() for p in parts):
            raise IllegalMove(
                f"{text!r} is not a tile: write its three numbers as a-b-c, e.g. 1-3-4"
            )
        numbers = tuple(int(p) for p in parts)
    if len(numbers) != 3 or not all(isinstance(n, int) and 0 <= n <= 5 for n in numbers):
        shown = "-".join(map(str, numbers)) if isinstance(text, tuple) else repr(text)
        raise IllegalMove(f"{shown} is not a tile: its numbers are 0 to 5")
    if numbers in TILE_ID:
        return numbers  # type: ignore[return-value]
    name = "-".join(str(n) for n in numbers)
    rotated = min(numbers[i:] + numbers[:i] for i in range(3))
    if rotated in TILE_ID:
        return_name = tile_name(rotated)
        raise IllegalMove(
            f"write the tile {name} from its smallest number, clockwise: {return_name}"
        )
    mirror = tuple(sorted(numbers))
    raise IllegalMove(
        f"there is no tile {name}: read clockwise from the smallest number, the numbers never "
        f"decrease ({tile_name(mirror)} exists, its mirror image "
        f"{tile_name((mirror[0], mirror[2], mirror[1]))} does not)"
    )


def rotations(tile: Tile | str) -> tuple[int, ...]:
    """The distinct rotations of a tile: ``(0,)`` for a triple, else ``(0, 1, 2)``.

    >>> rotations("3-3-3"), rotations("0-0-1")
    ((0,), (0, 1, 2))
    """
    a, b, c = parse_tile(tile)
    return (0,) if a == b == c else (0, 1, 2)


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
_OFF = 256
_W = 512


def cell_key(cell: Cell) -> int:
    """The integer key of a cell (for tables); keys sort like (row, column)."""
    return (cell[0] + _OFF) * _W + cell[1] + _OFF


def key_cell(key: int) -> Cell:
    """The cell of an integer key."""
    return key // _W - _OFF, key % _W - _OFF


def point_key(point: Point) -> int:
    """The integer key of a lattice point."""
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


class _Geometry:
    """Per-cell tables on integer keys, built on first use and shared by every board."""

    __slots__ = ("corners", "neighbours", "opposite", "corner_only", "touching")

    def __init__(self, key: int) -> None:
        cell = key_cell(key)
        points = corners(cell)
        self.corners = tuple(point_key(p) for p in points)
        nbrs = edge_neighbours(cell)
        self.neighbours = tuple(cell_key(n) for n in nbrs)
        self.opposite = tuple(opposite_corner(cell, i) for i in range(3))
        only = []
        for k, point in enumerate(points):
            # the edge neighbours containing corner k are those not opposite it
            edge_at_k = {nbrs[i] for i in range(3) if self.opposite[i] != k}
            only.append(
                tuple(
                    cell_key(other)
                    for other in cells_around(point)
                    if other != cell and other not in edge_at_k
                )
            )
        self.corner_only = tuple(only)
        self.touching = tuple(cell_key(other) for other in touching(cell))


_GEOMETRY: dict[int, _Geometry] = {}
_AROUND: dict[int, tuple[int, ...]] = {}


def _geometry(key: int) -> _Geometry:
    g = _GEOMETRY.get(key)
    if g is None:
        g = _GEOMETRY[key] = _Geometry(key)
    return g


def _around(point: int) -> tuple[int, ...]:
    cells = _AROUND.get(point)
    if cells is None:
        cells = _AROUND[point] = tuple(cell_key(c) for c in cells_around(key_point(point)))
    return cells


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
_CORNER_NUMBERS = tuple(tuple(corner_numbers(tile, rot) for rot in range(3)) for tile in TILES)


# -- the board -----------------------------------------------------------------------------------
class Board:
    """Tiles on the lattice: placements, the point -> number map, fill counts and the frontier.

    The board knows geometry only; turns and scores belong to the game.
    ``put`` places without asking (to build positions tile by tile),
    ``why_illegal`` says why a placement breaks the rules, and ``remove_last``
    takes the last tile back (for look-ahead players).

    >>> board = Board()
    >>> board.put((0, 0), "1-1-1", 0)
    >>> sorted(board.frontier_cells())
    [(0, -1), (0, 1), (1, 0)]
    >>> board.number_at((1, 0))
    1
    """

    __slots__ = ("cells", "order", "points", "fill", "frontier", "_new_points")

    def __init__(self) -> None:
        self.cells: dict[int, tuple[int, int]] = {}
        """Placed tiles: cell key -> (tile id, rotation)."""
        self.order: list[int] = []
        """Cell keys in the order tiles were placed."""
        self.points: dict[int, int] = {}
        """Point key -> the number shown there."""
        self.fill: dict[int, int] = {}
        """Point key -> how many of the six cells around it hold a tile."""
        self.frontier: dict[int, int] = {}
        """Empty cells sharing an edge with a tile: cell key -> corner pattern index."""
        self._new_points: list[tuple[int, ...]] = []

    # -- reading ---------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.cells)

    def __contains__(self, cell: Cell) -> bool:
        return cell_key(cell) in self.cells

    def tile_at(self, cell: Cell) -> tuple[Tile, int] | None:
        """The tile and rotation in a cell, or None."""
        placed = self.cells.get(cell_key(cell))
        return None if placed is None else (TILES[placed[0]], placed[1])

    def number_at(self, point: Point) -> int | None:
        """The number shown at a lattice point, or None."""
        return self.points.get(point_key(point))

    def placements(self) -> list[tuple[Cell, Tile, int]]:
        """(cell, tile, rotation) in the order they were placed."""
        return [(key_cell(k), TILES[self.cells[k][0]], self.cells[k][1]) for k in self.order]

    def frontier_cells(self) -> list[Cell]:
        """The empty cells sharing an edge with a tile, in (row, column) order."""
        return [key_cell(k) for k in sorted(self.frontier)]

    def pattern(self, cell: Cell) -> tuple[int | None, int | None, int | None]:
        """The numbers a cell's corners must get (None where no tile touches yet)."""
        return tuple(self.points.get(point_key(p)) for p in corners(cell))  # type: ignore[return-value]

    def _pattern(self, key: int) -> int:
        get = self.points.get
        a, b, c = _geometry(key).corners
        return get(a, 6) * 49 + get(b, 6) * 7 + get(c, 6)

    def fits(self, cell: Cell) -> list[tuple[Tile, int]]:
        """Every (tile, rotation) whose numbers agree with the cell's corners, highest value first."""
        return [(TILES[t], r) for t, r in FITS[self._pattern(cell_key(cell))]]

    def why_illegal(self, cell: Cell, tile: Tile | str, rotation: int) -> str | None:
        """None if ``tile`` may go in ``cell`` with ``rotation``, else the reason in words.

        The first tile of a round may go only in cell (0, 0).
        """
        tile = parse_tile(tile)
        if rotation not in rotations(tile):
            return f"{tile_name(tile)} is a triple: it has one rotation, r0"
        key = cell_key(cell)
        if key in self.cells:
            return f"cell {_cell_text(cell)} already holds {tile_name(self.cells[key][0])}"
        if not self.cells:
            if tuple(cell) != (0, 0):
                return f"the first tile goes in cell (0, 0), not {_cell_text(cell)}"
            return None
        if key not in self.frontier:
            return f"cell {_cell_text(cell)} shares no edge with a placed tile"
        numbers = corner_numbers(tile, rotation)
        for point, number in zip(corners(cell), numbers):
            shown = self.points.get(point_key(point))
            if shown is not None and shown != number:
                return f"point {_cell_text(point)} shows {shown}; this rotation puts {number} there"
        return None

    # -- changing --------------------------------------------------------------------------------
    def put(self, cell: Cell, tile: Tile | str, rotation: int) -> None:
        """Place a tile without checking contact (to build positions); numbers must agree."""
        tile = parse_tile(tile)
        if rotation not in (0, 1, 2):
            raise IllegalMove(f"rotation must be 0, 1 or 2, not {rotation!r}")
        key = cell_key(cell)
        if key in self.cells:
            raise IllegalMove(f"cell {_cell_text(cell)} already holds a tile")
        for point, number in zip(corners(cell), corner_numbers(tile, rotation)):
            shown = self.points.get(point_key(point))
            if shown is not None and shown != number:
                raise IllegalMove(
                    f"point {_cell_text(point)} shows {shown}; this rotation puts {number} there"
                )
        self._put(key, TILE_ID[tile], rotation)

    def _put(self, key: int, tid: int, rot: int) -> None:
        g = _geometry(key)
        points, fill, cells, frontier = self.points, self.fill, self.cells, self.frontier
        numbers = _CORNER_NUMBERS[tid][rot]
        new = []
        for i in range(3):
            p = g.corners[i]
            if p not in points:
                points[p] = numbers[i]
                new.append(p)
            fill[p] = fill.get(p, 0) + 1
        cells[key] = (tid, rot)
        self.order.append(key)
        self._new_points.append(tuple(new))
        frontier.pop(key, None)
        pattern = self._pattern
        for n in g.neighbours:
            if n not in cells:
                frontier[n] = pattern(n)
        for p in new:
            for q in _around(p):
                if q in frontier:
                    frontier[q] = pattern(q)

    def remove_last(self) -> tuple[Cell, Tile, int]:
        """Take back the last tile placed; returns (cell, tile, rotation)."""
        if not self.order:
            raise IllegalMove("the board is empty")
        key = self.order.pop()
        new = self._new_points.pop()
        tid, rot = self.cells.pop(key)
        g = _geometry(key)
        fill, points, cells, frontier = self.fill, self.points, self.cells, self.frontier
        for p in g.corners:
            left = fill[p] - 1
            if left:
                fill[p] = left
            else:
                del fill[p]
        for p in new:
            del points[p]
        pattern = self._pattern
        for n in (key, *g.neighbours):
            if n in cells:
                continue
            if any(m in cells for m in _geometry(n).neighbours):
                frontier[n] = pattern(n)
            else:
                frontier.pop(n, None)
        for p in new:
            for q in _around(p):
                if q in frontier:
                    frontier[q] = pattern(q)
        return key_cell(key), TILES[tid], rot

    def copy(self) -> Board:
        """An independent copy."""
        other = Board.__new__(Board)
        other.cells = dict(self.cells)
        other.order = list(self.order)
        other.points = dict(self.points)
        other.fill = dict(self.fill)
        other.frontier = dict(self.frontier)
        other._new_points = list(self._new_points)
        return other

    # -- bonuses ---------------------------------------------------------------------------------
    def hexagons_completed(self, cell: Cell) -> int:
        """How many hexagons a tile placed in ``cell`` would complete (0-3)."""
        return self._hexagons(cell_key(cell))

    def _hexagons(self, key: int) -> int:
        get = self.fill.get
        a, b, c = _geometry(key).corners
        return (get(a, 0) == 5) + (get(b, 0) == 5) + (get(c, 0) == 5)

    def makes_bridge(self, cell: Cell, rule: str = "general") -> bool:
        """Whether a tile placed in ``cell`` would make a bridge under ``rule``.

        ``general``: it shares an edge with a tile, and the corner opposite that
        edge touches another tile there only (corner-only contact).
        ``strict``: the same, with its other two edges open. ``loose``: it
        shares an edge with a tile and each of its three corners touches a tile.
        """
        return self._bridge(cell_key(cell), rule)

    def _bridge(self, key: int, rule: str = "general") -> bool:
        g = _geometry(key)
        cells = self.cells
        if rule == "loose":
            get = self.fill.get
            return any(n in cells for n in g.neighbours) and all(get(p, 0) for p in g.corners)
        placed = [i for i in range(3) if g.neighbours[i] in cells]
        if rule == "strict" and len(placed) != 1:
            return False
        for i in placed:
            for other in g.corner_only[g.opposite[i]]:
                if other in cells:
                    return True
        return False

    def _placeable(self, hand: int) -> bool:
        """Whether any tile of the ``hand`` mask fits somewhere on the frontier."""
        union = 0
        for pattern in set(self.frontier.values()):
            union |= FIT_MASK[pattern]
        return bool(union & hand)

    def _placements(self, hand: int) -> Iterator[tuple[int, int, int]]:
        """(tile id, cell key, rotation) for every legal placement of a hand mask."""
        for key, pattern in self.frontier.items():
            if FIT_MASK[pattern] & hand:
                for tid, rot in FITS[pattern]:
                    if hand >> tid & 1:
                        yield tid, key, rot


def _cell_text(cell: tuple[int, int]) -> str:
    return f"({cell[0]}, {cell[1]})"
