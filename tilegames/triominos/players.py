"""Computer players for Tri-Ominos, and helpers that play rounds and games to 400 with them.

Every player follows the one protocol of all tilegames games: ``choose(view,
rng) -> Move``, where ``view`` is the immutable ``PlayerView`` of its seat (the
board, its own hand, the others' hand sizes, the pool's size) and ``rng`` a
numpy Generator. Players are made by name with ``make_player`` and seated with
the shared ``play_game``. Every player draws or passes exactly when the rules
force it.

- ``RandomPlayer``: a legal move chosen uniformly at random.
- ``GreedyPlayer``: the placement that scores most now (ties: the first in ``legal_moves`` order).
- ``CautiousPlayer``: greedy, minus the bonus it expects to hand the next player:
  each hexagon or bridge its placement opens, times the chance that the next
  player holds a tile fitting there.

>>> from tilegames.triominos import new_game
>>> game = play_game(new_game(seed=3), [make_player("greedy"), make_player("cautious")], seed=1)
>>> game.is_over, sum(game.breakdown()[0][part] for part in POINT_PARTS) == game.scores[0]
(True, True)
"""

from __future__ import annotations

from math import comb
from typing import Any

import numpy as np

from .. import i18n  # i18n._(...)
from ..errors import IllegalMove
from ..i18n import N_, Deferred
from ..players import Player, play_game, registry_maker
from ..randomness import as_generator, players_generator
from .lattice import FIT_MASK, geometry
from .rules import (
    POINT_PARTS,
    Game,
    Match,
    Move,
    PlayerView,
    Rules,
    deal,
    forced_move,
    placement_move,
)

__all__ = [
    "PLAYERS",
    "POINT_PARTS",
    "CautiousPlayer",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "make_player",
    "play_game",
    "play_match",
    "play_out",
    "play_round",
    "play_to_target",
]


class RandomPlayer(Player):
    """A legal move chosen uniformly at random.

    >>> from tilegames.triominos import new_game
    >>> view = new_game(seed=6).player_view()
    >>> RandomPlayer().choose(view, np.random.default_rng(1))
    Move.parse('5-5-5 @ 0,0 r0')
    """

    name = "random"
    description = Deferred(
        N_("Plays a legal move chosen uniformly at random (draws and passes only when forced).")
    )

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        placements = view.placement_ids()  # legal_moves order, without making every Move
        if not placements:
            return forced_move(view.forced)  # a forced draw or pass uses no random number
        return placement_move(*placements[int(rng.integers(len(placements)))])


class GreedyPlayer(Player):
    """The placement scoring most now (tile value + bonus); ties: first in ``legal_moves`` order."""

    name = "greedy"
    description = Deferred(N_("Plays the placement that scores most now (tile value plus bonus)."))

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        return view.best_move()


class CautiousPlayer(Player):
    """Greedy minus the expected bonus its placement opens for the next player.

    For each of the ``candidates`` best placements by immediate points, the
    tile is tried on a copy of the board; every empty cell it touches that
    would now score a hexagon or bridge counts its bonus times the chance that
    the next player holds one of the unseen tiles fitting there (hypergeometric).
    """

    name = "cautious"
    description = Deferred(
        N_(
            "Greedy, minus the hexagon or bridge bonus its placement is likely to hand the next player."
        )
    )

    def __init__(self, candidates: int = 8) -> None:
        if type(candidates) is not int or candidates < 1:
            raise ValueError(f"candidates must be a whole number 1 or more, not {candidates!r}")
        self.candidates = candidates
        """How many of the best placements by immediate points it weighs."""

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        scored = view.placement_scores()
        if not scored:
            return view.best_move()  # the forced draw or pass
        if not len(view.board) or len(scored) == 1:
            _, tid, key, rot = scored[0]
            return placement_move(tid, key, rot)
        rules = view.rules
        board = view.board.copy()  # the view's board never changes: try placements on a copy
        unseen = view.unseen_mask
        n_unseen = unseen.bit_count()
        next_hand = view.hand_sizes[(view.seat + 1) % view.players]
        total = comb(n_unseen, next_hand) if n_unseen >= next_hand else 1
        frontier = board.frontier
        best, best_value = scored[0], None
        for candidate in scored[: self.candidates]:
            points, tid, key, rot = candidate
            board.place(key, tid, rot)
            risk = 0.0
            for other in geometry(key).touching:
                pattern = frontier.get(other)
                if pattern is None:
                    continue
                fits = FIT_MASK[pattern] & unseen
                if not fits:
                    continue
                hexes = board.hexagons_at(other)
                if hexes:
                    bonus = rules.hexagon_bonuses[hexes - 1]
                elif board.bridge_at(other, rules.bridge_rule):
                    bonus = rules.bridge_bonus
                else:
                    continue
                k = fits.bit_count()
                miss = comb(n_unseen - k, next_hand) / total if n_unseen - k >= next_hand else 0.0
                risk = max(risk, bonus * (1.0 - miss))
            board.remove_last()
            value = points - risk
            if best_value is None or value > best_value:
                best, best_value = candidate, value
        _, tid, key, rot = best
        return placement_move(tid, key, rot)


