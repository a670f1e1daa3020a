"""Confidence intervals: Wilson for a proportion, Newcombe's paired difference, means."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilegames import stats
from tilegames.stats import mean_interval, paired_difference, wilson, z_value


def test_z_value():
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)
    assert z_value(0.99) > z_value(0.95) > z_value(0.90)
    with pytest.raises(ValueError, match="between 0 and 1"):
        z_value(1.0)


def test_wilson_against_its_formula():
    z = z_value(0.95)
    for wins, n in ((30, 100), (1, 20), (999, 1000), (5000, 10000)):
        p = wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        spread = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        estimate = wilson(wins, n)
        assert estimate.value == p
        assert estimate.low == pytest.approx(centre - spread)
        assert estimate.high == pytest.approx(centre + spread)


def test_wilson_stays_inside_0_1_and_is_not_degenerate_at_the_ends():
    none = wilson(0, 50)
    assert none.low == 0 and 0 < none.high < 0.1
    every = wilson(50, 50)
    assert every.high == 1 and 0.9 < every.low < 1
    assert wilson(30, 100).half_width > wilson(300, 1000).half_width
    with pytest.raises(ValueError):
        wilson(1, 0)
    with pytest.raises(ValueError):
        wilson(5, 4)


def test_wilson_covers_about_95_percent():
    rng = np.random.default_rng(1)
    p, n, trials = 0.07, 200, 2000
    wins = rng.binomial(n, p, size=trials)
    covered = sum(wilson(int(w), n).low <= p <= wilson(int(w), n).high for w in wins)
    assert 0.93 < covered / trials < 0.97


def test_paired_difference():
    a = np.array([1, 1, 0, 1, 0, 1, 1, 0])
    b = np.array([1, 0, 0, 1, 0, 0, 1, 0])
    estimate = paired_difference(a, b)
    assert estimate.value == pytest.approx(0.25)
    assert estimate.low <= 0.25 <= estimate.high
    same = paired_difference(a, a)
    assert same.value == 0 and same.low < 0 < same.high
    with pytest.raises(ValueError, match="same length"):
        paired_difference(a, b[:-1])


def test_pairing_narrows_the_interval_when_outcomes_agree():
    rng = np.random.default_rng(2)
    first = rng.random(2000) < 0.3
    second = first | (rng.random(2000) < 0.05)  # mostly the same deals, a few more wins
    paired = paired_difference(second, first)
    unpaired_half = z_value() * math.sqrt(
        second.mean() * (1 - second.mean()) / 2000 + first.mean() * (1 - first.mean()) / 2000
    )
    assert paired.low > 0
    assert paired.half_width < unpaired_half


def test_mean_interval():
    estimate = mean_interval(np.array([1.0, 2.0, 3.0, 4.0]))
    assert estimate.value == 2.5
    assert estimate.half_width == pytest.approx(1.96 * np.std([1, 2, 3, 4], ddof=1) / 2, rel=1e-3)
    assert str(estimate).startswith("2.50 (95% CI 1.2")  # a mean, not a percentage
    with pytest.raises(ValueError):
        mean_interval(np.array([1.0]))


def _method_10(both, only_first, only_second, neither, confidence=0.95):
    """Newcombe (1998) method 10, written out from the paper's recipe, for comparison."""
    n = both + only_first + only_second + neither
    p1, p2 = (both + only_first) / n, (both + only_second) / n
    l1, u1 = (
        wilson(both + only_first, n, confidence).low,
        wilson(both + only_first, n, confidence).high,
    )
    l2, u2 = (
        wilson(both + only_second, n, confidence).low,
        wilson(both + only_second, n, confidence).high,
    )
    product = (
        (both + only_first)
        * (only_second + neither)
        * (both + only_second)
        * (only_first + neither)
    )
    cross = both * neither - only_first * only_second
    if product == 0 or 0 <= cross <= n / 2:
        phi = 0.0
    elif cross > n / 2:
        phi = (cross - n / 2) / math.sqrt(product)
    else:
        phi = cross / math.sqrt(product)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2)
    return low, high


@pytest.mark.parametrize(
    "table", [(1, 1, 7, 12), (59, 6, 16, 80), (2, 3, 0, 5), (20, 5, 0, 75), (3, 4, 9, 1)]
)
def test_paired_difference_is_newcombe_method_10_with_its_continuity_corrected_phi(table):
    both, only_first, only_second, neither = table
    first = np.array([1] * both + [1] * only_first + [0] * only_second + [0] * neither)
    second = np.array([1] * both + [0] * only_first + [1] * only_second + [0] * neither)
    estimate = paired_difference(first, second)
    low, high = _method_10(*table)
    assert estimate.low == pytest.approx(max(-1.0, low), abs=1e-12)
    assert estimate.high == pytest.approx(min(1.0, high), abs=1e-12)


