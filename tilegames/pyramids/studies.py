"""Flaming Pyramids' study, declared for ``tilegames simulate pyramids`` (``tilegames.study_options``).

Seeded games with the chosen players (``study.game_task``); the report of game length,
mayhem per game and the first player's wins comes from ``study.GameTally``: exact sums
and counts, never the rows. The rules come from the spec's options (``--rules``,
``--rule``, and ``--curse``, ``--fire-cube``, ``--turn-cap`` as shortcuts).

>>> plan_ = plan(Rules(fire_cube=True), {"players": 2, "player": "careful,random",
...                                       "games": 6, "seed": 1})
>>> plan_.first_line(seed=1)
'Flaming Pyramids: 6 games, 2 players (careful, random), variants: fire cube, seed 1, 0.0 s'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from ..i18n import N_, Deferred
from ..rules_base import changed_rules
from ..study_options import Option, Plan, Study, game_count, player_option, players_option
from .players import PLAYERS
from .rules import Rules
from .study import GameTally, game_task, lineup_of

__all__ = ["STUDIES", "plan"]


def plan(rules: Rules, options: Mapping[str, Any]) -> Plan:
    """``--games`` games with the chosen players; the report from a tally."""
    players, player = options["players"], options["player"]
    lineup = lineup_of(player, players)
    tally = GameTally()
    return Plan(
        task=functools.partial(game_task, players=players, player=player, rules=rules),
        games=options["games"],
        what=Deferred(N_("Flaming Pyramids games")),
        tally=tally,
        summary=lambda rows, seconds: tally.text(
            lineup=lineup, variants=changed_rules(rules), seed=options["seed"], seconds=seconds
        ),
    )


STUDIES = (
    Study(
        plan=plan,
        task=game_task,
        description=N_(
            "Play many seeded Flaming Pyramids games with the chosen players and report game "
            "length, mayhem per game and the first player's wins."
        ),
        options=(
            players_option("game"),
            player_option(
                N_(
                    "strategy of each seat: {players}; a comma list sets seats in turn "
                    "(default careful)"
                ),
                PLAYERS,
                "careful",
            ),
            Option(
                "--games", N_("games to simulate (default 1000)"), type=game_count, default=1000
            ),
        ),
    ),
)
"""``tilegames simulate pyramids``: one study, its options in the order ``--help`` shows them."""
