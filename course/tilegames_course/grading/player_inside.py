"""The player's process: runs the student's cell, then answers each view with a move's notation.

``tilegames_course.grading.player_box`` starts it as ``python -I -c <this file's text>
FOLDER`` (``FOLDER``: where the ``tilegames`` package is, put first on ``sys.path``),
in the sandbox when there is one. It is handed over as text because the sandbox
covers the teacher's kit, this package with its answer keys: the child needs only
``tilegames`` (and ``numpy``), and must reach nothing of the kit.

It reads the job, then one request per decision, as length-prefixed pickles from
the grader (the grader's own data, never the student's), and writes short lines of
JSON: the grader never unpickles anything from here. A refusal travels as a short code and
its values (``{"refuse": "class"}``, ``{"refuse": "crashed", "error": ..., "line": 3}``), worded
by the grader in the language in use (``player_box.INSIDE_REFUSALS``): this process has no
language of its own.

>>> _without_magics("%matplotlib inline\\nx = 1")
'# %matplotlib inline\\nx = 1'
>>> _facts({"p": int}, "p")
'class'
"""

from __future__ import annotations

import json
import os
import pickle
import struct
import sys
from typing import Any

import numpy as np

CELL = "<your answer cell>"
"""The file name the student's cell runs under (tracebacks name its lines)."""

TEXT_LIMIT = 300
"""How much of a student's message (an exception, a move's text) a refusal quotes."""


def serve() -> None:  # pragma: no cover - runs in the player's process (tested through the box)
    """The child's loop: read the job, run the cells, answer each view with a move's notation."""
    import traceback

    requests = os.fdopen(os.dup(0), "rb", buffering=1 << 16)
    answers = os.dup(1)
    quiet = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):  # what the student's code prints goes nowhere
        os.dup2(quiet, fd)
    dumps, write, loads, read = json.dumps, os.write, pickle.loads, requests.read

    def reply(**message: Any) -> None:
        write(answers, dumps(message).encode() + b"\n")

    def receive() -> Any:
        header = read(4)
        if len(header) < 4:
            raise EOFError
        return loads(read(struct.unpack(">I", header)[0]))

    def described(error: BaseException) -> dict[str, Any]:
        """The error's type and text, and its last line in the student's cell (or None)."""
        text = f"{type(error).__name__}: {error}"[:TEXT_LIMIT]
        lines = [f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename == CELL]
        return {"error": text, "line": lines[-1] if lines else None}

    job = receive()
    namespace: dict[str, Any] = {"__name__": "__main__"}
    try:
        exec(compile(job["prelude"], "<prelude>", "exec"), namespace)
    except BaseException as error:
        reply(error=f"{type(error).__name__}: {error}"[:TEXT_LIMIT])
        return
    for helper in ("check", "grade", "submit"):
        namespace[helper] = _nothing
    try:
        exec(compile(_without_magics(job["source"]), CELL, "exec"), namespace)
    except BaseException as error:
        reply(refuse="crashed", **described(error))
        return
    name = job["name"]
    try:
        facts = _facts(namespace, name)
    except BaseException as error:
        reply(refuse="looking", **described(error))
        return
    if isinstance(facts, str):
        reply(refuse=facts)
        return
    player = namespace[name]
    reply(**facts)
    rng = None
    while True:
        try:
            request = receive()
        except EOFError:
            return
        try:
            if request[0] == "game":
                _, seed, view = request
                rng = np.random.default_rng(seed)
                start = getattr(player, "start", None)
                if start is not None:
                    start(view, rng)
            else:
                view = request[1]
            move = player.choose(view, rng)
        except BaseException as error:
            reply(crash=True, **described(error))
            continue
        kind = type(move)
        try:
            text = str(move)[:TEXT_LIMIT] if not isinstance(move, str) else move[:TEXT_LIMIT]
        except BaseException as error:  # the grader words it: "<str() of it failed: ...>"
            reply(unprintable=type(error).__name__, type=f"{kind.__module__}.{kind.__qualname__}")
            continue
        reply(move=text, type=f"{kind.__module__}.{kind.__qualname__}")


def _nothing(*args: Any, **kwargs: Any) -> None:
    """What ``check``, ``grade`` and ``submit`` do in the player's process: nothing."""


def _without_magics(source: str) -> str:
    """The cell with IPython's ``%magic`` and ``!shell`` lines made into comments.

    >>> _without_magics("%matplotlib inline\\nx = 1")
    '# %matplotlib inline\\nx = 1'
    """
    lines = source.splitlines()
    for index, line in enumerate(lines):
        if line.lstrip().startswith(("%", "!")):
            lines[index] = line[: len(line) - len(line.lstrip())] + "# " + line.lstrip()
    return "\n".join(lines)


def _facts(namespace: dict[str, Any], name: str) -> dict[str, Any] | str:
    """What the grader needs to know of the player, or the code of why there is none to speak of
    (``player_box.INSIDE_REFUSALS`` words it)."""
    if name not in namespace:
        return "undefined"
    player = namespace[name]
    if player is Ellipsis:
        return "ellipsis"
    if isinstance(player, type):
        return "class"
    if not callable(getattr(player, "choose", None)):
        return "no choose"
    library, exact = None, False
    for index, klass in enumerate(type(player).__mro__):
        module = getattr(klass, "__module__", "") or ""
        if klass is object or (module == "tilegames.players" and klass.__qualname__ == "Player"):
            continue
        if module == "tilegames" or module.startswith("tilegames."):
            library = f"{klass.__qualname__} ({module})"
            exact = index == 0
            break
    return {
        "ready": True,
        "class": type(player).__qualname__[:TEXT_LIMIT],
        "library": library,
        "exact": exact,
        "clairvoyant": bool(getattr(player, "clairvoyant", False)),
    }


if __name__ == "__main__":  # pragma: no cover - the player's process
    if len(sys.argv) > 1 and sys.argv[1]:
        sys.path.insert(0, os.path.dirname(sys.argv[1]))
    serve()
