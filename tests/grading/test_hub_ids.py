"""The students' LMS ids from the hub's LTI 1.3 login (``lms-ids``), against a stand-in hub on
127.0.0.1 that answers as JupyterHub 6's REST API does (``jupyterhub/apihandlers/users.py`` and
``base.py``): ``GET /hub/api/user`` lists the token's scopes, ``GET /hub/api/users/{name}`` gives
the user model filtered by them (``auth_state`` only with ``admin:auth_state``, then ``null``
when none is stored), errors as ``{"status": ..., "message": ...}``, a user the token may not see
or that does not exist a 404. The ``auth_state`` is what ``LTI13Authenticator.authenticate``
stores: the launch's decoded id token (``tests/data/lti13_launch.json``, a Moodle 4 launch)."""

from __future__ import annotations

import copy
import json
import os
import shutil
import socket
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

pytest.importorskip("nbgrader")
from nbgrader.api import Gradebook  # noqa: E402

from tilegames_course.grading import course as grading  # noqa: E402
from tilegames_course.grading import hub_ids  # noqa: E402

LAUNCH = json.loads((Path(__file__).parents[1] / "data" / "lti13_launch.json").read_text())
CUSTOM = "https://purl.imsglobal.org/spec/lti/claim/custom"
ISSUER = LAUNCH["iss"]
USER_SCOPES = ["read:users", "read:users:name", "read:servers", "read:users:groups",
               "read:users:activity", "read:roles:users"]  # fmt: skip


def launch(name: str, sub: str, issuer: str = ISSUER) -> dict:
    """The auth_state LTI13Authenticator keeps for ``name``: the decoded launch, its ``sub``."""
    claims = copy.deepcopy(LAUNCH)
    claims.update(sub=sub, iss=issuer, email=f"{name}@school.example")
    claims[CUSTOM]["username"] = name
    claims["https://purl.imsglobal.org/spec/lti/claim/ext"]["user_username"] = name
    return claims


class StandInHub:
    """JupyterHub's REST API for ``GET /hub/api/user`` and ``GET /hub/api/users/{name}``."""

    def __init__(self) -> None:
        self.users: dict[str, object] = {}  # name -> auth_state (None: none stored)
        self.tokens: dict[str, dict] = {}  # token -> {"kind", "name", "scopes"}
        self.paths: list[str] = []
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def model(self, name: str, scopes: list[str]) -> dict:
        """``APIHandler.user_model``: the keys each scope allows (JupyterHub's access map)."""
        full = {
            "kind": "user", "name": name, "admin": False, "roles": ["user"], "groups": [],
            "server": None, "pending": None, "created": "2026-11-02T08:00:00.000000Z",
            "last_activity": "2026-12-01T09:12:44.512000Z", "auth_state": None,
        }  # fmt: skip
        allowed = {"kind", "name"}
        for scope in scopes:
            base, _, only = scope.partition("!")
            if only and only != f"user={name}":
                continue
            if base == "read:users":
                allowed |= set(full) - {"auth_state"}
            if base == "admin:auth_state":
                allowed.add("auth_state")
        model = {k: v for k, v in full.items() if k in allowed}
        if "auth_state" in model:  # UserAPIHandler.get: ``await user.get_auth_state()``
            model["auth_state"] = self.users[name]
        return model

    def _handler(self):
        hub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def answer(self, code: int, body: object) -> None:
                raw = json.dumps(body).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def error(self, code: int, message: str) -> None:  # APIHandler.write_error
                self.answer(code, {"status": code, "message": message})

            def do_GET(self) -> None:
                hub.paths.append(self.path)
                auth = self.headers.get("Authorization", "")
                owner = hub.tokens.get(auth.removeprefix("token ")) if auth else None
                path = urllib.parse.urlsplit(self.path).path
                if path == "/hub/api/user":
                    if owner is None:
                        return self.error(403, "Forbidden")
                    return self.answer(200, {"kind": owner["kind"], "name": owner["name"],
                                             "scopes": sorted(owner["scopes"])})  # fmt: skip
                if path.startswith("/hub/api/users/"):
                    name = urllib.parse.unquote(path.removeprefix("/hub/api/users/"))
                    scopes = owner["scopes"] if owner else []
                    bases = {s.partition("!")[0] for s in scopes}
                    if not bases & set(USER_SCOPES):
                        return self.error(
                            403,
                            "Action is not authorized with current scopes; requires any of "
                            f"[{', '.join(USER_SCOPES)}]",
                        )
                    if name not in hub.users:
                        return self.error(404, "Not Found")
                    return self.answer(200, hub.model(name, scopes))
                self.error(404, "Not Found")

        return Handler


