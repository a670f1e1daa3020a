"""Maze, the card solitaire (GNOME AisleRiot's rules): one player, no chance after the deal.

>>> from tilegames import maze
>>> game = maze.new_game(seed=1)
>>> game.legal_moves()[0]
Move.parse('A♦ → 0')
>>> maze.Move.parse("AD -> 0") in game.legal_moves()
True
"""

from __future__ import annotations

from .rules import DECK, Card, Game, Move, Rules, new_game

__all__ = ["DECK", "Card", "Game", "Move", "Rules", "new_game", "view"]


def __getattr__(name: str):
    if name == "view":  # imports ipywidgets: only on demand
        from .view import view

        return view
    raise AttributeError(f"module 'tilegames.maze' has no attribute {name!r}")
