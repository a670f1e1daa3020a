"""Tula players: random, three heuristics, a sampler that reasons about hidden tiles, the solver.

Every player but the clairvoyant one decides from ``game.player_view()``
only: the face-up tiles, the stack and the set of tiles not yet seen — never
which face-down tile lies where. All of them first reveal whatever can be
revealed (revealing never hurts: a revealable tile stays revealable, and
seeing more can only help), then choose among the removals — or, when mercy
may be used, among the three exchanges (declining mercy would lose at once).

- ``random``: a uniformly random removal (or exchange);
- ``greedy``: removes the matching tile whose removal uncovers the most face-down tiles;
- ``matches``: removes the matching tile that itself matches the most face-up tiles, keeping
  the most removals open for the next move;
- ``chain``: removes the matching tile that starts the longest run of removals using only the
  face-up tiles (then, on a tie, the one that uncovers the most);
- ``sampler``: deals the unseen tiles onto the face-down positions at random, many times, and
  plays the move that can still be won in the most of those imagined deals;
- ``expert``: like the sampler, but imagines more deals where the choice is close, plays
  exactly once few tiles are face down, and never tries a move that strands a tile
  (``expert.ExpertPlayer``; its fast twin ``expert.play_expert``);
- ``solver``: the clairvoyant, who sees every tile and plays a winning line when there is one
  (``solver.solve``).

The heuristics use mercy the same way, from what they see: they take the
exchange after which the most of the other two layer-3 tiles match the new
stack tile (first in position order on a tie).

Every player follows the protocol of ``tilegames.players``: ``choose(view, rng)``
on the player's view, seated by the shared ``play_game``.

>>> from tilegames.tula import new_game
>>> game = play_game(new_game(seed=3), make_player("greedy"), seed=3)
>>> game.is_over, len(game.stack)
(True, 3)
>>> play_game(new_game(seed=2), make_player("solver")).won
True
"""

from __future__ import annotations

import numpy as np

from .. import players as _shared
from ..i18n import N_, Deferred
from ..players import moves_to_choose, play_game, registry_maker
from .core import CHAIN_LIMIT, best_exchange, chain_removal, greedy_removal, matches_removal
from .expert import ExpertPlayer
from .fast import RANDOM_DRAWS, opened, unlocked
from .layout import INDEX, MATCH_MASK, TOP
from .rules import Game, Move, PlayerView
from .solver import search, solve

__all__ = [
    "PLAYERS",
    "ChainPlayer",
    "ExpertPlayer",
    "GreedyPlayer",
    "MatchesPlayer",
    "Player",
    "RandomPlayer",
    "SamplerPlayer",
    "SolverPlayer",
    "make_player",
    "play_game",
]


def _mask(names: frozenset[str]) -> int:
    return sum(1 << INDEX[name] for name in names)


class Player(_shared.Player):
    """The built-in Tula players: reveal everything revealable, then pick among the removals
    (or the mercy exchanges) by each player's own rule.

    A player of your own needs only ``choose(view, rng)``: subclass ``tilegames.players.Player``
    and return one of ``view.legal_moves`` (homework h1 does exactly this).
    """

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        """The move to play in the position ``view`` shows (the game must not be over)."""
        moves = moves_to_choose(view)
        reveals = [move for move in moves if move.kind == "reveal"]
        if reveals:
            return reveals[0]
        return self.pick(view, list(moves), rng)

    def pick(
        self, view: PlayerView, moves: list[Move], rng: np.random.Generator
    ) -> Move:  # pragma: no cover
        """Pick among ``moves`` (removals, or the mercy exchanges): each built-in player's rule."""
        raise NotImplementedError


