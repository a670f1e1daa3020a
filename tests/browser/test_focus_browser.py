"""Keyboard focus after moves, in every board: it lands where play continues, never on the page
body, and the focus ring is drawn only around the focused board target (issue 24, items 1–3)."""

from __future__ import annotations

from playwright.sync_api import expect

from tilegames import maze, pyramids, triominos, tula

from .conftest import (
    FOCUSED_TARGET,
    assert_no_clipped_button,
    assert_ring_only_on_board_focus,
    key_to,
    open_and_run,
    tab_into_board,
    wait_for_focus_on,
    write_notebook,
)


def press(page, twin, target: str) -> None:
    """Press Enter on the focused ``target`` (and click it on the twin); wait for the answer."""
    assert page.evaluate(FOCUSED_TARGET) == target
    twin.board.click(target)
    page.keyboard.press("Enter")
    expect(page.locator(".tilegames-live")).to_have_text(twin.board.announcement)


def press_button(page, twin_action, name: str, twin) -> None:
    """Operate a button by keyboard (focus it, Enter) and the same button of the twin."""
    twin_action()
    page.get_by_role("button", name=name, exact=True).first.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".tilegames-live")).to_have_text(twin.board.announcement)


def test_tula_focus_starts_and_stays_on_tiles_in_play(jupyter_lab, lab_root, page):
    seed = 3
    name = write_notebook(
        lab_root,
        "focus_tula.ipynb",
        [f"from tilegames import tula\nboard = tula.view(tula.new_game(seed={seed}))\nboard"],
    )
    twin = tula.view(tula.new_game(seed=seed))
    open_and_run(page, jupyter_lab, name)
    assert_no_clipped_button(page)
    # entering the board lands on a tile that can be played, not on the buried 1A
    first = tab_into_board(page)
    assert first == twin.focus_target() and first != "1A"
    assert_ring_only_on_board_focus(page)
    # the arrows never land on a covered tile
    for start in ("3A", "3B", "3C"):
        for key in ("ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight"):
            key_to(page, start)
            page.keyboard.press(key)
            here = page.evaluate(FOCUSED_TARGET)
            covered = page.locator(f'.tilegames-board [data-target="{here}"]')
            assert covered.get_attribute("data-covered") is None, (start, key, here)
    # move after move, Enter on the focused tile: the focus lands where play continues
    key_to(page, twin.focus_target())
    for _ in range(8):
        target = twin.focus_target()
        if target is None:
            break
        press(page, twin, target)
        after = twin.focus_target()
        if after is None:
            break
        wait_for_focus_on(page, after)
        assert_ring_only_on_board_focus(page)
    assert any(m.kind == "remove" for m in twin.game.history)
    # a button outside the board: no ring is drawn around it, even when the board redraws
    press_button(page, twin.hint, "Hint", twin)
    assert page.evaluate(FOCUSED_TARGET) is None
    assert_ring_only_on_board_focus(page)


def test_flaming_pyramids_keeps_the_focus_through_moves_and_mayhem(jupyter_lab, lab_root, page):
    seed = 4
    name = write_notebook(
        lab_root,
        "focus_pyramids.ipynb",
        [f"from tilegames import pyramids\nboard = pyramids.view(seed={seed})\nboard"],
    )
    twin = pyramids.view(seed=seed)
    open_and_run(page, jupyter_lab, name)
    assert_no_clipped_button(page)
    tab_into_board(page)
    key_to(page, twin.focus_target())
    moves = 0
    for _ in range(40):
        game = twin.game
        if game.is_over or moves >= 3:
            break
        target = twin.focus_target()
        if twin.replaying:  # Enter on the step shown shows the next one; the focus stays
            assert target == "next"
            press(page, twin, "next")
        elif game.falling is not None:
            press(page, twin, "fall:left")
        else:
            move = game.legal_moves()[0]
            hand = f"hand:{list(game.hand(twin.human)).index(move.tile)}"
            key_to(page, hand)
            press(page, twin, hand)
            spot = f"spot:{move.position[0]},{move.position[1]}"
            key_to(page, spot)
            press(page, twin, spot)
            moves += 1
        after = twin.focus_target()
        if after is not None:
            wait_for_focus_on(page, after)  # never on the page body
            assert_ring_only_on_board_focus(page)
    assert moves >= 2
    # Skip (or Next) disables itself: the focus goes to the board, the ring with it
    if not twin.replaying:
        return
    press_button(page, twin.skip, "Skip", twin)
    wait_for_focus_on(page, twin.focus_target())
    assert_ring_only_on_board_focus(page)


def test_tri_ominos_focus_follows_the_turn(jupyter_lab, lab_root, page):
    seed = 5
    name = write_notebook(
        lab_root,
        "focus_triominos.ipynb",
        [f"from tilegames import triominos\nboard = triominos.view(seed={seed}, you=0)\nboard"],
    )
    twin = triominos.view(seed=seed, you=0)
    open_and_run(page, jupyter_lab, name)
    assert_no_clipped_button(page)
    first = tab_into_board(page)
    if twin.game.to_move == 0:
        assert first == twin.focus_target()
    for _ in range(2):
        if twin.game.to_move != 0:  # the reply, by keyboard: the button disables itself
            press_button(page, twin.opponents_play, "Opponents play", twin)
            wait_for_focus_on(page, twin.focus_target())
            assert_ring_only_on_board_focus(page)
        target = twin.focus_target()
        if target == "pool":
            key_to(page, "pool")
            press(page, twin, "pool")
            continue
        key_to(page, target)
        press(page, twin, target)  # select the tile: the focus stays on it
        move = next(
            m
            for m in twin.game.legal_moves()
            if m.kind == "place" and m.tile == twin.game.hand(0)[twin.selected]
        )
        while twin.rotation != move.rotation:
            press(page, twin, target)
        cell = f"cell:{move.cell[0]},{move.cell[1]}"
        key_to(page, cell)
        press(page, twin, cell)
        assert page.evaluate(FOCUSED_TARGET) is not None  # still on the board
        assert_ring_only_on_board_focus(page)


def test_maze_focus_lands_on_a_card_that_can_move(jupyter_lab, lab_root, page):
    seed = 1
    name = write_notebook(
        lab_root,
        "focus_maze.ipynb",
        [f"from tilegames import maze\nboard = maze.view(seed={seed})\nboard"],
    )
    twin = maze.view(seed=seed)
    open_and_run(page, jupyter_lab, name)
    assert_no_clipped_button(page)
    first = tab_into_board(page)
    assert first == twin.focus_target()
    for _ in range(3):
        card = twin.focus_target()
        key_to(page, card)
        press(page, twin, card)
        gap = twin.focus_target()
        key_to(page, gap)
        press(page, twin, gap)
        wait_for_focus_on(page, twin.focus_target())
        assert_ring_only_on_board_focus(page)
    assert len(twin.game.history) == 3
