"""The Tula board view, driven by clicks simulated on the Python side."""

from __future__ import annotations

from test_tula_rules import mercy_deal

from tilegames.tula import Game, Rules, new_game, view


def test_click_face_down_reveals_then_click_again_removes_or_explains():
    board = view(new_game(seed=1))
    board.board.click("3A")
    assert board.game.is_face_up("3A")
    assert "Revealed" in board.log.value
    tile = board.game.tile_at("3A")
    board.board.click("3A")
    if board.game.history[-1].kind == "remove":
        assert board.game.stack_top == tile
    else:
        assert "Refused" in board.log.value and "does not match" in board.log.value


def test_refused_click_is_explained_and_changes_nothing():
    board = view(new_game(seed=1))
    before = board.game.copy()
    svg_before = board.board.svg
    board.board.click("1J")
    assert board.game == before
    assert "Refused: 1J is covered by 2D, 2E and 2G" in board.log.value
    assert board.board.svg == svg_before


def test_undo_button_takes_back_and_status_follows():
    board = view(new_game(seed=1))
    status = board.status.value
    board.board.click("3B")
    assert board.status.value != status
    assert not board.undo_button.disabled
    board.undo_button.click()
    assert board.game.history == [] and board.status.value == status
    board.redo_button.click()
    assert len(board.game.history) == 1


def test_new_deal_shows_its_seed_and_deal_this_seed_replays_it():
    board = view(new_game(seed=1))
    board.new_button.click()
    seed = int(board.seed_box.value)
    assert board.game.seed == seed and f"seed {seed}" in board.log.value
    deal = board.game.deal
    board.board.click("3A")
    board.deal_button.click()
    assert board.game.deal == deal and board.game.history == []


def test_hint_names_a_removable_tile():
    game = new_game(seed=1, auto_reveal=True)
    board = view(game)
    board.hint_button.click()
    removable = board.game.removable()
    if removable:
        assert any(f"Hint: remove {p}" in board.log.value for p in removable)
    else:
        assert "Hint" in board.log.value or "No hint" in board.log.value


def test_mercy_switch_and_exchange_buttons():
    from tilegames.tula.board import TulaView

    board = TulaView(Game.from_deal(mercy_deal()))
    for p in ("3A", "3B", "3C"):
        board.board.click(p)
    assert board.game.lost and board.mercy_buttons.children == ()
    board.mercy_box.value = True  # switch mercy on: the same deal, the same moves
    assert board.game.rules == Rules(mercy=True) and len(board.game.history) == 3
    buttons = board.mercy_buttons.children[1:]
    assert [b.description for b in buttons][1] == "mercy: take 2 Crowns from 3B"
    buttons[1].click()
    assert str(board.game.stack_top) == "2 Crowns" and board.mercy_buttons.children == ()
    assert "Mercy" in board.log.value


def test_auto_reveal_switch_reveals_everything_revealable():
    board = view(new_game(seed=2))
    board.auto_box.value = True
    assert board.game.auto_reveal and board.game.revealable() == []
    assert all(board.game.is_face_up(p) for p in ("3A", "3B", "3C"))


def test_hint_says_reveal_first_then_names_a_removal_that_keeps_the_deal_winnable():
    """Revealing never hurts: with 2A revealable the hint says so; once revealed, it picks well."""
    from tilegames.tula.solver import solve

    game = new_game(seed=6)
    for move in ("reveal 3B", "reveal 3C", "remove 3B", "reveal 2F", "reveal 3A", "reveal 2C"):
        game.play(move)
    game.play("remove 3A")
    game.play("reveal 2D")
    board = view(game)
    board.hint()
    assert board.messages[0][1].startswith("Hint: first reveal 2A")
    board.board.click("2A")
    board.hint()
    message = board.messages[0][1]
    assert message.startswith("Hint: remove ")
    trial = board.game.copy()
    trial.play(f"remove {message.split()[2]}")
    assert solve(trial).winnable  # the hinted removal keeps this deal winnable


def test_switching_auto_reveal_off_keeps_the_game_in_progress():
    from tilegames.tula.solver import solve

    game = new_game(seed=2, auto_reveal=True)
    for move in solve(game).moves[:6]:
        game.play(move)
    board = view(game)
    board.auto_box.value = False
    assert not board.game.auto_reveal
    assert board.game.stack == game.stack  # the same six removals, now with their reveals
    assert [m for m in board.game.history if m.kind != "reveal"] == game.history
    assert board.game.can_undo


def test_switching_mercy_off_after_an_exchange_says_what_was_taken_back():
    from tilegames.tula.board import TulaView

    board = TulaView(Game.from_deal(mercy_deal(), rules=Rules(mercy=True)))
    for p in ("3A", "3B", "3C"):
        board.board.click(p)
    board.exchange("3B")
    board.mercy_box.value = False
    assert "1 move(s) no longer apply" in board.log.value
    assert board.game.lost and len(board.game.history) == 3


def test_bogus_clicks_are_said_and_change_nothing():
    board = view(new_game(seed=1))
    before = board.game.copy()
    for target in (None, 5, "", "zz", "9Z", "x" * 500, ["3A"]):
        board._on_click(target)
        assert board.game == before, target
        assert board.log.value.count("That is not something you can click.") >= 1
    board.board.click("stack")
    assert "The stack holds 1 tile;" in board.log.value
