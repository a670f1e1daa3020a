"""Maze rules: every worked check of the spec (by name), notation, deals, saving."""

from __future__ import annotations

import json

import pytest

from tilegames.errors import IllegalMove, InvalidPosition
from tilegames.maze import DECK, Card, Game, Move, Rules, new_game

PLAYABLE = [str(card) for card in DECK if card.rank < 13]


def layout(cards: dict[int, str], gaps: list[int]) -> list[str | None]:
    """54 entries: ``cards`` where given, gaps at ``gaps``, the other cards elsewhere."""
    assert len(gaps) == 6
    slots: list[str | None] = [None] * 54
    for slot, card in cards.items():
        slots[slot] = str(Card.parse(card))
    rest = iter(card for card in PLAYABLE if card not in slots)
    for slot in range(54):
        if slot not in gaps and slots[slot] is None:
            slots[slot] = next(rest)
    assert next(rest, None) is None
    return slots


# -- worked checks of the spec ----------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2, 99, 12345])
def test_fresh_deal_has_48_cards_6_gaps_including_8_and_17_and_no_kings(seed):
    game = new_game(seed=seed)
    cards = [card for card in game.slots if card is not None]
    assert len(cards) == 48 and len(set(cards)) == 48
    assert len(game.gaps) == 6
    assert 8 in game.gaps and 17 in game.gaps
    assert all(card.rank != 13 for card in cards)


def test_five_gap_six_scores_exactly_one_point():
    # Build a table with no other links at all, so the point is the whole score.
    cards = {20: "5♠", 22: "6♠"}
    game = Game.from_deal(_scatter(cards, gaps=[21, 0, 1, 2, 3, 4]))
    assert game.links() == [(20, 22)]
    assert game.score == 1


def _scatter(cards: dict[int, str], gaps: list[int]) -> list[str | None]:
    """Like ``layout`` but fills with an order that makes no link by itself (no first ace)."""
    slots: list[str | None] = [None] * 54
    for slot, card in cards.items():
        slots[slot] = str(Card.parse(card))
    # ranks descending then suits round-robin: neighbours never follow one another
    filler = sorted(
        (card for card in DECK if card.rank < 13 and str(card) not in slots),
        key=lambda c: (-c.rank, c.suit),
    )
    free = [s for s in range(54) if s not in gaps and slots[s] is None]
    for slot, card in zip(free, filler):
        slots[slot] = str(card)
    game = Game.from_deal(slots)
    # remove accidental links with the placed cards by swapping fillers
    for _ in range(100):
        extra = [pair for pair in game.links() if not all(p in cards for p in pair)]
        if not extra and not game.first_card_is_ace:
            return slots
        a = extra[0][1] if extra else next(s for s in range(54) if slots[s] is not None)
        b = next(s for s in free if s != a and s not in cards)
        free.remove(b)
        free.append(b)
        slots[a], slots[b] = slots[b], slots[a]
        game = Game.from_deal(slots)
    raise AssertionError("could not build a link-free table")


def test_queen_of_hearts_followed_by_ace_of_clubs_scores_a_point():
    game = Game.from_deal(_scatter({30: "Q♥", 31: "A♣"}, gaps=[0, 1, 2, 3, 4, 5]))
    assert game.links() == [(30, 31)]
    assert game.score == 1
    traditional = Game.from_deal(game.to_dict()["deal"]["slots"], Rules(queen_before_ace=False))
    assert traditional.links() == []


def test_into_empty_slot_0_any_ace_may_move_into_empty_slot_53_any_queen():
    game = Game.from_deal(layout({1: "5♥", 52: "9♣"}, gaps=[0, 53, 20, 21, 22, 23]))
    to_zero = {m.card for m in game.legal_moves() if m.to == 0}
    to_last = {m.card for m in game.legal_moves() if m.to == 53}
    aces = {Card(1, suit) for suit in "♣♦♥♠"}
    queens = {Card(12, suit) for suit in "♣♦♥♠"}
    assert to_zero == aces | {Card(4, "♥")}  # and the card 5♥ follows
    assert to_last == queens | {Card(10, "♣")}  # and the card that follows 9♣
    for ace in aces:
        game.copy().play(Move(ace, 0))
    for queen in queens:
        game.copy().play(Move(queen, 53))
    with pytest.raises(IllegalMove, match="slot 0 has the edge"):
        game.play("2♠ → 0")
    with pytest.raises(
        IllegalMove, match="A♠ may go only into a gap right of any queen, into slot 0 or left of 2♠"
    ):
        game.play("A♠ → 21")  # 21 is between two gaps
    # without the corner rule (the traditional game) only neighbours count
    plain = Game.from_deal(game.to_dict()["deal"]["slots"], Rules(corners=False))
    assert {m.card for m in plain.legal_moves() if m.to == 0} == {Card(4, "♥")}


