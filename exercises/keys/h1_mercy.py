"""Answer key of homework 1 (mercy, Tula): the teacher's side. Never handed to students.

The grader (``tilegames_course.grading.grader``) loads this file from the course's
``keys/`` folder and calls ``questions(student, sources)``. The student's player
is never taken from the handed-in answer (that is only its class's name): it is
the code of the notebook's answer cell, ``sources["my_player_answer"]``, run in a
process of its own (``tilegames_course.grading.player_box``) that only ever receives its
views. That process plays the student's deals, with and without mercy, once;
the player question and both comparisons are judged from those games: every
row of the student's table is replayed. The rows were made with the dice of the
deals' public seeds, so the deals are played once more with fresh, secret dice:
a player that wins far more often with its own dice recognises its deals by
them, and is refused.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from math import comb
from pathlib import Path

from tilegames.exercises import AnswerFormat, Partial, Question, QuestionSet, as_fraction
from tilegames.exercises.handin import Player as HandedInPlayer
from tilegames.exercises.mercy import (
    DEALS,
    FORMS,
    deal,
    deals,
    margin_question,
    player_seed,
    rescue,
    won,
)
from tilegames.exercises.simulation import check_paired, read_simulation, replay_rows
from tilegames.i18n import _, format_percent
from tilegames.sim import estimated_games_for_margin
from tilegames.tula import TILES, make_player, matches
from tilegames_course.grading.player_box import PlayerRun, run_player

PLAYER_CELL = "my_player_answer"
"""The grade id of the answer cell whose code defines ``my_player``."""

PRELUDE = """\
import math
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from tilegames import tula
from tilegames.exercises.mercy import (
    check,
    deals,
    margin_question,
    rescue,
    student_id,
    submit,
    won,
)
from tilegames.players import Player
from tilegames.stats import paired_difference
"""
"""The assignment's import cell (and numpy), run before the student's cell in the player's process."""

RUN_SECONDS = 180.0
"""The most the player may take for all the student's deals, each way (a fair one needs ~5 s)."""

DICE_CHECK_P = 1e-4
"""How unlikely, for a player that plays blind, its edge with public dice over fresh ones must be
before the key says it recognises its deals from its dice."""

ROWS_SHARE = 0.5
"""The share of a comparison's points earned when the rows replay but the figures are wrong."""


# -- answers ------------------------------------------------------------------------------------


def _p_usable() -> Fraction:
    partners = sum(matches(TILES[0], t) for t in TILES[1:])
    others = len(TILES) - 1
    return Fraction(comb(others - partners, 3), comb(others, 3))


def _overall_gain(student: str) -> Fraction:
    return _p_usable() * rescue(student)


def _games_needed(student: str) -> int:
    near, margin = margin_question(student)
    return estimated_games_for_margin(near, margin)


# -- the student's player, played in its own process ---------------------------------------------


def _hidden() -> list[Path]:
    """What the player's process must not read: the course folder (or its private parts)."""
    root = Path(__file__).resolve().parent.parent
    library = Path(deal.__code__.co_filename).resolve()
    if root not in library.parents:
        return [root]
    return [path for path in (Path(__file__).resolve().parent,) if path.is_dir()]


