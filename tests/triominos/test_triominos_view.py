"""The Tri-Ominos board view and pictures, driven by clicks simulated on the Python side."""

from __future__ import annotations

import re

from tilegames.triominos import Game, Move, new_game, render, view
from tilegames.triominos.board import turn_words
from tilegames.triominos.render import ascii_board, board_svg, svg, text


def _targets(markup: str) -> set[str]:
    return set(re.findall(r'data-target="([^"]+)"', markup))


def test_svg_has_clickable_cells_hand_and_pool():
    game = new_game(seed=6)
    markup = svg(game, seat=1)
    assert markup.startswith("<svg") and markup.endswith("</svg>")
    assert _targets(markup) == {"cell:0,0", "pool"} | {f"hand:{i}" for i in range(9)}
    game.play("5-5-5 @ 0,0 r0")
    markup = game._repr_svg_()
    cells = {t for t in _targets(markup) if t.startswith("cell:")}
    assert cells == {"cell:0,0", "cell:0,-1", "cell:0,1", "cell:1,0"}
    # the numbers of 5-5-5 are drawn in its corners
    assert markup.count(">5</text>") >= 3


def test_selected_tile_shows_where_it_fits_with_which_rotation():
    game = Game.from_deal([["5-5-5", "0-0-1"], ["4-5-5", "3-5-5", "0-1-2"]], seed=1)
    game.play("5-5-5 @ 0,0 r0")
    hand = game.hand(1)
    index = hand.index((4, 5, 5))
    fits = {m.cell: m.rotation for m in game.legal_moves() if m.tile == (4, 5, 5)}
    assert len(fits) == 3  # one rotation per edge of 5-5-5
    cell, rotation = sorted(fits.items())[0]
    markup = svg(game, selected=index, rotation=rotation)
    assert "4-5-5 fits here with r" in markup
    assert markup.count(f'fill="{render.FIT_FILL}"') >= 1  # green: fits as turned
    assert markup.count(f'fill="{render.OTHER_ROTATION_FILL}"') >= 1  # orange: another rotation


def test_text_board_and_ascii_art():
    assert ascii_board([((0, 0), (5, 5, 5), 0)]) == ["  5", " / \\", "5---5"]
    assert ascii_board([((0, 1), (1, 2, 3), 0)]) == ["1---2", " \\ /", "  3"]
    game = new_game(seed=6)
    game.play("5-5-5 @ 0,0 r0")
    shown = str(game)
    assert "P1 hand (8)" in shown and "pool: 38" in shown and "last move: 5-5-5 @ 0,0 r0" in shown
    assert text(game) == shown
    assert board_svg(game).count("hand:") == 0


def test_click_hand_then_cell_places_and_reports_points():
    board = view(new_game(seed=6), you=1)
    board.board.click("cell:0,0")
    assert "Select a tile" in board.log.value and board.game.history == []
    board.board.click("hand:8")
    assert board.selected == 8
    board.board.click("cell:0,0")
    assert board.game.history == [Move.parse("5-5-5 @ 0,0 r0")]
    assert "15 + start 10 = 25 points" in board.log.value
    assert "start 10" in board.scores_table.value and "P1: 25" in board.scores_table.value
    # now the opponent moves one by one
    assert board.game.to_move == 0 and not board.next_button.disabled
    board.next_button.click()
    assert len(board.game.history) >= 1 and "P0 " in board.log.value


def test_refusal_names_the_point_and_suggests_the_rotation():
    game = Game.from_deal([["5-5-5", "0-0-1"], ["4-5-5", "3-5-5", "0-1-2"]], seed=1)
    board = view(game, you=1)
    board.game.play("5-5-5 @ 0,0 r0")
    board.refresh()
    before = board.game.copy()
    fits = {m.cell: m.rotation for m in board.game.legal_moves() if m.tile == (4, 5, 5)}
    cell, good = sorted(fits.items())[0]
    board.board.click(f"hand:{board.game.hand(1).index((4, 5, 5))}")
    while board.rotation == good:
        board.rotate_button.click()
    board.board.click(f"cell:{cell[0]},{cell[1]}")
    assert board.game == before
    log = board.log.value
    # in the board's words: which corner, which neighbouring tile (no lattice points)
    assert "Refused: 4-5-5 " in log and "corner, where 5-5-5 (row 0, column 0) shows 5" in log
    assert "point (" not in log and "turned r" not in log  # rotations in words, not jargon
    assert f"it fits here {turn_words(good)}: press Rotate" in log
    while board.rotation != good:
        board.rotate_button.click()
    board.board.click(f"cell:{cell[0]},{cell[1]}")
    assert board.game.history[-1] == Move.place((4, 5, 5), cell, good)


def test_opponents_play_until_your_turn_and_draw_button():
    board = view(new_game(seed=6), you=0)
    assert board.draw_button.disabled  # P1 opens
    board.run_button.click()
    assert board.game.to_move == 0 or board.game.is_over
    board.undo_button.click()
    assert board.game.to_move == 1 or board.game.history == []
    board.new_deal(11)
    assert board.game.seed == 11 and board.game.history == []
    while not board.game.is_over:
        if board.game.to_move == 0:
            moves = board.game.legal_moves()
            if moves[0].kind == "place":
                board.act(moves[0])
            else:
                board.board.click("pool") if moves[0].kind == "draw" else board.pass_button.click()
        else:
            board.run_button.click()
    assert "round over" in board.status.value


def test_a_click_on_an_occupied_cell_says_the_cell_is_taken():
    """The engine's reason (the cell holds a tile), not a corner that happens to disagree."""
    game = Game.from_deal([["3-3-3", "0-0-1"], ["4-5-5", "3-5-5", "0-1-2"]], seed=1)
    board = view(game, you=1)
    board.game.play("3-3-3 @ 0,0 r0")
    board.refresh()
    before = board.game.copy()
    board.board.click(f"hand:{board.game.hand(1).index((4, 5, 5))}")
    board.board.click("cell:0,0")
    assert board.game == before
    assert "Refused: that cell already holds 3-3-3." in board.log.value
    assert "corner" not in board.log.value.split("already holds")[-1]


def test_a_placement_without_a_bonus_says_its_points_once():
    from tilegames.triominos import Rules

    game = Game.from_deal(
        [["0-0-1", "0-1-2"], ["1-2-3", "2-3-4", "1-1-2"]], rules=Rules(start_bonus=0), seed=1
    )
    board = view(game, you=game.to_move)
    move = next(m for m in board.game.legal_moves() if m.kind == "place")
    board.act(move)
    points = board.game.scores[board.you]
    assert f"You played {move}: {points} points." in board.log.value
    assert not re.search(r"(\d+) = \1 points", board.log.value)
