"""The class picture: every student's estimate against the true value, and the pooled one.

``class_summary(rows, experiment)`` takes the class's rows (``student``, ``seed``,
``value``: what the store holds) and computes, for each student, their estimate
with its 95% interval and whether the interval covers the true value; the
pooled estimate of all rows with its interval; and how many intervals cover
(the coverage lesson: about 19 in 20). ``plot_class`` draws it — the intervals
against the truth, and a funnel plot of estimate against number of games — and
``live.Dashboard`` is the teacher's live view: it refreshes while the class works and
has a *present* mode with large type and no names.

>>> import pandas as pd
>>> from tilegames.classroom import EXPERIMENTS
>>> rows = pd.DataFrame({"student": ["a"] * 4 + ["b"] * 4, "seed": range(8),
...                      "value": [1, 0, 0, 0, 0, 0, 1, 1]})
>>> summary = class_summary(rows, EXPERIMENTS["tula_stuck"])
>>> [(s.student, s.games, s.estimate) for s in summary.students]
[('a', 4, 0.25), ('b', 4, 0.5)]
>>> summary.pooled.value, summary.covered, len(summary.students)
(0.375, 2, 2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from .. import i18n  # i18n._(...): this module's loops use _ as a name
from ..stats import Estimate, mean_interval, wilson
from ..words import localized, with_interval, written
from .experiments import Experiment, Reference, counted, whole

__all__ = [
    "ClassSummary",
    "StudentEstimate",
    "class_summary",
    "not_replaying",
    "plot_class",
    "rows_from_submissions",
    "typical_misses",
]


def typical_misses(intervals: int, confidence: float = 0.95, share: float = 0.9) -> tuple[int, int]:
    """The fewest and most intervals out of ``intervals`` that miss the truth in ``share`` of classes.

    Each 95% interval misses with probability 0.05, independently, so the number of misses is
    binomial: for a class of 30, 0 to 3 misses happen in about 94% of classes. Any class size
    works (the chances are added up as logarithms, so nothing overflows).

    >>> typical_misses(30)
    (0, 3)
    >>> typical_misses(1100)
    (0, 64)
    """
    if isinstance(intervals, bool) or not isinstance(intervals, (int, np.integer)) or intervals < 0:
        raise ValueError(f"the number of intervals is a whole number from 0 up, not {intervals!r}")
    if not 0 < confidence < 1 or not 0 < share < 1:
        raise ValueError("the confidence and the share are between 0 and 1 (like 0.95 and 0.9)")
    n, miss = int(intervals), 1 - confidence

    def chance(k: int) -> float:
        log = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
        return math.exp(log + k * math.log(miss) + (n - k) * math.log1p(-miss))

    high, covered = 0, chance(0)
    while covered < share and high < n:
        high += 1
        covered += chance(high)
    return 0, high


@dataclass(frozen=True)
class StudentEstimate:
    """One student's batch: games, estimate, 95% interval, and whether it covers the truth."""

    student: str
    games: int
    estimate: float
    low: float
    high: float
    covers: bool


