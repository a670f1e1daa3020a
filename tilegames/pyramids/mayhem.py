"""The mayhem engine: find the first problem on a pyramid and resolve it.

Pure functions on a *board*, a dict from internal position keys (see
``tiles.key``) to tile ids. The game (``rules.Game``) and the players'
look-ahead both drive the same functions, so a bot's forecast and the real
game can never disagree.

One **event** at a time: ``first_problem`` checks the kinds in the spec's
order (in the air, collapse, explosion, fire or the fire cube's roll,
curse), each kind scanned from the top row down and left to right, and
returns the first problem found; ``resolve`` changes the board for it and
says which tiles went where. The caller restarts the scan after each event.

>>> from tilegames.pyramids.tiles import key, tile_id
>>> board = {key(0, 0): tile_id("yellow 2"), key(0, 2): tile_id("green 4"), key(1, 1): tile_id("red burner")}
>>> first_problem(board, curse=False, fire_cube=False)
('collapse', -1048575)
>>> step = resolve(board, "collapse", key(1, 1), overhang_slide=False)
>>> [TILES[t].name for t in step.debris], first_problem(board, curse=False, fire_cube=False)[0]
(['yellow 2', 'green 4'], 'air')
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final, NamedTuple

from .tiles import (
    ABOVE_LEFT,
    ABOVE_RIGHT,
    CURSE,
    HALF,
    IS_FIRE,
    LEGAL,
    MATERIAL,
    OVER,
    REACH,
    SUPPORT_LEFT,
    SUPPORT_RIGHT,
    TILES,
    TOUCH,
    key,
    position,  # noqa: F401 - the doctests use it
)
from .tiles import FIRE_TILES as FIRE_IDS

AIR: Final = "air"
COLLAPSE: Final = "collapse"
OVERHANG: Final = "overhang"
EXPLOSION: Final = "explosion"
FIRE: Final = "fire"
ROLL: Final = "roll"
CURSE_KIND: Final = "curse"
KINDS: Final = (AIR, COLLAPSE, OVERHANG, EXPLOSION, FIRE, ROLL, CURSE_KIND)
"""Problem kinds in check order (``overhang`` is the collapse of an overhanging tile)."""


class Step(NamedTuple):
    """What one resolved event did to the board."""

    kind: str
    """``collapse``, ``overhang``, ``explosion``, ``fire``, ``roll`` or ``curse``."""
    key: int
    """The tile the problem was found at (the fire tile, for fire, explosion and roll)."""
    debris: tuple[int, ...]
    """Tile ids sent to a pile, in scan order (first drawn first)."""
    debris_keys: tuple[int, ...]
    """Where each debris tile was."""
    removed: tuple[int, ...]
    """Tile ids removed from the game."""
    removed_keys: tuple[int, ...]
    """Where each removed tile was."""
    moved: tuple[int, int, int] | None = None
    """(tile, from key, to key) when a tile moved (an overhanging tile sliding down)."""
    face: int | None = None
    """The fire cube's face, for a roll."""


def roll_contact(board: dict[int, int], k: int, tile: int) -> tuple[int, tuple[int, ...]] | None:
    """The fire cube's contact made by ``tile`` at ``k``: (fire tile's key, burnable keys) or None.

    The played tile is the fire tile and touches something it burns, or the
    played tile is burnable and touches a fire tile that burns it (the first
    such fire tile in scan order).
    """
    if board.get(k) != tile:
        return None
    if IS_FIRE[tile]:
        reach = REACH[tile]
        starts = tuple(
            sorted(n for d in TOUCH if (n := k + d) in board and MATERIAL[board[n]] <= reach)
        )
        return (k, starts) if starts else None
    material = MATERIAL[tile]
    fires = sorted(n for d in TOUCH if (n := k + d) in board and REACH[board[n]] >= material)
    return (fires[0], (k,)) if fires else None


def watch_added(board: dict[int, int], near: set[int], k: int) -> set[int]:
    """Add to ``near`` every position whose check can change when a tile arrives at ``k``.

    The tile itself, the two positions above it (it supports them now), and
    the fire tiles touching it (it may be their fuel or their explosion).
    A tile's problems depend only on its supports and on what touches it, and
    fire is found at the fire tile, so nothing else can go wrong.
    """
    near.add(k)
    near.add(k + ABOVE_LEFT)
    near.add(k + ABOVE_RIGHT)
    for n in (k - 2, k + 2, k + SUPPORT_LEFT, k + SUPPORT_RIGHT):
        t = board.get(n)
        if t is not None and IS_FIRE[t]:
            near.add(n)
    return near


