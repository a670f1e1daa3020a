"""Maze players: a random player, a greedy player, and a solver that gives real hints.

The solver (``solve``) is a **best-first search** over tables:

- a *node* is a table (54 slots); its key is the table as 54 bytes, so a
  table reached twice is expanded once (**cycle detection**: a closed set of
  every table seen; Maze has no stuck positions but endless back-and-forth);
- the frontier is a heap ordered by a **heuristic**: first the links still
  missing (``max_score - score``, so the best-scoring table is expanded
  first), then a small penalty for gaps that only a move breaking a link can
  fill, then the number of moves (fewer first). The score of a child is
  computed *incrementally* from its parent (only the four neighbours of the
  two slots that change matter), which keeps each expansion cheap;
- a **budget** of nodes (tables expanded) and of seconds: when either runs
  out the solver stops and says so honestly (``Solution.solved`` is False,
  ``Solution.reason`` says which budget ran out); it returns the path to the
  best-scoring table it saw, so a hint still points uphill.

The moves are replayed through the public rules before they are returned,
so a solution that ``solve`` calls solved is a real win.

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
from dataclasses import dataclass, field

import numpy as np

from ..randomness import as_generator
from .rules import GAP, SLOTS, Card, Game, Move

_GAP = 52  # the solver's code for an empty slot (bytes need 0..255)
_NONE = 52  # "no card": the left end of the line, or a gap
DEFAULT_NODES = 200_000
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
    """Why the search stopped."""
    scores: list[int] = field(default_factory=list)
    """The score after each move of ``moves``."""

    def __str__(self) -> str:
        if self.solved:
            return (
                f"solved in {len(self.moves)} moves ({self.nodes} tables searched, "
                f"{self.seconds:.2f} s)"
            )
        return f"gave up: {self.reason}; best score reached {self.best_score}"


def _runs(mask: int) -> list[int]:
    """Lengths of a suit's runs, from its 11 link bits (bit r: rank r+1 is followed by r+2)."""
    runs, length = [], 1
    for r in range(11):
        if mask >> r & 1:
            length += 1
        else:
            runs.append(length)
            length = 1
    runs.append(length)
    return runs


def _breaks(mask: int) -> tuple[tuple[int, int, int], ...]:
    """Each break of a suit as (rank index r, cards in the run ending at r, in the run after)."""
    runs = _runs(mask)
    result, end = [], -1
    for left, right in zip(runs, runs[1:]):
        end += left
        result.append((end, left, right))
    return tuple(result)


def _gap_cost(gaps: list[int], site: int, need: int) -> int:
    """About how many moves bring ``need`` gaps next to ``site`` (gaps slide a slot a move)."""
    distances = sorted(abs(g - site) for g in gaps)[:need]
    return sum(max(0, d - i) for i, d in enumerate(distances))


class _Searcher:
    """Tables and fast move/heuristic code for one game's rules."""

    def __init__(self, game: Game, kind: str = "breaks"):
        rules = game.rules
        self.ring = rules.ring
        if kind == "breaks":
            self.cost = [11 - bin(mask).count("1") for mask in range(1 << 11)]
        else:
            self.cost = [sum(min(a, b) for a, b in zip(r, r[1:])) for r in map(_runs, range(2048))]
        self.breaks = [_breaks(mask) for mask in range(1 << 11)]
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
        return bytearray(_GAP if code == GAP else code for code in game.codes)

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

    def moves(self, board: bytearray, where: list[int]) -> list[tuple[int, int]]:
        """(source, target) pairs of every legal move (a pair may repeat)."""
        result = []
        ring = self.ring
        last = SLOTS - 1
        for t in range(SLOTS):
            if board[t] != _GAP:
                continue
            if t > 0 or ring:
                left = board[t - 1] if t > 0 else board[last]
                if left != _GAP:
                    for c in self.after[left]:
                        result.append((where[c], t))
            else:
                for c in self.corner_aces:
                    result.append((where[c], t))
            if t < last or ring:
                right = board[t + 1] if t < last else board[0]
                if right != _GAP:
                    for c in self.before[right]:
                        result.append((where[c], t))
            else:
                for c in self.corner_queens:
                    result.append((where[c], t))
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
        p = self._left_card(board, source)
        n = self._right_card(board, source)
        p2 = self._left_card(board, target)
        n2 = self._right_card(board, target)
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


