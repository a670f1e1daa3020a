"""Maze: is a deal winnable? Decide it — a win found, or every reachable table searched.

``decide(game)`` first runs the fast solver (``players.solve``, a best-first
search with restarts). When that finds no win within its budget, an
**exhaustive search** takes over: a depth-first walk over every table
reachable from the deal, with a set of the tables already seen (so every
table is expanded once, loops included). Tables are the solver's packed
boards (``players.Searcher``): 54 bytes, all gaps alike. No symmetry is used:
each table is its own state, so the search is a plain enumeration of the
reachable tables.

Three verdicts:

- ``"winnable"``: a winning sequence was found and replayed through the public
  rules (``Verdict.moves`` holds it);
- ``"unwinnable"``: the walk ran out of new tables without meeting a won one;
  ``Verdict.tables`` is the proof's size, the number of distinct tables
  reachable from the deal (all of them were searched);
- ``"undecided"``: the table budget ran out first; ``Verdict.budget`` says
  which budget, and nothing is claimed.

Budgets are counted in tables, not seconds, so that a verdict depends on the
deal and the budget only (the same on every machine); ``seconds`` is a
measurement.

>>> from tilegames.maze import new_game
>>> verdict = decide(new_game(seed=1))
>>> verdict.status, verdict.method
('winnable', 'solver')
>>> stuck = exhaustive_search(new_game(seed=1), max_tables=50)
>>> stuck.status, stuck.tables >= 50
('undecided', True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from .players import BOARD_GAP, Searcher, solve
from .rules import Card, Game, Move

__all__ = [
    "DEFAULT_SOLVER_NODES",
    "DEFAULT_TABLES",
    "Verdict",
    "decide",
    "exhaustive_search",
]

DEFAULT_SOLVER_NODES = 200_000
"""Tables the fast solver may expand before the exhaustive search takes over."""
DEFAULT_TABLES = 2_000_000
"""Distinct tables the exhaustive search may reach before it says "undecided" (memory
grows about 150 bytes a table)."""

STATUSES = ("winnable", "unwinnable", "undecided")
"""The three verdicts, in this order."""


@dataclass
class Verdict:
    """What ``decide`` or ``exhaustive_search`` found about one position."""

    status: str
    """``"winnable"``, ``"unwinnable"`` or ``"undecided"``."""
    method: str
    """Which search settled it: ``"solver"`` or ``"exhaustive"`` (the last one run)."""
    tables: int
    """Tables of the exhaustive search: distinct tables reached (for ``"unwinnable"``,
    every table reachable from the position: the proof's size); 0 if it did not run."""
    solver_tables: int = 0
    """Tables the fast solver expanded first (0 if it did not run)."""
    seconds: float = 0.0
    """Time spent, in all (a measurement)."""
    moves: list[Move] = field(default_factory=list)
    """A winning sequence when ``"winnable"``, else empty."""
    budget: str = ""
    """The budgets used, in words (for ``"undecided"``: the one that ran out)."""

    @property
    def decided(self) -> bool:
        """Whether the verdict is ``"winnable"`` or ``"unwinnable"``."""
        return self.status != "undecided"

    def __str__(self) -> str:
        if self.status == "winnable":
            return f"winnable: a win in {len(self.moves)} moves ({self.method})"
        if self.status == "unwinnable":
            return f"unwinnable: all {self.tables} reachable tables searched, none is won"
        return f"undecided: {self.budget}"


def exhaustive_search(game: Game, *, max_tables: int = DEFAULT_TABLES) -> Verdict:
    """Search every table reachable from ``game``'s position, up to ``max_tables`` distinct ones.

    Depth first, the most promising child (fewest breaks) first, so a win
    usually turns up early; every table is expanded once. ``game`` is not
    changed. A win is returned with its moves, replayed through the public
    rules.

    >>> from tilegames.maze import Game
    >>> runs = [f"{r}{s}" for s in "CDHS" for r in "A 2 3 4 5 6 7 8 9 10 J Q".split()]
    >>> away = Game.from_deal(runs[:16] + [None] + runs[17:] + [None] * 5 + ["5D"])
    >>> verdict = exhaustive_search(away)
    >>> verdict.status, [str(m) for m in verdict.moves]
    ('winnable', ['5♦ → 16'])
    """
    if not isinstance(max_tables, int) or isinstance(max_tables, bool) or max_tables < 1:
        raise ValueError(f"max_tables must be a whole number of at least 1, not {max_tables!r}")
    start = time.perf_counter()
    search = Searcher(game)
    cost = search.cost
    root_board = search.board_of(game)
    root = bytes(root_board)
    root_masks = search.masks(root_board)
    budget = f"exhaustive search: {max_tables} tables"
    if search.breaks(root_masks) == 0:
        return Verdict("winnable", "exhaustive", 1, seconds=time.perf_counter() - start)
    # every table seen -> the table it was first reached from (the root -> None)
    parent: dict[bytes, bytes | None] = {root: None}
    stack: list[tuple[bytes, list[int]]] = [(root, root_masks)]
    moves_of = search.moves
    child_masks = search.child_masks
    won: bytes | None = None
    while stack and won is None:
        key, masks = stack.pop()
        board = bytearray(key)
        where = [0] * 53
        for slot, code in enumerate(board):
            where[code] = slot
        children = []
        for source, target in moves_of(board, where):
            card = board[source]
            board[source] = BOARD_GAP
            board[target] = card
            child = bytes(board)
            board[target] = BOARD_GAP
            board[source] = card
            if child in parent:
                continue
            parent[child] = key
            masks_after = child_masks(board, masks, source, target)
            breaks = (
                cost[masks_after[0]]
                + cost[masks_after[1]]
                + cost[masks_after[2]]
                + cost[masks_after[3]]
            )
            if breaks == 0:
                won = child
                break
            children.append((breaks, child, masks_after))
        if won is None and len(parent) >= max_tables:
            return Verdict(
                "undecided",
                "exhaustive",
                len(parent),
                seconds=time.perf_counter() - start,
                budget=f"{budget} ran out",
            )
        children.sort(key=_first, reverse=True)  # the fewest breaks is popped first
        stack.extend((child, masks_after) for _breaks, child, masks_after in children)
    seconds = time.perf_counter() - start
    if won is None:
        return Verdict("unwinnable", "exhaustive", len(parent), seconds=seconds, budget=budget)
    moves = _moves_to(game, parent, won)
    return Verdict(
        "winnable", "exhaustive", len(parent), seconds=seconds, moves=moves, budget=budget
    )


def _first(item: tuple) -> int:
    return item[0]


def _moves_to(game: Game, parent: dict[bytes, bytes | None], end: bytes) -> list[Move]:
    """The moves from ``game``'s table to the table ``end``, replayed through the rules."""
    keys = [end]
    while (before := parent[keys[-1]]) is not None:
        keys.append(before)
    keys.reverse()
    moves = []
    for before, after in zip(keys, keys[1:]):
        target = next(
            slot for slot in range(len(after)) if before[slot] == BOARD_GAP != after[slot]
        )
        moves.append(Move(Card.from_code(after[target]), target))
    replay = game.copy()
    for move in moves:
        replay.play(move)  # the public rules check every step
    if not replay.won:  # pragma: no cover - would be a bug in the packed-board code
        raise AssertionError("the exhaustive search's win does not replay to a won game")
    return moves


def decide(
    game: Game,
    *,
    solver_nodes: int = DEFAULT_SOLVER_NODES,
    max_tables: int = DEFAULT_TABLES,
) -> Verdict:
    """Winnable, unwinnable or undecided: the fast solver first, the exhaustive search if it fails.

    The solver may expand ``solver_nodes`` tables (no time limit, so the
    verdict is the same on every machine; its win is not shortened, so
    ``moves`` can be long); the exhaustive search may reach
    ``max_tables`` distinct tables. ``game`` is not changed.

    >>> from tilegames.maze import Rules, new_game
    >>> verdict = decide(new_game(seed=10, rules=Rules.traditional()))
    >>> verdict.status, verdict.solver_tables > 0
    ('winnable', True)
    """
    start = time.perf_counter()
    solution = solve(game, max_nodes=solver_nodes, max_seconds=math.inf, shorten=False)
    if solution.solved:
        return Verdict(
            "winnable",
            "solver",
            0,
            solver_tables=solution.nodes,
            seconds=time.perf_counter() - start,
            moves=solution.moves,
            budget=f"solver: {solver_nodes} tables",
        )
    verdict = exhaustive_search(game, max_tables=max_tables)
    verdict.solver_tables = solution.nodes
    verdict.seconds = time.perf_counter() - start
    verdict.budget = f"solver: {solver_nodes} tables; {verdict.budget}"
    return verdict
