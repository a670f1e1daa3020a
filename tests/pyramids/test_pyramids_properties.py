"""Property tests on random playouts: conservation, termination, refusals, undo, saving, seeds."""

from __future__ import annotations

import json

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from tilegames.pyramids import TILES, Game, Rules, new_game
from tilegames.pyramids.mayhem import first_problem, measure, placement_is_quiet, roll_contact
from tilegames.pyramids.players import CarefulPlayer, RandomPlayer, play_game
from tilegames.pyramids.tiles import key, position

rules_strategy = st.builds(
    Rules,
    row0_gaps=st.sampled_from(["all", "single"]),
    overhang_collapse=st.sampled_from(["support", "slide"]),
    curse=st.booleans(),
    curse_debris=st.sampled_from(["previous", "turn"]),
    fire_cube=st.booleans(),
    turn_cap=st.sampled_from([500, 40]),
)
games = st.builds(
    lambda seed, players, rules: new_game(seed=seed, players=players, rules=rules),
    st.integers(0, 10_000),
    st.integers(2, 6),
    rules_strategy,
)


def watch(game: Game) -> list[tuple[str, int, str]]:
    """Check conservation at every event; record (kind, measure, text) of each."""
    seen: list[tuple[str, int, str]] = []
    original = game._event

    def event(kind, marked, text):
        game.where()  # raises if a tile is in no place or in two
        seen.append((kind, measure(game._board), text()))
        original(kind, marked, text)

    game._event = event
    return seen


@given(games, st.lists(st.integers(0, 10_000), min_size=120, max_size=120))
def test_conservation_and_the_mayhem_measure_falls_at_every_event(game, choices):
    seen = watch(game)
    for choice in choices:
        if game.is_over:
            break
        moves = game.legal_moves()
        game.play(moves[choice % len(moves)])
        game.where()
    for (_, before, _), (kind, after, text) in zip(seen, seen[1:]):
        if kind in ("place", "win", "cap"):
            continue
        if kind == "roll" and "rolls 6" in text:
            assert (
                after == before
            )  # smoke: the one event that changes nothing (once per turn at most)
        else:
            assert after < before, (kind, text)


@given(games, st.lists(st.integers(0, 10_000), min_size=60, max_size=60))
def test_quiet_shortcut_agrees_with_the_full_scan(game, choices):
    rules = game.rules
    for choice in choices:
        if game.is_over:
            break
        if game.falling is None:
            board = game._board
            assert first_problem(board, curse=rules.curse, fire_cube=rules.fire_cube) is None
            for move in game.legal_moves():
                t = [x.id for x in TILES if x.name == move.tile][0]
                k = key(*move.position)
                trial = dict(board)
                trial[k] = t
                pending = (k, t) if rules.fire_cube and roll_contact(trial, k, t) else None
                full = first_problem(
                    trial, curse=rules.curse, fire_cube=rules.fire_cube, roll_pending=pending
                )
                quick = placement_is_quiet(
                    board, t, k, curse=rules.curse, fire_cube=rules.fire_cube
                )
                assert quick == (full is None), (move, full)
        moves = game.legal_moves()
        game.play(moves[choice % len(moves)])


@given(st.integers(0, 10_000), st.integers(2, 6))
def test_fast_path_and_checked_play_agree(seed, players):
    rules = Rules(fire_cube=seed % 2 == 0, curse=seed % 3 == 0, turn_cap=150)
    lineup = [CarefulPlayer() if p % 2 else RandomPlayer() for p in range(players)]
    fast = new_game(seed=seed, players=players, rules=rules)
    checked = new_game(seed=seed, players=players, rules=rules)
    play_game(fast, lineup, seed=1, checked=False)
    play_game(checked, lineup, seed=1, checked=True)
    assert fast == checked and fast.mayhem_counts() == checked.mayhem_counts()
    assert fast.pyramid == checked.pyramid and fast.scores == checked.scores
    checked.where()


@given(st.integers(0, 10_000), st.integers(2, 4), st.booleans(), st.booleans())
def test_careful_choice_is_its_cheapest_heaviest_candidate(seed, players, curse, cube):
    game = new_game(
        seed=seed, players=players, rules=Rules(curse=curse, fire_cube=cube, turn_cap=60)
    )
    careful = CarefulPlayer()
    rng = np.random.default_rng(seed)
    checked = 0
    while not game.is_over:
        view = game.player_view(game.to_move)
        move = careful.choose(view, rng)
        if game.falling is None:
            _, t, k = careful.best(view)[0]
            assert (move.tile, move.position) == (TILES[t].name, position(k))
            checked += 1
        game.play(move)
    assert checked > 0


@given(st.integers(0, 10_000), st.integers(2, 6), st.booleans())
def test_a_fast_game_saves_and_replays_to_the_same_end(seed, players, cube):
    game = new_game(
        seed=seed, players=players, rules=Rules(fire_cube=cube, curse=not cube, turn_cap=120)
    )
    play_game(game, [CarefulPlayer()] * players, seed=seed, checked=False)
    again = Game.from_dict(json.loads(game.to_json()))
    assert again.is_over and again.pyramid == game.pyramid and again.scores == game.scores
    assert again.winner == game.winner and again.mayhem_counts() == game.mayhem_counts()
