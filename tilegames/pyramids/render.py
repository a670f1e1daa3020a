"""Flaming Pyramids pictures: the pyramid as a brick wall (SVG) and as text.

Straw tiles are pale gold with straw stalks, wood tiles brown with grain,
stone tiles grey with cracks; the millstone is a round stone carrying all
four colours; coals are black with embers, burners black with a flame. A
tile's colour is its border and band, its weight the big number.

Clickable elements carry ``data-target``: ``hand:i`` (the i-th tile of the
hand shown), ``spot:r,x`` (a place to play), ``fall:left`` / ``fall:right``.

>>> from tilegames.pyramids import new_game
>>> game = new_game(seed=3)
>>> picture = svg(game)
>>> picture.startswith("<svg") and 'data-target="hand:0"' in picture and "spot:" in picture
True
>>> print(text(new_game(seed=3, players=4)).splitlines()[0])
row 0 |[R120]
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import svg as s
from ..i18n import N_, _
from .tiles import BURNERS, COALS, MILLSTONE, SUPPORT_LEFT, SUPPORT_RIGHT, TILES, key, position

TILE_W = 64
"""Pixels per tile width (two half-units)."""
TILE_H = 40
"""Pixels per row."""
HALF_W = TILE_W // 2
MARGIN = 14

COLOUR_HEX = {"yellow": "#F0E442", "red": "#D55E00", "green": "#009E73", "blue": "#0072B2"}
"""How each tile colour is drawn: the Okabe–Ito colours, apart for colour-blind eyes too."""
COLOUR_LETTER = {"yellow": "Y", "red": "R", "green": "G", "blue": "B"}
"""Each colour's letter, drawn on every tile: colour is never the only cue."""
MATERIAL_FILL = {"straw": "#f6e39b", "wood": "#b8834f", "stone": "#b9bcc0", "fire": "#2b2b2b"}
"""Background of each material."""


def _box(x: float, y: float, grow: int, **attributes: object) -> str:
    """A rectangle over the tile whose top-left corner is (x, y), ``grow`` larger on each side
    (smaller when negative): a frame, a mark or a ghost, as ``attributes`` draw it."""
    return s.rect(x - grow, y - grow, TILE_W + 2 * grow, TILE_H + 2 * grow, **attributes)


def _frame(x: float, y: float, colour: str, width: int, **attributes: str) -> str:
    """An unfilled frame of ``colour`` just outside the tile whose top-left corner is (x, y)."""
    return _box(x, y, 2, fill="none", stroke=colour, stroke_width=width, **attributes)


def _red_mark(
    x: float,
    y: float,
    grow: int,
    opacity: float,
    width: int,
    dashes: str,
    name: str,
    **attributes: object,
) -> str:
    """A dashed red box over a place this turn's mayhem touched: on the tile there (``grow``
    1), or the ghost of one that left it (``grow`` -2); ``name`` is its class."""
    return _box(
        x,
        y,
        grow,
        **attributes,
        fill="#ff1744",
        fill_opacity=opacity,
        stroke="#ff1744",
        stroke_width=width,
        stroke_dasharray=dashes,
        class_=name,
    )


