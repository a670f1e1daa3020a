"""What the Tri-Ominos studies found (``triominos.findings``): the scoring lesson's tables and
conclusion are in words, and say what the rounds they are given say."""

from __future__ import annotations

import functools

import pandas as pd

from tilegames.sim import simulate
from tilegames.stats import mean_interval
from tilegames.triominos import findings, study


def test_point_sources_are_in_words_and_add_up_to_the_total():
    frame = simulate(functools.partial(study.round_task, players=2), 40, seed=3, progress=False)
    sources = findings.point_sources({"two": frame})["two"]
    assert "tile_values" not in sources.index and "the tiles' own values" in sources.index
    parts = sources.drop("total")
    assert abs(parts.sum() - sources["total"]) < 1e-9


def test_the_paired_table_compares_each_rule_set_with_the_standard_rules_in_words():
    paired = simulate(
        functools.partial(study.paired_task, players=2, rules=study.EDITION_VARIANTS),
        30,
        seed=4,
        progress=False,
    )
    table = findings.paired_table(paired)
    assert list(table.columns) == [findings.VARIANT_WORDS[v] for v in study.EDITION_VARIANTS[1:]]
    assert table.index.name == "change from the standard rules"
    starter = findings.starter_table({2: paired[paired["rules"] == "seed"]})
    conclusion = findings.scoring_conclusion(
        paired[paired["rules"] == "seed"], starter, paired,
        pd.DataFrame({"rounds": [2, 3, 4]}),
    )  # fmt: skip
    change = study.by_rules(paired)
    pressman = mean_interval(
        (change["pressman"]["round_points"] - change["seed"]["round_points"]).to_numpy(float)
    )
    word = "cut by" if pressman.high < 0 else "raised by" if pressman.low > 0 else "changed by"
    assert f"a round's points (both players together) are {word} " in conclusion
    assert table.loc["points per round (all players)", "Pressman's rules"].startswith(
        f"{pressman.value:.2f}"
    )
    assert "tile_values" not in conclusion and "seed_three_draws" not in conclusion


def test_every_rule_has_words_and_a_comparison_shows_only_the_rules_that_differ():
    """Each rule of ``Rules`` is named in words (with the name a student types), and so is each
    of its values that is a word; a table of variants shows the rules they differ on, each
    variant's value read from the rules themselves."""
    import dataclasses

    from tilegames.triominos.rules import BLOCKED_RULES, BRIDGE_RULES, Rules

    fields = {field.name for field in dataclasses.fields(Rules)} - {"name"}
    assert set(findings.RULE_WORDS) == fields
    assert {("bridge_rule", rule) for rule in BRIDGE_RULES} | {
        ("blocked_winner", rule) for rule in BLOCKED_RULES
    } <= set(findings.RULE_VALUE_WORDS)
    loose = Rules(name="mine", bridge_rule="loose", hand_size=5, zero_triple_may_start=False)
    table = findings.rules_compared(Rules.standard(), loose)
    assert list(table.columns) == ["the standard rules", "mine"]
    assert list(table.index) == [
        "tiles dealt to each player (hand_size)",
        "0-0-0 may open the round (zero_triple_may_start)",
        "what counts as a bridge (bridge_rule)",
    ]
    assert table.loc["tiles dealt to each player (hand_size)"].tolist() == [
        "by the number of players",
        "5",
    ]
    assert table.iloc[1].tolist() == ["yes", "no"]
    assert table.iloc[2].tolist() == [
        "the usual bridge rule",
        "loose: every corner touches a tile",
    ]
    assert findings.rules_compared(Rules.pressman(), Rules.pressman()).empty
