"""Fast Tula playouts on bitmasks, for simulations of 10⁵–10⁶ deals.

The readable rules live in ``rules.py``; this module plays the same game on
plain ints so that a simulation runs tens of thousands of games a second.
The tests check, deal by deal, that it agrees with the public API.

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

from .core import best_exchange, greedy_removal
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
    "longest_chain",
    "play_chain",
    "play_greedy",
    "play_matches",
    "play_random",
    "popcount",
    "unlocked",
]

START = ALL & ~(1 << TOP)
"""Positions present once 4A has started the stack."""
CHAIN_LIMIT = 8
"""How far the chain player looks along a chain of face-up tiles."""
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


def _removable(tile_at: list[int], open_mask: int, top: int) -> list[int]:
    match = MATCH_MASK[top]
    out = []
    while open_mask:
        low = open_mask & -open_mask
        p = low.bit_length() - 1
        if match >> tile_at[p] & 1:
            out.append(p)
        open_mask ^= low
    return out


def _best_mercy(tile_at: list[int]) -> int:
    return best_exchange(MATCH_MASK, tile_at, LAYER3)


def _exchange(tile_at: list[int], p: int) -> list[int]:
    tile_at = list(tile_at)
    tile_at[p], tile_at[TOP] = tile_at[TOP], tile_at[p]
    return tile_at


def play_random(tile_at: list[int], mercy: bool, draws) -> int:
    """Uniformly random removals; returns the tiles on the stack at the end (24 = won).

    ``draws`` are uniform numbers in [0, 1): the k-th decision with ``n`` > 1
    choices takes choice ``int(draws[k] * n)`` (mercy, when usable, is decision 0
    and picks one of the three exchanges). Passing the same draws to the
    game with and without mercy pairs the two exactly.

    >>> play_random(list(range(24)), False, [0.5] * RANDOM_DRAWS)
    23
    """
    k = 0
    if mercy and mercy_usable(tile_at):
        tile_at = _exchange(tile_at, LAYER3[int(draws[0] * 3)])
        k = 1
    present, open_mask, top, stacked = START, START_OPEN, tile_at[TOP], 1
    while True:
        choices = _removable(tile_at, open_mask, top)
        n = len(choices)
        if not n:
            return stacked
        if n > 1:
            p = choices[int(draws[k] * n)]
            k += 1
        else:
            p = choices[0]
        bit = 1 << p
        present ^= bit
        open_mask = (open_mask ^ bit) | unlocked(p, present)
        top = tile_at[p]
        stacked += 1


def play_greedy(tile_at: list[int], mercy: bool) -> int:
    """The greedy player (see ``players.GreedyPlayer``) on bitmasks; returns tiles stacked."""
    if mercy and mercy_usable(tile_at):
        tile_at = _exchange(tile_at, _best_mercy(tile_at))
    present, open_mask, top, stacked = START, START_OPEN, tile_at[TOP], 1
    while True:
        best, best_open = greedy_removal(MATCH_MASK[top], unlocked, tile_at, present, open_mask)
        if best < 0:
            return stacked
        bit = 1 << best
        present ^= bit
        open_mask = (open_mask ^ bit) | best_open
        top = tile_at[best]
        stacked += 1


def play_matches(tile_at: list[int], mercy: bool) -> int:
    """The matches player (see ``players.MatchesPlayer``) on bitmasks; returns tiles stacked.

    >>> play_matches(list(range(24)), mercy=False)
    7
    """
    if mercy and mercy_usable(tile_at):
        tile_at = _exchange(tile_at, _best_mercy(tile_at))
    present, open_mask, top, stacked = START, START_OPEN, tile_at[TOP], 1
    while True:
        match = MATCH_MASK[top]
        best = -1
        best_score = -1
        scan = open_mask
        while scan:
            low = scan & -scan
            scan ^= low
            p = low.bit_length() - 1
            t = tile_at[p]
            if match >> t & 1:
                partners = MATCH_MASK[t]
                rest = open_mask ^ low
                score = 0
                while rest:
                    other = rest & -rest
                    rest ^= other
                    if partners >> tile_at[other.bit_length() - 1] & 1:
                        score += 1
                if score > best_score:
                    best, best_score = p, score
        if best < 0:
            return stacked
        bit = 1 << best
        present ^= bit
        open_mask = (open_mask ^ bit) | unlocked(best, present)
        top = tile_at[best]
        stacked += 1


def longest_chain(tile_at: list[int], available: int, top: int, memo: dict, limit: int = 8) -> int:
    """The most removals in a row, at most ``limit``, using only the tiles on ``available``
    positions, starting from the stack tile ``top``.

    ``memo`` maps ``(available, top, limit)`` to the answer; it stays valid for one deal.

    >>> longest_chain(list(range(24)), 0b111, 3, {})  # null, ace, 2 Suns after 3 Suns
    3
    >>> longest_chain(list(range(24)), 0b111, 3, {}, limit=2)
    2
    """
    if limit <= 0:
        return 0
    key = (available << 5 | top) << 5 | limit
    known = memo.get(key)
    if known is not None:
        return known
    best = 0
    match = MATCH_MASK[top]
    scan = available
    while scan:
        low = scan & -scan
        scan ^= low
        tile = tile_at[low.bit_length() - 1]
        if match >> tile & 1:
            length = (
                1 + longest_chain(tile_at, available ^ low, tile, memo, limit - 1)
                if limit > 1
                else 1
            )
            if length > best:
                best = length
                if best >= limit:
                    break
    memo[key] = best
    return best


def play_chain(tile_at: list[int], mercy: bool) -> int:
    """The chain player (see ``players.ChainPlayer``) on bitmasks; returns tiles stacked.

    >>> play_chain(list(range(24)), mercy=False)
    24
    """
    if mercy and mercy_usable(tile_at):
        tile_at = _exchange(tile_at, _best_mercy(tile_at))
    present, open_mask, top, stacked = START, START_OPEN, tile_at[TOP], 1
    memo: dict = {}
    while True:
        choices = _removable(tile_at, open_mask, top)
        if not choices:
            return stacked
        best = choices[0]
        if len(choices) > 1:
            # the chain after a removal uses the other open tiles: never more than them
            limit = min(CHAIN_LIMIT, popcount(open_mask) - 1)
            # best (chain, uncovered), first in position order on a tie: look at the moves
            # by uncovered (most first) and keep the first that has the longest chain
            ranked = sorted(
                (-popcount(unlocked(p, present ^ 1 << p) & ~open_mask), p) for p in choices
            )
            best_chain = -1
            for _, p in ranked:
                chain = longest_chain(tile_at, open_mask ^ 1 << p, tile_at[p], memo, limit)
                if chain > best_chain:
                    best, best_chain = p, chain
                    if chain >= limit:  # nothing can beat it
                        break
        bit = 1 << best
        present ^= bit
        open_mask = (open_mask ^ bit) | unlocked(best, present)
        top = tile_at[best]
        stacked += 1
