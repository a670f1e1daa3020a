"""Marks to the LMS by LTI 1.3 AGS, against a stand-in platform on 127.0.0.1 that checks what a
real Moodle or Canvas checks: the client assertion's signature against the tool's registered
public key, its audience, expiry, issuer and subject, the grant and assertion types and the
scopes; the bearer token and the content types on every AGS call; Moodle's ``?type_id=N`` URLs
and Canvas's plain ones; and no score older than the one it holds."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
import threading
import urllib.parse
import uuid
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

jwt = pytest.importorskip("jwt")
rsa = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.rsa")
from cryptography.hazmat.primitives import serialization  # noqa: E402
from nbgrader.api import Gradebook  # noqa: E402
from traitlets.config import Config  # noqa: E402

from tilegames_course.grading import course as grading  # noqa: E402
from tilegames_course.grading import lti  # noqa: E402

CLIENT_ID = "tilegames-tool-42"
SUBMITTED = {  # naive UTC, as nbgrader keeps a submission's time
    "w1": datetime(2026, 11, 30, 9, 30, 0),
    "w2": datetime(2026, 12, 1, 14, 5, 7),
}
ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"


# -- the stand-in platform -----------------------------------------------------------------------


class Platform:
    """A Moodle- or Canvas-shaped LTI 1.3 platform: token endpoint, line items, scores."""

    def __init__(self, kind: str, public_key: bytes) -> None:
        self.kind = kind
        self.public_key = public_key
        self.tokens: dict[str, set[str]] = {}
        self.items: list[dict] = []
        self.scores: dict[tuple[int, str], dict] = {}
        self.requests: list[tuple[str, str]] = []
        self.refusals: list[str] = []
        self.jtis: set[str] = set()
        self.users = {"u-ada", "u-bob", "u-cy", "u-dee", "u-eve"}
        self.expire_after: int | None = None  # AGS calls a token is good for
        self.refuse_every_token = False
        self.calls_with_token: dict[str, int] = {}
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        if kind == "moodle":
            self.token_path = "/mod/lti/token.php"
            self.items_path = "/mod/lti/services.php/2/lineitems"
            self.query = "type_id=1"
        else:
            self.token_path = "/login/oauth2/token"
            self.items_path = "/api/lti/courses/1/line_items"
            self.query = ""
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def token_url(self) -> str:
        return self.base + self.token_path

    @property
    def lineitems_url(self) -> str:
        return self.base + self.items_path + (f"?{self.query}" if self.query else "")

    def item_url(self, number: int) -> str:
        if self.kind == "moodle":
            return f"{self.base}{self.items_path}/{number}/lineitem?{self.query}"
        return f"{self.base}{self.items_path}/{number}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)

    # what a real platform checks on the token request (Moodle's token.php, Canvas's /token)
    def token_request(self, form: dict[str, str]) -> tuple[int, dict]:
        def refuse(code: int, error: str, why: str) -> tuple[int, dict]:
            self.refusals.append(why)
            return code, {"error": error, "error_description": why}

        if form.get("grant_type") != "client_credentials":
            return refuse(400, "unsupported_grant_type", f"grant_type {form.get('grant_type')}")
        if form.get("client_assertion_type") != ASSERTION_TYPE:
            return refuse(400, "invalid_request", "client_assertion_type")
        scopes = set(form.get("scope", "").split())
        wanted = {lti.LINEITEM_SCOPE, lti.SCORE_SCOPE}
        if not scopes or not scopes <= wanted | {lti.LINEITEM_SCOPE + ".readonly"}:
            return refuse(400, "invalid_scope", f"scopes {sorted(scopes)}")
        try:
            claims = jwt.decode(
                form.get("client_assertion", ""),
                self.public_key,
                algorithms=["RS256"],
                audience=self.token_url,
                issuer=CLIENT_ID,
                options={"require": ["iss", "sub", "aud", "iat", "exp", "jti"]},
            )
        except jwt.exceptions.PyJWTError as error:
            return refuse(401, "invalid_client", f"client assertion: {error}")
        if claims["sub"] != CLIENT_ID:
            return refuse(401, "invalid_client", "sub is not the client id")
        if claims["jti"] in self.jtis:
            return refuse(401, "invalid_client", "jti used before")
        if claims["exp"] - claims["iat"] > 3600:
            return refuse(401, "invalid_client", "assertion valid too long")
        self.jtis.add(claims["jti"])
        token = uuid.uuid4().hex
        self.tokens[token] = scopes
        return 200, {"access_token": token, "token_type": "Bearer", "expires_in": 3600,
                     "scope": " ".join(sorted(scopes))}  # fmt: skip

    def _handler(self):
        platform = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # quiet
                pass

            def answer(self, code: int, body: object = None, content: str = "") -> None:
                data = b"" if body is None else json.dumps(body).encode()
                self.send_response(code)
                self.send_header("Content-Type", content or "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def body(self) -> bytes:
                return self.rfile.read(int(self.headers.get("Content-Length") or 0))

            def authorised(self, scope: str) -> bool:
                header = self.headers.get("Authorization", "")
                token = header.removeprefix("Bearer ")
                if not header.startswith("Bearer ") or token not in platform.tokens:
                    platform.refusals.append(f"bearer {header[:20]!r}")
                    self.answer(401, {"error": "invalid_token"})
                    return False
                used = platform.calls_with_token.get(token, 0) + 1
                platform.calls_with_token[token] = used
                expired = platform.expire_after is not None and used > platform.expire_after
                if platform.refuse_every_token or expired:
                    platform.refusals.append("token expired")
                    self.answer(401, {"error": "invalid_token", "error_description": "expired"})
                    return False
                if scope not in platform.tokens[token]:
                    self.answer(403, {"error": "insufficient_scope"})
                    return False
                return True

            def route(self) -> tuple[str, str]:
                parts = urllib.parse.urlsplit(self.path)
                platform.requests.append((self.command, parts.path))
                return parts.path, parts.query

            def do_POST(self) -> None:
                path, query = self.route()
                data = self.body()
                if path == platform.token_path:
                    if self.headers.get("Content-Type") != "application/x-www-form-urlencoded":
                        return self.answer(400, {"error": "invalid_request"})
                    form = dict(urllib.parse.parse_qsl(data.decode()))
                    return self.answer(*platform.token_request(form))
                if platform.query and platform.query not in query.split("&"):
                    return self.answer(400, {"error": f"no {platform.query} on {path}"})
                if path == platform.items_path:
                    return self.create_item(data)
                prefix = platform.items_path + "/"
                tail = "/lineitem/scores" if platform.kind == "moodle" else "/scores"
                if path.startswith(prefix) and path.endswith(tail):
                    return self.post_score(int(path[len(prefix) : -len(tail)]), data)
                return self.answer(404, {"error": f"no such service {path}"})

            def do_GET(self) -> None:
                path, query = self.route()
                if platform.query and platform.query not in query.split("&"):
                    return self.answer(400, {"error": f"no {platform.query} on {path}"})
                if path != platform.items_path:
                    return self.answer(404, {"error": f"no such service {path}"})
                if not self.authorised(lti.LINEITEM_SCOPE):
                    return None
                if lti.LINEITEMS_TYPE not in self.headers.get("Accept", ""):
                    return self.answer(406, {"error": "Accept"})
                wanted = dict(urllib.parse.parse_qsl(query)).get("resource_id")
                items = [i for i in platform.items if wanted in (None, i["resourceId"])]
                return self.answer(200, items, lti.LINEITEMS_TYPE)

            def create_item(self, data: bytes) -> None:
                if not self.authorised(lti.LINEITEM_SCOPE):
                    return None
                if self.headers.get("Content-Type") != lti.LINEITEM_TYPE:
                    return self.answer(415, {"error": "line item content type"})
                item = json.loads(data)
                if not item.get("label") or not item.get("scoreMaximum", 0) > 0:
                    return self.answer(400, {"error": "label and a positive scoreMaximum"})
                item["id"] = platform.item_url(len(platform.items) + 1)
                platform.items.append(item)
                return self.answer(201, item, lti.LINEITEM_TYPE)

            def post_score(self, number: int, data: bytes) -> None:
                if not self.authorised(lti.SCORE_SCOPE):
                    return None
                if self.headers.get("Content-Type") != lti.SCORE_TYPE:
                    return self.answer(415, {"error": "score content type"})
                if not 1 <= number <= len(platform.items):
                    return self.answer(404, {"error": "no such line item"})
                score = json.loads(data)
                stamp = datetime.fromisoformat(score["timestamp"])
                ok = (
                    score.get("userId") in platform.users
                    and stamp.tzinfo is not None
                    and score.get("activityProgress") == "Completed"
                    and score.get("gradingProgress") in ("FullyGraded", "PendingManual")
                    and 0 <= score["scoreGiven"] <= score["scoreMaximum"]
                )
                if not ok:
                    return self.answer(400, {"error": f"Incorrect score received {score}"})
                held = platform.scores.get((number, score["userId"]))
                if held:
                    before = datetime.fromisoformat(held["timestamp"])
                    if platform.kind == "moodle" and int(stamp.timestamp()) <= int(
                        before.timestamp()
                    ):  # Moodle: timemodified >= the new one's second -> 409
                        return self.answer(
                            409, {"error": "Refusing score with an earlier timestamp"}
                        )
                    if platform.kind == "canvas" and stamp < before:
                        return self.answer(
                            400,
                            {"errors": {"type": "bad_request", "message": "Provided timestamp "
                                        f"of {stamp} before last updated timestamp {before}"}},
                        )  # fmt: skip
                platform.scores[(number, score["userId"])] = score
                return self.answer(200, {"resultUrl": f"{platform.item_url(number)}/results"})

        return Handler


# -- a course with a real nbgrader gradebook -----------------------------------------------------


@pytest.fixture(scope="module")
def keys(tmp_path_factory) -> dict[str, tuple[Path, bytes]]:
    """Two RSA key pairs: the tool's registered one, and another (a wrong key)."""
    folder = tmp_path_factory.mktemp("keys")
    made = {}
    for name in ("tool", "other"):
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        private = folder / f"{name}.pem"
        private.write_bytes(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
        public = key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        made[name] = (private, public)
    return made


@pytest.fixture(params=["moodle", "canvas"])
def platform(request, keys):
    stand_in = Platform(request.param, keys["tool"][1])
    yield stand_in
    stand_in.stop()


def make_gradebook(course: Path) -> None:
    """Two assignments of 10 autograded + 6 hand-marked points, five students, as nbgrader's
    generate, autograde and formgrader leave them."""
    bin_dir = str(Path(sys.executable).parent)  # nbgrader's gradebook runs alembic
    os.environ["PATH"] = bin_dir + os.pathsep + os.environ.get("PATH", "")
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for name in SUBMITTED:
            gradebook.add_assignment(name)
            gradebook.add_notebook(name, name)
            gradebook.add_grade_cell("code", name, name, max_score=10, cell_type="code")
            gradebook.add_grade_cell("essay", name, name, max_score=6, cell_type="markdown")
            gradebook.add_solution_cell("essay", name, name)
        for student, lms in [("ada", "u-ada"), ("bob", "u-bob"), ("cy", "u-cy"),
                             ("dee", "u-dee"), ("eve", None)]:  # fmt: skip
            gradebook.add_student(student, lms_user_id=lms)
        for name, when in SUBMITTED.items():
            for student, auto, essay in [("ada", 10, 6), ("bob", 7, None), ("cy", 0, 0),
                                         ("eve", 4, 2)]:  # fmt: skip
                gradebook.add_submission(name, student, timestamp=when)
                code = gradebook.find_grade("code", name, name, student)
                code.auto_score, code.needs_manual_grade = auto, False  # as autograde leaves it
                if essay is not None:  # marked by hand in the formgrader
                    grade = gradebook.find_grade("essay", name, name, student)
                    grade.manual_score = essay
                    grade.needs_manual_grade = False
        gradebook.db.commit()
    reports = course / "reports"
    reports.mkdir()
    for name in SUBMITTED:  # cy's grading failed (autograde's report), dee never handed in
        with (reports / f"{name}.csv").open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["student", "status", "points", "maximum", "to_mark", "flags", "error"])
            writer.writerow(["ada", "graded", 10, 16, 0, "", ""])
            writer.writerow(["cy", "failed", "", "", 0, "", "the kernel died"])


