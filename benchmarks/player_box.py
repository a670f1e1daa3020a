"""A student's player through the grading box, as one JSON object (``make bench``).

    python benchmarks/player_box.py [--games N]

Figures, for a trivial player (its first legal move) on Tula deals with mercy:
- ``start_seconds``: starting the box (process, sandbox, import cell, student's cell);
- ``box_games_per_s``, ``box_us_per_move``: replaying ``N`` seeded games through the
  box, sandboxed when the machine allows it (``isolation`` says which), start excluded;
- ``plain_games_per_s``: the same through a plain process (no sandbox);
- ``in_process_games_per_s``: ``play_game`` in this process (no box), for scale;
- ``seconds_for_1000_games``: start plus 1000 games through the box, from the figures
  above: the grader replays about that many games per student.
"""

from __future__ import annotations

import argparse
import json
import platform
import time

from tilegames import tula
from tilegames.players import play_game
from tilegames_course.grading.player_box import PlayerBox, player_seed

PRELUDE = "from tilegames import tula\nfrom tilegames.players import Player\n"
SOURCE = """
class First(Player):
    def choose(self, view, rng):
        return view.legal_moves[0]
my_player = First()
"""


def through_box(games: int, sandboxed: bool | None) -> dict[str, float | str]:
    began = time.perf_counter()
    with PlayerBox(SOURCE, prelude=PRELUDE, sandboxed=sandboxed) as box:
        started = time.perf_counter()
        moves = 0
        for seed in range(games):
            game = box.play(tula.new_game(seed=seed, mercy=True), player_seed=player_seed(seed))
            moves += len(game.history)
        took = time.perf_counter() - started
    return {
        "start_seconds": round(started - began, 3),
        "games_per_s": round(games / took, 1),
        "us_per_move": round(took / moves * 1e6, 1),
        "isolation": box.isolation,
    }


def in_process(games: int) -> float:
    namespace: dict = {}
    exec(PRELUDE + SOURCE, namespace)
    player = namespace["my_player"]
    began = time.perf_counter()
    for seed in range(games):
        play_game(tula.new_game(seed=seed, mercy=True), player, seed=player_seed(seed))
    return games / (time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per figure (default 1000)")
    args = parser.parse_args()
    box = through_box(args.games, None)
    plain = through_box(args.games, False)
    result = {
        "benchmark": "player_box",
        "python": platform.python_version(),
        "games": args.games,
        "isolation": box["isolation"],
        "start_seconds": box["start_seconds"],
        "box_games_per_s": box["games_per_s"],
        "box_us_per_move": box["us_per_move"],
        "plain_start_seconds": plain["start_seconds"],
        "plain_games_per_s": plain["games_per_s"],
        "in_process_games_per_s": round(in_process(args.games), 1),
        "seconds_for_1000_games": round(box["start_seconds"] + 1000 / box["games_per_s"], 2),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
