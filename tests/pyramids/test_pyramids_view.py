"""The board view and the pictures: clicks simulated from Python."""

from __future__ import annotations

import re

import pytest

from tilegames.pyramids import Game, new_game, render
from tilegames.pyramids.board import PyramidsView, view


def _spot_target(game) -> str:
    r, x = game.spots()[0]
    return f"spot:{r},{x}"


def test_svg_has_hand_spot_and_no_fall_targets():
    game = new_game(seed=3, players=3)
    picture = render.svg(game)
    assert picture.startswith("<svg")
    hands = re.findall(r'data-target="hand:(\d+)"', picture)
    assert hands == [str(i) for i in range(len(game.hand(game.to_move)))]
    spots = re.findall(r'data-target="spot:(-?\d+),(-?\d+)"', picture)
    assert [(int(r), int(x)) for r, x in spots] == game.spots()
    assert "fall:" not in picture


def test_svg_shows_fall_targets_while_a_tile_is_in_the_air():
    game = Game.from_position(
        {(0, 0): "yellow 2", (0, 2): "green 4"}, hands=[["red burner", "red 2"], ["blue 2"]]
    )
    game.play("red burner @ 1,1")
    picture = render.svg(game)
    assert 'data-target="fall:left"' in picture and 'data-target="fall:right"' in picture
    assert "spot:" not in picture and "fp-falling" in picture


def test_event_pictures_mark_the_affected_tiles():
    game = Game.from_position(
        {(0, 0): "yellow 2", (0, 2): "green 4"}, hands=[["red burner", "red 2"], ["blue 2"]]
    )
    game.play("red burner @ 1,1")
    collapse = game.turn_events()[-1]
    assert collapse.kind == "collapse" and set(collapse.marked) == {(0, 0), (0, 2)}
    picture = render.event_svg(game, collapse)
    assert (
        picture.count("fp-marked") == 0
    )  # the supports are gone after the event: nothing left to mark there
    place = game.turn_events()[0]
    assert render.svg(game, board=place.board, marked=[(0, 0), (0, 2)]).count("fp-marked") == 2


def test_materials_look_different():
    straw, wood, stone = (render.tile_svg(n) for n in ("red 2", "red 20", "red 100"))
    assert render.MATERIAL_FILL["straw"] in straw and render.MATERIAL_FILL["wood"] in wood
    assert render.MATERIAL_FILL["stone"] in stone
    assert "<polygon" in render.tile_svg("red burner") and "<circle" in render.tile_svg(
        "green coal"
    )
    assert render.tile_svg("millstone").count("<rect") > render.tile_svg("blue 100").count("<rect")


def test_text_board_lists_rows_top_down():
    game = Game.from_position(
        {(0, 0): "blue 20", (0, 2): "red 40", (1, 1): "blue 60"}, hands=[["red 2"], ["blue 2"]]
    )
    lines = str(game).splitlines()
    assert lines[0] == "row 1 |   [B60 ]" and lines[1] == "row 0 |[B20 ][R40 ]"


def test_view_click_tile_then_spot_plays_and_bots_answer():
    board = view(new_game(seed=3, players=2, first_player=0))
    assert isinstance(board, PyramidsView)
    board.board.click("hand:0")
    assert board.selected == 0 and "click a highlighted spot" in board.status.value
    tile = board.game.hand(0)[0]
    board.board.click(_spot_target(board.game))
    assert str(board.game.history[0]).startswith(tile)
    assert board.game.to_move == 0 or board.game.is_over
    assert len(board.game.history) >= 2


def test_view_refuses_a_spot_before_a_tile():
    board = view(new_game(seed=3, players=2, first_player=0))
    board.board.click(_spot_target(board.game))
    assert board.game.history == []
    assert "First click a tile" in board.log.value


def test_view_shows_mayhem_step_by_step_and_undo_goes_back():
    game = Game.from_position(
        {(0, -2): "blue 6", (0, 0): "yellow 2", (0, 2): "green 4", (0, 4): "red 100"},
        hands=[["red burner", "red 2"], ["blue 2", "blue 4"]],
    )
    board = view(game, bot="random")
    board.board.click("hand:0")
    board.board.click("spot:1,1")
    # the collapse is shown first, then the choice of the fall
    assert game.falling == (1, 1) and board.replaying
    assert [e.kind for e in board.steps] == ["place", "collapse"]
    assert "fall:left" not in board.board.svg
    board.board.click("anything")  # a click on the board during the replay shows the next step
    board.next_button.click()
    assert not board.replaying and 'data-target="fall:left"' in board.board.svg
    board.board.click("fall:left")
    assert board.replaying and "Mayhem, step 1" in board.status.value
    assert "Mayhem log" in board.mayhem_log.value and "collapse" in board.mayhem_log.value
    kinds = [e.kind for e in board.steps]
    assert kinds[:2] == ["fall", "fire"]
    for _ in range(len(board.steps)):
        board.next_button.click()
    assert not board.replaying
    board.undo_button.click()
    assert game.falling == (1, 1) and game.to_move == 0


def test_view_new_deal_with_switches_and_hint():
    board = view(seed=5, players=3)
    board.curse_box.value = True
    board.players_box.value = 4
    board.new_button.click()
    assert board.game.n_players == 4 and board.game.rules.curse
    assert board.game.to_move == 0
    board.hint_button.click()
    assert "Hint" in board.log.value


@pytest.mark.parametrize("seed", [1, 2])
def test_view_plays_a_whole_game_by_clicks(seed):
    board = view(seed=seed, players=2, bot="careful")
    for _ in range(400):
        game = board.game
        if game.is_over:
            break
        if board.replaying:
            board.skip_button.click()
            continue
        if game.falling is not None:
            board.board.click("fall:left")
        else:
            board.board.click("hand:0")
            board.board.click(_spot_target(game))
    assert board.game.is_over or board.game.turns > 100


def test_view_shows_the_bots_opening_moves_when_they_start():
    board = view(new_game(seed=4, players=3, first_player=1))
    assert board.game.to_move == 0 and board.game.turns == 2
    assert [e.player for e in board.steps if e.kind == "place"] == [1, 2]
    board.skip_button.click()
    assert not board.replaying and "hand:0" in board.board.svg
