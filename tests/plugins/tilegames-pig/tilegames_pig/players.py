"""Pig's players: ``random`` (every game needs one) and ``hold20``, the classic rule of thumb."""

from __future__ import annotations

from tilegames.players import Player, play_game, registry_maker


class RandomPlayer(Player):
    name = "random"
    description = "Rolls or holds at random."

    def choose(self, view, rng):
        return view.legal_moves[int(rng.integers(len(view.legal_moves)))]


class HoldAt20(Player):
    name = "hold20"
    description = "Rolls until the turn is worth 20 points (or would win), then holds."

    def choose(self, view, rng):
        enough = min(20, view.rules.target - view.banked[view.seat])
        wants = "hold" if view.turn_total >= enough else "roll"
        return next((m for m in view.legal_moves if m.kind == wants), view.legal_moves[0])


PLAYERS = {"random": RandomPlayer, "hold20": HoldAt20}
make_player = registry_maker(PLAYERS, "Pig")

__all__ = ["PLAYERS", "make_player", "play_game"]
