"""Answer key of worksheet 3 (Tri-Ominos): the teacher's side. Never handed to students.

The grader (``tilegames_course.grading.grader``) loads this file from the course's
``keys/`` folder and calls ``questions(student, sources)``: the questions of that
student's variant, each with its grader. Every right answer is computed here
from the library (the tile set, the board's corner patterns, a ``Rules``
preset, the points a move would make) for the student's own positions, turn and
deals, never typed in.

The simulation replays every one of the student's 2,000 deals (about a second),
so its verdict is the same every time and no honest simulation is ever refused:
with the deals fixed by the student's id and every row replayed, the estimate
and its interval follow from the rows. Rows right with a wrong estimate earn a
third of the points, rows and estimate right with a wrong interval two thirds.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb

from tilegames.exercises import Partial, Question, QuestionSet, as_fraction, as_whole
from tilegames.exercises.simulation import read_simulation, replay_rows
from tilegames.exercises.triominos import (
    FORMS,
    GAMES,
    deals,
    move_of,
    no_triple,
    position,
    pressman_turn,
    read_cell,
    simulation_of,
    tiles_of,
)
from tilegames.i18n import _
from tilegames.triominos import TILES, Rules, parse_tile, tile_name, value

PLAYERS = 2


def _multisets(numbers: int) -> int:
    """Tiles of a set with numbers 0 … numbers-1, counted the way the library's set is built."""
    return sum(1 for _ in combinations_with_replacement(range(numbers), 3))


def _tiles_0_to_6() -> int:
    assert _multisets(6) == len(TILES)  # the same count gives the real set
    return _multisets(7)


def _zero_or_five() -> int:
    return sum(1 for tile in TILES if 0 in tile or 5 in tile)


def _fits_read_cell(student: str) -> set[str]:
    board = position("read_corners", student).board
    return {tile_name(tile) for tile, _ in board.fits(read_cell(student))}


def _pressman_turn(student: str) -> int:
    tile, draws = pressman_turn(student)
    return value(parse_tile(tile)) - draws * Rules.pressman().draw_penalty


def _dealt() -> int:
    return PLAYERS * Rules.seed().hand_size_for(PLAYERS)


def _triples() -> int:
    return sum(1 for tile in TILES if len(set(tile)) == 1)


def _no_triple() -> Fraction:
    return Fraction(comb(len(TILES) - _triples(), _dealt()), comb(len(TILES), _dealt()))


def _top_triple_given_any() -> Fraction:
    return Fraction(_dealt(), len(TILES)) / (1 - _no_triple())


def _expected_hand_value() -> Fraction:
    mean = Fraction(sum(value(tile) for tile in TILES), len(TILES))
    return Rules.seed().hand_size_for(PLAYERS) * mean


def _best_moves(student: str) -> set[str]:
    view = position("best_move", student).player_view()
    points = {str(move): view.points_for(move) for move in view.legal_moves}
    best = max(points.values())
    return {move for move, score in points.items() if score == best}


# -- graders ------------------------------------------------------------------------------------


def _g_tiles(answer) -> str | None:
    given, expected = as_whole(answer), _tiles_0_to_6()
    if given == expected:
        return None
    if given == 7**3:
        return _(
            "that counts ordered triples: the tile 0-1-2 is the same tile however you read it."
        )
    if given == comb(7, 3):
        return _("that counts only the tiles with three different numbers; add pairs and triples.")
    if given == comb(7, 3) * 2 + 7 * 6 + 7:
        return _("0-1-2 and its mirror 0-2-1 are not two tiles: mirror images are never printed.")
    return _("count the multisets {a ≤ b ≤ c} of seven numbers: triples, pairs, all different.")


def _g_zero_or_five(answer) -> str | None:
    given, expected = as_whole(answer), _zero_or_five()
    if given == expected:
        return None
    with_zero = sum(1 for tile in TILES if 0 in tile)
    with_five = sum(1 for tile in TILES if 5 in tile)
    if given == with_zero + with_five:
        return _("the tiles showing both a 0 and a 5 were counted twice.")
    if given == len(TILES) - expected:
        return _("that counts the tiles with neither number: the question asks for the others.")
    return _("count the complement first: the tiles made only of 1, 2, 3 and 4.")


def _g_fits(answer, student: str) -> str | None:
    given, expected = tiles_of(answer), _fits_read_cell(student)
    if given == expected:
        return None
    pattern = position("read_corners", student).board.pattern(read_cell(student))
    for name in sorted(given - expected):
        tile = parse_tile(name)
        if not all(n is None or n in tile for n in pattern):
            return _("{name} lacks a number the cell's corners already show.").format(name=name)
        return _(
            "{name} has the right numbers, but not in the right clockwise order: tiles never flip."
        ).format(name=name)
    return _("you missed one: a tile can show the same number at two corners.")


def _g_pressman_turn(answer, student: str) -> str | None:
    given, expected = as_whole(answer, "a whole number of points, like -4"), _pressman_turn(student)
    if given == expected:
        return None
    rules = Rules.pressman()
    tile, draws = pressman_turn(student)
    if given == expected - rules.pass_penalty:
        return _("you placed a tile, so you did not pass: no pass penalty.")
    if given == value(parse_tile(tile)):
        return _("each draw costs points too.")
    if given == -expected:
        return _("check the signs: the tile's value is gained, the draws are lost.")
    if draws > 1 and given == value(parse_tile(tile)) - rules.draw_penalty:
        return _("each of your draws costs points, not only the first.")
    return _("add the tile's value, then subtract each draw's penalty.")


