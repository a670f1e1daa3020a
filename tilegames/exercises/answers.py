"""Reading a student's answer: each ``as_...`` returns the value or raises ``AnswerFormat``
with a hint about the form wanted (never about the answer).

>>> as_whole(12.0)
12
>>> as_fraction(0.5)
Traceback (most recent call last):
...
tilegames.exercises.answers.AnswerFormat: the question asks for the exact value: give a Fraction, like Fraction(3, 7) (from fractions import Fraction), not a decimal.
"""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Integral, Real
from typing import Any

from .. import i18n  # i18n._(...)

WHOLE = i18n.N_("a whole number, like 7")
"""A count's form in words (``as_whole``'s, unless told otherwise)."""
FRACTION = i18n.N_("a Fraction, like Fraction(3, 7)")
"""An exact probability's form in words (``as_fraction``'s, unless told otherwise)."""


class AnswerFormat(ValueError):
    """An answer of the wrong format; the message says which format is wanted."""


def as_whole(answer: Any, what: str = WHOLE) -> int:
    """A whole number (an int, or a float with nothing after the point); else a format hint.

    >>> as_whole(12.0)
    12
    """
    if isinstance(answer, str):
        raise AnswerFormat(i18n._("give {what} (not a string).").format(what=i18n.translate(what)))
    if isinstance(answer, bool) or not isinstance(answer, Real):
        raise AnswerFormat(i18n._("give {what}.").format(what=i18n.translate(what)))
    if not math.isfinite(float(answer)) or float(answer) != int(answer):
        raise AnswerFormat(
            i18n._("give {what}: a count has nothing after the decimal point.").format(
                what=i18n.translate(what)
            )
        )
    return int(answer)


def as_fraction(answer: Any, what: str = FRACTION) -> Fraction:
    """An exact probability: a Fraction or an int; a float is refused with a hint.

    >>> as_fraction(Fraction(2, 4))
    Fraction(1, 2)
    """
    if isinstance(answer, bool):
        raise AnswerFormat(i18n._("give {what}.").format(what=i18n.translate(what)))
    if isinstance(answer, (Fraction, Integral)):
        return Fraction(answer)
    if isinstance(answer, str):
        raise AnswerFormat(
            i18n._("give {what}, not a string: Fraction('3/7') turns text into one.").format(
                what=i18n.translate(what)
            )
        )
    if isinstance(answer, Real):
        raise AnswerFormat(
            i18n._(
                "the question asks for the exact value: give {what} (from fractions import Fraction), not a decimal."
            ).format(what=i18n.translate(what))
        )
    raise AnswerFormat(i18n._("give {what}.").format(what=i18n.translate(what)))


def as_number(answer: Any, what: str = i18n.N_("a number, like 7.25")) -> float:
    """Any real number (an int, a float, a Fraction); a string or a list gets a format hint."""
    if isinstance(answer, str):
        raise AnswerFormat(i18n._("give {what} (not a string).").format(what=i18n.translate(what)))
    if isinstance(answer, bool) or not isinstance(answer, Real):
        raise AnswerFormat(i18n._("give {what}.").format(what=i18n.translate(what)))
    value = float(answer)
    if not math.isfinite(value):
        raise AnswerFormat(
            i18n._("give {what}: a finite number.").format(what=i18n.translate(what))
        )
    return value


def as_names(answer: Any, what: str = i18n.N_("a list of names, like ['1A', '1D']")) -> list[str]:
    """A list (or set, or tuple) of names, upper-cased and stripped; one string is refused."""
    if isinstance(answer, str):
        raise AnswerFormat(
            i18n._("give {what}: a list, even for one name.").format(what=i18n.translate(what))
        )
    if not isinstance(answer, (list, tuple, set, frozenset)):  # never iterate an endless iterator
        raise AnswerFormat(i18n._("give {what}.").format(what=i18n.translate(what)))
    if len(answer) > 1000:
        raise AnswerFormat(
            i18n._("give {what}: that list is far too long.").format(what=i18n.translate(what))
        )
    names = []
    for item in answer:
        if not isinstance(item, (str, int)) or isinstance(item, bool):
            raise AnswerFormat(
                i18n._("give {what}: each name is a string.").format(what=i18n.translate(what))
            )
        names.append(str(item).strip())
    return names


def as_move(answer: Any, move: type, give: str, write: str) -> Any:
    """A move of the game whose ``Move`` class is ``move``: one already, or text in its notation;
    else a format hint, ``give`` for anything but text, ``write`` for text that is no move.

    >>> from tilegames.maze import Move
    >>> as_move("AD -> 0", Move, "give a move as text.", "write it like '7D -> 23'")
    Move.parse('A♦ → 0')
    >>> as_move("left", Move, "give a move as text.", "write it like '7D -> 23'")
    Traceback (most recent call last):
    ...
    tilegames.exercises.answers.AnswerFormat: 'left' is not a move: write it like '7D -> 23'.
    """
    if isinstance(answer, move):
        return answer
    if not isinstance(answer, str):
        raise AnswerFormat(give)
    try:
        return move.parse(answer)
    except ValueError:
        raise AnswerFormat(
            i18n._("{answer!r} is not a move: {write}.").format(
                answer=answer[:40], write=i18n.translate(write)
            )
        ) from None


def as_bool(answer: Any, what: str = i18n.N_("True or False")) -> bool:
    """A yes/no answer: ``True`` or ``False`` (not the strings "yes", "True")."""
    if isinstance(answer, bool):
        return answer
    if type(answer).__module__ == "numpy" and type(answer).__name__ in ("bool", "bool_"):
        return bool(answer)
    if isinstance(answer, str):
        raise AnswerFormat(
            i18n._("give {what} without quotes (a Python bool, not a string).").format(
                what=i18n.translate(what)
            )
        )
    raise AnswerFormat(i18n._("give {what}.").format(what=i18n.translate(what)))
