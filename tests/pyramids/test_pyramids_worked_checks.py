"""Every worked check of the spec (../shared/rules/flaming-pyramids.md), by name."""

from __future__ import annotations

import pytest

from tilegames.errors import IllegalMove
from tilegames.pyramids import TILES, Game, Rules, new_game
from tilegames.pyramids.tiles import supported_ok, tile_id


def names(*tiles: str) -> tuple[str, ...]:
    return tuple(tiles)


def test_blue_60_on_blue_20_and_red_40_is_legal():
    assert supported_ok(tile_id("blue 60"), tile_id("blue 20"), tile_id("red 40"))
    game = Game.from_position({(0, 0): "blue 20", (0, 2): "red 40"}, hands=[["blue 60"], ["red 2"]])
    game.play("blue 60 @ 1,1")
    assert game.pyramid == {(1, 1): "blue 60", (0, 0): "blue 20", (0, 2): "red 40"}
    assert [e.kind for e in game.turn_events(1)] == ["place"]
    assert game.turn_player == 1


def test_blue_60_is_illegal_once_it_outweighs_its_supports():
    # the same colours, but 60 > 20 + 30: the weight half of the rule is checked too
    assert not supported_ok(tile_id("blue 60"), tile_id("blue 20"), tile_id("red 30"))


def _burner_position():
    pyramid = {(0, -2): "blue 6", (0, 0): "yellow 2", (0, 2): "green 4", (0, 4): "red 100"}
    return Game.from_position(pyramid, hands=[["red burner", "red 2"], ["blue 2"]])


def test_red_burner_on_yellow_2_and_green_4_collapses():
    assert not supported_ok(tile_id("red burner"), tile_id("yellow 2"), tile_id("green 4"))
    game = _burner_position()
    pile_before = game.pile(0)
    game.play("red burner @ 1,1")
    # both supports go under the acting player's pile, the left support first
    assert game.pile(0) == pile_before + ("yellow 2", "green 4")
    assert [e.kind for e in game.turn_events()] == ["place", "collapse"]
    # the burner is in the air: the player chooses where it falls
    assert game.falling == (1, 1) and game.to_move == 0
    assert [str(m) for m in game.legal_moves()] == ["fall left", "fall right"]


def test_red_burner_falls_left_and_then_burns_its_new_neighbour():
    game = _burner_position()
    pile_before = game.pile(0)
    game.play("red burner @ 1,1")
    game.play("fall left")  # lands at (0,0), beside blue 6 (straw)
    assert [e.kind for e in game.turn_events(1)] == ["place", "collapse", "fall", "fire"]
    assert "blue 6" in game.pile(0) and "blue 6" not in game.pyramid.values()
    assert "red burner" in game.removed
    assert game.pyramid == {(0, 4): "red 100"}
    # the refill drew from the top; the debris lies at the bottom in scan order
    assert game.pile(0)[-3:] == ("yellow 2", "green 4", "blue 6")
    assert len(game.pile(0)) == len(pile_before) + 3 - 4


def test_red_burner_falls_right_beside_stone_and_burns_nothing():
    game = _burner_position()
    game.play("red burner @ 1,1")
    game.play("fall right")  # lands at (0,2), beside red 100: stone never burns
    assert [e.kind for e in game.turn_events(1)] == ["place", "collapse", "fall"]
    assert game.pyramid == {(0, -2): "blue 6", (0, 2): "red burner", (0, 4): "red 100"}


def test_millstone_on_red_100_and_blue_120_is_legal():
    assert supported_ok(tile_id("millstone"), tile_id("red 100"), tile_id("blue 120"))
    game = Game.from_position(
        {(0, 0): "red 100", (0, 2): "blue 120"}, hands=[["millstone"], ["red 2"]]
    )
    game.play("millstone @ 1,1")
    assert game.pyramid[(1, 1)] == "millstone" and game.turn_events(1)[-1].kind == "place"


def test_millstone_on_red_100_and_blue_60_collapses():
    assert not supported_ok(tile_id("millstone"), tile_id("red 100"), tile_id("blue 60"))
    game = Game.from_position(
        {(0, 0): "red 100", (0, 2): "blue 60"}, hands=[["millstone"], ["red 2"]]
    )
    game.play("millstone @ 1,1")
    assert game.pile(0)[-2:] == ("red 100", "blue 60")
    assert game.falling == (1, 1)


def _coal_position(rules=None):
    # The spec's position. As written, (0,6) is not a place to play: the spot (1,1)
    # above blue 10 and red 6 must be used. Blue 100 at (0,8) makes (0,6) a row-0
    # gap, so the coal can be played there; blue 100 is stone and burns in no case.
    pyramid = {
        (0, 0): "blue 10",
        (0, 2): "red 6",
        (0, 4): "yellow 4",
        (0, 8): "blue 100",
        (1, 3): "yellow 10",
    }
    return Game.from_position(pyramid, hands=[["green coal", "red 2"], ["blue 2"]], rules=rules)


