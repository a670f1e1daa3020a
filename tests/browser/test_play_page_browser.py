"""``tilegames play``: a page with just the board (Voilà), played in a real browser."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import expect

from tilegames import tula

from .conftest import REPO, _free_port, _stop, tab_into_board

SEED = 3


def _serve(game: str, seed: int, port: int, log):
    """``tilegames play GAME`` on ``port``, as a teacher starts it (without a browser)."""
    home = Path(tempfile.mkdtemp(prefix="tilegames-play-test-"))
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(home), JUPYTER_CONFIG_DIR=str(home))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    command = [sys.executable, "-m", "tilegames.cli", "play", game, "--seed", str(seed),
               "--port", str(port), "--no-browser"]  # fmt: skip
    server = subprocess.Popen(
        command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    deadline = time.monotonic() + 90
    while True:  # ready when the port answers (a GET / would run the page)
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"tilegames play did not start (exit {server.poll()})")
        time.sleep(0.5)


def test_the_play_page_shows_only_the_board_and_plays(page, tmp_path):
    port = _free_port()
    with open(tmp_path / "play.log", "w") as log:
        server = _serve("tula", SEED, port, log)
        try:
            twin = tula.view(tula.new_game(seed=SEED))  # the same deal here: what it says
            page.goto(f"http://127.0.0.1:{port}/")
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
            expect(page.locator(".tilegames-status")).to_contain_text(
                twin.status_text().split(":")[0]
            )
            # and one by keyboard, where the focus lands
            target = tab_into_board(page)
            assert target == twin.focus_target()
            twin.board.click(target)
            page.keyboard.press("Enter")
            expect(live).to_have_text(twin.board.announcement)
            assert len(twin.game.history) == 2
        finally:
            _stop(server)
    print((tmp_path / "play.log").read_text()[-2000:])
