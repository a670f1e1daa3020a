"""What the Flaming Pyramids studies found (``pyramids.findings``): the lesson's tables show the
study's numbers in percent, and its conclusions say what those numbers say."""

from __future__ import annotations

import numpy as np
import pandas as pd

from tilegames.pyramids import findings, study


def matches(expert_wins: int, deals: int = 200) -> pd.DataFrame:
    """Matches of expert against careful (each deal from both seats; the expert wins
    ``expert_wins`` of the games) and careful against itself (the first player wins half)."""
    rows = []
    for deal in range(deals):
        for game in range(2):
            won = deal * 2 + game < expert_wins
            rows.append({"matchup": "expert v careful", "deal": deal, "a_won": int(won),
                         "b_won": int(not won), "winner": 0, "first_won": game == 0})  # fmt: skip
            rows.append({"matchup": "careful v careful", "deal": deal, "a_won": game,
                         "b_won": 1 - game, "winner": 0, "first_won": deal % 2 == 0})  # fmt: skip
    return pd.DataFrame(rows)


def test_the_first_players_percentages_are_the_studys_table_in_percent():
    rows = [study.game_task(np.random.default_rng(seed), players=2) for seed in range(20)]
    frame = pd.DataFrame(rows)
    table = study.first_player_table(frame)
    shown = findings.first_player_percentages(frame)
    assert shown.loc[2, "first player wins"] == f"{table.loc[2, 'first player wins']:.1%}"
    assert shown.loc[2, "95% CI"].endswith(f"to {table.loc[2, '95% CI high']:.1%}")


def test_the_matches_conclusion_says_which_player_is_better_only_when_the_interval_does():
    better = findings.matchups_conclusion(matches(expert_wins=300))
    assert "the expert won 50 more games in every 100 than careful did" in better
    assert "the expert is the better player, not the luckier" in better
    even = findings.matchups_conclusion(matches(expert_wins=200))
    assert "cannot tell skill from luck" in even and "better player" not in even
    assert "Between two careful players the first player won 50.0%" in even
    assert "no advantage that these games can tell from chance" in even
