"""The board widget shared by every game, the package ``view`` function, and still pictures."""

from __future__ import annotations

import re

import pytest
import toygame

import tilegames
from tilegames.widgets import GameView

GAMES = [*tilegames.GAMES, toygame.SPEC.name]
"""Every registered game, and the toy fifth game of tests/toygame (registered by its spec)."""


@pytest.fixture(autouse=True, scope="module")
def _toy_game_registered():
    tilegames.register(toygame.SPEC)
    yield
    tilegames.unregister(toygame.SPEC.name)


def _new(name: str, seed: int = 3):
    return tilegames.GAMES.spec(name).new_game(seed)


@pytest.mark.parametrize("name", GAMES)
def test_package_view_is_the_function_even_after_the_board_module_is_imported(name):
    package = tilegames.GAMES[name]
    board_module = tilegames.GAMES.spec(name).board_module()
    assert package.view is board_module.view
    assert callable(package.view) and not isinstance(package.view, type(package))
    board = package.view(_new(name))
    assert isinstance(board, GameView)
    assert isinstance(_new(name).view(), GameView)


def test_no_module_has_its_class_swapped():
    for name in GAMES:
        module = tilegames.GAMES.spec(name).board_module()
        assert type(module) is type(tilegames)


# -- pictures that show without running (committed notebooks) ---------------------------


def test_a_picture_names_itself_without_a_memory_address():
    from tilegames.svg import SVGPicture, document, side_by_side

    picture = side_by_side([document(300, 200, [], label="3A revealed")] * 4)
    assert "0x" not in repr(picture) and "3A revealed" in repr(picture)
    assert repr(SVGPicture(document(10, 20, []))) == "<picture 10×20>"


def test_png_is_small_and_the_same_bytes_every_time():
    from tilegames.svg import png_from_svg

    markup = _new("maze")._repr_svg_()
    first = png_from_svg(markup)
    assert first == png_from_svg(markup)
    assert first.startswith(b"\x89PNG") and len(first) < 40_000


@pytest.mark.parametrize("name", GAMES)
def test_a_live_board_carries_a_still_picture_saying_it_plays_when_run(name):
    board = _new(name).view()
    bundle = board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    still = bundle["image/svg+xml"]
    assert GameView.STILL_NOTE in still and board.picture() in still
    assert "run the notebook" in bundle["text/plain"]


