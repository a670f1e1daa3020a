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
  other heuristics;
- ``matches_removal`` and ``chain_removal`` (with ``longest_chain``): the matches and
  chain players' choices, used by ``players`` on the view and by ``fast`` on the deal
  (the chain's score also breaks the expert's ties);
- ``removable`` and ``playout``: which open tiles may be removed, and one game played
  to its end by any of these choices (``fast``'s games on the temple, ``hidden``'s on
  smaller boards).

The expert's search (``expert``) is a declared fast path of ``search``: the same
verdicts (a test compares them deal by deal), found sooner by pruning.

>>> from tilegames.tula.fast import START, START_OPEN, unlocked
>>> from tilegames.tula.layout import LAYER3, MATCH_MASK, TOP
>>> deal = list(range(24))  # the tiles in piecepack order, 5 Arms on 4A
>>> search(MATCH_MASK, unlocked, deal, START, START_OPEN, deal[TOP], set())
True
>>> choices = removable(MATCH_MASK[deal[TOP]], deal, START_OPEN)  # 3A, 3B, 3C: Arms
>>> greedy_removal(choices, unlocked, START, START_OPEN)  # 3A
20
>>> best_exchange(MATCH_MASK, deal, list(LAYER3))
20
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = [
    "CHAIN_LIMIT",
    "Choice",
    "Unlocked",
    "best_exchange",
    "bit_positions",
    "chain_removal",
    "greedy_removal",
    "longest_chain",
    "matches_removal",
    "playout",
    "removable",
    "search",
]

CHAIN_LIMIT = 8
"""How far the chain player looks along a chain of face-up tiles."""

Unlocked = Callable[[int, int], int]
"""``unlocked(position, present)``: the positions that may open once ``position`` left."""
Choice = Callable[[int, int, int, int], int]
"""``choose(present, open_mask, top, choices)``: the position to remove next, one of the
``choices`` (a mask of two or more open positions whose tiles match ``top``)."""


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


def greedy_removal(choices: int, unlocked: Unlocked, present: int, open_mask: int) -> int:
    """The greedy choice among ``choices`` (a mask of open positions that may be removed):
    the one whose removal opens the most positions not open yet, the first in position
    order on a tie; -1 when there is no choice.

    >>> from tilegames.tula.fast import START, START_OPEN, unlocked
    >>> greedy_removal(0b111 << 20, unlocked, START, START_OPEN)  # 3A opens 2A and 2D
    20
    """
    best = -1
    best_score = -1
    scan = choices
    while scan:
        low = scan & -scan
        scan ^= low
        p = low.bit_length() - 1
        score = (unlocked(p, present ^ low) & ~open_mask).bit_count()
        if score > best_score:
            best, best_score = p, score
    return best


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


def removable(partners: int, tile_at: Sequence[int], open_mask: int) -> int:
    """The open positions (of ``open_mask``) whose tiles are in ``partners``, as a mask.

    >>> bin(removable(0b0110, [1, 2, 3], 0b111))  # tiles 1 and 2 match; 3 does not
    '0b11'
    """
    out = 0
    scan = open_mask
    while scan:
        low = scan & -scan
        scan ^= low
        if partners >> tile_at[low.bit_length() - 1] & 1:
            out |= low
    return out


def playout(
    match: Sequence[int],
    unlocked: Unlocked,
    tile_at: Sequence[int],
    present: int,
    open_mask: int,
    top: int,
    choose: Choice,
) -> int:
    """Play a game to its end; the tiles removed. The whole turn, for every player and board.

    The open tiles that match the top may be removed; with none, the game is over. With
    one, it is removed; with more, ``choose(present, open_mask, top, choices)`` picks one
    of ``choices`` (a mask). A removal takes the position out of ``present`` and
    ``open_mask``, opens what ``unlocked`` says, and puts its tile on the stack (``top``).

    >>> from tilegames.tula.fast import START, START_OPEN, unlocked
    >>> from tilegames.tula.layout import MATCH_MASK, TOP
    >>> deal = list(range(24))
    >>> def lowest(present, open_mask, top, choices):
    ...     return (choices & -choices).bit_length() - 1
    >>> playout(MATCH_MASK, unlocked, deal, START, START_OPEN, deal[TOP], lowest)
    4
    """
    removed = 0
    while True:
        choices = removable(match[top], tile_at, open_mask)
        if not choices:
            return removed
        if choices & (choices - 1):
            p = choose(present, open_mask, top, choices)
        else:
            p = choices.bit_length() - 1
        bit = 1 << p
        present ^= bit
        open_mask = (open_mask ^ bit) | unlocked(p, present)
        top = tile_at[p]
        removed += 1