def _tile_body(tile_id: int, x: float, y: float, w: float = TILE_W, h: float = TILE_H) -> list[str]:
    """The drawing of one tile with its top-left corner at (x, y)."""
    tile = TILES[tile_id]
    parts = []
    colour = "#5f6368" if tile_id == MILLSTONE else COLOUR_HEX[tile.colours[0]]
    fill = MATERIAL_FILL[tile.material]
    parts.append(s.rect(x + 1, y + 1, w - 2, h - 2, rx=4, fill=fill, stroke=colour, stroke_width=3))
    if tile.material == "straw":  # stalks
        for i in range(5):
            sx = x + 8 + i * (w - 16) / 4
            parts.append(
                s.line(sx - 4, y + h - 6, sx + 4, y + 8, stroke="#c9a227", stroke_width=1.3)
            )
    elif tile.material == "wood" and tile_id != MILLSTONE:  # grain
        for i in range(3):
            gy = y + 11 + i * (h - 18) / 2
            parts.append(
                s.path(
                    f"M{x + 5:.1f},{gy:.1f} q{w / 4:.1f},-4 {w / 2 - 5:.1f},0 t{w / 2 - 5:.1f},0",
                    fill="none",
                    stroke="#8a5a2b",
                    stroke_width=1.2,
                )
            )
    elif tile_id == MILLSTONE:
        cx, cy = x + w / 2, y + h / 2
        parts.append(s.circle(cx, cy, h / 2 - 3, fill="#9ea3a8", stroke="#5f6368", stroke_width=2))
        parts.append(s.circle(cx, cy, 4, fill="#5f6368"))
        for i, name in enumerate(("yellow", "red", "green", "blue")):
            parts.append(
                s.rect(x + 4 + i * (w - 8) / 4, y + 3, (w - 8) / 4, 5, fill=COLOUR_HEX[name])
            )
            parts.append(
                s.rect(x + 4 + i * (w - 8) / 4, y + h - 8, (w - 8) / 4, 5, fill=COLOUR_HEX[name])
            )
    elif tile.material == "stone":  # cracks and pebbles
        parts.append(
            s.path(
                f"M{x + 6:.1f},{y + 9:.1f} l8,6 l-3,7 l7,5 M{x + w - 8:.1f},{y + h - 8:.1f} l-7,-5 l4,-6",
                fill="none",
                stroke="#7d8186",
                stroke_width=1.2,
            )
        )
    elif tile_id in COALS:  # embers
        for dx, dy, r in ((14, 12, 3), (w - 16, 14, 2.5), (22, h - 11, 2.5), (w - 22, h - 12, 3)):
            parts.append(s.circle(x + dx, y + dy, r, fill="#ff7043"))
    elif tile_id in BURNERS:  # flame
        cx = x + w / 2
        flame = [
            (cx, y + 4),
            (cx + 11, y + 20),
            (cx + 6, y + h - 5),
            (cx - 6, y + h - 5),
            (cx - 11, y + 20),
        ]
        parts.append(s.polygon(flame, fill="#ff6f00", stroke="#ffca28", stroke_width=2))
    if tile_id != MILLSTONE:
        parts.append(s.rect(x + 4, y + 4, w - 8, 5, fill=colour))
        parts.extend(colour_badge(tile.colours[0], x + 3, y + 3))
    dark_body = tile_id in COALS  # a coal's label sits on its black body, a burner's on its flame
    parts.append(  # dark on a white halo (white on a dark halo on a coal): 4.5:1 and more
        s.text(
            x + w / 2,
            y + h / 2 + 3,
            str(tile.weight),
            font_size=17 if tile.weight < 100 else 15,
            font_weight="bold",
            fill="#ffffff" if dark_body else "#111111",
            stroke="#111111" if dark_body else "#ffffff",
            stroke_width=3,
            paint_order="stroke",
        )
    )
    material = _(MATERIAL_WORDS.get(tile.material, tile.material))
    parts.append(
        s.title(
            _("{tile} ({material}, weight {weight})").format(
                tile=tile.name, material=material, weight=tile.weight
            )
        )
    )
    return parts


def colour_badge(colour: str, x: float, y: float) -> list[str]:
    """A tile's colour as a letter on a badge of that colour (top-left corner at x, y).

    >>> "R</text>" in "".join(colour_badge("red", 0, 0))
    True
    """
    # the letter in black or white, whichever contrasts more with the badge (at least 4.5:1)
    ink = max(("#000000", "#ffffff"), key=lambda i: s.contrast(i, COLOUR_HEX[colour]))
    return [
        s.rect(x, y, 14, 14, rx=3, fill=COLOUR_HEX[colour], stroke="#000000", stroke_width=0.8),
        s.text(
            x + 7,
            y + 7.5,
            COLOUR_LETTER[colour],
            font_size=10.5,
            font_weight="bold",
            fill=ink,
            class_="fp-colour-letter",
        ),
    ]


def tile_svg(name: str | int, *, scale: float = 1.0) -> str:
    """One tile alone, as an SVG document.

    >>> tile_svg("millstone").count("<rect") >= 8
    True
    """
    from .tiles import tile_id

    t = tile_id(name)
    body = s.group(_tile_body(t, 0, 0), transform=f"scale({scale})")
    return s.document(TILE_W * scale, TILE_H * scale, [body], label=TILES[t].name)


