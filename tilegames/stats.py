"""Confidence intervals for the estimates the notebooks report.

>>> estimate = wilson(30, 100)
>>> round(estimate.value, 2), round(estimate.low, 3), round(estimate.high, 3)
(0.3, 0.219, 0.396)
>>> str(wilson(30, 100))
'30.0% (95% CI 21.9% to 39.6%)'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

import numpy as np

from .i18n import _
from .words import ci_label, localized, signed_points, with_interval


def z_value(confidence: float = 0.95) -> float:
    """The two-sided normal quantile: 1.96 for 95%."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its confidence interval."""

    value: float
    low: float
    high: float
    confidence: float = 0.95
    percent: bool = True
    """Show as a percentage in ``str`` (proportions) or as a plain number (means)."""

    @property
    def half_width(self) -> float:
        """Half the interval's width: the ``±`` a reader quotes."""
        return (self.high - self.low) / 2

    @property
    def has_interval(self) -> bool:
        """Whether there is an interval (one value alone gives a mean but no spread: NaN ends).

        >>> Estimate(2.0, math.nan, math.nan, percent=False).has_interval
        False
        """
        return not (math.isnan(self.low) or math.isnan(self.high))

    def __str__(self) -> str:
        form = "{:.1%}" if self.percent else "{:.2f}"
        label = ci_label(self.confidence)
        if not self.has_interval:
            return _("{value} (one value: no {interval})").format(
                value=localized(form.format(self.value)), interval=label
            )
        return with_interval(self.value, self.low, self.high, form, label=label)


def percentage_points(difference: Estimate) -> str:
    """A difference between two shares in percentage points: from 20% to 21% is one point.

    Signed as ``tilegames.words.signed_points`` signs them: no change is ``0.0``, never
    ``+0.0`` or ``-0.0`` (which reads as a loss).

    >>> percentage_points(Estimate(-0.065, -0.118, -0.011))
    '-6.5 percentage points (95% CI -11.8 to -1.1)'
    >>> percentage_points(Estimate(-0.0002, -0.006, 0.006))
    '0.0 percentage points (95% CI -0.6 to +0.6)'
    """
    return with_interval(
        difference.value,
        difference.low,
        difference.high,
        signed_points,
        label=ci_label(difference.confidence),
        unit=_("percentage points"),
    )


def count(value: object, what: str) -> int:
    """``value`` as a count: a whole number (an int, a numpy integer, or a float with nothing
    after the point), else ValueError saying what was given. ``True``/``False`` and NaN are
    not counts.

    >>> count(3, "wins"), count(3.0, "wins")
    (3, 3)
    >>> count(2.5, "wins")
    Traceback (most recent call last):
    ...
    ValueError: wins must be a whole number (a count), not 2.5
    """
    if isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{what} must be a whole number (a count), not {value!r}")
    if isinstance(value, (int, np.integer)):
        return int(value)
    if (
        isinstance(value, (float, np.floating))
        and math.isfinite(value)
        and float(value).is_integer()
    ):
        return int(value)
    raise ValueError(f"{what} must be a whole number (a count), not {value!r}"[:200])


def wilson(successes: int, trials: int, confidence: float = 0.95) -> Estimate:
    """Wilson score interval for a proportion; sound near 0 and 1, unlike ``p ± z·se``.

    ``successes`` and ``trials`` are counts: ``wilson(2.5, 10)`` is refused.
    """
    successes, trials = count(successes, "successes"), count(trials, "trials")
    if trials <= 0:
        raise ValueError("a proportion needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}, not {successes}")
    z = z_value(confidence)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return Estimate(p, max(0.0, centre - spread), min(1.0, centre + spread), confidence)


def paired_difference(first: np.ndarray, second: np.ndarray, confidence: float = 0.95) -> Estimate:
    """Difference of two proportions measured on the same deals (Newcombe's method 10).

    ``first`` and ``second`` are 0/1 outcomes per deal (True/False, or 0 and 1).
    The value is ``mean(first) - mean(second)``; the interval uses the pairing,
    so it is narrower than comparing two independent samples. Anything else
    (counts such as 2 or 24, NaN, text) is refused: for the difference of two
    means measured on the same deals use ``mean_interval(first - second)``.

    >>> a = np.array([1, 1, 0, 1, 0, 1, 1, 0])
    >>> b = np.array([1, 0, 0, 1, 0, 0, 1, 0])
    >>> round(paired_difference(a, b).value, 3)
    0.25
    """
    first = _outcomes(first, "first")
    second = _outcomes(second, "second")
    if first.shape != second.shape or first.ndim != 1:
        raise ValueError("paired outcomes must be two 1-d arrays of the same length")
    if len(first) == 0:
        raise ValueError("a paired difference needs at least one pair")
    both = int(np.sum(first & second))
    only_first = int(np.sum(first & ~second))
    only_second = int(np.sum(~first & second))
    neither = len(first) - both - only_first - only_second
    return paired_difference_from_counts(both, only_first, only_second, neither, confidence)


