"""The study module and the command line."""

from __future__ import annotations

import functools
import re

import numpy as np
import pandas as pd
import pytest

from tilegames import cli
from tilegames.pyramids import new_game
from tilegames.pyramids.findings import going_round_in_circles
from tilegames.pyramids.players import (
    CarefulPlayer,
    RandomPlayer,
    SpitefulPlayer,
    make_player,
    play_game,
)
from tilegames.pyramids.rules import Game, Rules
from tilegames.pyramids.study import (
    first_player_table,
    game_task,
    length_table,
    mayhem_table,
    repeated_position,
)
from tilegames.randomness import players_generator
from tilegames.sim import simulate


def test_cli_simulate_pyramids(tmp_path, capsys):
    out = tmp_path / "games.csv"
    code = cli.main(
        [
            "simulate",
            "pyramids",
            "--players",
            "3",
            "--player",
            "careful",
            "--games",
            "30",
            "--no-progress",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    text = capsys.readouterr().out
    assert (
        "30 games, 3 players" in text and "first player's wins" in text and "mayhem events" in text
    )
    frame = pd.read_csv(out)
    assert len(frame) == 30 and set(frame["players"]) == {3}


def test_cli_refuses_an_unknown_player(capsys):
    with pytest.raises(SystemExit) as error:
        cli.main(["simulate", "pyramids", "--player", "bogus", "--games", "2", "--no-progress"])
    assert error.value.code == 2
    assert "unknown Flaming Pyramids player 'bogus'" in capsys.readouterr().err


def test_each_row_replays_from_its_seed():
    frame = simulate(
        functools.partial(game_task, players=2, player="careful,random"), 6, seed=4, progress=False
    )
    for row in frame.itertuples():
        game = new_game(int(row.seed), players=2)
        assert game._deal["first_player"] == row.first_player
        assert row.turns >= 1 and row.mayhem == sum(
            getattr(row, f"n_{k}")
            for k in ("fall", "collapse", "overhang", "explosion", "fire", "roll", "curse")
        )


def test_tables_have_one_row_per_player_count():
    frames = [
        simulate(functools.partial(game_task, players=n), 20, seed=n, progress=False)
        for n in (2, 4)
    ]
    frame = pd.concat(frames)
    assert list(length_table(frame).index) == [2, 4]
    assert list(mayhem_table(frame).columns) == [
        "fall",
        "collapse",
        "overhang",
        "explosion",
        "fire",
        "roll",
        "curse",
    ]
    table = first_player_table(frame)
    assert (
        (table["95% CI low"] <= table["first player wins"])
        & (table["first player wins"] <= table["95% CI high"])
    ).all()


def test_players_only_make_legal_moves_and_differ():
    assert make_player("spiteful").name == "spiteful"
    with pytest.raises(ValueError):
        make_player("nobody")
    histories = []
    for bot in (CarefulPlayer(), SpitefulPlayer(), RandomPlayer()):
        game = new_game(seed=9, players=2)
        play_game(
            game, [bot, bot], seed=0, checked=True
        )  # every move through play(): refused moves would raise
        histories.append([str(m) for m in game.history[:30]])
    assert histories[0] != histories[2] and histories[1] != histories[2]


def test_careful_player_avoids_mayhem_when_it_can():
    from tilegames.pyramids import Game

    game = Game.from_position(
        {(0, 0): "blue 20", (0, 2): "red 40"},
        hands=[["yellow 2", "blue 60", "green 120"], ["red 2"]],
    )
    move = CarefulPlayer().choose(game.player_view(0), None)
    assert str(move) == "blue 60 @ 1,1"  # the only tile that obeys the building rules there


def test_careful_player_picks_the_least_damaging_mayhem():
    from tilegames.pyramids import Game

    # Only (1,1) is open and no tile fits there. Each collapse sends blue 20 and red 40
    # to the pile; then yellow 2 or the coal falls on to red 10's side and more follows.
    game = Game.from_position(
        {(0, -2): "red 6", (0, 0): "blue 20", (0, 2): "red 40", (1, -1): "red 10"},
        hands=[["millstone", "yellow 2", "green coal"], ["red 2"]],
    )
    view = game.player_view(0)
    assert game.spots() == [(1, 1)]
    costs = {
        game.hand(0)[list(view.hand_ids).index(t)]: cost
        for cost, t, _ in CarefulPlayer().candidates(view)
    }
    assert costs == {"millstone": 2.0, "yellow 2": 4.0, "green coal": 3.0}
    assert str(CarefulPlayer().choose(view, None)) == "millstone @ 1,1"
    # the forecast is what really happens when the careful player also chooses the falls
    game.play("millstone @ 1,1")
    while game.to_move == 0 and game.falling is not None:
        game.play(CarefulPlayer().choose(game.player_view(0), None))
    assert game.pile(0)[-2:] == ("blue 20", "red 40")


def _positions_by_turn(game) -> dict[int, tuple]:
    """Each whole position of ``game`` between turns, replayed from its saved deal."""
    replay = Game.from_dict({**game.to_dict(), "moves": []})
    found = {}
    for move in [*game.history, None]:
        if replay.falling_key is None and replay.turns not in found:
            found[replay.turns] = (
                replay.to_move,
                replay.where(),
                [replay.pile(seat) for seat in range(replay.n_players)],
                [replay.hand(seat) for seat in range(replay.n_players)],
            )
        if move is not None:
            replay.play_unchecked(move)
    return found


def test_the_game_said_to_go_round_in_circles_really_does():
    text = going_round_in_circles(players=3, seed=590)
    number, first, again = map(
        int,
        re.search(
            r"game of seed (\d+) .* after turn (\d+) came back after turn (\d+)", text
        ).groups(),
    )
    rng = np.random.default_rng(number)
    assert game_task(np.random.default_rng(number), players=3)["capped"]
    game = new_game(int(rng.integers(2**62)), players=3, rules=Rules())
    game = play_game(game, [CarefulPlayer()] * 3, seed=players_generator(rng), checked=False)
    assert game.winner is None and game.turns == Rules().turn_cap
    positions = _positions_by_turn(game)
    assert positions[first] == positions[again]
    assert first < again and len({str(positions[t]) for t in range(first, again)}) == again - first
    assert repeated_position(game) == (first, again)


def test_a_game_with_a_winner_is_not_said_to_repeat_when_it_does_not():
    game = play_game(new_game(seed=3), [CarefulPlayer()] * 2, seed=3, checked=False)
    positions = _positions_by_turn(game)
    repeats = len({str(position) for position in positions.values()}) < len(positions)
    assert (repeated_position(game) is not None) == repeats