def tiles_picture(names: Iterable[str | int] | None = None, per_row: int = 10) -> s.SVGPicture:
    """The tiles (default: all 45, by id) in rows, with their names underneath."""
    from .tiles import tile_id

    ids = [tile_id(n) for n in names] if names is not None else list(range(len(TILES)))
    parts = []
    cell_w, cell_h = TILE_W + 12, TILE_H + 24
    for i, t in enumerate(ids):
        cx, cy = (i % per_row) * cell_w + 6, (i // per_row) * cell_h + 4
        parts.extend(_tile_body(t, cx, cy))
        parts.append(
            s.text(cx + TILE_W / 2, cy + TILE_H + 10, TILES[t].name, font_size=10, fill="#333")
        )
    rows = (len(ids) + per_row - 1) // per_row
    return s.SVGPicture(
        s.document(min(len(ids), per_row) * cell_w + 4, rows * cell_h + 4, parts, label=_("tiles"))
    )


def _board_of(state, board) -> dict[int, int]:
    if board is None:
        return state.board
    if isinstance(board, dict):
        return {(key(*k) if isinstance(k, tuple) else k): v for k, v in board.items()}
    return dict(board)  # Event.board: (key, tile) pairs


def svg(
    state,
    *,
    player: int | None = None,
    selected: int | None = None,
    board: dict | Iterable | None = None,
    marked: Iterable[tuple[int, int]] = (),
    spots: bool = True,
    hands: bool = True,
    caption: str | None = None,
    frame: tuple[int, int, int] | None = None,
    next_step: str | None = None,
) -> str:
    """The game as an SVG picture.

    - ``player``: whose hand is shown (default: the player to move);
      ``selected``: the index of a hand tile shown lifted;
    - ``board``: draw this pyramid instead of the current one (a
      ``{(r, x): name}`` dict or an ``Event.board``), for mayhem step by step;
      ``marked``: positions to outline in red (tiles an event affects);
    - ``spots``: highlight the places to play (and the two landing places
      while a tile is in the air); ``hands``: draw hands and pile counts;
    - ``frame``: (lowest x, highest x, top row) the picture must at least
      cover, so that several pictures line up;
    - ``next_step``: while mayhem is shown step by step, the caption becomes a target
      (``data-target="next"``) with this accessible name: click it, or press Enter on it,
      for the next step.
    """
    from .tiles import tile_id

    tiles = _board_of(state, board)
    tiles = {k: (tile_id(v) if isinstance(v, str) else v) for k, v in tiles.items()}
    live = board is None and not state.is_over
    spot_keys: list[int] = []
    falls: list[tuple[str, int]] = []
    if live and spots:
        falling = state.falling_key
        if falling is not None:
            falls = [
                ("left", falling + SUPPORT_LEFT),
                ("right", falling + SUPPORT_RIGHT),
            ]
        else:
            spot_keys = [key(*spot) for spot in state.spots()]
    marked = {tuple(m) for m in marked}
    chosen = None  # the selected hand tile: each spot says whether it keeps the rules there
    if selected is not None and spot_keys and hasattr(state, "hand_ids"):
        ids = state.hand_ids(state.to_move if player is None else player)
        chosen = ids[selected] if 0 <= selected < len(ids) else None
    positions = [position(k) for k in list(tiles) + spot_keys + [f[1] for f in falls]]
    positions = positions + sorted(marked) or [(0, 0)]
    x_lo = min(x for _, x in positions) - 1
    x_hi = max(x for _, x in positions) + 1
    top = max(max(r for r, _ in positions), 2)
    if frame is not None:  # a fixed frame, so that pictures of one turn line up
        x_lo, x_hi, top = min(x_lo, frame[0]), max(x_hi, frame[1]), max(top, frame[2])
    wall_w = (x_hi - x_lo) * HALF_W
    width = max(wall_w + 2 * MARGIN, 5 * (TILE_W + 8) + 2 * MARGIN, 360)
    offset = MARGIN + (width - 2 * MARGIN - wall_w) / 2
    caption_lines = _wrap(caption, int(width / 7.5)) if caption else []
    y0 = MARGIN + 18 * len(caption_lines) + (6 if caption_lines else 0)

    def corner(r: int, x: int) -> tuple[float, float]:
        return offset + (x - 1 - x_lo) * HALF_W, y0 + (top - r) * TILE_H

    parts = []
    caption_parts = [
        s.text(width / 2, MARGIN + 6 + 18 * i, line, font_size=13, font_weight="bold", fill="#333")
        for i, line in enumerate(caption_lines)
    ]
    if next_step is not None and caption_lines:
        backing = s.rect(
            MARGIN / 2, MARGIN - 10, width - MARGIN, 18 * len(caption_lines) + 4, rx=4,
            fill="#fff3e0", stroke="#e65100", stroke_width=1,
        )  # fmt: skip
        parts.append(s.group([backing, *caption_parts], data_target="next", aria_label=next_step))
    else:
        parts.extend(caption_parts)
    ground = y0 + (top + 1) * TILE_H
    parts.append(s.rect(0, ground, width, 8, fill="#8d6e63"))
    falling = state.falling_key if live else None
    for k, t in sorted(tiles.items()):
        r, x = position(k)
        px, py = corner(r, x)
        body = _tile_body(t, px, py)
        if (r, x) in marked:
            body.append(_red_mark(px, py, 1, 0.18, 3, "6,3", "fp-marked"))
        if k == falling:
            body.append(_frame(px, py, "#ff9100", 4, class_="fp-falling"))
        parts.append(
            s.group(body, class_="fp-tile", data_tile=TILES[t].name, data_position=f"{r},{x}")
        )
    for r, x in sorted(marked):
        if key(r, x) not in tiles:  # a tile left this place: a red ghost
            px, py = corner(r, x)
            parts.append(_red_mark(px, py, -2, 0.08, 2, "4,3", "fp-ghost", rx=4))
    for k in spot_keys:
        r, x = position(k)
        parts.append(
            _marker(
                *corner(r, x), f"{r},{x}", _("a place to play: ({row},{column})").format(row=r, column=x),
                f"spot:{r},{x}", "fp-spot",
                fill="#e3f2fd", opacity=0.6, ink="#1565c0", edge="#1565c0", font_size=11,
                aria_label=spot_label(tiles, r, x, chosen),
            )
        )  # fmt: skip
    for direction, k in falls:
        arrow = "\u2199" if direction == "left" else "\u2198"
        parts.append(
            _marker(
                *corner(*position(k)), f"{arrow} {direction}", f"fall {direction}",
                f"fall:{direction}", "fp-fall",
                fill="#c8e6c9", opacity=0.8, ink="#1b5e20", edge="#2e7d32", font_size=12,
                aria_label=_(FALL_LABELS[direction]),
            )
        )  # fmt: skip
    height = ground + 12
    if hands:
        height = _draw_hands(state, parts, player, selected, width, height)
    return s.document(
        width, height, parts, label=_("Flaming Pyramids: {status}").format(status=state.status())
    )


FALL_LABELS = {
    "left": N_("let the falling tile land down to the left"),
    "right": N_("let the falling tile land down to the right"),
}
"""The fall markers' names for a screen reader."""


def tile_words(tile_id: int) -> str:
    """A tile in words for a screen reader: its name, colour(s), material and weight.

    >>> from tilegames.pyramids.tiles import tile_id
    >>> tile_words(tile_id("millstone"))
    'millstone: yellow, red, green and blue, stone, weight 200'
    """
    tile = TILES[tile_id]
    colours = [_(COLOUR_WORDS.get(c, c)) for c in tile.colours]
    colour = colours[0] if len(colours) == 1 else ", ".join(colours[:-1]) + _(" and ") + colours[-1]
    material = _(MATERIAL_WORDS.get(tile.material, tile.material))
    if len(tile.colours) == 1 and tile.name.startswith(tile.colours[0]):
        return _("{tile}, {material}, weight {weight}").format(
            tile=tile.name, material=material, weight=tile.weight
        )
    return _("{tile}: {colour}, {material}, weight {weight}").format(
        tile=tile.name, colour=colour, material=material, weight=tile.weight
    )


COLOUR_WORDS = {
    "yellow": N_("yellow"),
    "red": N_("red"),
    "green": N_("green"),
    "blue": N_("blue"),
}
"""A tile's colours in words for a screen reader (the tile's name stays notation: ``red 40``)."""

MATERIAL_WORDS = {
    "straw": N_("straw"),
    "wood": N_("wood"),
    "stone": N_("stone"),
    "fire": N_("fire"),
}
"""A tile's material in words for a screen reader."""


def words(state) -> str:
    """The pyramid in words, a row a line, lowest first (the board's "Text view": no ASCII art
    for a screen reader to spell out).

    >>> from tilegames.pyramids import new_game
    >>> print(words(new_game(3, players=2)))
    Row 0, on the ground: red 120, stone, weight 120 at position 0.
    """
    rows: dict[int, list[str]] = {}
    for k, t in sorted(_board_of(state, None).items(), key=lambda item: position(item[0])):
        r, x = position(k)
        rows.setdefault(r, []).append(_("{tile} at position {x}").format(tile=tile_words(t), x=x))
    return "\n".join(
        (_("Row {row}, on the ground: {tiles}.") if r == 0 else _("Row {row}: {tiles}.")).format(
            row=r, tiles="; ".join(rows[r])
        )
        for r in sorted(rows)
    )


def spot_label(tiles: dict[int, int], r: int, x: int, tile: int | None = None) -> str:
    """A place to play in words: its row, the tiles it would rest on, and — for the selected
    ``tile`` — whether it keeps the building rules there or brings mayhem.

    >>> from tilegames.pyramids.tiles import key, tile_id
    >>> below = {key(0, 0): tile_id("red 100"), key(0, 2): tile_id("blue 60")}
    >>> spot_label(below, 1, 1, tile_id("red 40"))
    'empty place in row 1, position 1, on red 100 and blue 60: red 40 keeps the building rules here'
    >>> spot_label(below, 1, 1, tile_id("millstone"))
    'empty place in row 1, position 1, on red 100 and blue 60: millstone breaks the building rules here (mayhem)'
    """
    from .tiles import overhang_ok, supported_ok

    under = [tiles.get(key(r - 1, x - 1)), tiles.get(key(r - 1, x + 1))] if r > 0 else []
    below = [tile_words(t).split(",")[0] for t in under if t is not None]
    on = (
        _(", on {tiles}").format(tiles=_(" and ").join(below))
        if below
        else _(", on the ground")
        if r == 0
        else ""
    )
    if tile is None:
        return _("empty place in row {row}, position {x}{on}: play here").format(row=r, x=x, on=on)
    name = TILES[tile].name
    if r == 0:
        keeps = True
    elif None not in under:
        keeps = supported_ok(tile, under[0], under[1])
    else:
        keeps = overhang_ok(tile, next(t for t in under if t is not None))
    verdict = (
        _("empty place in row {row}, position {x}{on}: {tile} keeps the building rules here")
        if keeps
        else _(
            "empty place in row {row}, position {x}{on}: {tile} breaks the building rules here "
            "(mayhem)"
        )
    )
    return verdict.format(row=r, x=x, on=on, tile=name)


def _marker(
    px: float, py: float, label: str, tooltip: str, target: str, class_: str,
    *, fill: str, opacity: float, ink: str, edge: str, font_size: float,
    aria_label: str | None = None,
) -> str:  # fmt: skip
    """A dashed, clickable place on the wall: a spot to play, or where a tile may fall."""
    return s.group(
        [
            s.rect(
                px + 3,
                py + 3,
                TILE_W - 6,
                TILE_H - 6,
                rx=5,
                fill=fill,
                fill_opacity=opacity,
                stroke=edge,
                stroke_width=2,
                stroke_dasharray="5,4",
            ),  # fmt: skip
            s.text(px + TILE_W / 2, py + TILE_H / 2, label, font_size=font_size, fill=ink),
            s.title(tooltip),
        ],
        class_=class_,
        data_target=target,
        aria_label=aria_label,
    )


def _draw_hands(state, parts: list[str], player, selected, width: float, y: float) -> float:
    if player is None:
        player = state.acting if not state.is_over else state.turn_player
    hand = state.hand_ids(player)
    title = (
        _("player {player}'s hand (to move)")
        if state.to_move == player
        else _("player {player}'s hand")
    ).format(player=player)
    parts.append(s.text(MARGIN, y + 10, title, font_size=13, text_anchor="start", fill="#333"))
    y += 20
    for i, t in enumerate(hand):
        px = MARGIN + i * (TILE_W + 8)
        py = y + (0 if i == selected else 8)
        body = _tile_body(t, px, py)
        if i == selected:
            body.append(_frame(px, py, "#1565c0", 3))
        parts.append(
            s.group(
                body,
                class_="fp-hand",
                data_target=f"hand:{i}",
                aria_label=(
                    _("{tile}, in player {player}'s hand, selected")
                    if i == selected
                    else _("{tile}, in player {player}'s hand")
                ).format(tile=tile_words(t), player=player),
            )
        )
    y += TILE_H + 16
    lines = []
    for p in range(state.n_players):
        mark = "\u25b6 " if p == state.turn_player and not state.is_over else ""
        lines.append(
            mark
            + _("player {player}: {hand} in hand, {pile} in pile").format(
                player=p, hand=state.hand_sizes[p], pile=state.pile_sizes[p]
            )
        )
    for i, line in enumerate(lines):
        parts.append(
            s.text(MARGIN, y + i * 17 + 6, line, font_size=12, text_anchor="start", fill="#333")
        )
    y += len(lines) * 17 + 4
    if state.removed:
        gone = ", ".join(state.removed)
        parts.append(
            s.text(
                MARGIN,
                y + 6,
                f"removed from the game: {gone}",
                font_size=11,
                text_anchor="start",
                fill="#666",
            )
        )
        y += 18
    return y + 6


def event_svg(state, event, **options) -> str:
    """The pyramid after a log event: tiles that moved there outlined, places tiles left as red ghosts."""
    options.setdefault("caption", event.text)
    return svg(state, board=event.board, marked=event.marked, spots=False, **options)


def turn_pictures(
    state, turn: int | None = None, *, per_row: int = 3, hands: bool = False
) -> s.SVGPicture:
    """A turn's events, one picture each (captioned with the log's words), in rows of ``per_row``."""
    events = [e for e in state.turn_events(turn) if e.board or e.kind == "place"]
    places = [position(k) for e in events for k, _ in e.board] + [
        m for e in events for m in e.marked
    ]
    frame = None
    if places:
        xs = [x for _, x in places]
        frame = (min(xs) - 1, max(xs) + 1, max(r for r, _ in places))
    pictures = [event_svg(state, e, hands=hands, frame=frame) for e in events]
    return grid(pictures, per_row)


SMALLEST_SCALE = 0.85
"""A row of pictures is never shrunk below this to fit the column: their 13 px captions stay
at least 11 px (a row that would need more shrinking is split into more rows)."""


def grid(pictures: list[str], per_row: int = 3, gap: float = 12) -> s.SVGPicture:
    """SVG documents laid out in rows of at most ``per_row``, each row no wider than the column
    allows at ``SMALLEST_SCALE`` (each picture keeps its own size; the whole fits the column).

    >>> wide = s.document(400, 100, [])
    >>> s.size_of(grid([wide] * 4, per_row=4)._repr_svg_())  # two rows of two: 13 px captions
    (812.0, 212.0)
    """
    import re

    def size(markup: str) -> tuple[float, float]:
        width = float(re.search(r'width="([\d.]+)"', markup).group(1))
        height = float(re.search(r'height="([\d.]+)"', markup).group(1))
        return width, height

    widest = s.COLUMN_WIDTH / SMALLEST_SCALE
    rows: list[list[str]] = []
    for markup in pictures:
        row = rows[-1] if rows else None
        wide = sum(size(m)[0] + gap for m in row) + size(markup)[0] if row else 0.0
        if row is None or len(row) >= per_row or wide > widest:
            rows.append([markup])
        else:
            row.append(markup)
    parts, y, total_w = [], 0.0, 0.0
    for row in rows:
        x, row_h = 0.0, 0.0
        for markup in row:
            w, h = size(markup)
            parts.append(s.group([markup], transform=f"translate({x:.1f},{y:.1f})"))
            x += w + gap
            row_h = max(row_h, h)
        total_w = max(total_w, x - gap)
        y += row_h + gap
    return s.fitted(max(total_w, 1), max(y - gap, 1), parts, label=_("mayhem step by step"))


def _wrap(text: str, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])


def text(state, *, board: dict | Iterable | None = None, hands: bool = True) -> str:
    """The game as text: rows from the top down, then hands, piles and the status."""
    tiles = _board_of(state, board)
    lines = []
    if tiles:
        positions = {position(k): t for k, t in tiles.items()}
        x_lo = min(x for _, x in positions) - 1
        top = max(r for r, _ in positions)
        for r in range(top, -1, -1):
            cells = []
            last = x_lo
            for x in sorted(x for rr, x in positions if rr == r):
                cells.append("   " * (x - 1 - last))
                cells.append(f"[{TILES[positions[(r, x)]].short:<4}]")
                last = x + 1
            lines.append(f"row {r} |" + "".join(cells).rstrip())
    else:
        lines.append("(empty table)")
    if hands:
        for p in range(state.n_players):
            mark = "*" if p == state.to_move else " "
            lines.append(
                f"{mark}player {p}: hand {state.hand_sizes[p]}, pile {state.pile_sizes[p]}"
            )
        if state.removed:
            lines.append("removed: " + ", ".join(state.removed))
        lines.append(state.status())
    return "\n".join(lines)
