"""Tri-Ominos worksheet: the tile set, reading corners, counting deals, scoring, a strategy.

The right answers are computed here from the library (the tile set, the
board's corner patterns, a ``Rules`` preset, the scores a move would make),
never typed in, so the checks follow the rules. Builds on
``notebooks/04_triominos_rules``; what that notebook prints (56 tiles, 420,
the 0-0-0 opening's 40) is not asked again.

>>> check("tiles_0_to_6", 84).correct
True
>>> check("tiles_0_to_6", 7**3).message
'that counts ordered triples: the tile 0-1-2 is the same tile however you read it.'
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb

from ..triominos import TILES, Game, Rules, new_game, parse_tile, tile_name, value
from . import AnswerFormat, Question, QuestionSet, as_fraction, as_names, as_whole, yes_no
from .simulation import check_proportion

__all__ = ["QUESTIONS", "check", "grade", "position", "no_triple"]

POSITIONS_SHOWN = {
    "read_corners": (6, (
        "5-5-5 @ 0,0 r0", "4-5-5 @ 0,-1 r0", "1-4-5 @ 0,-2 r2", "4-4-5 @ -1,-1 r2",
        "0-4-4 @ -1,-2 r0", "0-0-4 @ -2,-2 r2", "draw", "draw",
    )),
    "best_move": (11, (
        "5-5-5 @ 0,0 r0", "draw", "draw", "draw", "draw", "draw", "draw", "draw", "draw", "draw",
        "draw", "draw", "3-5-5 @ 1,0 r2", "draw", "draw", "1-3-5 @ 1,1 r1", "draw", "draw", "draw",
        "draw", "1-1-3 @ 2,1 r1", "draw", "2-5-5 @ 0,1 r1", "2-4-5 @ 0,2 r0", "2-4-4 @ 0,3 r0",
        "4-4-5 @ 0,4 r2", "1-2-5 @ -1,1 r0", "2-3-4 @ -1,3 r2", "3-4-4 @ -1,4 r0",
        "4-4-4 @ -1,5 r0", "draw", "1-5-5 @ 0,-1 r0", "3-3-4 @ -2,4 r2", "2-3-3 @ -2,3 r0",
        "1-4-5 @ 1,4 r2", "2-2-3 @ -3,3 r2",
    )),
}  # fmt: skip
"""Each named position: (seed of a two-player round, moves played from the deal)."""

READ_CELL = (-1, -3)
"""The empty cell the corner-reading question asks about."""


def position(name: str) -> Game:
    """A fresh copy of the position a question shows (``position("best_move")``)."""
    seed, moves = POSITIONS_SHOWN[name]
    game = new_game(seed=seed, players=2)
    for move in moves:
        game.play(move)
    return game


# -- answers ------------------------------------------------------------------------------------


def _multisets(numbers: int) -> int:
    """Tiles of a set with numbers 0 … numbers-1, counted the way the library's set is built."""
    return sum(1 for _ in combinations_with_replacement(range(numbers), 3))


def _tiles_0_to_6() -> int:
    assert _multisets(6) == len(TILES)  # the same count gives the real set
    return _multisets(7)


def _zero_or_five() -> int:
    return sum(1 for tile in TILES if 0 in tile or 5 in tile)


def _fits_read_cell() -> set[str]:
    return {tile_name(tile) for tile, _ in position("read_corners").board.fits(READ_CELL)}


def _pressman_turn() -> int:
    rules = Rules.pressman()
    return value(parse_tile("2-3-4")) - 2 * rules.draw_penalty


def _dealt(players: int) -> int:
    return players * Rules.seed().hand_size_for(players)


def _no_triple() -> Fraction:
    triples = sum(1 for tile in TILES if len(set(tile)) == 1)
    dealt = _dealt(2)
    return Fraction(comb(len(TILES) - triples, dealt), comb(len(TILES), dealt))


def _top_triple_given_any() -> Fraction:
    dealt = _dealt(2)
    return Fraction(dealt, len(TILES)) / (1 - _no_triple())


def _expected_hand_value() -> Fraction:
    mean = Fraction(sum(value(tile) for tile in TILES), len(TILES))
    return Rules.seed().hand_size_for(2) * mean


