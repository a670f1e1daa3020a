"""Maze: how often does the solver win a seeded deal, how long are its solutions?

One simulated row is one deal: the solver's verdict (``solved``), the length
of the sequence it found (``moves``), the time and the tables it searched
(``seconds``, ``nodes``), the deal's starting score and the best score reached.
The ``deal`` column holds the table in ASCII so any row can be replayed with
``game_from_code``. The winnability study (``run_winnability``, ``decide_again``) decides
whole deals. What the lesson shows of them, its charts and tables, is in ``findings.py``.

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

import functools
import os
import time
from collections import Counter
from typing import Any

import numpy as np
import pandas as pd

from .. import i18n, tables  # i18n._(...): this module's loops use _ as a name
from ..results import now, read_results, write_results
from ..results import provenance as results_provenance
from ..sim import Tally, WorkerPool, check_workers, simulate
from ..stats import Estimate, mean_interval, mean_interval_from_sums, median_from_counts, wilson
from ..words import written
from . import native
from .exhaustive import DEFAULT_SOLVER_NODES, DEFAULT_TABLES, Verdict, decide
from .players import DEFAULT_NODES, DEFAULT_SECONDS, solve
from .rules import Game, Rules, new_game

__all__ = [
    "WINNABILITY_BATCH",
    "SolveTally",
    "deal_code",
    "explorer_measure",
    "decide_again",
    "game_from_code",
    "run_winnability",
    "solve_task",
    "summarize",
    "summary_text",
    "winnability_summary",
    "winnability_text",
    "write_decided_again",
    "winnability_task",
    "with_second_look",
]

VARIANTS = {"standard": Rules.preset("aisleriot"), "ring": Rules.preset("traditional")}
"""The two variants of the winnability study by their rows' label (the ``variant`` column of
the committed results, and the ``--standard-…``/``--ring-…`` budgets): the ``aisleriot`` and
the ``traditional`` rule sets."""
WINNABILITY_BATCH = 100
"""Deals per batch of the winnability run (part of what its seed means, so fixed)."""


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
    rules: Rules | None = None,
) -> dict:
    """Deal one game from ``rng`` under ``rules`` (default AisleRiot's) and run the solver on
    it: one row (``rules=Rules.traditional()`` for the book game).

    ``seconds`` is a measurement of this machine, not a result of the deal: it
    is the one column that differs between two runs of the same seed (and on a
    deal that needs nearly the whole time budget, ``solved`` can too; give
    ``max_seconds=float("inf")`` to let only the node budget decide).
    """
    game = new_game(rng, rules=rules or Rules())
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


def explorer_measure(frame: pd.DataFrame, settings: dict) -> dict[str, Estimate]:
    """The explorer's estimates (``SPEC.explorer``): deals the solver won within its budget,
    and the tables it searched.

    >>> measured = explorer_measure(pd.DataFrame({"solved": [True, False], "nodes": [10, 30]}), {})
    >>> {label: estimate.value for label, estimate in measured.items()}
    {'deals solved': 0.5, 'tables searched per deal': 20.0}
    """
    n = len(frame)
    return {
        "deals solved": wilson(int(frame["solved"].sum()), n),
        "tables searched per deal": mean_interval(frame["nodes"].to_numpy(dtype=float)),
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
                "mean tables searched": float(frame["nodes"].mean()),
            }
        ]
    )


class SolveTally(Tally):
    """What the solver study's summary needs, batch by batch (a ``sim.simulate`` tally):
    deals, deals solved, the sums of the solutions' lengths and of their squares, and how
    often each time and each length came up (for the medians; they are few values).

    >>> tally = SolveTally.of(pd.DataFrame({"solved": [True, True, False],
    ...     "moves": [100, 120, None], "seconds": [0.1, 0.3, 10.0]}))
    >>> tally.games, tally.solved, tally.moves_sum
    (3, 2, 220)
    """

    def __init__(self) -> None:
        self.games = self.solved = self.moves_sum = self.moves_squares = 0
        self.seconds: Counter[float] = Counter()
        self.moves: Counter[int] = Counter()

    def __call__(self, frame: pd.DataFrame) -> None:
        solved = frame["solved"].astype(bool)
        lengths = [int(moves) for moves in frame.loc[solved, "moves"]]
        self.games += len(frame)
        self.solved += len(lengths)
        self.moves_sum += sum(lengths)
        self.moves_squares += sum(moves * moves for moves in lengths)
        self.moves.update(lengths)
        self.seconds.update(frame["seconds"].astype(float).tolist())

    def text(self) -> str:
        """What the command line prints."""
        lines = [
            i18n._("deals: {n}").format(n=self.games),
            i18n._("solved within the budget: {solved} = {share}").format(
                solved=self.solved, share=wilson(self.solved, self.games)
            ),
            i18n._("median seconds per deal: {seconds}").format(
                seconds=written(median_from_counts(self.seconds), "{:.3f}")
            ),
        ]
        if self.solved >= 2:
            mean = mean_interval_from_sums(self.solved, self.moves_sum, self.moves_squares)
            lines.append(
                i18n._("solution length (moves): mean {mean}, median {median}").format(
                    mean=mean, median=f"{median_from_counts(self.moves):.0f}"
                )
            )
        return "\n".join(lines)


def summary_text(frame: pd.DataFrame) -> str:
    """What the command line prints (``SolveTally.text`` of the rows)."""
    return SolveTally.of(frame).text()


# -- is every deal winnable? (issue 16) --------------------------------------------
def winnability_task(
    rng: np.random.Generator,
    *,
    variants: tuple[str, ...] = ("standard", "ring"),
    solver_nodes: int | dict[str, int] = DEFAULT_SOLVER_NODES,
    max_tables: int | dict[str, int] = DEFAULT_TABLES,
) -> list[dict]:
    """Shuffle one deal from ``rng`` and decide it under each variant: one row per variant.

    Both variants get the same shuffle (the ring is the same 54 slots read as
    a ring), so the two verdicts of a deal can be compared. ``status`` is
    ``winnable``, ``unwinnable`` or ``undecided`` (see ``exhaustive.decide``);
    ``tables`` is the exhaustive search's count (for an unwinnable deal, every
    table reachable from it); ``seconds`` is a measurement, the only column
    that differs between two runs of the same seed. A budget may be one
    number or one per variant (``{"standard": ..., "ring": ...}``).

    >>> rows = winnability_task(np.random.default_rng(1), solver_nodes=20_000, max_tables=1_000)
    >>> [row["variant"] for row in rows], rows[0]["status"]
    (['standard', 'ring'], 'winnable')
    """
    deal = new_game(rng)
    code = deal_code(deal)
    rows = []
    for variant in variants:
        game = game_from_code(code, VARIANTS[variant])
        nodes = solver_nodes[variant] if isinstance(solver_nodes, dict) else solver_nodes
        tables = max_tables[variant] if isinstance(max_tables, dict) else max_tables
        verdict = decide(game, solver_nodes=nodes, max_tables=tables)
        rows.append(_verdict_row(variant, code, verdict))
    return rows


def _verdict_row(variant: str, code: str, verdict: Verdict) -> dict:
    """One results row (without its game number) for ``verdict`` on the deal ``code``."""
    return {
        "variant": variant,
        "deal": code,
        "status": verdict.status,
        "method": verdict.method,
        "solver_tables": verdict.solver_tables,
        "tables": verdict.tables,
        "moves": len(verdict.moves) if verdict.status == "winnable" else None,
        "seconds": round(verdict.seconds, 3),
    }


def run_winnability(
    games: int,
    *,
    seed: int,
    workers: int = 1,
    out: str | None = None,
    progress: bool = True,
    command: str = "",
    force: bool = False,
    **options,
) -> pd.DataFrame:
    """``sim.simulate(winnability_task, games, seed=seed, batch_size=WINNABILITY_BATCH)``:
    every deal decided, one row per deal and variant.

    With ``out`` (CSV or Parquet) the rows stream to that file batch by batch through
    the one results writer every study uses (``results.BatchWriter``): whole batches
    land as part files, a rerun of the same command goes on from them, and ``out``
    appears, with its provenance (command, seed, budgets, library version, dates),
    only when every deal is decided. Another run's file there, or one changed by
    hand, is refused unless ``force``. The rows are read back from the file.
    """
    check_workers(workers)
    task = functools.partial(winnability_task, **options)
    record = None
    if out:
        record = {
            **results_provenance(
                what="Maze winnability: each deal decided winnable, unwinnable or undecided",
                command=command,
                seed=seed,
                rules=_jsonable(options),
                engine=native.describe(),
            ),
            "games": games,
            "batch_size": WINNABILITY_BATCH,
            "options": _jsonable(options),  # the name older kept files used
        }
    frame = simulate(
        task,
        games,
        seed=seed,
        workers=workers,
        batch_size=WINNABILITY_BATCH,
        progress=progress,
        description=i18n.Deferred(i18n.N_("Maze deals")),
        out=out,
        provenance=record,
        force=force,
    )
    if out:
        frame = read_results(out)
    return frame


STATUSES = ("winnable", "unwinnable", "undecided")
"""The verdicts a winnability row may hold."""


def winnability_text(frame: pd.DataFrame) -> str:
    """What the command line prints after a winnability run."""
    lines = []
    for _, row in winnability_summary(frame).iterrows():
        lines.append(
            i18n.ngettext(
                "{variant}: {n} deals; winnable {winnable}, proved unwinnable {unwinnable}, "  # of 1 too
                "undecided {undecided}; winnable share {share}",
                "{variant}: {n} deals; winnable {winnable}, proved unwinnable {unwinnable}, "
                "undecided {undecided}; winnable share {share}",
                int(row["deals"]),
            ).format(
                variant=tables.heading(row["variant"], under="variant"),
                n=int(row["deals"]),
                winnable=int(row["winnable"]),
                unwinnable=int(row["unwinnable"]),
                undecided=int(row["undecided"]),
                share=wilson(int(row["winnable"]), int(row["deals"])),
            )
        )
    return "\n".join(lines)


def _jsonable(options: dict) -> dict:
    return {
        key: list(value) if isinstance(value, tuple) else value for key, value in options.items()
    }


def winnability_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per variant: deals, winnable / unwinnable / undecided counts, and shares.

    ``winnable share`` is among all deals (undecided ones counted as not
    shown winnable), with its 95% Wilson interval; ``unwinnable upper 95%``
    bounds the share of unwinnable deals counting every undecided deal as
    possibly unwinnable.

    >>> frame = pd.DataFrame({"variant": ["ring"] * 3, "status": ["winnable", "unwinnable", "undecided"]})
    >>> row = winnability_summary(frame).iloc[0]
    >>> int(row["winnable"]), int(row["unwinnable"]), int(row["undecided"])
    (1, 1, 1)
    """
    rows = []
    for variant, part in frame.groupby("variant", sort=False):
        counts = part["status"].value_counts()
        deals = len(part)
        winnable = int(counts.get("winnable", 0))
        unwinnable = int(counts.get("unwinnable", 0))
        undecided = int(counts.get("undecided", 0))
        share = wilson(winnable, deals)
        lost = wilson(unwinnable + undecided, deals, confidence=0.90)  # one-sided 95%
        rows.append(
            {
                "variant": variant,
                "deals": deals,
                "winnable": winnable,
                "unwinnable": unwinnable,
                "undecided": undecided,
                "winnable share": share.value,
                "CI low": share.low,
                "CI high": share.high,
                "unwinnable upper 95%": lost.high,
            }
        )
    return pd.DataFrame(rows)