def paired_difference_from_counts(
    both: int, only_first: int, only_second: int, neither: int, confidence: float = 0.95
) -> Estimate:
    """``paired_difference`` from the pairs' 2×2 table alone: how many deals both outcomes
    were 1, only the first, only the second, neither. The same estimate, to the last bit
    (``paired_difference`` counts its arrays and calls this), so a run can keep four counts
    instead of two arrays.

    >>> str(paired_difference_from_counts(3, 2, 0, 3))
    '25.0% (95% CI -11.9% to 52.5%)'
    >>> paired_difference_from_counts(3, 2, 0, 3) == paired_difference(
    ...     np.array([1, 1, 0, 1, 0, 1, 1, 0]), np.array([1, 0, 0, 1, 0, 0, 1, 0]))
    True
    """
    both, only_first = count(both, "both"), count(only_first, "only_first")
    only_second, neither = count(only_second, "only_second"), count(neither, "neither")
    if min(both, only_first, only_second, neither) < 0:
        raise ValueError("the counts of a paired table must be 0 or more")
    n = both + only_first + only_second + neither
    if n == 0:
        raise ValueError("a paired difference needs at least one pair")
    p1 = (both + only_first) / n
    p2 = (both + only_second) / n
    one = wilson(both + only_first, n, confidence)
    two = wilson(both + only_second, n, confidence)
    margins = (
        (both + only_first)
        * (only_second + neither)
        * (both + only_second)
        * (only_first + neither)
    )
    cross = both * neither - only_first * only_second
    # Newcombe's continuity-corrected correlation: a positive association is shrunk by n/2
    if not margins:
        phi = 0.0
    elif cross > n / 2:
        phi = (cross - n / 2) / math.sqrt(margins)
    elif cross >= 0:
        phi = 0.0
    else:
        phi = cross / math.sqrt(margins)
    low_sq = (p1 - one.low) ** 2 - 2 * phi * (p1 - one.low) * (two.high - p2) + (two.high - p2) ** 2
    high_sq = (
        (one.high - p1) ** 2 - 2 * phi * (one.high - p1) * (p2 - two.low) + (p2 - two.low) ** 2
    )
    difference = p1 - p2
    return Estimate(
        difference,
        max(-1.0, difference - math.sqrt(max(low_sq, 0.0))),
        min(1.0, difference + math.sqrt(max(high_sq, 0.0))),
        confidence,
    )


def _outcomes(values: object, what: str) -> np.ndarray:
    """0/1 outcomes as a bool array; anything but True/False, 0 and 1 raises ValueError."""
    array = np.asarray(values)
    if array.dtype == bool:
        return array
    if array.dtype.kind == "O":  # a list mixing True/False with 0/1 (or holding None, text ...)
        bad = np.array(
            [
                not isinstance(v, (bool, int, np.bool_, np.integer)) or v not in (0, 1)
                for v in array.ravel()
            ]
        ).reshape(array.shape)
    elif array.dtype.kind in "iuf":
        bad = ~np.isin(array, (0, 1))  # NaN is neither
    else:
        raise ValueError(f"{what}: expected 0/1 outcomes (won or not), found {array.dtype} values")
    if bad.any():
        found = array[bad][0]
        found = found.item() if isinstance(found, np.generic) else found
        raise ValueError(
            f"{what}: expected 0/1 outcomes (won or not) per deal, found {found!r}; "
            "for the difference of two means on the same deals use mean_interval(first - second)"
        )
    return array.astype(bool)