def _g_no_triple(answer) -> str | None:
    given, expected = as_fraction(answer), _no_triple()
    if given == expected:
        return None
    n, triples, hand = len(TILES), _triples(), Rules.seed().hand_size_for(PLAYERS)
    if given == Fraction(comb(n - triples, hand), comb(n, hand)):
        return _("both hands count: 18 tiles are dealt, and a triple in either hand is enough.")
    if given == Fraction(n - triples, n) ** _dealt():
        return _("the tiles are dealt without replacement.")
    if given == 1 - expected:
        return _("that is the chance that someone holds a triple: the opposite event.")
    return _(
        "choose all 18 dealt tiles among the 50 that are not triples; divide by all ways to choose 18."
    )


def _g_top_triple(answer) -> str | None:
    given, expected = as_fraction(answer), _top_triple_given_any()
    if given == expected:
        return None
    if given == Fraction(_dealt(), len(TILES)):
        return _("that is P(5-5-5 is dealt); the question is given that some triple was dealt.")
    if given == Fraction(1, _triples()):
        return _(
            "the six triples are not equally likely to be the highest dealt: 5-5-5 wins whenever it is dealt."
        )
    return _(
        "P(5-5-5 dealt | some triple dealt) = P(5-5-5 dealt) / P(some triple dealt), since the first implies the second."
    )


def _g_expected_hand(answer) -> str | None:
    given = as_fraction(answer, "a number, like Fraction(15, 2) or 12")
    expected = _expected_hand_value()
    mean = Fraction(sum(value(tile) for tile in TILES), len(TILES))
    if given == expected:
        return None
    if given == Rules.seed().hand_size_for(3) * mean:
        return _("with two players each hand has 9 tiles.")
    if given == mean:
        return _("that is one tile's expected value; a hand has several tiles.")
    return _("expected values add up: the hand's value is the sum of its tiles' values.")


def _g_simulate(answer, student: str) -> str | Partial | None:
    # partial credit comes from the simulation checks: rows that replay earn a third, the right
    # estimate two thirds (tilegames.exercises.simulation)
    return simulation_of(answer, student)


def _g_best(answer, student: str) -> str | None:
    move = move_of(answer)
    game = position("best_move", student)
    reason = game.why_illegal(move)
    if reason is not None:
        return _("that move is not legal here: {reason}.").format(reason=reason)
    if str(move) in _best_moves(student):
        return None
    if game.player_view().points_for(move) >= 40:
        return _("that scores a bonus, but another move scores more.")
    return _(
        "look for a placement that makes a bridge or closes a hexagon: a bonus is worth far more than a tile's value."
    )


def questions(student: str, sources: dict[str, str]) -> QuestionSet:
    """The questions of ``student``'s variant of worksheet 3, each with its grader."""
    form = {key: f.text for key, f in FORMS.items()}
    tile, draws = pressman_turn(student)
    return QuestionSet(
        [
            Question("tiles_0_to_6", "How many tiles would a set with numbers 0–6 have?", _g_tiles,
                     form["tiles_0_to_6"], _tiles_0_to_6, topic="counting"),
            Question("zero_or_five", "How many tiles show a 0 or a 5 (or both)?", _g_zero_or_five,
                     form["zero_or_five"], _zero_or_five, topic="complement"),
            Question("fits_read_cell",
                     f"Which tiles could go into the empty cell {read_cell(student)} of the position shown?",
                     lambda a: _g_fits(a, student), form["fits_read_cell"],
                     lambda: _fits_read_cell(student), topic="reading the board"),
            Question("pressman_turn",
                     f"Pressman rules: you draw {draws} time(s), then place {tile} with no bonus. Your points this turn?",
                     lambda a: _g_pressman_turn(a, student), form["pressman_turn"],
                     lambda: _pressman_turn(student), topic="reading the rules"),
            Question("no_triple", "Two players: P(nobody is dealt a triple)?", _g_no_triple,
                     form["no_triple"], _no_triple, topic="counting, complement"),
            Question("top_triple_given_any", "Two players: given someone holds a triple, P(the round opens with 5-5-5)?",
                     _g_top_triple, form["top_triple_given_any"], _top_triple_given_any,
                     topic="conditional probability"),
            Question("expected_hand_value", "Two players: the expected total value of one hand?",
                     _g_expected_hand, form["expected_hand_value"], _expected_hand_value,
                     topic="expected value"),
            Question("simulate_no_triple", "Estimate P(nobody holds a triple) by simulation, with a 95% interval.",
                     lambda a: _g_simulate(a, student), form["simulate_no_triple"],
                     topic="law of large numbers, confidence intervals"),
            Question("best_move", "In the position shown, which move scores the most points now?",
                     lambda a: _g_best(a, student), form["best_move"], lambda: _best_moves(student),
                     topic="strategy"),
        ]
    )  # fmt: skip
