"""Flaming Pyramids turns played with the keyboard only, against a bot; announcements checked."""

from __future__ import annotations

from html import unescape

from playwright.sync_api import expect

from tilegames import pyramids

from .conftest import (
    assert_focus_ring_visible,
    open_and_run,
    play_by_keyboard,
    tab_into_board,
    write_notebook,
)

SEED = 4


def press_button(page, name: str) -> None:
    """Operate a button by keyboard: focus it, press Enter."""
    page.get_by_role("button", name=name).first.focus()
    page.keyboard.press("Enter")


def test_flaming_pyramids_turns_by_keyboard(jupyter_lab, lab_root, page):
    name = write_notebook(
        lab_root,
        "pyramids_keys.ipynb",
        [f"from tilegames import pyramids\nboard = pyramids.view(seed={SEED})\nboard"],
    )
    twin = pyramids.view(seed=SEED)  # the same game here, same bots: what it says
    open_and_run(page, jupyter_lab, name)
    tab_into_board(page)
    assert_focus_ring_visible(page)
    live = page.locator(".tilegames-live")
    for _turn in range(3):
        if twin.replaying:  # the bots' moves shown step by step: skip to the position now
            twin.skip()
            press_button(page, "Skip")
            expect(live).to_have_text(twin.board.announcement)
            tab_into_board(page)
        game = twin.game
        if game.is_over:
            break
        move = game.legal_moves()[0]
        if move.fall is not None:
            targets = [f"fall:{move.fall}"]
        else:
            hand = f"hand:{list(game.hand(twin.human)).index(move.tile)}"
            targets = [hand, f"spot:{move.position[0]},{move.position[1]}"]
        label = page.locator(f'.tilegames-board [data-target="{targets[0]}"]')
        svg = twin.board.svg.split(f'data-target="{targets[0]}"', 1)[1]
        name_here = unescape(svg.split('aria-label="', 1)[1].split('"', 1)[0])
        expect(label).to_have_attribute("aria-label", name_here)
        assert "hand" in name_here or "land" in name_here
        for target in targets:
            twin.board.click(target)
            play_by_keyboard(page, target, twin.board.announcement)
    assert len(twin.game.history) >= 4