def watch_removed(near: set[int], k: int) -> set[int]:
    """Add to ``near`` the positions whose check can change when the tile at ``k`` goes: the two it supported.

    Taking a tile away cannot make a fire, an explosion or a curse.
    """
    near.add(k + ABOVE_LEFT)
    near.add(k + ABOVE_RIGHT)
    return near


def watch_step(board: dict[int, int], near: set[int], step: Step) -> set[int]:
    """``watch_removed`` for every tile ``step`` took away, ``watch_added`` where a tile slid to."""
    for k in step.debris_keys:
        near.add(k + ABOVE_LEFT)
        near.add(k + ABOVE_RIGHT)
    for k in step.removed_keys:
        near.add(k + ABOVE_LEFT)
        near.add(k + ABOVE_RIGHT)
    if step.moved is not None:
        watch_removed(near, step.moved[1])
        watch_added(board, near, step.moved[2])
    return near


def resolve_watched(
    board: dict[int, int],
    near: set[int],
    kind: str,
    k: int,
    slide: bool,
    curse_debris: str,
    mine: bool,
) -> tuple[bool, int]:
    """A forecast's step: ``resolve`` the mayhem at ``k`` and ``watch_step`` it. Returns whether
    what follows still counts against the mover (``mine``; a curse hands it on unless
    ``curse_debris`` is ``"turn"``) and the tiles this step cost them (its debris, when ``mine``).
    """
    step = resolve(board, kind, k, overhang_slide=slide)
    watch_step(board, near, step)
    if kind == CURSE_KIND:
        return mine and curse_debris == "turn", 0
    return mine, len(step.debris) if mine else 0


def first_problem(
    board: dict[int, int],
    *,
    curse: bool,
    fire_cube: bool,
    roll_pending: tuple[int, int] | None = None,
    near=None,
) -> tuple[str, int] | None:
    """The first problem in check order and scan order: ``(kind, key)``, or None when all is well.

    With ``fire_cube`` the fire check is replaced by the roll, found only
    while ``roll_pending`` (the played tile's key and id) holds a contact.

    ``near``: when the board was settled before a few changes, the positions
    that ``watch_added``, ``watch_removed`` and ``watch_step`` noted for them:
    only tiles there can have a problem, so only they are scanned, and the
    answer is the full scan's (the differential test plays whole games both
    ways). Positions found empty or fine are dropped from ``near``. None
    scans every tile.
    """
    if near is not None:
        return first_problem_near(board, near, curse, fire_cube, roll_pending)
    keys = sorted(board)
    get = board.get
    collapse = None
    for k in keys:
        if k > -HALF:
            break
        left = get(k + SUPPORT_LEFT)
        right = get(k + SUPPORT_RIGHT)
        if left is None:
            if right is None:
                return AIR, k
            if collapse is None and not OVER[board[k] * 45 + right]:
                collapse = OVERHANG, k
        elif collapse is None:
            if right is None:
                if not OVER[board[k] * 45 + left]:
                    collapse = OVERHANG, k
            elif not LEGAL[board[k] * 2025 + left * 45 + right]:
                collapse = COLLAPSE, k
    if collapse is not None:
        return collapse
    if not FIRE_IDS.isdisjoint(board.values()):
        fires = [k for k in keys if IS_FIRE[board[k]]]
        for k in fires:
            for d in TOUCH:
                n = get(k + d)
                if n is not None and IS_FIRE[n]:
                    return EXPLOSION, k
        if fire_cube:
            if roll_pending is not None and roll_contact(board, *roll_pending) is not None:
                return ROLL, roll_pending[0]
        else:
            for k in fires:
                reach = REACH[board[k]]
                for d in TOUCH:
                    n = get(k + d)
                    if n is not None and MATERIAL[n] <= reach:
                        return FIRE, k
    if curse:
        for k in keys:
            if k > -HALF:
                break
            left = get(k + SUPPORT_LEFT)
            right = get(k + SUPPORT_RIGHT)
            if (
                left is not None
                and right is not None
                and CURSE[board[k] * 2025 + left * 45 + right]
            ):
                return CURSE_KIND, k
    return None


