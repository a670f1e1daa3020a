"""The clairvoyant Tula solver: with every tile known, can this deal be won?

With everything known, revealing never hurts (a tile that can be revealed
stays revealable), so the only decisions are which matching tile to remove
and, with mercy, which exchange to make. The solver is a depth-first search
over positions ``(present, top)`` — the bitmask of positions still in the
temple and the stack's top tile — that remembers every position it has
proved lost (memoisation), so no position is searched twice. Mercy can only
happen before the first removal, so the mercy state is decided at the root:
the search is run once for each allowed exchange (and, since mercy is
optional, once without; but without it a mercy deal is lost at once).

The answer is exact: ``winnable`` is True exactly when some sequence of
moves wins, and then ``moves`` is one such sequence in the public notation.

>>> from tilegames.tula import new_game
>>> solution = solve(new_game(seed=2, auto_reveal=True))
>>> solution.winnable, len(solution.moves)
(True, 23)
>>> game = new_game(seed=2, auto_reveal=True)
>>> for move in solution.moves:
...     game.play(move)
>>> game.won
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import core
from .fast import START, START_OPEN, mercy_usable, opened, unlocked
from .layout import LAYER3, MATCH_MASK, POSITIONS, TOP
from .rules import Game, Move

__all__ = ["Solution", "solve", "solve_deal", "winnable"]


@dataclass(frozen=True)
class Solution:
    """The solver's verdict on a position, with a winning line when there is one."""

    winnable: bool
    """Whether some sequence of moves wins from here (with every tile known)."""
    moves: tuple[Move, ...] = field(default=())
    """A winning sequence (removals, and a mercy exchange if used) when ``winnable``, else ()."""
    positions: int = 0
    """Positions the search proved lost on the way (a measure of its work)."""


def search(
    tile_at: list[int], present: int, open_mask: int, top: int, lost: set, path: list | None
) -> bool:
    """``core.search`` on the temple: True when the position wins; the winning removals
    are appended to ``path`` (last one first) when it is a list.

    >>> search(list(range(24)), START, START_OPEN, 23, set(), None)
    True
    """
    return core.search(MATCH_MASK, unlocked, tile_at, present, open_mask, top, lost, path)


def winnable(tile_at: list[int], mercy: bool = False) -> bool:
    """Fast verdict for a fresh deal (tile number on each position; see ``fast``).

    >>> winnable(list(range(24)))  # the tiles laid out in piecepack order
    True
    """
    if mercy and mercy_usable(tile_at):
        for p in LAYER3:
            swapped = list(tile_at)
            swapped[p], swapped[TOP] = tile_at[TOP], tile_at[p]
            if search(swapped, START, START_OPEN, swapped[TOP], set(), None):
                return True
        return False
    return search(tile_at, START, START_OPEN, tile_at[TOP], set(), None)


def solve_deal(tile_at: list[int], mercy: bool = False) -> Solution:
    """Solve a fresh deal given as the tile number on each position (``fast.deal_from_rng``).

    >>> solution = solve_deal(list(range(24)))
    >>> solution.winnable, [str(move) for move in solution.moves[:3]]
    (True, ['remove 3A', 'remove 3B', 'remove 2C'])
    """
    options: list[int | None] = [None]
    if mercy and mercy_usable(tile_at):
        options = list(LAYER3)  # without the exchange the deal is lost at once
    searched = 0
    for exchange in options:
        deal = list(tile_at)
        moves: list[Move] = []
        if exchange is not None:
            deal[exchange], deal[TOP] = tile_at[TOP], tile_at[exchange]
            moves.append(Move("mercy", POSITIONS[exchange]))
        lost: set = set()
        path: list[int] = []
        if search(deal, START, START_OPEN, deal[TOP], lost, path):
            moves += [Move("remove", POSITIONS[p]) for p in reversed(path)]
            return Solution(True, tuple(moves), searched + len(lost))
        searched += len(lost)
    return Solution(False, (), searched)


def solve(game: Game) -> Solution:
    """Solve a game from where it stands, every tile known (a clairvoyant's verdict).

    The moves are removals and at most one mercy exchange; to replay them on a
    game played as a person plays, reveal what can be revealed before each.
    Mercy is considered when the game's rules allow it and it is still possible.
    """
    tile_at = list(game.tile_indices)
    present = game.present_mask
    stack = [tile.index for tile in game.stack]
    if len(stack) == 24:
        return Solution(True)
    if game.rules.mercy and not game.mercy_used and len(stack) == 1:
        return solve_deal(tile_at[:TOP] + [stack[0]], mercy=True)
    lost: set = set()
    path: list[int] = []
    if search(tile_at, present, opened(present), stack[-1], lost, path):
        return Solution(
            True, tuple(Move("remove", POSITIONS[p]) for p in reversed(path)), len(lost)
        )
    return Solution(False, (), len(lost))
