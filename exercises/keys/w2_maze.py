"""Answer key of worksheet 2 (Maze): the teacher's side. Never handed to students.

The grader (``tilegames_course.grading.grader``) loads this file from the course's
``keys/`` folder and calls ``questions(student, sources)``: the questions of that
student's variant, each with its grader. Every right answer is computed here
from the library (the deck, the rules' ``follows``, the scores of real tables)
for the student's own table and deals, never typed in.

The simulation replays every one of the student's deals (a Maze deal takes a
tenth of a millisecond), so its verdict is the same every time and no honest
simulation is ever refused: with the deals fixed by the student's id and every
row replayed, the estimate and its interval follow from the rows. Rows right with
a wrong estimate earn a third of the points, rows and estimate right with a wrong
interval two thirds.
"""

from __future__ import annotations

from fractions import Fraction

from tilegames.exercises import Partial, Question, QuestionSet, as_fraction, as_whole
from tilegames.exercises.maze import (
    FORMS,
    GAMES,
    cards_of,
    deals,
    fresh_score,
    move_of,
    position,
    question_gap,
    simulation_of,
)
from tilegames.exercises.simulation import read_simulation, replay_rows
from tilegames.i18n import _
from tilegames.maze import DECK, Card, Game, Rules

SLOTS = 54
SKIPPED = (8, 17)
ROW = 9


def _kings() -> int:
    return sum(1 for card in DECK if card.rank == 13)


def _non_kings() -> list[int]:
    return [card.code for card in DECK if card.rank != 13]


def _gap_in_slot_0() -> Fraction:
    return Fraction(_kings(), SLOTS - len(SKIPPED))


def _expected_gaps_row0() -> Fraction:
    always = sum(1 for slot in SKIPPED if slot < ROW)
    return always + (ROW - always) * _gap_in_slot_0()


def _p_link() -> Fraction:
    rules = Rules()
    cards = _non_kings()
    links = sum(rules.follows(a, b) for a in cards for b in cards if a != b)
    return Fraction(links, len(cards) * (len(cards) - 1))


def _expected_score() -> Fraction:
    cards = _non_kings()
    aces = sum(1 for c in cards if Card.from_code(c).rank == 1)
    return Fraction(aces, len(cards)) + (len(cards) - 1) * _p_link()


def _score(student: str) -> int:
    return position("table", student).score


def _into_gap(student: str) -> set[str]:
    gap = question_gap(student)
    return {str(move.card) for move in position("table", student).legal_moves() if move.to == gap}


def _gain(game: Game, move) -> int:
    trial = game.copy()
    trial.play(move)
    return trial.score - game.score


def _best_moves(student: str) -> set[str]:
    game = position("table", student)
    gains = {str(move): _gain(game, move) for move in game.legal_moves()}
    best = max(gains.values())
    return {move for move, gain in gains.items() if gain == best}


# -- graders ------------------------------------------------------------------------------------


def _g_gap0(answer) -> str | None:
    given, expected = as_fraction(answer), _gap_in_slot_0()
    if given == expected:
        return None
    if given == Fraction(6, 54) or given == Fraction(1, 9):
        return _(
            "slot 0 is not like slots 8 and 17: it is dealt a card, and is a gap only if that card is a king."
        )
    if given == Fraction(1, 54):
        return _(
            "slots 8 and 17 are never dealt: a card lands in one of the other 52 slots, and only a king leaves a gap."
        )
    if given == Fraction(4, 54):
        return _("only 52 slots are dealt a card: 8 and 17 are skipped.")
    return _(
        "slot 0 is a gap when the card dealt there is a king: how many of the 52 cards are kings?"
    )


def _g_row0(answer) -> str | None:
    given, expected = as_fraction(answer), _expected_gaps_row0()
    if given == expected:
        return None
    if given == 9 * _gap_in_slot_0():
        return _(
            "slot 8 is always a gap; only the other eight slots of the row are a gap by chance."
        )
    if given == 8 * _gap_in_slot_0():
        return _("do not forget slot 8: it is a gap in every deal.")
    if given == Fraction(6 * 9, 54):
        return _("the gaps are not spread evenly: slots 8 and 17 are always gaps.")
    return _(
        "add the expected gaps slot by slot: 1 for slot 8, plus each other slot's chance to hold a king."
    )


