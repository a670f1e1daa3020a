"""The slow, readable reference for the Flaming Pyramids engine (the differential test's "old path").

A frozen copy of the engine as it was before the speed work of issue 16:
the mayhem scan looks at the whole board after every event, the careful
player forecasts on full-board scans, and the state is plain dicts and
lists. ``test_pyramids_differential.py`` plays the same seeded games here
and in ``tilegames.pyramids`` and compares every position. Do not speed
this file up: its job is to stay the obvious version.

Only the tile tables (which tile is legal on which, what burns what) come
from the library; the lattice keys, the scan, the resolution of every kind
of mayhem, the turn and the careful player are all copied here.

>>> from tilegames.pyramids import new_game
>>> ref = RefGame.like(new_game(seed=3))
>>> ref.play_out([RefCareful(), RefCareful()], max_decisions=2000).is_over
True
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from tilegames.pyramids.tiles import (
    CURSE,
    IS_FIRE,
    LEGAL,
    MATERIAL,
    OVER,
    REACH,
    TILES,
    WEIGHT,
    tile_id,
)

FIRE_IDS = frozenset(t.id for t in TILES if t.is_fire)
HAND_SIZE = 5

# -- the lattice: key = x - r * ROW sorts in scan order ----------------------
ROW = 1 << 20
HALF = ROW // 2
SUPPORT_LEFT = ROW - 1
SUPPORT_RIGHT = ROW + 1
ABOVE_LEFT = -ROW - 1
ABOVE_RIGHT = -ROW + 1
TOUCH = (-2, 2, SUPPORT_LEFT, SUPPORT_RIGHT, ABOVE_LEFT, ABOVE_RIGHT)


def key(r: int, x: int) -> int:
    return x - r * ROW


def position(k: int) -> tuple[int, int]:
    r = (HALF - k) // ROW
    return r, k + r * ROW


def format_position(r: int, x: int) -> str:
    return f"({r},{x})"


AIR = "air"
COLLAPSE = "collapse"
OVERHANG = "overhang"
EXPLOSION = "explosion"
FIRE = "fire"
ROLL = "roll"
CURSE_KIND = "curse"
KINDS = (AIR, COLLAPSE, OVERHANG, EXPLOSION, FIRE, ROLL, CURSE_KIND)


class Step(NamedTuple):
    kind: str
    key: int
    debris: tuple[int, ...]
    debris_keys: tuple[int, ...]
    removed: tuple[int, ...]
    removed_keys: tuple[int, ...]
    moved: tuple[int, int, int] | None = None
    face: int | None = None


class RefMove(NamedTuple):
    """A decision: (tile name, (r, x)) for a placement, or a fall direction."""

    tile: str | None = None
    position: tuple[int, int] | None = None
    fall: str | None = None

    def __str__(self) -> str:
        if self.fall is not None:
            return f"fall {self.fall}"
        return f"{self.tile} @ {self.position[0]},{self.position[1]}"


FALL_LEFT = RefMove(fall="left")
FALL_RIGHT = RefMove(fall="right")


class RefView:
    """The old live view: a window on the reference game for one player."""

    def __init__(self, game: RefGame, player: int) -> None:
        self._game = game
        self.player = player

    rules = property(lambda self: self._game.rules)
    debris_to = property(lambda self: self._game._debris_to)
    hand_ids = property(lambda self: tuple(self._game._hands[self.player]))
    board = property(lambda self: self._game._board)
    falling_key = property(lambda self: self._game._falling)
    roll_pending = property(lambda self: self._game._roll_pending)

    def spot_keys(self) -> list[int]:
        return spot_keys(self.board, self.rules.row0_gaps)

    def legal_moves(self) -> list[RefMove]:
        if self._game._falling is not None:
            return [FALL_LEFT, FALL_RIGHT]
        spots = [position(k) for k in self.spot_keys()]
        return [RefMove(TILES[t].name, s) for t in self.hand_ids for s in spots]


class RefEvent(NamedTuple):
    turn: int
    player: int
    acting: int
    kind: str
    text: str


class RefGame:
    """The old game state and turn, without undo or saving."""

    def __init__(self, *, piles, hands, board, removed, first_player, rules, dice, rng) -> None:
        self.rules = rules
        self.n_players = len(piles)
        self._board = dict(board)
        self._hands = [list(h) for h in hands]
        self._piles = [list(p) for p in piles]
        self._removed = list(removed)
        self.turn_player = self.acting = self._debris_to = first_player
        self._falling = None
        self._roll_pending = None
        self.turns = 0
        self.winner = None
        self._over = False
        self._rolls = 0
        self._dice_script = tuple(dice or ())
        self._dice_rng = rng
        self._dice_drawn: list[int] = []
        self.log: list[RefEvent] = []
        self.keep_log = True
        self._counts: dict[str, int] = {}

    @classmethod
    def like(cls, game) -> RefGame:
        """A reference game in the position of a fresh library game (read through its public API)."""
        from tilegames.randomness import generator_from_state

        deal = game.to_dict()["deal"]
        ids = lambda names: [tile_id(n) for n in names]  # noqa: E731
        return cls(
            piles=[ids(game.pile(p)) for p in range(game.n_players)],
            hands=[ids(game.hand(p)) for p in range(game.n_players)],
            board={key(r, x): tile_id(n) for (r, x), n in game.pyramid.items()},
            removed=ids(game.removed),
            first_player=game.to_move,
            rules=game.rules,
            dice=deal.get("dice"),
            rng=generator_from_state(deal["rng"]),
        )

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def previous_player(self) -> int:
        return (self.turn_player - 1) % self.n_players

    @property
    def scores(self) -> list[int]:
        return [len(h) + len(p) for h, p in zip(self._hands, self._piles)]

    def state(self) -> tuple:
        """Everything about the position, by tile name and (r, x), to compare with the library's."""
        name = lambda t: TILES[t].name  # noqa: E731
        return (
            {position(k): name(t) for k, t in self._board.items()},
            [tuple(map(name, h)) for h in self._hands],
            [tuple(map(name, p)) for p in self._piles],
            tuple(map(name, self._removed)),
            None if self._over else self.acting,
            self.turn_player,
            None if self._falling is None else position(self._falling),
            self.turns,
            self.winner,
            self._over,
        )

    def view(self, player: int) -> RefView:
        return RefView(self, player)

    def play_out(self, players, rng=None, max_decisions=10**6) -> RefGame:
        """Play to the end with one reference player per seat."""
        rng = rng if rng is not None else np.random.default_rng(0)
        for _ in range(max_decisions):
            if self._over:
                break
            self.apply(players[self.acting].choose(self.view(self.acting), rng))
        return self

    def apply(self, move: RefMove) -> None:
        """Apply a legal move (no checks)."""
        self._apply(move)

    def mayhem_counts(self) -> dict[str, int]:
        kinds = ("fall", COLLAPSE, OVERHANG, EXPLOSION, FIRE, ROLL, CURSE_KIND)
        return {kind: self._counts.get(kind, 0) for kind in kinds}

    def _event(self, kind: str, marked, text) -> None:
        self._counts[kind] = self._counts.get(kind, 0) + 1
        if self.keep_log:
            self.log.append(RefEvent(self.turns + 1, self.turn_player, self.acting, kind, text()))

    def _apply(self, move: RefMove) -> None:
        if move.fall is not None:
            self._apply_fall(move.fall)
        else:
            self._place(tile_id(move.tile), key(*move.position))

    # The fast path: simulations call these directly with known-legal choices.
    def _place(self, tile: int, k: int) -> None:
        player = self.turn_player
        self._hands[player].remove(tile)
        board = self._board
        rules = self.rules
        quiet = placement_is_quiet(board, tile, k, curse=rules.curse, fire_cube=rules.fire_cube)
        board[k] = tile
        legal = True
        if k <= -HALF:
            legal = bool(
                LEGAL[tile * 2025 + board[k + SUPPORT_LEFT] * 45 + board[k + SUPPORT_RIGHT]]
            )
        if rules.fire_cube and roll_contact(board, k, tile) is not None:
            self._roll_pending = (k, tile)
        self._event(
            "place",
            (k,),
            lambda: (
                f"placed {TILES[tile].name} at {format_position(*position(k))}"
                + ("" if legal else ": it breaks the building rules")
            ),
        )
        if quiet:
            # The board was settled before, and nothing near the new tile is wrong
            # (the property tests check this shortcut against the full scan).
            self._end_turn()
        else:
            self._settle()

    def _apply_fall(self, direction: str) -> None:
        k = self._falling
        tile = self._board[k]
        self._falling = None
        target = fall(self._board, k, direction)
        self._event(
            "fall",
            (k, target),
            lambda: (
                f"fall: {TILES[tile].name} falls {direction} from "
                f"{format_position(*position(k))} to {format_position(*position(target))}"
            ),
        )
        self._settle()

    def _die(self) -> int:
        i = self._rolls
        self._rolls += 1
        script = self._dice_script
        if i < len(script):
            return script[i]
        j = i - len(script)
        while len(self._dice_drawn) <= j:
            self._dice_drawn.append(int(self._dice_rng.integers(1, 7)))
        return self._dice_drawn[j]

    def _settle(self) -> None:
        """Resolve mayhem until a fall decision is needed or all is well; then end the turn."""
        rules = self.rules
        board = self._board
        while True:
            problem = first_problem(
                board, curse=rules.curse, fire_cube=rules.fire_cube, roll_pending=self._roll_pending
            )
            if problem is None:
                self._roll_pending = None
                self._end_turn()
                return
            kind, k = problem
            if kind == AIR:
                self._falling = k
                return
            face = None
            if kind == ROLL:
                face = self._die()
            pending = self._roll_pending
            if kind in (ROLL, CURSE_KIND):
                self._roll_pending = None
            before = dict(board) if self.keep_log else None
            step = resolve(
                board,
                kind,
                k,
                overhang_slide=rules.overhang_collapse == "slide",
                face=face,
                roll_pending=pending,
            )
            if kind == CURSE_KIND:
                receiver = self.previous_player
                self.acting = receiver
                self._debris_to = receiver if rules.curse_debris == "previous" else self.turn_player
            else:
                receiver = self._debris_to
            self._piles[receiver].extend(step.debris)
            self._removed.extend(step.removed)
            self._event(
                kind,
                step.debris_keys + step.removed_keys + ((step.moved[2],) if step.moved else ()),
                lambda step=step, before=before, receiver=receiver: _describe(
                    step, before, receiver
                ),
            )

    def _end_turn(self) -> None:
        player = self.turn_player
        hand = self._hands[player]
        pile = self._piles[player]
        while len(hand) < HAND_SIZE and pile:
            hand.append(pile.pop(0))
        self.turns += 1
        self.acting = self._debris_to = player
        if not hand and not pile:
            self.winner = player
            self._over = True
            self._event("win", (), lambda: f"player {player} has no tiles left and wins")
        elif self.turns >= self.rules.turn_cap:
            self._over = True
            self._event(
                "cap",
                (),
                lambda: f"the turn cap of {self.rules.turn_cap} turns is reached: no winner",
            )
        else:
            nxt = (player + 1) % self.n_players
            self.turn_player = self.acting = self._debris_to = nxt


