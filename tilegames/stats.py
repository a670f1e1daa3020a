"""Confidence intervals for the estimates the notebooks report.

>>> estimate = wilson(30, 100)
>>> round(estimate.value, 2), round(estimate.low, 3), round(estimate.high, 3)
(0.3, 0.219, 0.396)
>>> str(wilson(30, 100))
'30.0% (95% CI 21.9% to 39.6%)'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np


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

    def __str__(self) -> str:
        level = f"{self.confidence:.0%}"
        if self.percent:
            return f"{self.value:.1%} ({level} CI {self.low:.1%} to {self.high:.1%})"
        return f"{self.value:.2f} ({level} CI {self.low:.2f} to {self.high:.2f})"


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
    n = len(first)
    both = int(np.sum(first & second))
    only_first = int(np.sum(first & ~second))
    only_second = int(np.sum(~first & second))
    neither = n - both - only_first - only_second
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