@dataclass(frozen=True)
class ClassSummary:
    """The class's figures for one experiment."""

    experiment: Experiment
    truth: Reference
    students: list[StudentEstimate]
    pooled: Estimate
    games: int
    refused: pd.DataFrame = field(default_factory=pd.DataFrame)
    not_replayed: list[str] = field(default_factory=list)

    @property
    def covered(self) -> int:
        """How many students' intervals contain the true value."""
        return sum(s.covers for s in self.students)

    def misses_text(self) -> str:
        """How many intervals miss the truth, against how many 9 classes in 10 see, in words.

        >>> import pandas as pd
        >>> from tilegames.classroom import EXPERIMENTS
        >>> rows = pd.DataFrame({"student": ["a"] * 10, "seed": range(10), "value": [1] * 10})
        >>> class_summary(rows, EXPERIMENTS["tula_stuck"]).misses_text()
        '1 of 1 intervals misses the true value: more than the 0 to 0 that 9 classes in 10 see. By luck alone, 1 or more misses happen in about 1 class in 20: a surprise worth a second look.'
        """
        n = len(self.students)
        missed = n - self.covered
        fewest, most = typical_misses(n)
        said = i18n.ngettext(
            "{missed} {of_intervals} misses the true value",
            "{missed} {of_intervals} miss the true value",
            missed,
        ).format(missed=whole(missed), of_intervals=_of_intervals(n))
        if missed <= most:
            return i18n._("{said}: within the {fewest} to {most} that 9 classes in 10 see.").format(
                said=said, fewest=whole(fewest), most=whole(most)
            )
        chance = 1 - sum(math.comb(n, k) * 0.05**k * 0.95 ** (n - k) for k in range(missed))
        return " ".join(
            (
                i18n._("{said}: more than the {fewest} to {most} that 9 classes in 10 see.").format(
                    said=said, fewest=whole(fewest), most=whole(most)
                ),
                i18n.ngettext(
                    # English: "misses" for 1 too ("1 or more misses")
                    "By luck alone, {missed} or more misses happen in about 1 class in {classes}: "
                    "a surprise worth a second look.",
                    "By luck alone, {missed} or more misses happen in about 1 class in {classes}: "
                    "a surprise worth a second look.",
                    missed,
                ).format(missed=whole(missed), classes=whole(round(1 / chance), grouped=True)),
            )
        )

    def shown(self, value: float) -> str:
        """A value of this experiment as a reader takes it in: a share as a percentage
        (``25.7%``, ``0.42%``), a mean with one decimal (``278.4``, or three below 10)."""
        if self.experiment.kind == "proportion":
            return localized(f"{value:.2%}" if 0 < value < 0.01 else f"{value:.1%}")
        return localized(f"{value:.3f}" if abs(value) < 10 else f"{value:.1f}")

    def text(self, *, names: bool = True) -> str:
        """The picture in words (its text alternative, and the notebook's summary)."""
        n = len(self.students)
        title = self.experiment.title
        if not n:
            return i18n._("{title} No rows shared yet.").format(title=title)
        unit = self.experiment.unit or "games"
        pooled = with_interval(self.pooled.value, self.pooled.low, self.pooled.high, self.shown)
        games = counted(self.games, unit)
        lines = [
            i18n.ngettext(
                "{title} {n} student shared {games}.", "{title} {n} students shared {games}.", n
            ).format(title=title, n=whole(n), games=games),
            i18n._("True value ({what}): {value}.").format(
                what=i18n.translate(self.truth.label), value=self.shown(self.truth.value)
            ),
            i18n.ngettext(
                # English: "contain" for 1 too
                "{covered} {of_intervals} contain it ({share}; {level} intervals should contain it "
                "about 19 times in 20).",
                "{covered} {of_intervals} contain it ({share}; {level} intervals should contain it "
                "about 19 times in 20).",
                self.covered,
            ).format(
                covered=whole(self.covered),
                of_intervals=_of_intervals(n),
                share=written(self.covered / n, "{:.0%}"),
                level=i18n.format_percent(0.95),
            ),
            i18n._("Pooled estimate: {pooled}, {games} together.").format(
                pooled=pooled, games=games
            ),
        ]
        missed = [s for s in self.students if not s.covers]
        if missed and names:
            lines.append(
                i18n._("Intervals that miss it: {students}.").format(
                    students=", ".join(s.student for s in missed)
                )
            )
        if self.not_replayed:
            lines.append(
                i18n._("Rows that did not replay: {students}.").format(
                    students=", ".join(self.not_replayed)
                )
            )
        if len(self.refused) and names:
            lines.append(
                i18n._("Refused sends: {n} (see the table below).").format(
                    n=whole(len(self.refused))
                )
            )
        return "\n".join(lines)


def _of_intervals(n: int) -> str:
    """``of 30 intervals``: the whole a count of intervals is out of (Slovak and Russian decline
    its noun by ``n``)."""
    # English: "intervals" for 1 too
    return i18n.ngettext("of {n} intervals", "of {n} intervals", n).format(n=whole(n))


def _interval(values: np.ndarray, kind: str) -> Estimate:
    if kind == "proportion":
        return wilson(int(values.sum()), len(values))
    if len(values) < 2:
        value = float(values.mean())
        return Estimate(value, -math.inf, math.inf)
    return mean_interval(values.astype(float))


def class_summary(
    rows: pd.DataFrame,
    experiment: Experiment,
    *,
    refused: pd.DataFrame | None = None,
    not_replayed: list[str] | None = None,
) -> ClassSummary:
    """The class's figures from its rows (columns ``student``, ``seed``, ``value``)."""
    truth = experiment.truth()
    students = []
    for student, batch in rows.groupby("student", sort=True):
        values = batch["value"].to_numpy(dtype=float)
        estimate = _interval(values, experiment.kind)
        covers = estimate.low <= truth.value <= estimate.high
        students.append(
            StudentEstimate(
                str(student), len(values), float(values.mean()), estimate.low, estimate.high, covers
            )
        )
    values = rows["value"].to_numpy(dtype=float)
    pooled = (
        _interval(values, experiment.kind)
        if len(values)
        else Estimate(math.nan, math.nan, math.nan)
    )
    return ClassSummary(
        experiment,
        truth,
        students,
        pooled,
        len(values),
        refused if refused is not None else pd.DataFrame(),
        list(not_replayed or []),
    )


def rows_from_submissions(
    course: Path | str, assignment: str, question: str, column: str
) -> pd.DataFrame:
    """After grading: the rows each student handed in for a simulation question (``student``,
    ``seed``, ``value``), read from the grading reports (``autograded/*/<assignment>/``)."""
    import json

    from ..exercises.handin import REPORT, Unreadable, decode

    frames = []
    for report in sorted(Path(course).glob(f"autograded/*/{assignment}/{REPORT}")):
        data = json.loads(report.read_text())
        payload = (data.get("answers") or {}).get(question)
        try:
            answer = decode(payload["answer"]) if payload else None
        except (Unreadable, KeyError, TypeError):
            answer = None
        rows = answer.get("rows") if isinstance(answer, dict) else None
        if not isinstance(rows, pd.DataFrame) or not {"seed", column} <= set(rows.columns):
            continue
        frames.append(
            pd.DataFrame(
                {
                    "student": data["student"],
                    "seed": rows["seed"],
                    "value": rows[column].astype(float),
                }
            )
        )
    return (
        pd.concat(frames, ignore_index=True)
        if frames
        else pd.DataFrame(columns=["student", "seed", "value"])
    )


