"""Tri-Ominos: every worked check of the spec, by name, plus the rules around them."""

from __future__ import annotations

import itertools

import pytest

from tilegames.errors import IllegalMove, InvalidPosition
from tilegames.triominos import Board, Game, Move, Rules, cells_around, corners, new_game
from tilegames.triominos.lattice import (
    FITS,
    TILE_ID,
    TILES,
    VALUE,
    CellGeometry,
    cell_key,
    geometry,
    pattern_index,
    rotations,
)

# -- worked checks ---------------------------------------------------------------------------


def test_worked_check_56_tiles():
    assert len(TILES) == 56 == len(set(TILES))
    triples = [t for t in TILES if len(set(t)) == 1]
    pairs = [t for t in TILES if len(set(t)) == 2]
    distinct = [t for t in TILES if len(set(t)) == 3]
    assert (len(triples), len(pairs), len(distinct)) == (6, 30, 20)
    for number in range(6):
        assert sum(1 for t in TILES if number in t) == 21
    assert sum(sum(t) for t in TILES) == 420
    # every multiset {a <= b <= c} of 0-5 exactly once, written clockwise from the smallest
    multisets = set(itertools.combinations_with_replacement(range(6), 3))
    assert {tuple(sorted(t)) for t in TILES} == multisets
    assert all(t[0] == min(t) for t in TILES)


def _corner_only_position(hand_tile: str) -> Game:
    # 1-1-1 in up cell (0,0) shows 1 at (1,0) and (2,1); 2-2-2 in down cell (0,3) shows 2 at
    # (3,0), a point of down cell (0,1) that (0,3) touches by that corner only.
    rest = [
        t for t in TILES if t not in {(1, 1, 1), (2, 2, 2), tuple(map(int, hand_tile.split("-")))}
    ]
    return Game.from_deal(
        [[hand_tile], ["5-5-5"]],
        [f"{a}-{b}-{c}" for a, b, c in rest if (a, b, c) != (5, 5, 5)],
        board=["1-1-1 @ 0,0 r0", "2-2-2 @ 0,3 r0"],
    )


def test_worked_check_corner_only_contact_is_enforced():
    game = _corner_only_position("1-1-3")
    before = game.to_dict()
    # edges match (0,0): corners (1,0) and (2,1) get 1 and 1; but (3,0) shows 2 from (0,3)
    move = Move.parse("1-1-3 @ 0,1 r2")
    edge_numbers = [n for p, n in zip(corners((0, 1)), (1, 3, 1)) if p in corners((0, 0))]
    assert edge_numbers == [1, 1]
    with pytest.raises(IllegalMove, match=r"point \(3, 0\) shows 2; this rotation puts 3 there"):
        game.play(move)
    assert game.to_dict() == before
    assert move not in game.legal_moves()
    # the tile that agrees with the corner-only contact is accepted
    game = _corner_only_position("1-1-2")
    assert Move.parse("1-1-2 @ 0,1 r2") in game.legal_moves()
    game.play("1-1-2 @ 0,1 r2")


HEXAGON = [
    "0-0-0 @ 1,1 r0",
    "0-0-1 @ 1,2 r2",
    "0-1-1 @ 1,3 r2",
    "0-0-2 @ 2,1 r0",
    "0-2-2 @ 2,2 r0",
    "0-1-2 @ 2,3 r0",
]


@pytest.mark.parametrize("row", [-128, -127, -55, -2, -1, 0, 1, 2, 9, 64, 127, 128])
def test_each_cells_geometry_moved_from_a_model_is_the_one_worked_out_for_it(row):
    # geometry() moves the tables of (0, 0) or (0, 1); CellGeometry(key) works them out afresh
    for column in range(-128, 129):
        key = cell_key((row, column))
        moved, worked_out = geometry(key), CellGeometry(key)
        for table in CellGeometry.__slots__:
            assert getattr(moved, table) == getattr(worked_out, table), (row, column, table)


