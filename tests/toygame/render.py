"""The toy game's pictures: a line of text and a row of circles."""

from __future__ import annotations


def text(game) -> str:
    return f"{game.status()}\npile: " + "o" * game.pile


def svg(game) -> str:
    circles = "".join(
        f'<circle cx="{10 + 14 * i}" cy="12" r="6" data-target="take:{game.pile - i}">'
        f"<title>take {game.pile - i}</title></circle>"
        for i in range(game.pile)
    )
    width = 20 + 14 * max(game.pile, 1)
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="24">{circles}</svg>'
