"""Tri-Ominos worksheet: the tile set, the lattice, and what the rules score.

The right answers are computed here from the library (the tile set, the
lattice, a ``Rules`` preset), never typed in, so the checks follow the rules.

>>> check("tiles", 56).correct
True
>>> check("tiles", 216).message
'that counts ordered triples: the tile 0-1-2 is the same tile however you read it.'
"""

from __future__ import annotations

from fractions import Fraction

from ..triominos import TILES, Rules, cells_around, value
from . import Question, QuestionSet


def _whole(answer) -> int:
    if isinstance(answer, bool) or float(answer) != int(answer):
        raise ValueError("a count is a whole number")
    return int(answer)


def _tiles(answer) -> str | None:
    count = _whole(answer)
    if count == len(TILES):
        return None
    if count == 6**3:
        return "that counts ordered triples: the tile 0-1-2 is the same tile however you read it."
    if count == 20:
        return "that counts only the tiles with three different numbers; add pairs and triples."
    if count == 62:
        return "0-1-2 and its mirror 0-2-1 are not two tiles: mirror images are never printed."
    return "count the multisets {a ≤ b ≤ c} of the numbers 0–5: triples, pairs, all different."


def _mean_value(answer) -> str | None:
    exact = Fraction(sum(value(tile) for tile in TILES), len(TILES))
    given = Fraction(str(answer)) if not isinstance(answer, Fraction) else answer
    if given == exact:
        return None
    if given == 15:
        return "15 is the largest value (5-5-5); the question asks for the average."
    return "add up all 56 tile values (each number appears on 21 tiles) and divide by 56."


def _total_value(answer) -> str | None:
    total = sum(value(tile) for tile in TILES)
    given = _whole(answer)
    if given == total:
        return None
    if given == 21 * 15:
        return "each number 0–5 appears on 21 tiles, but a tile can show a number twice or three times."
    return "56 tiles × 3 corners: each of the six numbers is printed 28 times in all; add them up."


def _around(answer) -> str | None:
    expected = set(cells_around((3, 2)))
    given = {tuple(int(v) for v in cell) for cell in answer}
    if given == expected:
        return None
    if len(given) != 6:
        return "a hexagon is six triangles."
    rows = sorted({r for r, _ in given})
    if rows != sorted({r for r, _ in expected}):
        return "point (3, 2) has y = 2: its cells lie in the rows just above and below it."
    return "the columns are X−2, X−1 and X for a point (X, y)."


def _start_with_zero(answer) -> str | None:
    rules = Rules.seed()
    expected = 0 + rules.zero_triple_bonus + rules.start_bonus
    given = _whole(answer)
    if given == expected:
        return None
    if given == rules.zero_triple_bonus:
        return "opening with a triple also scores the opening bonus."
    if given == rules.start_bonus:
        return "0-0-0 has its own extra bonus on top of the opening bonus."
    return "add the tile's value, the opening bonus and the extra bonus for 0-0-0."


def _pressman_pass(answer) -> str | None:
    rules = Rules.pressman()
    expected = -(rules.max_draws * rules.draw_penalty + rules.pass_penalty)
    given = _whole(answer)
    if given == expected:
        return None
    if given == -expected:
        return "these are points lost: give a negative number."
    if given == -rules.max_draws * rules.draw_penalty:
        return "after the third draw without a placement you also pass, which costs more."
    return "count each draw's penalty, then the penalty for passing."


QUESTIONS = QuestionSet(
    [
        Question("tiles", "How many tiles are in a Tri-Ominos set?", _tiles),
        Question(
            "mean_value", "What is the mean value of a tile (a Fraction or a decimal)?", _mean_value
        ),
        Question("total_value", "What do all the tiles' values add up to?", _total_value),
        Question(
            "hexagon_3_2",
            "Which six cells (r, c) surround lattice point (3, 2)? A list of pairs.",
            _around,
        ),
        Question(
            "start_with_zero",
            "How many points does opening the round with 0-0-0 score?",
            _start_with_zero,
        ),
        Question(
            "pressman_pass",
            "Pressman rules: you cannot place, draw three tiles, still cannot place, and pass. Your points?",
            _pressman_pass,
        ),
    ]
)

check = QUESTIONS.check
"""``check(key, answer)``: the verdict on one answer (see ``QUESTIONS``)."""
