"""Classroom exercises: questions a student answers in a notebook, checked by ``check()``.

Two sides, kept apart:

- **the student's**: each worksheet or homework has a module here (``tula``,
  ``maze``, ``triominos``, ``pyramids``, ``mercy``, ``round_score``,
  ``first_player``) with the student's own positions and deals (made from their
  id), ``check(key, answer)`` — is the answer's *form* right? (it never knows the
  answer) — and ``submit(key, answer)``, the graded cells' one line, which hands
  the answer in as plain data (``handin``);
- **the teacher's**: the answer keys, ``keys/<assignment>.py`` in the course
  folder (never in this package), whose graders say **correct**, **incorrect**
  with a hint aimed at the likely mistake, or **not attempted**, and never print
  the answer. ``tilegames_course.grading`` runs them in a process of their own.

>>> from tilegames.exercises import tula as sheet
>>> sheet.check("pairs", ...).status
'not attempted'
>>> sheet.check("pairs", 192).status
'ready'
>>> sheet.check("pairs", "ninety").message
'give a whole number, like 7 (not a string).'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from numbers import Integral, Real
from typing import Any

from .. import i18n  # i18n._(...)
from .answers import (
    FRACTION,
    WHOLE,
    AnswerFormat,
    as_bool,
    as_fraction,
    as_move,
    as_names,
    as_number,
    as_whole,
)

__all__ = [
    "FRACTION",
    "WHOLE",
    "AnswerFormat",
    "Form",
    "Partial",
    "Picture",
    "Question",
    "QuestionSet",
    "Result",
    "Sheet",
    "as_fraction",
    "as_move",
    "as_number",
    "as_whole",
    "as_bool",
    "as_names",
    "yes_no",
    "COUNT",
    "EXACT",
    "HOMEWORK",
    "WORKSHEET",
]

HOMEWORK = ("ASSIGNMENT", "check", "deals", "student_id", "submit")
"""What every sheet module offers a notebook: its assignment's name, ``check`` (the form of an
answer), the student's ``deals``, ``student_id`` and ``submit``; each module's ``__all__`` starts
with it (a test checks them all)."""
WORKSHEET = (*HOMEWORK, "GAMES", "check_yourself", "position")
"""What a worksheet (a game's, from a lesson) adds: how many games its simulation plays, the
lesson's ``check_yourself`` and the student's own ``position``."""


@dataclass(frozen=True)
class Result:
    """The verdict on one answer; shows itself in a notebook as a coloured line."""

    question: str
    status: str
    """``correct``, ``incorrect``, ``not attempted``, or ``ready`` (a home check: the form is right)."""
    message: str
    """What the student reads: praise, a targeted hint, or how to start. Never the answer."""
    score: float = 0.0
    """The share of the question's points earned (1 when correct; between for partial credit)."""

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        mark = {
            "correct": i18n.N_("✔ Correct"),
            "incorrect": i18n.N_("✘ Not yet"),
            "not attempted": i18n.N_("… Not attempted"),
            "ready": i18n.N_("✔ Ready to hand in"),
        }
        shown = mark[self.status]
        if self.status == "incorrect" and self.score > 0:
            shown = i18n.N_("◐ Partly right")
        return i18n._("{mark} ({question}): {message}").format(
            mark=i18n._(shown), question=self.question, message=self.message
        )

    def _repr_html_(self) -> str:
        from html import escape

        colour = {
            "correct": "#2e7d32",
            "ready": "#2e7d32",
            "incorrect": "#c62828",
            "not attempted": "#6d4c41",
        }[self.status]
        return f'<div style="color:{colour};font-weight:bold">{escape(str(self))}</div>'

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Partial:
    """A grader's verdict for an answer that is partly right: the share earned and a hint."""

    share: float
    hint: str

    def __post_init__(self) -> None:
        if not 0 <= self.share < 1:
            raise ValueError(f"a partial share is at least 0 and below 1, not {self.share}")

    def __str__(self) -> str:
        return self.hint


Grader = Callable[[Any], "str | Partial | None"]
"""None when the answer is right, else a hint (never the answer) or a ``Partial``."""


@dataclass(frozen=True)
class Question:
    """One exercise: its prompt, its grader, the answer's format, and its answer's texts.

    ``answer`` computes the right answer from the library (used by the tests
    that prove no hint contains it, and by the teacher's notes); ``form``
    describes the format a student must give, and is the hint for a badly
    formed answer.
    """

    key: str
    prompt: str
    grade: Grader
    form: str
    answer: Callable[[], Any] | None = None
    praise: str = i18n.N_("well done.")
    topic: str = ""
    """The probability or statistics topic (for the teacher's guide)."""

    def answer_texts(self) -> list[str]:
        """Ways the right answer could be written; no hint may contain any of them."""
        if self.answer is None:
            return []
        return answer_texts(self.answer())


def answer_texts(value: Any) -> list[str]:
    """The texts of an answer a hint must never contain (numbers in several spellings).

    >>> answer_texts(Fraction(120, 253))[:3]
    ['120/253', '0.474', '47.4%']
    """
    texts: list[str] = []
    if isinstance(value, bool):
        return texts
    if isinstance(value, Fraction) and value.denominator != 1:
        texts += [f"{value.numerator}/{value.denominator}", f"{float(value):.3f}"]
        texts += [f"{float(value):.1%}"]
    elif isinstance(value, (Fraction, Integral)):
        number = int(value)
        if abs(number) >= 10:  # a one-digit number appears in any sentence; two digits do not
            texts.append(str(number))
    elif isinstance(value, Real) and math.isfinite(value):
        texts += [f"{value:.3f}"]
    elif isinstance(value, (set, frozenset, list, tuple)) and value:
        items = sorted(str(item) for item in value)
        texts.append(", ".join(items))
        if len(items) > 1:
            texts.append(" and ".join(items))
    elif isinstance(value, str):
        texts.append(value)
    return texts


class QuestionSet:
    """The questions of one worksheet, checked by key."""

    def __init__(self, questions: list[Question]) -> None:
        self.questions = {question.key: question for question in questions}

    def __iter__(self):
        return iter(self.questions.values())

    def check(self, key: str, answer: Any) -> Result:
        """Check ``answer`` to question ``key``; ``...`` (the notebook's placeholder) is 'not attempted'."""
        if key not in self.questions:
            raise KeyError(
                i18n._("no question {key!r}; the questions are {keys}").format(
                    key=key, keys=", ".join(self.questions)
                )
            )
        question = self.questions[key]
        if answer is ... or answer is None:
            return Result(
                key,
                "not attempted",
                i18n._("replace the ... with your answer and run the cell again."),
            )
        share = 0.0
        try:
            hint = question.grade(answer)
        except AnswerFormat as error:
            hint = str(error)
        except RecursionError:
            hint = i18n._("that answer is nested too deeply: give {form}.").format(
                form=i18n.translate(question.form)
            )
        except Exception:  # an answer may be any object: its own methods may raise anything
            hint = i18n._("that answer has the wrong form: give {form}.").format(
                form=i18n.translate(question.form)
            )
        if hint is None:
            return Result(key, "correct", i18n.translate(question.praise), 1.0)
        if isinstance(hint, Partial):
            share, hint = hint.share, hint.hint
        secrets = [text for text in question.answer_texts() if text]
        if any(text in hint for text in secrets):  # a last guard: a hint never carries the answer
            hint = i18n._("check your working (the answer is {form}).").format(
                form=i18n.translate(question.form)
            )
            if any(text in hint for text in secrets):
                hint = i18n._("check your working.")
        return Result(key, "incorrect", hint, share)

    def grade(self, key: str, answer: Any) -> None:
        """For autograded cells: pass silently when right, else ``AssertionError`` with the hint."""
        result = self.check(key, answer)
        if not result.correct:
            raise AssertionError(str(result))

    def prompts(self) -> dict[str, str]:
        """Each question's key and prompt, in order."""
        return {key: question.prompt for key, question in self.questions.items()}


def yes_no(key: str, prompt: str, truth: Callable[[], bool], why: str, topic: str) -> Question:
    """A quick yes/no question whose truth the library decides; ``why`` is the hint when wrong."""

    def grade(answer: Any) -> str | None:
        return None if as_bool(answer) == truth() else why

    return Question(key, prompt, grade, "True or False", topic=topic)


# -- the student's side: the form of each answer, and handing it in -----------------------------


@dataclass(frozen=True)
class Form:
    """How an answer must be written: ``read`` raises ``AnswerFormat`` (a hint) unless it is."""

    read: Callable[[Any], Any]
    text: str
    """The form in words, like 'a whole number, like 7'."""

    @classmethod
    def checked(cls, check: Callable[[Any], str | None], text: str) -> Form:
        """A form whose ``check`` returns a hint (or None): a simulation's checks of itself."""

        def read(answer: Any) -> Any:
            hint = check(answer)
            if hint:
                raise AnswerFormat(hint.hint if isinstance(hint, Partial) else hint)
            return answer

        return cls(read, text)


COUNT = Form(as_whole, WHOLE)
"""The form of a count: a whole number."""
EXACT = Form(as_fraction, FRACTION)
"""The form of an exact probability: a Fraction."""


class Sheet:
    """A worksheet as its student sees it: each question's form, ``check`` and ``submit``.

    ``check`` looks at an answer's *form* (and replays a simulation's rows), never at
    whether it is right: the answer keys are the teacher's, not in anything a student
    can import. ``submit`` hands the answer in for the teacher's grader.

    >>> sheet = Sheet("demo", {"count": COUNT})
    >>> sheet.check("count", 12).status
    'ready'
    >>> sheet.check("count", "twelve").message
    'give a whole number, like 7 (not a string).'
    >>> sheet.check("count", ...).status
    'not attempted'
    """

    def __init__(self, assignment: str, forms: dict[str, Form]) -> None:
        self.assignment = assignment
        self.forms = dict(forms)

    def check(self, key: str, answer: Any) -> Result:
        """Is ``answer`` to question ``key`` ready to hand in? (Its form, not its truth.)"""
        if key not in self.forms:
            raise KeyError(
                i18n._("no question {key!r}; the questions are {keys}").format(
                    key=key, keys=", ".join(self.forms)
                )
            )
        form = self.forms[key]
        if answer is ... or answer is None:
            return Result(
                key,
                "not attempted",
                i18n._("replace the ... with your answer and run the cell again."),
            )
        try:
            form.read(answer)
        except AnswerFormat as error:
            return Result(key, "incorrect", str(error))
        except RecursionError:
            return Result(
                key,
                "incorrect",
                i18n._("that answer is nested too deeply: give {form}.").format(
                    form=i18n.translate(form.text)
                ),
            )
        except Exception:  # an answer may be any object: its own methods may raise anything
            return Result(
                key,
                "incorrect",
                i18n._("that answer has the wrong form: give {form}.").format(
                    form=i18n.translate(form.text)
                ),
            )
        return Result(
            key,
            "ready",
            i18n._("its form is right. Your teacher's grader marks whether it is correct."),
        )

    def submit(self, key: str, answer: Any):
        """The graded cell's one line: hand in ``answer`` to question ``key`` as plain data."""
        from .handin import submit

        if key not in self.forms:
            raise KeyError(
                i18n._("no question {key!r}; the questions are {keys}").format(
                    key=key, keys=", ".join(self.forms)
                )
            )
        return submit(self.assignment, key, answer)


class Picture:
    """An SVG picture that shows itself in a notebook (a position drawn without its hints)."""

    def __init__(self, markup: str) -> None:
        self.markup = markup

    def _repr_svg_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        return i18n._("a picture (shown in a notebook)")