def unsettled(board: dict[int, int], *, curse: bool, fire_cube: bool) -> set[int]:
    """The positions of every tile with a problem: a ``near`` set for a board in the middle of mayhem.

    >>> from tilegames.pyramids.tiles import key, tile_id
    >>> board = {key(0, 0): tile_id("yellow 2"), key(2, 2): tile_id("red 4")}
    >>> [position(k) for k in unsettled(board, curse=False, fire_cube=False)]
    [(2, 2)]
    """
    near = set(board)
    first_problem_near(board, near, curse, fire_cube, None)
    return near


def first_problem_near(
    board: dict[int, int],
    near: set[int],
    curse: bool,
    fire_cube: bool,
    roll_pending: tuple[int, int] | None = None,
) -> tuple[str, int] | None:
    """``first_problem`` looking only at the tiles in ``near`` (see there).

    Drops from ``near`` every position that holds no tile or a tile with no
    problem: ``watch_added`` and the others put it back when a position it
    depends on changes.
    """
    kind, k = scan(board, near, curse, fire_cube)
    if (
        fire_cube  # the fire cube's roll comes after an explosion, before a curse
        and kind in (None, CURSE_KIND)
        and roll_pending is not None
        and roll_contact(board, *roll_pending) is not None
    ):
        return ROLL, roll_pending[0]
    return None if kind is None or k is None else (kind, k)


def scan(
    board: dict[int, int], near: set[int], curse: bool, fire_cube: bool = False
) -> tuple[str | None, int | None]:
    """The one mayhem scan (the game, the players' forecasts and ``fast`` all use it):
    ``(kind, key)`` for the tiles of ``board`` at the positions ``near``.

    ``(kind, key)`` is the first problem in check order and scan order, both None when all
    is well; with ``fire_cube`` no fire is looked for (the caller checks the roll).
    The positions of ``near`` that hold no tile or a tile with no problem are dropped from it.

    >>> from tilegames.pyramids.tiles import key, tile_id
    >>> board = {key(0, 0): tile_id("yellow 2"), key(2, 2): tile_id("red 4")}
    >>> near = set(board)
    >>> kind, at = scan(board, near, curse=False)
    >>> kind, position(at), [position(k) for k in near]
    ('air', (2, 2), [(2, 2)])
    """
    # per kind, the first key in scan order with that problem (a tile counts under its first kind)
    air = collapse = explosion = fire = cursed = None
    collapse_kind = COLLAPSE
    fine = []
    for k in near:
        t = board.get(k)
        if t is None:
            fine.append(k)
            continue
        is_cursed = False
        if k <= -HALF:
            left = board.get(k + SUPPORT_LEFT)
            right = board.get(k + SUPPORT_RIGHT)
            if left is None:
                if right is None:
                    if air is None or k < air:
                        air = k
                    continue
                if not OVER[t * 45 + right]:
                    if collapse is None or k < collapse:
                        collapse, collapse_kind = k, OVERHANG
                    continue
            elif right is None:
                if not OVER[t * 45 + left]:
                    if collapse is None or k < collapse:
                        collapse, collapse_kind = k, OVERHANG
                    continue
            else:
                index = t * 2025 + left * 45 + right
                if not LEGAL[index]:
                    if collapse is None or k < collapse:
                        collapse, collapse_kind = k, COLLAPSE
                    continue
                is_cursed = curse and bool(CURSE[index])
        if IS_FIRE[t]:
            reach = -1 if fire_cube else REACH[t]
            burns = explodes = False
            for d in TOUCH:
                n = board.get(k + d)
                if n is not None:
                    if IS_FIRE[n]:
                        explodes = True
                        break
                    if MATERIAL[n] <= reach:
                        burns = True
            if explodes:
                if explosion is None or k < explosion:
                    explosion = k
                continue
            if burns:
                if fire is None or k < fire:
                    fire = k
                continue
        if is_cursed:
            if cursed is None or k < cursed:
                cursed = k
            continue
        fine.append(k)
    for k in fine:  # (a loop of discards: a method call is slow compiled)
        near.discard(k)
    if air is not None:
        return AIR, air
    if collapse is not None:
        return collapse_kind, collapse
    if explosion is not None:
        return EXPLOSION, explosion
    if fire is not None:
        return FIRE, fire
    if cursed is not None:
        return CURSE_KIND, cursed
    return None, None