@pytest.fixture(scope="module")
def gradebook_made(tmp_path_factory) -> Path:
    """The gradebook and reports, made once (nbgrader's schema takes seconds to set up)."""
    folder = tmp_path_factory.mktemp("gradebook")
    make_gradebook(folder)
    return folder


@pytest.fixture
def make_course(tmp_path, gradebook_made):
    def make(platform: Platform, key: Path, **extra: str) -> Path:
        course = tmp_path / "course"
        shutil.copytree(gradebook_made, course)
        return configure(course, tmp_path, platform, key, **extra)

    return make


def configure(course: Path, tmp_path: Path, platform: Platform, key: Path, **extra: str) -> Path:
    (course / "roster.csv").write_text("student,lms_user_id\neve,u-eve\n")
    settings = {
        "issuer": platform.base,
        "client_id": CLIENT_ID,
        "token_url": platform.token_url,
        "lineitems_url": platform.lineitems_url,
        "private_key": str(key),
        "roster": "roster.csv",
        **extra,
    }
    lines = ["c = get_config()  # noqa: F821", 'c.CourseDirectory.course_id = "tilegames"',
             f"c.Exchange.root = {str(tmp_path / 'exchange')!r}"]  # fmt: skip
    lines += [f"c.LtiExport.{name} = {value!r}" for name, value in settings.items()]
    (course / "nbgrader_config.py").write_text("\n".join(lines) + "\n")
    return course