def no_triple(seed: int) -> bool:
    """Does the two-player deal with this seed give nobody a triple?"""
    game = new_game(seed=seed, players=2)
    return not any(len(set(tile)) == 1 for seat in (0, 1) for tile in game.hand(seat))


def _best_moves() -> set[str]:
    game = position("best_move")
    view = game.player_view()
    points = {str(move): view.points_for(move) for move in view.legal_moves}
    best = max(points.values())
    return {move for move, score in points.items() if score == best}


# -- graders ------------------------------------------------------------------------------------


def _g_tiles(answer) -> str | None:
    given, expected = as_whole(answer), _tiles_0_to_6()
    if given == expected:
        return None
    if given == 7**3:
        return "that counts ordered triples: the tile 0-1-2 is the same tile however you read it."
    if given == comb(7, 3):
        return "that counts only the tiles with three different numbers; add pairs and triples."
    if given == comb(7, 3) * 2 + 7 * 6 + 7:
        return "0-1-2 and its mirror 0-2-1 are not two tiles: mirror images are never printed."
    return "count the multisets {a ≤ b ≤ c} of seven numbers: triples, pairs, all different."


def _g_zero_or_five(answer) -> str | None:
    given, expected = as_whole(answer), _zero_or_five()
    if given == expected:
        return None
    if given == 21 + 21:
        return "the tiles showing both a 0 and a 5 were counted twice."
    if given == len(TILES) - expected:
        return "that counts the tiles with neither number: the question asks for the others."
    return "count the complement first: the tiles made only of 1, 2, 3 and 4."


def _tile_names(answer) -> set[str]:
    names = set()
    for text in as_names(answer, "a list of tile names, like ['0-1-2', '3-3-3']"):
        try:
            names.add(tile_name(parse_tile(text)))
        except ValueError:
            raise AnswerFormat(
                f"{text!r} is not a tile: write its numbers clockwise from the smallest, like '0-1-2'."
            ) from None
    return names


def _g_fits(answer) -> str | None:
    given, expected = _tile_names(answer), _fits_read_cell()
    if given == expected:
        return None
    pattern = position("read_corners").board.pattern(READ_CELL)
    for name in sorted(given - expected):
        tile = parse_tile(name)
        if not all(n is None or n in tile for n in pattern):
            return f"{name} lacks a number the cell's corners already show."
        return (
            f"{name} has the right numbers, but not in the right clockwise order: tiles never flip."
        )
    return "you missed one: a tile can show the same number at two corners."


def _g_pressman_turn(answer) -> str | None:
    given, expected = as_whole(answer, "a whole number of points, like -4"), _pressman_turn()
    if given == expected:
        return None
    rules = Rules.pressman()
    if given == expected - rules.pass_penalty:
        return "you placed a tile, so you did not pass: no pass penalty."
    if given == value(parse_tile("2-3-4")):
        return "each draw costs points too."
    if given == -expected:
        return "check the signs: the tile's value is gained, the draws are lost."
    return "add the tile's value, then subtract each draw's penalty."


def _g_no_triple(answer) -> str | None:
    given, expected = as_fraction(answer), _no_triple()
    if given == expected:
        return None
    if given == Fraction(comb(50, 9), comb(56, 9)):
        return "both hands count: 18 tiles are dealt, and a triple in either hand is enough."
    if given == (Fraction(50, 56)) ** 18:
        return "the tiles are dealt without replacement."
    if given == 1 - expected:
        return "that is the chance that someone holds a triple: the opposite event."
    return "choose all 18 dealt tiles among the 50 that are not triples; divide by all ways to choose 18."


def _g_top_triple(answer) -> str | None:
    given, expected = as_fraction(answer), _top_triple_given_any()
    if given == expected:
        return None
    if given == Fraction(18, 56):
        return "that is P(5-5-5 is dealt); the question is given that some triple was dealt."
    if given == Fraction(1, 6):
        return "the six triples are not equally likely to be the highest dealt: 5-5-5 wins whenever it is dealt."
    return "P(5-5-5 dealt | some triple dealt) = P(5-5-5 dealt) / P(some triple dealt), since the first implies the second."


