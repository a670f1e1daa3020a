"""Property tests on random Maze playouts (design.md "Tests")."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from tilegames.maze import DECK, Card, Game, Rules, new_game

RULES = st.sampled_from([Rules(), Rules.traditional(), Rules(ring=True), Rules(corners=False)])


def follows(a: Card | None, b: Card | None, rules: Rules) -> bool:
    """The spec's "B follows A", written out independently of the library."""
    if a is None or b is None:
        return False
    if a.suit == b.suit and b.rank == a.rank + 1:
        return True
    return rules.queen_before_ace and a.rank == 12 and b.rank == 1


def reference_moves(game: Game) -> set[tuple[Card, int]]:
    """Every (card, gap) the spec allows, by brute force over all cards and gaps."""
    rules, slots = game.rules, game.slots
    result = set()
    for t in range(54):
        if slots[t] is not None:
            continue
        for card in slots:
            if card is None:
                continue
            if t == 0 and not rules.ring:
                left_ok = rules.corners and card.rank == 1
            else:
                left_ok = follows(slots[t - 1], card, rules)  # slots[-1] is 53: the ring
            if t == 53 and not rules.ring:
                right_ok = rules.corners and card.rank == 12
            else:
                right_ok = follows(card, slots[(t + 1) % 54], rules)
            if left_ok or right_ok:
                result.add((card, t))
    return result


def reference_score(game: Game) -> int:
    cards = [card for card in game.slots if card is not None]
    rules = game.rules
    links = sum(follows(a, b, rules) for a, b in zip(cards, cards[1:]))
    if rules.ring:
        return links + follows(cards[-1], cards[0], rules)
    return links + (cards[0].rank == 1)


def playout(seed: int, steps: int, rules: Rules):
    """A seeded random playout; yields the game after every move."""
    rng = np.random.default_rng(seed)
    game = new_game(seed=seed, rules=rules)
    yield game
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            return
        game.play(moves[int(rng.integers(len(moves)))])
        yield game


def final(seed: int, steps: int, rules: Rules) -> Game:
    """The game at the end of ``playout``."""
    games = list(playout(seed, steps, rules))
    return games[-1]


def assert_every_card_once(game: Game) -> None:
    cards = [card for card in game.slots if card is not None]
    assert len(cards) == 48 and len(game.gaps) == 6
    assert set(cards) == {card for card in DECK if card.rank < 13}
    for slot, card in enumerate(game.slots):
        if card is not None:
            assert game.slot_of(card) == slot


@given(seed=st.integers(0, 10_000), rules=RULES, steps=st.integers(0, 60))
def test_48_cards_6_gaps_and_the_rules_match_the_spec_after_every_move(seed, rules, steps):
    for game in playout(seed, steps, rules):
        assert_every_card_once(game)
        legal = game.legal_moves()
        assert {(m.card, m.to) for m in legal} == reference_moves(game)
        assert len(set(legal)) == len(legal)
        assert legal == sorted(legal, key=lambda m: (m.to, game.slot_of(m.card)))
        assert game.score == reference_score(game)
        assert game.won == (game.score == rules.max_score)
        if rules == Rules():
            assert legal, "AisleRiot's Maze never runs out of moves"
