"""Computer players for Flaming Pyramids, and a loop that plays whole games.

A player sees only its own ``PlayerView`` (its hand, the others' hand and
pile sizes, the pyramid) and answers with a ``Move``:

- ``RandomPlayer``: any legal move, uniformly at random.
- ``CarefulPlayer``: a tile that obeys the building rules when it has one (the heaviest), else the least damaging move, forecasting the mayhem.
- ``SpitefulPlayer``: like the careful player, but among its least damaging moves it picks the one that leaves the fewest unseen tiles able to go anywhere quietly, to hurt the next player.

>>> from tilegames.pyramids import new_game
>>> game = play_game(new_game(seed=4, players=3), [CarefulPlayer(), SpitefulPlayer(), RandomPlayer()], seed=1)
>>> game.is_over
True
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from math import comb

import numpy as np

from ..i18n import N_, Deferred
from ..players import Player, play_game, registry_maker
from . import mayhem, quick
from .mayhem import (
    AIR,
    COLLAPSE,
    CURSE_KIND,
    OVERHANG,
    ROLL,
    first_problem_near,
    forecast_collapse,
    forecast_overhang,
    landing_is_quiet,
    placement_is_quiet,
    quiet_sides,
    resolve,
    unsettled,
    watch_added,
    watch_removed,
    watch_step,
)
from .rules import FALL_LEFT, FALL_RIGHT, Move, PlayerView, placement, spot_keys
from .tiles import (
    ABOVE_LEFT,
    ABOVE_RIGHT,
    HALF,
    LEGAL,
    SUPPORT_LEFT,
    SUPPORT_RIGHT,
    TILES,
    WEIGHT,
)

__all__ = [
    "PLAYERS",
    "CarefulPlayer",
    "ExpertPlayer",
    "RandomPlayer",
    "SpitefulPlayer",
    "cheapest",
    "expected_cheapest",
    "forecast",
    "make_player",
    "next_player_cost",
    "play_game",
    "quick_fall",
]

_HEAVIEST_FIRST = tuple(-w for w in WEIGHT).__getitem__

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
                trial = dict(board)
                target = mayhem.fall(trial, k, direction)
                trial_near = watch_added(trial, watch_removed(set(near), k), target)
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
            forecast_collapse(board, near, k)
            if mine:
                total += 2
                if total > bound:
                    return total
            continue
        if kind == OVERHANG and not slide:  # inlined too: its one support goes
            forecast_overhang(board, near, k)
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


def cheapest(options: list[tuple[dict[int, int], set[int], bool]], rules) -> int:
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
        (0, i, quick.costs(board, near, mine, rules))
        for i, (board, near, mine) in enumerate(options)
    ]
    heapq.heapify(heap)
    while True:
        _, i, costs = heap[0]
        try:
            total = next(costs)
        except StopIteration:
            return i
        heapq.heapreplace(heap, (total, i, costs))


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


def quick_fall(board: dict[int, int], k: int, rules) -> str:
    """A fall direction without look-ahead: the first side where the tile lands quietly, else left."""
    left, right = quiet_sides(board, k, rules.fire_cube)
    return "right" if right and not left else "left"


def _fall_trials(board: dict[int, int], k: int, rules) -> list[tuple[dict[int, int], set[int]]]:
    """The boards after the tile at ``k`` falls left, then right, each with the places a forecast
    of it watches."""
    unsettled_now = unsettled(board, curse=rules.curse, fire_cube=rules.fire_cube)
    trials = []
    for direction in ("left", "right"):
        trial = dict(board)
        target = mayhem.fall(trial, k, direction)
        trials.append((trial, watch_added(trial, watch_removed(set(unsettled_now), k), target)))
    return trials


class RandomPlayer(Player):
    """Plays any legal move, uniformly at random."""

    name = "random"
    description = Deferred(N_("plays any legal move, uniformly at random"))

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        moves = view.legal_moves
        return moves[int(rng.integers(len(moves)))]


def expected_cheapest(options: Iterable[tuple[int, int, dict[int, int]]], rules) -> tuple[int, int]:
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
        cost = forecast(
            trial,
            rules,
            roll_pending=pending,
            bound=bound - 1e-9,
            near=watch_added(trial, set(), k),
        )
        if cost < bound - 1e-9:
            chosen, bound = (t, k), cost
    if chosen is None:
        raise ValueError("no placement to choose from")
    return chosen


class CarefulPlayer(Player):
    """Plays the heaviest tile that causes no mayhem; with none, the move it forecasts to cost it fewest tiles."""

    name = "careful"
    description = Deferred(
        N_(
            "plays the heaviest tile that causes no mayhem; with none, the move forecast to cost it fewest tiles"
        )
    )

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        """Where the falling tile goes when one falls (``choose_fall``), else where to place a
        tile (``choose_placement``); ``rng`` is not used."""
        if view.falling_key is not None:
            return self.choose_fall(view)
        return self.choose_placement(view)

    def choose_placement(self, view: PlayerView) -> Move:
        """The heaviest quiet placement; with none, the one forecast to cost fewest tiles."""
        board = view.board
        rules = view.rules
        spots = view.spot_keys()
        hand = view.hand_ids
        order = sorted(hand, key=_HEAVIEST_FIRST)  # stable: hand order among equal weights
        for t in order:
            for k in spots:
                if placement_is_quiet(board, t, k, curse=rules.curse, fire_cube=rules.fire_cube):
                    return placement(t, k)
        # No quiet placement: the cheapest by forecast, heaviest first among equals.
        options = []
        for t in order:
            for k in spots:
                trial = dict(board)
                trial[k] = t
                options.append((t, k, trial))
        if not rules.fire_cube:
            # Exact costs are whole tiles: race the forecasts (see ``cheapest``).
            index = cheapest(
                [(trial, watch_added(trial, set(), k), True) for _, k, trial in options], rules
            )
            t, k, _ = options[index]
            return placement(t, k)
        return placement(*expected_cheapest(options, rules))

    quick_falls = True
    """When the tile would land quietly on both sides, let it fall left without forecasting."""

    def choose_fall(self, view: PlayerView) -> Move:
        """The side where the tile lands quietly when only one is; else the side forecast to cost fewer tiles."""
        k = view.falling_key
        board = view.board
        rules = view.rules
        quiet = quiet_sides(board, k, rules.fire_cube)
        if quiet[0] != quiet[1]:
            return FALL_LEFT if quiet[0] else FALL_RIGHT
        if quiet[0] and self.quick_falls:
            return FALL_LEFT
        mine = view.debris_to == view.player
        trials = _fall_trials(board, k, rules)
        if not rules.fire_cube:
            index = cheapest([(trial, near, mine) for trial, near in trials], rules)
            return FALL_LEFT if index == 0 else FALL_RIGHT
        costs = []
        for trial, near in trials:
            bound = costs[0] if costs else float("inf")
            costs.append(
                forecast(
                    trial, rules, mine=mine, roll_pending=view.roll_pending, bound=bound, near=near
                )
            )
        return FALL_LEFT if costs[0] <= costs[1] else FALL_RIGHT

    def candidates(
        self, view: PlayerView, *, quiet_first: bool = True
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
            pending = (k, t) if cube and mayhem.roll_contact(trial, k, t) is not None else None
            cost = forecast(trial, rules, roll_pending=pending, bound=bound)
            bound = min(bound, cost)
            out.append((cost, t, k))
        return out

    def best(self, view: PlayerView) -> list[tuple[float, int, int]]:
        """The cheapest placements, heaviest tile first (the first is played)."""
        options = self.candidates(view)
        low = min(cost for cost, _, _ in options)
        cheapest = [option for option in options if option[0] <= low + 1e-9]
        cheapest.sort(key=lambda option: -WEIGHT[option[1]])
        return cheapest


class SpitefulPlayer(CarefulPlayer):
    """Among its cheapest moves, leaves the fewest unseen tiles a quiet place: hurts the next player."""

    name = "spiteful"
    description = Deferred(
        N_(
            "like careful, but among its cheapest moves leaves the next player the fewest quiet places"
        )
    )

    def choose_placement(self, view: PlayerView) -> Move:
        """Among the cheapest placements, the one leaving the next player the fewest quiet places."""
        cheapest = self.best(view)
        if len(cheapest) == 1 or cheapest[0][0] > 0:
            _, t, k = cheapest[0]
            return placement(t, k)
        seen = set(view.hand_ids) | set(view.board.values()) | set(view.removed_ids)
        unseen = [t for t in range(len(TILES)) if t not in seen]
        rules = view.rules

        def openness(option) -> int:
            _, t, k = option
            board = dict(view.board)
            board[k] = t
            spots = spot_keys(board, rules.row0_gaps)
            curse, cube = rules.curse, rules.fire_cube
            return sum(
                any(placement_is_quiet(board, u, s, curse=curse, fire_cube=cube) for s in spots)
                for u in unseen
                if u != t
            )

        _, t, k = min(cheapest, key=openness)
        return placement(t, k)


class ExpertPlayer(CarefulPlayer):
    """Looks ahead: its own mayhem over the falls and the fire die, then the next player's turn.

    For every placement it can make, it forecasts the tiles it would get
    back, choosing the falls by looking ``depth`` falls ahead and averaging
    the fire cube over its faces (an expectimax over falls and die). On the
    pyramid that would result it then estimates what the *next* player must
    take back on his turn, from what this seat can see: the next player's
    hand is an unknown handful of the tiles this seat has not seen, and he
    will play his cheapest tile; a tile that fits quietly somewhere costs
    nothing, one that fits nowhere quietly at least one or two tiles. The
    move played is the one with the lowest *own cost minus the next
    player's expected cost*, heaviest tile first among equals. Falls are
    chosen by looking ahead the same way.

    >>> from tilegames.pyramids import new_game
    >>> game = play_game(new_game(seed=2), [ExpertPlayer(), CarefulPlayer()], seed=2, checked=False)
    >>> game.is_over
    True
    """

    name = "expert"
    description = Deferred(
        N_("looks ahead over the mayhem, the falls and the fire die, and at the next player's turn")
    )

    def __init__(self, depth: int = 2, spite: float = 1.0) -> None:
        self.depth = depth
        """Falls looked ahead when forecasting (each one both ways)."""
        self.spite = spite
        """Weight of the next player's expected cost against its own."""

    def __repr__(self) -> str:
        return f"make_player('expert', depth={self.depth}, spite={self.spite})"

    def choose_placement(self, view: PlayerView) -> Move:
        """The placement with the lowest own cost minus the next player's expected cost."""
        board = view.board
        rules = view.rules
        spots = view.spot_keys()
        hand = sorted(view.hand_ids, key=_HEAVIEST_FIRST)
        seen = set(view.hand_ids) | set(board.values()) | set(view.removed_ids)
        unseen = [t for t in range(len(TILES)) if t not in seen]
        nxt = (view.turn_player + 1) % view.n_players
        handful = min(view.hand_sizes[nxt], len(unseen))
        best, chosen = float("inf"), None
        for t in hand:
            for k in spots:
                quiet = placement_is_quiet(
                    board, t, k, curse=rules.curse, fire_cube=rules.fire_cube
                )
                trial = dict(board)
                trial[k] = t
                if quiet:
                    cost = 0.0
                else:
                    pending = (
                        (k, t)
                        if rules.fire_cube and mayhem.roll_contact(trial, k, t) is not None
                        else None
                    )
                    cost = forecast(
                        dict(trial),
                        rules,
                        roll_pending=pending,
                        depth=self.depth,
                        near=watch_added(trial, set(), k),
                    )
                    forecast(trial, rules, roll_pending=pending, near=watch_added(trial, set(), k))
                score = cost - self.spite * next_player_cost(
                    trial, [u for u in unseen if u not in trial.values()], handful, rules
                )
                if score < best - 1e-9:
                    best, chosen = score, (t, k)
        t, k = chosen
        return placement(t, k)

    def choose_fall(self, view: PlayerView) -> Move:
        """The side whose forecast, looking ``depth`` falls ahead, costs fewer tiles (left on a tie)."""
        k = view.falling_key
        board = view.board
        rules = view.rules
        mine = view.debris_to == view.player
        costs = []
        for trial, near in _fall_trials(board, k, rules):
            costs.append(
                forecast(
                    trial,
                    rules,
                    mine=mine,
                    roll_pending=view.roll_pending,
                    depth=self.depth,
                    near=near,
                )
            )
        return FALL_LEFT if costs[0] <= costs[1] else FALL_RIGHT


