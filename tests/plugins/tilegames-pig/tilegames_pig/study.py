"""Pig's study: one row per seeded game (``tilegames simulate pig``)."""

from __future__ import annotations

from tilegames.randomness import players_generator

from .players import make_player, play_game
from .rules import new_game


def task(rng, *, rules, players: int = 2, player: str = "random") -> dict:
    names = player.split(",")
    game = new_game(rng, rules=rules, players=players)
    seated = [make_player(names[seat % len(names)]) for seat in range(players)]
    play_game(game, seated, seed=players_generator(rng))
    return {"winner": -1 if game.winner is None else game.winner, "moves": len(game.history)}


def summary_text(frame) -> str:
    won = (frame["winner"] == 0).mean()
    return (
        f"pig: {len(frame)} games, seat 0 won {won:.1%}, {frame['moves'].mean():.0f} moves a game"
    )
