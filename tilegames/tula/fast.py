"""Fast Tula playouts on bitmasks, for simulations of 10⁵–10⁶ deals.

The readable rules live in ``rules.py``; this module plays the same game on
plain ints so that a simulation runs tens of thousands of games a second.
A game here is ``core.playout`` (the one turn, for any board) with a player's
choice from ``core`` (the same the players ask from their view), started from the
temple's deal. The tests check, deal by deal, that it agrees with the public API.

Why a deal needs so little state here: tiles only ever leave the temple, so
a tile that can be revealed stays revealable, and revealing never hurts.
Whether a position is *open* (uncovered, with a free corner) therefore
depends only on which positions are still present, and a player who reveals
everything it may sees exactly the open positions. A position is then
``(present, top)``: the positions still in the temple and the stack's top
tile (plus, at the very start, whether mercy may still be used).

- ``tile_at``: list of 24 tile numbers, the deal in position order
  (``rng.permutation(24)``, exactly what ``new_game`` draws);
- ``present``: bitmask of positions still in the temple;
- ``opened(present)``: bitmask of the open positions.

>>> import numpy as np
>>> from tilegames.tula import new_game
>>> tile_at = deal_from_rng(np.random.default_rng(5))
>>> [t.index for t in new_game(5).deal] == tile_at
True
>>> names(opened(START))
['3A', '3B', '3C']
>>> play_greedy(tile_at, mercy=False) == play_greedy(tile_at, mercy=False)
True
"""

from __future__ import annotations

import numpy as np

from .core import (
    Choice,
    best_exchange,
    chain_removal,
    greedy_removal,
    matches_removal,
    playout,
)
from .layout import (
    ALL,
    CORNER_BLOCKERS,
    COVERED_BY,
    LAYER3,
    MATCH_MASK,
    OPEN_CHECKS,
    TOP,
    names,
    open_among,
)

__all__ = [
    "START",
    "deal_from_rng",
    "mercy_usable",
    "names",
    "opened",
    "play_chain",
    "play_greedy",
    "play_matches",
    "play_random",
    "popcount",
    "unlocked",
]

START = ALL & ~(1 << TOP)
"""Positions present once 4A has started the stack."""
RANDOM_DRAWS = 24
"""Uniform numbers a random game may use: one per decision (at most 23 removals + mercy)."""


def opened(present: int) -> int:
    """Open positions: present, uncovered, with a free corner (what a player can see or reveal).

    >>> names(opened(START & ~(1 << 20)))  # 3A gone: it uncovers 2A and 2D
    ['2A', '2D', '3B', '3C']
    """
    return open_among(OPEN_CHECKS, present)


# Removing p can only open positions that p covered or whose corners p blocked.
_UNLOCK: tuple[tuple[tuple[int, int, int, int, int, int], ...], ...] = tuple(
    tuple(
        OPEN_CHECKS[q]
        for q in range(24)
        if COVERED_BY[q] >> p & 1 or any(block >> p & 1 for block in CORNER_BLOCKERS[q])
    )
    for p in range(24)
)


# The answer for ``position`` depends only on the positions its rows of checks name: those
# bits of ``present`` (and the position) key a memo, so each answer is worked out once.
_NEAR: tuple[int, ...] = tuple(
    sum(1 << q for q in range(24) if any(mask >> q & 1 for checks in _UNLOCK[p] for mask in checks))
    for p in range(24)
)
_UNLOCKED: tuple[dict[int, int], ...] = tuple({} for _ in range(24))
_UNLOCKED_MAX = 1 << 16
"""The most answers kept per position (about 100 are ever asked for; a bound all the same)."""


def unlocked(position: int, present: int) -> int:
    """Positions that are open once ``position`` has left (``present`` no longer holds it).

    Only positions ``position`` covered or blocked are looked at; some may have been open
    already, so callers OR the result into the open mask they had. The answer depends on
    those positions alone, so it is remembered under them (``open_among`` once per answer).

    >>> names(unlocked(23, START))
    ['3A', '3B', '3C']
    >>> unlocked(23, START) == open_among(_UNLOCK[23], START)
    True
    """
    known = _UNLOCKED[position]
    key = present & _NEAR[position]
    found = known.get(key)
    if found is None:
        if len(known) >= _UNLOCKED_MAX:
            known.clear()
        found = known[key] = open_among(_UNLOCK[position], present)
    return found


START_OPEN = opened(START)

