"""Tula worksheet: matching, free corners, counting the first move, a simulation, a strategy.

Every right answer is computed here from the library when the check runs
(the tile set, the temple's layout tables, the solver), never typed in.
Builds on ``notebooks/01_tula_rules``; the questions whose answers that
notebook prints (8 partners, 65/253) are replaced by ones that need a step
of reasoning more.

>>> check("non_matching_pair", ("2 Moons", "null Suns")).correct
True
>>> check("non_matching_pair", ("2 Moons", "2 Suns")).message
'those two share a suit or a value, so they do match.'
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..tula import TILES, Game, Tile, matches, new_game
from ..tula.layout import EDGE_BLOCKERS, INDEX, LAYER, POSITIONS
from ..tula.solver import solve
from . import AnswerFormat, Question, QuestionSet, as_fraction, as_names, as_whole, yes_no
from .simulation import check_proportion

__all__ = ["QUESTIONS", "check", "grade", "position", "one_match"]

LAYER3 = ("3A", "3B", "3C")

# -- positions the questions are about (moves, not answers) -------------------------------------

POSITIONS_SHOWN = {
    "reveal_now": (1, (
        "reveal 3A", "remove 3A", "reveal 2A", "reveal 2D", "reveal 3B", "reveal 3C",
        "remove 3C", "remove 2D", "reveal 1I", "remove 1I", "reveal 2G", "remove 2G",
        "remove 3B",
    ), False),
    "keep_winnable": (9, (
        "remove 3B", "remove 3C", "remove 2F", "remove 1L", "remove 2G", "remove 3A",
        "remove 1M", "remove 2A", "remove 2C", "remove 1A", "remove 2D", "remove 1I",
        "remove 1D", "remove 2B", "remove 2E",
    ), True),
}  # fmt: skip
"""Each named position: (seed, moves played from the deal, every tile shown)."""

GONE_FOR_1K = ("4A", "3A", "3B", "3C", "2E", "2F", "2G", "1L")
"""The tiles removed in the blocked-edges question."""


def position(name: str) -> Game:
    """A fresh copy of the position a question shows (``position("reveal_now")``)."""
    seed, moves, known = POSITIONS_SHOWN[name]
    game = new_game(seed=seed, auto_reveal=known)
    for move in moves:
        game.play(move)
    return game


# -- answers, computed from the library ---------------------------------------------------------


def _pairs() -> int:
    return sum(matches(a, b) for i, a in enumerate(TILES) for b in TILES[i + 1 :])


def _reveal_now() -> set[str]:
    return set(position("reveal_now").revealable())


def _free_layer2() -> set[str]:
    """Layer-2 positions with a corner that no layer-2 tile can ever block."""
    free = set()
    for name in POSITIONS:
        p = INDEX[name]
        if LAYER[p] != 2:
            continue
        blockers = EDGE_BLOCKERS[p]
        for first, second in (("top", "left"), ("top", "right"), ("bottom", "left")):
            if not blockers[first] and not blockers[second]:
                free.add(name)
        if not blockers["bottom"] and not blockers["right"]:
            free.add(name)
    return free


def _blocked_1k() -> set[str]:
    present = (1 << 24) - 1
    for name in GONE_FOR_1K:
        present &= ~(1 << INDEX[name])
    return {edge for edge, mask in EDGE_BLOCKERS[INDEX["1K"]].items() if mask & present}


def _exactly_one() -> Fraction:
    partners = sum(matches(TILES[0], t) for t in TILES[1:])
    others = len(TILES) - 1
    return Fraction(comb(partners, 1) * comb(others - partners, 2), comb(others, 3))


def _neither_given_first() -> Fraction:
    partners = sum(matches(TILES[0], t) for t in TILES[1:])
    rest = len(TILES) - 2  # 4A's tile and 3A's are known
    return Fraction(comb(len(TILES) - 1 - partners, 2), comb(rest, 2))


def _expected_matches() -> Fraction:
    partners = sum(matches(TILES[0], t) for t in TILES[1:])
    return 3 * Fraction(partners, len(TILES) - 1)


def one_match(seed: int) -> bool:
    """Does the deal with this seed have exactly one layer-3 tile matching the stack's tile?"""
    game = new_game(seed=seed, auto_reveal=True)
    return sum(matches(game.tile_at(p), game.stack_top) for p in LAYER3) == 1


def _keep_winnable() -> set[str]:
    game = position("keep_winnable")
    good = set()
    for move in game.legal_moves():
        trial = game.copy()
        trial.play(move)
        if solve(trial).winnable:
            good.add(str(move.position))
    return good


# -- graders ------------------------------------------------------------------------------------


