"""The Flaming Pyramids board in a real browser: the rules notebook in JupyterLab, real clicks."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from playwright.sync_api import expect

from .conftest import open_and_run

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "06_flaming_pyramids_rules.ipynb"


def test_clicking_a_tile_then_a_spot_plays_it(jupyter_lab, lab_root, page):
    shutil.copy(NOTEBOOK, lab_root / NOTEBOOK.name)  # run-all autosaves: serve a copy
    open_and_run(page, jupyter_lab, NOTEBOOK.name)
    board = page.locator(".tilegames-board")
    expect(board).to_have_count(1)
    status = page.locator(".tilegames-status")
    expect(status).to_contain_text(re.compile(r"Your turn \(player 0, turn \d+\)"))
    turn = int(re.search(r"Your turn \(player 0, turn (\d+)\)", status.inner_text()).group(1))

    board.locator(
        '[data-target^="spot:"]'
    ).first.click()  # no tile chosen yet: refused, with the reason
    expect(page.locator(".tilegames-log")).to_contain_text("First click a tile of your hand")

    board.locator('[data-target="hand:0"]').click()
    expect(status).to_contain_text("click a highlighted spot")
    board.locator('[data-target^="spot:"]').first.click()
    # the kernel played the move, the bots answered, and the mayhem is shown step by step
    expect(page.locator(".tilegames-pyramids-mayhem")).to_contain_text(
        f"turn {turn}, player 0: placed"
    )
    expect(status).to_contain_text("step 1 of")
    page.get_by_role("button", name="Skip").click()
    expect(status).to_contain_text(f"Your turn (player 0, turn {turn + 3})")  # two bots played

    page.get_by_role("button", name="Undo").click()
    expect(status).to_contain_text(f"Your turn (player 0, turn {turn})")