def _load_script():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scripts" / "execute_notebooks.py"
    spec = importlib.util.spec_from_file_location("execute_notebooks", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_notebook_runner_stores_svg_as_png_and_drops_widget_references():
    import nbformat

    script = _load_script()
    board = _new("tula").view()
    game = _new("pyramids")
    cell = nbformat.v4.new_code_cell("board")
    cell.outputs = [
        nbformat.v4.new_output("display_data", data=board._repr_mimebundle_()),
        nbformat.v4.new_output("execute_result", data={"image/svg+xml": game._repr_svg_()}),
    ]
    notebook = nbformat.v4.new_notebook(cells=[cell])
    assert script.still_pictures(notebook) == 2
    for output in cell.outputs:
        assert set(output.data) <= {"image/png", "text/plain"} and "image/png" in output.data
    assert notebook.metadata["tilegames"] == {"pictures": "png"}


def _committed_notebooks():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    return sorted([*root.glob("notebooks/*.ipynb"), *root.glob("exercises/**/*.ipynb")])


def stored_before_still_pictures(notebook) -> bool:
    """A notebook with SVG or widget outputs never run through scripts/execute_notebooks.py."""
    if notebook.metadata.get("tilegames", {}).get("pictures") == "png":
        return False
    kinds = {k for c in notebook.cells for o in c.get("outputs", []) for k in o.get("data", {})}
    return bool(kinds & {"image/svg+xml", "application/vnd.jupyter.widget-view+json"})


def assert_boards_fit_the_column(outputs) -> None:
    """Every stored board picture (a palette PNG; charts are RGBA) fits the notebook's column."""
    import base64
    import io

    from PIL import Image

    from tilegames.svg import COLUMN_WIDTH

    for output in outputs:
        if "image/png" in output.data:
            image = Image.open(io.BytesIO(base64.b64decode(output.data["image/png"])))
            if image.mode == "P":
                assert image.size[0] <= COLUMN_WIDTH + 1, output.data.get("text/plain")


def test_figures_of_many_boards_fit_the_column():
    from tilegames import pyramids
    from tilegames.pyramids import render as pyramids_render
    from tilegames.svg import COLUMN_WIDTH, size_of
    from tilegames.triominos import render as triominos_render

    game = pyramids.new_game(seed=11, players=2)
    for _ in range(10):
        game.play(game.legal_moves()[0])
    many = pyramids_render.turn_pictures(game, 9, per_row=3)._repr_svg_()  # 3 events
    assert size_of(many)[0] <= COLUMN_WIDTH
    # too wide for one row: split into rows rather than shrunk until the captions are unreadable
    scales = [float(x) for x in re.findall(r"scale\(([\d.]+)\)", many)]
    assert all(scale >= pyramids_render.SMALLEST_SCALE for scale in scales)
    assert many.count("translate(0.0,") >= 2  # more than one row
    assert size_of(triominos_render.tile_set_svg())[0] <= COLUMN_WIDTH


@pytest.mark.parametrize("path", _committed_notebooks(), ids=lambda p: p.name)
def test_committed_notebook_pictures_show_in_an_html_export(path):
    import nbformat
    from nbconvert import HTMLExporter

    notebook = nbformat.read(path, as_version=4)
    if stored_before_still_pictures(notebook):
        pytest.xfail(
            f"{path.name} was executed before still pictures: run scripts/execute_notebooks.py"
        )
    outputs = [o for c in notebook.cells for o in c.get("outputs", []) if "data" in o]
    assert not [o for o in outputs if "image/svg+xml" in o.data], "SVG left: untrusted shows none"
    assert not [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.data]
    pictures = sum(1 for o in outputs if "image/png" in o.data)
    assert_boards_fit_the_column(outputs)
    html, _ = HTMLExporter().from_notebook_node(notebook)
    assert html.count('src="data:image/png;base64,') >= pictures


def test_the_notebook_runner_drops_widgets_that_have_no_picture():
    import nbformat

    script = _load_script()
    cell = nbformat.v4.new_code_cell("for _ in tqdm(range(3)): pass")
    progress = {
        "text/plain": "0%|  | 0/3",
        "application/vnd.jupyter.widget-view+json": {"model_id": "x", "version_major": 2},
    }
    cell.outputs = [
        nbformat.v4.new_output("display_data", data=progress),
        nbformat.v4.new_output("stream", name="stdout", text="done\n"),
    ]
    notebook = nbformat.v4.new_notebook(cells=[cell])
    script.still_pictures(notebook)
    assert [output.output_type for output in cell.outputs] == ["stream"]


# -- colour-blind safe -------------------------------------------------------------------

DEFICIENCIES = ("protanopia", "deuteranopia")
APART = 25  # CIE76 ΔE: clearly different colours


def assert_apart(colours: dict[str, str]) -> None:
    """Every pair of these colours stays apart for protanopes and deuteranopes too."""
    from itertools import combinations

    from tilegames.svg import colour_difference

    for (name_a, a), (name_b, b) in combinations(colours.items(), 2):
        for deficiency in DEFICIENCIES:
            delta = colour_difference(a, b, deficiency)
            assert delta >= APART, (
                f"{name_a} and {name_b} look alike ({deficiency}: ΔE {delta:.0f})"
            )


def test_the_simulation_finds_the_old_red_and_green_alike():
    from tilegames.svg import colour_difference

    old_red, old_green = "#d32f2f", "#2e7d32"  # the first Flaming Pyramids palette
    assert colour_difference(old_red, old_green) > 100
    assert colour_difference(old_red, old_green, "deuteranopia") < APART
    with pytest.raises(AssertionError, match="look alike"):
        assert_apart({"red": old_red, "green": old_green})


def test_flaming_pyramids_colours_are_apart_and_lettered():
    import re

    from tilegames import pyramids
    from tilegames.pyramids import render
    from tilegames.pyramids.tiles import MILLSTONE, TILES

    assert_apart(render.COLOUR_HEX)
    game = pyramids.new_game(seed=11, players=2)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    markup = render.svg(game)
    used = set(re.findall(r'rx="4" fill="#\w+" stroke="(#\w{6})" stroke-width="3"', markup))
    assert used and used <= set(render.COLOUR_HEX.values())
    # the non-colour cue: every tile drawn carries its colour's letter
    tiles = markup.count('class="fp-tile"') + markup.count('class="fp-hand"')
    millstones = markup.count("millstone (")
    letters = re.findall(r'class="fp-colour-letter"[^>]*>([YRGB])<', markup)
    assert tiles > 5 and len(letters) == tiles - millstones
    for colour, letter in render.COLOUR_LETTER.items():
        tile = next(t for t in TILES if t.colours == (colour,))
        assert f">{letter}</text>" in render.tile_svg(tile.name)
    assert "fp-colour-letter" not in render.tile_svg(TILES[MILLSTONE].name)


def test_tula_outlines_are_apart_and_dashed_differently():
    import re

    from tilegames import tula
    from tilegames.tula import render

    assert_apart({"revealable": render.REVEALABLE, "removable": render.REMOVABLE})
    assert_apart({"blocked": render.BLOCKED, "free": render.FREE})
    game = tula.new_game(seed=3)
    game.play("reveal 3A")  # 3A now removable, 3B and 3C still revealable
    markup = render.svg(game)
    dashed = re.findall(rf'stroke="{render.REVEALABLE}"[^>]*stroke-dasharray', markup)
    solid = re.findall(rf'stroke="{render.REMOVABLE}" stroke-width="3.5"/>', markup)
    assert len(dashed) == 2 and len(solid) == 1  # dashes, not colour alone, tell them apart


def test_maze_suits_and_marks_are_apart():
    from tilegames.maze import render

    assert_apart({"red suits": render.RED, "black suits": render.BLACK})
    assert_apart({"picked up": render.SELECTED, "hint": render.HINT, "table": render.TABLE})
    assert_apart({"gap to go to": render.TARGET, "table": render.TABLE})


def test_tri_ominos_fit_cells_are_apart_and_marked_without_colour():
    from tilegames import triominos
    from tilegames.triominos import render

    assert_apart({"fits as turned": render.FIT_FILL, "fits turned": render.OTHER_ROTATION_FILL})
    game = triominos.new_game(seed=5)
    game.play(game.legal_moves()[0])
    hand = game.hand(game.to_move)
    turns = [{m.cell: m.rotation for m in game.legal_moves() if m.tile == tile} for tile in hand]
    index = next(i for i, fits in enumerate(turns) if len(set(fits.values())) > 1)
    fits = turns[index]
    rotation = sorted(fits.values())[0]
    markup = render.svg(game, selected=index, rotation=rotation)
    # a cell that takes another turn is named by its turns ("r1"), not by colour alone
    assert markup.count(f'fill="{render.OTHER_ROTATION_FILL}"') >= 1
    other = markup.split(f'fill="{render.OTHER_ROTATION_FILL}"', 1)[1].split("</g>", 1)[0]
    assert ">r" in other


# -- readability and messages (issue 13, items 4 and 5) -----------------------------------


def test_tula_board_has_legible_labels_a_legend_and_draws_the_hint():
    import re

    from tilegames import tula

    board = tula.view(tula.new_game(seed=3))
    markup = board.board.svg
    tags = re.findall(r'<g class="tula-position">(.*?)</g>', markup)
    assert len(tags) == 23  # every position in the temple named (4A started the stack)
    assert all('font-size="11"' in tag and 'fill="#1a1a1a"' in tag for tag in tags)
    assert all('fill="#fffdf6"' in tag for tag in tags)  # on a light tag, dark on light
    assert "can be revealed" in markup and "can be removed" in markup  # the legend
    board.board.click("3A")
    board.hint()
    assert board.hint_position == "3A" and 'class="tula-hint"' in board.board.svg
    hinted = board.board.svg.split('data-target="3A"', 1)[1].split('data-target="', 1)[0]
    assert 'class="tula-hint"' in hinted and "the hint" in board.board.svg
    board.board.click("3A")  # a move: the hint is gone from the board
    assert 'class="tula-hint"' not in board.board.svg


def test_tula_mercy_hint_chooses_one_exchange_and_undo_of_a_reveal_says_it_was_seen():
    from tilegames import tula

    game = tula.new_game(seed=10, mercy=True)
    for position in ("3A", "3B", "3C"):
        game.play(f"reveal {position}")
    assert game.mercy_available
    board = tula.view(game)
    board.hint()
    hint = board.messages[0][1]
    assert "3A, 3B or 3C" not in hint and hint.count("take ") == 1
    assert board.hint_position in ("3A", "3B", "3C") and f"from {board.hint_position}" in hint
    board.undo()
    assert "you have seen it" in board.messages[0][1]
    assert not board.game.is_face_up("3C")


def test_maze_win_after_step_counts_moves_honestly():
    from tilegames import maze
    from tilegames.maze.board import won_message
    from tilegames.maze.players import solve

    game = maze.new_game(seed=1)
    moves = solve(game, max_seconds=30).moves
    board = maze.view(game)
    first = moves[0]
    board.board.click(f"slot:{board.game.slot_of(first.card)}")
    board.board.click(f"slot:{first.to}")
    board.step(len(moves))  # solves again from here and plays it out
    assert board.game.won
    said = [text for _, text in board.messages if text.startswith("You won")][0]
    assert said == won_message(len(board.game.history), board.stepped)
    assert board.stepped == len(board.game.history) - 1
    assert f"{board.stepped} of them played by Step, 1 by you" in said


def test_tri_ominos_board_fills_the_column_and_the_log_stays_readable():
    from tilegames import triominos
    from tilegames.svg import COLUMN_WIDTH, size_of

    board = triominos.view(seed=5, you=0)
    width, height = size_of(board.board.svg)
    assert 600 <= width <= COLUMN_WIDTH  # not one small triangle in empty space
    before = list(board.messages)
    board.board.click("hand:0")
    board.rotate()
    assert board.messages == before  # selecting and turning fill no log lines
    tile = "-".join(map(str, board.game.hand(0)[0]))
    fits = board.game.fits(board.game.hand(0)[0])
    said = f"{tile} fits nowhere" if not fits else f"{tile} selected"
    assert said in board.status.value
    # a draw names the tile drawn; the other player's hand never shows in the text view
    while not board.game.is_over:
        if board.game.to_move != 0:
            board.opponents_play()
            continue
        moves = board.game.legal_moves()
        if moves[0].kind == "draw":
            hand = list(board.game.hand(0))
            board.act("draw")
            new = [t for t in board.game.hand(0) if t not in hand]
            assert f"You drew a tile, {'-'.join(map(str, new[0]))}: -5 points." in board.log.value
            break
        board.act(moves[0])
    else:
        pytest.fail("no draw in this round")
    assert "(P1)" not in board.board.text and "Your hand (P0)" in board.board.text


def test_tri_ominos_hint_selects_turns_and_outlines():
    from tilegames import triominos

    board = triominos.view(seed=5, you=0)
    board.hint()
    assert board.hint_cell is not None and board.selected is not None
    assert 'stroke="#1565c0" stroke-width="3.5"' in board.board.svg  # the cell outlined
    cell = board.hint_cell
    board.board.click(f"cell:{cell[0]},{cell[1]}")
    assert board.game.history and board.hint_cell is None


def test_pyramids_log_follows_every_move_and_status_names_the_player():
    from tilegames import pyramids

    board = pyramids.view(seed=4)
    assert "Your turn (player 0, turn 1)" in board.status.value
    move = board.game.legal_moves()[0]
    board.board.click(f"hand:{list(board.game.hand(0)).index(move.tile)}")
    board.board.click(f"spot:{move.position[0]},{move.position[1]}")
    newest = [text for _, text in board.messages[:2]]
    assert newest[1] == f"You played {move}."
    assert newest[0].startswith("Player 1 (careful bot) played ")
    assert board.replaying  # the bot's answer is shown step by step
    mayhem = any(event.is_mayhem for event in board.steps)
    assert ("Mayhem" in board.status.value) == mayhem
    assert 'data-target="hand:' not in board.board.svg  # no hand from after the turn mid-replay
    board.skip()
    assert 'data-target="hand:' in board.board.svg
    assert "Your hand (player 0): " in board.board.text


def test_refusals_are_announced_for_screen_readers():
    from tilegames import tula

    board = tula.view(tula.new_game(seed=1))
    serial = board.board.announce_serial
    board.board.click("1J")
    assert board.board.announcement == "Refused: 1J is covered by 2D, 2E and 2G."
    board.board.click("1J")  # the same words again are read again
    assert board.board.announce_serial == serial + 2


# -- hot seat: several people at one screen ------------------------------------------------


def _hand_targets(markup: str) -> int:
    return markup.count('data-target="hand:')


def test_tri_ominos_hot_seat_hides_hands_until_the_next_person_shows_theirs():
    from tilegames import triominos
    from tilegames.triominos.lattice import rotations

    board = triominos.view(seed=5, humans=[0, 1])
    assert not board.opponents and board.you == 0 and _hand_targets(board.board.svg) == 9
    for turn in range(4):
        seat = board.game.to_move
        assert board.you == seat and not board.covered
        hand = list(board.game.hand(seat))
        move = board.game.legal_moves()[0]
        if move.kind == "place":
            board.board.click(f"hand:{hand.index(move.tile)}")
            for _ in range(rotations(move.tile).index(move.rotation)):
                board.rotate()
            board.board.click(f"cell:{move.cell[0]},{move.cell[1]}")
        else:
            board.act(move)
        assert len(board.game.history) == turn + 1
        if board.game.to_move == seat:
            continue
        # the turn went to the other person: hands hidden, clicks wait, the text hides hands
        assert board.covered and board.you == board.game.to_move
        assert _hand_targets(board.board.svg) == 0 and "hand (" not in board.board.text
        assert "must draw" not in board.board.text and "placement" not in board.board.text
        assert "Pass the screen to P" in board.status.value
        history = list(board.game.history)
        board.board.click("hand:0")
        assert board.game.history == history and "Pass the screen first" in board.log.value
        board.show_button.click()
        assert not board.covered and _hand_targets(board.board.svg) > 0
        assert f"Your hand (P{board.you})" in board.board.text


def test_flaming_pyramids_hot_seat_passes_the_screen():
    from tilegames import pyramids

    board = pyramids.view(seed=4, humans=[0, 1])
    assert not board.bots
    seats = []
    for _ in range(4):
        if board.covered:
            assert _hand_targets(board.board.svg) == 0
            assert "your hand" not in board.board.text.lower()
            board.board.click("hand:0")
            assert "Pass the screen first" in board.log.value
            board.show_button.click()
        if board.replaying:
            board.skip()
        seats.append(board.human)
        assert board.game.to_move == board.human and _hand_targets(board.board.svg) > 0
        move = board.game.legal_moves()[0]
        if move.fall is not None:
            board.board.click(f"fall:{move.fall}")
        else:
            board.board.click(f"hand:{list(board.game.hand(board.human)).index(move.tile)}")
            board.board.click(f"spot:{move.position[0]},{move.position[1]}")
        assert f"Player {seats[-1]} played" in board.log.value
    assert set(seats) == {0, 1}


def test_one_person_against_bots_never_passes_the_screen():
    from tilegames import pyramids, triominos

    for board in (triominos.view(seed=5), pyramids.view(seed=4)):
        assert len(board.humans) == 1
        board.pass_screen(1)
        assert not board.covered


def test_maze_link_bars_never_cross_out_gap_numbers():
    import re

    from tilegames import maze
    from tilegames.maze import render
    from tilegames.maze.rules import GAP, Card

    codes = [13, -1, -1, -1, -1, *range(14, 25), *range(0, 12), *range(26, 38), *range(39, 51)]
    codes += [-1, -1]  # a won table (seed 2, solved): a run links across the gaps 1-4
    game = maze.Game.from_deal([None if c == GAP else Card.from_code(c) for c in codes])
    assert game.won and (0, 5) in game.links()
    markup = render.svg(game)
    bars = re.findall(
        rf'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)" stroke="{render.LINK}"',
        markup,
    )
    gaps = [render.slot_origin(s) for s, code in enumerate(game.codes) if code == GAP]
    crossings = 0
    for x1, y1, x2, _ in ((float(v) for v in bar) for bar in bars):
        for gx, gy in gaps:
            centre_x, centre_y = gx + render.CARD_WIDTH / 2, gy + render.CARD_HEIGHT / 2
            if min(x1, x2) < centre_x < max(x1, x2) and gy < y1 < gy + render.CARD_HEIGHT:
                crossings += 1
                assert abs(y1 - centre_y) > 12, "a link bar runs through a gap's number"
    assert crossings == 4  # the bar passes the four gaps, under their numbers


def test_every_tula_picture_names_its_tiles():
    from tilegames.tula import render

    picture = render.diagram(removed=["3A"], explain="3B", caption="3B")
    assert 'aria-label="3B, face down, can be revealed"' in picture
    assert 'aria-label="2E, face down"' in picture


def test_a_lost_tula_game_says_why():
    from tilegames import tula

    board = tula.view(tula.new_game(seed=3))
    for target in ["3A", "3A", "2A", "2A", "1A", "2D", "3B", "3C"]:
        board.board.click(target)
    assert board.game.lost
    said = board.messages[0][1]
    top = board.game.stack_top
    assert (
        said.startswith("Lost: ") and f"the top tile, {top}, shares neither suit nor value" in said
    )
    assert f"{board.game.tile_at('3C')} on 3C" in said


# -- every control refuses bad input in words and changes nothing (issue 23) -------------


def _snapshot(board) -> tuple:
    return board.game.to_json(), board.seed_box.value, board.board.svg


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "seed",
    ["-5", "-1", str(2**63), "1" + "0" * 30, "1" + "0" * 5000, "3.5", "seven", ""],
    ids=["-5", "-1", "2**63", "10**30", "10**5000", "3.5", "seven", "empty"],
)
def test_a_bad_seed_in_the_seed_box_is_refused_in_words_and_changes_nothing(name, seed):
    """What a person types (the box holds text): 3.5 is refused, never dealt as 3 or 35."""
    board = tilegames.GAMES[name].view(_new(name, seed=7))
    game, before = board.game, _snapshot(board)
    board.seed_box.value = seed
    board.deal_button.click()  # what the browser's button does: no exception may escape
    assert board.game is game and _snapshot(board) == before
    newest = board.messages[0]
    assert newest[0] == "refused" and "a seed is a whole number from 0 to" in newest[1]
    assert "unchanged" in newest[1] and "New deal" not in board.log.value


