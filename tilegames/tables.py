"""A results table as the command line prints it, in the language in use.

The studies' tables keep their English column names (the lessons and the results files read
them); ``shown`` writes one for a person: its headings (``HEADINGS``) and word cells
translated, its decimals written the language's way. In English it is ``to_string`` itself.
In a notebook, ``speak_in_notebook`` (which ``i18n.set_language`` calls) shows every table a
cell displays the same way (``in_language``): the data are the English table's, only what is
drawn changes, so a lesson's code that reads a column by its English name works in every
language.

>>> import pandas as pd
>>> from tilegames.i18n import using
>>> table = pd.DataFrame({"games": [20], "mean turns": [85.5], "variant": ["mercy"]})
>>> shown(table, index=False, words=("variant",)) == table.to_string(index=False)
True
>>> with using("sk"):
...     print(shown(table, index=False, words=("variant",)))
 hry  priemer ťahov variant
  20           85,5  milosť
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

import pandas as pd

from .i18n import N_, _, language, ngettext, translate
from .words import localized

__all__ = [
    "HEADINGS",
    "HEADINGS_UNDER",
    "PLAYER_NAMES",
    "SEAT_COLUMN_WORDS",
    "SENTENCE_COLUMNS",
    "WORD_COLUMNS",
    "YES_NO",
    "heading",
    "in_language",
    "player_name",
    "shown",
    "speak_in_notebook",
]

HEADINGS: dict[str, str] = {
    # Tula's win rates and mercy effect
    "player": N_("player"),
    "variant": N_("variant"),
    "wins": N_("wins"),
    "games": N_("games"),
    "win rate": N_("win rate"),
    "95% CI": N_("95% CI (the interval's ends)"),
    "mercy effect": N_("mercy effect"),
    "published": N_("published rules"),
    "mercy": N_("mercy"),
    "deal": N_("deal"),
    "removal": N_("removal (its number in the game)"),
    "move": N_("move"),
    "tile": N_("tile"),
    "moves open after": N_("moves open after it"),
    "tiles stacked (24 = won), without → with mercy": N_(
        "tiles stacked (24 = won), without → with mercy"
    ),
    "stuck at the start": N_("stuck at the start"),
    "can be won": N_("can be won"),
    "without mercy": N_("without mercy"),
    "with mercy": N_("with mercy"),
    # Tri-Ominos' estimates, rounds and games to 400
    "points per player per round": N_("points per player per round"),
    "points per round (all players)": N_("points per round (all players)"),
    "tile values per player": N_("tile values per player"),
    "hexagons per round": N_("hexagons per round"),
    "bridges per round": N_("bridges per round"),
    "draws per round": N_("draws per round"),
    "rounds ending blocked": N_("rounds ending blocked"),
    "rounds with a double hexagon": N_("rounds with a double hexagon"),
    "rounds with a triple hexagon": N_("rounds with a triple hexagon"),
    "starter wins the round": N_("starter wins the round"),
    "starter's lead over the others (points)": N_("starter's lead over the others (points)"),
    "rounds per game": N_("rounds per game"),
    "winning total": N_("winning total"),
    "first round's starter wins the game": N_("first round's starter wins the game"),
    "quantity": N_("quantity"),
    "total": N_("total (points)"),
    "the tiles' own values": N_("the tiles' own values"),
    "opening bonus": N_("opening bonus"),
    "hexagon bonuses": N_("hexagon bonuses"),
    "bridge bonuses": N_("bridge bonuses"),
    "drawing (penalty)": N_("drawing (penalty)"),
    "passing (penalty)": N_("passing (penalty)"),
    "going out (bonus and the others' tiles)": N_("going out (bonus and the others' tiles)"),
    "winning a blocked round": N_("winning a blocked round"),
    "tiles placed": N_("tiles placed"),
    "single hexagons": N_("single hexagons"),
    "double hexagons": N_("double hexagons"),
    "triple hexagons": N_("triple hexagons"),
    "bridges": N_("bridges"),
    "draws": N_("draws (tiles drawn from the pool)"),
    "passes": N_("passes (turns passed)"),
    "tiles": N_("tiles"),
    "mean value": N_("mean value"),
    "kind": N_("kind (of tile)"),
    "all different": N_("all different (three numbers)"),
    "pair": N_("pair (two equal numbers)"),
    "triple": N_("triple (three equal numbers)"),
    "all": N_("all (the whole set)"),
    "value": N_("value"),
    "bonus for": N_("bonus for"),
    "bonus": N_("bonus"),
    "points": N_("points"),
    "draw penalty": N_("draw penalty"),
    "points this turn": N_("points this turn"),
    "event": N_("event"),
    "rounds with a hexagon": N_("rounds with a hexagon"),
    "fair share": N_("fair share"),
    "starter's win rate": N_("starter's win rate"),
    "starter's points lead": N_("starter's points lead"),
    "share of rounds": N_("share of rounds"),
    "end bonus to the winner": N_("end bonus to the winner"),
    "winner's round total": N_("winner's round total"),
    "round ends": N_("round ends (how)"),
    "someone goes out": N_("someone goes out"),
    "blocked": N_("blocked (the round ends blocked)"),
    "match": N_("match (who plays against whom)"),
    "seats played": N_("seats played"),
    "round win rate": N_("round win rate"),
    "outscores the others": N_("outscores the others"),
    "mean points": N_("mean points"),
    "first-named player wins the game": N_("first-named player wins the game"),
    "change from the standard rules": N_("change from the standard rules"),
    "Pressman's rules": N_("Pressman's rules"),
    "at most three draws": N_("at most three draws"),
    "lowest value wins a block": N_("lowest value wins a block"),
    "additive hexagon bonuses": N_("additive hexagon bonuses"),
    "strict bridges": N_("strict bridges"),
    "passes per round": N_("passes per round"),
    "hexagon points per round": N_("hexagon points per round"),
    "shown": N_("shown (the estimate)"),
    # lesson 02's tables (Tula)
    "95% interval": N_("interval (95%)"),
    "95% interval (points)": N_("interval (95%, points)"),
    "board": N_("board"),
    "count": N_("count"),
    "deals": N_("deals"),
    "deals won": N_("deals won"),
    "estimate": N_("estimate"),
    "half-width (points)": N_("half-width (points)"),
    "how it chooses": N_("how it chooses"),
    "how we know": N_("how we know"),
    "mercy adds (points)": N_("mercy adds (points)"),
    "rules": N_("rules"),
    "sees hidden tiles": N_("sees hidden tiles"),
    # lesson 03's tables (Maze)
    "CI low": N_("CI low"),
    "CI high": N_("CI high"),
    "run": N_("run"),
    "tables per search": N_("tables per search"),
    "winnable": N_("winnable"),
    "unwinnable": N_("unwinnable"),
    "undecided": N_("undecided"),
    "unwinnable upper 95%": N_("unwinnable: upper end of the interval (95%)"),
    "winnable share": N_("winnable share"),
    "status": N_("status (what the search decided)"),
    "game": N_("game"),
    "method": N_("method (the search that decided)"),
    "tables (solver)": N_("tables (solver)"),
    "tables (exhaustive search)": N_("tables (exhaustive search)"),
    "seconds": N_("seconds"),
    # lesson 05's rows of rounds (Tri-Ominos; a seat's columns: _SEAT_COLUMN)
    "end": N_("end (out or blocked)"),
    "pool_left": N_("tiles left in the pool"),
    "starter": N_("starter (who opened)"),
    "winner": N_("winner"),
    # lesson 07 (the class experiment)
    "seed": N_("seed"),
    "stuck": N_("stuck"),
    # the rule sets (Maze's variant column says more of "standard": HEADINGS_UNDER)
    "standard": N_("standard rules"),
    "ring": N_("ring (the traditional rules)"),
    "score at the start": N_("score at the start"),
    "moves": N_("moves"),
    "tables searched": N_("tables searched"),
    "mean": N_("mean (average)"),
    "min": N_("min (the smallest)"),
    "median": N_("median"),
    "max": N_("max (the largest)"),
    # Flaming Pyramids' game length, mayhem and first player's wins
    "players": N_("players"),
    "mean turns": N_("mean turns"),
    "median turns": N_("median turns"),
    "turn cap reached": N_("turn cap reached"),
    "fall": N_("falls"),
    "collapse": N_("collapses"),
    "overhang": N_("overhang collapses"),
    "explosion": N_("explosions"),
    "fire": N_("fires"),
    "roll": N_("fire die rolls"),
    "curse": N_("curses"),
    "games won by someone": N_("games won by someone"),
    "first player wins": N_("first player wins"),
    "95% CI low": N_("95% CI low"),
    "95% CI high": N_("95% CI high"),
    "fair share 1/N": N_("fair share 1/N"),
    "weights": N_("weights"),
    "material": N_("material"),
    "stone": N_("stone"),
    "straw": N_("straw"),
    "wood": N_("wood"),
    "on left": N_("on left (supporting tile)"),
    "on right": N_("on right (supporting tile)"),
    "legal": N_("legal (allowed by the rules)"),
    "A wins": N_("A wins"),
    "B wins": N_("B wins"),
    "A's edge (points)": N_("A's edge (points)"),
    "95% CI (points)": N_("95% CI (points)"),
}
"""The English heading (or word cell) of a printed table -> its catalog message. A message may
say more than the heading (``fire`` is the mayhem event, not the igniting tile), so English
shows the heading as written and the other languages the message's translation."""


