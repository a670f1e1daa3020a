"""Maze: is a deal winnable? Decide it — a win found, or every reachable table searched.

``decide(game)`` first runs the fast solver (``players.solve``, a best-first
search with restarts). When that finds no win within its budget, an
**exhaustive search** takes over: a depth-first walk over every table
reachable from the deal, with a set of the tables already seen (so every
table is expanded once, loops included). Tables are the solver's packed
boards (``players.Searcher``): 54 bytes, all gaps alike. No symmetry is used:
each table is its own state, so the search is a plain enumeration of the
reachable tables.

Children are tried fewest breaks first; among equals, in the order the moves
are listed, or, with a ``seed``, in an order drawn from a small generator
(xorshift64). Such searches are heavy-tailed: a deal one order leaves
undecided after millions of tables is often won within thousands by another,
so ``decide(restarts=k)`` runs up to k more searches with seeds 1 to k. Each
search is complete on its own, so any one that runs out of new tables proves
the deal unwinnable, whatever the others did.

When even restarts fail, ``decide(openings=k)`` looks for a win another way:
``search_from_openings`` plays a short random opening of legal moves and
searches from there. That can only ever find a win (the opening may have
thrown one away), never prove a deal unwinnable.

``native.py`` runs the same walk compiled (the same tables in the same
order, many times faster); ``engine="auto"`` uses it when it can be built.

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

import numpy as np

from . import native
from .players import BOARD_GAP, Searcher, solve
from .rules import Card, Game, Move

__all__ = [
    "DEFAULT_SOLVER_NODES",
    "DEFAULT_TABLES",
    "Verdict",
    "decide",
    "exhaustive_search",
    "search_from_openings",
]

DEFAULT_SOLVER_NODES = 200_000
"""Tables the fast solver may expand before the exhaustive search takes over."""
DEFAULT_TABLES = 2_000_000
"""Distinct tables the exhaustive search may reach before it says "undecided" (memory
grows about 150 bytes a table)."""

ENGINES = ("auto", "native", "python")
"""``"python"``: the readable search here; ``"native"``: the same walk compiled
(``native.py``); ``"auto"``: the compiled one when it is installed (``native.ENGINE``)."""
_MASK64 = (1 << 64) - 1
_SEED_STEP = 0x9E3779B97F4A7C15


@dataclass
class Verdict:
    """What ``decide`` or ``exhaustive_search`` found about one position."""

    status: str
    """``"winnable"``, ``"unwinnable"`` or ``"undecided"``."""
    method: str
    """Which search settled it: ``"solver"``, ``"exhaustive"`` or ``"opening"`` (an
    exhaustive search after a random opening; the last one run)."""
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
    tries: int = 0
    """Exhaustive searches run (each with its own tie-break seed: 0, 1, ..., then those after
    random openings); 0 if none ran."""

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


def exhaustive_search(
    game: Game, *, max_tables: int = DEFAULT_TABLES, seed: int = 0, engine: str = "auto"
) -> Verdict:
    """Search every table reachable from ``game``'s position, up to ``max_tables`` distinct ones.

    Depth first, the most promising child (fewest breaks) first, so a win
    usually turns up early; every table is expanded once. ``seed`` (0 or more)
    orders children with equal breaks (0: in the order the moves are listed).
    ``engine`` is one of ``ENGINES``. ``game`` is not changed. A win is
    returned with its moves, replayed through the public rules.

    >>> from tilegames.maze import Game
    >>> runs = [f"{r}{s}" for s in "CDHS" for r in "A 2 3 4 5 6 7 8 9 10 J Q".split()]
    >>> away = Game.from_deal(runs[:16] + [None] + runs[17:] + [None] * 5 + ["5D"])
    >>> verdict = exhaustive_search(away)
    >>> verdict.status, [str(m) for m in verdict.moves]
    ('winnable', ['5♦ → 16'])
    """
    _check_whole("max_tables", max_tables, 1)
    _check_whole("seed", seed, 0)
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    budget = f"exhaustive search: {max_tables} tables"
    if engine == "native" or (engine == "auto" and native.available()):
        return _native_search(game, max_tables, seed, budget)
    start = time.perf_counter()
    search = Searcher(game)
    cost = search.cost
    root_board = search.board_of(game)
    root = bytes(root_board)
    root_masks = search.masks(root_board)
    if search.breaks(root_masks) == 0:
        return Verdict("winnable", "exhaustive", 1, seconds=time.perf_counter() - start, tries=1)
    # every table seen -> the table it was first reached from (the root -> None)
    parent: dict[bytes, bytes | None] = {root: None}
    stack: list[tuple[bytes, list[int]]] = [(root, root_masks)]
    moves_of = search.moves
    child_masks = search.child_masks
    child_of = search.child
    won: bytes | None = None
    random_state = seed * _SEED_STEP & _MASK64
    while stack and won is None:
        key, masks = stack.pop()
        board = bytearray(key)
        children = []
        for source, target in moves_of(board):
            child = child_of(board, source, target)
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
                tries=1,
            )
        if seed:  # equal breaks in a drawn order: the low 10 bits of xorshift64's next number
            for i, (breaks, child, masks_after) in enumerate(children):
                random_state ^= random_state << 13 & _MASK64
                random_state ^= random_state >> 7
                random_state ^= random_state << 17 & _MASK64
                children[i] = (breaks * 1024 + (random_state & 1023), child, masks_after)
        children.sort(key=_first, reverse=True)  # the fewest breaks is popped first
        stack.extend((child, masks_after) for _breaks, child, masks_after in children)
    seconds = time.perf_counter() - start
    if won is None:
        return Verdict(
            "unwinnable", "exhaustive", len(parent), seconds=seconds, budget=budget, tries=1
        )
    moves = _moves_to(game, parent, won)
    return Verdict(
        "winnable", "exhaustive", len(parent), seconds=seconds, moves=moves, budget=budget, tries=1
    )


def _native_search(game: Game, max_tables: int, seed: int, budget: str) -> Verdict:
    """``exhaustive_search`` compiled (``native.search``); its win replayed through the rules."""
    start = time.perf_counter()
    status, tables, moves = native.search(game, max_tables=max_tables, seed=seed)
    if status == "winnable":
        _replay_win(game, moves)
    if status == "undecided":
        budget = f"{budget} ran out"
    seconds = time.perf_counter() - start
    return Verdict(
        status, "exhaustive", tables, seconds=seconds, moves=moves, budget=budget, tries=1
    )


def _check_whole(name: str, value: object, least: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ValueError(f"{name} must be a whole number of at least {least}, not {value!r}")


def _first(item: tuple) -> int:
    return item[0]


def _replay_win(game: Game, moves: list[Move]) -> None:
    """Play ``moves`` on a copy of ``game`` through the public rules; they must win."""
    replay = game.copy()
    for move in moves:
        replay.play(move)  # the public rules check every step
    if not replay.won:  # pragma: no cover - would be a bug in the packed-board code
        raise AssertionError("the exhaustive search's win does not replay to a won game")


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
    _replay_win(game, moves)
    return moves


def search_from_openings(
    game: Game,
    *,
    tries: int,
    opening_moves: int,
    max_tables: int = DEFAULT_TABLES,
    seed: int = 0,
    engine: str = "auto",
) -> Verdict:
    """Look for a win from random openings: ``"winnable"`` or ``"undecided"``, never a proof.

    Up to ``tries`` times: play between 1 and ``opening_moves`` random legal
    moves, then run an exhaustive search of ``max_tables`` tables from there
    with a drawn tie-break seed (all draws from a generator seeded by
    ``seed``). A win is the opening followed by the search's moves, replayed
    through the public rules from ``game``, which is not changed. A search that
    runs out of tables after an opening proves nothing about ``game``: the
    opening may have thrown the win away.

    >>> from tilegames.maze import Rules, new_game
    >>> verdict = search_from_openings(
    ...     new_game(seed=3, rules=Rules.traditional()), tries=5, opening_moves=20, max_tables=20_000
    ... )
    >>> verdict.status, verdict.method, verdict.tries
    ('winnable', 'opening', 2)
    """
    _check_whole("tries", tries, 1)
    _check_whole("opening_moves", opening_moves, 1)
    _check_whole("seed", seed, 0)
    start = time.perf_counter()
    rng = np.random.default_rng(seed)
    budget = f"{tries} random openings of up to {opening_moves} moves, then {max_tables} tables"
    tables = 0
    for attempt in range(1, tries + 1):
        opened = game.copy()
        for _ in range(int(rng.integers(1, opening_moves + 1))):
            moves = opened.legal_moves()
            if not moves:
                break
            opened.play(moves[int(rng.integers(len(moves)))])
        search_seed = int(rng.integers(1, 1 << 30))
        verdict = exhaustive_search(opened, max_tables=max_tables, seed=search_seed, engine=engine)
        tables = verdict.tables
        if verdict.status == "winnable":
            moves = list(opened.history[len(game.history) :]) + verdict.moves
            _replay_win(game, moves)
            seconds = time.perf_counter() - start
            return Verdict(
                "winnable",
                "opening",
                tables,
                seconds=seconds,
                moves=moves,
                budget=budget,
                tries=attempt,
            )
    seconds = time.perf_counter() - start
    return Verdict(
        "undecided", "opening", tables, seconds=seconds, budget=f"{budget} ran out", tries=tries
    )


def decide(
    game: Game,
    *,
    solver_nodes: int = DEFAULT_SOLVER_NODES,
    max_tables: int = DEFAULT_TABLES,
    restarts: int = 0,
    openings: int = 0,
    opening_moves: int = 60,
    engine: str = "auto",
) -> Verdict:
    """Winnable, unwinnable or undecided: the fast solver first, the exhaustive search if it fails.

    The solver may expand ``solver_nodes`` tables (0: skip it; no time limit,
    so the verdict is the same on every machine; its win is not shortened, so
    ``moves`` can be long); each exhaustive search may reach ``max_tables``
    distinct tables, and while one leaves the deal undecided, up to
    ``restarts`` more run with tie-break seeds 1, 2, ... If the deal is still
    undecided, ``search_from_openings`` may try ``openings`` random openings of
    up to ``opening_moves`` moves (its seed 0), each followed by a search of
    ``max_tables``. ``engine`` is one of ``ENGINES``. ``game`` is not changed.

    >>> from tilegames.maze import Rules, new_game
    >>> verdict = decide(new_game(seed=10, rules=Rules.traditional()))
    >>> verdict.status, verdict.solver_tables > 0
    ('winnable', True)
    >>> again = decide(new_game(seed=10, rules=Rules.traditional()), solver_nodes=0, restarts=3)
    >>> again.status, again.method, 1 <= again.tries <= 4
    ('winnable', 'exhaustive', True)
    """
    _check_whole("solver_nodes", solver_nodes, 0)
    _check_whole("restarts", restarts, 0)
    _check_whole("openings", openings, 0)
    start = time.perf_counter()
    solver_tables = 0
    if solver_nodes:
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
        solver_tables = solution.nodes
    for seed in range(restarts + 1):
        verdict = exhaustive_search(game, max_tables=max_tables, seed=seed, engine=engine)
        if verdict.decided:
            break
    tries = seed + 1
    if not verdict.decided and openings:
        opened = search_from_openings(
            game, tries=openings, opening_moves=opening_moves, max_tables=max_tables, engine=engine
        )
        tries += opened.tries
        budget = f"{verdict.budget}; then {opened.budget}"
        verdict = opened if opened.decided else verdict
        verdict.budget = budget
    verdict.tries = tries
    verdict.solver_tables = solver_tables
    verdict.seconds = time.perf_counter() - start
    if restarts:
        verdict.budget = verdict.budget.replace(
            " tables", f" tables a search, {restarts + 1} searches", 1
        )
    if solver_nodes:
        verdict.budget = f"solver: {solver_nodes} tables; {verdict.budget}"
    return verdict
