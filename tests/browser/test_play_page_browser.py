"""``tilegames play``: a page with just the board (Voilà), played in a real browser."""

from __future__ import annotations

from playwright.sync_api import expect

from tilegames import tula

from .conftest import play_page, tab_into_board

SEED = 3


def test_the_play_page_shows_only_the_board_and_plays(page, tmp_path):
    with play_page("tula", tmp_path / "play.log", "--seed", str(SEED)) as address:
        twin = tula.view(tula.new_game(seed=SEED))  # the same deal here: what it says
        page.goto(address)
        tile = page.locator('.tilegames-board [data-target="3A"]')
        expect(tile).to_be_visible()
        expect(page.get_by_role("heading", name="Tula")).to_be_visible()
        expect(page).to_have_title("Tula")  # the browser tab names the game, capitalised
        assert "from tilegames" not in page.locator("body").inner_text()  # no code
        live = page.locator(".tilegames-live")
        # a move by mouse
        twin.board.click("3A")
        tile.click()
        expect(live).to_have_text(twin.board.announcement)
        expect(page.locator(".tilegames-status")).to_contain_text(twin.status_text().split(":")[0])
        # and one by keyboard, where the focus lands
        target = tab_into_board(page)
        assert target == twin.focus_target()
        twin.board.click(target)
        page.keyboard.press("Enter")
        expect(live).to_have_text(twin.board.announcement)
        assert len(twin.game.history) == 2
    print((tmp_path / "play.log").read_text()[-2000:])
