"""The Tula worksheet's checks: right answers pass, wrong ones get a hint, nothing gives the answer away."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tilegames.exercises.tula import QUESTIONS, check

RIGHT = {
    "partners": 8,
    "non_matching_pair": ("2 Moons", "null Suns"),
    "revealable_at_start": ["3A", "3B", "3C"],
    "blocked_edges_1J": {"top", "right", "bottom"},
    "lost_at_first_move": Fraction(65, 253),
    "interval": (0.245, 0.270),
}

WRONG = {  # a typical mistake for each question, and a word the hint must contain
    "partners": [(5, "value"), (3, "suit"), (9, "own"), (12, "count")],
    "non_matching_pair": [
        (("2 Moons", "2 Suns"), "do match"),
        (("2 Moons", "2 Moons"), "different"),
    ],
    "revealable_at_start": [(["3A", "3B"], "3C"), (["3A", "3B", "3C", "2E"], "covered")],
    "blocked_edges_1J": [({"top", "right"}, "1M"), ({"top", "right", "bottom", "left"}, "1I")],
    "lost_at_first_move": [
        ((15 / 23) ** 3, "without replacement"),
        (Fraction(188, 253), "opposite"),
    ],
    "interval": [((0.20, 0.30), "wider"), ((0.27, 0.29), "outside"), ((0.3, 0.2), "lower first")],
}


def test_every_question_has_a_right_answer_and_mistakes_here():
    assert set(RIGHT) == set(QUESTIONS.questions) == set(WRONG)


@pytest.mark.parametrize("key", sorted(RIGHT))
def test_right_answers_are_correct(key):
    assert check(key, RIGHT[key]).status == "correct"


@pytest.mark.parametrize("key", sorted(WRONG))
def test_wrong_answers_get_a_targeted_hint_that_does_not_give_the_answer(key):
    for answer, word in WRONG[key]:
        result = check(key, answer)
        assert result.status == "incorrect", (key, answer)
        assert word in result.message, (key, answer, result.message)
        assert str(RIGHT[key]) not in result.message
        assert "65/253" not in result.message and "0.25" not in result.message


@pytest.mark.parametrize("key", sorted(RIGHT))
def test_placeholder_is_not_attempted(key):
    assert check(key, ...).status == "not attempted"


def test_answers_of_the_wrong_form_are_incorrect_not_crashes():
    assert check("partners", "eight").status == "incorrect"
    assert check("interval", (0.1,)).status == "incorrect"


def test_unknown_question_is_a_clear_error():
    with pytest.raises(KeyError, match="no question 'nope'"):
        check("nope", 1)


def test_answers_that_only_look_right_are_not_accepted():
    assert check("partners", 8.9).status == "incorrect"
    assert check("partners", True).status == "incorrect"
    assert "list of positions" in check("revealable_at_start", "3A 3B 3C").message
