"""A whole short Tula game played with the keyboard only, its announcements checked."""

from __future__ import annotations

from playwright.sync_api import expect

from tilegames import tula

from .conftest import (
    FOCUSED_TARGET,
    assert_focus_ring_visible,
    key_to,
    open_and_run,
    play_by_keyboard,
    tab_into_board,
    write_notebook,
)

SEED = 3  # lost after 8 moves when the first removal is always taken
MOVES = ["3A", "3A", "2A", "2A", "1A", "2D", "3B", "3C"]


def test_a_short_tula_game_by_keyboard(jupyter_lab, lab_root, page):
    name = write_notebook(
        lab_root,
        "tula_keys.ipynb",
        [f"from tilegames import tula\nboard = tula.view(tula.new_game(seed={SEED}))\nboard"],
    )
    twin = tula.view(tula.new_game(seed=SEED))  # the same board in this process: what it says
    open_and_run(page, jupyter_lab, name)
    first = tab_into_board(page)
    assert first in tula.POSITIONS
    assert_focus_ring_visible(page)
    tile = page.locator(f'.tilegames-board [data-target="{first}"]')
    expect(tile).to_have_attribute("role", "button")
    expect(tile).to_have_attribute("aria-label", tula.render.target_label(twin.game, first))
    # arrows move between tiles by where they lie: right of 3A is 3B; down leaves the row
    key_to(page, "3A")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED_TARGET) == "3B"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowDown")
    assert page.evaluate(FOCUSED_TARGET) in ("2D", "3C")
    for target in MOVES:
        twin.board.click(target)
        play_by_keyboard(page, target, twin.board.announcement)
    assert twin.game.is_over and "Lost" in twin.board.announcement
    expect(page.locator(".tilegames-status")).to_contain_text("lost")
    # the text view shows the position as text
    assert page.evaluate(FOCUSED_TARGET) is not None
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator(".tilegames-text")).to_have_text(twin.text_view())
