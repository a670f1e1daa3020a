"""The errors every game raises.

All are ``ValueError`` subclasses, so ``except ValueError`` catches them too.

>>> from tilegames.errors import IllegalMove
>>> try:
...     raise IllegalMove("1J has no free corner")
... except ValueError as error:
...     print(error)
1J has no free corner
"""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move the rules refuse; the message says why, in a student's words.

    The game is left exactly as it was before the refused move.
    """


class BadNotation(IllegalMove):
    """Text or a ``Move`` value that is not a move of the game at all (a typo, a wrong field).

    >>> issubclass(BadNotation, IllegalMove)
    True
    """


class InvalidPosition(ValueError):
    """A saved game, deal or position that is not valid; the message names the field."""


def describe(value: object, limit: int = 60) -> str:
    """A short, safe ``repr`` for error messages: never huge, never recursing without end.

    >>> describe("x" * 10, limit=8)
    "'x...x'"
    >>> describe(10**5000)
    'a number of about 5001 digits'
    """
    import reprlib

    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    shortener = reprlib.Repr()
    shortener.maxstring = shortener.maxother = limit
    shortener.maxlevel = 3
    try:
        return shortener.repr(value)
    except Exception:  # a hostile __repr__: say what it is, not what it claims
        return f"a {type(value).__name__}"
