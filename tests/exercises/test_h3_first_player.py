"""Homework 3 (first player): the student's side holds no answers; the key grades each student's variant."""

from __future__ import annotations

import functools
import math
from pathlib import Path
from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest

from tilegames.exercises import first_player
from tilegames.exercises.handin import decode, encode
from tilegames.stats import wilson
from tilegames_course.grading.grader import load_questions

ROOT = Path(__file__).resolve().parents[2]
STUDENTS = ("ada", "bob")
Z_975, Z_80 = NormalDist().inv_cdf(0.975), NormalDist().inv_cdf(0.80)


@functools.cache
def questions(student: str):
    return load_questions(ROOT / "exercises" / "keys", "h3_first_player")(student, {})


def _graded(student: str, key: str, answer):
    """The key's verdict on an answer, handed in as plain data the way a graded cell does."""
    return questions(student).check(key, decode(encode(answer)))


def games_needed(student: str) -> int:
    p0, p1 = 0.25, first_player.alternative(student)
    spread = Z_975 * math.sqrt(p0 * (1 - p0)) + Z_80 * math.sqrt(p1 * (1 - p1))
    return math.ceil((spread / (p1 - p0)) ** 2)


def power(student: str, n: int = 200) -> float:
    p0, p1 = 0.25, first_player.alternative(student)
    shift = (abs(p1 - p0) * math.sqrt(n) - Z_975 * math.sqrt(p0 * (1 - p0))) / math.sqrt(
        p1 * (1 - p1)
    )
    return NormalDist().cdf(shift)


@functools.cache
def _first_won(seeds: tuple[int, ...]) -> tuple[bool, ...]:
    return tuple(first_player.first_won(seed) for seed in seeds)


def the_test(student: str, **changes) -> dict:
    rows = pd.DataFrame({"seed": list(first_player.deals(student))})
    rows["first_won"] = _first_won(tuple(rows["seed"]))
    n, share = len(rows), rows["first_won"].mean()
    ci = wilson(int(rows["first_won"].sum()), n)
    z = (share - 0.25) / math.sqrt(0.25 * 0.75 / n)
    p = 2 * (1 - NormalDist().cdf(abs(z)))
    answer = {
        "rows": rows,
        "estimate": share,
        "interval": (ci.low, ci.high),
        "z": z,
        "p_value": p,
        "reject": np.bool_(p < 0.05),  # a numpy bool, as pandas gives it
    }
    return {**answer, **changes}


@pytest.mark.parametrize("student", STUDENTS)
def test_each_students_right_answers_are_correct(student):
    answers = {
        "games_needed": games_needed(student),
        "power_200": power(student),
        "first_player_test": the_test(student),
    }
    for key, answer in answers.items():
        result = _graded(student, key, answer)
        assert result.correct, (student, key, result)
    assert _graded(student, "games_needed", float(games_needed(student))).correct


def test_two_students_get_different_questions():
    assert first_player.alternative("ada") != first_player.alternative("bob")
    assert set(first_player.deals("ada")).isdisjoint(first_player.deals("bob"))
    assert games_needed("ada") != games_needed("bob")
    assert not _graded("bob", "games_needed", games_needed("ada")).correct
    assert "play exactly your deals" in _graded("bob", "first_player_test", the_test("ada")).message


def _one_sided(student: str) -> int:
    p0, p1 = 0.25, first_player.alternative(student)
    z = NormalDist().inv_cdf(0.95)
    spread = z * math.sqrt(p0 * (1 - p0)) + Z_80 * math.sqrt(p1 * (1 - p1))
    return math.ceil((spread / (p1 - p0)) ** 2)


def _half_power(student: str) -> int:
    p1 = first_player.alternative(student)
    return math.ceil((Z_975 * math.sqrt(0.25 * 0.75) / (p1 - 0.25)) ** 2)


def _test_z_from_estimate(student: str) -> dict:
    answer = the_test(student)
    share, n = answer["estimate"], len(answer["rows"])
    return {**answer, "z": (share - 0.25) / math.sqrt(share * (1 - share) / n)}


