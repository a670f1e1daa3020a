"""Homework 2 — What does a round score? (Tri-Ominos)

The student estimates what a two-player round between greedy players scores
in all (both players' points), then tests whether an edition's rule — the
Pressman draw limit — changes it, on the same deals (a paired comparison of
means). Rows are handed in and replayed; their seeds must be consecutive.

``round_points(seed)`` and ``round_pair(seed)`` fix how a row is played, so
the student's rows and the check's replays are the same rounds.

>>> round_points(3) == round_points(3)
True
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ..triominos import TILES, Rules, value
from ..triominos.study import paired_task, round_task
from . import Question, QuestionSet, as_fraction
from .simulation import check_mean, check_paired, read_simulation, require_consecutive

__all__ = ["QUESTIONS", "check", "grade", "round_points", "round_pair", "MIN_ROUNDS"]

MIN_ROUNDS = 400
REPLAYS = 40
LEFT_IN_HAND = 4
"""The tiles left in the loser's hand in the going-out question."""


def round_points(seed: int, rules: str = "seed") -> int:
    """Both players' points in the two-player greedy round dealt by ``seed``."""
    return int(round_task(np.random.default_rng(seed), players=2, rules=rules)["round_points"])


def round_pair(seed: int) -> tuple[int, int]:
    """The same deal played under the ``seed`` rules and the ``pressman`` rules: both rounds' points."""
    rows = paired_task(np.random.default_rng(seed), players=2, rules=("seed", "pressman"))
    by_rules = {row["rules"]: int(row["round_points"]) for row in rows}
    return by_rules["seed"], by_rules["pressman"]


def _going_out() -> Fraction:
    mean = Fraction(sum(value(tile) for tile in TILES), len(TILES))
    return Rules.seed().going_out_bonus + LEFT_IN_HAND * mean


def _g_going_out(answer) -> str | None:
    given = as_fraction(answer, "a number of points, like 42 or Fraction(85, 2)")
    expected = _going_out()
    if given == expected:
        return None
    if given == LEFT_IN_HAND * Fraction(15, 2):
        return "going out also earns a fixed bonus on top of the tiles left."
    if given == Rules.seed().going_out_bonus:
        return "add the expected value of the tiles left in the other hand."
    return "expected values add: the fixed bonus + 4 × the expected value of one tile."


def _g_mean(answer) -> str | None:
    rows, _, _ = read_simulation(answer, ["round_points"], min_games=MIN_ROUNDS)
    hint = require_consecutive(rows)
    if hint:
        return hint
    return check_mean(
        answer,
        column="round_points",
        rederive=round_points,
        min_games=MIN_ROUNDS,
        sample=REPLAYS,
    )


def _g_pressman(answer) -> str | None:
    return check_paired(
        answer,
        columns=("pressman", "seed_rules"),
        rederive=lambda seed: tuple(reversed(round_pair(seed))),
        proportions=False,
        min_games=MIN_ROUNDS,
        sample=REPLAYS,
    )


QUESTIONS = QuestionSet(
    [
        Question("going_out", "Expected going-out points when the other hand holds 4 random tiles?",
                 _g_going_out, "a number of points, like 42 or Fraction(85, 2)", _going_out,
                 topic="expected value"),
        Question("mean_round_points", "Mean points of a round (both players), greedy v greedy: 95% interval.",
                 _g_mean, "{'rows': ..., 'estimate': ..., 'interval': (low, high)}",
                 topic="law of large numbers, confidence intervals"),
        Question("pressman_effect", "Mean round points, Pressman minus seed rules, same deals: paired 95% interval.",
                 _g_pressman, "{'rows': ..., 'estimate': ..., 'interval': (low, high)}",
                 topic="paired comparison"),
    ]
)  # fmt: skip

check = QUESTIONS.check
"""``check(key, answer)``: the verdict on one answer (see ``QUESTIONS``)."""
grade = QUESTIONS.grade
"""``grade(key, answer)``: for autograded cells, raises ``AssertionError`` with the hint unless right."""