def _g_link(answer) -> str | None:
    given, expected = as_fraction(answer), _p_link()
    if given == expected:
        return None
    if given == Fraction(1, 47):
        return _("a queen is followed by any of the four aces, not by one card.")
    if given == Fraction(1, 48) or given == Fraction(1, 52):
        return _("the second card is one of the 47 cards other than the first.")
    if given == Fraction(44, 48 * 47):
        return _("that counts the links after non-queens only; after a queen, four cards follow.")
    return _("condition on the first card: a non-queen has 1 follower among 47, a queen has 4.")


def _g_expected_score(answer) -> str | None:
    given, expected = as_fraction(answer), _expected_score()
    if given == expected:
        return None
    if given == 47 * _p_link():
        return _("the score also counts a point when the first card is an ace.")
    if given == 48 * _p_link() + Fraction(1, 12):
        return _("48 cards in a line have 47 neighbouring pairs.")
    return _(
        "use linearity: P(first card is an ace) + 47 × P(a given neighbouring pair is a link)."
    )


def _g_simulate(answer, student: str) -> str | Partial | None:
    # partial credit comes from the simulation checks: rows that replay earn a third, the right
    # estimate two thirds (tilegames.exercises.simulation)
    return simulation_of(answer, student)


def _g_score(answer, student: str) -> str | None:
    given, expected = as_whole(answer), _score(student)
    if given == expected:
        return None
    if given < expected:
        return _(
            "you missed a link: gaps are skipped (5♠, gap, 6♠ scores), and a queen followed by any ace scores."
        )
    return _(
        "a link needs the same suit and the next rank up (or a queen then an ace); and the first card scores only if it is an ace."
    )


def _g_into(answer, student: str) -> str | None:
    names, expected = cards_of(answer), _into_gap(student)
    if names == expected:
        return None
    gap = question_gap(student)
    if names - expected:
        card = sorted(names - expected)[0]
        game = position("table", student)
        if game.slot_of(card) is None:
            return _("{card} is not on the table: Maze removes the kings after the deal.").format(
                card=card
            )
        return _("{card} may not move into slot {gap}: {why}.").format(
            card=card, gap=gap, why=game.where_may_go(Card.parse(card))
        )
    return _(
        "you missed one: check both neighbours of slot {gap}, the card to its left and the card "
        "to its right (and a queen is followed by any ace)."
    ).format(gap=gap)


def _g_best(answer, student: str) -> str | None:
    move = move_of(answer)
    game = position("table", student)
    reason = game.why_illegal(move)
    if reason is not None:
        return _("that move is not legal: {reason}.").format(reason=reason)
    if str(move) in _best_moves(student):
        return None
    if _gain(game, move) <= 0:
        return _("that move does not raise the score at all; some move does.")
    return _(
        "that move raises the score, but another raises it more: a move can make a link on both sides."
    )


def questions(student: str, sources: dict[str, str]) -> QuestionSet:
    """The questions of ``student``'s variant of worksheet 2, each with its grader."""
    form = {key: f.text for key, f in FORMS.items()}
    gap = question_gap(student)
    return QuestionSet(
        [
            Question("gap_in_slot_0", "P(slot 0 is a gap in a fresh deal)?", _g_gap0,
                     form["gap_in_slot_0"], _gap_in_slot_0, topic="counting"),
            Question("expected_gaps_row0", "Expected number of gaps in the first row (slots 0–8)?",
                     _g_row0, form["expected_gaps_row0"], _expected_gaps_row0, topic="expected value"),
            Question("score_shown", "The score of the table shown (without game.score)?",
                     lambda a: _g_score(a, student), form["score_shown"], lambda: _score(student),
                     topic="reading the board"),
            Question("into_gap", f"Which cards may move into slot {gap} of the table shown?",
                     lambda a: _g_into(a, student), form["into_gap"], lambda: _into_gap(student),
                     topic="reading the rules"),
            Question("p_link", "Two neighbouring cards of a fresh deal: P(the second follows the first)?",
                     _g_link, form["p_link"], _p_link, topic="conditional probability"),
            Question("expected_fresh_score", "The expected score of a fresh deal?", _g_expected_score,
                     form["expected_fresh_score"], _expected_score, topic="expected value"),
            Question("simulate_fresh_score", "Estimate the mean fresh score by simulation, with a 95% interval.",
                     lambda a: _g_simulate(a, student), form["simulate_fresh_score"],
                     topic="law of large numbers, confidence intervals"),
            Question("best_move", "Which move of the table shown raises the score the most?",
                     lambda a: _g_best(a, student), form["best_move"], lambda: _best_moves(student),
                     topic="strategy"),
        ]
    )  # fmt: skip
