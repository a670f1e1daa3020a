"""The course on a real JupyterHub: the teacher's guide followed through the hub, as a school runs it.

``tests/test_school.py`` runs the guide's ``console`` blocks with ``runuser``; here the students
work only through the hub. The hub is the guide's (*Running the course on JupyterHub*: its
``shell`` block's ``hub#`` lines and its ``jupyterhub_config.py``), with what a test adds: ports on
127.0.0.1 that are free, JupyterHub's ``DummyAuthenticator`` (the test accounts have no
password), and a service holding an admin token. Then, in the guide's order:

- the administrator's and the teacher's blocks run as in ``test_school.py`` (the teacher's as in a
  terminal on the hub); after the administrator's first block the hub is installed and started,
  and each student's server is started through the hub's REST API;
- the students act only through the hub's proxy, each with a token of their own: ``fetch``,
  ``submit`` and ``fetch_feedback`` are nbgrader's *Assignments* endpoints, their answers are
  written with the Contents API, any other line (the class experiment's ``share``) runs in a
  kernel of their own server; one student logs in with Chromium and reaches JupyterLab.

The marks, the feedback and the class store are checked as ``test_school.py`` checks them. The
hub, the proxy and every server are stopped and every account removed, even on failure. Root
only (the hub starts servers as other users); skipped with the reason otherwise.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import http.cookiejar
import importlib.util
import json
import os
import re
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

import nbformat
import pytest
from headless import CHROMIUM, away, in_chromium
from test_school import (
    ASSIGNMENT,
    GUIDE,
    ROOT,
    STUDENTS,
    TEACHER,
    School,
    _points,
    answer,
    guide_blocks,
    open_school,
)

pytestmark = [pytest.mark.installed, pytest.mark.school]

COURSE_ID = "prob101"
HUB_CONFIG = "# /srv/jupyterhub/jupyterhub_config.py"
LMS_CONFIG = "# the LMS login, added to /srv/jupyterhub/jupyterhub_config.py"
LAUNCH = ROOT / "tests" / "data" / "lti13_launch.json"  # a Moodle launch, decoded
SERVICE = "tilegames-test"
WIDGET = "application/vnd.jupyter.widget-view+json"
PROXY = ROOT / ".node" / "node_modules" / ".bin" / "configurable-http-proxy"  # make install


def hub_section(text: str) -> tuple[list[str], str]:
    """The guide's hub: the ``hub#`` lines of its ``shell`` blocks, and its hub configuration.

    >>> hub_section("```shell\\nhub# ls\\n```\\n```python\\n" + HUB_CONFIG + "\\nc.X = 1\\n```\\n")
    (['ls'], '# /srv/jupyterhub/jupyterhub_config.py\\nc.X = 1\\n')
    """
    lines = [
        line.strip().removeprefix("hub# ")
        for fence in re.findall(r"```shell\n(.*?)```", text, re.S)
        for line in fence.splitlines()
        if line.strip().startswith("hub# ")
    ]
    configs = [
        c for c in re.findall(r"```python\n(.*?)```", text, re.S) if c.startswith(HUB_CONFIG)
    ]
    assert len(configs) == 1, "the guide shows one jupyterhub_config.py"
    return lines, configs[0]


def lms_login(text: str) -> str:
    """The guide's configuration of the LMS login (``jupyterhub-ltiauthenticator``).

    >>> lms_login("```python\\n" + LMS_CONFIG + "\\nc.Y = 2\\n```\\n")
    '# the LMS login, added to /srv/jupyterhub/jupyterhub_config.py\\nc.Y = 2\\n'
    """
    configs = [
        c for c in re.findall(r"```python\n(.*?)```", text, re.S) if c.startswith(LMS_CONFIG)
    ]
    assert len(configs) == 1, "the guide shows one LMS login configuration"
    return configs[0]


# The LMS's launch, stood in for by the login form (no LMS here): the guide's LTI13Authenticator,
# with the guide's username_key, turns a Moodle launch naming the account into the user and the
# auth_state it keeps on a school's hub; the launch's sub is "lms-" and the account's name.
LMS_LAUNCH = """
import json as _json
from jupyterhub.auth import DummyAuthenticator as _Dummy
from ltiauthenticator.lti13.auth import LTI13Authenticator as _Lti13


