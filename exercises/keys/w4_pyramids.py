"""Answer key of worksheet 4 (Flaming Pyramids): the teacher's side. Never handed to students.

The grader (``tilegames_course.grading.grader``) loads this file from the course's
``keys/`` folder and calls ``questions(student, sources)``: the questions of that
student's variant, each with its grader. Every right answer is computed here
from the library (the tile set, the building rule ``supported_ok``, real deals
and positions) for the student's own placements, supports, position and deals,
never typed in.

The simulation replays every one of the student's 2,000 deals (half a second),
so its verdict is the same every time and no honest simulation is ever refused:
with the deals fixed by the student's id and every row replayed, the estimate
and its interval follow from the rows. Rows right with a wrong estimate earn a
third of the points, rows and estimate right with a wrong interval two thirds.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from tilegames.exercises import Partial, Question, QuestionSet, as_fraction, as_whole
from tilegames.exercises.pyramids import (
    FORMS,
    GAMES,
    deals,
    examples,
    fire_left_over,
    numbers_of,
    position,
    simulation_of,
    supports,
    tile_names,
)
from tilegames.exercises.simulation import read_simulation, replay_rows
from tilegames.i18n import _
from tilegames.pyramids import TILES
from tilegames.pyramids.tiles import supported_ok, tile_id

PLAYERS = 6


def _leftovers() -> int:
    return len(TILES) % PLAYERS


def _fire_tiles() -> int:
    return sum(1 for tile in TILES if tile.is_fire)


def _burner_burns() -> int:
    burner = next(tile for tile in TILES if tile.name == "red burner")
    return sum(1 for tile in TILES if tile.material in burner.burns)


def _legal_examples(student: str) -> set[int]:
    return {
        number
        for number, (t, left, right) in enumerate(examples(student), start=1)
        if supported_ok(tile_id(t), tile_id(left), tile_id(right))
    }


def _on_supports(student: str) -> int:
    left, right = (tile_id(name) for name in supports(student))
    return sum(
        1 for tile in TILES if tile.id not in (left, right) and supported_ok(tile.id, left, right)
    )


def _p_fire() -> Fraction:
    n, fire, left = len(TILES), _fire_tiles(), _leftovers()
    return 1 - Fraction(comb(n - fire, left), comb(n, left))


def _expected_fire() -> Fraction:
    return _leftovers() * Fraction(_fire_tiles(), len(TILES))


def _exactly_one() -> Fraction:
    n, fire, left = len(TILES), _fire_tiles(), _leftovers()
    return Fraction(fire * comb(n - fire, left - 1), comb(n, left))


def _one_given_any() -> Fraction:
    return _exactly_one() / _p_fire()


def _safe_tiles(student: str) -> set[str]:
    game = position("table", student)
    safe = set()
    for move in game.legal_moves():
        trial = game.copy()
        trial.play(move)
        if not trial.falling and not any(e.is_mayhem for e in trial.turn_events(game.turns + 1)):
            safe.add(move.tile)
    return safe


# -- graders ------------------------------------------------------------------------------------


def _g_burns(answer) -> str | None:
    given, expected = as_whole(answer), _burner_burns()
    if given == expected:
        return None
    straw = sum(1 for tile in TILES if tile.material == "straw")
    wood = sum(1 for tile in TILES if tile.material == "wood")
    if given == straw:
        return _("a burner sets wood on fire as well as straw.")
    if given == wood:
        return _("straw burns too, and more easily than wood.")
    if given > expected:
        return _("stone never burns, and fire tiles are not burnt (they explode when they touch).")
    return _(
        "count the straw tiles (weights 2, 4, 6) and the wood tiles (10 to 40) of all four colours."
    )


def _g_examples(answer, student: str) -> str | None:
    given, expected = numbers_of(answer), _legal_examples(student)
    if given == expected:
        return None
    for number in sorted(given - expected):
        return _(
            "placement {number} breaks a rule: check the colour or weight match AND the weight "
            "limit."
        ).format(number=number)
    return _(
        "you missed a legal one: a matching weight counts as much as a matching colour, and a "
        "tile may weigh exactly as much as its two supports together."
    )


def _g_supports(answer, student: str) -> str | None:
    given, expected = as_whole(answer), _on_supports(student)
    if given == expected:
        return None
    if given == expected + 2:
        return _("the two supports are already on the table: they cannot be placed again.")
    return _(
        "a tile qualifies by a colour of one of the two supports (the millstone has all four) or "
        "by the weight of one of them, and weighs at most the two together; fire tiles have "
        "colours too."
    )


def _g_p_fire(answer) -> str | None:
    given, expected = as_fraction(answer), _p_fire()
    if given == expected:
        return None
    n, fire, left = len(TILES), _fire_tiles(), _leftovers()
    if given == left * Fraction(fire, n):
        return _(
            "adding 4/45 three times counts the deals with two fire leftovers twice: use the complement."
        )
    if given == 1 - Fraction(n - fire, n) ** left:
        return _("the leftovers are drawn without replacement.")
    if given == 1 - expected:
        return _("that is the chance that no fire tile is left over: the opposite event.")
    return _("count the complement: all three leftovers from the 41 tiles that are not fire tiles.")


def _g_expected(answer) -> str | None:
    given, expected = as_fraction(answer), _expected_fire()
    if given == expected:
        return None
    if given == Fraction(_fire_tiles(), len(TILES)):
        return _("that is for one leftover tile; six players leave three.")
    if given == _p_fire():
        return _(
            "that is the chance of at least one; the expected number also counts two or three."
        )
    return _("by linearity: each of the leftover tiles is a fire tile with probability 4/45.")


def _g_given(answer) -> str | None:
    given, expected = as_fraction(answer), _one_given_any()
    if given == expected:
        return None
    if given == _exactly_one():
        return _("that is P(exactly one); divide by P(at least one), the event you are given.")
    return _("P(exactly one | at least one) = P(exactly one) / P(at least one).")


def _g_simulate(answer, student: str) -> str | Partial | None:
    # partial credit comes from the simulation checks: rows that replay earn a third, the right
    # estimate two thirds (tilegames.exercises.simulation)
    return simulation_of(answer, student)


def _g_safe(answer, student: str) -> str | None:
    names = tile_names(answer)
    game = position("table", student)
    hand = set(game.hand(game.to_move))
    if names - hand:
        return _("{tile} is not in your hand.").format(tile=sorted(names - hand)[0])
    expected = _safe_tiles(student)
    if names == expected:
        return None
    if names - expected:
        return _(
            "{tile} would cause mayhem: it matches neither support, weighs too much, or sets fire "
            "to a neighbour."
        ).format(tile=sorted(names - expected)[0])
    return _(
        "you missed one: try every tile of the hand on the spot (a matching weight counts as much as a matching colour)."
    )


def questions(student: str, sources: dict[str, str]) -> QuestionSet:
    """The questions of ``student``'s variant of worksheet 4, each with its grader."""
    form = {key: f.text for key, f in FORMS.items()}
    left, right = supports(student)
    return QuestionSet(
        [
            Question("burner_can_burn", "How many tiles of the set can a burner set on fire?", _g_burns,
                     form["burner_can_burn"], _burner_burns, topic="reading the rules"),
            Question("legal_examples", "Which of the six placements are legal (their numbers)?",
                     lambda a: _g_examples(a, student), form["legal_examples"],
                     lambda: _legal_examples(student), topic="reading the rules"),
            Question("on_supports", f"How many other tiles could legally go on {left} and {right}?",
                     lambda a: _g_supports(a, student), form["on_supports"],
                     lambda: _on_supports(student), topic="counting"),
            Question("safe_tiles", "In the position shown, which tiles of your hand can you play without mayhem?",
                     lambda a: _g_safe(a, student), form["safe_tiles"], lambda: _safe_tiles(student),
                     topic="reading the board, strategy"),
            Question("p_fire_left_over", "Six players: P(at least one of the 3 leftovers is a fire tile)?",
                     _g_p_fire, form["p_fire_left_over"], _p_fire, topic="complement"),
            Question("expected_fire_left_over", "Six players: expected number of fire tiles among the leftovers?",
                     _g_expected, form["expected_fire_left_over"], _expected_fire,
                     topic="expected value"),
            Question("one_given_any", "Six players: given a fire tile is left over, P(exactly one is)?",
                     _g_given, form["one_given_any"], _one_given_any,
                     topic="conditional probability"),
            Question("simulate_fire_left_over", "Estimate P(a fire tile is left over, six players) by simulation.",
                     lambda a: _g_simulate(a, student), form["simulate_fire_left_over"],
                     topic="law of large numbers, confidence intervals"),
        ]
    )  # fmt: skip