def burn(board: dict[int, int], starts: tuple[int, ...], reach: int) -> list[int]:
    """Keys of the tiles a fire reaches from ``starts`` through what it can burn, in scan order."""
    seen = set(starts)
    todo = list(starts)
    while todo:
        k = todo.pop()
        for d in TOUCH:
            n = k + d
            if n not in seen and n in board and MATERIAL[board[n]] <= reach:
                seen.add(n)
                todo.append(n)
    return sorted(seen)


def fire_group(board: dict[int, int], k: int) -> list[int]:
    """Keys of the fire tiles touching ``k`` through fire tiles (its group), in scan order."""
    seen = {k}
    todo = [k]
    while todo:
        c = todo.pop()
        for d in TOUCH:
            n = c + d
            if n not in seen and n in board and IS_FIRE[board[n]]:
                seen.add(n)
                todo.append(n)
    return sorted(seen)


def _take(board: dict[int, int], keys) -> tuple[tuple[int, ...], tuple[int, ...]]:
    keys = tuple(sorted(keys))
    return tuple(board.pop(k) for k in keys), keys


def resolve(
    board: dict[int, int],
    kind: str,
    k: int,
    *,
    overhang_slide: bool,
    face: int | None = None,
    roll_pending: tuple[int, int] | None = None,
) -> Step:
    """Resolve the problem ``(kind, k)`` found by ``first_problem`` (not ``air``: a fall is a decision).

    For a roll, give the die's ``face`` and the ``roll_pending`` contact.
    """
    if kind == COLLAPSE:
        debris, keys = _take(board, (k + SUPPORT_LEFT, k + SUPPORT_RIGHT))
        return Step(kind, k, debris, keys, (), ())
    if kind == OVERHANG:
        support = k + SUPPORT_LEFT if (k + SUPPORT_LEFT) in board else k + SUPPORT_RIGHT
        if overhang_slide:
            empty = k + SUPPORT_RIGHT if support == k + SUPPORT_LEFT else k + SUPPORT_LEFT
            tile = board.pop(k)
            board[empty] = tile
            return Step(kind, k, (), (), (), (), (tile, k, empty))
        debris, keys = _take(board, (support,))
        return Step(kind, k, debris, keys, (), ())
    if kind == EXPLOSION:
        group = fire_group(board, k)
        around = {
            n for g in group for d in TOUCH if (n := g + d) in board and not IS_FIRE[board[n]]
        }
        debris, keys = _take(board, around)
        removed, removed_keys = _take(board, group)
        return Step(kind, k, debris, keys, removed, removed_keys)
    if kind == FIRE:
        reach = REACH[board[k]]
        starts = tuple(n for d in TOUCH if (n := k + d) in board and MATERIAL[board[n]] <= reach)
        debris, keys = _take(board, burn(board, starts, reach))
        removed, removed_keys = _take(board, (k,))
        return Step(kind, k, debris, keys, removed, removed_keys)
    if kind == ROLL:
        contact = None if roll_pending is None else roll_contact(board, *roll_pending)
        if contact is None:
            raise ValueError(
                "a roll needs the played tile's contact with a fire tile (roll_pending)"
            )
        fire_key, starts = contact
        reach = REACH[board[fire_key]]
        debris = keys = removed = removed_keys = ()
        if face is not None and face <= 4:
            debris, keys = _take(board, burn(board, starts, reach))
            if face == 4:
                removed, removed_keys = _take(board, (fire_key,))
        elif face == 5:
            debris, keys = _take(board, [n for d in TOUCH if (n := fire_key + d) in board])
            removed, removed_keys = _take(board, (fire_key,))
        return Step(kind, fire_key, debris, keys, removed, removed_keys, face=face)
    if kind == CURSE_KIND:
        debris, keys = _take(board, (k, k + SUPPORT_LEFT, k + SUPPORT_RIGHT))
        return Step(kind, k, debris, keys, (), ())
    raise ValueError(f"cannot resolve a problem of kind {kind!r}")


