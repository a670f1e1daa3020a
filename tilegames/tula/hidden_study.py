"""The study of reduced Tula boards: the ladder of players, from random play to seeing everything.

On each board of ``BOARDS`` (see ``hidden.row_pyramid``) every player of
``LADDER_PLAYERS`` plays the same random deals, without and with mercy, and
beside them stand the exact best play without seeing (``hidden.optimal_win_rate``)
and the exact clairvoyant (``hidden.clairvoyant_win_rate``). The command line
writes the table, with where it came from, to ``results/``::

    python -m tilegames.tula.hidden_study --deals 5000 --seed 2026 --out results/tula_hidden_ladder.csv

>>> sorted(BOARDS)
['pyramid of 10 (2 suits x 5 values)', 'pyramid of 6 (2 suits x 3 values)']
"""

from __future__ import annotations

from ..i18n import _
from ..stats import wilson
from .expert import play_board
from .hidden import Board, clairvoyant_win_rate, optimal_win_rate, play_simple, row_pyramid

__all__ = ["BOARDS", "LADDER_PLAYERS", "ladder", "ladder_table", "main"]


BOARDS: dict[str, tuple[int, int, int]] = {
    "pyramid of 6 (2 suits x 3 values)": (3, 2, 3),
    "pyramid of 10 (2 suits x 5 values)": (4, 2, 5),
}
"""The reduced boards of the study: name -> ``row_pyramid`` arguments."""

LADDER_PLAYERS = ("random", "greedy", "sampler", "expert")


def ladder(board: Board, deals: int, seed: int, progress: bool = False):
    """Win rates on one board, without and with mercy: each player on the same ``deals``
    random deals (Wilson intervals), then the exact best play without seeing
    (``optimal_win_rate``) and the exact clairvoyant (every deal; boards up to 10 tiles).

    On a board this small the sampler is ``expert.play_board`` with 16 imagined deals and
    no more, the expert with its usual settings — which decide exactly once fewer than six
    tiles are face down, so on the 6-tile board the expert *is* the optimal player.

    >>> table = ladder(row_pyramid(3, 2, 3), deals=50, seed=1)
    >>> table.loc[table["player"] == "best without seeing", "win rate"].round(4).tolist()
    [0.5333, 0.5667]
    """
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed)
    dealt = [rng.permutation(board.size).tolist() for _ in range(deals)]
    rows = []
    for mercy in (False, True):
        variant = "mercy" if mercy else "published"
        for name in LADDER_PLAYERS:
            player_rng = np.random.default_rng([seed, LADDER_PLAYERS.index(name)])
            wins = 0
            for deal in dealt:
                if name in ("random", "greedy"):
                    stacked = play_simple(board, deal, mercy, player_rng, name)
                elif name == "sampler":
                    stacked = play_board(
                        board, deal, mercy, player_rng, samples=16, max_samples=16, exact_below=0
                    )
                else:
                    stacked = play_board(board, deal, mercy, player_rng)
                wins += stacked == board.size
            estimate = wilson(wins, deals)
            rows.append(
                (name, variant, "simulated", deals, estimate.value, estimate.low, estimate.high)
            )
        best = optimal_win_rate(board, mercy)
        rows.append(
            ("best without seeing", variant, "exact", None, float(best), float(best), float(best))
        )
        if board.size <= 10:
            seeing = clairvoyant_win_rate(board, mercy)
            rows.append(
                ("clairvoyant", variant, "exact", None, float(seeing), float(seeing), float(seeing))
            )
    return pd.DataFrame(
        rows, columns=["player", "variant", "how", "deals", "win rate", "CI low", "CI high"]
    )


def ladder_table(deals: int, seed: int):
    """``ladder`` on every board of ``BOARDS``, one table (a ``board`` column first)."""
    import pandas as pd

    parts = []
    for name, arguments in BOARDS.items():
        part = ladder(row_pyramid(*arguments), deals, seed)
        part.insert(0, "board", name)
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def main(argv: list[str] | None = None) -> int:
    """``python -m tilegames.tula.hidden_study --deals 10000 --seed 2026 --out results/tula_hidden_ladder.csv``

    Writes the ladder of every reduced board and, beside it (``.json``), the command,
    seed and library version.
    """
    import argparse

    from ..results import now, write_results
    from ..results import provenance as results_provenance

    parser = argparse.ArgumentParser(
        prog="python -m tilegames.tula.hidden_study",
        description=_(
            "Players, best play without seeing and the clairvoyant on reduced Tula boards."
        ),
    )
    parser.add_argument(
        "--deals", type=int, default=10_000, help=_("deals per board (default 10000)")
    )
    parser.add_argument("--seed", type=int, default=2026, help=_("seed (default 2026)"))
    parser.add_argument("--out", required=True, help=_("CSV file to write"))
    args = parser.parse_args(argv)
    started = now()
    table = ladder_table(args.deals, args.seed)
    provenance = results_provenance(
        what="Tula on reduced boards: players (simulated), best play without seeing and "
        "the clairvoyant (exact)",
        command=f"python -m tilegames.tula.hidden_study --deals {args.deals} --seed {args.seed} "
        f"--out {args.out}",
        seed=args.seed,
        rules={"deals": args.deals, "boards": {name: list(a) for name, a in BOARDS.items()}},
        started_utc=started,
    )
    write_results(table, args.out, provenance)  # the CSV and its provenance, atomically
    print(table.to_string(index=False))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
