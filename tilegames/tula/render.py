"""Tula pictures: the temple seen from above as SVG, and a text board.

``svg(game)`` draws piecepack tiles (suit symbols and values face up, the
gridded back face down), each layer raised and shadowed by its height, the
tiles that can be revealed (gold, dashed) or removed (green) outlined, and
the stack beside the temple with its top tile. Every tile in the temple
carries ``data-target="<position id>"``; the stack ``data-target="stack"``.

>>> from tilegames.tula import new_game
>>> picture = svg(new_game(seed=1))
>>> picture.startswith("<svg") and 'data-target="3A"' in picture
True
>>> print(text(new_game(seed=1)).splitlines()[0])
Layer 1          Layer 2          Layer 3          Layer 4
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from .. import svg as draw
from ..i18n import _, ngettext
from .layout import (
    CORNERS,
    COVERED_BY,
    EDGE_BLOCKERS,
    INDEX,
    LAYER,
    POSITIONS,
    SUITS,
    TILES,
    XY,
    Tile,
    matches,
    names,
)

CELL = 34
"""Pixels per grid cell; a tile is 2×2 cells."""
LIFT = 6
"""Pixels each layer is raised up and to the left, so the layers read as heights."""
MARGIN = 26
SUIT_COLOURS = ("#D55E00", "#212121", "#009E73", "#0072B2")
"""Suns red, Moons black, Crowns green, Arms blue: the classic piecepack colours, in their
Okabe–Ito shades (each suit also has its own symbol, so colour is never the only cue)."""
SUIT_INK = ("#a34700", "#212121", "#00745a", "#005f95")
"""The same suits darkened for a tile's value (its text): at least 4.5:1 on every layer's fill."""
LAYER_FILLS = ("#efe3c8", "#f5ecd8", "#faf4e6", "#fffdf6")
"""Face-up tiles get lighter with height."""
BACK_FILLS = ("#7f5f3c", "#9a7650", "#b58f65", "#cfa97c")
REVEALABLE = "#E69F00"
"""Outline of a tile that may be revealed: orange, dashed."""
REMOVABLE = "#009E73"
"""Outline of a tile that may be removed: bluish green, solid."""
BLOCKED = "#D55E00"
"""A blocked edge (a thick line) or corner (a small dot)."""
FREE = "#009E73"
"""A free corner (a big dot)."""


def suit_symbol(cx: float, cy: float, size: float, suit: int) -> str:
    """A piecepack suit symbol (Suns, Moons, Crowns, Arms) centred on (cx, cy)."""
    colour = SUIT_COLOURS[suit]
    r = size / 2
    if suit == 0:  # sun: a disc with eight rays
        rays = []
        for k in range(8):
            a = k * math.pi / 4
            rays.append(
                draw.line(
                    cx + 0.55 * r * math.cos(a), cy + 0.55 * r * math.sin(a),
                    cx + r * math.cos(a), cy + r * math.sin(a),
                    stroke=colour, stroke_width=max(1.2, size / 12), stroke_linecap="round",
                )
            )  # fmt: skip
        return draw.group([draw.circle(cx, cy, 0.42 * r, fill=colour), *rays])
    if suit == 1:  # moon: a crescent
        d = (
            f"M {cx + 0.25 * r:.1f} {cy - 0.92 * r:.1f} "
            f"A {r:.1f} {r:.1f} 0 1 0 {cx + 0.25 * r:.1f} {cy + 0.92 * r:.1f} "
            f"A {0.78 * r:.1f} {0.78 * r:.1f} 0 1 1 {cx + 0.25 * r:.1f} {cy - 0.92 * r:.1f} Z"
        )
        return draw.path(d, fill=colour)
    if suit == 2:  # crown: three points on a band
        points = [
            (cx - r, cy + 0.6 * r), (cx - r, cy - 0.55 * r), (cx - 0.5 * r, cy + 0.05 * r),
            (cx, cy - 0.8 * r), (cx + 0.5 * r, cy + 0.05 * r), (cx + r, cy - 0.55 * r),
            (cx + r, cy + 0.6 * r),
        ]  # fmt: skip
        return draw.polygon(points, fill=colour)
    # arms: a fleur-de-lis
    petal = (
        f"M {cx:.1f} {cy - r:.1f} C {cx + 0.35 * r:.1f} {cy - 0.55 * r:.1f} {cx + 0.3 * r:.1f} {cy:.1f} "
        f"{cx:.1f} {cy + 0.35 * r:.1f} C {cx - 0.3 * r:.1f} {cy:.1f} {cx - 0.35 * r:.1f} {cy - 0.55 * r:.1f} "
        f"{cx:.1f} {cy - r:.1f} Z "
        f"M {cx - 0.15 * r:.1f} {cy + 0.1 * r:.1f} C {cx - 0.9 * r:.1f} {cy - 0.6 * r:.1f} "
        f"{cx - 1.1 * r:.1f} {cy + 0.4 * r:.1f} {cx - 0.5 * r:.1f} {cy + 0.45 * r:.1f} Z "
        f"M {cx + 0.15 * r:.1f} {cy + 0.1 * r:.1f} C {cx + 0.9 * r:.1f} {cy - 0.6 * r:.1f} "
        f"{cx + 1.1 * r:.1f} {cy + 0.4 * r:.1f} {cx + 0.5 * r:.1f} {cy + 0.45 * r:.1f} Z"
    )
    band = draw.rect(cx - 0.55 * r, cy + 0.38 * r, 1.1 * r, 0.2 * r, fill=colour, rx=1)
    stem = draw.polygon(
        [(cx - 0.12 * r, cy + 0.55 * r), (cx + 0.12 * r, cy + 0.55 * r), (cx, cy + r)], fill=colour
    )
    return draw.group([draw.path(petal, fill=colour), band, stem])


def tile_face(x: float, y: float, size: float, tile: Tile, fill: str = LAYER_FILLS[0]) -> str:
    """A face-up piecepack tile: the value large in its suit's colour, suit symbols in two corners."""
    parts = [
        draw.rect(x, y, size, size, rx=size * 0.08, fill=fill, stroke="#5d4037", stroke_width=1.2)
    ]
    if tile.value == 0:  # null: the suit alone
        parts.append(suit_symbol(x + size / 2, y + size / 2, size * 0.5, tile.suit))
    else:
        label = "A" if tile.value == 1 else str(tile.value)
        parts.append(
            draw.text(
                x + size / 2, y + size / 2 + 1, label, font_size=size * 0.46,
                font_weight="bold", fill=SUIT_INK[tile.suit],
            )
        )  # fmt: skip
        parts.append(suit_symbol(x + size * 0.2, y + size * 0.2, size * 0.24, tile.suit))
        parts.append(suit_symbol(x + size * 0.8, y + size * 0.8, size * 0.24, tile.suit))
    parts.append(draw.title(str(tile)))
    return draw.group(parts)


