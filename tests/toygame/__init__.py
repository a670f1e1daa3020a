"""A toy fifth game (take-away with a hidden card), declared only by its spec.

The tests register it with ``tilegames.register(toygame.SPEC)`` and check that
it gets the command line, an explorer, a board, saves, players and the whole
conformance suite, with no file of tilegames touched.
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
    name="toy",
    title="Take-away",
    package=__name__,
    seats=(2, 3),
    hidden_information=True,
    chance=False,
    score_direction="higher",
    summary="take counters in turn; a hidden card adds to your score",
    studies=(generic_study(f"{__name__}.study:task", tally=f"{__name__}.study:Wins"),),
    default_games=50,
)

__getattr__ = lazy_view(__name__)
