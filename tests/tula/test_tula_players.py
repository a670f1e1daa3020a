"""Tula players: the fast bitmask playouts agree with the public API, and players that
see only revealed tiles really decide from what is revealed."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilegames.tula import POSITIONS, TILES, Game, Move, new_game
from tilegames.tula.fast import (
    START,
    deal_from_rng,
    mercy_usable,
    opened,
    play_chain,
    play_greedy,
    play_matches,
    play_random,
    unlocked,
)
from tilegames.tula.layout import matches, revealable_mask
from tilegames.tula.players import PLAYERS, RandomPlayer, SamplerPlayer, make_player, play_game
from tilegames.tula.solver import solve

seeds = st.integers(min_value=0, max_value=2**32 - 1)
FAST = {"greedy": play_greedy, "matches": play_matches, "chain": play_chain}


@given(seeds, st.booleans(), st.booleans())
def test_fast_playouts_agree_with_the_public_api(seed, mercy, auto_reveal):
    deal = deal_from_rng(np.random.default_rng(seed))
    for name, fast_play in FAST.items():
        game = play_game(new_game(seed, mercy=mercy, auto_reveal=auto_reveal), make_player(name))
        assert game.is_over
        assert fast_play(deal, mercy) == len(game.stack)
    # the random player: same generator, same draws, same game
    rng = np.random.default_rng(seed)
    game = play_game(
        new_game(rng, mercy=mercy, auto_reveal=auto_reveal), make_player("random"), seed=rng
    )
    rng = np.random.default_rng(seed)
    assert play_random(deal_from_rng(rng), mercy, rng.random(24)) == len(game.stack)


def test_fast_paths_agree_on_many_seeded_deals():
    for seed in range(300):
        deal = deal_from_rng(np.random.default_rng(seed))
        for mercy in (False, True):
            for name, fast_play in FAST.items():
                game = play_game(new_game(seed, mercy=mercy, auto_reveal=True), make_player(name))
                assert fast_play(deal, mercy) == len(game.stack), (name, seed, mercy)


@given(seeds, st.lists(st.integers(0, 10**6), max_size=30))
def test_open_positions_are_what_the_rules_let_a_player_reveal(seed, picks):
    """``opened(present)`` = face-up tiles once everything revealable is revealed."""
    game = new_game(seed, auto_reveal=True)
    for pick in picks:
        present = sum(1 << i for i, p in enumerate(POSITIONS) if game.is_present(p))
        # (player_view, not Game.is_face_up: that one reads the wrong bit, see the report)
        face_up = sum(1 << POSITIONS.index(p) for p in game.player_view().face_up)
        assert opened(present) == face_up
        assert revealable_mask(present, 0) == face_up
        moves = game.legal_moves()
        if not moves:
            break
        move = moves[pick % len(moves)]
        game.play(move)
        if move.kind == "remove":
            p = POSITIONS.index(move.position)
            after = present & ~(1 << p)
            assert (face_up & ~(1 << p)) | unlocked(p, after) == opened(after)


def test_mercy_is_usable_exactly_when_the_public_api_offers_it():
    for seed in range(200):
        game = new_game(seed, mercy=True, auto_reveal=True)
        assert mercy_usable(deal_from_rng(np.random.default_rng(seed))) == game.mercy_available
        no_mercy = new_game(seed, auto_reveal=True)
        assert no_mercy.is_over == game.mercy_available  # lost at the first move without mercy


def hidden_shuffled(game: Game, rng: np.random.Generator) -> Game:
    """The same game (same moves, same face-up tiles) with its face-down tiles rearranged."""
    up = game.player_view().face_up
    hidden = [p for p in POSITIONS if game.is_present(p) and p not in up]
    tiles = [game.tile_at(p) for p in hidden]
    deal = list(game.deal)
    for p, i in zip(hidden, rng.permutation(len(hidden))):
        deal[POSITIONS.index(p)] = tiles[i]
    other = Game.from_deal(deal, rules=game.rules)
    for move in game.history:
        other.play(move)
    return other


@pytest.mark.parametrize("name", ["random", "greedy", "matches", "chain", "sampler"])
def test_players_decide_from_revealed_tiles_only(name):
    """Rearranging the face-down tiles never changes the move of a player who cannot see them."""
    rng = np.random.default_rng(0)
    checked = 0
    for seed in range(40):
        game = new_game(seed, mercy=True)
        while not game.is_over and checked < 60:
            view = game.player_view()
            player = make_player(name, samples=4) if name == "sampler" else make_player(name)
            player.start(view, np.random.default_rng(seed))
            move = player.choose(view, np.random.default_rng(seed))
            twin = hidden_shuffled(game, rng)
            assert twin.player_view() == view
            player = make_player(name, samples=4) if name == "sampler" else make_player(name)
            player.start(view, np.random.default_rng(seed))
            assert player.choose(twin.player_view(), np.random.default_rng(seed)) == move
            checked += 1
            game.play(move)
    assert checked == 60


def test_the_solver_sees_the_hidden_tiles_and_the_others_do_not():
    assert PLAYERS["solver"].clairvoyant
    assert not any(
        PLAYERS[name].clairvoyant for name in ("random", "greedy", "matches", "chain", "sampler")
    )


def test_every_player_plays_legal_games_to_the_end():
    for name in PLAYERS:
        for seed in range(5):
            for mercy in (False, True):
                game = play_game(new_game(seed, mercy=mercy), make_player(name), seed=seed)
                assert game.is_over
                replay = Game.from_dict(game.to_dict())  # every move was legal
                assert replay.won == game.won


def test_players_reveal_before_they_remove():
    game = new_game(1)
    view = game.player_view()
    assert make_player("greedy").choose(view, np.random.default_rng(0)) == Move("reveal", "3A")


def test_mercy_deals_are_always_rescued_by_an_exchange():
    for seed in range(60):
        if not mercy_usable(deal_from_rng(np.random.default_rng(seed))):
            continue
        for name in ("random", "greedy", "matches", "chain"):
            game = play_game(new_game(seed, mercy=True), make_player(name), seed=seed)
            assert game.mercy_used


def test_the_solver_player_wins_exactly_the_winnable_deals():
    for seed in range(40):
        for mercy in (False, True):
            game = play_game(new_game(seed, mercy=mercy), make_player("solver"))
            assert game.won == solve(new_game(seed, mercy=mercy, auto_reveal=True)).winnable


def test_the_random_player_spreads_its_choices():
    game = new_game(1, auto_reveal=True)
    while len(game.legal_moves()) < 2:
        game.play(game.legal_moves()[0])
    chosen = set()
    for seed in range(40):
        player, view = RandomPlayer(), game.player_view()
        player.start(view, np.random.default_rng(seed))
        chosen.add(player.choose(view, np.random.default_rng(seed)))
    assert chosen == set(game.legal_moves())


def test_the_sampler_imagines_only_deals_consistent_with_what_it_saw():
    game = new_game(4, mercy=True)
    play_until = 6
    while not game.is_over and len(game.history) < play_until:
        game.play(game.legal_moves()[0])
    view = game.player_view()
    seen = {tile for tile in view.visible if tile is not None} | set(view.stack)
    assert seen.isdisjoint(view.unseen) and len(seen) + len(view.unseen) == len(TILES)
    if view.legal_moves:
        assert SamplerPlayer(samples=3).choose(view, np.random.default_rng(1)) in view.legal_moves


def test_unknown_player_and_bad_options_are_refused():
    with pytest.raises(ValueError, match="unknown Tula player 'best'"):
        make_player("best")
    with pytest.raises(ValueError, match="at least one sample"):
        make_player("sampler", samples=0)
    with pytest.raises(ValueError, match="needs the game"):
        make_player("solver").start(new_game(0).player_view(), np.random.default_rng(0))
    game = new_game(1, auto_reveal=True)
    while len(game.legal_moves()) < 2:
        game.play(game.legal_moves()[0])
    with pytest.raises(ValueError, match="call start"):
        make_player("random").choose(game.player_view(), np.random.default_rng(0))


def test_start_mask_is_every_position_but_the_top():
    assert START == (1 << 23) - 1


def follows_the_rule(player, by_the_rule, seeds) -> None:
    """Every removal ``player`` makes in mercy games of ``seeds`` is ``by_the_rule(view)``."""
    compared = choices = 0
    for seed in seeds:
        game = new_game(seed, mercy=True, auto_reveal=True)
        while not game.is_over:
            view = game.player_view()
            move = player.choose(view, np.random.default_rng(seed))
            if move.kind == "remove":
                assert move == by_the_rule(view), (seed, view.legal_moves)
                compared += 1
                choices += len(view.legal_moves) > 1
            game.play(move)
    assert compared > 100 and choices > 20  # real choices were compared, not only forced moves


def longest_run(top, tiles: frozenset, limit: int) -> int:
    """The most removals in a row (at most ``limit``) from ``tiles``, the first matching ``top``:
    the chain player's look-ahead as the docs say it, on tiles, every order tried."""
    best = 0
    if limit > 0:
        for tile in tiles:
            if matches(top, tile):
                best = max(best, 1 + longest_run(tile, tiles - {tile}, limit - 1))
    return best


