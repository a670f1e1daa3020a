"""What every game's ``Rules`` shares: saving, loading and named presets.

Each game's ``Rules`` is a frozen dataclass of variant switches that also
inherits ``RulesBase``. The field types are read from the defaults (a bool
switch, an int bonus, a str choice, a tuple of ints), so saving and loading
need no code per game: ``to_dict`` writes every field, and ``from_dict``
refuses unknown, missing and wrong-typed fields with ``InvalidPosition``
naming the field. A game lists its named presets in ``PRESETS`` (names of
classmethods); ``Rules.preset(name)`` and ``Rules.presets()`` read them.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Rules(RulesBase):
...     mercy: bool = False
...     PRESETS = ("standard",)
...     @classmethod
...     def standard(cls):
...         return cls()
>>> Rules.from_dict({"mercy": True})
Rules(mercy=True)
>>> Rules.from_dict({"mercy": 1})
Traceback (most recent call last):
...
tilegames.errors.InvalidPosition: rules.mercy: expected true or false, found 1
>>> Rules.preset("standard").to_dict()
{'mercy': False}
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from .errors import InvalidPosition, describe


class RulesBase:
    """Mixin for a game's frozen ``Rules`` dataclass: ``to_dict``, ``from_dict``, presets."""

    PRESETS: ClassVar[tuple[str, ...]] = ()
    """Names of the classmethods that make the named rule sets (``"pressman"``)."""

    def to_dict(self) -> dict[str, Any]:
        """Every field, JSON-safe (tuples become lists)."""
        return {
            field.name: list(value) if isinstance(value, tuple) else value
            for field in dataclasses.fields(self)  # type: ignore[arg-type]
            for value in [getattr(self, field.name)]
        }

    @classmethod
    def from_dict(cls, data: Any, field: str = "rules"):
        """Rules from ``to_dict`` data; every field must be present and of its type."""
        if not isinstance(data, dict):
            raise InvalidPosition(
                f"{field}: expected a dict of rule switches, found {describe(data)}"
            )
        fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        unknown = sorted(str(name) for name in set(data) - set(fields))
        if unknown:
            raise InvalidPosition(f"{field}: unknown field(s) {', '.join(unknown)}")
        missing = sorted(set(fields) - set(data))
        if missing:
            raise InvalidPosition(f"{field}: missing field(s) {', '.join(missing)}")
        values = {
            name: _checked(data[name], _default(spec), f"{field}.{name}")
            for name, spec in fields.items()
        }
        try:
            return cls(**values)
        except (TypeError, ValueError) as error:
            raise InvalidPosition(f"{field}: {error}") from None

    @classmethod
    def presets(cls) -> dict[str, Any]:
        """Every named rule set, by name."""
        return {name: getattr(cls, name)() for name in cls.PRESETS}

    @classmethod
    def preset(cls, name: str):
        """The rule set called ``name``; an unknown name raises ValueError listing the choices."""
        if name not in cls.PRESETS:
            raise ValueError(
                f"unknown rule set {name!r}: choose from {', '.join(cls.PRESETS) or 'none'}"
            )
        return getattr(cls, name)()


def _default(spec: dataclasses.Field) -> Any:
    if spec.default is not dataclasses.MISSING:
        return spec.default
    if spec.default_factory is not dataclasses.MISSING:
        return spec.default_factory()
    raise TypeError(f"Rules field {spec.name} needs a default (it decides the field's type)")


def _checked(value: Any, default: Any, where: str) -> Any:
    """``value`` when it has the type of ``default`` (lists become tuples), else InvalidPosition."""
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        raise InvalidPosition(f"{where}: expected true or false, found {describe(value)}")
    if isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**9:
            return value
        raise InvalidPosition(f"{where}: expected a whole number, found {describe(value)}")
    if isinstance(default, float):
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
            return float(value)
        raise InvalidPosition(f"{where}: expected a number, found {describe(value)}")
    if isinstance(default, str):
        if isinstance(value, str) and len(value) < 200:
            return value
        raise InvalidPosition(f"{where}: expected a word, found {describe(value)}")
    if isinstance(default, tuple):
        if isinstance(value, (list, tuple)) and len(value) == len(default):
            return tuple(
                _checked(item, model, f"{where}[{index}]")
                for index, (item, model) in enumerate(zip(value, default))
            )
        raise InvalidPosition(
            f"{where}: expected a list of {len(default)} values, found {describe(value)}"
        )
    if default is None:
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        raise InvalidPosition(f"{where}: expected a whole number or null, found {describe(value)}")
    raise TypeError(f"{where}: Rules fields must be bool, int, float, str or tuple")