def _g_pairs(answer) -> str | None:
    given = as_whole(answer)
    expected = _pairs()
    if given == expected:
        return None
    if given == 2 * expected:
        return "each pair was counted twice, once from each of its tiles: a pair has no order."
    if given == 24 * 23 // 2:
        return "that counts every pair of tiles; count only those that match."
    return "each tile has the same number of partners; multiply, then ask how often each pair was counted."


def _tile(name) -> Tile:
    if isinstance(name, Tile):
        return name
    if not isinstance(name, str):
        raise AnswerFormat("give two tile names as strings, like ('2 Moons', 'null Suns').")
    try:
        return Tile.parse(name)
    except ValueError:
        raise AnswerFormat(
            f"{name!r} is not a tile name: write a value and a suit, like '2 Moons' or 'null Suns'."
        ) from None


def _g_non_matching(answer) -> str | None:
    if isinstance(answer, str) or len(answer) != 2:
        raise AnswerFormat("give a pair of tile names, like ('2 Moons', 'null Suns').")
    first, second = (_tile(t) for t in answer)
    if first == second:
        return "give two different tiles."
    if matches(first, second):
        return "those two share a suit or a value, so they do match."
    return None


def _positions(answer) -> set[str]:
    names = {name.upper() for name in as_names(answer)}
    unknown = sorted(names - set(POSITIONS))
    if unknown:
        raise AnswerFormat(
            f"{unknown[0]!r} is not a position: positions are 1A … 1M, 2A … 2G, 3A … 3C, 4A."
        )
    return names


def _g_reveal_now(answer) -> str | None:
    given, expected = _positions(answer), _reveal_now()
    if given == expected:
        return None
    game = position("reveal_now")
    for name in sorted(given - expected):
        if not game.is_present(name):
            return f"{name} has been removed already: it is on the stack."
        if game.is_face_up(name):
            return f"{name} is face up already: the question asks which face-down tiles can be revealed."
        return f"{name} cannot be revealed yet: {game.why_illegal(f'reveal {name}')}."
    return (
        "you missed at least one: check every face-down tile that nothing covers for a free corner."
    )


def _g_free_layer2(answer) -> str | None:
    given, expected = _positions(answer), _free_layer2()
    if given == expected:
        return None
    if any(not name.startswith("2") for name in given):
        return "the question is about layer 2 only (2A … 2G)."
    if given < expected:
        return "you missed some: a corner is free when both its edges have no layer-2 tile beside them; look at the bottom corners too."
    return (
        "one of those has every corner next to a layer-2 tile's edge: 2B and 2E sit between others."
    )


def _edges(answer) -> set[str]:
    names = {name.lower() for name in as_names(answer, "a set of edges, like {'top', 'left'}")}
    unknown = sorted(names - {"top", "right", "bottom", "left"})
    if unknown:
        raise AnswerFormat(f"{unknown[0]!r} is not an edge: use 'top', 'right', 'bottom', 'left'.")
    return names


def _g_blocked_1k(answer) -> str | None:
    given, expected = _edges(answer), _blocked_1k()
    if given == expected:
        return None
    if "right" in given and "right" not in expected:
        return "1L has been removed: nothing is left beside 1K's right edge."
    if "bottom" not in given and "bottom" in expected:
        return "1M sits half a tile to the left of 1K's bottom edge: one touching cell is enough to block it."
    return "check each edge: is any cell just outside it occupied by a layer-1 tile still there?"


def _g_exactly_one(answer) -> str | None:
    given, expected = as_fraction(answer), _exactly_one()
    if given == expected:
        return None
    if given == 3 * Fraction(8, 23) * Fraction(15, 23) ** 2:
        return "the three tiles are drawn without replacement: after one is drawn, 22 are left."
    if given == Fraction(8 * 15 * 14, 23 * 22 * 21):
        return "that is one order (the match on 3A); the matching tile can be on any of the three."
    if given == Fraction(comb(8, 1) * comb(15, 2), comb(24, 3)):
        return "4A's tile is already on the stack: the three come from the other 23."
    return "count the sets of three with one partner and two non-partners, then divide by all sets of three."


def _g_neither(answer) -> str | None:
    given, expected = as_fraction(answer), _neither_given_first()
    if given == expected:
        return None
    if given == Fraction(comb(15, 2), comb(23, 2)):
        return "you know one more tile now: 3A's tile is neither on 3B nor on 3C, so 22 are left."
    if given == Fraction(comb(14, 2), comb(22, 2)):
        return "3A's tile is a partner, so all 15 non-partners are still unplaced."
    return "given 3A's tile, 22 tiles are left for 3B and 3C: how many pairs avoid all 7 remaining partners?"


