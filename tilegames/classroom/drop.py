"""The drop folder under the class store: files, modes and owners (like nbgrader's exchange).

The teacher owns the folder, mode ``3733``: everyone may create files in it and
open a file whose name they know, but only the teacher may list it (no ``r``
for others), and only a file's owner (or the teacher) may delete or replace it
(the sticky bit). The setgid bit gives every file the teacher's group, so a
student's share is written ``0640`` and only the teacher can read it, even by
its name. Each share is one JSON file, written whole to a hidden temporary
file and renamed into place, named ``<student>.<experiment>.<token>.share.json``
where the token is an HMAC of the student's own key: the same student sharing
again replaces their own file, and nobody can guess another's name.

On one account (a laptop, the teacher trying things) all of this is the same
folder and the same calls, under one uid.

>>> import tempfile, os
>>> folder = create_store(os.path.join(tempfile.mkdtemp(), "store"))
>>> oct(folder.stat().st_mode & 0o7777)
'0o3733'
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import hmac
import json
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import pwd
except ImportError:  # Windows: one account, no owners to check
    pwd = None  # type: ignore[assignment]

__all__ = [
    "MODE",
    "SHARE",
    "REFUSAL",
    "StoreError",
    "Found",
    "account_of",
    "create_store",
    "matches_account",
    "read_drop",
    "write_file",
]

MODE = 0o3733
"""The drop folder's mode: setgid, sticky, the owner ``rwx``, everyone else ``-wx``."""
SHARE = ".share.json"
REFUSAL = ".refused.json"
SUMMARY = "_summary.{}.json"
"""The class summary the teacher's side publishes for the students (no share has this name)."""
MAX_BYTES = 4_000_000
"""The largest share the teacher's side reads (10,000 rows take about 400 kB)."""
ACCOUNT_PREFIXES = ("", "jupyter-")
"""A student id's Unix account: the id itself, or The Littlest JupyterHub's ``jupyter-<id>``."""


def euid() -> int:
    """This process's account (0 where the system has no Unix accounts)."""
    return os.geteuid() if hasattr(os, "geteuid") else 0


class StoreError(OSError):
    """The class store cannot be used; the message names its folder and says why, in one line."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "the class store cannot be used"


def _why(error: OSError) -> str:
    if error.errno == errno.ELOOP:
        return "a link, not a file"
    if error.errno in (errno.EACCES, errno.EPERM):
        return f"permission denied for the account {account_of(euid())!r}"
    if error.errno == errno.ENOSPC:
        return "no space left on its disk"
    if error.errno == errno.EDQUOT:
        return "your disk quota is full"
    if error.errno == errno.EROFS:
        return "its disk is read-only"
    return (error.strerror or str(error)).lower()


def account_of(uid: int) -> str:
    """The account name of ``uid`` (or ``uid 1234`` where it has none)."""
    try:
        return pwd.getpwuid(uid).pw_name if pwd else f"uid {uid}"
    except KeyError:
        return f"uid {uid}"


def matches_account(student: str, account: str) -> bool:
    """Whether ``account`` is the Unix account of ``student`` (``ada`` or ``jupyter-ada``)."""
    return any(account == prefix + student for prefix in ACCOUNT_PREFIXES)


def create_store(folder: str | os.PathLike, *, group: int | None = None) -> Path:
    """Make ``folder`` the class store's drop folder (mode 3733, the caller's group); the teacher
    runs this once. An existing folder of the caller's is given the mode; one of another account's
    is refused. The one-line way: ``python -m tilegames.classroom create FOLDER``."""
    path = Path(folder).absolute()
    if path.exists() and not path.is_dir():
        raise StoreError(f"the class store {path} is not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        info = path.stat()
        if not stat.S_ISDIR(info.st_mode):
            raise StoreError(f"the class store {path} is not a folder")
        if info.st_uid != euid() and euid() != 0:
            if info.st_mode & 0o7777 == MODE:
                return path
            raise StoreError(
                f"the class store {path} belongs to {account_of(info.st_uid)!r}: "
                "its owner runs create"
            )
        if hasattr(os, "chown"):
            os.chown(path, -1, os.getegid() if group is None else group)
        os.chmod(path, MODE)  # after chown: a chown may clear the setgid bit
    except StoreError:
        raise
    except OSError as error:
        raise StoreError(f"cannot create the class store {path}: {_why(error)}") from None
    return path


def open_to_others(folder: str | os.PathLike) -> str | None:
    """What other accounts may do to the class's shares in ``folder`` that they should not (list
    them, or delete and replace them), in words; ``None`` for a proper drop folder."""
    mode = Path(folder).stat().st_mode
    if mode & (stat.S_IROTH | stat.S_IRGRP):
        return "other accounts can list it"
    if mode & (stat.S_IWOTH | stat.S_IWGRP) and not mode & stat.S_ISVTX:
        return "other accounts can delete and replace the shares in it"
    return None


def untraversable(folder: Path) -> Path | None:
    """The first folder above ``folder`` that other accounts cannot pass through, if any."""
    for parent in folder.absolute().parents:
        try:
            if not parent.stat().st_mode & stat.S_IXOTH:
                return parent
        except OSError:
            return parent
    return None


def _key() -> bytes | None:
    """This account's own key for share names (made once, 0600, in its home), or ``None``."""
    home = os.environ.get("XDG_DATA_HOME") or os.path.join(
        pwd.getpwuid(euid()).pw_dir if pwd else str(Path.home()), ".local", "share"
    )
    path = Path(home) / "tilegames" / "class-store.key"
    try:
        return bytes.fromhex(path.read_text().strip())
    except (OSError, ValueError):
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{secrets.token_hex(8)}.tmp")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(secrets.token_hex(32))
        try:
            os.link(temporary, path)  # never replaces a key another process made first
        except FileExistsError:
            pass
        finally:
            os.unlink(temporary)
        return bytes.fromhex(path.read_text().strip())
    except (OSError, ValueError):
        return None