@pytest.fixture
def hub():
    made = StandInHub()
    made.users = {
        "ada": launch("ada", "5a1f"),  # recorded already, the same id
        "bob": launch("bob", "77c0"),  # no id recorded yet
        "dee": None,  # on the hub, no LTI login yet (made by the admin, or a password login)
        "eve": launch("eve", "e-new"),  # recorded as e-old: never overwritten
        "fay": {"lti_version": "LTI-1p0", "user_id": "9", "oauth_consumer_key": "k"},  # 1.1
    }  # cy never used the hub
    made.tokens = {
        "teacher-token": {"kind": "user", "name": "kay",
                          "scopes": ["admin:auth_state", "read:users", "access:servers!user=kay"]},
        "student-token": {"kind": "user", "name": "ada",
                          "scopes": ["read:users!user=ada", "access:servers!user=ada"]},
        "narrow-token": {"kind": "service", "name": "grades",
                         "scopes": ["read:users", "admin:auth_state!user=bob"]},
    }  # fmt: skip
    yield made
    made.stop()


@pytest.fixture(scope="module")
def gradebook_made(tmp_path_factory) -> Path:
    """A course folder whose gradebook lists six students (made once: nbgrader's schema)."""
    course = tmp_path_factory.mktemp("course")
    bin_dir = str(Path(sys.executable).parent)  # nbgrader's gradebook runs alembic
    os.environ["PATH"] = bin_dir + os.pathsep + os.environ.get("PATH", "")
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for student, lms in [("ada", "5a1f"), ("bob", None), ("cy", None), ("dee", None),
                             ("eve", "e-old"), ("fay", None)]:  # fmt: skip
            gradebook.add_student(student, lms_user_id=lms)
    (course / "nbgrader_config.py").write_text(
        'c = get_config()  # noqa: F821\nc.CourseDirectory.course_id = "prob101"\n'
    )
    return course


@pytest.fixture
def course(tmp_path, gradebook_made) -> Path:
    made = tmp_path / "course"
    shutil.copytree(gradebook_made, made)
    return made


def ids(course: Path) -> dict[str, str | None]:
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        return {s.id: s.lms_user_id for s in gradebook.students}


