"""Worksheet 2 (Maze), the student's side: your table, your deals, and the form of each answer.

Every student gets their own numbers: the table the questions show, the gap
the move-rule question asks about and the deals the simulation plays are made
from the student id (``student_id``), so two students' answers differ. ``check``
says whether an answer's *form* is right (and replays a simulation's rows);
whether it is *correct* is for the teacher's grader, whose answer keys are not
in this package. ``submit`` hands an answer in. Builds on
``notebooks/03_maze_rules``.

>>> from fractions import Fraction
>>> check("gap_in_slot_0", Fraction(1, 9)).status
'ready'
>>> check("best_move", 7).message
"give a move as text, like '7D -> 23'."
>>> position("table", "ada") == position("table", "ada")
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import i18n  # i18n._(...)
from ..maze import Card, Game, Move, Rules, new_game
from . import COUNT, EXACT, WORKSHEET, Form, Picture, Question, QuestionSet, Sheet, yes_no
from .answers import AnswerFormat, as_move, as_names, as_whole
from .handin import first_made, seed_window, student_rng
from .handin import student_id as student_id  # one of HOMEWORK, re-exported
from .simulation import FORM, check_mean, simulation_checks

__all__ = [*WORKSHEET, "fresh_score", "picture", "question_gap"]

ASSIGNMENT = "w2_maze"
GAMES = 2000
"""How many deals the simulation question plays: ``deals(student)``, every one of them."""


# -- your table and your deals ------------------------------------------------------------------


def _gain(game: Game, move: Move) -> int:
    trial = game.copy()
    trial.play(move)
    return trial.score - game.score


def _asked_gaps(game: Game) -> list[int]:
    """Gaps with a card on both sides that two to five cards may move into (worth asking about).

    The gap of the best move is left out, so one question does not answer the other.
    """
    moves = game.legal_moves()
    best = max(moves, key=lambda move: _gain(game, move)).to
    asked = []
    for gap in game.gaps:
        if gap == best:
            continue
        left, right = game.left_of(gap), game.right_of(gap)
        if left is None or right is None or game.card_at(left) is None:
            continue
        if game.card_at(right) is None:
            continue
        if 2 <= len({move.card for move in moves if move.to == gap}) <= 5:
            asked.append(gap)
    return asked


def _table(rng: np.random.Generator) -> Game | None:
    """A fresh deal scoring 3 or more whose best move is one move making two links, with a gap
    worth asking about."""
    game = new_game(seed=int(rng.integers(1 << 31)))
    if game.score < 3:
        return None
    gains = [_gain(game, move) for move in game.legal_moves()]
    if not gains or max(gains) != 2 or gains.count(2) != 1 or not _asked_gaps(game):
        return None
    return game


def position(name: str, student: str) -> Game:
    """A fresh copy of the table the questions show to ``student`` (``name`` is ``"table"``)."""
    if name != "table":
        raise KeyError(f"no position {name!r}; the worksheet shows one table, 'table'")
    return first_made(_table, student_rng(ASSIGNMENT, student, 1))


def question_gap(student: str) -> int:
    """The gap of ``student``'s table that the move-rule question asks about."""
    game = position("table", student)
    gaps = _asked_gaps(game)
    rng = student_rng(ASSIGNMENT, student, 2)
    return gaps[int(rng.integers(len(gaps)))]


def picture(game: Game) -> Any:
    """The table as a picture, without its score or its links (which would give answers away)."""
    from ..maze import render

    return Picture(render.svg(game, links=False, caption="your table"))


def deals(student: str) -> range:
    """The seeds of the deals ``student``'s simulation plays: ``GAMES`` consecutive ones."""
    return seed_window(ASSIGNMENT, student, GAMES)


def fresh_score(seed: int) -> int:
    """The score of the fresh deal with this seed."""
    return new_game(seed=seed).score


# -- the form of each answer --------------------------------------------------------------------


def cards_of(answer: Any) -> set[str]:
    """Cards, like ``['7D', '8♣']`` (any spelling ``Card.parse`` reads), by their names."""
    names = set()
    for text in as_names(answer, "a list of cards, like ['7D', '8♣']"):
        try:
            names.add(str(Card.parse(text)))
        except ValueError:
            raise AnswerFormat(
                i18n._("{text!r} is not a card: write it like '7D' or '7♦'.").format(text=text)
            ) from None
    return names


def move_of(answer: Any) -> Move:
    """A move, like ``'7D -> 23'`` (or ``'7♦ → 23'``)."""
    return as_move(
        answer, Move, "give a move as text, like '7D -> 23'.", "write it like '7D -> 23'"
    )


simulation_of = simulation_checks(
    check_mean, games=GAMES, deals=deals, column="score", rederive=fresh_score
)

FORMS = {
    "gap_in_slot_0": EXACT,
    "expected_gaps_row0": EXACT,
    "score_shown": COUNT,
    "into_gap": Form(cards_of, "a list of cards, like ['7D', '8♣']"),
    "p_link": EXACT,
    "expected_fresh_score": EXACT,
    "simulate_fresh_score": Form(simulation_of, FORM),
    "best_move": Form(move_of, "a move, like '7D -> 23'"),
}

SHEET = Sheet(ASSIGNMENT, FORMS)
check = SHEET.check
"""``check(key, answer)``: is the answer's form right? (Its truth is for the teacher's grader.)"""
submit = SHEET.submit
"""``submit(key, answer)``: the graded cells' one line, handing the answer in."""


# -- check yourself: quick questions at the end of notebooks/03_maze_rules -----------------------


def _gaps() -> int:
    return len(new_game(seed=0).gaps)


def _g_gaps(answer) -> str | None:
    given, expected = as_whole(answer), _gaps()
    if given == expected:
        return None
    if given == 2:
        return i18n._("slots 8 and 17 are skipped, and the four kings are taken away too.")
    return i18n._("54 slots, 52 cards dealt, then the kings go.")


def _g_max(answer) -> str | None:
    given, expected = as_whole(answer), new_game(seed=0).max_score
    if given == expected:
        return None
    if given == 47:
        return i18n._(
            "count the links between neighbouring cards, and one more point for the first card."
        )
    return i18n._("count the links of four runs ace → queen in a row, plus the first card.")


CHECK_YOURSELF = QuestionSet(
    [
        Question("gaps", "How many gaps does a fresh Maze table have?", _g_gaps, "a whole number",
                 _gaps, topic="reading the rules"),
        yes_no("ace_follows_queen", "Does A♣ follow Q♥ (does Q♥ then A♣ score a point)?",
               lambda: Rules().follows(Card.parse("QH").code, Card.parse("AC").code),
               "after a queen, any ace follows, whatever its suit.", "reading the rules"),
        Question("won_score", "What is the score of a won table?", _g_max, "a whole number",
                 lambda: new_game(seed=0).max_score, topic="reading the rules"),
    ]
)  # fmt: skip

check_yourself = CHECK_YOURSELF.check
"""``check_yourself(key, answer)``: the quick questions closing the rules notebook."""
