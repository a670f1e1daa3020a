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


PHONE_SIZES = """() => {
    const box = document.querySelector('.tilegames-board');
    const svg = box.querySelector('svg');
    const scale = svg.getBoundingClientRect().width / Number(svg.getAttribute('width'));
    const numbers = [...svg.querySelectorAll('[data-target^="cell:"] text, [data-target^="hand:"] text')]
        .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
    const cells = [...svg.querySelectorAll('[data-target^="cell:"], [data-target^="hand:"]')]
        .map(c => c.getBoundingClientRect()).map(r => Math.min(r.width, r.height));
    const size = (t) => parseFloat(getComputedStyle(t).fontSize) * scale;
    const pool = [...svg.querySelectorAll('[data-target="pool"] text')].map(size);
    const labels = [...svg.querySelectorAll('text')].filter(t => !t.closest('[data-target]')).map(size);
    return {scale, texts: numbers.length, targets: cells.length,
            poolTexts: pool.length, smallestPoolText: Math.min(...pool),
            labels: labels.length, smallestLabel: Math.min(...labels),
            smallestText: Math.min(...numbers), smallestTarget: Math.min(...cells),
            pans: box.scrollWidth > box.clientWidth, scroller: getComputedStyle(box).overflowX,
            boxWidth: box.clientWidth};
}"""


def test_at_phone_width_the_board_pans_and_stays_readable(jupyter_lab, lab_root, page):
    """Issue 36: at 390 px the Tri-Ominos board shrank to 5 px numbers and 22 px targets; now
    it keeps its size (numbers >= 12 px, targets >= 24 px, the pool's words as big as the
    other labels) and pans sideways."""
    name = write_notebook(
        lab_root,
        "triominos_phone.ipynb",
        ["from tilegames import triominos\nboard = triominos.view(seed=5, you=0)\nboard"],
    )
    page.set_viewport_size({"width": 390, "height": 844})
    open_and_run(page, jupyter_lab, name)
    expect(page.locator('.tilegames-board [data-target="pool"]')).to_have_count(1)
    page.locator('.tilegames-board [data-target="hand:0"]').click()  # cells to place on show
    expect(page.locator(".tilegames-status")).to_contain_text("0-1-1")  # redrawn with it
    sizes = page.evaluate(PHONE_SIZES)
    assert sizes["boxWidth"] < 390 and sizes["pans"] and sizes["scroller"] == "auto", sizes
    assert sizes["texts"] >= 3 and sizes["targets"] >= 10, sizes
    assert sizes["smallestText"] >= 11.9 and sizes["smallestTarget"] >= 24, sizes
    # the pool's "click to draw" is as big as the board's other labels (it was 10 px)
    assert sizes["poolTexts"] == 2 and sizes["labels"] >= 2, sizes
    assert sizes["smallestPoolText"] >= max(11.9, sizes["smallestLabel"]), sizes
    # and what lies off to the side is reached by panning: the pool scrolls into view
    pool = page.locator('.tilegames-board [data-target="pool"]')
    pool.scroll_into_view_if_needed()
    expect(pool).to_be_in_viewport()
