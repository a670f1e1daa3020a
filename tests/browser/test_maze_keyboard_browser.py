"""The end of a Maze game played with the keyboard only, its announcements checked."""

from __future__ import annotations

from playwright.sync_api import expect

from tilegames import maze
from tilegames.maze.players import solve

from .conftest import (
    FOCUSED_TARGET,
    assert_focus_ring_visible,
    key_to,
    open_and_run,
    play_by_keyboard,
    tab_into_board,
    write_notebook,
)


def test_the_last_moves_of_a_maze_game_by_keyboard(jupyter_lab, lab_root, page):
    game = maze.new_game(seed=1)
    solution = solve(game, max_seconds=30)
    assert solution.solved
    for move in solution.moves[:-2]:
        game.play(move)
    saved = game.to_json()
    name = write_notebook(
        lab_root,
        "maze_keys.ipynb",
        [f"from tilegames import maze\nboard = maze.view(maze.Game.from_json({saved!r}))\nboard"],
    )
    twin = maze.view(maze.Game.from_json(saved))  # the same table here: what it says
    open_and_run(page, jupyter_lab, name)
    first = tab_into_board(page)
    assert first == twin.focus_target()  # a card that can move: where play continues
    assert_focus_ring_visible(page)
    # arrows follow the table: right of slot 0 is slot 1, below it slot 9
    key_to(page, "slot:0")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED_TARGET) == "slot:1"
    page.keyboard.press("ArrowDown")
    assert page.evaluate(FOCUSED_TARGET) == "slot:10"
    card = page.locator('.tilegames-board [data-target="slot:10"]')
    expect(card).to_have_attribute("aria-label", maze.render.slot_label(twin.game, 10))
    # each move: pick the card up, then put it into its gap; every answer is read out
    for move in solution.moves[-2:]:
        source = f"slot:{twin.game.slot_of(move.card)}"
        for target in (source, f"slot:{move.to}"):
            twin.board.click(target)
            play_by_keyboard(page, target, twin.board.announcement)
    assert twin.game.won and "You won" in twin.board.announcement
    expect(page.locator(".tilegames-status")).to_contain_text("48 of 48")
