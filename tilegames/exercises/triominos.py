"""Worksheet 3 (Tri-Ominos), the student's side: your positions, your turn, your deals, the forms.

Every student gets their own numbers: the board whose empty cell the
corner-reading question asks about, the Pressman turn, the position of the
strategy question and the deals the simulation plays are made from the student
id (``student_id``), so two students' answers differ. ``check`` says whether an
answer's *form* is right (and replays a simulation's rows); whether it is
*correct* is for the teacher's grader, whose answer keys are not in this
package. ``submit`` hands an answer in. Builds on ``notebooks/04_triominos_rules``.

>>> check("fits_read_cell", ["4-4-0", "0-1-2"]).status  # a tile named from any corner
'ready'
>>> check("fits_read_cell", ["0-2-1"]).message
'there is no tile 0-2-1: read clockwise from the smallest number, the numbers never decrease (0-1-2 exists, its mirror image 0-2-1 does not).'
>>> read_cell("ada") == read_cell("ada")
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from .. import i18n  # i18n._(...)
from ..errors import IllegalMove
from ..triominos import TILES, Game, Move, Rules, new_game, parse_tile, tile_name, value
from . import COUNT, EXACT, WORKSHEET, Form, Picture, Question, QuestionSet, Sheet, yes_no
from .answers import AnswerFormat, as_fraction, as_move, as_whole
from .handin import first_made, seed_window, student_rng
from .handin import student_id as student_id  # one of HOMEWORK, re-exported
from .simulation import FORM, check_proportion, simulation_checks

__all__ = [*WORKSHEET, "no_triple", "picture", "pressman_turn", "read_cell"]

ASSIGNMENT = "w3_triominos"
GAMES = 2000
"""How many two-player deals the simulation question plays: ``deals(student)``, every one."""
Cell = tuple[int, int]


# -- your positions, your turn and your deals ---------------------------------------------------


def _played(rng: np.random.Generator, low: int, high: int) -> Game | None:
    """A two-player round a few random placements in (drawing only when nothing fits)."""
    game = new_game(seed=int(rng.integers(1 << 31)), players=2)
    for _ in range(int(rng.integers(low, high))):
        if game.is_over:
            return None
        moves = game.legal_moves()
        places = [move for move in moves if move.kind == "place"]
        game.play(places[int(rng.integers(len(places)))] if places else moves[0])
    return None if game.is_over else game


def _readable_cells(game: Game) -> list[Cell]:
    """Empty cells with two corners shown where two to five tiles fit, none of them on the board,
    and some tile holds both numbers in the wrong clockwise order (a real question of reading)."""
    board = game.board
    placed = {tile for _, tile, _ in board.placements()}
    cells = []
    for cell in board.frontier_cells():
        shown = [n for n in board.pattern(cell) if n is not None]
        fitting = {tile for tile, _ in board.fits(cell)}
        if len(shown) != 2 or not 2 <= len(fitting) <= 5 or fitting & placed:
            continue
        if any(t not in fitting and shown[0] in t and shown[1] in t for t in TILES):
            cells.append(cell)
    return cells


def _read_corners(rng: np.random.Generator) -> Game | None:
    game = _played(rng, 4, 12)
    return game if game is not None and _readable_cells(game) else None


def _best_move(rng: np.random.Generator) -> Game | None:
    """A position where the player to move has four or more placements, one scoring most, with a
    bonus."""
    game = _played(rng, 10, 30)
    if game is None:
        return None
    while not game.is_over and game.legal_moves()[0].kind == "draw":  # draw until a tile fits
        game.play("draw")
    if game.is_over or game.legal_moves()[0].kind == "pass":
        return None
    points = [p for p, move in game.player_view().scored_moves() if move.kind == "place"]
    if len(points) < 4 or max(points) < 40 or points.count(max(points)) != 1:
        return None
    return game


_MAKERS = {"read_corners": _read_corners, "best_move": _best_move}


@lru_cache(maxsize=64)
def _position(name: str, student: str) -> Game:
    return first_made(_MAKERS[name], student_rng(ASSIGNMENT, student, len(name)))


def position(name: str, student: str) -> Game:
    """A fresh copy of the position question ``name`` shows to ``student``."""
    if name not in _MAKERS:
        raise KeyError(f"no position {name!r}; the positions are {', '.join(_MAKERS)}")
    return _position(name, student).copy()


def read_cell(student: str) -> Cell:
    """The empty cell of ``student``'s ``read_corners`` position that the question asks about."""
    cells = _readable_cells(position("read_corners", student))
    rng = student_rng(ASSIGNMENT, student, 3)
    return cells[int(rng.integers(len(cells)))]


def pressman_turn(student: str) -> tuple[str, int]:
    """``student``'s Pressman turn: (the tile placed, how many tiles were drawn before it)."""
    rng = student_rng(ASSIGNMENT, student, 4)
    draws = int(rng.integers(1, Rules.pressman().max_draws + 1))
    tiles = [
        t for t in TILES if len(set(t)) > 1 and value(t) != draws * Rules.pressman().draw_penalty
    ]
    return tile_name(tiles[int(rng.integers(len(tiles)))]), draws


def picture(game: Game, highlight: list[Cell] | None = None) -> Any:
    """The board as a picture with each tile's cell written under it (``highlight``: cells)."""
    from ..triominos import render

    return Picture(render.board_picture(game.board, highlight=highlight, coordinates=True))


