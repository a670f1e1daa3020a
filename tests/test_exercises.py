"""The course's checks, both sides: the student's form checks and the teacher's answer keys.

Worksheet 1 is tested here in full (the others in ``tests/exercises/``): for two
students, each right answer is correct, each typical mistake gets its hint, no
hint carries the answer, the two students' questions differ, and the student's
module holds no answer at all. The rest are the shared pieces: handing answers
in as plain data, the simulation checks, and checks that survive any object.
"""

from __future__ import annotations

import time
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tilegames import tula
from tilegames.exercises import AnswerFormat, Form, Sheet, answer_texts, as_fraction, as_whole
from tilegames.exercises import first_player as first_player_sheet
from tilegames.exercises import maze as maze_sheet
from tilegames.exercises import mercy as mercy_sheet
from tilegames.exercises import pyramids as pyramids_sheet
from tilegames.exercises import round_score as round_score_sheet
from tilegames.exercises import triominos as triominos_sheet
from tilegames.exercises import tula as tula_sheet
from tilegames.exercises.handin import MIME, decode, encode, submit, variant_seed
from tilegames.exercises.simulation import check_mean, check_paired, check_proportion
from tilegames_course.grading.grader import grade_request, load_questions

KEYS = Path(__file__).resolve().parent.parent / "exercises" / "keys"
STUDENTS = ("ada", "bob")


def _wald(share, n):
    half = 1.96 * (share * (1 - share) / n) ** 0.5
    return (share - half, share + half)


def tula_rows(student, n=None):
    seeds = tula_sheet.deals(student)
    rows = pd.DataFrame({"seed": list(seeds)[:n] if n else list(seeds)})
    rows["one_match"] = [tula_sheet.one_match(s) for s in rows["seed"]]
    return rows


def tula_simulation(student, rows=None):
    rows = tula_rows(student) if rows is None else rows
    share = rows["one_match"].mean()
    return {"rows": rows, "estimate": share, "interval": _wald(share, len(rows))}


def w1_questions(student):
    return load_questions(KEYS, "w1_tula")(student, {})


def _covered_tile(game):
    face_down = [p for p in tula.POSITIONS if game.is_present(p) and not game.is_face_up(p)]
    return next(p for p in face_down if p not in game.revealable())


def _face_up(game):
    return next(p for p in tula.POSITIONS if game.is_present(p) and game.is_face_up(p))


def _winning_removal(game):
    from tilegames.tula.solver import solve

    for move in game.legal_moves():
        trial = game.copy()
        trial.play(move)
        if move.kind == "remove" and solve(trial).winnable:
            yield str(move.position)


def _losing_removal(game):
    good = set(_winning_removal(game))
    return next(str(m.position) for m in game.legal_moves() if str(m.position) not in good)


