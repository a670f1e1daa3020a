"""What every game's ``Rules`` shares: saving, loading and named presets.

Each game's ``Rules`` is a frozen dataclass of variant switches that also
inherits ``RulesBase``. The field types are read from the defaults (a bool
switch, an int bonus, a str choice, a tuple of ints), so saving and loading
need no code per game: ``to_dict`` writes every field, and ``from_dict``
refuses unknown, missing and wrong-typed fields with ``InvalidPosition``
naming the field. A game lists its named presets in ``PRESETS`` (names of
classmethods); ``Rules.preset(name)`` and ``Rules.presets()`` read them.

Every rule and every named rule set has one name. An old name that must keep
working (a committed results file records it) is declared once, next to the
rules, in ``ALIASES`` (old name -> name); ``name_of`` reads it, and so every
entry point (``--rules``, ``--rule``, ``Rules.preset``, the explorers) takes it.

Each field's docstring (the string under it in the class) is its description:
``rule_fields`` lists the fields with type, default, choices and description,
and ``with_rules`` changes fields from text (``"mercy=true"``), checked against
the field's type, which is how the command line and the explorers reach every
rule under one name.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Rules(RulesBase):
...     mercy: bool = False
...     PRESETS = ("standard",)
...     ALIASES = MappingProxyType({"published": "standard"})
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
>>> Rules.preset("published") == Rules.preset("standard")
True
>>> with_rules(Rules(), ["mercy=yes"])
Rules(mercy=True)
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import inspect
import textwrap
import typing
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Literal

from . import i18n  # i18n._(...)
from .errors import InvalidPosition, describe
from .i18n import N_


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
                i18n._("{field}: expected a dict of rule switches, found {data}").format(
                    field=field, data=describe(data)
                )
            )
        fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        unknown = sorted(str(name) for name in set(data) - set(fields))
        if unknown:
            raise InvalidPosition(
                i18n._("{field}: unknown field(s) {unknown}").format(
                    field=field, unknown=", ".join(unknown)
                )
            )
        missing = sorted(set(fields) - set(data))
        if missing:
            raise InvalidPosition(
                i18n._("{field}: missing field(s) {missing}").format(
                    field=field, missing=", ".join(missing)
                )
            )
        values = {
            name: _checked(data[name], _default(spec), f"{field}.{name}")
            for name, spec in fields.items()
        }
        try:
            return cls(**values)
        except (TypeError, ValueError) as error:
            raise InvalidPosition(f"{field}: {error}") from None

    ALIASES: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """Other names that keep working: old name -> the name of a rule (a field) or of a
    named rule set (in ``PRESETS``), read-only (a ``types.MappingProxyType``: nothing a
    player is handed can change it). An alias is never itself a name."""

    @classmethod
    def presets(cls) -> dict[str, Any]:
        """Every named rule set, by its name (aliases left out)."""
        return {name: getattr(cls, name)() for name in cls.PRESETS}

    @classmethod
    def preset(cls, name: str):
        """The rule set called ``name`` (or a declared alias of it); an unknown name raises
        ValueError listing the names."""
        return getattr(cls, cls.name_of(name, "preset"))()

    @classmethod
    def name_of(cls, name: str, kind: Literal["preset", "rule"] = "preset") -> str:
        """The name of the rule set (``kind="preset"``) or the rule (``"rule"``) called
        ``name`` or a declared alias of it; an unknown name raises ValueError listing the names.

        >>> from tilegames.triominos import Rules
        >>> Rules.name_of("standard")
        'seed'
        >>> Rules.name_of("pressmann")
        Traceback (most recent call last):
        ...
        ValueError: unknown rule set 'pressmann': choose from seed, pressman, ...
        """
        names = (
            tuple(cls.PRESETS)
            if kind == "preset"
            else tuple(field.name for field in dataclasses.fields(cls))  # type: ignore[arg-type]
        )
        if name in names:
            return name
        if cls.ALIASES.get(name) in names:
            return cls.ALIASES[name]
        if kind == "preset":
            raise ValueError(
                i18n._("unknown rule set {name}: choose from {names}").format(
                    name=repr(name), names=", ".join(names) or i18n._("none")
                )
            )
        raise ValueError(
            i18n._("no rule {name}: the rules are {names}").format(
                name=repr(name), names=", ".join(names)
            )
        )


def alias_problems(rules_type: type) -> list[str]:
    """What is wrong with a ``Rules`` class's ``ALIASES`` (``[]``: nothing): it is read-only,
    each alias points at a rule or a named rule set, and no alias is itself a name.

    >>> from tilegames.triominos import Rules
    >>> alias_problems(Rules)
    []
    >>> class Odd(Rules):
    ...     ALIASES = MappingProxyType({"seed": "pressman", "old": "gone"})
    >>> alias_problems(Odd)
    ["alias 'seed' is itself a name", "alias 'old' points at 'gone', which is no rule or rule set"]
    """
    names = {*rules_type.PRESETS, *(field.name for field in dataclasses.fields(rules_type))}
    problems = []
    if not isinstance(rules_type.ALIASES, MappingProxyType):
        problems.append("ALIASES must be read-only: types.MappingProxyType({...})")
    for alias, name in rules_type.ALIASES.items():
        if alias in names:
            problems.append(f"alias {alias!r} is itself a name")
        if name not in names:
            problems.append(f"alias {alias!r} points at {name!r}, which is no rule or rule set")
    return problems


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
        raise InvalidPosition(
            i18n._("{where}: expected true or false, found {value}").format(
                where=where, value=describe(value)
            )
        )
    if isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**9:
            return value
        raise InvalidPosition(
            i18n._("{where}: expected a whole number, found {value}").format(
                where=where, value=describe(value)
            )
        )
    if isinstance(default, float):
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
            return float(value)
        raise InvalidPosition(
            i18n._("{where}: expected a number, found {value}").format(
                where=where, value=describe(value)
            )
        )
    if isinstance(default, str):
        if isinstance(value, str) and len(value) < 200:
            return value
        raise InvalidPosition(
            i18n._("{where}: expected a word, found {value}").format(
                where=where, value=describe(value)
            )
        )
    if isinstance(default, tuple):
        if isinstance(value, (list, tuple)) and len(value) == len(default):
            return tuple(
                _checked(item, model, f"{where}[{index}]")
                for index, (item, model) in enumerate(zip(value, default))
            )
        raise InvalidPosition(
            i18n._("{where}: expected a list of {count} values, found {value}").format(
                where=where, count=len(default), value=describe(value)
            )
        )
    if default is None:
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        raise InvalidPosition(
            i18n._("{where}: expected a whole number or null, found {value}").format(
                where=where, value=describe(value)
            )
        )
    raise TypeError(f"{where}: Rules fields must be bool, int, float, str or tuple")


# -- every field, described: what the command line and the explorers offer -------------------


@dataclasses.dataclass(frozen=True)
class RuleField:
    """One rule of a game: its name, default, choices (if fixed) and description."""

    name: str
    default: Any
    doc: str
    """The field's docstring in the ``Rules`` class (its first sentence is a label)."""
    choices: tuple[Any, ...] = ()
    """The values allowed (a ``Literal`` type, or ``True, False``); empty: any of its type."""

    @property
    def kind(self) -> str:
        """The type in words: ``true or false``, ``whole number``, ``all or single`` …"""
        if self.choices and not isinstance(self.default, bool):
            return " or ".join(map(str, self.choices))
        return _KIND_WORDS.get(type(self.default), N_("whole number or none"))

    def words(self) -> tuple[str, str]:
        """Its kind and its docstring in the language in use (``simulate --help``, the rules
        cards); a choice's values are notation and stay as written.

        >>> from tilegames.i18n import using
        >>> from tilegames.tula import Rules
        >>> with using("sk"):
        ...     rule_fields(Rules)[0].words()[0]
        'true alebo false'
        """
        from .i18n import _, translate

        if self.choices and not isinstance(self.default, bool):
            kind = _(" or ").join(map(str, self.choices))
        else:
            kind = translate(self.kind)
        return kind, translate(self.doc)


