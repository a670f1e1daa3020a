"""Worksheet 4 (Flaming Pyramids): each student's own questions, graded by the teacher's key.

The right answers are computed here a second way (the building rule read off
each tile's colours and weight, counting by hand, the game's own mayhem log)
and must be graded correct for two students; each typical mistake gets its
targeted hint, which never holds the answer; the student's module holds no
answer and turns odd objects into format hints.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tilegames import pyramids
from tilegames.exercises import Partial, answer_texts
from tilegames.exercises import pyramids as sheet
from tilegames.exercises.handin import encode
from tilegames_course.grading.grader import grade_request, load_questions

KEYS = Path(__file__).resolve().parents[2] / "exercises" / "keys"
STUDENTS = ("ada", "s2041")
QUESTIONS = load_questions(KEYS, "w4_pyramids")
TILES = {tile.name: tile for tile in pyramids.TILES}


@pytest.fixture(scope="module", params=STUDENTS)
def student(request):
    return request.param


@pytest.fixture(scope="module")
def key(student):
    return QUESTIONS(student, {})


# -- the right answers, computed a second way ----------------------------------------------------


def follows_rule(tile: str, left: str, right: str) -> bool:
    t, a, b = TILES[tile], TILES[left], TILES[right]
    match = set(t.colours) & set(a.colours + b.colours) or t.weight in (a.weight, b.weight)
    return bool(match) and t.weight <= a.weight + b.weight


def quiet_tiles(game) -> set[str]:
    """The hand's tiles some spot takes with no event but the placement (the mayhem log)."""
    quiet = set()
    for move in game.legal_moves():
        trial = game.copy()
        trial.play(move)
        if {event.kind for event in trial.log[len(game.log) :]} <= {"place", "refill", "win"}:
            quiet.add(move.tile)
    return quiet


def common_answers() -> dict:
    fire, n, left = 4, 45, 45 % 6
    none = Fraction(comb(n - fire, left), comb(n, left))
    exactly_one = Fraction(fire * comb(n - fire, left - 1), comb(n, left))
    burnable = sum(1 for t in pyramids.TILES if t.material in ("straw", "wood"))
    return {
        "burner_can_burn": burnable,
        "p_fire_left_over": 1 - none,
        "expected_fire_left_over": left * Fraction(fire, n),
        "one_given_any": exactly_one / (1 - none),
    }


def own_answers(student: str) -> dict:
    left, right = sheet.supports(student)
    legal = [n for n, p in enumerate(sheet.examples(student), start=1) if follows_rule(*p)]
    return {
        "legal_examples": legal,
        "on_supports": sum(
            1 for name in TILES if name not in (left, right) and follows_rule(name, left, right)
        ),
        "safe_tiles": sorted(quiet_tiles(sheet.position("table", student))),
    }


def simulation(student: str, seeds=None, *, interval_scale: float = 1.0, shift: float = 0.0):
    rows = pd.DataFrame({"seed": seeds if seeds is not None else sheet.deals(student)})
    rows["fire_left_over"] = [
        bool(pyramids.new_game(seed=int(s), players=6).removed) for s in rows["seed"]
    ]
    share = rows["fire_left_over"].mean()
    half = 1.96 * (share * (1 - share) / len(rows)) ** 0.5 * interval_scale
    return {"rows": rows, "estimate": share + shift, "interval": (share - half, share + half)}


@pytest.fixture(scope="module")
def honest_simulation(student):
    return simulation(student)


def right_answers(student: str, honest) -> dict:
    return {**common_answers(), **own_answers(student), "simulate_fire_left_over": honest}


def test_right_answers_are_correct(key, student, honest_simulation):
    answers = right_answers(student, honest_simulation)
    assert set(answers) == set(key.questions)
    for name, answer in answers.items():
        result = key.check(name, answer)
        assert result.status == "correct", (name, result)
        assert result.score == 1.0


