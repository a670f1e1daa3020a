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

import functools
import time
from typing import Any

import numpy as np
import pandas as pd

from ..stats import mean_interval, wilson
from .players import PLAYERS, make_player, play_game
from .rules import Game, Rules, new_game

MAYHEM_KINDS = ("fall", "collapse", "overhang", "explosion", "fire", "roll", "curse")
"""The event kinds counted per game (``overhang``: an overhanging tile's collapse; ``roll``: the fire cube)."""

__all__ = [
    "MATCHUPS",
    "MAYHEM_KINDS",
    "first_player_edge_table",
    "match_task",
    "matchup_table",
    "lineup_of",
    "read_matchups",
    "run_matchups",
    "first_player_table",
    "game_row",
    "game_task",
    "length_table",
    "mayhem_table",
    "summary_text",
]


def game_row(game: Game) -> dict[str, Any]:
    """A finished game as one row: players, first player, winner (-1: none), turns, decisions,
    mayhem counts (``n_fall`` …) and tiles left per seat (``left_0`` …).

    >>> game = play_game(new_game(seed=3), [make_player("careful")] * 2, seed=3, checked=False)
    >>> row = game_row(game)
    >>> row["turns"] == game.turns, row["winner"] == game.winner
    (True, True)
    """
    counts = game.mayhem_counts()
    return {
        "players": game.n_players,
        "first_player": game.first_player,
        "winner": -1 if game.winner is None else game.winner,
        "turns": game.turns,
        "decisions": len(game.history),
        **{f"n_{kind}": value for kind, value in counts.items()},
        **{f"left_{p}": s for p, s in enumerate(game.scores)},
    }


def lineup_of(player: str, players: int) -> list[str]:
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
    lineup = [make_player(kind) for kind in lineup_of(player, players)]
    row = game_row(play_game(game, lineup, seed=rng, checked=False))
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