def test_worked_check_six_cells_around_point_3_2():
    assert set(cells_around((3, 2))) == {(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)}
    assert all((3, 2) in corners(cell) for cell in cells_around((3, 2)))
    for last in range(6):
        others = [m for i, m in enumerate(HEXAGON) if i != last]
        # built tile by tile, in every order of the other five: none of them completes it
        board = Board()
        for text in others:
            move = Move.parse(text)
            assert board.hexagons_completed(move.cell) == 0
            board.put(move.cell, move.tile, move.rotation)
        final = Move.parse(HEXAGON[last])
        assert board.hexagons_completed(final.cell) == 1
        # and in a round, the player who places it scores the hexagon
        used = {Move.parse(t).tile for t in HEXAGON}
        pool = [f"{a}-{b}-{c}" for a, b, c in TILES if (a, b, c) not in used]
        game = Game.from_deal(
            [[f"{a}-{b}-{c}" for a, b, c in [final.tile]], [pool[0]]], pool[1:], board=others
        )
        game.play(final)
        event = game.events[-2] if game.end == "out" else game.events[-1]
        assert (event.kind, event.hexagons, event.bonus, event.points) == (
            "place",
            1,
            50,
            sum(final.tile) + 50,
        )
        assert event.bonus_kind == "hexagon"


def test_worked_check_cell_demanding_0_2_1_can_never_be_filled():
    assert FITS[pattern_index((0, 2, 1))] == ()
    # the cell (0,1) gets 0 at (1,0), 2 at (3,0) and 1 at (2,1), clockwise
    board = Board()
    board.put((0, 0), "0-1-3", 0)
    board.put((0, 2), "1-2-4", 2)
    assert board.pattern((0, 1)) == (0, 2, 1)
    for tile in TILES:
        for rotation in rotations(tile):
            assert board.why_illegal((0, 1), tile, rotation) is not None
    # the same cell demanding 0, 1, 2 clockwise is filled by 0-1-2 only
    board = Board()
    board.put((0, 0), "0-2-3", 0)
    board.put((0, 2), "1-2-2", 0)
    assert board.pattern((0, 1)) == (0, 1, 2)
    fits = [(t, r) for t in TILES for r in rotations(t) if board.why_illegal((0, 1), t, r) is None]
    assert fits == [((0, 1, 2), 0)]


BRIDGE_POSITION = ["0-1-4 @ 0,3 r0", "3-3-4 @ 1,1 r1"]


def _bridge_game(hand: list[str], board: list[str]) -> Game:
    used = {Move.parse(m).tile for m in board} | {tuple(map(int, t.split("-"))) for t in hand}
    rest = [f"{a}-{b}-{c}" for a, b, c in TILES if (a, b, c) not in used]
    return Game.from_deal([hand, rest[:3]], rest[3:], board=board)


def test_worked_check_bridge_completed():
    board = Board()
    for text in BRIDGE_POSITION:
        move = Move.parse(text)
        board.put(move.cell, move.tile, move.rotation)
    assert [board.number_at(p) for p in [(3, 0), (5, 0), (4, 1)]] == [0, 1, 4]
    assert board.number_at((2, 1)) == 4  # the apex of 3-3-4 at (1,1)
    assert board.pattern((0, 2)) == (0, 4, 4)
    assert board.makes_bridge((0, 2))
    game = _bridge_game(["0-4-4", "3-4-4", "5-5-5"], BRIDGE_POSITION)
    game.play("0-4-4 @ 0,2 r0")
    event = game.events[-1]
    assert (event.kind, event.value, event.bonus, event.points) == ("place", 8, 40, 48)
    assert event.bridge and event.bonus_kind == "bridge"


def test_worked_check_bridge_extended():
    position = [*BRIDGE_POSITION, "0-4-4 @ 0,2 r0"]
    game = _bridge_game(["3-4-4", "5-5-5"], position)
    # (1,2) matches (0,2) and (1,1) along edges; (0,3) touches it at (4,1) only
    assert game.board.pattern((1, 2)) == (4, 4, 3)
    shared = {n: set(corners((1, 2))) & set(corners(n)) for n in [(0, 2), (1, 1), (0, 3)]}
    assert [len(shared[n]) for n in [(0, 2), (1, 1), (0, 3)]] == [2, 2, 1]
    assert shared[(0, 3)] == {(4, 1)}
    assert game.board.makes_bridge((1, 2))
    game.play("3-4-4 @ 1,2 r2")
    event = game.events[-1]
    assert [game.board.number_at(p) for p in [(2, 1), (4, 1), (3, 2)]] == [4, 4, 3]
    assert (event.value, event.bonus, event.bridge, event.points) == (11, 40, True, 51)


