"""Tula with hidden tiles, exactly: boards of any size and the best possible play on them.

A person playing Tula sees the face-up tiles, the stack and which tiles are
still unseen, never which face-down tile lies where. Since revealing never
hurts (a revealable tile stays revealable), a sensible player reveals all it
can, so what it knows is an **information state**: the positions still in
the temple, the stack's top tile, the tiles face up on the open positions and
the set of unseen tiles (each equally likely to lie on any face-down
position). The best possible play is the **expectimax** over these states:
at a choice, the best removal; when a removal opens new positions, the
average over the tiles that may turn up there.

The full temple is too big for that (see ``notebooks/02_tula_mercy``), so
this module also defines **reduced Tula boards** under the same rules (a
tile covers 2×2 cells, the free-corner rule, matching by suit or value, the
top tile starts the stack, mercy with the tiles it uncovers):

- ``row_pyramid(base, suits, values)``: layers of ``base``, ``base - 1``, …, 1
  tiles in a row, each tile resting on two below; a pack of ``suits × values``
  tiles, one per position;
- ``tula_board()``: the real temple (24 positions, 4 suits × 6 values).

Permuting the suits, or the values, changes no match, so two information
states that differ by such a renaming are worth the same: ``optimal_win_rate``
stores each state once up to that symmetry. With mercy, the 6-tile pyramid
needs 100 states instead of 1,170 and the 10-tile one 1,757 instead of
321,720; four more tiles multiplied the count by about 275, so the full
temple (24 tiles, 4 suits × 6 values) is far out of reach. There the best
play without seeing is only bounded: at least what any blind player (the
expert) wins, at most what the clairvoyant wins. The expert does use the
exact expectimax on the temple, but only once fewer than six tiles are face
down.

>>> board = row_pyramid(3, suits=2, values=3)       # 3 + 2 + 1 = 6 tiles
>>> board.size, board.names
(6, ('1A', '1B', '1C', '2A', '2B', '3A'))
>>> optimal_win_rate(board), clairvoyant_win_rate(board)
(Fraction(8, 15), Fraction(19, 30))
>>> optimal_win_rate(board, mercy=True)
Fraction(17, 30)
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction

from .core import best_exchange, bit_positions, greedy_removal, playout, removable, search
from .layout import LAYOUT, open_among

__all__ = [
    "Board",
    "board_from_layout",
    "clairvoyant_win_rate",
    "expectimax",
    "optimal_win_rate",
    "play_simple",
    "removal_value",
    "row_pyramid",
    "solve",
    "tula_board",
]

_EDGES = ("top", "right", "bottom", "left")
_CORNERS = (("top", "left"), ("top", "right"), ("bottom", "left"), ("bottom", "right"))


@dataclass(frozen=True)
class Board:
    """A Tula-like board: positions, a pack of ``suits × values`` tiles, the rule tables.

    Tiles are numbered ``suit * values + value``; position ``top`` holds the
    tile that starts the stack. ``open_checks`` rows are those of
    ``layout.OPEN_CHECKS`` (bit, covering mask, four corner-blocker masks).
    """

    names: tuple[str, ...]
    """Position ids, index = position number."""
    suits: int
    values: int
    top: int
    """The position whose tile starts the stack (the single top tile)."""
    open_checks: tuple[tuple[int, int, int, int, int, int], ...]
    unlock_checks: tuple[tuple[tuple[int, int, int, int, int, int], ...], ...]
    """Per position ``p``: the rows of positions that removing ``p`` may open."""
    match: tuple[int, ...]
    """Per tile: the mask of the tiles it matches (same suit or same value)."""

    @property
    def size(self) -> int:
        """Number of positions (= number of tiles)."""
        return len(self.names)

    @property
    def start(self) -> int:
        """Positions present once the top tile has started the stack."""
        return ((1 << self.size) - 1) & ~(1 << self.top)

    def opened(self, present: int) -> int:
        """Open positions: present, uncovered, with a free corner."""
        return open_among(self.open_checks, present)

    def unlocked(self, position: int, present: int) -> int:
        """Positions open once ``position`` has left (only those it covered or blocked)."""
        return open_among(self.unlock_checks[position], present)


def board_from_layout(
    layout: tuple[tuple[str, int, int, int], ...], suits: int, values: int
) -> Board:
    """A board from positions ``(id, layer, x, y)`` as in ``layout.LAYOUT``.

    The tables are computed here from the geometry alone, independently of
    ``layout.py`` (a test checks that the two agree on the real temple).

    >>> from tilegames.tula.layout import OPEN_CHECKS
    >>> tula_board().open_checks == OPEN_CHECKS
    True
    """
    n = len(layout)
    if suits * values != n:
        raise ValueError(f"{n} positions need {n} tiles, not {suits} suits × {values} values")
    layer = [entry[1] for entry in layout]
    xy = [(entry[2], entry[3]) for entry in layout]

    def cells(p: int) -> set[tuple[int, int]]:
        x, y = xy[p]
        return {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}

    def outside(p: int, edge: str) -> set[tuple[int, int]]:
        x, y = xy[p]
        return {
            "top": {(x, y - 1), (x + 1, y - 1)},
            "bottom": {(x, y + 2), (x + 1, y + 2)},
            "left": {(x - 1, y), (x - 1, y + 1)},
            "right": {(x + 2, y), (x + 2, y + 1)},
        }[edge]

    covered = [
        sum(1 << q for q in range(n) if layer[q] == layer[p] + 1 and cells(q) & cells(p))
        for p in range(n)
    ]
    blockers = [
        {
            edge: sum(
                1 << q for q in range(n) if layer[q] == layer[p] and outside(p, edge) & cells(q)
            )
            for edge in _EDGES
        }
        for p in range(n)
    ]
    checks = tuple(
        (1 << p, covered[p], *(blockers[p][a] | blockers[p][b] for a, b in _CORNERS))
        for p in range(n)
    )
    unlock = tuple(
        tuple(
            checks[q]
            for q in range(n)
            if covered[q] >> p & 1 or any(row >> p & 1 for row in checks[q][2:])
        )
        for p in range(n)
    )
    tops = [p for p in range(n) if layer[p] == max(layer)]
    if len(tops) != 1:
        raise ValueError("a board needs exactly one tile in its top layer")
    match = tuple(
        sum(
            1 << other
            for other in range(n)
            if other != tile
            and (other // values == tile // values or other % values == tile % values)
        )
        for tile in range(n)
    )
    return Board(tuple(entry[0] for entry in layout), suits, values, tops[0], checks, unlock, match)


@functools.cache
def tula_board() -> Board:
    """The real temple: 24 positions, 4 suits × 6 values (tile = suit * 6 + value)."""
    return board_from_layout(LAYOUT, 4, 6)


@functools.cache
def row_pyramid(base: int, suits: int, values: int) -> Board:
    """Layers of ``base``, ``base - 1``, …, 1 tiles in a row; each rests on two below it.

    In a row, a tile's top and bottom edges are never blocked, so it has a
    free corner as soon as its left or right neighbour has gone; the two end
    tiles of a layer are free as soon as nothing lies on them.

    >>> board = row_pyramid(4, suits=2, values=5)
    >>> board.size, board.names[board.top]
    (10, '4A')
    >>> [board.names[p] for p in range(10) if board.opened(board.start) >> p & 1]
    ['3A', '3B']
    """
    if base < 2:
        raise ValueError(f"a pyramid needs a base of at least 2 tiles, not {base}")
    layout = tuple(
        (f"{layer}{chr(65 + i)}", layer, layer - 1 + 2 * i, 0)
        for layer in range(1, base + 1)
        for i in range(base + 1 - layer)
    )
    return board_from_layout(layout, suits, values)


# -- the clairvoyant --------------------------------------------------------------
def solve(board: Board, tile_at: list[int], mercy: bool = False) -> bool:
    """Whether a deal (tile on each position) can be won by someone who sees every tile.

    >>> solve(row_pyramid(3, 2, 3), [0, 1, 2, 3, 4, 5])
    True
    """
    start = board.start
    first = board.opened(start)
    top = tile_at[board.top]
    if mercy and not any(board.match[top] >> tile_at[p] & 1 for p in bit_positions(first)):
        for p in bit_positions(first):
            swapped = list(tile_at)
            swapped[p], swapped[board.top] = top, tile_at[p]
            if search(
                board.match, board.unlocked, swapped, start, first, swapped[board.top], set()
            ):
                return True
        return False
    return search(board.match, board.unlocked, tile_at, start, first, top, set())


def clairvoyant_win_rate(board: Board, mercy: bool = False) -> Fraction:
    """The share of all deals someone who sees every tile can win (every deal, for small boards).

    >>> clairvoyant_win_rate(row_pyramid(3, 2, 3), mercy=True)
    Fraction(7, 10)
    """
    if board.size > 10:
        raise ValueError(f"{math.factorial(board.size):,} deals are too many to list")
    wins = sum(
        solve(board, list(deal), mercy) for deal in itertools.permutations(range(board.size))
    )
    return Fraction(wins, math.factorial(board.size))


# -- the best play without seeing -------------------------------------------------
def expectimax(
    board: Board,
    present: int,
    open_mask: int,
    known: tuple[tuple[int, int], ...],
    top: int,
    unseen: int,
    memo: dict,
    canonical=None,
) -> float:
    """The best win probability from an information state, for a player who cannot see.

    ``known`` holds ``(position, tile)`` for every open position (sorted by
    position); ``unseen`` is the mask of tiles not seen yet, which lie, each
    arrangement equally likely, on the face-down positions (``present`` minus
    ``open_mask``). ``memo`` maps states (or their ``canonical`` forms) to values.
    Exact: the value is a float only because it is an average of averages; use
    ``optimal_win_rate`` for the exact fraction on a whole board.
    """
    return _expectimax(board, present, open_mask, known, top, unseen, memo, canonical, float)


def removal_value(
    board: Board,
    present: int,
    open_mask: int,
    known: tuple[tuple[int, int], ...],
    p: int,
    unseen: int,
    memo: dict,
) -> float:
    """The best win probability after removing the open position ``p`` (its tile starts
    the stack): the average over the tiles that may turn up where the removal opens."""
    return _after_removal(board, present, open_mask, known, p, unseen, memo, None, float)


def _after_removal(board, present, open_mask, known, p, unseen, memo, canonical, number):
    tile = dict(known)[p]
    after = present & ~(1 << p)
    now_open = (open_mask & ~(1 << p)) | board.unlocked(p, after)
    new = bit_positions(now_open & ~open_mask)
    rest = tuple(item for item in known if item[0] != p)
    if not new:
        return _expectimax(board, after, now_open, rest, tile, unseen, memo, canonical, number)
    total = number(0)
    count = 0
    for drawn in itertools.permutations(bit_positions(unseen), len(new)):
        grown = tuple(sorted(rest + tuple(zip(new, drawn))))
        left = unseen
        for t in drawn:
            left &= ~(1 << t)
        total += _expectimax(board, after, now_open, grown, tile, left, memo, canonical, number)
        count += 1
    return total / count


def _expectimax(board, present, open_mask, known, top, unseen, memo, canonical, number):
    if not present:
        return number(1)
    key = (present, top, known, unseen)
    if canonical is not None:
        key = canonical(key)
    value = memo.get(key)
    if value is not None:
        return value
    match = board.match[top]
    best = number(0)
    for p, tile in known:
        if match >> tile & 1:
            value = _after_removal(
                board, present, open_mask, known, p, unseen, memo, canonical, number
            )
            if value > best:
                best = value
                if best == 1:
                    break
    memo[key] = best
    return best


def _symmetries(board: Board) -> list[tuple[int, ...]]:
    """Every renaming of suits and of values, as a map tile -> tile."""
    maps = []
    for suits in itertools.permutations(range(board.suits)):
        for values in itertools.permutations(range(board.values)):
            maps.append(
                tuple(
                    suits[t // board.values] * board.values + values[t % board.values]
                    for t in range(board.size)
                )
            )
    return maps


def _canonical_form(maps):
    def canonical(key):
        present, top, known, unseen = key
        best = None
        for rename in maps:
            renamed_unseen = 0
            scan = unseen
            while scan:
                low = scan & -scan
                scan ^= low
                renamed_unseen |= 1 << rename[low.bit_length() - 1]
            form = (
                rename[top],
                tuple(rename[tile] for _, tile in known),
                renamed_unseen,
            )
            if best is None or form < best:
                best = form
        return (present, tuple(p for p, _ in known), *best)

    return canonical


def optimal_win_rate(
    board: Board, mercy: bool = False, *, symmetry: bool = True, stats: dict | None = None
) -> Fraction:
    """The exact win probability of the best play that cannot see face-down tiles.

    The deal is uniformly random; the top tile and the tiles it uncovers are
    seen at once; with ``mercy``, when none of them matches the top tile the
    player may exchange it with any one of them (the best exchange is taken).
    With ``symmetry``, states equal up to renaming suits and values are solved
    once. ``stats``, if given, receives the number of states stored.

    >>> optimal_win_rate(row_pyramid(3, 2, 3), symmetry=False)
    Fraction(8, 15)
    """
    memo: dict = {}
    canonical = _canonical_form(_symmetries(board)) if symmetry else None
    start = board.start
    first = bit_positions(board.opened(start))
    total = Fraction(0)
    count = 0
    everything = (1 << board.size) - 1
    for top in range(board.size):
        for drawn in itertools.permutations([t for t in range(board.size) if t != top], len(first)):
            unseen = everything & ~(1 << top)
            for t in drawn:
                unseen &= ~(1 << t)
            known = tuple(zip(first, drawn))
            open_mask = sum(1 << p for p in first)
            value = _expectimax(
                board, start, open_mask, known, top, unseen, memo, canonical, Fraction
            )
            if mercy and not any(board.match[top] >> t & 1 for t in drawn):
                for i in range(len(first)):
                    swapped = list(drawn)
                    swapped[i] = top
                    value = max(
                        value,
                        _expectimax(
                            board,
                            start,
                            open_mask,
                            tuple(zip(first, swapped)),
                            drawn[i],
                            unseen,
                            memo,
                            canonical,
                            Fraction,
                        ),
                    )
            total += value
            count += 1
    if stats is not None:
        stats["states"] = len(memo)
    return total / count


# -- players on any board -------------------------------------------------------
def play_simple(board: Board, tile_at: list[int], mercy: bool, rng, rule: str) -> int:
    """A heuristic on any board; returns tiles stacked (``board.size`` = won).

    ``rule`` is ``"random"`` (a uniformly random matching tile, a random exchange) or
    ``"greedy"`` (the matching tile whose removal uncovers the most positions; the
    exchange after which the most of the other open tiles match the new top). Ties go
    to the first position.

    >>> import numpy as np
    >>> play_simple(row_pyramid(3, 2, 3), [0, 1, 2, 3, 4, 5], False, np.random.default_rng(1), "greedy")
    3
    """
    if rule not in ("random", "greedy"):
        raise ValueError(f"unknown rule {rule!r}: random or greedy")
    present = board.start
    open_mask = board.opened(present)
    top = tile_at[board.top]
    if mercy and not removable(board.match[top], tile_at, open_mask):
        choices = bit_positions(open_mask)
        if rule == "random":
            p = choices[int(rng.integers(len(choices)))]
        else:
            p = best_exchange(board.match, tile_at, choices)
        tile_at = list(tile_at)
        tile_at[p], tile_at[board.top] = top, tile_at[p]
        top = tile_at[board.top]

    def choose(present: int, open_mask: int, top: int, choices: int) -> int:
        if rule == "greedy":
            return greedy_removal(choices, board.unlocked, present, open_mask)
        positions = bit_positions(choices)
        return positions[int(rng.integers(len(positions)))]

    return 1 + playout(board.match, board.unlocked, tile_at, present, open_mask, top, choose)


if __name__ == "__main__":  # pragma: no cover
    # the command results/tula_hidden_ladder.json records (0.2.0); the study now lives in
    # hidden_study, so that this algorithm module imports no study code
    import runpy

    runpy.run_module("tilegames.tula.hidden_study", run_name="__main__")