def with_second_look(results: pd.DataFrame, again: pd.DataFrame) -> pd.DataFrame:
    """``results`` with each deal of ``again`` (a second look, same columns) put in place of
    its first verdict; the rows stay in their order.

    >>> first = pd.DataFrame({"game": [0, 1], "variant": ["ring"] * 2,
    ...                       "status": ["winnable", "undecided"]})
    >>> again = pd.DataFrame({"game": [1], "variant": ["ring"], "status": ["winnable"]})
    >>> with_second_look(first, again)["status"].tolist()
    ['winnable', 'winnable']
    """
    keys = ["game", "variant"]
    replaced = results.set_index(keys)
    update = again.set_index(keys)[
        [c for c in again.columns if c in results.columns and c not in keys]
    ]
    missing = update.index.difference(replaced.index)
    if len(missing):
        raise ValueError(f"the second look has deals the results do not: {list(missing)[:3]}")
    replaced.loc[update.index, update.columns] = update
    return replaced.reset_index()[results.columns]


def _decide_row(item: tuple[int, str, str, dict]) -> dict:
    game_number, variant, code, options = item
    verdict = decide(game_from_code(code, VARIANTS[variant]), **options)
    row = {"game": game_number, **_verdict_row(variant, code, verdict)}
    if options["restarts"] or options["openings"]:
        row["tries"] = verdict.tries
    return row


