"""The fused fast playout (``tilegames.pyramids.fast``) against the public path, game by game.

Every seeded game is played twice: through the public API
(``play_game(new_game(seed, ...), seats, seed=rng, checked=False)``) and by
``fast.play``. The moves, the fire-die draws, the final position (pyramid,
hands, piles, removed tiles), the winner, the turns and the mayhem counts
must all be the same, for 2 to 6 players, every rule variant, careful and
random seats; and the study's rows must not depend on the path. Hundreds of
games are also compared position by position: the fast path's spots and
position at the start of every turn against the public game's, its moves
replayed.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

from tilegames.pyramids import Rules, fast, new_game, play_game
from tilegames.pyramids.players import CarefulPlayer, ExpertPlayer, RandomPlayer
from tilegames.pyramids.rules import spot_keys
from tilegames.pyramids.study import game_row, game_task, match_task
from tilegames.pyramids.tiles import N_TILES, TILES

VARIANTS = {
    "standard": Rules(),
    "curse": Rules(curse=True),
    "fire cube": Rules(fire_cube=True),
    "slide": Rules(overhang_collapse="slide"),
    "single gaps": Rules(row0_gaps="single"),
    "both, slide, single gaps": Rules(
        curse=True, fire_cube=True, overhang_collapse="slide", row0_gaps="single"
    ),
    "curse debris to the turn's player": Rules(curse=True, curse_debris="turn", turn_cap=120),
    "short cap": Rules(turn_cap=30),
}

PLAYER = {"careful": CarefulPlayer, "random": RandomPlayer}


def lineups(players: int, seed: int) -> list[tuple[str, ...]]:
    """All careful, all random, and a seeded mix."""
    mix = np.random.default_rng(seed).choice(["careful", "random"], players)
    return [("careful",) * players, ("random",) * players, tuple(str(s) for s in mix)]


def names(ids) -> tuple[str, ...]:
    return tuple(TILES[t].name for t in ids)


def assert_same(seed: int, players: int, rules: Rules, seats: tuple[str, ...]) -> None:
    public = play_game(
        new_game(seed, players=players, rules=rules),
        [PLAYER[s]() for s in seats],
        seed=np.random.default_rng(seed + 1),
        checked=False,
    )
    quick = fast.play(
        seed, players=players, rules=rules, seats=seats, rng=np.random.default_rng(seed + 1)
    )
    where = (seed, players, seats, rules)
    assert quick.moves() == public.history, where
    assert quick.board == public.player_view(0).board, where
    for p in range(players):
        assert names(quick.hands[p]) == public.hand(p), where
        assert names(quick.piles[p]) == public.pile(p), where
    assert names(quick.removed) == public.removed, where
    assert (quick.winner, quick.turns, quick.first_player) == (
        public.winner,
        public.turns,
        public.first_player,
    ), where
    assert quick.scores == public.scores, where
    assert quick.mayhem_counts() == public.mayhem_counts(), where
    assert quick.rolls == public.mayhem_counts()["roll"], where  # the same fire-die draws
    assert game_row(quick) == game_row(public), where
    assert sum(quick.scores) + len(quick.board) + len(quick.removed) == N_TILES


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_fast_games_are_the_public_games(variant: str, players: int) -> None:
    """8 variants x 5 table sizes x 3 lineups x 3 seeds = 360 games, compared move by move."""
    rules = VARIANTS[variant]
    for seed in range(3):
        game_seed = 1000 * players + 17 * seed + len(variant)
        for seats in lineups(players, game_seed):
            assert_same(game_seed, players, rules, seats)


def test_many_two_player_careful_games() -> None:
    """The benchmark's games: two careful players, seeds 0 ... 99."""
    for seed in range(100):
        assert_same(seed, 2, Rules(), ("careful", "careful"))


def test_many_four_player_careful_games() -> None:
    """The benchmark's four-player games: careful players, seeds 0 ... 59."""
    for seed in range(60):
        assert_same(seed, 4, Rules(), ("careful",) * 4)


