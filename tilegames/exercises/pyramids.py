"""Worksheet 4 (Flaming Pyramids), the student's side: your placements, supports, position, deals.

Every student gets their own numbers: the six placements of the which-are-legal
question, the two supports of the counting question, the position of the safe-play
question and the deals the simulation plays are made from the student id
(``student_id``), so two students' answers differ. ``check`` says whether an
answer's *form* is right (and replays a simulation's rows); whether it is
*correct* is for the teacher's grader, whose answer keys are not in this
package. ``submit`` hands an answer in. Builds on
``notebooks/06_flaming_pyramids_rules``.

>>> check("legal_examples", [1, 3.0]).status
'ready'
>>> check("legal_examples", [7]).message
'the placements are numbered 1 to 6.'
>>> examples("ada") == examples("ada")
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from .. import i18n  # i18n._(...)
from ..pyramids import TILES, Game, new_game
from ..pyramids.tiles import supported_ok, tile_id
from . import COUNT, EXACT, WORKSHEET, Form, Question, QuestionSet, Sheet, yes_no
from .answers import AnswerFormat, as_names, as_whole
from .handin import first_made, seed_window, student_rng
from .handin import student_id as student_id  # one of HOMEWORK, re-exported
from .simulation import FORM, check_proportion, simulation_checks

__all__ = [*WORKSHEET, "examples", "fire_left_over", "supports"]

ASSIGNMENT = "w4_pyramids"
GAMES = 2000
"""How many six-player deals the simulation question plays: ``deals(student)``, every one."""
PLACEMENTS = 6
"""How many placements the which-are-legal question shows."""
Placement = tuple[str, str, str]
"""(tile, left support, right support), by name."""


# -- your placements, supports, position and deals ----------------------------------------------


def _kind(tile: int, left: int, right: int) -> str:
    """How a placement fares: legal by colour, legal by weight only, no match, or too heavy."""
    colour = bool(set(TILES[tile].colours) & set(TILES[left].colours + TILES[right].colours))
    weight = TILES[tile].weight in (TILES[left].weight, TILES[right].weight)
    heavy = TILES[tile].weight > TILES[left].weight + TILES[right].weight
    if not (colour or weight):
        return "no match"  # the answer's words (data): the same in every language
    if heavy:
        return "too heavy"
    return "legal by colour" if colour else "legal by weight"


def examples(student: str) -> list[Placement]:
    """``student``'s six placements: legal ones (one matching by weight only), one with no
    colour or weight in common, one too heavy, and one more of any kind, in a shuffled order."""
    rng = student_rng(ASSIGNMENT, student, 1)
    wanted = ["legal by colour", "legal by weight", "no match", "too heavy"]
    wanted += [["legal by colour", "legal by weight", "no match", "too heavy"][rng.integers(4)]]
    wanted += ["legal by colour" if rng.integers(2) else "legal by weight"]
    chosen: list[Placement] = []
    for kind in wanted:
        while True:
            tile, left, right = (int(i) for i in rng.choice(len(TILES), 3, replace=False))
            if _kind(tile, left, right) == kind:
                assert supported_ok(tile, left, right) == kind.startswith("legal")
                chosen.append((TILES[tile].name, TILES[left].name, TILES[right].name))
                break
    return [chosen[int(i)] for i in rng.permutation(len(chosen))]


def _fits_on(left: int, right: int) -> list[int]:
    return [t.id for t in TILES if t.id not in (left, right) and supported_ok(t.id, left, right)]


def supports(student: str) -> tuple[str, str]:
    """The two tiles lying side by side in row 0 in ``student``'s counting question.

    Neither is a fire tile, each could itself be placed on the two, and between 6
    and 20 other tiles could.
    """
    rng = student_rng(ASSIGNMENT, student, 2)
    plain = [t.id for t in TILES if not t.is_fire]
    while True:
        left, right = (int(i) for i in rng.choice(plain, 2, replace=False))
        if not (supported_ok(left, left, right) and supported_ok(right, left, right)):
            continue
        if 6 <= len(_fits_on(left, right)) <= 20:
            return TILES[left].name, TILES[right].name


def _safe(game: Game) -> set[str]:
    safe = set()
    for move in game.legal_moves():
        trial = game.copy()
        trial.play(move)
        if not trial.falling and not any(e.is_mayhem for e in trial.turn_events(game.turns + 1)):
            safe.add(move.tile)
    return safe


def _table(rng: np.random.Generator) -> Game | None:
    """A three-player game a few random turns in, with one spot, where some tiles of the hand
    can be played without mayhem and some cannot."""
    game = new_game(seed=int(rng.integers(1 << 31)), players=3)
    for _ in range(int(rng.integers(3, 12))):
        if game.is_over:
            return None
        moves = game.legal_moves()
        game.play(moves[int(rng.integers(len(moves)))])
        while game.falling and not game.is_over:
            moves = game.legal_moves()
            game.play(moves[int(rng.integers(len(moves)))])
    if game.is_over or game.falling or len(game.spots()) != 1:
        return None
    hand = game.hand(game.to_move)
    return game if len(hand) >= 3 and 0 < len(_safe(game)) < len(set(hand)) else None


@lru_cache(maxsize=64)
def _position(student: str) -> Game:
    return first_made(_table, student_rng(ASSIGNMENT, student, 3))


def position(name: str, student: str) -> Game:
    """A fresh copy of the position the safe-play question shows to ``student`` (``"table"``)."""
    if name != "table":
        raise KeyError(f"no position {name!r}; the worksheet shows one position, 'table'")
    return _position(student).copy()


def deals(student: str) -> range:
    """The seeds of the six-player deals ``student``'s simulation plays: ``GAMES`` consecutive ones."""
    return seed_window(ASSIGNMENT, student, GAMES)