HEADINGS_UNDER: dict[str, dict[str, str]] = {
    # Maze's winnability variants (Tri-Ominos' standard rules are others: plain HEADINGS)
    "variant": {"standard": N_("standard (AisleRiot's rules)")},
    # the Flaming Pyramids tiles' materials (a "fire" heading elsewhere counts the event)
    "material": {"fire": N_("fire tiles (coal and burners)")},
    # which Maze search decided a deal ("solver" elsewhere is a player)
    "method": {"solver": N_("solver"), "exhaustive": N_("exhaustive search")},
}
"""Words that mean something else under one heading: heading -> {English word -> message}.
The word cells of such a column (or the row names of such an index) read these first."""

WORD_COLUMNS = {*HEADINGS_UNDER, "status", "player", "players", "match"}
"""The columns whose cells are words a notebook's table shows in the language in use."""

YES_NO = {"yes": N_("yes"), "no": N_("no")}
"""A column of these words only is shown in the language in use."""

SENTENCE_COLUMNS = {"how it chooses"}
"""The columns whose cells are sentences of the catalogs (a player's ``description``), shown
through ``i18n.translate``."""

SEAT_COLUMN_WORDS: dict[str, str] = {
    "player": N_("player"),
    "total": N_("total"),
    "tile_values": N_("tile values"),
    "start_bonus": N_("start bonus"),
    "hexagon_points": N_("hexagon points"),
    "bridge_points": N_("bridge points"),
    "draw_penalty": N_("draw penalty"),
    "pass_penalty": N_("pass penalty"),
}
"""What a seat's column of a round's row holds (``p0_total``: seat 0's total)."""