def summary_text(
    frame: pd.DataFrame, *, lineup: list[str], variants: list[str], seed, seconds: float
) -> str:
    """The command line's report of a run: game length, mayhem per game, the first player's wins."""
    players = int(frame["players"].iloc[0]) if len(frame) else len(lineup)
    lines = [
        f"Flaming Pyramids: {len(frame)} games, {players} players ({', '.join(lineup)}), "
        f"variants: {', '.join(variants) or 'none'}, seed {seed}, {seconds:.1f} s",
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
    return "\n".join(lines)


# -- how good is a player? two-player matches, each deal played from both seats --------

MATCHUPS: dict[str, tuple[str, str, int]] = {
    "expert v careful": ("expert", "careful", 1000),
    "expert v random": ("expert", "random", 200),
    "careful v random": ("careful", "random", 200),
    "expert v expert": ("expert", "expert", 500),
    "careful v careful": ("careful", "careful", 1000),
}
"""The matches of the results file: name -> (player A, player B, deals). Each deal is
played twice, A in seat 0 then in seat 1, so the seats' luck cancels out."""


def match_task(rng: np.random.Generator, *, a: str, b: str, turn_cap: int = 500) -> list[dict]:
    """One two-player deal played twice, ``a`` in seat 0 then in seat 1: two rows.

    Each row: the deal's seed, A's seat, the first player, the winner (-1 at
    the turn cap), whether A, B and the first player won, turns, tiles left.

    >>> rows = match_task(np.random.default_rng(1), a="careful", b="random")
    >>> [row["a_seat"] for row in rows], rows[0]["deal"] == rows[1]["deal"]
    ([0, 1], True)
    """
    deal = int(rng.integers(2**62))
    rows = []
    for a_seat in (0, 1):
        game = new_game(deal, players=2, rules=Rules(turn_cap=turn_cap))
        lineup = (
            [make_player(a), make_player(b)] if a_seat == 0 else [make_player(b), make_player(a)]
        )
        row = game_row(play_game(game, lineup, seed=rng, checked=False))
        winner = row["winner"]
        rows.append(
            {
                "deal": deal,
                "a_seat": a_seat,
                "first_player": row["first_player"],
                "winner": winner,
                "a_won": winner == a_seat,
                "b_won": winner == 1 - a_seat,
                "first_won": winner == row["first_player"],
                "turns": row["turns"],
                "a_left": row[f"left_{a_seat}"],
                "b_left": row[f"left_{1 - a_seat}"],
            }
        )
    return rows


def run_matchups(
    deals: dict[str, int] | None = None,
    *,
    seed: int = 2026,
    workers: int | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Play every match of ``MATCHUPS`` (or ``deals``: name -> number of deals); one row per game.

    Match number ``i`` in ``MATCHUPS`` runs with seed ``seed + i``, so one
    match can be re-run alone.
    """
    from ..sim import simulate

    frames = []
    for i, (name, (a, b, default)) in enumerate(MATCHUPS.items()):
        count = default if deals is None else deals.get(name, 0)
        if not count:
            continue
        frame = simulate(
            functools.partial(match_task, a=a, b=b),
            count,
            seed=seed + i,
            workers=workers,
            batch_size=50,
            progress=progress,
            description=name,
        )
        frame.insert(0, "matchup", name)
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def read_matchups(path=None) -> pd.DataFrame:
    """The matches results file kept in the repository (``results/pyramids_matchups.csv``)."""
    from pathlib import Path

    if path is None:
        path = Path(__file__).resolve().parents[2] / "results" / "pyramids_matchups.csv"
    return pd.read_csv(path)


def matchup_table(frame: pd.DataFrame) -> pd.DataFrame:
    """A's and B's share of the games of each match (95% CIs) and A's edge per deal.

    The edge is (A's wins - B's wins) / 2 over a deal's two games, averaged
    over the deals with a 95% interval: a paired comparison, since both
    players had both seats on the same tiles. An interval above zero means A
    is the better player.
    """
    rows = []
    for name, part in frame.groupby("matchup", sort=False):
        a, b = name.split(" v ")
        if a == b:
            continue
        games = len(part)
        a_won = wilson(int(part["a_won"].sum()), games)
        b_won = wilson(int(part["b_won"].sum()), games)
        per_deal = part.groupby("deal")[["a_won", "b_won"]].sum()
        edge = mean_interval(((per_deal["a_won"] - per_deal["b_won"]) / 2).to_numpy(float))
        rows.append(
            {
                "match": name,
                "games": games,
                "A wins": a_won.value,
                "A low": a_won.low,
                "A high": a_won.high,
                "B wins": b_won.value,
                "A's edge per game": edge.value,
                "edge low": edge.low,
                "edge high": edge.high,
            }
        )
    return pd.DataFrame(rows).set_index("match")


def first_player_edge_table(frame: pd.DataFrame) -> pd.DataFrame:
    """In matches of a player against itself: how often the first player wins (95% CI), against 1/2."""
    rows = []
    for name, part in frame.groupby("matchup", sort=False):
        a, b = name.split(" v ")
        if a != b:
            continue
        decided = part[part["winner"] >= 0]
        won = wilson(int(decided["first_won"].sum()), len(decided))
        rows.append(
            {
                "players": name,
                "games won by someone": len(decided),
                "first player wins": won.value,
                "95% CI low": won.low,
                "95% CI high": won.high,
            }
        )
    return pd.DataFrame(rows).set_index("players")


def write_matchups(
    path=None, *, seed: int = 2026, workers: int | None = None, command: str = ""
) -> pd.DataFrame:
    """Run ``run_matchups`` and keep it: the CSV, and beside it a JSON file saying how it was made."""
    import datetime
    import json
    from pathlib import Path

    from .. import __version__

    path = Path(path or Path(__file__).resolve().parents[2] / "results" / "pyramids_matchups.csv")
    start = time.perf_counter()
    frame = run_matchups(seed=seed, workers=workers)
    seconds = time.perf_counter() - start
    frame.to_csv(path, index=False)
    provenance = {
        "what": "two-player Flaming Pyramids matches, each deal played from both seats",
        "command": command,
        "seed": seed,
        "matchups": {name: {"a": a, "b": b, "deals": n} for name, (a, b, n) in MATCHUPS.items()},
        "seeds": "match i of MATCHUPS runs sim.simulate(match_task, deals, seed=seed + i, batch_size=50)",
        "tilegames_version": __version__,
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "seconds": round(seconds, 1),
        "workers": workers,
        "rows": len(frame),
    }
    path.with_suffix(".json").write_text(json.dumps(provenance, indent=2) + "\n")
    return frame
