"""Games from other distributions: the entry-point group ``tilegames.games``.

A distribution declares a game in its ``pyproject.toml``
(``[project.entry-points."tilegames.games"] pig = "tilegames_pig"``) and, once installed, it
is in ``tilegames.GAMES`` beside the four. Here the installation is made by hand, fast: a
``.dist-info`` folder on ``sys.path`` holding the metadata and ``entry_points.txt`` pip would
write, for the real plug-in fixture ``tests/plugins/tilegames-pig`` (its source folder put on
``sys.path``) and for broken ones. ``tests/test_install.py`` builds and installs the fixture
with pip into a fresh environment, beside the built tilegames wheel.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest

import tilegames
from tilegames import BUILT_IN, ENTRY_POINT_GROUP, GAMES, GamePluginWarning, GameRegistry

PIG = Path(__file__).resolve().parent / "plugins" / "tilegames-pig"
"""The plug-in fixture's source folder (a distribution of its own: its own pyproject.toml)."""
FOUR = list(BUILT_IN)


def install(site: Path, dist: str, entry_points: dict[str, str], version: str = "1.0") -> None:
    """What pip leaves in site-packages for ``dist``: its metadata and its entry points."""
    folder = site / f"{dist.replace('-', '_')}-{version}.dist-info"
    folder.mkdir(parents=True)
    (folder / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n")
    lines = "".join(f"{name} = {value}\n" for name, value in entry_points.items())
    (folder / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{lines}")


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A site-packages of this test's own, with the Pig fixture's source importable; the
    entry points are read from it alone (whatever else this environment has installed), and
    the fixture's modules are forgotten before and after, so each test sees when they load."""
    import importlib.metadata

    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.syspath_prepend(str(PIG))

    def entry_points_here(*, group):
        found = []
        for dist in importlib.metadata.distributions(path=[str(site), str(site / "again")]):
            found += [point for point in dist.entry_points if point.group == group]
        return found

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points_here)
    _forget_pig()
    GAMES.refresh()  # the global registry too: only this folder's plug-ins
    yield site
    _forget_pig()
    GAMES.refresh()  # as it was (the environment's own plug-ins, found again when next listed)


def _forget_pig() -> None:
    for name in [m for m in sys.modules if m == "tilegames_pig" or m.startswith("tilegames_pig.")]:
        del sys.modules[name]


def test_the_four_are_there_without_any_installed_metadata(monkeypatch):
    """A run from a checkout (PYTHONPATH, or a stale egg-info) finds no entry points of
    tilegames: the four are named in code too."""
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **kwargs: [])
    registry = GameRegistry(BUILT_IN, group=ENTRY_POINT_GROUP)
    assert list(registry) == FOUR and registry["maze"] is tilegames.maze


def test_an_installed_plug_in_joins_the_four_and_is_imported_only_when_games_are_listed(site):
    install(site, "tilegames-pig", {"pig": "tilegames_pig"})
    registry = GameRegistry(BUILT_IN, group=ENTRY_POINT_GROUP)
    assert registry["tula"] is tilegames.tula and "maze" in registry
    assert "tilegames_pig" not in sys.modules, "a built-in game's name looks for no plug-in"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert list(registry) == [*FOUR, "pig"]
    import tilegames_pig

    assert registry["pig"] is tilegames_pig and registry.spec("pig") is tilegames_pig.SPEC
    assert registry.spec("pig").title == "Pig" and registry.spec("pig").seats == (2, 6)


def test_plug_ins_come_after_the_four_by_name_and_a_spec_may_be_named_directly(site, tmp_path):
    install(site, "tilegames-pig", {"pig": "tilegames_pig:SPEC"})
    (site / "aardvark.py").write_text(
        "import dataclasses, tilegames_pig\n"
        "SPEC = dataclasses.replace(tilegames_pig.SPEC, name='aardvark', package=__name__)\n"
        "Game = tilegames_pig.Game\n"
    )
    install(site, "tilegames-aardvark", {"aardvark": "aardvark"})
    registry = GameRegistry(BUILT_IN, group=ENTRY_POINT_GROUP)
    assert list(registry) == [*FOUR, "aardvark", "pig"]


