"""Maze's exhaustive search, compiled: the same walk as the Python one, many times faster.

``exhaustive.exhaustive_search`` is written in Python, plainly, and is the
reference. ``_search.c`` is the same walk in C: the same children in the same
order, the same seeded tie-breaks, the same exact set of tables seen, so it
reaches the same tables and gives the same verdict
(``tests/maze/test_maze_native.py`` checks this deal by deal).

It is compiled once, when tilegames is installed: ``csearch.c`` wraps it as
the extension module ``tilegames.maze.csearch`` (an optional extension in
``setup.py``; use it through this module, which checks what it is given). Where no C compiler was found at install time the install still
succeeds, the module is absent, and the Python search is used. Nothing is
compiled or loaded from a writable cache at run time. ``ENGINE`` says which
search runs, ``WHY`` why, and ``COMPILER`` what built the compiled one:

>>> ENGINE in ("compiled", "python")
True
>>> available() == (ENGINE == "compiled")
True
>>> describe().startswith(ENGINE)
True
>>> from tilegames.maze import new_game
>>> from tilegames.maze.exhaustive import exhaustive_search
>>> game = new_game(seed=1)
>>> python = exhaustive_search(game, max_tables=3_000, seed=2, engine="python")
>>> if available():
...     status, tables, moves = search(game, max_tables=3_000, seed=2)
... else:
...     status, tables, moves = python.status, python.tables, python.moves
>>> (status, tables, str(moves[0])) == (python.status, python.tables, str(python.moves[0]))
True
>>> status, tables, str(moves[0])
('winnable', 1901, '5♣ → 8')
"""

from __future__ import annotations

from .rules import GAP, Card, Game, Move

__all__ = [
    "COMPILER",
    "ENGINE",
    "WHY",
    "NativeUnavailable",
    "available",
    "describe",
    "search",
]

_STATUS = {1: "winnable", 0: "unwinnable", -1: "undecided"}

try:
    from . import csearch as _compiled
except ImportError as error:  # not built at install time (no compiler), or built for another Python
    _compiled = None
    ENGINE = "python"
    WHY = (
        "the compiled search (tilegames.maze.csearch) is not installed: no C compiler was "
        "found when tilegames was installed, or the build failed; reinstall tilegames where a "
        f"C compiler is available for the fast search ({error})"
    )
    COMPILER: str | None = None
else:
    ENGINE = "compiled"
    WHY = "the compiled search (tilegames.maze.csearch) was built when tilegames was installed"
    COMPILER = _compiled.COMPILER

PATH_ROOM = _compiled.PATH_ROOM if _compiled else 1_000_000
"""The longest win the compiled search hands back (its moves are kept in a fixed buffer)."""


class NativeUnavailable(RuntimeError):
    """The compiled search is not installed here (no C compiler at install time, say)."""


def available() -> bool:
    """Whether the compiled search runs here (``ENGINE == "compiled"``)."""
    return _compiled is not None


def describe() -> str:
    """The engine in one line, for results files' provenance.

    >>> describe() in ("python", f"compiled ({COMPILER})")
    True
    """
    return f"compiled ({COMPILER})" if _compiled is not None else "python"


def search(game: Game, *, max_tables: int, seed: int = 0) -> tuple[str, int, list[Move]]:
    """``(status, tables, moves)`` of the exhaustive search from ``game``'s table.

    ``status`` is ``"winnable"``, ``"unwinnable"`` or ``"undecided"``;
    ``tables`` the distinct tables reached; ``moves`` a win (not yet replayed:
    ``exhaustive_search`` replays it through the rules). Raises
    ``NativeUnavailable`` (saying why) when the compiled search is not
    installed, and ``MemoryError`` when the machine runs out of memory.
    """
    if _compiled is None:
        raise NativeUnavailable(WHY)
    rules = game.rules
    board = bytes(52 if code == GAP else code for code in game.codes)
    result, tables, path = _compiled.search(
        board,
        int(rules.ring),
        int(rules.queen_before_ace),
        int(rules.corners),
        max_tables,
        seed,
    )
    moves = [Move(Card.from_code(step // 64), step % 64) for step in path]
    return _STATUS[result], tables, moves