def deals(student: str) -> range:
    """The seeds of the two-player deals ``student``'s simulation plays: ``GAMES`` consecutive ones."""
    return seed_window(ASSIGNMENT, student, GAMES)


def no_triple(seed: int) -> bool:
    """Does the two-player deal with this seed give nobody a triple?"""
    game = new_game(seed=seed, players=2)
    return not any(len(set(tile)) == 1 for seat in (0, 1) for tile in game.hand(seat))


# -- the form of each answer --------------------------------------------------------------------


def tile_of(text: Any) -> tuple[int, int, int]:
    """A tile from its name read clockwise from any corner (``'4-4-0'`` is ``'0-4-4'``)."""
    if isinstance(text, (tuple, list)) and len(text) == 3:
        text = "-".join(str(n) for n in text)
    if not isinstance(text, str) or len(text) > 40:
        raise AnswerFormat(i18n._("write each tile as a string of its numbers, like '0-1-2'."))
    try:
        return parse_tile(text)
    except IllegalMove as error:
        numbers = text.strip().split("-")
        if len(numbers) == 3 and all(n.strip().isdecimal() for n in numbers):
            numbers = [int(n) for n in numbers]
            for turn in range(3):  # the same tile read from another corner, clockwise
                rotated = tuple(numbers[turn:] + numbers[:turn])
                if rotated in TILES:
                    return rotated
        raise AnswerFormat(f"{error}.") from None


def tiles_of(answer: Any) -> set[str]:
    """Tile names, like ``['0-1-2', '3-3-3']``, each as the set prints it."""
    what = "a list of tile names, like ['0-1-2', '3-3-3']"
    if isinstance(answer, str):
        raise AnswerFormat(
            i18n._("give {what}: a list, even for one tile.").format(what=i18n.translate(what))
        )
    if not isinstance(answer, (list, tuple, set, frozenset)):
        raise AnswerFormat(i18n._("give {what}.").format(what=i18n.translate(what)))
    if len(answer) > len(TILES):
        raise AnswerFormat(
            i18n._("give {what}: there are only {tiles} tiles.").format(
                what=i18n.translate(what), tiles=len(TILES)
            )
        )
    return {tile_name(tile_of(item)) for item in answer}


def move_of(answer: Any) -> Move:
    """A placement in the game's notation, like ``'1-3-4 @ 2,5 r1'``."""
    return as_move(
        answer,
        Move,
        "give a move in the game's notation, like '1-3-4 @ 2,5 r1'.",
        "write it like '1-3-4 @ 2,5 r1' (tile @ row,column rotation)",
    )


simulation_of = simulation_checks(
    check_proportion, games=GAMES, deals=deals, outcome="no_triple", rederive=no_triple
)

FORMS = {
    "tiles_0_to_6": COUNT,
    "zero_or_five": COUNT,
    "fits_read_cell": Form(tiles_of, "a list of tile names, like ['0-1-2']"),
    "pressman_turn": Form(
        lambda a: as_whole(a, "a whole number of points, like -4"),
        "a whole number of points, like -4",
    ),
    "no_triple": EXACT,
    "top_triple_given_any": EXACT,
    "expected_hand_value": Form(
        lambda a: as_fraction(a, "a number, like Fraction(15, 2) or 12"),
        "a Fraction or a whole number",
    ),
    "simulate_no_triple": Form(simulation_of, FORM),
    "best_move": Form(move_of, "a move, like '1-3-4 @ 2,5 r1'"),
}

SHEET = Sheet(ASSIGNMENT, FORMS)
check = SHEET.check
"""``check(key, answer)``: is the answer's form right? (Its truth is for the teacher's grader.)"""
submit = SHEET.submit
"""``submit(key, answer)``: the graded cells' one line, handing the answer in."""


# -- check yourself: quick questions at the end of notebooks/04_triominos_rules -------------------


def _g_tiles(answer) -> str | None:
    given = as_whole(answer)
    if given == len(TILES):
        return None
    if given == 6**3:
        return i18n._("that counts ordered triples: 0-1-2 is one tile however you read it.")
    return i18n._("one tile per multiset {{a ≤ b ≤ c}} of the numbers 0–5.").format()


def _g_hexagon(answer) -> str | None:
    given = as_whole(answer)
    if given == Rules.seed().hexagon_bonuses[0]:
        return None
    if given == Rules.seed().bridge_bonus:
        return i18n._("that is the bridge bonus.")
    return i18n._("look at the bonuses in section 4 of the notebook.")


def _exists_021() -> bool:
    try:
        parse_tile("0-2-1")
    except ValueError:
        return False
    return True


CHECK_YOURSELF = QuestionSet(
    [
        Question("tiles", "How many tiles are in a Tri-Ominos set?", _g_tiles, "a whole number",
                 lambda: len(TILES), topic="counting"),
        yes_no("tile_0_2_1_exists", "Is there a tile 0-2-1 (read clockwise)?", _exists_021,
               "read clockwise from the smallest number, the numbers never decrease; tiles never flip.",
               "reading the rules"),
        Question("hexagon_bonus", "What does closing one hexagon add to a tile's value?",
                 _g_hexagon, "a whole number of points", topic="reading the rules"),
    ]
)  # fmt: skip

check_yourself = CHECK_YOURSELF.check
"""``check_yourself(key, answer)``: the quick questions closing the rules notebook."""