_KIND_WORDS = {
    bool: N_("true or false"),
    int: N_("whole number"),
    float: N_("number"),
    str: N_("word"),
    tuple: N_("list of whole numbers, like 50,60,70"),
}


@functools.cache
def rule_fields(rules_type: type) -> tuple[RuleField, ...]:
    """Every field of a ``Rules`` class, in order, with its docstring and choices.

    >>> from tilegames.pyramids import Rules
    >>> [field.name for field in rule_fields(Rules)][:3]
    ['row0_gaps', 'overhang_collapse', 'curse']
    >>> rule_fields(Rules)[0].choices
    ('all', 'single')
    """
    docs = _field_docs(rules_type)
    try:
        hints = typing.get_type_hints(rules_type)
    except Exception:  # an annotation this Python cannot evaluate: no choices, no harm
        hints = {}
    fields = []
    for spec in dataclasses.fields(rules_type):
        default = _default(spec)
        choices: tuple[Any, ...] = ()
        if typing.get_origin(hints.get(spec.name)) is typing.Literal:
            choices = typing.get_args(hints[spec.name])
        elif isinstance(default, bool):
            choices = (False, True)
        fields.append(RuleField(spec.name, default, docs.get(spec.name, ""), choices))
    return tuple(fields)


def _field_docs(rules_type: type) -> dict[str, str]:
    """Each field's docstring, read from the class's source (every class in its MRO)."""
    docs: dict[str, str] = {}
    for klass in reversed(rules_type.__mro__):
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        except (OSError, TypeError, SyntaxError):  # a built-in, or no source on disk
            continue
        if tree.body and isinstance(tree.body[0], ast.ClassDef):
            docs.update((name, doc) for name, doc, _ in field_docstrings(tree.body[0]))
    return docs


