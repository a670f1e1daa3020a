"""The expert: it decides from what a person sees, and its fast path is the same player."""

from __future__ import annotations

import numpy as np
import pytest

from tilegames.tula import TILES, Game, Rules
from tilegames.tula.expert import ExpertPlayer, play_expert
from tilegames.tula.fast import deal_from_rng, mercy_usable
from tilegames.tula.layout import INDEX, LAYER


def run(game: Game, player, rng: np.random.Generator):
    """Play to the end; return the list of (view, move) pairs."""
    player.start(game.player_view(), rng)
    record = []
    while True:
        view = game.player_view()
        if not view.legal_moves:
            return record
        move = player.choose(view, rng)
        record.append((view, move))
        game.play(move)


def game_of(deal: list[int], mercy: bool) -> Game:
    return Game([TILES[t] for t in deal], rules=Rules(mercy=mercy))


LAYER1 = [p for p in range(24) if LAYER[p] == 1]


@pytest.mark.parametrize("mercy", [False, True])
def test_deals_that_differ_only_in_unseen_tiles_get_the_same_decisions(mercy):
    """Two deals alike except for the layer-1 tiles (face down at the start): the expert,
    with the same dice, makes the same moves until a tile that differs is turned up."""
    choices_before_divergence = 0
    for seed in range(12):
        deal = deal_from_rng(np.random.default_rng(seed))
        other = list(deal)
        shuffled = np.random.default_rng(seed + 100).permutation([deal[p] for p in LAYER1])
        for p, tile in zip(LAYER1, shuffled.tolist()):
            other[p] = tile
        assert other != deal
        first = run(game_of(deal, mercy), ExpertPlayer(), np.random.default_rng(seed))
        second = run(game_of(other, mercy), ExpertPlayer(), np.random.default_rng(seed))
        for (view, move), (other_view, other_move) in zip(first, second):
            if (
                view != other_view
            ):  # a tile that differs is face up: the deals can now be told apart
                assert any(view.visible[p] != other_view.visible[p] for p in LAYER1), (
                    "the views differ before any differing tile was turned up"
                )
                break
            assert move == other_move
            removals = [m for m in view.legal_moves if m.kind != "reveal"]
            choices_before_divergence += (
                not any(m.kind == "reveal" for m in view.legal_moves) and len(removals) > 1
            )
    assert choices_before_divergence >= 10  # real choices were compared, not only forced moves


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("mercy", [False, True])
def test_the_fast_path_plays_the_same_games_as_the_player(seed, mercy):
    rng = np.random.default_rng(seed)
    deal = deal_from_rng(rng)
    game = game_of(deal, mercy)
    record = run(game, ExpertPlayer(), np.random.default_rng([seed, 1]))
    assert len(game.stack) == play_expert(deal, mercy, np.random.default_rng([seed, 1]))
    assert game.is_over and (game.won or record)


def test_mercy_deals_are_played_with_an_exchange():
    for seed in range(200):
        deal = deal_from_rng(np.random.default_rng(seed))
        if mercy_usable(deal):
            break
    game = game_of(deal, True)
    record = run(game, ExpertPlayer(), np.random.default_rng(0))
    assert [str(move).split()[0] for _, move in record[3:4]] == ["mercy"]
    assert game.mercy_used
    assert len(game.stack) == play_expert(deal, True, np.random.default_rng(0))


def test_a_view_never_carries_face_down_tiles():
    game = game_of(deal_from_rng(np.random.default_rng(3)), False)
    view = game.player_view()
    assert all(view.visible[p] is None for p in LAYER1)
    assert INDEX["4A"] not in [INDEX[name] for name in view.present]


def test_options_are_checked():
    with pytest.raises(ValueError, match="samples"):
        ExpertPlayer(samples=0)
    with pytest.raises(ValueError, match="max_samples"):
        ExpertPlayer(samples=32, max_samples=16)
