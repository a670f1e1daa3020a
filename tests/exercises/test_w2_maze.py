"""Worksheet 2 (Maze): each student's own questions, graded by the teacher's key.

The right answers are computed here a second way (from the rules, card by card)
and must be graded correct for two students; each typical mistake gets its
targeted hint, which never holds the answer; the student's module holds no
answer and turns odd objects into format hints.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tilegames import maze
from tilegames.exercises import Partial, answer_texts
from tilegames.exercises import maze as sheet
from tilegames.exercises.handin import encode
from tilegames_course.grading.grader import grade_request, load_questions

KEYS = Path(__file__).resolve().parents[2] / "exercises" / "keys"
STUDENTS = ("ada", "s2041")
QUESTIONS = load_questions(KEYS, "w2_maze")


@pytest.fixture(scope="module", params=STUDENTS)
def student(request):
    return request.param


@pytest.fixture(scope="module")
def key(student):
    return QUESTIONS(student, {})


# -- the right answers, computed a second way ----------------------------------------------------


def right_table_answers(student: str) -> dict:
    """Q3, Q4 and Q8 for ``student``'s table, read card by card with the rules."""
    game = sheet.position("table", student)
    follows = maze.Rules().follows
    cards = [card for card in game.slots if card is not None]
    score = int(cards[0].rank == 1) + sum(follows(a.code, b.code) for a, b in zip(cards, cards[1:]))
    gap = sheet.question_gap(student)
    before, after = game.card_at(gap - 1), game.card_at(gap + 1)
    into = sorted(
        str(card)
        for card in cards
        if follows(before.code, card.code) or follows(card.code, after.code)
    )
    view = game.player_view()
    gains = {move: view.score_after(move) - view.score for move in view.legal_moves}
    best = max(gains.values())
    return {
        "score_shown": score,
        "into_gap": into,
        "best_move": [str(m) for m, g in gains.items() if g == best],
        "gains": gains,
    }


def common_answers() -> dict:
    kings = sum(1 for card in maze.DECK if card.rank == 13)
    gap0 = Fraction(kings, 52)
    queens = aces = 4
    others = 48 - queens
    p_link = Fraction(others * 1 + queens * aces, 48 * 47)
    return {
        "gap_in_slot_0": gap0,
        "expected_gaps_row0": 1 + 8 * gap0,  # slot 8 is never dealt
        "p_link": p_link,
        "expected_fresh_score": Fraction(aces, 48) + 47 * p_link,
    }


def simulation(student: str, seeds=None, *, interval_scale: float = 1.0, shift: float = 0.0):
    rows = pd.DataFrame({"seed": seeds if seeds is not None else sheet.deals(student)})
    rows["score"] = [maze.new_game(seed=int(s)).score for s in rows["seed"]]
    mean = rows["score"].mean()
    half = 1.96 * rows["score"].std() / len(rows) ** 0.5 * interval_scale
    return {"rows": rows, "estimate": mean + shift, "interval": (mean - half, mean + half)}


@pytest.fixture(scope="module")
def honest_simulation(student):
    return simulation(student)


def test_right_answers_are_correct(key, student, honest_simulation):
    answers = common_answers()
    table = right_table_answers(student)
    answers["score_shown"] = table["score_shown"]
    answers["into_gap"] = table["into_gap"]
    assert len(table["best_move"]) == 1  # the sheet shows a table with one best move
    answers["best_move"] = table["best_move"][0]
    answers["simulate_fresh_score"] = honest_simulation
    assert set(answers) == set(key.questions)
    for name, answer in answers.items():
        result = key.check(name, answer)
        assert result.status == "correct", (name, result)
        assert result.score == 1.0


def test_honest_answers_in_other_forms_are_correct(key, student):
    table = right_table_answers(student)
    assert key.check("score_shown", float(table["score_shown"])).correct  # 3.0 for 3
    assert key.check("score_shown", np.int64(table["score_shown"])).correct
    ascii_cards = [maze.Card.parse(name).ascii.lower() for name in table["into_gap"]]
    assert key.check("into_gap", ascii_cards).correct  # '7d' for '7♦'
    assert key.check("into_gap", tuple(reversed(table["into_gap"]))).correct
    move = maze.Move.parse(table["best_move"][0])
    assert key.check("best_move", move.ascii).correct  # '7D -> 23' for '7♦ → 23'
    assert key.check("best_move", move).correct
    assert key.check("gap_in_slot_0", Fraction(2, 26)).correct


def test_the_two_students_get_different_questions():
    first, second = (right_table_answers(s) for s in STUDENTS)
    tables = [sheet.position("table", s).codes for s in STUDENTS]
    assert tables[0] != tables[1]
    assert first["into_gap"] != second["into_gap"]
    assert first["best_move"] != second["best_move"]
    assert set(sheet.deals(STUDENTS[0])).isdisjoint(sheet.deals(STUDENTS[1]))
    # one student's answers are not the other's
    other = QUESTIONS(STUDENTS[1], {})
    assert not other.check("into_gap", first["into_gap"]).correct
    assert not other.check("best_move", first["best_move"][0]).correct
    scores = {right_table_answers(s)["score_shown"] for s in ("a1", "b2", "c3", "d4", "e5")}
    assert len(scores) > 1  # the score asked for varies between students


def test_a_student_sees_the_same_questions_every_time(student):
    assert sheet.position("table", student).codes == sheet.position("table", student).codes
    assert sheet.question_gap(student) == sheet.question_gap(student)
    assert sheet.deals(student) == sheet.deals(student)


# -- typical mistakes and their hints ------------------------------------------------------------


