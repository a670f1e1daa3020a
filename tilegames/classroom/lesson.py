"""What the class-experiment lesson calls: ``share`` that answers in words, and the class's rows.

``share`` is the store's ``share`` as a student meets it: it answers with one line of words
(what was sent, or why nothing was), never a developer's repr and never a traceback into the
library — a refused send is one clear line, and the result is falsy. ``class_batches`` is the
class's rows: the class store's when the teacher has set one up, else a made-up class whose
students play batches of many sizes (some a few games, some many), so a funnel plot shows its
funnel.

>>> from tilegames.classroom import EXPERIMENTS, run
>>> answer = share("tula_stuck", run(EXPERIMENTS["tula_stuck"], "ada", 5), store=None)
>>> bool(answer), answer.sent
(False, False)
>>> rows, where = class_batches("pyramids_first", students=3, typical=8)
>>> rows.groupby("student").size().tolist()
[24, 5, 1]
>>> print(where)
a class of 3 made-up students, playing between 1 and 24 games each, 30 in all (no class store is set up here)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import pandas as pd

from .experiments import EXPERIMENTS, batch_sizes, class_of
from .store import STORE_VARIABLE, Refused, Sent, class_rows
from .store import share as share_rows

__all__ = ["Shared", "class_batches", "share"]


@dataclass(frozen=True)
class Shared:
    """What ``share`` did, in words: ``sent`` is whether the class now has your rows."""

    sent: bool
    words: str

    def __bool__(self) -> bool:
        return self.sent

    def __str__(self) -> str:
        return self.words

    __repr__ = __str__


def share(experiment: str, rows: Any, *, store: str | os.PathLike | None = None) -> Shared:
    """Send your rows to the class (the class store your teacher set up, or ``store=``).

    Answers in one line of words; a refused send is not an error to read through, it says why.
    """
    try:
        result = share_rows(experiment, rows, store=store)
    except Refused as refusal:
        reason = str(refusal)
        return Shared(False, f"Not shared: {reason[0].lower()}{reason[1:]}")
    if isinstance(result, Sent):
        return Shared(True, str(result))
    return Shared(False, str(result))


def class_batches(
    experiment: str,
    *,
    store: str | os.PathLike | None = None,
    students: int = 30,
    typical: int | None = None,
) -> tuple[pd.DataFrame, str]:
    """The class's rows and where they come from: the class store when one is set up, else
    ``students`` made-up students whose batches run from an eighth of ``typical`` games to
    three times it (``batch_sizes``)."""
    folder = store or os.environ.get(STORE_VARIABLE)
    if folder:
        return class_rows(experiment, store=folder)
    chosen = EXPERIMENTS[experiment]
    sizes = batch_sizes(chosen.batch if typical is None else typical, students)
    unit = chosen.unit or "games"
    return class_of(chosen, students, sizes), (
        f"a class of {students} made-up students, playing between {min(sizes)} and "
        f"{max(sizes)} {unit} each, {sum(sizes):,} in all (no class store is set up here)"
    )