def tile_back(x: float, y: float, size: float, fill: str = BACK_FILLS[0]) -> str:
    """A face-down piecepack tile: the back's 2×2 grid."""
    return draw.group(
        [
            draw.rect(
                x, y, size, size, rx=size * 0.08, fill=fill, stroke="#3e2723", stroke_width=1.2
            ),
            draw.line(
                x + size / 2, y + 4, x + size / 2, y + size - 4, stroke="#3e2723", stroke_width=1.5
            ),
            draw.line(
                x + 4, y + size / 2, x + size - 4, y + size / 2, stroke="#3e2723", stroke_width=1.5
            ),
        ]
    )


def _tile_origin(position: int) -> tuple[float, float]:
    x, y = XY[position]
    lift = LIFT * (LAYER[position] - 1)
    return MARGIN + x * CELL - lift + 1, MARGIN + 10 + y * CELL - lift + 1


def svg(
    game,
    *,
    layers: Iterable[int] = (1, 2, 3, 4),
    highlight: bool = True,
    explain: str | None = None,
    selected: str | None = None,
    show_ids: bool = True,
    show_stack: bool = True,
    reveal_all: bool = False,
    caption: str | None = None,
    hint: str | None = None,
    legend: bool = False,
) -> str:
    """The temple from above, the stack beside it.

    - ``layers``: which layers to draw (for layer-by-layer figures);
    - ``highlight``: outline tiles that can be revealed or removed now;
    - ``explain``: a position whose edges to mark, blocked red, with its free corners green;
    - ``selected``: a position drawn with a blue ring;
    - ``reveal_all``: draw face-down tiles face up, faded (a post-mortem view);
    - ``caption``: text under the picture (default: the game's status);
    - ``hint``: a position to mark as the hint (a blue ring and a tag);
    - ``legend``: say under the temple what the outlines mean.
    """
    layers = set(layers)
    size = 2 * CELL - 2
    revealable = set(game.revealable()) if highlight else set()
    removable = set(game.removable()) if highlight else set()
    temple_width = 2 * MARGIN + 8 * CELL
    width = temple_width + (150 if show_stack else 0)
    height = MARGIN + 10 + 8 * CELL + 40 + (26 if legend else 0)
    parts = [draw.rect(0, 0, width, height, fill="#fbf8f1")]
    parts.append(
        draw.rect(MARGIN - 8, MARGIN + 2, 8 * CELL + 16, 8 * CELL + 16, rx=10, fill="#e6dcc6")
    )
    for position in range(24):
        layer = LAYER[position]
        name = POSITIONS[position]
        if layer not in layers or not game.is_present(name):
            continue
        x, y = _tile_origin(position)
        depth = layer * 2
        tile_parts = [
            draw.rect(
                x + depth,
                y + depth,
                size,
                size,
                rx=size * 0.08,
                fill="#000",
                opacity=0.18 + 0.04 * layer,
            )
        ]
        tile = game.tile_at(name)
        if game.is_face_up(name):
            tile_parts.append(tile_face(x, y, size, tile, LAYER_FILLS[layer - 1]))
        elif reveal_all:
            tile_parts.append(draw.group([tile_face(x, y, size, tile, "#ddd")], opacity=0.55))
        else:
            tile_parts.append(tile_back(x, y, size, BACK_FILLS[layer - 1]))
        if show_ids:
            tile_parts.append(position_label(x + size, y + size, name))
        ring = REMOVABLE if name in removable else REVEALABLE if name in revealable else None
        if name == selected:
            ring = "#1565c0"
        if name == hint:
            tile_parts.append(hint_mark(x, y, size))
        if ring:
            tile_parts.append(
                draw.rect(
                    x - 2, y - 2, size + 4, size + 4, rx=size * 0.1, fill="none", stroke=ring,
                    stroke_width=3.5, stroke_dasharray="7 4" if ring == REVEALABLE else None,
                )
            )  # fmt: skip
        shown = tile if game.is_face_up(name) else _("face down")
        tile_parts.append(draw.title(f"{name}: {shown}"))
        label = target_label(game, name)
        parts.append(
            draw.group(
                tile_parts,
                data_target=name,
                class_=f"tula-tile layer-{layer}",
                aria_label=label,
                # the board's arrow keys pass over a tile under others
                data_covered="true" if _covering(game, name) else None,
            )
        )
    if explain is not None:
        parts.append(_explain_corners(game, INDEX[explain.upper()]))
    if show_stack:
        parts.append(_stack_picture(game, temple_width, size))
    text_line = caption if caption is not None else game.status()
    if legend:
        parts.append(outline_legend(MARGIN, height - 52, hint=hint is not None))
    parts.append(
        draw.text(MARGIN, height - 16, text_line, font_size=13, fill="#333", text_anchor="start")
    )
    return draw.document(
        width, height, parts, label=_("Tula: {status}").format(status=game.status())
    )


