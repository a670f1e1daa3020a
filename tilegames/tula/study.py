"""Tula: how much does mercy help? Simulation tasks and summaries (the lessons' tables,
charts and conclusions in words are in ``findings.py``).

One simulated row is one deal: for that same deal, the result of each player
without mercy and with mercy, and the clairvoyant solver's verdicts. Playing
every variant on the same deals makes the comparison *paired*: the mercy
effect is measured deal by deal (``stats.paired_difference``).

On a deal where mercy cannot be used (one of 3A–3C matches 4A's tile) the
game with mercy is the very same game as without, so it is played once; the
random player uses the same random numbers in both variants.

>>> from tilegames.sim import simulate
>>> frame = simulate(deal_task, 50, seed=1, progress=False)
>>> list(frame.columns[:4])
['game', 'deal', 'mercy_usable', 'random_tiles']
>>> table = summarize(frame)
>>> list(table.columns)
['player', 'variant', 'wins', 'games', 'win rate', 'CI low', 'CI high']
>>> first_move_loss() == first_move_loss_by_enumeration()
True
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import permutations

import numpy as np
import pandas as pd

from .. import (
    i18n,  # i18n._(...): this module's loops use _ as a name
    tables,
)
from ..randomness import players_generator
from ..sim import Tally
from ..stats import Estimate, paired_difference_from_counts, wilson
from ..words import span, written
from .expert import play_expert
from .fast import (
    RANDOM_DRAWS,
    deal_from_rng,
    mercy_usable,
    play_chain,
    play_greedy,
    play_matches,
    play_random,
)
from .layout import MATCH_MASK, TILES
from .players import PLAYERS, make_player, play_game
from .rules import Game, Rules
from .solver import winnable

__all__ = [
    "DEFAULT_PLAYERS",
    "WinCounts",
    "deal_code",
    "deal_task",
    "explorer_measure",
    "first_move_loss",
    "first_move_loss_by_enumeration",
    "game_from_code",
    "loss_breakdown",
    "mercy_effect",
    "running_estimate",
    "summarize",
    "summary_text",
]

DEFAULT_PLAYERS: tuple[str, ...] = ("random", "greedy", "matches", "chain", "solver")
"""The players a study runs unless told otherwise (the sampler is slower: ask for it)."""
VARIANTS = {"": "published", "_mercy": "mercy"}

_FAST = {"greedy": play_greedy, "matches": play_matches, "chain": play_chain}
_SHORT = tuple(tile.short for tile in TILES)


def deal_code(tile_at: list[int]) -> str:
    """A deal as text: the tile on each position, 1A … 4A, in short notation.

    >>> deal_code(list(range(24)))[:17]
    'nS AS 2S 3S 4S 5S'
    """
    return " ".join(map(_SHORT.__getitem__, tile_at))


def game_from_code(code: str, *, mercy: bool = False, auto_reveal: bool = False) -> Game:
    """The game of a row's ``deal`` column, to look at or replay it.

    >>> str(game_from_code(deal_code(list(range(24)))).stack_top)
    '5 Arms'
    """
    by_short = {tile.short: tile for tile in TILES}
    tiles = [by_short.get(short, short) for short in code.split()]
    return Game.from_deal(tiles, rules=Rules(mercy=mercy), auto_reveal=auto_reveal)


def deal_task(
    rng: np.random.Generator,
    lineup: tuple[str, ...] = DEFAULT_PLAYERS,
    compare_mercy: bool = True,
    samples: int = 16,
    legacy_dice: bool = False,
    rules: Rules | None = None,
    player: str = "",
) -> dict:
    """One deal, every player, without and (if ``compare_mercy``) with mercy: one row.

    ``rules=Rules(mercy=True)`` says ``compare_mercy=True`` the way every game's study
    takes its rules (the published game is always played, as the comparison's base).
    ``lineup`` names the players who play the deal, each on their own (a solitaire has one seat:
    this is who plays it, not how many); ``player="greedy"`` plays that one player beside the
    solver (``lineup=("greedy", "solver")``).

    Columns: ``deal``; ``mercy_usable`` (none of 3A–3C matches 4A's tile: without
    mercy the deal is lost at the first move); per player ``<player>_tiles``
    (tiles on the stack at the end; 24 is a win) and ``<player>_won``, then the
    same with ``_mercy`` for the mercy variant. For ``solver``, ``solver_won``
    is the verdict: the deal can be won by someone who sees every tile.
    A picklable top-level function: use ``functools.partial`` to set options.

    The players' dice are ``players_generator(rng)`` after the deal: they carry
    nothing of it, and the deals that follow do not depend on them. They are made when a
    player first rolls them (the solver and the greedy, matches and chain players never do):
    making them reads ``rng`` without advancing it, so every player gets the same dice.
    ``legacy_dice=True`` gives the players ``rng`` itself, the deal's generator, as
    before issue 23: only to reproduce ``results/tula_hidden_players.csv``.
    """
    mercy = compare_mercy if rules is None else rules.mercy
    if player:
        lineup = (player, "solver")
    tile_at = deal_from_rng(rng)
    dice = rng if legacy_dice else None
    usable = mercy_usable(tile_at)
    row: dict = {"deal": deal_code(tile_at), "mercy_usable": usable}
    for name in lineup:
        if name == "solver":
            row["solver_won"] = winnable(tile_at)
            if mercy:
                row["solver_mercy_won"] = winnable(tile_at, True) if usable else row["solver_won"]
            continue
        if name in _FAST:  # deterministic players: no dice
            results = [_FAST[name](tile_at, False)]
            if mercy:
                results.append(_FAST[name](tile_at, True) if usable else results[0])
            _record(row, name, results)
            continue
        if dice is None:
            dice = players_generator(rng)
        if name == "random":
            draws = dice.random(RANDOM_DRAWS)
            results = [play_random(tile_at, False, draws)]
            if mercy:
                results.append(play_random(tile_at, True, draws) if usable else results[0])
        elif name == "expert":  # the fast twin of ExpertPlayer: same moves, same dice
            results = [play_expert(tile_at, False, dice)]
            if mercy:
                results.append(play_expert(tile_at, True, dice) if usable else results[0])
        else:
            options = {"samples": samples} if name == "sampler" else {}
            results = [_play_public(tile_at, name, False, dice, options)]
            if mercy:
                results.append(
                    _play_public(tile_at, name, True, dice, options) if usable else results[0]
                )
        _record(row, name, results)
    return row


def _record(row: dict, name: str, results: list[int]) -> None:
    """A player's columns: tiles stacked and won, without and (when played) with mercy."""
    for suffix, tiles in zip(VARIANTS, results):
        row[f"{name}{suffix}_tiles"] = tiles
        row[f"{name}{suffix}_won"] = tiles == 24


def _play_public(tile_at: list[int], name: str, mercy: bool, rng, options: dict) -> int:
    game = Game([TILES[t] for t in tile_at], rules=Rules(mercy=mercy))
    return len(play_game(game, make_player(name, **options), seed=rng).stack)


def _players_in(frame: pd.DataFrame) -> list[str]:
    return [name for name in PLAYERS if f"{name}_won" in frame.columns]


class WinCounts(Tally):
    """How often each combination of the ``_won`` columns came up, batch by batch: all that
    the win rates and the paired mercy effect need (``summary_text``), in memory that does
    not grow with the run. A ``sim.simulate`` tally.

    >>> counts = WinCounts()
    >>> counts(pd.DataFrame({"deal": ["a", "b", "c"], "greedy_won": [True, False, True]}))
    >>> counts(pd.DataFrame({"deal": ["d"], "greedy_won": [True]}))
    >>> counts.games, counts.wins("greedy_won")
    (4, 3)
    """

    def __init__(self) -> None:
        self.columns: list[str] = []
        self.counts = np.zeros(1, dtype=np.int64)

    def __call__(self, frame: pd.DataFrame) -> None:
        if not self.columns:
            self.columns = [column for column in frame.columns if str(column).endswith("_won")]
            self.counts = np.zeros(1 << len(self.columns), dtype=np.int64)
        codes = frame[self.columns].to_numpy(bool) @ (1 << np.arange(len(self.columns)))
        self.counts += np.bincount(codes, minlength=len(self.counts))

    @property
    def games(self) -> int:
        """How many rows (deals) were counted."""
        return int(self.counts.sum())

    def _hits(self, column: str) -> np.ndarray:
        codes = np.arange(len(self.counts))
        return (codes >> self.columns.index(column)) & 1 == 1

    def wins(self, column: str) -> int:
        """How many rows have ``column`` true."""
        return int(self.counts[self._hits(column)].sum())

    def paired(self, first: str, second: str) -> tuple[int, int, int, int]:
        """The 2×2 table of two columns: both true, only the first, only the second, neither."""
        one, two = self._hits(first), self._hits(second)
        cells = (one & two, one & ~two, ~one & two, ~one & ~two)
        return tuple(int(self.counts[cell].sum()) for cell in cells)

    def players(self) -> list[str]:
        """The players counted, in ``PLAYERS`` order."""
        return [name for name in PLAYERS if f"{name}_won" in self.columns]

    def table(self, confidence: float = 0.95) -> pd.DataFrame:
        """``summarize``'s table, from the counts."""
        rows = []
        for name in self.players():
            for suffix, variant in VARIANTS.items():
                column = f"{name}{suffix}_won"
                if column not in self.columns:
                    continue
                wins, games = self.wins(column), self.games
                estimate = wilson(wins, games, confidence)
                rows.append(
                    {
                        "player": name,
                        "variant": variant,
                        "wins": wins,
                        "games": games,
                        "win rate": estimate.value,
                        "CI low": estimate.low,
                        "CI high": estimate.high,
                    }
                )
        return pd.DataFrame(rows)

    def mercy_effect(self, confidence: float = 0.95) -> pd.DataFrame:
        """``mercy_effect``'s table, from the counts."""
        rows = []
        for name in self.players():
            if f"{name}_mercy_won" not in self.columns:
                continue
            table = self.paired(f"{name}_mercy_won", f"{name}_won")
            estimate = paired_difference_from_counts(*table, confidence)
            rows.append(
                {
                    "player": name,
                    "mercy effect": estimate.value,
                    "CI low": estimate.low,
                    "CI high": estimate.high,
                }
            )
        return pd.DataFrame(rows)

    def text(self) -> str:
        """The summary the command line prints: win rates with 95% CIs, then the mercy effect
        (in the language in use)."""
        table = self.table()
        shown = table.assign(
            **{
                "win rate": table["win rate"].map(lambda share: written(share, "{:.2%}")),
                "95% CI": [
                    span(low, high, "{:.2%}")
                    for low, high in zip(table["CI low"], table["CI high"])
                ],
            }
        ).drop(columns=["CI low", "CI high"])
        heading = i18n.ngettext(
            "Tula: {n} deals, win rates with {level} Wilson CIs",  # English: "deals" of 1 too
            "Tula: {n} deals, win rates with {level} Wilson CIs",
            self.games,
        ).format(n=self.games, level=i18n.format_percent(0.95))
        if "solver_won" in self.columns:
            heading += i18n._(" (solver: the share of deals that can be won at all)")
        lines = [heading + ".", tables.shown(shown, index=False, words=("variant",))]
        effect = self.mercy_effect()
        if len(effect):
            lines += [
                "",
                i18n._("Mercy effect (with minus without, same deals, paired {level} CI):").format(
                    level=i18n.format_percent(0.95)
                ),
                tables.shown(
                    effect.assign(
                        **{
                            "mercy effect": effect["mercy effect"].map(
                                lambda share: written(share, "{:+.2%}")
                            ),
                            "95% CI": [
                                span(low, high, "{:+.2%}")
                                for low, high in zip(effect["CI low"], effect["CI high"])
                            ],
                        }
                    ).drop(columns=["CI low", "CI high"]),
                    index=False,
                ),
            ]
        return "\n".join(lines)


def summarize(frame: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Win rate with its Wilson confidence interval, per player and variant.

    For ``solver`` the rate is the share of deals that can be won at all.
    """
    return WinCounts.of(frame).table(confidence)


def mercy_effect(frame: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Per player: win rate with mercy minus without, on the same deals (paired CI).

    >>> from tilegames.sim import simulate
    >>> frame = simulate(deal_task, 200, seed=3, progress=False)
    >>> effect = mercy_effect(frame).set_index("player")
    >>> bool(effect.loc["solver", "mercy effect"] > 0), bool(effect.loc["solver", "CI low"] > 0)
    (True, True)
    """
    return WinCounts.of(frame).mercy_effect(confidence)


def loss_breakdown(frame: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Per player and variant: the share of deals won, lost by play (the solver could win
    it, the player lost), and lost by the deal (no one could win it), each with its Wilson
    interval. Needs the ``solver`` columns; the three shares add up to 1.
    """
    rows = []
    for name in _players_in(frame):
        if name == "solver":
            continue
        for suffix, variant in VARIANTS.items():
            if f"{name}{suffix}_won" not in frame.columns:
                continue
            won = frame[f"{name}{suffix}_won"].to_numpy(bool)
            possible = frame[f"solver{suffix}_won"].to_numpy(bool)
            outcomes = {
                "won": won,
                "lost by play": possible & ~won,
                "lost by the deal": ~possible,
            }
            for outcome, hits in outcomes.items():
                estimate = wilson(int(hits.sum()), len(hits), confidence)
                rows.append(
                    {
                        "player": name,
                        "variant": variant,
                        "outcome": outcome,
                        "share": estimate.value,
                        "CI low": estimate.low,
                        "CI high": estimate.high,
                    }
                )
    return pd.DataFrame(rows)


def running_estimate(
    outcomes, points: int = 30, start: int = 10, confidence: float = 0.95
) -> pd.DataFrame:
    """The estimate and its Wilson interval after the first n games, n growing geometrically.

    >>> running_estimate([1, 0, 0, 1] * 25, points=3, start=4)["games"].tolist()
    [4, 20, 100]
    """
    outcomes = np.asarray(outcomes, dtype=bool)
    total = len(outcomes)
    if total < start:
        raise ValueError(f"need at least {start} outcomes, not {total}")
    sizes = np.unique(np.geomspace(start, total, points).round().astype(int))
    wins = np.cumsum(outcomes)
    rows = []
    for n in sizes:
        estimate = wilson(int(wins[n - 1]), int(n), confidence)
        rows.append(
            {
                "games": int(n),
                "estimate": estimate.value,
                "CI low": estimate.low,
                "CI high": estimate.high,
                "half width": estimate.half_width,
            }
        )
    return pd.DataFrame(rows)


# -- the counting argument -------------------------------------------------------
def first_move_loss() -> Fraction:
    """Exact probability that no layer-3 tile matches 4A's tile (lost at once; mercy usable).

    Whatever tile 4A holds, 8 of the other 23 tiles match it and 15 do not;
    3A, 3B, 3C hold three of those 23, all equally likely, so the chance that
    all three are among the 15 is C(15,3) / C(23,3).

    >>> first_move_loss(), round(float(first_move_loss()), 4)
    (Fraction(65, 253), 0.2569)
    """
    partners = bin(MATCH_MASK[0]).count("1")
    others = len(TILES) - 1
    return Fraction(math.comb(others - partners, 3), math.comb(others, 3))


def first_move_loss_by_enumeration() -> Fraction:
    """The same probability by brute force: every tile for 4A and every ordered triple for 3A–3C."""
    lost = total = 0
    for top in range(24):
        match = MATCH_MASK[top]
        rest = [t for t in range(24) if t != top]
        for triple in permutations(rest, 3):
            total += 1
            lost += not any(match >> t & 1 for t in triple)
    return Fraction(lost, total)


# -- the command line ------------------------------------------------------------
def summary_text(frame: pd.DataFrame) -> str:
    """The summary the command line prints: win rates with 95% CIs, then the mercy effect
    (``WinCounts.text`` of the rows: the command line keeps the counts only)."""
    return WinCounts.of(frame).text()


def explorer_measure(frame: pd.DataFrame, settings: dict) -> dict[str, Estimate]:
    """The explorer's estimates (``SPEC.explorer``): the setting's player's win rate, and the
    share of the same deals someone who sees every tile could win, under the setting's rules.

    >>> frame = pd.DataFrame({"greedy_mercy_won": [True, False], "solver_mercy_won": [True, True]})
    >>> measured = explorer_measure(frame, {"mercy": True, "player": "greedy"})
    >>> {label: estimate.value for label, estimate in measured.items()}
    {'greedy player wins': 0.5, 'deal can be won (seeing every tile)': 1.0}
    """
    suffix = "_mercy" if settings["mercy"] else ""
    n = len(frame)
    player = settings["player"]
    return {
        f"{player} player wins": wilson(int(frame[f"{player}{suffix}_won"].sum()), n),
        "deal can be won (seeing every tile)": wilson(int(frame[f"solver{suffix}_won"].sum()), n),
    }