def test_the_chain_lookahead_counts_removals_among_face_up_tiles():
    from tilegames.tula.core import longest_chain
    from tilegames.tula.layout import MATCH_MASK

    rng = np.random.default_rng(3)
    for _ in range(200):
        tile_at = rng.permutation(24).tolist()
        available = int(rng.integers(1 << 10))
        top = tile_at[23]
        tiles = frozenset(TILES[tile_at[p]] for p in range(10) if available >> p & 1)
        for limit in (1, 3, 8):
            assert longest_chain(MATCH_MASK, tile_at, available, top, {}, limit) == longest_run(
                TILES[top], tiles, limit
            )
    # a run of the four Suns after 5 Suns: null, ace, 2, 3 Suns all chain
    assert longest_run(TILES[5], frozenset(TILES[:4]), 8) == 4


def matches_by_the_rule(view) -> Move:
    """The matches player as the docs say it: the removal whose tile matches the most other
    face-up tiles, the first in position order on a tie."""
    removals = [move for move in view.legal_moves if move.kind == "remove"]
    up = {name: tile for name, tile in zip(POSITIONS, view.visible) if tile is not None}
    scores = [
        sum(matches(up[move.position], tile) for name, tile in up.items() if name != move.position)
        for move in removals
    ]
    return removals[scores.index(max(scores))]


