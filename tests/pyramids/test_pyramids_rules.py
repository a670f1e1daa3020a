"""Rules beyond the worked checks: explosions, the fire cube, the [choice] switches, the end."""

from __future__ import annotations

import json

import pytest

from tilegames.errors import IllegalMove, InvalidPosition
from tilegames.pyramids import TILES, Game, Move, Rules, new_game
from tilegames.pyramids.tiles import key, position, touching


def test_forty_five_tiles_as_the_component_list_says():
    assert len(TILES) == 45
    regular = [t for t in TILES if t.id < 40]
    assert sorted(t.weight for t in regular if t.material == "straw") == sorted([2, 4, 6] * 4)
    assert sum(t.material == "wood" for t in regular) == 16
    assert sum(t.material == "stone" for t in regular) == 12
    assert len({(t.colours, t.weight) for t in TILES}) == 45
    assert [t.name for t in TILES[40:]] == [
        "millstone",
        "yellow coal",
        "green coal",
        "red burner",
        "blue burner",
    ]
    assert [t.weight for t in TILES[40:]] == [200, 1, 1, 7, 7]
    assert TILES[40].colours == ("yellow", "red", "green", "blue")


def test_lattice_keys_round_trip_and_touching():
    for r in range(0, 9):
        for x in range(-40 + r % 2, 40, 2):
            assert position(key(r, x)) == (r, x)
    assert set(touching(2, 0)) == {(2, -2), (2, 2), (1, -1), (1, 1), (3, -1), (3, 1)}


def test_move_notation_round_trips():
    for text in [
        "yellow 20 @ 1,3",
        "millstone @ 0,-4",
        "red burner @ 2,2",
        "fall left",
        "fall right",
    ]:
        move = Move.parse(text)
        assert str(move) == text and Move.parse(str(move)) == move
        assert eval(repr(move)) == move


@pytest.mark.parametrize(
    "text, words",
    [
        ("banana @ 1,1", "not a tile"),
        ("yellow 20 @ 1", "r,x"),
        ("fall up", "left"),
        ("yellow 20", "@"),
    ],
)
def test_bad_notation_is_refused_with_a_reason(text, words):
    with pytest.raises(IllegalMove, match=words):
        Move.parse(text)


def test_empty_table_and_one_tile():
    game = Game.from_position({}, hands=[["red 2", "red 4"], ["blue 2"]])
    assert game.spots() == [(0, 0)]
    game.play("red 2 @ 0,0")
    assert game.spots() == [(0, -2), (0, 2)]


def test_illegal_moves_are_refused_and_change_nothing():
    game = _explosion_position()
    before = game.to_dict(), game.pile(0), game.pyramid
    for move, words in [
        ("blue 4 @ 1,1", "not in player 0's hand"),
        ("blue burner @ 1,2", "parity"),
        ("blue burner @ 0,0", "taken"),
        ("blue burner @ 2,2", "not a place to play"),
        ("fall left", "nothing is falling"),
    ]:
        with pytest.raises(IllegalMove, match=words):
            game.play(move)
        assert (game.to_dict(), game.pile(0), game.pyramid) == before


def test_a_fall_must_be_chosen_before_anything_else():
    game = Game.from_position(
        {(0, 0): "yellow 2", (0, 2): "green 4"}, hands=[["red burner", "red 2"], ["blue 2"]]
    )
    game.play("red burner @ 1,1")
    with pytest.raises(IllegalMove, match="in the air"):
        game.play("red 2 @ 0,4")


def _explosion_position(rules=None):
    pyramid = {(0, -2): "red 60", (0, 0): "red burner", (0, 2): "blue 100", (0, 4): "yellow 2"}
    return Game.from_position(pyramid, hands=[["blue burner", "red 2"], ["blue 2"]], rules=rules)


def test_explosion_of_touching_fire_tiles():
    game = _explosion_position()
    before = game.pile(0)
    game.play("blue burner @ 1,1")  # legal (blue, 7 <= 107), touches the red burner
    assert [e.kind for e in game.turn_events(1)] == ["place", "explosion"]
    assert game.removed == ("blue burner", "red burner")  # scan order: row 1 first
    assert game.pile(0)[: len(before) - 4] == before[4:]
    assert game.pile(0)[-2:] == ("red 60", "blue 100")
    assert game.pyramid == {(0, 4): "yellow 2"}


