"""Tri-Ominos throughput: full rounds per second on one core, printed as one JSON object.

    .venv/bin/python benchmarks/triominos.py [--seconds 2]

Targets (issue 4 and 6): >= 500 two-player greedy rounds/s; the study task
(with the score breakdown recorded) within 20% of the bare round rate.
"""

from __future__ import annotations

import argparse
import json
import platform
import time

import numpy as np

from tilegames.triominos.players import CautiousPlayer, GreedyPlayer, RandomPlayer, play_out
from tilegames.triominos.rules import Game, Rules, deal


def rounds_per_second(players: int, kind: str, seconds: float, rules: Rules) -> dict:
    rng = np.random.default_rng(12345)
    made = {"greedy": GreedyPlayer, "cautious": CautiousPlayer, "random": lambda: RandomPlayer(rng)}
    seats = [made[kind]() for _ in range(players)]
    rounds = moves = 0
    start = time.perf_counter()
    while True:
        hands, pool = deal(players, rng, rules)
        game = Game(hands, pool, rules=rules)
        play_out(game, seats)
        rounds += 1
        moves += len(game.history)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and rounds >= 20:
            break
    return {"rounds_per_s": round(rounds / elapsed, 1), "moves_per_round": round(moves / rounds, 1)}


def study_rate(players: int, seconds: float) -> dict | None:
    try:
        from tilegames.triominos.study import round_task
    except ImportError:  # pragma: no cover - before issue 6
        return None
    rng = np.random.default_rng(12345)
    rounds = 0
    start = time.perf_counter()
    while True:
        round_task(rng, players=players, player="greedy", rules="seed")
        rounds += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and rounds >= 20:
            break
    return {"rounds_per_s": round(rounds / elapsed, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    seed_rules = Rules.seed()
    results: dict = {
        "benchmark": "triominos",
        "python": platform.python_version(),
        "targets": {
            "greedy_2p_rounds_per_s": 500,
            "study_task_vs_bare_rate": ">= 0.8",
        },
    }
    bare2 = rounds_per_second(2, "greedy", args.seconds, seed_rules)
    results["greedy_2p"] = bare2
    results["greedy_4p"] = rounds_per_second(4, "greedy", args.seconds, seed_rules)
    results["greedy_2p_pressman"] = rounds_per_second(2, "greedy", args.seconds, Rules.pressman())
    results["random_2p"] = rounds_per_second(2, "random", args.seconds, seed_rules)
    results["cautious_2p"] = rounds_per_second(2, "cautious", args.seconds, seed_rules)
    study = study_rate(2, args.seconds)
    if study is not None:
        study["ratio_to_bare"] = round(study["rounds_per_s"] / bare2["rounds_per_s"], 3)
        results["study_task_greedy_2p"] = study
    print(json.dumps(results))


if __name__ == "__main__":
    main()