def share_name(folder: Path, experiment: str, student: str) -> str:
    """The file ``student``'s share of ``experiment`` goes to: the same one each time from the
    same account (so it replaces the last), unguessable by anyone else."""
    key = _key()
    message = f"{os.path.realpath(folder)}|{experiment}|{student}".encode()
    token = (
        hmac.new(key, message, hashlib.sha256).hexdigest()[:32] if key else secrets.token_hex(16)
    )
    return f"{student}.{experiment}.{token}{SHARE}"


def _file_mode(folder: Path) -> int:
    """0640 where the folder's group is the teacher's and not this account's, else 0644."""
    if not hasattr(os, "getgroups"):
        return 0o644
    info = folder.stat()
    mine = {os.getegid(), *os.getgroups()}
    return 0o640 if info.st_mode & stat.S_ISGID and info.st_gid not in mine else 0o644


def write_file(
    folder: str | os.PathLike, name: str, data: dict, *, mode: int | None = None
) -> Path:
    """Write ``data`` as JSON to ``folder/name`` whole: a hidden temporary file, then a rename.
    A store that cannot be written raises ``StoreError`` naming it and saying why."""
    folder = Path(folder).absolute()
    try:
        info = folder.stat()
    except FileNotFoundError:
        raise StoreError(
            f"the class store {folder} does not exist: your teacher creates it "
            f"(python -m tilegames.classroom create {folder})"
        ) from None
    except OSError as error:
        raise StoreError(f"cannot reach the class store {folder}: {_why(error)}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise StoreError(f"the class store {folder} is not a folder")
    temporary = folder / f".{secrets.token_hex(12)}.tmp"
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as error:
        raise StoreError(f"cannot write to the class store {folder}: {_why(error)}") from None
    try:
        with os.fdopen(descriptor, "w") as handle:
            json.dump(data, handle, separators=(",", ":"))
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, _file_mode(folder) if mode is None else mode)  # not the umask's
        os.replace(temporary, folder / name)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise StoreError(f"cannot write to the class store {folder}: {_why(error)}") from None
    return folder / name


@dataclass(frozen=True)
class Found:
    """One file read from the drop folder: its name, owner, time, and its data or its problem."""

    name: str
    uid: int
    account: str
    mtime: float
    key: tuple
    data: Any = None
    problem: str = ""


def read_file(folder: Path, name: str) -> Found:
    """Read ``folder/name`` as the teacher's side must: no links, no devices, nothing huge."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    descriptor = os.open(folder / name, flags)
    try:
        info = os.fstat(descriptor)
        found = Found(
            name,
            info.st_uid,
            account_of(info.st_uid),
            info.st_mtime,
            (name, info.st_ino, info.st_mtime_ns, info.st_size, info.st_uid),
        )
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
            return _problem(found, "not a plain file")
        if info.st_size > MAX_BYTES:
            return _problem(found, f"{info.st_size:,} bytes, more than a share can hold")
        with os.fdopen(os.dup(descriptor), "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    finally:
        os.close(descriptor)
    try:
        return Found(*_fields(found), data=json.loads(raw))
    except (ValueError, RecursionError):
        return _problem(found, "not a share (unreadable JSON)")


def _fields(found: Found) -> tuple:
    return found.name, found.uid, found.account, found.mtime, found.key


def _problem(found: Found, problem: str) -> Found:
    return Found(*_fields(found), problem=problem)


def read_drop(folder: str | os.PathLike, seen: dict | None = None) -> list[Found]:
    """Every share and refusal note in the drop folder (the teacher's side: it lists the folder).
    ``seen``: the files read before, by name, inode, time, size and owner; a file unchanged
    since is not read again (a refresh reads only what is new)."""
    folder = Path(folder).absolute()
    seen = {} if seen is None else seen
    try:
        names = sorted(os.listdir(folder))
    except OSError as error:
        if error.errno in (errno.EACCES, errno.EPERM):
            raise StoreError(
                f"cannot read the class store {folder}: only its owner "
                f"({account_of(folder.stat().st_uid)}) sees the class's shares"
            ) from None
        raise StoreError(f"cannot read the class store {folder}: {_why(error)}") from None
    found = []
    for name in names:
        if name.startswith((".", "_")) or not name.endswith((SHARE, REFUSAL)):
            continue
        try:
            info = os.lstat(folder / name)
            key = (name, info.st_ino, info.st_mtime_ns, info.st_size, info.st_uid)
            if key not in seen:
                seen[key] = read_file(folder, name)
            found.append(seen[key])
        except FileNotFoundError:  # replaced or removed while we listed
            continue
        except OSError as error:
            found.append(Found(name, -1, "?", 0.0, (name,), problem=_why(error)))
    return found


def trusted_uids(folder: str | os.PathLike) -> set[int]:
    """The accounts whose files count under any student id: the folder's owner (the teacher),
    the reader, and root. Every other account writes only under its own id."""
    return {Path(folder).stat().st_uid, euid(), 0}
