"""Checking a student's player at home: it plays legal moves, never crashes, and is their own.

This is the student's quick check, in their own kernel (``check("my_player", ...)``).
Grading never trusts it: the teacher's grader plays the player from its cell's code
in a process of its own that only ever receives views
(``tilegames_course.grading.player_box``), so a player there cannot peek by any route.

A student writes a player with the one protocol of every game,
``choose(view, rng) -> Move`` (``tilegames.players.Player``). ``check_player``
plays it on seeded games and says, in words, what went wrong:

- it crashed (the exception's type and message, and where in the game);
- it chose a move that is not legal (or not a move at all);
- it **peeks**: it chose differently in two positions that look exactly the
  same to a person — the same view — but hide different tiles (the second is
  ``game.resample_hidden(...)``, a re-deal of what the seat cannot see), asked
  with the same dice, each time of a copy of the player as it stands. A player
  that decides from its view (and its dice and memory) cannot do that; one that
  reaches for the game (a global, the caller's variables) gives itself away;
- it claims to be clairvoyant (``clairvoyant = True``), which a homework
  player may not be;
- it is the library's own player (``tula.make_player("greedy")``), or built on one.

>>> from tilegames import tula
>>> from tilegames.players import Player
>>> class First(Player):
...     def choose(self, view, rng):
...         return view.legal_moves[0]
>>> check_player(First(), lambda seed: tula.new_game(seed=seed, mercy=True), games=3) is None
True
>>> class Broken(Player):
...     def choose(self, view, rng):
...         return view.no_such_thing
>>> print(check_player(Broken(), lambda seed: tula.new_game(seed=seed), games=1))
your player crashed in game 0 at move 1: AttributeError: 'PlayerView' object has no attribute 'no_such_thing'
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import i18n  # i18n._(...)
from ..players import Player
from .answers import AnswerFormat

__all__ = ["check_player", "library_class"]

PROBE_SEED = 20261130
"""The seed of the re-deals the peek probe makes (fixed, so a verdict is repeatable)."""


def library_class(player: Any) -> str | None:
    """The library class ``player`` is (or is built on), like ``'GreedyPlayer (tilegames.tula.players)'``.

    The base class ``tilegames.players.Player`` does not count: a student's player
    may subclass it.

    >>> from tilegames import tula
    >>> library_class(tula.make_player("greedy"))
    'GreedyPlayer (tilegames.tula.players)'
    >>> class Mine(Player):
    ...     def choose(self, view, rng):
    ...         return view.legal_moves[0]
    >>> library_class(Mine()) is None
    True
    """
    for klass in type(player).__mro__:
        module = getattr(klass, "__module__", "") or ""
        if klass is object or klass is Player:
            continue
        home = sys.modules.get(module)
        if module.split(".")[0] == "tilegames" and getattr(home, klass.__name__, None) is klass:
            return f"{klass.__qualname__} ({module})"
    return None


def _ask(player: Any, game: Any, view: Any, seed: int) -> Any:
    """One decision, asked with ``game`` as a local name here, the way ``play_game`` holds it."""
    return player.choose(view, np.random.default_rng(seed))


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def check_player(
    player: Any,
    deal: Callable[[int], Any],
    *,
    games: int = 12,
    probes_per_game: int = 8,
    max_moves: int = 400,
) -> str | None:
    """None when ``player`` plays ``games`` seeded deals legally from its views; else a hint.

    ``deal(seed)`` makes a fresh game. At up to ``probes_per_game`` decisions of
    each game with a choice to make, the peek probe asks the player about a
    re-dealt twin with the same view (games whose state has ``resample_hidden``).
    """
    if isinstance(player, type):
        raise AnswerFormat(
            i18n._("give an instance of your player, like MyPlayer(), not the class.")
        )
    if not callable(getattr(player, "choose", None)):
        raise AnswerFormat(
            i18n._("a player needs a method choose(self, view, rng) that returns a move.")
        )
    if getattr(player, "clairvoyant", False):
        return i18n._("a homework player sees only what a person sees: set clairvoyant = False.")
    library = library_class(player)
    if library:
        return i18n._("write your own player: that one is the library's {library}.").format(
            library=library
        )
    probe_rng = np.random.default_rng(PROBE_SEED)
    for number in range(games):
        game = deal(number)
        rng = np.random.default_rng(number)
        started = False
        probes = 0
        for step in range(1, max_moves + 1):
            if game.is_over:
                break
            view = game.player_view(game.to_move)
            try:
                if not started and hasattr(player, "start"):
                    player.start(view, rng)
                started = True
                move = player.choose(view, rng)
            except Exception as error:  # a student's code may raise anything: say what
                return i18n._(
                    "your player crashed in game {number} at move {step}: {error}"
                ).format(number=number, step=step, error=_describe(error))
            if move not in view.legal_moves:
                return i18n._(
                    "in game {number} at move {step} your player chose {move!r}, which is not one of view.legal_moves: choose one of those."
                ).format(number=number, step=step, move=move)
            choices = len(view.legal_moves) > 1
            if choices and probes < probes_per_game and hasattr(game, "resample_hidden"):
                probes += 1
                hint = _probe(player, game, view, number * 1000 + step, probe_rng)
                if hint:
                    return i18n._("in game {number} at move {step}: {hint}").format(
                        number=number, step=step, hint=hint
                    )
            game.play(move)
        else:
            return i18n._(
                "game {number} did not end within {max_moves} moves with your player."
            ).format(number=number, max_moves=max_moves)
    return None


def _probe(player: Any, game: Any, view: Any, seed: int, probe_rng: np.random.Generator) -> str:
    twin = game.resample_hidden(game.to_move, probe_rng)
    twin_view = twin.player_view(game.to_move)
    if twin_view != view:  # pragma: no cover - resample_hidden keeps the view by contract
        return ""
    try:  # each question goes to a copy, so a player with memory answers both from one state
        here = _ask(copy.deepcopy(player), game, view, seed)
        there = _ask(copy.deepcopy(player), twin, twin_view, seed)
    except Exception as error:
        return i18n._("your player crashed: {error}").format(error=_describe(error))
    if here != there:
        return i18n._(
            "your player chose differently in two positions that look exactly the same to a person (same view, same dice): it must be using tiles it cannot see. Decide from the view alone."
        )
    return ""
