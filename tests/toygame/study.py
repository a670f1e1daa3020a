"""The toy game's study: one row per seeded game."""

from __future__ import annotations

from tilegames.randomness import players_generator
from tilegames.sim import Tally

from .players import make_player, play_game
from .rules import new_game


def task(rng, *, rules, players: int = 2, player: str = "random") -> dict:
    names = player.split(",")
    game = new_game(rng, rules=rules, players=players)
    seated = [make_player(names[seat % len(names)]) for seat in range(players)]
    play_game(game, seated, seed=players_generator(rng))
    return {"winner": -1 if game.winner is None else game.winner, "moves": len(game.history)}


class Wins(Tally):
    """The summary as the run goes (the tally of ``SPEC.studies``): games, and seat 0's wins."""

    def __init__(self) -> None:
        self.games = self.seat_0_won = 0

    def __call__(self, frame) -> None:
        self.games += len(frame)
        self.seat_0_won += int((frame["winner"] == 0).sum())

    def text(self) -> str:
        return f"toy: {self.games} games, seat 0 won {self.seat_0_won}"
