"""Maze players: a random player, a greedy player, and a solver that gives real hints.

Three players follow the shared protocol (``choose(view, rng)`` on the
player's view, seated by ``play_game``; ``PLAYERS``, ``make_player``):

- ``random``: a legal move drawn uniformly at random;
- ``greedy``: the legal move that raises the score most (first in
  ``legal_moves`` order on ties) — it soon walks in circles, Maze's trap;
- ``solver``: plays the winning line ``solve`` finds from the table it sees
  (a node budget, so the same table gets the same line on every machine);
  when the budget runs out first it follows the best line found and searches
  again at its end.

>>> from tilegames.maze import new_game
>>> game = play_game(new_game(seed=1), make_player("solver"))
>>> game.won
True

The solver (``solve``) is a **best-first search** over tables, run as a
small portfolio:

- a *node* is a table (54 slots), keyed by its 54 bytes. Every table
  generated goes into a closed set and is never queued again: that is the
  **cycle detection** (Maze has no stuck positions, but endless
  back-and-forth is easy);
- the **heuristic** counts the *breaks*: for each suit, the ranks r (A to J)
  whose card r+1 does not follow r in reading order (gaps skipped). Zero
  breaks means four runs A→Q, which is exactly a won game (the queen→ace links
  and the first ace then come for free). The break count of a child is
  updated from its parent's per-suit bitmasks: a move changes at most six
  neighbour pairs, so an expansion costs a few table look-ups. Ties go to the
  deeper table (it keeps a promising line going instead of widening);
- each search gets a small budget of tables. If it fails, the next search
  weights the suits differently (``suit_orders``: breaks of one suit count
  1, of another 2, 3, 4, ...), which makes it finish the suits in another
  order. The traps of Maze are endgames where one suit sits in two long
  pieces with no room to join them; a different order of building avoids
  most of them, so many short searches beat one long one (and need far less
  memory). The budgets follow the Luby restart schedule (1, 1, 2, 1, 1, 2,
  4, ... times ``attempt_nodes``, capped at ``MAX_LUBY``), so a deal that
  needs a longer search still gets one;
- overall **budgets** of tables (``max_nodes``) and seconds (``max_seconds``):
  when they run out the solver says so honestly (``Solution.solved`` is
  False, ``Solution.reason`` says which budget ran out) and returns the moves
  to the table with the fewest breaks it saw. A search whose frontier runs
  empty has seen every reachable table: then no win is possible from here,
  and ``reason`` says that instead (only the traditional ring can do this);
- a found solution is then shortened: wherever a later table of the path is
  reachable in two moves or fewer from an earlier one, the detour between is
  cut;
- the moves are replayed through the public rules before they are returned,
  so a solution called solved is a real win.

>>> from tilegames.maze import new_game
>>> game = new_game(seed=1)
>>> solution = solve(game)
>>> solution.solved, len(solution.moves) > 0
(True, True)
>>> for move in solution.moves:
...     game.play(move)
>>> game.won
True
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice, permutations

import numpy as np

from .. import players as shared
from ..i18n import N_, Deferred, format_number, language, ngettext, translate
from ..players import moves_to_choose, play_game, registry_maker
from ..randomness import as_generator
from .rules import GAP, SLOTS, Card, Game, Move, PlayerView

__all__ = [
    "BOARD_GAP",
    "PLAYERS",
    "GreedyPlayer",
    "RandomPlayer",
    "Searcher",
    "Solution",
    "SolverPlayer",
    "greedy_move",
    "hint",
    "luby",
    "make_player",
    "play_game",
    "random_move",
    "solve",
    "suit_orders",
]

BOARD_GAP = 52
"""The packed board's code for an empty slot (a packed board is 54 bytes, card codes 0-51)."""
_GAP = BOARD_GAP
_NONE = 52  # "no card": the left end of the line, or a gap
DEFAULT_ATTEMPT_NODES = 1_000
"""The unit of the restart schedule: search i may expand ``luby(i)`` times this many tables."""
MAX_LUBY = 32
"""The longest single search is ``MAX_LUBY * attempt_nodes`` tables (memory stays small)."""
DEFAULT_NODES = 5_000_000
"""Tables the solver expands at most (the node budget)."""
DEFAULT_SECONDS = 10.0
"""Seconds the solver spends at most (the time budget)."""


