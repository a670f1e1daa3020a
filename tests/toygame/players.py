"""The toy game's players."""

from __future__ import annotations

from tilegames.players import Player, play_game, registry_maker


class RandomPlayer(Player):
    name = "random"
    description = "Takes a random number of counters."

    def choose(self, view, rng):
        return view.legal_moves[int(rng.integers(len(view.legal_moves)))]


class GreedyPlayer(Player):
    name = "greedy"
    description = "Takes as many counters as it may."

    def choose(self, view, rng):
        return view.legal_moves[-1]


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer}
make_player = registry_maker(PLAYERS, "toy")

__all__ = ["PLAYERS", "make_player", "play_game"]