def w1_right(student):
    reveal = tula_sheet.position("reveal_now", student)
    keep = tula_sheet.position("keep_winnable", student)
    partners = 8  # 5 of the tile's suit, 3 of its value
    return {
        "pairs": 24 * partners // 2,
        "non_matching_pair": ("2 Moons", "null Suns"),
        "reveal_now": sorted(reveal.revealable()),
        "blocked_1K": {"top", "left", "bottom"},
        "free_layer2": ["2A", "2C", "2D", "2F", "2G"],
        "exactly_one": Fraction(partners * 15 * 14 // 2, 23 * 22 * 21 // 6),
        "neither_given_3A": Fraction(15 * 14, 22 * 21),
        "expected_matches": 3 * Fraction(partners, 23),
        "simulate_one_match": tula_simulation(student),
        "keep_winnable": next(_winning_removal(keep)),
    }


def w1_wrong(student):
    reveal = tula_sheet.position("reveal_now", student)
    keep = tula_sheet.position("keep_winnable", student)
    right = sorted(reveal.revealable())
    simulation = tula_simulation(student)
    doctored = simulation["rows"].copy()
    doctored.loc[5, "one_match"] = not doctored.loc[5, "one_match"]
    low, high = simulation["interval"]
    middle = (low + high) / 2
    return {
        "pairs": [(192, "twice"), (276, "every pair"), (100, "multiply")],
        "non_matching_pair": [(("2 Moons", "2 Suns"), "do match"), (("2 Moons", "2 Moons"), "different")],
        "reveal_now": [
            (right + [_covered_tile(reveal)], "cannot be revealed"),
            (right + [_face_up(reveal)], "face up"),
            (right[:-1], "missed"),
        ],
        "blocked_1K": [({"top", "left", "bottom", "right"}, "1L"), ({"top", "left"}, "1M")],
        "free_layer2": [
            (["2A", "2C"], "bottom corners"),
            (["2A", "2B", "2C", "2D", "2F", "2G"], "2B and 2E"),
            (["1A", "2A"], "layer 2 only"),
        ],
        "exactly_one": [
            (3 * Fraction(8, 23) * Fraction(15, 23) ** 2, "without replacement"),
            (Fraction(8 * 15 * 14, 23 * 22 * 21), "any of the three"),
            (Fraction(8 * 105, 2024), "other 23"),
        ],
        "neither_given_3A": [(Fraction(105, 253), "22 are left"), (Fraction(91, 231), "15 non-partners")],
        "expected_matches": [(Fraction(8, 23), "three positions"), (Fraction(188, 253), "at least one")],
        "simulate_one_match": [
            ({**simulation, "rows": doctored}, "replaying"),
            ({**simulation, "interval": (middle - (high - low) / 8, middle + (high - low) / 8)}, "too narrow"),
            ({**simulation, "estimate": 0.5}, "not the share"),
            (tula_simulation(student, tula_rows(student, 500)), "at least 2,000"),
            (tula_simulation(STUDENTS[1] if student == STUDENTS[0] else STUDENTS[0]), "your deals"),
        ],
        "keep_winnable": [(_losing_removal(keep), "")],
    }  # fmt: skip


@pytest.mark.parametrize("student", STUDENTS)
def test_w1_right_answers_are_correct_for_each_student(student):
    questions = w1_questions(student)
    right = w1_right(student)
    assert set(right) == set(questions.questions) == set(tula_sheet.FORMS)
    for key, answer in right.items():
        assert questions.check(key, answer).status == "correct", key
        assert tula_sheet.check(key, answer).status in ("ready",) or key == "simulate_one_match"
        assert questions.check(key, ...).status == "not attempted"


@pytest.mark.parametrize("student", STUDENTS)
def test_w1_mistakes_get_their_hint_and_never_the_answer(student):
    questions = w1_questions(student)
    right = w1_right(student)
    for key, mistakes in w1_wrong(student).items():
        secrets = questions.questions[key].answer_texts() + answer_texts(right[key])
        for answer, word in mistakes:
            result = questions.check(key, answer)
            assert result.status == "incorrect", (key, answer)
            assert word in result.message, (key, result.message)
            assert not any(s in result.message for s in secrets if s), (key, result.message)


def test_w1_two_students_get_different_questions():
    a, b = (w1_right(student) for student in STUDENTS)
    assert a["reveal_now"] != b["reveal_now"] or a["keep_winnable"] != b["keep_winnable"]
    assert tula_sheet.deals("ada") != tula_sheet.deals("bob")
    for key in ("reveal_now", "keep_winnable", "simulate_one_match"):  # each variant is its own
        other = w1_questions("bob").check(key, a[key])
        mine = w1_questions("ada").check(key, a[key])
        assert mine.correct and (not other.correct or key == "keep_winnable" and a[key] == b[key])


def test_the_students_module_holds_no_answer():
    for name in ("QUESTIONS", "grade", "_pairs", "_exactly_one", "_keep_winnable_answer"):
        assert not hasattr(tula_sheet, name), name
    assert all(not hasattr(form, "answer") for form in tula_sheet.FORMS.values())
    # a wrong answer of the right form is "ready" at home: the check does not know the answer
    assert tula_sheet.check("pairs", 97).status == tula_sheet.check("pairs", 96).status == "ready"


class _Hostile:
    def __float__(self):
        raise RuntimeError("no")

    def __str__(self):
        raise RuntimeError("no")

    __repr__ = __str__

    def __len__(self):
        raise RuntimeError("no")


def _endless():
    while True:
        yield 1


def _deep():
    value = []
    for _ in range(100_000):
        value = [value]
    return value


ODD = ["", "x", 1.5, -3, True, [], {}, (1,), object(), float("nan"), {"rows": "x"}, _Hostile()]


SHEETS = [tula_sheet, maze_sheet, triominos_sheet, pyramids_sheet, mercy_sheet, round_score_sheet,
          first_player_sheet]  # fmt: skip


@pytest.mark.parametrize("module", SHEETS, ids=lambda m: m.ASSIGNMENT)
def test_every_sheet_offers_what_a_notebook_calls(module):
    from tilegames.exercises import HOMEWORK, WORKSHEET

    wanted = WORKSHEET if hasattr(module, "CHECK_YOURSELF") else HOMEWORK
    assert set(wanted) <= set(module.__all__), module.ASSIGNMENT
    missing = [name for name in module.__all__ if not hasattr(module, name)]
    assert not missing, (module.ASSIGNMENT, missing)
    from tilegames.exercises.handin import student_id

    assert module.student_id is student_id
    assert list(module.deals("ada")) != list(module.deals("bob"))  # each student's own deals


@pytest.mark.parametrize("module", SHEETS, ids=lambda m: m.ASSIGNMENT)
def test_a_home_check_answers_any_object_quickly_and_never_raises(module):
    for key in module.FORMS:
        for answer in [*ODD, _endless(), _deep(), np.bool_(True), {"rows": _endless()}]:
            started = time.perf_counter()
            result = module.check(key, answer)
            assert time.perf_counter() - started < 1.0, (key, type(answer))
            assert result.status in ("incorrect", "ready"), (key, answer)
            assert result.message


@pytest.mark.parametrize("student", STUDENTS)
def test_the_key_answers_any_odd_object_as_incorrect(student):
    questions = w1_questions(student)
    for key, question in questions.questions.items():
        secrets = question.answer_texts()
        for answer in [*ODD, _deep()]:
            result = questions.check(key, answer)
            assert result.status == "incorrect", (key, answer)
            assert not any(secret in result.message for secret in secrets), (key, answer)


def test_honest_answers_in_other_valid_forms_are_accepted():
    questions = w1_questions("ada")
    assert questions.check("pairs", 96.0).correct
    assert questions.check("pairs", np.int64(96)).correct
    assert not questions.check("pairs", 96.5).correct
    assert questions.check("keep_winnable", "remove " + w1_right("ada")["keep_winnable"]).correct


def test_unknown_question_is_a_clear_error():
    with pytest.raises(KeyError, match="no question 'nope'"):
        tula_sheet.check("nope", 1)


# -- handing in as plain data ---------------------------------------------------------------------


def test_answers_travel_as_plain_data_and_come_back_the_same():
    rows = pd.DataFrame({"seed": [3, 4], "hit": [True, False], "points": [1.5, 2.0]})
    answer = {
        "rows": rows,
        "estimate": np.float64(0.5),
        "interval": (0.25, 0.75),
        "set": {"1A", "2B"},
        "p": Fraction(120, 253),
        "yes": np.bool_(True),
    }
    back = decode(encode(answer))
    pd.testing.assert_frame_equal(back["rows"], rows)
    assert back["interval"] == (0.25, 0.75) and back["set"] == {"1A", "2B"}
    assert back["p"] == Fraction(120, 253) and back["yes"] is True


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"kind": "object", "value": "os.system"},
        {"kind": "int", "value": "9" * 5000},
        {"kind": "list", "items": "abc"},
        {"kind": "table", "columns": ["a"], "data": [[{"kind": "int", "value": "1"}], []]},
        {"kind": "fraction", "num": "1", "den": "0"},
    ],
)
def test_malformed_handed_in_data_is_refused_not_built(data):
    from tilegames.exercises.handin import Unreadable

    with pytest.raises(Unreadable):
        decode(data)


