"""Two people at one screen (hot seat), Tri-Ominos, keyboard only: the hand hides between turns."""

from __future__ import annotations

from playwright.sync_api import expect

from tilegames import triominos
from tilegames.triominos.lattice import rotations

from .conftest import open_and_run, play_by_keyboard, tab_into_board, write_notebook

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
        tab_into_board(page)
        move = next(m for m in twin.game.legal_moves() if m.kind == "place")
        hand = f"hand:{list(twin.game.hand(seat)).index(move.tile)}"
        twin.board.click(hand)
        play_by_keyboard(page, hand, twin.board.announcement)
        for _ in range(rotations(move.tile).index(move.rotation)):
            twin.board.click(hand)
            page.keyboard.press("Enter")
            expect(page.locator(".tilegames-live")).to_have_text(twin.board.announcement)
        cell = f"cell:{move.cell[0]},{move.cell[1]}"
        twin.board.click(cell)
        play_by_keyboard(page, cell, twin.board.announcement)
        # the other person's turn: no hand on the screen until they say it is them
        assert twin.covered and "Pass the screen to P" in twin.board.announcement
        expect(hands).to_have_count(0)
        expect(page.locator(".tilegames-status")).to_contain_text("Pass the screen to P")
        expect(show).to_contain_text(f"I am P{twin.game.to_move}")
        show.focus()
        page.keyboard.press("Enter")
        twin.uncover()
        expect(page.locator(".tilegames-status")).to_contain_text(
            f"Your turn (P{twin.game.to_move})"
        )