def chain_by_the_rule(view) -> Move:
    """The chain player as the docs say it: the removal that starts the longest run among the
    other face-up tiles (8 ahead), then the one after which the most tiles can be revealed,
    then the first in position order."""
    present = sum(1 << POSITIONS.index(name) for name in view.present)
    face_up = sum(1 << POSITIONS.index(name) for name in view.face_up)
    up = frozenset(tile for tile in view.visible if tile is not None)
    removals = [move for move in view.legal_moves if move.kind == "remove"]
    scores = []
    for move in removals:
        tile = view.visible[POSITIONS.index(move.position)]
        after = present & ~(1 << POSITIONS.index(move.position))
        scores.append(
            (longest_run(tile, up - {tile}, 8), bin(revealable_mask(after, face_up)).count("1"))
        )
    return removals[scores.index(max(scores))]


@pytest.mark.parametrize(
    "name, by_the_rule", [("matches", matches_by_the_rule), ("chain", chain_by_the_rule)]
)
def test_the_matches_and_chain_choices_are_the_rules_written_from_the_public_view(
    name, by_the_rule
):
    """``core.matches_removal`` and ``core.chain_removal`` (the one choice of ``fast``, the
    players and, for the chain, the expert's tie-break) against each rule as the docs say it."""
    follows_the_rule(make_player(name), by_the_rule, seeds=range(40))


def test_the_greedy_choice_is_the_rule_written_from_the_public_view():
    """``core.greedy_removal`` (the one greedy choice of ``fast``, the player and ``hidden``)
    against the rule as the docs say it, from the player's view only: the removal after
    which the most face-down tiles can be revealed, the first in position order on a tie."""
    from tilegames.tula.layout import INDEX

    def by_the_rule(view) -> Move:
        present = sum(1 << INDEX[name] for name in view.present)
        face_up = sum(1 << INDEX[name] for name in view.face_up)
        removals = [move for move in view.legal_moves if move.kind == "remove"]
        scores = [
            bin(revealable_mask(present & ~(1 << INDEX[move.position]), face_up)).count("1")
            for move in removals
        ]
        return removals[scores.index(max(scores))]

    follows_the_rule(make_player("greedy"), by_the_rule, seeds=range(60))


def test_the_old_decide_hook_is_gone_and_no_lesson_asks_for_it():
    """A player of one's own writes ``choose(view, rng)``; the guide says ``decide`` is gone."""
    import json
    from pathlib import Path

    from tilegames.tula import players

    assert not hasattr(players.Player, "decide")
    for name in players.PLAYERS:
        assert not hasattr(players.make_player(name), "decide"), name
    notebooks = Path(__file__).resolve().parents[2] / "notebooks"
    for path in notebooks.glob("*.ipynb"):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        assert not any("`decide`" in "".join(c["source"]) for c in cells), path.name
