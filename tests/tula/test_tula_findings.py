"""What the Tula studies found (``tula.findings``): the lessons' tables speak percent, the mercy
lesson's conclusion quotes the figures of the pinned results, and the rules lesson's game by a
rule of thumb is the game it shows."""

from __future__ import annotations

import pandas as pd

from tilegames import resources
from tilegames.tula import findings

RESULTS = resources.results_path("tula_hidden_players.csv")


def test_the_lesson_tables_speak_percent_and_the_conclusion_quotes_the_figures():
    frame = pd.read_csv(RESULTS)
    rates = findings.rates_table(frame)
    assert rates["win rate"].str.endswith("%").all()
    effect = findings.effect_table(frame)
    assert set(effect["player"]) >= {"expert", "sampler", "sees every tile"}
    ladder, _ = findings.load(findings.LADDER)
    text = findings.conclusion(frame, ladder)
    expert = frame["expert_won"].mean()
    assert f"{100 * expert:.1f}%" in text
    preview = findings.deals_preview(frame)
    assert (
        not preview.apply(lambda column: column.astype(str).str.fullmatch(r"\d[A-Z]")).any().any()
    )


def test_the_rule_of_thumb_game_is_won_and_pictured_at_the_moments_asked():
    game, removals, pictures = findings.rule_of_thumb_game(129, moments=(2, 5))
    assert game.won and game.is_over
    assert [len(picture.stack) for picture in pictures] == [2, 5]
    assert removals.index.tolist() == list(range(1, len(game.stack)))  # one row per removal
    assert removals["tile"].iloc[-1] == str(game.stack_top)