class LmsLaunch(_Dummy):
    async def authenticate(self, handler, data):
        name = await super().authenticate(handler, data)
        if not name:
            return None
        with open({launch!r}) as launch:
            claims = _json.load(launch)
        claims["sub"] = "lms-" + name
        claims["https://purl.imsglobal.org/spec/lti/claim/custom"]["username"] = name
        return await _Lti13(parent=self).authenticate(handler, claims)


c.JupyterHub.authenticator_class = LmsLaunch
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


class Hub:
    """A JupyterHub started from the guide's configuration, and its REST API."""

    def __init__(self, school: School, proxy: str):
        self.school = school
        self.folder = school.root / "srv" / "jupyterhub"
        self.url = f"http://127.0.0.1:{_free_port()}"
        self.admin = secrets.token_hex(32)
        self.proxy = proxy
        self.process: subprocess.Popen | None = None
        self.tokens: dict[str, str] = {}

    def localise(self, line: str) -> str:
        line = line.replace("/srv/jupyterhub", str(self.folder))
        return self.school.localise(line)

    def configure(self, config: str, lms: str = "") -> Path:
        ports = [_free_port() for _ in range(2)]
        folder = self.folder
        extra = f"""
# -- the test's: free ports on 127.0.0.1, accounts without passwords, an admin service
c.JupyterHub.bind_url = {self.url!r}
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{ports[0]}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{ports[1]}"
c.ConfigurableHTTPProxy.command = [{self.proxy!r}]
c.ConfigurableHTTPProxy.pid_file = {str(folder / "proxy.pid")!r}
c.JupyterHub.pid_file = {str(folder / "hub.pid")!r}
c.JupyterHub.db_url = "sqlite:///{folder / "jupyterhub.sqlite"}"
c.JupyterHub.cookie_secret_file = {str(folder / "cookie_secret")!r}
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.services = [{{"name": {SERVICE!r}, "api_token": {self.admin!r}}}]
c.JupyterHub.load_roles.append({{"name": "admin", "services": [{SERVICE!r}]}})
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
"""
        guide = self.localise(config)
        if lms:  # the guide's LMS login (before the test's lines), its launches by the login form
            guide += "\n" + self.localise(lms)
            extra += LMS_LAUNCH.format(launch=str(LAUNCH))
        path = folder / "jupyterhub_config.py"
        path.write_text(guide + extra)
        path.chmod(0o600)
        return path

    def start(self, config: Path) -> None:
        log = (self.folder / "hub.log").open("wb")
        python = self.school.root / "opt" / "tilegames" / "bin"
        key = self.folder / "crypt_key"  # the guide's, for the LMS login's auth_state
        crypt = {"JUPYTERHUB_CRYPT_KEY": key.read_text().strip()} if key.exists() else {}
        self.process = subprocess.Popen(
            [python / "jupyterhub", "-f", config],
            cwd=self.folder, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            env={"PATH": f"{python}:/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
                 "HOME": str(self.folder), **crypt},
        )  # fmt: skip
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log()
            try:
                if self.api("GET", "/hub/api/")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise AssertionError(f"the hub did not answer in 90 s\n{self.log()}")

    def log(self, tail: int | None = 6000) -> str:
        path = self.folder / "hub.log"
        text = path.read_text(errors="replace") if path.exists() else ""
        return text[-tail:] if tail else text

    def stop(self) -> None:
        """The hub stops its servers and its proxy; whatever is left is killed."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        pid_file = self.folder / "proxy.pid"  # the hub stops it; if it could not, it goes now
        if pid_file.exists():
            pid = int(pid_file.read_text().strip() or 0)
            with contextlib.suppress(ProcessLookupError):
                if pid and _alive(pid):
                    os.kill(pid, signal.SIGKILL)

    def api(self, method: str, path: str, body=None, token: str | None = None, form=False):
        """(status, decoded JSON or text) of one request through the hub's proxy."""
        data, headers = None, {"Authorization": f"token {token or self.admin}"}
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.url + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        try:
            return status, json.loads(raw) if raw else None
        except ValueError:
            return status, raw.decode(errors="replace")

    def login(self, user: str) -> None:
        """``user`` logs in on the hub's login form (the LMS's launch, in this test)."""

        class Stay(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None  # the redirect after the login is the answer

        opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), Stay
        )
        with opener.open(self.url + "/hub/login", timeout=60) as page:
            xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.read().decode())
        assert xsrf, "no _xsrf in the hub's login form"
        form = {"username": user, "password": "any", "_xsrf": xsrf.group(1)}
        try:
            opener.open(self.url + "/hub/login", urllib.parse.urlencode(form).encode(), 60)
        except urllib.error.HTTPError as answer:
            assert answer.code == 302, (answer.code, self.log())
            assert "/hub/login" not in answer.headers["Location"], self.log()
            return
        raise AssertionError(f"{user}'s login was not accepted\n{self.log()}")

    def spawn(self, user: str) -> None:
        status, _ = self.api("POST", "/hub/api/users", {"usernames": [user]})
        assert status in (201, 409), (user, status)
        status, reply = self.api(
            "POST", f"/hub/api/users/{user}/tokens", {"note": "test", "expires_in": 1800}
        )
        assert status in (200, 201), (status, reply)
        self.tokens[user] = reply["token"]
        status, reply = self.api("POST", f"/hub/api/users/{user}/server")
        assert status in (201, 202), (user, status, reply, self.log())

    def wait_ready(self, user: str, seconds: float = 150) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            _, model = self.api("GET", f"/hub/api/users/{user}")
            server = (model.get("servers") or {}).get("", {})
            if server.get("ready"):
                return
            assert server or model.get("pending"), (user, model, self.log())
            time.sleep(0.5)
        raise AssertionError(f"{user}'s server was not ready in {seconds:.0f} s\n{self.log()}")

    def as_user(self, user: str, method: str, path: str, body=None):
        """A request to ``user``'s own server, with ``user``'s token."""
        return self.api(method, f"/user/{user}/{path}", body, token=self.tokens[user])

    def run_in_kernel(self, user: str, code: str) -> str:
        """Run ``code`` in a new kernel of ``user``'s own server (as a notebook cell): its output."""
        status, kernel = self.as_user(user, "POST", "api/kernels", {"name": "python3"})
        assert status == 201, (status, kernel)
        try:
            return self.execute(user, kernel["id"], code)
        finally:
            self.as_user(user, "DELETE", f"api/kernels/{kernel['id']}")

    def run_notebook(self, user: str, path: str) -> str:
        """``user`` opens the notebook ``path`` of their server as JupyterLab does (a session:
        its kernel starts in the notebook's folder) and runs all its cells: what they printed
        and showed."""
        status, model = self.as_user(user, "GET", f"api/contents/{path}?content=1")
        assert status == 200, (status, model)
        notebook = nbformat.from_dict(model["content"])
        session = {"path": path, "type": "notebook", "name": Path(path).name,
                   "kernel": {"name": "python3"}}  # fmt: skip
        status, session = self.as_user(user, "POST", "api/sessions", session)
        assert status == 201, (status, session)
        try:
            return "".join(
                self.execute(user, session["kernel"]["id"], cell.source)
                for cell in notebook.cells
                if cell.cell_type == "code"
            )
        finally:
            self.as_user(user, "DELETE", f"api/sessions/{session['id']}")

    def execute(self, user: str, kernel: str, code: str) -> str:
        """Run ``code`` in the kernel ``kernel`` of ``user``'s server: its output."""
        # in a thread of its own: pytest's may hold a loop once nbclient has run here
        return away(lambda: asyncio.run(self._execute(user, kernel, code)))

    async def _execute(self, user: str, kernel: str, code: str) -> str:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        url = self.url.replace("http", "ws") + f"/user/{user}/api/kernels/{kernel}/channels"
        request = HTTPRequest(url, headers={"Authorization": f"token {self.tokens[user]}"})
        socket_ = await websocket_connect(request)
        msg_id = uuid.uuid4().hex
        socket_.write_message(json.dumps({
            "header": {"msg_id": msg_id, "username": user, "session": uuid.uuid4().hex,
                       "msg_type": "execute_request", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": False,
                        "user_expressions": {}, "allow_stdin": False, "stop_on_error": True},
        }))  # fmt: skip
        output: list[str] = []
        reply, idle = None, False  # the reply (shell) and idle (iopub) come in either order
        while True:
            raw = await asyncio.wait_for(socket_.read_message(), 900)
            assert raw is not None, "the kernel's websocket closed"
            message = json.loads(raw)
            if message.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = message["msg_type"]
            if kind == "stream":
                output.append(message["content"]["text"])
            elif kind in ("display_data", "execute_result"):  # a widget, or an object's text
                data = message["content"]["data"]
                shown = "[a widget]" if WIDGET in data else data.get("text/plain", "")
                output.append(shown + "\n")
            elif kind == "error":
                output.append("\n".join(message["content"]["traceback"]))
            elif kind == "execute_reply":
                reply = message["content"]["status"]
            elif kind == "status" and message["content"]["execution_state"] == "idle":
                idle = True
            if reply and idle:
                break
        socket_.close()
        assert reply == "ok", "".join(output)
        return "".join(output)


