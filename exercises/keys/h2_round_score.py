"""Answer key of homework 2 (round scores, Tri-Ominos): the teacher's side. Never handed to students.

The grader (``tilegames_course.grading.grader``) loads this file from the course's
``keys/`` folder and calls ``questions(student, sources)``. The warm-up's answer
is computed from the tile set and the rules for the student's number of tiles
left; the simulations must play exactly the student's rounds, and every row
is replayed. Rows that replay with figures that do not agree earn part of the
points.
"""

from __future__ import annotations

from fractions import Fraction

from tilegames.exercises import Partial, Question, QuestionSet
from tilegames.exercises.round_score import (
    FORMS,
    MEAN_COLUMNS,
    PAIRED_COLUMNS,
    ROUNDS,
    as_points,
    deals,
    left_in_hand,
    pressman_row,
    round_points,
)
from tilegames.exercises.simulation import check_mean, check_paired, read_simulation, replay_rows
from tilegames.i18n import _, ngettext
from tilegames.triominos import TILES, Rules, value

ROWS_SHARE = 0.5
"""The share of a simulation's points earned when its rows replay but its figures are wrong."""


def _tile_mean() -> Fraction:
    return Fraction(sum(value(tile) for tile in TILES), len(TILES))


def _going_out(student: str) -> Fraction:
    return Rules.seed().going_out_bonus + left_in_hand(student) * _tile_mean()


def _g_going_out(answer, student: str) -> str | None:
    given, expected = as_points(answer), _going_out(student)
    left, bonus = left_in_hand(student), Rules.seed().going_out_bonus
    if given == expected:
        return None
    if given == left * _tile_mean():
        return _("going out also earns a fixed bonus on top of the tiles left.")
    if given == bonus:
        return _("add the expected value of the tiles left in the other hand.")
    if given == bonus + _tile_mean():
        return ngettext(
            "the other hand holds {left} tile: it adds its expected value.",
            "the other hand holds {left} tiles: each adds its expected value.",
            left,
        ).format(left=left)
    return _(
        "expected values add: the fixed bonus + {left} × the expected value of one tile."
    ).format(left=left)


def _simulation(answer, student: str, columns, replay, figures) -> str | Partial | None:
    rows, _, _ = read_simulation(answer, columns, min_games=ROUNDS, seeds=deals(student))
    hint = replay_rows(rows, columns, replay)
    if hint:
        return hint
    hint = figures(answer)
    if isinstance(hint, Partial):  # the rows replay: the simulation checks give the share
        return hint
    return Partial(ROWS_SHARE, hint) if hint else None


def _g_mean(answer, student: str) -> str | Partial | None:
    return _simulation(
        answer,
        student,
        MEAN_COLUMNS,
        round_points,
        lambda a: check_mean(a, column="round_points", rederive=None, min_games=ROUNDS),
    )


def _g_pressman(answer, student: str) -> str | Partial | None:
    return _simulation(
        answer,
        student,
        PAIRED_COLUMNS,
        pressman_row,
        lambda a: check_paired(
            a, columns=PAIRED_COLUMNS, rederive=None, proportions=False, min_games=ROUNDS
        ),
    )


def questions(student: str, sources: dict[str, str]) -> QuestionSet:
    """The questions of ``student``'s variant of homework 2, each with its grader."""
    form = {key: f.text for key, f in FORMS.items()}
    left = left_in_hand(student)
    return QuestionSet(
        [
            Question("going_out", f"Expected going-out points when the other hand holds {left} random tiles?",
                     lambda a: _g_going_out(a, student), form["going_out"],
                     lambda: _going_out(student), topic="expected value"),
            Question("mean_round_points", "Mean points of a round (both players), greedy v greedy, on your rounds: 95% interval.",
                     lambda a: _g_mean(a, student), form["mean_round_points"],
                     topic="law of large numbers, confidence intervals"),
            Question("pressman_effect", "Mean round points, Pressman minus standard rules, on your rounds: paired 95% interval.",
                     lambda a: _g_pressman(a, student), form["pressman_effect"],
                     topic="paired comparison"),
        ]
    )  # fmt: skip
