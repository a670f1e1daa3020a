"""Flaming Pyramids worksheet: tiles, the building rule, the leftovers, a simulation, a safe play.

Every right answer is computed here from the library (the tile set, the
building rule ``supported_ok``, real deals and positions), never typed in.
Builds on ``notebooks/06_flaming_pyramids_rules``.

>>> check("burner_can_burn", 28).correct
True
>>> check("burner_can_burn", 12).message
'a burner sets wood on fire as well as straw.'
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..pyramids import TILES, Game, new_game
from ..pyramids.tiles import supported_ok, tile_id
from . import AnswerFormat, Question, QuestionSet, as_fraction, as_names, as_whole, yes_no
from .simulation import check_proportion

__all__ = ["QUESTIONS", "check", "grade", "position", "fire_left_over", "SUPPORTS"]

SUPPORTS = ("yellow 10", "green 10")
"""The two supports of the building-rule counting question."""

EXAMPLES = (
    ("red 40", "red 20", "blue 30"),
    ("blue 60", "yellow 30", "green 30"),
    ("green 20", "yellow 10", "red 10"),
    ("millstone", "green 100", "red 100"),
    ("yellow coal", "red 2", "blue 4"),
    ("blue 100", "blue 60", "red 30"),
)
"""The placements of the which-are-legal question: (tile, left support, right support)."""

POSITION = (3, 3, 6)
"""The position shown: (seed, players, turns played by always taking the first legal move)."""


def position(name: str = "table") -> Game:
    """A fresh copy of the position the strategy question shows."""
    seed, players, turns = POSITION
    game = new_game(seed=seed, players=players)
    for _ in range(turns):
        game.play(game.legal_moves()[0])
        while game.falling:
            game.play(game.legal_moves()[0])
    return game


def _players_leftovers(players: int) -> int:
    return len(TILES) % players


def _fire_tiles() -> int:
    return sum(1 for tile in TILES if tile.is_fire)


def _burner_burns() -> int:
    burner = next(tile for tile in TILES if tile.name == "red burner")
    return sum(1 for tile in TILES if tile.material in burner.burns)


def _legal_examples() -> set[int]:
    return {
        number
        for number, (t, left, right) in enumerate(EXAMPLES, start=1)
        if supported_ok(tile_id(t), tile_id(left), tile_id(right))
    }


def _on_supports() -> int:
    left, right = (tile_id(name) for name in SUPPORTS)
    return sum(
        1 for tile in TILES if tile.id not in (left, right) and supported_ok(tile.id, left, right)
    )


def _p_fire_six() -> Fraction:
    n, fire, left = len(TILES), _fire_tiles(), _players_leftovers(6)
    return 1 - Fraction(comb(n - fire, left), comb(n, left))


def _expected_fire_six() -> Fraction:
    return _players_leftovers(6) * Fraction(_fire_tiles(), len(TILES))


def _one_given_any() -> Fraction:
    n, fire, left = len(TILES), _fire_tiles(), _players_leftovers(6)
    exactly_one = Fraction(fire * comb(n - fire, left - 1), comb(n, left))
    return exactly_one / _p_fire_six()


def fire_left_over(seed: int) -> bool:
    """Was a fire tile among the leftovers of the six-player deal with this seed?"""
    return bool(new_game(seed=seed, players=6).removed)


def _safe_tiles() -> set[str]:
    game = position()
    safe = set()
    for move in game.legal_moves():
        trial = game.copy()
        trial.play(move)
        if len(trial.turn_events(game.turns)) <= 1 and not trial.falling:
            safe.add(move.tile if isinstance(move.tile, str) else str(move).split(" @ ")[0])
    return safe


# -- graders ------------------------------------------------------------------------------------


def _g_burns(answer) -> str | None:
    given, expected = as_whole(answer), _burner_burns()
    if given == expected:
        return None
    if given == 12:
        return "a burner sets wood on fire as well as straw."
    if given == 16:
        return "straw burns too, and more easily than wood."
    if given > expected:
        return "stone never burns, and fire tiles are not burnt (they explode when they touch)."
    return (
        "count the straw tiles (weights 2, 4, 6) and the wood tiles (10 to 40) of all four colours."
    )


def _g_examples(answer) -> str | None:
    try:
        given = {as_whole(x, "example numbers, like [1, 3]") for x in answer}
    except TypeError:
        raise AnswerFormat("give a list of example numbers, like [1, 3].") from None
    expected = _legal_examples()
    if given == expected:
        return None
    if not given <= set(range(1, len(EXAMPLES) + 1)):
        raise AnswerFormat(f"the examples are numbered 1 to {len(EXAMPLES)}.")
    for number in sorted(given - expected):
        t, left, right = EXAMPLES[number - 1]
        return f"example {number} breaks a rule: check the colour or weight match AND the weight limit."
    return (
        "you missed a legal one: a matching weight counts as much as a matching colour, and a "
        "tile may weigh exactly as much as its two supports together."
    )


def _g_supports(answer) -> str | None:
    given, expected = as_whole(answer), _on_supports()
    if given == expected:
        return None
    if given == expected + 2:
        return "the two supports are already on the table: they cannot be placed again."
    return "a tile qualifies by colour (yellow or green, the millstone has all) or by weight 10, and weighs at most 20; fire tiles have colours too."


def _g_p_fire(answer) -> str | None:
    given, expected = as_fraction(answer), _p_fire_six()
    if given == expected:
        return None
    if given == Fraction(3 * 4, 45):
        return "adding 4/45 three times counts the deals with two fire leftovers twice: use the complement."
    if given == 1 - Fraction(41, 45) ** 3:
        return "the leftovers are drawn without replacement."
    if given == 1 - expected:
        return "that is the chance that no fire tile is left over: the opposite event."
    return "count the complement: all three leftovers from the 41 tiles that are not fire tiles."


def _g_expected(answer) -> str | None:
    given, expected = as_fraction(answer), _expected_fire_six()
    if given == expected:
        return None
    if given == Fraction(4, 45):
        return "that is for one leftover tile; six players leave three."
    if given == _p_fire_six():
        return "that is the chance of at least one; the expected number also counts two or three."
    return "by linearity: each of the leftover tiles is a fire tile with probability 4/45."


def _g_given(answer) -> str | None:
    given, expected = as_fraction(answer), _one_given_any()
    if given == expected:
        return None
    n = len(TILES)
    if given == Fraction(4 * comb(41, 2), comb(n, 3)):
        return "that is P(exactly one); divide by P(at least one), the event you are given."
    return "P(exactly one | at least one) = P(exactly one) / P(at least one)."


def _g_simulate(answer) -> str | None:
    return check_proportion(
        answer,
        outcome="fire_left_over",
        rederive=fire_left_over,
        reference=float(_p_fire_six()),
        min_games=2000,
    )


def _g_safe(answer) -> str | None:
    names = {name.lower() for name in as_names(answer, "a list of tile names, like ['blue 60']")}
    known = {tile.name for tile in TILES}
    unknown = sorted(names - known)
    if unknown:
        raise AnswerFormat(
            f"{unknown[0]!r} is not a tile: write colour and weight, like 'blue 60'."
        )
    game = position()
    hand = set(game.hand(game.to_move))
    if names - hand:
        return f"{sorted(names - hand)[0]} is not in your hand."
    expected = _safe_tiles()
    if names == expected:
        return None
    if names - expected:
        return f"{sorted(names - expected)[0]} would collapse: it matches neither support, or weighs too much."
    return "you missed one: a tile with the weight of a support matches it, whatever its colour."


QUESTIONS = QuestionSet(
    [
        Question("burner_can_burn", "How many tiles of the set can a burner set on fire?", _g_burns,
                 "a whole number, like 7", _burner_burns, topic="reading the rules"),
        Question("legal_examples", "Which of the six placements are legal (their numbers)?", _g_examples,
                 "a list of example numbers, like [1, 3]", _legal_examples, topic="reading the rules"),
        Question("on_yellow10_green10", "How many other tiles could legally go on yellow 10 and green 10?",
                 _g_supports, "a whole number, like 7", _on_supports, topic="counting"),
        Question("safe_tiles", "In the position shown, which tiles of your hand can you play without mayhem?",
                 _g_safe, "a list of tile names, like ['blue 60']", _safe_tiles,
                 topic="reading the board, strategy"),
        Question("p_fire_left_over", "Six players: P(at least one of the 3 leftovers is a fire tile)?",
                 _g_p_fire, "a Fraction, like Fraction(3, 7)", _p_fire_six, topic="complement"),
        Question("expected_fire_left_over", "Six players: expected number of fire tiles among the leftovers?",
                 _g_expected, "a Fraction, like Fraction(3, 7)", _expected_fire_six,
                 topic="expected value"),
        Question("one_given_any", "Six players: given a fire tile is left over, P(exactly one is)?",
                 _g_given, "a Fraction, like Fraction(3, 7)", _one_given_any,
                 topic="conditional probability"),
        Question("simulate_fire_left_over", "Estimate P(a fire tile is left over, six players) by simulation.",
                 _g_simulate, "{'rows': ..., 'estimate': ..., 'interval': (low, high)}",
                 topic="law of large numbers, confidence intervals"),
    ]
)  # fmt: skip

check = QUESTIONS.check
"""``check(key, answer)``: the verdict on one answer (see ``QUESTIONS``)."""
grade = QUESTIONS.grade
"""``grade(key, answer)``: for autograded cells, raises ``AssertionError`` with the hint unless right."""


# -- check yourself: quick questions at the end of notebooks/06_flaming_pyramids_rules ------------


def _g_leftovers(answer) -> str | None:
    given, expected = as_whole(answer), _players_leftovers(4)
    if given == expected:
        return None
    return "45 tiles dealt evenly to 4 players: what is left over?"


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
