"""The careful player's reckoning: what the mayhem on a board will cost, and its choices.

A careful player (``players.CarefulPlayer``) plays the heaviest tile that
causes no mayhem; with none, it plays out each option's mayhem on a copy of
the pyramid and takes the one that sends it the fewest tiles back; when a
tile falls it picks the side the same way. This module is that reckoning,
written once, for both places that play a careful seat: the readable player
(``players``), which asks it from its ``PlayerView``, and the compiled
whole-game engine (``fast``), which asks it from its own board.

- ``forecast``: the expected tiles a player gets back from the mayhem on a
  board, with any fall looked ahead and the fire cube averaged over its
  faces (the expert player uses the look-ahead);
- ``costs``: the same count without the fire cube or look-ahead (quick falls:
  to the first side where the tile lands quietly, else left), as a generator
  that yields the count each time it grows, so that options race: ``cheapest``
  always advances the one that has cost least so far, and the first to finish
  is the cheapest (``cost`` runs one to its end, or to a bound);
- ``choose_placement`` and ``choose_fall``: the careful player's two choices.

It is fast because of what it knows, not because it skips a rule: ``costs``
watches only places that hold a tile, and after a collapse or an overhang
the next problem is known without a scan (the tile it held falls, or the one
beside it first); every other event is resolved by ``mayhem`` itself.
``setup.py`` compiles it with ``fast``, ``mayhem`` and ``tiles`` (mypyc).

>>> from tilegames.pyramids.tiles import key, tile_id
>>> row0 = {key(0, 0): tile_id("yellow 2"), key(0, 2): tile_id("green 4")}
>>> coal = {**row0, key(1, 1): tile_id("green coal")}  # legal on green 4, but burns both straws
>>> list(costs(coal, {key(1, 1)}, True, Rules()))
[2, 2]
>>> blue = tile_id("blue 120")  # it breaks the building rules on row 0, but fits at its end
>>> choose_placement(row0, [blue], [key(1, 1), key(0, -2)], Rules(), False)
(39, -2, True, None)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from heapq import heapify, heapreplace
from typing import Any, Final

from . import mayhem
from .mayhem import (
    AIR,
    COLLAPSE,
    CURSE_KIND,
    FIRE,
    OVERHANG,
    ROLL,
    collapse_watched,
    first_problem_near,
    landing_is_quiet,
    overhang_watched,
    placement_is_quiet,
    quiet_sides,
    resolve,
    resolve_watched,
    scan,
    unsettled,
    watch_added,
    watch_removed,
    watch_step,
)
from .rules import Rules
from .tiles import (
    ABOVE_LEFT,
    ABOVE_RIGHT,
    FIRE_TILES,
    HALF,
    IS_FIRE,
    LEGAL,
    MATERIAL,
    REACH,
    SUPPORT_LEFT,
    SUPPORT_RIGHT,
    TOUCH,
    WEIGHT,
)

__all__ = [
    "FACES",
    "HEAVIEST_FIRST",
    "SIDES_AND_BELOW",
    "cheapest",
    "choose_fall",
    "choose_placement",
    "cost",
    "costs",
    "expected_cheapest",
    "fallen",
    "forecast",
    "quick_fall",
]

FACES = ((1, 0.5), (4, 1 / 6), (5, 1 / 6), (6, 1 / 6))
"""Die faces with different outcomes and their probabilities (1, 2 and 3 act alike)."""

SIDES_AND_BELOW: Final[tuple[int, ...]] = (-2, 2, SUPPORT_LEFT, SUPPORT_RIGHT)
"""Offsets of the touching positions whose fire tiles a new tile is watched with (``mayhem.watch_added``)."""

HEAVIEST_FIRST = tuple(-w for w in WEIGHT).__getitem__
"""Sort key of tile ids, heaviest first (``sorted`` keeps hand order among equal weights)."""

_FALLS: Final = ("left", "right")


def choose_placement(
    board: dict[int, int],
    order: list[int],
    spots: list[int],
    rules: Rules,
    fire_around: bool,
) -> tuple[int, int, bool, Any]:
    """The careful player's placement: ``(tile, key, whether it is quiet, memo)``.

    ``order``: the hand, heaviest first (hand order among equal weights).
    ``fire_around``: whether a fire tile is on ``board``. ``memo``: for a
    forecast placement (no fire cube, no curse), ``(record, cost, 0)`` of its
    forecast (see ``cost`` and ``choose_fall``), else None.
    """
    curse, cube = rules.curse, rules.fire_cube
    for t in order:
        for k in spots:
            if placement_is_quiet(board, t, k, curse=curse, fire_cube=cube, fire=fire_around):
                return t, k, True, None
    if not cube:
        # The first option of least cost, as ``cheapest`` finds it: the forecasts race,
        # the one that has cost least so far (the first among equals) always going on, so the
        # first to finish is the answer and the others stop as soon as they cost more. A
        # placement that breaks the building rules there starts with a collapse (2 tiles back:
        # the board was settled, so nothing is in the air and no curse comes first) when nothing
        # is above it and no fire beside it: it joins the race at 2, unstarted.
        #
        # Per spot, what does not depend on the tile: its supports, whether such a collapse
        # comes first, and the fire tiles a tile there is watched with (``mayhem.watch_added``).
        places = []
        fires = []
        for k in spots:
            if fire_around:
                fires = [k + d for d in SIDES_AND_BELOW if IS_FIRE[board.get(k + d, 0)]]
            if k <= -HALF:
                supports = board[k + SUPPORT_LEFT] * 45 + board[k + SUPPORT_RIGHT]
                bare = not fires and k + ABOVE_LEFT not in board and k + ABOVE_RIGHT not in board
            else:
                supports, bare = None, False
            watch = [k, *fires]
            if k + ABOVE_LEFT in board:
                watch.append(k + ABOVE_LEFT)
            if k + ABOVE_RIGHT in board:
                watch.append(k + ABOVE_RIGHT)
            places.append((k, supports, bare, watch))
        # the options: (tiles so far, option number, its forecast or None before it starts, tile,
        # key, its record (before it starts, its spot's watch list), whether a collapse comes first)
        race: list[tuple[int, int, Iterator[int] | None, int, int, list | None, bool]] = []
        for t in order:
            for k, supports, bare, watch in places:
                # a placement that breaks the building rules costs 2 at least (its first event
                # is a collapse, of it or of a tile it now supports)
                illegal = supports is not None and not LEGAL[t * 2025 + supports]
                collapses = bare and illegal
                race.append((2 if illegal else 0, len(race), None, t, k, watch, collapses))
        heapify(race)
        while True:
            total, i, counting, t, k, record, collapses = race[0]
            if counting is None:  # its turn to start
                trial = dict(board)
                trial[k] = t
                if collapses:  # its own collapse comes first, counted from 0 again
                    near, first = set(), (COLLAPSE, k)
                else:
                    assert record is not None  # the spot's watch list, until it starts
                    near, first = set(record), None
                total = 0
                record = None if curse else []
                counting = costs(
                    trial, near, True, rules, total, fire_around or IS_FIRE[t], record, first
                )
                if collapses:  # its collapse: the 2 it joined at, so it stays in front
                    total = next(counting)
            count = next(counting, -1)
            if count < 0:
                # The chosen forecast ran to its end: what it noted serves the falls to come.
                return t, k, False, None if record is None else (record, total, 0)
            total = count
            heapreplace(race, (total, i, counting, t, k, record, collapses))
    t, k = expected_cheapest(((t, k, {**board, k: t}) for t in order for k in spots), rules)
    return t, k, False, None


def choose_fall(
    board: dict[int, int],
    k: int,
    rules: Rules,
    mine: bool,
    pending: tuple[int, int] | None,
    near: set[int] | None = None,
    memo: Any = None,
    event: int = 0,
    quick: bool = True,
) -> tuple[str, Any]:
    """The careful player's fall: ``"left"`` or ``"right"`` for the tile in the air at ``k``, and the memo.

    ``near``: a watch set of the settling game, which holds every position with
    a problem (``k`` aside; what ``mayhem.unsettled`` finds by scanning the
    whole board): the game's own, or the one the followed forecast noted in
    its record at this fall; None works it out from the whole board.
    ``pending``: where a fire cube roll is due (``Game.roll_pending``).
    ``quick``: when the tile would land quietly on both sides, fall left
    without forecasting (``CarefulPlayer.quick_falls``).

    ``memo``: ``(record, cost, first event)`` of the last forecast the game
    has followed (the chosen placement's, or the side chosen at the last
    fall), or None; ``event``: this fall's number in the turn's mayhem. Up to
    a fall that lands quietly on neither side, a careful player falls as the
    forecast's quick falls do, so the game follows the forecast event by
    event (and asks only at such a fall: the record says where a quiet one
    goes); at such a fall the forecast fell left, and what falling left
    costs is its total minus what it had counted then: it is not forecast
    again. (Only without the curse: a curse changes who decides.)
    """
    cube = rules.fire_cube
    # With a memo the game asks only at a fall whose forecast found no quiet side.
    if memo is None:
        quiet = quiet_sides(board, k, cube)
        if quiet[0] != quiet[1]:
            return ("left" if quiet[0] else "right"), memo
        if quiet[0] and quick:
            return "left", memo
    if near is None:
        near = unsettled(board, curse=rules.curse, fire_cube=cube)
    if not cube:
        # ``cheapest`` of the two: right only when it costs strictly less than left
        # (so not at all when left costs nothing).
        fire_around = not FIRE_TILES.isdisjoint(board.values())
        track = not rules.curse
        if memo is not None:
            record, spent, first = memo
            left = spent - record[event - first][2]
            left_memo = memo
        else:
            record = [] if track else None
            trial, watch = fallen(board, near, k, "left")
            left = cost(trial, watch, mine, rules, None, 0, fire_around, record)
            left_memo = None if record is None else (record, left, event + 1)
        if left == 0:
            return "left", left_memo
        record = [] if track else None
        trial, watch = fallen(board, near, k, "right")
        right = cost(trial, watch, mine, rules, left, 0, fire_around, record)
        if right < left:
            return "right", None if record is None else (record, right, event + 1)
        return "left", left_memo
    outcomes: list[Any] = []
    for direction in _FALLS:
        trial, watch = fallen(board, near, k, direction)
        bound = outcomes[0] if outcomes else float("inf")
        outcomes.append(
            forecast(trial, rules, mine=mine, roll_pending=pending, bound=bound, near=watch)
        )
    return ("left" if outcomes[0] <= outcomes[1] else "right"), None


def fallen(board: dict[int, int], near: set[int], k: int, direction: str) -> tuple[dict, set]:
    """A copy of ``board`` where the tile in the air at ``k`` fell ``direction``, and its watch set.

    ``near``: the places to watch on ``board`` (it is not changed).

    >>> from tilegames.pyramids.tiles import key, position, tile_id
    >>> board = {key(0, 0): tile_id("red 20"), key(2, 2): tile_id("blue 20")}
    >>> trial, watch = fallen(board, {key(2, 2)}, key(2, 2), "left")
    >>> [position(k) for k in trial], key(1, 1) in watch
    ([(0, 0), (1, 1)], True)
    """
    trial = dict(board)
    target = mayhem.fall(trial, k, direction)
    return trial, watch_added(trial, watch_removed(set(near), k), target)


def forecast(
    board: dict[int, int],
    rules: Rules,
    *,
    mine: bool = True,
    roll_pending: tuple[int, int] | None = None,
    depth: int = 0,
    bound: float = float("inf"),
    near: set[int] | None = None,
) -> float:
    """Expected number of tiles the deciding player receives from the mayhem on ``board`` (changed in place).

    The first ``depth`` falls are chosen to minimise that number by looking
    ahead, later ones by ``quick_fall``; the fire cube is averaged over its
    faces. ``mine``: debris goes to the deciding player for now. The
    forecast stops as soon as the count passes ``bound`` (then some number
    above ``bound`` is returned). ``near``: where mayhem can be (see
    ``mayhem.first_problem``; the set is changed too): for a settled board
    with one tile just put at ``k``, ``mayhem.watch_added(board, set(), k)``;
    None works it out from the whole board.

    >>> from tilegames.pyramids import Rules
    >>> from tilegames.pyramids.tiles import key, tile_id
    >>> board = {key(0, 0): tile_id("yellow 2"), key(0, 2): tile_id("green 4")}
    >>> board[key(1, 1)] = tile_id("red burner")   # collapses: both supports come back
    >>> forecast(board, Rules(), near=watch_added(board, set(), key(1, 1)))
    2.0
    """
    total = 0.0
    slide = rules.overhang_collapse == "slide"
    curse, cube = rules.curse, rules.fire_cube
    if near is None:
        near = unsettled(board, curse=curse, fire_cube=cube)
    while True:
        problem = first_problem_near(board, near, curse, cube, roll_pending)
        if problem is None:
            return total
        kind, k = problem
        if kind == AIR:
            if depth <= 0:
                _fall_quietly(board, near, k, cube)
                continue
            outcomes = []
            for direction in ("left", "right"):
                trial, trial_near = fallen(board, near, k, direction)
                rest = forecast(
                    trial,
                    rules,
                    mine=mine,
                    roll_pending=roll_pending,
                    depth=depth - 1,
                    bound=bound - total,
                    near=trial_near,
                )
                outcomes.append(rest)
            return total + min(outcomes)
        if kind == COLLAPSE:  # the common case, inlined: both supports go
            collapse_watched(board, near, k)
            if mine:
                total += 2
                if total > bound:
                    return total
            continue
        if kind == OVERHANG and not slide:  # inlined too: its one support goes
            overhang_watched(board, near, k)
            if mine:
                total += 1
                if total > bound:
                    return total
            continue
        if kind == ROLL:
            expected = 0.0
            for face, weight in FACES:
                trial = dict(board)
                step = resolve(
                    trial, kind, k, overhang_slide=slide, face=face, roll_pending=roll_pending
                )
                got = len(step.debris) if mine else 0
                expected += weight * (
                    got
                    + forecast(
                        trial,
                        rules,
                        mine=mine,
                        roll_pending=None,
                        depth=depth,
                        near=watch_step(trial, set(near), step),
                    )
                )
            return total + expected
        step = resolve(board, kind, k, overhang_slide=slide, roll_pending=roll_pending)
        watch_step(board, near, step)
        if kind == CURSE_KIND:
            roll_pending = None
            mine = mine and rules.curse_debris == "turn"
        elif mine:
            total += len(step.debris)
            if total > bound:
                return total


def cheapest(options: list[tuple[dict[int, int], set[int], bool]], rules: Rules) -> int:
    """The index of the option whose mayhem costs fewest tiles; the first such one among equals.

    Each option is ``(board, near, mine)`` as for ``forecast`` (the boards
    are changed), with ``rules.fire_cube`` off, so that every cost is a whole
    number of tiles. The forecasts run side by side, always advancing the
    one that has cost least so far: the first to finish is the cheapest, and
    the others stop as soon as they cost more. The answer is the one that
    ``forecast`` on each option, in order, would give.

    >>> from tilegames.pyramids import Rules
    >>> from tilegames.pyramids.tiles import key, tile_id
    >>> board = {key(0, 0): tile_id("yellow 2"), key(0, 2): tile_id("green 4")}
    >>> burner, coal = dict(board), dict(board)
    >>> burner[key(1, 1)] = tile_id("red burner")  # collapses: its 2 supports come back
    >>> coal[key(1, 1)] = tile_id("green coal")  # legal on green 4, but burns both straws
    >>> options = [(b, watch_added(b, set(), key(1, 1)), True) for b in (burner, coal)]
    >>> cheapest(options, Rules())
    0
    """
    heap = [
        (0, i, costs(board, near, mine, rules)) for i, (board, near, mine) in enumerate(options)
    ]
    heapify(heap)
    while True:
        _, i, racing = heap[0]
        try:
            total = next(racing)
        except StopIteration:
            return i
        heapreplace(heap, (total, i, racing))


def _fall_quietly(board: dict, near: set, k: int, cube: bool) -> None:
    """``quick_fall`` on the forecast's board: the tile at ``k`` falls to the first side
    where it lands quietly (else left), and the spots it disturbs are watched."""
    tile = board.pop(k)
    target = k + SUPPORT_LEFT
    if not landing_is_quiet(board, tile, target, cube):
        right = k + SUPPORT_RIGHT
        if landing_is_quiet(board, tile, right, cube):
            target = right
    board[target] = tile
    near.add(k + ABOVE_LEFT)
    near.add(k + ABOVE_RIGHT)
    watch_added(board, near, target)


def quick_fall(board: dict[int, int], k: int, rules: Rules) -> str:
    """A fall direction without look-ahead: the first side where the tile lands quietly, else left."""
    left, right = quiet_sides(board, k, rules.fire_cube)
    return "right" if right and not left else "left"


def expected_cheapest(
    options: Iterable[tuple[int, int, dict[int, int]]], rules: Rules
) -> tuple[int, int]:
    """With the fire cube: the placement ``(tile, key)`` of ``options`` (each ``(tile, key,
    board with it placed)``) whose forecast costs least, the first among equals.

    Costs are expectations here, so the forecasts run one after the other; a later one must
    cost strictly less to win, so each stops as soon as it costs as much as the best so far.

    >>> from tilegames.pyramids.rules import Rules
    >>> from tilegames.pyramids.tiles import key, tile_id
    >>> t = tile_id("yellow 2")
    >>> expected_cheapest([(t, key(0, 0), {key(0, 0): t})], Rules(fire_cube=True)) == (t, key(0, 0))
    True
    """
    chosen, bound = None, float("inf")
    for t, k, trial in options:
        pending = (k, t) if mayhem.roll_contact(trial, k, t) else None
        spent = forecast(
            trial,
            rules,
            roll_pending=pending,
            bound=bound - 1e-9,
            near=watch_added(trial, set(), k),
        )
        if spent < bound - 1e-9:
            chosen, bound = (t, k), spent
    if chosen is None:
        raise ValueError("no placement to choose from")
    return chosen


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
    cheapest, as ``cheapest`` picks it.

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

    ``forecast`` at depth 0 (no fire cube, no look-ahead, whole tiles),
    as a generator like ``cheapest``'s: it yields the count each time it
    grows, so that a caller can stop it (``cost``) or race several
    (``choose_placement``). ``total``: tiles already counted; ``fire_around``:
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
    ``choose_fall``), so the record of the forecast it follows tells it
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
            # mayhem.collapse_watched, with what comes next. Nothing was in the air (the scan found none),
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
            # mayhem.overhang_watched, with what comes next; as for a collapse, the tile at k is now in the
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
