"""One name per rule and per rule set: a declared alias (``Rules.ALIASES``) reaches the same
rules through every entry point (``--rules``, ``--rule``, ``Rules.preset``, the explorers,
the studies); an unknown name is refused with the names listed, and nothing changes."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

import pytest

from tilegames import GAMES
from tilegames.cli import build_parser, main
from tilegames.cli.generic import rules_from_args
from tilegames.rules_base import RulesBase, alias_problems, with_rules

ALIASED = [
    (spec.name, alias, target)
    for spec in GAMES.specs()
    for alias, target in spec.Rules.ALIASES.items()
    if target in spec.Rules.PRESETS
]


def _rules(game: str, *argv: str):
    return rules_from_args(build_parser().parse_args(["simulate", game, *argv]))


def test_the_old_names_are_declared():
    """The names committed results and lessons use: Maze's ``standard`` and Tri-Ominos'
    ``standard`` (lesson 04's ``Rules.standard()``)."""
    assert ("maze", "standard", "aisleriot") in ALIASED
    assert ("triominos", "standard", "seed") in ALIASED


@pytest.mark.parametrize("game, alias, name", ALIASED)
def test_a_preset_alias_is_its_rule_set_on_every_entry_point(game, alias, name):
    from tilegames import explore

    spec = GAMES.spec(game)
    rules = spec.Rules.preset(name)
    assert spec.Rules.preset(alias) == rules
    assert _rules(game, "--rules", alias) == _rules(game, "--rules", name) == rules
    assert spec.Rules.name_of(alias) == name
    if "rules" in explore.explorer_controls(spec):
        panel = explore.game(spec, games=2)
        assert panel.task({"rules": alias}).keywords["rules"] == rules


@pytest.mark.parametrize("game", [spec.name for spec in GAMES.specs()])
def test_an_unknown_rule_set_is_refused_listing_the_names(game, capsys):
    spec = GAMES.spec(game)
    with pytest.raises(ValueError, match="unknown rule set 'nope': choose from") as error:
        spec.Rules.preset("nope")
    assert all(name in str(error.value) for name in spec.Rules.PRESETS)
    with pytest.raises(SystemExit) as stop:
        main(["simulate", game, "--rules", "nope", "--no-progress"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'nope'" in err
    assert all(repr(name) in err for name in spec.Rules.PRESETS)


def test_an_unknown_rule_is_refused_listing_the_rules():
    from tilegames.pyramids import Rules

    with pytest.raises(ValueError, match="no rule 'cursed': the rules are row0_gaps, "):
        Rules.name_of("cursed", "rule")
    with pytest.raises(ValueError, match="no rule 'cursed'"):
        with_rules(Rules(), ["cursed=true"])


@dataclasses.dataclass(frozen=True)
class _Aliased(RulesBase):
    mercy: bool = False
    PRESETS: ClassVar[tuple[str, ...]] = ("published", "merciful")
    ALIASES: ClassVar[Mapping[str, str]] = MappingProxyType(
        {"pity": "mercy", "standard": "published"}
    )

    @classmethod
    def published(cls):
        return cls()

    @classmethod
    def merciful(cls):
        return cls(mercy=True)


def test_a_rule_alias_changes_the_rule_it_names():
    assert with_rules(_Aliased(), ["pity=true"]) == with_rules(_Aliased(), ["mercy=true"])
    assert with_rules(_Aliased(), ["pity=true"]) == _Aliased.preset("merciful")
    assert _Aliased.preset("standard") == _Aliased.preset("published")
    assert list(_Aliased.presets()) == ["published", "merciful"]


def test_an_alias_that_is_a_name_or_points_nowhere_is_reported():
    class Muddled(_Aliased):
        ALIASES: ClassVar[Mapping[str, str]] = {"mercy": "published", "kind": "kindness"}

    assert alias_problems(_Aliased) == []
    assert alias_problems(Muddled) == [
        "ALIASES must be read-only: types.MappingProxyType({...})",
        "alias 'mercy' is itself a name",
        "alias 'kind' points at 'kindness', which is no rule or rule set",
    ]


def test_every_triominos_rule_set_is_a_preset_the_command_line_and_the_study_share():
    from tilegames.triominos import Rules, study

    assert Rules.presets() == study.VARIANTS
    assert set(study.EDITION_VARIANTS) <= set(Rules.PRESETS)
    for name, rules in Rules.presets().items():
        assert rules.name == name  # the rows' ``rules`` label is the preset's name
        assert _rules("triominos", "--rules", name) == rules == study.rules_named(name)
    assert Rules.standard() == Rules.seed() == study.rules_named("standard")


def test_maze_names_its_rule_sets_once_and_the_study_labels_them():
    from tilegames.maze import Rules, study

    assert list(Rules.presets()) == ["aisleriot", "traditional"]
    assert {"standard": Rules.aisleriot(), "ring": Rules.traditional()} == study.VARIANTS
    assert _rules("maze", "--traditional") == _rules("maze", "--rules", "traditional")


def test_tulas_comparison_switch_says_what_it_compares_and_its_old_name_still_works(capsys):
    parse = build_parser().parse_args
    old = vars(parse(["simulate", "tula", "--mercy"]))
    new = vars(parse(["simulate", "tula", "--compare-mercy"]))
    assert old == new and new["compare_mercy"] is True and "mercy" not in new
    assert parse(["simulate", "tula"]).compare_mercy is False
    with pytest.raises(SystemExit):
        main(["simulate", "tula", "--help"])
    assert "--compare-mercy, --mercy" in capsys.readouterr().out


def test_an_explorer_offering_an_unknown_rule_set_is_refused_when_built():
    import toygame

    from tilegames import explore
    from tilegames.explorer_spec import ExplorerSpec

    spec = dataclasses.replace(toygame.SPEC, explorer=ExplorerSpec(controls={"rules": ("nope",)}))
    with pytest.raises(ValueError, match="unknown rule set 'nope': choose from "):
        explore.explorer_controls(spec)
