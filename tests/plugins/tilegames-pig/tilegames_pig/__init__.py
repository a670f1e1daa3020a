"""Pig, the dice game, as a tilegames game in a distribution of its own.

Installed, it is in ``tilegames.GAMES`` because ``pyproject.toml`` names this package in the
entry-point group ``tilegames.games``; everything tilegames does for a game comes from
``SPEC``. The package exports the names of ``tilegames.game.PACKAGE_MEMBERS``.
"""

from tilegames.game import lazy_view
from tilegames.spec import GameSpec
from tilegames.study_options import generic_study

from .players import PLAYERS, make_player, play_game
from .rules import Game, Move, PlayerView, Rules, new_game

__all__ = [
    "PLAYERS", "SPEC", "Game", "Move", "PlayerView", "Rules", "make_player", "new_game",
    "play_game", "view",
]  # fmt: skip

SPEC = GameSpec(
    name="pig",
    title="Pig",
    package=__name__,
    seats=(2, 6),
    hidden_information=False,
    chance=True,
    score_direction="higher",
    summary="roll a die as long as you dare; a 1 loses the turn's points",
    how_to_play="""
        Seats take turns. On your turn, roll the die as often as you like: each roll adds its
        points to the turn's total, but a 1 loses the turn's total and passes the die on.

        Hold to bank the turn's total and pass the die on. The first to bank 100 points (the
        target) wins.
        """,
    studies=(generic_study(f"{__name__}.study:task", summary=f"{__name__}.study:summary_text"),),
    default_games=200,
)

__getattr__ = lazy_view(__name__)  # ``view`` imports the board (ipywidgets) only when asked
