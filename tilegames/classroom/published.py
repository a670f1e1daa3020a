"""The class summary as the teacher publishes it for the students: figures, never names or rows.

On a hub of separate accounts a student cannot list the class store, so the
lesson reads what the teacher's dashboard last published: each batch's games,
estimate and interval (in a shuffled order, labelled ``student 1`` …), the
pooled estimate and the count of intervals that cover. The file is the
teacher's own (its owner is checked), written whole like every share.

>>> import pandas as pd
>>> from tilegames.classroom import EXPERIMENTS, class_summary
>>> rows = pd.DataFrame({"student": ["zed"] * 4 + ["quinn"] * 4, "seed": range(8),
...                      "value": [1, 0, 0, 0, 0, 0, 1, 1]})
>>> data = summary_data(class_summary(rows, EXPERIMENTS["tula_stuck"]))
>>> sorted(s["games"] for s in data["students"]), "zed" in str(data) or "quinn" in str(data)
([4, 4], False)
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from .. import i18n
from ..stats import Estimate
from . import drop
from .dashboard import ClassSummary, StudentEstimate
from .experiments import Experiment

__all__ = ["read_summary", "summary_data"]


def summary_data(summary: ClassSummary) -> dict:
    """``summary`` as JSON-safe data with no student's name in it."""
    batches = [
        {"games": s.games, "estimate": s.estimate, "low": s.low, "high": s.high, "covers": s.covers}
        for s in summary.students
    ]
    random.SystemRandom().shuffle(batches)  # the order says nothing about who
    pooled = summary.pooled
    return {
        "format": "tilegames-class-summary",
        "experiment": summary.experiment.name,
        "published": time.time(),
        "students": batches,
        "pooled": {"value": pooled.value, "low": pooled.low, "high": pooled.high},
        "games": summary.games,
    }


def read_summary(folder: Path, experiment: Experiment) -> tuple[ClassSummary, str]:
    """The summary the teacher last published for ``experiment``, and where it comes from
    (an empty summary, saying so, before the teacher has published one)."""
    import pandas as pd

    from .dashboard import class_summary

    name = drop.SUMMARY.format(experiment.name)
    owners = {folder.stat().st_uid, 0}
    try:
        found = drop.read_file(folder, name)
    except FileNotFoundError:
        found = None
    except OSError as error:
        raise drop.StoreError(
            f"cannot read the class summary in {folder}: {error.strerror}"
        ) from None
    data = found.data if found is not None and found.uid in owners else None
    if not isinstance(data, dict) or data.get("experiment") != experiment.name:
        empty = pd.DataFrame({"student": [], "seed": [], "value": []})
        return class_summary(empty, experiment), i18n._(
            "the class store ({folder}): your teacher has not shown the class's results yet"
        ).format(folder=folder)
    percent = experiment.kind == "proportion"
    students = [
        StudentEstimate(
            f"student {number}",
            int(s["games"]),
            float(s["estimate"]),
            float(s["low"]),
            float(s["high"]),
            bool(s["covers"]),
        )
        for number, s in enumerate(data["students"], start=1)
    ]
    pooled = data["pooled"]
    summary = ClassSummary(
        experiment,
        experiment.truth(),
        students,
        Estimate(pooled["value"], pooled["low"], pooled["high"], percent=percent),
        int(data["games"]),
    )
    when = time.strftime("%H:%M", time.localtime(float(data["published"])))
    return summary, i18n._(
        "the class store, as your teacher's dashboard showed it at {when}"
    ).format(when=when)
