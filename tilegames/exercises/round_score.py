"""Homework 2 — What does a round score? (Tri-Ominos), the student's side.

The student estimates what a two-player round between greedy players scores
in all (both players' points), then tests whether an edition's rule — the
Pressman draw limit — changes it, on the same deals (a paired comparison of
means). Every student has their own numbers: the tiles left in the loser's
hand in the warm-up (``left_in_hand``) and the rounds to play (``deals``) are
made from the student id.

``check`` says whether an answer's *form* is right: a number of points; a
simulation that plays exactly the student's rounds, whose rows replay and
whose estimate and interval agree with them. Whether an answer is *correct*
is for the teacher's grader. ``round_points(seed)`` and ``round_pair(seed)``
fix how a row is played, so the student's rows and the replays are the same
rounds.

>>> round_points(3) == round_points(3)
True
>>> check("going_out", 55.0).status
'ready'
>>> check("going_out", "55").message
'give a number of points, like 42 or Fraction(85, 2) (not a string).'
"""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Integral, Real
from typing import Any

import numpy as np

from .. import i18n  # i18n._(...)
from ..triominos.study import paired_task, round_task
from . import HOMEWORK, Form, Sheet
from .answers import AnswerFormat
from .handin import answering_student, seed_window, student_rng
from .handin import student_id as student_id  # one of HOMEWORK, re-exported
from .simulation import FORM, check_mean, check_paired, read_simulation, replay_rows

__all__ = [*HOMEWORK, "ROUNDS", "left_in_hand", "round_pair", "round_points"]

ASSIGNMENT = "h2_round_score"
ROUNDS = 400
"""How many rounds each simulation plays: ``deals(student)``, every one of them."""
MEAN_COLUMNS = ("round_points",)
PAIRED_COLUMNS = ("pressman", "standard")


# -- your numbers -------------------------------------------------------------------------------


def left_in_hand(student: str) -> int:
    """How many tiles the loser still holds in ``student``'s going-out question (3 to 6).

    >>> 3 <= left_in_hand("ada") <= 6
    True
    """
    rng = student_rng(ASSIGNMENT, student, 1)
    return int(rng.integers(3, 7))


def deals(student: str) -> range:
    """The seeds of the rounds ``student``'s simulations play: ``ROUNDS`` consecutive ones."""
    return seed_window(ASSIGNMENT, student, ROUNDS)


# -- playing a row ------------------------------------------------------------------------------


def round_points(seed: int, rules: str = "seed") -> int:
    """Both players' points in the two-player greedy round dealt by ``seed``."""
    return int(round_task(np.random.default_rng(seed), players=2, rules=rules)["round_points"])


def round_pair(seed: int) -> tuple[int, int]:
    """The same deal played under the standard rules and the Pressman rules: both rounds' points."""
    rows = paired_task(np.random.default_rng(seed), players=2, rules=("seed", "pressman"))
    by_rules = {row["rules"]: int(row["round_points"]) for row in rows}
    return by_rules["seed"], by_rules["pressman"]


def pressman_row(seed: int) -> tuple[int, int]:
    """One row of the Pressman question, in its columns' order: (pressman, standard)."""
    standard, pressman = round_pair(seed)
    return pressman, standard


# -- the form of each answer --------------------------------------------------------------------

POINTS = i18n.N_("a number of points, like 42 or Fraction(85, 2)")


def as_points(answer: Any) -> Fraction:
    """A number of points, exactly: an int, a Fraction, or a float like 47.5 (read as 95/2).

    >>> as_points(47.5)
    Fraction(95, 2)
    """
    if isinstance(answer, str):
        raise AnswerFormat(
            i18n._("give {points} (not a string).").format(points=i18n.translate(POINTS))
        )
    if isinstance(answer, bool) or not isinstance(answer, Real):
        raise AnswerFormat(i18n._("give {points}.").format(points=i18n.translate(POINTS)))
    if isinstance(answer, (Fraction, Integral)):
        return Fraction(answer)
    value = float(answer)
    if not math.isfinite(value):
        raise AnswerFormat(
            i18n._("give {points}: a finite number.").format(points=i18n.translate(POINTS))
        )
    return Fraction(value).limit_denominator(1000)


def mean_of(answer: Any, student: str | None = None) -> str | None:
    """Your rounds: exactly your deals, every row replayed, the mean's figures from the rows."""
    rows, _, _ = read_simulation(
        answer, MEAN_COLUMNS, min_games=ROUNDS, seeds=deals(answering_student(student))
    )
    hint = replay_rows(rows, MEAN_COLUMNS, round_points)
    return hint or check_mean(answer, column="round_points", rederive=None, min_games=ROUNDS)


def pressman_of(answer: Any, student: str | None = None) -> str | None:
    """Your paired rounds: exactly your deals, every row replayed, the paired figures from the rows."""
    rows, _, _ = read_simulation(
        answer, PAIRED_COLUMNS, min_games=ROUNDS, seeds=deals(answering_student(student))
    )
    hint = replay_rows(rows, PAIRED_COLUMNS, pressman_row)
    return hint or check_paired(
        answer, columns=PAIRED_COLUMNS, rederive=None, proportions=False, min_games=ROUNDS
    )


FORMS = {
    "going_out": Form(as_points, POINTS),
    "mean_round_points": Form.checked(mean_of, FORM),
    "pressman_effect": Form.checked(pressman_of, FORM),
}

SHEET = Sheet(ASSIGNMENT, FORMS)
check = SHEET.check
"""``check(key, answer)``: is the answer's form right? (Its truth is for the teacher's grader.)"""
submit = SHEET.submit
"""``submit(key, answer)``: the graded cells' one line, handing the answer in."""
