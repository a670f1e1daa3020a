"""Maze benchmark: the solver on seeded deals, and legal-move generation speed.

    .venv/bin/python benchmarks/maze.py            # the issue's figures: deals 0..199
    .venv/bin/python benchmarks/maze.py --deals 20 # a quick look while developing

Prints one JSON object: the share of deals solved within the time budget
(10 s per deal) with its 95% Wilson interval, the median solve time, solution
lengths, legal-move lists generated per second (public API) on positions
from seeded random playouts, and the exhaustive search's tables per CPU second,
Python against the compiled twin (maze/native.py) on the same ring deals, same
walk. The issue's targets are printed alongside.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time

import numpy as np

from tilegames.maze import Rules, native, new_game
from tilegames.maze.exhaustive import exhaustive_search
from tilegames.maze.players import solve
from tilegames.stats import wilson

TARGETS = {"share_solved_min": 0.98, "median_seconds_max": 1.0}


def solver_figures(deals: int, max_seconds: float) -> dict:
    """Run the solver on deals from seeds 0 .. deals-1."""
    seconds, lengths, nodes, solved = [], [], [], 0
    for seed in range(deals):
        game = new_game(seed=seed)
        start = time.perf_counter()
        solution = solve(game, max_seconds=max_seconds)
        elapsed = time.perf_counter() - start
        if solution.solved:
            replay = game.copy()
            for move in solution.moves:
                replay.play(move)
            assert replay.won, f"seed {seed}: a 'solved' sequence does not win"
            solved += 1
            lengths.append(len(solution.moves))
        seconds.append(elapsed)
        nodes.append(solution.nodes)
    share = wilson(solved, deals)
    return {
        "deals": deals,
        "seeds": f"0..{deals - 1}",
        "time_budget_seconds": max_seconds,
        "solved": solved,
        "share_solved": round(share.value, 4),
        "share_solved_95ci": [round(share.low, 4), round(share.high, 4)],
        "median_seconds": round(statistics.median(seconds), 4),
        "p90_seconds": round(float(np.percentile(seconds, 90)), 4),
        "max_seconds": round(max(seconds), 4),
        "total_seconds": round(sum(seconds), 2),
        "median_solution_moves": statistics.median(lengths) if lengths else None,
        "mean_nodes": round(statistics.fmean(nodes), 1),
        "nodes_per_wall_second": round(sum(nodes) / sum(seconds), 1),  # incl. shortening
    }


def move_generation_figures(positions: int = 300, repeat: int = 20) -> dict:
    """Legal-move lists per second through ``Game.legal_moves()`` on playout positions."""
    rng = np.random.default_rng(0)
    games = []
    for seed in range(positions):
        game = new_game(seed=seed)
        for _ in range(int(rng.integers(0, 60))):
            moves = game.legal_moves()
            game.play(moves[int(rng.integers(len(moves)))])
        games.append(game)
    start = time.perf_counter()
    count = 0
    for _ in range(repeat):
        for game in games:
            count += len(game.legal_moves())
    elapsed = time.perf_counter() - start
    calls = positions * repeat
    return {
        "legal_move_lists_per_second": round(calls / elapsed, 1),
        "legal_moves_per_second": round(count / elapsed, 1),
        "mean_legal_moves": round(count / calls, 2),
    }


def exhaustive_figures(deals: int = 4, max_tables: int = 100_000) -> dict:
    """Tables per CPU second of the exhaustive search, Python and compiled, on ring deals."""
    figures = {}
    engines = ["python", "native"] if native.available() else ["python"]
    for engine in engines:
        tables = 0
        start = time.process_time()
        for seed in range(deals):
            game = new_game(seed=seed, rules=Rules.traditional())
            tables += exhaustive_search(game, max_tables=max_tables, engine=engine).tables
        figures[f"exhaustive_{engine}_tables_per_cpu_second"] = round(
            tables / (time.process_time() - start)
        )
    if len(engines) == 2:
        figures["exhaustive_native_speedup"] = round(
            figures["exhaustive_native_tables_per_cpu_second"]
            / figures["exhaustive_python_tables_per_cpu_second"],
            2,
        )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="seeded deals (default 200)")
    parser.add_argument(
        "--max-seconds", type=float, default=10.0, help="time budget per deal (default 10)"
    )
    args = parser.parse_args()
    figures = {
        "benchmark": "maze",
        "python": platform.python_version(),
        **solver_figures(args.deals, args.max_seconds),
        **move_generation_figures(),
        **exhaustive_figures(),
        "targets": TARGETS,
    }
    figures["meets_targets"] = bool(
        figures["share_solved"] >= TARGETS["share_solved_min"]
        and figures["median_seconds"] <= TARGETS["median_seconds_max"]
    )
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
