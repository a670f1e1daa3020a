"""Maze's exhaustive search, compiled: the same walk as the Python one, many times faster.

``exhaustive.exhaustive_search`` is written in Python, plainly, and is the
reference. ``_search.c`` (shipped beside this module) is the same walk in C:
the same children in the same order, the same seeded tie-breaks, the same
exact set of tables seen, so it reaches the same tables and gives the same
verdict (``tests/maze/test_maze_native.py`` checks this deal by deal). The
first call compiles it with the machine's C compiler into a cache folder
(``$TILEGAMES_CACHE``, else ``~/.cache/tilegames``); where there is no compiler
``available()`` is False and the Python search is used instead.

>>> from tilegames.maze import new_game
>>> available()
True
>>> status, tables, moves = search(new_game(seed=1), max_tables=3_000, seed=2)
>>> status, tables, str(moves[0])
('winnable', 1901, '5♣ → 8')
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import pathlib
import platform
import shutil
import subprocess
import sys
import sysconfig
import tempfile

from .rules import GAP, Card, Game, Move

__all__ = ["NativeUnavailable", "available", "search"]

SOURCE = pathlib.Path(__file__).with_name("_search.c")
PATH_ROOM = 1_000_000
"""The longest win the compiled search hands back (its moves are kept in a fixed buffer)."""
_STATUS = {1: "winnable", 0: "unwinnable", -1: "undecided"}
_library: ctypes.CDLL | None = None
_failure: str | None = None


class NativeUnavailable(RuntimeError):
    """The compiled search could not be built on this machine (no C compiler, say)."""


def _cache_folder() -> pathlib.Path:
    configured = os.environ.get("TILEGAMES_CACHE")
    if configured:
        return pathlib.Path(configured)
    return pathlib.Path.home() / ".cache" / "tilegames"


def _compiler() -> str | None:
    configured = os.environ.get("CC") or (sysconfig.get_config_var("CC") or "").split(" ")[0]
    for name in (configured, "cc", "gcc", "clang"):
        if name and shutil.which(name):
            return name
    return None


def _load() -> ctypes.CDLL:
    """The compiled library, built on first use (once per source text and machine)."""
    global _library, _failure
    if _library is not None:
        return _library
    if _failure is not None:
        raise NativeUnavailable(_failure)
    source = SOURCE.read_bytes()
    tag = hashlib.sha256(source + sys.platform.encode() + platform.machine().encode())
    target = _cache_folder() / f"maze_search_{tag.hexdigest()[:16]}.so"
    try:
        if not target.exists():
            compiler = _compiler()
            if compiler is None:
                raise NativeUnavailable("no C compiler (cc, gcc or clang) was found")
            target.parent.mkdir(parents=True, exist_ok=True)
            # build beside the target, then rename: parallel workers never see half a file
            with tempfile.TemporaryDirectory(dir=target.parent) as folder:
                built = pathlib.Path(folder) / target.name
                command = [compiler, "-O2", "-shared", "-fPIC", "-o", str(built), str(SOURCE)]
                done = subprocess.run(command, capture_output=True, text=True)
                if done.returncode != 0:
                    raise NativeUnavailable(f"compiling {SOURCE.name} failed: {done.stderr[:500]}")
                os.replace(built, target)
        library = ctypes.CDLL(str(target))
    except (OSError, NativeUnavailable) as error:
        _failure = str(error)
        raise NativeUnavailable(_failure) from None
    library.maze_search.restype = ctypes.c_int
    library.maze_search.argtypes = [
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_uint64,
        ctypes.c_uint64,
        ctypes.POINTER(ctypes.c_uint64),
        ctypes.POINTER(ctypes.c_int32),
        ctypes.c_int32,
        ctypes.POINTER(ctypes.c_int32),
    ]
    _library = library
    return library


def available() -> bool:
    """Whether the compiled search can run here (it is built on the first call)."""
    try:
        _load()
    except NativeUnavailable:
        return False
    return True


def search(game: Game, *, max_tables: int, seed: int = 0) -> tuple[str, int, list[Move]]:
    """``(status, tables, moves)`` of the exhaustive search from ``game``'s table.

    ``status`` is ``"winnable"``, ``"unwinnable"`` or ``"undecided"``;
    ``tables`` the distinct tables reached; ``moves`` a win (not yet replayed:
    ``exhaustive_search`` replays it through the rules). Raises
    ``NativeUnavailable`` when the search cannot be compiled here, and
    ``MemoryError`` when the machine runs out of memory.
    """
    library = _load()
    rules = game.rules
    board = bytes(52 if code == GAP else code for code in game.codes)
    tables = ctypes.c_uint64()
    path = (ctypes.c_int32 * PATH_ROOM)()
    length = ctypes.c_int32()
    result = library.maze_search(
        board,
        int(rules.ring),
        int(rules.queen_before_ace),
        int(rules.corners),
        max_tables,
        seed,
        ctypes.byref(tables),
        path,
        PATH_ROOM,
        ctypes.byref(length),
    )
    if result == -2:
        raise MemoryError(f"the compiled search ran out of memory after {tables.value} tables")
    if result == 1 and length.value < 0:  # pragma: no cover - a win over a million moves long
        raise MemoryError("the compiled search's win is too long to hand back")
    moves = [Move(Card.from_code(step // 64), step % 64) for step in path[: max(length.value, 0)]]
    return _STATUS[result], tables.value, moves