_SEAT_COLUMN = re.compile(r"p(\d+)_([a-z_]+)")
"""A seat's column in a row of results (``p0_total``)."""

_PLAYERS = re.compile(r"(\d+) players")
"""A lesson's own heading for a number of players (``2 players``)."""

PLAYER_NAMES: dict[str, str] = {
    "random": N_("random (player)"),
    "greedy": N_("greedy (player)"),
    "cautious": N_("cautious (player)"),
    "careful": N_("careful (player)"),
    "spiteful": N_("spiteful (player)"),
    "expert": N_("expert (player)"),
    "solver": N_("solver (player)"),
    "matches": N_("matches (player)"),
    "chain": N_("chain (player)"),
    "sampler": N_("sampler (player)"),
    "clairvoyant": N_("clairvoyant (player)"),
}
"""Each player's name -> the message that says it. A name is what a student types
(``lineup=("greedy", "random")``), so another language shows its word and the name:
``chamtivý (greedy)`` (``player_name``)."""

_MATCH = re.compile(r"(\w+) (vs|v) (\w+)")
"""A match of two players in a table (``greedy vs random``, ``careful v careful``)."""


def player_name(name: str) -> str:
    """A player's name in the language in use: its word, then the name a student types.

    >>> from tilegames.i18n import using
    >>> player_name("greedy")
    'greedy'
    >>> with using("sk"):
    ...     player_name("greedy"), player_name("nobody")
    ('chamtivý (greedy)', 'nobody')
    """
    if language() == "en" or name not in PLAYER_NAMES:
        return name
    return _("{word} ({name})").format(word=_(PLAYER_NAMES[name]), name=name)