def lms_ids(course: Path, hub: str, token: str, *names: str, capsys, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", token)
    code = grading.main(["lms-ids", "--course", str(course), "--hub", hub, *names])
    out, err = capsys.readouterr()
    return code, out, err


BEFORE = {"ada": "5a1f", "bob": None, "cy": None, "dee": None, "eve": "e-old", "fay": None}


# -- the cases -----------------------------------------------------------------------------------


def test_the_ids_of_lti_logins_are_recorded_and_every_other_student_is_refused_in_words(
    hub, course, capsys, monkeypatch
):
    code, out, err = lms_ids(
        course, hub.url, "teacher-token", capsys=capsys, monkeypatch=monkeypatch
    )
    assert out.splitlines() == [
        "ada: LMS id 5a1f already recorded",
        "bob: LMS id 77c0 recorded",
        "cy: no id: not a user of the hub (never logged in), or not readable by the token",
        "dee: no id: no LTI login on the hub yet (its auth_state is empty)",
        "eve: not recorded: the hub's LTI login says e-new, the gradebook has e-old; nothing "
        "changed (correct the gradebook by hand if the hub is right)",
        "fay: no id: an LTI 1.1 login: its user_id is not the LTI 1.3 id scores need",
        "1 LMS id(s) recorded, 1 already recorded; 4 refused (3 without an LTI login, "
        "0 from another platform, 1 differing from the id recorded)",
    ], out
    assert code == 1 and err == ""
    assert ids(course) == {**BEFORE, "bob": "77c0"}
    # each student read on their own (the list endpoint never fills auth_state in)
    assert [p for p in hub.paths if p.startswith("/hub/api/users")] == [
        f"/hub/api/users/{name}" for name in ("ada", "bob", "cy", "dee", "eve", "fay")
    ]
    # a second run: nothing new to write; once eve's id is put right, she is "already" there
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        gradebook.update_or_create_student("eve", lms_user_id="e-new")
    code, out, _ = lms_ids(
        course, hub.url, "teacher-token", "bob", "eve", capsys=capsys, monkeypatch=monkeypatch
    )
    assert code == 0, out
    assert out.splitlines()[:2] == [
        "bob: LMS id 77c0 already recorded",
        "eve: LMS id e-new already recorded",
    ]


def test_the_recorded_ids_are_the_ones_the_lti_export_sends(hub, course, capsys, monkeypatch):
    from tilegames_course.grading.lti import lms_ids as export_ids

    lms_ids(course, hub.url, "teacher-token", "bob", capsys=capsys, monkeypatch=monkeypatch)
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        assert export_ids(gradebook) == {"ada": "5a1f", "bob": "77c0", "eve": "e-old"}


def test_an_id_differing_from_the_roster_is_refused_naming_the_roster(
    hub, course, capsys, monkeypatch
):
    (course / "roster.csv").write_text("student,lms_user_id\nbob,77c0-old\n")
    with (course / "nbgrader_config.py").open("a") as config:
        config.write('c.LtiExport.roster = "roster.csv"\n')
    code, out, _ = lms_ids(
        course, hub.url, "teacher-token", "bob", capsys=capsys, monkeypatch=monkeypatch
    )
    assert code == 1
    assert out.splitlines()[0] == (
        "bob: not recorded: the hub's LTI login says 77c0, c.LtiExport.roster has 77c0-old; "
        "nothing changed (correct c.LtiExport.roster by hand if the hub is right)"
    )
    assert ids(course) == BEFORE


def test_a_login_from_another_platform_than_the_exports_is_refused(
    hub, course, capsys, monkeypatch
):
    hub.users["bob"] = launch("bob", "77c0", issuer="https://canvas.school.example")
    with (course / "nbgrader_config.py").open("a") as config:
        config.write(f"c.LtiExport.issuer = {ISSUER + '/'!r}\n")  # a trailing / is the same
    code, out, _ = lms_ids(
        course, hub.url, "teacher-token", "ada", "bob", capsys=capsys, monkeypatch=monkeypatch
    )
    assert code == 1
    assert out.splitlines()[:2] == [
        "ada: LMS id 5a1f already recorded",
        "bob: not recorded: the hub's login came from https://canvas.school.example, not "
        "c.LtiExport.issuer https://moodle.school.example/",
    ]
    assert ids(course) == BEFORE


def test_a_token_without_admin_auth_state_stops_before_reading_anyone(
    hub, course, capsys, monkeypatch
):
    code, out, err = lms_ids(
        course, hub.url, "student-token", capsys=capsys, monkeypatch=monkeypatch
    )
    assert code == 1 and out == ""
    assert err.startswith(
        "lms-ids stopped: the token (user ada) has no admin:auth_state scope, "
    ), err
    assert "Token page" in err and err.count("\n") == 1
    assert not [p for p in hub.paths if p.startswith("/hub/api/users")]
    assert ids(course) == BEFORE


def test_a_scope_that_does_not_cover_a_student_says_so(hub, course, capsys, monkeypatch):
    code, out, _ = lms_ids(course, hub.url, "narrow-token", "ada", "bob",
                           capsys=capsys, monkeypatch=monkeypatch)  # fmt: skip
    assert code == 1
    assert out.splitlines()[:2] == [
        "ada: no id: the token's admin:auth_state scope does not cover this user",
        "bob: LMS id 77c0 recorded",
    ]


def test_a_token_the_hub_refuses_or_none_at_all_stops_with_one_line(
    hub, course, capsys, monkeypatch
):
    code, out, err = lms_ids(course, hub.url, "made-up", capsys=capsys, monkeypatch=monkeypatch)
    assert code == 1 and out == ""
    assert err == (
        f"lms-ids stopped: the hub refused the token at {hub.url}/hub/api/user: HTTP 403 "
        "Forbidden (an API token with the admin:auth_state and read:users scopes is needed)\n"
    )
    code, _, err = lms_ids(course, hub.url, "", capsys=capsys, monkeypatch=monkeypatch)
    assert code == 1 and err.startswith("lms-ids stopped: no API token: set JUPYTERHUB_API_TOKEN")


def test_a_token_file_is_read_before_the_environment(hub, course, capsys, monkeypatch, tmp_path):
    (tmp_path / "token").write_text("teacher-token\n")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "student-token")  # a server's own token
    code = grading.main(["lms-ids", "--course", str(course), "--hub", hub.url,
                         "--token-file", str(tmp_path / "token"), "bob"])  # fmt: skip
    assert code == 0, capsys.readouterr()
    assert ids(course)["bob"] == "77c0"