def position_label(right: float, bottom: float, name: str) -> str:
    """A position's name (``3B``) on a light tag in a tile's bottom-right corner: legible on
    face-down brown and on face-up cream alike."""
    return draw.group(
        [
            draw.rect(right - 25, bottom - 16, 23, 14, rx=3, fill="#fffdf6", opacity=0.92),
            draw.text(
                right - 13.5, bottom - 8.6, name, font_size=11, font_weight="bold", fill="#1a1a1a"
            ),
        ],
        class_="tula-position",
    )


def hint_mark(x: float, y: float, size: float) -> str:
    """The hint on the board: a thick blue ring and a "hint" tag above the tile, as wide as
    the word in the language in use (``подсказка`` is three times ``hint``).

    >>> 'width="34"' in hint_mark(0, 0, 60)
    True
    """
    label = _("hint")
    width = max(34.0, round(7.0 * len(label) + 6, 1))  # 11 px bold: about 7 px a letter
    return draw.group(
        [
            draw.rect(
                x - 5, y - 5, size + 10, size + 10, rx=size * 0.12, fill="none",
                stroke="#0072B2", stroke_width=4,
            ),
            draw.rect(x + size / 2 - width / 2, y - 13, width, 15, rx=4, fill="#0072B2"),
            draw.text(x + size / 2, y - 5.5, label, font_size=11, font_weight="bold", fill="#fff"),
        ],
        class_="tula-hint",
    )  # fmt: skip