class Replays:
    """The student's player on their deals, with and without mercy: one run each, kept."""

    def __init__(self, student: str, sources: dict[str, str]) -> None:
        self.student = student
        self.source = sources.get(PLAYER_CELL)

    def _play(self, mercy: bool, dice_key: int | None) -> PlayerRun:
        """Every deal of the student's, played by their player in the player box, within the
        player-time budget every student has (``RUN_SECONDS``): a slow player is stopped there,
        and the deals it finished are kept."""
        return run_player(
            self.source,
            prelude=PRELUDE,
            deals=lambda seed: deal(seed, mercy),
            seeds=deals(self.student),
            outcome=lambda game: bool(game.won),
            player_seed=player_seed,
            dice_key=dice_key,
            budget_seconds=RUN_SECONDS,
            name="my_player",
            hide=_hidden(),
        )

    @functools.cache  # noqa: B019 - one Replays per grading, so nothing outlives it
    def run(self, mercy: bool) -> PlayerRun:
        """The deals with the dice the student's kernel gave (public, from each seed): the rows
        made at home are replayed, and secret dice would fail an honest player that uses them."""
        return self._play(mercy, dice_key=0)

    @functools.cache  # noqa: B019 - one Replays per grading, so nothing outlives it
    def fresh(self) -> PlayerRun:
        """The same deals with mercy, with dice no seed reveals (the box's secret key)."""
        return self._play(True, dice_key=None)

    @functools.cache  # noqa: B019
    def recognises_its_deals(self) -> str | None:
        """Why the player seems to know its deals from its dice, or None.

        The rows made at home are replayed with the dice of the deals' public seeds, so a
        player could find its deal from its dice. A player that plays from its view does
        about as well with fresh dice: among the deals won one way and lost the other, each
        way is a coin toss. An edge far beyond that is refused."""
        public, fresh = self.run(True), self.fresh()
        if fresh.refusal and not (fresh.timed_out and fresh.results):
            return fresh.refusal
        pairs = list(zip(public.results, fresh.results))
        better = sum(1 for p, f in pairs if p and not f)
        worse = sum(1 for p, f in pairs if f and not p)
        if better - worse < 0.05 * max(len(pairs), 1):
            return None
        tail = sum(comb(better + worse, k) for k in range(better, better + worse + 1))
        if tail / 2 ** (better + worse) >= DICE_CHECK_P:
            return None
        return _(
            "your player won {better} of your deals with their own dice that it lost with "
            "fresh dice, and only {worse} the other way round: it seems to recognise its deals "
            "from its dice. A player must play from what its view shows."
        ).format(better=better, worse=worse)

    def missing(self) -> str | None:
        """Why there is no player to play, or None."""
        if not isinstance(self.source, str) or not self.source.strip():
            return _(
                "your player's answer cell was not found in your notebook: it defines my_player."
            )
        return None

    def wins(self, mercy: bool) -> dict[int, bool] | str:
        """Each deal's result by seed (only the deals it finished, when its time ran out), or
        why the player could not play them."""
        missing = self.missing()
        if missing:
            return missing
        run = self.run(mercy)
        if run.refusal and not (run.timed_out and run.results):
            return run.refusal
        recognised = self.recognises_its_deals()
        if recognised:
            return recognised
        return dict(zip(deals(self.student), run.results))

    def finished(self, *mercies: bool) -> int:
        """How many of the student's deals the player finished in every one of these runs."""
        if self.missing():
            return 0
        return min(len(self.run(mercy).results) for mercy in mercies)


# -- graders ------------------------------------------------------------------------------------


def _g_gain(answer, student: str) -> str | None:
    given, expected = as_fraction(answer), _overall_gain(student)
    if given == expected:
        return None
    if given == rescue(student):
        return _(
            "mercy only changes the deals where it can be used: weight the rescue rate by how often that is."
        )
    if given == _p_usable():
        return _("not every deal where mercy is used is won: multiply by the rescue rate.")
    if given == (1 - _p_usable()) * rescue(student):
        return _(
            "mercy can be used in the deals where none of the first three tiles matches, not the others."
        )
    return _("law of total probability: gain = P(mercy usable) × P(won thanks to mercy | usable).")


def _g_player(answer, replays: Replays) -> str | None:
    if not isinstance(answer, HandedInPlayer):
        raise AnswerFormat(
            _(
                "hand in your player itself, an instance like MyPlayer():"
                " submit('my_player', my_player)."
            )
        )
    missing = replays.missing()
    if missing:
        return missing
    # a slow one too: it must play all its deals in time
    return replays.run(mercy=True).refusal or replays.recognises_its_deals()


def _g_comparison(
    answer, student: str, replays: Replays, columns, replay, mercies: tuple[bool, ...]
) -> str | Partial | None:
    rows, _, _ = read_simulation(answer, columns, min_games=DEALS, seeds=deals(student))
    hint = replay(rows)
    if hint:
        return hint
    hint = check_paired(answer, columns=columns, rederive=None, proportions=True, min_games=DEALS)
    if isinstance(hint, Partial):  # the rows replay: the simulation checks give the share
        verdict: Partial | str | None = hint
    else:
        verdict = Partial(ROWS_SHARE, hint) if hint else None
    return _for_the_deals_finished(verdict, replays, mercies)


def _for_the_deals_finished(
    verdict: Partial | str | None, replays: Replays, mercies: tuple[bool, ...]
) -> Partial | str | None:
    """A player stopped by its time budget earns the verdict's share for the deals it finished
    (only those were replayed), with a hint that says so."""
    finished = replays.finished(*mercies)
    if finished >= DEALS:
        return verdict
    note = _(
        "your player used up its {seconds:g} s (the same for every student) after "
        "{finished} of your {deals} deals, so only those were replayed and this part earns "
        "{finished}/{deals} of what it would: make it faster, well under 0.1 s a move."
    ).format(seconds=RUN_SECONDS, finished=finished, deals=DEALS)
    if isinstance(verdict, str):
        return f"{verdict}; {note}"
    share = 1.0 if verdict is None else verdict.share
    return Partial(share * finished / DEALS, f"{verdict}; {note}" if verdict else note)