def next_player_cost(board: dict[int, int], unseen: list[int], handful: int, rules) -> float:
    """What the next player can expect to take back on his turn on ``board``, as seen from outside.

    His hand is ``handful`` tiles drawn at random from ``unseen``; he plays his
    cheapest. A tile that fits quietly on some spot costs 0; one that obeys
    the building rules somewhere but stirs fire or a curse, 1; one that
    breaks them everywhere, 2 (its two supports). The answer is the mean of
    the cheapest of a random handful, computed exactly.

    >>> from tilegames.pyramids import Rules
    >>> from tilegames.pyramids.tiles import key, tile_id
    >>> board = {key(0, 0): tile_id("red 2"), key(0, 2): tile_id("red 4")}
    >>> next_player_cost(board, [tile_id("blue 120"), tile_id("red 6")], 1, Rules())
    1.0
    """
    if handful <= 0 or not unseen:
        return 0.0
    spots = spot_keys(board, rules.row0_gaps)
    curse, cube = rules.curse, rules.fire_cube
    costs = []
    for u in unseen:
        cost = 2
        for k in spots:
            if placement_is_quiet(board, u, k, curse=curse, fire_cube=cube):
                cost = 0
                break
            if (
                k > -HALF
                or LEGAL[u * 2025 + board[k + SUPPORT_LEFT] * 45 + board[k + SUPPORT_RIGHT]]
            ):
                cost = 1
        costs.append(cost)
    costs.sort()
    n = len(costs)
    total = comb(n, handful)
    return sum(c * comb(n - 1 - i, handful - 1) for i, c in enumerate(costs) if c) / total


PLAYERS: dict[str, type[Player]] = {
    "random": RandomPlayer,
    "careful": CarefulPlayer,
    "spiteful": SpitefulPlayer,
    "expert": ExpertPlayer,
}
"""The players by name (as the CLI spells them)."""


make_player = registry_maker(PLAYERS, "Flaming Pyramids")
"""A player by name (see ``PLAYERS``); options go to its constructor (``make_player("expert", depth=1)``)."""
