"""Maze, the card solitaire (GNOME AisleRiot's rules): one player, no chance after the deal.

>>> from tilegames import maze
>>> game = maze.new_game(seed=1)
>>> game.legal_moves()[0]
Move.parse('A♦ → 0')
>>> maze.Move.parse("AD -> 0") in game.legal_moves()
True
"""

from __future__ import annotations

from ..explorer_spec import Control, ExplorerSpec
from ..game import PACKAGE_MEMBERS, lazy_view
from ..i18n import N_
from ..spec import GameSpec
from .players import PLAYERS, make_player, play_game
from .rules import DECK, Card, Game, Move, PlayerView, Rules, new_game

__all__ = [*PACKAGE_MEMBERS, "DECK", "Card"]


__getattr__ = lazy_view(__name__)  # the board view (ipywidgets) loads only when asked


SPEC = GameSpec(
    name="maze",
    title="Maze",
    package=__name__,
    seats=(1, 1),
    hidden_information=False,
    chance=False,
    score_direction="higher",
    summary=N_("the card solitaire: put the 48 cards in order in a line of 54 slots"),
    engine="tilegames.maze.native:describe",  # the compiled search, or why the Python one runs
    studies="tilegames.maze.studies:STUDIES",
    rule_flags={"--traditional": "@traditional"},
    default_games=100,
    explorer=ExplorerSpec(
        title=N_("Maze: how many deals does the solver win?"),
        controls={
            "rules": Control(
                ("aisleriot", "traditional"),
                label=N_("board"),
                words=(N_("standard"), N_("ring (the books' variant)")),
            ),
            # the solver stops after so many tables searched, never after a time limit:
            # the same result on any machine
            "max_nodes": Control(
                (500, 2000), label=N_("solver budget"), words=(N_("500 tables"), N_("2000 tables"))
            ),
        },
        measure="tilegames.maze.study:explorer_measure",
        games=24,
        what=N_("deals"),
        options={"max_seconds": float("inf")},
    ),
)
"""Tilegames' one declaration of Maze: see ``tilegames.spec.GameSpec``."""