def test_green_coal_at_0_6_burns_the_straws_and_yellow_10_falls():
    game = _coal_position()
    assert (0, 6) in game.spots() and (1, 1) in game.spots()
    pile_before = game.pile(0)
    game.play("green coal @ 0,6")
    kinds = [e.kind for e in game.turn_events()]
    assert kinds == ["place", "fire"]
    # yellow 4 and red 6 burn, to the acting player's pile, in scan order
    assert game.pile(0) == pile_before + ("red 6", "yellow 4")
    # the woods do not burn; the coal leaves the game
    assert game.removed == ("green coal",)
    assert game.pyramid == {(1, 3): "yellow 10", (0, 0): "blue 10", (0, 8): "blue 100"}
    # yellow 10 is in the air and falls to (0,2) or (0,4) as the acting player chooses
    assert game.falling == (1, 3) and game.to_move == 0
    left = game.copy()
    left.play("fall left")
    assert left.pyramid[(0, 2)] == "yellow 10"
    game.play("fall right")
    assert game.pyramid[(0, 4)] == "yellow 10"
    assert game.turn_player == 1


def test_curse_yellow_20_on_red_20_and_blue_20():
    assert supported_ok(
        tile_id("yellow 20"), tile_id("red 20"), tile_id("blue 20")
    )  # legal by weight
    pyramid = {(0, 0): "red 20", (0, 2): "blue 20"}
    hands = [["red 2"], ["yellow 20", "red 4"], ["blue 4"]]
    game = Game.from_position(pyramid, hands=hands, to_move=1, rules=Rules(curse=True))
    before = game.pile(0)
    game.play("yellow 20 @ 1,1")
    assert [e.kind for e in game.turn_events()] == ["place", "curse"]
    # the three go under the previous player's pile (the player before player 1)
    assert game.pile(0) == before + ("yellow 20", "red 20", "blue 20")
    assert game.pyramid == {}
    assert game.turn_player == 2


def test_curse_is_off_by_default():
    pyramid = {(0, 0): "red 20", (0, 2): "blue 20"}
    game = Game.from_position(pyramid, hands=[["yellow 20"], ["red 4"]])
    game.play("yellow 20 @ 1,1")
    assert game.pyramid[(1, 1)] == "yellow 20"


def _six_player_deal():
    ids = [t.name for t in TILES]
    fire = {"yellow coal", "green coal", "red burner", "blue burner"}
    leftovers = ["yellow 2", "red 4", "green 6"]
    rest = [n for n in ids if n not in leftovers]
    assert not fire & set(leftovers)
    piles = [rest[i * 7 : (i + 1) * 7] for i in range(6)]
    return Game.from_deal(piles, leftovers=leftovers, first_player=0)


def test_six_players_no_fire_tile_among_the_3_leftovers():
    game = _six_player_deal()
    assert game.scores == [7] * 6
    assert game.hand_sizes == [5] * 6 and game.pile_sizes == [2] * 6
    assert game.pyramid == {(0, 0): "yellow 2", (0, 2): "red 4", (0, 4): "green 6"}
    # the first player must use one of the two spots (1,1), (1,3)
    assert game.spots() == [(1, 1), (1, 3)]
    assert {m.position for m in game.legal_moves()} == {(1, 1), (1, 3)}
    tile = game.hand(0)[0]
    with pytest.raises(IllegalMove, match="spot"):
        game.play(f"{tile} @ 0,6")
    with pytest.raises(IllegalMove, match="spot"):
        game.play(f"{tile} @ 0,-2")
    assert game.history == []


def test_six_players_seeded_deal_gives_7_tiles_each_and_3_leftovers():
    for seed in range(30):
        game = new_game(seed=seed, players=6)
        assert game.scores == [7] * 6
        assert len(game.pyramid) + len(game.removed) == 3
        if not game.removed:
            assert list(game.pyramid) == [(0, 0), (0, 2), (0, 4)]
            assert game.spots() == [(1, 1), (1, 3)]
            return
    pytest.fail("no seed among 30 dealt 3 leftovers without a fire tile")


def test_a_tile_stacked_on_a_tile_that_falls_does_not_fall_with_it():
    # red 10 (wood) on red 6 and red 4 (straws); red 2 overhangs on red 10 (same colour, lighter).
    pyramid = {(0, 0): "red 6", (0, 2): "red 4", (1, 1): "red 10", (2, 2): "red 2"}
    game = Game.from_position(pyramid, hands=[["yellow coal", "blue 2"], ["blue 4"]])
    assert game.spots() == [(0, -2), (0, 4)]  # no spot: row 0 is extended
    game.play("yellow coal @ 0,4")  # burns red 4 and red 6: red 10 is in the air
    assert game.removed == ("yellow coal",)
    assert game.falling == (1, 1)
    game.play("fall left")
    # red 2 did not fall with red 10: it is still at (2,2), now in the air ...
    assert game.pyramid[(2, 2)] == "red 2" and game.pyramid[(0, 0)] == "red 10"
    assert game.falling == (2, 2)
    assert [e.kind for e in game.turn_events()][-1] == "fall"
    # ... and falls one row in a later event
    game.play("fall left")
    assert game.pyramid == {(1, 1): "red 2", (0, 0): "red 10"}
    assert game.turn_player == 1
