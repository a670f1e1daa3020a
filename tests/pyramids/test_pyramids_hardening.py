"""Regression tests for the Flaming Pyramids bugs of issues 10 and 11, one (or more) per bug."""

from __future__ import annotations

import copy
import dataclasses
import json
import math

import numpy as np
import pytest

from tilegames.errors import BadNotation, IllegalMove, InvalidPosition
from tilegames.game import GameState
from tilegames.pyramids import Game, Move, PlayerView, make_player, new_game, play_game
from tilegames.pyramids.tiles import TILES


def played(seed: int = 3, moves: int = 12) -> Game:
    game = new_game(seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        game.play(legal[int(rng.integers(len(legal)))])
    return game


# -- moves validate on construction ------------------------------------------------------
@pytest.mark.parametrize("fall", ["LEFT", "up", "", True, 1, "left "])
def test_a_fall_must_be_left_or_right_exactly(fall):
    with pytest.raises(BadNotation):
        Move(fall=fall)


@pytest.mark.parametrize(
    "tile, where",
    [
        ("yellow 2", None),
        ("yellow 2", (False, -2)),
        ("yellow 2", (1.0, 3)),
        ("yellow 2", [1, 3]),
        ("yellow 2", (1,)),
        ("yellow 2", (1, 10**50)),
        ("Y2", (0, 0)),
        ("Yellow 2", (0, 0)),
        ("purple 2", (0, 0)),
        (None, (0, 0)),
        (7, (0, 0)),
    ],
)
def test_a_placement_needs_a_tile_name_and_two_whole_numbers(tile, where):
    with pytest.raises(IllegalMove):
        Move(tile, where)


def test_accepted_moves_save_and_reload_equal():
    for move in played(4, 20).legal_moves() + [Move(fall="left"), Move("blue 120", (3, -5))]:
        assert Move.parse(str(move)) == move
    assert Move.parse("Yellow 20 @ 1, 3") == Move("yellow 20", (1, 3))
    with pytest.raises(BadNotation):
        Move.parse("yellow 20 @ 1," + "9" * 5000)


def test_a_refused_hostile_move_leaves_the_game_alone():
    game = played(5, 6)
    before = game.to_json(), game._snapshot()
    for bogus in ("yellow 2", 12345, None, ("yellow 2", (0, 0))):
        with pytest.raises(IllegalMove):
            game.play(bogus)
    assert (game.to_json(), game._snapshot()) == before


# -- saved games ---------------------------------------------------------------------------
def test_the_saved_deal_is_a_fresh_copy_and_loading_keeps_nothing_of_the_callers():
    game = played(6, 8)
    reference = game.to_json()
    saved = game.to_dict()
    saved["deal"]["piles"][0].clear()
    saved["deal"]["rules"]["curse"] = True
    assert game.to_json() == reference
    data = json.loads(reference)
    loaded = Game.from_dict(data)
    data["deal"]["piles"][1].append("yellow 2")
    data["deal"]["leftovers"].clear()
    assert loaded.to_json() == reference


@pytest.mark.parametrize("extra", [{"colour": "red"}, {"unknown": math.nan}])
def test_unknown_deal_fields_are_refused(extra):
    data = played(7, 4).to_dict()
    data["deal"].update(extra)
    with pytest.raises(InvalidPosition, match="unknown field"):
        Game.from_dict(data)


def test_a_missing_deal_field_is_refused():
    data = played(7, 4).to_dict()
    del data["deal"]["hands"]
    with pytest.raises(InvalidPosition, match="missing"):
        Game.from_dict(data)


def test_the_seed_survives_saving():
    game = new_game(21)
    assert game.seed == 21
    assert Game.from_dict(json.loads(game.to_json())).seed == 21
    assert Game.from_dict(new_game(np.random.default_rng(2)).to_dict()).seed is None
    data = game.to_dict()
    data["deal"]["seed"] = -3
    with pytest.raises(InvalidPosition):
        Game.from_dict(data)


def test_equality_holds_after_undo_and_redo():
    game = played(8, 30)
    for _ in range(10):
        game.undo()
    for _ in range(6):
        game.redo()
    again = Game.from_dict(game.to_dict())
    assert game == again and game.log == again.log
    assert game.pyramid == again.pyramid and list(game.pyramid) == list(again.pyramid)


def test_undo_records_do_not_copy_the_log():
    game = played(9, 60)
    assert len(game.log) > 60
    for record in game._undo_stack:
        assert not any(isinstance(part, tuple) and len(part) > 45 for part in record)
    sizes = [len(repr(record)) for record in game._undo_stack]
    assert max(sizes) < 2000  # one position each, not the whole log so far


def test_the_event_board_does_not_depend_on_how_the_board_was_filled():
    game = played(10, 40)
    for event in game.log:
        assert list(event.board) == sorted(event.board)


def test_from_position_refuses_with_invalid_position():
    with pytest.raises(InvalidPosition):
        Game.from_position({(0, 0): "purple 7"}, hands=[["red 2"], ["blue 2"]])
    with pytest.raises(InvalidPosition):
        Game.from_position({(0, 0): "red 4"}, hands=[["unicorn"], ["blue 2"]])
    names = [t.name for t in TILES]
    with pytest.raises(InvalidPosition):
        Game.from_deal([names[0:22], names[22:44]], leftovers=None)


# -- the view, players and the contract's new members --------------------------------------
def test_the_view_is_a_value_without_the_game():
    game = played(11, 9)
    view = game.player_view(game.to_move)
    assert isinstance(view, PlayerView) and dataclasses.is_dataclass(view)
    hash(view)
    assert dataclasses.replace(view) == view  # made field by field, the same value
    assert hash(dataclasses.replace(view)) == hash(view)
    for field in dataclasses.fields(view):
        assert not isinstance(getattr(view, field.name), GameState)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand_ids = ()
    with pytest.raises(TypeError):
        view.board.clear()
    with pytest.raises(TypeError):
        view.board[0] = 1
    assert copy.deepcopy(view) == view and dict(view.board) == game.board


def test_players_never_change_the_real_game():
    for name in ("random", "careful", "spiteful", "expert"):
        game = played(12, 15)
        before = game.to_json(), game._snapshot()
        view = game.player_view(game.to_move)
        make_player(name).choose(view, np.random.default_rng(0))
        assert (game.to_json(), game._snapshot()) == before, name


def test_resample_hidden_deals_the_unseen_tiles_again():
    game = played(13, 11)
    seat = game.to_move
    twin = game.resample_hidden(seat, np.random.default_rng(1))
    assert twin.player_view(seat) == game.player_view(seat)
    assert twin.invariant_errors() == []
    others = [p for p in range(game.n_players)]
    assert any(twin.pile(p) != game.pile(p) for p in others)
    assert Game.from_json(twin.to_json()) == twin
    assert game.hand(seat) == twin.hand(seat) and game.pyramid == twin.pyramid


def test_invariant_errors_find_a_lost_or_doubled_tile():
    game = played(14, 10)
    assert game.invariant_errors() == []
    game._piles[0].append(game._hands[1][0])
    errors = game.invariant_errors()
    assert errors and "2 places" in errors[0]
    game = played(14, 10)
    game._removed.pop() if game._removed else game._piles[0].pop()
    assert any("0 places" in e for e in game.invariant_errors())


def test_the_shared_play_game_returns_the_game_and_the_fast_path_counts_mayhem():
    game = play_game(new_game(15), [make_player("careful")] * 2, seed=1, checked=False)
    checked = play_game(new_game(15), [make_player("careful")] * 2, seed=1)
    assert game.is_over and game == checked
    assert game.mayhem_counts() == checked.mayhem_counts()
    assert game.log == [] and checked.log


# -- the board view's clicks ----------------------------------------------------------------
@pytest.mark.parametrize("target", ["hand:abc", "hand:", "hand:99", "cell:1", "fall:up", 42, None])
def test_a_bogus_click_is_said_and_changes_nothing(target):
    pytest.importorskip("ipywidgets")
    from tilegames.pyramids.board import view

    board = view(new_game(16), bot="careful")
    before = board.game.to_json()
    board.board.click(target)
    assert board.game.to_json() == before
    assert "not something you can click" in board.log.value
    board.board.click("hand:0")  # the board still works afterwards
    assert board.selected == 0


@pytest.mark.parametrize("players", [2, 3])
def test_the_expert_plays_from_every_seat(players):
    for seat in range(players):
        lineup = [make_player("random") for _ in range(players)]
        lineup[seat] = make_player("expert")
        game = play_game(new_game(seat + 20, players=players), lineup, seed=seat)
        assert game.is_over and game.invariant_errors() == []
        assert Game.from_json(game.to_json()) == game
