"""The Tri-Ominos worksheet's checks: right answers pass, typical mistakes get their hint."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tilegames.exercises.triominos import QUESTIONS, check

RIGHT = {
    "tiles": 56,
    "mean_value": Fraction(15, 2),
    "total_value": 420,
    "hexagon_3_2": [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)],  # the spec's worked check
    "start_with_zero": 40,
    "pressman_pass": -25,
}

WRONG = {  # a typical mistake for each question, and a word its hint must contain
    "tiles": [(216, "ordered"), (20, "pairs"), (62, "mirror"), (57, "multisets"), (55.5, "whole")],
    "mean_value": [(15, "largest"), (7, "divide")],
    "total_value": [(315, "twice"), (400, "28 times")],
    "hexagon_3_2": [([(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)], "rows"), ([(1, 1)], "six")],
    "start_with_zero": [(30, "opening bonus"), (10, "extra bonus"), (0, "add")],
    "pressman_pass": [(25, "negative"), (-15, "also pass"), (-20, "penalty")],
}


def test_every_question_has_a_right_answer_and_mistakes_here():
    assert set(RIGHT) == set(QUESTIONS.questions) == set(WRONG)


@pytest.mark.parametrize("key", sorted(RIGHT))
def test_right_answers_are_correct(key):
    assert check(key, RIGHT[key]).status == "correct"
    assert check(key, ...).status == "not attempted"


@pytest.mark.parametrize("key", sorted(WRONG))
def test_wrong_answers_get_a_targeted_hint_that_does_not_give_the_answer(key):
    for answer, word in WRONG[key]:
        result = check(key, answer)
        assert result.status == "incorrect", (key, answer)
        assert word in result.message, (key, answer, result.message)
        assert str(RIGHT[key]) not in result.message
