"""Pictures of a Maze table: ``svg(state)`` for notebooks and the board view, ``text(state)``.

Cards look like cards: white faces with the rank and suit in two corners,
a large suit (or a framed J/Q) in the middle, red hearts and diamonds. Gaps
are dashed outlines with their slot number. A green bar joins each pair of
cards that scores (a link), so the score can be counted on the picture; a
green dot marks an ace that scores as the first card. Every slot, card or
gap, is clickable: its ``data-target`` is ``slot:N``.

>>> from tilegames.maze import new_game
>>> picture = svg(new_game(seed=1))
>>> picture.startswith("<svg") and picture.count('data-target="slot:') == 54
True
>>> print(text(new_game(seed=1)).splitlines()[0])
  ·   ·  A♦  6♦  8♠  3♠  7♥  9♣   ·
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import svg as draw
from ..i18n import _
from .rules import COLUMNS, GAP, ROWS, SLOTS, Card, Move, card_text

if TYPE_CHECKING:
    from .rules import Game

CARD_WIDTH = 58
CARD_HEIGHT = 80
SPACING = 8
MARGIN = 12
HEADER = 30
RED = "#c62828"
BLACK = "#1a1a1a"
TABLE = "#2e7d32"
LINK = "#b2ff59"
SELECTED = "#1565c0"
TARGET = "#ffeb3b"
HINT = "#ff9800"


def slot_origin(slot: int) -> tuple[float, float]:
    """Top-left corner of ``slot`` in the picture."""
    row, column = divmod(slot, COLUMNS)
    return (
        MARGIN + column * (CARD_WIDTH + SPACING),
        HEADER + MARGIN + row * (CARD_HEIGHT + SPACING),
    )


def card_face(card: Card, x: float, y: float) -> list[str]:
    """The drawing of one card face with its top-left corner at (x, y)."""
    colour = RED if card.is_red else BLACK
    rank = str(card)[:-1]
    parts = [
        draw.rect(
            x,
            y,
            CARD_WIDTH,
            CARD_HEIGHT,
            rx=5,
            fill="#fffdf7",
            stroke="#555",
            stroke_width=1,
        ),
        draw.text(
            x + 4, y + 11, rank, font_size=13, font_weight="bold", fill=colour, text_anchor="start"
        ),
        draw.text(x + 9, y + 25, card.suit, font_size=12, fill=colour),
        draw.text(
            x + CARD_WIDTH - 4,
            y + CARD_HEIGHT - 11,
            rank,
            font_size=13,
            font_weight="bold",
            fill=colour,
            text_anchor="start",
            transform=f"rotate(180 {x + CARD_WIDTH - 4} {y + CARD_HEIGHT - 11})",
        ),
    ]
    cx, cy = x + CARD_WIDTH / 2 + 3, y + CARD_HEIGHT / 2 + 2
    if card.rank in (11, 12, 13):
        parts.append(
            draw.rect(cx - 15, cy - 20, 30, 40, rx=3, fill="#fff3c4", stroke=colour, stroke_width=1)
        )
        parts.append(draw.text(cx, cy - 6, rank, font_size=18, font_weight="bold", fill=colour))
        parts.append(draw.text(cx, cy + 11, card.suit, font_size=14, fill=colour))
    else:
        parts.append(
            draw.text(cx, cy, card.suit, font_size=30 if card.rank == 1 else 24, fill=colour)
        )
    return parts


def _frame(x: float, y: float, gap: int, colour: str, width: int, **attributes: str) -> str:
    """An unfilled rounded frame of ``colour``, ``gap`` outside the card at (x, y)."""
    return draw.rect(
        x - gap,
        y - gap,
        CARD_WIDTH + 2 * gap,
        CARD_HEIGHT + 2 * gap,
        rx=7,
        fill="none",
        stroke=colour,
        stroke_width=width,
        **attributes,
    )


def svg(
    state: Game,
    *,
    selected: int | None = None,
    targets: list[int] | None = None,
    hint: Move | None = None,
    links: bool = True,
    numbers: bool = True,
    caption: str | None = None,
) -> str:
    """The table as SVG.

    - ``selected``: a slot whose card is picked up (outlined in blue); its
      legal gaps are highlighted in yellow (or pass ``targets`` yourself);
    - ``hint``: a move to suggest (card and gap outlined in orange);
    - ``links``: draw the green bars of the scoring links;
    - ``numbers``: slot numbers in the gaps;
    - ``caption``: text for the header line (default: the score).
    """
    codes = state.codes
    if selected is not None and targets is None and codes[selected] != GAP:
        targets = state.targets_of(Card.from_code(codes[selected]))
    targets = targets or []
    width = 2 * MARGIN + COLUMNS * CARD_WIDTH + (COLUMNS - 1) * SPACING
    height = HEADER + 2 * MARGIN + ROWS * CARD_HEIGHT + (ROWS - 1) * SPACING
    if caption is None:
        caption = _("score {score} of {best}").format(score=state.score, best=state.max_score)
        caption += _("  —  won!") if state.won else ""
    parts = [
        draw.rect(0, 0, width, height, rx=10, fill=TABLE),
        draw.text(
            MARGIN,
            HEADER / 2 + 4,
            caption,
            font_size=15,
            fill="white",
            text_anchor="start",
            font_weight="bold",
        ),
    ]
    if links:
        parts.append(
            draw.text(
                width - MARGIN,
                HEADER / 2 + 4,
                _("green bar: a link that scores · dot: the first card is an ace"),
                font_size=11,
                fill="#e8f5e9",
                text_anchor="end",
            )
        )
    hint_from = state.slot_of(hint.card) if hint is not None else None
    hint_to = hint.to if hint is not None else None
    for slot in range(SLOTS):
        x, y = slot_origin(slot)
        code = codes[slot]
        children = []
        if code == GAP:
            fill = TARGET if slot in targets else "none"
            children.append(
                draw.rect(
                    x + 1,
                    y + 1,
                    CARD_WIDTH - 2,
                    CARD_HEIGHT - 2,
                    rx=5,
                    fill=fill if fill != "none" else TABLE,
                    fill_opacity=0.85 if slot in targets else 1,
                    stroke="#c8e6c9",
                    stroke_width=1.5,
                    stroke_dasharray="5 4",
                )
            )
            if numbers:
                children.append(
                    draw.text(
                        x + CARD_WIDTH / 2,
                        y + CARD_HEIGHT / 2,
                        str(slot),
                        font_size=14,
                        fill=BLACK if slot in targets else "#ffffff",  # 5.1:1 on the gap
                    )
                )
            label = (
                _("slot {slot}: empty (you may move the card here)")
                if slot in targets
                else _("slot {slot}: empty")
            ).format(slot=slot)
        else:
            card = Card.from_code(code)
            children.extend(card_face(card, x, y))
            label = _("slot {slot}: {card}").format(slot=slot, card=card.name)
        if slot == selected:
            children.append(_frame(x, y, 2, SELECTED, 4))
        if slot in (hint_from, hint_to):
            children.append(_frame(x, y, 3, HINT, 3, stroke_dasharray="6 3"))
        children.append(draw.title(label))
        classes = "maze-slot" + (" maze-gap" if code == GAP else " maze-card")
        aria = slot_label(state, slot, picked_up=slot == selected, target=slot in targets)
        if slot in (hint_from, hint_to):
            aria += _(", hinted")
        parts.append(
            draw.group(children, data_target=f"slot:{slot}", class_=classes, aria_label=aria)
        )
    if links:
        parts.extend(_link_marks(state))
    label = _("Maze table, {caption}").format(caption=caption)
    return draw.document(width, height, parts, label=label)


def slot_label(state: Game, slot: int, *, picked_up: bool = False, target: bool = False) -> str:
    """A slot's accessible name, in the game's words ("7 of diamonds in slot 23").

    >>> from tilegames.maze import new_game
    >>> game = new_game(seed=1)
    >>> slot_label(game, 3), slot_label(game, 0)
    ('6 of diamonds in slot 3', 'empty slot 0')
    """
    code = state.codes[slot]
    if code == GAP:
        if target:
            return _("empty slot {slot}, the picked-up card may go here").format(slot=slot)
        return _("empty slot {slot}").format(slot=slot)
    card = Card.from_code(code).name
    if picked_up:
        return _("{card} in slot {slot}, picked up").format(card=card, slot=slot)
    return _("{card} in slot {slot}").format(card=card, slot=slot)


def _link_marks(state: Game) -> list[str]:
    """Green bars joining the cards that score, at mid-height across the space between them."""
    marks = []
    under = {"stroke": "#1b5e20", "stroke_width": 8, "stroke_linecap": "round"}
    over = {"stroke": LINK, "stroke_width": 4, "stroke_linecap": "round"}

    def bar(x1: float, x2: float, y: float) -> None:
        marks.append(draw.line(x1, y, x2, y, **under))
        marks.append(draw.line(x1, y, x2, y, **over))

    for a, b in state.links():
        ax, ay = slot_origin(a)
        bx, by = slot_origin(b)
        mid_a, mid_b = ay + CARD_HEIGHT / 2, by + CARD_HEIGHT / 2
        if ay == by and b > a:
            # across gaps, the bar runs low, under the gaps' slot numbers (never through them)
            y = mid_a if b == a + 1 else ay + CARD_HEIGHT - 9
            bar(ax + CARD_WIDTH - 5, bx + 5, y)
        else:  # across a row break (or round the ring): a stub out of a, a stub into b
            bar(ax + CARD_WIDTH - 5, ax + CARD_WIDTH + SPACING - 2, mid_a)
            bar(bx - SPACING + 2, bx + 5, mid_b)
    if state.first_card_is_ace:
        first = next(slot for slot, code in enumerate(state.codes) if code != GAP)
        x, y = slot_origin(first)
        marks.append(
            draw.circle(x + 5, y + CARD_HEIGHT / 2, 6, fill=LINK, stroke="#1b5e20", stroke_width=2)
        )
    return marks


def text(state: Game) -> str:
    """The table as text: 6 rows of 9 slots, ``·`` for a gap, then the score.

    >>> from tilegames.maze import new_game
    >>> print(text(new_game(seed=1)).splitlines()[-1])
    score 2 of 48 after 0 moves
    """
    codes = state.codes
    lines = []
    for row in range(ROWS):
        cells = [card_text(codes[row * COLUMNS + c]).rjust(3) for c in range(COLUMNS)]
        lines.append(" ".join(cells))
    lines.append(state.status())
    return "\n".join(lines)
