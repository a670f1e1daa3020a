"""The moves every Tula engine shares, on bitmasks, for the temple or any smaller board.

A board is described by two things only: ``match`` (per tile, the mask of the tiles
it matches) and ``unlocked(position, present)`` (the positions that may open once
``position`` has left). The temple's are ``layout.MATCH_MASK`` and ``fast.unlocked``;
a reduced board's are ``hidden.Board.match`` and ``hidden.Board.unlocked``. On top of
them this module holds, once:

- ``search``: the clairvoyant's depth-first search (can this position be won, every
  tile known?), used by ``solver``, the sampler and ``hidden.solve``;
- ``greedy_removal``: the greedy player's choice (uncover the most), used by
  ``fast.play_greedy``, ``players.GreedyPlayer`` and ``hidden.play_simple``;
- ``best_exchange``: the heuristics' mercy (the exchange after which the most of the
  other open tiles match the new top), used by the same three and by ``fast``'s
  other heuristics.

The expert's search (``expert``) is a declared fast path of ``search``: the same
verdicts (a test compares them deal by deal), found sooner by pruning.

>>> from tilegames.tula.fast import START, START_OPEN, unlocked
>>> from tilegames.tula.layout import LAYER3, MATCH_MASK, TOP
>>> deal = list(range(24))  # the tiles in piecepack order, 5 Arms on 4A
>>> search(MATCH_MASK, unlocked, deal, START, START_OPEN, deal[TOP], set())
True
>>> greedy_removal(MATCH_MASK[deal[TOP]], unlocked, deal, START, START_OPEN)[0]  # 3A
20
>>> best_exchange(MATCH_MASK, deal, list(LAYER3))
20
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["best_exchange", "bit_positions", "greedy_removal", "search"]

Unlocked = Callable[[int, int], int]
"""``unlocked(position, present)``: the positions that may open once ``position`` left."""


def bit_positions(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first.

    >>> bit_positions(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out


def search(
    match: Sequence[int],
    unlocked: Unlocked,
    tile_at: Sequence[int],
    present: int,
    open_mask: int,
    top: int,
    lost: set[int],
    path: list[int] | None = None,
) -> bool:
    """Whether the position can be won by someone who sees every tile (``tile_at``).

    ``present``: the positions still on the board; ``open_mask``: the open ones; ``top``:
    the stack's top tile. Depth-first, lowest position first; every position proved lost
    goes into ``lost`` (keyed ``present << 6 | top``: boards of up to 64 tiles) and is
    never searched again. When it wins and ``path`` is a list, the winning removals are
    appended to it, last one first.

    The deal, the board and the memo are the same at every depth: the recursion is an
    inner function of the three things that change (fewer arguments to pass per position),
    and the matches are looked up once per deal as positions (``reach[top]``: where the
    tiles that match ``top`` lie), so only the open positions that match are visited.
    """
    where = [0] * len(match)  # per tile, its position's bit
    for p, tile in enumerate(tile_at):
        where[tile] |= 1 << p
    reach = [sum(where[t] for t in bit_positions(partners)) for partners in match]

    def wins(present: int, open_mask: int, top: int) -> bool:
        if not present:
            return True
        key = present << 6 | top
        if key in lost:
            return False
        scan = open_mask & reach[top]
        while scan:
            low = scan & -scan
            scan ^= low
            p = low.bit_length() - 1
            after = present ^ low
            if wins(after, (open_mask ^ low) | unlocked(p, after), tile_at[p]):
                if path is not None:
                    path.append(p)
                return True
        lost.add(key)
        return False

    return wins(present, open_mask, top)


def greedy_removal(
    partners: int,
    unlocked: Unlocked,
    tile_at: Sequence[int],
    present: int,
    open_mask: int,
    among: int = -1,
) -> tuple[int, int]:
    """The greedy choice: ``(position, positions it opens)``, or ``(-1, 0)`` with no removal.

    Among the open positions (only those in ``among``, when given) whose tiles are in
    ``partners`` (the mask of the tiles matching the top), the one whose removal opens
    the most positions not open yet; the first in position order on a tie.
    """
    best = -1
    best_score = -1
    best_open = 0
    scan = open_mask & among
    while scan:
        low = scan & -scan
        scan ^= low
        p = low.bit_length() - 1
        if partners >> tile_at[p] & 1:
            new = unlocked(p, present ^ low) & ~open_mask
            score = new.bit_count()
            if score > best_score:
                best, best_score, best_open = p, score, new
    return best, best_open


def best_exchange(match: Sequence[int], tile_at: Sequence[int], choices: Sequence[int]) -> int:
    """The heuristics' mercy: the position among ``choices`` whose tile, made the new top,
    matches the most of the other choices' tiles (the first in the order given on a tie).

    >>> best_exchange([0b110, 0b001, 0b001], [0, 1, 2], [1, 2, 0])  # tile 0 matches 1 and 2
    0
    """
    best, best_score = choices[0], -1
    for p in choices:
        partners = match[tile_at[p]]
        score = sum(partners >> tile_at[q] & 1 for q in choices if q != p)
        if score > best_score:
            best, best_score = p, score
    return best
