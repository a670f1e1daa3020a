"""``tilegames play``: its arguments, its page's notebook and its refusals (the page itself is
tested in a real browser, tests/browser/test_play_page_browser.py)."""

from __future__ import annotations

import pytest

from tilegames import GAMES
from tilegames.cli import build_parser, main
from tilegames.cli.play import play_notebook, voila_command


@pytest.mark.parametrize("game", GAMES)
def test_the_page_shows_one_board_and_no_other_output(game):
    notebook = play_notebook(game, seed=5)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert len(code) == 1 and code[0].source.endswith(f"{game}.view(seed=5)")
    namespace: dict = {}
    exec(code[0].source.rsplit("\n", 1)[0], namespace)  # the import works
    board = eval(code[0].source.rsplit("\n", 1)[1], namespace)
    assert board.game.seed == 5
    assert notebook.metadata["kernelspec"]["name"] == "python3"


def test_without_a_seed_every_page_load_deals_afresh():
    assert play_notebook("tula").cells[-1].source.endswith("tula.view()")


def test_arguments_default_to_tula_and_refuse_nonsense(capsys):
    args = build_parser().parse_args(["play"])
    assert (args.game, args.seed, args.port, args.no_browser) == ("tula", None, 8866, False)
    for bad in (["play", "chess"], ["play", "--port", "70000"], ["play", "--seed", "-1"]):
        with pytest.raises(SystemExit) as stop:
            build_parser().parse_args(bad)
        assert stop.value.code == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err


def test_an_absurd_seed_is_refused_before_anything_starts(capsys):
    assert main(["play", "maze", "--seed", "9" * 25]) == 2
    assert "a seed is a whole number from 0 to" in capsys.readouterr().err


def test_without_voila_the_command_says_how_to_get_it(monkeypatch, capsys):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "voila" else real(name, *a)
    )
    assert main(["play", "--no-browser"]) == 2
    assert 'pip install "tilegames[play]"' in capsys.readouterr().err


def test_the_page_is_served_on_the_loopback_only(tmp_path):
    command = voila_command(tmp_path / "tula.ipynb", 9999, open_browser=False)
    assert "--Voila.ip=127.0.0.1" in command and "--port=9999" in command
    assert "--no-browser" in command


def test_the_hot_seat_games_are_those_whose_board_seats_several_people():
    from tilegames.cli.play import hot_seat_games

    assert hot_seat_games()[:2] == ["triominos", "pyramids"]


@pytest.mark.parametrize("game", ["triominos", "pyramids"])
def test_hot_seat_seats_people_at_every_seat_and_hides_hands(game):
    args = build_parser().parse_args(["play", game, "--hot-seat", "3"])
    assert args.hot_seat == 3
    code = play_notebook(game, seed=5, hot_seat=args.hot_seat).cells[-1].source
    namespace: dict = {}
    exec(code.rsplit("\n", 1)[0], namespace)
    board = eval(code.rsplit("\n", 1)[1], namespace)
    assert board.humans == (0, 1, 2) and len(board.game.scores) == 3
    assert hasattr(board, "show_button")  # the hands are covered between people


def test_hot_seat_is_refused_in_words_for_a_solitaire_and_for_one_person(capsys):
    assert main(["play", "tula", "--hot-seat", "2", "--no-browser"]) == 2
    assert "Tula is played alone" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "pyramids", "--hot-seat", "1"])
    assert "2 to 6 people" in capsys.readouterr().err


@pytest.mark.parametrize("game", GAMES)
def test_the_page_title_is_the_game_s_name_capitalised(game):
    title = GAMES.spec(game).title
    notebook = play_notebook(game)
    assert notebook.metadata["title"] == title and title[0].isupper()
    assert notebook.cells[0].source.startswith(f"# {title}")


def test_a_game_not_built_in_gets_its_page_from_its_spec(capsys):
    """A game registered at run time (here the toy game) is offered, titled by its spec and
    imported from its own package; ``play`` never keeps a list of its own."""
    import toygame

    import tilegames
    from tilegames.cli.play import hot_seat_games

    tilegames.register(toygame.SPEC)
    try:
        assert build_parser().parse_args(["play", "toy"]).game == "toy"
        notebook = play_notebook("toy", seed=2)
        assert notebook.metadata["title"] == "Take-away"
        assert notebook.cells[-1].source == "import toygame as toy\n\ntoy.view(seed=2)"
        assert "toy" not in hot_seat_games()  # its board's view takes no humans
        assert main(["play", "toy", "--hot-seat", "2", "--no-browser"]) == 2
        assert "Take-away has no board for several people" in capsys.readouterr().err
    finally:
        tilegames.unregister("toy")