def test_submit_shows_a_line_and_carries_the_answer_for_the_grader():
    handed = submit("w1_tula", "pairs", 96)
    bundle = handed._repr_mimebundle_()
    assert bundle[MIME]["question"] == "pairs" and decode(bundle[MIME]["answer"]) == 96
    assert "96" not in bundle["text/plain"]  # the line says it was handed in, not what
    assert (
        "Not handed in" in submit("w1_tula", "pairs", _endless())._repr_mimebundle_()["text/plain"]
    )


def test_the_grader_flags_answers_that_are_not_the_cells_own():
    payload = submit("w1_tula", "pairs", 96)._repr_mimebundle_()[MIME]
    request = {"keys": str(KEYS), "assignment": "w1_tula", "student": "ada", "sources": {}}
    verdicts = grade_request({**request, "answers": {"pairs": payload}})
    assert verdicts["verdicts"]["pairs"]["status"] == "correct" and not verdicts["flags"]
    moved = grade_request({**request, "answers": {"exactly_one": payload}})
    assert moved["verdicts"]["exactly_one"]["share"] == 0 and moved["flags"]
    other = dict(payload, typed="bob")
    flagged = grade_request({**request, "answers": {"pairs": other}})
    assert any("bob" in flag for flag in flagged["flags"])