class RandomPlayer(Player):
    """Chooses uniformly among the removals (and among the exchanges when mercy is usable).

    Its choices come from ``RANDOM_DRAWS`` uniform numbers drawn at the start of
    each game (decision ``k`` among ``n`` choices takes ``int(draws[k] * n)``), the
    same way ``fast.play_random`` uses them.
    """

    name = "random"
    description = Deferred(
        N_("Removes a uniformly random matching tile (and makes a random exchange).")
    )

    def __init__(self) -> None:
        self._draws = None
        self._decision = 0

    def start(self, view: PlayerView, rng: np.random.Generator) -> None:
        self._draws = rng.random(RANDOM_DRAWS)
        self._decision = 0

    def pick(self, view: PlayerView, moves: list[Move], rng: np.random.Generator) -> Move:
        if len(moves) == 1:
            return moves[0]
        if self._draws is None:
            raise ValueError(
                "call start(view, rng) before the game (play_game does): the player needs dice"
            )
        move = moves[int(self._draws[self._decision] * len(moves))]
        self._decision += 1
        return move


def _tiles(view: PlayerView) -> list[int]:
    """The tile number on each position, -1 where no tile is seen."""
    return [-1 if tile is None else tile.index for tile in view.visible]


def _positions(moves: list[Move]) -> int:
    """The positions of ``moves``, as a mask."""
    return sum(1 << INDEX[move.position] for move in moves)


def _move_at(moves: list[Move], p: int) -> Move:
    """The move among ``moves`` on position number ``p``."""
    return moves[[INDEX[move.position] for move in moves].index(p)]


def _mercy_choice(view: PlayerView, moves: list[Move]) -> Move:
    """The exchange after which the most of the other two layer-3 tiles match the new top."""
    choices = [INDEX[move.position] for move in moves]
    return moves[choices.index(best_exchange(MATCH_MASK, _tiles(view), choices))]


class GreedyPlayer(Player):
    """Removes the matching tile whose removal uncovers the most face-down tiles."""

    name = "greedy"
    description = Deferred(
        N_("Removes the matching tile whose removal uncovers the most face-down tiles.")
    )

    def pick(self, view: PlayerView, moves: list[Move], rng: np.random.Generator) -> Move:
        if moves[0].kind == "mercy":
            return _mercy_choice(view, moves)
        # everything revealable is face up (revealed first), so the face-up tiles are the
        # open ones and a removal uncovers what ``core.greedy_removal`` counts
        p = greedy_removal(_positions(moves), unlocked, _mask(view.present), _mask(view.face_up))
        return _move_at(moves, p)


class MatchesPlayer(Player):
    """Removes the matching tile that matches the most other face-up tiles."""

    name = "matches"
    description = Deferred(
        N_(
            "Removes the matching tile that matches the most other face-up tiles, "
            "keeping the most removals open."
        )
    )

    def pick(self, view: PlayerView, moves: list[Move], rng: np.random.Generator) -> Move:
        if moves[0].kind == "mercy":
            return _mercy_choice(view, moves)
        # everything revealable is face up (revealed first): the face-up tiles are the open ones
        p = matches_removal(_positions(moves), MATCH_MASK, _tiles(view), _mask(view.face_up))
        return _move_at(moves, p)


class ChainPlayer(Player):
    """Removes the tile that starts the longest run of removals among the face-up tiles."""

    name = "chain"
    description = Deferred(
        N_(
            "Removes the matching tile that starts the longest run of removals among the face-up "
            "tiles (looking up to {limit} ahead), then the one that uncovers the most."
        ),
        limit=CHAIN_LIMIT,
    )

    def pick(self, view: PlayerView, moves: list[Move], rng: np.random.Generator) -> Move:
        if moves[0].kind == "mercy":
            return _mercy_choice(view, moves)
        present, face_up = _mask(view.present), _mask(view.face_up)
        p = chain_removal(
            _positions(moves), MATCH_MASK, unlocked, _tiles(view), present, face_up, {}
        )
        return _move_at(moves, p)


