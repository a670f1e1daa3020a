"""Marks to the school's LMS by LTI 1.3 Assignment and Grade Services (AGS): Moodle, Canvas.

Each released assignment becomes one line item (a gradebook column) on the platform, found by its
``resourceId`` (the assignment's name) or created once; each student's mark is posted to it as an
AGS score:

- a mark whose written parts are still to be marked by hand is sent as ``PendingManual`` (not
  final: Moodle and Canvas record the activity but not the grade), a complete one as
  ``FullyGraded``;
- a failed grading is never sent (never a 0) and a missing submission is not sent: both are
  listed;
- a score's ``timestamp`` is the submission's time, so an older submission's mark never
  overwrites a newer one; a platform refusing a score as older is reported as "kept the newer
  score". ``lti_sent.json`` in the course folder remembers what was sent: an unchanged mark is
  not sent again, and a re-marked submission is sent one second later than its last score.

The platform's settings live in the course's ``nbgrader_config.py``::

    c.LtiExport.issuer = "https://moodle.school.example"
    c.LtiExport.client_id = "kX3pQ9"
    c.LtiExport.token_url = "https://moodle.school.example/mod/lti/token.php"
    c.LtiExport.lineitems_url = (
        "https://moodle.school.example/mod/lti/services.php/2/lineitems?type_id=1")
    c.LtiExport.private_key = "lti/tool-private.pem"  # relative to the course folder
    c.LtiExport.roster = "lti/roster.csv"  # optional: student,lms_user_id

A student's LMS id is the gradebook's ``lms_user_id`` (``nbgrader db student add ada
--lms-user-id=1234``, or ``python -m tilegames_course.grading.course lms-ids`` from the hub's LTI login:
``tilegames_course.grading.hub_ids``) or, overriding it, the roster's.

    python -m tilegames_course.grading.course export --format lti [--course DIR]
    nbgrader export --exporter=tilegames_course.grading.lti.LtiExport

>>> scores_url("https://m/mod/lti/services.php/2/lineitems/7/lineitem?type_id=1")
'https://m/mod/lti/services.php/2/lineitems/7/lineitem/scores?type_id=1'
>>> scores_url("https://c/api/lti/courses/1/line_items/5")
'https://c/api/lti/courses/1/line_items/5/scores'
"""

from __future__ import annotations

import csv
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

from nbgrader.api import Gradebook, MissingEntry
from nbgrader.plugins import ExportPlugin
from traitlets import Unicode

from tilegames.i18n import _

from .exports import Mark, marks
from .files import LinesAndCounts, http_error_line, printable, write_atomically

__all__ = [
    "LINEITEM_SCOPE",
    "SCORE_SCOPE",
    "LtiError",
    "LtiExport",
    "Platform",
    "Sent",
    "client_assertion",
    "public_jwk",
    "lms_ids",
    "scores_url",
    "send",
]

LINEITEM_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem"
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
LINEITEM_TYPE = "application/vnd.ims.lis.v2.lineitem+json"
LINEITEMS_TYPE = "application/vnd.ims.lis.v2.lineitemcontainer+json"
SCORE_TYPE = "application/vnd.ims.lis.v1.score+json"
LEDGER = "lti_sent.json"
TIMEOUT = 30  # seconds for one HTTP call


class LtiError(RuntimeError):
    """A setting or a platform's answer that stops the export; ``str()`` says which, in one line."""


@dataclass(frozen=True)
class Platform:
    """The LMS as the tool was registered on it (the ``c.LtiExport`` settings).

    >>> Platform("https://m", "abc", "https://m/mod/lti/token.php",
    ...          "https://m/mod/lti/services.php/2/lineitems?type_id=1", Path("k.pem")).aud
    'https://m/mod/lti/token.php'
    """

    issuer: str
    client_id: str
    token_url: str
    lineitems_url: str
    private_key: Path
    audience: str = ""
    key_id: str = ""

    @property
    def aud(self) -> str:
        """The client assertion's audience: the configured one, else the token endpoint."""
        return self.audience or self.token_url


def scores_url(lineitem: str) -> str:
    """A line item's scores endpoint: ``/scores`` after its path, before its query (Moodle's
    ``?type_id=N``). See the module's examples."""
    parts = urllib.parse.urlsplit(lineitem)
    path = parts.path.rstrip("/") + "/scores"
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, parts.query, parts.fragment))


