"""The two errors every game raises.

Both are ``ValueError`` subclasses, so ``except ValueError`` catches them too.

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


class InvalidPosition(ValueError):
    """A saved game, deal or position that is not valid; the message names the field."""