def fall(board: dict[int, int], k: int, direction: str) -> int:
    """Move the tile in the air at ``k`` one row down, ``left`` or ``right``; return its new key."""
    target = k + (SUPPORT_LEFT if direction == "left" else SUPPORT_RIGHT)
    board[target] = board.pop(k)
    return target


def open_spots(board: dict[int, int], gaps_all: bool = True) -> tuple[list[int], int, int]:
    """Where a tile may be placed on ``board`` (internal keys, scan order), and where row 0 ends.

    The building rule: a spot above two tiles side by side (any row), and the
    empty row-0 positions between row-0 tiles (with ``gaps_all`` off, only
    the single gaps); when there is none, the two positions beside the ends of
    row 0; (0, 0) on an empty table. ``rules.spot_keys`` is this rule; the
    ends (``lo``, ``hi``: the keys of the first and last row-0 tiles, 0 on an
    empty table) let ``fast`` update the spots after a quiet placement.

    >>> row0 = {key(0, 0): 0, key(0, 2): 1, key(0, 6): 2}
    >>> spots, lo, hi = open_spots(row0)
    >>> [position(k) for k in spots], position(lo), position(hi)
    ([(1, 1), (0, 4)], (0, 0), (0, 6))
    >>> [position(k) for k in open_spots({key(0, 0): 0})[0]]  # no spot: the ends of row 0
    [(0, -2), (0, 2)]
    """
    if not board:
        return [key(0, 0)], 0, 0
    # Keys sort in scan order and row 0 has the largest: first the spots above two tiles side
    # by side (a and a + 2), then the row-0 gaps.
    keys = sorted(board)
    spots = [
        a + ABOVE_RIGHT
        for a, b in zip(keys, keys[1:])
        if b - a == 2 and a + ABOVE_RIGHT not in board
    ]
    row0 = keys[bisect_right(keys, -HALF) :]
    lo, hi = row0[0], row0[-1]
    if hi - lo > 2 * (len(row0) - 1):  # there are gaps
        for a, b in zip(row0, row0[1:]):
            if b - a > 2 and (gaps_all or b - a == 4):
                spots.extend(range(a + 2, b, 2))
    return (spots or [lo - 2, hi + 2]), lo, hi


def placement_is_quiet(
    board: dict[int, int], tile: int, k: int, *, curse: bool, fire_cube: bool, fire: bool = True
) -> bool:
    """Whether placing ``tile`` at the spot ``k`` of a settled board causes no mayhem (and no roll).

    A fast local check: only the new tile, the tiles it completes the
    support of and its fire contacts can cause trouble. The property tests
    check it against ``first_problem`` on the whole board. ``fire``: False
    when no fire tile is on ``board`` (then only a fire tile can start a fire).
    """
    if k <= -HALF and not _holds(tile, board[k + SUPPORT_LEFT], board[k + SUPPORT_RIGHT], curse):
        return False
    # the tiles above, whose support it completes (beside the tile at k - 2 or k + 2)
    up = board.get(k + ABOVE_LEFT)
    if up is not None and not _holds(up, board.get(k - 2), tile, curse):
        return False
    up = board.get(k + ABOVE_RIGHT)
    if up is not None and not _holds(up, tile, board.get(k + 2), curse):
        return False
    return not ((fire or IS_FIRE[tile]) and touches_fire(board, k, tile))


def _holds(tile: int, left: int | None, right: int | None, curse: bool) -> bool:
    """Whether ``tile`` stays quietly on ``left`` and ``right`` (one of them may be missing:
    it overhangs the other)."""
    if left is None or right is None:
        support = right if left is None else left
        return support is not None and bool(OVER[tile * 45 + support])
    index = tile * 2025 + left * 45 + right
    return bool(LEGAL[index]) and not (curse and CURSE[index])


