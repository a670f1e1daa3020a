"""``tilegames simulate GAME``, built from the game's spec.

Every game gets the same rule options, read from its ``Rules`` fields:
``--rules PRESET`` (a named rule set) and ``--rule NAME=VALUE`` (repeatable, any
field, checked against the field's type). A spec's ``rule_flags`` add short
flags that mean a rule (``--curse`` is ``--rule curse=true``). The other options
are those its studies declare (``GameSpec.studies``; ``tilegames.study_options``):
a ``generic_study`` gets ``--games``, ``--players`` (when the game has a choice of
seats) and ``--player`` for its ``task``. No game has a command module of its own.
``--rules`` takes a rule set's name or a declared alias (``Rules.ALIASES``).

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
import time
from typing import Any

from ..i18n import _, translate
from ..rules_base import changed_rules, rule_fields, with_rules
from ..study_options import dest_of
from .common import simulate_from_args

__all__ = [
    "add_rule_arguments",
    "add_simulate_arguments",
    "changed_rules",
    "chosen_study",
    "rules_from_args",
    "run_simulation",
    "writes_its_own_out",
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
        _("rules"),
        _("every rule of the game, by its field name: ")
        + "; ".join(
            f"{field.name} ({kind}): {doc.replace('``', '').rstrip('.')}"
            for field in fields
            for kind, doc in [field.words()]
        ),
    )
    group.add_argument(
        "--rules",
        type=_preset_name(spec.Rules),
        choices=presets,
        metavar="PRESET",
        help=_("a named rule set: {presets} (default: the game's usual rules)").format(
            presets=", ".join(presets)
        ),
    )
    group.add_argument(
        "--rule",
        action="append",
        metavar="NAME=VALUE",
        help=_("change one rule, after --rules; repeat for several (like --rule {example})").format(
            example=f"{fields[0].name}={_example(fields[0])}"
        ),
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
            help=_("the same as {option}").format(option=said),
        )


def _preset_name(rules_type: type):
    """``--rules``' type: a declared alias (``Rules.ALIASES``) read as its preset's name; any
    other word is left for ``choices`` to refuse (argparse's message lists the names)."""

    def name(text: str) -> str:
        try:
            return rules_type.name_of(text, "preset")
        except ValueError:
            return text

    return name


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
    rules = spec.Rules.preset(args.rules) if getattr(args, "rules", None) else spec.Rules()
    return with_rules(rules, getattr(args, "rule", None) or [])


def add_simulate_arguments(parser: argparse.ArgumentParser, spec) -> None:
    """The options of the spec's studies (``GameSpec.study_list``): the first study's at the
    top, each other study's under its own heading, after the switch that selects it."""
    studies = spec.study_list()
    parser.description = translate(studies[0].description)
    for study in studies:
        where = parser
        if study.flag:
            where = parser.add_argument_group(translate(study.group), translate(study.group_help))
            where.add_argument(study.flag, action="store_true", help=translate(study.flag_help))
        exclusive: dict[str, Any] = {}
        for option in study.options:
            if option.exclusive and option.exclusive not in exclusive:
                exclusive[option.exclusive] = where.add_mutually_exclusive_group()
            option.add_to(exclusive.get(option.exclusive, where))


def chosen_study(args: argparse.Namespace):
    """The study the command line asked for: the one whose switch is on, else the first."""
    studies = args.spec.study_list()
    switched = [s for s in studies if s.flag and getattr(args, dest_of(s.flag), False)]
    return switched[0] if switched else studies[0]


def writes_its_own_out(args: argparse.Namespace) -> bool:
    """Whether the chosen study writes (and resumes) ``--out`` itself (Maze's ``--exhaustive``)."""
    return chosen_study(args).writes_its_own_out


def run_simulation(args: argparse.Namespace):
    """Run the chosen study: check its options, plan it, run its task on the planned games
    (its tally fed batch by batch), and return the rows and the summary text. A study with
    a ``run`` of its own runs itself."""
    study = chosen_study(args)
    values = vars(args)
    problems = study.problems(values)
    if problems:
        raise ValueError(problems[0])
    rules = rules_from_args(args)
    if study.run:
        return study.function()(rules, values)
    plan = study.function()(rules, values)
    start = time.perf_counter()
    frame = simulate_from_args(
        plan.task, plan.games, args, plan.what, tally=plan.tally, provenance=plan.provenance
    )
    return frame, plan.summary(frame, time.perf_counter() - start)
