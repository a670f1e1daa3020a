"""The students' environment on a school's hub: nbgrader's Assignments list, nothing of the teacher's.

    python -m tilegames.student_env [--prefix ENV] [--exchange DIR]

Run once by the hub's administrator in the students' environment (the hub image,
where ``tilegames[hub]`` is installed and the teacher's kit, ``tilegames-course``,
never is: it holds every solution). It hides nbgrader's teacher tools and its
*Validate* button (which would run no grading here, so it would say "passes" of any
notebook), and names the class's exchange. It is here, in the students' package,
because it is run where only that package is; it needs nothing but the standard library (and this package's catalogs).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as env:
...     [path.name for path in student_environment(env, exchange="/srv/nbgrader/exchange")]
['nbgrader_config.py', 'zz-tilegames-students.json', 'page_config.json']
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .i18n import _, argparse_speaking

__all__ = ["STUDENT_HIDDEN_LAB", "STUDENT_HIDDEN_SERVER", "main", "student_environment"]

STUDENT_HIDDEN_LAB = (
    "@jupyter/nbgrader:formgrader",
    "@jupyter/nbgrader:create-assignment",
    "@jupyter/nbgrader:course-list",
    "@jupyter/nbgrader:validate-assignment",
)
"""nbgrader's teacher tools, and its Validate button (which runs no tests here: grading happens
on the teacher's side, so it would say "passes" of any notebook)."""
STUDENT_HIDDEN_SERVER = (
    "nbgrader.server_extensions.formgrader",
    "nbgrader.server_extensions.course_list",
    "nbgrader.server_extensions.validate_assignment",
)
"""The server side of the same tools."""


def student_environment(
    prefix: os.PathLike | str = sys.prefix, exchange: os.PathLike | str | None = None
) -> list[Path]:
    """Leave students only nbgrader's Assignments list (fetch, submit) in the environment ``prefix``.

    Writes ``etc/jupyter/jupyter_server_config.d/zz-tilegames-students.json`` (read after
    nbgrader's own, so it wins) and adds the teacher tools to ``disabledExtensions`` in
    ``etc/jupyter/labconfig/page_config.json``; with ``exchange``, also
    ``etc/jupyter/nbgrader_config.py`` naming the class's exchange (as the teacher's course
    does: one folder per course inside it). Returns the files written.
    """
    etc = Path(prefix) / "etc" / "jupyter"
    written = []
    if exchange is not None:
        config = etc / "nbgrader_config.py"
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text(
            "# the class's nbgrader exchange (written by python -m tilegames.student_env)\n"
            "c = get_config()  # noqa: F821\n"
            f"c.Exchange.root = {json.dumps(str(exchange))}\n"
            "c.Exchange.path_includes_course = True\n"
        )
        written.append(config)
    server = etc / "jupyter_server_config.d" / "zz-tilegames-students.json"
    server.parent.mkdir(parents=True, exist_ok=True)
    extensions = {name: False for name in STUDENT_HIDDEN_SERVER}
    server.write_text(json.dumps({"ServerApp": {"jpserver_extensions": extensions}}, indent=2))
    page = etc / "labconfig" / "page_config.json"
    page.parent.mkdir(parents=True, exist_ok=True)
    settings = json.loads(page.read_text()) if page.exists() else {}
    disabled = settings.setdefault("disabledExtensions", {})
    disabled.update({name: True for name in STUDENT_HIDDEN_LAB})
    page.write_text(json.dumps(settings, indent=2))
    return [*written, server, page]


@argparse_speaking()  # argparse's own words (usage:, error:) in the language in use too
def main(argv: list[str] | None = None) -> int:
    """``python -m tilegames.student_env``: prints each file written."""
    parser = argparse.ArgumentParser(
        prog="python -m tilegames.student_env",
        description=_("hide nbgrader's teacher tools and Validate from students"),
    )
    parser.add_argument("--prefix", type=Path, default=Path(sys.prefix))
    parser.add_argument(
        "--exchange",
        type=Path,
        help=_("the class's nbgrader exchange folder (written to its config)"),
    )
    args = parser.parse_args(argv)
    for path in student_environment(args.prefix, args.exchange):
        print(_("wrote {path}").format(path=path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