@dataclass
class Solution:
    """What ``solve`` found.

    ``moves`` is a winning sequence when ``solved``; otherwise it leads to the
    best table the search reached (highest score), and ``reason`` says which
    budget ran out.
    """

    solved: bool
    """Whether ``moves`` wins the game from the position given."""
    moves: list[Move]
    """The moves, in order, from the position given."""
    nodes: int
    """Tables expanded."""
    seconds: float
    """Time spent searching."""
    best_score: int
    """Highest score seen (the maximum when solved)."""
    reason: str = ""
    """Why the search stopped, in English (an ``i18n.Deferred``: ``str(solution)`` says it in the
    language in use)."""
    scores: list[int] = field(default_factory=list)
    """The score after each move of ``moves``."""
    attempts: int = 1
    """Searches run (one per suit weighting tried)."""

    def __str__(self) -> str:
        """The solver's report in the language in use (the board says it).

        >>> print(Solution(False, [], 10, 0.5, 7, Deferred(N_("every reachable table was searched"))))
        gave up: every reachable table was searched; best score reached 7
        >>> from tilegames.i18n import using
        >>> with using("sk"):
        ...     print(Solution(True, [], 120, 0.25, 48))
        vyriešené za 0 ťahov (prehľadaných stolov: 120, 0,25 s)
        """
        if self.solved:
            seconds = (
                f"{self.seconds:.2f}" if language() == "en" else format_number(self.seconds, 2)
            )
            return ngettext(  # English says "moves" of 1 too
                "solved in {n} moves ({tables} tables searched, {seconds} s)",
                "solved in {n} moves ({tables} tables searched, {seconds} s)",
                len(self.moves),
            ).format(n=len(self.moves), tables=self.nodes, seconds=seconds)
        return translate(N_("gave up: {reason}; best score reached {score}")).format(
            reason=translate(self.reason), score=self.best_score
        )