@pytest.mark.parametrize("name", GAMES)
def test_a_good_seed_deals_and_the_box_shows_it(name):
    board = tilegames.GAMES[name].view(_new(name, seed=7))
    board.seed_box.value = "11"
    board.deal_button.click()
    assert board.game.seed == 11 and board.seed_box.value == "11"
    assert "New deal from seed 11." in board.log.value


@pytest.mark.parametrize("name", GAMES)
def test_a_deal_that_fails_leaves_the_old_game_and_says_why(name, monkeypatch):
    board = tilegames.GAMES[name].view(_new(name, seed=7))
    game, before, log = board.game, _snapshot(board), list(board.messages)

    def broken(seed):
        raise ValueError("this deal cannot be made")

    monkeypatch.setattr(board, "deal", broken)
    board.new_button.click()
    assert board.game is game and _snapshot(board) == before
    assert board.messages[1:] == log
    assert board.messages[0] == (
        "refused",
        "Refused: this deal cannot be made. The game goes on unchanged.",
    )


@pytest.mark.parametrize("name", GAMES)
def test_a_button_whose_action_fails_changes_nothing_and_says_so(name, monkeypatch):
    board = tilegames.GAMES[name].view(_new(name, seed=7))
    before = board.game.to_json()

    def half_done():
        board.game.play(board.game.legal_moves()[0])  # changes the game, then fails
        raise RuntimeError("the hint broke")

    monkeypatch.setattr(board, "hint", half_done)
    board.hint_button._click_handlers.callbacks.clear()
    board.on_press(board.hint_button, board.hint)
    board.hint_button.click()
    assert board.game.to_json() == before
    assert board.messages[0] == ("refused", "That did not work (the hint broke); nothing changed.")


