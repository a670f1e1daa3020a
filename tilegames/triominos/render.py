"""Tri-Ominos pictures: the board as SVG (numbers in the corners, like the real tiles) and as text.

Clickable elements carry ``data-target``: ``cell:r,c`` (a board cell),
``hand:i`` (the i-th tile of the hand shown), ``pool`` (draw) and ``rotate``.

>>> from tilegames.triominos import new_game
>>> game = new_game(seed=6)
>>> game.play("5-5-5 @ 0,0 r0")
>>> print(text(game).splitlines()[2])
  5
>>> 'data-target="hand:0"' in svg(game)
True
"""

from __future__ import annotations

import math

from .. import i18n  # i18n._(...): this module's loops use _ as a name
from .. import svg as draw
from ..words import plural
from .lattice import Board, corner_numbers, corners, key_cell, rotations, tile_name
from .rules import Game

TILE_FILL = "#fbf6e9"
TILE_EDGE = "#5d4037"
NUMBER_COLOUR = "#1a1a1a"
LAST_EDGE = "#e65100"
FIT_FILL = "#8fd6bf"
"""A cell the selected tile fits as it is turned (its numbers are drawn there); Okabe–Ito green."""
OTHER_ROTATION_FILL = "#f7d48a"
"""A cell it fits turned another way (the turns are named there); Okabe–Ito orange."""
FRONTIER_EDGE = "#b0bec5"
HAND_ROW = 12
POOL_WIDTH = 120
"""The pool's box beside the hand: wide enough for "click to draw" at the labels' 13 px."""
"""Hand tiles per row in the picture."""
PLAYER_COLOURS = ("#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f")


def _xy(point: tuple[int, int], size: float, origin: tuple[float, float]) -> tuple[float, float]:
    x, y = point
    return origin[0] + x * size / 2, origin[1] + y * size * math.sqrt(3) / 2


def triangle(
    cell: tuple[int, int],
    numbers: tuple[int | None, int | None, int | None] | None,
    size: float,
    origin: tuple[float, float],
    *,
    fill: str = TILE_FILL,
    stroke: str = TILE_EDGE,
    stroke_width: float = 1.5,
    label: str = "",
    target: str | None = None,
    tooltip: str = "",
    dashed: bool = False,
    aria_label: str | None = None,
) -> str:
    """One cell: a triangle with ``numbers`` at its corners (None: no number), as a group."""
    points = [_xy(p, size, origin) for p in corners(cell)]
    cx = sum(x for x, _ in points) / 3
    cy = sum(y for _, y in points) / 3
    parts = [
        draw.polygon(
            points,
            fill=fill,
            stroke=stroke,
            stroke_width=stroke_width,
            stroke_linejoin="round",
            stroke_dasharray="4 3" if dashed else None,
        )
    ]
    if numbers is not None:
        for (x, y), number in zip(points, numbers):
            if number is None:
                continue
            tx, ty = x + (cx - x) * 0.4, y + (cy - y) * 0.4  # in from the tip: apart from the
            # numbers of the tiles that share it
            parts.append(
                draw.text(
                    tx,
                    ty,
                    str(number),
                    font_size=round(max(12.0, size * 0.2), 1),
                    font_weight="bold",
                    fill=NUMBER_COLOUR,
                )
            )
    if label:
        parts.append(draw.text(cx, cy, label, font_size=round(size * 0.16, 1), fill="#37474f"))
    if tooltip:
        parts.append(draw.title(tooltip))
    return draw.group(parts, data_target=target, aria_label=aria_label)


def _placed(
    placement: tuple[tuple[int, int], tuple[int, int, int], int],
    size: float,
    origin: tuple[float, float],
    *,
    last: bool,
    **attributes: str,
) -> str:
    """A placed tile's cell (``placement``: cell, tile, rotation), edged thick when it is the
    ``last`` placed, named in its tooltip."""
    cell, tile, rot = placement
    return triangle(
        cell,
        tile_numbers(tile, rot),
        size,
        origin,
        stroke=LAST_EDGE if last else TILE_EDGE,
        stroke_width=3 if last else 1.5,
        tooltip=f"{tile_name(tile)} @ {cell[0]},{cell[1]} r{rot}",  # the move's notation
        **attributes,
    )


