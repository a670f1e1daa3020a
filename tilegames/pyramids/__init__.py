"""Flaming Pyramids (Norbert Abel, 2018): build a pyramid of straw, wood and stone; shed your tiles.

2–6 players, hidden hands and piles, chance in the shuffle (and the fire
cube, when on). A tile that breaks the building rules is still placed, and
causes mayhem: collapses, falls, explosions, fires, curses.

>>> from tilegames import pyramids
>>> game = pyramids.new_game(seed=3, players=2)
>>> game.play(game.legal_moves()[0])
>>> len(game.history), game.turns
(1, 1)
"""

from __future__ import annotations

from ..explorer_spec import ExplorerSpec
from ..game import PACKAGE_MEMBERS, lazy_view
from ..i18n import N_
from ..spec import GameSpec
from .players import PLAYERS, make_player, play_game
from .rules import Event, Game, Move, PlayerView, Rules, new_game
from .tiles import COLOURS, TILES, Tile

__all__ = [*PACKAGE_MEMBERS, "COLOURS", "TILES", "Event", "Tile"]


__getattr__ = lazy_view(__name__)  # the board view (ipywidgets) loads only when asked


SPEC = GameSpec(
    name="pyramids",
    title="Flaming Pyramids",
    package=__name__,
    seats=(2, 6),
    hidden_information=True,
    chance=True,
    score_direction="lower",
    summary=N_("build a pyramid of straw, wood and stone and shed your tiles"),
    studies="tilegames.pyramids.studies:STUDIES",
    rule_flags={"--curse": "curse=true", "--fire-cube": "fire_cube=true", "--turn-cap": "turn_cap"},
    default_games=1000,
    engine="tilegames.pyramids.native:describe",  # compiled by mypyc at install, or Python
    explorer=ExplorerSpec(
        title=N_("Flaming Pyramids: how long is a game, and who wins?"),
        controls={
            "curse": (),
            "fire_cube": (),
            "turn_cap": (500, 100, 40),
            "players": (2, 3, 4),
            "player": ("careful", "random"),
        },
        measure="tilegames.pyramids.study:explorer_measure",
        games=120,
    ),
)
"""Tilegames' one declaration of Flaming Pyramids: see ``tilegames.spec.GameSpec``."""