def in_air(board: dict[int, int], k: int) -> bool:
    """Whether the tile at ``k`` (row >= 1) has neither support."""
    return k <= -HALF and (k + SUPPORT_LEFT) not in board and (k + SUPPORT_RIGHT) not in board


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


def first_problem(
    board: dict[int, int],
    *,
    curse: bool,
    fire_cube: bool,
    roll_pending: tuple[int, int] | None = None,
) -> tuple[str, int] | None:
    """The first problem in check order and scan order: ``(kind, key)``, or None when all is well.

    With ``fire_cube`` the fire check is replaced by the roll, found only
    while ``roll_pending`` (the played tile's key and id) holds a contact.
    """
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
    roll_pending=None,
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
        fire_key, starts = roll_contact(board, *roll_pending)
        reach = REACH[board[fire_key]]
        debris: tuple[int, ...] = ()
        keys: tuple[int, ...] = ()
        removed: tuple[int, ...] = ()
        removed_keys: tuple[int, ...] = ()
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


def placement_is_quiet(
    board: dict[int, int], tile: int, k: int, *, curse: bool, fire_cube: bool
) -> bool:
    """Whether placing ``tile`` at the spot ``k`` of a settled board causes no mayhem (and no roll).

    A fast local check: only the new tile, the tiles it completes the
    support of and its fire contacts can cause trouble. The property tests
    check it against ``first_problem`` on the whole board.
    """
    get = board.get
    if k <= -HALF:
        left = board[k + SUPPORT_LEFT]
        right = board[k + SUPPORT_RIGHT]
        index = tile * 2025 + left * 45 + right
        if not LEGAL[index] or (curse and CURSE[index]):
            return False
    for up, other in ((k + ABOVE_LEFT, k - 2), (k + ABOVE_RIGHT, k + 2)):
        t = get(up)
        if t is not None:
            left, right = (get(other), tile) if up == k + ABOVE_LEFT else (tile, get(other))
            if left is None or right is None:
                s = tile
                if not OVER[t * 45 + s]:  # pragma: no cover - it was overhanging on the other side
                    return False
                continue
            index = t * 2025 + left * 45 + right
            if not LEGAL[index] or (curse and CURSE[index]):
                return False
    if IS_FIRE[tile]:
        reach = REACH[tile]
        for d in TOUCH:
            n = get(k + d)
            if n is not None and (IS_FIRE[n] or MATERIAL[n] <= reach):
                return False
    else:
        material = MATERIAL[tile]
        for d in TOUCH:
            n = get(k + d)
            if n is not None and REACH[n] >= material:
                return False
    return True