def field_docstrings(node: ast.ClassDef | ast.FunctionDef):
    """``(field, docstring with its whitespace joined, line)`` for each field of a class's
    source that a string right after it describes (how ``rule_fields``, the catalogs'
    extractor and the contract's reference read a description); in a method (``__init__``),
    each ``self.name: type = ...`` so described.

    >>> tree = ast.parse("class Rules:\\n    mercy: bool = False\\n    'One more  try.'")
    >>> list(field_docstrings(tree.body[0]))
    [('mercy', 'One more try.', 3)]
    >>> init = ast.parse("def __init__(self):\\n    self.history: list = []\\n    'Moves.'")
    >>> list(field_docstrings(init.body[0]))
    [('history', 'Moves.', 3)]
    """
    for statement, after in zip(node.body, node.body[1:]):
        if not (
            isinstance(statement, ast.AnnAssign)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            continue
        target = statement.target
        if isinstance(target, ast.Name):
            name = target.id
        elif (
            isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name)
            and target.value.id == "self"
        ):
            name = target.attr
        else:
            continue
        yield name, " ".join(after.value.value.split()), after.lineno


def parse_value(field: RuleField, text: str) -> Any:
    """The value ``text`` gives ``field``, read according to the field's type and choices.

    >>> parse_value(RuleField("mercy", False, ""), "on")
    True
    >>> parse_value(RuleField("turn_cap", 500, ""), "many")
    Traceback (most recent call last):
    ...
    ValueError: rule turn_cap: expected a whole number, not 'many'
    """
    word = text.strip()
    lowered = word.lower()
    default = field.default
    value: Any
    if isinstance(default, bool):
        truth = {"true": True, "yes": True, "on": True, "1": True}
        truth.update({"false": False, "no": False, "off": False, "0": False})
        if lowered not in truth:
            raise ValueError(f"rule {field.name}: expected true or false, not {text!r}")
        value = truth[lowered]
    elif default is None or isinstance(default, int):
        if default is None and lowered in ("none", "null"):
            return None
        value = _whole(field.name, word)
    elif isinstance(default, float):
        try:
            value = float(word)
        except ValueError:
            raise ValueError(f"rule {field.name}: expected a number, not {text!r}") from None
    elif isinstance(default, tuple):
        parts = [part for part in word.replace(" ", "").split(",") if part]
        if len(parts) != len(default):
            raise ValueError(
                f"rule {field.name}: expected {len(default)} whole numbers separated by commas, "
                f"not {text!r}"
            )
        value = tuple(_whole(field.name, part) for part in parts)
    else:
        value = word
    if field.choices and value not in field.choices:
        choices = ", ".join(str(choice).lower() for choice in field.choices)
        raise ValueError(f"rule {field.name}: choose from {choices}, not {text!r}")
    return value


def _whole(name: str, word: str) -> int:
    cleaned = word.replace("_", "")
    if not cleaned.lstrip("+-").isdigit() or len(cleaned) > 12:
        raise ValueError(f"rule {name}: expected a whole number, not {word!r}")
    return int(cleaned)


def with_rules(rules: Any, changes: list[str] | tuple[str, ...]) -> Any:
    """``rules`` with each ``"NAME=VALUE"`` of ``changes`` applied; anything wrong raises
    ValueError saying what (and nothing changes: a new ``Rules`` is returned).

    >>> from tilegames.maze import Rules
    >>> with_rules(Rules(), ["ring=true", "corners=off"])
    Rules(ring=True, queen_before_ace=True, corners=False)
    >>> with_rules(Rules(), ["rings=true"])
    Traceback (most recent call last):
    ...
    ValueError: no rule 'rings': the rules are ring, queen_before_ace, corners
    """
    fields = {field.name: field for field in rule_fields(type(rules))}
    values: dict[str, Any] = {}
    for change in changes:
        name, equals, text = change.partition("=")
        name = name.strip().replace("-", "_")
        if not equals:
            raise ValueError(
                f"a rule is written NAME=VALUE (like {next(iter(fields))}=...), not {change!r}"
            )
        name = type(rules).name_of(name, "rule") if hasattr(rules, "name_of") else name
        if name not in fields:
            raise ValueError(f"no rule {name!r}: the rules are {', '.join(fields)}")
        values[name] = parse_value(fields[name], text)
    try:
        return dataclasses.replace(rules, **values)
    except (TypeError, ValueError) as error:
        raise ValueError(f"those rules do not go together: {error}") from None


def changed_rules(rules) -> list[str]:
    """The rules that differ from the game's usual ones, in words for a summary line.

    >>> from tilegames.pyramids import Rules
    >>> changed_rules(Rules(curse=True, turn_cap=90))
    ['curse', 'turn_cap=90']
    """
    usual = type(rules)()
    words = []
    for field in rule_fields(type(rules)):
        value = getattr(rules, field.name)
        if value == getattr(usual, field.name):
            continue
        if value is True:
            words.append(field.name.replace("_", " "))
        else:
            words.append(f"{field.name}={value}")
    return words
