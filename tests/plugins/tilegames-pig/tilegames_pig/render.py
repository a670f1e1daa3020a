"""Pig's pictures: a line of text, and an SVG with the die and a button per move."""

from __future__ import annotations

from html import escape


def text(game) -> str:
    banked = ", ".join(f"seat {seat}: {points}" for seat, points in enumerate(game.banked))
    return f"{game.status()}\nbanked: {banked}"


def svg(game) -> str:
    rows = "".join(
        f'<text x="10" y="{20 + 18 * seat}">seat {seat}: {points}'
        f"{' (to play)' if seat == game.to_move else ''}</text>"
        for seat, points in enumerate(game.banked)
    )
    top = 30 + 18 * len(game.banked)
    die = "" if game.last_roll is None else str(game.last_roll)
    buttons = "".join(
        f'<rect x="{80 + 70 * i}" y="{top}" width="60" height="26" rx="4" fill="#eee" '
        f'stroke="#333" data-target="{move}" aria-label="{move}"><title>{move}</title></rect>'
        f'<text x="{92 + 70 * i}" y="{top + 18}">{move}</text>'
        for i, move in enumerate(game.legal_moves())
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="260" height="{top + 40}" '
        f'aria-label="{escape(game.status())}">{rows}'
        f'<rect x="10" y="{top}" width="26" height="26" fill="#fff" stroke="#333"/>'
        f'<text x="18" y="{top + 18}">{die}</text>{buttons}</svg>'
    )
