"""Computer players for Tri-Ominos, and helpers that play rounds and matches with them.

A player is any object with ``choose(view) -> Move``; it sees only a
``PlayerView`` (the board, its own hand, the others' hand sizes, the pool's
size). Every player draws or passes exactly when the rules force it.

- ``RandomPlayer``: a legal move chosen uniformly at random.
- ``GreedyPlayer``: the placement that scores most now (ties: the first in ``legal_moves`` order).
- ``CautiousPlayer``: greedy, minus the bonus it expects to hand the next player:
  each hexagon or bridge its placement opens, times the chance that the next
  player holds a tile fitting there.

>>> from tilegames.triominos import new_game
>>> game = new_game(seed=3)
>>> play_out(game, [GreedyPlayer(), CautiousPlayer()])
>>> game.is_over, sum(game.breakdown()[0][part] for part in POINT_PARTS) == game.scores[0]
(True, True)
"""

from __future__ import annotations

from math import comb
from typing import Any, Protocol

import numpy as np

from ..errors import IllegalMove
from ..randomness import as_generator
from .lattice import FIT_MASK, TILES, _geometry, key_cell
from .rules import POINT_PARTS, Game, Match, Move, PlayerView, Rules, deal

__all__ = [
    "POINT_PARTS",
    "CautiousPlayer",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "make_player",
    "play_match",
    "play_out",
]


class Player(Protocol):
    """What a player offers: a name and a choice of move."""

    name: str

    def choose(self, view: PlayerView) -> Move:  # pragma: no cover - protocol
        ...


class RandomPlayer:
    """A legal move chosen uniformly at random (from its own seeded generator)."""

    name = "random"

    def __init__(self, seed: int | np.random.Generator | None = None) -> None:
        self.rng = as_generator(seed)

    def choose(self, view: PlayerView) -> Move:
        game = view._game
        triples = game._placement_triples(view.seat)
        if not triples:
            return Move(game._forced())  # type: ignore[arg-type]
        triples.sort()
        tid, key, rot = triples[int(self.rng.integers(len(triples)))]
        return Move("place", TILES[tid], key_cell(key), rot)


class GreedyPlayer:
    """The placement scoring most now (tile value + bonus); ties: first in ``legal_moves`` order."""

    name = "greedy"

    def choose(self, view: PlayerView) -> Move:
        game = view._game
        best = game._best_placement()
        if best is None:
            return Move(game._forced())  # type: ignore[arg-type]
        _, tid, key, rot = best
        return Move("place", TILES[tid], key_cell(key), rot)


class CautiousPlayer:
    """Greedy minus the expected bonus its placement opens for the next player.

    For each of the ``candidates`` best placements by immediate points, the
    tile is tried on the board; every empty cell it touches that would now
    score a hexagon or bridge counts its bonus times the chance that the next
    player holds one of the unseen tiles fitting there (hypergeometric).
    """

    name = "cautious"

    def __init__(self, candidates: int = 8) -> None:
        self.candidates = candidates

    def choose(self, view: PlayerView) -> Move:
        game = view._game
        scored = game._scored_placements()
        if not scored:
            return Move(game._forced())  # type: ignore[arg-type]
        scored.sort(key=lambda s: (-s[0], s[1], s[2], s[3]))
        if not game.board.cells or len(scored) == 1:
            _, tid, key, rot = scored[0]
            return Move("place", TILES[tid], key_cell(key), rot)
        rules = game.rules
        board = game.board
        unseen = view._unseen_mask()
        n_unseen = unseen.bit_count()
        next_seat = (view.seat + 1) % game.players
        next_hand = view.hand_sizes[next_seat]
        total = comb(n_unseen, next_hand) if n_unseen >= next_hand else 1
        best, best_value = scored[0], None
        for candidate in scored[: self.candidates]:
            points, tid, key, rot = candidate
            board._put(key, tid, rot)
            risk = 0.0
            try:
                for other in _geometry(key).touching:
                    pattern = board.frontier.get(other)
                    if pattern is None:
                        continue
                    fits = FIT_MASK[pattern] & unseen
                    if not fits:
                        continue
                    hexes = board._hexagons(other)
                    if hexes:
                        bonus = rules.hexagon_bonuses[hexes - 1]
                    elif board._bridge(other, rules.bridge_rule):
                        bonus = rules.bridge_bonus
                    else:
                        continue
                    k = fits.bit_count()
                    miss = (
                        comb(n_unseen - k, next_hand) / total if n_unseen - k >= next_hand else 0.0
                    )
                    risk = max(risk, bonus * (1.0 - miss))
            finally:
                board.remove_last()
            value = points - risk
            if best_value is None or value > best_value:
                best, best_value = candidate, value
        _, tid, key, rot = best
        return Move("place", TILES[tid], key_cell(key), rot)


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer, "cautious": CautiousPlayer}
"""Player classes by name (the CLI's ``--player``)."""


def make_player(name: str, rng: np.random.Generator | int | None = None) -> Any:
    """A player by name: ``random`` (seeded by ``rng``), ``greedy`` or ``cautious``.

    >>> make_player("greedy").name
    'greedy'
    """
    if name not in PLAYERS:
        raise ValueError(f"unknown player {name!r}: choose from {sorted(PLAYERS)}")
    if name == "random":
        return RandomPlayer(rng)
    return PLAYERS[name]()


def play_out(game: Game, players: list, *, check: bool = False, max_moves: int = 10_000) -> None:
    """Play a round to its end, each seat's player choosing from its own view.

    ``check=True`` plays through ``game.play`` (every move checked, undo kept);
    the default trusts the players' moves (they only choose legal ones) and
    records the history without undo snapshots, which is what simulations need.
    """
    if len(players) != game.players:
        raise ValueError(f"{game.players} players needed, {len(players)} given")
    views = [game.player_view(seat) for seat in range(game.players)]
    history = game.history
    for _ in range(max_moves):
        if game._end is not None:
            return
        move = players[game._to_move].choose(views[game._to_move])
        if check:
            game.play(move)
        else:
            game._apply(move)
            history.append(move)
    raise RuntimeError("the round did not end")  # pragma: no cover - a bug


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

    >>> result = play_match([GreedyPlayer(), RandomPlayer(1)], 10, seed=2)
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
        play_out(game, [players[seating[s]] for s in range(n)])
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


def play_game(
    players: list,
    *,
    seed: int | np.random.Generator | None = None,
    rules: Rules | str | None = None,
) -> Match:
    """A whole game: rounds until someone reaches the target score (400).

    >>> match = play_game([GreedyPlayer(), GreedyPlayer()], seed=1)
    >>> match.is_over and max(match.totals) >= 400
    True
    """
    match = Match(len(players), rules=rules, seed=seed)
    while not match.is_over:
        match.play_round(players)
        if len(match.rounds) > 1000:  # pragma: no cover - a bug
            raise IllegalMove("no one reaches the target")
    return match
