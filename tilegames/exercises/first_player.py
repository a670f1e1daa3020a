"""Homework 3 — Does the first player have an edge in Flaming Pyramids? (a hypothesis test), the student's side.

With four careful players, a fair game gives the first player 1/4 of the
wins. The student plans the test (how many games for 80% power against an
edge, a first-player share of ``alternative(student)``), runs it on their own
games (``deals``), and reports the estimate, its interval, the z statistic,
the p-value and the decision. Every student has their own edge to plan for
and their own games.

``check`` says whether an answer's *form* is right: a count, a probability;
a test that plays exactly the student's games, whose rows replay, whose
estimate and interval agree with them, and which holds a z, a p-value and a
decision. Whether an answer is *correct* is for the teacher's grader.

>>> first_won(1) in (True, False)
True
>>> check("power_200", 1.5).message
'a power is a probability between 0 and 1, like 0.65.'
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import i18n  # i18n._(...)
from ..pyramids.study import game_task
from . import HOMEWORK, Form, Sheet
from .answers import AnswerFormat, as_bool, as_number, as_whole
from .handin import answering_student, seed_window, student_rng
from .handin import student_id as student_id  # one of HOMEWORK, re-exported
from .simulation import check_proportion, read_simulation, replay_rows

__all__ = [
    *HOMEWORK,
    "ALPHA",
    "FAIR",
    "GAMES",
    "PLAYERS",
    "POWER",
    "SMALL_RUN",
    "alternative",
    "first_won",
]

ASSIGNMENT = "h3_first_player"
PLAYERS = 4
FAIR = 1 / PLAYERS
"""The first player's share of wins when moving first gives no edge (the null hypothesis)."""
ALPHA, POWER, SMALL_RUN = 0.05, 0.80, 200
GAMES = 700
"""How many games the test plays: ``deals(student)``, every one of them (more than any plan needs)."""
ALTERNATIVES = (0.30, 0.31, 0.32, 0.33)


# -- your numbers -------------------------------------------------------------------------------


def alternative(student: str) -> float:
    """The first player's share of wins ``student``'s test is planned to detect, like 0.30.

    >>> alternative("ada") in ALTERNATIVES
    True
    """
    rng = student_rng(ASSIGNMENT, student, 1)
    return ALTERNATIVES[int(rng.integers(len(ALTERNATIVES)))]


def deals(student: str) -> range:
    """The seeds of the games ``student``'s test plays: ``GAMES`` consecutive ones."""
    return seed_window(ASSIGNMENT, student, GAMES)


def first_won(seed: int) -> bool:
    """Did the first player win the four-player game (careful players) dealt by ``seed``?"""
    row = game_task(np.random.default_rng(seed), players=PLAYERS, player="careful")
    return bool(row["first_won"])


# -- the form of each answer --------------------------------------------------------------------

TEST_FORM = (
    "{'rows': ..., 'estimate': ..., 'interval': (low, high), 'z': ..., 'p_value': ..., "
    "'reject': True or False}"
)


def _count(answer: Any) -> int:
    count = as_whole(answer, "a whole number of games")
    if count <= 0:
        raise AnswerFormat(i18n._("give a whole number of games, more than zero."))
    return count


def as_probability(answer: Any) -> float:
    """A probability, like 0.65 (a number between 0 and 1)."""
    value = as_number(answer, "a probability, like 0.65")
    if not 0 <= value <= 1:
        raise AnswerFormat(i18n._("a power is a probability between 0 and 1, like 0.65."))
    return value


def parts_of_test(answer: Any) -> tuple[float, float, bool]:
    """The z, the p-value and the decision of a handed-in test; a format hint when absent."""
    missing = [key for key in ("z", "p_value", "reject") if key not in answer]
    if missing:
        raise AnswerFormat(
            i18n._(
                "your dict also needs {missing!r}: the test statistic, its p-value, your decision."
            ).format(missing=missing[0])
        )
    z = as_number(answer["z"], "z as a number")
    p_value = as_number(answer["p_value"], "the p-value as a number")
    if not 0 <= p_value <= 1:
        raise AnswerFormat(i18n._("a p-value is a probability between 0 and 1."))
    reject = as_bool(answer["reject"], "'reject' as True or False")
    return z, p_value, reject


def first_player_test_of(answer: Any, student: str | None = None) -> str | None:
    """Your test: exactly your games, every row replayed, the share's figures from the rows."""
    rows, _, _ = read_simulation(
        answer, ["first_won"], min_games=GAMES, seeds=deals(answering_student(student))
    )
    parts_of_test(answer)
    hint = replay_rows(rows, ["first_won"], first_won)
    return hint or check_proportion(
        answer, outcome="first_won", rederive=None, reference=None, min_games=GAMES
    )


FORMS = {
    "games_needed": Form(_count, "a whole number of games"),
    "power_200": Form(as_probability, "a probability, like 0.65"),
    "first_player_test": Form.checked(first_player_test_of, TEST_FORM),
}

SHEET = Sheet(ASSIGNMENT, FORMS)
check = SHEET.check
"""``check(key, answer)``: is the answer's form right? (Its truth is for the teacher's grader.)"""
submit = SHEET.submit
"""``submit(key, answer)``: the graded cells' one line, handing the answer in."""
