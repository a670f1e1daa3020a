"""The board widget shared by every game, the package ``view`` function, and still pictures."""

from __future__ import annotations

import importlib

import pytest

import tilegames
from tilegames.widgets import GameView

GAMES = ["tula", "maze", "triominos", "pyramids"]


def _new(name: str, seed: int = 3):
    return importlib.import_module(f"tilegames.{name}").new_game(seed=seed)


@pytest.mark.parametrize("name", GAMES)
def test_package_view_is_the_function_even_after_the_board_module_is_imported(name):
    package = importlib.import_module(f"tilegames.{name}")
    board_module = importlib.import_module(f"tilegames.{name}.board")
    assert package.view is board_module.view
    assert callable(package.view) and not isinstance(package.view, type(package))
    board = package.view(_new(name))
    assert isinstance(board, GameView)
    assert isinstance(_new(name).view(), GameView)


def test_no_module_has_its_class_swapped():
    for name in GAMES:
        module = importlib.import_module(f"tilegames.{name}.board")
        assert type(module) is type(tilegames)
