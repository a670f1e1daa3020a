"""The students' LMS ids from the hub's LTI 1.3 login, into the gradebook's ``lms_user_id``.

A hub whose students log in through the LMS (``jupyterhub-ltiauthenticator``'s
``LTI13Authenticator``) names each user by one claim of the launch's id token (its
``username_key``: ``email`` by default, ``custom_username`` for a custom parameter
``username=$User.username``, ``sub`` when the key is empty) and, with
``c.Authenticator.enable_auth_state = True`` and ``JUPYTERHUB_CRYPT_KEY`` set, keeps the whole
decoded id token as the user's ``auth_state``. Its ``sub`` is the platform's id of the student:
the ``userId`` of every AGS score (``tilegames_course.grading.lti``).

    python -m tilegames_course.grading.course lms-ids [--hub URL] [--token-file F] [--course DIR]
                                               [STUDENT ...]

reads ``GET /hub/api/users/{name}`` for each student of the gradebook (or each one named) with an
API token that has the ``admin:auth_state`` scope (``JUPYTERHUB_API_TOKEN``, or ``--token-file``)
and records each id with ``Gradebook.update_or_create_student(name, lms_user_id=sub)``. Refused in
words, never written: a student with no LTI login on the hub yet, a login from another platform
than ``c.LtiExport.issuer``, an id that differs from the one already recorded (in the gradebook or
``c.LtiExport.roster``: never silently overwritten); a hub that cannot be reached, or a token it
refuses or that lacks the scope, stops the command.

(``GET /hub/api/users``, the list, never fills ``auth_state`` in, even for such a token: each
student is read on their own.)
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable
from pathlib import Path

from tilegames.i18n import _

from .files import LinesAndCounts, http_error_line, printable

__all__ = ["HubError", "Recorded", "hub_api", "lms_id", "read_ids", "record", "run"]

LTI_VERSION = "https://purl.imsglobal.org/spec/lti/claim/version"
SCOPE = "admin:auth_state"
TIMEOUT = 30  # seconds for one request


class HubError(RuntimeError):
    """What stops the command (the hub, the token, the course); ``str()`` says it in one line."""


class NoLtiLogin(LookupError):
    """A user's ``auth_state`` holds no LTI 1.3 login; ``str()`` says why."""


def lms_id(auth_state: object) -> tuple[str, str]:
    """(issuer, LMS user id) of a user's ``auth_state`` as ``LTI13Authenticator`` keeps it: the
    launch's id token, whose ``iss`` is the platform and ``sub`` its id of the student.

    >>> lms_id({"iss": "https://moodle.school.example", "sub": "5a1f",
    ...         "https://purl.imsglobal.org/spec/lti/claim/version": "1.3.0"})
    ('https://moodle.school.example', '5a1f')
    >>> lms_id(None)
    Traceback (most recent call last):
    ...
    tilegames_course.grading.hub_ids.NoLtiLogin: no LTI login on the hub yet (its auth_state is empty)
    >>> lms_id({"lti_version": "LTI-1p0", "user_id": "7"})
    Traceback (most recent call last):
    ...
    tilegames_course.grading.hub_ids.NoLtiLogin: an LTI 1.1 login: its user_id is not the LTI 1.3 id scores need
    """
    if not auth_state:
        raise NoLtiLogin(_("no LTI login on the hub yet (its auth_state is empty)"))
    if not isinstance(auth_state, dict):
        raise NoLtiLogin(
            _("its auth_state is a {type}, not an LTI id token").format(
                type=type(auth_state).__name__
            )
        )
    if auth_state.get("lti_version") == "LTI-1p0":
        raise NoLtiLogin(_("an LTI 1.1 login: its user_id is not the LTI 1.3 id scores need"))
    sub, issuer = auth_state.get("sub"), auth_state.get("iss")
    if LTI_VERSION not in auth_state or not isinstance(sub, str) or not isinstance(issuer, str):
        raise NoLtiLogin(
            _("its auth_state is not an LTI 1.3 launch's id token (another authenticator's?)")
        )
    if not sub.strip():
        raise NoLtiLogin(_("its LTI login has an empty sub"))
    return issuer, sub


def _reason(error: Exception) -> str:
    reason = getattr(error, "reason", None) or getattr(error, "strerror", None) or error
    return printable(str(reason))


