"""Two people at one screen (hot seat), Tri-Ominos, keyboard only: the hand hides between turns."""

from __future__ import annotations

from playwright.sync_api import expect

from tilegames import triominos

from .conftest import (
    assert_no_clipped_button,
    open_and_run,
    play_by_keyboard,
    tab_into_board,
    wait_for_focus_on,
    write_notebook,
)


def cover_reveals_nothing(page, twin) -> None:
    """While the screen passes, nothing on it names a tile of any hand or says what a hand
    allows (a hint, whether a seat must draw, how many placements it has)."""
    page.locator(".tilegames-text-button").first.click()  # the text view, shown
    seen = page.locator(".jp-OutputArea-output").first.inner_text()
    seen += page.locator(".tilegames-board svg").first.get_attribute("aria-label")
    seen += " ".join(page.locator(".tilegames-board [aria-label]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    ))  # fmt: skip
    for seat in range(twin.game.players):
        for tile in twin.game.hand(seat):
            assert "-".join(map(str, tile)) not in seen, tile
    for fact in ("placement", "must draw", "you can place", "Hint:"):
        assert fact not in seen, fact
    page.locator(".tilegames-text-button").first.click()  # hidden again


SEED = 5


def test_two_people_pass_the_screen(jupyter_lab, lab_root, page):
    name = write_notebook(
        lab_root,
        "hot_seat.ipynb",
        [
            f"from tilegames import triominos\nboard = triominos.view(seed={SEED}, humans=[0, 1])\nboard"
        ],
    )
    twin = triominos.view(seed=SEED, humans=[0, 1])  # the same screen here: what it says
    open_and_run(page, jupyter_lab, name)
    hands = page.locator('.tilegames-board [data-target^="hand:"]')
    show = page.locator(".tilegames-show-hand button, button.tilegames-show-hand")
    for _turn in range(2):
        seat = twin.game.to_move
        expect(hands).to_have_count(len(twin.game.hand(seat)))
        # a hint for this person (it selects, turns and outlines): then played by keyboard
        twin.hint()
        page.get_by_role("button", name="Hint", exact=True).focus()
        page.keyboard.press("Enter")
        expect(page.locator(".tilegames-live")).to_have_text(twin.board.announcement)
        assert twin.hint_cell is not None
        tab_into_board(page)
        cell = f"cell:{twin.hint_cell[0]},{twin.hint_cell[1]}"
        twin.board.click(cell)
        play_by_keyboard(page, cell, twin.board.announcement)
        # the other person's turn: no hand on the screen until they say it is them
        assert twin.covered and "Pass the screen to P" in twin.board.announcement
        expect(hands).to_have_count(0)
        expect(page.locator(".tilegames-status")).to_contain_text("Pass the screen to P")
        expect(show).to_contain_text(f"I am P{twin.game.to_move}")
        assert_no_clipped_button(page)  # "I am P1: show my hand", all of it
        # the Hint while covered names nothing: it says to pass the screen first
        twin.hint()
        page.get_by_role("button", name="Hint", exact=True).focus()
        page.keyboard.press("Enter")
        expect(page.locator(".tilegames-live")).to_have_text(twin.board.announcement)
        assert "Pass the screen first" in twin.board.announcement
        cover_reveals_nothing(page, twin)
        show.focus()
        page.keyboard.press("Enter")
        twin.uncover()
        wait_for_focus_on(page, twin.focus_target())  # the next person starts on the board
        expect(page.locator(".tilegames-status")).to_contain_text(
            f"Your turn (P{twin.game.to_move})"
        )
