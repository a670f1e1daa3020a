"""The quick forecast: what the mayhem on a board costs the deciding player, tile by tile.

A careful player (``players.CarefulPlayer``) with no quiet placement puts the
tile where the mayhem that follows sends it the fewest tiles. To compare its
options it plays each one's mayhem out on a copy of the board, with every
fall a *quick* one (to the first side where the tile lands quietly, else
left), no fire cube and whole tiles: ``players.forecast`` at depth 0. This
module is that forecast, written once, for both places that need it: the
players' ``cheapest`` race and the compiled whole-game engine (``fast``).

``costs`` is a generator: it yields the count each time it grows, so that
a race can always advance the option that has cost least so far and stop
the others as soon as they cost more (``players.cheapest``); ``cost`` runs
one to its end, or stops at a bound.

It is fast because of what it knows, not because it skips a rule: it
watches only places that hold a tile, and after a collapse or an overhang
the next problem is known without a scan (the tile it held falls, or the
one beside it first); every other event is resolved by ``mayhem`` itself.
``setup.py`` compiles it with ``fast``, ``mayhem`` and ``tiles`` (mypyc).

>>> from tilegames.pyramids.tiles import key, tile_id
>>> board = {key(0, 0): tile_id("yellow 2"), key(0, 2): tile_id("green 4")}
>>> board[key(1, 1)] = tile_id("green coal")  # legal on green 4, but it burns both straws
>>> list(costs(board, {key(1, 1)}, True, Rules()))
[2, 2]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from .mayhem import AIR, COLLAPSE, FIRE, OVERHANG, landing_is_quiet, resolve_watched, scan
from .rules import Rules
from .tiles import (
    ABOVE_LEFT,
    ABOVE_RIGHT,
    IS_FIRE,
    MATERIAL,
    REACH,
    SUPPORT_LEFT,
    SUPPORT_RIGHT,
    TOUCH,
)

__all__ = ["SIDES_AND_BELOW", "cost", "costs"]

SIDES_AND_BELOW: Final[tuple[int, ...]] = (-2, 2, SUPPORT_LEFT, SUPPORT_RIGHT)
"""Offsets of the touching positions whose fire tiles a new tile is watched with (``mayhem.watch_added``)."""


def cost(
    board: dict[int, int],
    near: set[int],
    mine: bool,
    rules: Rules,
    bound: int | None,
    total: int = 0,
    fire_around: bool = True,
    record: list | None = None,
) -> int:
    """``costs`` run to its end, or stopped as soon as the count reaches ``bound`` (None: no bound).

    A later option then only wins by costing strictly less: the first of the
    cheapest, as ``players.cheapest`` picks it.

    >>> from tilegames.pyramids.tiles import key, tile_id
    >>> board = {key(0, 0): tile_id("yellow 2"), key(0, 2): tile_id("green 4")}
    >>> board[key(1, 1)] = tile_id("red burner")
    >>> cost(dict(board), {key(1, 1)}, True, Rules(), None), cost(board, {key(1, 1)}, True, Rules(), 1)
    (2, 2)
    """
    if bound is None:
        bound = 1 << 30
    counts = costs(board, near, mine, rules, total, fire_around, record)
    for total in counts:  # noqa: B007 - the last count is the answer
        if total >= bound:
            break
    return total


def costs(
    board: dict[int, int],
    near: set[int],
    mine: bool,
    rules: Rules,
    total: int = 0,
    fire_around: bool = True,
    record: list | None = None,
    first: tuple[str, int] | None = None,
) -> Iterator[int]:
    """The tiles the deciding player gets back from the mayhem on ``board``, counted as it goes.

    ``players.forecast`` at depth 0 (no fire cube, no look-ahead, whole tiles),
    as a generator like ``players.cheapest``'s: it yields the count each time it
    grows, so that a caller can stop it (``cost``) or race several
    (``fast._careful_place``). ``total``: tiles already counted; ``fire_around``:
    False when no fire tile is on ``board`` (nothing can then catch fire);
    ``first``: the first problem, ``(kind, key)``, when it is known without a
    scan (``near`` then need not hold it).

    ``record``: when given, every event is appended to it as ``(kind, key,
    tiles counted before it, side, watched)``, ``side`` being ``"left"`` or
    ``"right"`` for a fall that lands quietly on that side, and ``watched``,
    for a fall that lands quietly on neither, a copy of the places watched
    then (every place with a problem but the falling tile's), and for a
    fire, the keys of the fire tile and of what it burns; else both None.
    The game follows a careful player's forecast event by event (see
    ``fast._careful_fall``), so the record of the forecast it follows tells it
    where the next problem is without a scan, which way a quiet fall goes,
    and, at a fall the careful player must look ahead at, where the problems
    are and what falling left costs.

    >>> from tilegames.pyramids.tiles import key, tile_id
    >>> board = {key(0, 0): tile_id("yellow 2"), key(0, 2): tile_id("green 4")}
    >>> board[key(1, 1)] = tile_id("red burner")  # collapses: its 2 supports come back
    >>> list(costs(board, {key(1, 1)}, True, Rules()))
    [2]
    """
    slide = rules.overhang_collapse == "slide"
    curse = rules.curse
    while True:
        if first is not None:
            kind, k = first
            first = None
        else:
            # The tile of the problem resolved next leaves its place (it falls, falls after
            # its collapse, or burns), so that place is not watched (except for the rarer
            # kinds); nor are the places found fine (the watch set is this forecast's own).
            found, at = scan(board, near, curse)
            if found is None or at is None:
                return
            kind, k = found, at
            if kind in (AIR, FIRE) or (kind in (COLLAPSE, OVERHANG) and not slide):
                near.discard(k)
        if kind == AIR:  # the quick fall: the first side where the tile lands quietly, else left
            tile = board.pop(k)
            target = k + SUPPORT_LEFT
            quiet = landing_is_quiet(board, tile, target, False, fire=fire_around)
            if not quiet:
                target = k + SUPPORT_RIGHT
                quiet = landing_is_quiet(board, tile, target, False, fire=fire_around)
            if quiet:
                # A quiet landing: the tile there has no problem (but a curse) and leaves its
                # fire neighbours as they were; the tiles above the two spots may have one.
                # The record notes the side, which is the careful player's own choice.
                board[target] = tile
                # (mayhem.watch_removed and watch_added: the tiles above the spot left and the
                # one landed on; of these, k is empty now and the other is k - 2 or k + 2)
                side = k - 2 if target == k + SUPPORT_LEFT else k + 2
                if side in board:
                    near.add(side)
                if k + ABOVE_LEFT in board:
                    near.add(k + ABOVE_LEFT)
                if k + ABOVE_RIGHT in board:
                    near.add(k + ABOVE_RIGHT)
                if curse:
                    near.add(target)
                if record is not None:
                    record.append(
                        (AIR, k, total, "left" if target == k + SUPPORT_LEFT else "right", None)
                    )
                continue
            if record is not None:
                # where the problems are now: a careful player looks ahead from here
                record.append((AIR, k, total, None, set(near)))
            target = k + SUPPORT_LEFT
            board[target] = tile
            near.add(target)  # and as above, the tiles it now supports and those k supported
            if k - 2 in board:
                near.add(k - 2)
            if k + ABOVE_LEFT in board:
                near.add(k + ABOVE_LEFT)
            if k + ABOVE_RIGHT in board:
                near.add(k + ABOVE_RIGHT)
            if fire_around:
                for d in SIDES_AND_BELOW:
                    other = board.get(target + d)
                    if other is not None and IS_FIRE[other]:
                        near.add(target + d)
            continue
        if record is not None:  # (a fall is noted above, with its side or watch set)
            record.append((kind, k, total, None, None))
        if kind == COLLAPSE:
            # mayhem.forecast_collapse, inlined. Nothing was in the air (the scan found none),
            # and only the tiles the two supports held can be now: the tile at k, and k - 2
            # and k + 2 when their other support is missing, else they overhang. The first of
            # them in the air falls next (k - 2 comes first in scan order): it is not watched.
            if mine:
                total += 2
                yield total
            del board[k + SUPPORT_LEFT], board[k + SUPPORT_RIGHT]
            first = AIR, k
            if k - 2 in board:
                if k - 2 + SUPPORT_LEFT in board:
                    near.add(k - 2)
                else:
                    first = AIR, k - 2
                    near.add(k)
            if k + 2 in board:
                near.add(k + 2)
            continue
        if kind == OVERHANG and not slide:
            # mayhem.forecast_overhang, inlined; as for a collapse, the tile at k is now in the
            # air, and the other tile its support held, k - 2 or k + 2, is in the air or
            # overhangs; k - 2 in the air falls first.
            if mine:
                total += 1
                yield total
            first = AIR, k
            support = k + SUPPORT_LEFT
            if support in board:
                if k - 2 in board:
                    if support - 2 in board:
                        near.add(k - 2)
                    else:
                        first = AIR, k - 2
                        near.add(k)
            else:
                support = k + SUPPORT_RIGHT
                if k + 2 in board:
                    near.add(k + 2)
            del board[support]
            continue
        if kind == FIRE:
            # resolve's fire: the fire tile leaves, and what it burns goes, tile by tile from
            # the ones it touches (whose count is yielded first: the caller may stop there).
            reach = REACH[board.pop(k)]
            todo = []
            for d in TOUCH:
                other = board.get(k + d)
                if other is not None and MATERIAL[other] <= reach:
                    todo.append(k + d)
            if mine:
                yield total + len(todo)
            for c in todo:
                del board[c]
            gone = [k, *todo]  # the fire tile and what burns
            if record is not None:  # the game takes what burns from here
                record[-1] = (FIRE, k, total, None, gone)
            while todo:
                c = todo.pop()
                for d in TOUCH:
                    other = board.get(c + d)
                    if other is not None and MATERIAL[other] <= reach:
                        del board[c + d]
                        todo.append(c + d)
                        gone.append(c + d)
            for c in gone:  # the tiles they held (mayhem.watch_step)
                if c + ABOVE_LEFT in board:
                    near.add(c + ABOVE_LEFT)
                if c + ABOVE_RIGHT in board:
                    near.add(c + ABOVE_RIGHT)
            if mine:
                total += len(gone) - 1
                yield total
            continue
        mine, spent = resolve_watched(board, near, kind, k, slide, rules.curse_debris, mine)
        if spent:
            total += spent
            yield total
