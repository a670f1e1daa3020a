"""The clairvoyant solver: its winning lines win through the public API, and its
verdicts agree with a plain exhaustive search written here from the public API only."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilegames.tula import POSITIONS, Game, Move, new_game
from tilegames.tula.fast import deal_from_rng, mercy_usable
from tilegames.tula.solver import solve, solve_deal, winnable

SAMPLE = range(60)


def plain_winnable(game: Game) -> bool:
    """Exhaustive search on the public API (everything known): try every legal move.

    Remembers positions already seen lost, keyed by what the public API shows:
    the tile on each position still in the temple (None once removed) and the
    stack's top tile.
    """
    lost: set = set()

    def search() -> bool:
        if game.won:
            return True
        key = (tuple(game.tile_at(p) for p in POSITIONS), game.stack_top)
        if key in lost:
            return False
        for move in game.legal_moves():
            game.play(move)
            result = search()
            game.undo()
            if result:
                return True
        lost.add(key)
        return False

    return search()


def known_game(seed: int, mercy: bool) -> Game:
    return new_game(seed, mercy=mercy, auto_reveal=True)


@pytest.mark.parametrize("mercy", [False, True])
def test_every_winning_line_replays_to_a_win_through_the_public_api(mercy):
    won = 0
    for seed in SAMPLE:
        solution = solve(new_game(seed, mercy=mercy, auto_reveal=True))
        if not solution.winnable:
            assert solution.moves == ()
            continue
        won += 1
        game = new_game(seed, mercy=mercy, auto_reveal=True)
        for move in solution.moves:
            game.play(move)
        assert game.won
        # played as a person plays: reveal what can be revealed, then the same line wins
        person = new_game(seed, mercy=mercy)
        for move in solution.moves:
            for name in person.revealable():
                person.play(Move("reveal", name))
            person.play(move)
        assert person.won
    assert 0 < won < len(SAMPLE)  # the sample holds both kinds of deal


@pytest.mark.parametrize("mercy", [False, True])
def test_verdicts_agree_with_a_plain_exhaustive_search(mercy):
    for seed in range(120):
        game = known_game(seed, mercy)
        assert solve(game).winnable == plain_winnable(game), seed


def test_lost_verdicts_agree_with_plain_search_on_more_lost_deals():
    checked = 0
    for seed in range(120, 1200):
        deal = deal_from_rng(np.random.default_rng(seed))
        if mercy_usable(deal) or winnable(deal):
            continue  # lost at once, or won: other tests cover these
        assert not plain_winnable(known_game(seed, False)), seed
        checked += 1
        if checked == 40:
            break
    assert checked == 40


def test_mercy_considers_every_exchange():
    """With mercy, a deal is winnable exactly when one of the three exchanges leads to a win."""
    seen_mercy = 0
    for seed in range(200):
        game = known_game(seed, True)
        if not game.mercy_available:
            assert solve(game).winnable == solve(known_game(seed, False)).winnable
            continue
        seen_mercy += 1
        verdicts = []
        for position in ("3A", "3B", "3C"):
            trial = game.copy()
            trial.play(Move("mercy", position))
            verdicts.append(plain_winnable(trial))
        assert solve(game).winnable == any(verdicts)
        assert not solve(known_game(seed, False)).winnable  # no mercy: lost at the first move
        if seen_mercy == 12:
            break
    assert seen_mercy == 12


def test_solve_deal_matches_solve_on_the_game():
    for seed in range(30):
        deal = deal_from_rng(np.random.default_rng(seed))
        for mercy in (False, True):
            assert solve_deal(deal, mercy) == solve(new_game(seed, mercy=mercy, auto_reveal=True))
            assert winnable(deal, mercy) == solve_deal(deal, mercy).winnable


def test_solving_from_the_middle_of_a_game():
    for seed in range(30):
        solution = solve(new_game(seed, auto_reveal=True))
        if not solution.winnable:
            continue
        game = new_game(seed, auto_reveal=True)
        for move in solution.moves[:5]:
            game.play(move)
        rest = solve(game)
        assert rest.winnable
        for move in rest.moves:
            game.play(move)
        assert game.won


def test_mercy_never_hurts():
    for seed in range(100):
        deal = deal_from_rng(np.random.default_rng(seed))
        assert winnable(deal, True) >= winnable(deal, False)


def test_a_won_game_is_solved_with_no_moves():
    solution = solve(new_game(2, auto_reveal=True))
    assert solution.winnable
    game = new_game(2, auto_reveal=True)
    for move in solution.moves:
        game.play(move)
    assert game.won
    assert solve(game) == type(solution)(True)


@given(st.integers(min_value=0, max_value=2**32 - 1), st.booleans())
def test_solver_verdicts_on_random_deals(seed, mercy):
    """Property: a winnable verdict comes with a line that wins; a lost one is confirmed."""
    game = known_game(seed, mercy)
    solution = solve(game)
    if solution.winnable:
        for move in solution.moves:
            game.play(move)
        assert game.won
    else:
        assert not plain_winnable(game)
