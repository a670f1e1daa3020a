"""Maze: how often does the solver win a seeded deal, how long are its solutions?

One simulated row is one deal: the solver's verdict (``solved``), the length
of the sequence it found (``moves``), the time and the tables it searched
(``seconds``, ``nodes``), the deal's starting score and the best score reached.
The ``deal`` column holds the table in ASCII so any row can be replayed with
``game_from_code``.

>>> from tilegames.sim import simulate
>>> import functools
>>> frame = simulate(functools.partial(solve_task, max_nodes=20_000), 3, seed=1, progress=False)
>>> list(frame.columns)
['game', 'deal', 'start_score', 'solved', 'moves', 'seconds', 'nodes', 'best_score']
>>> game = game_from_code(frame["deal"][0])
>>> game.score == int(frame["start_score"][0])
True
"""

from __future__ import annotations

import argparse
import functools

import numpy as np
import pandas as pd

from ..cli import positive_int, simulate_from_args
from ..stats import mean_interval, wilson
from .players import DEFAULT_NODES, DEFAULT_SECONDS, solve
from .rules import Game, Rules, new_game

__all__ = [
    "add_simulate_arguments",
    "deal_code",
    "game_from_code",
    "run_simulation",
    "solve_task",
    "summarize",
    "summary_text",
]


def deal_code(game: Game) -> str:
    """A deal as text: the 54 slots in ASCII, ``--`` for a gap.

    >>> deal_code(new_game(seed=1)).split()[:3]
    ['--', '--', 'AD']
    """
    return " ".join("--" if card is None else card.ascii for card in game.deal)


def game_from_code(code: str, rules: Rules | None = None) -> Game:
    """The game of a row's ``deal`` column, to look at or replay it."""
    return Game.from_deal([None if part == "--" else part for part in code.split()], rules)


def solve_task(
    rng: np.random.Generator,
    *,
    max_nodes: int = DEFAULT_NODES,
    max_seconds: float = DEFAULT_SECONDS,
    traditional: bool = False,
) -> dict:
    """Deal one game from ``rng`` and run the solver on it: one row.

    ``seconds`` is a measurement of this machine, not a result of the deal: it
    is the one column that differs between two runs of the same seed (and on a
    deal that needs nearly the whole time budget, ``solved`` can too; give
    ``max_seconds=float("inf")`` to let only the node budget decide).
    """
    rules = Rules.traditional() if traditional else Rules()
    game = new_game(rng, rules=rules)
    solution = solve(game, max_nodes=max_nodes, max_seconds=max_seconds)
    return {
        "deal": deal_code(game),
        "start_score": game.score,
        "solved": solution.solved,
        "moves": len(solution.moves) if solution.solved else None,
        "seconds": round(solution.seconds, 4),
        "nodes": solution.nodes,
        "best_score": solution.best_score,
    }


def summarize(frame: pd.DataFrame) -> pd.DataFrame:
    """One row of figures: share solved (with its 95% CI), median time, solution lengths.

    >>> frame = pd.DataFrame({"solved": [True, True, False], "moves": [100, 120, None],
    ...                       "seconds": [0.1, 0.3, 10.0], "nodes": [10, 30, 900]})
    >>> int(summarize(frame)["solved"].iloc[0])
    2
    """
    solved = int(frame["solved"].sum())
    games = len(frame)
    share = wilson(solved, games)
    lengths = frame.loc[frame["solved"].astype(bool), "moves"].astype(float)
    return pd.DataFrame(
        [
            {
                "games": games,
                "solved": solved,
                "share solved": share.value,
                "CI low": share.low,
                "CI high": share.high,
                "median seconds": float(frame["seconds"].median()),
                "median moves": float(lengths.median()) if len(lengths) else float("nan"),
                "mean nodes": float(frame["nodes"].mean()),
            }
        ]
    )


def summary_text(frame: pd.DataFrame) -> str:
    """What the command line prints."""
    row = summarize(frame).iloc[0]
    share = wilson(int(row["solved"]), int(row["games"]))
    lines = [
        f"deals: {int(row['games'])}",
        f"solved within the budget: {int(row['solved'])} = {share}",
        f"median seconds per deal: {row['median seconds']:.3f}",
    ]
    lengths = frame.loc[frame["solved"].astype(bool), "moves"].astype(float).to_numpy()
    if len(lengths) >= 2:
        lines.append(
            f"solution length (moves): mean {mean_interval(lengths)}, "
            f"median {np.median(lengths):.0f}"
        )
    return "\n".join(lines)


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tilegames simulate maze``."""
    parser.description = (
        "Deal many seeded Maze games and run the solver on each: one row per deal with "
        "solved / moves / seconds / nodes."
    )
    parser.add_argument("--games", type=positive_int, default=100, help="deals (default 100)")
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=DEFAULT_SECONDS,
        help=f"time budget per deal in seconds (default {DEFAULT_SECONDS:g})",
    )
    parser.add_argument(
        "--max-nodes",
        type=positive_int,
        default=DEFAULT_NODES,
        help=f"tables the solver may expand per deal (default {DEFAULT_NODES})",
    )
    parser.add_argument(
        "--traditional",
        action="store_true",
        help="play the traditional ring variant instead of AisleRiot's rules",
    )


def run_simulation(args: argparse.Namespace) -> tuple[pd.DataFrame, str]:
    """Run the simulation the command line asked for; returns the rows and a summary text."""
    if not args.max_seconds > 0:  # also refuses nan
        raise ValueError(f"--max-seconds must be positive, not {args.max_seconds}")
    task = functools.partial(
        solve_task,
        max_nodes=args.max_nodes,
        max_seconds=args.max_seconds,
        traditional=args.traditional,
    )
    frame = simulate_from_args(task, args.games, args, "Maze deals")
    return frame, summary_text(frame)