PLAYERS: dict[str, type[Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "cautious": CautiousPlayer,
}
"""Player classes by name (the CLI's ``--player``)."""

make_player = registry_maker(PLAYERS, "Tri-Ominos")
"""A player by name with its options: ``make_player("cautious", candidates=4)``.

>>> make_player("greedy").name
'greedy'
"""


def play_out(game: Game, players: list, *, check: bool = False, seed: Any = None) -> Game:
    """Play a round to its end (``play_game`` with the study's default of unchecked moves).

    ``check=True`` plays through ``game.play`` (every move checked, undo kept);
    the default trusts the players' moves (they only choose legal ones) and
    records the history without undo snapshots, which is what simulations need.
    """
    if len(players) != game.players:
        raise ValueError(f"{game.players} players needed, {len(players)} given")
    return play_game(game, players, seed=seed, checked=check)


def play_round(match: Match, players: list, *, seed: Any = None, checked: bool = False) -> Game:
    """Deal the match's next round, play it with these players (one per seat), finish it.

    ``seed`` is the players' dice (an int or a Generator; None: dice derived from the
    match's generator with ``players_generator``, which reveal neither it nor the deal).

    >>> match = Match(players=2, seed=5)
    >>> game = play_round(match, [make_player("greedy"), make_player("greedy")])
    >>> len(match.rounds), game.is_over
    (1, True)
    """
    game = match.new_round()
    dice = players_generator(match.rng) if seed is None else seed
    play_game(game, players, seed=dice, checked=checked)
    match.finish_round(game)
    return game


def play_match(
    players: list,
    rounds: int,
    *,
    seed: int = 0,
    rules: Rules | str | None = None,
) -> dict[str, Any]:
    """Play ``rounds`` seeded rounds between these players, rotating their seats each round.

    Returns ``{"names", "wins", "points", "rounds"}``: round wins and points per
    player (in the order given), and one row per round.

    >>> result = play_match([GreedyPlayer(), RandomPlayer()], 10, seed=2)
    >>> sum(result["wins"]) <= 10, len(result["rounds"])
    (True, 10)
    """
    if isinstance(rules, str):
        rules = Rules.preset(rules)
    rules = rules or Rules()
    n = len(players)
    rng = as_generator(seed)
    wins = [0] * n
    points = [0] * n
    rows = []
    for index in range(rounds):
        hands, pool = deal(n, rng, rules)
        game = Game(hands, pool, rules=rules)
        seating = [(index + i) % n for i in range(n)]  # seat s is played by players[seating[s]]
        dice = players_generator(rng)  # never the generator that dealt the round
        play_game(game, [players[seating[s]] for s in range(n)], seed=dice, checked=False)
        for seat, score in enumerate(game.scores):
            points[seating[seat]] += score
        if game.winner is not None:
            wins[seating[game.winner]] += 1
        rows.append(
            {
                "round": index,
                "winner": None if game.winner is None else seating[game.winner],
                "end": game.end,
                **{f"points_{i}": game.scores[seating.index(i)] for i in range(n)},
            }
        )
    return {
        "names": [getattr(p, "name", type(p).__name__) for p in players],
        "wins": wins,
        "points": points,
        "rounds": rows,
    }


def play_to_target(
    players: list,
    *,
    seed: int | np.random.Generator | None = None,
    rules: Rules | str | None = None,
) -> Match:
    """A whole game: rounds until someone reaches the target score (400).

    The deals and the players' chance come from one generator made from ``seed``.

    >>> match = play_to_target([GreedyPlayer(), GreedyPlayer()], seed=1)
    >>> match.is_over and max(match.totals) >= 400
    True
    """
    match = Match(len(players), rules=rules, seed=seed)
    while not match.is_over:
        play_round(match, players)
        if len(match.rounds) > 1000:  # pragma: no cover - a bug
            raise IllegalMove(i18n._("no one reaches the target"))
    return match