class Searcher:
    """Tables and fast move/heuristic code for one game's rules, on packed boards.

    A *packed board* is a ``bytearray`` of the 54 slots: card codes 0-51 and
    ``BOARD_GAP`` for a gap; ``bytes(board)`` is the table's key (gaps are all
    alike, so two tables that differ only in which gap is which share a key).
    ``masks`` gives, per suit, the bits of the same-suit links present; a table
    is won exactly when ``breaks(masks)`` is 0.

    >>> from tilegames.maze import new_game
    >>> game = new_game(seed=1)
    >>> search = Searcher(game)
    >>> board = search.board_of(game)
    >>> len(search.moves(board, search.where_of(board))) >= len(game.legal_moves())
    True
    >>> search.breaks(search.masks(board)) > 0
    True
    """

    def __init__(self, game: Game):
        rules = game.rules
        self.ring = rules.ring
        # breaks of one suit from its 11 link bits (bit r: rank r+1 is followed by r+2)
        self.cost = [11 - bin(mask).count("1") for mask in range(1 << 11)]
        # LINK[a * 53 + b] = 1 + 16 * suit + rank index when b is a's same-suit successor
        self.link = [0] * (53 * 53)
        for a in range(52):
            if a % 13 < 11:
                self.link[a * 53 + a + 1] = 1 + 16 * (a // 13) + a % 13
        self.after: list[list[int]] = [[] for _ in range(53)]  # cards that may sit right of c
        self.before: list[list[int]] = [[] for _ in range(53)]  # cards that may sit left of c
        for a in range(52):
            for b in range(52):
                if rules.follows(a, b):
                    self.after[a].append(b)
                    self.before[b].append(a)
        corners = rules.corners and not rules.ring
        self.corner_aces = [s * 13 for s in range(4)] if corners else []
        self.corner_queens = [s * 13 + 11 for s in range(4)] if corners else []

    def board_of(self, game: Game) -> bytearray:
        """The packed board of ``game``'s table."""
        return bytearray(_GAP if code == GAP else code for code in game.codes)

    @staticmethod
    def where_of(board: bytearray | bytes) -> list[int]:
        """``where[card]``: the slot of each card code (index 52 is unused)."""
        where = [0] * 53
        for slot, code in enumerate(board):
            where[code] = slot
        return where

    @staticmethod
    def child(board: bytearray, source: int, target: int) -> bytes:
        """The key of the table after the card in slot ``source`` moves to the gap
        ``target``; ``board`` is left as it was.

        >>> board = bytearray([7, BOARD_GAP])
        >>> list(Searcher.child(board, 0, 1)), list(board)
        ([52, 7], [7, 52])
        """
        card = board[source]
        board[source] = _GAP
        board[target] = card
        child = bytes(board)
        board[target] = _GAP
        board[source] = card
        return child

    def breaks(self, masks: list[int]) -> int:
        """The breaks of a table from its link bits: 0 exactly when the table is won."""
        cost = self.cost
        return cost[masks[0]] + cost[masks[1]] + cost[masks[2]] + cost[masks[3]]

    def masks(self, board: bytearray) -> list[int]:
        """Per suit, the bits of the same-suit links present."""
        masks = [0, 0, 0, 0]
        cards = [c for c in board if c != _GAP]
        pairs = list(zip(cards, cards[1:]))
        if self.ring:
            pairs.append((cards[-1], cards[0]))
        for a, b in pairs:
            bit = self.link[a * 53 + b]
            if bit:
                bit -= 1
                masks[bit >> 4] |= 1 << (bit & 15)
        return masks

    def moves(self, board: bytearray, where: list[int] | None = None) -> list[tuple[int, int]]:
        """(source, target) pairs of every legal move (a pair may repeat), by target slot.

        ``where`` (``where_of(board)``) is optional: without it the cards are looked up
        on the board.
        """
        result = []
        ring = self.ring
        last = SLOTS - 1
        after, before = self.after, self.before
        slot_of = board.index if where is None else where.__getitem__
        find = board.find
        t = find(_GAP)
        while t >= 0:
            if t > 0 or ring:
                left = board[t - 1] if t > 0 else board[last]
                if left != _GAP:
                    for c in after[left]:
                        result.append((slot_of(c), t))
            else:
                for c in self.corner_aces:
                    result.append((slot_of(c), t))
            if t < last or ring:
                right = board[t + 1] if t < last else board[0]
                if right != _GAP:
                    for c in before[right]:
                        result.append((slot_of(c), t))
            else:
                for c in self.corner_queens:
                    result.append((slot_of(c), t))
            t = find(_GAP, t + 1)
        return result

    def _left_card(self, board: bytearray, slot: int) -> int:
        i = slot - 1
        while True:
            if i < 0:
                if not self.ring:
                    return _NONE
                i = SLOTS - 1
            if board[i] != _GAP:
                return board[i]
            i -= 1

    def _right_card(self, board: bytearray, slot: int) -> int:
        i = slot + 1
        while True:
            if i >= SLOTS:
                if not self.ring:
                    return _NONE
                i = 0
            if board[i] != _GAP:
                return board[i]
            i += 1

    def child_masks(
        self, board: bytearray, masks: list[int], source: int, target: int
    ) -> list[int]:
        """The link bits after moving the card in ``source`` to ``target`` (board unchanged)."""
        link = self.link
        card = board[source]
        board[source] = _GAP
        if self.ring:
            p = self._left_card(board, source)
            n = self._right_card(board, source)
            p2 = self._left_card(board, target)
            n2 = self._right_card(board, target)
        else:  # the same scans, written out (this is the solver's innermost loop)
            i = source - 1
            while i >= 0 and board[i] == _GAP:
                i -= 1
            p = board[i] if i >= 0 else _NONE
            i = source + 1
            while i < SLOTS and board[i] == _GAP:
                i += 1
            n = board[i] if i < SLOTS else _NONE
            i = target - 1
            while i >= 0 and board[i] == _GAP:
                i -= 1
            p2 = board[i] if i >= 0 else _NONE
            i = target + 1
            while i < SLOTS and board[i] == _GAP:
                i += 1
            n2 = board[i] if i < SLOTS else _NONE
        board[source] = card
        result = list(masks)
        # take the card out (p c n -> p n), then put it in (p2 n2 -> p2 c n2), in that order
        for a, b, add in (
            (p, card, 0),
            (card, n, 0),
            (p, n, 1),
            (p2, n2, 0),
            (p2, card, 1),
            (card, n2, 1),
        ):
            bit = link[a * 53 + b]
            if bit:
                bit -= 1
                if add:
                    result[bit >> 4] |= 1 << (bit & 15)
                else:
                    result[bit >> 4] &= ~(1 << (bit & 15))
        return result


def _search(
    game: Game,
    *,
    max_nodes: int,
    max_seconds: float,
    suit_weights: tuple[int, int, int, int] = (1, 1, 1, 1),
    shorten: bool = True,
) -> Solution:
    """One best-first search with one weighting of the suits (see the module docstring)."""
    start_time = time.perf_counter()
    search = Searcher(game)
    cost = search.cost
    c0, c1, c2, c3 = ([weight * breaks for breaks in cost] for weight in suit_weights)
    root = search.board_of(game)
    root_masks = search.masks(root)
    root_h = c0[root_masks[0]] + c1[root_masks[1]] + c2[root_masks[2]] + c3[root_masks[3]]
    key = bytes(root)
    # every table seen -> (the table it was reached from, card moved, slot it moved to)
    parents: dict[bytes, tuple[bytes | None, int, int]] = {key: (None, -1, -1)}
    # heap of (weighted breaks, -depth, arrival order, table, link bits per suit, depth)
    frontier: list = [(root_h, 0, 0, key, root_masks, 0)]
    counter = 0
    best_key, best_breaks = key, sum(cost[m] for m in root_masks)
    nodes = 0
    reason = ""
    solved_key = key if root_h == 0 else None
    child_of = search.child
    while frontier and solved_key is None:
        _h, _tie, _order, key, masks, depth = heapq.heappop(frontier)
        nodes += 1
        if nodes > max_nodes:
            reason = Deferred(N_("node budget of {tables} tables ran out"), tables=max_nodes)
            break
        if nodes & 1023 == 0 and time.perf_counter() - start_time > max_seconds:
            reason = Deferred(N_("time budget of {seconds} s ran out"), seconds=f"{max_seconds:g}")
            break
        board = bytearray(key)
        for source, target in search.moves(board):
            child = child_of(board, source, target)
            if child in parents:
                continue
            parents[child] = (key, board[source], target)
            child_masks = search.child_masks(board, masks, source, target)
            h = c0[child_masks[0]] + c1[child_masks[1]] + c2[child_masks[2]]
            h += c3[child_masks[3]]
            if h == 0:
                solved_key = child
                break
            breaks = cost[child_masks[0]] + cost[child_masks[1]] + cost[child_masks[2]]
            breaks += cost[child_masks[3]]
            if breaks < best_breaks:
                best_key, best_breaks = child, breaks
            counter += 1
            heapq.heappush(frontier, (h, -depth - 1, counter, child, child_masks, depth + 1))
    else:
        if solved_key is None:
            reason = Deferred(N_("every reachable table was searched"))
    end_key = solved_key if solved_key is not None else best_key
    path: list[tuple[int, int]] = []
    while True:
        parent, card, target = parents[end_key]
        if parent is None:
            break
        path.append((card, target))
        end_key = parent
    path.reverse()
    if solved_key is not None and shorten:
        for _ in range(2):
            shorter = _shortcut(game, path)
            if len(shorter) == len(path):
                break
            path = shorter
    replay = game.copy()
    moves, scores = [], []
    for card, target in path:
        move = Move(Card.from_code(card), target)
        replay.play(move)  # the public rules check every step
        moves.append(move)
        scores.append(replay.score)
    solved = solved_key is not None and replay.won
    return Solution(
        solved=solved,
        moves=moves,
        nodes=min(nodes, max_nodes),
        seconds=time.perf_counter() - start_time,
        best_score=max([game.score, *scores]),
        reason="" if solved else reason,
        scores=scores,
    )


def _shortcut(game: Game, path: list[tuple[int, int]], depth: int = 2) -> list[tuple[int, int]]:
    """Shorten a path (card, target) by jumping ahead whenever a later table of the path is
    reachable in fewer moves (up to ``depth``) than the path takes."""
    search = Searcher(game)
    board = search.board_of(game)
    states = [bytes(board)]
    for card, target in path:
        source = board.index(card)
        board[source], board[target] = _GAP, card
        states.append(bytes(board))
    index = {state: i for i, state in enumerate(states)}

    def children(state: bytes) -> list[tuple[bytes, tuple[int, int]]]:
        board = bytearray(state)
        return [
            (search.child(board, source, target), (board[source], target))
            for source, target in search.moves(board, search.where_of(board))
        ]

    result: list[tuple[int, int]] = []
    i = 0
    while i < len(path):
        best_j, best_moves = i + 1, [path[i]]
        for child, move in children(states[i]):
            j = index.get(child, -1)
            if j - 1 > best_j - len(best_moves):
                best_j, best_moves = j, [move]
            if depth > 1 and j < 0:
                for grandchild, move2 in children(child):
                    k = index.get(grandchild, -1)
                    if k - 2 > best_j - len(best_moves):
                        best_j, best_moves = k, [move, move2]
        result.extend(best_moves)
        i = best_j
    return result


def iter_suit_orders() -> Iterator[tuple[int, int, int, int]]:
    """The suit weightings the solver tries, in a fixed order, without end: all equal
    first, then the 24 orders of weights 1-4, then of 1, 2, 4, 8, then weights from
    1 to 8 drawn by a generator with a fixed seed (each new one at most once)."""
    rng = np.random.default_rng(2026)
    seen = {(1, 1, 1, 1)}
    yield (1, 1, 1, 1)
    for weights in ((1, 2, 3, 4), (1, 2, 4, 8)):
        orders = list(permutations(weights))
        rng.shuffle(orders)
        for order in orders:
            seen.add(order)
            yield order
    while True:
        weights = tuple(int(w) for w in rng.integers(1, 9, size=4))
        if weights not in seen or len(seen) >= 8**4:
            seen.add(weights)
            yield weights


def suit_orders(count: int) -> list[tuple[int, int, int, int]]:
    """The first ``count`` suit weightings of ``iter_suit_orders``.

    >>> suit_orders(3)[0]
    (1, 1, 1, 1)
    >>> len(set(suit_orders(60)))
    60
    """
    return list(islice(iter_suit_orders(), count))


def luby(index: int) -> int:
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ... (``index`` from 1): a restart
    schedule that wastes at most a logarithmic factor whatever the best budget is.

    >>> [luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    k = 1
    while (1 << k) - 1 < index:
        k += 1
    if index == (1 << k) - 1:
        return 1 << (k - 1)
    return luby(index - (1 << (k - 1)) + 1)


def solve(
    game: Game,
    *,
    max_nodes: int = DEFAULT_NODES,
    max_seconds: float = DEFAULT_SECONDS,
    attempt_nodes: int = DEFAULT_ATTEMPT_NODES,
    shorten: bool = True,
) -> Solution:
    """Search for a winning sequence from ``game``'s position (see the module docstring).

    Tries one suit weighting after another (``iter_suit_orders``); search
    number i may expand ``attempt_nodes * min(luby(i), MAX_LUBY)`` tables. It stops when one wins or
    ``max_nodes`` tables / ``max_seconds`` seconds are spent in all. ``game``
    is not changed.
    Returns a ``Solution``; ``solution.solved`` is False when the budget ran
    out, and then its moves lead to the best-scoring table found.
    """
    start_time = time.perf_counter()
    best: Solution | None = None
    spent = 0
    attempts = 0
    exhausted = False
    for index, weights in enumerate(iter_suit_orders(), start=1):
        left_nodes = max_nodes - spent
        left_seconds = max_seconds - (time.perf_counter() - start_time)
        if left_nodes <= 0 or left_seconds <= 0:
            break
        attempts += 1
        result = _search(
            game,
            max_nodes=min(attempt_nodes * min(luby(index), MAX_LUBY), left_nodes),
            max_seconds=left_seconds,
            suit_weights=weights,
            shorten=shorten,
        )
        spent += result.nodes
        if result.solved or result.reason.startswith("every"):
            # solved, or the whole reachable space was searched: no other order can do better
            best, exhausted = result, not result.solved
            break
        if best is None or result.best_score > best.best_score:
            best = result
    assert best is not None
    best.nodes = spent
    best.seconds = time.perf_counter() - start_time
    best.attempts = attempts
    if exhausted:
        best.reason = Deferred(
            N_("no win is possible: every table reachable from here was searched")
        )
    elif not best.solved:
        used = time.perf_counter() - start_time
        best.reason = (
            Deferred(
                N_("time budget of {seconds} s ran out ({attempts} suit orders tried)"),
                seconds=f"{max_seconds:g}",
                attempts=attempts,
            )
            if used >= max_seconds
            else Deferred(
                N_("node budget of {tables} tables ran out ({attempts} suit orders tried)"),
                tables=max_nodes,
                attempts=attempts,
            )
        )
    return best


def hint(game: Game, *, max_nodes: int = 50_000, max_seconds: float = 3.0) -> Move | None:
    """A move toward a win: the first move of a solution found from here.

    When no solution turns up within the budget, the first move toward the
    best-scoring table the search saw; None if the game is over.

    >>> from tilegames.maze import new_game
    >>> game = new_game(seed=1)
    >>> hint(game) in game.legal_moves()
    True
    """
    if game.is_over:
        return None
    solution = solve(game, max_nodes=max_nodes, max_seconds=max_seconds)
    if solution.moves:
        return solution.moves[0]
    return greedy_move(game)


def greedy_move(game: Game) -> Move:
    """The legal move that raises the score most (first in ``legal_moves`` order on ties)."""
    best, best_score = None, None
    for move in game.legal_moves():
        trial = game.copy()
        trial.play(move)
        if best_score is None or trial.score > best_score:
            best, best_score = move, trial.score
    return best


def random_move(game: Game, rng: int | np.random.Generator | None = None) -> Move:
    """A legal move chosen uniformly at random."""
    moves = game.legal_moves()
    return moves[int(as_generator(rng).integers(len(moves)))]


# -- players under the shared protocol ---------------------------------------------------
class RandomPlayer(shared.Player):
    """A legal move drawn uniformly at random."""

    name = "random"
    description = Deferred(N_("Plays a legal move drawn uniformly at random."))

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        """A random legal move of ``view``."""
        moves = moves_to_choose(view)
        return moves[int(rng.integers(len(moves)))]


class GreedyPlayer(shared.Player):
    """The move that raises the score most; the first in ``legal_moves`` order on ties."""

    name = "greedy"
    description = Deferred(
        N_("Plays the move that raises the score most (the first such move on ties).")
    )

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        """The best-scoring legal move of ``view`` (``rng`` is not used)."""
        moves = moves_to_choose(view)
        best, best_score = moves[0], -1
        for move in moves:
            score = view.score_after(move)
            if score > best_score:
                best, best_score = move, score
        return best


class SolverPlayer(shared.Player):
    """Plays the line ``solve`` finds from the table it sees; searches again when it is off it.

    ``max_nodes`` is the search budget per search (tables); no time budget, so
    the player decides the same on every machine.
    """

    name = "solver"
    description = Deferred(N_("Searches for a winning line from the table it sees and plays it."))

    def __init__(self, max_nodes: int = 100_000) -> None:
        if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
            raise ValueError(f"max_nodes must be a whole number of at least 1, not {max_nodes!r}")
        self.max_nodes = max_nodes
        """Tables each search may expand."""
        self.plan: list[Move] = []
        """The moves still to play of the line found."""
        self.expected: tuple[int, ...] | None = None
        """The table (card codes) the next move of ``plan`` is meant for."""

    def start(self, view: PlayerView, rng: np.random.Generator) -> None:
        """Forget any line from an earlier game."""
        self.plan, self.expected = [], None

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        """The next move of the line (found again if the table is not the one expected)."""
        moves_to_choose(view)  # the game must not be over
        codes = view.codes
        if not self.plan or codes != self.expected or self.plan[0] not in view.legal_moves:
            game = view.as_game()
            solution = solve(game, max_nodes=self.max_nodes, max_seconds=float("inf"))
            self.plan = list(solution.moves) or [greedy_move(game)]
        move = self.plan.pop(0)
        after = list(codes)
        after[after.index(move.card.code)] = GAP
        after[move.to] = move.card.code
        self.expected = tuple(after)
        return move


PLAYERS: dict[str, type[shared.Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "solver": SolverPlayer,
}
"""Every Maze player, by name."""

make_player = registry_maker(PLAYERS, "Maze")
