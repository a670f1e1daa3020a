"""The worksheets' checks: right answers pass, typical mistakes get their hint, no hint gives the answer."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tilegames.exercises import triominos, tula

TULA_RIGHT = {
    "partners": 8,
    "non_matching_pair": ("2 Moons", "null Suns"),
    "revealable_at_start": ["3A", "3B", "3C"],
    "blocked_edges_1J": {"top", "right", "bottom"},
    "lost_at_first_move": Fraction(65, 253),
    "interval": (0.245, 0.270),
}

TULA_WRONG = {  # a typical mistake for each question, and a word the hint must contain
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

TRIOMINOS_RIGHT = {
    "tiles": 56,
    "mean_value": Fraction(15, 2),
    "total_value": 420,
    "hexagon_3_2": [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)],  # the spec's worked check
    "start_with_zero": 40,
    "pressman_pass": -25,
}

TRIOMINOS_WRONG = {  # a typical mistake for each question, and a word its hint must contain
    "tiles": [(216, "ordered"), (20, "pairs"), (62, "mirror"), (57, "multisets"), (55.5, "whole")],
    "mean_value": [(15, "largest"), (7, "divide")],
    "total_value": [(315, "twice"), (400, "28 times")],
    "hexagon_3_2": [([(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)], "rows"), ([(1, 1)], "six")],
    "start_with_zero": [(30, "opening bonus"), (10, "extra bonus"), (0, "add")],
    "pressman_pass": [(25, "negative"), (-15, "also pass"), (-20, "penalty")],
}

WORKSHEETS = {
    "tula": (tula, TULA_RIGHT, TULA_WRONG),
    "triominos": (triominos, TRIOMINOS_RIGHT, TRIOMINOS_WRONG),
}
QUESTIONS = [(sheet, key) for sheet, (_, right, _) in WORKSHEETS.items() for key in sorted(right)]


@pytest.mark.parametrize("sheet", sorted(WORKSHEETS))
def test_every_question_has_a_right_answer_and_mistakes_here(sheet):
    module, right, wrong = WORKSHEETS[sheet]
    assert set(right) == set(module.QUESTIONS.questions) == set(wrong)


@pytest.mark.parametrize(("sheet", "key"), QUESTIONS)
def test_right_answers_are_correct_and_the_placeholder_is_not_attempted(sheet, key):
    module, right, _ = WORKSHEETS[sheet]
    assert module.check(key, right[key]).status == "correct"
    assert module.check(key, ...).status == "not attempted"


@pytest.mark.parametrize(("sheet", "key"), QUESTIONS)
def test_wrong_answers_get_a_targeted_hint_that_does_not_give_the_answer(sheet, key):
    module, right, wrong = WORKSHEETS[sheet]
    for answer, word in wrong[key]:
        result = module.check(key, answer)
        assert result.status == "incorrect", (key, answer)
        assert word in result.message, (key, answer, result.message)
        assert str(right[key]) not in result.message
        assert "65/253" not in result.message and "0.25" not in result.message


def test_answers_of_the_wrong_form_are_incorrect_not_crashes():
    assert tula.check("partners", "eight").status == "incorrect"
    assert tula.check("interval", (0.1,)).status == "incorrect"


def test_unknown_question_is_a_clear_error():
    with pytest.raises(KeyError, match="no question 'nope'"):
        tula.check("nope", 1)


def test_answers_that_only_look_right_are_not_accepted():
    assert tula.check("partners", 8.9).status == "incorrect"
    assert tula.check("partners", True).status == "incorrect"
    assert "list of positions" in tula.check("revealable_at_start", "3A 3B 3C").message