def test_a_hub_that_cannot_be_reached_stops_with_one_line(course, capsys, monkeypatch):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code, out, err = lms_ids(course, f"http://127.0.0.1:{port}", "teacher-token",
                             capsys=capsys, monkeypatch=monkeypatch)  # fmt: skip
    assert code == 1 and out == ""
    assert err.startswith(
        f"lms-ids stopped: cannot reach the hub at http://127.0.0.1:{port}/hub/api/user: "
    ), err
    assert err.count("\n") == 1
    code, _, err = lms_ids(
        course, "hub.school.example", "t", capsys=capsys, monkeypatch=monkeypatch
    )
    assert (code, err) == (1, "lms-ids stopped: --hub 'hub.school.example' is not an http(s) URL\n")


def test_the_parsing_reads_sub_and_iss_of_ltiauthenticators_auth_state():
    assert hub_ids.lms_id(launch("ada", "5a1f")) == (ISSUER, "5a1f")
    assert hub_ids.lms_id(LAUNCH) == ("https://moodle.school.example", "5a1f")
    for state, why in [
        ({}, "no LTI login on the hub yet"),
        ({"access_token": "x", "oauth_user": {"sub": "1"}}, "not an LTI 1.3 launch"),
        ([LAUNCH], "a list, not an LTI id token"),
        ({**LAUNCH, "sub": " "}, "empty sub"),
        ({k: v for k, v in LAUNCH.items() if k != "sub"}, "not an LTI 1.3 launch"),
    ]:
        with pytest.raises(hub_ids.NoLtiLogin, match=why):
            hub_ids.lms_id(state)


def test_in_a_server_on_the_hub_the_hub_is_found_without_hub(hub, course, capsys, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_API_URL", hub.url + "/hub/api")  # as the hub sets it
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "teacher-token")
    assert grading.main(["lms-ids", "--course", str(course), "bob"]) == 0, capsys.readouterr()
    assert ids(course)["bob"] == "77c0"
    monkeypatch.delenv("JUPYTERHUB_API_URL")
    assert grading.main(["lms-ids", "--course", str(course)]) == 1
    assert capsys.readouterr().err == (
        "lms-ids stopped: which hub? pass --hub https://hub.school.example\n"
    )
