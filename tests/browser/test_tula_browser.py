"""The Tula board in a real browser: JupyterLab, Debian's chromium, a real click."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import open_and_run, write_notebook


def test_clicking_a_tile_in_jupyterlab_reveals_it(jupyter_lab, lab_root, page):
    name = write_notebook(
        lab_root,
        "tula_board.ipynb",
        ["from tilegames import tula\nboard = tula.view(tula.new_game(seed=1))\nboard"],
    )
    open_and_run(page, jupyter_lab, name)
    tile = page.locator('.tilegames-board [data-target="3A"]')
    expect(tile).to_be_visible()
    label = page.locator('.tilegames-board [data-target="3A"] > title')
    expect(label).to_have_text("3A: face down")
    status = page.locator(".tilegames-status")
    expect(status).to_contain_text("3 to reveal")
    tile.click()
    # the kernel played the move and redrew: the status and the log change in the page
    expect(status).to_contain_text("2 to reveal")
    expect(page.locator(".tilegames-log")).to_contain_text("Revealed")
    expect(label).to_have_text("3A: null Arms")  # the board was redrawn with the tile's face

    # 1A's top-left corner shows from under 2A: a click there is refused, with the reason
    page.locator('.tilegames-board [data-target="1A"]').click(position={"x": 8, "y": 8})
    expect(page.locator(".tilegames-log")).to_contain_text("Refused: 1A is covered by 2A")

    page.get_by_role("button", name="Undo").click()
    expect(status).to_contain_text("3 to reveal")
