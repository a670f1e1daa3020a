"""Homework 1 — How much does mercy help you? (Tula)

The student writes a Tula player that sees only what a person sees (the one
player protocol, ``choose(view, rng) -> Move``), measures it against
``greedy`` on the same deals, and measures what mercy is worth to it — each
with a paired interval. Every simulated answer is handed in with its rows,
and the check replays a sample of them with the student's own player.

The helpers ``won`` and ``deal`` fix how a row is played, so the student's
rows and the check's replays are the same games.

>>> from tilegames.players import Player
>>> class First(Player):
...     def choose(self, view, rng):
...         return view.legal_moves[0]
>>> check("my_player", First()).correct
True
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from ..sim import estimated_games_for_margin
from ..tula import TILES, Game, make_player, matches, new_game
from . import AnswerFormat, Question, QuestionSet, as_fraction, as_whole
from .players import check_player, play_seeded
from .simulation import check_paired, read_simulation

__all__ = ["QUESTIONS", "check", "grade", "deal", "won", "MIN_DEALS"]

MIN_DEALS = 300
"""The fewest deals a comparison must use."""
REPLAYS = 40
"""How many of a student's rows the check replays (a random sample)."""


def deal(seed: int, mercy: bool = True) -> Game:
    """The deal with this seed, with or without mercy (what one row of the homework plays)."""
    return new_game(seed=seed, mercy=mercy)


def won(player: Any, seed: int, mercy: bool = True) -> bool:
    """Did ``player`` win the deal ``seed`` (its dice seeded by ``seed`` too)?"""
    return bool(play_seeded(player, deal(seed, mercy), seed).won)


# -- answers ------------------------------------------------------------------------------------


def _p_usable() -> Fraction:
    partners = sum(matches(TILES[0], t) for t in TILES[1:])
    others = len(TILES) - 1
    return Fraction(comb(others - partners, 3), comb(others, 3))


RESCUE = Fraction(1, 5)
"""The rescue rate in the total-probability question."""


def _overall_gain() -> Fraction:
    return _p_usable() * RESCUE


MARGIN, NEAR = 0.005, 0.03


def _games_needed() -> int:
    return estimated_games_for_margin(NEAR, MARGIN)


# -- graders ------------------------------------------------------------------------------------


def _g_gain(answer) -> str | None:
    given, expected = as_fraction(answer), _overall_gain()
    if given == expected:
        return None
    if given == RESCUE:
        return "mercy only changes the deals where it can be used: weight the rescue rate by how often that is."
    if given == _p_usable():
        return "not every deal where mercy is used is won: multiply by the rescue rate."
    return "law of total probability: gain = P(mercy usable) × P(won thanks to mercy | usable)."


def _player_of(answer) -> Any:
    if not isinstance(answer, dict):
        read_simulation(answer, [], min_games=0)  # says what a simulated answer looks like
    player = answer.get("player") if isinstance(answer, dict) else None
    if player is None:
        raise AnswerFormat(
            "include your player in the dict: {'player': MyPlayer(), 'rows': ..., "
            "'estimate': ..., 'interval': (low, high)}."
        )
    if isinstance(player, type):
        raise AnswerFormat("give an instance of your player, like MyPlayer(), not the class.")
    return player


def _g_player(answer) -> str | None:
    return check_player(answer, lambda seed: deal(seed, mercy=True), games=12)


def _g_vs_greedy(answer) -> str | None:
    player = _player_of(answer)
    greedy = make_player("greedy")
    return check_paired(
        answer,
        columns=("mine", "greedy"),
        rederive=lambda seed: (won(player, seed), won(greedy, seed)),
        proportions=True,
        min_games=MIN_DEALS,
        sample=REPLAYS,
    )


def _g_mercy(answer) -> str | None:
    player = _player_of(answer)
    return check_paired(
        answer,
        columns=("with_mercy", "without_mercy"),
        rederive=lambda seed: (won(player, seed, True), won(player, seed, False)),
        proportions=True,
        min_games=MIN_DEALS,
        sample=REPLAYS,
    )


def _g_games(answer) -> str | None:
    given, expected = as_whole(answer), _games_needed()
    if abs(given - expected) <= 0.01 * expected + 1:
        return None
    if abs(given - expected / 4) <= 0.02 * expected:
        return "a margin of ±0.5 points is half a percentage point each way: 0.005, not 0.01."
    if abs(given - 2 * expected) <= 0.02 * expected or abs(given - expected / 2) <= 0.02 * expected:
        return "the margin is the half-width of the interval: 1.96 × √(p(1−p)/n) = 0.005."
    return "solve 1.96 × √(p(1−p)/n) = margin for n, with p near 0.03."


QUESTIONS = QuestionSet(
    [
        Question("overall_gain", "If mercy rescues 1 in 5 of the deals where it can be used, the overall gain in win rate?",
                 _g_gain, "a Fraction, like Fraction(3, 7)", _overall_gain,
                 topic="law of total probability, conditional probability"),
        Question("my_player", "Your player: legal moves from its view only, never crashes.", _g_player,
                 "an instance of your player, like MyPlayer()", topic="the player protocol"),
        Question("vs_greedy", "Your player's win rate minus greedy's, same deals, with mercy: paired 95% interval.",
                 _g_vs_greedy, "{'player': ..., 'rows': ..., 'estimate': ..., 'interval': (low, high)}",
                 topic="paired comparison, confidence intervals"),
        Question("mercy_effect", "Your player's win rate with mercy minus without, same deals: paired 95% interval.",
                 _g_mercy, "{'player': ..., 'rows': ..., 'estimate': ..., 'interval': (low, high)}",
                 topic="paired comparison"),
        Question("games_for_margin", "Deals needed for a ±0.5-point 95% interval around a 3% win rate?",
                 _g_games, "a whole number of deals", _games_needed,
                 topic="confidence intervals, sample size"),
    ]
)  # fmt: skip

check = QUESTIONS.check
"""``check(key, answer)``: the verdict on one answer (see ``QUESTIONS``)."""
grade = QUESTIONS.grade
"""``grade(key, answer)``: for autograded cells, raises ``AssertionError`` with the hint unless right."""