def test_the_same_declaration_seen_twice_and_the_four_s_own_entry_points_are_no_clash(site):
    install(site, "tilegames-pig", {"pig": "tilegames_pig"})
    install(site / "again", "tilegames-pig", {"pig": "tilegames_pig"})
    install(site, "tilegames", {name: package for name, package in BUILT_IN.items()})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert list(GameRegistry(BUILT_IN, group=ENTRY_POINT_GROUP)) == [*FOUR, "pig"]


@pytest.mark.parametrize(
    "dist, entry_points, says",
    [
        ("tilegames-gone", {"gone": "no_such_game_package"}, "ModuleNotFoundError"),
        ("tilegames-crash", {"crash": "crashing_game"}, "RuntimeError: the plug-in broke"),
        ("tilegames-rogue", {"maze": "tilegames_pig"}, "another game is already called 'maze'"),
        ("tilegames-hog", {"hog": "tilegames_pig"}, "its SPEC is called 'pig', not 'hog'"),
        ("tilegames-nospec", {"nospec": "json"}, "json is not a tilegames.spec.GameSpec"),
    ],
    ids=["missing", "raises", "name-clash", "other-name", "no-spec"],
)
def test_a_broken_plug_in_is_left_out_with_a_warning_naming_its_distribution(
    site, dist, entry_points, says
):
    (site / "crashing_game.py").write_text("raise RuntimeError('the plug-in broke')\n")
    install(site, "tilegames-pig", {"pig": "tilegames_pig"})
    install(site, dist, entry_points, version="0.3")
    registry = GameRegistry(BUILT_IN, group=ENTRY_POINT_GROUP)
    with pytest.warns(GamePluginWarning) as caught:
        assert list(registry) == [*FOUR, "pig"]
    message = str(caught[0].message)
    assert f"of {dist} 0.3 is left out" in message and says in message, message
    assert registry.spec("maze") is tilegames.maze.SPEC  # never a plug-in's game in its place


def test_two_plug_ins_with_one_name_are_both_named_and_the_first_kept(site):
    install(site, "tilegames-pig", {"pig": "tilegames_pig"})
    install(site, "tilegames-other-pig", {"pig": "json"})
    with pytest.warns(GamePluginWarning, match="another game is already called 'pig'"):
        names = list(GameRegistry(BUILT_IN, group=ENTRY_POINT_GROUP))
    assert names.count("pig") == 1


def test_everything_that_lists_games_lists_the_plug_in(site, capsys):
    """The command line (simulate, play), ``tilegames.pig`` and a game's own ``spec()``."""
    from tilegames.cli import build_parser, main

    install(site, "tilegames-pig", {"pig": "tilegames_pig"})
    GAMES.refresh()
    assert "pig" in GAMES and list(GAMES)[:4] == FOUR
    assert tilegames.pig is sys.modules["tilegames_pig"]
    assert build_parser().parse_args(["play", "pig"]).game == "pig"
    game = tilegames.pig.new_game(3, players=3)
    assert game.spec() is tilegames.pig.SPEC and "seat 0 to play" in str(game)
    argv = ["simulate", "pig", "--games", "30", "--players", "3", "--player", "hold20,random"]
    assert main([*argv, "--rules", "quick", "--no-progress"]) == 0
    assert capsys.readouterr().out.startswith("pig: 30 games, seat 0 won ")
    from tilegames.cli.play import play_notebook

    assert play_notebook("pig", seed=2).cells[-1].source == (
        "import tilegames_pig as pig\n\npig.view(seed=2)"
    )
    from tilegames import explore

    panel = explore.game("pig", games=20)
    assert list(panel.controls) == ["players", "player"] and "moves (mean)" in panel.estimates


def test_a_game_prints_itself_even_when_it_is_not_registered(site):
    import tilegames_pig

    assert "pig" not in GameRegistry(BUILT_IN)  # no discovery: nothing but the four
    game = tilegames_pig.new_game(1)
    assert game.spec() is tilegames_pig.SPEC
    assert "banked: seat 0: 0" in str(game) and "<svg" in game._repr_svg_()


def test_its_rules_card_and_play_page_say_how_to_play_from_the_spec(site):
    import importlib.util

    import tilegames_pig

    from tilegames.cli.play import play_notebook

    tilegames.register(tilegames_pig.SPEC)
    try:
        page = play_notebook("pig").cells[0].source
        assert page.startswith("# Pig\n\nSeats take turns. On your turn, roll the die")
        path = Path(__file__).resolve().parent.parent / "scripts" / "make_cards.py"
        if not path.exists():
            pytest.skip("a copied tests/ folder has no scripts/")
        spec = importlib.util.spec_from_file_location("make_cards", path)
        cards = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(cards)
        text = cards.generic_card(tilegames_pig.SPEC)
        assert "<h2>How to play</h2><p>Seats take turns." in text
        assert "from the spec of tilegames_pig." in text and "notebooks/" not in text
    finally:
        tilegames.unregister("pig")