def _with_query(url: str, **params: str) -> str:
    """``url`` with ``params`` added to its query (keeping Moodle's ``type_id``)."""
    parts = urllib.parse.urlsplit(url)
    query = urllib.parse.parse_qsl(parts.query, keep_blank_values=True) + list(params.items())
    query_text = urllib.parse.urlencode(query)
    return urllib.parse.urlunsplit(
        (parts.scheme, parts.netloc, parts.path, query_text, parts.fragment)
    )


def client_assertion(platform: Platform, now: float | None = None) -> str:
    """The signed JWT (RS256) the tool proves itself with at the platform's token endpoint.

    ``iss`` and ``sub`` are the client id, ``aud`` the token endpoint (or the configured
    audience), valid for 5 minutes, with a unique ``jti``.
    """
    import jwt  # PyJWT[crypto]: the course extra

    try:
        key = platform.private_key.read_bytes()
    except OSError as error:
        raise LtiError(
            _("c.LtiExport.private_key: cannot read {path} ({why})").format(
                path=platform.private_key, why=error.strerror
            )
        ) from error
    issued = int(time.time() if now is None else now)
    claims = {
        "iss": platform.client_id,
        "sub": platform.client_id,
        "aud": platform.aud,
        "iat": issued,
        "exp": issued + 300,
        "jti": uuid.uuid4().hex,
    }
    headers = {"kid": platform.key_id} if platform.key_id else None
    try:
        return jwt.encode(claims, key, algorithm="RS256", headers=headers)
    except (ValueError, TypeError, jwt.exceptions.PyJWTError) as error:
        raise LtiError(
            _(
                "c.LtiExport.private_key: {path} is not an RSA private key in PEM form ({why})"
            ).format(
                path=platform.private_key,
                why=str(error).splitlines()[0] if str(error) else type(error).__name__,
            )
        ) from error


def _platform_reason(data: dict) -> str:
    """An LTI platform's reason in its JSON error body (OAuth's ``error`` and
    ``error_description``, Moodle's ``reason``, Canvas's ``errors``)."""
    parts = [str(data[k]) for k in ("error", "error_description", "reason") if data.get(k)]
    if not parts and data.get("errors"):
        parts = [json.dumps(data["errors"])]
    return ": ".join(parts)


def _why(error: urllib.error.HTTPError) -> str:
    """The platform's reason for an HTTP error, in one short line."""
    return http_error_line(error, _platform_reason)


