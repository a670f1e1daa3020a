"""Flaming Pyramids statistics: game length, mayhem per game, the first player's advantage.

Simulation tasks for ``tilegames.sim.simulate`` (one row per game), the
tables the rules notebook shows, and the CLI hooks:

    tilegames simulate pyramids --players 4 --player careful --games 1000 --workers 2 --seed 1

>>> import functools
>>> from tilegames.sim import simulate
>>> frame = simulate(functools.partial(game_task, players=3), 12, seed=1, progress=False)
>>> len(frame), bool((frame["turns"] > 0).all())
(12, True)
>>> frame.equals(simulate(functools.partial(game_task, players=3), 12, seed=1, progress=False))
True
"""

from __future__ import annotations

import argparse
import functools
import time
from typing import Any

import numpy as np
import pandas as pd

from ..cli import add_players_argument, positive_int, simulate_from_args
from ..stats import mean_interval, wilson
from .players import PLAYERS, make_player, play_game
from .rules import Rules, new_game

MAYHEM_KINDS = ("fall", "collapse", "overhang", "explosion", "fire", "roll", "curse")
"""The event kinds counted per game (``overhang``: an overhanging tile's collapse; ``roll``: the fire cube)."""

__all__ = [
    "MAYHEM_KINDS",
    "add_simulate_arguments",
    "first_player_table",
    "game_task",
    "length_table",
    "mayhem_table",
    "run_simulation",
]


def _lineup(player: str, players: int) -> list[str]:
    kinds = [k.strip() for k in str(player).split(",") if k.strip()]
    if not kinds:
        raise ValueError(f"name at least one player: {', '.join(PLAYERS)}")
    for kind in kinds:
        make_player(kind)  # unknown names raise ValueError
    return [kinds[s % len(kinds)] for s in range(players)]


def game_task(
    rng: np.random.Generator,
    *,
    players: int = 2,
    player: str = "careful",
    curse: bool = False,
    fire_cube: bool = False,
    turn_cap: int = 500,
) -> dict[str, Any]:
    """Play one seeded game; one row: seed, first player, winner, turns, mayhem counts, tiles left.

    ``player`` names the strategy of every seat, or a comma list of them
    taken seat by seat (``"careful,random"``).
    """
    seed = int(rng.integers(2**62))
    rules = Rules(curse=curse, fire_cube=fire_cube, turn_cap=turn_cap)
    game = new_game(seed, players=players, rules=rules)
    lineup = [make_player(kind) for kind in _lineup(player, players)]
    row = play_game(game, lineup, seed=rng)
    winner = row["winner"]
    first = row["first_player"]
    return {
        "seed": seed,
        **row,
        "capped": winner == -1,
        "first_won": winner == first,
        "mayhem": sum(row[f"n_{kind}"] for kind in MAYHEM_KINDS),
    }


def length_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Mean game length in turns with its 95% CI, and the share of games stopped by the turn cap, by players."""
    rows = []
    for players, part in frame.groupby("players"):
        turns = mean_interval(part["turns"].to_numpy())
        capped = wilson(int(part["capped"].sum()), len(part))
        rows.append(
            {
                "players": players,
                "games": len(part),
                "mean turns": round(turns.value, 1),
                "95% CI": f"{turns.low:.1f} to {turns.high:.1f}",
                "median turns": float(part["turns"].median()),
                "turn cap reached": f"{capped.value:.1%} ({capped.low:.1%} to {capped.high:.1%})",
            }
        )
    return pd.DataFrame(rows).set_index("players")


def mayhem_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Mean events of each kind per game (± half-width of the 95% CI), by players."""
    rows = []
    for players, part in frame.groupby("players"):
        row: dict[str, Any] = {"players": players}
        for kind in MAYHEM_KINDS:
            values = part[f"n_{kind}"].to_numpy()
            if not values.any():
                row[kind] = "0"
                continue
            estimate = mean_interval(values)
            row[kind] = f"{estimate.value:.2f} ± {estimate.half_width:.2f}"
        rows.append(row)
    return pd.DataFrame(rows).set_index("players")


def first_player_table(frame: pd.DataFrame) -> pd.DataFrame:
    """How often the first player wins, against the fair share 1/N, by players (games with a winner)."""
    rows = []
    for players, part in frame.groupby("players"):
        decided = part[~part["capped"]]
        if decided.empty:
            continue
        won = wilson(int(decided["first_won"].sum()), len(decided))
        rows.append(
            {
                "players": players,
                "games won by someone": len(decided),
                "first player wins": won.value,
                "95% CI low": won.low,
                "95% CI high": won.high,
                "fair share 1/N": 1 / players,
            }
        )
    return pd.DataFrame(rows).set_index("players")


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """The study's options for ``tilegames simulate pyramids``."""
    add_players_argument(parser, "game")
    parser.add_argument(
        "--player",
        default="careful",
        help=f"strategy of each seat: {', '.join(PLAYERS)}; a comma list sets seats in turn (default careful)",
    )
    parser.add_argument(
        "--games", type=positive_int, default=1000, help="games to simulate (default 1000)"
    )
    parser.add_argument("--curse", action="store_true", help="play with the curse variant")
    parser.add_argument("--fire-cube", action="store_true", help="play with the fire cube variant")
    parser.add_argument("--turn-cap", type=positive_int, default=500, help="turn cap (default 500)")


def run_simulation(args: argparse.Namespace) -> tuple[pd.DataFrame, str]:
    """Run the study the arguments ask for; return its rows and a summary as text."""
    lineup = _lineup(args.player, args.players)
    task = functools.partial(
        game_task,
        players=args.players,
        player=args.player,
        curse=args.curse,
        fire_cube=args.fire_cube,
        turn_cap=args.turn_cap,
    )
    start = time.perf_counter()
    frame = simulate_from_args(task, args.games, args, "Flaming Pyramids games")
    seconds = time.perf_counter() - start
    variants = [name for name, on in (("curse", args.curse), ("fire cube", args.fire_cube)) if on]
    lines = [
        f"Flaming Pyramids: {args.games} games, {args.players} players ({', '.join(lineup)}), "
        f"variants: {', '.join(variants) or 'none'}, seed {args.seed}, {seconds:.1f} s",
        "",
        "game length:",
        length_table(frame).to_string(),
        "",
        "mayhem events per game (mean ± 95% CI half-width):",
        mayhem_table(frame).to_string(),
    ]
    first = first_player_table(frame)
    if not first.empty:
        lines += ["", "first player's wins:", first.to_string(float_format=lambda v: f"{v:.3f}")]
    return frame, "\n".join(lines)
