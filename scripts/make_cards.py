"""Print-friendly rules cards, one A4 page per game, drawn by the library (docs/cards/*.html).

Each card has the game's aim, set-up, turn, scoring and notation in a few
lines, pictures drawn by the game's own ``render`` module, and its variants: every
``Rules`` field under its one name, with its docstring. A game of ``tilegames.GAMES``
with no hand-written card gets ``generic_card`` from its spec. Every notation
example on a card is parsed by the library and printed back, so a card can
never show a move the library would refuse.

    python scripts/make_cards.py            # writes docs/cards/<game>.html and docs/cards/index.html

and each card again in Slovak, Portuguese and Russian, ``docs/cards/<lang>/<game>.html``: the
cards' words go through the message catalogs (``tilegames.i18n``; babel.cfg extracts this
script too). ``tilegames lessons DIR --lang sk`` lays out the Slovak cards. The rules' own
descriptions under *Variants* (the ``Rules`` docstrings) are translated too.

Open a card in a browser and print it (one page each; colours print as shown).
"""

from __future__ import annotations

import html
from pathlib import Path

from tilegames import GAMES, maze, pyramids, triominos, tula
from tilegames.i18n import LANGUAGES, _, language, translate, using
from tilegames.maze import render as maze_render
from tilegames.pyramids import render as pyramids_render
from tilegames.rules_base import rule_fields
from tilegames.triominos import render as triominos_render
from tilegames.tula import render as tula_render

CARDS = Path(__file__).resolve().parent.parent / "docs" / "cards"

STYLE = """
@page { size: A4; margin: 12mm; }
body { font: 10.5pt/1.35 "DejaVu Sans", Verdana, sans-serif; color: #1a1a1a; max-width: 186mm;
       margin: 0 auto; }
h1 { font-size: 18pt; margin: 0 0 2mm; }
h2 { font-size: 11.5pt; margin: 3mm 0 1mm; border-bottom: 1px solid #999; }
p, ul { margin: 0 0 1.5mm; } ul { padding-left: 5mm; }
.pictures { display: flex; flex-wrap: wrap; gap: 4mm; align-items: flex-start; justify-content: center;
            margin: 2mm 0; }
.pictures figure { margin: 0; text-align: center; font-size: 9pt; }
.pictures svg { max-height: 62mm; max-width: 88mm; width: auto; height: auto; }
code { font-family: "DejaVu Sans Mono", monospace; background: #f1f1f1; padding: 0 1mm; }
.footer { font-size: 8.5pt; color: #555; margin-top: 3mm; }
@media print { a { color: inherit; text-decoration: none; } }
"""


def _svg(picture) -> str:
    text = picture if isinstance(picture, str) else picture._repr_svg_()
    return text[text.index("<svg") :]


def _notation(parse, examples: list[tuple[str, str]]) -> str:
    """Each example parsed by the library and written back, with what it means."""
    items = []
    for text, meaning in examples:
        written = str(parse(text))
        items.append(f"<li><code>{html.escape(written)}</code> — {html.escape(meaning)}</li>")
    return "<ul>" + "".join(items) + "</ul>"


def variants_section(game: str) -> str:
    """Every rule of the game under the one name the command line, the explorers and the
    notebooks use, with what it does (from the ``Rules`` class), and the named rule sets."""
    spec = GAMES.spec(game)
    items = "".join(
        "<li><code>{name}</code> ({kind}, {usually} <code>{default}</code>): {doc}</li>".format(
            name=html.escape(field.name),
            kind=html.escape(kind),
            usually=_("usually"),
            default=html.escape(_written(field.default)),
            doc=html.escape(doc),
        )
        for field in rule_fields(spec.Rules)
        for kind, doc in [field.words()]
    )
    presets = ", ".join(f"<code>{html.escape(name)}</code>" for name in spec.presets())
    return (
        f"<ul>{items}</ul><p>"
        + _("Named rule sets: {presets}. Try one: {command}.").format(
            presets=presets,
            command=f"<code>tilegames simulate {game} --rules NAME --rule RULE=VALUE</code>",
        )
        + "</p>"
    )