_POPCOUNT = bytes(bin(i).count("1") for i in range(1 << 12))


def popcount(mask: int) -> int:
    """Number of set bits of a 24-bit mask (works on Python 3.9, unlike int.bit_count).

    >>> popcount(0b1011)
    3
    """
    return _POPCOUNT[mask & 0xFFF] + _POPCOUNT[mask >> 12]


def deal_from_rng(rng: np.random.Generator) -> list[int]:
    """A deal drawn exactly as ``rules.new_game`` draws it: tile number on each position."""
    return rng.permutation(24).tolist()


def mercy_usable(tile_at: list[int]) -> bool:
    """Whether none of 3A, 3B, 3C matches 4A's tile: the deal is lost at the first move
    without mercy, and mercy may be used.

    >>> mercy_usable(list(range(24)))  # 5 Arms on 4A; 3A-3C hold 2, 3, 4 Arms
    False
    """
    match = MATCH_MASK[tile_at[TOP]]
    return not any(match >> tile_at[p] & 1 for p in LAYER3)


def _exchanged(tile_at: list[int], p: int) -> list[int]:
    """The deal after mercy: 4A's tile and the tile on ``p`` (3A, 3B or 3C) change places."""
    tile_at = list(tile_at)
    tile_at[p], tile_at[TOP] = tile_at[TOP], tile_at[p]
    return tile_at


def _best_mercy(tile_at: list[int]) -> list[int]:
    """The deal after the heuristics' mercy (``core.best_exchange``)."""
    return _exchanged(tile_at, best_exchange(MATCH_MASK, tile_at, LAYER3))


def _stacked(tile_at: list[int], choose: Choice) -> int:
    """Tiles on the stack once ``choose`` has played the deal from the start (24 = won)."""
    return 1 + playout(MATCH_MASK, unlocked, tile_at, START, START_OPEN, tile_at[TOP], choose)


def play_random(tile_at: list[int], mercy: bool, draws) -> int:
    """Uniformly random removals; returns the tiles on the stack at the end (24 = won).

    ``draws`` are uniform numbers in [0, 1): the k-th decision with ``n`` > 1
    choices takes choice ``int(draws[k] * n)`` (mercy, when usable, is decision 0
    and picks one of the three exchanges). Passing the same draws to the
    game with and without mercy pairs the two exactly.

    >>> play_random(list(range(24)), False, [0.5] * RANDOM_DRAWS)
    23
    """
    decisions = iter(draws)
    if mercy and mercy_usable(tile_at):
        tile_at = _exchanged(tile_at, LAYER3[int(next(decisions) * 3)])

    def choose(present: int, open_mask: int, top: int, choices: int) -> int:
        for _ in range(int(next(decisions) * choices.bit_count())):
            choices &= choices - 1  # drop the lowest: the k-th choice in position order
        return (choices & -choices).bit_length() - 1

    return _stacked(tile_at, choose)


def play_greedy(tile_at: list[int], mercy: bool) -> int:
    """The greedy player (see ``players.GreedyPlayer``) on bitmasks; returns tiles stacked."""
    if mercy and mercy_usable(tile_at):
        tile_at = _best_mercy(tile_at)
    return _stacked(
        tile_at,
        lambda present, open_mask, top, choices: greedy_removal(
            choices, unlocked, present, open_mask
        ),
    )


def play_matches(tile_at: list[int], mercy: bool) -> int:
    """The matches player (see ``players.MatchesPlayer``) on bitmasks; returns tiles stacked.

    >>> play_matches(list(range(24)), mercy=False)
    7
    """
    if mercy and mercy_usable(tile_at):
        tile_at = _best_mercy(tile_at)
    return _stacked(
        tile_at,
        lambda present, open_mask, top, choices: matches_removal(
            choices, MATCH_MASK, tile_at, open_mask
        ),
    )


def play_chain(tile_at: list[int], mercy: bool) -> int:
    """The chain player (see ``players.ChainPlayer``) on bitmasks; returns tiles stacked.

    >>> play_chain(list(range(24)), mercy=False)
    24
    """
    if mercy and mercy_usable(tile_at):
        tile_at = _best_mercy(tile_at)
    memo: dict = {}
    return _stacked(
        tile_at,
        lambda present, open_mask, top, choices: chain_removal(
            choices, MATCH_MASK, unlocked, tile_at, present, open_mask, memo
        ),
    )
