"""Differential test: the fast engine against the slow, readable reference, position by position.

``pyramids_reference.py`` is the engine as it was before the speed work
(full-board mayhem scans, plain dicts). Here the same seeded games are
played on both: at every decision both careful players must choose the same
move, both engines must list the same legal moves, and after every move
the whole position (pyramid, hands, piles, removed tiles, whose decision,
the tile in the air, turns, winner) must be the same. Checked play
(``Game.play``) must also write the same mayhem log, word for word.
"""

from __future__ import annotations

import numpy as np
import pytest
from pyramids_reference import RefCareful, RefGame, RefMove

from tilegames.pyramids import Rules, new_game
from tilegames.pyramids.players import CarefulPlayer

VARIANTS = {
    "standard": Rules(),
    "curse": Rules(curse=True),
    "fire cube": Rules(fire_cube=True),
    "both, slide, single gaps": Rules(
        curse=True, fire_cube=True, overhang_collapse="slide", row0_gaps="single"
    ),
    "curse debris to the turn's player": Rules(curse=True, curse_debris="turn", turn_cap=120),
}


def library_state(game) -> tuple:
    """The library game's position through its public API, in the reference's shape."""
    return (
        game.pyramid,
        [game.hand(p) for p in range(game.n_players)],
        [game.pile(p) for p in range(game.n_players)],
        game.removed,
        game.to_move,
        game.turn_player,
        game.falling,
        game.turns,
        game.winner,
        game.is_over,
    )


def as_reference(move) -> RefMove:
    return RefMove(move.tile, move.position, move.fall)


def play_both(seed: int, players: int, rules: Rules, *, random_seats=(), checked=False) -> int:
    """Play one seeded game on both engines, comparing every position; return the decisions."""
    game = new_game(seed, players=players, rules=rules)
    ref = RefGame.like(game)
    game.keep_log = checked  # the fast path keeps no log text, as the study plays
    careful, ref_careful = CarefulPlayer(), RefCareful()
    rng = np.random.default_rng(seed)
    assert library_state(game) == ref.state()
    decisions = 0
    while not game.is_over:
        seat = game.to_move
        view = game.player_view(seat)
        legal = [str(m) for m in game.legal_moves()]
        assert legal == [str(m) for m in ref.view(seat).legal_moves()]
        if seat in random_seats:
            move = game.legal_moves()[int(rng.integers(len(legal)))]
        else:
            move = careful.choose(view, rng)
            assert str(move) == str(ref_careful.choose(ref.view(seat), rng)), (seed, decisions)
        if checked:
            game.play(move)
        else:
            game.play_unchecked(move)
        ref.apply(as_reference(move))
        decisions += 1
        assert library_state(game) == ref.state(), (seed, decisions, str(move))
    assert game.mayhem_counts() == ref.mayhem_counts()
    if checked:
        assert [e.text for e in game.log] == [e.text for e in ref.log]
    return decisions


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_careful_games_agree_with_the_reference_at_every_position(players):
    seeds = range(60 if players == 2 else 25)
    assert sum(play_both(seed, players, Rules()) for seed in seeds) > 0


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_variant_agrees_with_the_reference(variant):
    for seed in range(30):
        play_both(seed, 2 + seed % 3, VARIANTS[variant], random_seats=(seed % 2,))


def test_random_games_agree_with_the_reference():
    for seed in range(40):
        rules = list(VARIANTS.values())[seed % len(VARIANTS)]
        play_both(1000 + seed, 2 + seed % 5, rules, random_seats=range(6))


def test_checked_play_writes_the_reference_log_word_for_word():
    for seed in range(20):
        rules = list(VARIANTS.values())[seed % len(VARIANTS)]
        play_both(500 + seed, 2 + seed % 4, rules, random_seats=(1,), checked=True)