def fire_left_over(seed: int) -> bool:
    """Was a fire tile among the leftovers of the six-player deal with this seed?"""
    return bool(new_game(seed=seed, players=6).removed)


# -- the form of each answer --------------------------------------------------------------------


def numbers_of(answer: Any) -> set[int]:
    """Placement numbers, like ``[1, 3]`` (``3.0`` is read as 3)."""
    what = "a list of placement numbers, like [1, 3]"
    if not isinstance(answer, (list, tuple, set, frozenset)):
        raise AnswerFormat(i18n._("give {what}.").format(what=i18n.translate(what)))
    if len(answer) > 100:
        raise AnswerFormat(
            i18n._("give {what}: that list is far too long.").format(what=i18n.translate(what))
        )
    given = {as_whole(x, what) for x in answer}
    if not given <= set(range(1, PLACEMENTS + 1)):
        raise AnswerFormat(
            i18n._("the placements are numbered 1 to {placements}.").format(placements=PLACEMENTS)
        )
    return given


def tile_names(answer: Any) -> set[str]:
    """Tile names, like ``['blue 60']``, in lower case (``'Blue 60'`` is ``'blue 60'``)."""
    names = {name.lower() for name in as_names(answer, "a list of tile names, like ['blue 60']")}
    known = {tile.name for tile in TILES}
    unknown = sorted(names - known)
    if unknown:
        raise AnswerFormat(
            i18n._("{unknown!r} is not a tile: write colour and weight, like 'blue 60'.").format(
                unknown=unknown[0]
            )
        )
    return names


simulation_of = simulation_checks(
    check_proportion, games=GAMES, deals=deals, outcome="fire_left_over", rederive=fire_left_over
)

FORMS = {
    "burner_can_burn": COUNT,
    "legal_examples": Form(numbers_of, "a list of placement numbers, like [1, 3]"),
    "on_supports": COUNT,
    "safe_tiles": Form(tile_names, "a list of tile names, like ['blue 60']"),
    "p_fire_left_over": EXACT,
    "expected_fire_left_over": EXACT,
    "one_given_any": EXACT,
    "simulate_fire_left_over": Form(simulation_of, FORM),
}

SHEET = Sheet(ASSIGNMENT, FORMS)
check = SHEET.check
"""``check(key, answer)``: is the answer's form right? (Its truth is for the teacher's grader.)"""
submit = SHEET.submit
"""``submit(key, answer)``: the graded cells' one line, handing the answer in."""


# -- check yourself: quick questions at the end of notebooks/06_flaming_pyramids_rules ------------


def _players_leftovers(players: int) -> int:
    return len(TILES) % players


def _g_leftovers(answer) -> str | None:
    given, expected = as_whole(answer), _players_leftovers(4)
    if given == expected:
        return None
    return i18n._("45 tiles dealt evenly to 4 players: what is left over?")


CHECK_YOURSELF = QuestionSet(
    [
        yes_no("blue60_on_blue20_red40", "Is blue 60 on blue 20 and red 40 legal?",
               lambda: supported_ok(tile_id("blue 60"), tile_id("blue 20"), tile_id("red 40")),
               "check both conditions: a shared colour or weight, and not heavier than the two together.",
               "reading the rules"),
        yes_no("coal_burns_wood", "Does a coal set wood on fire?",
               lambda: "wood" in next(t for t in TILES if t.name == "yellow coal").burns,
               "coals set straw on fire; burners set straw and wood on fire.", "reading the rules"),
        Question("leftovers_4_players", "With 4 players, how many tiles are left over at the deal?",
                 _g_leftovers, "a whole number", lambda: _players_leftovers(4), topic="counting"),
    ]
)  # fmt: skip

check_yourself = CHECK_YOURSELF.check
"""``check_yourself(key, answer)``: the quick questions closing the rules notebook."""