FACES = ((1, 0.5), (4, 1 / 6), (5, 1 / 6), (6, 1 / 6))
"""Die faces with different outcomes and their probabilities (1, 2 and 3 act alike)."""


def forecast(
    board: dict[int, int],
    rules,
    *,
    mine: bool = True,
    roll_pending: tuple[int, int] | None = None,
    depth: int = 0,
    bound: float = float("inf"),
) -> float:
    """Expected number of tiles the deciding player receives from the mayhem on ``board`` (changed in place).

    The first ``depth`` falls are chosen to minimise that number by looking
    ahead, later ones by ``quick_fall``; the fire cube is averaged over its
    faces. ``mine``: debris goes to the deciding player for now. The
    forecast stops as soon as the count passes ``bound`` (then some number
    above ``bound`` is returned).
    """
    total = 0.0
    slide = rules.overhang_collapse == "slide"
    curse, cube = rules.curse, rules.fire_cube
    while True:
        problem = first_problem(board, curse=curse, fire_cube=cube, roll_pending=roll_pending)
        if problem is None:
            return total
        kind, k = problem
        if kind == AIR:
            if depth <= 0:
                fall(board, k, quick_fall(board, k, rules))
                continue
            outcomes = []
            for direction in ("left", "right"):
                trial = dict(board)
                fall(trial, k, direction)
                rest = forecast(
                    trial,
                    rules,
                    mine=mine,
                    roll_pending=roll_pending,
                    depth=depth - 1,
                    bound=bound - total,
                )
                outcomes.append(rest)
            return total + min(outcomes)
        if kind == ROLL:
            expected = 0.0
            for face, weight in FACES:
                trial = dict(board)
                step = resolve(
                    trial, kind, k, overhang_slide=slide, face=face, roll_pending=roll_pending
                )
                got = len(step.debris) if mine else 0
                expected += weight * (
                    got + forecast(trial, rules, mine=mine, roll_pending=None, depth=depth)
                )
            return total + expected
        if kind == COLLAPSE:  # the common case, inlined: both supports go
            del board[k + SUPPORT_LEFT], board[k + SUPPORT_RIGHT]
            if mine:
                total += 2
                if total > bound:
                    return total
            continue
        step = resolve(board, kind, k, overhang_slide=slide, roll_pending=roll_pending)
        if kind == CURSE_KIND:
            roll_pending = None
            mine = mine and rules.curse_debris == "turn"
        elif mine:
            total += len(step.debris)
            if total > bound:
                return total


