"""Property tests over random Tula playouts (hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tilegames.tula import TILES, Game, Move, new_game
from tilegames.tula.layout import POSITIONS

seeds = st.integers(min_value=0, max_value=2**32 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10**6), min_size=0, max_size=60)
modes = st.fixed_dictionaries({"mercy": st.booleans(), "auto_reveal": st.booleans()})
ALL_MOVES = [Move(kind, p) for kind in ("reveal", "remove", "mercy") for p in POSITIONS]


def playout(seed: int, picks: list[int], mercy: bool, auto_reveal: bool):
    """Yield the game after the deal and after each random legal move."""
    game = new_game(seed, mercy=mercy, auto_reveal=auto_reveal)
    yield game
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            return
        game.play(moves[pick % len(moves)])
        yield game


def assert_every_tile_in_exactly_one_place(game: Game) -> None:
    places = [game.where_is(tile) for tile in TILES]  # raises if a tile is in 0 or 2 places
    in_temple = [p for p in places if p != "stack"]
    assert len(in_temple) == len(set(in_temple))
    assert places.count("stack") == len(game.stack)
    assert len(in_temple) + len(game.stack) == 24


@given(seeds, choices, modes)
def test_every_tile_is_always_in_exactly_one_place(seed, picks, mode):
    for game in playout(seed, picks, **mode):
        assert_every_tile_in_exactly_one_place(game)


@given(seeds, st.data())
def test_corrupt_dicts_raise_invalid_position(seed, data):
    from tilegames.errors import InvalidPosition

    game = new_game(seed)
    good = game.to_dict()
    field = data.draw(st.sampled_from(["game", "version", "deal", "moves"]))
    junk = data.draw(
        st.one_of(
            st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=3)
        )
    )
    corrupt = {**good, field: junk}
    try:
        Game.from_dict(corrupt)
    except InvalidPosition as error:
        assert field in str(error) or "moves[" in str(error)
    else:
        assert field == "moves" and junk == []  # an empty move list is a valid fresh game


@given(seeds, choices, modes)
def test_face_up_and_present_agree_with_what_the_player_sees(seed, picks, mode):
    for game in playout(seed, picks, **mode):
        view = game.player_view()
        for position in POSITIONS:
            assert game.is_face_up(position) == (position in view.face_up)
            assert game.is_present(position) == (position in view.present)
            tile = game.tile_at(position)
            assert (tile is None) == (position not in view.present)
            if game.is_face_up(position):
                assert view.visible[POSITIONS.index(position)] == tile
