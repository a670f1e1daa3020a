"""Worksheet 3 (Tri-Ominos): each student's own questions, graded by the teacher's key.

The right answers are computed here a second way (identities of binomial
coefficients, reading a cell's corners by hand, the view's scored moves) and
must be graded correct for two students; each typical mistake gets its targeted
hint, which never holds the answer; the student's module holds no answer and
turns odd objects into format hints.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tilegames import triominos
from tilegames.exercises import Partial, answer_texts
from tilegames.exercises import triominos as sheet
from tilegames.exercises.handin import encode
from tilegames_course.grading.grader import grade_request, load_questions

KEYS = Path(__file__).resolve().parents[2] / "exercises" / "keys"
STUDENTS = ("ada", "s2041")
QUESTIONS = load_questions(KEYS, "w3_triominos")
PENALTY = triominos.Rules.pressman().draw_penalty


@pytest.fixture(scope="module", params=STUDENTS)
def student(request):
    return request.param


@pytest.fixture(scope="module")
def key(student):
    return QUESTIONS(student, {})


# -- the right answers, computed a second way ----------------------------------------------------


def fitting(student: str) -> list[str]:
    """The tiles that agree with the asked cell's corners, read clockwise from some corner."""
    game = sheet.position("read_corners", student)
    pattern = game.board.pattern(sheet.read_cell(student))

    def fits(tile):
        readings = (tile[i:] + tile[:i] for i in range(3))
        return any(all(p is None or p == n for p, n in zip(pattern, r)) for r in readings)

    return sorted(triominos.tile_name(t) for t in triominos.TILES if fits(t))


def scored(student: str) -> list[tuple[int, str]]:
    view = sheet.position("best_move", student).player_view()
    return [(points, str(move)) for points, move in view.scored_moves() if move.kind == "place"]


def common_answers() -> dict:
    no_triple = Fraction(comb(38, 6), comb(56, 6))  # the six triples all among the 38 not dealt
    mean_tile = Fraction(sum(sum(t) for t in triominos.TILES), 56)
    return {
        "tiles_0_to_6": comb(7 + 2, 3),  # multisets of size 3 from 7 numbers
        "zero_or_five": 56 - comb(4 + 2, 3),  # the complement: tiles of 1-4 only
        "no_triple": no_triple,
        "top_triple_given_any": Fraction(18, 56) / (1 - no_triple),
        "expected_hand_value": 9 * mean_tile,
    }


def own_answers(student: str) -> dict:
    tile, draws = sheet.pressman_turn(student)
    best = max(points for points, _ in scored(student))
    return {
        "fits_read_cell": fitting(student),
        "pressman_turn": sum(triominos.parse_tile(tile)) - draws * PENALTY,
        "best_move": [move for points, move in scored(student) if points == best],
    }


def simulation(student: str, seeds=None, *, interval_scale: float = 1.0, shift: float = 0.0):
    rows = pd.DataFrame({"seed": seeds if seeds is not None else sheet.deals(student)})
    hands = [triominos.new_game(seed=int(s), players=2) for s in rows["seed"]]
    rows["no_triple"] = [
        all(len(set(tile)) > 1 for seat in (0, 1) for tile in game.hand(seat)) for game in hands
    ]
    share = rows["no_triple"].mean()
    half = 1.96 * (share * (1 - share) / len(rows)) ** 0.5 * interval_scale
    return {"rows": rows, "estimate": share + shift, "interval": (share - half, share + half)}


@pytest.fixture(scope="module")
def honest_simulation(student):
    return simulation(student)


def right_answers(student: str, honest) -> dict:
    answers = {**common_answers(), **own_answers(student), "simulate_no_triple": honest}
    assert len(answers["best_move"]) == 1  # the sheet shows a position with one best move
    answers["best_move"] = answers["best_move"][0]
    return answers


def test_right_answers_are_correct(key, student, honest_simulation):
    answers = right_answers(student, honest_simulation)
    assert set(answers) == set(key.questions)
    for name, answer in answers.items():
        result = key.check(name, answer)
        assert result.status == "correct", (name, result)
        assert result.score == 1.0