def test_worked_check_no_bridge():
    board = Board()
    for cell in [(0, 0), (0, 1), (1, 1)]:
        assert not board.makes_bridge(cell)
        board.put(cell, "1-1-1", 0)
    assert board.why_illegal((1, 0), "1-1-1", 0) is None
    assert not board.makes_bridge((1, 0))
    assert board.hexagons_completed((1, 0)) == 0
    # the loose reading would pay it: its three corners all touch tiles
    assert board.makes_bridge((1, 0), "loose")


# -- the rest of the rules --------------------------------------------------------------------


def test_bridge_rule_variants_disagree_where_the_spec_says():
    board = Board()
    for text in BRIDGE_POSITION:
        move = Move.parse(text)
        board.put(move.cell, move.tile, move.rotation)
    # (0,2) has one edge neighbour: general and strict agree
    assert board.makes_bridge((0, 2), "general") and board.makes_bridge((0, 2), "strict")
    board.put((0, 2), "0-4-4", 0)
    # (1,2) matches two sides: general yes, strict no
    assert board.makes_bridge((1, 2), "general")
    assert not board.makes_bridge((1, 2), "strict")


def test_hand_sizes_by_number_of_players():
    for players, size in [(2, 9), (3, 7), (4, 7), (5, 6), (6, 6)]:
        game = new_game(seed=players, players=players)
        assert game.hand_sizes == (size,) * players
        assert game.pool_size == 56 - players * size
    with pytest.raises(ValueError, match="2 to 6 players"):
        new_game(seed=1, players=7)


def _tiles(names: str) -> list[str]:
    return names.split()


def _rest(*used: list[str]) -> list[str]:
    taken = {t for group in used for t in group}
    return [f"{a}-{b}-{c}" for a, b, c in TILES if f"{a}-{b}-{c}" not in taken]


def test_start_highest_triple_scores_value_plus_10():
    hands = [_tiles("4-4-4 0-1-2"), _tiles("5-5-5 3-3-3")]
    game = Game.from_deal(hands, _rest(*hands))
    assert game.to_move == 1 and game.starter == 1
    assert game.legal_moves() == [Move.parse("5-5-5 @ 0,0 r0")]
    with pytest.raises(IllegalMove, match="opens with 5-5-5"):
        game.play("3-3-3 @ 0,0 r0")
    with pytest.raises(IllegalMove, match=r"first tile goes in cell \(0, 0\)"):
        game.play("5-5-5 @ 1,1 r0")
    game.play("5-5-5 @ 0,0 r0")
    assert game.scores == [0, 25]
    assert game.events[0].bonus_kind == "start"


def test_start_with_zero_triple_scores_40():
    hands = [_tiles("1-2-3 0-1-2"), _tiles("5-5-5 0-0-0")]
    game = Game.from_deal(hands, _rest(*hands))
    assert game.legal_moves() == [Move.parse("0-0-0 @ 0,0 r0"), Move.parse("5-5-5 @ 0,0 r0")]
    game.play("0-0-0 @ 0,0 r0")
    assert game.scores == [0, 40]
    no_zero = Game.from_deal(hands, _rest(*hands), rules=Rules(zero_triple_may_start=False))
    assert no_zero.legal_moves() == [Move.parse("5-5-5 @ 0,0 r0")]


