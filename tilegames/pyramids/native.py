"""Which Flaming Pyramids engine runs here: the typed Python modules as written, or the same compiled.

The fast game (``fast``), the careful player's reckoning (``careful``,
which the players use too), the turn's rules (``turns``, which the readable
game uses too) and the mayhem engine and tables they play with (``mayhem``,
``tiles``) are plain, typed Python, and they are the reference.
When tilegames is installed where mypyc (from mypy) and a C compiler are
found, ``setup.py`` compiles these same modules with mypyc, so the code that
reads as the game is the code that runs fast; nothing is compiled or loaded
at run time. Where they are missing, or the build fails, or
``TILEGAMES_PURE_PYTHON=1`` was set, the install still succeeds and the
``.py`` files run: the same games for the same seeds
(``tests/pyramids/test_pyramids_compiled.py`` plays seeded games with the
installed modules and with the ``.py`` sources side by side).
``ENGINE`` says which runs, ``COMPILED`` which modules are compiled:

>>> ENGINE in ("compiled", "python")
True
>>> describe().startswith(ENGINE)
True
>>> (ENGINE == "compiled") == (COMPILED == MODULES)
True
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from types import ModuleType

from . import careful, fast, mayhem, tiles, turns

__all__ = ["COMPILED", "ENGINE", "MODULES", "WHY", "describe", "is_compiled"]

MODULES = ("fast", "careful", "turns", "mayhem", "tiles")
"""The modules ``setup.py`` compiles with mypyc (in ``tilegames.pyramids``)."""


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension rather than from its ``.py`` file.

    >>> from tilegames.pyramids import rules
    >>> is_compiled(rules)
    False
    """
    return (getattr(module, "__file__", None) or "").endswith(tuple(EXTENSION_SUFFIXES))


COMPILED = tuple(
    name
    for name, module in zip(MODULES, (fast, careful, turns, mayhem, tiles))
    if is_compiled(module)
)
"""The modules of ``MODULES`` that run compiled here."""

ENGINE = "compiled" if COMPILED == MODULES else "python"
WHY = (
    "the fast game and its mayhem engine were compiled by mypyc when tilegames was installed"
    if ENGINE == "compiled"
    else "the fast game and its mayhem engine run as Python: tilegames was installed without "
    "mypyc or a C compiler (or with TILEGAMES_PURE_PYTHON=1), or from a checkout; install it "
    "where mypy and a C compiler are available for the compiled engine (the same games)"
)


def describe() -> str:
    """The engine in one line, for results files' provenance and ``tilegames --version``.

    >>> describe() in ("python", "compiled (mypyc)")
    True
    """
    return "compiled (mypyc)" if ENGINE == "compiled" else "python"
