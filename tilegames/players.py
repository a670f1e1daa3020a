"""One player protocol for every game, and one way to seat players.

A player is any object with ``choose(view, rng) -> Move``: ``view`` is what
its seat may see (``game.player_view(seat)``, an immutable value holding the
legal moves), ``rng`` a numpy ``Generator`` for its own chance. It may also
have ``start(view, rng)``, called once before the game. Subclass ``Player``
to get a name, a description and a readable ``repr``:

>>> from tilegames import tula
>>> class FirstMove(Player):
...     name = "first"
...     description = "Plays the first legal move."
...     def choose(self, view, rng):
...         return view.legal_moves[0]
>>> game = play_game(tula.new_game(seed=3), FirstMove(), seed=1)
>>> game.is_over
True

The same class, unchanged, plays Maze, Tri-Ominos or Flaming Pyramids: every
view has ``legal_moves``. A *clairvoyant* player (``clairvoyant = True``, like
Tula's solver) is handed the game itself instead of a view; studies mark it,
and the tests that prove views hide nothing leave it out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

import numpy as np

from . import i18n  # i18n._(...)
from .randomness import players_generator

__all__ = [
    "Player",
    "PlayerProtocol",
    "lineup",
    "moves_to_choose",
    "play_game",
    "registry_maker",
]


@runtime_checkable
class PlayerProtocol(Protocol):
    """What ``play_game`` needs of a player: ``choose(view, rng) -> Move``."""

    def choose(self, view: Any, rng: np.random.Generator) -> Any: ...


class Player:
    """Base class for players of every game: override ``choose`` (and ``start`` if needed)."""

    name: ClassVar[str] = ""
    """Short name used by the studies and the command line (``"greedy"``)."""
    description: ClassVar[str] = ""
    """One sentence: how the player chooses (an ``i18n.Deferred``: a table that shows it
    speaks the language in use, even once pandas has stored it as a plain string)."""
    clairvoyant: ClassVar[bool] = False
    """True only for players that see everything (they get the game instead of a view)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        description = cls.__dict__.get("description")
        if isinstance(description, i18n.Deferred):
            i18n.remembered(description)

    def start(self, view: Any, rng: np.random.Generator) -> None:
        """Called once before each game with the first view; nothing by default."""

    def choose(self, view: Any, rng: np.random.Generator) -> Any:  # pragma: no cover
        """The move to play in the position ``view`` shows."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"make_player({self.name!r})" if self.name else f"{type(self).__name__}()"


def moves_to_choose(view: Any) -> Sequence[Any]:
    """``view.legal_moves``; a ValueError when the game is over and there is no move to choose.

    >>> from tilegames import tula
    >>> len(moves_to_choose(tula.new_game(seed=3).player_view())) > 0
    True
    """
    moves = view.legal_moves
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    return moves


def registry_maker(players: dict[str, type], game: str) -> Callable[..., Any]:
    """A game's ``make_player(name, **options)`` over its ``PLAYERS`` registry.

    >>> make = registry_maker({"first": Player}, "Example")
    >>> make("second")
    Traceback (most recent call last):
    ...
    ValueError: unknown Example player 'second': choose from first
    """

    def make_player(name: str, **options: Any) -> Any:
        """A player by name (see ``PLAYERS``); options go to its constructor."""
        if not isinstance(name, str) or name not in players:
            raise ValueError(f"unknown {game} player {name!r}: choose from {', '.join(players)}")
        return players[name](**options)

    return make_player


def lineup(player: str | Sequence[str], players: int, known: Sequence[str], game: str) -> list[str]:
    """The player of each of ``players`` seats: a comma list (or a list) of names taken seat by
    seat and cycled (``--player greedy,random``); an empty list or a name not in ``known`` is
    refused, naming the names there are.

    >>> lineup("greedy, random", 3, ["greedy", "random"], "Example")
    ['greedy', 'random', 'greedy']
    >>> lineup("greedy,cheater", 2, ["greedy", "random"], "Example")
    Traceback (most recent call last):
    ...
    ValueError: unknown Example player 'cheater': choose from greedy, random
    """
    names = player.split(",") if isinstance(player, str) else [str(name) for name in player]
    names = [name.strip() for name in names if name.strip()]
    if not names:
        raise ValueError(
            i18n._("name at least one player: {players}").format(players=", ".join(known))
        )
    unknown = [name for name in names if name not in known]
    if unknown:
        raise ValueError(
            i18n._("unknown {game} player {player}: choose from {players}").format(
                game=game, player=repr(unknown[0]), players=", ".join(known)
            )
        )
    return [names[seat % len(names)] for seat in range(players)]


def play_game(
    game: Any,
    players: Any,
    *,
    seed: int | np.random.Generator | None = None,
    checked: bool = True,
    max_moves: int | None = None,
) -> Any:
    """Play ``game`` to its end and return it; ``players`` is one player or one per seat.

    Every seat sees only ``game.player_view(seat)``; all players draw from one
    Generator, the players' dice, so the same seed replays the same game. The
    dice carry nothing of the deal: an int ``seed`` (or None) gives
    ``randomness.players_generator(seed)``, derived with a purpose key, so even
    ``play_game(new_game(3), player, seed=3)`` hands the players nothing to rebuild
    the deal with. A Generator is taken as the players' own dice and used as is:
    never the one that dealt the game (``players_generator(deal_rng)`` gives dice
    from it that do not reveal it).
    ``checked=False`` applies each chosen move through ``game.play_unchecked``
    (no legality check, no undo record: the fast path studies use).
    ``max_moves`` stops a game that has not ended by then (None: no limit).
    """
    seats = list(players) if isinstance(players, Sequence) else [players]
    if not seats:
        raise ValueError("play_game needs at least one player")
    rng = seed if isinstance(seed, np.random.Generator) else players_generator(seed)
    # the loop runs once per move of every simulated game: look everything up once
    apply = game.play if checked else game.play_unchecked
    view_of = game.player_view
    choosers = [player.choose for player in seats]
    clairvoyant = [getattr(player, "clairvoyant", False) for player in seats]
    count = len(seats)
    started = [False] * count
    single = count == 1
    moves = 0
    while max_moves is None or moves < max_moves:
        if single:  # one player: ask for the view of the seat to move (no seat number needed)
            index, seat = 0, None
            if clairvoyant[0]:
                if game.is_over:
                    break
                view = game
            else:
                view = view_of(None)
                if not view.legal_moves:  # the contract: no legal move once the game is over
                    break
        else:
            seat = game.to_move  # None once the game is over
            if seat is None:
                break
            index = seat
            if index >= count:
                raise ValueError(f"seat {index} has no player: {count} were given")
            view = game if clairvoyant[index] else view_of(seat)
        if not started[index]:
            started[index] = True
            start = getattr(seats[index], "start", None)
            if start is not None:
                start(view, rng)
        apply(choosers[index](view, rng))
        moves += 1
    return game