def _cube_position(hand, pyramid=None, dice=None):
    pyramid = pyramid or {(0, 0): "blue 6", (0, 4): "blue 100"}
    return Game.from_position(
        pyramid, hands=[hand, ["red 4"]], rules=Rules(fire_cube=True), dice=dice
    )


@pytest.mark.parametrize(
    "face, burnt, coal_stays, gone",
    [
        (1, ["blue 6"], True, []),
        (3, ["blue 6"], True, []),
        (4, ["blue 6"], False, []),
        (6, [], True, []),
    ],
)
def test_fire_cube_faces(face, burnt, coal_stays, gone):
    game = _cube_position(["yellow coal", "red 2"], dice=[face])
    before = game.pile(0)
    game.play("yellow coal @ 0,2")
    roll = [e for e in game.turn_events(1) if e.kind == "roll"]
    assert len(roll) == 1 and f"rolls {face}" in roll[0].text
    assert list(game.pile(0)[len(before) - 4 :]) == burnt
    assert ("yellow coal" in game.pyramid.values()) == coal_stays
    assert ("yellow coal" in game.removed) == (not coal_stays)


def test_fire_cube_face_5_explodes_the_fire_tile_alone():
    game = _cube_position(["yellow coal", "red 2"], dice=[5])
    before = game.pile(0)
    game.play("yellow coal @ 0,2")
    assert game.removed == ("yellow coal",)
    assert game.pile(0)[len(before) - 4 :] == (
        "blue 6",
        "blue 100",
    )  # every touching tile, stone too
    assert game.pyramid == {}


def test_without_the_fire_cube_the_coal_burns_at_once():
    game = Game.from_position(
        {(0, 0): "blue 6", (0, 4): "blue 100"}, hands=[["yellow coal"], ["red 4"]]
    )
    game.play("yellow coal @ 0,2")
    assert [e.kind for e in game.turn_events(1)] == ["place", "fire"]
    assert game.pyramid == {(0, 4): "blue 100"}


def test_fire_cube_played_straw_beside_a_fire_tile():
    game = _cube_position(
        ["red 2", "red 6"], pyramid={(0, 0): "green coal", (0, 4): "blue 100"}, dice=[2]
    )
    before = game.pile(0)
    game.play("red 2 @ 0,2")
    assert game.pile(0)[len(before) - 4 :] == ("red 2",)
    assert game.pyramid == {(0, 0): "green coal", (0, 4): "blue 100"}


def test_fire_cube_a_collapse_never_starts_a_fire():
    pyramid = {(0, -2): "blue 6", (0, 0): "yellow 2", (0, 2): "green 4", (0, 4): "red 100"}
    game = Game.from_position(
        pyramid, hands=[["red burner"], ["blue 2"]], rules=Rules(fire_cube=True), dice=[1]
    )
    game.play("red burner @ 1,1")
    game.play(
        "fall left"
    )  # beside blue 6, but no roll: the burner did not stay where it was placed
    assert [e.kind for e in game.turn_events(1)] == ["place", "collapse", "fall"]
    assert game.pyramid == {(0, -2): "blue 6", (0, 0): "red burner", (0, 4): "red 100"}
    assert game._rolls == 0


def test_fire_cube_seeded_rolls_replay():
    rules = Rules(fire_cube=True)
    for seed in range(40):
        game = new_game(seed=seed, rules=rules, players=3)
        while not game.is_over and game._rolls == 0:
            game.play(game.legal_moves()[seed % len(game.legal_moves())])
        if game._rolls:
            again = Game.from_dict(json.loads(game.to_json()))
            assert again.log == game.log and again.pyramid == game.pyramid
            return
    pytest.fail("no seeded game among 40 rolled the fire cube")


def _overhang_position(rules=None):
    pyramid = {(0, 0): "blue 60", (0, 2): "red 4", (1, 1): "red 30"}
    return Game.from_position(pyramid, hands=[["yellow coal"], ["blue 2"]], rules=rules)


