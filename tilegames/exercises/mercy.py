"""Homework 1 — How much does mercy help you? (Tula), the student's side.

The student writes a Tula player that sees only what a person sees (the one
player protocol, ``choose(view, rng) -> Move``), measures it against
``greedy`` on the same deals, and measures what mercy is worth to it — each
with a paired interval. Every student has their own numbers: the rescue rate
of the warm-up (``rescue``), the margin question (``margin_question``) and the
deals to play (``deals``) are made from the student id.

``check`` says whether an answer's *form* is right: a player is tried on a few
deals here (legal moves from its view, no crash); a simulation must play
exactly the student's deals, its ``greedy`` column is replayed, and its
estimate and interval must agree with its rows. Whether an answer is
*correct* is for the teacher's grader, which replays every row with the
student's player in a process of its own (``tilegames_course.grading.player_box``).

``won`` fixes how a row is played, so the student's rows and the grader's
replays are the same games: the deal comes from the row's seed, and the
player's dice from a seed derived from it for that purpose alone
(``player_seed``), so the dice say nothing about the deal.

>>> from tilegames.players import Player
>>> class First(Player):
...     def choose(self, view, rng):
...         return view.legal_moves[0]
>>> check("my_player", First()).status
'ready'
>>> check("games_for_margin", "many").message
'give a whole number of deals (not a string).'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from .. import i18n  # i18n._(...)
from ..players import play_game
from ..tula import Game, make_player, new_game
from . import EXACT, HOMEWORK, Form, Sheet
from .answers import AnswerFormat, as_whole
from .handin import answering_student, seed_window, student_rng
from .handin import student_id as student_id  # one of HOMEWORK, re-exported
from .players import check_player
from .simulation import check_paired, read_simulation, replay_rows

__all__ = [*HOMEWORK, "DEALS", "deal", "margin_question", "player_seed", "rescue", "won"]

ASSIGNMENT = "h1_mercy"
DEALS = 400
"""How many deals each comparison plays: ``deals(student)``, every one of them."""
PLAYER_PURPOSE = 0x706C6179
"""Mixed into a row's seed to seed the player's dice ("play"); the grader's player box uses it too."""
HOME_GAMES = 12
"""How many deals ``check`` tries a player on (the grader plays all of the student's deals)."""


# -- your numbers -------------------------------------------------------------------------------


def rescue(student: str) -> Fraction:
    """The share of usable deals mercy rescues in ``student``'s warm-up question, like 1/5.

    >>> rescue("ada") == rescue("ada")
    True
    """
    return Fraction(1, int(student_rng(ASSIGNMENT, student, 1).integers(3, 9)))


def margin_question(student: str) -> tuple[float, float]:
    """``(near, margin)`` of ``student``'s sample-size question: a win rate and a half-width.

    >>> near, margin = margin_question("ada")
    >>> 0.02 <= near <= 0.05 and 0.004 <= margin <= 0.006
    True
    """
    rng = student_rng(ASSIGNMENT, student, 2)
    near = (0.02, 0.03, 0.04, 0.05)[int(rng.integers(4))]
    margin = (0.004, 0.005, 0.006)[int(rng.integers(3))]
    return near, margin


def deals(student: str) -> range:
    """The seeds of the deals ``student``'s comparisons play: ``DEALS`` consecutive ones."""
    return seed_window(ASSIGNMENT, student, DEALS)


# -- playing a row ------------------------------------------------------------------------------


def deal(seed: int, mercy: bool = True) -> Game:
    """The deal with this seed, with or without mercy (what one row of the homework plays)."""
    return new_game(seed=seed, mercy=mercy)


def player_seed(seed: int) -> int:
    """The seed of the player's dice in the row dealt by ``seed`` (a stream of its own).

    >>> player_seed(7) == player_seed(7) != player_seed(8)
    True
    """
    sequence = np.random.SeedSequence([int(seed), PLAYER_PURPOSE])
    return int(sequence.generate_state(1, np.uint64)[0])


def won(player: Any, seed: int, mercy: bool = True) -> bool:
    """Did ``player`` win the deal ``seed``? Its dice are seeded by ``player_seed(seed)``."""
    return bool(
        play_game(deal(seed, mercy), player, seed=np.random.default_rng(player_seed(seed))).won
    )


# -- the form of each answer --------------------------------------------------------------------

PAIRED_FORM = "{'rows': your table, 'estimate': ..., 'interval': (low, high)}"


def player_of(answer: Any) -> str | None:
    """A player: tried on a few deals here (legal moves from its view, no crash, its own)."""
    return check_player(answer, lambda seed: deal(seed, mercy=True), games=HOME_GAMES)


def _comparison(columns: tuple[str, str], greedy_column: bool):
    def read(answer: Any, student: str | None = None) -> str | None:
        student = answering_student(student)
        rows, _, _ = read_simulation(answer, columns, min_games=DEALS, seeds=deals(student))
        if greedy_column:
            greedy = make_player("greedy")
            hint = replay_rows(rows, ["greedy"], lambda seed: won(greedy, seed))
            if hint:
                return hint
        return check_paired(
            answer, columns=columns, rederive=None, proportions=True, min_games=DEALS
        )

    return read


versus_greedy_of = _comparison(("mine", "greedy"), greedy_column=True)
"""Your rows against greedy: exactly your deals, greedy's column replayed, the paired figures."""
mercy_effect_of = _comparison(("with_mercy", "without_mercy"), greedy_column=False)
"""Your rows with and without mercy: exactly your deals and the paired figures."""


def _deals_count(answer: Any) -> int:
    count = as_whole(answer, "a whole number of deals")
    if count <= 0:
        raise AnswerFormat(i18n._("give a whole number of deals, more than zero."))
    return count


FORMS = {
    "overall_gain": EXACT,
    "my_player": Form.checked(player_of, "an instance of your player, like MyPlayer()"),
    "vs_greedy": Form.checked(versus_greedy_of, PAIRED_FORM),
    "mercy_effect": Form.checked(mercy_effect_of, PAIRED_FORM),
    "games_for_margin": Form(_deals_count, "a whole number of deals"),
}

SHEET = Sheet(ASSIGNMENT, FORMS)
check = SHEET.check
"""``check(key, answer)``: is the answer's form right? (Its truth is for the teacher's grader.)"""
submit = SHEET.submit
"""``submit(key, answer)``: the graded cells' one line, handing the answer in."""