@pytest.fixture(scope="module")
def school(request):
    if not (GUIDE.is_file() and (ROOT / "Makefile").is_file()):
        pytest.skip("reads the checkout's guide and builds its wheels: run in the checkout")
    proxy = str(PROXY) if PROXY.exists() else shutil.which("configurable-http-proxy")
    if proxy is None:
        pytest.skip(
            "no configurable-http-proxy (npm): `make proxy` (part of `make test`) installs it"
        )
    with open_school(request) as made:
        made.proxy = proxy
        yield made


@pytest.fixture
def hub(school):
    """The hub (started by the test from the guide's configuration): stopped at the end, with its
    proxy and servers, whatever happened (the accounts' processes are then killed too)."""
    made = Hub(school, school.proxy)
    try:
        yield made
    finally:
        made.stop()


def browser_login(hub: Hub, user: str) -> str:
    """``user`` logs in on the hub's login page in Debian's headless Chromium (Playwright) and
    reaches JupyterLab in their own server: the page's address then."""

    def login(browser) -> str:
        page = browser.new_page()
        page.route(  # the hub on 127.0.0.1 only
            "**/*",
            lambda route: (
                route.continue_()
                if route.request.url.startswith(("http://127.0.0.1", "data:", "blob:"))
                else route.abort()
            ),
        )
        page.goto(hub.url + "/hub/login", timeout=60_000)
        page.fill("#username_input", user)
        page.fill("#password_input", "any")  # DummyAuthenticator: the test's only
        page.click("#login_submit")
        page.wait_for_url(f"**/user/{user}/lab**", timeout=120_000)
        page.wait_for_selector(".jp-LabShell", timeout=120_000)
        page.wait_for_selector(".jp-DirListing-content", timeout=120_000)
        return page.url

    return in_chromium(login)


