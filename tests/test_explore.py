"""The rule explorers: changing a control runs a fresh simulation and redraws the chart."""

from __future__ import annotations

import base64
import dataclasses
import functools
import subprocess
import sys
from math import inf

import pytest

from tilegames import explore
from tilegames.sim import simulate
from tilegames.stats import wilson


def test_the_demo_estimate_is_the_simulation_of_its_setting():
    panel = explore.explore_demo()
    # ten batches of 100, run in this process: the very rows of a serial run
    task = functools.partial(explore.coin_task, p=0.2)
    frame = simulate(task, 1000, seed=1, batch_size=100, progress=False)
    assert panel.estimates["heads"] == wilson(int(frame["heads"].sum()), 1000)
    assert panel.runs == 1
    assert panel.progress.value == panel.progress.max  # the bar reached its end


def test_changing_a_control_redraws_and_going_back_reads_the_cache():
    panel = explore.explore_demo()
    first_png, first_figure = panel.image.value, panel.figure
    panel.controls["p"].value = 0.8
    assert panel.runs == 2
    assert 0.75 < panel.estimates["heads"].value < 0.85
    assert panel.image.value != first_png and panel.figure is not first_figure
    assert "chance of heads 80%" in panel.summary.value
    panel.controls["p"].value = 0.2
    assert panel.runs == 2  # cached: no new simulation
    assert panel.image.value == first_png


@pytest.mark.parametrize(
    ("entry", "options", "control", "value"),
    [
        ("tula", {"games": 300}, "mercy", True),
        ("tula", {"games": 300}, "player", "random"),
        ("triominos", {"games": 40}, "hexagon_bonuses", (0, 0, 0)),
        ("triominos", {"games": 40}, "players", 4),
        ("pyramids", {"games": 12}, "turn_cap", 40),
        ("maze", {"games": 3}, "max_nodes", 2000),
    ],
)
def test_each_game_explorer_answers_a_change_with_a_new_estimate(entry, options, control, value):
    panel = getattr(explore, entry)(**options)
    before = dict(panel.estimates)
    png = panel.image.value
    panel.controls[control].value = value
    assert panel.runs == 2
    assert panel.estimates != before
    assert panel.image.value != png
    for estimate in panel.estimates.values():
        assert estimate.low <= estimate.value <= estimate.high


def test_tula_mercy_raises_the_share_of_winnable_deals():
    panel = explore.tula(games=1500)
    without = panel.estimates["deal can be won (seeing every tile)"]
    panel.controls["mercy"].value = True
    with_mercy = panel.estimates["deal can be won (seeing every tile)"]
    assert with_mercy.low > without.high  # about 38% -> 51%


def test_a_zero_hexagon_bonus_scores_no_hexagon_points():
    panel = explore.triominos(games=60)
    panel.controls["hexagon_bonuses"].value = (0, 0, 0)
    panel.controls["bridge_bonus"].value = 0
    assert panel.estimates["hexagon and bridge points per player"].value == 0


def test_a_short_turn_cap_stops_games():
    panel = explore.pyramids(games=12)
    panel.controls["turn_cap"].value = 40
    assert panel.estimates["turns per game"].high <= 40
    assert panel.estimates["turn cap reached"].value > 0.5


def test_the_panel_carries_a_still_picture_of_its_chart():
    panel = explore.explore_demo()
    bundle = panel._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert base64.b64decode(bundle["image/png"]) == panel.image.value
    assert "run the notebook" in bundle["text/plain"]


def test_the_progress_label_says_done_and_the_chart_has_words():
    from tilegames.explore import explore_demo

    panel = explore_demo()
    panel.controls["p"].value = 0.8
    assert panel.progress.description == "done"
    assert "The chart in words" in panel.summary.value
    assert "chance of heads 80%" in panel.chart_text() and "95% CI" in panel.chart_text()


def test_the_tula_explorer_offers_the_expert_and_the_sampler_on_fewer_deals():
    from tilegames import explore

    panel = explore.tula(games=30, slow_games=6)
    options = [value for _, value in panel.controls["player"].options]
    assert "expert" in options and "sampler" in options
    assert panel.number_of_games({"mercy": False, "player": "sampler"}) == 6
    assert panel.number_of_games({"mercy": False, "player": "greedy"}) == 30
    panel.controls["player"].value = "expert"
    assert "expert player wins" in panel.estimates and panel.runs == 2


def _every_spec():
    import toygame

    from tilegames import GAMES

    return [*GAMES.specs(), toygame.SPEC]