def touches_fire(board: dict[int, int], k: int, tile: int, skip: int | None = None) -> bool:
    """Whether ``tile`` at ``k`` of ``board`` would start a fire with a neighbour:
    a burner beside what it burns (or beside another burner), or a burnable beside its burner.
    ``skip``: a position not to count (where a falling tile still stands).

    >>> from tilegames.pyramids.tiles import key, tile_id
    >>> board = {key(0, 0): tile_id("red burner")}
    >>> touches_fire(board, key(0, 2), tile_id("yellow 2")), touches_fire(board, key(0, 2), 0, key(0, 0))
    (True, False)
    """
    if IS_FIRE[tile]:
        reach = REACH[tile]
        for d in TOUCH:
            n = board.get(k + d)
            if n is not None and (IS_FIRE[n] or MATERIAL[n] <= reach) and k + d != skip:
                return True
        return False
    material = MATERIAL[tile]
    for d in TOUCH:
        n = board.get(k + d)
        if n is not None and REACH[n] >= material and k + d != skip:
            return True
    return False


def landing_is_quiet(
    board: dict[int, int],
    tile: int,
    landing: int,
    cube: bool,
    origin: int | None = None,
    *,
    fire: bool = True,
) -> bool:
    """Whether ``tile`` falling to ``landing`` lands quietly: legally supported and, without the
    fire cube, in no fire contact. ``origin``: where the tile falls from when it is still on
    ``board`` (it does not count). ``fire``: False when no fire tile is on ``board`` (nor is
    ``tile`` one), so that there is no contact to look for.

    >>> from tilegames.pyramids.tiles import key, tile_id
    >>> board = {key(0, 0): tile_id("red 20"), key(0, 2): tile_id("blue 20")}
    >>> landing_is_quiet(board, tile_id("red 2"), key(1, 1), False)
    True
    >>> landing_is_quiet(board, tile_id("yellow 2"), key(1, 1), False)  # on no yellow
    False
    """
    if landing <= -HALF:
        left = board.get(landing + SUPPORT_LEFT)
        right = board.get(landing + SUPPORT_RIGHT)
        if left is None:
            if right is None or not OVER[tile * 45 + right]:
                return False
        elif right is None:
            if not OVER[tile * 45 + left]:
                return False
        elif not LEGAL[tile * 2025 + left * 45 + right]:
            return False
    return cube or not fire or not touches_fire(board, landing, tile, origin)


def quiet_sides(board: dict[int, int], k: int, cube: bool) -> tuple[bool, bool]:
    """Whether the tile in the air at ``k`` lands quietly falling left, and falling right.

    >>> from tilegames.pyramids.tiles import key, tile_id
    >>> board = {key(0, 0): tile_id("red 20"), key(0, 2): tile_id("red 40")}
    >>> quiet_sides({**board, key(2, 2): tile_id("red 2")}, key(2, 2), False)
    (True, True)
    >>> quiet_sides({key(0, 0): tile_id("red 20"), key(2, 2): tile_id("blue 20")}, key(2, 2), False)
    (False, False)
    """
    tile = board[k]
    return (
        landing_is_quiet(board, tile, k + SUPPORT_LEFT, cube, k),
        landing_is_quiet(board, tile, k + SUPPORT_RIGHT, cube, k),
    )


def collapse_watched(board: dict[int, int], near: set, k: int) -> tuple[int, int]:
    """The collapse at ``k``: both supports leave the board (returned, left first), and the
    places it can unsettle are watched (``near``)."""
    left, right = k + SUPPORT_LEFT, k + SUPPORT_RIGHT
    near.add(k)
    near.add(left + ABOVE_LEFT)
    near.add(right + ABOVE_RIGHT)
    return board.pop(left), board.pop(right)


def overhang_watched(board: dict[int, int], near: set, k: int) -> int:
    """The overhang at ``k`` without sliding: its one support leaves the board (returned), and
    the places above that support are watched (``near``)."""
    support = k + SUPPORT_LEFT
    if board.get(support) is None:
        support = k + SUPPORT_RIGHT
    near.add(support + ABOVE_LEFT)
    near.add(support + ABOVE_RIGHT)
    return board.pop(support)


def measure(board: dict[int, int]) -> int:
    """The spec's termination measure: the sum over tiles of (row + 1), plus the number of tiles.

    >>> from tilegames.pyramids.tiles import key
    >>> measure({key(0, 0): 1, key(1, 1): 2})
    5
    """
    return sum((HALF - k) // (1 << 20) + 2 for k in board)


def describe(tile: int) -> str:
    """A tile's name (for logs)."""
    return TILES[tile].name