def assert_same_positions(seed: int, players: int, rules: Rules, seats: tuple[str, ...]) -> int:
    """Replay the fast game's moves on the public game: the same spots and position every turn.

    Returns the number of turns compared.
    """
    seen = []

    def observe(spots, board, hands, piles, removed) -> None:
        seen.append(
            (
                list(spots),
                dict(board),
                [names(h) for h in hands],
                [names(p) for p in piles],
                names(removed),
            )
        )

    quick = fast.play(
        seed,
        players=players,
        rules=rules,
        seats=seats,
        rng=np.random.default_rng(seed + 1),
        observe=observe,
    )
    game = new_game(seed, players=players, rules=rules)
    turns = iter(seen)
    for move in quick.moves():
        if not move.is_fall:  # a placement starts a turn
            spots, board, hands, piles, removed = next(turns)
            where = (seed, players, seats, rules, game.turns)
            assert spot_keys(game.board, rules.row0_gaps) == spots, where
            assert game.board == board, where
            assert [game.hand(p) for p in range(players)] == hands, where
            assert [game.pile(p) for p in range(players)] == piles, where
            assert game.removed == removed, where
        game.play_unchecked(move)
    assert next(turns, None) is None
    assert game.board == quick.board and game.turns == quick.turns == len(seen)
    return len(seen)


@pytest.mark.parametrize("players", [2, 4])
def test_careful_games_position_by_position(players: int) -> None:
    """Careful players (the benchmark's games), 2 and 4 players, every turn compared."""
    seeds = 150 if players == 2 else 100
    turns = sum(
        assert_same_positions(seed, players, Rules(), ("careful",) * players)
        for seed in range(seeds)
    )
    assert turns > 20 * seeds


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_variants_position_by_position(variant: str) -> None:
    """Every rule variant, 2 to 5 players, careful, random and mixed seats, every turn compared."""
    rules = VARIANTS[variant]
    for seed in range(8):
        players = 2 + seed % 4
        for seats in lineups(players, 500 + seed):
            assert_same_positions(500 + seed, players, rules, seats)


def test_fire_cube_games_roll_the_die() -> None:
    """The fire cube's rolls come from the game's generator in the same order: some games roll."""
    rolled = 0
    for seed in range(40):
        assert_same(seed, 3, Rules(fire_cube=True), ("careful", "random", "careful"))
        rolled += fast.play(
            seed, players=3, rules=Rules(fire_cube=True), seats=("careful",) * 3
        ).rolls
    assert rolled > 0


def test_study_rows_match_the_public_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """``game_task`` and ``match_task`` give the same rows with the fast path switched off."""
    tasks = [
        functools.partial(game_task, players=3, player="careful,random"),
        functools.partial(game_task, players=2, curse=True, fire_cube=True),
        functools.partial(match_task, a="careful", b="random"),
    ]
    fast_rows = [task(np.random.default_rng(s)) for task in tasks for s in range(6)]
    monkeypatch.setattr(fast, "fast_seats", lambda players: None)
    public_rows = [task(np.random.default_rng(s)) for task in tasks for s in range(6)]
    assert fast_rows == public_rows


def test_which_seats_have_a_fast_path() -> None:
    assert fast.fast_seats([CarefulPlayer(), RandomPlayer()]) == ("careful", "random")
    assert fast.fast_seats([CarefulPlayer(), ExpertPlayer()]) is None
    slow_falls = CarefulPlayer()
    slow_falls.quick_falls = False
    assert fast.fast_seats([slow_falls, CarefulPlayer()]) is None


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        fast.play(1, players=7, seats=("careful",) * 7)
    with pytest.raises(ValueError, match="seats"):
        fast.play(1, players=2, seats=("careful", "expert"))
    with pytest.raises(ValueError, match="whole-number seed"):
        fast.play(np.random.default_rng(1), seats=("careful", "careful"))