def quick_fall(board: dict[int, int], k: int, rules) -> str:
    """A fall direction without look-ahead: the first side where the tile lands quietly, else left."""
    tile = board[k]
    for direction, offset in (("left", SUPPORT_LEFT), ("right", SUPPORT_RIGHT)):
        landing = k + offset
        quiet = landing > -HALF or _lands_quietly(board, tile, landing, rules)
        if quiet and not _fire_contact(board, tile, landing, k, rules):
            return direction
    return "left"


def _lands_quietly(board, tile, landing, rules) -> bool:
    left = board.get(landing + SUPPORT_LEFT)
    right = board.get(landing + SUPPORT_RIGHT)
    if left is not None and right is not None:
        return bool(LEGAL[tile * 2025 + left * 45 + right])
    support = left if left is not None else right
    return support is not None and bool(OVER[tile * 45 + support])


def _fire_contact(board, tile, landing, origin, rules) -> bool:
    if rules.fire_cube:
        return False
    for d in TOUCH:
        n = landing + d
        if n == origin or n not in board:
            continue
        other = board[n]
        if IS_FIRE[tile] and (IS_FIRE[other] or MATERIAL[other] <= REACH[tile]):
            return True
        if IS_FIRE[other] and MATERIAL[tile] <= REACH[other]:
            return True
    return False