def mistakes(student: str) -> dict[str, list[tuple[object, str]]]:
    """(a mistaken answer, a word its hint must contain) for each question."""
    table = right_table_answers(student)
    common = common_answers()
    game = sheet.position("table", student)
    gap = sheet.question_gap(student)
    wrong_card = next(
        str(card) for card in game.slots if card is not None and str(card) not in table["into_gap"]
    )
    illegal = next(
        f"{card.ascii} -> {gap}"
        for card in game.slots
        if card and str(card) not in table["into_gap"]
    )
    flat = [move for move, gain in table["gains"].items() if gain <= 0]
    found = {
        "gap_in_slot_0": [
            (Fraction(1, 54), "never dealt"),
            (Fraction(1, 9), "not like slots 8 and 17"),
            (Fraction(4, 54), "only 52 slots"),
            (0.077, "exact value"),
        ],
        "expected_gaps_row0": [
            (9 * common["gap_in_slot_0"], "always a gap"),
            (8 * common["gap_in_slot_0"], "do not forget slot 8"),
            (Fraction(1), "not spread evenly"),
        ],
        "p_link": [
            (Fraction(1, 47), "any of the four aces"),
            (Fraction(1, 48), "other than the first"),
            (Fraction(44, 48 * 47), "after non-queens"),
        ],
        "expected_fresh_score": [
            (47 * common["p_link"], "first card is an ace"),
            (48 * common["p_link"] + Fraction(1, 12), "47 neighbouring pairs"),
        ],
        "score_shown": [
            (table["score_shown"] - 1, "missed a link"),
            (table["score_shown"] + 1, "a link needs"),
        ],
        "into_gap": [
            (table["into_gap"][:1], "you missed one"),
            ([*table["into_gap"], wrong_card], f"may not move into slot {gap}"),
            ([*table["into_gap"], "KH"], "not on the table"),
            ("7D", "a list"),
        ],
        "best_move": [
            (illegal, "not legal"),
            (str(flat[0]), "does not raise the score"),
            (42, "a move as text"),
        ],
    }
    raised = [
        move for move, gain in table["gains"].items() if 0 < gain < max(table["gains"].values())
    ]
    if raised:
        found["best_move"].append((str(raised[0]), "another raises it more"))
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
        return key.check("simulate_fresh_score", answer)

    wrong_deals = verdict(simulation(student, range(2000)))
    assert wrong_deals.score == 0 and "play exactly your deals" in wrong_deals.message
    doctored = simulation(student)
    doctored["rows"].loc[7, "score"] += 3
    doctored["estimate"] = doctored["rows"]["score"].mean()
    replayed = verdict(doctored)
    assert replayed.score == 0 and "replaying" in replayed.message
    too_wide = verdict(simulation(student, interval_scale=3))
    assert too_wide.status == "incorrect" and "too wide" in too_wide.message
    assert too_wide.score == pytest.approx(2 / 3)  # rows and estimate right: part of the points
    off = verdict(simulation(student, shift=0.2))
    assert "not the mean" in off.message and off.score == pytest.approx(1 / 3)
    typed = verdict(honest_simulation["interval"])
    assert typed.score == 0 and "not evidence" in typed.message
    secrets = answer_texts(float(common_answers()["expected_fresh_score"]))
    for result in (wrong_deals, replayed, too_wide, off, typed):
        assert not any(secret in result.message for secret in secrets)


# -- the student's side: no answers, form checks only -------------------------------------------


def test_the_student_module_holds_no_answer():
    for name in ("QUESTIONS", "grade", "_best_moves", "_score", "_into_slot", "_p_link",
                 "_expected_score", "_gap_in_slot_0", "_expected_gaps_row0", "_g_best"):  # fmt: skip
        assert not hasattr(sheet, name), name
    sets = [value for value in vars(sheet).values() if type(value).__name__ == "QuestionSet"]
    assert sets == [sheet.CHECK_YOURSELF]  # the lesson's ungraded self-check only
    assert "links" not in sheet.picture(sheet.position("table", "ada")).markup.lower()
    assert "score" not in sheet.picture(sheet.position("table", "ada")).markup.lower()


def test_check_tells_the_form_never_the_truth(student):
    answers = common_answers()
    assert sheet.check("p_link", answers["p_link"]).status == "ready"
    assert sheet.check("p_link", answers["p_link"] + 1).status == "ready"  # wrong, but well formed
    assert sheet.check("p_link", ...).status == "not attempted"
    assert "exact value" in sheet.check("p_link", 0.03).message
    assert sheet.check("into_gap", ["7D", "zz"]).status == "incorrect"


def test_a_submission_is_graded_with_its_owners_questions(student, honest_simulation):
    """The key's grader reads the handed-in plain data, as the trusted grader process does."""
    table = right_table_answers(student)
    answers = {**common_answers(), "simulate_fresh_score": honest_simulation}
    answers.update(score_shown=table["score_shown"], into_gap=table["into_gap"])
    answers["best_move"] = table["best_move"][0]
    payloads = {
        name: {"assignment": "w2_maze", "question": name, "student": student, "typed": student,
               "answer": encode(answer)}
        for name, answer in answers.items()
    }  # fmt: skip
    request = {"keys": str(KEYS), "assignment": "w2_maze", "student": student,
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
    payloads = solutions_handed_in("w2_maze", student)
    assert set(payloads) == set(QUESTIONS(student, {}).questions)
    request = {"keys": str(KEYS), "assignment": "w2_maze", "student": student,
               "answers": payloads, "sources": {}}  # fmt: skip
    verdicts = grade_request(request)["verdicts"]
    assert {key: v["status"] for key, v in verdicts.items()} == dict.fromkeys(payloads, "correct")
