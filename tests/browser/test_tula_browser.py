"""The Tula board in a real browser: the rules notebook in JupyterLab, Debian's chromium, real clicks."""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import expect

from tilegames import tula

from .conftest import open_and_run

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "01_tula_rules.ipynb"
LIVE_SEED = 7  # the seed of the live board in the notebook


def test_clicking_a_tile_in_the_rules_notebook_plays_it(jupyter_lab, lab_root, page):
    shutil.copy(NOTEBOOK, lab_root / NOTEBOOK.name)  # run-all autosaves: serve a copy
    open_and_run(page, jupyter_lab, NOTEBOOK.name)
    board = page.locator(".tilegames-board")
    expect(board).to_have_count(1)
    tile = board.locator('[data-target="3A"]')
    label = board.locator('[data-target="3A"] > title')
    expect(label).to_have_text("3A: face down")
    status = page.locator(".tilegames-status")
    expect(status).to_contain_text("3 to reveal")

    tile.click()
    # the kernel played the move and redrew: the tile's face, the status and the log change
    face = tula.new_game(seed=LIVE_SEED).deal[tula.POSITIONS.index("3A")]
    expect(label).to_have_text(f"3A: {face}")
    expect(status).to_contain_text("2 to reveal")
    expect(page.locator(".tilegames-log")).to_contain_text(f"Revealed {face} on 3A")

    # 1A's top-left corner shows from under 2A: a click there is refused, with the reason
    board.locator('[data-target="1A"]').click(position={"x": 8, "y": 8})
    expect(page.locator(".tilegames-log")).to_contain_text("Refused: 1A is covered by 2A")

    page.get_by_role("button", name="Undo").click()
    expect(status).to_contain_text("3 to reveal")
    expect(label).to_have_text("3A: face down")


def test_the_seed_box_refuses_3_5_in_words(jupyter_lab, lab_root, page):
    """Issue 36: typing 3.5 showed 35 and dealt seed 3; now what was typed is kept and refused."""
    from .conftest import write_notebook

    name = write_notebook(
        lab_root, "tula_seed.ipynb", ["from tilegames import tula\ntula.view(seed=7)"]
    )
    open_and_run(page, jupyter_lab, name)
    box = page.get_by_role("textbox", name="seed")
    expect(box).to_have_value("7")
    box.fill("3.5")
    page.get_by_role("button", name="Deal this seed").click()
    log = page.locator(".tilegames-log")
    expect(log).to_contain_text("a seed is a whole number from 0 to")
    expect(log).to_contain_text("not 3.5")
    expect(log).not_to_contain_text("New deal")
    expect(box).to_have_value("7")  # the box shows the game's seed again