def solve(
    game: Game,
    *,
    max_nodes: int = DEFAULT_NODES,
    max_seconds: float = DEFAULT_SECONDS,
    kind: str = "breaks",
    deeper_first: bool = True,
    endgame: int = 3,
) -> Solution:
    """Search for a winning sequence from ``game``'s position (see the module docstring).

    ``game`` is not changed. Returns a ``Solution``; ``solution.solved`` is
    False when a budget ran out, with the moves to the best table found.
    """
    start_time = time.perf_counter()
    search = _Searcher(game, kind)
    cost, breaks_of = search.cost, search.breaks
    tie = -1 if deeper_first else 1
    ring = game.rules.ring
    root = search.board_of(game)
    root_masks = search.masks(root)
    root_h = sum(cost[m] for m in root_masks)
    key = bytes(root)
    parents: dict[bytes, tuple[bytes | None, int, int]] = {key: (None, -1, -1)}
    frontier: list = []
    counter = 0
    heapq.heappush(frontier, (root_h, 0, 0, counter, key, root_masks, 0))
    best_key, best_h = key, (root_h, 0)
    nodes = 0
    reason = ""
    solved_key = key if root_h == 0 else None
    while frontier and solved_key is None:
        _h, _h2, _tie, _c, key, masks, depth = heapq.heappop(frontier)
        nodes += 1
        if nodes > max_nodes:
            reason = f"node budget of {max_nodes} tables ran out"
            break
        if nodes % 1024 == 0 and time.perf_counter() - start_time > max_seconds:
            reason = f"time budget of {max_seconds:g} s ran out"
            break
        board = bytearray(key)
        where = [0] * 53
        for slot, code in enumerate(board):
            where[code] = slot
        gaps = [slot for slot, code in enumerate(board) if code == _GAP]
        for source, target in search.moves(board, where):
            card = board[source]
            board[source] = _GAP
            board[target] = card
            child = bytes(board)
            board[target] = _GAP
            board[source] = card
            if child in parents:
                continue
            parents[child] = (key, card, target)
            child_masks = search.child_masks(board, masks, source, target)
            h = cost[child_masks[0]] + cost[child_masks[1]] + cost[child_masks[2]]
            h += cost[child_masks[3]]
            if h == 0:
                solved_key = child
                break
            h2 = 0
            if h <= endgame:
                where[card] = target
                child_gaps = [source if g == target else g for g in gaps]
                for suit in range(4):
                    for r, left, right in breaks_of[child_masks[suit]]:
                        c = 13 * suit + r
                        after, before = where[c] + 1, where[c + 1] - 1
                        a = b = 999
                        if right <= 6 and (ring or after + right <= SLOTS):
                            a = _gap_cost(child_gaps, after, right)
                        if left <= 6 and (ring or before - left >= -1):
                            b = _gap_cost(child_gaps, before, left)
                        h2 += min(a, b)
                where[card] = source
            if (h, h2) < best_h:
                best_key, best_h = child, (h, h2)
            counter += 1
            heapq.heappush(
                frontier, (h, h2, tie * (depth + 1), counter, child, child_masks, depth + 1)
            )
    else:
        if solved_key is None:
            reason = "every reachable table was searched"
    end_key = solved_key if solved_key is not None else best_key
    path: list[tuple[int, int]] = []
    while True:
        parent, card, target = parents[end_key]
        if parent is None:
            break
        path.append((card, target))
        end_key = parent
    path.reverse()
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
