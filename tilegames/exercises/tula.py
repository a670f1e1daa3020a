"""Worksheet 1 (Tula), the student's side: your positions, your deals, and the form of each answer.

Every student gets their own numbers: the positions the questions show and the
deals the simulation plays are made from the student id (``student_id``), so two
students' answers differ. ``check`` says whether an answer's *form* is right
(and replays a simulation's rows); whether it is *correct* is for the teacher's
grader, whose answer keys are not in this package. ``submit`` hands an answer in.

>>> check("non_matching_pair", ("2 Moons", "null Suns")).status
'ready'
>>> check("pairs", "ninety").message
'give a whole number, like 7 (not a string).'
>>> position("reveal_now", "ada") == position("reveal_now", "ada")
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import i18n  # i18n._(...)
from ..tula import POSITIONS, Game, Tile, matches, new_game
from ..tula.layout import EDGE_BLOCKERS, INDEX
from ..tula.solver import solve
from ..words import plural
from . import COUNT, EXACT, WORKSHEET, Form, Picture, Question, QuestionSet, Sheet, yes_no
from .answers import AnswerFormat, as_names, as_whole
from .handin import first_made, seed_window, student_rng
from .handin import student_id as student_id  # one of HOMEWORK, re-exported
from .simulation import FORM, check_proportion, simulation_checks

__all__ = [*WORKSHEET, "one_match", "picture"]

ASSIGNMENT = "w1_tula"
LAYER3 = ("3A", "3B", "3C")
GAMES = 2000
"""How many deals the simulation question plays: ``deals(student)``, every one of them."""
GONE_FOR_1K = ("4A", "3A", "3B", "3C", "2E", "2F", "2G", "1L")
"""The tiles removed in the blocked-edges question."""


# -- your positions and deals -------------------------------------------------------------------


def _reveal_now(rng: np.random.Generator) -> Game | None:
    """A game as a person plays it, a few random moves in, with a real choice of reveals."""
    game = new_game(seed=int(rng.integers(1 << 31)))
    for _ in range(int(rng.integers(8, 17))):
        moves = game.legal_moves()
        if game.is_over or not moves:
            return None
        game.play(moves[int(rng.integers(len(moves)))])
    if game.is_over:
        return None
    face_down = [p for p in POSITIONS if game.is_present(p) and not game.is_face_up(p)]
    revealable = game.revealable()
    return game if 2 <= len(revealable) < len(face_down) else None


def _keep_winnable(rng: np.random.Generator) -> Game | None:
    """A position (every tile shown) where exactly one of three or more removals keeps a win."""
    game = new_game(seed=int(rng.integers(1 << 31)), auto_reveal=True)
    if not solve(game).winnable:
        return None
    for step in range(30):
        removals = [m for m in game.legal_moves() if m.kind == "remove"]
        if game.is_over or not removals:
            return None
        good = []
        for move in removals:
            trial = game.copy()
            trial.play(move)
            if solve(trial).winnable:
                good.append(move)
        if step >= 5 and len(removals) >= 3 and len(good) == 1:
            return game
        game.play(good[int(rng.integers(len(good)))])
    return None


_MAKERS = {"reveal_now": _reveal_now, "keep_winnable": _keep_winnable}


def position(name: str, student: str) -> Game:
    """A fresh copy of the position question ``name`` shows to ``student``."""
    if name not in _MAKERS:
        raise KeyError(f"no position {name!r}; the positions are {', '.join(_MAKERS)}")
    return first_made(_MAKERS[name], student_rng(ASSIGNMENT, student, len(name)))


def picture(game: Game) -> Any:
    """The position as a picture with no outlines (which would give the answers away)."""
    from ..tula import render

    return Picture(render.svg(game, highlight=False))


def deals(student: str) -> range:
    """The seeds of the deals ``student``'s simulation plays: ``GAMES`` consecutive ones."""
    return seed_window(ASSIGNMENT, student, GAMES)


def one_match(seed: int) -> bool:
    """Does the deal with this seed have exactly one layer-3 tile matching the stack's tile?"""
    game = new_game(seed=seed, auto_reveal=True)
    return sum(matches(game.tile_at(p), game.stack_top) for p in LAYER3) == 1


# -- the form of each answer --------------------------------------------------------------------


def tile_of(name: Any) -> Tile:
    """A tile from its name (``'2 Moons'``); a format hint otherwise."""
    if isinstance(name, Tile):
        return name
    if not isinstance(name, str):
        raise AnswerFormat(i18n._("give two tile names as strings, like ('2 Moons', 'null Suns')."))
    try:
        return Tile.parse(name)
    except ValueError:
        raise AnswerFormat(
            i18n._(
                "{name!r} is not a tile name: write a value and a suit, like '2 Moons' or 'null Suns'."
            ).format(name=name)
        ) from None


def tile_pair(answer: Any) -> tuple[Tile, Tile]:
    """Two tiles, named: ``('2 Moons', 'null Suns')``."""
    if not isinstance(answer, (list, tuple)) or len(answer) != 2:
        raise AnswerFormat(i18n._("give a pair of tile names, like ('2 Moons', 'null Suns')."))
    first, second = (tile_of(t) for t in answer)
    return first, second