class RefCareful:
    """Plays the heaviest tile that causes no mayhem; with none, the move it forecasts to cost it fewest tiles."""

    name = "careful"

    def choose(self, view: RefView, rng: np.random.Generator) -> RefMove:
        if view.falling_key is not None:
            return self.choose_fall(view)
        board = view.board
        rules = view.rules
        spots = view.spot_keys()
        hand = view.hand_ids
        order = sorted(hand, key=lambda t: -WEIGHT[t])  # stable: hand order among equal weights
        for t in order:
            for k in spots:
                if placement_is_quiet(board, t, k, curse=rules.curse, fire_cube=rules.fire_cube):
                    return RefMove(TILES[t].name, position(k))
        # No quiet placement: forecast each, heaviest first; a later one must cost strictly
        # less to win, so each forecast stops once it reaches the best cost so far. The
        # choice is the one ``best`` makes (cheapest, then heaviest, then legal order).
        chosen, bound = None, float("inf")
        for t in order:
            for k in spots:
                trial = dict(board)
                trial[k] = t
                pending = (k, t) if rules.fire_cube and roll_contact(trial, k, t) else None
                cost = forecast(trial, rules, roll_pending=pending, bound=bound - 1e-9)
                if cost < bound - 1e-9:
                    chosen, bound = (t, k), cost
        t, k = chosen
        return RefMove(TILES[t].name, position(k))

    quick_falls = True
    """When the tile would land quietly on both sides, let it fall left without forecasting."""

    def choose_fall(self, view: RefView) -> RefMove:
        """The side where the tile lands quietly when only one is; else the side forecast to cost fewer tiles."""
        k = view.falling_key
        board = view.board
        rules = view.rules
        quiet = [
            (landing > -HALF or _lands_quietly(board, board[k], landing, rules))
            and not _fire_contact(board, board[k], landing, k, rules)
            for landing in (k + SUPPORT_LEFT, k + SUPPORT_RIGHT)
        ]
        if quiet[0] != quiet[1]:
            return FALL_LEFT if quiet[0] else FALL_RIGHT
        if quiet[0] and self.quick_falls:
            return FALL_LEFT
        mine = view.debris_to == view.player
        costs = []
        for direction in ("left", "right"):
            trial = dict(board)
            fall(trial, k, direction)
            bound = costs[0] if costs else float("inf")
            costs.append(
                forecast(trial, rules, mine=mine, roll_pending=view.roll_pending, bound=bound)
            )
        return FALL_LEFT if costs[0] <= costs[1] else FALL_RIGHT

    def candidates(
        self, view: RefView, *, quiet_first: bool = True
    ) -> list[tuple[float, int, int]]:
        """Placements as (forecast cost, tile, spot key), in legal-move order.

        With ``quiet_first``, when some placement causes no mayhem only those
        are returned (cost 0), and nothing is forecast.
        """
        board = view.board
        rules = view.rules
        curse, cube = rules.curse, rules.fire_cube
        spots = view.spot_keys()
        pairs = [(t, k) for t in view.hand_ids for k in spots]
        quiet = [placement_is_quiet(board, t, k, curse=curse, fire_cube=cube) for t, k in pairs]
        if quiet_first and any(quiet):
            return [(0.0, t, k) for (t, k), q in zip(pairs, quiet) if q]
        out = []
        bound = float("inf")
        for (t, k), q in zip(pairs, quiet):
            if q:
                out.append((0.0, t, k))
                bound = 0.0
                continue
            trial = dict(board)
            trial[k] = t
            pending = (k, t) if cube and roll_contact(trial, k, t) is not None else None
            cost = forecast(trial, rules, roll_pending=pending, bound=bound)
            bound = min(bound, cost)
            out.append((cost, t, k))
        return out

    def best(self, view: RefView) -> list[tuple[float, int, int]]:
        """The cheapest placements, heaviest tile first (the first is played)."""
        options = self.candidates(view)
        low = min(cost for cost, _, _ in options)
        cheapest = [option for option in options if option[0] <= low + 1e-9]
        cheapest.sort(key=lambda option: -WEIGHT[option[1]])
        return cheapest