def test_honest_answers_in_other_forms_are_correct(key, student):
    own = own_answers(student)
    assert key.check("legal_examples", [float(n) for n in own["legal_examples"]]).correct
    assert key.check("legal_examples", tuple(np.array(own["legal_examples"]))).correct
    assert key.check("on_supports", float(own["on_supports"])).correct  # 12.0 for 12
    assert key.check("safe_tiles", [name.title() for name in own["safe_tiles"]]).correct
    assert key.check("burner_can_burn", np.int64(28)).correct


def test_the_questions_are_what_the_sheet_promises(student):
    kinds = [sheet._kind(*(TILES[n].id for n in p)) for p in sheet.examples(student)]
    assert {"legal by colour", "legal by weight", "no match", "too heavy"} <= set(kinds)
    left, right = sheet.supports(student)
    assert follows_rule(left, left, right) and follows_rule(right, left, right)
    game = sheet.position("table", student)
    assert len(game.spots()) == 1
    assert 0 < len(own_answers(student)["safe_tiles"]) < len(set(game.hand(game.to_move)))


def test_the_two_students_get_different_questions():
    first, second = (own_answers(s) for s in STUDENTS)
    assert sheet.examples(STUDENTS[0]) != sheet.examples(STUDENTS[1])
    assert sheet.supports(STUDENTS[0]) != sheet.supports(STUDENTS[1])
    assert first["safe_tiles"] != second["safe_tiles"]
    assert first["legal_examples"] != second["legal_examples"]
    assert set(sheet.deals(STUDENTS[0])).isdisjoint(sheet.deals(STUDENTS[1]))
    other = QUESTIONS(STUDENTS[1], {})
    assert not other.check("safe_tiles", first["safe_tiles"]).correct
    counts = {own_answers(s)["on_supports"] for s in ("a1", "b2", "c3", "d4", "e5", *STUDENTS)}
    assert len(counts) > 2  # the count asked for varies between students


def test_a_student_sees_the_same_questions_every_time(student):
    game = sheet.position("table", student)
    game.play(game.legal_moves()[0])  # a copy: playing on it changes nothing for the next
    assert sheet.position("table", student).pyramid != game.pyramid
    assert sheet.position("table", student) == sheet.position("table", student)
    assert sheet.examples(student) == sheet.examples(student)
    assert sheet.supports(student) == sheet.supports(student)


# -- typical mistakes and their hints ------------------------------------------------------------


def mistakes(student: str) -> dict[str, list[tuple[object, str]]]:
    """(a mistaken answer, a word its hint must contain) for each question."""
    own, common = own_answers(student), common_answers()
    illegal = next(n for n in range(1, 7) if n not in own["legal_examples"])
    game = sheet.position("table", student)
    hand = set(game.hand(game.to_move))
    unsafe = sorted(hand - set(own["safe_tiles"]))[0]
    elsewhere = next(name for name in TILES if name not in hand)
    return {
        "burner_can_burn": [(12, "wood on fire as well"), (16, "straw burns too"),
                            (40, "stone never burns"), (5, "count the straw")],
        "legal_examples": [
            ([*own["legal_examples"], illegal], f"placement {illegal} breaks a rule"),
            (own["legal_examples"][1:], "you missed a legal one"),
            ([7], "numbered 1 to 6"),
            ("1, 3", "a list of placement numbers"),
        ],
        "on_supports": [(own["on_supports"] + 2, "already on the table"),
                        (own["on_supports"] + 1, "qualifies by a colour")],
        "safe_tiles": [
            (own["safe_tiles"][1:] or ["blue 120"], "you missed one"
             if len(own["safe_tiles"]) > 1 else "not in your hand"),
            ([*own["safe_tiles"], unsafe], f"{unsafe} would cause mayhem"),
            ([*own["safe_tiles"], elsewhere], "not in your hand"),
            (["purple 7"], "not a tile"),
        ],
        "p_fire_left_over": [
            (3 * Fraction(4, 45), "use the complement"),
            (1 - Fraction(41, 45) ** 3, "without replacement"),
            (1 - common["p_fire_left_over"], "opposite event"),
            (0.25, "exact value"),
        ],
        "expected_fire_left_over": [(Fraction(4, 45), "one leftover tile"),
                                    (common["p_fire_left_over"], "at least one")],
        "one_given_any": [(Fraction(4 * comb(41, 2), comb(45, 3)), "divide by P(at least one)")],
    }  # fmt: skip


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
        return key.check("simulate_fire_left_over", answer)

    wrong_deals = verdict(simulation(student, range(5000, 7000)))
    assert wrong_deals.score == 0 and "play exactly your deals" in wrong_deals.message
    doctored = {**honest_simulation, "rows": honest_simulation["rows"].copy()}
    doctored["rows"].loc[9, "fire_left_over"] = not doctored["rows"].loc[9, "fire_left_over"]
    doctored["estimate"] = doctored["rows"]["fire_left_over"].mean()
    replayed = verdict(doctored)
    assert replayed.score == 0 and "replaying" in replayed.message
    too_narrow = verdict(simulation(student, interval_scale=0.3))
    assert "too narrow" in too_narrow.message and too_narrow.score == pytest.approx(2 / 3)
    off = verdict(simulation(student, shift=0.02))
    assert "not the share" in off.message and off.score == pytest.approx(1 / 3)
    typed = verdict(honest_simulation["interval"])
    assert typed.score == 0 and "not evidence" in typed.message
    secrets = answer_texts(common_answers()["p_fire_left_over"])
    for result in (wrong_deals, replayed, too_narrow, off, typed):
        assert not any(secret in result.message for secret in secrets)