def run(course: Path, capsys) -> tuple[int, str, str]:
    code = grading.main(["export", "--format", "lti", "--course", str(course)])
    out, err = capsys.readouterr()
    return code, out, err


def scores_of(platform: Platform, assignment: str) -> dict[str, dict]:
    number = next(i for i, item in enumerate(platform.items, 1) if item["resourceId"] == assignment)
    return {user: score for (n, user), score in platform.scores.items() if n == number}


# -- the cases -----------------------------------------------------------------------------------


def test_first_send_makes_one_line_item_per_assignment_and_posts_the_scores(
    make_course, platform, keys, capsys
):
    course = make_course(platform, keys["tool"][0])
    code, out, err = run(course, capsys)
    assert code == 0, err
    assert err == ""
    assert [(i["resourceId"], i["label"], i["scoreMaximum"]) for i in platform.items] == [
        ("w1", "w1", 16.0),
        ("w2", "w2", 16.0),
    ]
    assert len(platform.jtis) == 1  # one token for the whole run
    assert not platform.refusals
    for name, when in SUBMITTED.items():
        scores = scores_of(platform, name)
        assert set(scores) == {"u-ada", "u-bob", "u-eve"}  # cy failed, dee missing: not sent
        ada, bob, eve = scores["u-ada"], scores["u-bob"], scores["u-eve"]
        assert (ada["scoreGiven"], ada["scoreMaximum"], ada["gradingProgress"]) == (
            16.0,
            16.0,
            "FullyGraded",
        )
        assert ada["activityProgress"] == "Completed"
        assert datetime.fromisoformat(ada["timestamp"]) == when.replace(tzinfo=timezone.utc)
        assert (bob["scoreGiven"], bob["gradingProgress"]) == (7.0, "PendingManual")
        assert (eve["scoreGiven"], eve["gradingProgress"]) == (6.0, "FullyGraded")  # roster id
    lines = out.splitlines()
    assert "w1  ada (LMS id u-ada): sent 16 of 16, fully graded" in lines
    assert "w1  bob (LMS id u-bob): sent 7 of 16 as pending: parts still to mark by hand" in lines
    assert "w1  cy: not sent: the grading failed (the kernel died); never sent as 0" in lines
    assert "w1  dee: not sent: not handed in" in lines
    assert lines[-1] == (
        f"6 score(s) sent to {platform.base} (2 pending hand marking), 0 kept (the platform had "
        "a newer score), 0 unchanged since last sent; 4 skipped (2 failed grading, 2 not "
        "handed in, 0 without an LMS id)"
    )
    # Moodle's service URLs keep ?type_id=1 after the path; Canvas's have no query
    posts = [path for method, path in platform.requests if method == "POST"]
    tail = "/lineitem/scores" if platform.kind == "moodle" else "/scores"
    assert sum(path.endswith(tail) for path in posts) == 6