def cell_words(cell: tuple[int, int]) -> str:
    """A cell in words: ``cell_words((2, 5))`` is ``'row 2, column 5'``."""
    return i18n._("row {row}, column {column}").format(row=cell[0], column=cell[1])


def tile_numbers(tile: tuple[int, int, int], rotation: int) -> tuple[int, int, int]:
    """The numbers a tile shows at a cell's corners 0, 1, 2 with a rotation (the rules' own)."""
    return corner_numbers(tile, rotation)


def fitted_size(game: Game, width: float = 760, height: float = 520) -> float:
    """The triangle side that fills the notebook's column with the board (placed tiles and the
    cells around them), between 44 px (numbers stay legible) and 96 px (a few tiles stay modest).

    >>> from tilegames.triominos import new_game
    >>> fitted_size(new_game(seed=1))
    96
    """
    board = game.board
    cells = [c for c, _, _ in board.placements()] + list(board.frontier_cells()) or [(0, 0)]
    xs = [p[0] for c in cells for p in corners(c)]
    ys = [p[1] for c in cells for p in corners(c)]
    across = (max(xs) - min(xs)) / 2 + 0.6  # in triangle sides, margins included
    down = (max(ys) - min(ys)) * math.sqrt(3) / 2 + 0.6
    return max(44, min(96, round(min(width / across, height / down))))


