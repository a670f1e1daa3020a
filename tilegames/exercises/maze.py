"""Maze worksheet: the deal, the move rule, the score, expected values, a simulation, a strategy.

Every right answer is computed here from the library (the deck, the rules'
``follows``, the scores of real tables), never typed in. Builds on
``notebooks/03_maze_rules``; what that notebook prints (48 cards, 6 gaps, the
score of its deal) is not asked again.

>>> check("gap_in_slot_0", Fraction(1, 13)).correct
True
>>> check("gap_in_slot_0", Fraction(1, 54)).message
'slots 8 and 17 are never dealt: a card lands in one of the other 52 slots, and only a king leaves a gap.'
"""

from __future__ import annotations

from fractions import Fraction

from ..maze import DECK, Card, Game, Rules, new_game
from . import AnswerFormat, Question, QuestionSet, as_fraction, as_names, as_whole, yes_no
from .simulation import check_mean

__all__ = ["QUESTIONS", "check", "grade", "position", "fresh_score"]

SLOTS = 54
SKIPPED = (8, 17)
ROW = 9
POSITION_SEED = 2
INTO_SLOT = 26
"""The position shown is the deal of seed 2; the targets question asks about slot 26."""


def position(name: str = "table") -> Game:
    """A fresh copy of the table the questions show (the deal of seed 2)."""
    return new_game(seed=POSITION_SEED)


def _kings() -> int:
    return sum(1 for card in DECK if card.rank == 13)


def _non_kings() -> list[int]:
    return [card.code for card in DECK if card.rank != 13]


def _gap_in_slot_0() -> Fraction:
    return Fraction(_kings(), SLOTS - len(SKIPPED))


def _expected_gaps_row0() -> Fraction:
    always = sum(1 for slot in SKIPPED if slot < ROW)
    return always + (ROW - always) * _gap_in_slot_0()


def _p_link() -> Fraction:
    rules = Rules()
    cards = _non_kings()
    links = sum(rules.follows(a, b) for a in cards for b in cards if a != b)
    return Fraction(links, len(cards) * (len(cards) - 1))


def _expected_score() -> Fraction:
    cards = _non_kings()
    aces = sum(1 for c in cards if Card.from_code(c).rank == 1)
    return Fraction(aces, len(cards)) + (len(cards) - 1) * _p_link()


def _score() -> int:
    return position().score


def _into_slot() -> set[str]:
    return {str(move.card) for move in position().legal_moves() if move.to == INTO_SLOT}


def _gain(game: Game, move) -> int:
    trial = game.copy()
    trial.play(move)
    return trial.score - game.score


def _best_moves() -> set[str]:
    game = position()
    gains = {str(move): _gain(game, move) for move in game.legal_moves()}
    best = max(gains.values())
    return {move for move, gain in gains.items() if gain == best}


def fresh_score(seed: int) -> int:
    """The score of the fresh deal with this seed."""
    return new_game(seed=seed).score


# -- graders ------------------------------------------------------------------------------------


def _g_gap0(answer) -> str | None:
    given, expected = as_fraction(answer), _gap_in_slot_0()
    if given == expected:
        return None
    if given == Fraction(6, 54) or given == Fraction(1, 9):
        return "slot 0 is not like slots 8 and 17: it is dealt a card, and is a gap only if that card is a king."
    if given == Fraction(1, 54):
        return "slots 8 and 17 are never dealt: a card lands in one of the other 52 slots, and only a king leaves a gap."
    if given == Fraction(4, 54):
        return "only 52 slots are dealt a card: 8 and 17 are skipped."
    return (
        "slot 0 is a gap when the card dealt there is a king: how many of the 52 cards are kings?"
    )


def _g_row0(answer) -> str | None:
    given, expected = as_fraction(answer, "a Fraction, like Fraction(3, 7)"), _expected_gaps_row0()
    if given == expected:
        return None
    if given == 9 * _gap_in_slot_0():
        return "slot 8 is always a gap; only the other eight slots of the row are a gap by chance."
    if given == 8 * _gap_in_slot_0():
        return "do not forget slot 8: it is a gap in every deal."
    if given == Fraction(6 * 9, 54):
        return "the gaps are not spread evenly: slots 8 and 17 are always gaps."
    return "add the expected gaps slot by slot: 1 for slot 8, plus each other slot's chance to hold a king."


def _g_link(answer) -> str | None:
    given, expected = as_fraction(answer), _p_link()
    if given == expected:
        return None
    if given == Fraction(1, 47):
        return "a queen is followed by any of the four aces, not by one card."
    if given == Fraction(1, 48) or given == Fraction(1, 52):
        return "the second card is one of the 47 cards other than the first."
    if given == Fraction(44, 48 * 47):
        return "that counts the links after non-queens only; after a queen, four cards follow."
    return "condition on the first card: a non-queen has 1 follower among 47, a queen has 4."


def _g_expected_score(answer) -> str | None:
    given = as_fraction(answer, "a Fraction, like Fraction(3, 7)")
    expected = _expected_score()
    if given == expected:
        return None
    if given == 47 * _p_link():
        return "the score also counts a point when the first card is an ace."
    if given == 48 * _p_link() + Fraction(1, 12):
        return "48 cards in a line have 47 neighbouring pairs."
    return "use linearity: P(first card is an ace) + 47 × P(a given neighbouring pair is a link)."