NBGRADER = re.compile(r"nbgrader (fetch_assignment|submit|fetch_feedback) (\S+) --course (\S+)$")


def _student_block(hub: Hub, user: str, commands: list[str], kind: str, course: Path) -> str:
    """One student block, done through the student's own server."""
    said = []
    actions = [NBGRADER.match(command) for command in commands]
    if all(actions):
        for action in actions:
            verb, assignment, course_id = action.groups()
            verb = "fetch" if verb == "fetch_assignment" else verb
            status, reply = hub.as_user(
                user, "POST", f"assignments/{verb}",
                {"assignment_id": assignment, "course_id": course_id},
            )  # fmt: skip
            assert status == 200 and reply["success"], (user, verb, status, reply)
            said.append(json.dumps(reply))
            if verb == "fetch":  # the student works in JupyterLab: the Contents API
                path = f"api/contents/{course_id}/{assignment}/{assignment}.ipynb"
                status, model = hub.as_user(user, "GET", path + "?content=1")
                assert status == 200, (status, model)
                notebook = nbformat.from_dict(model["content"])
                answer(notebook, kind, course)
                status, _ = hub.as_user(
                    user, "PUT", path, {"type": "notebook", "format": "json", "content": notebook}
                )
                assert status == 200, status
        return "\n".join(said)
    # any other line, as the student runs it from their server (a cell's shell escape)
    return in_terminal(hub, user, commands)


def in_terminal(hub: Hub, user: str, commands: list[str]) -> str:
    """A guide block as ``user`` types it in a terminal of their own server: run by bash from a
    kernel of that server (what its terminal runs, with the server's environment); its output."""
    pip = "".join(f"export {name}={value}\n" for name, value in hub.school.pip.items())
    script = "set -eo pipefail\ncd ~\n" + pip + "\n".join(hub.localise(c) for c in commands)
    code = (
        "import subprocess\n"
        f"done = subprocess.run(['bash', '-c', {script!r}], capture_output=True, text=True)\n"
        "print(done.stdout + done.stderr)\n"
        "assert done.returncode == 0, done.returncode\n"
    )
    start = time.monotonic()
    try:
        output = hub.run_in_kernel(user, code)
    except AssertionError as error:
        hub.school.log.append(f"--- {user} in their server: {commands}\n{str(error)[-3000:]}")
        raise
    took = time.monotonic() - start
    hub.school.log.append(
        f"--- {user} in their server ({took:.0f} s): {commands}\n{output[-3000:]}"
    )
    return output


