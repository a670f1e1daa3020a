"""Tri-Ominos property tests on random rounds, with every score re-checked independently.

The checker here re-derives the lattice from the spec's formulas (corners by
coordinates, contacts by shared corners), not from the library's tables. What
every game must do (undo, copies, saving, seeds, garbage refused) is tested
for all games at once in ``tests/test_contract.py``; this file keeps what is
Tri-Ominos' own: scores, move generation, rule-breaking placements, the board.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilegames.errors import IllegalMove
from tilegames.triominos import Game, Move, Rules, new_game
from tilegames.triominos.lattice import TILES
from tilegames.triominos.players import (
    CautiousPlayer,
    GreedyPlayer,
    RandomPlayer,
    make_player,
    play_out,
)
from tilegames.triominos.rules import POINT_PARTS

# -- an independent reading of the spec ----------------------------------------------------------


def spec_corners(cell):
    r, c = cell
    if (r + c) % 2 == 0:  # up: apex, bottom-right, bottom-left
        return [(c + 1, r), (c + 2, r + 1), (c, r + 1)]
    return [(c, r), (c + 2, r), (c + 1, r + 1)]  # down: top-left, top-right, bottom


def spec_around(point):
    x, y = point
    return [(r, c) for r in (y - 1, y) for c in (x - 2, x - 1, x)]


def spec_numbers(tile, rotation):
    """Tile numbers clockwise from the smallest, laid from corner ``rotation`` on."""
    out = [None, None, None]
    for i in range(3):
        out[(rotation + i) % 3] = tile[i]
    return out


class SpecBoard:
    def __init__(self):
        self.placed = {}  # cell -> numbers at its corners

    def shown(self):
        points = {}
        for cell, numbers in self.placed.items():
            for point, number in zip(spec_corners(cell), numbers):
                assert points.setdefault(point, number) == number, "two numbers at one point"
        return points

    def shared(self, a, b):
        return set(spec_corners(a)) & set(spec_corners(b))

    def legal(self, cell, tile, rotation, points=None):
        if cell in self.placed:
            return False
        if not self.placed:
            return cell == (0, 0)
        if not any(len(self.shared(cell, other)) == 2 for other in self.near(cell)):
            return False
        points = self.shown() if points is None else points
        return all(
            points.get(p, n) == n for p, n in zip(spec_corners(cell), spec_numbers(tile, rotation))
        )

    def near(self, cell):
        out = set()
        for p in spec_corners(cell):
            out.update(c for c in spec_around(p) if c in self.placed and c != cell)
        return out

    def hexagons(self, cell):
        return sum(
            all(c in self.placed or c == cell for c in spec_around(p)) for p in spec_corners(cell)
        )

    def bridge(self, cell):
        near = self.near(cell)
        for edge in near:
            common = self.shared(cell, edge)
            if len(common) != 2:
                continue
            (opposite,) = set(spec_corners(cell)) - common
            for other in near:
                if self.shared(cell, other) == {opposite}:
                    return True
        return False

    def candidates(self):
        cells = set()
        for cell in self.placed:
            for p in spec_corners(cell):
                cells.update(c for c in spec_around(p) if c not in self.placed)
        return cells


def tile_rotations(tile):
    return [0] if len(set(tile)) == 1 else [0, 1, 2]


def spec_legal_placements(board: SpecBoard, hand):
    points = board.shown()
    cells = board.candidates() if board.placed else {(0, 0)}
    return {
        (tile, cell, rot)
        for cell in cells
        for tile in hand
        for rot in tile_rotations(tile)
        if board.legal(cell, tile, rot, points)
    }


def recheck(game: Game) -> None:
    """Replay the round on the spec board and recompute every event and the end."""
    rules = game.rules
    data = game.to_dict()
    fresh = Game.from_dict(data)
    board = SpecBoard()
    for text in data["deal"]["board"]:
        move = Move.parse(text)
        board.placed[move.cell] = spec_numbers(move.tile, move.rotation)
    events = game.events
    by_move = {}
    for event in events:
        by_move.setdefault(event.move, []).append(event)
    replay = Game.from_dict({**data, "moves": []})
    for index, move in enumerate(game.history):
        (event,) = by_move[index]
        seat = replay.to_move
        assert event.seat == seat
        if move.kind == "place":
            assert board.legal(move.cell, move.tile, move.rotation)
            value = sum(move.tile)
            if not board.placed:
                bonus = 0
                if len(set(move.tile)) == 1:
                    bonus = rules.start_bonus + (
                        rules.zero_triple_bonus if move.tile == (0, 0, 0) else 0
                    )
                assert (event.kind, event.bonus) == ("start", bonus)
            else:
                hexes = board.hexagons(move.cell)
                bridge = not hexes and board.bridge(move.cell)
                bonus = (
                    rules.hexagon_bonuses[hexes - 1]
                    if hexes
                    else rules.bridge_bonus
                    if bridge
                    else 0
                )
                assert (event.kind, event.hexagons, event.bridge, event.bonus) == (
                    "place",
                    hexes,
                    bridge,
                    bonus,
                )
            assert (event.value, event.points) == (value, value + bonus)
            board.placed[move.cell] = spec_numbers(move.tile, move.rotation)
        elif move.kind == "draw":
            assert (event.kind, event.points) == ("draw", -rules.draw_penalty)
            assert not spec_legal_placements(board, replay.hand(seat))
        else:
            assert (event.kind, event.points) == ("pass", -rules.pass_penalty)
            assert not spec_legal_placements(board, replay.hand(seat))
            assert replay.pool_size == 0 or replay.draws_this_turn == rules.max_draws
        replay.play(move)
    assert replay == fresh
    # the end of the round
    ends = by_move.get(-1, [])
    hands = game.hands
    values = [sum(sum(t) for t in hand) for hand in hands]
    if game.end == "out":
        (event,) = ends
        assert hands[event.seat] == []
        others = sum(values)
        assert (event.kind, event.points) == ("out", rules.going_out_bonus + others)
    elif game.end == "blocked":
        assert game.pool_size == 0
        assert all(not spec_legal_placements(board, hand) for hand in hands)
        counts = [len(h) for h in hands]
        if rules.blocked_winner == "fewest_tiles":
            keys = [(counts[s], values[s]) for s in range(game.players)]
        else:
            keys = [(values[s], counts[s]) for s in range(game.players)]
        best = min(keys)
        if keys.count(best) > 1:
            assert ends == [] and game.winner is None
        else:
            (event,) = ends
            winner = keys.index(best)
            assert event.seat == winner == game.winner
            assert event.points == sum(values) - 2 * values[winner]
    else:
        assert ends == []
    # totals: events, scores and the breakdown agree
    for seat in range(game.players):
        total = sum(e.points for e in events if e.seat == seat)
        row = game.breakdown()[seat]
        assert total == game.scores[seat] == row["total"] == sum(row[p] for p in POINT_PARTS)


def all_in_one_place(game: Game) -> None:
    seen = [t for t, _ in game.board.cells.values()]
    seen = [TILES[t] for t in seen] + [t for hand in game.hands for t in hand] + game.pool
    assert sorted(seen) == sorted(TILES)


players_st = st.sampled_from(["random", "greedy", "cautious"])
rules_st = st.sampled_from(
    [
        Rules.seed(),
        Rules.pressman(),
        Rules.seed().replace(bridge_rule="strict", hexagon_bonuses=(50, 100, 150)),
        Rules.pressman().replace(bridge_rule="loose", max_draws=1),
    ]
)


@settings(max_examples=25)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    kinds=st.lists(players_st, min_size=6, max_size=6),
    rules=rules_st,
)
def test_random_rounds_rescored_independently(seed, players, kinds, rules):
    game = new_game(seed=seed, players=players, rules=rules)
    play_out(game, [make_player(kinds[s]) for s in range(players)], seed=seed)
    assert game.is_over
    all_in_one_place(game)
    recheck(game)
    assert game.invariant_errors() == []


def _random_illegal(game: Game, rng: np.random.Generator) -> list[Move]:
    legal = set(game.legal_moves())
    out = [m for m in (Move("draw"), Move("pass")) if m not in legal]
    cells = game.board.frontier_cells() or [(0, 0)]
    hand = game.hand(game.to_move)
    for _ in range(6):
        tile = hand[rng.integers(len(hand))] if rng.random() < 0.8 else TILES[rng.integers(56)]
        r, c = cells[rng.integers(len(cells))]
        if rng.random() < 0.2:
            r, c = r + int(rng.integers(-3, 4)), c + int(rng.integers(-3, 4))
        move = Move("place", tile, (r, c), int(rng.integers(3)) if len(set(tile)) > 1 else 0)
        if move not in legal:
            out.append(move)
    return out


@settings(max_examples=12)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), pressman=st.booleans())
def test_move_generation_and_rule_breaking_placements(seed, players, pressman):
    rules = Rules.pressman() if pressman else Rules.seed()
    game = new_game(seed=seed, players=players, rules=rules)
    rng = np.random.default_rng(seed)
    chooser, chooser_rng = RandomPlayer(), np.random.default_rng(seed)
    spec = SpecBoard()
    while not game.is_over:
        legal = game.legal_moves()
        # move generation (frontier + pattern table) agrees with a brute-force search
        placements = {(m.tile, m.cell, m.rotation) for m in legal if m.kind == "place"}
        if spec.placed:  # the opening follows the start rule (tested on its own)
            assert placements == spec_legal_placements(spec, game.hand(game.to_move))
        assert legal == sorted(
            legal, key=lambda m: (m.kind != "place", m.tile or (), m.cell or (), m.rotation)
        )
        # illegal moves are refused and change nothing
        before, saved = game._snapshot(), game.to_dict()
        for move in _random_illegal(game, rng):
            reason = game.why_illegal(move)
            assert reason
            try:
                game.play(move)
            except IllegalMove as error:
                assert str(error) == reason
            else:  # pragma: no cover
                raise AssertionError(f"{move} was accepted")
            assert game._snapshot() == before and game.to_dict() == saved
        move = chooser.choose(game.player_view(), chooser_rng)
        game.play(move)
        if move.kind == "place":
            spec.placed[move.cell] = spec_numbers(move.tile, move.rotation)
        all_in_one_place(game)
    recheck(game)


def test_fast_play_out_matches_checked_play():
    for seed in range(5):
        fast = new_game(seed=seed, players=3)
        checked = new_game(seed=seed, players=3)
        play_out(fast, [GreedyPlayer(), CautiousPlayer(), GreedyPlayer()])
        play_out(checked, [GreedyPlayer(), CautiousPlayer(), GreedyPlayer()], check=True)
        assert fast.history == checked.history and fast.events == checked.events
        assert checked.can_undo
        with pytest.raises(IllegalMove, match="without undo records"):
            fast.undo()
        rebuilt = Game.from_dict(fast.to_dict())
        assert rebuilt.undo() == fast.history[-1]


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_board_put_then_remove_last_restores_everything(seed, players):
    """The look-ahead player tries tiles on a copy of the board: taking them back must be exact."""
    game = new_game(seed=seed, players=players)
    chooser = GreedyPlayer()
    while not game.is_over:
        board = game.board.copy()
        before = (
            dict(board.cells),
            list(board.order),
            dict(board.points),
            dict(board.fill),
            dict(board.frontier),
            dict(board.fitting),
            dict(board.hexagons),
        )
        for move in game.legal_moves()[:6]:
            if move.kind != "place" or not board.cells:
                continue
            board.put(move.cell, move.tile, move.rotation)
            assert board.remove_last() == (move.cell, move.tile, move.rotation)
            after = (
                dict(board.cells),
                list(board.order),
                dict(board.points),
                dict(board.fill),
                dict(board.frontier),
                dict(board.fitting),
                dict(board.hexagons),
            )
            assert after == before
        game.play(chooser.choose(game.player_view(), None))