class Ags:
    """A client of one platform's token endpoint and AGS services (``urllib``, no framework)."""

    def __init__(self, platform: Platform) -> None:
        self.platform = platform
        self._token = ""
        self.token_requests = 0

    def token(self) -> str:
        """A fresh access token for the line item and score scopes (client credentials)."""
        url = self.platform.token_url
        form = urllib.parse.urlencode(
            {
                "grant_type": "client_credentials",
                "client_assertion_type": ASSERTION_TYPE,
                "client_assertion": client_assertion(self.platform),
                "scope": f"{LINEITEM_SCOPE} {SCORE_SCOPE}",
            }
        ).encode()
        request = urllib.request.Request(
            url,
            data=form,
            method="POST",
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "Accept": "application/json",
            },
        )
        self.token_requests += 1
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
                data = json.loads(answer.read() or b"{}")
        except urllib.error.HTTPError as error:
            raise LtiError(
                _(
                    "the platform refused the token request at {url}: {why} (check "
                    "c.LtiExport.client_id, private_key and the public key registered there)"
                ).format(url=url, why=_why(error))
            ) from error
        except (urllib.error.URLError, OSError) as error:
            raise LtiError(
                _("cannot reach the token endpoint {url}: {why}").format(
                    url=url, why=_reason(error)
                )
            ) from error
        except ValueError as error:
            raise LtiError(
                _("the token endpoint {url} answered something not JSON").format(url=url)
            ) from error
        if not isinstance(data, dict) or not data.get("access_token"):
            raise LtiError(_("the token endpoint {url} gave no access_token").format(url=url))
        self._token = str(data["access_token"])
        return self._token

    def call(
        self,
        method: str,
        url: str,
        body: dict | None = None,
        *,
        content: str = "",
        accept: str = "",
    ) -> tuple[int, object, dict]:
        """One AGS request with the bearer token; a refused token is renewed once.

        Returns (status, JSON body or None, headers); raises ``HTTPError`` for other refusals.
        """
        for attempt in (1, 2):
            if not self._token:
                self.token()
            headers = {"Authorization": f"Bearer {self._token}"}
            if content:
                headers["Content-Type"] = content
            if accept:
                headers["Accept"] = accept
            data = None if body is None else json.dumps(body).encode()
            request = urllib.request.Request(url, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
                    raw = answer.read()
                    parsed = json.loads(raw) if raw.strip() else None
                    return answer.status, parsed, dict(answer.headers)
            except urllib.error.HTTPError as error:
                if error.code == 401 and attempt == 1:
                    self._token = ""  # expired or revoked: one new token, then try again
                    continue
                if error.code == 401:
                    raise LtiError(
                        _("the platform refused the access token at {url}: {why}").format(
                            url=url, why=_why(error)
                        )
                    ) from error
                raise
            except (urllib.error.URLError, OSError) as error:
                raise LtiError(
                    _("cannot reach {url}: {why}").format(url=url, why=_reason(error))
                ) from error
            except ValueError as error:
                raise LtiError(_("{url} answered something not JSON").format(url=url)) from error
        raise AssertionError("unreachable")

    def lineitem(self, name: str, maximum: float) -> tuple[str, bool]:
        """The line item of assignment ``name`` (its URL), found by ``resourceId`` or created;
        and whether it was created."""
        url = _with_query(self.platform.lineitems_url, resource_id=name)
        while url:
            try:
                _status, items, headers = self.call("GET", url, accept=LINEITEMS_TYPE)
            except urllib.error.HTTPError as error:
                raise LtiError(
                    _("listing line items at {url} failed: {why}").format(url=url, why=_why(error))
                ) from error
            for item in items if isinstance(items, list) else []:
                if isinstance(item, dict) and item.get("id") and item.get("resourceId") == name:
                    return str(item["id"]), False
            url = _next_link(headers.get("Link") or headers.get("link") or "")
        new = {"scoreMaximum": maximum, "label": name, "resourceId": name, "tag": name}
        create = self.platform.lineitems_url
        try:
            _status, item, _headers = self.call(
                "POST", create, new, content=LINEITEM_TYPE, accept=LINEITEM_TYPE
            )
        except urllib.error.HTTPError as error:
            raise LtiError(
                _("creating the line item {name} at {url} failed: {why}").format(
                    name=name, url=create, why=_why(error)
                )
            ) from error
        if not isinstance(item, dict) or not item.get("id"):
            raise LtiError(
                _("creating the line item {name} at {url}: the answer has no id").format(
                    name=name, url=create
                )
            )
        return str(item["id"]), True

    def score(self, lineitem: str, payload: dict) -> str:
        """Post one score: ``"sent"``, or ``"kept"`` when the platform holds a newer one."""
        url = scores_url(lineitem)
        try:
            self.call("POST", url, payload, content=SCORE_TYPE)
        except urllib.error.HTTPError as error:
            why = _why(error)
            if error.code == 409 or (error.code in (400, 422) and "timestamp" in why.lower()):
                return "kept"
            raise LtiError(
                _("posting a score to {url} failed: {why}").format(url=url, why=why)
            ) from error
        return "sent"


def _reason(error: Exception) -> str:
    reason = getattr(error, "reason", None) or getattr(error, "strerror", None) or error
    return printable(str(reason))


def _next_link(header: str) -> str:
    """The ``rel="next"`` URL of an HTTP ``Link`` header (AGS paging), or ``""``."""
    for part in header.split(","):
        if 'rel="next"' in part and "<" in part and ">" in part:
            return part[part.index("<") + 1 : part.index(">")]
    return ""


def lms_ids(gradebook: Gradebook, roster: Path | None = None) -> dict[str, str]:
    """nbgrader id -> LMS user id: the gradebook's ``lms_user_id``, then the roster CSV's
    (``student,lms_user_id``; a header row is optional), which wins."""
    ids = {s.id: str(s.lms_user_id) for s in gradebook.students if s.lms_user_id}
    if roster is None:
        return ids
    try:
        with Path(roster).open(newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle))
    except OSError as error:
        raise LtiError(
            _("c.LtiExport.roster: cannot read {path} ({why})").format(
                path=roster, why=error.strerror
            )
        ) from error
    for number, row in enumerate(rows, 1):
        cells = [cell.strip() for cell in row]
        if not any(cells):
            continue
        if number == 1 and cells[0].lower() in ("student", "id", "nbgrader id", "nbgrader_id"):
            continue
        if len(cells) < 2 or not cells[0] or not cells[1]:
            raise LtiError(
                _(
                    "c.LtiExport.roster: {path} line {number} is not 'nbgrader id,LMS id': {row}"
                ).format(path=roster, number=number, row=printable(",".join(row))[:80])
            )
        ids[cells[0]] = cells[1]
    return ids