def test_overhang_that_breaks_its_rule_loses_its_support():
    game = _overhang_position()
    before = game.pile(0)
    game.play("yellow coal @ 0,4")  # burns red 4; red 30 overhangs on blue 60: wrong colour
    kinds = [e.kind for e in game.turn_events(1)]
    assert kinds == ["place", "fire", "overhang"]
    assert game.pile(0)[len(before) :] == ("red 4", "blue 60")
    assert game.falling == (1, 1)


def test_overhang_slide_variant():
    game = _overhang_position(Rules(overhang_collapse="slide"))
    game.play("yellow coal @ 0,4")
    assert [e.kind for e in game.turn_events(1)] == ["place", "fire", "overhang"]
    assert game.pyramid == {(0, 0): "blue 60", (0, 2): "red 30"}
    assert game.turn_player == 1


def test_row0_gap_choice():
    pyramid = {(0, 0): "blue 60", (0, 6): "red 60"}
    hands = [["red 2"], ["blue 2"]]
    assert Game.from_position(pyramid, hands).spots() == [(0, 2), (0, 4)]
    single = Game.from_position(pyramid, hands, rules=Rules(row0_gaps="single"))
    assert single.spots() == [(0, -2), (0, 8)]
    narrow = {(0, 0): "blue 60", (0, 4): "red 60"}
    assert Game.from_position(narrow, hands, rules=Rules(row0_gaps="single")).spots() == [(0, 2)]


@pytest.mark.parametrize("debris, receiver", [("previous", 0), ("turn", 1)])
def test_curse_debris_choice(debris, receiver):
    pyramid = {(0, 0): "red 20", (0, 2): "blue 20", (0, 4): "green 100", (1, 3): "blue 60"}
    hands = [["red 2"], ["yellow 20", "red 4"], ["blue 4"]]
    game = Game.from_position(
        pyramid, hands, to_move=1, rules=Rules(curse=True, curse_debris=debris)
    )
    piles = [game.pile(p) for p in range(3)]
    game.play("yellow 20 @ 1,1")
    assert [e.kind for e in game.turn_events(1)] == ["place", "curse", "overhang"]
    assert game.pile(0)[len(piles[0]) : len(piles[0]) + 3] == ("yellow 20", "red 20", "blue 20")
    assert game.pile(receiver)[-1] == "green 100"
    # the previous player is the acting player: he chooses the fall
    assert game.falling == (1, 3) and game.to_move == 0 and game.turn_player == 1
    game.play("fall right")
    assert game.turn_player == 2 and game.to_move == 2


def test_win_when_hand_and_pile_are_empty():
    rest = [t.name for t in TILES if t.name not in ("blue 60", "red 2", "blue 20", "red 40")]
    game = Game.from_deal(
        [[], rest],
        [],
        0,
        hands=[["blue 60"], ["red 2"]],
        pyramid={(0, 0): "blue 20", (0, 2): "red 40"},
    )
    game.play("blue 60 @ 1,1")
    assert game.is_over and game.won and game.winner == 0
    assert game.legal_moves() == [] and game.to_move is None
    assert game.ranking == [1, 2]
    with pytest.raises(IllegalMove, match="over"):
        game.play("red 2 @ 0,4")


def test_turn_cap_ends_with_no_winner_and_shared_ranks():
    game = new_game(seed=5, players=4, turn_cap=4)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert game.turns == 4 and game.winner is None and not game.won
    scores = game.scores
    assert game.ranking == [1 + sum(s < mine for s in scores) for mine in scores]
    assert "turn cap" in game.status()