class SamplerPlayer(Player):
    """Imagines the face-down tiles many times and plays the move that wins most often.

    Everything the player has seen is fixed; the unseen tiles are dealt at
    random onto the face-down positions (given what was seen, every such
    arrangement is equally likely). In each imagined deal, every candidate
    move is judged by the exact solver: can the game still be won after it?
    The move winnable in the most samples is played; ties go to the chain
    player's choice among the tied moves.
    """

    name = "sampler"
    description = Deferred(
        N_(
            "Deals the unseen tiles at random onto the face-down positions many times and "
            "plays the move that can still be won in the most of those deals."
        )
    )

    def __init__(self, samples: int = 16) -> None:
        if samples < 1:
            raise ValueError(f"the sampler needs at least one sample, not {samples}")
        self.samples = samples
        """Imagined deals per decision."""

    def pick(self, view: PlayerView, moves: list[Move], rng: np.random.Generator) -> Move:
        if len(moves) == 1:
            return moves[0]
        present, face_up = _mask(view.present), _mask(view.face_up)
        # in every imagined deal the tiles that can be revealed now are open too (revealing
        # never hurts): judging moves on face-up tiles alone would misjudge them before a reveal
        open_mask = opened(present)
        hidden = [p for p in range(24) if present >> p & 1 and not face_up >> p & 1]
        unseen = sorted(tile.index for tile in view.unseen)
        top = view.stack[-1].index
        base = [0] * 24
        for p, tile in enumerate(view.visible):
            if tile is not None:
                base[p] = tile.index
        wins = [0] * len(moves)
        for _ in range(self.samples):
            tile_at = list(base)
            for p, i in zip(hidden, rng.permutation(len(unseen)).tolist()):
                tile_at[p] = unseen[i]
            lost: set = set()
            for index, move in enumerate(moves):
                p = INDEX[move.position]
                if move.kind == "mercy":
                    swapped = list(tile_at)
                    swapped[p], swapped[TOP] = top, tile_at[p]
                    won = search(swapped, present, open_mask, tile_at[p], set(), None)
                else:
                    after = present & ~(1 << p)
                    won = search(
                        tile_at,
                        after,
                        (open_mask ^ 1 << p) | unlocked(p, after),
                        tile_at[p],
                        lost,
                        [],
                    )
                wins[index] += won
        most = max(wins)
        tied = [move for move, count in zip(moves, wins) if count == most]
        return tied[0] if len(tied) == 1 else ChainPlayer().pick(view, tied, rng)


class SolverPlayer(Player):
    """The clairvoyant: sees every tile and plays a winning line when the deal has one.

    On a deal that cannot be won it plays as the greedy player (its verdict,
    lost, is what the study records).
    """

    name = "solver"
    description = Deferred(N_("Sees every tile and plays a winning line whenever one exists."))
    clairvoyant = True

    def start(self, view: Game, rng: np.random.Generator) -> None:
        if not isinstance(view, Game):
            raise ValueError("the clairvoyant solver needs the game itself to see its tiles")
        self._plan = list(solve(view).moves)

    def choose(self, view: Game | PlayerView, rng: np.random.Generator) -> Move:
        return super().choose(view.player_view() if isinstance(view, Game) else view, rng)

    def pick(self, view: PlayerView, moves: list[Move], rng: np.random.Generator) -> Move:
        if self._plan:
            return self._plan.pop(0)
        return GreedyPlayer().pick(view, moves, rng)


PLAYERS: dict[str, type[Player]] = {
    cls.name: cls
    for cls in (
        RandomPlayer,
        GreedyPlayer,
        MatchesPlayer,
        ChainPlayer,
        SamplerPlayer,
        ExpertPlayer,
        SolverPlayer,
    )
}
"""Every player by name."""


make_player = registry_maker(PLAYERS, "Tula")
"""A player by name: ``random``, ``greedy``, ``matches``, ``chain``, ``sampler``, ``expert``
or ``solver``.

>>> make_player("matches").description.split(",")[0]
'Removes the matching tile that matches the most other face-up tiles'
"""