def not_replaying(rows: pd.DataFrame, play) -> list[str]:
    """The students any of whose rows ``play(seed)`` does not give again."""
    return sorted(
        str(student)
        for student, batch in rows.groupby("student")
        if any(
            abs(float(play(int(s))) - float(v)) > 1e-9
            for s, v in zip(batch["seed"], batch["value"])
        )
    )


def plot_class(summary: ClassSummary, *, present: bool = False):
    """The intervals against the truth, and the funnel plot; ``present``: large type, no names."""
    import matplotlib.pyplot as plt

    size = 16 if present else 10
    figure, (left, right) = plt.subplots(
        1, 2, figsize=(13, 7 if present else 5.5), layout="constrained"
    )
    truth = summary.truth.value
    order = sorted(summary.students, key=lambda s: s.estimate)
    for y, s in enumerate(order):
        colour = "#0072B2" if s.covers else "#D55E00"
        left.plot([s.low, s.high], [y, y], color=colour, linewidth=2.5 if present else 1.8)
        left.plot(s.estimate, y, marker="o" if s.covers else "X", color=colour, markersize=8)
    left.axvline(
        truth,
        color="black",
        linestyle="--",
        label=i18n._("true value ({what})").format(what=summary.truth.label),
    )
    if summary.students:
        left.axvspan(summary.pooled.low, summary.pooled.high, color="#009E73", alpha=0.25,
                     label=i18n._("pooled estimate, 95% CI"))  # fmt: skip
    labels = (
        [f"student {i + 1}" for i in range(len(order))] if present else [s.student for s in order]
    )
    left.set_yticks(range(len(order)), labels if len(order) <= 40 else [""] * len(order))
    n = len(summary.students)
    left.set_title(
        i18n.ngettext(
            "{covered} of {n} intervals contain the true value (● yes, ✕ no)",  # English: as of 2
            "{covered} of {n} intervals contain the true value (● yes, ✕ no)",
            n,
        ).format(covered=summary.covered, n=n),
        fontsize=size,
    )
    left.set_xlabel(i18n._("each student's estimate and 95% CI"), fontsize=size)
    _legend_below(left, size)
    left.tick_params(labelsize=size * 0.8)
    games = np.array([s.games for s in summary.students], dtype=float)
    estimates = np.array([s.estimate for s in summary.students])
    right.scatter(games, estimates, color="#0072B2", zorder=3, s=60 if present else 30)
    if len(games):
        spread = _spread(summary)
        grid = np.linspace(max(games.min() * 0.8, 1), games.max() * 1.2, 100)
        high, low = truth + 1.96 * spread / np.sqrt(grid), truth - 1.96 * spread / np.sqrt(grid)
        if summary.experiment.kind == "proportion":  # a share lies between 0 and 1
            high, low = np.minimum(high, 1), np.maximum(low, 0)
        right.plot(grid, high, color="grey", linestyle=":")
        right.plot(
            grid,
            low,
            color="grey",
            linestyle=":",
            label=i18n._("where {level} of estimates fall").format(level=i18n.format_percent(0.95)),
        )
    right.axhline(truth, color="black", linestyle="--", label=i18n._("true value"))
    right.set_xlabel(
        i18n._("{unit} played").format(
            unit=i18n.translate(summary.experiment.unit or i18n.N_("games"))
        ),
        fontsize=size,
    )
    right.set_ylabel(i18n._("estimate"), fontsize=size)
    if summary.experiment.kind == "proportion":  # a share reads as a percentage, as in the text
        from matplotlib.ticker import PercentFormatter

        left.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        right.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    right.set_title(i18n._("Funnel: small batches scatter more"), fontsize=size)
    _legend_below(right, size)
    right.tick_params(labelsize=size * 0.8)
    figure.suptitle(summary.experiment.title, fontsize=size * 1.1)
    return figure


def _legend_below(axes, size: float) -> None:
    """The legend under the axes, outside them: it never covers a point or a line."""
    axes.legend(
        fontsize=size * 0.75,
        loc="upper center",
        bbox_to_anchor=(0.5, -0.13 if size < 12 else -0.16),
        frameon=False,
    )


def _spread(summary: ClassSummary) -> float:
    """One game's standard deviation: from the truth for a proportion, else the class's rows."""
    if summary.experiment.kind == "proportion":
        p = summary.truth.value
        return math.sqrt(p * (1 - p))
    half = (summary.pooled.high - summary.pooled.low) / 2
    return half / 1.96 * math.sqrt(max(summary.games, 1))