def test_seven_of_diamonds_moves_only_left_of_eight_or_right_of_six():
    gaps = [10, 21, 30, 40, 41, 5]
    game = Game.from_deal(layout({9: "6♦", 22: "8♦", 44: "7♦"}, gaps=gaps))
    targets = game.targets_of("7♦")
    assert targets == [10, 21]
    for gap in set(gaps) - {10, 21}:
        with pytest.raises(IllegalMove) as refusal:
            game.play(f"7D -> {gap}")
        assert "7♦ may go only into a gap right of 6♦ or left of 8♦" in str(refusal.value)
    game.play("7♦ → 10")
    assert game.card_at(10) == Card.parse("7D") and game.card_at(44) is None


def test_seven_of_diamonds_unless_the_gap_is_a_corner():
    # empty corners admit aces and queens only: never the 7♦ (its neighbours 6♦, 8♦ are elsewhere)
    game = Game.from_deal(layout({1: "2♣", 52: "9♥", 44: "7♦"}, gaps=[0, 53, 20, 21, 22, 23]))
    assert 0 not in game.targets_of("7♦") and 53 not in game.targets_of("7♦")
    for corner in (0, 53):
        with pytest.raises(
            IllegalMove, match="7♦ may go only into a gap right of 6♦ or left of 8♦"
        ):
            game.play(f"7♦ → {corner}")
    assert 0 in game.targets_of("A♥") and 53 in game.targets_of("Q♥")


def test_board_is_one_line_row_ends_are_neighbours_no_wrap():
    # slot 9's left neighbour is slot 8
    game = Game.from_deal(layout({8: "4♣", 30: "5♣"}, gaps=[9, 0, 1, 2, 3, 53]))
    assert 9 in game.targets_of("5♣")
    # no wrap: slot 53's right neighbour is not slot 0
    game = Game.from_deal(layout({0: "8♥", 30: "7♥"}, gaps=[53, 10, 11, 12, 13, 14]))
    assert 53 not in game.targets_of("7♥")
    ring = Game.from_deal(game.to_dict()["deal"]["slots"], Rules.traditional())
    assert 53 in ring.targets_of("7♥")


def test_won_exactly_when_score_is_48_gaps_anywhere():
    runs = [
        f"{rank}{suit}" for suit in "♥♣♠♦" for rank in ["A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q"]
    ]
    slots: list[str | None] = [None, None] + runs[:20] + [None, None] + runs[20:] + [None, None]
    game = Game.from_deal(slots)
    assert game.score == 48 and game.won and game.is_over and game.winner == 0
    assert game.to_move is None
    with pytest.raises(IllegalMove, match="over"):
        game.play(game.legal_moves()[0] if game.legal_moves() else "A♥ -> 0")
    # first card not an ace: not won, even with every other link
    rotated = runs[1:] + runs[:1]
    game = Game.from_deal(rotated + [None] * 6)
    assert game.score == 47 and not game.won and not game.is_over


def test_a_position_with_no_legal_move_never_arises_in_random_play():
    import numpy as np

    rng = np.random.default_rng(5)
    for seed in range(5):
        game = new_game(seed=seed)
        for _ in range(200):
            moves = game.legal_moves()
            assert moves
            game.play(moves[int(rng.integers(len(moves)))])


# -- notation ------------------------------------------------------------------
@pytest.mark.parametrize("text", ["7D -> 23", "7♦ → 23", "7d->23", " 7♦→23 ", "7D to 23"])
def test_move_notation_both_forms_parse(text):
    assert Move.parse(text) == Move(Card(7, "♦"), 23)


def test_move_notation_round_trips_and_repr_evaluates():
    move = Move(Card(10, "♠"), 0)
    assert str(move) == "10♠ → 0" and move.ascii == "10S -> 0"
    assert Move.parse(str(move)) == move == Move.parse(move.ascii)
    assert eval(repr(move)) == move
    assert eval(repr(Card(12, "♥"))) == Card(12, "♥")


@pytest.mark.parametrize("bad", ["", "7X -> 3", "7D 3", "-> 3", "ZZ -> 1", "7D -> x"])
def test_bad_notation_is_refused_with_a_reason(bad):
    game = new_game(seed=1)
    before = game.to_dict()
    with pytest.raises(IllegalMove):
        game.play(bad)
    assert game.to_dict() == before


def test_refusals_explain_occupied_king_and_range():
    game = new_game(seed=1)
    occupied = next(s for s in range(54) if game.card_at(s) is not None)
    card = next(c for c in game.slots if c is not None and c != game.card_at(occupied))
    with pytest.raises(IllegalMove, match="not empty"):
        game.play(Move(card, occupied))
    with pytest.raises(IllegalMove, match="king"):
        game.play("KS -> 8")
    with pytest.raises(IllegalMove, match="no slot 54"):
        game.play("7D -> 54")


