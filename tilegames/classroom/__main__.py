"""``python -m tilegames.classroom create FOLDER``: the teacher makes the class store, in one line;
``python -m tilegames.classroom summary FOLDER EXPERIMENT``: the dashboard's summary, in words.

It makes FOLDER (or mends its mode) as the class store's drop folder, mode 3733:
every student may leave their own shares in it; only its owner lists and reads
them. It says what to give the class, and warns when a folder above cannot be
passed through by the students' accounts.
"""

from __future__ import annotations

import sys

from ..i18n import _, argparse_speaking
from .drop import StoreError, create_store, untraversable
from .store import STORE_VARIABLE


@argparse_speaking()  # argparse's own words (usage:, error:) in the language in use too
def main(argv: list[str] | None = None) -> int:
    """``python -m tilegames.classroom create FOLDER``: the teacher makes the class store."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m tilegames.classroom",
        description=_(
            "Make the class store's folder (mode 3733: every student drops their own "
            "shares in it; only you can list and read them)."
        ),
    )
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("create", help=_("make FOLDER the class store (or fix its mode)"))
    make.add_argument("folder")
    summary = commands.add_parser("summary", help=_("the class's results so far, in words"))
    summary.add_argument("folder")
    summary.add_argument(
        "experiment",
        help=_("the experiment: {names}").format(
            names="tula_stuck, triominos_round, pyramids_first"
        ),
    )
    args = parser.parse_args(argv)
    if args.command == "summary":
        return _summary(args.folder, args.experiment)
    try:
        path = create_store(args.folder)
    except StoreError as error:
        print(_("error: {error}").format(error=error), file=sys.stderr)
        return 1
    print(
        _("The class store is ready: {path} (mode 3733). Give the class {setting}").format(
            path=path, setting=f"{STORE_VARIABLE}={path}"
        )
    )
    blocked = untraversable(path)
    if blocked:
        print(
            _(
                "warning: other accounts cannot pass through {blocked}, so students cannot reach "
                "the store: chmod o+x {blocked} (or choose a folder under /srv)"
            ).format(blocked=blocked),
            file=sys.stderr,
        )
    return 0


def _summary(folder: str, experiment: str) -> int:
    from .dashboard import class_summary
    from .experiments import EXPERIMENTS
    from .store import ClassStore

    if experiment not in EXPERIMENTS:
        print(
            _("error: no experiment {experiment}: one of {names}").format(
                experiment=repr(experiment), names=", ".join(EXPERIMENTS)
            ),
            file=sys.stderr,
        )
        return 2
    try:
        store = ClassStore(folder)
        rows, refused = store.rows(experiment), store.refusals(experiment)
        text = class_summary(rows, EXPERIMENTS[experiment], refused=refused).text()
    except StoreError as error:
        print(_("error: {error}").format(error=error), file=sys.stderr)
        return 1
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