def test_start_without_triples_highest_tile_ties_next_tile_then_seat():
    hands = [_tiles("4-5-5 0-0-1"), _tiles("4-5-5".replace("4-5-5", "3-5-5") + " 0-0-2")]
    game = Game.from_deal(
        hands,
        [t for t in _rest(*hands) if t not in {f"{n}-{n}-{n}" for n in range(6)}]
        + [f"{n}-{n}-{n}" for n in range(6)],
    )
    assert game.to_move == 0
    assert {str(m) for m in game.legal_moves()} == {
        "4-5-5 @ 0,0 r0",
        "4-5-5 @ 0,0 r1",
        "4-5-5 @ 0,0 r2",
    }
    game.play("4-5-5 @ 0,0 r1")
    assert game.scores == [14, 0]  # no bonus without a triple
    # equal highest tiles: the next-highest decides, then the earlier seat
    hands = [_tiles("3-5-5 0-0-1"), _tiles("4-4-5 0-0-2")]
    pool = [t for t in _rest(*hands) if len(set(t.split("-"))) > 1 or t == "x"]
    pool += [f"{n}-{n}-{n}" for n in range(6)]
    assert Game.from_deal(hands, pool).to_move == 1
    hands = [_tiles("3-5-5 0-0-2"), _tiles("4-4-5 0-0-1")]
    pool = [t for t in _rest(*hands) if len(set(t.split("-"))) > 1] + [
        f"{n}-{n}-{n}" for n in range(6)
    ]
    assert Game.from_deal(hands, pool).to_move == 0


def _stuck_game(rules: Rules, pool_tiles: list[str] | None = None) -> Game:
    # player 0 opens with 5-5-5; player 1 holds only tiles without a 5 and must draw
    hands = [_tiles("5-5-5 0-0-0"), _tiles("0-1-1 0-1-2")]
    rest = _rest(*hands)
    fives = [t for t in rest if "5" in t]
    others = [t for t in rest if "5" not in t]
    fits = [t for t in fives if t.endswith("5-5")]
    pool = others[:4] + fits + [t for t in fives if t not in fits] + others[4:]
    return Game.from_deal(hands, pool, rules=rules)


def test_draw_until_you_can_place_seed_preset():
    game = _stuck_game(Rules.seed())
    game.play("5-5-5 @ 0,0 r0")
    assert game.legal_moves() == [Move.parse("draw")]
    with pytest.raises(IllegalMove, match="may not pass while you can still draw"):
        game.play("pass")
    for _ in range(4):
        game.play("draw")
        assert game.legal_moves() == [Move.parse("draw")]
    game.play("draw")  # the fifth tile, 0-5-5, fits next to 5-5-5
    assert {m.tile for m in game.legal_moves()} == {(0, 5, 5)}
    assert game.scores[1] == -25
    with pytest.raises(IllegalMove, match="you can place a tile, so you may not draw"):
        game.play("draw")
    assert [e.kind for e in game.events] == ["start"] + ["draw"] * 5
    game.play(game.legal_moves()[0])
    assert game.scores[1] == -25 + 10 and game.to_move == 0


def test_pressman_draws_three_then_passes_for_minus_25():
    game = _stuck_game(Rules.pressman())
    game.play("5-5-5 @ 0,0 r0")
    for _ in range(3):
        game.play("draw")
    assert game.legal_moves() == [Move.parse("pass")]
    with pytest.raises(IllegalMove, match="drawn 3 tiles"):
        game.play("draw")
    game.play("pass")
    assert game.scores[1] == -25 and game.to_move == 0
    assert game.breakdown()[1]["draw_penalty"] == -15
    assert game.breakdown()[1]["pass_penalty"] == -10


def test_going_out_scores_25_plus_opponents_tiles():
    hands = [_tiles("5-5-5"), _tiles("0-1-1 0-1-2")]
    game = Game.from_deal(hands, _rest(*hands))
    game.play("5-5-5 @ 0,0 r0")
    assert game.is_over and game.end == "out" and game.winner == 0
    assert game.scores == [15 + 10 + 25 + 2 + 3, 0]
    assert game.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        game.play("draw")


def _worth(tiles: list[str]) -> int:
    return sum(sum(map(int, t.split("-"))) for t in tiles)


def _blocked_split(wanted) -> tuple[list[str], list[list[str]]]:
    """A board where nobody can place, and two hands of stuck tiles for which ``wanted`` holds.

    The board and the stuck tiles come from seeded greedy rounds that ended blocked;
    any split of the stuck tiles between the players is blocked too.
    """
    from tilegames.triominos.players import GreedyPlayer, play_out

    for seed in range(2000):
        game = new_game(seed=seed, players=2)
        play_out(game, [GreedyPlayer(), GreedyPlayer()])
        stuck = [f"{a}-{b}-{c}" for hand in game.hands for a, b, c in hand]
        if game.end != "blocked" or not 4 <= len(stuck) <= 12:
            continue
        board = [str(Move("place", t, c, r)) for c, t, r in game.board.placements()]
        for bits in range(1, 2 ** len(stuck) - 1):
            first = [t for i, t in enumerate(stuck) if bits >> i & 1]
            second = [t for i, t in enumerate(stuck) if not bits >> i & 1]
            if wanted(first, second):
                return board, [first, second]
    raise AssertionError("no blocked round found")


