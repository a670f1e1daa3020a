"""What the class-experiment lesson calls to send its rows: ``share`` that answers in words.

``share`` is the store's ``share`` as a student meets it: it answers with one line of words
(what was sent, or why nothing was), never a developer's repr and never a traceback into the
library — a refused send is one clear line, and the result is falsy. (The class's results,
for the lesson, are ``store.class_results``.)

>>> from tilegames.classroom import EXPERIMENTS, run
>>> answer = share("tula_stuck", run(EXPERIMENTS["tula_stuck"], "ada", 5), store=None)
>>> bool(answer), answer.sent
(False, False)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from .store import Refused, Sent
from .store import share as share_rows

__all__ = ["Shared", "share"]


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
