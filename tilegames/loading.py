"""Objects named by text: ``"package.module:attribute"`` paths, as game specs name their parts.

A spec names its board, studies or engine report by path rather than by object, so
declaring a game imports none of them; ``load`` imports what a path names when it is
needed.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["load"]


def load(path: str) -> Any:
    """The object a ``"package.module:attribute"`` path names (a module alone without ``:``).

    >>> load("tilegames.tula:Rules").__name__
    'Rules'
    """
    module, _, attribute = path.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded
