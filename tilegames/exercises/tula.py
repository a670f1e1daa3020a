"""Tula worksheet: matching, free corners, and the chance of losing at the first move.

>>> check("revealable_at_start", ["3A", "3B", "3C"]).correct
True
>>> check("revealable_at_start", ["3A", "3B"]).message
'look at 3C again: which of its corners has two open edges?'
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..tula import Tile, matches
from ..tula.layout import EDGE_BLOCKERS, INDEX, revealable_mask
from . import Question, QuestionSet


def _partners(answer) -> str | None:
    if isinstance(answer, bool) or float(answer) != int(answer):
        return "a number of tiles is a whole number."
    value = int(answer)
    if value == 8:
        return None
    if value == 5:
        return "you counted the tiles of the same suit; tiles of the same value match too."
    if value == 3:
        return "you counted the tiles of the same value; tiles of the same suit match too."
    if value == 9:
        return "a tile does not count as its own partner."
    return "count the other tiles that share the suit, then those that share the value."


def _revealable_at_start(answer) -> str | None:
    if isinstance(answer, str):
        return "give a list of positions, such as ['1A', '1D']."
    expected = set(_names(revealable_mask(((1 << 24) - 1) & ~(1 << INDEX["4A"]), 0)))
    given = {str(p).upper() for p in answer}
    if given == expected:
        return None
    if given - expected:
        extra = sorted(given - expected)[0]
        return f"{extra} is still covered by a tile of the layer above."
    missing = sorted(expected - given)[0]
    return f"look at {missing} again: which of its corners has two open edges?"


def _names(mask: int) -> list[str]:
    from ..tula.layout import names

    return names(mask)


_1J_GONE = ["4A", "3A", "3B", "3C", "2D", "2E", "2G", "1I"]


def _blocked_edges_of_1J(answer) -> str | None:
    present = (1 << 24) - 1
    for name in _1J_GONE:
        present &= ~(1 << INDEX[name])
    expected = {edge for edge, mask in EDGE_BLOCKERS[INDEX["1J"]].items() if mask & present}
    given = {str(edge).lower() for edge in answer}
    if given == expected:
        return None
    if "left" in given:
        return "1I has been taken away: what is left of 1J's left edge?"
    if "bottom" not in given:
        return (
            "1M sits half a tile to the right, but it still touches one cell of 1J's bottom edge."
        )
    return "check each edge: is any cell just outside it occupied by a tile of layer 1?"


def _lost_at_first_move(answer) -> str | None:
    exact = Fraction(comb(15, 3), comb(23, 3))
    value = (
        Fraction(answer).limit_denominator(10**6) if not isinstance(answer, Fraction) else answer
    )
    if value == exact or abs(float(value) - float(exact)) < 5e-5:
        return None
    if abs(float(value) - (15 / 23) ** 3) < 1e-3:
        return "the three tiles are drawn without replacement: the second cannot be the first."
    if abs(float(value) - (1 - float(exact))) < 1e-3:
        return "that is the chance that at least one tile matches — the opposite event."
    return (
        "the starting tile has 8 partners among the other 23; how many ways to pick 3 non-partners?"
    )


def _interval(answer) -> str | None:
    low, high = (float(x) for x in answer)
    exact = comb(15, 3) / comb(23, 3)
    if not 0 <= low < high <= 1:
        return "an interval is two proportions, the lower first, both between 0 and 1."
    if high - low > 0.03:
        return "your interval is wider than 3 percentage points: simulate more deals."
    if not low <= exact <= high:
        return "the exact answer is outside your interval: check that you count the deals that are stuck."
    return None


def _match(answer) -> str | None:
    first, second = (Tile.parse(t) if isinstance(t, str) else t for t in answer)
    if first == second:
        return "give two different tiles."
    if matches(first, second):
        return "those two share a suit or a value, so they do match."
    return None


QUESTIONS = QuestionSet(
    [
        Question("partners", "How many other tiles does one tile match?", _partners),
        Question(
            "non_matching_pair",
            "Name two tiles that do NOT match, as a pair of names like ('2 Moons', 'null Suns').",
            _match,
        ),
        Question(
            "revealable_at_start",
            "After 4A starts the stack, which positions can be revealed? (a list like ['1A'])",
            _revealable_at_start,
        ),
        Question(
            "blocked_edges_1J",
            "With "
            + ", ".join(_1J_GONE)
            + " removed, which edges of 1J are blocked? (e.g. {'top'})",
            _blocked_edges_of_1J,
        ),
        Question(
            "lost_at_first_move",
            "What is the exact probability that a deal is lost at the first move (no mercy)? A Fraction.",
            _lost_at_first_move,
        ),
        Question(
            "interval",
            "From a simulation, a 95% confidence interval (low, high) for that probability, at most 3 points wide.",
            _interval,
        ),
    ]
)

check = QUESTIONS.check
"""``check(key, answer)``: the verdict on one answer (see ``QUESTIONS``)."""
