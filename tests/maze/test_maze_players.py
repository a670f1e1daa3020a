"""The Maze solver, hint and simple players; the study task and CLI."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilegames.maze import Card, Game, Move, Rules, new_game
from tilegames.maze.players import (
    Searcher,
    greedy_move,
    hint,
    luby,
    random_move,
    solve,
    suit_orders,
)
from tilegames.maze.study import (
    deal_code,
    game_from_code,
    solve_task,
)

RUNS = [f"{r}{s}" for s in "♥♣♠♦" for r in ["A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q"]]


def won_table() -> Game:
    return Game.from_deal(RUNS[:30] + [None] * 6 + RUNS[30:])


def one_move_from_won(rules: Rules | None = None) -> Game:
    """The runs with the 5♣ taken out to the last slot: 5♣ → 16 wins."""
    assert RUNS[16] == "5♣"
    return Game.from_deal(RUNS[:16] + [None] + RUNS[17:] + [None] * 5 + ["5♣"], rules)


def test_solutions_replay_to_a_win_through_the_public_api():
    solved = 0
    for seed in range(6):
        game = new_game(seed=seed)
        solution = solve(game, max_nodes=30_000, max_seconds=5)
        if not solution.solved:
            assert solution.reason and "budget" in solution.reason
            continue
        solved += 1
        saved = game.to_dict()
        saved["moves"] = [move.ascii for move in solution.moves]  # ASCII notation too
        replayed = Game.from_dict(saved)
        assert replayed.won and replayed.score == 48
        assert solution.scores[-1] == 48 and len(solution.scores) == len(solution.moves)
        assert game.history == []  # the solver does not touch the game it is given
    assert solved >= 3


def test_solver_gives_up_honestly_on_a_tiny_budget():
    game = new_game(seed=0)
    solution = solve(game, max_nodes=5)
    assert not solution.solved
    assert "node budget of 5" in solution.reason and "gave up" in str(solution)
    trial = game.copy()
    for move in solution.moves:
        trial.play(move)
    assert not trial.won
    assert solution.best_score == max([game.score, *solution.scores])


def test_solver_on_a_won_table_needs_no_move_and_on_one_move_away_finds_it():
    game = won_table()
    assert solve(game).solved and solve(game).moves == []
    away = one_move_from_won()
    assert not away.won
    solution = solve(away)
    assert solution.solved and [str(m) for m in solution.moves] == ["5♣ → 16"]
    assert hint(away) == solution.moves[0]


def test_solver_handles_the_traditional_ring():
    assert Game.from_deal(RUNS[3:] + [None] * 6 + RUNS[:3], Rules.traditional()).won
    spoiled = one_move_from_won(Rules.traditional())
    spoiled.play("4♣ -> 52")  # now two cards are out of place
    solution = solve(spoiled, max_nodes=20_000)
    assert solution.solved
    for move in solution.moves:
        spoiled.play(move)
    assert spoiled.won


def test_hint_is_legal_and_none_when_over():
    game = new_game(seed=3)
    assert hint(game, max_nodes=2_000) in game.legal_moves()
    assert hint(won_table()) is None


def test_greedy_and_random_players_pick_legal_moves():
    game = new_game(seed=3)
    rng = np.random.default_rng(1)
    for _ in range(10):
        move = random_move(game, rng)
        assert move in game.legal_moves()
        game.play(move)
    move = greedy_move(game)
    best = max(_after(game, m) for m in game.legal_moves())
    assert _after(game, move) == best


def _after(game: Game, move) -> int:
    trial = game.copy()
    trial.play(move)
    return trial.score


def test_study_task_rows_replay_their_deal():
    row = solve_task(np.random.default_rng(5), max_nodes=3_000)
    game = game_from_code(row["deal"])
    assert deal_code(game) == row["deal"] and game.score == row["start_score"]
    assert set(row) == {"deal", "start_score", "solved", "moves", "seconds", "nodes", "best_score"}
    assert row["nodes"] <= 3_000
    assert row["best_score"] >= row["start_score"]


def test_cli_run_simulation_rows_and_summary():
    from tilegames.cli import build_parser
    from tilegames.cli.generic import run_simulation

    args = build_parser().parse_args(["simulate", "maze", "--games", "3", "--max-nodes", "2000"])
    args.no_progress = True
    frame, summary = run_simulation(args)
    assert len(frame) == 3 and {"solved", "moves", "seconds", "nodes"} <= set(frame.columns)
    assert "solved within the budget" in summary
    args.max_seconds = 0
    with pytest.raises(ValueError, match="max-seconds"):
        run_simulation(args)


@given(seed=st.integers(0, 10_000), ring=st.booleans(), steps=st.integers(1, 40))
def test_solver_incremental_link_bits_match_a_recount(seed, ring, steps):
    """The solver's fast per-move update of the link bits equals counting them afresh,
    and its move generator finds exactly the rules' legal moves."""
    game = new_game(seed=seed, rules=Rules.traditional() if ring else Rules())
    search = Searcher(game)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        board = search.board_of(game)
        where = [0] * 53
        for slot, code in enumerate(board):
            where[code] = slot
        pairs = set(search.moves(board, where))
        assert {(game.slot_of(m.card), m.to) for m in game.legal_moves()} == pairs
        if not pairs:
            break
        source, target = sorted(pairs)[int(rng.integers(len(pairs)))]
        expected = search.child_masks(board, search.masks(board), source, target)
        game.play(Move(Card.from_code(board[source]), target))
        assert search.masks(search.board_of(game)) == expected


def test_luby_and_suit_orders():
    assert [luby(i) for i in range(1, 8)] == [1, 1, 2, 1, 1, 2, 4]
    orders = suit_orders(200)
    assert orders[0] == (1, 1, 1, 1) and len(set(orders)) == 200
    assert suit_orders(200) == orders  # a fixed order: the solver is reproducible


def test_command_line_simulate_maze_writes_rows(tmp_path, capsys):
    from tilegames.cli import main

    out = tmp_path / "maze.csv"
    argv = ["simulate", "maze", "--games", "2", "--max-nodes", "3000", "--no-progress"]
    assert main([*argv, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "solved within the budget" in printed and "wrote 2 rows" in printed
    frame = pd.read_csv(out)
    assert {"solved", "moves", "seconds", "nodes"} <= set(frame.columns) and len(frame) == 2


def test_solver_proves_a_stuck_ring_position_lost():
    """On the traditional ring a gap right of a queen and left of an ace takes no card:
    with every gap so placed the game is stuck, and the solver says no win is possible."""
    queens_and_aces = {0: "Q♣", 4: "A♦", 10: "Q♦", 12: "A♥", 20: "Q♥", 22: "A♠", 30: "Q♠", 32: "A♣"}
    gaps = {1, 2, 3, 11, 21, 31}
    rest = iter(c for c in RUNS if c not in queens_and_aces.values())
    slots = [
        queens_and_aces.get(slot) or (None if slot in gaps else next(rest)) for slot in range(54)
    ]
    game = Game.from_deal(slots, Rules.traditional())
    assert game.legal_moves() == [] and game.is_over and not game.won
    assert game.status().startswith("stuck")
    solution = solve(game)
    assert not solution.solved and solution.moves == []
    assert solution.reason.startswith("no win is possible")
