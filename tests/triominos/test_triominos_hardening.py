"""Tri-Ominos regressions for issue 11 (bad input refused, saves reload) and the views of issue 10."""

from __future__ import annotations

import ast
import dataclasses
import json
import pathlib

import numpy as np
import pytest

from tilegames.errors import BadNotation, IllegalMove, InvalidPosition
from tilegames.game import GameState
from tilegames.players import play_game
from tilegames.triominos import PLAYERS, Board, Game, Move, Rules, make_player, new_game
from tilegames.triominos.board import view
from tilegames.triominos.lattice import MAX_COORD, cell_key, key_cell

# -- moves -----------------------------------------------------------------------------------------


def test_far_cells_no_longer_collide_with_near_ones():
    """Issue 11.2: ``(r+256)*512 + c+256`` made (-1, 511) the key of (0, -1)."""
    game = new_game(6)
    game.play("5-5-5 @ 0,0 r0")
    before = game.to_json()
    with pytest.raises(BadNotation, match="off the table"):
        game.play("0-0-2 @ -1,511 r0")
    with pytest.raises(BadNotation, match="off the table"):
        game.play(Move("place", (0, 0, 2), (-1, 511), 0))
    assert game.to_json() == before
    assert "(0, -1)" not in str(game.why_illegal("0-0-2 @ -1,511 r0"))
    # every cell a player may name has an exact key
    for r in (-MAX_COORD, -1, 0, 1, MAX_COORD):
        for c in (-MAX_COORD, -1, 0, 1, MAX_COORD):
            assert key_cell(cell_key((r, c))) == (r, c)
    with pytest.raises(IllegalMove, match="off the table"):
        Board().put((MAX_COORD + 1, 0), "1-1-1", 0)
    assert (0, 10**6) not in game.board


@pytest.mark.parametrize(
    "fields",
    [
        ("Place", (0, 0, 2), (0, 0), 0),  # issue 11.1: checked as a placement, applied as a pass
        ("PLACE", (0, 0, 2), (0, 0), 0),
        ("place ", (0, 0, 2), (0, 0), 0),
        ("place", (0, 0, 2), None, 0),  # issue 11.3: TypeError
        ("place", (0, 0, 2), (0,), 0),  # IndexError
        ("place", (0, 0, 2), (0.0, 0.0), 0),  # issue 11.4: saved as "@ 0.0,0.0"
        ("place", (0, 0, 2), (0, 0), True),  # saved as "rTrue"
        ("place", (0, 0, 2), (0, 0), 1.0),
        ("place", (0, 0, 2), (0, 0), 3),
        ("place", (0, 0, 2), (0, 10**4300), 0),
        ("place", (True, 2, 3), (0, 0), 0),
        ("place", (0, 0, 2.0), (0, 0), 0),
        ("place", "0-2-1", (0, 0), 0),
        ("place", None, (0, 0), 0),
        ("place", (3, 3, 3), (0, 0), 1),  # a triple has one rotation
        ("draw", (0, 0, 2), None, 0),
        ("pass", None, None, 2),
        (None, None, None, 0),
        (1, None, None, 0),
    ],
)
def test_malformed_moves_are_refused_when_made(fields):
    with pytest.raises(BadNotation):
        Move(*fields)


@pytest.mark.parametrize(
    "text",
    [
        "0-0-2 @ 0," + "9" * 4301 + " r0",  # issue 11.3: ValueError: Exceeds the limit
        "0-0-2 @ " + "9" * 20 + ",0 r0",
        "0-0-2 @ 0,0 r12",
        "0-0-2 @ 0,0 r3",
        "3-3-3 @ 0,0 r1",
        "0-2-1 @ 0,0 r0",
        "²-1-1 @ 0,0 r0",
        "place",
        "drawing",
        "",
    ],
)
def test_bad_notation_raises_bad_notation(text):
    with pytest.raises(BadNotation):
        Move.parse(text)
    game = new_game(6)
    before = game.to_json()
    with pytest.raises(BadNotation):
        game.play(text)
    assert game.to_json() == before


