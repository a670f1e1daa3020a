"""Checking a simulated answer as a statistician would.

A simulated answer is the estimate **and** how it was made: the student hands
in the rows of the simulation (one per game, with the seed that deals it),
the estimate and the 95% interval. The check

1. re-derives the rows from their seeds (all of them, or a random sample when
   a game is slow to replay), so rows cannot be typed in;
2. recomputes the estimate and the interval from the rows;
3. accepts the estimate when it is *consistent* with the exact or reference
   value given the student's own number of games (a two-sided test at the
   0.1% level, so an honest simulation is refused one time in a thousand),
   never by comparing it with one fixed seed's result.

A typed interval with no rows behind it is refused with a hint about the
format.

>>> import pandas as pd
>>> rows = pd.DataFrame({"seed": range(400), "even": [s % 2 == 0 for s in range(400)]})
>>> answer = {"rows": rows, "estimate": 0.5, "interval": (0.451, 0.549)}
>>> check_proportion(answer, outcome="even", rederive=lambda s: s % 2 == 0, reference=0.5)
>>> check_proportion((0.45, 0.55), outcome="even", rederive=None, reference=0.5)
Traceback (most recent call last):
...
tilegames.exercises.answers.AnswerFormat: an interval alone is not evidence: hand in the simulation behind it, as {'rows': your table, 'estimate': ..., 'interval': (low, high)}.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any

import numpy as np
import pandas as pd

from .. import i18n  # i18n._(...)
from ..stats import mean_interval, paired_difference, wilson, z_value
from . import Partial
from .answers import AnswerFormat, as_number

__all__ = [
    "FORM",
    "Evidence",
    "check_mean",
    "check_paired",
    "require_consecutive",
    "check_proportion",
    "consistent",
    "read_simulation",
    "replay_rows",
    "rows_from",
    "simulation_checks",
]

FORM = "{'rows': your table, 'estimate': ..., 'interval': (low, high)}"
"""How every simulated answer is handed in."""

CONSISTENCY = 0.999
"""An estimate is consistent with the reference value when that value lies in this interval."""

ROWS_RIGHT, ESTIMATE_RIGHT = 1 / 3, 2 / 3
"""Partial credit: the rows replay (a third), and the estimate agrees with them (two thirds)."""


def estimate_wrong(hint: str) -> Partial:
    """The rows are right but the estimate is not theirs: a third of the points."""
    return Partial(ROWS_RIGHT, hint)


def interval_wrong(hint: str) -> Partial:
    """The rows and the estimate are right but the interval is not: two thirds of the points."""
    return Partial(ESTIMATE_RIGHT, hint)


def read_simulation(
    answer: Any, columns: Sequence[str], *, min_games: int, seeds: range | None = None
) -> tuple[pd.DataFrame, float, tuple[float, float]]:
    """The rows, estimate and interval of a simulated answer; a format hint when malformed.

    ``seeds``, when given, are the deals the sheet asks for: the rows must be exactly
    those, in order (so nobody chose which deals to count, nor when to stop).
    """
    pair = isinstance(answer, (tuple, list)) and len(answer) == 2
    if pair and all(isinstance(x, Real) and not isinstance(x, bool) for x in answer):
        raise AnswerFormat(
            i18n._(
                "an interval alone is not evidence: hand in the simulation behind it, as {form}."
            ).format(form=i18n.translate(FORM))
        )
    if isinstance(answer, Real) and not isinstance(answer, bool):
        raise AnswerFormat(
            i18n._(
                "a number alone is not evidence: hand in the simulation behind it, as {form}."
            ).format(form=i18n.translate(FORM))
        )
    if not isinstance(answer, dict):
        raise AnswerFormat(i18n._("give a dict: {form}.").format(form=i18n.translate(FORM)))
    missing = [key for key in ("rows", "estimate", "interval") if key not in answer]
    if missing:
        raise AnswerFormat(
            i18n._("your dict needs the key {missing!r}: {form}.").format(
                missing=missing[0], form=i18n.translate(FORM)
            )
        )
    wanted = seeds
    rows = rows_from(answer["rows"], columns)
    if len(rows) < min_games:
        raise AnswerFormat(
            i18n._(
                "your rows hold {rows} games: simulate at least {min_games:,} for this question."
            ).format(rows=len(rows), min_games=min_games)
        )
    seeds = rows["seed"]
    if not all(isinstance(s, (int, np.integer)) and not isinstance(s, bool) for s in seeds):
        raise AnswerFormat(i18n._("each row's 'seed' is the whole number that deals its game."))
    if seeds.duplicated().any():
        raise AnswerFormat(
            i18n._(
                "a seed appears in two rows: each game must be a different deal, or your interval pretends to know more than it does."
            )
        )
    if wanted is not None and [int(s) for s in seeds] != list(wanted):
        raise AnswerFormat(
            i18n._(
                "play exactly your deals, in order: seeds {start} to {end} ({wanted:,} rows), every one of them."
            ).format(start=wanted.start, end=wanted.stop - 1, wanted=len(wanted))
        )
    estimate = as_number(answer["estimate"], "the estimate as a number")
    interval = answer["interval"]
    if isinstance(interval, str) or not hasattr(interval, "__len__") or len(interval) != 2:
        raise AnswerFormat(i18n._("give the interval as a pair (low, high)."))
    low, high = (as_number(x, "the interval as two numbers (low, high)") for x in interval)
    if not low <= high:
        raise AnswerFormat(i18n._("give the interval with the lower end first: (low, high)."))
    return rows, estimate, (low, high)


def rows_from(rows: Any, columns: Sequence[str]) -> pd.DataFrame:
    """A DataFrame from a DataFrame or a list of dicts, with the ``seed`` and ``columns``."""
    if isinstance(rows, (str, bytes)) or rows is None:
        raise AnswerFormat(
            i18n._("'rows' is your simulation's table: a DataFrame, one row per game.")
        )
    if not isinstance(rows, (pd.DataFrame, list, tuple)):  # never iterate an endless iterator
        raise AnswerFormat(
            i18n._("'rows' is your simulation's table: a DataFrame, one row per game.")
        )
    if len(rows) > 1_000_000:
        raise AnswerFormat(
            i18n._("'rows' holds more than a million games: hand in your own deals only.")
        )
    try:
        frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(list(rows))
    except (TypeError, ValueError):
        raise AnswerFormat(
            i18n._("'rows' is your simulation's table: a DataFrame, one row per game.")
        ) from None
    wanted = ["seed", *columns]
    absent = [column for column in wanted if column not in frame.columns]
    if absent:
        raise AnswerFormat(
            i18n._("your rows need the columns {columns}; {absent} is missing.").format(
                columns=", ".join(map(repr, wanted)), absent=", ".join(map(repr, absent))
            )
        )
    return frame.reset_index(drop=True)


def _sample(n: int, size: int | None, seed: int = 0) -> np.ndarray:
    """Which rows to replay: all of them, or ``size`` drawn with ``seed`` (the same every time)."""
    if size is None or n <= size:
        return np.arange(n)
    return np.sort(np.random.default_rng(seed).choice(n, size=size, replace=False))


def replay_rows(
    rows: pd.DataFrame,
    columns: Sequence[str],
    replay: Callable[[int], Any],
    *,
    sample: int | None = None,
    sample_seed: int = 0,
    tolerance: float = 1e-9,
) -> str | None:
    """Replay the rows' games from their seeds; a hint naming the first row that disagrees.

    ``replay(seed)`` returns the row's value (one column) or a tuple (several). Every
    row is replayed, or a sample of ``sample`` rows drawn with ``sample_seed`` (the
    teacher's key fixes it, so the same file always gets the same verdict).
    """
    for index in _sample(len(rows), sample, sample_seed):
        seed = int(rows["seed"].iloc[index])
        truth = replay(seed)
        truth = truth if isinstance(truth, tuple) else (truth,)
        for column, expected in zip(columns, truth):
            given = rows[column].iloc[index]
            given = given.item() if isinstance(given, np.generic) else given  # True, not np.True_
            if isinstance(expected, (bool, np.bool_)):
                same = bool(given) == bool(expected) and given in (0, 1, True, False)
            else:
                same = abs(float(given) - float(expected)) <= tolerance
            if not same:
                return i18n._(
                    "the row with seed {seed} says {column} = {given!r}, but replaying that game does not give that: build every row from the game its seed deals."
                ).format(seed=seed, column=column, given=given)
    return None


def consistent(estimate: float, reference: float, n: int, spread: float) -> bool:
    """Is ``reference`` inside the 99.9% interval around ``estimate`` for ``n`` games?"""
    z = z_value(CONSISTENCY)
    return abs(estimate - reference) <= z * spread / math.sqrt(n) + 1e-12


def _close(given: tuple[float, float], wanted: tuple[float, float], tolerance: float) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(given, wanted))


def simulation_checks(
    check: Callable[..., str | Partial | None],
    *,
    games: int,
    deals: Callable[[str], range],
    **columns: Any,
) -> Callable[..., str | Partial | None]:
    """A worksheet's ``simulation_of(answer, student=None, reference=None)``: the simulation's
    own checks (``check``: ``check_proportion`` or ``check_mean``, with ``columns`` such as
    ``outcome=``/``column=`` and ``rederive=``) on the student's own ``deals``, at least
    ``games`` of them. The student's notebook calls it without a reference; the teacher's key
    passes one.

    >>> from tilegames.exercises.handin import seed_window
    >>> of = simulation_checks(check_proportion, games=5, deals=lambda s: seed_window("x", s, 5),
    ...                        outcome="won", rederive=None)
    >>> rows = [{"seed": s, "won": s % 2 == 0} for s in seed_window("x", "ada", 5)]
    >>> of({"rows": rows, "estimate": 0.6, "interval": (0.2, 0.9)}, "ada")  # all is well
    >>> of({"rows": rows, "estimate": 0.9, "interval": (0.2, 0.9)}, "ada").hint
    "your estimate is not the share of 'won' in your rows: recompute it from them."
    """

    def simulation_of(
        answer: Any, student: str | None = None, reference: float | None = None
    ) -> str | Partial | None:
        """The simulation's own checks: its deals are the student's, its rows replay, its figures
        agree."""
        from .handin import student_id

        seeds = deals(student or student_id())
        return check(answer, **columns, reference=reference, min_games=games, seeds=seeds)

    return simulation_of


@dataclass(frozen=True)
class Evidence:
    """How a simulated answer's rows are read and replayed: at least ``min_games`` rows, exactly
    the deals ``seeds`` when given (``read_simulation``), each row's ``columns`` replayed by
    ``rederive(seed)`` (``replay_rows``: every row, or ``sample`` rows drawn with
    ``sample_seed``; ``None``: not replayed).

    >>> rows = [{"seed": s, "hit": s % 2 == 0} for s in range(100)]
    >>> answer = {"rows": rows, "estimate": 0.5, "interval": (0.4, 0.6)}
    >>> rows, estimate, interval, replayed = Evidence(("hit",), lambda s: s % 3 == 0).read(answer)
    >>> estimate, replayed()
    (0.5, 'the row with seed 2 says hit = True, but replaying that game does not give that: build every row from the game its seed deals.')
    """

    columns: tuple[str, ...]
    rederive: Callable[[int], Any] | None
    min_games: int = 100
    seeds: range | None = None
    sample: int | None = None
    sample_seed: int = 0

    def read(
        self, answer: Any
    ) -> tuple[pd.DataFrame, float, tuple[float, float], Callable[[], str | None]]:
        """The rows, estimate and interval (a format hint raised when malformed), and the
        replay to run once the rows' values have the right form."""
        rows, estimate, interval = read_simulation(
            answer, self.columns, min_games=self.min_games, seeds=self.seeds
        )

        def replayed() -> str | None:
            if self.rederive is None:
                return None
            return replay_rows(
                rows, self.columns, self.rederive, sample=self.sample, sample_seed=self.sample_seed
            )

        return rows, estimate, interval, replayed


def check_proportion(
    answer: Any, *, outcome: str, reference: float | None, **evidence: Any
) -> str | Partial | None:
    """Grade a simulated proportion: rows re-derived, estimate and interval recomputed.

    ``evidence``: how the rows are read and replayed (``Evidence``'s fields: ``rederive``,
    ``min_games``, ``seeds``, ``sample``, ``sample_seed``).
    """
    rows, estimate, (low, high), replayed = Evidence((outcome,), **evidence).read(answer)
    values = rows[outcome]
    if not all(v in (0, 1, True, False) for v in values):
        raise AnswerFormat(
            i18n._("the column {outcome!r} holds True or False for each game.").format(
                outcome=outcome
            )
        )
    hint = replayed()
    if hint:
        return hint
    n = len(rows)
    successes = int(values.astype(bool).sum())
    share = successes / n
    if abs(estimate - share) > 5e-4:
        return estimate_wrong(
            f"your estimate is not the share of {outcome!r} in your rows: recompute it from them."
        )
    wilson_ci = wilson(successes, n)
    spread = math.sqrt(max(share * (1 - share), 1e-12) / n)
    wald = (share - 1.96 * spread, share + 1.96 * spread)
    tolerance = max(0.1 * wilson_ci.half_width, 5e-4)
    if not (_close((low, high), (wilson_ci.low, wilson_ci.high), tolerance)) and not _close(
        (low, high), wald, tolerance
    ):
        if high - low > 2 * (wilson_ci.high - wilson_ci.low):
            return interval_wrong(
                "your interval is too wide for your number of games: use 1.96 standard errors."
            )
        if high - low < (wilson_ci.high - wilson_ci.low) / 2:
            return interval_wrong(
                "your interval is too narrow for your number of games: the standard error is "
                "√(p(1−p)/n), with n the number of games."
            )
        return interval_wrong(
            "your interval does not match your rows: a 95% interval is the estimate ± 1.96 "
            "standard errors (or Wilson's interval, tilegames.stats.wilson)."
        )
    if reference is not None and not consistent(
        share, reference, n, math.sqrt(reference * (1 - reference))
    ):
        return i18n._(
            "your rows are too far from the true value to be a fair sample of games: did you keep only some of the deals you simulated, or reuse one deal?"
        )
    return None


def check_mean(
    answer: Any,
    *,
    column: str,
    reference: float | None = None,
    reference_spread: float | None = None,
    **evidence: Any,
) -> str | Partial | None:
    """Grade a simulated mean: rows re-derived, estimate and normal interval recomputed.

    ``evidence``: as ``check_proportion``'s.
    """
    rows, estimate, (low, high), replayed = Evidence((column,), **evidence).read(answer)
    try:
        values = rows[column].astype(float).to_numpy()
    except (TypeError, ValueError):
        raise AnswerFormat(
            i18n._("the column {column!r} holds one number per game.").format(column=column)
        ) from None
    hint = replayed()
    if hint:
        return hint
    mean = float(values.mean())
    if abs(estimate - mean) > max(5e-3, 1e-6 * abs(mean)):
        return estimate_wrong(
            f"your estimate is not the mean of {column!r} in your rows: recompute it from them."
        )
    ci = mean_interval(values)
    tolerance = max(0.1 * ci.half_width, 5e-3)
    if not _close((low, high), (ci.low, ci.high), tolerance):
        if high - low > 2 * (ci.high - ci.low):
            return interval_wrong(
                "your interval is too wide: the standard error of a mean is the standard "
                "deviation divided by √n."
            )
        return interval_wrong(
            "your interval does not match your rows: a 95% interval for a mean is the mean ± "
            "1.96 × (standard deviation / √n) (tilegames.stats.mean_interval)."
        )
    if reference is not None:
        spread = reference_spread if reference_spread is not None else float(values.std(ddof=1))
        if not consistent(mean, reference, len(values), spread):
            return i18n._(
                "your rows are too far from the reference value to be a fair sample of games: did you keep only some of them?"
            )
    return None


def require_consecutive(rows: pd.DataFrame) -> str | None:
    """A hint unless the rows' seeds are consecutive (``range(a, a + n)``): no deal was chosen."""
    seeds = sorted(int(s) for s in rows["seed"])
    if seeds != list(range(seeds[0], seeds[0] + len(seeds))):
        return i18n._(
            "use consecutive seeds, like range(1000, 1000 + n), and keep every game: then nobody chose which deals to count."
        )
    return None


def check_paired(
    answer: Any, *, columns: tuple[str, str], proportions: bool, **evidence: Any
) -> str | Partial | None:
    """Grade a paired comparison: ``mean(first) - mean(second)`` on the same games, re-derived.

    For 0/1 outcomes the interval may be Newcombe's (``stats.paired_difference``)
    or the normal interval of the per-game differences; for numbers, the latter.
    The seeds must be consecutive, so the games were not chosen. ``evidence``: as
    ``check_proportion``'s.
    """
    first, second = columns
    rows, estimate, (low, high), replayed = Evidence(tuple(columns), **evidence).read(answer)
    hint = require_consecutive(rows)
    if hint:
        return hint
    try:
        a = rows[first].astype(float).to_numpy()
        b = rows[second].astype(float).to_numpy()
    except (TypeError, ValueError):
        raise AnswerFormat(
            i18n._("the columns {first!r} and {second!r} hold one number per game.").format(
                first=first, second=second
            )
        ) from None
    if proportions and not all(np.isin(np.concatenate([a, b]), (0.0, 1.0))):
        raise AnswerFormat(
            i18n._("the columns {first!r} and {second!r} hold True or False per game.").format(
                first=first, second=second
            )
        )
    hint = replayed()
    if hint:
        return hint
    difference = float(a.mean() - b.mean())
    if abs(estimate - difference) > max(5e-4, 1e-6 * abs(difference)):
        return estimate_wrong(
            f"your estimate is not mean({first}) − mean({second}) over your rows: "
            "recompute it from them (the order matters)."
        )
    candidates = [mean_interval(a - b)]
    if proportions:
        candidates.append(paired_difference(a.astype(bool), b.astype(bool)))
    unpaired_half = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b)) * 1.96
    unpaired = (difference - unpaired_half, difference + unpaired_half)

    def distance(interval: tuple[float, float]) -> float:
        return max(abs(low - interval[0]), abs(high - interval[1]))

    nearest = min(candidates, key=lambda ci: distance((ci.low, ci.high)))
    paired_distance = distance((nearest.low, nearest.high))
    if distance(unpaired) < paired_distance:  # closer to the unpaired interval than any paired one
        return interval_wrong(
            "your interval treats the two columns as independent samples; they are the same "
            "games, so use the per-game differences (that is what pairing buys)."
        )
    if paired_distance <= max(0.1 * nearest.half_width, 5e-4):
        return None
    return interval_wrong(
        "your interval does not match your rows: use the per-game differences, their mean ± "
        "1.96 × standard deviation / √n (or tilegames.stats.paired_difference for wins)."
    )
