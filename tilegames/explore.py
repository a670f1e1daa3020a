"""Rule explorers: change a rule or a player, see the estimates of a fresh simulation.

One generic panel (``rule_explorer``), and one builder, ``game(name)``, that
makes it for any game in ``tilegames.GAMES`` from its spec: the controls, the
measure, the games per setting and the wording are the game's declaration
(``SPEC.explorer``, a ``tilegames.explorer_spec.ExplorerSpec``), so this module
holds no code of any one game; ``tula()``, ``maze()``, ``triominos()`` and
``pyramids()`` are ``game(name)`` by name. A panel has a control per rule or
player option; each change runs a fresh seeded simulation of a few hundred
to a few thousand games through ``tilegames.sim.simulate`` (the games' fast
paths, in this process), shows a progress bar while it runs, and redraws a
chart of the estimates with their 95% confidence intervals
(``tilegames.stats``). Results are cached per setting: going back to a
setting already seen redraws at once.

This is a view-layer module (ipywidgets, matplotlib): rules never import it.
In a notebook, one line per game::

    from tilegames import explore
    explore.tula()

>>> panel = explore_demo()
>>> sorted(panel.controls)
['p']
>>> str(panel.estimates["heads"])
'18.9% (95% CI 16.6% to 21.4%)'
>>> panel.controls["p"].value = 0.5
>>> str(panel.estimates["heads"])
'49.7% (95% CI 46.6% to 52.8%)'
"""

from __future__ import annotations

import concurrent.futures as cf
import dataclasses
import functools
import html
import inspect
import io
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from . import i18n  # i18n._(...): this module's loops use _ as a name
from .explorer_spec import Control, ExplorerSpec
from .rules_base import rule_fields
from .sim import Task, simulate
from .spec import GameSpec, load
from .stats import Estimate, mean_interval, wilson
from .words import estimate_text

__all__ = [
    "Explorer",
    "coin_task",
    "default_measure",
    "explore_demo",
    "explorer_controls",
    "game",
    "plot_estimates",
    "maze",
    "pyramids",
    "rule_explorer",
    "triominos",
    "tula",
]

Choices = Sequence[tuple[str, Any]]
"""A control's choices: (label shown to the student, value passed to the study)."""


class _ReportingExecutor(cf.Executor):
    """Runs each batch at once, in this process, and reports it: drives the progress bar.

    ``simulate`` seeds batch by batch, so this gives the very rows a serial run gives.
    """

    def __init__(self, report: Callable[[], None]) -> None:
        self.report = report

    def submit(self, fn, /, *args, **kwargs) -> cf.Future:
        future: cf.Future = cf.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to simulate through the future, as a pool would
            future.set_exception(error)
        self.report()
        return future


