"""Homework 3 — Does the first player have an edge in Flaming Pyramids? (a hypothesis test)

With four careful players, a fair game gives the first player 1/4 of the
wins. The student plans the test (how many games for 80% power against a
first-player share of 0.30), runs it, and reports the estimate, its interval,
the z statistic, the p-value and the decision — every figure recomputed by
the check from the student's own rows, which are replayed.

>>> first_won(1) in (True, False)
True
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

from ..pyramids.study import game_task
from ..stats import z_value
from . import AnswerFormat, Question, QuestionSet, as_number, as_whole
from .simulation import check_proportion, read_simulation, require_consecutive

__all__ = ["QUESTIONS", "check", "grade", "first_won", "PLAYERS", "FAIR", "ALTERNATIVE"]

PLAYERS = 4
FAIR = 1 / PLAYERS
"""The first player's share of wins when moving first gives no edge (the null hypothesis)."""
ALTERNATIVE = 0.30
"""The edge the test is planned to detect."""
ALPHA, POWER, SMALL_RUN = 0.05, 0.80, 200
MIN_GAMES = 600
REPLAYS = 40


def first_won(seed: int) -> bool:
    """Did the first player win the four-player game (careful players) dealt by ``seed``?"""
    row = game_task(np.random.default_rng(seed), players=PLAYERS, player="careful")
    return bool(row["first_won"])


def _games_needed() -> int:
    p0, p1 = FAIR, ALTERNATIVE
    z_alpha, z_beta = z_value(1 - ALPHA), NormalDist().inv_cdf(POWER)
    spread = z_alpha * math.sqrt(p0 * (1 - p0)) + z_beta * math.sqrt(p1 * (1 - p1))
    return math.ceil((spread / (p1 - p0)) ** 2)


def _power(n: int = SMALL_RUN) -> float:
    p0, p1 = FAIR, ALTERNATIVE
    z_alpha = z_value(1 - ALPHA)
    shift = (abs(p1 - p0) * math.sqrt(n) - z_alpha * math.sqrt(p0 * (1 - p0))) / math.sqrt(
        p1 * (1 - p1)
    )
    return NormalDist().cdf(shift)


def _g_games(answer) -> str | None:
    given, expected = as_whole(answer), _games_needed()
    if abs(given - expected) <= 0.04 * expected:
        return None
    z_half = z_value(1 - ALPHA)
    simple = math.ceil((z_half * math.sqrt(FAIR * (1 - FAIR)) / (ALTERNATIVE - FAIR)) ** 2)
    if abs(given - simple) <= 0.04 * simple:
        return "that gives only 50% power: add the power's own quantile, z for 80% (about 0.84)."
    return "n = ((z_α/2·√(p0(1−p0)) + z_β·√(p1(1−p1))) / (p1 − p0))², with p0 = 1/4, p1 = 0.30."


def _g_power(answer) -> str | None:
    given, expected = as_number(answer, "a probability, like 0.65"), _power()
    if not 0 <= given <= 1:
        raise AnswerFormat("a power is a probability between 0 and 1, like 0.65.")
    if abs(given - expected) <= 0.02:
        return None
    if abs(given - (1 - expected)) <= 0.02:
        return "that is the chance of missing the edge (β); the power is 1 − β."
    if abs(given - POWER) <= 0.02:
        return "80% is the power the planned number of games gives; 200 games give less."
    return "power = Φ((|p1 − p0|·√n − z_α/2·√(p0(1−p0))) / √(p1(1−p1))) with n = 200."


def _g_test(answer) -> str | None:
    rows, estimate, _ = read_simulation(answer, ["first_won"], min_games=MIN_GAMES)
    hint = require_consecutive(rows)
    if hint:
        return hint
    hint = check_proportion(
        answer,
        outcome="first_won",
        rederive=first_won,
        reference=None,
        min_games=MIN_GAMES,
        sample=REPLAYS,
    )
    if hint:
        return hint
    missing = [key for key in ("z", "p_value", "reject") if key not in answer]
    if missing:
        raise AnswerFormat(
            f"your dict also needs {missing[0]!r}: the test statistic, its p-value, your decision."
        )
    n = len(rows)
    share = float(rows["first_won"].astype(bool).mean())
    z = (share - FAIR) / math.sqrt(FAIR * (1 - FAIR) / n)
    p_value = 2 * (1 - NormalDist().cdf(abs(z)))
    given_z = as_number(answer["z"], "z as a number")
    if abs(given_z - z) > 0.02:
        if abs(abs(given_z) - abs((share - FAIR) / math.sqrt(share * (1 - share) / n))) <= 0.02:
            return "under the null hypothesis the standard error uses p0 = 1/4, not your estimate."
        return "z = (estimate − 1/4) / √(¼·¾ / n), with n your number of games."
    given_p = as_number(answer["p_value"], "the p-value as a number")
    if abs(given_p - p_value) > 0.005:
        if abs(given_p - p_value / 2) <= 0.005:
            return "the question asks whether moving first changes the share either way: a two-sided p-value."
        return "the two-sided p-value is 2 × (1 − Φ(|z|))."
    if not isinstance(answer["reject"], (bool, np.bool_)):
        raise AnswerFormat("'reject' is True or False.")
    if bool(answer["reject"]) != (p_value < ALPHA):
        return "reject the null hypothesis exactly when the p-value is below 0.05."
    return None


QUESTIONS = QuestionSet(
    [
        Question("games_needed", "Games needed to detect 0.30 against 1/4 (two-sided 5%, power 80%)?",
                 _g_games, "a whole number of games", _games_needed, topic="hypothesis tests, power"),
        Question("power_200", "The power of that test with only 200 games?", _g_power,
                 "a probability, like 0.65", _power, topic="hypothesis tests, power"),
        Question("first_player_test", "Your test: rows, estimate, interval, z, p-value, decision.",
                 _g_test, "{'rows': ..., 'estimate': ..., 'interval': ..., 'z': ..., 'p_value': ..., 'reject': ...}",
                 topic="hypothesis tests, confidence intervals"),
    ]
)  # fmt: skip

check = QUESTIONS.check
"""``check(key, answer)``: the verdict on one answer (see ``QUESTIONS``)."""
grade = QUESTIONS.grade
"""``grade(key, answer)``: for autograded cells, raises ``AssertionError`` with the hint unless right."""
