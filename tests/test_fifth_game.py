"""A fifth game needs only its package and its spec: the toy game of ``tests/toygame``,
registered at run time, gets the command line, an explorer, a board, saves and players
(and, in ``test_contract.py``, the whole conformance suite) with no file of tilegames touched."""

from __future__ import annotations

import pytest
import toygame

import tilegames
from tilegames import GAMES
from tilegames.cli import build_parser, main


@pytest.fixture(autouse=True)
def _registered():
    tilegames.register(toygame.SPEC)
    yield
    tilegames.unregister(toygame.SPEC.name)


def test_registering_adds_the_game_and_unregistering_takes_it_away():
    assert "toy" in GAMES and GAMES["toy"] is toygame and GAMES.spec("toy") is toygame.SPEC
    assert list(GAMES)[-1] == "toy", "a game registered at run time comes last"
    with pytest.raises(ValueError, match="already registered"):
        tilegames.register(toygame.SPEC)
    before = list(GAMES)
    tilegames.unregister("toy")
    assert "toy" not in GAMES and list(GAMES) == before[:-1]
    assert list(GAMES)[:4] == ["tula", "maze", "triominos", "pyramids"]
    with pytest.raises(KeyError, match="no game 'toy'"):
        GAMES.spec("toy")
    tilegames.register(toygame.SPEC)  # for the fixture to take away


def test_the_command_line_simulates_it_with_its_rules_and_players(tmp_path, capsys):
    out = tmp_path / "toy.csv"
    argv = ["simulate", "toy", "--games", "40", "--players", "3", "--player", "greedy,random"]
    assert main([*argv, "--rule", "pile=7", "--no-progress", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "toy: 40 games" in printed and "wrote 40 rows" in printed
    import pandas as pd

    frame = pd.read_csv(out)
    assert len(frame) == 40 and set(frame["winner"]) <= {-1, 0, 1, 2}
    assert frame["moves"].max() <= 7  # a pile of 7 is gone in at most 7 turns


def test_its_declared_tally_makes_the_summary_without_reading_the_rows_back(
    tmp_path, capsys, monkeypatch
):
    argv = ["simulate", "toy", "--games", "2500", "--seed", "3", "--no-progress"]
    assert main(argv) == 0
    in_memory = capsys.readouterr().out
    import tilegames.results

    def no_reading(*args, **kwargs):
        raise AssertionError("the summary read the rows back")

    monkeypatch.setattr(tilegames.results, "read_results", no_reading)
    out = tmp_path / "toy.parquet"
    assert main([*argv, "--out", str(out)]) == 0
    assert capsys.readouterr().out == in_memory + f"wrote 2500 rows to {out}\n"
    assert in_memory.startswith("toy: 2500 games, seat 0 won ")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--rule", "pile=100"], "pile must be a whole number from 1 to 60"),
        (["--rule", "cards_count=perhaps"], "rule cards_count: expected true or false"),
        (["--rules", "short"], "invalid choice: 'short'"),
        (["--player", "clever"], "unknown Take-away player 'clever'"),
        (["--players", "4"], "invalid choice: 4"),
    ],
)
def test_the_command_line_refuses_what_the_spec_does_not_allow(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "toy", "--games", "3", "--no-progress", *argv])
    assert exit_info.value.code == 2 and message in capsys.readouterr().err


def test_the_presets_and_every_rule_are_offered():
    help_text = build_parser().parse_args(["simulate", "toy"]).spec.presets()
    assert set(help_text) == {"standard", "long"}
    args = build_parser().parse_args(["simulate", "toy", "--rules", "long", "--rule", "max_take=2"])
    from tilegames.cli.generic import rules_from_args

    assert rules_from_args(args) == toygame.Rules(pile=40, max_take=2)


def test_it_gets_an_explorer_built_from_its_rules():
    from tilegames import explore

    panel = explore.game("toy", games=60)
    assert list(panel.controls) == ["cards_count", "players", "player"]
    assert "moves (mean)" in panel.estimates
    before = panel.estimates["moves (mean)"].value
    panel.controls["player"].value = "greedy"
    assert panel.runs == 2 and panel.estimates["moves (mean)"].value < before


def test_it_gets_a_board_pictures_and_saves():
    from tilegames.widgets import GameView

    game = toygame.new_game(5)
    board = game.view()
    assert isinstance(board, GameView) and toygame.view is toygame.board.view
    board.board.click(f"take:{2}")
    assert [str(move) for move in board.game.history] == ["take 2"]
    assert "counters left: 13" in str(board.game) and "<svg" in board.game._repr_svg_()
    again = toygame.Game.from_json(board.game.to_json())
    assert again == board.game


def test_its_players_play_it_through_the_shared_play_game():
    from tilegames.players import play_game

    game = play_game(toygame.new_game(2, players=3), toygame.make_player("greedy"), seed=1)
    assert game.is_over and sum(game.taken) == 15


def test_it_gets_a_rules_card_with_its_variants_under_their_one_name():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "scripts" / "make_cards.py"
    if not path.exists():
        pytest.skip("a copied tests/ folder has no scripts/ (the checkout's make test runs this)")
    spec = importlib.util.spec_from_file_location("make_cards", path)
    cards = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cards)
    text = cards.generic_card(toygame.SPEC)
    assert "<h1>Take-away</h1>" in text and text.count("<svg") == 1
    assert "<code>max_take</code>" in text and "The most counters one turn may take." in text
    assert "<code>tilegames simulate toy --rules NAME" in text
