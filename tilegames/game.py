"""What every game's state shares: playing, refusing, undo/redo, copies, saving.

``GameState`` is the contract every game fulfils (``GAME_MEMBERS`` lists it,
and ``tests/test_contract.py`` checks every game in ``tilegames.GAMES``
against it). A game module subclasses it and supplies the rules:

- ``_parse_move(text)``: a ``Move`` from notation (raise ``BadNotation``);
- ``legal_moves()``; ``_why_illegal(move)``: ``None`` or the reason in words;
- ``_apply(move)``: change the state (called only for legal moves);
- ``_snapshot()`` / ``_restore(snapshot)``: the mutable part as a hashable,
  comparable value (undo, equality and the property tests rely on it);
- ``_deal_dict()`` and ``from_deal_dict(d)``: the deal, JSON-safe;
- where the game stands: ``to_move``, ``is_over``, ``winner``, ``scores``,
  ``status()``; what a seat may see: ``player_view(seat)``;
  ``resample_hidden(seat, rng)``; ``invariant_errors()``.

Everything else comes from here: ``play`` (refusals change nothing),
``play_unchecked`` (the fast path), ``undo``/``redo``, ``copy``, equality,
``to_dict``/``from_dict``/``to_json``/``from_json``, and the pictures.

Saving stores the deal, the rules and the moves; loading replays the moves
through the rules, so a saved game that breaks a rule is refused whole.

>>> from tilegames.tula import new_game
>>> game = new_game(seed=3)
>>> move = game.legal_moves()[0]
>>> game.play(move)
>>> game.undo() == move and game.history == []
True
"""

from __future__ import annotations

import contextlib
import copy as _copy
import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterator
from fractions import Fraction
from typing import Any, ClassVar

from .errors import BadNotation, IllegalMove, InvalidPosition, describe
from .i18n import _

GAME_MEMBERS = (
    "GAME",
    "to_move",
    "is_over",
    "winner",
    "scores",
    "status",
    "player_view",
    "legal_moves",
    "play",
    "play_unchecked",
    "why_illegal",
    "undo",
    "redo",
    "copy",
    "history",
    "to_dict",
    "from_dict",
    "to_json",
    "from_json",
    "from_deal",
    "resample_hidden",
    "invariant_errors",
    "chance_outcomes",
    "after_outcome",
)
"""What every game state provides (the design's table), checked by the contract tests."""

PACKAGE_MEMBERS = (
    "Game",
    "Move",
    "Rules",
    "PlayerView",
    "new_game",
    "PLAYERS",
    "make_player",
    "play_game",
    "view",
    "SPEC",
)
"""What every game package exports, the same names in each."""


class Notation:
    """A value written in its game's notation (a move, a card, a tile): its ``repr`` is the call
    that reads it back, so a printed list pastes into code. The class gives ``str`` (the
    notation) and a ``parse`` classmethod; a dataclass says ``repr=False`` to keep this ``repr``.

    >>> from tilegames.tula import Move
    >>> repr(Move.parse("reveal 3a"))
    "Move.parse('reveal 3A')"
    """

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"


MAX_SAVED_MOVES = 100_000
"""A saved game holds at most this many moves (loading replays each one through the rules)."""

MAX_SAVED_NUMBER = 2**128 - 1
"""The largest whole number a saved game holds (a generator's state; seeds are smaller)."""