def _replayed(replays: Replays, column: str, mercy: bool):
    def replay(rows) -> str | None:
        wins = replays.wins(mercy)
        if isinstance(wins, str):
            return _("your rows could not be replayed with your player: {why}").format(why=wins)
        return replay_rows(rows[rows["seed"].isin(list(wins))], [column], wins.__getitem__)

    return replay


@functools.lru_cache(maxsize=1 << 16)
def _greedy_won(seed: int) -> bool:
    """Did the library's greedy player win this deal (with mercy)? Kept: it never changes."""
    return won(make_player("greedy"), seed)


def _g_vs_greedy(answer, student: str, replays: Replays) -> str | Partial | None:
    def replay(rows) -> str | None:
        hint = replay_rows(rows, ["greedy"], _greedy_won)
        return hint or _replayed(replays, "mine", True)(rows)

    return _g_comparison(answer, student, replays, ("mine", "greedy"), replay, (True,))


def _g_mercy(answer, student: str, replays: Replays) -> str | Partial | None:
    def replay(rows) -> str | None:
        return _replayed(replays, "with_mercy", True)(rows) or _replayed(
            replays, "without_mercy", False
        )(rows)

    return _g_comparison(
        answer, student, replays, ("with_mercy", "without_mercy"), replay, (True, False)
    )


def _g_games(answer, student: str) -> str | None:
    near, margin = margin_question(student)
    given, expected = FORMS["games_for_margin"].read(answer), _games_needed(student)
    if abs(given - expected) <= 0.01 * expected + 1:
        return None
    if abs(given - expected / 4) <= 0.02 * expected:
        return _(
            "the margin ±{margin:g} is already the half-width of the interval: do not double it."
        ).format(margin=margin)
    if abs(given - 4 * expected) <= 0.08 * expected or abs(given - 2 * expected) <= 0.04 * expected:
        return _("the margin is the half-width of the interval: solve 1.96 × √(p(1−p)/n) = margin.")
    if given <= 2:
        return _(
            "write the margin as a share, not in percentage points: ±{points:g} points is {margin:g}."
        ).format(points=margin * 100, margin=margin)
    worst = estimated_games_for_margin(0.5, margin)
    if abs(given - worst) <= 0.01 * worst + 1:
        return _(
            "that is the worst case p = 0.5; the win rate is near {near}, where intervals are narrower."
        ).format(near=format_percent(near))
    return _("solve 1.96 × √(p(1−p)/n) = margin for n, with p your win rate, and round up.")


def questions(student: str, sources: dict[str, str]) -> QuestionSet:
    """The questions of ``student``'s variant of homework 1, each with its grader."""
    form = {key: f.text for key, f in FORMS.items()}
    replays = Replays(student, sources)
    near, margin = margin_question(student)
    return QuestionSet(
        [
            Question("overall_gain", f"If mercy rescues {rescue(student)} of the deals where it can be used, the overall gain in win rate?",
                     lambda a: _g_gain(a, student), form["overall_gain"],
                     lambda: _overall_gain(student),
                     topic="law of total probability, conditional probability"),
            Question("my_player", "Your player: legal moves from its view only, never crashes, your own.",
                     lambda a: _g_player(a, replays), form["my_player"], topic="the player protocol"),
            Question("vs_greedy", "Your player's win rate minus greedy's on your deals, with mercy: paired 95% interval.",
                     lambda a: _g_vs_greedy(a, student, replays), form["vs_greedy"],
                     topic="paired comparison, confidence intervals"),
            Question("mercy_effect", "Your player's win rate with mercy minus without on your deals: paired 95% interval.",
                     lambda a: _g_mercy(a, student, replays), form["mercy_effect"],
                     topic="paired comparison"),
            Question("games_for_margin", f"Deals needed for a ±{margin * 100:g}-point 95% interval around a {near:.0%} win rate?",
                     lambda a: _g_games(a, student), form["games_for_margin"],
                     lambda: _games_needed(student), topic="confidence intervals, sample size"),
        ]
    )  # fmt: skip
