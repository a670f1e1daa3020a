"""Answer key of homework 3 (first player, Flaming Pyramids): the teacher's side. Never handed to students.

The grader (``tilegames_course.grading.grader``) loads this file from the course's
``keys/`` folder and calls ``questions(student, sources)``. The plan's answers
are computed for the student's own edge (``alternative``); the test must play
exactly the student's games, every row is replayed, and every figure is
recomputed from the rows. A test whose rows replay earns part of the points
for each figure that is right: the estimate and its interval, z, the p-value
and the decision.
"""

from __future__ import annotations

import math
from statistics import NormalDist

from tilegames.exercises import Partial, Question, QuestionSet
from tilegames.exercises.first_player import (
    ALPHA,
    FAIR,
    FORMS,
    GAMES,
    POWER,
    SMALL_RUN,
    alternative,
    as_probability,
    deals,
    first_won,
    parts_of_test,
)
from tilegames.exercises.simulation import check_proportion, read_simulation, replay_rows
from tilegames.i18n import _, format_percent
from tilegames.stats import z_value

ROWS_SHARE = 0.2
"""The share earned by rows that replay; each of the four figures adds as much again."""


def _games_needed(student: str) -> int:
    p0, p1 = FAIR, alternative(student)
    z_alpha, z_beta = z_value(1 - ALPHA), NormalDist().inv_cdf(POWER)
    spread = z_alpha * math.sqrt(p0 * (1 - p0)) + z_beta * math.sqrt(p1 * (1 - p1))
    return math.ceil((spread / (p1 - p0)) ** 2)


def _power(student: str, n: int = SMALL_RUN) -> float:
    p0, p1 = FAIR, alternative(student)
    z_alpha = z_value(1 - ALPHA)
    shift = (abs(p1 - p0) * math.sqrt(n) - z_alpha * math.sqrt(p0 * (1 - p0))) / math.sqrt(
        p1 * (1 - p1)
    )
    return NormalDist().cdf(shift)


def _g_games(answer, student: str) -> str | None:
    given, expected = FORMS["games_needed"].read(answer), _games_needed(student)
    p1 = alternative(student)
    if abs(given - expected) <= 0.04 * expected:
        return None
    z_half = z_value(1 - ALPHA)
    simple = math.ceil((z_half * math.sqrt(FAIR * (1 - FAIR)) / (p1 - FAIR)) ** 2)
    if abs(given - simple) <= 0.04 * simple:
        return _("that gives only 50% power: add the power's own quantile, z for 80% (about 0.84).")
    one_sided = (z_value(1 - 2 * ALPHA) * math.sqrt(FAIR * (1 - FAIR))) + NormalDist().inv_cdf(
        POWER
    ) * math.sqrt(p1 * (1 - p1))
    if abs(given - (one_sided / (p1 - FAIR)) ** 2) <= 0.04 * expected:
        return _("the test is two-sided: use z for 0.975 (about 1.96), not for 0.95.")
    return _(
        "n = ((z_α/2·√(p0(1−p0)) + z_β·√(p1(1−p1))) / (p1 − p0))², with p0 = 1/4, p1 = {p1:.2f}."
    ).format(p1=p1)


def _g_power(answer, student: str) -> str | None:
    given, expected = as_probability(answer), _power(student)
    if abs(given - expected) <= 0.02:
        return None
    if abs(given - (1 - expected)) <= 0.02:
        return _("that is the chance of missing the edge (β); the power is 1 − β.")
    if abs(given - POWER) <= 0.02:
        return _(
            "{power} is the power the planned number of games gives; 200 games give less."
        ).format(power=format_percent(POWER))
    return _("power = Φ((|p1 − p0|·√n − z_α/2·√(p0(1−p0))) / √(p1(1−p1))) with n = 200.")


def _g_test(answer, student: str) -> str | Partial | None:
    rows, _unused, _unused = read_simulation(
        answer, ["first_won"], min_games=GAMES, seeds=deals(student)
    )
    given_z, given_p, reject = parts_of_test(answer)
    hint = replay_rows(rows, ["first_won"], first_won)
    if hint:
        return hint
    n = len(rows)
    share = float(rows["first_won"].astype(bool).mean())
    z = (share - FAIR) / math.sqrt(FAIR * (1 - FAIR) / n)
    p_value = 2 * (1 - NormalDist().cdf(abs(z)))
    hints = [
        check_proportion(
            answer, outcome="first_won", rederive=None, reference=None, min_games=GAMES
        )
    ]
    if abs(given_z - z) <= 0.02:
        hints.append(None)
    elif abs(abs(given_z) - abs((share - FAIR) / math.sqrt(share * (1 - share) / n))) <= 0.02:
        hints.append(
            _("under the null hypothesis the standard error uses p0 = 1/4, not your estimate.")
        )
    else:
        hints.append(_("z = (estimate − 1/4) / √(¼·¾ / n), with n your number of games."))
    if abs(given_p - p_value) <= 0.005:
        hints.append(None)
    elif abs(given_p - p_value / 2) <= 0.005:
        hints.append(
            _(
                "the question asks whether moving first changes the share either way: a two-sided "
                "p-value."
            )
        )
    else:
        hints.append(_("the two-sided p-value is 2 × (1 − Φ(|z|))."))
    right_decision = reject == (p_value < ALPHA)
    hints.append(None if right_decision else _("reject H₀ exactly when the p-value is below 0.05."))
    hints = [str(text) if isinstance(text, Partial) else text for text in hints]  # its hint alone
    wrong = [text for text in hints if text]
    if not wrong:
        return None
    return Partial(ROWS_SHARE * (1 + len(hints) - len(wrong)), wrong[0])


def questions(student: str, sources: dict[str, str]) -> QuestionSet:
    """The questions of ``student``'s variant of homework 3, each with its grader."""
    form = {key: f.text for key, f in FORMS.items()}
    p1 = alternative(student)
    return QuestionSet(
        [
            Question("games_needed", f"Games needed to detect {p1:.2f} against 1/4 (two-sided 5%, power 80%)?",
                     lambda a: _g_games(a, student), form["games_needed"],
                     lambda: _games_needed(student), topic="hypothesis tests, power"),
            Question("power_200", f"The power of that test with only 200 games, against {p1:.2f}?",
                     lambda a: _g_power(a, student), form["power_200"],
                     lambda: _power(student), topic="hypothesis tests, power"),
            Question("first_player_test", "Your test on your games: rows, estimate, interval, z, p-value, decision.",
                     lambda a: _g_test(a, student), form["first_player_test"],
                     topic="hypothesis tests, confidence intervals"),
        ]
    )  # fmt: skip
