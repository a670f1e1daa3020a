"""The best play without seeing, on reduced boards: the expectimax over information states
agrees with a plain brute force over sets of deals, and sits between the players and the
clairvoyant."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from tilegames.tula.expert import play_board
from tilegames.tula.hidden import (
    board_from_layout,
    clairvoyant_win_rate,
    optimal_win_rate,
    row_pyramid,
    solve,
    tula_board,
)
from tilegames.tula.layout import LAYOUT, OPEN_CHECKS


# -- an independent brute force: information sets as sets of whole deals ------------
def pyramid_rules(base: int):
    """Positions (layer, i) of a row pyramid, numbered as ``row_pyramid`` numbers them,
    and the open test written from the rules: nothing on it, and a neighbour gone."""
    cells = [(layer, i) for layer in range(1, base + 1) for i in range(base + 1 - layer)]
    number = {cell: n for n, cell in enumerate(cells)}

    def is_open(present: frozenset, n: int) -> bool:
        layer, i = cells[n]
        if n not in present:
            return False
        if any(number.get((layer + 1, j)) in present for j in (i - 1, i)):
            return False  # a tile of the layer above rests on it
        left, right = number.get((layer, i - 1)), number.get((layer, i + 1))
        return left not in present or right not in present

    return cells, is_open


def brute_force(base: int, suits: int, values: int, mercy: bool) -> Fraction:
    """Best win chance for a player who sees only what is turned up, by listing deals."""
    cells, is_open = pyramid_rules(base)
    n = len(cells)
    top_position = n - 1

    def match(a: int, b: int) -> bool:
        return a // values == b // values or a % values == b % values

    def value(present: frozenset, top_tile: int, deals: list) -> Fraction:
        if not present:
            return Fraction(1)
        open_now = [p for p in present if is_open(present, p)]
        best = Fraction(0)
        for p in open_now:
            tile = deals[0][p]  # face up: the same in every deal still possible
            if not match(tile, top_tile):
                continue
            after = present - {p}
            new = [q for q in after if is_open(after, q) and q not in open_now]
            groups: dict = {}
            for deal in deals:
                groups.setdefault(tuple(deal[q] for q in new), []).append(deal)
            best = max(
                best,
                sum(Fraction(len(g), len(deals)) * value(after, tile, g) for g in groups.values()),
            )
        return best

    start = frozenset(range(n)) - {top_position}
    first = [p for p in start if is_open(start, p)]
    deals = list(itertools.permutations(range(n)))
    groups: dict = {}
    for deal in deals:
        groups.setdefault((deal[top_position], *(deal[p] for p in first)), []).append(deal)
    total = Fraction(0)
    for (top_tile, *seen), group in groups.items():
        best = value(start, top_tile, group)
        if mercy and not any(match(top_tile, t) for t in seen):
            for p in first:
                swapped = []
                for deal in group:
                    deal = list(deal)
                    deal[p], deal[top_position] = deal[top_position], deal[p]
                    swapped.append(tuple(deal))
                best = max(best, value(start, swapped[0][top_position], swapped))
        total += Fraction(len(group), len(deals)) * best
    return total


@pytest.mark.parametrize("suits, values", [(2, 3), (3, 2)])
@pytest.mark.parametrize("mercy", [False, True])
def test_expectimax_agrees_with_brute_force_on_the_smallest_board(suits, values, mercy):
    board = row_pyramid(3, suits, values)
    exact = optimal_win_rate(board, mercy)
    assert exact == brute_force(3, suits, values, mercy)
    assert exact == optimal_win_rate(board, mercy, symmetry=False)


def test_the_pyramid_tables_follow_the_rules():
    for base in (3, 4, 5):
        board = row_pyramid(base, 2, base * (base + 1) // 4) if base != 5 else row_pyramid(5, 3, 5)
        cells, is_open = pyramid_rules(base)
        rng = np.random.default_rng(base)
        for _ in range(200):
            present = frozenset(int(p) for p in np.flatnonzero(rng.random(len(cells)) < 0.6))
            mask = sum(1 << p for p in present)
            assert board.opened(mask) == sum(1 << p for p in present if is_open(present, p))


def test_the_board_builder_reproduces_the_temple_tables():
    board = tula_board()
    assert board.open_checks == OPEN_CHECKS
    assert board.size == 24 and board.names == tuple(entry[0] for entry in LAYOUT)
    assert all(bin(mask).count("1") == 8 for mask in board.match)
    assert board_from_layout(LAYOUT, 4, 6) == board


def test_symmetry_reduction_is_sound_and_saves_states_on_a_ten_tile_board():
    board = row_pyramid(4, 2, 5)
    reduced, plain = {}, {}
    value = optimal_win_rate(board, True, stats=reduced)
    assert value == optimal_win_rate(board, True, symmetry=False, stats=plain)
    assert reduced["states"] < plain["states"]


def test_best_hidden_play_lies_between_any_blind_player_and_the_clairvoyant():
    board = row_pyramid(3, 2, 3)
    for mercy in (False, True):
        optimum = optimal_win_rate(board, mercy)
        clairvoyant = clairvoyant_win_rate(board, mercy)
        assert optimum < clairvoyant
        # a blind player that always removes the first matching tile, on every deal
        wins = 0
        for deal in itertools.permutations(range(6)):
            wins += first_match_wins(board, list(deal), mercy)
        assert Fraction(wins, 720) <= optimum


def first_match_wins(board, tile_at, mercy) -> bool:
    present = board.start
    top = tile_at[board.top]
    open_mask = board.opened(present)
    if mercy and not any(
        board.match[top] >> tile_at[p] & 1 for p in range(6) if open_mask >> p & 1
    ):
        p = (open_mask & -open_mask).bit_length() - 1
        tile_at = list(tile_at)
        tile_at[p], tile_at[board.top] = top, tile_at[p]
        top = tile_at[board.top]
    while present:
        choices = [p for p in range(6) if open_mask >> p & 1 and board.match[top] >> tile_at[p] & 1]
        if not choices:
            return False
        p = choices[0]
        present &= ~(1 << p)
        open_mask = (open_mask & ~(1 << p)) | board.unlocked(p, present)
        top = tile_at[p]
    return True


def test_the_clairvoyant_on_a_board_agrees_with_the_temple_solver():
    from tilegames.tula.solver import winnable

    board = tula_board()
    for seed in range(40):
        deal = np.random.default_rng(seed).permutation(24).tolist()
        for mercy in (False, True):
            assert solve(board, deal, mercy) == winnable(deal, mercy)


@pytest.mark.parametrize("suits, values", [(2, 3), (3, 2)])
@pytest.mark.parametrize("mercy", [False, True])
def test_the_expert_playing_exactly_wins_the_optimum_over_every_deal(suits, values, mercy):
    """Played forward deal by deal, seeing only face-up tiles, the expert's exact mode wins
    exactly the share the expectimax promises: the information states model the real game."""
    board = row_pyramid(3, suits, values)
    wins = sum(
        play_board(board, list(deal), mercy, np.random.default_rng(0), exact_below=99) == 6
        for deal in itertools.permutations(range(6))
    )
    assert Fraction(wins, 720) == optimal_win_rate(board, mercy)