def svg(
    game: Game,
    *,
    seat: int | None = None,
    selected: int | None = None,
    rotation: int = 0,
    size: float = 56,
    show_hand: bool = True,
    show_frontier: bool = True,
    caption: str | None = None,
    highlight: list[tuple[int, int]] | None = None,
    frame: list[tuple[int, int]] | None = None,
) -> str:
    """The round as SVG: board, the hand of ``seat`` (default: the player to move), scores.

    ``selected`` (an index in that hand) shows where the tile fits: green
    cells take it with ``rotation``, yellow cells with another rotation
    (named in the cell). The last placement is outlined in orange;
    ``highlight`` outlines more cells (for figures); the picture is made
    large enough for the cells in ``frame`` too (to keep a series of figures aligned).
    """
    seat = (game.to_move if game.to_move is not None else 0) if seat is None else seat
    hand = game.hand(seat)
    chosen = hand[selected] if selected is not None and 0 <= selected < len(hand) else None
    fits = game.fits(chosen) if chosen is not None and game.to_move == seat else {}
    board = game.board
    placed = board.placements()
    empty = game.open_cells() if show_frontier or not placed else []
    cells = [c for c, _, _ in placed] + empty + list(frame or []) or [(0, 0)]
    xs = [p[0] for c in cells for p in corners(c)]
    ys = [p[1] for c in cells for p in corners(c)]
    margin = size * 0.3
    header = 26.0
    origin = (margin - min(xs) * size / 2, header + margin - min(ys) * size * math.sqrt(3) / 2)
    width = (max(xs) - min(xs)) * size / 2 + 2 * margin
    if show_hand:  # as wide as the hand and the pool below it, the board centred above them
        hand_span = 16 + min(len(hand), HAND_ROW) * min(size * 0.9, 52) * 1.12 + POOL_WIDTH + 10
        board_width, width = width, max(width, 420, hand_span)
        origin = (origin[0] + (width - board_width) / 2, origin[1])
    board_height = (max(ys) - min(ys)) * size * math.sqrt(3) / 2 + 2 * margin
    parts: list[str] = []
    # the header: scores, hand sizes, pool
    scores = game.scores
    header_parts = []
    for s in range(game.players):
        mark = "▶ " if game.to_move == s else ""
        header_parts.append(
            mark
            + i18n._("P{seat} {score} ({tiles})").format(
                seat=s, score=scores[s], tiles=plural(game.hand_sizes[s], "tile")
            )
        )
    parts.append(
        draw.text(
            8, 14, "   ".join(header_parts), text_anchor="start", font_size=13, fill="#263238"
        )
    )
    last = board.order[-1] if board.order else None
    for cell, tile, rot in placed:
        is_last = last is not None and key_cell(last) == cell
        parts.append(
            _placed(
                (cell, tile, rot),
                size,
                origin,
                last=is_last,
                target=f"cell:{cell[0]},{cell[1]}",
                aria_label=(
                    i18n._("{tile} at {cell}, the last tile placed")
                    if is_last
                    else i18n._("{tile} at {cell}")
                ).format(tile=tile_name(tile), cell=cell_words(cell)),
            )
        )
    for cell in empty:
        rots = fits.get(cell)
        if rots is not None:
            fill = FIT_FILL if rotation in rots else OTHER_ROTATION_FILL
            label = " ".join(f"r{r}" for r in rots)
            numbers = tile_numbers(chosen, rotation) if rotation in rots else None
            tip = i18n._("{tile} fits here with {turns}").format(
                tile=tile_name(chosen), turns=label
            )
            aria = (
                i18n._("empty cell at {cell}, fits {tile} as it is turned now")
                if rotation in rots
                else i18n._("empty cell at {cell}, fits {tile} turned another way")
            ).format(cell=cell_words(cell), tile=tile_name(chosen))
        else:
            fill, label, numbers = "none", "", None
            tip = i18n._("cell ({row}, {column})").format(row=cell[0], column=cell[1])
            aria = (
                i18n._("empty cell at {cell}, {tile} does not fit")
                if chosen is not None and fits
                else i18n._("empty cell at {cell}")
            ).format(cell=cell_words(cell), tile=tile_name(chosen) if chosen is not None else "")
        parts.append(
            triangle(
                cell,
                numbers,
                size,
                origin,
                fill=fill,
                stroke=FRONTIER_EDGE,
                stroke_width=1,
                label=label,
                target=f"cell:{cell[0]},{cell[1]}",
                tooltip=tip,
                dashed=rots is None,
                aria_label=aria,
            )
        )
    for cell in highlight or []:
        points = [_xy(p, size, origin) for p in corners(cell)]
        parts.append(draw.polygon(points, fill="none", stroke="#1565c0", stroke_width=3.5))
    height = header + board_height
    if show_hand:
        parts.append(
            draw.text(
                8,
                height + 12,
                (
                    i18n._("P{seat}'s hand (your turn)")
                    if game.to_move == seat
                    else i18n._("P{seat}'s hand")
                ).format(seat=seat),
                text_anchor="start",
                font_size=13,
                fill=PLAYER_COLOURS[seat % 6],
            )
        )
        hs = min(size * 0.9, 52)  # the hand stays one row of at most HAND_ROW tiles in the column
        top = height + 22
        for i, tile in enumerate(hand):
            rot = rotation if i == selected else 0
            if rot not in rotations(tile):
                rot = 0
            row, col = divmod(i, HAND_ROW)
            hand_origin = (8 + col * hs * 1.12, top + row * (hs * 0.87 + 8))
            parts.append(
                triangle(
                    (0, 0),
                    tile_numbers(tile, rot),
                    hs,
                    hand_origin,
                    fill="#ffe0b2" if i == selected else TILE_FILL,
                    stroke="#e65100" if i == selected else TILE_EDGE,
                    stroke_width=3 if i == selected else 1.5,
                    target=f"hand:{i}",
                    tooltip=i18n._("{tile} (value {value})").format(
                        tile=tile_name(tile), value=sum(tile)
                    ),
                    aria_label=(
                        i18n._("{tile} in P{seat}'s hand, value {value}, selected")
                        if i == selected
                        else i18n._("{tile} in P{seat}'s hand, value {value}")
                    ).format(tile=tile_name(tile), seat=seat, value=sum(tile)),
                )
            )
        hand_width = 8 + min(len(hand), HAND_ROW) * hs * 1.12 + 8
        hand_rows = max(1, (len(hand) + HAND_ROW - 1) // HAND_ROW)
        # the pool: click to draw
        # two lines at the labels' 13 px (it was 10 px): the box tall enough for both
        px = max(hand_width, width - POOL_WIDTH - 10)
        pool_height = max(hs * 0.75, 42)
        middle = px + POOL_WIDTH / 2
        pool_parts = [
            draw.rect(px, top + 4, POOL_WIDTH, pool_height, rx=8, fill="#eceff1", stroke="#78909c"),
            draw.text(
                middle,
                top + 4 + pool_height * 0.3,
                i18n._("pool: {n}").format(n=game.pool_size),
                font_size=13,
            ),
            draw.text(
                middle,
                top + 4 + pool_height * 0.7,
                i18n._("click to draw"),
                font_size=13,
                fill="#37474f",
            ),
        ]
        parts.append(
            draw.group(
                pool_parts,
                data_target="pool",
                aria_label=i18n.ngettext(
                    "the pool: {n} tiles; draw one",  # English: "tiles" of 1 too
                    "the pool: {n} tiles; draw one",
                    game.pool_size,
                ).format(n=game.pool_size),
            )
        )
        width = max(width, px + POOL_WIDTH + 10)
        height = max(top + hand_rows * (hs * 0.87 + 8), top + 4 + pool_height) + 4
    if caption:
        width = max(width, 7 * len(caption) + 16)
        parts.append(draw.text(width / 2, height + 12, caption, font_size=13))
        height += 24
    status = public_status(game, seat if show_hand else None)
    label = i18n._("Tri-Ominos board: {tiles} placed; {status}").format(
        tiles=plural(len(placed), "tile"), status=status
    )
    markup = draw.document(round(width, 1), round(height, 1), parts, label=label)
    # never shrunk below this on a narrow screen (a phone): the board pans instead, so its
    # numbers stay readable and its cells big enough to tap
    return markup.replace("<svg ", f'<svg data-min-width="{round(width)}" ', 1)


def board_svg(
    game: Game, *, size: float = 72, caption: str | None = None, highlight=None, frame=None
) -> str:
    """Only the board of a round (no hand, no empty cells): for figures in notebooks (72 px
    triangles: numbers of 14 px)."""
    return svg(
        game,
        size=size,
        show_hand=False,
        show_frontier=False,
        caption=caption,
        highlight=highlight,
        frame=frame,
    )


def board_picture(
    board: Board,
    *,
    size: float = 72,
    caption: str | None = None,
    highlight: list[tuple[int, int]] | None = None,
    empty: list[tuple[int, int]] | None = None,
    points: list[tuple[int, int]] | None = None,
    coordinates: bool = False,
) -> str:
    """A ``Board`` (built tile by tile) as SVG: tiles, the last one outlined in orange.

    ``highlight`` outlines cells in blue, ``empty`` draws dashed empty cells,
    ``points`` marks lattice points with their coordinates, ``coordinates``
    writes each tile's cell under its numbers.
    """
    placed = board.placements()
    cells = [c for c, _, _ in placed] + list(empty or []) + list(highlight or [])
    if not cells:
        cells = [(0, 0)]
    xs = [p[0] for c in cells for p in corners(c)] + [p[0] for p in points or []]
    ys = [p[1] for c in cells for p in corners(c)] + [p[1] for p in points or []]
    margin = size * 0.35
    origin = (margin - min(xs) * size / 2, margin - min(ys) * size * math.sqrt(3) / 2)
    width = (max(xs) - min(xs)) * size / 2 + 2 * margin + (30 if points else 0)
    height = (max(ys) - min(ys)) * size * math.sqrt(3) / 2 + 2 * margin
    parts = []
    for cell in empty or []:
        parts.append(
            triangle(
                cell,
                None,
                size,
                origin,
                fill="none",
                stroke=FRONTIER_EDGE,
                stroke_width=1,
                dashed=True,
                label=f"{cell[0]},{cell[1]}" if coordinates else "",
            )
        )
    last = placed[-1][0] if placed else None
    for cell, tile, rot in placed:
        parts.append(
            _placed(
                (cell, tile, rot),
                size,
                origin,
                last=cell == last,
                label=f"({cell[0]},{cell[1]})" if coordinates else "",
            )
        )
    for cell in highlight or []:
        corner_xy = [_xy(p, size, origin) for p in corners(cell)]
        parts.append(draw.polygon(corner_xy, fill="none", stroke="#1565c0", stroke_width=3.5))
    for point in points or []:
        x, y = _xy(point, size, origin)
        parts.append(draw.circle(x, y, 4, fill="#1565c0"))
        parts.append(
            draw.text(
                x + 6,
                y - 9,
                f"({point[0]},{point[1]})",
                font_size=11,
                fill="#1565c0",
                text_anchor="start",
            )
        )
    if caption:
        width = max(width, 7 * len(caption) + 16)
        parts.append(draw.text(width / 2, height + 10, caption, font_size=13))
        height += 24
    return draw.document(
        round(width, 1), round(height, 1), parts, label=caption or i18n._("Tri-Ominos board")
    )


def lattice_svg(rows: range = range(0, 2), columns: range = range(0, 5), size: float = 80) -> str:
    """Empty cells labelled (row, column), up and down, with their corner points labelled (X, y)."""
    cells = [(r, c) for r in rows for c in columns]
    points = sorted({p for cell in cells for p in corners(cell)})
    return board_picture(Board(), size=size, empty=cells, points=points, coordinates=True)


def tile_set_svg(tiles=None, *, per_row: int = 14, size: float = 52) -> str:
    """Tiles in rows (default: all 56, in order), each drawn pointing up with r0; 14 to a row
    fit the notebook's column."""
    from .lattice import TILES

    tiles = list(TILES if tiles is None else tiles)
    gap = size * 0.12
    parts = []
    for i, tile in enumerate(tiles):
        row, col = divmod(i, per_row)
        origin = (6 + col * (size + gap), 6 + row * (size * 0.87 + gap + 14))
        parts.append(triangle((0, 0), tile, size, origin, tooltip=tile_name(tile)))
        parts.append(
            draw.text(
                origin[0] + size / 2,
                origin[1] + size * 0.87 + 8,
                tile_name(tile),
                font_size=10,
                fill="#546e7a",
            )
        )
    rows = (len(tiles) + per_row - 1) // per_row
    width = 12 + min(len(tiles), per_row) * (size + gap)
    height = 12 + rows * (size * 0.87 + gap + 14)
    return draw.document(round(width, 1), round(height, 1), parts, label=plural(len(tiles), "tile"))


EDITIONS = {"seed": i18n.N_("standard"), "pressman": "Pressman"}
"""The rule editions by the names a player reads: ``seed`` (the rules of the source text:
draw until a tile fits) is the standard edition; ``pressman`` is the Pressman rule sheet."""


def edition(game: Game) -> str:
    """The name of the game's rule edition, as a player reads it (``standard``, ``Pressman``)."""
    return i18n.translate(EDITIONS.get(game.rules.name, game.rules.name))


def public_status(game: Game, seat: int | None) -> str:
    """The status line as ``seat`` may know it (None: nobody's hand is on the screen).

    How many placements the player to move has, or that it must draw, is a fact about its
    hidden hand: only that player's own status says it.

    >>> from tilegames.triominos import new_game
    >>> game = new_game(seed=6)
    >>> public_status(game, 1)
    'player 1 to play (1 placement); pool 38'
    >>> public_status(game, 0)
    'player 1 to play; pool 38'
    """
    if game.is_over or (seat is not None and seat == game.to_move):
        return game.status()
    return i18n._("player {player} to play; pool {pool}").format(
        player=game.to_move, pool=game.pool_size
    )


def words(game: Game, seat: int | None = None) -> str:
    """The round in words, for a screen reader (the board's "Text view"): what ``seat``
    sees — its own hand and every public fact; None shows no hand.

    >>> from tilegames.triominos import new_game
    >>> game = new_game(seed=6)
    >>> game.play("5-5-5 @ 0,0 r0")
    >>> print(words(game, seat=0))
    Tri-Ominos, 2 players, standard edition: player 0 to play (3 placements); pool 38.
    Board, 1 tile: 5-5-5 at row 0, column 0 (placed last).
    Scores: P0 0, P1 25.
    Hands: P0 9 tiles, P1 8 tiles.
    Your hand (P0): 0-0-2, 0-0-4, 0-0-5, 0-1-3, 0-3-3, 0-3-4, 2-4-5, 4-4-5, 4-5-5.
    Last move: P1 played 5-5-5 @ 0,0 r0.
    >>> words(game, seat=1).splitlines()[0]  # P1 may not know whether P0 must draw
    'Tri-Ominos, 2 players, standard edition: player 0 to play; pool 38.'
    """
    lines = [
        i18n.ngettext(
            "Tri-Ominos, {n} player, {edition} edition: {status}.",
            "Tri-Ominos, {n} players, {edition} edition: {status}.",
            game.players,
        ).format(n=game.players, edition=edition(game), status=public_status(game, seat))
    ]
    placed = game.board.placements()
    last = game.board.order[-1] if game.board.order else None
    tiles = [
        (
            i18n._("{tile} at {cell} (placed last)")
            if last is not None and key_cell(last) == cell
            else i18n._("{tile} at {cell}")
        ).format(tile=tile_name(tile), cell=cell_words(cell))
        for cell, tile, _ in placed
    ]
    lines.append(
        i18n._("Board, {tiles}: {placed}.").format(
            tiles=plural(len(placed), "tile"), placed="; ".join(tiles) or i18n._("empty")
        )
    )
    scores = ", ".join(f"P{s} {p}" for s, p in enumerate(game.scores))
    lines.append(i18n._("Scores: {scores}.").format(scores=scores))
    hands = ", ".join(f"P{s} {plural(n, 'tile')}" for s, n in enumerate(game.hand_sizes))
    lines.append(i18n._("Hands: {hands}.").format(hands=hands))
    if seat is not None:
        hand = ", ".join(tile_name(t) for t in game.hand(seat)) or i18n._("empty")
        lines.append(i18n._("Your hand (P{seat}): {hand}.").format(seat=seat, hand=hand))
    if game.history:
        events = [e for e in game.events if e.move == len(game.history) - 1]
        move = game.history[-1]
        lines.append(
            i18n._("Last move: P{seat} played {move}.").format(seat=events[0].seat, move=move)
            if events
            else i18n._("Last move: {move}.").format(move=move)
        )
    return "\n".join(lines)


def text(game: Game) -> str:
    """The round as text: a header, the board in ASCII (numbers at lattice points), scores, hands."""
    lines = [
        i18n.ngettext(
            # English: "players" for 1 too
            "Tri-Ominos, {n} players, {edition} rules: {status}",
            "Tri-Ominos, {n} players, {edition} rules: {status}",
            game.players,
        ).format(n=game.players, edition=edition(game), status=game.status()),
    ]
    placed = game.board.placements()
    lines.append("")
    lines.extend(ascii_board(placed) if placed else [i18n._("(empty board)")])
    lines.append("")
    scores = "  ".join(f"P{s} {p}" for s, p in enumerate(game.scores))
    lines.append(i18n._("scores: {scores}").format(scores=scores))
    for s in range(game.players):
        tiles = " ".join(tile_name(t) for t in game.hand(s))
        lines.append(
            i18n._("P{seat} hand ({n}): {tiles}").format(seat=s, n=game.hand_sizes[s], tiles=tiles)
        )
    lines.append(i18n._("pool: {n}").format(n=game.pool_size))
    if game.history:
        lines.append(i18n._("last move: {move}").format(move=game.history[-1]))
    return "\n".join(lines)


def ascii_board(placed: list) -> list[str]:
    """Lines of ASCII art: numbers at lattice points, ``/ \\ ---`` along tile edges.

    >>> ascii_board([((0, 0), (5, 5, 5), 0)])
    ['  5', ' / \\\\', '5---5']
    """
    xs = [p[0] for c, _, _ in placed for p in corners(c)]
    ys = [p[1] for c, _, _ in placed for p in corners(c)]
    x0, y0 = min(xs), min(ys)
    width = 2 * (max(xs) - x0) + 1
    grid = [[" "] * width for _ in range(2 * (max(ys) - y0) + 1)]
    for cell, tile, rot in placed:
        points = corners(cell)
        for point, number in zip(points, tile_numbers(tile, rot)):
            grid[2 * (point[1] - y0)][2 * (point[0] - x0)] = str(number)
        for i in range(3):
            (ax, ay), (bx, by) = sorted(
                (points[i], points[(i + 1) % 3]), key=lambda p: (p[1], p[0])
            )
            if ay == by:
                for col in range(2 * (ax - x0) + 1, 2 * (bx - x0)):
                    grid[2 * (ay - y0)][col] = "-"
            else:
                col = ax + bx - 2 * x0
                grid[ay + by - 2 * y0][col] = "\\" if bx > ax else "/"
    return ["".join(row).rstrip() for row in grid]


__all__ = [
    "board_picture",
    "lattice_svg",
    "tile_set_svg",
    "ascii_board",
    "board_svg",
    "svg",
    "text",
    "triangle",
    "words",
    "public_status",
    "edition",
    "EDITIONS",
]