def _g_simulate(answer) -> str | None:
    return check_mean(
        answer,
        column="score",
        rederive=fresh_score,
        reference=float(_expected_score()),
        min_games=1000,
    )


def _g_score(answer) -> str | None:
    given, expected = as_whole(answer), _score()
    if given == expected:
        return None
    if given < expected:
        return "you missed a link: gaps are skipped (5♠, gap, 6♠ scores), and a queen followed by any ace scores."
    return "a link needs the same suit and the next rank up (or a queen then an ace); and the first card scores only if it is an ace."


def _g_into(answer) -> str | None:
    names = set()
    for text in as_names(answer, "a list of cards, like ['7D', '8♣']"):
        try:
            names.add(str(Card.parse(text)))
        except ValueError:
            raise AnswerFormat(f"{text!r} is not a card: write it like '7D' or '7♦'.") from None
    expected = _into_slot()
    if names == expected:
        return None
    if names - expected:
        card = sorted(names - expected)[0]
        return f"{card} may not move into slot {INTO_SLOT}: {position().where_may_go(Card.parse(card))}."
    return f"you missed one: check both neighbours of slot {INTO_SLOT} — the card to its left and the card to its right."


def _g_best(answer) -> str | None:
    if not isinstance(answer, str):
        raise AnswerFormat("give a move as text, like '7D -> 23'.")
    game = position()
    try:
        move = game.legal_moves()[0].parse(answer)
    except ValueError:
        raise AnswerFormat(f"{answer!r} is not a move: write it like '7D -> 23'.") from None
    reason = game.why_illegal(move)
    if reason is not None:
        return f"that move is not legal: {reason}."
    if str(move) in _best_moves():
        return None
    if _gain(game, move) <= 0:
        return "that move does not raise the score at all; some move does."
    return "that move raises the score, but another raises it more: a move can make a link on both sides."


QUESTIONS = QuestionSet(
    [
        Question("gap_in_slot_0", "P(slot 0 is a gap in a fresh deal)?", _g_gap0,
                 "a Fraction, like Fraction(3, 7)", _gap_in_slot_0, topic="counting"),
        Question("expected_gaps_row0", "Expected number of gaps in the first row (slots 0–8)?", _g_row0,
                 "a Fraction, like Fraction(3, 7)", _expected_gaps_row0, topic="expected value"),
        Question("score_shown", "The score of the table shown (without game.score)?", _g_score,
                 "a whole number, like 7", _score, topic="reading the board"),
        Question("into_slot_26", "Which cards may move into slot 26 of the table shown?", _g_into,
                 "a list of cards, like ['7D']", _into_slot, topic="reading the rules"),
        Question("p_link", "Two neighbouring cards of a fresh deal: P(the second follows the first)?", _g_link,
                 "a Fraction, like Fraction(3, 7)", _p_link, topic="conditional probability"),
        Question("expected_fresh_score", "The expected score of a fresh deal?", _g_expected_score,
                 "a Fraction, like Fraction(3, 7)", _expected_score, topic="expected value"),
        Question("simulate_fresh_score", "Estimate the mean fresh score by simulation, with a 95% interval.",
                 _g_simulate, "{'rows': ..., 'estimate': ..., 'interval': (low, high)}",
                 topic="law of large numbers, confidence intervals"),
        Question("best_move", "Which move of the table shown raises the score the most?", _g_best,
                 "a move, like '7D -> 23'", _best_moves, topic="strategy"),
    ]
)  # fmt: skip

check = QUESTIONS.check
"""``check(key, answer)``: the verdict on one answer (see ``QUESTIONS``)."""
grade = QUESTIONS.grade
"""``grade(key, answer)``: for autograded cells, raises ``AssertionError`` with the hint unless right."""


# -- check yourself: quick questions at the end of notebooks/03_maze_rules -----------------------


def _gaps() -> int:
    return len(new_game(seed=0).gaps)


def _g_gaps(answer) -> str | None:
    given, expected = as_whole(answer), _gaps()
    if given == expected:
        return None
    if given == 2:
        return "slots 8 and 17 are skipped, and the four kings are taken away too."
    return "54 slots, 52 cards dealt, then the kings go."


def _g_max(answer) -> str | None:
    given, expected = as_whole(answer), new_game(seed=0).max_score
    if given == expected:
        return None
    if given == 47:
        return "count the links between neighbouring cards, and one more point for the first card."
    return "count the links of four runs ace → queen in a row, plus the first card."


CHECK_YOURSELF = QuestionSet(
    [
        Question("gaps", "How many gaps does a fresh Maze table have?", _g_gaps, "a whole number",
                 _gaps, topic="reading the rules"),
        yes_no("ace_follows_queen", "Does A♣ follow Q♥ (does Q♥ then A♣ score a point)?",
               lambda: Rules().follows(Card.parse("QH").code, Card.parse("AC").code),
               "after a queen, any ace follows, whatever its suit.", "reading the rules"),
        Question("won_score", "What is the score of a won table?", _g_max, "a whole number",
                 lambda: new_game(seed=0).max_score, topic="reading the rules"),
    ]
)  # fmt: skip

check_yourself = CHECK_YOURSELF.check
"""``check_yourself(key, answer)``: the quick questions closing the rules notebook."""
