"""The teacher's kit speaks the languages of tilegames' catalogs (issue 38).

A refusal the player box gives a student and an error the teacher's command line prints come
out in Slovak when the language is Slovak, and in English, unchanged, when it is English.
"""

from __future__ import annotations

import textwrap

import pytest

import tilegames_course
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

    from tilegames_course.grading.grader import load_questions

    keys = tilegames_course.folder() / "keys"  # the checkout's exercises/keys, or installed
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
    from tilegames.exercises.round_score import left_in_hand
    from tilegames.triominos import TILES, Rules, value
    from tilegames_course.grading.grader import load_questions

    keys = tilegames_course.folder() / "keys"  # the checkout's exercises/keys, or installed
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


def refused_cell(source: str) -> str:
    """The refusal of a cell the player's process refuses (it sends a code, the box words it)."""
    run = run_player(
        source,
        prelude=PRELUDE,
        deals=lambda seed: tula.new_game(seed=seed),
        seeds=[0],
        outcome=lambda game: game.won,
        sandboxed=False,
    )
    return run.refusal


def test_the_player_s_process_refusals_are_worded_by_the_box_in_the_language_in_use(language):
    language("sk")
    assert refused_cell("x = 1") == (
        "tvoja bunka s odpoveďou nedefinuje my_player: ukonči ju riadkom my_player = MyPlayer()."
    )
    assert refused_cell("x = 1\ny = 1 / 0") == (
        "tvoja bunka s odpoveďou spadla skôr, ako mohol tvoj hráč hrať: ZeroDivisionError: "
        "division by zero (riadok 2 tvojej bunky s odpoveďou)"
    )
    language("en")
    assert refused_cell("x = 1") == (
        "your answer cell does not define my_player: end it with my_player = MyPlayer()."
    )
    assert refused_cell("x = 1\ny = 1 / 0") == (
        "your answer cell crashed before your player could play: ZeroDivisionError: "
        "division by zero (line 2 of your answer cell)"
    )


@pytest.fixture
def no_bubblewrap(monkeypatch):
    """A machine without bubblewrap, probed afresh (and probed afresh again after the test)."""
    from tilegames_course.grading import sandbox

    monkeypatch.setattr(sandbox.shutil, "which", lambda name: None)
    sandbox.probe.cache_clear()
    yield sandbox
    sandbox.probe.cache_clear()


def test_why_the_sandbox_is_unavailable_is_said_in_the_language_asked_each_time(
    language, no_bubblewrap
):
    sandbox = no_bubblewrap
    language("sk")
    with pytest.raises(sandbox.SandboxUnavailable) as refused:
        sandbox.command(["true"])
    assert str(refused.value) == (
        "bubblewrap (bwrap) nie je nainštalovaný (Debian: apt-get install bubblewrap; "
        "`make install` ho nainštaluje)"
    )
    language("en")  # the probe is not run again: its reason is kept, worded when asked
    assert sandbox.available() == (
        False,
        "bubblewrap (bwrap) is not installed (Debian: apt-get install bubblewrap; "
        "`make install` installs it)",
    )


def _sandbox_works() -> bool:
    from tilegames_course.grading import sandbox

    return sandbox.available()[0]


@pytest.mark.skipif(not _sandbox_works(), reason="no sandbox on this machine")
def test_the_sandbox_s_own_lines_are_in_the_grader_s_language(language, tmp_path):
    """The supervisor and the step inside have no catalogs: their words are handed over."""
    import subprocess
    import sys

    from tilegames_course.grading.sandbox import command

    language("sk")
    missing = subprocess.run(command(["/no/such/program"]), capture_output=True, text=True)
    assert missing.returncode == 126
    assert "sandbox: príkaz sa nedá spustiť: " in missing.stderr
    report = tmp_path / "why.txt"
    slow = command([sys.executable, "-c", "import time; time.sleep(30)"], seconds=1, report=report)
    done = subprocess.run(slow, capture_output=True, text=True)
    assert "sandbox: zastavený: bežal dlhšie ako 1 s" in done.stderr
    assert report.read_text(encoding="utf-8") == "bežal dlhšie ako 1 s\n"
    language("en")
    missing = subprocess.run(command(["/no/such/program"]), capture_output=True, text=True)
    assert "sandbox: cannot start the command: " in missing.stderr