# -- the student's side: no answers, form checks only -------------------------------------------


def test_the_student_module_holds_no_answer():
    for name in ("QUESTIONS", "grade", "_safe_tiles", "_legal_examples", "_on_supports",
                 "_p_fire_six", "_expected_fire_six", "_one_given_any", "_burner_burns",
                 "EXAMPLES", "SUPPORTS", "_g_safe"):  # fmt: skip
        assert not hasattr(sheet, name), name
    sets = [value for value in vars(sheet).values() if type(value).__name__ == "QuestionSet"]
    assert sets == [sheet.CHECK_YOURSELF]  # the lesson's ungraded self-check only


def test_check_tells_the_form_never_the_truth():
    assert sheet.check("p_fire_left_over", Fraction(1, 2)).status == "ready"  # wrong, well formed
    assert sheet.check("p_fire_left_over", ...).status == "not attempted"
    assert sheet.check("safe_tiles", ["Blue 60"]).status == "ready"
    assert "not a tile" in sheet.check("safe_tiles", ["blue 61"]).message
    assert sheet.check("legal_examples", [2.0, 5]).status == "ready"


def test_a_submission_is_graded_with_its_owners_questions(student, honest_simulation):
    """The key's grader reads the handed-in plain data, as the trusted grader process does."""
    answers = right_answers(student, honest_simulation)
    payloads = {
        name: {"assignment": "w4_pyramids", "question": name, "student": student,
               "typed": student, "answer": encode(answer)}
        for name, answer in answers.items()
    }  # fmt: skip
    request = {"keys": str(KEYS), "assignment": "w4_pyramids", "student": student,
               "answers": payloads, "sources": {}}  # fmt: skip
    verdicts = grade_request(request)
    assert verdicts["flags"] == []
    assert {v["status"] for v in verdicts["verdicts"].values()} == {"correct"}
    other = STUDENTS[1] if student == STUDENTS[0] else STUDENTS[0]
    copied = grade_request({**request, "student": other})
    assert any("another student id" in flag for flag in copied["flags"])
    assert copied["verdicts"]["safe_tiles"]["status"] == "incorrect"


def test_the_teachers_solutions_answer_each_students_own_questions(student, solutions_handed_in):
    """The source notebook's solutions, run as this student, are graded correct by the key."""
    payloads = solutions_handed_in("w4_pyramids", student)
    assert set(payloads) == set(QUESTIONS(student, {}).questions)
    request = {"keys": str(KEYS), "assignment": "w4_pyramids", "student": student,
               "answers": payloads, "sources": {}}  # fmt: skip
    verdicts = grade_request(request)["verdicts"]
    assert {key: v["status"] for key, v in verdicts.items()} == dict.fromkeys(payloads, "correct")