def test_blocked_round_fewest_tiles_wins_seed_lowest_value_pressman():
    def disagree(first, second):
        return len(first) < len(second) and _worth(first) > _worth(second)

    board, hands = _blocked_split(disagree)
    values = [_worth(h) for h in hands]
    seed_game = Game.from_deal(hands, [], board=board, rules=Rules.seed())
    assert seed_game.is_over and seed_game.end == "blocked"
    assert seed_game.legal_moves() == []
    # seed preset: fewest tiles wins and scores the opponents' values minus his own
    assert seed_game.winner == 0
    assert seed_game.scores == [values[1] - values[0], 0]
    assert seed_game.events[-1].kind == "blocked"
    # Pressman: the lowest total wins
    pressman = Game.from_deal(hands, [], board=board, rules=Rules.pressman())
    assert pressman.winner == 1
    assert pressman.scores == [0, values[0] - values[1]]


def test_blocked_round_tie_nobody_scores():
    def tie(first, second):
        return len(first) == len(second) and _worth(first) == _worth(second)

    board, hands = _blocked_split(tie)
    for rules in (Rules.seed(), Rules.pressman()):
        game = Game.from_deal(hands, [], board=board, rules=rules)
        assert game.end == "blocked" and game.winner is None and game.scores == [0, 0]


def test_blocked_when_the_last_draw_leaves_nobody_able_to_place():
    board, hands = _blocked_split(lambda first, second: len(first) >= 2 and len(second) >= 1)
    # the same position with one stuck tile still in the pool: the player must draw it
    pool = [hands[0][-1]]
    game = Game.from_deal([hands[0][:-1], hands[1]], pool, board=board, to_move=1)
    assert not game.is_over and game.legal_moves() == [Move.parse("draw")]
    game.play("draw")
    assert game.end == "blocked"
    assert game.scores[1] <= -5 or game.winner == 1


def test_notation_round_trips_and_bad_notation_is_refused():
    for text in ["1-3-4 @ 2,5 r1", "5-5-5 @ 0,0 r0", "0-0-1 @ -3,-7 r2", "draw", "pass"]:
        move = Move.parse(text)
        assert str(move) == text
        assert eval(repr(move), {"Move": Move}) == move
    for bad in ["0-2-1 @ 0,0 r0", "1-2-3 @ 0,0 r3", "5-5-5 @ 0,0 r1", "play 1-2-3", "1-2-6 @ 0,0"]:
        with pytest.raises(IllegalMove) as error:
            Move.parse(bad)
        assert bad in str(error.value) or "0-2-1" in str(error.value) or "1-2-6" in str(error.value)
    with pytest.raises(IllegalMove, match="its mirror image 0-2-1 does not"):
        Move.parse("0-2-1 @ 0,0 r0")


def test_from_deal_validates_every_field():
    hands = [_tiles("5-5-5"), _tiles("0-0-0")]
    with pytest.raises(InvalidPosition, match=r"hands\[1\]: 5-5-5 is already in hands\[0\]"):
        Game.from_deal([_tiles("5-5-5"), _tiles("5-5-5")], seed=1)
    with pytest.raises(InvalidPosition, match="pool: "):
        Game.from_deal(hands, ["0-2-1"])
    with pytest.raises(InvalidPosition, match="tiles are missing"):
        Game.from_deal(hands, ["1-1-1"])
    with pytest.raises(InvalidPosition, match="2 to 6 players"):
        Game.from_deal([hands[0]], seed=1)
    with pytest.raises(InvalidPosition, match=r"board\[1\]: point"):
        Game.from_deal(hands, board=["1-1-1 @ 0,0 r0", "2-2-2 @ 0,1 r0"], seed=1)
    game = Game.from_deal(hands, seed=3)
    data = game.to_dict()
    data["deal"]["rules"]["max_draws"] = "three"
    with pytest.raises(InvalidPosition, match="deal.rules.max_draws"):
        Game.from_dict(data)
    data = game.to_dict()
    data["deal"]["pool"] = data["deal"]["pool"][1:]
    with pytest.raises(InvalidPosition, match="deal.tiles"):
        Game.from_dict(data)
    data = game.to_dict()
    data["moves"] = ["draw"]
    with pytest.raises(InvalidPosition, match=r"moves\[0\]"):
        Game.from_dict(data)