def test_honest_answers_in_other_forms_are_correct(key, student):
    own = own_answers(student)
    rotated = [name.split("-")[1:] + name.split("-")[:1] for name in own["fits_read_cell"]]
    assert key.check(
        "fits_read_cell", ["-".join(r) for r in rotated]
    ).correct  # '4-4-0' for '0-4-4'
    assert key.check(
        "fits_read_cell", [triominos.parse_tile(n) for n in own["fits_read_cell"]]
    ).correct
    assert key.check("pressman_turn", float(own["pressman_turn"])).correct  # 4.0 for 4
    assert key.check("pressman_turn", np.int64(own["pressman_turn"])).correct
    assert key.check("best_move", triominos.Move.parse(own["best_move"][0])).correct
    assert key.check("tiles_0_to_6", 84.0).correct
    assert key.check("expected_hand_value", 135 // 2 + Fraction(1, 2)).correct


def test_the_two_students_get_different_questions():
    first, second = (own_answers(s) for s in STUDENTS)
    assert first["fits_read_cell"] != second["fits_read_cell"]
    assert first["best_move"] != second["best_move"]
    assert set(sheet.deals(STUDENTS[0])).isdisjoint(sheet.deals(STUDENTS[1]))
    other = QUESTIONS(STUDENTS[1], {})
    assert not other.check("fits_read_cell", first["fits_read_cell"]).correct
    assert not other.check("best_move", first["best_move"][0]).correct
    turns = {sheet.pressman_turn(s) for s in ("a1", "b2", "c3", "d4", "e5", *STUDENTS)}
    assert len(turns) > 2  # the Pressman turn varies between students


def test_a_student_sees_the_same_questions_every_time(student):
    for name in ("read_corners", "best_move"):
        first, again = sheet.position(name, student), sheet.position(name, student)
        assert first.board.state() == again.board.state()
        first.play(first.legal_moves()[0])  # a copy: playing on it changes nothing for the next
        assert sheet.position(name, student).board.state() == again.board.state()
    assert sheet.read_cell(student) == sheet.read_cell(student)


# -- typical mistakes and their hints ------------------------------------------------------------


def mistakes(student: str) -> dict[str, list[tuple[object, str]]]:
    """(a mistaken answer, a word its hint must contain) for each question."""
    own, common = own_answers(student), common_answers()
    game = sheet.position("read_corners", student)
    shown = [n for n in game.board.pattern(sheet.read_cell(student)) if n is not None]
    names = own["fits_read_cell"]
    wrong_order = next(
        triominos.tile_name(t)
        for t in triominos.TILES
        if triominos.tile_name(t) not in names and all(n in t for n in shown)
    )
    lacking = next(triominos.tile_name(t) for t in triominos.TILES if shown[0] not in t)
    tile, draws = sheet.pressman_turn(student)
    value = sum(triominos.parse_tile(tile))
    best = max(points for points, _ in scored(student))
    low = next(move for points, move in scored(student) if points < 40)
    found = {
        "tiles_0_to_6": [(7**3, "ordered triples"), (35, "three different numbers"),
                         (119, "mirror")],
        "zero_or_five": [(42, "counted twice"), (20, "neither number"), ("36", "not a string")],
        "fits_read_cell": [
            (names[:-1], "you missed one"),
            ([*names, lacking], "lacks a number"),
            ([*names, wrong_order], "clockwise order"),
            (["0-2-1"], "mirror image"),
        ],
        "pressman_turn": [
            (own["pressman_turn"] - 10, "did not pass"),
            (value, "each draw costs"),
            (-own["pressman_turn"], "check the signs"),
        ],
        "no_triple": [
            (Fraction(comb(50, 9), comb(56, 9)), "both hands"),
            (Fraction(50, 56) ** 18, "without replacement"),
            (1 - common["no_triple"], "opposite event"),
            (0.085, "exact value"),
        ],
        "top_triple_given_any": [(Fraction(18, 56), "P(5-5-5 is dealt)"),
                                 (Fraction(1, 6), "not equally likely")],
        "expected_hand_value": [(7 * Fraction(15, 2), "9 tiles"), (Fraction(15, 2), "one tile's")],
        "best_move": [(low, "look for a placement"), ("0-0-0 @ 40,40 r0", "not legal"),
                      (12, "notation")],
    }  # fmt: skip
    if draws > 1:
        found["pressman_turn"].append((value - PENALTY, "each of your draws"))
    bonus = [move for points, move in scored(student) if 40 <= points < best]
    if bonus:
        found["best_move"].append((bonus[0], "scores a bonus, but"))
    return found


def test_each_typical_mistake_gets_its_hint(key, student):
    for name, cases in mistakes(student).items():
        for answer, word in cases:
            result = key.check(name, answer)
            assert result.status == "incorrect", (name, answer, result)
            assert word in result.message, (name, answer, result.message)


def test_no_hint_holds_the_answer(key, student):
    """The graders' own hints (before the last guard) never hold the answer's texts."""
    for name, cases in mistakes(student).items():
        question = key.questions[name]
        secrets = question.answer_texts()
        for answer, _ in cases:
            try:
                hint = question.grade(answer)
            except Exception:  # a format hint (AnswerFormat): it says nothing of the answer
                continue
            text = hint.hint if isinstance(hint, Partial) else hint
            assert text is not None
            assert not any(secret in text for secret in secrets), (name, text, secrets)


def test_simulation_mistakes(key, student, honest_simulation):
    def verdict(answer):
        return key.check("simulate_no_triple", answer)

    wrong_deals = verdict(simulation(student, range(2000)))
    assert wrong_deals.score == 0 and "play exactly your deals" in wrong_deals.message
    doctored = {**honest_simulation, "rows": honest_simulation["rows"].copy()}
    doctored["rows"].loc[3, "no_triple"] = not doctored["rows"].loc[3, "no_triple"]
    doctored["estimate"] = doctored["rows"]["no_triple"].mean()
    replayed = verdict(doctored)
    assert replayed.score == 0 and "replaying" in replayed.message
    too_wide = verdict(simulation(student, interval_scale=3))
    assert "too wide" in too_wide.message and too_wide.score == pytest.approx(2 / 3)
    off = verdict(simulation(student, shift=0.02))
    assert "not the share" in off.message and off.score == pytest.approx(1 / 3)
    typed = verdict(honest_simulation["interval"])
    assert typed.score == 0 and "not evidence" in typed.message
    secrets = answer_texts(common_answers()["no_triple"])
    for result in (wrong_deals, replayed, too_wide, off, typed):
        assert not any(secret in result.message for secret in secrets)


# -- the student's side: no answers, form checks only -------------------------------------------


def test_the_student_module_holds_no_answer():
    for name in ("QUESTIONS", "grade", "_best_moves", "_fits_read_cell", "_no_triple",
                 "_pressman_turn", "_top_triple_given_any", "_expected_hand_value", "_g_best",
                 "_tiles_0_to_6", "_zero_or_five"):  # fmt: skip
        assert not hasattr(sheet, name), name
    sets = [value for value in vars(sheet).values() if type(value).__name__ == "QuestionSet"]
    assert sets == [sheet.CHECK_YOURSELF]  # the lesson's ungraded self-check only


def test_check_tells_the_form_never_the_truth():
    assert sheet.check("no_triple", Fraction(1, 2)).status == "ready"  # wrong, but well formed
    assert sheet.check("no_triple", ...).status == "not attempted"
    assert sheet.check("fits_read_cell", ["0-4-4"]).status == "ready"
    assert "mirror" in sheet.check("fits_read_cell", ["0-2-1"]).message
    assert sheet.check("best_move", "1-3-4 @ 2,5 r1").status == "ready"


def test_a_submission_is_graded_with_its_owners_questions(student, honest_simulation):
    """The key's grader reads the handed-in plain data, as the trusted grader process does."""
    answers = right_answers(student, honest_simulation)
    payloads = {
        name: {"assignment": "w3_triominos", "question": name, "student": student,
               "typed": student, "answer": encode(answer)}
        for name, answer in answers.items()
    }  # fmt: skip
    request = {"keys": str(KEYS), "assignment": "w3_triominos", "student": student,
               "answers": payloads, "sources": {}}  # fmt: skip
    verdicts = grade_request(request)
    assert verdicts["flags"] == []
    assert {v["status"] for v in verdicts["verdicts"].values()} == {"correct"}
    other = STUDENTS[1] if student == STUDENTS[0] else STUDENTS[0]
    copied = grade_request({**request, "student": other})
    assert any("another student id" in flag for flag in copied["flags"])
    assert copied["verdicts"]["best_move"]["status"] == "incorrect"


def test_the_teachers_solutions_answer_each_students_own_questions(student, solutions_handed_in):
    """The source notebook's solutions, run as this student, are graded correct by the key."""
    payloads = solutions_handed_in("w3_triominos", student)
    assert set(payloads) == set(QUESTIONS(student, {}).questions)
    request = {"keys": str(KEYS), "assignment": "w3_triominos", "student": student,
               "answers": payloads, "sources": {}}  # fmt: skip
    verdicts = grade_request(request)["verdicts"]
    assert {key: v["status"] for key, v in verdicts.items()} == dict.fromkeys(payloads, "correct")