def outline_legend(x: float, y: float, *, hint: bool = False) -> str:
    """What the outlines mean: dashed orange may be revealed, solid green may be removed."""
    parts = [
        draw.rect(x, y + 2, 22, 14, rx=3, fill="none", stroke=REVEALABLE, stroke_width=3,
                  stroke_dasharray="5 3"),
        draw.text(x + 28, y + 9, _("can be revealed"), font_size=12, fill="#333", text_anchor="start"),
        draw.rect(x + 140, y + 2, 22, 14, rx=3, fill="none", stroke=REMOVABLE, stroke_width=3),
        draw.text(x + 168, y + 9, _("can be removed"), font_size=12, fill="#333",
                  text_anchor="start"),
    ]  # fmt: skip
    if hint:
        parts += [
            draw.rect(x + 280, y + 2, 22, 14, rx=3, fill="none", stroke="#0072B2", stroke_width=4),
            draw.text(
                x + 308, y + 9, _("the hint"), font_size=12, fill="#333", text_anchor="start"
            ),
        ]
    return draw.group(parts, class_="tula-legend")


def target_label(game, name: str) -> str:
    """A tile's accessible name, in the game's words (what a screen reader says on the board).

    >>> from tilegames.tula import new_game
    >>> game = new_game(seed=7)
    >>> target_label(game, "2E")
    '2E, face down, covered by 3A, 3B and 3C'
    >>> target_label(game, "3A")
    '3A, face down, can be revealed'
    """
    if not hasattr(game, "why_illegal"):  # a layout diagram, not a game
        if name in game.revealable():
            return _("{name}, face down, can be revealed").format(name=name)
        return _("{name}, face down").format(name=name)
    covering = _and(_covering(game, name))
    if game.is_face_up(name):
        tile, top = game.tile_at(name), game.stack_top
        if game.why_illegal(f"remove {name}") is None:
            return _("{name}, {tile}, can be removed: it matches {top}").format(
                name=name, tile=tile, top=top
            )
        if covering:
            return _("{name}, {tile}, covered by {tiles}").format(
                name=name, tile=tile, tiles=covering
            )
        if not game.is_over and not matches(tile, top):
            return _("{name}, {tile}, does not match {top}").format(name=name, tile=tile, top=top)
        return _("{name}, {tile}").format(name=name, tile=tile)
    if game.why_illegal(f"reveal {name}") is None:
        return _("{name}, face down, can be revealed").format(name=name)
    if covering:
        return _("{name}, face down, covered by {tiles}").format(name=name, tiles=covering)
    if not game.is_over:
        return _("{name}, face down, no free corner").format(name=name)
    return _("{name}, face down").format(name=name)