def _g_expected_hand(answer) -> str | None:
    given = as_fraction(answer, "a number, like Fraction(15, 2) or 12")
    expected = _expected_hand_value()
    if given == expected:
        return None
    if given == 7 * Fraction(15, 2):
        return "with two players each hand has 9 tiles."
    if given == Fraction(15, 2):
        return "that is one tile's expected value; a hand has several tiles."
    return "expected values add up: the hand's value is the sum of its tiles' values."


def _g_simulate(answer) -> str | None:
    return check_proportion(
        answer,
        outcome="no_triple",
        rederive=no_triple,
        reference=float(_no_triple()),
        min_games=2000,
    )


def _g_best(answer) -> str | None:
    if not isinstance(answer, str):
        raise AnswerFormat("give a move in the game's notation, like '1-3-4 @ 2,5 r1'.")
    game = position("best_move")
    try:
        move = game.legal_moves()[0].parse(answer)
    except ValueError:
        raise AnswerFormat(
            f"{answer!r} is not a move: write it like '1-3-4 @ 2,5 r1' (tile @ row,column rotation)."
        ) from None
    reason = game.why_illegal(move)
    if reason is not None:
        return f"that move is not legal here: {reason}."
    if str(move) in _best_moves():
        return None
    view = game.player_view()
    if view.points_for(move) >= 40:
        return "that scores a bonus, but another move scores more."
    return "look for a placement that makes a bridge or closes a hexagon: a bonus is worth far more than a tile's value."


QUESTIONS = QuestionSet(
    [
        Question("tiles_0_to_6", "How many tiles would a set with numbers 0–6 have?", _g_tiles,
                 "a whole number, like 7", _tiles_0_to_6, topic="counting"),
        Question("zero_or_five", "How many tiles show a 0 or a 5 (or both)?", _g_zero_or_five,
                 "a whole number, like 7", _zero_or_five, topic="complement"),
        Question("fits_read_cell", "Which tiles could go into the empty cell (-1, -3) of the position shown?",
                 _g_fits, "a list of tile names, like ['0-1-2']", _fits_read_cell,
                 topic="reading the board"),
        Question("pressman_turn", "Pressman rules: you draw twice, then place 2-3-4 with no bonus. Your points this turn?",
                 _g_pressman_turn, "a whole number of points, like -4", _pressman_turn,
                 topic="reading the rules"),
        Question("no_triple", "Two players: P(nobody is dealt a triple)?", _g_no_triple,
                 "a Fraction, like Fraction(3, 7)", _no_triple, topic="counting, complement"),
        Question("top_triple_given_any", "Two players: given someone holds a triple, P(the round opens with 5-5-5)?",
                 _g_top_triple, "a Fraction, like Fraction(3, 7)", _top_triple_given_any,
                 topic="conditional probability"),
        Question("expected_hand_value", "Two players: the expected total value of one hand?",
                 _g_expected_hand, "a Fraction or a whole number", _expected_hand_value,
                 topic="expected value"),
        Question("simulate_no_triple", "Estimate P(nobody holds a triple) by simulation, with a 95% interval.",
                 _g_simulate, "{'rows': ..., 'estimate': ..., 'interval': (low, high)}",
                 topic="law of large numbers, confidence intervals"),
        Question("best_move", "In the position shown, which move scores the most points now?",
                 _g_best, "a move, like '1-3-4 @ 2,5 r1'", _best_moves, topic="strategy"),
    ]
)  # fmt: skip

check = QUESTIONS.check
"""``check(key, answer)``: the verdict on one answer (see ``QUESTIONS``)."""
grade = QUESTIONS.grade
"""``grade(key, answer)``: for autograded cells, raises ``AssertionError`` with the hint unless right."""


# -- check yourself: quick questions at the end of notebooks/04_triominos_rules -------------------


def _g_tiles(answer) -> str | None:
    given = as_whole(answer)
    if given == len(TILES):
        return None
    if given == 6**3:
        return "that counts ordered triples: 0-1-2 is one tile however you read it."
    return "one tile per multiset {a ≤ b ≤ c} of the numbers 0–5."


def _g_hexagon(answer) -> str | None:
    given = as_whole(answer)
    if given == Rules.seed().hexagon_bonuses[0]:
        return None
    if given == Rules.seed().bridge_bonus:
        return "that is the bridge bonus."
    return "look at the bonuses in section 4 of the notebook."


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