def test_a_second_send_makes_no_new_line_item_and_a_hand_marked_part_goes_final(
    make_course, platform, keys, capsys
):
    course = make_course(platform, keys["tool"][0])
    assert run(course, capsys)[0] == 0
    posted = len(platform.requests)
    code, out, _ = run(course, capsys)
    assert code == 0
    assert len(platform.items) == 2  # found by resourceId, not created again
    new = platform.requests[posted:]
    assert not [r for r in new if r[0] == "POST" and not r[1].endswith("token.php")
                and "token" not in r[1]]  # fmt: skip
    assert "w1  ada: unchanged since sent at 2026-11-30T09:30:00.000+00:00" in out.splitlines()
    # the teacher marks bob's essay by hand: the same submission, now fully graded
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        grade = gradebook.find_grade("essay", "w1", "w1", "bob")
        grade.manual_score = 5
        grade.needs_manual_grade = False
        gradebook.db.commit()
    code, out, _ = run(course, capsys)
    assert code == 0
    bob = scores_of(platform, "w1")["u-bob"]
    assert (bob["scoreGiven"], bob["gradingProgress"]) == (12.0, "FullyGraded")
    # one second after its pending score: Moodle refuses a timestamp not after the one it holds
    assert datetime.fromisoformat(bob["timestamp"]) == SUBMITTED["w1"].replace(
        tzinfo=timezone.utc
    ) + timedelta(seconds=1)
    assert "w1  bob (LMS id u-bob): sent 12 of 16, fully graded" in out.splitlines()
    assert not platform.refusals


