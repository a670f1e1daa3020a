"""``tilegames lessons DIR`` and ``tilegames course DIR``: the shipped files laid out in a folder.

    tilegames lessons ~/tilegames                 # a student: the lessons and what they read
    tilegames course ~/course --course-id prob101  # a teacher: an nbgrader course folder
    tilegames course ~/course --lang sk            # ... its assignments' text in Slovak

Both write only what is missing or unchanged since they wrote it: a file a
person has edited (a lesson run and saved, a config with the class's settings)
is skipped unless ``--force`` is given. What was written is remembered in a
small manifest in DIR (``.tilegames-lessons.json``, ``.tilegames-course.json``:
each file's SHA-256 as written), and every file is reported.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> report = lay_out(folder, {"a.txt": b"one"}, manifest=".m.json")
>>> report.written, (folder / "a.txt").read_text()
(['a.txt'], 'one')
>>> _ = (folder / "a.txt").write_text("mine")
>>> lay_out(folder, {"a.txt": b"two"}, manifest=".m.json").skipped
['a.txt']
>>> lay_out(folder, {"a.txt": b"two"}, manifest=".m.json", force=True).overwritten
['a.txt']
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import hashlib
import importlib
import json
import os
import re
import signal
import sys
import sysconfig
import tempfile
from pathlib import Path

from .. import __version__, resources
from ..course_i18n import translate_course_files
from ..i18n import N_, _, ngettext, translate, using
from .lang import add_lang_option, translate_lessons

__all__ = ["Report", "add_commands", "course_files", "exchange_note", "lay_out", "lessons_files"]

LESSONS_MANIFEST = ".tilegames-lessons.json"
COURSE_MANIFEST = ".tilegames-course.json"
COURSE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\Z")
DEFAULT_EXCHANGE = "/srv/nbgrader/exchange"


@dataclasses.dataclass
class Report:
    """What ``lay_out`` did with each file (paths relative to the folder)."""

    folder: Path
    written: list[str] = dataclasses.field(default_factory=list)
    updated: list[str] = dataclasses.field(default_factory=list)
    unchanged: list[str] = dataclasses.field(default_factory=list)
    skipped: list[str] = dataclasses.field(default_factory=list)
    overwritten: list[str] = dataclasses.field(default_factory=list)
    reasons: dict[str, str] = dataclasses.field(default_factory=dict)
    """Why a file may be updated, where it is not a newer release (the course's settings)."""
    notes: list[str] = dataclasses.field(default_factory=list)
    """What was found amiss on the way (a damaged manifest), in words."""

    def lines(self) -> list[str]:
        """Notes, one line per file written, updated, overwritten or skipped, then a summary
        (in the language in use; the names in a column)."""
        labels = {
            "wrote": _("wrote"),
            "updated": _("updated"),
            "overwrote": _("overwrote"),
            "skipped": _("skipped"),
        }
        width = max(10, *(len(label) for label in labels.values()))

        def line(label: str, name: str) -> str:
            return f"{labels[label]:<{width}} {name}"

        out = [_("note: {note}").format(note=note) for note in self.notes]
        out += [line("wrote", name) for name in self.written]
        newer = _("a newer tilegames ships a new version")
        out += [
            line("updated", f"{name} ({_(self.reasons[name]) if name in self.reasons else newer})")
            for name in self.updated
        ]
        out += [line("overwrote", name + _(" (edited; --force)")) for name in self.overwritten]
        out += [
            line("skipped", name + _(" (edited since written; --force replaces it)"))
            for name in self.skipped
        ]
        counts = [
            (len(self.written), ngettext("{n} written", "{n} written", len(self.written))),
            (len(self.updated), ngettext("{n} updated", "{n} updated", len(self.updated))),
            (
                len(self.overwritten),
                ngettext("{n} overwritten", "{n} overwritten", len(self.overwritten)),
            ),
            (len(self.unchanged), ngettext("{n} unchanged", "{n} unchanged", len(self.unchanged))),
            (len(self.skipped), ngettext("{n} skipped", "{n} skipped", len(self.skipped))),
        ]
        summary = ", ".join(words.format(n=n) for n, words in counts if n) or _("nothing to do")
        return [*out, f"{self.folder}: {summary}"]

    def done(self) -> int:
        """How many files were looked at (written, updated, unchanged, skipped ...)."""
        return sum(
            len(names)
            for names in (
                self.written,
                self.updated,
                self.unchanged,
                self.skipped,
                self.overwritten,
            )
        )


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_STOPS = {
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
}
"""Signals held back while one file is written: Ctrl-C lands between files, never inside one."""


@contextlib.contextmanager
def _one_file_at_a_time():
    """Ctrl-C, SIGTERM and SIGHUP held back inside the block and acted on when it ends: a
    file is written whole and renamed in, or not at all, and no temporary file is left.

    The signals' Python handlers are swapped for one that notes them (a mask would not do:
    another thread may take the signal, and the main thread still raises at once)."""
    received: list[int] = []
    previous: dict[int, object] = {}

    def note(number, frame) -> None:
        received.append(number)

    try:
        for number in _STOPS:
            with contextlib.suppress(ValueError, OSError):  # not the main thread: as it is
                previous[number] = signal.signal(number, note)
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        if received:
            handler = previous.get(received[0])
            if callable(handler):
                handler(received[0], None)
            elif handler == signal.SIG_DFL:
                signal.raise_signal(received[0])


def _write_atomically(path: Path, data: bytes) -> None:
    with _one_file_at_a_time():
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.chmod(temporary, 0o666 & ~_umask())  # as open() would make it, not mkstemp's 0600
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise


class LayOutStopped(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM, SIGHUP) stopped ``lay_out`` between two files: ``report`` says what
    was done; every file there is whole, and the manifest records those written."""

    def __init__(self, report: Report, total: int) -> None:
        super().__init__(f"stopped after {report.done()} of {total} files")
        self.report = report
        self.total = total


def _read_manifest(path: Path) -> tuple[dict[str, str], str | None]:
    """The files a manifest records (name -> SHA-256 as written), and a note when it is there
    but damaged (not JSON, or not of the shape this command writes): then it counts as
    absent, so every file that differs from the shipped one is kept as a person's."""
    try:
        text = path.read_text()
    except FileNotFoundError:
        return {}, None
    except (OSError, UnicodeDecodeError) as error:
        return {}, _(
            "{path} cannot be read ({error}): every file that differs is kept as yours"
        ).format(path=path, error=error)
    try:
        files = json.loads(text).get("files")
    except (ValueError, AttributeError):
        files = None
    if isinstance(files, dict) and all(
        isinstance(name, str) and isinstance(digest, str) for name, digest in files.items()
    ):
        return files, None
    return {}, _(
        "{path} is damaged (not the record this command writes): it is written anew, and "
        "every file that differs from the shipped one is kept as yours"
    ).format(path=path)


def lay_out(
    folder: Path,
    files: dict[str, bytes],
    *,
    manifest: str,
    force: bool = False,
    reasons: dict[str, str] | None = None,
) -> Report:
    """Write ``files`` (relative path -> content) under ``folder``, keeping a person's edits.

    A file is written when it is missing, or when it is as this command last
    wrote it (its hash is in the manifest); a file that differs from both the
    new content and what was written is a person's: skipped, unless ``force``.
    """
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(_("{folder} exists and is not a folder").format(folder=folder))
    folder.mkdir(parents=True, exist_ok=True)
    record_path = folder / manifest
    recorded, note = _read_manifest(record_path)
    report = Report(folder, reasons=dict(reasons or {}), notes=[note] if note else [])
    kept: dict[str, str] = {}
    try:
        for name, data in files.items():
            path = folder / name
            new = _digest(data)
            if not path.exists():
                _write_atomically(path, data)
                report.written.append(name)
            else:
                current = _digest(path.read_bytes())
                if current == new:
                    report.unchanged.append(name)
                elif recorded.get(name) == current:
                    _write_atomically(path, data)
                    report.updated.append(name)
                elif force:
                    _write_atomically(path, data)
                    report.overwritten.append(name)
                else:
                    report.skipped.append(name)
                    kept[name] = recorded.get(name, "")
                    continue
            kept[name] = new
    except KeyboardInterrupt:  # between two files: record those done, and say so
        unvisited = {
            name: recorded[name] for name in files if name not in kept and name in recorded
        }
        _write_manifest(record_path, {**unvisited, **kept})
        raise LayOutStopped(report, len(files)) from None
    _write_manifest(record_path, kept)
    return report


def _write_manifest(path: Path, kept: dict[str, str]) -> None:
    record = {"written_by": f"tilegames {__version__}", "files": kept}
    _write_atomically(path, (json.dumps(record, indent=1, sort_keys=True) + "\n").encode())


def lessons_files(assignments: bool = False, lang: str | None = None) -> dict[str, bytes]:
    """What ``tilegames lessons`` writes: ``notebooks/``, ``results/`` (which the lessons read
    as ``../results/``), ``cards/``, and with ``assignments`` the students' copies of the course.

    The rules cards are the English ones, or with ``lang`` that language's where it has one
    (``cards/<lang>/<game>.html`` in the shipped files, written as ``cards/<game>.html``).
    """
    parts = {"lessons": "notebooks", "results": "results", "cards": "cards"}
    if assignments:
        parts["release"] = "assignments"
    files = {}
    for kind, target in parts.items():
        base = resources.folder(kind)
        for name in resources.names(kind):
            if kind == "cards" and "/" in name:  # a translation: taken below, when asked for
                continue
            files[f"{target}/{name}"] = (base / name).read_bytes()
    if lang and lang != "en":
        base = resources.folder("cards")
        for name in resources.names("cards"):
            folder, _slash, card = name.partition("/")
            if folder == lang and f"cards/{card}" in files:
                files[f"cards/{card}"] = (base / name).read_bytes()
    if not any(name.startswith("notebooks/") for name in files):
        raise FileNotFoundError(
            _(
                "this tilegames ships no lessons (looked in {folder}): "
                "reinstall it from a wheel or sdist"
            ).format(folder=resources.folder("lessons"))
        )
    return files


def _course_package():
    """``tilegames_course``, or ``None`` when the teacher's kit is not installed."""
    try:
        return importlib.import_module("tilegames_course")
    except ImportError:
        return None


MISSING_KIT = N_(
    "tilegames course needs the teacher's kit, the tilegames-course package, which is not "
    "installed in this Python ({python}).\nIt holds the assignments' solutions and answer keys, "
    "so it is not part of tilegames (which students install). Get the wheel from whoever runs "
    "your course (or build it from a tilegames checkout: python -m build course), then:\n"
    "    pip install tilegames_course-{version}-py3-none-any.whl"
)


def course_config(shipped: str, course_id: str, exchange: str, lang: str | None = None) -> str:
    """The course's ``nbgrader_config.py``: the shipped settings, then this class's.

    The course id and the exchange are the ones given to ``tilegames course``, unless the
    environment says otherwise (``TILEGAMES_COURSE_ID``, ``TILEGAMES_EXCHANGE``, as the guide
    tells a hub's administrator).

    With ``lang`` (not English), what nbgrader writes in place of a solution in the students'
    copies (``ClearSolutions``' stubs) is in that language too.

    >>> text = course_config("c = get_config()\\n", "prob101", "/srv/nbgrader/exchange")
    >>> 'os.environ.get("TILEGAMES_COURSE_ID", "prob101")' in text
    True
    >>> course_config("", "prob101", "/x", lang="sk").splitlines()[-1]
    'c.ClearSolutions.text_stub = "SEM NAPÍŠ SVOJU ODPOVEĎ"'
    """
    return (
        shipped.rstrip("\n")
        + "\n\n# This class (written by `tilegames course`; edit freely: it is never overwritten\n"
        + "# without --force). The exchange is the folder the hub shares between the teacher\n"
        + "# and the students; the environment variables, when set, win.\n"
        + 'c.CourseDirectory.course_id = os.environ.get("TILEGAMES_COURSE_ID", '
        + f"{json.dumps(course_id)})\n"
        + f'c.Exchange.root = os.environ.get("TILEGAMES_EXCHANGE", {json.dumps(exchange)})\n'
        + "c.Exchange.path_includes_course = True  # several courses can share the exchange\n"
        + _solution_stubs(lang)
    )


CODE_STUB = N_("your working here")
"""What stands in a code cell's solution region in the students' copies (after ``# ``)."""
TEXT_STUB = N_("YOUR ANSWER HERE")
"""What stands in a written answer's cell in the students' copies."""


def _solution_stubs(lang: str | None) -> str:
    """The config lines that put nbgrader's stubs in ``lang`` (nothing for English: the shipped
    settings already say them)."""
    if not lang or lang == "en":
        return ""
    with using(lang):
        code, text = translate(CODE_STUB), translate(TEXT_STUB)
    return (
        "# the students' copies in this class's language: what stands where a solution was\n"
        + f'c.ClearSolutions.code_stub = {{"python": {json.dumps("# " + code, ensure_ascii=False)}}}\n'
        + f"c.ClearSolutions.text_stub = {json.dumps(text, ensure_ascii=False)}\n"
    )


def course_files(kit, course_id: str, exchange: str, lang: str | None = None) -> dict[str, bytes]:
    """What ``tilegames course`` writes from the teacher's kit (the students' copies, ``release/``,
    are then generated by nbgrader in the folder, so the gradebook knows every notebook)."""
    base = kit.folder()
    files = {}
    for name in kit.names():
        data = (base / name).read_bytes()
        if name == "nbgrader_config.py":
            data = course_config(data.decode("utf-8"), course_id, exchange, lang).encode("utf-8")
        files[name] = data
    if not any(name.startswith("source/") for name in files):
        raise FileNotFoundError(
            _("the teacher's kit in {folder} holds no assignment sources").format(folder=base)
        )
    return files


def prepare_assignments(folder: Path) -> list[str]:
    """Generate the students' copies with nbgrader (``tilegames_course.grading.course.prepare``,
    the teacher's package: imported here, never when ``tilegames`` is); lines to print. Without
    nbgrader here, say so: the teacher's environment needs ``tilegames[course]``.
    """
    try:
        from tilegames_course.grading.course import prepare
    except ImportError:
        return [
            _(
                "not generated: nbgrader is not installed here (pip install "
                "'tilegames[course]'); then run tilegames course again"
            )
        ]
    # nbgrader runs the `alembic` command that sits beside this Python (on PATH in an
    # activated environment; put it there for a console script run by its full path)
    scripts = sysconfig.get_path("scripts")
    path = os.environ.get("PATH", "")
    os.environ["PATH"] = os.pathsep.join([scripts, path]) if path else scripts
    try:
        return prepare(folder)
    finally:
        os.environ["PATH"] = path


def _refused(command: str, error: OSError) -> int:
    print(
        _("tilegames {command}: {error}; stopped there").format(command=command, error=error),
        file=sys.stderr,
    )
    return 2


def run_lessons(args: argparse.Namespace) -> int:
    """``tilegames lessons DIR``. Ctrl-C stops it between two files, saying what it did."""
    try:
        return _lessons(args)
    except OSError as error:
        return _refused("lessons", error)
    except LayOutStopped as stop:
        report = stop.report
        print(
            ngettext(
                "stopped: tilegames lessons had gone through {done} of {total} files in "
                "{folder} ({written} written); each file there is whole: run the same command "
                "again to finish",
                "stopped: tilegames lessons had gone through {done} of {total} files in "
                "{folder} ({written} written); each file there is whole: run the same command "
                "again to finish",
                stop.total,
            ).format(
                done=report.done(),
                total=stop.total,
                folder=report.folder,
                written=len(report.written) + len(report.updated),
            ),
            file=sys.stderr,
        )
        return 128 + signal.SIGINT
    except KeyboardInterrupt:  # before the first file
        print(
            _("stopped: tilegames lessons wrote nothing in {folder}").format(folder=args.folder),
            file=sys.stderr,
        )
        return 128 + signal.SIGINT


def run_course(args: argparse.Namespace) -> int:
    """``tilegames course DIR``."""
    try:
        return _course(args)
    except OSError as error:
        return _refused("course", error)


def _lessons(args: argparse.Namespace) -> int:
    lang = getattr(args, "lang", None)
    files, languages = translate_lessons(
        lessons_files(assignments=args.assignments, lang=lang), lang
    )
    # the students' copies of the course: their markdown in that language where it has a catalog
    files, _assignments = translate_course_files(files, lang, "assignments")
    report = lay_out(Path(args.folder), files, manifest=LESSONS_MANIFEST, force=args.force)
    print("\n".join(report.lines()))
    if languages:
        print(languages)
    print(
        _("open {folder} in JupyterLab and start with {first}").format(
            folder=Path(args.folder) / "notebooks", first="01_tula_rules.ipynb"
        )
    )
    return 0


def _course(args: argparse.Namespace) -> int:
    kit = _course_package()
    if kit is None:
        print(_(MISSING_KIT).format(python=sys.executable, version=__version__), file=sys.stderr)
        return 2
    kit_version = getattr(kit, "__version__", "?")
    if kit_version != __version__:
        print(
            _(
                "note: tilegames-course {kit} with tilegames {version}: "
                "install the same release of both"
            ).format(kit=kit_version, version=__version__),
            file=sys.stderr,
        )
    lang = getattr(args, "lang", None)
    files = course_files(kit, args.course_id, args.exchange, lang)
    # the sources' markdown in that language (nbgrader's cells as they are), before nbgrader
    # generates the students' copies from them (with nbgrader's stubs in that language)
    files, _assignments = translate_course_files(files, lang, "source")
    folder = Path(args.folder)
    if not folder.exists():  # it will hold every solution and the keys: the teacher's alone
        folder.mkdir(parents=True, mode=0o700)
    elif folder.is_dir() and folder.stat().st_mode & 0o077:
        print(
            _(
                "note: {folder} may be read by other accounts (mode {mode}); it holds every "
                "solution: chmod 700 {folder}"
            ).format(folder=folder, mode=f"{folder.stat().st_mode & 0o777:o}"),
            file=sys.stderr,
        )
    why = N_("this class's course id or exchange, or the shipped settings, changed")
    report = lay_out(
        folder,
        files,
        manifest=COURSE_MANIFEST,
        force=args.force,
        reasons={"nbgrader_config.py": why},
    )
    print("\n".join(report.lines()))
    for line in prepare_assignments(folder):
        print(line)
    if "nbgrader_config.py" in report.skipped:
        print(
            _("your nbgrader_config.py is kept as you edited it: its course id and exchange stand")
        )
    else:
        print(
            _("course {course} (exchange {exchange}) in {folder}").format(
                course=repr(args.course_id), exchange=args.exchange, folder=folder
            )
        )
        print(exchange_note(Path(args.exchange)))
    print(
        _(
            "run nbgrader from that folder (for the formgrader set c.CourseDirectory.root = "
            "{root} in ~/.jupyter/nbgrader_config.py); the guide is README.md"
        ).format(root=repr(str(folder.resolve())))
    )
    return 0


def exchange_note(exchange: Path) -> str:
    """Whether ``exchange`` is ready for a class: a folder every account may write to, with the
    sticky bit (so nobody removes another's files); what to do when it is not.

    >>> exchange_note(Path("/nonexistent/exchange")).startswith("note: the exchange")
    True
    """
    fix = _("ask the hub's administrator to run: {command}").format(
        command=f"sudo install -d -m 1777 {exchange}"
    )
    if not exchange.is_dir():
        return _("note: the exchange {exchange} does not exist yet; {fix}").format(
            exchange=exchange, fix=fix
        )
    mode = exchange.stat().st_mode
    if mode & 0o1777 != 0o1777:
        return _("note: the exchange {exchange} has mode {mode}, not 1777; {fix}").format(
            exchange=exchange, mode=f"{mode & 0o7777:o}", fix=fix
        )
    return _("the exchange {exchange} is ready (mode 1777)").format(exchange=exchange)


def _course_id(text: str) -> str:
    if not COURSE_ID.match(text):
        raise argparse.ArgumentTypeError(
            _(
                "{text}: a course id is letters, digits, '.', '_' or '-', starting with a "
                "letter or digit"
            ).format(text=repr(text))
        )
    return text


def add_commands(commands) -> None:
    """Register ``lessons`` and ``course`` on the ``tilegames`` sub-command parsers."""
    lessons = commands.add_parser(
        "lessons", help=_("write the lesson notebooks (and the files they read) into a folder")
    )
    lessons.add_argument("folder", metavar="DIR", help=_("the folder (made if missing)"))
    lessons.add_argument(
        "--assignments",
        action="store_true",
        help=_("also the students' copies of the course's assignments (for self-study)"),
    )
    lessons.add_argument("--force", action="store_true", help=_("replace files you have edited"))
    add_lang_option(lessons, _("the lessons' language"))
    lessons.set_defaults(run=run_lessons)
    course = commands.add_parser(
        "course",
        help=_("set up a teacher's nbgrader course folder (needs the tilegames-course package)"),
    )
    course.add_argument("folder", metavar="DIR", help=_("the course folder (made if missing)"))
    course.add_argument(
        "--course-id", type=_course_id, default="tilegames", help=_("nbgrader's course id")
    )
    course.add_argument(
        "--exchange",
        default=DEFAULT_EXCHANGE,
        help=_("the hub's nbgrader exchange folder (default {folder})").format(
            folder=DEFAULT_EXCHANGE
        ),
    )
    course.add_argument("--force", action="store_true", help=_("replace files you have edited"))
    add_lang_option(course, _("the assignments' language"))
    course.set_defaults(run=run_course)
