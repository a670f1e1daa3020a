"""The Maze table view and pictures, driven by clicks simulated on the Python side."""

from __future__ import annotations

import re

import pytest

from tilegames.maze import Game, Rules, new_game, view
from tilegames.maze.render import LINK, svg, text

RUNS = [f"{r}{s}" for s in "♥♣♠♦" for r in ["A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q"]]


def near_win() -> Game:
    return Game.from_deal(RUNS[:16] + [None] + RUNS[17:] + [None] * 5 + ["5♣"])


def test_every_slot_is_clickable_once_as_slot_n():
    picture = svg(new_game(seed=1))
    targets = re.findall(r'data-target="([^"]+)"', picture)
    assert sorted(targets, key=lambda t: int(t.split(":")[1])) == [f"slot:{n}" for n in range(54)]


def test_picture_shows_cards_gaps_and_one_bar_per_scoring_link():
    game = new_game(seed=2)
    picture = svg(game)
    assert picture.count("maze-gap") == 6 and picture.count("maze-card") == 48
    for card in game.slots:
        if card is not None:
            assert card.name in picture  # each card has its tooltip
    bars = picture.count(f'stroke="{LINK}"')
    expected = sum(1 if b // 9 == a // 9 and b > a else 2 for a, b in game.links())
    assert bars == expected
    assert f"score {game.score} of 48" in picture


def test_selected_card_highlights_exactly_its_legal_gaps():
    game = new_game(seed=1)
    move = game.legal_moves()[0]
    slot = game.slot_of(move.card)
    picture = svg(game, selected=slot)
    highlighted = re.findall(r"slot (\d+): empty \(you may move the card here\)", picture)
    assert sorted(map(int, highlighted)) == game.targets_of(move.card)


def test_click_card_then_gap_moves_it_and_redraws():
    table = view(new_game(seed=1))
    game = table.game
    move = game.legal_moves()[0]
    before_svg, before_status = table.board.svg, table.status.value
    assert "picked up" not in before_status
    table.board.click(f"slot:{game.slot_of(move.card)}")
    assert table.selected == game.slot_of(move.card)
    assert table.board.svg != before_svg and "picked up" in table.status.value
    table.board.click(f"slot:{move.to}")
    assert table.game.history == [move]
    assert table.selected is None
    assert f"score {table.game.score} of 48 after 1 move" in table.status.value
    assert "tilegames-status" in table.status._dom_classes
    assert "Moved" in table.log.value


def test_refused_move_is_explained_and_changes_nothing():
    table = view(new_game(seed=1))
    before = table.game.copy()
    table.board.click("slot:4")  # 8♠
    table.board.click("slot:0")
    assert table.game == before
    assert "Refused: 8♠ may go only into a gap right of 7♠ or left of 9♠" in table.log.value


def test_gap_first_tells_which_cards_fit_and_card_twice_puts_it_down():
    table = view(new_game(seed=1))
    table.board.click("slot:0")
    assert "click a card first" in table.log.value and "A♦" in table.log.value
    table.board.click("slot:4")
    table.board.click("slot:4")
    assert table.selected is None and "Put 8♠ down" in table.log.value
    table.board.click("nonsense")
    table.board.click("slot:99")
    assert table.game.history == []


def test_undo_redo_buttons():
    table = view(new_game(seed=1))
    status = table.status.value
    move = table.game.legal_moves()[0]
    table.board.click(f"slot:{table.game.slot_of(move.card)}")
    table.board.click(f"slot:{move.to}")
    assert not table.undo_button.disabled
    table.undo_button.click()
    assert table.game.history == [] and table.status.value == status
    table.redo_button.click()
    assert table.game.history == [move]


def test_new_deal_and_deal_this_seed():
    table = view(new_game(seed=1))
    table.new_button.click()
    seed = int(table.seed_box.value)
    assert table.game.seed == seed and f"seed {seed}" in table.log.value
    deal = table.game.deal
    table.game.play(table.game.legal_moves()[0])
    table.deal_button.click()
    assert table.game.deal == deal and table.game.history == []


def test_hint_outlines_a_move_and_solve_steps_to_the_win():
    table = view(near_win())
    table.hint_button.click()
    assert "Hint: move 5♣ into slot 16 (the score goes from 46 to 48)" in table.log.value
    assert str(table.suggestion) == "5♣ → 16"
    table.solve_button.click()
    assert "solved in 1 moves" in table.log.value
    table.step_button.click()
    assert table.game.won and "won" in table.status.value and "You won" in table.log.value


def test_ten_steps_play_a_found_solution():
    table = view(new_game(seed=2))
    table.ten_button.click()
    assert len(table.game.history) == 10 and "Step:" in table.log.value
    assert table.suggestion == table.plan[0]  # the next step is outlined


def test_ring_switch_restarts_the_deal_with_the_traditional_rules():
    table = view(new_game(seed=1))
    table.ring_box.value = True
    assert table.game.rules == Rules.traditional() and "of 44" in table.status.value
    table.ring_box.value = False
    assert table.game.rules == Rules()


def test_text_and_svg_from_the_state():
    game = new_game(seed=5)
    assert game._repr_svg_() == svg(game)
    assert str(game) == text(game)


@pytest.mark.parametrize(
    "target",
    [
        None,
        4,
        4.0,
        b"slot:4",
        ["slot:4"],
        "",
        "nonsense",
        "slot:",
        "slot:99",
        "slot:-1",
        "slot:4x",
        "slot: 4",
        "slot:٤",
        "slot:" + "9" * 5000,
        "x" * 1000,
    ],
)
def test_a_bogus_click_is_said_and_changes_nothing(target):
    table = view(new_game(seed=1))
    table.board.click("slot:4")  # a card picked up: a bogus click must not break that either
    before = (table.game.to_json(), table.game.codes)
    table.board.click(target)
    assert "That is not something you can click." in table.log.value
    assert (table.game.to_json(), table.game.codes) == before
    table.board.click("slot:4")  # the board still works
    assert "Put 8♠ down" in table.log.value


def test_when_the_focus_jumps_after_a_move_the_board_says_where():
    """Issue 36: the focus moved to another card without a word; now the move's announcement
    names the card and slot the keyboard landed on."""
    table = view(new_game(seed=3))
    game = table.game
    for _ in range(30):
        move = game.legal_moves()[0]
        table.board.click(f"slot:{game.slot_of(move.card)}")
        table.board.click(f"slot:{move.to}")
        if table.board.focus != f"slot:{move.to}":
            break
    else:
        raise AssertionError("the focus never left the moved card in 30 moves")
    there = int(table.board.focus[5:])
    said = table.board.announcement
    assert f"The focus moves to {game.card_at(there)} in slot {there}" in said, said
