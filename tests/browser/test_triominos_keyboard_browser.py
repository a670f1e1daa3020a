"""Tri-Ominos turns played with the keyboard only: select, turn, place, let the computer reply."""

from __future__ import annotations

from playwright.sync_api import expect

from tilegames import triominos
from tilegames.triominos.lattice import rotations

from .conftest import (
    FOCUSED_TARGET,
    assert_focus_ring_visible,
    key_to,
    open_and_run,
    play_by_keyboard,
    tab_into_board,
    write_notebook,
)

SEED = 5


def test_tri_ominos_turns_by_keyboard(jupyter_lab, lab_root, page):
    name = write_notebook(
        lab_root,
        "triominos_keys.ipynb",
        [f"from tilegames import triominos\nboard = triominos.view(seed={SEED}, you=0)\nboard"],
    )
    twin = triominos.view(seed=SEED, you=0)  # the same round here: what it says
    open_and_run(page, jupyter_lab, name)
    tab_into_board(page)
    assert_focus_ring_visible(page)
    live = page.locator(".tilegames-live")
    placed = 0
    while placed < 3:
        game = twin.game
        move = next((m for m in game.legal_moves() if m.kind == "place"), None)
        if move is None:  # nothing fits: draw from the pool, by keyboard too
            twin.board.click("pool")
            play_by_keyboard(page, "pool", twin.board.announcement)
            assert "drew" in twin.board.announcement
            continue
        index = game.hand(0).index(move.tile)
        hand = f"hand:{index}"
        twin.board.click(hand)
        play_by_keyboard(page, hand, twin.board.announcement)
        for _ in range(rotations(move.tile).index(move.rotation)):  # Enter again turns it
            twin.board.click(hand)
            page.keyboard.press("Enter")
            expect(live).to_have_text(twin.board.announcement)
        cell = f"cell:{move.cell[0]},{move.cell[1]}"
        key_to(page, cell)
        label = page.locator(f'.tilegames-board [data-target="{cell}"]').get_attribute("aria-label")
        assert label.startswith("empty cell at row") and "fits" in label
        twin.board.click(cell)
        play_by_keyboard(page, cell, twin.board.announcement)
        assert "You played" in twin.board.announcement
        placed += 1
        # the computer's reply, by keyboard: focus the button and press Enter
        twin.opponents_play()
        page.get_by_role("button", name="Opponents play").focus()
        page.keyboard.press("Enter")
        expect(page.locator(".tilegames-status")).to_contain_text("Your turn")
        expect(live).to_have_text(twin.board.announcement)
        # the board takes the focus back after the reply (its request can come after the words)
        page.wait_for_function(f"({FOCUSED_TARGET})() !== null", timeout=10_000)
        page.get_by_role("button", name="Undo").focus()
        assert page.evaluate(FOCUSED_TARGET) is None
        tab_into_board(page)
    assert len(twin.game.history) >= 6


RING_ON_CELL = """() => {
    const t = document.activeElement, ring = document.querySelector('.tilegames-focus-ring');
    const shape = t.querySelector('polygon'), m = shape.getScreenCTM();
    const cell = [...shape.points].map(p => new DOMPoint(p.x, p.y).matrixTransform(m));
    const drawn = ring.querySelector('polygon');
    if (!drawn) return {shaped: false};
    const d = drawn.getScreenCTM();
    const edge = [...drawn.points].map(p => new DOMPoint(p.x, p.y).matrixTransform(d));
    const apart = Math.max(...cell.map((c, i) => Math.hypot(c.x - edge[i].x, c.y - edge[i].y)));
    const style = getComputedStyle(ring);
    return {shaped: ring.classList.contains('tilegames-ring-shape'), apart,
            square: style.borderTopStyle !== 'none' || style.outlineStyle !== 'none'};
}"""


def test_the_focus_ring_on_a_triangle_follows_the_triangle(jupyter_lab, lab_root, page):
    """Issue 36: a square ring on a triangle covered the neighbouring previews."""
    name = write_notebook(
        lab_root,
        "triominos_ring.ipynb",
        [f"from tilegames import triominos\nboard = triominos.view(seed={SEED}, you=0)\nboard"],
    )
    twin = triominos.view(seed=SEED, you=0)
    open_and_run(page, jupyter_lab, name)
    move = next(m for m in twin.game.legal_moves() if m.kind == "place")
    tab_into_board(page)
    hand = f"hand:{twin.game.hand(0).index(move.tile)}"
    twin.board.click(hand)
    play_by_keyboard(page, hand, twin.board.announcement)  # a tile selected: cells to try
    key_to(page, f"cell:{move.cell[0]},{move.cell[1]}")
    ring = page.evaluate(RING_ON_CELL)
    assert ring["shaped"] and not ring["square"], ring
    assert ring["apart"] < 1.5, ring  # drawn on the cell's own three corners
    key_to(page, "pool")  # the pool is a rectangle: the usual ring around it
    assert_focus_ring_visible(page)
    assert not page.evaluate(
        "() => document.querySelector('.tilegames-focus-ring')"
        ".classList.contains('tilegames-ring-shape')"
    )
