"""``tilegames simulate GAME``, built from the game's spec.

Every game gets the same rule options, read from its ``Rules`` fields:
``--rules PRESET`` (a named rule set) and ``--rule NAME=VALUE`` (repeatable, any
field, checked against the field's type). A spec's ``rule_flags`` add short
flags that mean a rule (``--curse`` is ``--rule curse=true``). A game whose spec
names no ``command`` module gets the whole command from here: ``--games``,
``--players`` (when it has a choice of seats), ``--player`` and its study's
``task``; a game with a ``command`` module adds its own options and runs itself,
reading the rules with ``rules_from_args``.

>>> import argparse
>>> from tilegames import GAMES
>>> parser = argparse.ArgumentParser()
>>> add_rule_arguments(parser, GAMES.spec("pyramids"))
>>> args = parser.parse_args(["--rules", "with_curse", "--turn-cap", "90"])
>>> rules_from_args(args)
Rules(row0_gaps='all', overhang_collapse='support', curse=True, curse_debris='previous', fire_cube=False, turn_cap=90)
"""

from __future__ import annotations

import argparse
import functools

from ..rules_base import rule_fields, with_rules
from .common import game_count, simulate_from_args

__all__ = [
    "add_rule_arguments",
    "add_simulate_arguments",
    "changed_rules",
    "rules_from_args",
    "run_simulation",
]


class _RuleFlag(argparse.Action):
    """A spec's shortcut flag: appends its ``NAME=VALUE`` (or sets a preset) in order."""

    def __init__(self, option_strings, dest, meaning: str, **kwargs) -> None:
        self.meaning = meaning
        takes_value = "=" not in meaning and not meaning.startswith("@")
        super().__init__(option_strings, dest, nargs=None if takes_value else 0, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        if self.meaning.startswith("@"):
            namespace.rules = self.meaning[1:]
            return
        change = self.meaning if "=" in self.meaning else f"{self.meaning}={values}"
        namespace.rule = [*(getattr(namespace, "rule", None) or []), change]


def add_rule_arguments(parser: argparse.ArgumentParser, spec) -> None:
    """``--rules PRESET``, ``--rule NAME=VALUE`` and the spec's shortcut flags."""
    parser.set_defaults(spec=spec)
    presets = list(spec.presets())
    fields = rule_fields(spec.Rules)
    group = parser.add_argument_group(
        "rules",
        "every rule of the game, by its field name: "
        + "; ".join(
            f"{field.name} ({field.kind}): {field.doc.replace('``', '').rstrip('.')}"
            for field in fields
        ),
    )
    group.add_argument(
        "--rules",
        choices=presets,
        metavar="PRESET",
        help=f"a named rule set: {', '.join(presets)} (default: the game's usual rules)",
    )
    group.add_argument(
        "--rule",
        action="append",
        metavar="NAME=VALUE",
        help="change one rule, after --rules; repeat for several (like --rule "
        f"{fields[0].name}={_example(fields[0])})",
    )
    for flag, meaning in spec.rule_flags.items():
        if meaning.startswith("@"):
            said = f"--rules {meaning[1:]}"
        elif "=" in meaning:
            said = f"--rule {meaning}"
        else:
            said = f"--rule {meaning}=VALUE"
        group.add_argument(
            flag,
            action=_RuleFlag,
            meaning=meaning,
            dest="rule",
            metavar="VALUE",
            help=f"the same as {said}",
        )


def _example(field) -> str:
    if field.choices:
        return str(field.choices[-1]).lower()
    return str(field.default).lower().replace(" ", "").strip("()")


def rules_from_args(args: argparse.Namespace, spec=None):
    """The ``Rules`` the command line asked for: the preset, then each ``--rule`` in order.

    ``spec`` is the game's (default ``args.spec``); arguments with no rule options give
    the game's usual rules. A wrong name or value raises ValueError saying what was wrong.
    """
    spec = spec if spec is not None else args.spec
    rules = spec.presets()[args.rules] if getattr(args, "rules", None) else spec.Rules()
    return with_rules(rules, getattr(args, "rule", None) or [])


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


def add_simulate_arguments(parser: argparse.ArgumentParser, spec) -> None:
    """The options of a game with no command module of its own: games, seats, players."""
    parser.description = f"Play many seeded {spec.title} games and summarise them."
    parser.add_argument(
        "--games",
        type=game_count,
        default=spec.default_games,
        help=f"games to play (default {spec.default_games})",
    )
    low, high = spec.seats
    if low < high:
        parser.add_argument(
            "--players",
            type=int,
            default=low,
            choices=range(low, high + 1),
            metavar="N",
            help=f"players per game, {low}-{high} (default {low})",
        )
    players = list(spec.players)
    parser.add_argument(
        "--player",
        default=players[0],
        help=f"the player of each seat: {', '.join(players)}; a comma list sets seats in turn "
        f"(default {players[0]})",
    )


def run_simulation(args: argparse.Namespace):
    """Run the spec's study task on ``--games`` seeded games; the rows and the summary text."""
    from ..spec import load

    spec = args.spec
    rules = rules_from_args(args)
    lineup = [name.strip() for name in args.player.split(",") if name.strip()]
    unknown = [name for name in lineup if name not in spec.players]
    if unknown or not lineup:
        raise ValueError(
            f"unknown {spec.title} player {unknown[0] if unknown else args.player!r}: "
            f"choose from {', '.join(spec.players)}"
        )
    players = getattr(args, "players", None) or spec.seats[0]
    task = functools.partial(load(spec.task), rules=rules, players=players, player=",".join(lineup))
    frame = simulate_from_args(task, args.games, args, f"{spec.title} games")
    return frame, load(spec.summary_text)(frame)


def provenance(args: argparse.Namespace) -> dict:
    """What the sidecar of ``--out`` records besides the command: the rules played."""
    return {"rules": rules_from_args(args).to_dict()}