def test_moves_written_other_ways_are_stored_in_one_way():
    move = Move("place", [np.int64(1), 3, 4], [np.int32(2), np.int64(5)], np.int8(1))
    assert move == Move.parse("1-3-4 @ 2,5 r1") and str(move) == "1-3-4 @ 2,5 r1"
    assert type(move.cell[0]) is int and type(move.rotation) is int
    assert Move.place("1-3-4", (2, 5), 1) == move
    assert Move.parse("  1 - 3 - 4 @ +2 , 5 R1 ") == move
    assert Move.parse("DRAW") == Move("draw")


def test_every_accepted_move_saves_and_reloads_to_an_equal_game():
    """Moves written with lists, numpy numbers and tile names: accepted ones save faithfully."""
    rng = np.random.default_rng(4)
    for seed in range(8):
        game = new_game(seed, players=2 + seed % 3)
        while not game.is_over:
            move = game.legal_moves()[int(rng.integers(len(game.legal_moves())))]
            if move.kind == "place" and rng.random() < 0.5:
                move = Move(
                    "place",
                    "-".join(map(str, move.tile)),
                    [np.int64(move.cell[0]), move.cell[1]],
                    np.int16(move.rotation),
                )
            game.play(move)
            if rng.random() < 0.2:
                assert Game.from_json(game.to_json()) == game
        assert Game.from_json(json.dumps(game.to_dict())) == game


# -- saved games and rules -------------------------------------------------------------------------


def test_missing_rules_fields_are_refused():
    data = Rules.pressman().to_dict()
    del data["max_draws"]
    with pytest.raises(InvalidPosition, match="missing field"):
        Rules.from_dict(data)
    saved = new_game(3, rules="pressman").to_dict()
    del saved["deal"]["rules"]["hexagon_bonuses"]
    with pytest.raises(InvalidPosition, match="hexagon_bonuses"):
        Game.from_dict(saved)
    assert Rules.preset("pressman") == Rules.pressman()
    assert list(Rules.presets())[:2] == ["seed", "pressman"]
    assert new_game(3, rules="standard").rules == Rules.seed()  # the declared alias


