"""What the Maze studies found: the charts and tables of the rules lesson
(``notebooks/03_maze_rules``).

The deals come from ``study`` (``study.solve_task``'s rows, ``study.winnability_summary``'s
table, ``study.decide_again``'s second looks); this module only shows them, one line per
idea in a lesson. The dependency goes one way: ``findings`` reads ``study``, never the other
way round.

>>> from tilegames.maze.study import winnability_summary
>>> frame = pd.DataFrame({"variant": ["ring"] * 4, "status": ["winnable"] * 3 + ["undecided"]})
>>> winnability_chart(winnability_summary(frame)).axes[0].get_xlabel()
'share of deals, %'
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .. import i18n  # i18n._(...): this module's loops use _ as a name
from ..tables import heading

__all__ = [
    "PERCENT_COLUMNS",
    "TRIES_BINS",
    "WINNABILITY_COLOURS",
    "budgets_said",
    "search_budget",
    "solution_lengths_chart",
    "status_counts",
    "tries_chart",
    "winnability_chart",
    "winnability_shown",
]


WINNABILITY_COLOURS = (
    (i18n.N_("winnable"), "#2e7d32", ""),
    (i18n.N_("unwinnable"), "#c62828", "xx"),
    (i18n.N_("undecided"), "#9e9e9e", ".."),
)
"""Each status's bar colour and hatching in ``winnability_chart`` (the statuses are the summary's
columns; the legend says them in the language in use)."""


def search_budget(options: dict) -> str:
    """A look's search budget in words, in the language in use (``options``: the budgets a
    results file records).

    >>> search_budget({"max_tables": 100_000, "openings": 8})
    '100,000 tables a search, random openings'
    >>> with i18n.using("sk"):
    ...     search_budget({"max_tables": 2_000})
    '2\xa0000 stolov na jedno hľadanie'
    """
    tables = int(options["max_tables"])
    words = i18n.ngettext("{n} table a search", "{n} tables a search", tables).format(
        n=i18n.formatted(tables, ",")
    )
    if options.get("openings"):
        words += i18n._(", random openings")
    return words


def budgets_said(options: dict) -> str:
    """Each variant's search budgets in words, a line each, in the language in use
    (``options``: the options a winnability results file records).

    >>> options = {"variants": ["standard", "ring"], "solver_nodes": {"standard": 20_000,
    ...     "ring": 4_000}, "max_tables": {"standard": 2_000, "ring": 2_000}}
    >>> print(budgets_said(options))
    standard: the solver looks at up to 20,000 tables, then the exhaustive search at up to 2,000
    ring: the solver looks at up to 4,000 tables, then the exhaustive search at up to 2,000
    >>> with i18n.using("sk"):
    ...     print(budgets_said(options).splitlines()[1])
    kruh (tradičné pravidlá): riešič prezrie najviac 4\xa0000 stolov, potom úplné prehľadávanie najviac 2\xa0000
    """
    lines = []
    for variant in options["variants"]:
        solver = int(options["solver_nodes"][variant])
        line = i18n.ngettext(
            "{variant}: the solver looks at up to {solver} table, "
            "then the exhaustive search at up to {exhaustive}",
            "{variant}: the solver looks at up to {solver} tables, "
            "then the exhaustive search at up to {exhaustive}",
            solver,
        )
        lines.append(
            line.format(
                variant=heading(variant, under="variant"),
                solver=i18n.formatted(solver, ","),
                exhaustive=i18n.formatted(int(options["max_tables"][variant]), ","),
            )
        )
    return "\n".join(lines)


def status_counts(statuses: pd.Series) -> str:
    """How many deals have each status, commonest first, in the language in use.

    >>> status_counts(pd.Series(["winnable", "undecided", "winnable"]))
    '2 winnable, 1 undecided'
    """
    return ", ".join(
        # TRANSLATORS: a count of deals and their status (winnable, unwinnable, undecided)
        i18n._("{n} {status}").format(n=i18n.formatted(n, ","), status=i18n._(status))
        for status, n in statuses.value_counts().items()
    )


def _ink_on(colour: str) -> str:
    """White or black, whichever reads better on ``colour`` (the larger contrast ratio).

    >>> _ink_on("#2e7d32"), _ink_on("#9e9e9e")
    ('#ffffff', '#000000')
    """
    from ..svg import contrast

    return max(("#ffffff", "#000000"), key=lambda ink: contrast(ink, colour))


def winnability_chart(summary: pd.DataFrame, title: str = ""):
    """A bar per variant split into winnable / proved unwinnable / undecided shares (a figure).

    ``summary`` is ``winnability_summary``'s table.
    """
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 2.8))
    left = np.zeros(len(summary))
    labels = [f"{v}\n({int(d):,} deals)" for v, d in zip(summary["variant"], summary["deals"])]
    for status, colour, hatch in WINNABILITY_COLOURS:
        share = 100 * summary[status].to_numpy() / summary["deals"].to_numpy()
        ax.barh(
            labels,
            share,
            left=left,
            color=colour,
            hatch=hatch,
            edgecolor="white",
            label=i18n._(status),
        )
        for y, (x0, width) in enumerate(zip(left, share)):
            if width >= 6:  # on a plain patch of the bar's colour, not on its hatching
                ink = _ink_on(colour)
                ax.text(
                    x0 + width / 2, y, f"{width:.1f}%", ha="center", va="center", color=ink,
                    bbox={"boxstyle": "round,pad=0.25", "facecolor": colour, "edgecolor": "none"},
                )  # fmt: skip
        left += share
    ax.set_xlim(0, 100)
    ax.set_xlabel(i18n._("share of deals, %"))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.3), ncol=3, frameon=False)
    ax.set_title(title)
    fig.tight_layout()
    return fig


TRIES_BINS = ((1, 1), (2, 2), (3, 3), (4, 5), (6, 10), (11, 20), (21, 50), (51, 100))
"""The groups of ``tries_chart``: how many searches a deal needed, low to high."""


def solution_lengths_chart(frame: pd.DataFrame, title: str = ""):
    """A histogram of the lengths of the solutions found (``solve_task``'s rows): how many
    deals needed how many moves (whole deals on the count axis, never half a deal)."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, ax = plt.subplots(figsize=(7, 3.5))
    ax.hist(frame.loc[frame["solved"], "moves"].astype(int), bins=12, color="#2e7d32",
            edgecolor="white")  # fmt: skip
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(i18n._("length of the solution found (moves)"))
    ax.set_ylabel(i18n._("deals"))
    ax.set_title(title)
    fig.tight_layout()
    return fig


PERCENT_COLUMNS = {
    "winnable share": "{:.2%}",
    "CI low": "{:.2%}",
    "CI high": "{:.2%}",
    "unwinnable upper 95%": "{:.3%}",
}
"""How ``winnability_shown`` writes the shares of ``winnability_summary``'s table."""


def winnability_shown(summary: pd.DataFrame, columns: list[str] | None = None):
    """``winnability_summary``'s table (or some of its ``columns``) as a reader takes it in:
    shares as percentages (``99.96%``, never ``0.999616``), no row numbers.

    >>> table = pd.DataFrame({"variant": ["ring"], "CI low": [0.999616], "CI high": [1.0]})
    >>> "99.96%" in winnability_shown(table).to_html()
    True
    """
    shown = summary if columns is None else summary[columns]
    formats = {name: text for name, text in PERCENT_COLUMNS.items() if name in shown.columns}
    return shown.style.hide(axis="index").format(formats)


def tries_chart(looks: list[pd.DataFrame], names: list[str], title: str = ""):
    """How many seeded searches each deal needed before one won it: grouped bars, one colour
    and hatch per look, counts on a log scale (a figure). ``looks`` are ``decide_again``
    tables run with restarts.

    >>> look = pd.DataFrame({"status": ["winnable", "winnable", "undecided"], "tries": [1, 3, 5]})
    >>> tries_chart([look], ["second look"]).axes[0].get_xlabel()
    'searches run before one won the deal'
    """
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 3))
    width = 0.8 / max(len(looks), 1)
    places = np.arange(len(TRIES_BINS))
    tallest = 1
    for i, (look, name, colour, hatch) in enumerate(
        zip(looks, names, ("#0072B2", "#E69F00", "#009E73", "#CC79A7"), ("", "//", "..", "xx"))
    ):
        won = look.loc[look["status"] == "winnable", "tries"].astype(int)
        counts = [int(won.between(low, high).sum()) for low, high in TRIES_BINS]
        tallest = max(tallest, *counts)
        ax.bar(
            places + (i - (len(looks) - 1) / 2) * width,
            counts,
            width=width,
            color=colour,
            hatch=hatch,
            edgecolor="white",
            label=i18n.ngettext("{name}: {n} deal won", "{name}: {n} deals won", len(won)).format(
                name=name,
                n=f"{len(won):,}" if i18n.language() == "en" else i18n.format_number(len(won)),
            ),
        )
    ax.set_xticks(places, [f"{a}" if a == b else f"{a}–{b}" for a, b in TRIES_BINS])
    ax.set_xlabel(i18n._("searches run before one won the deal"))
    ax.set_ylabel(i18n._("deals (log scale)"))
    ax.set_yscale("log")
    ax.set_ylim(0.7, tallest * 10 ** (0.5 * len(looks) + 0.3))  # room above the bars: legend
    ax.legend(frameon=False, loc="upper right")
    ax.set_title(title)
    fig.tight_layout()
    return fig
