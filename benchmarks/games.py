"""Every registered game's public engine: random games per second, printed as one JSON object.

    .venv/bin/python benchmarks/games.py [--seconds 1] [--games 20]

The list of games is ``tilegames.GAMES`` (a game added with ``tilegames.register``
is timed too): each plays the same seeded games (0 … ``--games``-1) with random
players in the fewest seats its spec allows, through ``play_game`` with every move
checked (``checked``) and through the fast path studies use (``unchecked``). Each
figure is the best of several repetitions (least disturbed on a shared machine).
The games' own fast paths are timed by their own scripts beside this one.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time

import tilegames
from tilegames import GAMES
from tilegames.players import play_game

MAX_MOVES = 2000


def games_per_second(spec, games: int, seconds: float, *, checked: bool) -> dict:
    """Random games of ``spec`` per second (the best repetition) and moves per second."""
    random_player = spec.players["random"]
    seats = spec.seats[0]
    options = {"players": seats} if spec.seats[1] > 1 else {}
    best, moves, deadline = 0.0, 0, time.perf_counter() + seconds
    while True:
        start, played = time.perf_counter(), 0
        for seed in range(games):
            game = spec.new_game(seed, **options)
            players = [random_player() for _ in range(seats)]
            play_game(game, players, seed=seed, checked=checked, max_moves=MAX_MOVES)
            played += len(game.history)
        elapsed = time.perf_counter() - start
        if games / elapsed > best:
            best, moves = games / elapsed, played / elapsed
        if time.perf_counter() > deadline:
            return {"games_per_second": round(best, 1), "moves_per_second": round(moves)}


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per figure (default 1)")
    parser.add_argument("--games", type=int, default=20, help="seeded games per repetition")
    args = parser.parse_args(argv)
    figures = {
        spec.name: {
            "seats": spec.seats[0],
            "checked": games_per_second(spec, args.games, args.seconds, checked=True),
            "unchecked": games_per_second(spec, args.games, args.seconds, checked=False),
        }
        for spec in GAMES.specs()
    }
    record = {
        "benchmark": "random games through each game's public engine",
        "command": " ".join(["python", "benchmarks/games.py", *(argv or sys.argv[1:])]),
        "tilegames": tilegames.__version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "games": figures,
    }
    print(json.dumps(record, indent=1))
    return record


if __name__ == "__main__":
    main()