def api_base(hub: str) -> str:
    """The hub's REST API URL from its address (or from the API URL itself).

    >>> api_base("https://hub.school.example"), api_base("http://127.0.0.1:8081/hub/api/")
    ('https://hub.school.example/hub/api', 'http://127.0.0.1:8081/hub/api')
    >>> api_base("hub.school.example")
    Traceback (most recent call last):
    ...
    tilegames_course.grading.hub_ids.HubError: --hub 'hub.school.example' is not an http(s) URL
    """
    parts = urllib.parse.urlsplit(hub.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise HubError(_("--hub {hub} is not an http(s) URL").format(hub=repr(hub)))
    path = parts.path.rstrip("/")
    if not path.endswith("/hub/api"):
        path += "/hub/api"
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def hub_api(base: str, token: str) -> Callable[[str], tuple[int, object]]:
    """``get(path)`` → (status, JSON) of the hub's REST API with ``token``; 200 and 404 are
    answers, anything else (or no answer) a ``HubError`` naming the URL."""

    def get(path: str) -> tuple[int, object]:
        url = base + path
        request = urllib.request.Request(
            url, headers={"Authorization": f"token {token}", "Accept": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return 404, None
            if error.code in (401, 403):
                raise HubError(
                    _(
                        "the hub refused the token at {url}: {answer} (an API token with the "
                        "{scope} and read:users scopes is needed)"
                    ).format(url=url, answer=http_error_line(error), scope=SCOPE)
                ) from error
            raise HubError(
                _("the hub answered {url} with {answer}").format(
                    url=url, answer=http_error_line(error)
                )
            ) from error
        except (urllib.error.URLError, OSError) as error:
            raise HubError(
                _("cannot reach the hub at {url}: {reason}").format(url=url, reason=_reason(error))
            ) from error
        except ValueError as error:
            raise HubError(
                _("{url} answered something not JSON: is it a JupyterHub?").format(url=url)
            ) from error

    return get


def _check_scope(get: Callable[[str], tuple[int, object]], base: str) -> None:
    """Refuse a token without ``admin:auth_state`` before reading anyone (``GET /user`` lists a
    token's scopes: ``admin:auth_state``, or filtered ones like ``admin:auth_state!group=x``)."""
    status, me = get("/user")
    if status != 200 or not isinstance(me, dict) or not isinstance(me.get("scopes"), list):
        raise HubError(
            _("{url} did not say who the token is: is it a JupyterHub 2 or later?").format(
                url=f"{base}/user"
            )
        )
    scopes = [str(s) for s in me["scopes"]]
    if not any(s == SCOPE or s.startswith(SCOPE + "!") for s in scopes):
        raise HubError(
            _(
                "the token ({kind} {name}) has no {scope} scope, so the hub shows no logins: use "
                "a token of an account or service with a role granting {scope} and read:users (a "
                "token made on the hub's Token page, not the server's own JUPYTERHUB_API_TOKEN)"
            ).format(kind=me.get("kind", "user"), name=printable(me.get("name")), scope=SCOPE)
        )


def read_ids(
    get: Callable[[str], tuple[int, object]], base: str, names: Iterable[str]
) -> tuple[dict[str, tuple[str, str]], dict[str, str]]:
    """Each named user's (issuer, LMS id) from the hub, and why not for the others."""
    _check_scope(get, base)
    found: dict[str, tuple[str, str]] = {}
    missing: dict[str, str] = {}
    for name in names:
        status, model = get("/users/" + urllib.parse.quote(name, safe=""))
        if status == 404:
            missing[name] = _(
                "not a user of the hub (never logged in), or not readable by the token"
            )
            continue
        if not isinstance(model, dict):
            raise HubError(
                _("{url} answered no user model").format(url=f"{base}/users/{printable(name)}")
            )
        if "auth_state" not in model:
            missing[name] = _("the token's {scope} scope does not cover this user").format(
                scope=SCOPE
            )
            continue
        try:
            found[name] = lms_id(model["auth_state"])
        except NoLtiLogin as why:
            missing[name] = str(why)
    return found, missing


class Recorded(LinesAndCounts):
    """What ``lms-ids`` did: one line per student, and the counts."""

    @property
    def refused(self) -> int:
        return sum(v for k, v in self.counts.items() if k not in ("recorded", "already"))

    def summary(self) -> str:
        c = self.counts
        return _(
            "{recorded} LMS id(s) recorded, {already} already recorded; {refused} refused "
            "({no_login} without an LTI login, {other} from another platform, {differs} "
            "differing from the id recorded)"
        ).format(
            recorded=c.get("recorded", 0),
            already=c.get("already", 0),
            refused=self.refused,
            no_login=c.get("no login", 0),
            other=c.get("other platform", 0),
            differs=c.get("differs", 0),
        )


def record(
    gradebook,
    found: dict[str, tuple[str, str]],
    missing: dict[str, str],
    *,
    issuer: str = "",
    roster: Path | None = None,
    say: Callable[[str], object] = print,
) -> Recorded:
    """Write the ids found into the gradebook's ``lms_user_id``; refuse (and ``say``) the rest.

    An id differing from the one recorded (the gradebook's, or ``roster``'s, which the export
    prefers) is never written; a login from a platform other than ``issuer`` (when set) neither.
    """
    from .lti import lms_ids

    done = Recorded()
    gradebook_ids = lms_ids(gradebook)
    effective = lms_ids(gradebook, roster)

    def note(kind: str, line: str) -> None:
        done.add(kind, line)
        say(line)

    for name in sorted({*found, *missing}):
        who = printable(name)
        if name in missing:
            note("no login", _("{student}: no id: {why}").format(student=who, why=missing[name]))
            continue
        platform, sub = found[name]
        shown = printable(sub)
        if issuer and platform.rstrip("/") != issuer.rstrip("/"):
            note(
                "other platform",
                _(
                    "{student}: not recorded: the hub's login came from {platform}, not "
                    "c.LtiExport.issuer {issuer}"
                ).format(student=who, platform=printable(platform), issuer=printable(issuer)),
            )
            continue
        before = effective.get(name)
        if before == sub:
            note(
                "already",
                _("{student}: LMS id {id} already recorded").format(student=who, id=shown),
            )
            continue
        if before:
            if gradebook_ids.get(name) != before:
                text = _(
                    "{student}: not recorded: the hub's LTI login says {id}, c.LtiExport.roster "
                    "has {recorded}; nothing changed (correct c.LtiExport.roster by hand if the "
                    "hub is right)"
                )
            else:
                text = _(
                    "{student}: not recorded: the hub's LTI login says {id}, the gradebook has "
                    "{recorded}; nothing changed (correct the gradebook by hand if the hub is "
                    "right)"
                )
            note("differs", text.format(student=who, id=shown, recorded=printable(before)))
            continue
        gradebook.update_or_create_student(name, lms_user_id=sub)
        note("recorded", _("{student}: LMS id {id} recorded").format(student=who, id=shown))
    return done


def _course_settings(course: Path) -> tuple[str, Path | None]:
    """``c.LtiExport.issuer`` and ``c.LtiExport.roster`` (either may be unset)."""
    from traitlets.config.loader import PyFileConfigLoader

    if not (course / "nbgrader_config.py").is_file():
        raise HubError(
            _("no nbgrader_config.py in {course}: is this the course folder?").format(course=course)
        )
    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    section = config.get("LtiExport", {})
    issuer = str(section.get("issuer", "") or "").strip()
    roster = str(section.get("roster", "") or "").strip()
    if not roster:
        return issuer, None
    path = Path(roster).expanduser()
    return issuer, path if path.is_absolute() else course / path


def run(
    course: Path,
    hub: str,
    token: str,
    names: list[str] | None = None,
    *,
    say: Callable[[str], object] = print,
) -> Recorded:
    """``python -m tilegames_course.grading.course lms-ids``: read the hub, record the ids, say each."""
    from nbgrader.api import Gradebook

    from .lti import alembic_on_path

    course = Path(course).resolve()
    issuer, roster = _course_settings(course)
    if not token:
        raise HubError(
            _(
                "no API token: set JUPYTERHUB_API_TOKEN or pass --token-file (a token with the "
                "{scope} and read:users scopes)"
            ).format(scope=SCOPE)
        )
    base = api_base(hub)
    alembic_on_path()
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        wanted = list(names or [s.id for s in gradebook.students])
        if not wanted:
            raise HubError(
                _(
                    "the gradebook has no students yet: name them (lms-ids ada bob ...) or add "
                    "them (nbgrader db student add)"
                )
            )
        found, missing = read_ids(hub_api(base, token), base, wanted)
        result = record(gradebook, found, missing, issuer=issuer, roster=roster, say=say)
    say(result.summary())
    return result


def token_from(path: Path | None) -> str:
    """The API token: the file's first line, else ``JUPYTERHUB_API_TOKEN``."""
    if path is None:
        return os.environ.get("JUPYTERHUB_API_TOKEN", "").strip()
    try:
        return Path(path).read_text().strip().splitlines()[0].strip()
    except (OSError, IndexError) as error:
        raise HubError(
            _("--token-file {path}: cannot read a token from it").format(path=path)
        ) from error
