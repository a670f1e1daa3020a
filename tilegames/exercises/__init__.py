"""Classroom exercises: questions a student answers in a notebook, checked by ``check()``.

A check answers in one of three ways — **correct**, **incorrect** with a hint
aimed at the likely mistake, or **not attempted** — and never prints the
answer. Each game's questions live in a module here (``tula``); the student
and teacher notebooks live in ``exercises/`` at the project root.

>>> from tilegames.exercises import tula as tula_exercises
>>> tula_exercises.check("partners", ...).status
'not attempted'
>>> result = tula_exercises.check("partners", 7)
>>> result.status, "8" in result.message
('incorrect', False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Result:
    """The verdict on one answer; shows itself in a notebook as a coloured line."""

    question: str
    status: str
    """``correct``, ``incorrect`` or ``not attempted``."""
    message: str
    """What the student reads: praise, a targeted hint, or how to start. Never the answer."""

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    def __str__(self) -> str:
        mark = {
            "correct": "✔ Correct",
            "incorrect": "✘ Not yet",
            "not attempted": "… Not attempted",
        }
        return f"{mark[self.status]} ({self.question}): {self.message}"

    def _repr_html_(self) -> str:
        from html import escape

        colour = {"correct": "#2e7d32", "incorrect": "#c62828", "not attempted": "#6d4c41"}[
            self.status
        ]
        return f'<div style="color:{colour};font-weight:bold">{escape(str(self))}</div>'

    def __repr__(self) -> str:
        return str(self)


Grader = Callable[[Any], "str | None"]
"""Returns None when the answer is right, else a hint (which must not give the answer away)."""


@dataclass(frozen=True)
class Question:
    """One exercise: its prompt, its grader, and what to say when it is right."""

    key: str
    prompt: str
    grade: Grader
    praise: str = "well done."


class QuestionSet:
    """The questions of one worksheet, checked by key."""

    def __init__(self, questions: list[Question]) -> None:
        self.questions = {question.key: question for question in questions}

    def check(self, key: str, answer: Any) -> Result:
        """Check ``answer`` to question ``key``; ``...`` (the notebook's placeholder) is 'not attempted'."""
        if key not in self.questions:
            raise KeyError(f"no question {key!r}; the questions are {', '.join(self.questions)}")
        question = self.questions[key]
        if answer is ... or answer is None:
            return Result(
                key, "not attempted", "replace the ... with your answer and run the cell again."
            )
        try:
            hint = question.grade(answer)
        except (TypeError, ValueError) as error:
            hint = f"that answer has the wrong form ({error})."
        if hint is None:
            return Result(key, "correct", question.praise)
        return Result(key, "incorrect", hint)