def heading(name: Any, under: Any = None) -> Any:
    """``name`` (a heading or a word cell) in the language in use; one ``HEADINGS`` does not
    know (a player's name, a number) stays as it is. ``under``: the heading of the column
    (or index) the word is in, for the words ``HEADINGS_UNDER`` gives another meaning there.

    >>> from tilegames.i18n import using
    >>> heading("fire"), heading("greedy")
    ('fire', 'greedy')
    >>> with using("ru"):
    ...     heading("fire"), heading("fire", under="material"), heading(2)
    ('пожары', 'воспламеняющиеся плитки (угли и горелки)', 2)
    """
    if language() == "en" or not isinstance(name, str):
        return name
    special = HEADINGS_UNDER.get(under) if isinstance(under, str) else None
    if special and name in special:
        return _(special[name])
    if name in HEADINGS:
        return _(HEADINGS[name])
    if name in PLAYER_NAMES:
        return player_name(name)
    match = _MATCH.fullmatch(name)
    if match and match[1] in PLAYER_NAMES and match[3] in PLAYER_NAMES:
        return _("{first} vs {second}").format(
            first=player_name(match[1]), second=player_name(match[3])
        )
    seat = _SEAT_COLUMN.fullmatch(name)
    if seat and seat[2] in SEAT_COLUMN_WORDS:
        return _("seat {n}: {what}").format(n=seat[1], what=_(SEAT_COLUMN_WORDS[seat[2]]))
    players = _PLAYERS.fullmatch(name)
    if players:
        n = int(players[1])
        return ngettext("{n} players", "{n} players", n).format(n=n)
    return name


def shown(table: pd.DataFrame, *, words: tuple[str, ...] = (), **to_string: Any) -> str:
    """``table.to_string(**to_string)`` with its headings, its index's name and the cells of
    the columns ``words`` in the language in use, and its decimal points the language's."""
    if language() == "en":
        return table.to_string(**to_string)
    table = table.copy()
    for column in words:
        table[column] = table[column].map(lambda word, column=column: heading(word, column))
    table = table.rename(columns=heading)
    table.index.name = heading(table.index.name)
    return _DECIMALS.sub(lambda number: localized(number.group()), table.to_string(**to_string))


_DECIMALS = re.compile(r"\d+\.\d+")


def in_language(table: pd.DataFrame | pd.Series) -> pd.DataFrame | pd.Series:
    """A copy of ``table`` to show: its headings, row names and index names in the language in
    use (``heading``); the table itself in English.

    >>> from tilegames.i18n import using
    >>> table = pd.DataFrame({"win rate": [0.5]}, index=pd.Index(["2 players"], name="players"))
    >>> in_language(table) is table
    True
    >>> with using("sk"):
    ...     shown = in_language(table)
    >>> list(shown.columns), list(shown.index), shown.index.name, list(table.columns)
    (['podiel výhier'], ['2 hráči'], 'hráči', ['win rate'])
    """
    if language() == "en":
        return table
    shown = table.copy()
    shown.index = _labels(shown.index)
    if isinstance(shown, pd.DataFrame):
        for at, column in enumerate(shown.columns):  # by place: two columns may share a name
            cells = shown.iloc[:, at]
            said = None if pd.api.types.is_numeric_dtype(cells) else _cell_words(column, cells)
            if said is not None:
                shown.isetitem(at, cells.map(said))
        shown.columns = _labels(shown.columns)
    else:
        shown.name = heading(shown.name)
    return shown


