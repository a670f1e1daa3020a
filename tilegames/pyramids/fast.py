"""Fast Flaming Pyramids playouts: whole games of careful and random seats in one fused loop.

The readable game lives in ``rules.py`` (state, moves, the mayhem log) and
the players in ``players.py``; studies that play thousands of games with the
simple players spend most of their time there on things a simulation does
not need: a frozen ``PlayerView`` per decision, ``Move`` objects, the move
dispatch of ``play_game``. ``play`` plays the same game with none of that:
the pyramid is the engine's own board (a dict from lattice key to tile id,
so the mayhem engine in ``mayhem.py`` resolves events exactly as in the real
game), hands and piles are lists of tile ids, and a careful seat decides by
the same functions as ``players.CarefulPlayer`` (``careful.choose_placement``
and ``careful.choose_fall``), asked with the engine's own board.

What this loop adds, and why it is exact:

- the spots are worked out as ``rules.spot_keys`` does, and after a quiet
  placement only the spots around the new tile are updated (in row 0 too: a
  gap leaves the other gaps as they were, and an end moves; when no spot is
  left, the spots are the ends of row 0, which the game keeps track of);
- each hand is kept heaviest first as it changes, the order in which a
  careful player tries its tiles;
- the game's own mayhem, when it follows no forecast, is found by the same
  scan as everywhere (``mayhem.scan``; with the fire cube
  ``mayhem.first_problem_near``); a collapse, an overhang and a fall are
  applied here, the rarer events by ``mayhem.resolve``;
- the forecast a careful placement was chosen by keeps a record of its
  events (``careful.costs``), and the game, which follows it event by event
  (a careful player falls as the forecast's quick falls do, except where it
  looks ahead), reads from it the next problem (no scan), the side of each
  quiet fall (no test of both sides), what a fire burns (no search, no
  ``mayhem.resolve``), and, at a fall that lands quietly on neither side,
  where the problems are (the forecast's own watch set: what
  ``mayhem.unsettled`` would find by scanning the whole board, so the game
  itself watches nothing) and what falling left costs
  (``careful.choose_fall`` with the record); only falling right is forecast
  there, and not at all when falling left costs nothing (no curse: a curse
  changes who decides). Without a record, a careful fall is forecast from
  the settling game's own watch set.

Where the time goes (cProfile, line counts and timings of 100 two-player
careful games, at the time of writing): about 60 % is the careful player's
forecasts (about 45 a game, started in the races and at the falls it looks
ahead at, a few mayhem events each, a few microseconds per event; the races
take about 45 %, the falls about 15 %), under 10 % the quiet-placement
tests and the rest, about a quarter, the game loop (working out the spots
after mayhem, following the record, refilling) and the deal.
``benchmarks/pyramids.py`` compares it with the engine before the speed work
(about 3.3 times faster by CPU time).

Where mypyc and a C compiler are found at install, ``setup.py`` compiles this
module, ``careful``, ``mayhem`` and ``tiles`` as they are (``tilegames.pyramids.native``
says which runs): hence the types on every function and the board's own
``board.get`` rather than a bound method kept in a local (fast as Python too);
a generator stays one (the forecasts race), its locals kept on an object.

The result is the same game as the public path
``play_game(new_game(seed, players=n, rules=rules), seats, seed=rng, checked=False)``:
the same moves (``FastGame.moves()``), the same fire-die draws from the same
generator in the same order, the same final position, winner, turns and
mayhem counts. ``tests/pyramids/test_pyramids_fast.py`` plays hundreds of
seeded games both ways and compares them move by move.

>>> from tilegames.pyramids import new_game, play_game
>>> from tilegames.pyramids.players import CarefulPlayer
>>> fast = play(7, players=3, seats=("careful", "careful", "random"), rng=7)
>>> slow = play_game(new_game(7, players=3), [CarefulPlayer(), CarefulPlayer(), RandomPlayer()], seed=7, checked=False)
>>> fast.moves() == slow.history, fast.winner == slow.winner, fast.turns == slow.turns
(True, True, True)
>>> fast.mayhem_counts() == slow.mayhem_counts()
True
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np

from ..randomness import as_generator, players_generator, seed_value
from .careful import HEAVIEST_FIRST, choose_fall, choose_placement
from .mayhem import (
    AIR,
    COLLAPSE,
    CURSE_KIND,
    EXPLOSION,
    FIRE,
    OVERHANG,
    ROLL,
    collapse_watched,
    fall,
    first_problem_near,
    open_spots,
    overhang_watched,
    placement_is_quiet,
    resolve,
    roll_contact,
    scan,
    watch_added,
    watch_removed,
    watch_step,
)
from .players import CarefulPlayer, RandomPlayer
from .rules import FALL_LEFT, FALL_RIGHT, Move, Rules, deal_piles, placement
from .tiles import ABOVE_LEFT, ABOVE_RIGHT, FIRE_TILES, IS_FIRE
from .turns import WIN, curse_seats, dealt_hands, refill, starting_row, turn_end

__all__ = ["FastGame", "SEATS", "fast_seats", "play", "play_careful"]

SEATS = ("careful", "random")
"""The strategies ``play`` can seat (by name, as ``players.PLAYERS`` spells them)."""

KINDS: Final = ("fall", COLLAPSE, OVERHANG, EXPLOSION, FIRE, ROLL, CURSE_KIND)
"""The mayhem kinds counted, in ``Game.mayhem_counts`` order."""

_FALLS: Final = ("left", "right")


def fast_seats(players: Sequence[Any]) -> tuple[str, ...] | None:
    """The seat names ``play`` needs for these player objects, or None when some seat has no fast path.

    Only the plain careful and random players (not their subclasses, not a
    careful player whose ``quick_falls`` was switched off) have one.

    >>> fast_seats([CarefulPlayer(), RandomPlayer()])
    ('careful', 'random')
    >>> from tilegames.pyramids.players import ExpertPlayer
    >>> fast_seats([CarefulPlayer(), ExpertPlayer()]) is None
    True
    """
    names = []
    for player in players:
        if type(player) is CarefulPlayer and player.quick_falls is True:
            names.append("careful")
        elif type(player) is RandomPlayer:
            names.append("random")
        else:
            return None
    return tuple(names)


class FastGame:
    """A finished fast game: the final position, the moves, the winner and the mayhem counts.

    It answers what ``study.game_row`` asks of a ``Game`` (``n_players``,
    ``first_player``, ``winner``, ``turns``, ``history``, ``scores``,
    ``mayhem_counts()``), so a study row is made the same way from either.
    ``history`` holds the moves compactly: ``(tile id, key)`` for a
    placement, ``"left"`` or ``"right"`` for a fall; ``moves()`` gives them
    as ``Move`` values.
    """

    n_players: int
    rules: Rules
    seed: int
    first_player: int
    winner: int | None
    turns: int
    turn_player: int
    acting: int
    board: dict[int, int]
    hands: list[list[int]]
    piles: list[list[int]]
    removed: list[int]
    history: list
    counts: list[int]
    rolls: int

    def __init__(self, **fields: Any) -> None:
        for name, value in fields.items():
            setattr(self, name, value)

    @property
    def is_over(self) -> bool:
        """Always true: ``play`` returns finished games."""
        return True

    @property
    def scores(self) -> list[int]:
        """Tiles left per player (hand + pile), as ``Game.scores``."""
        return [len(h) + len(p) for h, p in zip(self.hands, self.piles)]

    def mayhem_counts(self) -> dict[str, int]:
        """How many mayhem events of each kind the game had, as ``Game.mayhem_counts``."""
        return dict(zip(KINDS, self.counts))

    def moves(self) -> list[Move]:
        """The moves played, as the ``Move`` values ``Game.history`` holds."""
        return [
            (FALL_LEFT if m == "left" else FALL_RIGHT) if isinstance(m, str) else placement(*m)
            for m in self.history
        ]

    def __repr__(self) -> str:
        return (
            f"<fast Flaming Pyramids, {self.n_players} players: {self.turns} turns, "
            f"winner {self.winner}>"
        )


def play_careful(seed: int, *, players: int = 2, rules: Rules | None = None) -> FastGame:
    """A whole game with a careful player in every seat (``play`` with ``seats="careful"``).

    >>> play_careful(3).turns == play_careful(3).turns
    True
    """
    return play(seed, players=players, rules=rules, seats=("careful",) * players)


def play(
    seed: object,
    *,
    players: int = 2,
    rules: Rules | None = None,
    seats: Sequence[str] = ("careful", "careful"),
    rng: int | np.random.Generator | None = None,
    observe: Callable[[list[int], dict[int, int], list, list, list[int]], Any] | None = None,
) -> FastGame:
    """Deal ``new_game(seed, players=players, rules=rules)`` and play it out with ``seats``.

    ``seed``: a whole number (an int or a numpy integer). ``seats``: one of ``SEATS`` per player. ``rng``: the players' generator
    (``play_game``'s ``seed``; only random seats draw from it). The fire
    die is rolled from the game's own generator, as in ``Game``.
    ``observe``: for tests, called at the start of every turn with the spots
    (keys, scan order) and the position: the board, the hands, the piles and
    the removed tiles (the game's own objects, to be read, not changed).

    >>> game = play(5, seats=("random", "careful"), rng=np.random.default_rng(1))
    >>> sum(game.scores) + len(game.board) + len(game.removed)
    45
    >>> turns = []
    >>> game = play(5, observe=lambda spots, board, hands, piles, removed: turns.append(len(board)))
    >>> len(turns) == game.turns
    True
    """
    value = None if isinstance(seed, (bool, np.random.Generator)) else seed_value(seed)
    if value is None:
        raise ValueError(f"the fast path deals from a whole-number seed, not {seed!r}")
    rules = rules or Rules()
    n = players
    if not isinstance(n, int) or not 2 <= n <= 6:
        raise ValueError(f"Flaming Pyramids is for 2 to 6 players, not {n!r}")
    if len(seats) != n or any(s not in SEATS for s in seats):
        raise ValueError(f"seats: one of {SEATS} for each of the {n} players, not {seats!r}")
    game_rng = as_generator(value)
    dealt, leftovers = deal_piles(n, game_rng)
    first = int(game_rng.integers(n))
    board, removed = starting_row(leftovers)
    hands, piles = dealt_hands(dealt)
    # each hand heaviest first (hand order among equal weights), as a careful player tries it
    orders = [sorted(hand, key=HEAVIEST_FIRST) for hand in hands]
    # the players' dice, as ``play_game`` makes them: a Generator as is, an int derived
    player_rng = (
        (rng if isinstance(rng, np.random.Generator) else players_generator(rng))
        if "random" in seats
        else None
    )

    careful = [s == "careful" for s in seats]
    curse, cube = rules.curse, rules.fire_cube
    slide = rules.overhang_collapse == "slide"
    gaps_all = rules.row0_gaps == "all"
    cap = rules.turn_cap
    history: list = []
    counts = [0] * 7  # KINDS order
    turn_player = acting = debris_to = first
    turns = 0
    winner = None
    rolls = 0

    spots = None
    while True:
        player = turn_player
        hand = hands[player]
        # -- where: the spots (mayhem.open_spots, as rules.spot_keys), worked out again after
        # mayhem; after a quiet placement only the spots around the new tile change.
        if spots is None:
            fire_around = not FIRE_TILES.isdisjoint(board.values())
            spots, lo, hi = open_spots(board, gaps_all)
            ends = spots[0] == lo - 2  # no spot but the ends of row 0 (an empty table has one)
        if observe is not None:
            observe(spots, board, hands, piles, removed)
        # -- which tile where --
        if careful[player]:
            t, k, quiet, memo = choose_placement(board, orders[player], spots, rules, fire_around)
        else:
            assert player_rng is not None  # a random seat has its dice
            i = int(player_rng.integers(len(hand) * len(spots)))
            t = hand[i // len(spots)]
            k = spots[i % len(spots)]
            quiet = placement_is_quiet(board, t, k, curse=curse, fire_cube=cube)
            memo = None
        history.append((t, k))
        hand.remove(t)
        orders[player].remove(t)
        board[k] = t
        if quiet:
            # Only the spot taken and the two above the new tile change: a row-0 gap leaves
            # the others (every empty position between row-0 tiles is one, or only the
            # single gaps); at an end of row 0 there were no spots, and the other end moves
            # unless a spot opens above. Row 0 grows only there, and when no spot is left,
            # the spots are its ends again.
            fire_around = fire_around or IS_FIRE[t]
            if ends:
                if k == spots[0]:
                    lo = k
                else:
                    hi = k
                if k + 2 in board and k + ABOVE_RIGHT not in board:
                    spots, ends = [k + ABOVE_RIGHT], False
                elif k - 2 in board and k + ABOVE_LEFT not in board:
                    spots, ends = [k + ABOVE_LEFT], False
                else:
                    spots = [lo - 2, hi + 2]
            else:
                spots.remove(k)
                if k - 2 in board and k + ABOVE_LEFT not in board:
                    spots.append(k + ABOVE_LEFT)
                if k + 2 in board and k + ABOVE_RIGHT not in board:
                    spots.append(k + ABOVE_RIGHT)
                if spots:
                    spots.sort()
                else:
                    spots, ends = [lo - 2, hi + 2], True
        else:
            spots = None
        if not quiet:
            # -- mayhem, one event at a time (Game._settle) --
            pending = (k, t) if cube and roll_contact(board, k, t) is not None else None
            # the places to look at for problems (none while the game follows a record)
            near = watch_added(board, set(), k) if memo is None else set()
            events = 0
            while True:
                if memo is not None:  # the forecast the game follows says what comes next
                    record, _, start = memo
                    if events - start == len(record):
                        break
                    kind, at, _, side, watched = record[events - start]
                elif cube:
                    problem = first_problem_near(board, near, curse, cube, pending)
                    if problem is None:
                        break
                    kind, at = problem
                else:
                    kind, at = scan(board, near, curse)
                    if kind is None:
                        break
                events += 1
                if kind == AIR:
                    if memo is not None and side is not None:
                        # the forecast fell where the tile lands quietly: so does the player
                        direction = side
                    elif careful[acting]:
                        direction, memo = choose_fall(
                            board,
                            at,
                            rules,
                            debris_to == acting,
                            pending,
                            near if memo is None else watched,
                            memo,
                            events - 1,
                        )
                    else:
                        assert player_rng is not None
                        direction = _FALLS[int(player_rng.integers(2))]
                    history.append(direction)
                    target = fall(board, at, direction)
                    counts[0] += 1
                    if memo is None:  # (with a record, the record says where the problems are)
                        watch_added(board, watch_removed(near, at), target)
                    continue
                if kind == COLLAPSE:  # the common case: both supports go
                    piles[debris_to].extend(collapse_watched(board, near, at))
                    counts[1] += 1
                    continue
                if kind == OVERHANG and not slide:  # its one support goes
                    piles[debris_to].append(overhang_watched(board, near, at))
                    counts[2] += 1
                    continue
                if kind == FIRE and memo is not None:
                    # resolve's fire, as the forecast worked it out on the same board: the
                    # tiles it burns go in scan order, then the fire tile
                    piles[debris_to].extend([board.pop(c) for c in sorted(watched[1:])])
                    removed.append(board.pop(at))
                    counts[4] += 1
                    continue
                face = None
                contact = pending
                if kind == ROLL:
                    face = int(game_rng.integers(1, 7))
                    rolls += 1
                    pending = None
                step = resolve(
                    board, kind, at, overhang_slide=slide, face=face, roll_pending=contact
                )
                if kind == CURSE_KIND:
                    pending = None
                    receiver, debris_to = curse_seats(turn_player, n, rules.curse_debris)
                    acting = receiver
                    counts[6] += 1
                else:
                    receiver = debris_to
                    counts[KINDS.index(kind)] += 1
                piles[receiver].extend(step.debris)
                removed.extend(step.removed)
                if memo is None:
                    watch_step(board, near, step)
        # -- the refill and the end of the turn (Game._end_turn) --
        pile = piles[player]
        for t in refill(hand, pile):
            insort(orders[player], t, key=HEAVIEST_FIRST)
        turns += 1
        acting = debris_to = player
        end = turn_end(hand, pile, turns, cap)
        if end:
            if end == WIN:
                winner = player
            break
        turn_player = acting = debris_to = (player + 1) % n

    return FastGame(
        n_players=n,
        rules=rules,
        seed=value,
        first_player=first,
        winner=winner,
        turns=turns,
        turn_player=turn_player,
        acting=acting,
        board=board,
        hands=hands,
        piles=piles,
        removed=removed,
        history=history,
        counts=counts,
        rolls=rolls,
    )