def decide_again(
    frame: pd.DataFrame,
    *,
    variant: str = "standard",
    solver_nodes: int,
    max_tables: int,
    workers: int = 1,
    below: int | None = None,
    restarts: int = 0,
    openings: int = 0,
    opening_moves: int = 60,
    progress: bool = False,
) -> pd.DataFrame:
    """The deals of a winnability run left undecided under ``variant``, decided again with
    larger budgets: one row each, in game order, with the columns of ``winnability_task``.
    ``below``: only the deals numbered below it (a random sample too, since deals are seeded).
    ``restarts``: up to that many more exhaustive searches with other tie-break seeds, and
    ``openings``: up to that many searches after random openings of up to ``opening_moves``
    moves (``exhaustive.decide``); with either, the rows have a ``tries`` column.

    >>> rows = pd.DataFrame({"game": [0], "variant": ["standard"], "status": ["undecided"],
    ...                      "deal": [deal_code(new_game(seed=1))]})
    >>> decide_again(rows, solver_nodes=20_000, max_tables=100)["status"].tolist()
    ['winnable']
    """
    if variant not in VARIANTS:
        raise ValueError(f"variant is one of {', '.join(VARIANTS)}, not {variant!r}")
    todo = frame[(frame["variant"] == variant) & (frame["status"] == "undecided")]
    if below is not None:
        todo = todo[todo["game"] < below]
    options = {
        "solver_nodes": solver_nodes,
        "max_tables": max_tables,
        "restarts": restarts,
        "openings": openings,
        "opening_moves": opening_moves,
    }
    items = [(int(game), variant, code, options) for game, code in zip(todo["game"], todo["deal"])]
    from tqdm.auto import tqdm

    bar = functools.partial(
        tqdm,
        total=len(items),
        disable=not progress,
        desc=i18n._("deals"),
        unit=f" {i18n._('deals')}",
    )
    if workers > 1 and len(items) > 1:
        pool = WorkerPool(min(workers, len(items)))
        try:
            rows = list(bar(pool.map(_decide_row, items)))
        except BaseException:
            pool.stop()  # its own workers, at once
            raise
        pool.shutdown()
    else:
        rows = [_decide_row(item) for item in bar(items)]
    columns = ["game", "variant", "deal", "status", "method", "solver_tables", "tables"]
    columns += ["moves", "seconds"] + (["tries"] if restarts or openings else [])
    return pd.DataFrame(rows, columns=columns)