def lms_ids_from_the_hub(hub: Hub) -> str:
    """Two students launch the hub from the LMS (the login form, here), the third has not yet;
    the teacher runs ``lms-ids`` with a student's token (refused: no ``admin:auth_state``), then
    with a token of their own (the guide's ``lms-ids`` role): what both runs said."""
    for user in ("tgada", "tgbob"):
        hub.login(user)
    status, reply = hub.api("POST", f"/hub/api/users/{TEACHER}/tokens", {"note": "lms-ids"})
    assert status in (200, 201), (status, reply)
    home = hub.school.home(TEACHER)
    for name, token in (("student-token", hub.tokens["tgada"]), ("hub-token", reply["token"])):
        (home / name).write_text(token + "\n")
        (home / name).chmod(0o600)
        shutil.chown(home / name, TEACHER)
    command = f"python -m tilegames_course.grading.course lms-ids --hub {hub.url} --token-file"
    return hub.school.run("teacher", [
        "source ~/tilegames-teacher/bin/activate && cd ~/course",
        f'{command} ~/student-token || echo "exit status $?"',
        f'{command} ~/hub-token || echo "exit status $?"',
    ], TEACHER)  # fmt: skip


def start_the_hub(hub: Hub, hub_lines: list[str], hub_config: str) -> float:
    """The administrator's part after step 1: the guide's ``hub#`` lines (the school localises
    the rest), the hub started from the guide's configuration, and every account's server started
    together (``slow_spawn_timeout = 0``); the seconds the hub took to answer."""
    installs = [line for line in hub_lines if "/opt/tilegames/bin/pip" in line]
    assert installs, hub_lines
    assert any("jupyterhub-ltiauthenticator" in line for line in installs), installs
    folders = [line for line in hub_lines if line.startswith("install -d")]
    keys = [line for line in hub_lines if line.startswith("openssl rand")]
    assert keys, hub_lines  # the LMS login's crypt_key
    hub.school.run(
        "admin",
        [line.replace("/srv/jupyterhub", str(hub.folder)) for line in folders + installs + keys],
    )
    assert (hub.folder.stat().st_mode & 0o777) == 0o700
    started = time.monotonic()
    hub.start(hub.configure(hub_config, lms_login(GUIDE.read_text())))
    took = time.monotonic() - started
    for user in (*STUDENTS.values(), TEACHER):
        hub.spawn(user)
    return took