def test_an_older_score_never_overwrites_a_newer_one(make_course, platform, keys, capsys):
    course = make_course(platform, keys["tool"][0])
    assert run(course, capsys)[0] == 0
    number = next(i for i, item in enumerate(platform.items, 1) if item["resourceId"] == "w1")
    newer = dict(platform.scores[(number, "u-ada")], scoreGiven=3.0,
                 timestamp="2026-12-02T08:00:00+00:00")  # fmt: skip
    platform.scores[(number, "u-ada")] = newer  # a later submission's mark, sent from elsewhere
    (course / lti.LEDGER).unlink()  # and this machine has no record of what it sent
    code, out, _ = run(course, capsys)
    assert code == 0
    assert platform.scores[(number, "u-ada")] == newer
    assert "w1  ada (LMS id u-ada): kept the platform's newer score (ours is from " in out


@pytest.mark.parametrize(
    "setting", [{"key": "other"}, {"audience": "https://another.example/token"}]
)
def test_a_token_the_platform_refuses_stops_with_one_line(
    make_course, platform, keys, capsys, setting
):
    setting = dict(setting)
    key = keys[setting.pop("key", "tool")][0]
    course = make_course(platform, key, **setting)
    code, out, err = run(course, capsys)
    assert code == 1
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(
        f"LTI export stopped: the platform refused the token request at {platform.token_url}: "
        "HTTP 401 invalid_client"
    )
    assert platform.refusals and not platform.scores and not platform.items
    why = "Audience doesn't match" if "audience" in setting else "Signature verification failed"
    assert why in platform.refusals[0]


def test_an_expired_token_is_renewed_once_and_a_revoked_one_stops_with_one_line(
    make_course, platform, keys, capsys
):
    course = make_course(platform, keys["tool"][0])
    platform.expire_after = 3  # the token dies mid-run: the tool asks for a new one
    code, out, err = run(course, capsys)
    assert code == 0, err
    assert len(platform.jtis) >= 2 and "token expired" in platform.refusals
    assert len(scores_of(platform, "w2")) == 3
    platform.refuse_every_token = True
    (course / lti.LEDGER).unlink()
    code, out, err = run(course, capsys)
    assert code == 1
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(
        f"LTI export stopped: the platform refused the access token at {platform.base}"
    )
    assert "HTTP 401 invalid_token: expired" in err


def test_settings_missing_or_wrong_are_named(tmp_path, keys, capsys):
    course = tmp_path / "course"
    course.mkdir()
    (course / "nbgrader_config.py").write_text(
        "c = get_config()  # noqa: F821\nc.LtiExport.issuer = 'https://m'\n"
    )
    code, _, err = run(course, capsys)
    assert (code, err) == (
        1,
        "LTI export stopped: c.LtiExport.client_id is not set in the course's nbgrader_config.py\n",
    )
    config = {"LtiExport": {"issuer": "https://m", "client_id": "x", "token_url": "ftp://m",
                            "lineitems_url": "https://m/l", "private_key": "k.pem"}}  # fmt: skip
    with pytest.raises(lti.LtiError, match=r"c.LtiExport.token_url = 'ftp://m' is not an http"):
        lti.settings(course, config)
    config["LtiExport"]["token_url"] = "http://moodle.school.example/mod/lti/token.php"
    with pytest.raises(lti.LtiError, match=r"token_url = .*: tokens and marks go only over https"):
        lti.settings(course, config)
    config["LtiExport"]["token_url"] = "https://m/t"
    platform, _ = lti.settings(course, config)
    with pytest.raises(lti.LtiError, match=r"c.LtiExport.private_key: cannot read .*k.pem"):
        lti.client_assertion(platform)