class GameState(ABC):
    """Base of every game state: ``play``, ``undo``, ``redo``, ``copy``, ``to_dict``.

    The hooks a game supplies are abstract: a game class that leaves one out
    cannot be made at all (TypeError naming it), rather than failing when called.
    """

    GAME: ClassVar[str] = ""
    """Short game name used in saved games and the CLI (``"tula"``)."""
    VERSION: ClassVar[int] = 1
    """Saved-game format version."""
    MOVE: ClassVar[type | None] = None
    """The game's ``Move`` class: anything else given to ``play`` is refused."""
    DEAL_FIELDS: ClassVar[frozenset[str]] = frozenset()
    """The fields of the game's saved deal (``_deal_dict``'s keys, optional ones too):
    ``from_dict`` refuses any other before ``from_deal_dict`` sees the deal. Empty: the game
    checks its deal's fields itself."""

    # Where the game stands: each game provides these as attributes or properties.
    to_move: int | None
    """The seat whose turn it is (0 in a solitaire), or None when the game is over."""
    winner: int | None
    """The winning seat once the game is over (0 for a won solitaire), else None."""
    scores: list[int]
    """Each seat's score now (a solitaire has one seat)."""

    def __init__(self) -> None:
        self.history: list = []
        """The moves played since the deal, in order; ``replay`` them on the deal to get here."""
        self._undo_stack: list[Hashable] = []
        self._redo_stack: list[tuple[Any, Hashable]] = []

    # -- what a game supplies -------------------------------------------------
    @abstractmethod
    def legal_moves(self) -> list:
        """Every move that may be played now."""
        raise NotImplementedError

    @abstractmethod
    def _parse_move(self, text: str):
        """A ``Move`` from its notation (``BadNotation`` when it is not one)."""
        raise NotImplementedError

    @abstractmethod
    def _why_illegal(self, move) -> str | None:
        """``None`` when ``move`` is legal now, else the reason in words."""
        raise NotImplementedError

    @abstractmethod
    def _apply(self, move) -> None:
        """Change the state by a legal ``move``."""
        raise NotImplementedError

    @abstractmethod
    def _snapshot(self) -> Hashable:
        """The mutable part of the state as a hashable, comparable value."""
        raise NotImplementedError

    @abstractmethod
    def _restore(self, snapshot: Hashable) -> None:
        """Put back a state ``_snapshot`` returned."""
        raise NotImplementedError

    @abstractmethod
    def _deal_dict(self) -> dict[str, Any]:
        """The deal (and rules), JSON-safe."""
        raise NotImplementedError

    @classmethod
    @abstractmethod
    def from_deal_dict(cls, deal: dict[str, Any]):
        """A new game from ``_deal_dict`` data."""
        raise NotImplementedError

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended (no move can be played)."""
        raise NotImplementedError

    @abstractmethod
    def player_view(self, seat: int | None = None):
        """What ``seat`` (default: the seat to move) may see: an immutable value, no game inside."""
        raise NotImplementedError

    @abstractmethod
    def resample_hidden(self, seat: int | None, rng):
        """A game that looks the same to ``seat``, every tile it cannot see dealt again at random.

        Players that imagine the hidden tiles (determinisation) and the tests that
        prove views hide nothing use it. Games with no hidden information return a copy.
        """
        raise NotImplementedError

    @abstractmethod
    def invariant_errors(self) -> list[str]:
        """What is inconsistent (a tile in two places or none …); empty when all is well."""
        raise NotImplementedError

    @classmethod
    @abstractmethod
    def from_deal(cls, *args, **kwargs):
        """A game from an explicit deal, so a class can share one position."""
        raise NotImplementedError

    def redeal(self, seed: int) -> GameState | None:
        """What ``seed`` deals with this game's rules and seats (``new_game(seed, ...)``).

        A saved deal keeps the seed it was dealt from for the record (``Game.seed``); when a
        game answers here, ``from_dict`` refuses a save whose seed did not deal its content
        (``refuse_unless_dealt``). None (the default): the game checks its seed itself."""
        return None

    # -- playing --------------------------------------------------------------
    def to_move_object(self, move):
        """A move object from a move or its notation; bad notation raises BadNotation."""
        if isinstance(move, str):
            if len(move) > 200:
                raise BadNotation(
                    _("that is too long to be a move ({count} characters)").format(count=len(move))
                )
            return self._parse_move(move)
        if self.MOVE is not None and not isinstance(move, self.MOVE):
            raise BadNotation(
                _("not a {game} move: {move} (give a Move or its notation)").format(
                    game=self.GAME, move=describe(move)
                )
            )
        return move

    def why_illegal(self, move) -> str | None:
        """``None`` when ``move`` may be played now, else the reason in words."""
        try:
            move = self.to_move_object(move)
        except IllegalMove as error:
            return str(error)
        if self.is_over:
            return _("the game is over: {status}").format(status=self.status())
        return self._why_illegal(move)

    def play(self, move) -> None:
        """Play a move (or its notation). Refused moves raise IllegalMove and change nothing."""
        move = self.to_move_object(move)
        reason = (
            _("the game is over: {status}").format(status=self.status())
            if self.is_over
            else self._why_illegal(move)
        )
        if reason is not None:
            raise IllegalMove(reason)
        snapshot = self._snapshot()
        try:
            self._apply(move)
        except Exception:  # a bug must not leave a half-played move behind
            self._restore(snapshot)
            raise
        self._undo_stack.append(snapshot)
        self.history.append(move)
        self._redo_stack.clear()

    # -- chance after the deal (optional: a game with dice or draws may declare it) --------
    look_ahead: ClassVar[bool] = False
    """Whether this is a look-ahead (``after_outcome``): chance chosen, not dealt."""

    def chance_outcomes(self, move) -> tuple[tuple[Hashable, Fraction], ...]:
        """What chance decides when the legal ``move`` is played now: each outcome with its
        probability (together exactly 1). Empty, the default: nothing is left to chance (what is
        left to chance is then part of the deal, hidden or not). ``play`` always plays the
        outcome the deal holds; a solver or a generic player weighs them all (``after_outcome``)."""
        return ()

    def after_outcome(self, move, outcome: Hashable) -> GameState:
        """A look-ahead: a copy with the legal ``move`` played as if chance gave ``outcome`` (one
        of ``chance_outcomes(move)``). Chance was chosen, not dealt, so it is not a game of the
        deal: it plays on, but cannot be saved (``to_dict`` refuses it). This game is unchanged.

        >>> from tilegames.tula import new_game
        >>> new_game(seed=1).after_outcome(new_game(seed=1).legal_moves()[0], 3)
        Traceback (most recent call last):
        ...
        ValueError: 3 is not an outcome of that move: chance decides nothing there
        """
        move = self.to_move_object(move)
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(reason)
        outcomes = dict(self.chance_outcomes(move))
        if outcome not in outcomes:
            choices = ", ".join(map(str, outcomes)) or "chance decides nothing there"
            raise ValueError(f"{outcome!r} is not an outcome of that move: {choices}")
        other = self.copy(keep_undo=False)
        other._apply_outcome(move, outcome)
        other.history.append(move)
        other.look_ahead = True
        return other

    def _apply_outcome(self, move, outcome: Hashable) -> None:
        """Change the state by the legal ``move`` with chance giving ``outcome`` (supplied by a
        game whose ``chance_outcomes`` are not empty)."""
        raise NotImplementedError(f"{type(self).__name__} declares no chance outcomes")

    def play_unchecked(self, move) -> None:
        """Apply a legal ``Move`` with no check and no undo record: the fast path for players.

        Studies use it (through ``play_game(..., checked=False)``); after it,
        ``undo`` is refused until the game is rebuilt with ``from_dict``.
        """
        self._apply(move)
        self.history.append(move)

    def undo(self):
        """Take back the last move and return it; undo is unlimited."""
        if len(self._undo_stack) < len(self.history):
            raise IllegalMove(
                _(
                    "this game was played out without undo records (as simulations do): "
                    "rebuild it with Game.from_dict(game.to_dict()) to step back through it"
                )
            )
        if not self._undo_stack:
            raise IllegalMove(_("there is nothing to undo: no move has been played"))
        current = self._snapshot()
        self._restore(self._undo_stack.pop())
        move = self.history.pop()
        self._redo_stack.append((move, current))
        return move

    def redo(self):
        """Play again the last move taken back by ``undo`` and return it."""
        if not self._redo_stack:
            raise IllegalMove(_("there is nothing to redo"))
        move, after = self._redo_stack.pop()
        self._undo_stack.append(self._snapshot())
        self._restore(after)
        self.history.append(move)
        return move

    @property
    def can_undo(self) -> bool:
        """Whether a move can be taken back."""
        return bool(self._undo_stack) and len(self._undo_stack) >= len(self.history)

    @property
    def can_redo(self) -> bool:
        """Whether an undone move can be played again."""
        return bool(self._redo_stack)

    def copy(self, *, keep_undo: bool = True):
        """An independent copy: playing on it leaves this game alone.

        ``keep_undo=False`` leaves out the undo and redo records (a copy that
        cannot step back into positions it never held, as ``resample_hidden`` needs).
        """
        if keep_undo:
            return _copy.deepcopy(self)
        undo, redo = self._undo_stack, self._redo_stack
        self._undo_stack, self._redo_stack = [], []
        try:
            other = _copy.deepcopy(self)
        finally:
            self._undo_stack, self._redo_stack = undo, redo
        return other

    def status(self) -> str:  # pragma: no cover - games override
        """Where the game stands, in one line for people (whose turn, the scores, who won)."""
        return "game over" if self.is_over else "in play"

    # -- pictures: the modules the game's spec names (``render``, ``board``) --------
    @classmethod
    def spec(cls):
        """The game's declaration (``tilegames.spec.GameSpec``): the one ``tilegames.GAMES``
        holds under ``GAME`` when it is this game's, else the ``SPEC`` of the package the class
        is defined in (so a game that is not registered still prints and draws itself)."""
        import sys

        from . import GAMES

        if cls.GAME in GAMES:
            registered = GAMES.spec(cls.GAME)
            if _within(cls.__module__, registered.package):
                return registered
        parts = cls.__module__.split(".")
        for end in range(len(parts), 0, -1):
            declared = getattr(sys.modules.get(".".join(parts[:end])), "SPEC", None)
            if getattr(declared, "name", None) == cls.GAME:
                return declared
        return GAMES.spec(cls.GAME)  # neither: KeyError, naming the games there are

    def __str__(self) -> str:
        """The text board (the game's ``render.text``)."""
        return self.spec().render_module().text(self)

    def _repr_svg_(self) -> str:
        """The board as a picture in any notebook (the game's ``render.svg``)."""
        return self.spec().render_module().svg(self)

    def view(self, **options):
        """The interactive board for this game (its ``board.view``; needs ipywidgets)."""
        return self.spec().board_module().view(self, **options)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (
            self._snapshot() == other._snapshot()
            and self.history == other.history
            and self._deal_dict() == other._deal_dict()
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    # -- saving ----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-safe data: the deal, the rules and the moves played."""
        if self.look_ahead:
            raise ValueError(
                "a look-ahead (after_outcome: chance chosen, not dealt) is not a game of its "
                "deal and cannot be saved"
            )
        return {
            "game": self.GAME,
            "version": self.VERSION,
            "deal": _copy.deepcopy(self._deal_dict()),  # the caller's to keep: no shared lists
            "moves": [str(move) for move in self.history],
        }

    def to_json(self) -> str:
        """``to_dict`` as a JSON string."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Any):
        """Rebuild a saved game; anything wrong raises InvalidPosition naming the field."""
        if not isinstance(data, dict):
            raise InvalidPosition(
                _("a saved game must be a dict, not {kind}").format(kind=type(data).__name__)
            )
        if data.get("game") != cls.GAME:
            raise InvalidPosition(
                _("game: expected {game!r}, found {value}").format(
                    game=cls.GAME, value=describe(data.get("game"))
                )
            )
        if type(data.get("version")) is not int or data["version"] != cls.VERSION:
            raise InvalidPosition(
                _("version: this tilegames reads version {version}, found {value}").format(
                    version=cls.VERSION, value=describe(data.get("version"))
                )
            )
        unknown = sorted(
            field_name(key) for key in set(data) - {"game", "version", "deal", "moves"}
        )
        if unknown:
            raise InvalidPosition(
                _("unknown field(s) {unknown}").format(unknown=", ".join(unknown))
            )
        deal = require(data, "deal", dict)
        moves = require(data, "moves", list)
        unknown = sorted(field_name(key) for key in set(deal) - cls.DEAL_FIELDS)
        if cls.DEAL_FIELDS and unknown:
            raise InvalidPosition(
                _("deal: unknown field(s) {unknown}").format(unknown=", ".join(unknown))
            )
        refuse_huge_numbers(deal, "deal")
        if len(moves) > MAX_SAVED_MOVES:
            raise InvalidPosition(
                _("moves: {moves} moves; a saved game holds at most {most}").format(
                    moves=len(moves), most=MAX_SAVED_MOVES
                )
            )
        deal = _copy.deepcopy(deal)  # nothing of the caller's data ends up in the game
        try:
            game = cls.from_deal_dict(deal)
        except (
            IllegalMove,
            TypeError,
            KeyError,
            IndexError,
            AttributeError,
            OverflowError,
        ) as error:
            raise InvalidPosition(
                _("deal: not a valid deal ({error})").format(error=error)
            ) from None
        seed = getattr(game, "seed", None)
        again = game.redeal(seed) if seed is not None else None
        if again is not None:  # the seed is for the record: it must be the one that dealt this
            refuse_unless_dealt(game, again)
        for index, move in enumerate(moves):
            if not isinstance(move, str):
                raise InvalidPosition(
                    _("moves[{index}]: expected move notation, found {move}").format(
                        index=index, move=describe(move)
                    )
                )
            try:
                game.play(move)
            except IllegalMove as error:
                raise InvalidPosition(
                    _("moves[{index}] ({move}) cannot be played: {error}").format(
                        index=index, move=describe(move), error=error
                    )
                ) from None
        return game

    @classmethod
    def from_json(cls, text: str):
        """Rebuild a game saved with ``to_json``."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise InvalidPosition(_("expected JSON text, found {text}").format(text=describe(text)))
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise InvalidPosition(_("not valid JSON: {error}").format(error=error)) from None
        except ValueError:  # a number of thousands of digits (Python's int limit)
            raise InvalidPosition(
                _("not a saved game: a number in it is thousands of digits long")
            ) from None
        except RecursionError:
            raise InvalidPosition(
                _("not a saved game: the JSON is nested far too deeply")
            ) from None
        try:
            return cls.from_dict(data)
        except RecursionError:
            raise InvalidPosition(
                _("not a saved game: the data is nested far too deeply")
            ) from None


def refuse_unless_dealt(game: GameState, *dealt: GameState) -> None:
    """InvalidPosition on ``deal.seed`` unless one of the ``dealt`` games (what the game's
    seed deals, with its rules and players) holds exactly the deal of ``game``.

    A save names its seed only for the record, so a seed that did not deal the
    tiles would report a lie: such a save is refused whole.

    >>> from tilegames.tula import new_game
    >>> game = new_game(seed=3)
    >>> refuse_unless_dealt(game, new_game(seed=3))
    >>> refuse_unless_dealt(game, new_game(seed=4))
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidPosition: deal.seed: seed 3 does not deal these tiles (write null for a deal given tile by tile)
    """
    mine = game._deal_dict()
    if not any(other._deal_dict() == mine for other in dealt):
        raise InvalidPosition(
            _(
                "deal.seed: seed {value} does not deal these tiles (write null for a deal given tile by tile)"
            ).format(value=describe(mine.get("seed")))
        )


def deal_seed(deal: dict[str, Any]) -> int | None:
    """The ``seed`` a saved deal keeps for the record: a whole number or null, or
    InvalidPosition naming ``deal.seed``.

    >>> deal_seed({"seed": 7}), deal_seed({"seed": None})
    (7, None)
    """
    from .randomness import read_seed

    return read_seed(require(deal, "seed", (int, type(None)), "deal"), "deal.seed")


def kept_seed(deal: dict[str, Any], missing: str = "missing") -> int | None:
    """The ``seed`` a saved deal must name (a whole number, or null for a deal given piece by
    piece), kept for the record; InvalidPosition ``deal.seed: {missing}`` when it names none.

    >>> kept_seed({"seed": 7}), kept_seed({"seed": None})
    (7, None)
    """
    from .randomness import read_seed

    if "seed" not in deal:
        raise InvalidPosition(_("deal.seed: {missing}").format(missing=missing))
    return read_seed(deal["seed"], "deal.seed")


@contextlib.contextmanager
def deal_fields() -> Iterator[None]:
    """Name the saved deal in an InvalidPosition its block raises (``slots: …`` becomes
    ``deal.slots: …``): the block makes a game from the deal's fields."""
    try:
        yield
    except InvalidPosition as error:
        raise InvalidPosition(_("deal.{error}").format(error=error)) from None


def field_name(key: Any) -> str:
    """A dict key as it appears in a message: a string as is, anything else described.

    >>> field_name("seed"), field_name(10**5000)
    ('seed', 'a number of about 5001 digits')
    """
    return key if isinstance(key, str) else describe(key)


def refuse_huge_numbers(data: Any, where: str) -> None:
    """Refuse, naming the field, any whole number in ``data`` beyond ``MAX_SAVED_NUMBER``.

    Such a number could not be saved again (or printed in a message), so a save
    holding one is refused whole. Containers are walked without recursion.

    >>> refuse_huge_numbers({"seed": 3, "hands": [[1, 2]]}, "deal")
    >>> refuse_huge_numbers({"seed": 10**5000}, "deal")
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidPosition: deal.seed: a number of about 5001 digits; a saved game holds no number beyond 2**128
    """
    pending: list[tuple[Any, str]] = [(data, where)]
    while pending:
        value, name = pending.pop()
        if isinstance(value, dict):
            pending.extend((item, f"{name}.{field_name(key)}") for key, item in value.items())
        elif isinstance(value, (list, tuple)):
            pending.extend((item, f"{name}[{index}]") for index, item in enumerate(value))
        elif isinstance(value, int) and abs(value) > MAX_SAVED_NUMBER:
            raise InvalidPosition(
                _("{name}: {value}; a saved game holds no number beyond 2**128").format(
                    name=name, value=describe(value)
                )
            )


def lazy_view(package: str):
    """A module ``__getattr__`` that gives the package's ``view`` function only when asked.

    A game package says ``__getattr__ = lazy_view(__name__)``, so importing the
    rules never imports ipywidgets. The board code lives in the submodule
    ``board`` (not ``view``), so ``tula.view`` is always the function, whatever
    was imported before:

    >>> from tilegames import tula
    >>> import tilegames.tula.board
    >>> tula.view is tilegames.tula.board.view
    True
    """

    def __getattr__(name: str):
        if name == "view":
            return importlib.import_module(package).SPEC.board_module().view
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


def require(data: dict[str, Any], field: str, kind: type | tuple[type, ...], where: str = ""):
    """``data[field]`` when present and of ``kind``, else InvalidPosition naming the field.

    >>> require({"mercy": True}, "mercy", bool)
    True
    """
    name = f"{where}.{field}" if where else field
    if field not in data:
        raise InvalidPosition(_("{name}: missing").format(name=name))
    value = data[field]
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        expected = (
            kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        )
        raise InvalidPosition(
            _("{name}: expected {expected}, found {value}").format(
                name=name, expected=expected, value=describe(value)
            )
        )
    return value


def _within(module: str, package: str) -> bool:
    """Whether ``module`` is ``package`` or one of its modules."""
    return module == package or module.startswith(package + ".")