class Sent(LinesAndCounts):
    """What an export did: one line per student and line item, and the counts."""

    def summary(self, issuer: str) -> str:
        """One line: how many sent, pending, kept, unchanged and skipped, and why."""
        c = self.counts
        sent = c.get("sent", 0) + c.get("pending", 0)
        skipped = c.get("failed", 0) + c.get("missing", 0) + c.get("no id", 0)
        return _(
            "{sent} score(s) sent to {issuer} ({pending} pending hand marking), {kept} kept (the "
            "platform had a newer score), {unchanged} unchanged since last sent; {skipped} skipped "
            "({failed} failed grading, {missing} not handed in, {no_id} without an LMS id)"
        ).format(
            sent=sent,
            issuer=issuer,
            pending=c.get("pending", 0),
            kept=c.get("kept", 0),
            unchanged=c.get("unchanged", 0),
            skipped=skipped,
            failed=c.get("failed", 0),
            missing=c.get("missing", 0),
            no_id=c.get("no id", 0),
        )


def _iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds")


def _submitted(gradebook: Gradebook, mark: Mark) -> datetime | None:
    """The submission's time (nbgrader keeps it naive, in UTC), if nbgrader has one."""
    try:
        stamp = gradebook.find_submission(mark.assignment, mark.student).timestamp
    except MissingEntry:
        return None
    if stamp is None:
        return None
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=timezone.utc)


def _earlier(before: dict) -> tuple[str | None, datetime | None]:
    """What the ledger says was sent before: (the submission's time, the score's timestamp)."""
    state = before.get("state")
    submitted = state[0] if isinstance(state, list) and state else None
    try:
        return submitted, datetime.fromisoformat(str(before["timestamp"]))
    except (KeyError, ValueError):
        return submitted, None