def _and(items: list[str]) -> str:
    """``1A``, ``1A and 1B``, ``1A, 1B and 1C``, in the language in use (as the refusals)."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _covering(game, name: str) -> list[str]:
    """The positions whose tiles lie on ``name``'s (none once the game is over: nothing is
    playable then, and the board says no more than that)."""
    if not hasattr(game, "why_illegal") or game.is_over:
        return []
    return [q for q in names(COVERED_BY[INDEX[name]]) if game.is_present(q)]


def _explain_corners(game, position: int) -> str:
    """Edges of ``position``: red where a same-layer tile touches, green dots on free corners."""
    x, y = _tile_origin(position)
    size = 2 * CELL - 2
    present = sum(1 << p for p in range(24) if game.is_present(POSITIONS[p]))
    ends = {
        "top": ((x, y), (x + size, y)),
        "bottom": ((x, y + size), (x + size, y + size)),
        "left": ((x, y), (x, y + size)),
        "right": ((x + size, y), (x + size, y + size)),
    }
    parts = []
    blocked_edges = set()
    for edge, ((x1, y1), (x2, y2)) in ends.items():
        blockers = names(EDGE_BLOCKERS[position][edge] & present)
        if blockers:
            blocked_edges.add(edge)
            parts.append(
                draw.line(x1, y1, x2, y2, stroke=BLOCKED, stroke_width=6, stroke_linecap="round")
            )
    corner_xy = {
        ("top", "left"): (x, y),
        ("top", "right"): (x + size, y),
        ("bottom", "left"): (x, y + size),
        ("bottom", "right"): (x + size, y + size),
    }
    for corner in CORNERS:
        cx, cy = corner_xy[corner]
        free = not set(corner) & blocked_edges
        parts.append(
            draw.circle(
                cx,
                cy,
                7 if free else 4,
                fill=FREE if free else BLOCKED,
                stroke="white",
                stroke_width=1.5,
            )
        )
    return draw.group(parts, class_="tula-explain")


def _stack_picture(game, left: float, size: float) -> str:
    stack = game.stack
    x, y = left + 20, MARGIN + 40
    parts = [
        draw.text(
            x + size / 2 + 10,
            MARGIN + 12,
            _("Stack: {n}").format(n=len(stack)),
            font_size=14,
            font_weight="bold",
        )
    ]
    shown = stack[-5:]
    for k, tile in enumerate(shown):
        offset = (len(shown) - 1 - k) * 7
        parts.append(
            draw.group([tile_face(x + 10 - offset * 0.4, y + 10 - offset, size, tile)], opacity=1.0)
        )
    parts.append(
        draw.text(
            x + size / 2 + 10,
            y + size + 28,
            _("top: {tile}").format(tile=stack[-1]),
            font_size=12,
            fill="#333",
        )
    )
    count = len(stack)
    return draw.group(
        parts,
        data_target="stack",
        class_="tula-stack",
        aria_label=ngettext(
            "the stack: {n} tile, {top} on top", "the stack: {n} tiles, {top} on top", count
        ).format(n=count, top=stack[-1]),
    )


def piecepack(columns: int = 6) -> str:
    """All 24 tiles of a piecepack, one row per suit (nulls first)."""
    size, gap = 52, 8
    rows = (len(TILES) + columns - 1) // columns
    parts = []
    for index, tile in enumerate(TILES):
        row, column = divmod(index, columns)
        parts.append(tile_face(10 + column * (size + gap), 10 + row * (size + gap), size, tile))
    return draw.document(
        20 + columns * (size + gap) - gap,
        20 + rows * (size + gap) - gap,
        parts,
        label=_("a piecepack"),
    )


class _Diagram:
    """A temple of face-down tiles with some positions empty: for explaining the layout."""

    def __init__(self, removed, face_up):
        from .layout import TOP

        self._removed = {name.upper() for name in removed} | {POSITIONS[TOP]}
        self._face_up = {name.upper() for name in face_up}
        self.stack = (TILES[0],)

    def is_present(self, name):
        return name not in self._removed

    def is_face_up(self, name):
        return name in self._face_up and self.is_present(name)

    def tile_at(self, name):
        return None

    def revealable(self):
        from .layout import revealable_mask

        present = sum(1 << p for p, name in enumerate(POSITIONS) if self.is_present(name))
        return names(revealable_mask(present, 0))

    def removable(self):
        return []

    def status(self):
        return ""


def diagram(
    removed=(), *, explain: str | None = None, highlight: bool = True, caption: str = ""
) -> str:
    """The temple face down with the ``removed`` positions gone (4A always is).

    For teaching the layout and free corners without a deal:
    ``diagram(["3A", "3B", "3C", "2D"], explain="1I")``.
    """
    return svg(
        _Diagram(removed, ()),
        explain=explain,
        highlight=highlight,
        show_stack=False,
        caption=caption,
    )


def text(game) -> str:
    """A text board: the four layers side by side, then the stack and the status.

    Each tile is two rows of four characters: ``[2M]`` face up (value then
    suit initial: n null, A ace; S M C A), ``[##]`` face down, blank when gone.
    """
    rows = []
    for y in range(8):
        line_parts = []
        for layer in (1, 2, 3, 4):
            cells = ["  "] * 8
            for position in range(24):
                if LAYER[position] != layer or not game.is_present(POSITIONS[position]):
                    continue
                px, py = XY[position]
                if py == y:
                    name = POSITIONS[position]
                    label = game.tile_at(name).short if game.is_face_up(name) else "##"
                    cells[px], cells[px + 1] = "[" + label[0], label[1] + "]"
                elif py + 1 == y:
                    cells[px], cells[px + 1] = "[_", "_]"
            line_parts.append("".join(cells).replace("  ", " .") + " ")
        rows.append(" ".join(line_parts).rstrip())
    header = "Layer 1          Layer 2          Layer 3          Layer 4"
    stack = game.stack
    footer = f"Stack ({len(stack)}): top {stack[-1]}    {game.status()}"
    return "\n".join([header, *rows, footer])


__all__ = ["svg", "text", "tile_face", "tile_back", "suit_symbol", "SUITS", "TILES"]