class Explorer:
    """A panel of controls, a progress bar, a chart and a one-line summary (``rule_explorer``).

    Built from:

    - ``controls``: name -> (label, choices); choices are (label, value) pairs, the first is the start.
    - ``task(settings)``: the simulation task for a setting (``settings``: name -> value).
    - ``measure(frame, settings)``: label -> ``Estimate`` from the simulated rows.
    - ``games``: games per setting (or a function of the setting); ``seed``: the same for every setting,
      so two settings are compared on the same deals wherever the task deals alike.

    What it holds:

    - ``controls``: name -> ipywidgets control; changing one re-runs (or reads the cache).
    - ``estimates``: the current setting's estimates (label -> ``Estimate``).
    - ``figure``: the matplotlib Figure last drawn; ``image`` the PNG widget showing it.
    - ``runs``: how many simulations ran (a setting seen before costs none).
    """

    def __init__(
        self,
        title: str,
        controls: Mapping[str, tuple[str, Choices]],
        task: Callable[[dict[str, Any]], Task],
        measure: Callable[[pd.DataFrame, dict[str, Any]], dict[str, Estimate]],
        *,
        games: int | Callable[[dict[str, Any]], int],
        seed: int,
        what: str = "games",
        batches: int = 10,
    ) -> None:
        import ipywidgets as widgets

        self.title = title
        self.task = task
        self.measure = measure
        self.games = games
        self.seed = seed
        self.what = what
        self.batches = batches
        self.cache: dict[tuple, dict[str, Estimate]] = {}
        self.runs = 0
        self.figure = None
        self.estimates: dict[str, Estimate] = {}
        self.controls: dict[str, Any] = {}
        for name, (label, choices) in controls.items():
            control = widgets.Dropdown(
                options=[(i18n.translate(str(text)), value) for text, value in choices],
                value=choices[0][1],
                description=i18n.translate(label),
                style={"description_width": "initial"},
            )
            control.add_class(f"tilegames-explorer-{name}")
            control.observe(self._changed, names="value")
            self.controls[name] = control
        self.progress = widgets.IntProgress(
            value=0, min=0, max=batches, description=i18n._("simulating")
        )
        self.progress.add_class("tilegames-explorer-progress")
        self.image = widgets.Image(format="png")
        self.image.add_class("tilegames-explorer-plot")
        self.summary = widgets.HTML()
        self.summary.add_class("tilegames-explorer-summary")
        heading = widgets.HTML(f"<b>{html.escape(i18n.translate(title))}</b>")
        # the controls wrap onto more lines rather than run off a lesson's width (848 px)
        row = widgets.HBox(
            list(self.controls.values()),
            layout=widgets.Layout(flex_flow="row wrap", gap="4px 16px", max_width="100%"),
        )
        row.add_class("tilegames-explorer-controls")
        self.image.layout = widgets.Layout(max_width="100%", height="auto")
        self.widget = widgets.VBox([heading, row, self.progress, self.image, self.summary])
        self.widget.add_class("tilegames-explorer")
        self.update()

    # -- what the student sees -------------------------------------------------------------------
    def settings(self) -> dict[str, Any]:
        """The controls' current values, by name."""
        return {name: control.value for name, control in self.controls.items()}

    def number_of_games(self, settings: dict[str, Any] | None = None) -> int:
        """How many games one setting simulates."""
        settings = self.settings() if settings is None else settings
        return self.games(settings) if callable(self.games) else self.games

    def update(self) -> dict[str, Estimate]:
        """Estimate the current setting (simulating it unless cached) and redraw."""
        settings = self.settings()
        key = tuple(sorted(settings.items()))
        if key not in self.cache:
            self.cache[key] = self._simulate(settings)
            self.runs += 1
        self.estimates = self.cache[key]
        self._draw(settings)
        return self.estimates

    def _changed(self, change) -> None:
        self.update()

    def _simulate(self, settings: dict[str, Any]) -> dict[str, Estimate]:
        n = self.number_of_games(settings)
        batch_size = max(1, -(-n // self.batches))
        self.progress.max = -(-n // batch_size)
        self.progress.value = 0
        self.progress.bar_style = "info"

        def report() -> None:
            self.progress.value += 1

        self.progress.description = i18n._("simulating")
        frame = simulate(
            self.task(settings),
            n,
            seed=self.seed,
            executor=_ReportingExecutor(report),
            batch_size=batch_size,
            progress=False,
        )
        self.progress.bar_style = "success"
        return self.measure(frame, settings)

    def _draw(self, settings: dict[str, Any]) -> None:
        self.figure = plot_estimates(self.estimates, title=self._caption(settings))
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", dpi=80)
        self.image.value = buffer.getvalue()
        self.progress.description = i18n._("done")
        self.progress.value = self.progress.max
        items = "".join(
            f"<li>{html.escape(label)}: {html.escape(estimate_text(e))}</li>"
            for label, e in self.estimates.items()
        )
        # the chart in words, beside it: its text alternative for a screen reader
        said = i18n._("The chart in words — {settings}: {n} {what}, seed {seed}.").format(
            settings=self._caption(settings),
            n=self.number_of_games(settings),
            what=i18n.translate(self.what),
            seed=self.seed,
        )
        self.summary.value = f"<p>{html.escape(said)}</p><ul>{items}</ul>"

    def chart_text(self, settings: dict[str, Any] | None = None) -> str:
        """The chart in words (its text alternative): each estimate with its interval.

        >>> panel = explore_demo()
        >>> panel.chart_text()
        'Chart of 1000 tosses, seed 1, chance of heads 20%: heads: 18.9% (95% CI 16.6% to 21.4%)'
        >>> panel.progress.description  # not "simulating" once the chart is drawn
        'done'
        """
        settings = self.settings() if settings is None else settings
        shown = "; ".join(f"{label}: {estimate_text(e)}" for label, e in self.estimates.items())
        return i18n._("Chart of {n} {what}, seed {seed}, {settings}: {estimates}").format(
            n=self.number_of_games(settings),
            what=i18n.translate(self.what),
            seed=self.seed,
            settings=self._caption(settings),
            estimates=shown,
        )

    def _caption(self, settings: dict[str, Any]) -> str:
        words = []
        for name, control in self.controls.items():
            label = dict((value, text) for text, value in control.options)[settings[name]]
            words.append(f"{control.description.lower()} {label}")
        return ", ".join(words)

    STILL_NOTE = i18n.N_(
        "A rule explorer: run the notebook to change the rules and see the chart update."
    )

    def _repr_mimebundle_(self, **kwargs):
        """The live panel, plus a still picture of its chart for a notebook read without a kernel."""
        import base64

        bundle = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        bundle["image/png"] = base64.b64encode(self.image.value).decode("ascii")
        note = i18n._(self.STILL_NOTE)
        bundle["text/plain"] = f"{i18n.translate(self.title)} — {note[:1].lower()}{note[1:]}"
        return bundle


def plot_estimates(estimates: Mapping[str, Estimate], *, title: str = ""):
    """A chart of estimates with their 95% intervals: rates (in %) on one panel, means on another.

    Returns a matplotlib Figure (not shown: the caller shows or saves it).

    >>> figure = plot_estimates({"heads": wilson(30, 100), "points": mean_interval([1.0, 3.0])})
    >>> len(figure.axes)
    2
    """
    from matplotlib.figure import Figure

    groups = [
        [(label, e) for label, e in estimates.items() if e.percent],
        [(label, e) for label, e in estimates.items() if not e.percent],
    ]
    groups = [group for group in groups if group]
    heights = [max(1.0, 0.55 * len(group) + 0.6) for group in groups]
    figure = Figure(figsize=(7.5, sum(heights) + 0.6), layout="constrained")
    axes = figure.subplots(len(groups), 1, squeeze=False, height_ratios=heights)[:, 0]
    for ax, group in zip(axes, groups):
        percent = group[0][1].percent
        scale = 100 if percent else 1
        labels = [label for label, _ in group][::-1]
        values = np.array([e.value for _, e in group][::-1]) * scale
        lows = np.array([e.low for _, e in group][::-1]) * scale
        highs = np.array([e.high for _, e in group][::-1]) * scale
        ax.errorbar(
            values,
            range(len(group)),
            # a Wilson bound can stray past its estimate by a rounding error (0 of n: 7e-18)
            xerr=[np.maximum(values - lows, 0), np.maximum(highs - values, 0)],
            fmt="o",
            capsize=5,
            color="#1f77b4",
        )
        for y, value in enumerate(values):  # above its dot: inside the frame wherever it is
            ax.annotate(
                f"{value:.1f}{'%' if percent else ''}",
                (value, y),
                xytext=(0, 5),
                textcoords="offset points",
                ha="center",
                va="bottom",
                fontsize="small",
            )
        ax.set_yticks(range(len(group)), labels)
        ax.set_ylim(-0.6, len(group) - 0.15)
        if percent:
            ax.set_xlim(-4, 104)  # room for a label centred on 0% or 100%
            ax.set_xlabel(
                i18n._("percent (dot: estimate, bar: {level} confidence interval)").format(
                    level=i18n.format_percent(0.95)
                )
            )
        else:
            span = max(highs.max() - lows.min(), 1e-9)
            left, right = min(0.0, lows.min() - 0.1 * span), highs.max() + 0.1 * span
            room = 0.06 * (right - left)  # half a label's width, for a label centred near an end
            ax.set_xlim(left - (room if left < 0 else 0), right + room)
            ax.set_xlabel(
                i18n._("mean (dot: estimate, bar: {level} confidence interval)").format(
                    level=i18n.format_percent(0.95)
                )
            )
        ax.grid(axis="x", alpha=0.3)
    if title:
        figure.suptitle(textwrap.fill(title, 80), fontsize="medium")
    return figure


rule_explorer = Explorer
"""The one generic explorer panel every game's entry is built with (the name lessons use for
``Explorer``). See ``explore_demo`` for a small example."""


# -- a small example ----------------------------------------------------------------------------------
def coin_task(rng: np.random.Generator, p: float = 0.5) -> dict[str, bool]:
    """One toss of a coin that shows heads with chance ``p`` (the demo's task)."""
    return {"heads": bool(rng.random() < p)}


def explore_demo() -> Explorer:
    """A coin with a chosen chance of heads: the smallest explorer (used in the docs and tests)."""
    return rule_explorer(
        "A biased coin",
        {"p": ("chance of heads", [("20%", 0.2), ("50%", 0.5), ("80%", 0.8)])},
        lambda settings: functools.partial(coin_task, p=settings["p"]),
        lambda frame, settings: {"heads": wilson(int(frame["heads"].sum()), len(frame))},
        games=1000,
        seed=1,
        what="tosses",
    )


# -- any game, from its spec ----------------------------------------------------------------------------
def game(
    name: str | GameSpec,
    *,
    games: int | None = None,
    seed: int = 1,
    slow_games: int | None = None,
    measure: Callable[[pd.DataFrame, dict[str, Any]], dict[str, Estimate]] | None = None,
    title: str = "",
) -> Explorer:
    """The explorer of any game in ``tilegames.GAMES`` (by name, or its spec), built from its spec.

    The spec's ``explorer`` (``tilegames.explorer_spec.ExplorerSpec``) declares it all: a
    control per entry (a ``Rules`` field, ``rules`` for a named rule set, or an option of the
    study's ``task``), the measure, the games per setting (``games``; ``slow_games`` for the
    settings it calls slow), the title and the wording. Each setting plays the ``task`` of the
    game's first study (``GameSpec.study_task``) with those rules. ``measure`` and ``title`` replace the declared ones.

    >>> panel = game("pyramids", games=4)
    >>> list(panel.controls)
    ['curse', 'fire_cube', 'turn_cap', 'players', 'player']
    >>> panel.controls["turn_cap"].description
    'turn cap'
    """
    from . import GAMES

    spec = GAMES.spec(name) if isinstance(name, str) else name
    declared = ExplorerSpec.of(spec.explorer)
    controls = explorer_controls(spec)
    rule_names = {field.name for field in rule_fields(spec.Rules)}
    task_function = spec.study_task()

    def task(settings):
        base = spec.Rules.preset(settings["rules"]) if "rules" in settings else spec.Rules()
        changes = {key: value for key, value in settings.items() if key in rule_names}
        options = {k: v for k, v in settings.items() if k not in rule_names and k != "rules"}
        rules = dataclasses.replace(base, **changes)
        return functools.partial(task_function, rules=rules, **declared.options, **options)

    games = games or declared.games or spec.default_games
    slow_games = slow_games or declared.slow_games or games
    return rule_explorer(
        title
        or declared.title
        or i18n._("{game}: what changes with the rules?").format(game=spec.title),
        controls,
        task,
        measure or (load(declared.measure) if declared.measure else default_measure),
        games=functools.partial(declared.games_for, games=games, slow_games=slow_games),
        seed=seed,
        what=declared.what,
    )


def explorer_controls(spec: GameSpec) -> dict[str, tuple[str, Choices]]:
    """name -> (label, choices) for a spec's explorer: its declared controls, or else every
    true/false and fixed-choice rule, then the number of players and the player.

    >>> from tilegames import GAMES
    >>> explorer_controls(GAMES.spec("tula"))["mercy"]
    ('mercy', [('off', False), ('on', True)])
    >>> explorer_controls(GAMES.spec("maze"))["rules"]
    ('board', [('standard', 'aisleriot'), ("ring (the books' variant)", 'traditional')])
    """
    fields = {field.name: field for field in rule_fields(spec.Rules)}
    declared = ExplorerSpec.of(spec.explorer)
    if declared.controls:
        wanted = {name: declared.control(name) for name in declared.controls}
    else:
        wanted = {name: Control() for name, field in fields.items() if field.choices}
        low, high = spec.seats
        if low < high:
            wanted["players"] = Control(tuple(range(low, high + 1)))
        wanted["player"] = Control(tuple(spec.players))
    taken = _task_options(spec)
    controls: dict[str, tuple[str, Choices]] = {}
    for name, control in wanted.items():
        values = control.values
        if name in fields:
            field = fields[name]
            if not values:
                values = field.choices
                if field.default not in values:
                    values = (field.default, *values)
        elif name == "rules":
            values = values or tuple(spec.presets())
            for value in values:  # a name or a declared alias; anything else is refused here
                spec.Rules.name_of(value)
        elif name not in taken and name not in ("players", "player"):
            raise ValueError(
                f"{spec.name}: the explorer control {name!r} is neither a rule "
                f"({', '.join(fields)}), rules (a named rule set) nor an option of the "
                f"study task {_task_name(spec)}"
            )
        elif name not in taken:
            raise ValueError(
                f"{spec.name}: the study task {_task_name(spec)} takes no {name}; "
                "name only the controls it takes in the spec's explorer"
            )
        if not values:
            values = tuple(spec.players) if name == "player" else spec.seats
        controls[name] = (control.label or name.replace("_", " "), control.choices(name, values))
    return controls


def _task_options(spec: GameSpec) -> set[str]:
    """The names the study's task takes; it must take ``rules``."""
    taken = set(inspect.signature(spec.study_task()).parameters)
    if "rules" not in taken:
        raise ValueError(f"{spec.name}: the study task {_task_name(spec)} takes no rules")
    return taken


def _task_name(spec: GameSpec) -> str:
    task = spec.study_task()
    name = getattr(task, "__qualname__", "")
    return f"{task.__module__}:{name}" if name else repr(task)


def default_measure(frame: pd.DataFrame, settings: dict[str, Any]) -> dict[str, Estimate]:
    """Estimates from any study's rows: the share of each true/false column, the mean of each
    number column (seeds and game numbers left out).

    >>> frame = pd.DataFrame({"game": [0, 1, 2, 3], "won": [True, False, True, True], "moves": [3, 5, 4, 4]})
    >>> {label: round(e.value, 2) for label, e in default_measure(frame, {}).items()}
    {'won': 0.75, 'moves (mean)': 4.0}
    """
    estimates: dict[str, Estimate] = {}
    for column in frame.columns:
        values = frame[column]
        if column in ("game", "seed") or column.endswith("_seed"):
            continue
        if values.dtype == bool:
            estimates[column.replace("_", " ")] = wilson(int(values.sum()), len(values))
        elif pd.api.types.is_numeric_dtype(values):
            estimates[f"{column.replace('_', ' ')} (mean)"] = mean_interval(
                values.to_numpy(dtype=float)
            )
    return estimates


# -- the notebooks' one-line entries: each is ``game(name)``, declared in the game's SPEC -------------
def tula(**options: Any) -> Explorer:
    """Tula's explorer, ``game("tula", **options)``: mercy and the player; its win rate beside
    the share of deals someone who sees every tile could win (the expert and the sampler,
    slow thinkers, play ``slow_games`` deals).

    >>> panel = tula(games=20)
    >>> [value for _, value in panel.controls["player"].options][-2:], panel.number_of_games()
    (['expert', 'sampler'], 20)
    """
    return game("tula", **options)


def maze(**options: Any) -> Explorer:
    """Maze's explorer, ``game("maze", **options)``: the board and the solver's budget in tables.

    >>> maze(games=2).controls["max_nodes"].options
    (('500 tables', 500), ('2000 tables', 2000))
    """
    return game("maze", **options)


def triominos(**options: Any) -> Explorer:
    """Tri-Ominos' explorer, ``game("triominos", **options)``: what a round scores.

    >>> triominos(games=2).controls["rules"].options
    (('standard', 'seed'), ('Pressman', 'pressman'))
    """
    return game("triominos", **options)


def pyramids(**options: Any) -> Explorer:
    """Flaming Pyramids' explorer, ``game("pyramids", **options)``: game length and the first
    player's edge.

    >>> panel = pyramids(games=2)
    >>> panel.number_of_games(), list(panel.estimates)[0]
    (2, 'first player wins')
    """
    return game("pyramids", **options)
