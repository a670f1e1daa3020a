"""Classroom exercises: questions a student answers in a notebook, checked by ``check()``.

A check answers in one of three ways — **correct**, **incorrect** with a hint
aimed at the likely mistake, or **not attempted** — and never prints the
answer. A wrong *format* (a string where a number belongs, a tuple where the
simulation's rows belong) gets a hint about the format. Every right answer is
computed from the library when the check runs, never typed in.

Each worksheet or homework has a module here (``tula``, ``maze``,
``triominos``, ``pyramids``, ``mercy``, ``round_score``, ``first_player``);
the nbgrader sources and the students' copies live in ``exercises/`` at the
project root. In a notebook, ``check(key, answer)`` gives feedback and
``grade(key, answer)`` (used by the autograded cells) raises ``AssertionError``
with the same hint unless the answer is right.

>>> from tilegames.exercises import tula as sheet
>>> sheet.check("pairs", ...).status
'not attempted'
>>> result = sheet.check("pairs", 192)
>>> result.status, "96" in result.message
('incorrect', False)
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

__all__ = [
    "AnswerFormat",
    "Question",
    "QuestionSet",
    "Result",
    "as_fraction",
    "as_number",
    "as_whole",
    "as_bool",
    "as_names",
    "yes_no",
]


class AnswerFormat(ValueError):
    """An answer of the wrong format; the message says which format is wanted."""


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

    def __bool__(self) -> bool:
        return self.correct

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
    praise: str = "well done."
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
            raise KeyError(f"no question {key!r}; the questions are {', '.join(self.questions)}")
        question = self.questions[key]
        if answer is ... or answer is None:
            return Result(
                key, "not attempted", "replace the ... with your answer and run the cell again."
            )
        try:
            hint = question.grade(answer)
        except AnswerFormat as error:
            hint = str(error)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, ArithmeticError):
            hint = f"that answer has the wrong form: give {question.form}."
        if hint is None:
            return Result(key, "correct", question.praise)
        secrets = [text for text in question.answer_texts() if text]
        if any(text in hint for text in secrets):  # a last guard: a hint never carries the answer
            hint = f"check your working (the answer is {question.form})."
            if any(text in hint for text in secrets):
                hint = "check your working."
        return Result(key, "incorrect", hint)

    def grade(self, key: str, answer: Any) -> None:
        """For autograded cells: pass silently when right, else ``AssertionError`` with the hint."""
        result = self.check(key, answer)
        if not result.correct:
            raise AssertionError(str(result))

    def prompts(self) -> dict[str, str]:
        """Each question's key and prompt, in order."""
        return {key: question.prompt for key, question in self.questions.items()}


# -- reading answers: each raises AnswerFormat with a hint about the format ---------------------


def as_whole(answer: Any, what: str = "a whole number, like 7") -> int:
    """A whole number (an int, or a float with nothing after the point); else a format hint.

    >>> as_whole(12.0)
    12
    """
    if isinstance(answer, str):
        raise AnswerFormat(f"give {what} (not a string).")
    if isinstance(answer, bool) or not isinstance(answer, Real):
        raise AnswerFormat(f"give {what}.")
    if not math.isfinite(float(answer)) or float(answer) != int(answer):
        raise AnswerFormat(f"give {what}: a count has nothing after the decimal point.")
    return int(answer)


def as_fraction(answer: Any, what: str = "a Fraction, like Fraction(3, 7)") -> Fraction:
    """An exact probability: a Fraction or an int; a float is refused with a hint.

    >>> as_fraction(Fraction(2, 4))
    Fraction(1, 2)
    """
    if isinstance(answer, bool):
        raise AnswerFormat(f"give {what}.")
    if isinstance(answer, (Fraction, Integral)):
        return Fraction(answer)
    if isinstance(answer, str):
        raise AnswerFormat(f"give {what}, not a string: Fraction('3/7') turns text into one.")
    if isinstance(answer, Real):
        raise AnswerFormat(
            f"the question asks for the exact value: give {what} (from fractions import Fraction), "
            "not a decimal."
        )
    raise AnswerFormat(f"give {what}.")


def as_number(answer: Any, what: str = "a number, like 7.25") -> float:
    """Any real number (an int, a float, a Fraction); a string or a list gets a format hint."""
    if isinstance(answer, str):
        raise AnswerFormat(f"give {what} (not a string).")
    if isinstance(answer, bool) or not isinstance(answer, Real):
        raise AnswerFormat(f"give {what}.")
    value = float(answer)
    if not math.isfinite(value):
        raise AnswerFormat(f"give {what}: a finite number.")
    return value


def as_names(answer: Any, what: str = "a list of names, like ['1A', '1D']") -> list[str]:
    """A list (or set, or tuple) of names, upper-cased and stripped; one string is refused."""
    if isinstance(answer, str):
        raise AnswerFormat(f"give {what}: a list, even for one name.")
    try:
        names = [str(item).strip() for item in answer]
    except TypeError:
        raise AnswerFormat(f"give {what}.") from None
    return names


def as_bool(answer: Any, what: str = "True or False") -> bool:
    """A yes/no answer: ``True`` or ``False`` (not the strings "yes", "True")."""
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        raise AnswerFormat(f"give {what} without quotes (a Python bool, not a string).")
    raise AnswerFormat(f"give {what}.")


def yes_no(key: str, prompt: str, truth: Callable[[], bool], why: str, topic: str) -> Question:
    """A quick yes/no question whose truth the library decides; ``why`` is the hint when wrong."""

    def grade(answer: Any) -> str | None:
        return None if as_bool(answer) == truth() else why

    return Question(key, prompt, grade, "True or False", topic=topic)
