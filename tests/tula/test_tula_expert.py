"""The expert: it decides from what a person sees, and its fast path is the same player."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from tilegames import cli, resources
from tilegames.stats import paired_difference
from tilegames.tula import TILES, Game, Rules, study
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


# -- the pinned results --------------------------------------------------------------
RESULTS = resources.results_path("tula_hidden_players.csv")


def test_the_pinned_results_file_reproduces_from_its_command(tmp_path):
    """The file's own command, cut to a few deals, gives the file's first rows exactly."""
    provenance = json.loads(RESULTS.with_suffix(".json").read_text())
    words = provenance["command"].split()
    assert words[:3] == ["tilegames", "simulate", "tula"]
    arguments = words[2:]
    out = tmp_path / "again.csv"
    arguments[arguments.index("--games") + 1] = "12"
    arguments[arguments.index("--workers") + 1] = "1"
    arguments[arguments.index("--out") + 1] = str(out)
    assert cli.main(["simulate", *arguments, "--no-progress"]) == 0
    again = out.read_text().splitlines()
    with RESULTS.open() as handle:
        pinned = [handle.readline().rstrip("\n") for _ in range(len(again))]
    assert again == pinned
    assert provenance["seed"] == int(arguments[arguments.index("--seed") + 1])


def test_the_pinned_rates_and_mercy_effects_are_pinned_down():
    """At least 20,000 deals; the win rates of the sampler and the expert, and every paired
    mercy effect, known to ±0.5 points (95% intervals)."""
    frame = pd.read_csv(RESULTS)
    provenance = json.loads(RESULTS.with_suffix(".json").read_text())
    assert len(frame) == provenance["games"] >= 20_000
    assert list(frame["game"]) == list(range(len(frame)))
    rates = study.summarize(frame)
    hidden_players = rates[rates["player"].isin(["sampler", "expert"])]
    assert len(hidden_players) == 4  # both players, both rules
    assert ((hidden_players["CI high"] - hidden_players["CI low"]) / 2 <= 0.005).all()
    effect = study.mercy_effect(frame)
    assert ((effect["CI high"] - effect["CI low"]) / 2 <= 0.005).all()
    # the expert beats the sampler on the same deals, with and without mercy
    for suffix in ("", "_mercy"):
        margin = paired_difference(frame[f"expert{suffix}_won"], frame[f"sampler{suffix}_won"])
        assert margin.low > 0


def expert_verdict(board, deal: list[int]) -> bool:
    """The expert's pruned search (``expert._wins``) on a fresh deal, no mercy."""
    from tilegames.tula.expert import _cache, _strand_check, _where, _wins

    top = deal[board.top]
    present = board.start
    tiles = ((1 << board.size) - 1) ^ 1 << top
    start = (present, board.opened(present), top, tiles, _strand_check(board.match, top, tiles))
    return _wins(board, _cache(board), deal, _where(board, deal, present), start, set())


def test_the_experts_pruned_search_is_a_fast_path_of_the_plain_search():
    """Pruning and move order change how fast the expert's search is, never its verdict:
    the same as the shared clairvoyant search (``core.search``) deal by deal, on the temple
    and on a reduced board."""
    from tilegames.tula.hidden import row_pyramid, solve, tula_board
    from tilegames.tula.solver import winnable

    rng = np.random.default_rng(26)
    temple = tula_board()
    deals = [deal_from_rng(rng) for _ in range(300)]
    verdicts = [winnable(deal) for deal in deals]
    assert 0 < sum(verdicts) < len(deals)  # both kinds of deal are compared
    assert [expert_verdict(temple, deal) for deal in deals] == verdicts
    small = row_pyramid(4, suits=2, values=5)
    deals = [rng.permutation(small.size).tolist() for _ in range(300)]
    verdicts = [solve(small, deal) for deal in deals]
    assert 0 < sum(verdicts) < len(deals)
    assert [expert_verdict(small, deal) for deal in deals] == verdicts