# -- deals, saving ------------------------------------------------------------------
def test_explicit_deal_accepts_both_card_spellings():
    game = new_game(seed=4)
    unicode = [None if c is None else str(c) for c in game.slots]
    ascii_ = [None if c is None else c.ascii for c in game.slots]
    assert Game.from_deal(unicode).slots == Game.from_deal(ascii_).slots == game.slots


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda s: s[:-1], "slots"),
        (lambda s: ["KS"] + s[1:], "slots[0]"),
        (lambda s: ["7X"] + s[1:], "slots[0]"),
        (lambda s: "nope", "slots"),
    ],
)
def test_bad_explicit_deals_name_the_field(change, field):
    base = [None if c is None else str(c) for c in new_game(seed=4).slots]
    if base[0] is None:
        base[0], base[20] = base[20], base[0]
    with pytest.raises(InvalidPosition, match=field.replace("[", r"\[").replace("]", r"\]")):
        Game.from_deal(change(base))


def test_deal_with_a_card_twice_names_the_second_slot():
    base = [None if c is None else str(c) for c in new_game(seed=4).slots]
    first, second = [i for i, c in enumerate(base) if c][:2]
    base[second] = base[first]
    with pytest.raises(InvalidPosition, match=rf"slots\[{second}\].*already in slot {first}"):
        Game.from_deal(base)


def test_deal_with_a_card_missing_is_refused():
    base = [None if c is None else str(c) for c in new_game(seed=4).slots]
    first = next(i for i, c in enumerate(base) if c)
    base[first] = None
    with pytest.raises(InvalidPosition, match="48 cards"):
        Game.from_deal(base)


def test_to_dict_round_trips_through_json_with_history():
    game = new_game(seed=7, ring=True)
    for _ in range(10):
        game.play(game.legal_moves()[-1])
    data = json.loads(json.dumps(game.to_dict()))
    again = Game.from_dict(data)
    assert again == game and again.rules == Rules(ring=True) and again.seed == 7
    assert Game.from_json(game.to_json()) == game


@pytest.mark.parametrize(
    "mutate, field",
    [
        (lambda d: d.update(game="tula"), "game"),
        (lambda d: d["deal"]["rules"].update(spin=True), "deal.rules: unknown field.s. spin"),
        (lambda d: d["deal"].update(rules={"ring": 1}), "deal.rules: missing"),
        (lambda d: d["deal"]["rules"].update(ring=1), "deal.rules.ring"),
        (lambda d: d["deal"]["rules"].pop("corners"), "deal.rules: missing field.s. corners"),
        (lambda d: d["deal"].update(seed="x"), "deal.seed"),
        (lambda d: d["deal"].update(seed=-1), "deal.seed"),
        (lambda d: d["deal"].pop("seed"), "deal.seed: missing"),
        (lambda d: d["deal"].update(colour="red"), "deal: unknown field.s. colour"),
        (lambda d: d["deal"]["slots"].pop(), "deal.slots"),
        (lambda d: d.update(moves=["AS -> 99"]), "moves[0]"),
        (lambda d: d.update(moves=[3]), "moves[0]"),
    ],
)
def test_from_dict_refuses_bad_fields_by_name(mutate, field):
    data = new_game(seed=3).to_dict()
    mutate(data)
    with pytest.raises(InvalidPosition, match=field.replace("[", r"\[")):
        Game.from_dict(data)


def test_rules_presets_and_options():
    assert Rules.aisleriot() == Rules()
    assert Rules.traditional() == Rules(ring=True, queen_before_ace=False, corners=False)
    assert new_game(seed=1, corners=False).rules == Rules(corners=False)
    assert new_game(seed=1).slots == new_game(seed=1, rules=Rules.traditional()).slots


def test_traditional_ring_scores_the_wrap_link_and_wins_at_44():
    runs = [
        f"{rank}{suit}" for suit in "♥♣♠♦" for rank in ["A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q"]
    ]
    # rotate so a run crosses the end of the line: on a ring that is still a won game
    slots = runs[5:] + [None] * 6 + runs[:5]
    ring = Game.from_deal(slots, Rules.traditional())
    assert ring.score == 44 and ring.won
    line = Game.from_deal(slots)
    assert not line.won


def test_text_board_shows_six_rows_and_the_score():
    game = new_game(seed=1)
    lines = str(game).splitlines()
    assert len(lines) == 7 and "score" in lines[-1]
    assert sum(line.count("·") for line in lines[:6]) == 6
