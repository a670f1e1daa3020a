"""One route for a game's studies: ``GameSpec.studies`` (a tuple of ``Study``, or a path to
one). ``generic_study`` is the usual one in a line; the command line and the rule explorer
both read the same declaration, and a spec without studies is refused."""

from __future__ import annotations

import dataclasses

import pytest
import toygame

from tilegames import GAMES
from tilegames.cli import build_parser
from tilegames.spec import GameSpec
from tilegames.study_options import Study, generic_study


def test_the_spec_has_one_route_to_its_studies():
    names = {field.name for field in dataclasses.fields(GameSpec)}
    assert "studies" in names
    assert not names & {"task", "summary_text", "tally", "presets_path"}


def test_a_spec_without_studies_is_refused_saying_how_to_declare_them():
    with pytest.raises(ValueError, match=r"nostudy: declare its studies, like studies=\(generic"):
        dataclasses.replace(toygame.SPEC, name="nostudy", studies=())


def test_a_generic_study_names_its_tally_or_its_summary():
    with pytest.raises(ValueError, match="its tally or its summary"):
        generic_study("toygame.study:task")
    with pytest.raises(ValueError, match="its tally or its summary"):
        generic_study("toygame.study:task", tally="toygame.study:Wins", summary="x:y")


@pytest.mark.parametrize("game", [*GAMES, toygame.SPEC.name])
def test_the_explorer_plays_the_first_studys_task(game):
    spec = GAMES.spec(game) if game in GAMES else toygame.SPEC
    studies = spec.study_list()
    assert studies and all(isinstance(study, Study) and not study.generic for study in studies)
    assert spec.study_task() is studies[0].task_function() is not None


def test_a_generic_study_gets_the_games_options_from_its_spec():
    (study,) = toygame.SPEC.study_list()
    assert [option.flag for option in study.options] == ["--games", "--players", "--player"]
    games, players, player = study.options
    assert games.default == toygame.SPEC.default_games and list(players.choices) == [2, 3]
    assert player.default == next(iter(toygame.PLAYERS))
    from toygame import study as toy_study

    assert toygame.SPEC.study_task() is toy_study.task


def test_a_solitaire_generic_study_has_no_players_option():
    solitaire = dataclasses.replace(
        toygame.SPEC, name="toysolo", seats=(1, 1), studies=toygame.SPEC.studies
    )
    (study,) = solitaire.study_list()
    assert [option.flag for option in study.options] == ["--games", "--player"]


def test_the_built_in_games_keep_their_command_lines():
    parse = build_parser().parse_args
    assert parse(["simulate", "maze", "--exhaustive", "--ring-max-tables", "9"]).exhaustive
    assert parse(["simulate", "triominos", "--rounds", "5"]).rounds == 5
    assert parse(["simulate", "pyramids", "--players", "3"]).players == 3
    assert parse(["simulate", "tula", "--samples", "4"]).samples == 4
