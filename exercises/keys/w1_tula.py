"""Answer key of worksheet 1 (Tula): the teacher's side. Never handed to students.

The grader (``tilegames_course.grading.grader``) loads this file from the course's
``keys/`` folder and calls ``questions(student, sources)``: the questions of that
student's variant, each with its grader. Every right answer is computed here
from the library (the tile set, the temple's layout tables, the solver) for the
student's own positions and deals, never typed in.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from tilegames.exercises import AnswerFormat, Question, QuestionSet, as_fraction, as_whole
from tilegames.exercises.handin import variant_seed
from tilegames.exercises.tula import (
    ASSIGNMENT,
    FORMS,
    GONE_FOR_1K,
    edges_of,
    one_position,
    position,
    positions_of,
    simulation_of,
    tile_pair,
)
from tilegames.i18n import _
from tilegames.tula import TILES, matches
from tilegames.tula.layout import EDGE_BLOCKERS, INDEX, LAYER, POSITIONS
from tilegames.tula.solver import solve


def _pairs() -> int:
    return sum(matches(a, b) for i, a in enumerate(TILES) for b in TILES[i + 1 :])


def _reveal_now(student: str) -> set[str]:
    return set(position("reveal_now", student).revealable())


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


def _keep_winnable(student: str) -> set[str]:
    game = position("keep_winnable", student)
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
        return _("each pair was counted twice, once from each of its tiles: a pair has no order.")
    if given == 24 * 23 // 2:
        return _("that counts every pair of tiles; count only those that match.")
    return _(
        "each tile has the same number of partners; multiply, then ask how often each pair was counted."
    )


def _g_non_matching(answer) -> str | None:
    first, second = tile_pair(answer)
    if first == second:
        return _("give two different tiles.")
    if matches(first, second):
        return _("those two share a suit or a value, so they do match.")
    return None


def _g_reveal_now(answer, student: str) -> str | None:
    given, expected = positions_of(answer), _reveal_now(student)
    if given == expected:
        return None
    game = position("reveal_now", student)
    for name in sorted(given - expected):
        if not game.is_present(name):
            return _("{name} has been removed already: it is on the stack.").format(name=name)
        if game.is_face_up(name):
            return _(
                "{name} is face up already: the question asks which face-down tiles can be revealed."
            ).format(name=name)
        return _("{name} cannot be revealed yet: {why}.").format(
            name=name, why=game.why_illegal(f"reveal {name}")
        )
    return _(
        "you missed at least one: check every face-down tile that nothing covers for a free corner."
    )


def _g_free_layer2(answer) -> str | None:
    given, expected = positions_of(answer), _free_layer2()
    if given == expected:
        return None
    if any(not name.startswith("2") for name in given):
        return _("the question is about layer 2 only (2A … 2G).")
    if given < expected:
        return _(
            "you missed some: a corner is free when both its edges have no layer-2 tile beside them; look at the bottom corners too."
        )
    return _(
        "one of those has every corner next to a layer-2 tile's edge: 2B and 2E sit between others."
    )


def _g_blocked_1k(answer) -> str | None:
    given, expected = edges_of(answer), _blocked_1k()
    if given == expected:
        return None
    if "right" in given and "right" not in expected:
        return _("1L has been removed: nothing is left beside 1K's right edge.")
    if "bottom" not in given and "bottom" in expected:
        return _(
            "1M sits half a tile to the left of 1K's bottom edge: one touching cell is enough to block it."
        )
    return _("check each edge: is any cell just outside it occupied by a layer-1 tile still there?")


def _g_exactly_one(answer) -> str | None:
    given, expected = as_fraction(answer), _exactly_one()
    if given == expected:
        return None
    if given == 3 * Fraction(8, 23) * Fraction(15, 23) ** 2:
        return _("the three tiles are drawn without replacement: after one is drawn, 22 are left.")
    if given == Fraction(8 * 15 * 14, 23 * 22 * 21):
        return _(
            "that is one order (the match on 3A); the matching tile can be on any of the three."
        )
    if given == Fraction(comb(8, 1) * comb(15, 2), comb(24, 3)):
        return _("4A's tile is already on the stack: the three come from the other 23.")
    return _(
        "count the sets of three with one partner and two non-partners, then divide by all sets of three."
    )


def _g_neither(answer) -> str | None:
    given, expected = as_fraction(answer), _neither_given_first()
    if given == expected:
        return None
    if given == Fraction(comb(15, 2), comb(23, 2)):
        return _(
            "you know one more tile now: 3A's tile is neither on 3B nor on 3C, so 22 are left."
        )
    if given == Fraction(comb(14, 2), comb(22, 2)):
        return _("3A's tile is a partner, so all 15 non-partners are still unplaced.")
    return _(
        "given 3A's tile, 22 tiles are left for 3B and 3C: how many pairs avoid all 7 remaining partners?"
    )


def _g_expected(answer) -> str | None:
    given, expected = as_fraction(answer), _expected_matches()
    if given == expected:
        return None
    if given == Fraction(8, 23):
        return _(
            "that is the chance for one position; there are three positions (add the expectations)."
        )
    if given == 1 - Fraction(comb(15, 3), comb(23, 3)):
        return _(
            "that is the chance of at least one match; the question asks for the expected number."
        )
    return _(
        "use linearity: the expected number is the sum over 3A, 3B, 3C of each one's chance to match."
    )


def _g_simulate(answer, student: str) -> str | None:
    # the deals are the student's own and every row is replayed, so the rows cannot be chosen or
    # typed: comparing the estimate with the exact value could only refuse an unlucky student
    return simulation_of(answer, student)


def _g_keep_winnable(answer, student: str) -> str | None:
    name = one_position(answer)
    game = position("keep_winnable", student)
    if game.why_illegal(f"remove {name}") is not None:
        return _("{name} cannot be removed in this position: {why}.").format(
            name=name, why=game.why_illegal(f"remove {name}")
        )
    if name in _keep_winnable(student):
        return None
    return _(
        "after that removal the deal can no longer be won: try each removal on a copy (game.copy()) and look a few moves ahead."
    )


def questions(student: str, sources: dict[str, str]) -> QuestionSet:
    """The questions of ``student``'s variant of worksheet 1, each with its grader."""
    form = {key: f.text for key, f in FORMS.items()}
    return QuestionSet(
        [
            Question("pairs", "How many unordered pairs of tiles in a piecepack match?", _g_pairs,
                     form["pairs"], _pairs, topic="counting"),
            Question("non_matching_pair", "Name two tiles that do NOT match.", _g_non_matching,
                     form["non_matching_pair"], topic="reading the rules"),
            Question("reveal_now", "In the position shown, which face-down tiles can be revealed now?",
                     lambda a: _g_reveal_now(a, student), form["reveal_now"],
                     lambda: _reveal_now(student), topic="reading the board"),
            Question("blocked_1K", "With " + ", ".join(GONE_FOR_1K) + " removed, which edges of 1K are blocked?",
                     _g_blocked_1k, form["blocked_1K"], _blocked_1k, topic="reading the rules"),
            Question("free_layer2", "Which layer-2 positions have a corner that no layer-2 tile can ever block?",
                     _g_free_layer2, form["free_layer2"], _free_layer2, topic="reading the rules"),
            Question("exactly_one", "P(exactly one of 3A, 3B, 3C matches the stack's first tile)?",
                     _g_exactly_one, form["exactly_one"], _exactly_one, topic="counting"),
            Question("neither_given_3A", "Given that 3A's tile matches, P(neither 3B's nor 3C's does)?",
                     _g_neither, form["neither_given_3A"], _neither_given_first,
                     topic="conditional probability"),
            Question("expected_matches", "Expected number of layer-3 tiles that match the first stack tile?",
                     _g_expected, form["expected_matches"], _expected_matches, topic="expected value"),
            Question("simulate_one_match", "Estimate P(exactly one match) by simulation, with a 95% interval.",
                     lambda a: _g_simulate(a, student), form["simulate_one_match"],
                     topic="law of large numbers, confidence intervals"),
            Question("keep_winnable", "In the position shown (every tile visible), which removal keeps the deal winnable?",
                     lambda a: _g_keep_winnable(a, student), form["keep_winnable"],
                     lambda: _keep_winnable(student), topic="strategy"),
        ]
    )  # fmt: skip