def test_the_lms_ids_lines_and_summary_are_in_slovak_and_in_english_unchanged(language):
    from types import SimpleNamespace

    from tilegames_course.grading import hub_ids, lti

    gradebook = SimpleNamespace(
        students=[SimpleNamespace(id="ada", lms_user_id="5a1f")],
        update_or_create_student=lambda name, **fields: None,
    )
    found = {"ada": ("https://moodle.school.example", "5a1f")}
    found["bob"] = ("https://moodle.school.example", "77c0")

    def lines() -> list[str]:
        said: list[str] = []
        missing = {"cy": str(pytest.raises(hub_ids.NoLtiLogin, hub_ids.lms_id, None).value)}
        done = hub_ids.record(gradebook, found, missing, say=said.append)
        return [*said, done.summary(), lti.Sent().summary("https://moodle.school.example")]

    language("sk")
    assert lines() == [
        "ada: LMS identifikátor 5a1f je už zaznamenaný",
        "bob: LMS identifikátor 77c0 zaznamenaný",
        "cy: bez identifikátora: na hube zatiaľ nie je žiadne prihlásenie cez LTI (jeho auth_state "
        "je prázdny)",
        "zaznamenané LMS identifikátory: 1, už zaznamenané: 1; odmietnuté: 1 (bez prihlásenia cez "
        "LTI: 1, z inej platformy: 0, iné než zaznamenaný identifikátor: 0)",
        "odoslané známky na https://moodle.school.example: 0 (čaká na ručné hodnotenie: 0), "
        "ponechané: 0 (platforma mala novšiu známku), bez zmeny od posledného odoslania: 0; "
        "vynechané: 0 (hodnotenie zlyhalo: 0, neodovzdané: 0, bez LMS identifikátora: 0)",
    ]
    language("en")
    assert lines() == [
        "ada: LMS id 5a1f already recorded",
        "bob: LMS id 77c0 recorded",
        "cy: no id: no LTI login on the hub yet (its auth_state is empty)",
        "1 LMS id(s) recorded, 1 already recorded; 1 refused (1 without an LTI login, "
        "0 from another platform, 0 differing from the id recorded)",
        "0 score(s) sent to https://moodle.school.example (0 pending hand marking), 0 kept (the "
        "platform had a newer score), 0 unchanged since last sent; 0 skipped (0 failed grading, "
        "0 not handed in, 0 without an LMS id)",
    ]


def test_the_course_command_s_usage_line_is_in_slovak_and_in_english_unchanged(language, capsys):
    language("sk")
    with pytest.raises(SystemExit):
        grading.main(["autograde"])
    err = capsys.readouterr().err
    assert err.startswith("použitie: ") and "chyba: " in err
    language("en")
    with pytest.raises(SystemExit):
        grading.main(["autograde"])
    err = capsys.readouterr().err
    assert err.startswith("usage: ") and "error: " in err


UNPRINTABLE = """
class Bad:
    def __str__(self):
        raise ValueError("no words")
class Unprintable(Player):
    def choose(self, view, rng):
        return Bad()
my_player = Unprintable()
"""
"""A player whose move cannot even be written (``str()`` of it fails in the player's process)."""


def test_a_move_that_cannot_be_written_is_worded_by_the_box(language):
    language("sk")
    assert refused_cell(UNPRINTABLE) == (
        "V hre so semienkom 0 pri ťahu 1 tvoj hráč vrátil '<str() zlyhalo: ValueError>' (typ "
        "Bad), nie ťah: vráť jeden z view.legal_moves."
    )
    language("en")
    assert refused_cell(UNPRINTABLE) == (
        "In the game with seed 0 at move 1 your player returned '<str() of it failed: "
        "ValueError>' (a Bad), not a move: return one of view.legal_moves."
    )