def test_paired_difference_needs_pairs():
    with pytest.raises(ValueError, match="at least one pair"):
        paired_difference(np.array([], dtype=int), np.array([], dtype=int))


# -- functions refuse what they do not mean ---------------------------------------------------
@pytest.mark.parametrize(
    "first, second",
    [
        ([2, 0, 24, 3], [0, 1, 0, 3]),  # counts, not wins: the example
        ([1, 0, float("nan")], [1, 0, 1]),  # NaN is not a win
        ([1, 0, 1], [1, 0.5, 1]),
        (["won", "lost"], [1, 0]),
        ([True, None], [True, False]),
        ([1, -1], [0, 0]),
    ],
)
def test_paired_difference_refuses_anything_but_0_1_outcomes(first, second):
    with pytest.raises(ValueError, match="0/1 outcomes"):
        paired_difference(first, second)
    with pytest.raises(ValueError, match="0/1 outcomes"):
        paired_difference(second, first)


def test_paired_difference_takes_bools_and_0_1_numbers_alike():
    first, second = [1, 1, 0, 1, 0], [1, 0, 0, 0, 1]
    as_bools = paired_difference(np.array(first, dtype=bool), np.array(second, dtype=bool))
    assert paired_difference(first, second) == as_bools
    assert paired_difference(np.array(first, dtype=float), second) == as_bools
    assert paired_difference([True, True, False, True, False], second) == as_bools
    assert as_bools.value == pytest.approx(np.mean(first) - np.mean(second))


@pytest.mark.parametrize(
    "successes, trials",
    [(2.5, 10), (float("nan"), 10), (3, float("nan")), (True, 10), (3, 10.5), ("3", 10), (None, 3)],
)
def test_wilson_refuses_what_is_not_a_count(successes, trials):
    with pytest.raises(ValueError, match="whole number"):
        wilson(successes, trials)


def test_wilson_takes_whole_numbers_of_any_numeric_type():
    assert wilson(np.int64(3), 10) == wilson(3, 10) == wilson(3.0, np.int32(10))


@pytest.mark.parametrize(
    "values", [[1.0, float("nan"), 2.0], [1.0, float("inf")], [[1.0, 2.0], [3.0, 4.0]], ["a", "b"]]
)
def test_mean_interval_refuses_nan_infinity_and_what_is_not_a_list_of_numbers(values):
    with pytest.raises(ValueError):
        mean_interval(values)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 400), p=st.floats(0, 1), q=st.floats(0, 1))
def test_the_paired_difference_from_counts_is_the_array_ones_to_the_last_bit(seed, n, p, q):
    rng = np.random.default_rng(seed)
    first, second = rng.random(n) < p, rng.random(n) < q
    table = [int(np.sum(a & b)) for a, b in ((first, second), (first, ~second), (~first, second))]
    table.append(n - sum(table))
    assert stats.paired_difference_from_counts(*table) == stats.paired_difference(first, second)


def test_the_paired_difference_from_counts_refuses_what_is_not_a_table():
    with pytest.raises(ValueError, match="at least one pair"):
        stats.paired_difference_from_counts(0, 0, 0, 0)
    with pytest.raises(ValueError, match="0 or more"):
        stats.paired_difference_from_counts(3, -1, 0, 2)
    with pytest.raises(ValueError, match="whole number"):
        stats.paired_difference_from_counts(3, 0.5, 0, 2)


@settings(max_examples=200, deadline=None)
@given(values=st.lists(st.integers(-(10**6), 10**6), min_size=2, max_size=300))
def test_the_mean_from_sums_is_numpys_and_its_text_the_same(values):
    array = np.array(values, dtype=float)
    whole = [int(v) for v in values]
    kept = stats.mean_interval_from_sums(len(whole), sum(whole), sum(v * v for v in whole))
    direct = stats.mean_interval(array)
    assert kept.value == direct.value and str(kept) == str(direct)
    assert kept.half_width == pytest.approx(direct.half_width, rel=1e-12, abs=1e-12)


def test_the_mean_from_sums_refuses_one_value_and_impossible_sums():
    with pytest.raises(ValueError, match="at least two values"):
        stats.mean_interval_from_sums(1, 3, 9)
    with pytest.raises(ValueError, match="cannot come from real numbers"):
        stats.mean_interval_from_sums(2, 10, 1)


@settings(max_examples=200, deadline=None)
@given(values=st.lists(st.integers(0, 50).map(lambda v: v / 8), min_size=1, max_size=200))
def test_the_median_from_counts_is_pandas_median(values):
    import collections

    import pandas as pd

    assert stats.median_from_counts(collections.Counter(values)) == pd.Series(values).median()
    assert np.isnan(stats.median_from_counts({}))