def _ledger(course: Path) -> dict:
    try:
        data = json.loads((course / LEDGER).read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save_ledger(course: Path, ledger: dict) -> None:
    write_atomically(course / LEDGER, lambda handle: json.dump(ledger, handle, indent=1))


def send(
    gradebook: Gradebook,
    course: Path,
    platform: Platform,
    *,
    roster: Path | None = None,
    keep: Callable[[Mark], bool] = lambda mark: True,
    say: Callable[[str], object] = print,
) -> Sent:
    """Send every released assignment's marks to the platform as AGS scores; ``say`` each line.

    Raises ``LtiError`` (one line naming the URL or setting) when the platform or a setting
    stops the export; what was sent until then is remembered in ``lti_sent.json``.
    """
    course = Path(course)
    ids = lms_ids(gradebook, roster)
    rows = [m for m in marks(gradebook, course) if keep(m)]
    ledger = _ledger(course)
    client = Ags(platform)
    sent = Sent()

    def note(kind: str, line: str) -> None:
        sent.add(kind, line)
        say(line)

    try:
        for assignment in dict.fromkeys(m.assignment for m in rows):
            lineitem = ""
            for mark in (m for m in rows if m.assignment == assignment):
                who = f"{printable(assignment)}  {printable(mark.student)}"
                if mark.status == "failed":
                    why = printable(mark.note) or _("see reports/")
                    note(
                        "failed",
                        _("{who}: not sent: the grading failed ({why}); never sent as 0").format(
                            who=who, why=why
                        ),
                    )
                    continue
                if mark.status != "graded" or mark.score is None:
                    note("missing", _("{who}: not sent: not handed in").format(who=who))
                    continue
                user = ids.get(mark.student)
                if not user:
                    note(
                        "no id",
                        _(
                            "{who}: not sent: no LMS id (nbgrader db student add {student} "
                            "--lms-user-id=..., a row in c.LtiExport.roster, or lms-ids from the "
                            "hub)"
                        ).format(who=who, student=printable(mark.student)),
                    )
                    continue
                if not lineitem:
                    lineitem, created = client.lineitem(assignment, mark.max_score)
                    said = (
                        _("{assignment}: line item created: {lineitem}")
                        if created
                        else _("{assignment}: line item found: {lineitem}")
                    )
                    say(said.format(assignment=printable(assignment), lineitem=printable(lineitem)))
                progress = "PendingManual" if mark.needs_manual_grade else "FullyGraded"
                key = f"{lineitem} {user}"
                before = ledger.get(key) if isinstance(ledger.get(key), dict) else {}
                was_submitted, was_stamped = _earlier(before)
                submitted = _submitted(gradebook, mark)  # none: as before, else now
                when = (
                    _iso(submitted)
                    if submitted
                    else was_submitted or _iso(datetime.now(timezone.utc))
                )
                state = [when, mark.score, mark.max_score, progress]
                if before.get("state") == state:
                    note(
                        "unchanged",
                        _("{who}: unchanged since sent at {timestamp}").format(
                            who=who, timestamp=before.get("timestamp")
                        ),
                    )
                    continue
                stamp = datetime.fromisoformat(when)
                if was_submitted == when and was_stamped is not None:
                    # the same submission marked again (by hand): one second after its last score
                    stamp = max(stamp, was_stamped + timedelta(seconds=1))
                payload = {
                    "userId": user,
                    "scoreGiven": mark.score,
                    "scoreMaximum": mark.max_score,
                    "activityProgress": "Completed",
                    "gradingProgress": progress,
                    "timestamp": _iso(stamp),
                }
                if mark.needs_manual_grade:
                    payload["comment"] = _(
                        "Autograded part only: written answers still to be marked."
                    )
                outcome = client.score(lineitem, payload)
                shown = _("{who} (LMS id {id})").format(who=who, id=printable(user))
                if outcome == "kept":
                    note(
                        "kept",
                        _("{who}: kept the platform's newer score (ours is from {time})").format(
                            who=shown, time=_iso(stamp)
                        ),
                    )
                    continue
                ledger[key] = {"state": state, "timestamp": _iso(stamp)}
                points = {"who": shown, "score": f"{mark.score:g}", "max": f"{mark.max_score:g}"}
                if progress == "PendingManual":
                    text = _("{who}: sent {score} of {max} as pending: parts still to mark by hand")
                    note("pending", text.format(**points))
                else:
                    note("sent", _("{who}: sent {score} of {max}, fully graded").format(**points))
    finally:
        _save_ledger(course, ledger)
    return sent


def _setting(section, name: str) -> str:
    value = str(section.get(name, "") or "").strip()
    if not value:
        raise LtiError(
            _("c.LtiExport.{name} is not set in the course's nbgrader_config.py").format(name=name)
        )
    return value


def _url(section, name: str) -> str:
    value = _setting(section, name)
    parts = urllib.parse.urlsplit(value)
    if parts.scheme not in ("https", "http") or not parts.netloc:
        raise LtiError(
            _("c.LtiExport.{name} = {value} is not an http(s) URL").format(
                name=name, value=repr(value)
            )
        )
    if parts.scheme == "http" and parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise LtiError(
            _(
                "c.LtiExport.{name} = {value}: tokens and marks go only over https (plain http "
                "only to this machine)"
            ).format(name=name, value=repr(value))
        )
    return value


def _path(course: Path, value: str) -> Path:
    path = Path(value).expanduser()
    return path if path.is_absolute() else course / path


def settings(course: Path, config=None) -> tuple[Platform, Path | None]:
    """The platform and the roster from the ``LtiExport`` section of the course's config.

    >>> settings(Path("/nowhere"), {"LtiExport": {"issuer": "https://m"}})
    Traceback (most recent call last):
    ...
    tilegames_course.grading.lti.LtiError: c.LtiExport.client_id is not set in the course's nbgrader_config.py
    """
    course = Path(course)
    if config is None:
        from traitlets.config.loader import PyFileConfigLoader

        if not (course / "nbgrader_config.py").is_file():
            raise LtiError(
                _("no nbgrader_config.py in {course}: is this the course folder?").format(
                    course=course
                )
            )
        config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    section = config.get("LtiExport", {}) if hasattr(config, "get") else {}
    platform = Platform(
        issuer=_setting(section, "issuer"),
        client_id=_setting(section, "client_id"),
        token_url=_url(section, "token_url"),
        lineitems_url=_url(section, "lineitems_url"),
        private_key=_path(course, _setting(section, "private_key")),
        audience=str(section.get("audience", "") or ""),
        key_id=str(section.get("key_id", "") or ""),
    )
    roster = str(section.get("roster", "") or "").strip()
    return platform, (_path(course, roster) if roster else None)


def alembic_on_path() -> None:
    """nbgrader's gradebook runs ``alembic`` as a command: this environment's first on PATH."""
    bin_dir = str(Path(sys.executable).parent)
    if bin_dir not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = bin_dir + os.pathsep + os.environ.get("PATH", "")


def export(course: Path, *, say: Callable[[str], object] = print) -> Sent:
    """``python -m tilegames_course.grading.course export --format lti``: the course's marks to its LMS."""
    course = Path(course).resolve()
    platform, roster = settings(course)
    alembic_on_path()
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        result = send(gradebook, course, platform, roster=roster, say=say)
    say(result.summary(platform.issuer))
    return result


def public_jwk(private_key: Path, key_id: str = "") -> dict:
    """The public half of the tool's key as a JWK (Canvas's *Public JWK* field), ``kid`` being
    ``key_id`` or the key's RFC 7638 thumbprint.

    ``python -m tilegames_course.grading.lti jwk lti/tool-private.pem [KEY_ID]`` prints it.
    """
    import jwt
    from cryptography.hazmat.primitives import serialization

    try:
        key = serialization.load_pem_private_key(Path(private_key).read_bytes(), password=None)
    except OSError as error:
        raise LtiError(
            _("cannot read the private key {path} ({why})").format(
                path=private_key, why=error.strerror
            )
        ) from error
    except (ValueError, TypeError) as error:
        raise LtiError(
            _("{path} is not an unencrypted PEM private key").format(path=private_key)
        ) from error
    jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key()))
    jwk.pop("key_ops", None)  # Canvas's form wants kty, e, n, alg, use, kid
    if not key_id:
        import base64
        import hashlib

        members = json.dumps({k: jwk[k] for k in ("e", "kty", "n")}, separators=(",", ":"))
        digest = hashlib.sha256(members.encode()).digest()
        key_id = base64.urlsafe_b64encode(digest).decode().rstrip("=")
    return {**jwk, "alg": "RS256", "use": "sig", "kid": key_id}