def _cell_words(column: Any, cells: pd.Series) -> Callable[[Any], Any] | None:
    """How the cells of ``column`` are shown: a word column's words through ``heading``, a
    sentence column's through the catalogs, a column of yes and no in the language; else as
    they are (None)."""
    if column in WORD_COLUMNS:
        return lambda word: heading(word, column)
    if column in SENTENCE_COLUMNS:
        return lambda text: translate(text) if isinstance(text, str) else text
    try:
        yes_no = set(cells.unique()) <= set(YES_NO)
    except TypeError:  # cells that are lists or dicts: no words to say
        yes_no = False
    return (lambda word: _(YES_NO[word])) if yes_no and len(cells) else None


def _labels(index: pd.Index) -> pd.Index:
    """An index with its labels and names through ``heading`` (every level of a MultiIndex;
    an index of numbers keeps its labels, unread)."""
    if isinstance(index, pd.MultiIndex):
        levels = [_words(level, name) for level, name in zip(index.levels, index.names)]
        return index.set_levels(levels, verify_integrity=False).set_names(
            [heading(name) for name in index.names]
        )
    return _words(index, index.name).set_names(heading(index.name))


def _words(index: pd.Index, under: Any = None) -> pd.Index:
    """An index's labels through ``heading`` (``under`` its name) when they may be words (a
    million rows numbered 0, 1, 2 ... are not read one by one)."""
    if pd.api.types.is_object_dtype(index) or pd.api.types.is_string_dtype(index):
        return index.map(lambda label: heading(label, under))
    return index


def _html(table: pd.DataFrame) -> str | None:
    """A table's notebook picture (``_repr_html_``) in the language in use."""
    if language() == "en":
        return table._repr_html_()
    try:
        shown = in_language(table)
    except Exception:  # a table these words cannot relabel is shown as it is
        shown = table
    return _decimals_in_html(shown._repr_html_() or "")


def _styled_html(styler: Any) -> str | None:
    """A styled table's picture (pandas' ``Styler``) in the language in use: its headings and
    row names through ``heading`` (``format_index`` on a copy: the styler is not changed)."""
    if language() == "en":
        return styler._repr_html_()
    try:
        shown = copy.deepcopy(styler)
        for axis in (0, 1):
            shown.format_index(_said, axis=axis)
            if hasattr(shown, "format_index_names"):  # pandas 3: the index's own name
                shown.format_index_names(_said, axis=axis)
        html = shown._repr_html_()
    except Exception:  # a styler these words cannot relabel is shown as it is
        html = styler._repr_html_()
    return _decimals_in_html(html or "")


def _said(label: Any) -> str:
    """A label as a styled table writes it, through ``heading``."""
    return str(heading(label))


def _decimals_in_html(html: str) -> str:
    """A table's HTML with the decimals of its text (not of its stylesheet) in the language."""
    parts = _STYLESHEET.split(html)
    for at in range(0, len(parts), 2):  # the even parts are outside <style>…</style>
        parts[at] = _TEXT_BETWEEN_TAGS.sub(
            lambda text: _DECIMALS.sub(lambda n: localized(n.group()), text.group()), parts[at]
        )
    return "".join(parts)


def _text(table: Any, printer: Any, cycle: bool) -> None:
    """A table's plain text (IPython's pretty printer) in the language in use."""
    if language() == "en":
        printer.text(repr(table))
        return
    try:
        shown = in_language(table)
    except Exception:  # as _html
        shown = table
    printer.text(_DECIMALS.sub(lambda n: localized(n.group()), repr(shown)))


_TEXT_BETWEEN_TAGS = re.compile(r"(?<=>)[^<]+(?=<)")
_STYLESHEET = re.compile(r"(<style.*?</style>)", re.DOTALL | re.IGNORECASE)


def speak_in_notebook() -> bool:
    """Show the tables a notebook cell displays (a DataFrame, a Series, a styled table) in the
    language in use from now on (their headings and row names, ``in_language``, and their
    decimals); False outside IPython. The language is read each time a table is drawn: in
    English, tables show as pandas draws them."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None or not hasattr(shell, "display_formatter"):
        return False
    formatters = shell.display_formatter.formatters
    formatters["text/html"].for_type(pd.DataFrame, _html)
    formatters["text/html"].for_type_by_name("pandas.io.formats.style", "Styler", _styled_html)
    formatters["text/plain"].for_type(pd.DataFrame, _text)
    formatters["text/plain"].for_type(pd.Series, _text)
    return True
