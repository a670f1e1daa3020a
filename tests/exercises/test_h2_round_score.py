"""Homework 2 (round scores): the student's side holds no answers; the key grades each student's variant."""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tilegames.exercises import round_score
from tilegames.exercises.handin import decode, encode
from tilegames.stats import mean_interval
from tilegames.triominos import TILES, Rules
from tilegames_course.grading.grader import load_questions

ROOT = Path(__file__).resolve().parents[2]
STUDENTS = ("ada", "bob")


@functools.cache
def questions(student: str):
    return load_questions(ROOT / "exercises" / "keys", "h2_round_score")(student, {})


def _graded(student: str, key: str, answer):
    """The key's verdict on an answer, handed in as plain data the way a graded cell does."""
    return questions(student).check(key, decode(encode(answer)))


def going_out(student: str) -> Fraction:
    """Worked out here: the bonus plus, per tile left, the mean of a tile's three numbers summed."""
    mean = Fraction(sum(sum(tile) for tile in TILES), len(TILES))
    return Rules.seed().going_out_bonus + round_score.left_in_hand(student) * mean


@functools.cache
def _points(seeds: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(round_score.round_points(seed) for seed in seeds)


@functools.cache
def _pairs(seeds: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple(round_score.round_pair(seed) for seed in seeds)


def round_mean(student: str) -> dict:
    rows = pd.DataFrame({"seed": list(round_score.deals(student))})
    rows["round_points"] = _points(tuple(rows["seed"]))
    ci = mean_interval(rows["round_points"])
    return {"rows": rows, "estimate": ci.value, "interval": (ci.low, ci.high)}


def pressman(student: str) -> dict:
    rows = pd.DataFrame({"seed": list(round_score.deals(student))})
    rows[["standard", "pressman"]] = list(_pairs(tuple(rows["seed"])))
    ci = mean_interval(rows["pressman"] - rows["standard"])
    return {"rows": rows, "estimate": ci.value, "interval": (ci.low, ci.high)}


def unpaired(answer: dict) -> dict:
    rows = answer["rows"]
    a, b = rows["pressman"].astype(float), rows["standard"].astype(float)
    half = 1.96 * np.sqrt(a.var() / len(a) + b.var() / len(b))
    return {**answer, "interval": (answer["estimate"] - half, answer["estimate"] + half)}


def test_tile_values_are_the_sum_of_a_tiles_numbers():
    assert sum(sum(tile) for tile in TILES) == 420 and len(TILES) == 56


@pytest.mark.parametrize("student", STUDENTS)
def test_each_students_right_answers_are_correct(student):
    answers = {
        "going_out": going_out(student),
        "mean_round_points": round_mean(student),
        "pressman_effect": pressman(student),
    }
    for key, answer in answers.items():
        result = _graded(student, key, answer)
        assert result.correct, (student, key, result)
    assert _graded(student, "going_out", float(going_out(student))).correct  # 55.0 for 55


def test_two_students_get_different_questions():
    assert set(round_score.deals("ada")).isdisjoint(round_score.deals("bob"))
    assert going_out("ada") != going_out("bob")
    assert not _graded("bob", "going_out", going_out("ada")).correct
    hint = _graded("bob", "mean_round_points", round_mean("ada")).message
    assert "play exactly your deals" in hint


MISTAKES = {
    "going_out": [
        (lambda s: going_out(s) - Rules.seed().going_out_bonus, "fixed bonus"),
        (lambda s: Rules.seed().going_out_bonus, "expected value of the tiles left"),
        (lambda s: Rules.seed().going_out_bonus + Fraction(15, 2), "each adds"),
        (lambda s: 1000, "expected values add"),
    ],
    "mean_round_points": [
        (lambda s: {"estimate": 300, "interval": (290, 310)}, "'rows'"),
        (lambda s: {**round_mean(s), "interval": (0, 1000)}, "too wide"),
        (lambda s: {**round_mean(s), "estimate": 250.0}, "not the mean"),
        (lambda s: (290.0, 310.0), "interval alone"),
        (lambda s: {**round_mean(s), "rows": round_mean(s)["rows"].iloc[:-1]}, "at least 400"),
    ],
    "pressman_effect": [
        (lambda s: {**pressman(s), "estimate": -pressman(s)["estimate"]}, "order"),
        (lambda s: unpaired(pressman(s)), "independent"),
        (
            lambda s: {**pressman(s), "rows": pressman(s)["rows"].iloc[::-1]},
            "play exactly your deals",
        ),
    ],
}
CASES = [(key, index) for key, cases in MISTAKES.items() for index in range(len(cases))]


@pytest.mark.parametrize(("key", "index"), CASES)
def test_typical_mistakes_get_their_hint_and_never_the_answer(key, index):
    make, hint = MISTAKES[key][index]
    result = _graded("ada", key, make("ada"))
    assert result.status == "incorrect", result
    assert hint in result.message, result.message
    question = questions("ada").questions[key]
    assert not any(text in result.message for text in question.answer_texts())


def test_rows_that_replay_with_figures_wrong_earn_part_of_the_points_and_edited_rows_none():
    wide = _graded("ada", "mean_round_points", {**round_mean("ada"), "interval": (0, 1000)})
    assert wide.score == pytest.approx(2 / 3)  # rows and estimate right, interval wrong
    for student in ("ada", "practice"):
        rows = round_mean(student)["rows"].copy()
        rows.loc[17, "round_points"] += 40
        ci = mean_interval(rows["round_points"])
        edited = {"rows": rows, "estimate": ci.value, "interval": (ci.low, ci.high)}
        if student == "ada":
            result = _graded("ada", "mean_round_points", edited)
            assert result.score == 0 and "replaying that game" in result.message
        else:  # the home check (this notebook answers the practice questions) says so too
            assert "replaying that game" in round_score.check("mean_round_points", edited).message


def test_the_student_module_holds_no_answers_and_check_cannot_tell_right_from_wrong():
    for name in ("QUESTIONS", "grade", "_going_out", "LEFT_IN_HAND", "_g_going_out"):
        assert not hasattr(round_score, name), name
    assert round_score.check("going_out", going_out("practice")).status == "ready"
    assert round_score.check("going_out", 12).status == "ready"
    assert round_score.check("mean_round_points", round_mean("practice")).status == "ready"
    assert "exactly your deals" in round_score.check("mean_round_points", round_mean("ada")).message
