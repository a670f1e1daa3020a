"""Homework 1 (mercy): the student's side holds no answers; the key grades each student's own variant.

The player is graded only through the player box, from its answer cell's code.
"""

from __future__ import annotations

import ast
import functools
import math
import re
import time
from fractions import Fraction
from math import comb
from pathlib import Path

import nbformat
import numpy as np
import pandas as pd
import pytest

from tilegames import tula
from tilegames.exercises import mercy
from tilegames.exercises.handin import decode, encode
from tilegames.players import Player
from tilegames.stats import paired_difference
from tilegames_course.grading import player_box
from tilegames_course.grading.grader import load_questions

ROOT = Path(__file__).resolve().parents[2]
STUDENTS = ("ada", "bob")

FIRST = """
class First(Player):
    def choose(self, view, rng):
        return view.legal_moves[0]
my_player = First()
"""

FRAMES = """
import sys
class FramePeeker(Player):
    def choose(self, view, rng):
        frame = sys._getframe(1)
        while frame is not None:  # look for the game in the callers' variables
            if isinstance(frame.f_locals.get("game"), tula.Game):
                return view.legal_moves[-1]
            frame = frame.f_back
        return view.legal_moves[0]
my_player = FramePeeker()
check("my_player", my_player)
"""

SLOW = """
import time
class Slow(Player):
    moves = 0
    def choose(self, view, rng):
        self.moves += 1
        if self.moves == 3:
            time.sleep(5)
        return view.legal_moves[0]
my_player = Slow()
"""


def _cell_source(grade_id: str) -> str:
    """The teacher's solution cell, as the student would hand it in (no solution markers)."""
    notebook = nbformat.read(ROOT / "exercises/source/h1_mercy/h1_mercy.ipynb", as_version=4)
    cell = next(
        c for c in notebook.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id
    )
    return re.sub(r"^\s*### (BEGIN|END) SOLUTION\n", "", cell.source, flags=re.M)


@functools.cache
def _player_namespace(source: str) -> dict:
    """The answer cell run here, as in the student's kernel (``check`` does nothing)."""
    namespace = {"__name__": "__main__", "tula": tula, "Player": Player, "check": lambda *a: None}
    exec(source, namespace)
    return namespace


def _player(source: str):
    return _player_namespace(source)["my_player"]


@functools.cache
def questions(student: str, source: str = ""):
    key = load_questions(ROOT / "exercises" / "keys", "h1_mercy")
    return key(student, {"my_player_answer": source or _cell_source("my_player_answer")})


def _graded(student: str, key: str, answer, source: str = ""):
    """The key's verdict on an answer, handed in as plain data the way a graded cell does."""
    return questions(student, source).check(key, decode(encode(answer)))


@functools.cache
def _wins(source: str, seeds: tuple[int, ...], mercy_on: bool) -> tuple[bool, ...]:
    player = _player(source) if source != "greedy" else tula.make_player("greedy")
    return tuple(mercy.won(player, seed, mercy_on) for seed in seeds)


def paired(columns, first, second, seeds):
    rows = pd.DataFrame({"seed": list(seeds)})
    rows[columns[0]], rows[columns[1]] = list(first), list(second)
    ci = paired_difference(rows[columns[0]], rows[columns[1]])
    return {"rows": rows, "estimate": ci.value, "interval": (ci.low, ci.high)}


def versus_greedy(student: str, source: str = "") -> dict:
    seeds = tuple(mercy.deals(student))
    source = source or _cell_source("my_player_answer")
    return paired(
        ("mine", "greedy"), _wins(source, seeds, True), _wins("greedy", seeds, True), seeds
    )


def mercy_effect(student: str, source: str = "") -> dict:
    seeds = tuple(mercy.deals(student))
    source = source or _cell_source("my_player_answer")
    return paired(
        ("with_mercy", "without_mercy"),
        _wins(source, seeds, True),
        _wins(source, seeds, False),
        seeds,
    )


def unpaired(answer: dict, columns) -> dict:
    rows = answer["rows"]
    a, b = (rows[column].astype(float) for column in columns)
    half = 1.96 * np.sqrt(a.var() / len(a) + b.var() / len(b))
    return {**answer, "interval": (answer["estimate"] - half, answer["estimate"] + half)}


