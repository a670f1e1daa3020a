"""Real-browser fixtures: a JupyterLab server on 127.0.0.1 and Debian's chromium via Playwright.

Recipe and pitfalls: ../shared/browser-testing.md. Chromium is installed by
``make test`` (``make chromium``); a missing browser is a failure, not a skip.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import nbformat
import psutil
import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("TILEGAMES_CHROMIUM", "/usr/bin/chromium")
TIMEOUT_MS = 60_000


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _write_settings(settings_dir: Path) -> None:
    apputils = settings_dir / "@jupyterlab" / "apputils-extension"
    apputils.mkdir(parents=True, exist_ok=True)
    (apputils / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    tracker = settings_dir / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))


@pytest.fixture(scope="session")
def lab_root():
    """The folder JupyterLab serves; tests write their notebooks here."""
    root = Path(tempfile.mkdtemp(prefix="tilegames-lab-"))
    yield root
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def jupyter_lab(lab_root):
    """A JupyterLab server (no token) on a free loopback port; yields its base URL."""
    port = _free_port()
    home = Path(tempfile.mkdtemp(prefix="tilegames-jupyter-"))
    env = dict(os.environ)
    for name, sub in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_SETTINGS_DIR", "settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
        ("IPYTHONDIR", "ipython"),
    ):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / sub)
    _write_settings(home / "settings")
    # the kernel must run this Python, where tilegames is installed
    subprocess.run(
        [
            sys.executable,
            "-m",
            "ipykernel",
            "install",
            "--prefix",
            str(home / "kernel"),
            "--name",
            "python3",
        ],
        check=True,
        capture_output=True,
        env=env,
    )
    env["JUPYTER_PATH"] = str(home / "kernel" / "share" / "jupyter")
    # the kernel imports this checkout's tilegames (not another one installed in the venv)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
        f"--port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
        "--ServerApp.password=", f"--ServerApp.root_dir={lab_root}",
        "--LabApp.extension_manager=readonly", "--LabApp.expose_app_in_browser=True",
    ]  # fmt: skip
    log = open(home / "server.log", "w")  # noqa: SIM115 - open for the server's lifetime
    server = subprocess.Popen(
        command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(f"{url}/api/status", timeout=2) as response:
                if response.status == 200:
                    break
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            log.close()
            raise RuntimeError(
                "JupyterLab did not start:\n" + (home / "server.log").read_text()[-3000:]
            )
        time.sleep(0.5)
    yield url
    _stop(server)
    log.close()
    shutil.rmtree(home, ignore_errors=True)


def _stop(server: subprocess.Popen) -> None:
    try:
        children = psutil.Process(server.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        children = []
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
    for child in children:  # kernels run in their own session: kill them by pid
        with contextlib.suppress(psutil.NoSuchProcess):
            child.kill()


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium, headless, driven by Playwright (never Playwright's own download)."""
    from playwright.sync_api import expect, sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make chromium` installs Debian's chromium")
    expect.set_options(timeout=TIMEOUT_MS)
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
            ],
        )  # fmt: skip
        yield instance
        instance.close()


@pytest.fixture
def page(browser):
    """A fresh page that can reach only 127.0.0.1."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith(("http://127.0.0.1", "data:", "blob:"))
            else route.abort()
        ),
    )
    tab = context.new_page()
    tab.set_default_timeout(TIMEOUT_MS)
    yield tab
    context.close()


def write_notebook(root: Path, name: str, sources: list[str]) -> str:
    """Write a notebook of code cells into the served folder; return its file name."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(notebook, root / name)
    return name


def open_and_run(page, base_url: str, name: str) -> None:
    """Open a notebook in JupyterLab, wait for its kernel, run all cells, wait until all ran."""
    from playwright.sync_api import expect

    # a workspace of its own, reset: no other test's notebook is restored beside this one
    workspace = Path(name).stem.replace("_", "-")
    page.goto(f"{base_url}/lab/workspaces/{workspace}/tree/{name}?reset")
    status = page.locator("#jp-main-statusbar")
    try:
        expect(status).to_contain_text("Idle", timeout=45_000)
    except AssertionError:  # a rare server race leaves the page "Connecting": reload once
        page.reload()
        expect(status).to_contain_text("Idle")
    page.wait_for_function("() => window.jupyterapp !== undefined")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
            return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""",
        timeout=TIMEOUT_MS,
    )


def open_unrun(page, base_url: str, name: str) -> None:
    """Open a notebook in JupyterLab as a teacher previewing a lesson would: nothing is run."""
    workspace = Path(name).stem.replace("_", "-").replace("/", "-")
    page.goto(f"{base_url}/lab/workspaces/{workspace}/tree/{name}?reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=TIMEOUT_MS)
    page.wait_for_function("() => window.jupyterapp !== undefined")


@contextlib.contextmanager
def play_page(game: str, log_path: Path, *options: str):
    """``tilegames play GAME OPTIONS --no-browser`` on a free port, as a teacher starts it;
    yields the page's address, then stops the server (and its kernel). Its output goes to
    ``log_path``."""
    port = _free_port()
    home = Path(tempfile.mkdtemp(prefix="tilegames-play-test-"))
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(home), JUPYTER_CONFIG_DIR=str(home))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    command = [sys.executable, "-m", "tilegames.cli", "play", game, *options,
               "--port", str(port), "--no-browser"]  # fmt: skip
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            deadline = time.monotonic() + 90
            while True:  # ready when the port answers (a GET / would run the page)
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=1):
                        break
                except OSError:
                    pass
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"tilegames play did not start (exit {server.poll()})")
                time.sleep(0.5)
            yield f"http://127.0.0.1:{port}/"
        finally:
            _stop(server)
            shutil.rmtree(home, ignore_errors=True)


# -- keyboard only ------------------------------------------------------------------------

FOCUSED_TARGET = """() => {
    const el = document.activeElement;
    return el && el.closest && el.closest('.tilegames-board') && el.hasAttribute('data-target')
        ? el.getAttribute('data-target') : null;
}"""


def tab_into_board(page, start_button: str = "Undo") -> str:
    """Focus a control above the board, then press Tab until a board target has the focus."""
    page.get_by_role("button", name=start_button).first.focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        found = page.evaluate(FOCUSED_TARGET)
        if found is not None:
            return found
    raise AssertionError("Tab never reached the board")


def key_to(page, target: str) -> None:
    """Move the focus to ``target`` with keys only: Home, then PageDown through the targets."""
    page.keyboard.press("Home")
    count = page.locator(".tilegames-board [data-target]").count()
    for _ in range(count + 1):
        if page.evaluate(FOCUSED_TARGET) == target:
            return
        page.keyboard.press("PageDown")
    raise AssertionError(f"the keys never reached {target}")


def play_by_keyboard(page, target: str, expected_announcement: str) -> None:
    """Reach ``target`` by keys, press Enter, wait until the live region says what is expected."""
    from playwright.sync_api import expect

    key_to(page, target)
    live = page.locator(".tilegames-live")
    page.keyboard.press("Enter")
    expect(live).to_have_text(expected_announcement)


def assert_focus_ring_visible(page) -> None:
    """The focus ring is drawn around the focused target."""
    box = page.locator(".tilegames-focus-ring").bounding_box()
    assert box is not None and box["width"] > 10 and box["height"] > 10


RING_AROUND_FOCUS = """() => {
    const ring = document.querySelector('.tilegames-focus-ring');
    const shown = ring && getComputedStyle(ring).display !== 'none';
    const el = document.activeElement;
    const onBoard = !!(el && el.closest && el.closest('.tilegames-board') && el.hasAttribute('data-target'));
    if (!shown) return {shown, onBoard, around: false};
    const r = ring.getBoundingClientRect(), t = el.getBoundingClientRect();
    const around = r.left <= t.left && r.top <= t.top && r.right >= t.right && r.bottom >= t.bottom;
    return {shown, onBoard, around};
}"""


def assert_ring_only_on_board_focus(page) -> None:
    """The ring is drawn exactly when a board target has the focus, and then around it."""
    state = page.evaluate(RING_AROUND_FOCUS)
    assert state["shown"] == state["onBoard"], state
    assert not state["shown"] or state["around"], state


def wait_for_focus_on(page, target: str) -> None:
    """Wait until the keyboard focus is on the board target ``target``."""
    try:
        page.wait_for_function(f"() => ({FOCUSED_TARGET})() === {target!r}", timeout=20_000)
    except Exception as error:
        where = page.evaluate(
            "() => { const a = document.activeElement;"
            " return a ? a.tagName + ' ' + (a.getAttribute('data-target') || a.className) : null; }"
        )
        where += " " + str(
            page.evaluate(
                "() => [...document.querySelectorAll('.tilegames-root')].map("
                "r => [r.getAttribute('data-focus'), r.getAttribute('data-focus-serial')])"
            )
        )
        raise AssertionError(f"the focus is on {where}, not on {target}") from error


CLIPPED_BUTTONS = """() => [...document.querySelectorAll('.jp-OutputArea button, .jp-OutputArea .widget-button')]
    .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
    .map(b => b.textContent.trim())"""


def assert_no_clipped_button(page) -> None:
    """Every visible button of the output shows its whole text."""
    clipped = page.evaluate(CLIPPED_BUTTONS)
    assert clipped == [], f"buttons with clipped text: {clipped}"