# -- keyboard focus: where play continues (issue 24, items 1-3) ----------------------------


def _targets(markup: str) -> dict[str, str]:
    """Each target of a picture with its opening tag."""
    import re

    return {
        m.group(1): m.group(0)
        for m in re.finditer(r'<[a-z]+ [^>]*data-target="([^"]*)"[^>]*>', markup)
    }


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pressing_where_the_focus_lands_plays_on(name, seed):
    """Enter, again and again, on the target where the focus lands plays the game on: the
    target is on the board, never a covered tile, and every move asks the browser to focus it."""
    board = tilegames.GAMES[name].view(_new(name, seed=seed))
    for _ in range(16):
        if board.game.is_over:
            break
        target = board.focus_target()
        if target is None:  # the computer's turn (Tri-Ominos waits for "Opponents play")
            assert name == "triominos" and board.game.to_move != board.you
            board.opponents_play()
            continue
        tag = _targets(board.board.svg).get(target)
        assert tag is not None and "data-covered" not in tag, target
        assert board.board.focus == target
        moves, serial = len(board.game.history), board.board.focus_serial
        board.board.click(target)
        if len(board.game.history) != moves:
            assert board.board.focus_serial == serial + 1
    assert len(board.game.history) >= 2


def test_tula_focus_starts_on_a_tile_in_play_and_follows_the_last_move():
    from tilegames import tula

    board = tula.view(tula.new_game(seed=3))
    assert board.board.focus == board.focus_target() != "1A"
    serial = board.board.focus_serial
    board.board.click(board.focus_target())  # a reveal: the focus stays on the tile revealed
    assert board.board.focus_serial == serial + 1
    assert board.board.focus == board.game.history[-1].position
    covered = [t for t, tag in _targets(board.board.svg).items() if "data-covered" in tag]
    assert "1A" in covered and board.board.focus not in covered


