"""The teacher's kit speaks the languages of tilegames' catalogs (issue 38).

A refusal the player box gives a student and an error the teacher's command line prints come
out in Slovak when the language is Slovak, and in English, unchanged, when it is English.
"""

from __future__ import annotations

import textwrap

import pytest

from tilegames import i18n, tula
from tilegames_course.grading import course as grading
from tilegames_course.grading.player_box import run_player

PRELUDE = "from tilegames import tula\nfrom tilegames.players import Player\n"

WORDS = """
class Words(Player):
    def choose(self, view, rng):
        return str(view.legal_moves[0])
my_player = Words()
"""
"""A player that answers a move's notation (a ``str``), never a move: refused at its first move."""


@pytest.fixture
def language():
    """Set the language for one test (``i18n.set_language``), back to the default after it."""
    yield i18n.set_language
    i18n.set_language(None)


def refusal(seed: int = 1000) -> str:
    run = run_player(
        textwrap.dedent(WORDS),
        prelude=PRELUDE,
        deals=lambda seed: tula.new_game(seed=seed),
        seeds=[seed],
        outcome=lambda game: game.won,
        sandboxed=False,  # the words are the box's, not the sandbox's: a plain process is enough
    )
    return run.refusal


def test_a_refusal_of_the_player_box_is_in_slovak_and_in_english_unchanged(language):
    language("sk")
    move = "'reveal 3A'"  # notation stays as the student types it
    assert refusal() == (
        f"V hre so semienkom 1000 pri ťahu 1 tvoj hráč vrátil {move} (typ str), nie ťah: vráť "
        "jeden z view.legal_moves."
    )
    language("en")
    assert refusal() == (
        f"In the game with seed 1000 at move 1 your player returned {move} (a str), "
        "not a move: return one of view.legal_moves."
    )


def test_an_error_of_the_teacher_s_command_line_is_in_slovak_and_in_english_unchanged(
    language, tmp_path, capsys, monkeypatch
):
    monkeypatch.delenv("JUPYTERHUB_API_URL", raising=False)
    language("sk")
    assert grading.main(["lms-ids", "--course", str(tmp_path), "--hub", ""]) == 1
    assert capsys.readouterr().err == (
        "lms-ids sa zastavil: ktorý hub? zadaj --hub https://hub.school.example\n"
    )
    language("en")
    assert grading.main(["lms-ids", "--course", str(tmp_path), "--hub", ""]) == 1
    assert capsys.readouterr().err == (
        "lms-ids stopped: which hub? pass --hub https://hub.school.example\n"
    )


def test_the_teacher_s_help_and_the_grading_report_lines_are_in_slovak(language, capsys):
    language("sk")
    with pytest.raises(SystemExit):
        grading.main(["--help"])
    assert "ohodnotí všetky odovzdané práce k úlohe" in capsys.readouterr().out
    result = grading.Graded("ada", "graded", points=3, maximum=4, to_mark=1)
    assert result.line() == "ada: automaticky ohodnotené 3 z 4 bodov; časti na ručné hodnotenie: 1"
    language("en")
    assert result.line() == "ada: 3 of 4 points autograded; 1 part(s) to mark by hand"


def test_a_hub_error_is_in_slovak_and_in_english_unchanged(language):
    from tilegames_course.grading import hub_ids

    language("sk")
    with pytest.raises(hub_ids.HubError) as refused:
        hub_ids.api_base("hub.school.example")
    assert str(refused.value) == "--hub 'hub.school.example' nie je http(s) adresa URL"
    language("en")
    with pytest.raises(hub_ids.HubError) as refused:
        hub_ids.api_base("hub.school.example")
    assert str(refused.value) == "--hub 'hub.school.example' is not an http(s) URL"


def test_an_answer_key_s_hint_is_in_slovak_and_in_english_unchanged(language):
    """A wrong answer graded by the course's key (worksheet 2: slot 0 counted as one of 54
    slots) gets its hint from the catalogs: Slovak in Slovak, the key's English in English."""
    from fractions import Fraction
    from pathlib import Path

    from tilegames_course.grading.grader import load_questions

    keys = Path(__file__).resolve().parents[2] / "exercises" / "keys"
    questions = load_questions(keys, "w2_maze")("ada", {})
    language("sk")
    result = questions.check("gap_in_slot_0", Fraction(1, 54))
    assert (result.status, result.message) == (
        "incorrect",
        "na políčka 8 a 17 sa nikdy nerozdáva: karta padne na jedno z ostatných 52 políčok a "
        "medzeru nechá len kráľ.",
    )
    assert questions.check("into_gap", ["KH"]).message == (
        "karta K♥ nie je na stole: Maze po rozdaní odstráni kráľov."
    )
    language("en")
    result = questions.check("gap_in_slot_0", Fraction(1, 54))
    assert (result.status, result.message) == (
        "incorrect",
        "slots 8 and 17 are never dealt: a card lands in one of the other 52 slots, and only a "
        "king leaves a gap.",
    )
    assert questions.check("into_gap", ["KH"]).message == (
        "K♥ is not on the table: Maze removes the kings after the deal."
    )


def test_an_answer_key_s_counted_hint_takes_the_language_s_plural(language):
    """Homework 2's hint counts the tiles left in the other hand (3 to 6): Russian and Slovak
    choose the form of the noun for the number (``ngettext``), English reads as before."""
    from pathlib import Path

    from tilegames.exercises.round_score import left_in_hand
    from tilegames.triominos import TILES, Rules, value
    from tilegames_course.grading.grader import load_questions

    keys = Path(__file__).resolve().parents[2] / "exercises" / "keys"
    student = "ada"
    questions = load_questions(keys, "h2_round_score")(student, {})
    mean = sum(value(tile) for tile in TILES) / len(TILES)
    wrong = Rules.seed().going_out_bonus + mean  # one tile's value, not all of them
    left = left_in_hand(student)
    forms = {
        "ru": "плитки" if left in (3, 4) else "плиток",
        "sk": "dlaždice" if left in (3, 4) else "dlaždíc",
    }
    language("ru")
    assert f"в другой руке {left} {forms['ru']}:" in questions.check("going_out", wrong).message
    language("sk")
    assert f"zostal{'i' if left in (3, 4) else 'o'} {left} {forms['sk']}:" in (
        questions.check("going_out", wrong).message
    )
    language("en")
    assert questions.check("going_out", wrong).message == (
        f"the other hand holds {left} tiles: each adds its expected value."
    )
