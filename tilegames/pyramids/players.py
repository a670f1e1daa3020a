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

from math import comb

import numpy as np

from ..i18n import N_, Deferred
from ..players import Player, play_game, registry_maker
from . import careful, mayhem
from .careful import (
    HEAVIEST_FIRST,
    cheapest,
    expected_cheapest,
    fallen,
    forecast,
    quick_fall,
)
from .mayhem import (
    placement_is_quiet,
    unsettled,
    watch_added,
)
from .rules import FALL_LEFT, FALL_RIGHT, Move, PlayerView, placement, spot_keys
from .tiles import (
    FIRE_TILES,
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


def _fall_trials(board: dict[int, int], k: int, rules) -> list[tuple[dict[int, int], set[int]]]:
    """The boards after the tile at ``k`` falls left, then right, each with the places a forecast
    of it watches."""
    unsettled_now = unsettled(board, curse=rules.curse, fire_cube=rules.fire_cube)
    return [fallen(board, unsettled_now, k, direction) for direction in ("left", "right")]


class RandomPlayer(Player):
    """Plays any legal move, uniformly at random."""

    name = "random"
    description = Deferred(N_("plays any legal move, uniformly at random"))

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        moves = view.legal_moves
        return moves[int(rng.integers(len(moves)))]


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
        """The heaviest quiet placement; with none, the one forecast to cost fewest tiles
        (``careful.choose_placement``, heaviest first among equals)."""
        board = view.board
        rules = view.rules
        order = sorted(view.hand_ids, key=HEAVIEST_FIRST)  # stable: hand order among equal weights
        fire_around = not FIRE_TILES.isdisjoint(board.values())
        t, k, _, _ = careful.choose_placement(board, order, view.spot_keys(), rules, fire_around)
        return placement(t, k)

    quick_falls = True
    """When the tile would land quietly on both sides, let it fall left without forecasting."""

    def choose_fall(self, view: PlayerView) -> Move:
        """The side where the tile lands quietly when only one is; else the side forecast to cost
        fewer tiles (``careful.choose_fall``)."""
        mine = view.debris_to == view.player
        direction, _ = careful.choose_fall(
            view.board,
            view.falling_key,
            view.rules,
            mine,
            view.roll_pending,
            quick=self.quick_falls,
        )
        return FALL_LEFT if direction == "left" else FALL_RIGHT

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
        hand = sorted(view.hand_ids, key=HEAVIEST_FIRST)
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
