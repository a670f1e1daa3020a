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
