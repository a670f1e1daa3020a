"""Looking ahead in any game whose chance is declared: expectimax over moves and outcomes.

A game declares what chance decides after the deal (``GameState.chance_outcomes``: a die's
faces, each with its probability) and how the game would go on for each (``after_outcome``).
That is enough for a search that knows nothing of the game: at a seat's turn it takes the move
best for that seat (each seat's own score, in the spec's direction); where chance decides, it
weighs every outcome by its probability; at its depth it counts the scores as they stand. It
never reads the deal's dice: only the declared outcomes.

>>> from tilegames.tula import new_game
>>> game = new_game(seed=3)
>>> best_move(game, depth=1) in game.legal_moves()
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .game import GameState
from .players import Player, moves_to_choose

__all__ = ["LookaheadPlayer", "best_move", "expected_scores"]


def _signed(game: GameState) -> list[Fraction]:
    """Each seat's score, the better the higher (a game that counts down is negated)."""
    sign = 1 if game.spec().score_direction == "higher" else -1
    return [Fraction(sign * points) for points in game.scores]


def expected_scores(game: GameState, depth: int) -> list[Fraction]:
    """Each seat's expected score (the better the higher) with every seat playing the move best
    for itself for ``depth`` moves, chance weighed by its declared probabilities.

    >>> from tilegames.pyramids import new_game  # counts down: the fewest tiles left is best
    >>> game = new_game(seed=1, players=2)
    >>> expected_scores(game, depth=0) == [-points for points in game.scores]
    True
    """
    if depth <= 0 or game.is_over:
        return _signed(game)
    seat = game.to_move
    best: list[Fraction] | None = None
    for move in game.legal_moves():
        value = _value_of(game, move, depth)
        if best is None or value[seat] > best[seat]:
            best = value
    return best if best is not None else _signed(game)


def _value_of(game: GameState, move: Any, depth: int) -> list[Fraction]:
    """The expected scores after ``move``: over its declared outcomes, or as it plays."""
    outcomes = game.chance_outcomes(move)
    if not outcomes:
        after = game.copy(keep_undo=False)
        after.play(move)
        return expected_scores(after, depth - 1)
    total = [Fraction(0)] * len(game.scores)
    for outcome, chance in outcomes:
        value = expected_scores(game.after_outcome(move, outcome), depth - 1)
        total = [t + chance * v for t, v in zip(total, value)]
    return total


def best_move(game: GameState, depth: int = 3) -> Any:
    """The legal move whose expected scores, ``depth`` moves ahead, are best for the seat to
    move (the first of equals)."""
    seat = game.to_move
    moves = game.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    return max(moves, key=lambda move: _value_of(game, move, depth)[seat])


class LookaheadPlayer(Player):
    """A player for any game: ``best_move`` at a small depth. It is handed the game (to look
    ahead in it) but reads only the declared chance, never the dice to come, so in a game with
    nothing hidden it sees what a person sees."""

    name = "lookahead"
    description = "Looks a few moves ahead, weighing each chance outcome by its probability."
    clairvoyant = True

    def __init__(self, depth: int = 3):
        self.depth = depth

    def choose(self, game: Any, rng) -> Any:
        moves_to_choose(game.player_view())
        return best_move(game, self.depth)