def write_decided_again(
    source: str, out: str, *, workers: int = 1, progress: bool = True, **budgets: Any
) -> pd.DataFrame:
    """``decide_again`` on a results file; writes ``out`` and its provenance sidecar.

    ``budgets`` are ``decide_again``'s own keywords (``variant``, ``solver_nodes``,
    ``max_tables``, ``below``, ``restarts``, ``openings``, ``opening_moves``), recorded in the
    provenance as they were given.
    """
    started = now()
    clock = time.perf_counter()
    variant = budgets.setdefault("variant", "standard")
    defaults = {"below": None, "restarts": 0}  # left out of the command when unchanged
    options = budgets | {key: budgets.get(key, value) for key, value in defaults.items()}
    if not options.get("openings"):
        for unused in ("openings", "opening_moves"):
            options.pop(unused, None)
    frame = pd.read_csv(source, keep_default_na=False, na_values=[""])
    again = decide_again(frame, workers=workers, progress=progress, **budgets)
    given = [
        f"{key}={value!r}"
        for key, value in options.items()
        if key not in defaults or value != defaults[key]
    ]
    provenance = results_provenance(
        what=f"Maze winnability: the {variant} deals of {os.path.basename(source)} left "
        "undecided, decided again with larger budgets",
        command=(
            'python -c "from tilegames.maze.study import write_decided_again; '
            f'write_decided_again({source!r}, {out!r}, {", ".join(given)}, workers={workers})"'
        ),
        seed=None,
        rules=options,
        engine=native.describe(),
        started_utc=started,
        source=source,
        options=options,  # the name older second looks used
        deals=len(again),
        seconds=round(time.perf_counter() - clock, 1),
    )
    write_results(again, out, provenance)
    return again