class LtiExport(ExportPlugin):
    """nbgrader export: the marks to the LMS by LTI 1.3 AGS (settings: ``c.LtiExport.*``)."""

    issuer = Unicode("", help="The platform's issuer (its base URL)").tag(config=True)
    client_id = Unicode("", help="The tool's client id on the platform").tag(config=True)
    token_url = Unicode("", help="The platform's OAuth2 token endpoint").tag(config=True)
    lineitems_url = Unicode("", help="The course's AGS line items URL").tag(config=True)
    private_key = Unicode("", help="The tool's RSA private key (PEM file)").tag(config=True)
    audience = Unicode("", help="The token request's audience; default: token_url").tag(config=True)
    key_id = Unicode("", help="The key's id (kid), if the platform uses a keyset URL").tag(
        config=True
    )
    roster = Unicode("", help="CSV of nbgrader id,LMS id (overrides lms_user_id)").tag(config=True)
    course = Unicode("", help="The course folder (its reports/); default: nbgrader's").tag(
        config=True
    )

    def export(self, gradebook: Gradebook) -> None:
        coursedir = getattr(self.parent, "coursedir", None)
        course = Path(self.course or (coursedir.root if coursedir is not None else ".")).resolve()
        names = ("issuer", "client_id", "token_url", "lineitems_url", "private_key", "audience",
                 "key_id", "roster")  # fmt: skip
        try:
            platform, roster = settings(course, {"LtiExport": {n: getattr(self, n) for n in names}})
            result = send(
                gradebook,
                course,
                platform,
                roster=roster,
                keep=lambda m: (
                    (not self.assignment or m.assignment in self.assignment)
                    and (not self.student or m.student in self.student)
                ),
                say=self.log.info,
            )
        except LtiError as error:  # one line in nbgrader's log, not a traceback
            self.log.error(_("LTI export stopped: {error}").format(error=error))
            raise SystemExit(1) from None
        self.log.info("%s", result.summary(platform.issuer))


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4) or sys.argv[1] != "jwk":
        print(
            _("usage: {command} jwk PRIVATE_KEY.pem [KEY_ID]").format(
                command="python -m tilegames_course.grading.lti"
            ),
            file=sys.stderr,
        )
        sys.exit(2)
    try:
        print(json.dumps(public_jwk(Path(sys.argv[2]), *sys.argv[3:]), indent=2))
    except LtiError as error:
        print(error, file=sys.stderr)
        sys.exit(1)