def test_leftover_fire_tiles_are_removed():
    names = [t.name for t in TILES if t.name != "green coal"]
    game = Game.from_deal([names[:22], names[22:]], leftovers=["green coal"])
    assert game.removed == ("green coal",) and game.pyramid == {}
    assert game.spots() == [(0, 0)]


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda d: d["deal"]["piles"][0].append("yellow 2"), "deal.piles[0]"),
        (lambda d: d["deal"]["piles"][1].pop(), "missing"),
        (lambda d: d["deal"].update(first_player=7), "deal.first_player"),
        (lambda d: d["deal"]["rules"].update(curse="yes"), "deal.rules"),
        (lambda d: d["deal"]["rules"].update(colour=True), "deal.rules"),
        (lambda d: d["deal"].update(dice=[7]), "deal.dice"),
        (lambda d: d["deal"].update(rng={"x": 1}), "deal.rng"),
        (lambda d: d["deal"].update(pyramid=[[1, 2, "red 2"]]), "deal.pyramid"),
        (lambda d: d["moves"].append("fall sideways"), "moves[0]"),
        (lambda d: d.update(game="tula"), "game"),
    ],
)
def test_bad_saved_games_name_the_field(change, field):
    data = json.loads(new_game(seed=3).to_json())
    change(data)
    with pytest.raises(InvalidPosition, match=field.replace("[", r"\[").replace("]", r"\]")):
        Game.from_dict(data)


def test_unsettled_pyramid_is_refused():
    with pytest.raises(InvalidPosition, match="not settled"):
        Game.from_position({(1, 1): "red 2"}, hands=[["blue 2"], ["blue 4"]])


def test_player_view_hides_other_hands_and_piles():
    game = new_game(seed=8, players=3)
    view = game.player_view(1)
    assert view.hand == game.hand(1)
    assert view.hand_sizes == (5, 5, 5) and view.pile_sizes == (10, 10, 10)
    assert not hasattr(view, "piles") and not hasattr(view, "hands")
    assert view.legal_moves == (() if game.to_move != 1 else tuple(game.legal_moves()))
    assert list(game.player_view().legal_moves) == game.legal_moves()


def test_rules_presets_and_validation():
    assert Rules.standard() == Rules()
    assert Rules.online().curse and Rules.online().fire_cube
    with pytest.raises(ValueError):
        Rules(row0_gaps="some")
    with pytest.raises(ValueError):
        Rules(turn_cap=0)
    with pytest.raises(ValueError):
        new_game(players=7)


def test_built_positions_round_trip_mid_mayhem_with_scripted_dice():
    pyramid = {(0, -2): "blue 6", (0, 0): "yellow 2", (0, 2): "green 4", (0, 4): "red 100"}
    game = Game.from_position(
        pyramid, hands=[["red burner", "red 2"], ["blue 2"]], rules=Rules.online(), dice=[4, 2]
    )
    game.play("red burner @ 1,1")
    assert game.falling == (1, 1)
    data = json.loads(game.to_json())
    assert data["deal"]["dice"] == [4, 2] and data["moves"] == ["red burner @ 1,1"]
    again = Game.from_dict(data)
    assert again == game and again.falling == (1, 1) and again.log == game.log
    again.play("fall left")
    game.play("fall left")
    assert again == game and again.pyramid == game.pyramid


def test_from_deal_refuses_a_tile_dealt_twice_or_missing():
    names = [t.name for t in TILES]
    with pytest.raises(InvalidPosition, match="missing"):
        Game.from_deal([names[:22], names[22:44]])
    with pytest.raises(InvalidPosition, match="already in"):
        Game.from_deal([names[:23], names[22:]])
    with pytest.raises(InvalidPosition, match="2 to 6 players"):
        Game.from_deal([names])


def test_undo_after_a_fast_playout_is_refused_not_half_done():
    from tilegames.errors import IllegalMove
    from tilegames.pyramids import new_game
    from tilegames.pyramids.players import CarefulPlayer, play_game

    game = new_game(seed=1, players=2)
    game.play(game.legal_moves()[0])
    play_game(game, [CarefulPlayer(), CarefulPlayer()], seed=0, checked=False)
    before = game.to_dict()
    with pytest.raises(IllegalMove, match="without undo records"):
        game.undo()
    assert game.to_dict() == before


def test_a_deal_with_an_empty_hand_is_refused():
    from tilegames.errors import InvalidPosition
    from tilegames.pyramids.rules import Game

    with pytest.raises(InvalidPosition, match=r"deal.hands\[1\]: empty"):
        Game.from_position({(0, 0): "yellow 2", (0, 2): "green 4"}, hands=[["red burner"], []])
