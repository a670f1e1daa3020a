"""Can Tula's two clairvoyant searches be one? The candidates, for counting instructions.

    valgrind --tool=callgrind python benchmarks/tula_one_search.py solver plain 5000
    valgrind --tool=callgrind python benchmarks/tula_one_search.py expert shared 10

(each minus the same with 0 deals; ``benchmarks/tula_one_search.json`` holds the figures and
the decision). ``core.search`` is the solver's, the sampler's and ``hidden.solve``'s search;
the expert has its own (``expert._search``), pruned: it tries no move that leaves a tile with
no partner or two tiles that must both come last, and tries the highest position first.
Candidates:

- ``solver pruned`` and ``solver pruned_high``: the solver on ``pruned_search`` below, which
  is ``core.search`` with the expert's pruning (lowest or highest position first): what the
  solver would pay if the one search were the pruned one;
- ``expert shared``: the expert with its search replaced by ``core.search`` (its cache of
  what a removal opens kept): what the expert would pay if the one search were the plain one.

Pruning and order never change a verdict, so every candidate plays the same games.
"""

from __future__ import annotations

import sys

import numpy as np

from tilegames.tula import core, expert
from tilegames.tula.core import bit_positions
from tilegames.tula.fast import START, START_OPEN, deal_from_rng, unlocked
from tilegames.tula.layout import MATCH_MASK, TOP


def pruned_search(match, unlocked, tile_at, present, open_mask, top, lost, high_first=False):
    """``core.search`` with the expert's pruning (see ``expert._strand_check``)."""
    where = [0] * len(match)
    tiles = 0
    for p in bit_positions(present):
        where[tile_at[p]] |= 1 << p
        tiles |= 1 << tile_at[p]
    reach = [sum(where[t] for t in bit_positions(partners)) for partners in match]
    if not present:
        return True
    ends = expert._strand_check(match, top, tiles)
    if ends is None:
        return False

    def wins(present, open_mask, top, tiles, ends):
        key = present << 6 | top
        if key in lost:
            return False
        partners = match[top]
        dead = single = 0
        scan = partners & tiles
        while scan:
            low = scan & -scan
            scan ^= low
            others = match[low.bit_length() - 1] & tiles
            if not others & (others - 1):
                if others:
                    single |= low
                else:
                    dead |= low
        if dead & (dead - 1):
            lost.add(key)
            return False
        ends = ends & ~partners | single
        scan = open_mask & reach[top]
        while scan:
            if high_first:
                p = scan.bit_length() - 1
                low = 1 << p
            else:
                low = scan & -scan
                p = low.bit_length() - 1
            scan ^= low
            tile = tile_at[p]
            bit = 1 << tile
            if dead & ~bit:
                continue
            left_ends = ends & ~bit
            if left_ends & (left_ends - 1):
                continue
            after = present ^ low
            if not after:
                return True
            if wins(after, (open_mask ^ low) | unlocked(p, after), tile, tiles ^ bit, left_ends):
                return True
        lost.add(key)
        return False

    return wins(present, open_mask, top, tiles, ends)


def shared_wins(board, cache, tile_at, where, start, lost):
    """``expert._wins`` on ``core.search``, with the expert's cache of what a removal opens."""
    present, open_mask, top, _, _ = start

    def cached_unlocked(p, after):
        opened = cache.get(after << 6 | p)
        if opened is None:
            opened = cache[after << 6 | p] = board.unlocked(p, after)
        return opened

    return core.search(board.match, cached_unlocked, tile_at, present, open_mask, top, lost)


def main(workload: str, candidate: str, n: int) -> None:
    if workload == "solver":
        search = {
            "plain": core.search,
            "pruned": pruned_search,
            "pruned_high": lambda *a: pruned_search(*a, high_first=True),
        }[candidate]
        rng = np.random.default_rng(5)
        deals = [rng.permutation(24).tolist() for _ in range(n)]
        won = sum(search(MATCH_MASK, unlocked, d, START, START_OPEN, d[TOP], set()) for d in deals)
        print(workload, candidate, n, "won", won)
        return
    if candidate == "shared":
        expert._wins = shared_wins
    rng = np.random.default_rng(3)
    deals = [deal_from_rng(rng) for _ in range(n)]
    stacked = [
        expert.play_expert(d, mercy, np.random.default_rng(i))
        for i, d in enumerate(deals)
        for mercy in (False, True)
    ]
    print(workload, candidate, n, "stacked", stacked)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