def matches_removal(
    choices: int, match: Sequence[int], tile_at: Sequence[int], open_mask: int
) -> int:
    """The matches player's choice among ``choices`` (a mask of open positions that may be
    removed): the one whose tile matches the most of the other open tiles, the first in
    position order on a tie; -1 when there is no choice.

    >>> matches_removal(0b111, [0b011, 0b011, 0b100], [0, 1, 2], 0b111)  # 0 matches 1
    0
    """
    best = -1
    best_score = -1
    scan = choices
    while scan:
        low = scan & -scan
        scan ^= low
        p = low.bit_length() - 1
        score = removable(match[tile_at[p]], tile_at, open_mask ^ low).bit_count()
        if score > best_score:
            best, best_score = p, score
    return best


def longest_chain(
    match: Sequence[int], tile_at: Sequence[int], available: int, top: int, memo: dict, limit: int
) -> int:
    """The most removals in a row, at most ``limit``, using only the tiles on ``available``
    positions, starting from the stack tile ``top``.

    ``memo`` maps ``(available, top, limit)`` to the answer; it stays valid for one deal.

    >>> from tilegames.tula.layout import MATCH_MASK
    >>> longest_chain(MATCH_MASK, list(range(24)), 0b111, 3, {}, 8)  # null, ace, 2 Suns after 3 Suns
    3
    >>> longest_chain(MATCH_MASK, list(range(24)), 0b111, 3, {}, 2)
    2
    """
    if limit <= 0:
        return 0
    key = (available << 6 | top) << 5 | limit
    known = memo.get(key)
    if known is not None:
        return known
    best = 0
    scan = removable(match[top], tile_at, available)
    while scan:
        low = scan & -scan
        scan ^= low
        tile = tile_at[low.bit_length() - 1]
        length = (
            1 + longest_chain(match, tile_at, available ^ low, tile, memo, limit - 1)
            if limit > 1
            else 1
        )
        if length > best:
            best = length
            if best >= limit:
                break
    memo[key] = best
    return best


def chain_removal(
    choices: int,
    match: Sequence[int],
    unlocked: Unlocked,
    tile_at: Sequence[int],
    present: int,
    open_mask: int,
    memo: dict,
) -> int:
    """The chain player's choice among ``choices`` (a mask of open positions that may be
    removed): the one that starts the longest run of removals using only the open tiles
    (looking ``CHAIN_LIMIT`` ahead), then the one whose removal opens the most positions,
    then the first in position order; -1 when there is no choice.

    ``memo`` is ``longest_chain``'s, for one deal.
    """
    positions = bit_positions(choices)
    if len(positions) < 2:
        return positions[0] if positions else -1
    # the chain after a removal uses the other open tiles: never more than them
    limit = min(CHAIN_LIMIT, open_mask.bit_count() - 1)
    # look at the moves by positions opened (most first, then position order) and keep the
    # first with the longest chain: it wins every tie the order already settles
    ranked = sorted(
        (-(unlocked(p, present ^ 1 << p) & ~open_mask).bit_count(), p) for p in positions
    )
    best, best_chain = -1, -1
    for _, p in ranked:
        chain = longest_chain(match, tile_at, open_mask ^ 1 << p, tile_at[p], memo, limit)
        if chain > best_chain:
            best, best_chain = p, chain
            if chain >= limit:  # nothing can beat it
                break
    return best