def mean_interval(values: np.ndarray, confidence: float = 0.95) -> Estimate:
    """Mean with a normal-approximation interval (fine for the thousands of games we run).

    Values must be finite numbers: NaN and infinities are refused, not averaged.

    >>> str(mean_interval(np.array([1.0, 2.0, 3.0, 4.0])))
    '2.50 (95% CI 1.23 to 3.77)'
    """
    try:
        values = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise ValueError("a mean needs numbers") from None
    if values.ndim != 1:
        raise ValueError(f"a mean needs a 1-d list of numbers, not {values.ndim}-d data")
    if not np.isfinite(values).all():
        raise ValueError("a mean needs finite numbers: found NaN or infinity among the values")
    if len(values) < 2:
        raise ValueError("a mean's interval needs at least two values")
    mean = float(values.mean())
    half = z_value(confidence) * float(values.std(ddof=1)) / math.sqrt(len(values))
    return Estimate(mean, mean - half, mean + half, confidence, percent=False)


def mean_interval_from_sums(
    n: int, total: int, squares: int, confidence: float = 0.95, *, scale: int = 1
) -> Estimate:
    """``mean_interval`` from the count, sum and sum of squares of whole numbers (or of
    whole numbers over ``scale``: ``total`` and ``squares`` are then of the numerators),
    kept exactly as a run goes: no values needed. The mean is the one ``mean_interval``
    gives, to the last bit (an exact sum divided once); the spread is worked out exactly
    and rounded once, so it may differ from numpy's in the last bits only.

    >>> str(mean_interval_from_sums(4, 1 + 2 + 3 + 4, 1 + 4 + 9 + 16))
    '2.50 (95% CI 1.23 to 3.77)'
    >>> str(mean_interval_from_sums(2, 3, 5, scale=2))  # the values 1/2 and 1
    '0.75 (95% CI 0.26 to 1.24)'
    """
    n, total, squares = count(n, "n"), count(total, "total"), count(squares, "squares")
    if n < 2:
        raise ValueError("a mean's interval needs at least two values")
    if scale < 1:
        raise ValueError(f"scale must be a whole number 1 or more, not {scale}")
    spread = Fraction(n * squares - total * total, n * (n - 1) * scale * scale)
    if spread < 0:
        raise ValueError("these sums cannot come from real numbers (the squares are too few)")
    mean = float(Fraction(total, n * scale))
    half = z_value(confidence) * math.sqrt(spread) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, confidence, percent=False)


def median_from_counts(counts: Mapping[float, int]) -> float:
    """The median of values given as ``value -> how many times`` (what ``Series.median``
    gives for the values themselves: the middle one, or the mean of the middle two).

    >>> median_from_counts({3.0: 1, 1.0: 2, 10.0: 1})
    2.0
    """
    items = sorted((value, how_many) for value, how_many in counts.items() if how_many)
    n = sum(how_many for _, how_many in items)
    if n == 0:
        return float("nan")
    wanted = [(n - 1) // 2, n // 2]
    found = []
    seen = 0
    for value, how_many in items:
        while wanted and wanted[0] < seen + how_many:
            found.append(float(value))
            wanted.pop(0)
        seen += how_many
    return found[0] if found[0] == found[1] else float(np.mean(found))


class Sums:
    """The count, sum and sum of squares of whole numbers (over ``scale``), kept exactly
    as batches of values come: ``estimate()`` is their ``mean_interval`` without them.

    >>> sums = Sums()
    >>> sums.add([1, 2]); sums.add(np.array([3, 4]))
    >>> sums.n, sums.total, str(sums.estimate())
    (4, 10, '2.50 (95% CI 1.23 to 3.77)')
    """

    def __init__(self, scale: int = 1) -> None:
        self.scale = scale
        self.n = self.total = self.squares = 0

    def add(self, values) -> None:
        """Count more values (whole numbers: the numerators, with a ``scale``)."""
        whole = np.asarray(values, dtype=np.int64)
        self.n += int(whole.size)
        self.total += int(whole.sum())
        self.squares += int((whole * whole).sum())

    def estimate(self, confidence: float = 0.95) -> Estimate:
        """The mean with its interval (``mean_interval_from_sums``); of one value alone, the
        value with no interval (NaN ends, said in words by ``str``).

        >>> sums = Sums()
        >>> sums.add([7])
        >>> str(sums.estimate())
        '7.00 (one value: no 95% CI)'
        """
        if self.n == 1:
            return Estimate(self.total / self.scale, math.nan, math.nan, confidence, False)
        return mean_interval_from_sums(
            self.n, self.total, self.squares, confidence, scale=self.scale
        )