def _g_expected(answer) -> str | None:
    given, expected = as_fraction(answer), _expected_matches()
    if given == expected:
        return None
    if given == Fraction(8, 23):
        return (
            "that is the chance for one position; there are three positions (add the expectations)."
        )
    if given == 1 - Fraction(comb(15, 3), comb(23, 3)):
        return (
            "that is the chance of at least one match; the question asks for the expected number."
        )
    return "use linearity: the expected number is the sum over 3A, 3B, 3C of each one's chance to match."


def _g_simulate(answer) -> str | None:
    return check_proportion(
        answer,
        outcome="one_match",
        rederive=one_match,
        reference=float(_exactly_one()),
        min_games=2000,
    )


def _g_keep_winnable(answer) -> str | None:
    if not isinstance(answer, str):
        raise AnswerFormat("give one position as a string, like '1A'.")
    name = answer.strip().upper().removeprefix("REMOVE ").strip()
    if name not in POSITIONS:
        raise AnswerFormat(f"{answer!r} is not a position: give one like '1A'.")
    game = position("keep_winnable")
    if game.why_illegal(f"remove {name}") is not None:
        return f"{name} cannot be removed in this position: {game.why_illegal(f'remove {name}')}."
    if name in _keep_winnable():
        return None
    return "after that removal the deal can no longer be won: try each removal on a copy (game.copy()) and look a few moves ahead."


QUESTIONS = QuestionSet(
    [
        Question("pairs", "How many unordered pairs of tiles in a piecepack match?", _g_pairs,
                 "a whole number, like 7", _pairs, topic="counting"),
        Question("non_matching_pair", "Name two tiles that do NOT match.", _g_non_matching,
                 "a pair of tile names, like ('2 Moons', 'null Suns')", topic="reading the rules"),
        Question("reveal_now", "In the position shown, which face-down tiles can be revealed now?",
                 _g_reveal_now, "a list of positions, like ['1A', '2B']", _reveal_now,
                 topic="reading the board"),
        Question("blocked_1K", "With " + ", ".join(GONE_FOR_1K) + " removed, which edges of 1K are blocked?",
                 _g_blocked_1k, "a set of edges, like {'top', 'left'}", _blocked_1k,
                 topic="reading the rules"),
        Question("free_layer2", "Which layer-2 positions have a corner that no layer-2 tile can ever block?",
                 _g_free_layer2, "a list of positions, like ['2A']", _free_layer2,
                 topic="reading the rules"),
        Question("exactly_one", "P(exactly one of 3A, 3B, 3C matches the stack's first tile)?",
                 _g_exactly_one, "a Fraction, like Fraction(3, 7)", _exactly_one, topic="counting"),
        Question("neither_given_3A", "Given that 3A's tile matches, P(neither 3B's nor 3C's does)?",
                 _g_neither, "a Fraction, like Fraction(3, 7)", _neither_given_first,
                 topic="conditional probability"),
        Question("expected_matches", "Expected number of layer-3 tiles that match the first stack tile?",
                 _g_expected, "a Fraction, like Fraction(3, 7)", _expected_matches,
                 topic="expected value"),
        Question("simulate_one_match", "Estimate P(exactly one match) by simulation, with a 95% interval.",
                 _g_simulate, "{'rows': ..., 'estimate': ..., 'interval': (low, high)}",
                 topic="law of large numbers, confidence intervals"),
        Question("keep_winnable", "In the position shown (every tile visible), which removal keeps the deal winnable?",
                 _g_keep_winnable, "one position, like '1A'", _keep_winnable, topic="strategy"),
    ]
)  # fmt: skip

check = QUESTIONS.check
"""``check(key, answer)``: the verdict on one answer (see ``QUESTIONS``)."""
grade = QUESTIONS.grade
"""``grade(key, answer)``: for autograded cells, raises ``AssertionError`` with the hint unless right."""


# -- check yourself: quick questions at the end of notebooks/01_tula_rules -----------------------


def _stuck_removals() -> int:
    seed = next(s for s in range(1000) if new_game(seed=s).stuck_at_start)
    game = new_game(seed=seed, auto_reveal=True)
    return len(game.stack) - 1 + sum(1 for m in game.legal_moves() if m.kind == "remove")


def _g_stuck(answer) -> str | None:
    given, expected = as_whole(answer), _stuck_removals()
    if given == expected:
        return None
    return (
        "with no match among 3A, 3B, 3C nothing can be removed, and nothing else can be revealed."
    )


def _never_blocked_floor() -> set[str]:
    return {name for name in POSITIONS if name.startswith("1") and _never_blocked(name)}


def _g_corners(answer) -> str | None:
    given = _positions(answer)
    expected = _never_blocked_floor()
    if given == expected:
        return None
    if given < expected:
        return (
            "you missed one: check every floor tile at the edge of the temple, the bottom one too."
        )
    return "a tile in the middle of a row always has a neighbour on two sides."


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
"""``check_yourself(key, answer)``: the quick questions closing the rules notebook."""