def _written(value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return "none" if value is None else str(value)


def generic_card(spec) -> str:
    """The card of a game with no hand-written one: its summary, a fresh deal, its rules."""
    low, high = spec.seats
    seats = (
        _("1 player") if low == high == 1 else _("{low}–{high} players").format(low=low, high=high)
    )
    paragraphs = [part.strip() for part in spec.how_to_play.split("\n\n") if part.strip()]
    how = "".join(f"<p>{html.escape(' '.join(part.split()))}</p>" for part in paragraphs)
    if language() != "en":  # a game's own rules text is English: the card keeps to one language
        how = ""
    summary = translate(spec.summary)
    return card(
        spec.title,
        html.escape(f"{summary[0].upper()}{summary[1:]} ({seats})."),
        [(_("How to play"), how)] if how else [],
        [(spec.render_module().svg(spec.new_game(2026)), _("a fresh deal (seed 2026)"))],
        variants=variants_section(spec.name),
        footer=_(
            "Drawn by the tilegames library (scripts/make_cards.py) from the spec of {package}."
        ).format(package=spec.package),
    )


def card(
    title: str,
    intro: str,
    sections: list[tuple[str, str]],
    pictures,
    *,
    variants: str = "",
    footer: str = "",
) -> str:
    footer = footer or _(
        "Drawn by the tilegames library (scripts/make_cards.py). The full rules: "
        "the game's rules notebook in notebooks/."
    )
    what = _("rules card")
    figures = "".join(
        f"<figure>{_svg(picture)}<figcaption>{html.escape(caption)}</figcaption></figure>"
        for picture, caption in pictures
    )
    if variants:
        sections = [*sections, (_("Variants"), variants)]
    body = "".join(f"<h2>{html.escape(name)}</h2>{content}" for name, content in sections)
    return (
        f'<!DOCTYPE html>\n<html lang="{language()}"><head><meta charset="utf-8"><title>'
        f"{html.escape(title)} — {what}</title><style>{STYLE}</style></head><body>"
        f"<h1>{html.escape(title)}</h1><p>{intro}</p>"
        f'<div class="pictures">{figures}</div>{body}'
        f'<p class="footer">{html.escape(footer, quote=False)}</p></body></html>\n'
    )


def tula_card() -> str:
    game = tula.new_game(seed=2026)
    return card(
        "Tula",
        _(
            "A solitaire for the 24 tiles of a piecepack (James Kyle, 2003): take the temple apart, "
            "one matching tile at a time."
        ),
        [
            (
                _("Set-up"),
                _(
                    "<p>Shuffle the 24 tiles face down into the four-layer temple (13 + 7 + 3 + 1). "
                    "Reveal the top tile <b>4A</b> and remove it: it starts the stack.</p>"
                ),
            ),
            (
                _("A move"),
                _(
                    "<ul><li><b>Reveal</b> a face-down tile that nothing covers and that has a "
                    "<b>free corner</b>: both edges at that corner have no tile of the same layer beside "
                    "them (one touching cell blocks an edge).</li><li><b>Remove</b> a revealed tile that "
                    "<b>matches</b> the top of the stack — same suit or same value — onto the stack.</li>"
                    "</ul>"
                ),
            ),
            (
                _("End"),
                _(
                    "<p>Won when all 24 tiles are on the stack; lost when nothing can be revealed or "
                    "removed. <b>Mercy</b> (variant): if none of 3A, 3B, 3C matches the first stack "
                    "tile, swap it once with one of them.</p>"
                ),
            ),
            (
                _("Notation"),
                _(
                    "<p>Positions: layer and letter, <code>1A</code> … <code>1M</code>, <code>2A</code> "
                    "… <code>2G</code>, <code>3A</code> … <code>3C</code>, <code>4A</code>. Tiles: value "
                    "and suit, <code>2 Moons</code>, <code>null Suns</code>, short "
                    "<code>2M</code>.</p>"
                )
                + _notation(
                    tula.Move.parse,
                    [
                        ("reveal 3B", _("turn the tile on position 3B face up")),
                        ("remove 3B", _("put it on the stack (it must match the top)")),
                        ("mercy 3C", _("the mercy exchange with 3C")),
                    ],
                ),
            ),
        ],
        [
            (tula_render.svg(game), _("a fresh deal: 4A is on the stack; gold: can be revealed")),
            (tula_render.diagram(explain="3C"), _("3C: red edges blocked, green corners free")),
            (
                tula_render.piecepack(),
                _("the 24 tiles: a tile matches the 5 of its suit and the 3 of its value"),
            ),
        ],
        variants=variants_section("tula"),
    )


def maze_card() -> str:
    game = maze.new_game(seed=2026)
    return card(
        "Maze",
        _("A card solitaire (GNOME AisleRiot): build four runs ace → queen, one suit each."),
        [
            (
                _("Set-up"),
                _(
                    "<p>Deal a shuffled deck face up into 54 slots (6 rows of 9, numbered 0–53), "
                    "skipping slots 8 and 17; take the four kings away. 48 cards, 6 gaps.</p>"
                ),
            ),
            (
                _("A move"),
                _(
                    "<p>Move one card into a gap when the card to the gap's left is followed by it, or "
                    "the card to its right follows it. <i>B follows A</i>: same suit, one rank higher; "
                    "or A is any queen and B any ace. An empty slot 0 takes any ace, an empty slot 53 "
                    "any queen. The table is one line: slot 9's left neighbour is slot 8.</p>"
                ),
            ),
            (
                _("Score and end"),
                _(
                    "<p>Read the cards in slot order, skipping gaps: one point for each card followed by "
                    "its follower, one if the first card is an ace. Won at 48. There is always a move — "
                    "but you can go round in circles.</p>"
                ),
            ),
            (
                _("Notation"),
                _(
                    "<p>Cards <code>7♦</code> or <code>7D</code> (ranks A, 2–10, J, Q); slots by "
                    "number.</p>"
                )
                + _notation(
                    maze.Move.parse, [("7D -> 23", _("move the 7 of diamonds into slot 23"))]
                ),
            ),
        ],
        [(maze_render.svg(game), _("a fresh deal (seed 2026); green bars are links that score"))],
        variants=variants_section("maze"),
    )


def triominos_card() -> str:
    board = triominos.Board()
    for move in ["0-0-0 @ 1,1 r0", "0-0-1 @ 1,2 r2", "0-1-1 @ 1,3 r2", "0-0-2 @ 2,1 r0"]:
        parsed = triominos.Move.parse(move)
        board.put(parsed.cell, parsed.tile, parsed.rotation)
    return card(
        "Tri-Ominos",
        _(
            "Dominoes with triangles for 2–6 players (Pressman, 1965): the numbers meeting at every "
            "corner must agree."
        ),
        [
            (
                _("Set-up"),
                _(
                    "<p>56 tiles, one per multiset {a ≤ b ≤ c} of 0–5, read clockwise from the smallest "
                    "number (0-1-2 exists, 0-2-1 does not). 2 players: 9 tiles each; 3–4: 7; 5–6: 6; "
                    "the rest is the pool. The highest triple opens (+10; 0-0-0 scores 40).</p>"
                ),
            ),
            (
                _("A turn"),
                _(
                    "<p>Place a tile in an empty cell sharing an edge with the board, its three corners "
                    "agreeing with every number already at those points. Score its value, plus a "
                    "<b>hexagon</b> (+50) when it closes the six cells around a point, or a "
                    "<b>bridge</b> (+40). Cannot place: draw (−5 each); Pressman rules stop after 3 "
                    "draws and pass (−25 in all).</p>"
                ),
            ),
            (
                _("End"),
                _(
                    "<p>Going out: +25 plus the tiles left in the other hands. Blocked: the player with "
                    "the fewest tiles (seed rules) or lowest total (Pressman) scores the others' tiles "
                    "minus his own. Game to 400.</p>"
                ),
            ),
            (
                _("Notation"),
                _(
                    "<p>Cell (r, c) points up when r + c is even; rotation k puts the smallest number "
                    "on corner k.</p>"
                )
                + _notation(
                    triominos.Move.parse,
                    [
                        ("1-3-4 @ 2,5 r1", _("tile 1-3-4 into cell (2, 5), its 1 on corner 1")),
                        ("draw", _("draw a tile from the pool")),
                        ("pass", _("pass (pool empty, or after the third Pressman draw)")),
                    ],
                ),
            ),
        ],
        [
            (
                triominos_render.board_picture(
                    board, highlight=[(2, 2), (2, 3)], coordinates=True, caption=""
                ),
                _("around point (3, 2): two more cells close the hexagon"),
            ),
            (triominos_render.tile_set_svg(), _("the 56 tiles")),
        ],
        variants=variants_section("triominos"),
    )


def pyramids_card() -> str:
    position = pyramids.Game.from_position(
        {(0, 0): "blue 20", (0, 2): "red 40", (0, 4): "yellow 6", (1, 1): "blue 60"},
        hands=[["green coal"], ["red 2"]],
    )
    return card(
        "Flaming Pyramids",
        _(
            "A tile-shedding game for 2–6 players (Norbert Abel, 2018): build one pyramid together; "
            "the first to run out of tiles wins."
        ),
        [
            (
                _("Set-up"),
                _(
                    "<p>45 tiles: yellow, red, green, blue in weights 2, 4, 6 (straw), 10–40 (wood), "
                    "60–120 (stone); the millstone (200, every colour); 2 coals (1) and 2 burners (7). "
                    "Deal them all as face-down piles; draw a hand of 5. Leftovers start row 0 (fire "
                    "tiles among them leave the game).</p>"
                ),
            ),
            (
                _("A turn"),
                _(
                    "<p>Play one tile on a <b>spot</b> (above two tiles side by side, or a gap in row 0; "
                    "none: extend row 0). Legal on supports L and R: shares a colour or a weight with "
                    "one of them, and weighs at most L + R. An illegal tile is placed anyway: "
                    "<b>mayhem</b> — collapse (both supports to your pile), falls, explosions (fire "
                    "tiles touching), fire (coal burns straw, burner straw and wood). Then refill to "
                    "5.</p>"
                ),
            ),
            (
                _("End"),
                _(
                    "<p>You win when, at the end of your own turn, hand and pile are empty. Variants: "
                    "curse, fire cube, turn cap.</p>"
                ),
            ),
            (
                _("Notation"),
                _("<p>Positions (row, x) in half-tile units; row 0 is the table.</p>")
                + _notation(
                    pyramids.Move.parse,
                    [
                        ("yellow 20 @ 1,3", _("play yellow 20 on the spot (1, 3)")),
                        ("fall left", _("a tile in the air falls down-left (your choice)")),
                    ],
                ),
            ),
        ],
        [
            (pyramids_render.svg(position, hands=False), _("blue 60 on blue 20 and red 40: legal")),
            (
                pyramids_render.tiles_picture(),
                _("the 45 tiles: straw, wood, stone, millstone, fire"),
            ),
        ],
        variants=variants_section("pyramids"),
    )


MAKERS = {
    "tula": tula_card,
    "maze": maze_card,
    "triominos": triominos_card,
    "pyramids": pyramids_card,
}
"""The hand-written cards; any other game in ``tilegames.GAMES`` gets ``generic_card``."""


def make_cards(folder: Path) -> list[str]:
    """Every game's card and the index, in the language in use, into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    made = {
        spec.name: MAKERS[spec.name]() if spec.name in MAKERS else generic_card(spec)
        for spec in GAMES.specs()
    }
    for name, text in made.items():
        (folder / f"{name}.html").write_text(text, encoding="utf-8")
    links = "".join(f'<li><a href="{name}.html">{name}</a></li>' for name in made)
    title = _("Rules cards")
    (folder / "index.html").write_text(
        f'<!DOCTYPE html>\n<html lang="{language()}"><head><meta charset="utf-8"><title>{title}'
        f"</title><style>{STYLE}</style></head><body><h1>{title}</h1><p>"
        + _("One printable page per game.")
        + f"</p><ul>{links}</ul></body></html>\n",
        encoding="utf-8",
    )
    return list(made)


def main() -> None:
    """English cards in ``docs/cards/``, each translation's in ``docs/cards/<lang>/``."""
    for lang in LANGUAGES:
        with using(lang):
            folder = CARDS if lang == "en" else CARDS / lang
            for name in make_cards(folder):
                print(f"wrote {folder.relative_to(CARDS.parent.parent)}/{name}.html")


if __name__ == "__main__":
    main()