def positions_of(answer: Any) -> set[str]:
    """Position names, like ``['1A', '2B']``."""
    names = {name.upper() for name in as_names(answer)}
    unknown = sorted(names - set(POSITIONS))
    if unknown:
        raise AnswerFormat(
            i18n._(
                "{unknown!r} is not a position: positions are 1A … 1M, 2A … 2G, 3A … 3C, 4A."
            ).format(unknown=unknown[0])
        )
    return names


def edges_of(answer: Any) -> set[str]:
    """Edge names, like ``{'top', 'left'}``."""
    names = {name.lower() for name in as_names(answer, "a set of edges, like {'top', 'left'}")}
    unknown = sorted(names - {"top", "right", "bottom", "left"})
    if unknown:
        raise AnswerFormat(
            i18n._("{unknown!r} is not an edge: use 'top', 'right', 'bottom', 'left'.").format(
                unknown=unknown[0]
            )
        )
    return names


def one_position(answer: Any) -> str:
    """One position, like ``'1A'`` (``'remove 1A'`` is read as ``'1A'``)."""
    if not isinstance(answer, str):
        raise AnswerFormat(i18n._("give one position as a string, like '1A'."))
    name = answer.strip().upper().removeprefix("REMOVE ").strip()
    if name not in POSITIONS:
        raise AnswerFormat(
            i18n._("{answer!r} is not a position: give one like '1A'.").format(answer=answer)
        )
    return name


simulation_of = simulation_checks(
    check_proportion, games=GAMES, deals=deals, outcome="one_match", rederive=one_match
)


FORMS = {
    "pairs": COUNT,
    "non_matching_pair": Form(tile_pair, "a pair of tile names, like ('2 Moons', 'null Suns')"),
    "reveal_now": Form(positions_of, "a list of positions, like ['1A', '2B']"),
    "blocked_1K": Form(edges_of, "a set of edges, like {'top', 'left'}"),
    "free_layer2": Form(positions_of, "a list of positions, like ['2A']"),
    "exactly_one": EXACT,
    "neither_given_3A": EXACT,
    "expected_matches": EXACT,
    "simulate_one_match": Form.checked(simulation_of, FORM),
    "keep_winnable": Form(one_position, "one position, like '1A'"),
}

SHEET = Sheet(ASSIGNMENT, FORMS)
check = SHEET.check
"""``check(key, answer)``: is the answer's form right? (Its truth is for the teacher's grader.)"""
submit = SHEET.submit
"""``submit(key, answer)``: the graded cells' one line, handing the answer in."""


# -- check yourself: quick questions at the end of notebooks/01_tula_rules -----------------------


def _stuck_removals() -> int:
    seed = next(s for s in range(1000) if new_game(seed=s).stuck_at_start)
    game = new_game(seed=seed, auto_reveal=True)
    return len(game.stack) - 1 + sum(1 for m in game.legal_moves() if m.kind == "remove")


def _g_stuck(answer) -> str | None:
    given, expected = as_whole(answer), _stuck_removals()
    if given == expected:
        return None
    return i18n._(
        "with no match among 3A, 3B, 3C nothing can be removed, and nothing else can be revealed."
    )


def _never_blocked_floor() -> set[str]:
    return {name for name in POSITIONS if name.startswith("1") and _never_blocked(name)}


def _g_corners(answer) -> str | None:
    """The hint for the floor-tiles question: what is wrong, and how many are missing.

    >>> _g_corners(["1A"])
    'you missed 4 tiles: check every floor tile at the edge of the temple, the bottom one too.'
    >>> _g_corners(["1A", "1D", "1I", "1L", "1M", "2A"])
    'only floor tiles count: their names start with 1, like 1A.'
    """
    given = positions_of(answer)
    expected = _never_blocked_floor()
    if given == expected:
        return None
    if any(not name.startswith("1") for name in given):
        return i18n._("only floor tiles count: their names start with 1, like 1A.")
    if given - expected:
        return i18n._("a tile in the middle of a row always has a neighbour on two sides.")
    missing = len(expected - given)
    return i18n._(
        "you missed {missing}: check every floor tile at the edge of the temple, the bottom one too."
    ).format(missing=plural(missing, "tile"))


def _never_blocked(name: str) -> bool:
    blockers = EDGE_BLOCKERS[INDEX[name]]
    pairs = (("top", "left"), ("top", "right"), ("bottom", "left"), ("bottom", "right"))
    return any(not blockers[a] and not blockers[b] for a, b in pairs)


CHECK_YOURSELF = QuestionSet(
    [
        yes_no("null_suns_3_suns", "Do null Suns and 3 Suns match?",
               lambda: matches(Tile.parse("null Suns"), Tile.parse("3 Suns")),
               "two tiles match when they share the suit or the value.", "reading the rules"),
        Question("stuck_removals", "No tile on 3A, 3B, 3C matches the first stack tile (no mercy): how many tiles can ever be removed?",
                 _g_stuck, "a whole number", _stuck_removals, topic="reading the rules"),
        Question("never_blocked_floor", "Which floor tiles can be revealed as soon as nothing covers them?",
                 _g_corners, "a list of positions, like ['1A']", _never_blocked_floor,
                 topic="reading the rules"),
    ]
)  # fmt: skip

check_yourself = CHECK_YOURSELF.check
"""``check_yourself(key, answer)``: the quick questions closing the rules notebook (not graded)."""