def gain(student: str) -> Fraction:
    """Worked out here: P(no match among 3 of 23 with 8 partners) × the rescue rate."""
    return Fraction(comb(15, 3), comb(23, 3)) * mercy.rescue(student)


def games_needed(student: str) -> int:
    near, margin = mercy.margin_question(student)
    return math.ceil(1.96**2 * near * (1 - near) / margin**2)


# -- the key: right answers, each student's own -------------------------------------------------


@pytest.mark.parametrize("student", STUDENTS)
def test_each_students_right_answers_are_correct(student):
    answers = {
        "overall_gain": gain(student),
        "my_player": _player(_cell_source("my_player_answer")),
        "vs_greedy": versus_greedy(student),
        "mercy_effect": mercy_effect(student),
        "games_for_margin": games_needed(student),
    }
    for key, answer in answers.items():
        result = _graded(student, key, answer)
        assert result.correct, (student, key, result)
    assert _graded(student, "overall_gain", float(gain(student))).status == "incorrect"
    assert _graded(student, "games_for_margin", float(games_needed(student))).correct


def test_two_students_get_different_questions():
    ada, bob = (questions(s) for s in STUDENTS)
    assert mercy.deals("ada") != mercy.deals("bob")
    assert set(mercy.deals("ada")).isdisjoint(mercy.deals("bob"))
    assert ada.questions["overall_gain"].answer() != bob.questions["overall_gain"].answer()
    assert ada.questions["games_for_margin"].answer() != bob.questions["games_for_margin"].answer()
    assert not _graded("bob", "overall_gain", gain("ada")).correct
    hint = _graded("bob", "vs_greedy", versus_greedy("ada")).message
    assert "play exactly your deals" in hint


def test_dice_are_seeded_as_the_player_box_seeds_them():
    for seed in (0, 7, 52221000):
        assert mercy.player_seed(seed) == player_box.player_seed(seed)
    dice = np.random.default_rng(mercy.player_seed(3)).integers(1 << 30, size=4)
    deal = np.random.default_rng(3).integers(1 << 30, size=4)
    assert list(dice) != list(deal)  # the player's dice are not the deal's stream


# -- the key: targeted hints, never the answer ---------------------------------------------------

