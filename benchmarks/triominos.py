"""Tri-Ominos throughput: full rounds per second on one core, printed as one JSON object.

    .venv/bin/python benchmarks/triominos.py [--seconds 2]

Rounds are played through the shared ``tilegames.players.play_game``: every
move, the player to move gets its own ``PlayerView`` (issue 10).

Targets: >= 500 two-player greedy rounds/s (issue 4); the study task, which
records every seat's score breakdown, within 20% of the bare round rate
(issue 6). Each figure is measured in chunks of rounds, interleaved with the
bare rate it is compared with, and reports the best chunk (least disturbed by
other processes on a shared machine) and the overall mean.
"""

from __future__ import annotations

import argparse
import json
import platform
import time

import numpy as np

from tilegames.players import play_game
from tilegames.triominos.players import make_player
from tilegames.triominos.rules import Game, Rules, deal
from tilegames.triominos.study import round_task


def bare_rounds(players: int, kind: str, rules: Rules):
    """A function playing ``n`` rounds with players of one kind (no row recorded)."""
    rng = np.random.default_rng(12345)
    seats = [make_player(kind) for _ in range(players)]
    moves = [0, 0]

    def run(n: int) -> None:
        for _ in range(n):
            hands, pool = deal(players, rng, rules)
            game = Game(hands, pool, rules=rules)
            play_game(game, seats, seed=rng, checked=False)
            moves[0] += len(game.history)
            moves[1] += 1

    run.moves = moves  # type: ignore[attr-defined]
    return run


def study_rounds(players: int, rules: str):
    """A function running the study's task ``n`` times (rows with the full breakdown)."""
    rng = np.random.default_rng(12345)

    def run(n: int) -> None:
        for _ in range(n):
            round_task(rng, players=players, player="greedy", rules=rules)

    return run


def measure(functions: dict, seconds: float, chunk: int) -> dict:
    """Run the functions in interleaved chunks for about ``seconds`` each; rounds/s per function."""
    best = dict.fromkeys(functions, 0.0)
    total_time = dict.fromkeys(functions, 0.0)
    total_rounds = dict.fromkeys(functions, 0)
    while min(total_time.values()) < seconds:
        for name, run in functions.items():
            start = time.perf_counter()
            run(chunk)
            elapsed = time.perf_counter() - start
            best[name] = max(best[name], chunk / elapsed)
            total_time[name] += elapsed
            total_rounds[name] += chunk
    return {
        name: {
            "best_chunk_rounds_per_s": round(best[name], 1),
            "mean_rounds_per_s": round(total_rounds[name] / total_time[name], 1),
            "rounds": total_rounds[name],
        }
        for name in functions
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per figure")
    args = parser.parse_args()
    seed, pressman = Rules.seed(), Rules.pressman()
    bare2 = bare_rounds(2, "greedy", seed)
    results: dict = {
        "benchmark": "triominos",
        "python": platform.python_version(),
        "targets": {"greedy_2p_rounds_per_s": 500, "study_task_rate_over_bare": 0.8},
    }
    paired = measure(
        {"greedy_2p": bare2, "study_task_greedy_2p": study_rounds(2, "seed")}, args.seconds, 50
    )
    results.update(paired)
    results["greedy_2p"]["moves_per_round"] = round(bare2.moves[0] / bare2.moves[1], 1)
    results["study_task_greedy_2p"]["rate_over_bare"] = {
        kind: round(paired["study_task_greedy_2p"][kind] / paired["greedy_2p"][kind], 3)
        for kind in ("best_chunk_rounds_per_s", "mean_rounds_per_s")
    }
    four = measure(
        {
            "greedy_4p": bare_rounds(4, "greedy", seed),
            "study_task_greedy_4p": study_rounds(4, "seed"),
        },
        args.seconds,
        50,
    )
    results.update(four)
    results.update(
        measure(
            {
                "greedy_2p_pressman": bare_rounds(2, "greedy", pressman),
                "random_2p": bare_rounds(2, "random", seed),
                "cautious_2p": bare_rounds(2, "cautious", seed),
            },
            args.seconds / 2,
            20,
        )
    )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
