"""The class experiments: one question a whole class answers together, each student a batch.

Every student plays their own deals (``seeds(experiment, student)``: a window
made from the id, so no two students share a deal and nobody picks theirs), one
row per game; the class pools the rows. Each experiment knows the value it
estimates: exactly where the library can count it, else the best-known value
from a long run kept in ``results/`` (with that run's own small interval).

>>> stuck = EXPERIMENTS["tula_stuck"]
>>> stuck.truth().value == 65 / 253
True
>>> rows = run(stuck, "ada", 20)
>>> list(rows.columns), len(rows), int(rows["seed"].iloc[0]) == seeds(stuck, "ada").start
(['seed', 'stuck'], 20, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .. import i18n
from ..exercises.handin import variant_seed
from ..stats import Estimate
from ..words import ci_label, whole, with_interval

__all__ = [
    "EXPERIMENTS",
    "REFERENCE_FIRST_SEED",
    "Experiment",
    "Reference",
    "batch_sizes",
    "class_of",
    "counted",
    "estimate",
    "read_reference",
    "reference_path",
    "run",
    "seeds",
]

WINDOW = 10_000
"""The most games one student may play in one experiment (their seed window's length)."""


@dataclass(frozen=True)
class Reference:
    """The value an experiment estimates: exact, or a long run's estimate with its interval."""

    value: float
    exact: bool
    label: str
    low: float | None = None
    high: float | None = None


@dataclass(frozen=True)
class Experiment:
    """One class experiment: what a game yields, how it pools, and the value it estimates."""

    name: str
    title: str
    question: str
    column: str
    kind: str  # "proportion" (a yes/no per game) or "mean" (a number per game)
    batch: int  # the games each student plays by default
    play: Callable[[int], Any]
    truth: Callable[[], Reference]
    unit: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("proportion", "mean"):
            raise ValueError(f"an experiment pools a proportion or a mean, not {self.kind!r}")

    def __getattribute__(self, name: str) -> Any:
        """The title and the question in the language in use (they are written in English)."""
        value = object.__getattribute__(self, name)
        if name in _SAID and value:
            return i18n._(value)
        return value


_SAID = frozenset({"title", "question"})
"""An experiment's fields a student reads, translated when read."""


def counted(count: int, unit: str, *, grouped: bool = True) -> str:
    """``5,566 deals``: a number of an experiment's units (``deals``, ``rounds``, ``games``) in
    the language in use, its noun in the form the number asks for (``grouped``: English writes
    the number with commas).

    >>> counted(5566, "deals"), counted(1, "rounds")
    ('5,566 deals', '1 rounds')
    >>> with i18n.using("sk"):
    ...     counted(5566, "deals"), counted(3, "rounds"), counted(1, "games")
    ('5\xa0566 rozdaní', '3 kolá', '1 hra')
    """
    # English: the unit as written, whatever the number (so "1 rounds" as before)
    if unit == "deals":
        phrase = i18n.ngettext("{n} deals", "{n} deals", count)
    elif unit == "rounds":
        phrase = i18n.ngettext("{n} rounds", "{n} rounds", count)
    elif unit == "games":
        phrase = i18n.ngettext("{n} games", "{n} games", count)
    else:  # a unit the catalogs do not know
        return f"{whole(count, grouped)} {unit}"
    return phrase.format(n=whole(count, grouped))


def seeds(experiment: Experiment, student: str) -> range:
    """The deals ``student`` plays in ``experiment``: their own window of consecutive seeds."""
    first = variant_seed(f"class/{experiment.name}", student) % 100_000_000 * WINDOW
    return range(first, first + WINDOW)


def run(experiment: Experiment, student: str, games: int | None = None) -> pd.DataFrame:
    """``student``'s batch: ``games`` rows (``seed`` and the experiment's column), in order."""
    games = experiment.batch if games is None else games
    if (
        isinstance(games, bool)
        or not isinstance(games, (int, np.integer))
        or not 1 <= games <= WINDOW
    ):
        raise ValueError(f"play between 1 and {WINDOW:,} games, not {games!r}")
    rows = pd.DataFrame({"seed": list(seeds(experiment, student)[:games])})
    rows[experiment.column] = [experiment.play(int(s)) for s in rows["seed"]]
    return rows


def estimate(experiment: Experiment, rows: pd.DataFrame):
    """Your batch's estimate with its 95% interval (Wilson's for a share, the normal one for a mean).

    >>> rows = pd.DataFrame({"seed": range(4), "stuck": [True, False, False, False]})
    >>> print(estimate(EXPERIMENTS["tula_stuck"], rows))
    25.0% (95% CI 4.6% to 69.9%)
    """
    from ..stats import mean_interval, wilson

    values = rows[experiment.column]
    if experiment.kind == "proportion":
        return wilson(int(values.astype(bool).sum()), len(values))
    mean = mean_interval(values.astype(float).to_numpy())
    return BatchMean(mean.value, mean.low, mean.high, mean.confidence, percent=False)


@dataclass(frozen=True)
class BatchMean(Estimate):
    """A batch's mean shown as the class's summary shows the class's: points and the like with
    one decimal (``277.4``, not ``277.37``), so your figure and the class's read alike.

    >>> print(BatchMean(277.372, 260.071, 294.674, percent=False))
    277.4 (95% CI 260.1 to 294.7)
    """

    def __str__(self) -> str:
        if self.percent or not self.has_interval or abs(self.value) < 10:
            return super().__str__()
        return with_interval(
            self.value, self.low, self.high, "{:.1f}", label=ci_label(self.confidence)
        )


def class_of(
    experiment: Experiment, students: int = 30, games: int | Sequence[int] | None = None
) -> pd.DataFrame:
    """A whole class's rows (``student``, ``seed``, ``value``): ``students`` made-up ids
    (``student01`` …), each playing their own batch of ``games`` (one size for all, or one
    size per student) — what the class store holds once a class has shared, for a lesson run
    with no class at hand.

    >>> rows = class_of(EXPERIMENTS["tula_stuck"], 3, [2, 5, 3])
    >>> rows.groupby("student").size().tolist()
    [2, 5, 3]
    """
    sizes = list(games) if isinstance(games, Sequence) else [games] * students
    if len(sizes) != students:
        raise ValueError(f"give one batch size per student: {students}, not {len(sizes)}")
    frames = []
    for number, size in enumerate(sizes, start=1):
        student = f"student{number:02d}"
        batch = run(experiment, student, size)
        frames.append(
            pd.DataFrame(
                {
                    "student": student,
                    "seed": batch["seed"],
                    "value": batch[experiment.column].astype(float),
                }
            )
        )
    return pd.concat(frames, ignore_index=True)


def batch_sizes(typical: int, students: int = 30) -> list[int]:
    """Batch sizes for a made-up class where students play as much as real ones do: some a
    few games, some many — from an eighth of ``typical`` to three times it, spread evenly on a
    log scale and mixed up among the students, a little under ``typical`` on average.

    >>> sizes = batch_sizes(100)
    >>> min(sizes), max(sizes), round(sum(sizes) / len(sizes))
    (12, 300, 93)
    """
    spaced = np.geomspace(typical / 8, typical * 3, students).round().astype(int)
    order = np.random.default_rng(students).permutation(students)
    return [int(max(size, 1)) for size in spaced[order]]


# -- Tula: how often does a deal start stuck? (the moment mercy is for) --------------------------


def _tula_stuck(seed: int) -> bool:
    from ..tula import new_game

    return bool(new_game(seed=seed).stuck_at_start)


def _tula_stuck_truth() -> Reference:
    from ..tula import TILES, matches

    partners = sum(matches(TILES[0], t) for t in TILES[1:])
    others = len(TILES) - 1
    exact = Fraction(comb(others - partners, 3), comb(others, 3))
    label = i18n.Deferred(
        i18n.N_("exact: {fraction}"), fraction=f"{exact.numerator}/{exact.denominator}"
    )
    return Reference(float(exact), True, label)


# -- Tri-Ominos: what does a round score? ---------------------------------------------------------

PLAYER_PURPOSE = 0x706C6179
"""Players' dice are drawn from (seed, this): they carry nothing about the deal."""


def _dice(seed: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence([seed, PLAYER_PURPOSE]))


def _round_points(seed: int) -> int:
    from ..players import play_game
    from ..triominos import make_player, new_game

    game = new_game(seed=seed, players=2, rules="pressman")
    play_game(game, [make_player("greedy"), make_player("greedy")], seed=_dice(seed), checked=False)
    return int(sum(game.scores))


# -- Flaming Pyramids: does the first player win more often? --------------------------------------


def _first_player_won(seed: int) -> bool:
    from ..players import play_game
    from ..pyramids import make_player, new_game

    game = new_game(seed=seed, players=2)
    play_game(
        game, [make_player("careful"), make_player("careful")], seed=_dice(seed), checked=False
    )
    return bool(game.winner == game.first_player)


REFERENCE_FIRST_SEED = 2**50
"""The first seed of every reference run: above every student's window (those end below 2**40)."""


def reference_path(name: str) -> Path:
    """``results/class_<name>.csv`` (the installed package's copy, or the checkout's)."""
    try:
        from ..resources import folder

        return folder("results") / f"class_{name}.csv"
    except ImportError:  # a checkout without the resources module
        return Path(__file__).resolve().parents[2] / "results" / f"class_{name}.csv"


def read_reference(name: str) -> tuple[pd.DataFrame, dict]:
    """The kept run of experiment ``name`` and its provenance (with ``file``, its file's name)."""
    from ..results import read_provenance, read_results

    path = reference_path(name)
    return read_results(path), {**read_provenance(path), "file": path.name}


@cache
def _reference_from(name: str) -> Reference:
    from ..stats import mean_interval, wilson

    rows, provenance = read_reference(name)
    experiment = EXPERIMENTS[name]
    values = rows[experiment.column]
    if experiment.kind == "mean":
        estimate = mean_interval(values.astype(float).to_numpy())
    else:
        estimate = wilson(int(values.astype(bool).sum()), len(values))
    games = len(rows)
    unit = experiment.unit or "games"
    with i18n.using("en"):  # the label is English, translated where it is shown
        label = i18n.Deferred(
            i18n.N_("best known, from {games} in {file}"),
            games=lambda: counted(games, unit),
            file=provenance["file"],
        )
    return Reference(estimate.value, False, label, estimate.low, estimate.high)


EXPERIMENTS: dict[str, Experiment] = {
    experiment.name: experiment
    for experiment in (
        Experiment(
            "tula_stuck",
            i18n.N_("Tula: how often is a deal stuck at the start?"),
            i18n.N_(
                "What share of Tula deals has no tile on 3A, 3B or 3C matching the stack's first "
                "tile — the deals where only mercy can help?"
            ),
            "stuck",
            "proportion",
            200,
            _tula_stuck,
            _tula_stuck_truth,
            "deals",
        ),
        Experiment(
            "triominos_round",
            i18n.N_("Tri-Ominos: what does a round score?"),
            i18n.N_(
                "How many points (both players together) does a two-player round score, both "
                "players greedy, Pressman's rules?"
            ),
            "round_points",
            "mean",
            100,
            _round_points,
            lambda: _reference_from("triominos_round"),
            "rounds",
        ),
        Experiment(
            "pyramids_first",
            i18n.N_("Flaming Pyramids: does the first player win more often?"),
            i18n.N_(
                "In two-player games between careful bots, what share does the first player win?"
            ),
            "first_won",
            "proportion",
            100,
            _first_player_won,
            lambda: _reference_from("pyramids_first"),
            "games",
        ),
    )
}