def test_player_view_hides_other_hands_and_the_pool():
    game = new_game(seed=5, players=3)
    view = game.player_view(2)
    assert list(view.hand) == game.hand(2)
    assert view.hand_sizes == (7, 7, 7) and view.pool_size == 35
    assert not hasattr(view, "pool") and not hasattr(view, "hands")
    assert list(view.legal_moves) == ([] if game.to_move != 2 else game.legal_moves())


def test_values_table():
    assert VALUE[TILE_ID[(5, 5, 5)]] == 15 and VALUE[TILE_ID[(0, 0, 0)]] == 0
    assert sum(VALUE) / 56 == 7.5


def test_placement_breakdown_attaches_the_turns_draws():
    game = _stuck_game(Rules.seed())
    game.play("5-5-5 @ 0,0 r0")
    for _ in range(5):
        game.play("draw")
    game.play(
        "0-5-5 @ 0,1 r1"
        if Move.parse("0-5-5 @ 0,1 r1") in game.legal_moves()
        else game.legal_moves()[0]
    )
    first, second = game.placement_breakdown()
    assert (first["bonus_kind"], first["turn_points"], first["draws"]) == ("start", 25, 0)
    assert (second["value"], second["draws"], second["draw_penalty"]) == (10, 5, -25)
    assert second["turn_points"] == second["points"] - 25
    assert (
        sum(r["turn_points"] for r in game.placement_breakdown() if r["seat"] == 1)
        == game.scores[1]
    )


def test_match_winner_is_the_round_winner_when_among_those_past_the_target():
    from tilegames.triominos import Match
    from tilegames.triominos.players import GreedyPlayer, play_round

    match = Match(2, rules=Rules.seed().replace(target_score=1), seed=3)
    game = play_round(match, [GreedyPlayer(), GreedyPlayer()])
    assert match.is_over and match.totals == list(game.scores)
    reached = [s for s in range(2) if match.totals[s] >= 1]
    if game.winner in reached:
        assert match.winner == game.winner
    else:
        assert match.winner == max(reached, key=lambda s: match.totals[s])
    with pytest.raises(IllegalMove, match="over"):
        match.new_round()


def test_rescored_under_bonus_variants_matches_the_breakdown():
    from tilegames.triominos.players import GreedyPlayer, play_out

    checked = 0
    for seed in range(40):
        game = new_game(seed=seed)
        play_out(game, [GreedyPlayer(), GreedyPlayer()])
        additive = game.rescored(Rules.seed().replace(hexagon_bonuses=(50, 100, 150)))
        assert additive.history == game.history and additive.end == game.end
        for before, after in zip(game.breakdown(), additive.breakdown()):
            extra = 40 * before["hexagon_2"] + 80 * before["hexagon_3"]
            assert after["total"] == before["total"] + extra
        strict = game.rescored(Rules.seed().replace(bridge_rule="strict"))
        assert sum(r["bridges"] for r in strict.breakdown()) <= sum(
            r["bridges"] for r in game.breakdown()
        )
        checked += 1
    assert checked == 40
    # seed rounds with more than three draws in a turn cannot be rescored under Pressman
    long_turns = [s for s in range(40) if _max_draws_in_a_turn(s) > 3]
    assert long_turns
    game = new_game(seed=long_turns[0])
    play_out(game, [GreedyPlayer(), GreedyPlayer()])
    with pytest.raises(IllegalMove, match="not allowed under these rules"):
        game.rescored("pressman")


def _max_draws_in_a_turn(seed: int) -> int:
    from tilegames.triominos.players import GreedyPlayer, play_out

    game = new_game(seed=seed)
    play_out(game, [GreedyPlayer(), GreedyPlayer()])
    return max(row["draws"] for row in game.placement_breakdown())