MISTAKES = {
    "overall_gain": [
        (lambda s: mercy.rescue(s), "weight the rescue rate"),
        (lambda s: Fraction(65, 253), "multiply by the rescue rate"),
        (lambda s: Fraction(188, 253) * mercy.rescue(s), "none of the first three"),
        (lambda s: Fraction(1, 2), "total probability"),
    ],
    "games_for_margin": [
        (lambda s: math.ceil(games_needed(s) / 4), "do not double"),
        (lambda s: 4 * games_needed(s), "half-width"),
        (lambda s: 1, "percentage points"),
        (lambda s: math.ceil(1.96**2 / 4 / mercy.margin_question(s)[1] ** 2), "worst case"),
        (lambda s: 100, "solve"),
    ],
    "vs_greedy": [
        (
            lambda s: {**versus_greedy(s), "estimate": -versus_greedy(s)["estimate"]},
            "order matters",
        ),
        (lambda s: unpaired(versus_greedy(s), ("mine", "greedy")), "independent"),
        (lambda s: (-0.01, 0.02), "interval alone"),
        (lambda s: versus_greedy(s, FIRST), "replaying that game"),
    ],
    "mercy_effect": [
        (lambda s: unpaired(mercy_effect(s), ("with_mercy", "without_mercy")), "independent"),
        (lambda s: mercy_effect(s, FIRST), "replaying that game"),
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


def test_rows_that_replay_with_figures_wrong_earn_part_of_the_points():
    result = _graded("ada", "mercy_effect", {**mercy_effect("ada"), "estimate": 0.5})
    assert result.status == "incorrect" and result.score == pytest.approx(1 / 3), (
        result
    )  # rows right
    edited = mercy_effect("ada")
    rows = edited["rows"].copy()
    rows.loc[5, "with_mercy"] = not rows.loc[5, "with_mercy"]
    nothing = _graded("ada", "mercy_effect", {**edited, "rows": rows})
    assert nothing.score == 0 and "replaying that game" in nothing.message


# -- the player: only through the box, from its cell ---------------------------------------------


@pytest.mark.parametrize(
    ("source", "hint"),
    [
        ("my_player = tula.make_player('greedy')", "write your own player"),
        (
            "class Mine(type(tula.make_player('chain'))):\n    pass\nmy_player = Mine()",
            "write your own player",
        ),
        ("my_player = tula.make_player('solver')", "write your own player"),
        (
            FIRST.replace("class First(Player):", "class First(Player):\n    clairvoyant = True"),
            "clairvoyant",
        ),
        (FIRST.replace("legal_moves[0]", "legal_moves[0].nothing"), "crashed"),
        (FIRST.replace("return view.legal_moves[0]", "return 'remove 9Z'"), "not a move"),
        (SLOW, "longer than 2 s to choose a move"),
        ("my_player = ...", "my_player is still ..."),
        ("", "not found in your notebook"),
    ],
)
def test_a_player_that_is_not_the_students_own_or_does_not_play_is_refused(source, hint):
    key = load_questions(ROOT / "exercises" / "keys", "h1_mercy")
    sheet = key("ada", {"my_player_answer": source})
    handed_in = decode(encode(_player(FIRST)))  # the payload names a class: never trusted
    result = sheet.check("my_player", handed_in)
    assert result.status == "incorrect" and hint in result.message, result.message
    assert (
        "could not be replayed"
        in sheet.check("vs_greedy", decode(encode(versus_greedy("ada")))).message
    )


def test_a_player_too_slow_for_all_the_deals_is_stopped_and_marked_on_the_deals_it_finished():
    key = load_questions(ROOT / "exercises" / "keys", "h1_mercy")
    key.__globals__["RUN_SECONDS"] = 2.0  # this test's own copy of the key: 2 s for 400 deals
    slow = FIRST.replace(
        "return view.legal_moves[0]", "time.sleep(0.002)\n        return view.legal_moves[0]"
    )
    sheet = key("ada", {"my_player_answer": "import time\n" + slow})
    started = time.monotonic()
    result = sheet.check("my_player", decode(encode(_player(FIRST))))
    assert result.status == "incorrect" and "used up its 2 s" in result.message, result.message
    assert "the games it finished count" in result.message
    assert time.monotonic() - started < 60
    seeds = tuple(mercy.deals("ada"))
    replays = key.__globals__["Replays"]("ada", {"my_player_answer": "import time\n" + slow})
    finished = replays.finished(True)
    assert 0 < finished < len(seeds)
    # its honest rows (the same player, played at home without a clock) replay on the deals
    # it finished in the box: the comparison earns that share of its points, and says why
    honest = paired(
        ("mine", "greedy"), _wins(FIRST, seeds, True), _wins("greedy", seeds, True), seeds
    )
    verdict = key.__globals__["_g_vs_greedy"](decode(encode(honest)), "ada", replays)
    assert verdict.share == pytest.approx(finished / len(seeds))
    assert f"after {finished} of your {len(seeds)} deals" in verdict.hint
    # rows that lie about a deal it finished still earn nothing
    lying = {**honest, "rows": honest["rows"].copy()}
    lying["rows"].loc[0, "mine"] = not bool(lying["rows"].loc[0, "mine"])
    wrong = key.__globals__["_g_vs_greedy"](decode(encode(lying)), "ada", replays)
    assert isinstance(wrong, str) and "replaying that game" in wrong


DICE_PEEKER = """
import numpy as np
from tilegames.exercises import mercy as _mercy
_SEEDS = {{
    str(np.random.default_rng(_mercy.player_seed(s)).bit_generator.state["state"]): s
    for s in range({first}, {stop})
}}
class Mine(Player):
    def start(self, view, rng):
        seed = _SEEDS.get(str(rng.bit_generator.state["state"]))
        self.plan = []
        if seed is not None:  # its dice gave its deal away: play the solver's winning line
            game = tula.new_game(seed=seed, mercy=bool(view.mercy_available))
            solver = tula.make_player("solver")
            solver.start(game, rng)
            self.plan = list(solver._plan)
    def choose(self, view, rng):
        if self.plan and self.plan[0] in view.legal_moves:
            return self.plan.pop(0)
        return view.legal_moves[0]
my_player = Mine()
"""


def test_a_player_that_finds_its_deal_from_its_dice_is_refused():
    seeds = tuple(mercy.deals("ada"))
    peeker = DICE_PEEKER.format(first=seeds[0], stop=seeds[-1] + 1)
    home = _wins(peeker, seeds, True)
    assert sum(home) > sum(_wins(FIRST, seeds, True)) + 40  # at home it wins far more
    sheet = questions("ada", peeker)
    result = sheet.check("my_player", decode(encode(_player(FIRST))))
    assert result.status == "incorrect" and "recognise its deals" in result.message, result.message
    rows = paired(("mine", "greedy"), home, _wins("greedy", seeds, True), seeds)
    versus = sheet.check("vs_greedy", decode(encode(rows)))
    assert versus.score == 0 and "recognise its deals" in versus.message
    honest = questions("ada", FIRST)  # a blind player is not refused (its dice do not matter)
    assert honest.check("my_player", decode(encode(_player(FIRST)))).correct


def test_a_peeker_plays_fair_in_the_box_so_its_rows_from_home_do_not_replay():
    seeds = tuple(mercy.deals("ada"))
    home = _wins(FRAMES, seeds, True)
    fair = _wins(FIRST, seeds, True)
    assert home != fair  # at home it finds the game, and plays differently
    sheet = questions("ada", FRAMES)
    assert sheet.check("my_player", decode(encode(_player(FRAMES)))).correct
    result = sheet.check("vs_greedy", decode(encode(versus_greedy("ada", FRAMES))))
    assert result.score == 0 and "replaying that game" in result.message
    honest = paired(("mine", "greedy"), fair, _wins("greedy", seeds, True), seeds)
    assert sheet.check("vs_greedy", decode(encode(honest))).correct  # the box played it fair


def _bound_names(code: str) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    return names


def test_the_players_process_has_every_name_the_setup_cell_imports():
    notebook = nbformat.read(ROOT / "exercises/source/h1_mercy/h1_mercy.ipynb", as_version=4)
    setup = next(c.source for c in notebook.cells if "STUDENT = student_id()" in c.source)
    key = load_questions(ROOT / "exercises" / "keys", "h1_mercy")
    code = key.__globals__["PRELUDE"]  # the key's copy of the import cell
    assert _bound_names(setup) <= _bound_names(code)


def test_the_handed_in_payload_is_only_a_name():
    payload = encode(_player(FIRST))
    assert payload == {"kind": "player", "class": "First"}


# -- the student's side: form only ---------------------------------------------------------------


def test_the_student_module_holds_no_answers_and_check_cannot_tell_right_from_wrong():
    for name in ("QUESTIONS", "grade", "_overall_gain", "_games_needed", "_p_usable", "RESCUE"):
        assert not hasattr(mercy, name), name
    assert mercy.check("overall_gain", gain("practice")).status == "ready"
    assert mercy.check("overall_gain", Fraction(1, 2)).status == "ready"
    assert mercy.check("games_for_margin", games_needed("practice")).status == "ready"
    assert mercy.check("games_for_margin", 100).status == "ready"


def test_check_says_what_is_wrong_with_the_form():
    assert "not the class" in mercy.check("my_player", type(_player(FIRST))).message
    assert "write your own player" in mercy.check("my_player", tula.make_player("greedy")).message
    assert "interval alone" in mercy.check("vs_greedy", (0.1, 0.2)).message
    answer = versus_greedy("practice")
    assert mercy.check("vs_greedy", answer).status == "ready"
    rows = answer["rows"].copy()
    rows.loc[3, "greedy"] = not rows.loc[3, "greedy"]
    assert "replaying" in mercy.check("vs_greedy", {**answer, "rows": rows}).message
    assert "exactly your deals" in mercy.check("vs_greedy", versus_greedy("ada")).message