def test_hand_size_is_checked_against_the_number_of_players():
    for players in (3, 4, 5, 6):
        with pytest.raises(ValueError, match="there are 56"):
            new_game(1, players=players, rules=Rules(hand_size=56 // players + 1))
        game = new_game(1, players=players, rules=Rules(hand_size=56 // players))
        assert game.hand_sizes == (56 // players,) * players
    for bad in ("9", 9.0, True, 0, 29):
        with pytest.raises(ValueError):
            Rules(hand_size=bad)
    with pytest.raises(ValueError):
        Rules(hexagon_bonuses=(50, 60))
    with pytest.raises(InvalidPosition, match="rules"):
        Game.from_deal([["5-5-5"], ["0-0-0"]], rules="pressman")


def test_positions_carry_their_scores_and_draws():
    game = new_game(5, rules="pressman")
    play_game(game, [make_player("greedy")] * 2, seed=1, max_moves=25)
    twin = game.resample_hidden(0, 3)
    assert twin.scores == game.scores and twin.draws_this_turn == game.draws_this_turn
    saved = twin.to_dict()
    assert saved["deal"]["scores"] == list(game.scores)
    assert Game.from_dict(saved) == twin
    for bad in ([1, 2, 3], ["1", 0], [1.5, 0], None):
        broken = json.loads(json.dumps(saved))
        broken["deal"]["scores"] = bad
        with pytest.raises(InvalidPosition, match="scores"):
            Game.from_dict(broken)
    broken = json.loads(json.dumps(saved))
    broken["deal"]["draws"] = 4  # Pressman allows 3
    with pytest.raises(InvalidPosition, match="draws"):
        Game.from_dict(broken)


# -- views and players -----------------------------------------------------------------------------


def _reachable(value, depth=0):
    yield value
    if depth > 5:
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _reachable(getattr(value, field.name), depth + 1)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _reachable(item, depth + 1)


def test_the_view_is_an_immutable_value_without_the_game():
    """Issue 10: ``player_view(0)._game.pool`` listed the 38 pool tiles."""
    game = new_game(seed=1)
    view = game.player_view(0)
    assert not hasattr(view, "_game") and not hasattr(view, "pool")
    assert not any(isinstance(item, GameState) for item in _reachable(view))
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = 1  # type: ignore[misc]
    with pytest.raises(IllegalMove, match="cannot change"):
        view.board.put((0, 0), "5-5-5", 0)
    with pytest.raises(TypeError):
        view.board.cells[0] = (1, 0)  # type: ignore[index]
    assert view.pool_size == 38 and view.hand_sizes == (9, 9) and len(view.hand) == 9
    hash(view)


def test_views_of_deals_differing_only_in_hidden_tiles_are_equal():
    hands = [["5-5-5", "0-1-2", "1-1-4"], ["4-4-4", "2-3-4", "0-0-5"]]
    first = Game.from_deal(hands, seed=1)
    second = Game.from_deal([hands[0], ["4-4-4", "1-2-3", "0-0-4"]], seed=2)
    assert first.player_view(0) == second.player_view(0)
    assert first.player_view(1) != second.player_view(1)
    first.play("5-5-5 @ 0,0 r0")
    second.play("5-5-5 @ 0,0 r0")
    assert first.player_view(0) == second.player_view(0)
    assert first.player_view(1) != second.player_view(1)


def test_a_view_keeps_showing_its_moment():
    game = new_game(seed=6)
    view = game.player_view(1)
    game.play(view.legal_moves[0])
    assert len(view.board) == 0 and len(game.board) == 1 and view.to_move == 1
    assert game.player_view(1) != view


def test_views_kept_through_a_round_still_show_their_moments():
    game = new_game(seed=12, players=3)
    kept = []
    while not game.is_over:
        view = game.player_view()
        kept.append((view, game.board.placements(), dict(game.board.frontier), view.best_move()))
        game.play(view.best_move())
    for view, placements, frontier, best in kept:
        assert view.board.placements() == placements and dict(view.board.frontier) == frontier
        assert view.best_move() == best and len(view.board) == len(placements)
        copy = view.board.copy()
        assert copy.placements() == placements and view.board == copy
    shown = Board.from_state(game.board.state())
    shown.snapshot()
    with pytest.raises(IllegalMove, match="never taken back"):
        shown.remove_last()  # a snapshot rebuilds its moment from the tiles placed so far
    with pytest.raises(IllegalMove, match="cannot change"):
        game.board.remove_last()


def test_view_helpers_agree_with_the_game():
    rng = np.random.default_rng(2)
    for seed in range(6):
        game = new_game(seed, players=3, rules="pressman" if seed % 2 else "seed")
        while not game.is_over:
            view = game.player_view()
            assert list(view.legal_moves) == game.legal_moves()
            for seat in range(game.players):
                if seat != game.to_move:
                    assert game.player_view(seat).legal_moves == ()
            scored = view.scored_moves()
            for points, move in scored:
                copy = game.copy()
                copy.play(move)
                scored_now = copy.events[len(game.events)]  # going out scores after it
                assert scored_now.points == points == view.points_for(move)
            if scored:
                assert view.best_move() == scored[0][1]
                tile = scored[0][1].tile
                assert view.fits(tile) == game.fits(tile)
                assert all(move.cell in view.fits(move.tile) for _, move in scored)
            else:
                assert view.best_move().kind == view.forced
            legal = game.legal_moves()
            game.play(legal[int(rng.integers(len(legal)))])


def test_players_never_change_the_game():
    """The cautious player used to write to the real board and take the tile back."""
    for name in PLAYERS:
        game = new_game(3, players=3)
        rng = np.random.default_rng(0)
        player = make_player(name)
        while not game.is_over:
            before = game.to_json(), game.board.state()
            move = player.choose(game.player_view(), rng)
            assert (game.to_json(), game.board.state()) == before
            game.play(move)
        assert game.invariant_errors() == []


def test_player_registry_and_protocol():
    assert set(PLAYERS) == {"random", "greedy", "cautious"}
    assert make_player("cautious", candidates=3).candidates == 3
    with pytest.raises(ValueError, match="unknown Tri-Ominos player"):
        make_player("perfect")
    with pytest.raises(ValueError):
        make_player("cautious", candidates=0)
    with pytest.raises(TypeError):
        make_player("random", 7)  # the generator comes with each choice, not in the constructor
    game = play_game(new_game(4), [make_player("random"), make_player("cautious")], seed=9)
    again = play_game(new_game(4), [make_player("random"), make_player("cautious")], seed=9)
    assert game.is_over and game == again


def test_resample_hidden_deals_the_unseen_tiles_again():
    game = new_game(seed=8, players=3)
    play_game(game, [make_player("greedy")] * 3, seed=0, max_moves=12)
    rng = np.random.default_rng(5)
    changed = 0
    for seat in range(3):
        view = game.player_view(seat)
        twin = game.resample_hidden(seat, rng)
        assert twin.player_view(seat) == view
        assert twin.hand(seat) == game.hand(seat) and twin.board.state() == game.board.state()
        assert twin.invariant_errors() == []
        assert Game.from_json(twin.to_json()) == twin
        changed += twin.pool != game.pool
    assert changed == 3
    # at the opening the same player opens
    fresh = new_game(seed=1, players=6)
    for seat in range(6):
        twin = fresh.resample_hidden(seat, 11)
        assert twin.to_move == fresh.to_move and twin.player_view(seat) == fresh.player_view(seat)


def test_invariant_errors_find_a_tile_in_two_places():
    game = new_game(seed=2)
    game.play(game.legal_moves()[0])
    assert game.invariant_errors() == []
    broken = game.copy()
    broken._hands[0] |= broken._hands[1] & -broken._hands[1]  # a tile of seat 1 also in seat 0's
    assert any("in 2 places" in error for error in broken.invariant_errors())
    broken = game.copy()
    broken._scores[0] += 1
    assert any("scores" in error for error in broken.invariant_errors())


def test_rules_import_nothing_from_players():
    tree = ast.parse(pathlib.Path(Game.__module__.replace(".", "/") + ".py").read_text())
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert imported and not any("players" in name for name in imported)


# -- the board view's clicks -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "target",
    [
        "hand:abc",
        "hand:",
        "hand:99",
        "hand:-1",
        "hand:١",
        "cell:1",
        "cell:a,b",
        "cell:1,2,3",
        "cell:0,999999",
        "cell:" + "9" * 5000 + ",0",
        "pool:1",
        "rotate",
        "",
        None,
        7,
        ("cell", 0, 0),
        b"pool",
    ],
)
def test_bogus_clicks_change_nothing_and_say_so(target):
    """Issue 11.12: these raised out of the handler; ``hand:99`` left ``selected=99`` behind."""
    board = view(new_game(seed=6), you=1)
    board.board.click("hand:0")
    before = (board.game.to_json(), board.selected, board.rotation)
    board.board.click(target)
    assert (board.game.to_json(), board.selected, board.rotation) == before
    assert board.log.value.count(board.NOT_CLICKABLE) == 1
    board.board.click("hand:8")  # 5-5-5: later clicks still work
    board.board.click("cell:0,0")
    assert [str(m) for m in board.game.history] == ["5-5-5 @ 0,0 r0"]