def spot_keys(board: dict[int, int], row0_gaps: str = "all") -> list[int]:
    """Where a tile may be placed on ``board``, as internal keys in scan order.

    Spots above two tiles side by side (any row) and empty row-0 positions
    between row-0 tiles; when there is none, the two ends of row 0; (0, 0)
    on an empty table.
    """
    if not board:
        return [key(0, 0)]
    spots = []
    row0 = []
    for k in board:
        if k > -HALF:
            row0.append(k)
        if (k + 2) in board and (k + ABOVE_RIGHT) not in board:
            spots.append(k + ABOVE_RIGHT)
    row0.sort()
    for a, b in zip(row0, row0[1:]):
        if b - a > 2 and (row0_gaps == "all" or b - a == 4):
            spots.extend(range(a + 2, b, 2))
    if spots:
        spots.sort()
        return spots
    return [row0[0] - 2, row0[-1] + 2]


def _describe(step: Step, before: dict[int, int | None], receiver: int) -> str:
    where = f"under player {receiver}'s pile"

    def listing(tiles, keys) -> str:
        return _and(
            [f"{TILES[t].name} {format_position(*position(k))}" for t, k in zip(tiles, keys)]
        )

    debris = listing(step.debris, step.debris_keys)
    gone = listing(step.removed, step.removed_keys)
    go = "goes" if len(step.debris) == 1 else "go"
    at = format_position(*position(step.key))
    name = TILES[before[step.key]].name
    if step.kind == COLLAPSE:
        left, right = (TILES[before[step.key + d]].name for d in (SUPPORT_LEFT, SUPPORT_RIGHT))
        return f"collapse: {name} at {at} breaks the building rules on {left} and {right}; {debris} go {where}"
    if step.kind == OVERHANG:
        if step.moved is not None:
            return f"collapse: {name} at {at} overhangs illegally and slides down to {format_position(*position(step.moved[2]))}"
        return f"collapse: {name} at {at} overhangs illegally; its support {debris} goes {where}"
    if step.kind == EXPLOSION:
        text = f"explosion: {gone} explode and leave the game"
        return text + (f"; {debris} {go} {where}" if debris else "")
    if step.kind == FIRE:
        return f"fire: {name} at {at} burns {debris} ({where}); the fire tile leaves the game"
    if step.kind == ROLL:
        outcome = {
            1: "fire, the fire tile stays",
            2: "fire, the fire tile stays",
            3: "fire, the fire tile stays",
            4: "fire, and the fire tile leaves the game",
            5: "the fire tile explodes alone",
            6: "smoke: nothing happens",
        }[step.face]
        text = f"fire cube: {name} at {at} rolls {step.face}: {outcome}"
        if step.debris:
            text += f"; {debris} {go} {where}"
        if step.removed:
            text += f"; {gone} leaves the game"
        return text
    if step.kind == CURSE_KIND:
        return f"curse: {debris} weigh the same; they go {where}, and player {receiver} acts until the mayhem ends"
    return step.kind  # pragma: no cover


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
