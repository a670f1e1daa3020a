"""The Tri-Ominos board in a real browser: select a tile, click a cell, let the computer answer."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import open_and_run, write_notebook


def test_selecting_a_tile_and_clicking_a_cell_places_it(jupyter_lab, lab_root, page):
    name = write_notebook(
        lab_root,
        "triominos_board.ipynb",
        [
            "from tilegames import triominos\n"
            "board = triominos.view(triominos.new_game(seed=6), you=1)\n"
            "board"
        ],
    )
    open_and_run(page, jupyter_lab, name)
    board = page.locator(".tilegames-board")
    log = page.locator(".tilegames-log")

    board.locator('[data-target="cell:0,0"]').click()  # no tile selected yet: refused, explained
    expect(log).to_contain_text("Select a tile of your hand first")

    board.locator('[data-target="hand:8"]').click()  # seat 1 holds 5-5-5, the opening tile
    expect(page.locator(".tilegames-status")).to_contain_text("5-5-5 selected")
    board.locator('[data-target="cell:0,0"]').click()
    expect(log).to_contain_text("You played 5-5-5 @ 0,0 r0: 15 + start 10 = 25 points")
    expect(page.locator(".tilegames-status")).to_contain_text("P0 to play")

    page.get_by_role("button", name="Next move").click()  # the computer opponent answers
    expect(log).to_contain_text("P0 ")