@pytest.mark.parametrize("spec", _every_spec(), ids=lambda spec: spec.name)
def test_every_games_explorer_offers_its_declared_controls_and_a_change_reruns(spec):
    from tilegames.explorer_spec import ExplorerSpec
    from tilegames.rules_base import rule_fields

    declared = ExplorerSpec.of(spec.explorer)
    panel = explore.game(spec, games=3)
    fields = {field.name: field for field in rule_fields(spec.Rules)}
    if declared.controls:  # the declared controls, in order, each starting at its first value
        assert list(panel.controls) == list(declared.controls)
        for name in declared.controls:
            values = declared.control(name).values
            if values:
                assert panel.controls[name].value == values[0]
    else:  # nothing declared: every fixed-choice rule, then the players
        assert list(panel.controls) == [
            *(name for name, field in fields.items() if field.choices),
            *(["players"] if spec.seats[0] < spec.seats[1] else []),
            "player",
        ]
    for name, control in panel.controls.items():
        values = [value for _, value in control.options]
        assert len(set(values)) == len(values) >= 2, name
        for value in values:  # each value makes valid rules, or is a rule set or player offered
            if name in fields:
                assert getattr(dataclasses.replace(spec.Rules(), **{name: value}), name) == value
            elif name == "rules":
                assert value in spec.presets()
            elif name == "player":
                assert value in spec.players
    name, control = next(iter(panel.controls.items()))
    before = panel.settings()
    control.value = control.options[1][1]
    assert panel.runs == 2 and panel.settings() != before
    assert all(e.low <= e.value <= e.high for e in panel.estimates.values())


def test_an_explorer_control_that_names_no_rule_is_refused_in_words():

    from tilegames import GAMES

    spec = dataclasses.replace(GAMES.spec("pyramids"), explorer={"colour": ("red",)})
    with pytest.raises(ValueError, match="the explorer control 'colour' is neither a rule"):
        explore.explorer_controls(spec)


def test_the_pyramids_explorer_is_the_one_its_spec_declares():
    panel = explore.pyramids(games=4)
    assert list(panel.controls) == list(explore.game("pyramids", games=4).controls)
    panel.controls["curse"].value = True
    assert "curse on" in panel.summary.value


def test_a_spec_explorer_runs_the_study_with_the_rules_it_sets():
    panel = explore.game("tula", games=60)
    assert list(panel.controls) == ["mercy", "player"]
    before = panel.estimates["deal can be won (seeing every tile)"]
    panel.controls["mercy"].value = True
    after = panel.estimates["deal can be won (seeing every tile)"]
    assert panel.runs == 2 and after.value >= before.value


def test_a_rule_set_control_starts_from_that_rule_set_and_task_options_reach_the_task():
    from tilegames.maze import Rules

    panel = explore.maze(games=2)
    task = panel.task({"rules": "traditional", "max_nodes": 2000})
    assert task.keywords == {"rules": Rules.traditional(), "max_nodes": 2000, "max_seconds": inf}
    assert "solver budget 500 tables" in panel.summary.value  # the declared words
    panel.controls["rules"].value = "traditional"
    assert "board ring (the books' variant)" in panel.chart_text()


def test_rule_controls_change_the_rule_set_the_edition_control_picks():
    from tilegames.triominos import Rules

    panel = explore.triominos(games=2)
    settings = {**panel.settings(), "rules": "pressman", "start_bonus": 30}
    rules = panel.task(settings).keywords["rules"]
    assert rules == Rules.pressman().replace(start_bonus=30)


def test_an_explorer_control_the_study_task_cannot_take_is_refused_in_words():

    from tilegames import GAMES

    spec = dataclasses.replace(GAMES.spec("maze"), explorer={"ring": (), "player": ("greedy",)})
    with pytest.raises(ValueError, match="takes no player"):
        explore.game(spec, games=5)


def test_a_control_needs_a_word_for_each_value():
    from tilegames.explorer_spec import Control

    with pytest.raises(ValueError, match="'budget' has 2 values but 1 words"):
        Control((500, 2000), words=("500 tables",)).choices("budget")


def test_declaring_every_game_imports_no_jupyter_pandas_or_explorer():
    code = (
        "import sys, tilegames\n"
        "[spec.explorer for spec in tilegames.GAMES.specs()]\n"
        "heavy = ('ipywidgets', 'matplotlib', 'pandas', 'tilegames.explore')\n"
        "print([name for name in heavy if name in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_lessons_state_the_triominos_explorers_own_number_of_rounds():
    """The prose "a fresh simulation of N seeded rounds" is the explorer's declared N (in the
    lessons as shipped: the checkout's, or the installed package's)."""
    import json
    import re

    from tilegames import GAMES
    from tilegames.resources import folder

    declared = GAMES.spec("triominos").explorer.games
    stated = [
        int(match)
        for path in sorted(folder("lessons").glob("0*.ipynb"))
        for cell in json.loads(path.read_text())["cells"]
        if cell["cell_type"] == "markdown"
        for match in re.findall(r"simulation of (\d+) seeded rounds", "".join(cell["source"]))
    ]
    assert stated and set(stated) == {declared}
