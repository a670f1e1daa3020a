"""Flaming Pyramids statistics: game length, mayhem per game, the first player's advantage.

Simulation tasks for ``tilegames.sim.simulate`` (one row per game), their tallies
and tables, the matches, and the CLI hooks (what the rules notebook shows of them, its
charts and conclusions in words, is in ``findings.py``):

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
from collections import Counter
from typing import Any

import numpy as np
import pandas as pd

from .. import i18n  # i18n._(...): this module's loops use _ as a name
from ..players import lineup
from ..randomness import players_generator
from ..sim import Tally
from ..stats import Estimate, Sums, mean_interval, median_from_counts, wilson
from ..tables import shown as shown_table
from ..words import span, written
from . import fast
from .players import PLAYERS, make_player, play_game
from .rules import Game, Rules, new_game

MAYHEM_KINDS = ("fall", "collapse", "overhang", "explosion", "fire", "roll", "curse")
"""The event kinds counted per game (``overhang``: an overhanging tile's collapse; ``roll``: the fire cube)."""

__all__ = [
    "GameTally",
    "MATCHUPS",
    "explorer_measure",
    "write_matchups",
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
    "play_fast_or_public",
    "mayhem_table",
    "repeated_position",
    "summary_text",
]


def play_fast_or_public(game_seed: int, players: list, rules: Rules, rng) -> Game | fast.FastGame:
    """Play the seeded deal ``new_game(game_seed, ...)`` with ``players``: the fused fast path
    (``fast.play``) when every seat has one (careful and random players), else ``play_game``.

    Both give the same game (``tests/pyramids/test_pyramids_fast.py`` checks it), drawing the
    same numbers from ``rng``.

    >>> careful = [make_player("careful")] * 2
    >>> quick = play_fast_or_public(3, careful, Rules(), np.random.default_rng(0))
    >>> slow = play_game(new_game(3, rules=Rules()), careful, seed=np.random.default_rng(0), checked=False)
    >>> quick.winner == slow.winner and quick.moves() == slow.history
    True
    """
    seats = fast.fast_seats(players)
    if seats is not None:
        return fast.play(game_seed, players=len(players), rules=rules, seats=seats, rng=rng)
    game = new_game(game_seed, players=len(players), rules=rules)
    return play_game(game, players, seed=rng, checked=False)


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
    """The player of each seat (``tilegames.players.lineup``).

    >>> lineup_of("careful,random", 3)
    ['careful', 'random', 'careful']
    """
    return lineup(player, players, list(PLAYERS), "Flaming Pyramids")


def game_task(
    rng: np.random.Generator,
    *,
    players: int = 2,
    player: str = "careful",
    rules: Rules | None = None,
    curse: bool = False,
    fire_cube: bool = False,
    turn_cap: int = 500,
) -> dict[str, Any]:
    """Play one seeded game; one row: seed, first player, winner, turns, mayhem counts, tiles left.

    ``player`` names the strategy of every seat, or a comma list of them
    taken seat by seat (``"careful,random"``). ``rules`` is the ``Rules`` to
    play (``curse``, ``fire_cube`` and ``turn_cap`` are the older way to say
    ``Rules(curse=..., fire_cube=..., turn_cap=...)``, used only without ``rules``).
    """
    seed = int(rng.integers(2**62))
    if rules is None:
        rules = Rules(curse=curse, fire_cube=fire_cube, turn_cap=turn_cap)
    lineup = [make_player(kind) for kind in lineup_of(player, players)]
    seats = fast.fast_seats(lineup)
    # the players' own dice (never the generator the seed came from), made only for a lineup
    # that throws them: careful seats on the fast path throw none (making dice reads ``rng``
    # without advancing it, so the games are the same either way)
    dice = players_generator(rng) if seats is None or "random" in seats else None
    row = game_row(play_fast_or_public(seed, lineup, rules, dice))
    winner = row["winner"]
    first = row["first_player"]
    return {
        "seed": seed,
        **row,
        "capped": winner == -1,
        "first_won": winner == first,
        "mayhem": sum(row[f"n_{kind}"] for kind in MAYHEM_KINDS),
    }


def repeated_position(game: Game) -> tuple[int, int] | None:
    """The first position of ``game`` that came back: ``(earlier turn, later turn)``, or None.

    A position is everything that decides the rest of the game: the tiles on the table, every
    hand and every pile in order, and whose turn it is (counted between turns, never while a
    tile is falling). ``game`` is replayed from its saved deal, move by move.

    >>> game = play_game(new_game(seed=3), [make_player("careful")] * 2, seed=3, checked=False)
    >>> repeated_position(game) is None  # this game ends with a winner, and never circles
    True
    """
    replay = Game.from_dict({**game.to_dict(), "moves": []})
    seen: dict[tuple, int] = {}
    for move in game.history:
        if replay.falling_key is None:
            position = (
                replay.to_move,
                tuple(sorted(replay.board.items())),
                tuple(replay.hand_ids(seat) for seat in range(replay.n_players)),
                tuple(replay.pile(seat) for seat in range(replay.n_players)),
            )
            if position in seen:
                return seen[position], replay.turns
            seen[position] = replay.turns
        replay.play_unchecked(move)
    return None


def explorer_measure(frame: pd.DataFrame, settings: dict) -> dict[str, Estimate]:
    """The explorer's estimates (``SPEC.explorer``): game length and the first player's edge.

    >>> from tilegames.sim import simulate
    >>> frame = simulate(game_task, 4, seed=1, progress=False)
    >>> list(explorer_measure(frame, {}))
    ['first player wins', 'turn cap reached', 'turns per game', 'mayhem events per game']
    """
    n = len(frame)
    return {
        "first player wins": wilson(int(frame["first_won"].sum()), n),
        "turn cap reached": wilson(int(frame["capped"].sum()), n),
        "turns per game": mean_interval(frame["turns"].to_numpy()),
        "mayhem events per game": mean_interval(frame["mayhem"].to_numpy()),
    }


class _PlayersTally:
    """The sums and counts of the games with one number of players."""

    def __init__(self) -> None:
        self.games = self.capped = self.first_won = 0
        self.turns = Sums()
        self.turn_counts: Counter[int] = Counter()
        self.mayhem = {kind: Sums() for kind in MAYHEM_KINDS}

    def add(self, part: pd.DataFrame) -> None:
        capped = part["capped"].to_numpy(bool)
        turns = part["turns"].to_numpy()
        self.games += len(part)
        self.capped += int(capped.sum())
        self.first_won += int(part["first_won"].to_numpy(bool)[~capped].sum())
        self.turns.add(turns)
        self.turn_counts.update(turns.tolist())
        for kind, sums in self.mayhem.items():
            sums.add(part[f"n_{kind}"].to_numpy())


class GameTally(Tally):
    """What the command line's summary needs, batch by batch (a ``sim.simulate`` tally): per
    number of players, the exact sums of turns and of each kind of mayhem, how often each
    game length came up (for the median), the games capped and the first player's wins.

    >>> from tilegames.sim import simulate
    >>> tally = GameTally()
    >>> frame = simulate(functools.partial(game_task, players=3), 12, seed=1, progress=False,
    ...                  tally=tally)
    >>> tally.games, list(tally.by_players)
    (12, [3])
    """

    def __init__(self) -> None:
        self.by_players: dict[int, _PlayersTally] = {}
        self.games = 0
        self.first_players: int | None = None

    def __call__(self, frame: pd.DataFrame) -> None:
        if len(frame) and self.first_players is None:
            self.first_players = int(frame["players"].iloc[0])
        self.games += len(frame)
        for players, part in frame.groupby("players"):
            self.by_players.setdefault(int(players), _PlayersTally()).add(part)

    def _groups(self):
        return sorted(self.by_players.items())

    def length_table(self) -> pd.DataFrame:
        """``length_table``'s table, from the tally."""
        rows = []
        for players, part in self._groups():
            turns = part.turns.estimate()
            capped = wilson(part.capped, part.games)
            rows.append(
                {
                    "players": players,
                    "games": part.games,
                    "mean turns": round(turns.value, 1),
                    "95% CI": span(turns.low, turns.high, "{:.1f}")
                    if turns.has_interval
                    else i18n._("none from one game"),
                    "median turns": median_from_counts(part.turn_counts),
                    "turn cap reached": f"{written(capped.value, '{:.1%}')} ({span(capped.low, capped.high)})",
                }
            )
        return pd.DataFrame(rows).set_index("players")

    def mayhem_table(self) -> pd.DataFrame:
        """``mayhem_table``'s table, from the tally."""
        rows = []
        for players, part in self._groups():
            row: dict[str, Any] = {"players": players}
            for kind, sums in part.mayhem.items():
                if not sums.total:  # counts are 0 or more: a zero sum is all zeros
                    row[kind] = "0"
                    continue
                estimate = sums.estimate()
                row[kind] = (
                    f"{estimate.value:.2f} ± {estimate.half_width:.2f}"
                    if estimate.has_interval
                    else i18n._("{mean} (one game: no interval)").format(
                        mean=f"{estimate.value:.2f}"
                    )
                )
            rows.append(row)
        return pd.DataFrame(rows).set_index("players")

    def first_player_table(self) -> pd.DataFrame:
        """``first_player_table``'s table, from the tally."""
        rows = []
        for players, part in self._groups():
            decided = part.games - part.capped
            if not decided:
                continue
            won = wilson(part.first_won, decided)
            rows.append(
                {
                    "players": players,
                    "games won by someone": decided,
                    "first player wins": won.value,
                    "95% CI low": won.low,
                    "95% CI high": won.high,
                    "fair share 1/N": 1 / players,
                }
            )
        if not rows:  # every game stopped by the turn cap: nothing to count
            return pd.DataFrame()
        return pd.DataFrame(rows).set_index("players")

    def text(self, *, lineup: list[str], variants: list[str], seed, seconds: float) -> str:
        """The command line's report of a run: game length, mayhem, the first player's wins."""
        players = self.first_players if self.first_players is not None else len(lineup)
        lines = [
            i18n._(
                "Flaming Pyramids: {games}, {players}, variants: {variants}, seed {seed}, {seconds} s"
            ).format(
                games=i18n.ngettext("{n} games", "{n} games", self.games).format(n=self.games),
                players=i18n.ngettext(
                    "{n} players ({lineup})", "{n} players ({lineup})", players
                ).format(n=players, lineup=", ".join(lineup)),
                variants=", ".join(variants) or i18n._("none"),
                seed=seed,
                seconds=written(seconds, "{:.1f}"),
            ),
            "",
            i18n._("game length:"),
            shown_table(self.length_table()),
            "",
            i18n._("mayhem events per game (mean ± {level} CI half-width):").format(
                level=i18n.format_percent(0.95)
            ),
            shown_table(self.mayhem_table()),
        ]
        first = self.first_player_table()
        if not first.empty:
            lines += [
                "",
                i18n._("first player's wins:"),
                shown_table(first, float_format=lambda v: f"{v:.3f}"),
            ]
        return "\n".join(lines)


def length_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Mean game length in turns with its 95% CI, and the share of games stopped by the turn
    cap, by players (``GameTally.length_table`` of the rows)."""
    return GameTally.of(frame).length_table()


def mayhem_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Mean events of each kind per game (± half-width of the 95% CI), by players."""
    return GameTally.of(frame).mayhem_table()


def first_player_table(frame: pd.DataFrame) -> pd.DataFrame:
    """How often the first player wins, against the fair share 1/N, by players (games with a winner)."""
    return GameTally.of(frame).first_player_table()


def summary_text(
    frame: pd.DataFrame, *, lineup: list[str], variants: list[str], seed, seconds: float
) -> str:
    """The command line's report of a run: game length, mayhem per game, the first player's wins."""
    return GameTally.of(frame).text(lineup=lineup, variants=variants, seed=seed, seconds=seconds)


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

    The players' dice are ``players_generator(rng)`` (both games in turn): they
    reveal neither the deal's seed nor the generator it came from, and the deals
    that follow do not depend on them.

    Each row: the deal's seed, A's seat, the first player, the winner (-1 at
    the turn cap), whether A, B and the first player won, turns, tiles left.

    >>> rows = match_task(np.random.default_rng(1), a="careful", b="random")
    >>> [row["a_seat"] for row in rows], rows[0]["deal"] == rows[1]["deal"]
    ([0, 1], True)
    """
    deal = int(rng.integers(2**62))
    dice = players_generator(rng)
    rows = []
    for a_seat in (0, 1):
        lineup = (
            [make_player(a), make_player(b)] if a_seat == 0 else [make_player(b), make_player(a)]
        )
        row = game_row(play_fast_or_public(deal, lineup, Rules(turn_cap=turn_cap), dice))
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
    """The matches results file tilegames ships (``results/pyramids_matchups.csv``), or ``path``."""
    from ..resources import results_path

    return pd.read_csv(results_path("pyramids_matchups.csv") if path is None else path)


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


def _checkout_results():
    """Where a run without ``path`` is kept: the development checkout's ``results/``."""
    from ..resources import checkout

    root = checkout()
    if root is None:
        raise ValueError(
            "path: give the file to write; an installed tilegames's own results files are read-only"
        )
    return root / "results"


def write_matchups(
    path=None,
    *,
    seed: int = 2026,
    workers: int | None = None,
    command: str = "",
) -> pd.DataFrame:
    """Run ``run_matchups`` and keep it: the CSV, and beside it a JSON file saying how it was made."""
    from pathlib import Path

    from ..results import provenance as results_provenance
    from ..results import write_results

    path = Path(path or _checkout_results() / "pyramids_matchups.csv")
    start = time.perf_counter()
    record = results_provenance(
        what="two-player Flaming Pyramids matches, each deal played from both seats",
        command=command,
        seed=seed,
        rules={
            "matchups": {name: {"a": a, "b": b, "deals": n} for name, (a, b, n) in MATCHUPS.items()}
        },
        seeds="match i of MATCHUPS runs sim.simulate(match_task, deals, seed=seed + i, batch_size=50)",
        workers=workers,
    )
    frame = run_matchups(seed=seed, workers=workers)
    record["seconds"] = round(time.perf_counter() - start, 1)
    write_results(frame, path, record)  # the CSV and its provenance, atomically
    return frame