MISTAKES = {
    "games_needed": [
        (_half_power, "50% power"),
        (_one_sided, "two-sided"),
        (lambda s: 100, "n = "),
    ],
    "power_200": [
        (lambda s: 1 - power(s), "1 − β"),
        (lambda s: 0.8, "200 games give less"),
        (lambda s: 0.01, "Φ"),
        (lambda s: 1.5, "between 0 and 1"),
    ],
    "first_player_test": [
        (lambda s: the_test(s, z=0.5), "z = "),
        (_test_z_from_estimate, "p0 = 1/4"),
        (lambda s: the_test(s, p_value=the_test(s)["p_value"] / 2), "two-sided"),
        (lambda s: the_test(s, p_value=0.9), "2 × (1 − Φ(|z|))"),
        (lambda s: the_test(s, reject=not the_test(s)["reject"]), "below 0.05"),
        (lambda s: the_test(s, interval=(0.0, 1.0)), "too wide"),
        (lambda s: {k: v for k, v in the_test(s).items() if k != "z"}, "also needs 'z'"),
        (lambda s: {**the_test(s), "rows": the_test(s)["rows"].iloc[:600]}, "at least 700"),
    ],
}
CASES = [(key, index) for key, cases in MISTAKES.items() for index in range(len(cases))]


@pytest.mark.parametrize("student", STUDENTS)
@pytest.mark.parametrize(("key", "index"), CASES)
def test_typical_mistakes_get_their_hint_and_never_the_answer(key, index, student):
    make, hint = MISTAKES[key][index]
    answer = make(student)
    if make is _test_z_from_estimate and abs(answer["z"] - the_test(student)["z"]) <= 0.02:
        pytest.skip("this student's estimate is so near 1/4 that both standard errors give one z")
    result = _graded(student, key, answer)
    assert result.status == "incorrect", result
    assert hint in result.message, result.message
    question = questions(student).questions[key]
    assert not any(text in result.message for text in question.answer_texts())


def test_each_right_figure_of_a_test_whose_rows_replay_earns_a_share():
    assert _graded("ada", "first_player_test", the_test("ada", z=0.5)).score == pytest.approx(0.8)
    wrong_all = the_test("ada", z=9.0, p_value=0.999, interval=(0.0, 1.0))
    wrong_all["reject"] = not wrong_all["reject"]
    assert _graded("ada", "first_player_test", wrong_all).score == pytest.approx(0.2)
    edited = the_test("ada")
    rows = edited["rows"].copy()
    rows.loc[0, "first_won"] = not rows.loc[0, "first_won"]
    result = _graded("ada", "first_player_test", {**edited, "rows": rows})
    assert result.score == 0 and "replaying that game" in result.message


def test_a_chosen_seed_window_is_refused():
    """The issue's attack: a start seed picked so H0 is rejected. Only the student's games count."""
    window = range(0, first_player.GAMES)
    rows = pd.DataFrame({"seed": list(window)})
    rows["first_won"] = _first_won(tuple(window))
    share = rows["first_won"].mean()
    ci = wilson(int(rows["first_won"].sum()), len(rows))
    answer = {**the_test("ada"), "rows": rows, "estimate": share, "interval": (ci.low, ci.high)}
    assert "play exactly your deals" in _graded("ada", "first_player_test", answer).message


def test_the_student_module_holds_no_answers_and_check_cannot_tell_right_from_wrong():
    for name in ("QUESTIONS", "grade", "_games_needed", "_power", "ALTERNATIVE", "_g_test"):
        assert not hasattr(first_player, name), name
    assert first_player.check("games_needed", games_needed("practice")).status == "ready"
    assert first_player.check("games_needed", 100).status == "ready"
    assert first_player.check("power_200", power("practice")).status == "ready"
    assert first_player.check("power_200", 0.9).status == "ready"
    assert first_player.check("first_player_test", the_test("practice")).status == "ready"
    wrong_z = the_test("practice", z=0.5)
    assert first_player.check("first_player_test", wrong_z).status == "ready"
