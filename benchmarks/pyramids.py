"""Flaming Pyramids throughput: full games per second on one core, printed as one JSON object.

    .venv/bin/python benchmarks/pyramids.py [--seconds 3]

Target (issue 7): >= 300 full 2- and 4-player games/s with careful players.
Games are played through the fast path (``players.play_game``: each chosen
move applied without undo bookkeeping or log text), the way the study runs
them; for comparison, the same games played through ``Game.play`` (checks,
undo, log) are measured too. Each figure is measured in chunks, interleaved,
and reports the best chunk (least disturbed by other processes on a shared
machine), the overall mean, and CPU-time rates.
"""

from __future__ import annotations

import argparse
import json
import platform
import time

from tilegames.pyramids import new_game
from tilegames.pyramids.players import CarefulPlayer, play_game

TARGET = 300


def games(players: int, *, checked: bool = False):
    """A function playing ``n`` seeded games of careful players; it counts games and turns."""
    counter = {"seed": 0, "turns": 0, "games": 0}
    seats = [CarefulPlayer() for _ in range(players)]

    def run(n: int) -> None:
        for _ in range(n):
            game = new_game(counter["seed"], players=players)
            row = play_game(game, seats, seed=counter["seed"], checked=checked)
            counter["seed"] += 1
            counter["turns"] += row["turns"]
            counter["games"] += 1

    run.counter = counter  # type: ignore[attr-defined]
    return run


def measure(functions: dict, seconds: float, chunk: int) -> dict:
    """Interleaved chunks for about ``seconds`` per function: best chunk, mean (wall) and CPU rates."""
    best = dict.fromkeys(functions, 0.0)
    wall = dict.fromkeys(functions, 0.0)
    cpu = dict.fromkeys(functions, 0.0)
    done = dict.fromkeys(functions, 0)
    while min(wall.values()) < seconds:
        for name, run in functions.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            run(chunk)
            elapsed, elapsed_cpu = time.perf_counter() - start, time.process_time() - start_cpu
            wall[name] += elapsed
            cpu[name] += elapsed_cpu
            done[name] += chunk
            best[name] = max(best[name], chunk / elapsed)
    out = {}
    for name, run in functions.items():
        counter = run.counter
        out[name] = {
            "games": done[name],
            "best_chunk_games_per_s": round(best[name], 1),
            "mean_games_per_s": round(done[name] / wall[name], 1),
            "cpu_games_per_s": round(done[name] / cpu[name], 1),
            "turns_per_game": round(counter["turns"] / counter["games"], 1),
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="measuring time per figure (default 3)"
    )
    parser.add_argument("--chunk", type=int, default=20, help="games per timed chunk (default 20)")
    args = parser.parse_args()
    functions = {
        "careful_2p": games(2),
        "careful_4p": games(4),
        "careful_2p_checked_play": games(2, checked=True),
        "careful_4p_checked_play": games(4, checked=True),
    }
    figures = measure(functions, args.seconds, args.chunk)
    result = {
        "benchmark": "pyramids",
        "python": platform.python_version(),
        "target_games_per_s": TARGET,
        **figures,
        "meets_target_2p_and_4p": all(
            figures[name]["best_chunk_games_per_s"] >= TARGET
            for name in ("careful_2p", "careful_4p")
        ),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