def test_the_nbgrader_export_plugin_sends_the_same(make_course, platform, keys):
    course = make_course(platform, keys["tool"][0])
    config = Config()
    config.LtiExport.issuer = platform.base
    config.LtiExport.client_id = CLIENT_ID
    config.LtiExport.token_url = platform.token_url
    config.LtiExport.lineitems_url = platform.lineitems_url
    config.LtiExport.private_key = str(keys["tool"][0])
    config.LtiExport.course = str(course)
    plugin = lti.LtiExport(config=config, assignment=["w2"])
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        plugin.export(gradebook)
    assert [i["resourceId"] for i in platform.items] == ["w2"]
    assert set(scores_of(platform, "w2")) == {"u-ada", "u-bob"}  # eve: no roster configured here


def test_nbgrader_export_reads_the_settings_from_the_course_config(make_course, keys):
    platform = Platform("moodle", keys["tool"][1])
    try:
        course = make_course(platform, keys["tool"][0])
        # this checkout's tilegames and teacher's package, whichever are imported here
        import tilegames

        paths = [Path(m.__file__).resolve().parents[i] for m, i in ((tilegames, 1), (lti, 2))]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(map(str, paths)))
        env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
        command = [sys.executable, "-m", "nbgrader", "export",
                   "--exporter=tilegames_course.grading.lti.LtiExport"]  # fmt: skip
        done = subprocess.run(command, cwd=course, env=env, capture_output=True, text=True,
                              timeout=120)  # fmt: skip
        assert done.returncode == 0, done.stderr[-2000:]
        assert "6 score(s) sent to" in done.stderr  # nbgrader logs to stderr
        assert set(scores_of(platform, "w1")) == {"u-ada", "u-bob", "u-eve"}
        platform.refuse_every_token = True
        (course / lti.LEDGER).unlink()
        done = subprocess.run(command, cwd=course, env=env, capture_output=True, text=True,
                              timeout=120)  # fmt: skip
        assert done.returncode == 1
        assert "LTI export stopped: the platform refused the access token at" in done.stderr
        assert "Traceback" not in done.stderr
    finally:
        platform.stop()


def test_the_public_jwk_for_canvas_verifies_the_tools_assertion(keys, tmp_path):
    private = keys["tool"][0]
    jwk = lti.public_jwk(private, "k1")
    assert (jwk["kty"], jwk["alg"], jwk["use"], jwk["kid"]) == ("RSA", "RS256", "sig", "k1")
    assert set(jwk) == {"kty", "e", "n", "alg", "use", "kid"}  # the public half only
    tool = lti.Platform("https://c", CLIENT_ID, "https://c/login/oauth2/token", "https://c/l",
                        private, key_id="k1")  # fmt: skip
    assertion = lti.client_assertion(tool)
    assert jwt.get_unverified_header(assertion)["kid"] == "k1"
    key = jwt.PyJWK(jwk).key
    claims = jwt.decode(assertion, key, algorithms=["RS256"], audience=tool.token_url)
    assert claims["iss"] == claims["sub"] == CLIENT_ID
    assert 0 < claims["exp"] - claims["iat"] <= 300
    other = jwt.PyJWK(lti.public_jwk(keys["other"][0])).key
    with pytest.raises(jwt.exceptions.InvalidSignatureError):
        jwt.decode(assertion, other, algorithms=["RS256"], audience=tool.token_url)
    assert lti.public_jwk(private)["kid"] == lti.public_jwk(private)["kid"]  # a stable thumbprint
    (tmp_path / "not.pem").write_text("hello")
    with pytest.raises(lti.LtiError, match="is not an unencrypted PEM private key"):
        lti.public_jwk(tmp_path / "not.pem")


def test_a_submission_without_a_time_is_sent_once_not_at_every_run(make_course, keys, capsys):
    platform = Platform("moodle", keys["tool"][1])
    try:
        course = make_course(platform, keys["tool"][0])
        with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
            gradebook.find_submission("w2", "eve").timestamp = None
            gradebook.db.commit()
        assert run(course, capsys)[0] == 0
        first = scores_of(platform, "w2")["u-eve"]
        assert datetime.fromisoformat(first["timestamp"]).tzinfo is not None
        code, out, _ = run(course, capsys)
        assert code == 0
        assert f"w2  eve: unchanged since sent at {first['timestamp']}" in out.splitlines()
        assert scores_of(platform, "w2")["u-eve"] == first
    finally:
        platform.stop()
