"""Maze under the shared contract: players, the view, Move values, saved games (issues 10, 11)."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from tilegames import BadNotation, IllegalMove, InvalidPosition
from tilegames.game import MAX_SAVED_MOVES
from tilegames.maze import (
    PLAYERS,
    Card,
    Game,
    Move,
    PlayerView,
    Rules,
    make_player,
    new_game,
    play_game,
)
from tilegames.maze.players import GreedyPlayer, RandomPlayer, SolverPlayer, greedy_move
from tilegames.players import Player


# -- players -----------------------------------------------------------------------------
def test_the_registry_holds_three_players_made_by_name():
    assert list(PLAYERS) == ["random", "greedy", "solver"]
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("greedy"), GreedyPlayer)
    assert make_player("solver", max_nodes=500).max_nodes == 500
    for cls in PLAYERS.values():
        assert issubclass(cls, Player) and cls.description and not cls.clairvoyant
    with pytest.raises(ValueError, match="unknown Maze player 'perfect'"):
        make_player("perfect")
    with pytest.raises(ValueError, match="max_nodes"):
        make_player("solver", max_nodes=0)


def test_the_solver_player_wins_and_the_same_seed_replays_the_same_random_game():
    won = play_game(new_game(seed=1), make_player("solver"))
    assert won.won and won.is_over and Game.from_json(won.to_json()) == won
    first = play_game(new_game(seed=2), make_player("random"), seed=9, max_moves=200)
    second = play_game(new_game(seed=2), make_player("random"), seed=9, max_moves=200)
    assert first == second and len(first.history) == 200


def test_the_greedy_player_picks_the_best_scoring_move_like_greedy_move():
    game = new_game(seed=4)
    player = make_player("greedy")
    for _ in range(15):
        view = game.player_view()
        move = player.choose(view, np.random.default_rng(0))
        assert move == greedy_move(game)
        best = max(view.score_after(m) for m in view.legal_moves)
        assert view.score_after(move) == best
        game.play(move)


def test_the_solver_player_searches_again_when_the_table_is_not_the_one_it_planned_for():
    game = new_game(seed=3)
    player = SolverPlayer(max_nodes=50_000)
    first = player.choose(game.player_view(), np.random.default_rng(0))
    other = game.legal_moves()[-1]
    assert other != first
    game.play(other)  # someone else moved: the plan no longer applies
    move = player.choose(game.player_view(), np.random.default_rng(0))
    assert move in game.legal_moves()
    finished = play_game(game, player)
    assert finished.won


def test_players_refuse_to_choose_in_a_finished_game():
    runs = [
        f"{r}{s}"
        for s in "HCSD"
        for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"]
    ]
    won = Game.from_deal(runs[:30] + [None] * 6 + runs[30:])
    assert won.legal_moves() == [] and won.is_over
    for name in PLAYERS:
        with pytest.raises(ValueError, match="over"):
            make_player(name).choose(won.player_view(), np.random.default_rng(0))


# -- the view ------------------------------------------------------------------------------
def test_the_view_is_a_frozen_value_with_what_a_player_needs():
    game = new_game(seed=5)
    game.play(game.legal_moves()[0])
    view = game.player_view(0)
    assert isinstance(view, PlayerView) and game.player_view() == view
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.score = 48  # type: ignore[misc]
    assert view.slots == game.slots and view.score == game.score and view.moves_played == 1
    assert list(view.legal_moves) == game.legal_moves() and hash(view)
    game.play(game.legal_moves()[0])
    assert view.moves_played == 1  # the view is a snapshot, not a window on the game
    copy = view.as_game()
    assert copy.codes == view.codes and copy.history == []
    with pytest.raises(ValueError, match="solitaire"):
        game.player_view(1)


def test_resample_hidden_is_a_copy_and_invariants_hold():
    game = new_game(seed=6)
    game.play(game.legal_moves()[0])
    twin = game.resample_hidden(0, np.random.default_rng(3))
    assert twin == game and twin is not game and twin.player_view() == game.player_view()
    twin.play(twin.legal_moves()[0])
    assert twin != game
    assert game.invariant_errors() == [] and twin.invariant_errors() == []


def test_invariant_errors_finds_a_corrupted_table():
    game = new_game(seed=6)
    broken = Game(list(game.codes), game.rules)
    codes = list(broken.codes)
    first = next(i for i, c in enumerate(codes) if c >= 0)
    second = next(i for i, c in enumerate(codes) if c >= 0 and i > first)
    codes[second] = codes[first]  # a card twice, another missing
    assert Game(codes, game.rules).invariant_errors()


# -- Move values (issue 11, item 3) ----------------------------------------------------------
@pytest.mark.parametrize(
    "card, to",
    [
        ("AD", 0),
        (None, 0),
        (3, 0),
        (Card.parse("AD"), True),
        (Card.parse("AD"), 1.0),
        (Card.parse("AD"), "3"),
        (Card.parse("AD"), -1),
        (Card.parse("AD"), 54),
        (Card.parse("AD"), 10**50),
    ],
)
def test_a_malformed_move_is_refused_as_it_is_made(card, to):
    with pytest.raises(IllegalMove):
        Move(card, to)


def test_numpy_slot_numbers_are_read_as_plain_ints():
    move = Move(Card.parse("AD"), np.int64(7))
    assert move.to == 7 and type(move.to) is int and Move.parse(str(move)) == move


@pytest.mark.parametrize(
    "text", ["AD -> " + "9" * 4301, "AD -> 1234567", "AD -> 54", "ZZ -> 3", "AD", "x" * 500]
)
def test_bad_notation_is_refused_cleanly(text):
    game = new_game(seed=1)
    before = game.to_json()
    with pytest.raises(BadNotation):
        Move.parse(text)
    with pytest.raises(IllegalMove):
        game.play(text)
    assert game.to_json() == before


def test_every_accepted_move_saves_and_reloads_to_an_equal_move():
    game = new_game(seed=8)
    rng = np.random.default_rng(8)
    for _ in range(60):
        move = game.legal_moves()[int(rng.integers(len(game.legal_moves())))]
        assert Move.parse(str(move)) == move and Move.parse(move.ascii) == move
        assert eval(repr(move), {"Move": Move}) == move
        game.play(move)
    assert Game.from_json(game.to_json()) == game


# -- saved games (issue 11, item 8) ------------------------------------------------------------
def test_a_negative_or_missing_seed_and_missing_rules_fields_are_refused():
    data = new_game(seed=3).to_dict()
    for mutate, field in (
        (lambda d: d["deal"].update(seed=-3), "deal.seed"),
        (lambda d: d["deal"].pop("seed"), "deal.seed"),
        (lambda d: d["deal"]["rules"].pop("ring"), "deal.rules"),
        (lambda d: d["deal"].update(rules={}), "deal.rules"),
    ):
        broken = json.loads(json.dumps(data))
        mutate(broken)
        with pytest.raises(InvalidPosition, match=field):
            Game.from_dict(broken)
    with pytest.raises(ValueError):
        new_game(seed=-1)


def test_rules_presets_round_trip():
    assert Rules.preset("traditional") == Rules.traditional()
    assert Rules.from_dict(Rules.traditional().to_dict()) == Rules.traditional()
    with pytest.raises(ValueError, match="unknown rule set"):
        Rules.preset("spider")


def test_a_save_longer_than_the_limit_is_refused_before_any_replay():
    game = new_game(seed=1)
    move = game.legal_moves()[0]
    data = game.to_dict()
    data["moves"] = [str(move)] * (MAX_SAVED_MOVES + 1)  # would be illegal from move 2 on anyway
    with pytest.raises(InvalidPosition, match=f"at most {MAX_SAVED_MOVES}"):
        Game.from_dict(data)
    assert str(MAX_SAVED_MOVES) in Game.__doc__.replace(",", "")