def test_a_board_without_a_hint_of_its_own_gets_the_shared_one(site):
    """``hint`` is an optional hook: Pig's board makes no Hint button, and the shared one says
    what the game's first player other than ``random`` (``hold20``) would play."""
    import tilegames_pig

    board = tilegames_pig.view(seed=4, players=3)
    assert board.hint_button.description == "Hint"
    board.hint_button.click()
    assert board.messages[0][1] == "Hint: roll (what the hold20 player would play)."
    for _ in range(3):
        board.play(board.game.legal_moves()[0])
    board.hint_button.click()
    wanted = tilegames_pig.make_player("hold20").choose(board.game.player_view(), None)
    assert board.messages[0][1].startswith(f"Hint: {wanted} ")


def test_a_dice_game_declares_its_chance_and_a_generic_lookahead_weighs_it(site):
    """Pig declares a roll's faces (``chance_outcomes``), so ``tilegames.lookahead``, which knows
    nothing of Pig, values a roll exactly, holds when a hold wins, and beats the random player,
    without reading the dice to come."""
    from fractions import Fraction

    import tilegames_pig

    from tilegames.lookahead import LookaheadPlayer, best_move, expected_scores
    from tilegames.players import play_game

    coin = tilegames_pig.Rules(target=10, faces=2)  # a two-faced die: 1 loses, 2 adds 2
    game = tilegames_pig.new_game(7, rules=coin)
    game.play("roll")
    while game.to_move != 0 or game.turn_total != 2:  # seat 0 has 2 points this turn
        game = tilegames_pig.new_game(game.dice % 1000 + 1, rules=coin)
        game.play("roll")
    roll, hold = tilegames_pig.Move("roll"), tilegames_pig.Move("hold")
    assert game.chance_outcomes(roll) == ((1, Fraction(1, 2)), (2, Fraction(1, 2)))
    assert game.chance_outcomes(hold) == ()
    assert expected_scores(game, 1) == [2, 0]  # hold now: 2 banked (a roll banks nothing yet)
    assert expected_scores(game.after_outcome(roll, 2), 1) == [4, 0]
    assert expected_scores(game.after_outcome(roll, 1), 1) == [0, 0]  # the die passed on
    # roll, then hold: half the time 4, else 0 — the same 2 as holding: the first of equals
    assert best_move(game, 2) == roll
    # with 4 this turn a roll is worth half of 6: hold (the look-ahead plays on, unsaved)
    assert best_move(game.after_outcome(roll, 2), 3) == hold
    wins = 0
    for seed in range(20):
        finished = play_game(
            tilegames_pig.new_game(seed, rules=tilegames_pig.Rules.quick()),
            [LookaheadPlayer(depth=2), tilegames_pig.make_player("random")],
            seed=seed,
        )
        wins += finished.winner == 0
    assert wins > 12, wins  # 14: two games in three (a coin would pass 1 time in 17)


def test_importing_tilegames_imports_no_game_and_looks_for_no_plug_in(site):
    """``import tilegames`` loads no game package; asking for a built-in one imports that one
    and still looks for no plug-in (a broken one then warns only when the games are listed)."""
    import os
    import subprocess

    install(site, "tilegames-gone", {"gone": "no_such_game_package"})
    root = Path(tilegames.__file__).resolve().parent.parent
    script = (
        "import sys, warnings\n"
        "warnings.simplefilter('error')\n"
        "import tilegames\n"
        "print(sorted(m for m in sys.modules if m.startswith('tilegames.')))\n"
        "tilegames.maze.new_game(1)\n"
        "print(sorted(m.split('.')[1] for m in sys.modules if m.count('.') == 1 and "
        "m.split('.')[1] in tilegames.BUILT_IN))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), str(site)])}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    # errors, and i18n (the standard library only), which tells a notebook's tables the language
    assert done.stdout.splitlines() == ["['tilegames.errors', 'tilegames.i18n']", "['maze']"]