def test_pyramids_mayhem_steps_are_a_target_and_enter_steps_through_them():
    from tilegames import pyramids

    board = pyramids.view(seed=4)
    board.skip()
    for _ in range(20):
        game = board.game
        move = game.legal_moves()[0]
        if move.fall is not None:
            board.board.click(f"fall:{move.fall}")
        else:
            board.board.click(f"hand:{list(game.hand(0)).index(move.tile)}")
            board.board.click(f"spot:{move.position[0]},{move.position[1]}")
        if board.replaying:
            break
    assert board.replaying and board.focus_target() == "next"
    assert 'data-target="next"' in board.board.svg
    steps = len(board.steps)
    for _ in range(steps):
        board.board.click("next")
    assert not board.replaying and board.focus_target() == "hand:0"


# -- nothing hidden reaches the board (issue 23) and a hot seat that hides (issue 24) --------


def _svg_label(markup: str) -> str:
    return markup.split('aria-label="', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize("seed", [1, 2, 5, 6])
def test_tri_ominos_board_never_tells_another_seat_whether_the_bot_must_draw(seed):
    from tilegames import triominos

    board = triominos.view(seed=seed, you=0)
    for _ in range(12):
        game = board.game
        if game.is_over:
            break
        if game.to_move != 0:  # the bot's turn: its hand is hidden
            for said in (_svg_label(board.board.svg), board.board.text.splitlines()[0]):
                assert "must" not in said and "placement" not in said, said
            board.opponent_move()
        else:
            board.act(game.legal_moves()[0])
    assert len(board.game.history) >= 4


def _hot_seat(name: str):
    if name == "triominos":
        from tilegames import triominos

        return triominos.view(seed=5, humans=[0, 1])
    from tilegames import pyramids

    return pyramids.view(seed=4, players=2, humans=[0, 1])


def _play_until_covered(board) -> None:
    for _ in range(40):
        if board.covered:
            return
        if getattr(board, "replaying", False):
            board.skip()
            continue
        board.hint()
        move = board.game.legal_moves()[0]
        if hasattr(board, "rotate"):  # Tri-Ominos
            board.act(move)
        elif move.fall is not None:
            board.board.click(f"fall:{move.fall}")
        else:
            board.board.click(f"hand:{list(board.game.hand(board.human)).index(move.tile)}")
            board.board.click(f"spot:{move.position[0]},{move.position[1]}")
    raise AssertionError("the screen never passed")


@pytest.mark.parametrize("name", ["triominos", "pyramids"])
def test_the_hot_seat_cover_says_nothing_about_any_hand(name):
    board = _hot_seat(name)
    _play_until_covered(board)
    game = board.game
    before = game.to_json()
    assert "Hint" not in board.log.value  # the last person's hints left the shared log
    board.hint_button.click()
    assert board.messages[0] == ("refused", board.COVERED)
    controls = [board.hint_button]
    if name == "triominos":
        controls += [board.draw_button, board.pass_button, board.rotate_button]
    for button in controls:
        button.click()
        assert board.messages[0] == ("refused", board.COVERED)
    assert game.to_json() == before and "Hint" not in board.log.value
    seen = " ".join([board.board.svg, board.board.text, board.status.value, board.log.value])
    assert "placement" not in seen and "must draw" not in seen
    assert "you can place" not in seen.lower()
    if name == "triominos":  # every tile is unique: none of either hand is named anywhere
        for seat in range(game.players):
            for tile in game.hand(seat):
                assert "-".join(map(str, tile)) not in seen
    assert board.show_button.layout.width == "auto"
    board.show_button.click()
    assert not board.covered and board.board.focus_serial > 0


# -- Tri-Ominos says the right thing (issue 24, item 5) -------------------------------------


def test_tri_ominos_hand_click_in_the_other_players_turn_is_refused_in_words():
    from tilegames import triominos

    board = triominos.view(seed=5, you=0)
    if board.game.to_move == 0:
        board.act(board.game.legal_moves()[0])
    assert board.game.to_move == 1
    board.board.click("hand:0")
    assert board.selected is None
    assert board.messages[0] == (
        "refused",
        "It is P1's turn, not yours: click 'Next move' or 'Opponents play'.",
    )


def test_tri_ominos_a_selected_tile_that_fits_nowhere_says_so():
    from tilegames import triominos

    for seed in range(1, 40):
        board = triominos.view(seed=seed, you=0)
        if board.game.to_move != 0:
            board.opponents_play()
        hand = board.game.hand(0)
        misfits = [i for i, tile in enumerate(hand) if not board.game.fits(tile)]
        if misfits and len(misfits) < len(hand):
            break
    else:
        pytest.fail("no deal with a tile that fits nowhere")
    board.board.click(f"hand:{misfits[0]}")
    assert "fits nowhere on the board now: select another tile" in board.status.value
    assert "green cell" not in board.status.value
    assert board.focus_target().startswith("hand:")  # a tile that fits, not a dead end
    assert board.focus_target() != f"hand:{misfits[0]}"


def test_tri_ominos_editions_have_names_a_student_reads():
    from tilegames import triominos

    board = triominos.view(seed=5)
    labels = [label for label, _ in board.rules_box.options]
    assert board.rules_box.description == "edition"
    assert labels[0].startswith("standard") and labels[1].startswith("Pressman")
    assert not any(label.startswith("seed") for label in labels)
    board.rules_box.value = "pressman"
    board.new_deal(9)
    assert board.game.rules.name == "pressman" and "Pressman edition." in board.log.value


def test_a_button_that_disappears_hands_the_focus_to_the_board():
    """Tula's mercy buttons vanish once one is used: the keyboard goes back to the board,
    where play continues, instead of falling to the page."""
    from tilegames import tula

    board = tula.view(tula.new_game(10, mercy=True, auto_reveal=True))
    assert board.game.mercy_available
    buttons = [b for b in board.mercy_buttons.children if hasattr(b, "click")]
    serial = board.board.focus_serial
    buttons[0].click()
    assert not board.game.mercy_available and board.mercy_buttons.children == ()
    assert board.board.focus_serial > serial
    assert board.board.focus == (board.focus_target() or "")


def test_pyramids_skip_disables_itself_and_hands_the_focus_to_the_board():
    from tilegames import pyramids

    board = pyramids.view(seed=4)
    for _ in range(20):  # moves until the bot's reply is shown step by step
        if board.replaying:
            break
        move = board.game.legal_moves()[0]
        if move.fall is not None:
            board.board.click(f"fall:{move.fall}")
        else:
            board.board.click(f"hand:{list(board.game.hand(0)).index(move.tile)}")
            board.board.click(f"spot:{move.position[0]},{move.position[1]}")
    assert board.replaying and not board.skip_button.disabled
    serial = board.board.focus_serial
    board.skip_button.click()
    assert board.skip_button.disabled and board.board.focus_serial == serial + 1
    assert board.board.focus == board.focus_target() == "hand:0"


def test_the_tula_mercy_hint_never_promises_a_win_when_every_exchange_loses():
    from tilegames import tula

    for seed, none_wins in ((10, True), (12, False)):
        game = tula.new_game(seed, mercy=True, auto_reveal=True)
        assert game.mercy_available
        board = tula.view(game)
        board.hint()
        hint = board.messages[0][1]
        wins = board._exchange_wins([m for m in game.legal_moves() if m.kind == "mercy"])
        assert (max(wins.values()) == 0) == none_wins
        if none_wins:
            assert "none of the three exchanges wins" in hint and "most often" not in hint
        else:
            assert f"in {max(wins.values())} of the {board.IMAGINED} deals" in hint


def test_a_move_is_announced_without_saying_anything_twice():
    """The move's message and the status line together, each fact once (issue 36)."""
    from tilegames import maze

    board = maze.view(maze.new_game(seed=3))
    game = board.game
    move = next(m for m in game.legal_moves())
    board.board.click(f"slot:{next(i for i in range(54) if game.card_at(i) == move.card)}")
    board.board.click(f"slot:{move.to}")
    said = board.board.announcement
    assert said.startswith(f"Moved {move.card} into slot {move.to}.")
    assert said.count(f"score {game.score}") == 1, said


def test_a_won_tula_game_is_announced_once():
    from tilegames import tula
    from tilegames.tula.solver import solve

    board = tula.view(tula.new_game(seed=2, auto_reveal=True))
    line = solve(board.game).moves
    assert line and str(line[-1]).startswith("remove ")
    for move in line[:-1]:
        board.game.play(move)
    board.refresh()
    board.board.click(str(line[-1]).split()[-1])  # the last removal, by a click
    said = board.board.announcement
    assert board.game.won and said.count("all 24 tiles are on the stack") == 1, said