def test_the_course_played_through_a_real_jupyterhub(school, hub):
    started = time.monotonic()
    times: dict[str, float] = {}
    blocks = guide_blocks(GUIDE.read_text())
    hub_lines, hub_config = hub_section(GUIDE.read_text())
    course = school.home(TEACHER) / "course"
    kinds = {"tgada": "honest", "tgbob": "blank", "tgcy": "cheat"}
    outputs: dict[str, str] = {"teacher": "", **{account: "" for account in STUDENTS.values()}}
    # the administrator sets up the hub while the teacher sets up the course (two people, two
    # terminals): after step 1, in a thread of its own, joined before any student acts
    administrator = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    hub_up: concurrent.futures.Future | None = None
    try:
        for number, (role, commands) in enumerate(blocks):
            if role == "admin":
                school.run(role, commands)
            elif role == "teacher":  # as in a terminal on the hub (see test_school.py)
                outputs["teacher"] += school.run(role, commands, TEACHER)
                teacher_done = time.monotonic()
            else:
                if "ready" not in times:
                    times["hub up"] = hub_up.result()
                    for user in STUDENTS.values():
                        hub.wait_ready(user)
                    times["ready"] = time.monotonic() - started
                    times["teacher done"] = teacher_done - started
                    students_started = time.monotonic()
                    if Path(CHROMIUM).exists() and importlib.util.find_spec("playwright"):
                        url = browser_login(hub, "tgada")  # one student, in a real browser
                        assert url.startswith(f"{hub.url}/user/tgada/lab"), url
                        times["browser"] = time.monotonic() - started
                    else:
                        print("no browser login: needs Debian's chromium and playwright")
                for account in STUDENTS.values():
                    outputs[account] += _student_block(
                        hub, account, commands, kinds[account], course
                    )
            if number == 0:  # the students' environment exists: now the hub, from the guide
                hub_up = administrator.submit(start_the_hub, hub, hub_lines, hub_config)
        times["course"] = time.monotonic() - started
        dashboard_started = time.monotonic()  # the teacher, in their own server on the hub
        hub.wait_ready(TEACHER)
        outputs["dashboard"] = hub.run_notebook(TEACHER, "course/class_dashboard.ipynb")
        times["dashboard"] = time.monotonic() - dashboard_started
        lms_started = time.monotonic()
        outputs["lms-ids"] = lms_ids_from_the_hub(hub)
        times["lms-ids"] = time.monotonic() - lms_started
        times["students and grading, through the hub"] = time.monotonic() - students_started
    finally:
        administrator.shutdown(wait=True)  # the hub is stopped only once it has started
        stopping = time.monotonic()
        hub.stop()
        times["stop"] = time.monotonic() - stopping
        (school.root.parent / "tilegames-hub-last.log").write_text(
            hub.log(None) + "\n" + "\n".join(school.log)
        )
    spawns = re.findall(r"User (\w+) took ([\d.]+) seconds to start", hub.log(None))
    print("hub test times (s):", {k: round(v, 1) for k, v in times.items()}, "spawns:", spawns)

    # each student's server ran as the student, from the hub's environment
    teacher = outputs["teacher"]
    full, maximum = _points(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    expected = {"tgada": full, "tgbob": 0.0, "tgcy": 0.0}
    for account, points in expected.items():
        line = rf"^{account}: {points:g} of {maximum:g} points autograded"
        assert re.search(line, teacher, re.M), teacher[-3000:]
    assert "FAILED" not in teacher and "3 graded, 0 failed" in teacher
    for account, points in expected.items():
        home = school.home(account)
        submitted = home / COURSE_ID / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
        assert submitted.stat().st_uid == int(
            subprocess.run(["id", "-u", account], capture_output=True, text=True).stdout
        ), "the student's server wrote as the student"
        fetched = list((home / COURSE_ID / ASSIGNMENT / "feedback").rglob("*.html"))
        assert len(fetched) == 1, (account, fetched)
        html = fetched[0].read_text()
        assert "BEGIN SOLUTION" not in html
        assert f"{ASSIGNMENT} (Score: {round(points, 2)} / {round(maximum, 2)})" in html, account
    for account in STUDENTS.values():
        assert "Shared " in outputs[account] and "with the class" in outputs[account], account
    assert re.search(r"3 students shared [\d,]+ \w+\.", teacher), teacher[-2000:]
    # the class dashboard, in the teacher's own server: the store the hub names, the live
    # widget, the class's shares in words, and the graded worksheet's simulation pooled
    shown = outputs["dashboard"]
    assert "[a widget]" in shown, shown
    assert re.search(r"3 students shared [\d,]+ \w+\.", shown), shown
    assert "Worksheet 1, Q9: exactly one match. 1 student shared" in shown, shown
    # the LMS ids: the launches' subs, read from the hub's auth_state into the gradebook
    said = outputs["lms-ids"]
    assert said.count("has no admin:auth_state scope") == 1, said  # the student's token
    for line in [
        "tgada: LMS id lms-tgada recorded",
        "tgbob: LMS id lms-tgbob recorded",
        "tgcy: no id: no LTI login on the hub yet (its auth_state is empty)",
        "2 LMS id(s) recorded, 0 already recorded; 1 refused (1 without an LTI login",
    ]:
        assert line in said, said  # fmt: skip
    assert said.count("exit status 1") == 2, said  # refused: a token, a student
    database = f"file:{course / 'gradebook.db'}?mode=ro"
    with contextlib.closing(sqlite3.connect(database, uri=True)) as gradebook:
        recorded = dict(gradebook.execute("SELECT id, lms_user_id FROM student"))
    assert recorded == {"tgada": "lms-tgada", "tgbob": "lms-tgbob", "tgcy": None}, recorded
    # everything the hub started is gone
    for user in (*STUDENTS.values(), TEACHER):
        left = subprocess.run(["pgrep", "-u", user], capture_output=True, text=True).stdout
        assert not left.strip(), (user, left)
    assert hub.process.poll() is not None
