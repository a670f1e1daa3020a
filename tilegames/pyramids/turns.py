"""The turn's rules beside mayhem, written once: how the table starts, the hands, the refill,
who takes a curse's debris, and how a turn ends.

The readable game (``rules.Game``) and the fast one (``fast.play``) both play by these
functions; like ``mayhem`` they are typed Python that ``setup.py`` may compile with mypyc.

>>> from tilegames.pyramids.tiles import FIRE_TILES, TILES
>>> fire = min(FIRE_TILES)
>>> board, burnt = starting_row([0, fire, 1])  # a fire tile never starts on the table
>>> [TILES[t].name for t in board.values()], [TILES[t].name for t in burnt]
(['yellow 2', 'yellow 4'], ['yellow coal'])
>>> hand, pile = [7], [1, 2, 3, 4, 5]
>>> refill(hand, pile), hand, pile
([1, 2, 3, 4], [7, 1, 2, 3, 4], [5])
>>> turn_end(hand, pile, turns=12, turn_cap=500), turn_end([], [], turns=12, turn_cap=500)
('', 'win')
"""

from __future__ import annotations

from typing import Final

from .tiles import FIRE_TILES, key

__all__ = [
    "CAP",
    "HAND_SIZE",
    "WIN",
    "curse_seats",
    "dealt_hands",
    "refill",
    "starting_row",
    "turn_end",
]

HAND_SIZE: Final = 5
"""Tiles in a full hand."""
WIN: Final = "win"
"""``turn_end``: the player who just played has no tile left and wins."""
CAP: Final = "cap"
"""``turn_end``: the turn cap is reached; nobody wins."""


def starting_row(leftovers: list[int]) -> tuple[dict[int, int], list[int]]:
    """The table as the game starts: the deal's leftover tiles side by side in row 0, in deal
    order, except the fire tiles, which are removed. Returns ``(board, removed)``."""
    board: dict[int, int] = {}
    removed: list[int] = []
    for t in leftovers:
        if t in FIRE_TILES:
            removed.append(t)
        else:
            board[key(0, 2 * len(board))] = t
    return board, removed


def dealt_hands(piles: list[list[int]]) -> tuple[list[list[int]], list[list[int]]]:
    """Each player's first ``HAND_SIZE`` tiles in hand, the rest in the pile (top first):
    ``(hands, piles)``.

    >>> dealt_hands([[1, 2, 3, 4, 5, 6, 7]])
    ([[1, 2, 3, 4, 5]], [[6, 7]])
    """
    return [p[:HAND_SIZE] for p in piles], [p[HAND_SIZE:] for p in piles]


def refill(hand: list[int], pile: list[int]) -> list[int]:
    """At the end of a turn, draw from the top of the pile until the hand is full (or the pile
    is empty); returns the tiles drawn, in order."""
    drawn: list[int] = []
    while len(hand) < HAND_SIZE and pile:
        t = pile.pop(0)
        hand.append(t)
        drawn.append(t)
    return drawn


def curse_seats(turn_player: int, n_players: int, curse_debris: str) -> tuple[int, int]:
    """Who takes a curse: ``(receiver, debris_to)``. The previous player receives the curse's
    debris and decides what is left of the turn's mayhem; the debris of the events after it go
    to them too (``curse_debris="previous"``) or stay with the turn's player (``"turn"``).

    >>> curse_seats(0, 3, "previous"), curse_seats(0, 3, "turn")
    ((2, 2), (2, 0))
    """
    receiver = (turn_player - 1) % n_players
    return receiver, receiver if curse_debris == "previous" else turn_player


def turn_end(hand: list[int], pile: list[int], turns: int, turn_cap: int) -> str:
    """How the turn just finished (``turns`` of them now) ends the game: ``WIN`` when its player
    has no tile left in hand or pile, ``CAP`` when ``turn_cap`` turns are played, else ``""``
    (the next player's turn)."""
    if not hand and not pile:
        return WIN
    if turns >= turn_cap:
        return CAP
    return ""