def test_every_student_has_their_own_variant_seed():
    seeds = {variant_seed("w1_tula", f"s{i}") for i in range(1000)}
    assert len(seeds) == 1000
    assert variant_seed("w1_tula", "ada") != variant_seed("w2_maze", "ada")


def test_a_sheet_checks_form_only():
    sheet = Sheet("demo", {"p": Form(as_fraction, "a Fraction"), "n": Form(as_whole, "a count")})
    assert sheet.check("p", Fraction(1, 3)).status == "ready"
    assert "not a decimal" in sheet.check("p", 0.33).message
    assert sheet.check("n", ...).status == "not attempted"
    with pytest.raises(AnswerFormat):
        as_whole("7")


# -- simulations ----------------------------------------------------------------------------------


def test_a_simulated_proportion_is_judged_by_its_own_sample_size():
    """The same estimate is consistent with a small sample and refused with a huge one."""
    rng = np.random.default_rng(1)

    def answer(n, p):
        outcome = rng.random(n) < p
        rows = pd.DataFrame({"seed": range(n), "hit": outcome})
        share = outcome.mean()
        return {"rows": rows, "estimate": share, "interval": _wald(share, n)}

    # 0.52 observed against a true 0.5: fine for 500 games, not for 200,000
    small = answer(500, 0.52)
    assert check_proportion(small, outcome="hit", rederive=None, reference=0.5) is None
    big = answer(200_000, 0.52)
    hint = check_proportion(big, outcome="hit", rederive=None, reference=0.5)
    assert hint and "fair sample" in hint


def test_a_replayed_sample_is_the_same_every_time():
    """3 edited rows of 2,000: a seeded sample of 40 gives the same verdict on every run."""
    rows = pd.DataFrame({"seed": range(2000), "hit": [s % 3 == 0 for s in range(2000)]})
    rows.loc[[10, 500, 1500], "hit"] = ~rows.loc[[10, 500, 1500], "hit"]
    share = rows["hit"].mean()
    answer = {"rows": rows, "estimate": share, "interval": _wald(share, 2000)}
    verdicts = {
        check_proportion(
            answer,
            outcome="hit",
            rederive=lambda s: s % 3 == 0,
            reference=None,
            sample=40,
            sample_seed=7,
        )
        for _ in range(5)
    }
    assert len(verdicts) == 1
    every = check_proportion(answer, outcome="hit", rederive=lambda s: s % 3 == 0, reference=None)
    assert every and "replaying" in every


def test_a_simulated_mean_is_recomputed_from_its_rows():
    values = np.arange(200) % 7
    rows = pd.DataFrame({"seed": range(200), "points": values})
    mean = values.mean()
    half = 1.96 * values.std(ddof=1) / np.sqrt(200)
    good = {"rows": rows, "estimate": mean, "interval": (mean - half, mean + half)}
    assert check_mean(good, column="points", rederive=lambda s: s % 7) is None
    assert "replaying" in check_mean(good, column="points", rederive=lambda s: s % 5)
    wide = {**good, "interval": (mean - 5 * half, mean + 5 * half)}
    partial = check_mean(wide, column="points", rederive=None)
    assert "too wide" in str(partial) and partial.share == 2 / 3  # rows and estimate right
    with pytest.raises(AnswerFormat, match="interval alone"):
        check_mean((1.0, 2.0), column="points", rederive=None)


