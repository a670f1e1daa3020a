"""The Maze table in a real browser: pick up a card, drop it in a gap, see the kernel's answer."""

from __future__ import annotations

from playwright.sync_api import expect

from tilegames import maze

from .conftest import open_and_run, write_notebook


def test_clicking_a_card_then_a_gap_moves_it(jupyter_lab, lab_root, page):
    name = write_notebook(
        lab_root,
        "maze_board.ipynb",
        ["from tilegames import maze\nboard = maze.view(maze.new_game(seed=1))\nboard"],
    )
    game = maze.new_game(seed=1)
    move = game.legal_moves()[0]
    source = game.slot_of(move.card)
    open_and_run(page, jupyter_lab, name)
    board = page.locator(".tilegames-board")
    status = page.locator(".tilegames-status")
    expect(status).to_contain_text(f"score {game.score} of 48")

    board.locator(f'[data-target="slot:{source}"]').click()
    expect(page.locator(".tilegames-log")).to_contain_text(f"Picked up {move.card}")
    board.locator(f'[data-target="slot:{move.to}"]').click()
    game.play(move)
    expect(page.locator(".tilegames-log")).to_contain_text(f"Moved {move.card} into slot {move.to}")
    expect(status).to_contain_text(f"score {game.score} of 48")
    expect(page.get_by_role("button", name="Undo")).to_be_enabled()
