"""Running a piece of a test where no asyncio loop runs: Playwright's sync API and
``asyncio.run`` both refuse a thread where one does (as one does in pytest's thread once
nbclient has run a notebook in this process).

``away(work)`` runs ``work()`` in a thread of its own and gives back its value (or raises
its exception here); ``in_chromium(work)`` does the same with Debian's headless Chromium
launched there, calling ``work(browser)``.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

CHROMIUM = os.environ.get("TILEGAMES_CHROMIUM", "/usr/bin/chromium")


def away(work: Callable[[], Any], timeout: float = 300) -> Any:
    """``work()`` in a thread of its own; its value, or its exception re-raised here."""
    done: list[Any] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(work())
        except BaseException as error:  # re-raised in the caller's thread
            failed.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=timeout)
    if failed:
        raise failed[0]
    assert done, f"it did not finish within {timeout:g} s"
    return done[0]


def in_chromium(work: Callable[[Any], Any], timeout: float = 300) -> Any:
    """``work(browser)`` with Debian's headless Chromium (Playwright), in a thread of its own."""
    import pytest
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make chromium` installs Debian's chromium")

    def launched() -> Any:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True,
                args=["--no-sandbox", "--disable-gpu", "--no-first-run",
                      "--disable-background-networking", "--disable-component-update"],
            )  # fmt: skip
            try:
                return work(browser)
            finally:
                browser.close()

    return away(launched, timeout)