def test_a_paired_question_refuses_an_unpaired_interval():
    rng = np.random.default_rng(3)
    a = rng.random(400) < 0.3
    b = a ^ (rng.random(400) < 0.05)  # the same games: strongly paired
    rows = pd.DataFrame({"seed": range(400), "x": a, "y": b})
    d = a.mean() - b.mean()
    unpaired = 1.96 * np.sqrt(a.var(ddof=1) / 400 + b.var(ddof=1) / 400)
    answer = {"rows": rows, "estimate": d, "interval": (d - unpaired, d + unpaired)}
    hint = check_paired(answer, columns=("x", "y"), rederive=None, proportions=True)
    assert hint and "independent samples" in str(hint) and 0 < hint.share < 1
    diff = a.astype(float) - b
    half = 1.96 * diff.std(ddof=1) / np.sqrt(400)
    paired = {**answer, "interval": (d - half, d + half)}
    assert check_paired(paired, columns=("x", "y"), rederive=None, proportions=True) is None


def test_the_last_guard_removes_an_answer_from_a_hint():
    from tilegames.exercises import Question, QuestionSet

    leaky = QuestionSet(
        [Question("q", "?", lambda a: "the answer is 4242", "a number", answer=lambda: 4242)]
    )
    result = leaky.check("q", 1)
    assert result.status == "incorrect" and "4242" not in result.message


def test_the_rules_cards_are_drawn_by_the_library_and_committed():
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("make_cards", root / "scripts" / "make_cards.py")
    cards = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cards)
    for game, make in [
        ("tula", cards.tula_card),
        ("maze", cards.maze_card),
        ("triominos", cards.triominos_card),
        ("pyramids", cards.pyramids_card),
    ]:
        text = make()
        assert text.count("<svg") >= 1 and "@page" in text
        committed = (root / "docs" / "cards" / f"{game}.html").read_text(encoding="utf-8")
        assert "<svg" in committed and "<h2>Notation</h2>" in committed
    assert "remove 3B" in cards.tula_card() and "7♦ → 23" in cards.maze_card()


QUICK = {
    tula_sheet: (
        {"null_suns_3_suns": True, "stuck_removals": 0, "never_blocked_floor": ["1A", "1D", "1I", "1L", "1M"]},
        {"null_suns_3_suns": (False, "share the suit"), "stuck_removals": (3, "nothing can be removed"),
         "never_blocked_floor": (["1A", "1D", "1I", "1L"], "missed 1 tile")},
    ),
    maze_sheet: (
        {"gaps": 6, "ace_follows_queen": True, "won_score": 48},
        {"gaps": (2, "kings"), "ace_follows_queen": ("True", "not a string"), "won_score": (47, "first card")},
    ),
    triominos_sheet: (
        {"tiles": 56, "tile_0_2_1_exists": False, "hexagon_bonus": 50},
        {"tiles": (216, "ordered"), "tile_0_2_1_exists": (True, "never flip"), "hexagon_bonus": (40, "bridge")},
    ),
    pyramids_sheet: (
        {"blue60_on_blue20_red40": True, "coal_burns_wood": False, "leftovers_4_players": 1},
        {"blue60_on_blue20_red40": (False, "both conditions"), "coal_burns_wood": (True, "burners"),
         "leftovers_4_players": (0, "left over")},
    ),
}  # fmt: skip


@pytest.mark.parametrize("module", list(QUICK), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_check_yourself_questions_for_the_rules_notebooks(module):
    right, wrong = QUICK[module]
    assert set(right) == set(module.CHECK_YOURSELF.questions) == set(wrong)
    for key, answer in right.items():
        assert module.check_yourself(key, answer).correct, key
        assert module.check_yourself(key, ...).status == "not attempted"
    for key, (answer, word) in wrong.items():
        result = module.check_yourself(key, answer)
        assert result.status == "incorrect" and word in result.message, (key, result.message)
        for secret in module.CHECK_YOURSELF.questions[key].answer_texts():
            assert secret not in result.message


def test_the_last_guard_also_hides_an_answer_that_the_format_example_would_show():
    from tilegames.exercises import Question, QuestionSet, as_whole

    def grade(answer):
        as_whole(answer, "a whole number, like 4242")
        return None

    sheet = QuestionSet([Question("q", "?", grade, "a whole number, like 4242", lambda: 4242)])
    result = sheet.check("q", "text")
    assert result.status == "incorrect" and "4242" not in result.message
