"""Tula: the piecepack solitaire (James Kyle, 2003).

>>> from tilegames import tula
>>> game = tula.new_game(seed=2, mercy=True)
>>> game.play("reveal 3A")
>>> [str(move) for move in game.history]
['reveal 3A']
"""

from __future__ import annotations

from ..explorer_spec import ExplorerSpec
from ..game import PACKAGE_MEMBERS, lazy_view
from ..i18n import N_
from ..spec import GameSpec
from .layout import POSITIONS, SUITS, TILES, VALUES, Tile, matches
from .players import PLAYERS, make_player, play_game
from .rules import Game, Move, PlayerView, Rules, new_game

__all__ = [*PACKAGE_MEMBERS, "POSITIONS", "SUITS", "TILES", "VALUES", "Tile", "matches"]


__getattr__ = lazy_view(__name__)  # the board view (ipywidgets) loads only when asked


SLOW = ("expert", "sampler")
"""Players that take a tenth of a second or more per deal: the explorer plays fewer deals."""

SPEC = GameSpec(
    name="tula",
    title="Tula",
    package=__name__,
    seats=(1, 1),
    hidden_information=True,
    chance=False,
    score_direction="higher",
    summary=N_("the piecepack solitaire: clear the pyramid of tiles"),
    studies="tilegames.tula.studies:STUDIES",
    default_games=10000,
    explorer=ExplorerSpec(
        title=N_("Tula: how often does a player win?"),
        controls={"mercy": (), "player": ("greedy", "chain", "matches", "random", *SLOW)},
        measure="tilegames.tula.study:explorer_measure",
        games=3000,
        # the expert and the sampler think hard about every move: fewer deals, same seeds
        slow={"player": SLOW},
        slow_games=120,
        what=N_("deals"),
    ),
)
"""Tilegames' one declaration of Tula: see ``tilegames.spec.GameSpec``."""
