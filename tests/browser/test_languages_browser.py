"""One board in each language, opened the way a student or a teacher opens it (issue 38, item 4).

Slovak: a Maze board in a JupyterLab notebook that opens with a translated lesson's language
cell (``tilegames.i18n.set_language("sk")``). Portuguese: a Tri-Ominos board, the same way.
Russian: a Flaming Pyramids page served by ``tilegames play pyramids --lang ru`` (Voila).

Every word expected is computed here through the library's own translation (``using(lang)``
around ``_`` and around the same board made in this process, a "twin"), never typed in: the
buttons, the other controls' labels, the board's bar, its name and its status line, the
screen-reader names of its parts. The English words of the board that are translated today
must not show anywhere on the page (a word a catalog leaves in English is not asked for: the
``leaks`` helper below lists them). One move by keyboard is read out in the language, and
nothing raises: no error from the kernel, no traceback on the page.
"""

from __future__ import annotations

import contextlib
import html
import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tilegames import maze, pyramids, triominos
from tilegames.cli.play import HOW, title
from tilegames.i18n import _, using
from tilegames.lesson_i18n import LANGUAGE_CELL
from tilegames.widgets import board_labels

from .conftest import open_and_run, play_page, tab_into_board, write_notebook

SHARED = ("Undo", "Redo", "New deal", "Deal this seed")
"""The buttons every board has (``GameView``), as the code writes them (the catalogs' msgids)."""


@dataclass(frozen=True)
class Case:
    """One language's board: its game, how it is opened, its words as the code writes them."""

    lang: str
    game: str
    make: str  # the call that shows the board, in the notebook and in this process
    buttons: tuple[str, ...]  # the buttons shown, as the code writes them
    labels: tuple[tuple[str, str], ...]  # its other controls: (role, label as the code writes it)
    route: str  # "lesson": a notebook in JupyterLab; "play": ``tilegames play --lang``
    key: str  # the key that plays the focused target
    options: tuple[str, ...] = ()  # ``tilegames play``'s options for the same board as ``make``


CASES = [
    Case(
        "sk", "maze", "maze.view(seed=1)",
        (*SHARED, "Hint", "Solve", "Step", "10 steps"),
        (("textbox", "seed"), ("checkbox", "traditional ring")),
        "lesson", "Enter",
    ),
    Case(
        "pt", "triominos", "triominos.view(seed=5, you=0)",
        (*SHARED, "Rotate", "Draw", "Pass", "Next move", "Opponents play", "Hint"),
        (("textbox", "seed"), ("combobox", "edition")),
        "lesson", "Enter",
    ),
    Case(
        "ru", "pyramids", "pyramids.view(seed=4)",
        ("Undo", "New deal", "Deal this seed", "Next", "Skip", "Hint"),  # Redo: hidden
        (("textbox", "seed"), ("combobox", "players"), ("combobox", "bots"),
         ("checkbox", "curse"), ("checkbox", "fire cube")),
        "play", " ", ("--seed", "4"),
    ),
]  # fmt: skip
GAMES = {"maze": maze, "triominos": triominos, "pyramids": pyramids}

KERNEL_ERROR = re.compile(r'"msg_type"\s*:\s*"error"|Traceback \(most recent call last\)')
"""An error the kernel sends to the page (a cell's or a widget callback's exception)."""


def twin(case: Case, lang: str):
    """The case's board made here, in ``lang``: what the page must show and say."""
    with using(lang):
        return eval(case.make, {case.game: GAMES[case.game]})  # noqa: S307 - our own constant


def widget_texts(view) -> dict[str, list[str]]:
    """The words of a view's ipywidgets shown: button captions, other controls' labels, the
    choices of its menus."""
    import ipywidgets

    found: dict[str, list[str]] = {"buttons": [], "labels": [], "choices": []}
    todo = [view.widget]
    while todo:
        widget = todo.pop()
        if widget.layout.display == "none":  # hidden: the hot seat's button, Pyramids' Redo
            continue
        todo.extend(getattr(widget, "children", ()) or ())
        if isinstance(widget, ipywidgets.Button):
            found["buttons"].append(widget.description)
        elif getattr(widget, "description", ""):
            found["labels"].append(widget.description)
        if isinstance(widget, ipywidgets.Dropdown):
            found["choices"] += [str(o[0] if isinstance(o, tuple) else o) for o in widget.options]
    return found


def svg_words(svg: str) -> dict[str, str]:
    """The board picture's words: its name (``"@board"``), each target's screen-reader name
    (as the page's script gives it: ``aria-label``, else its tooltip), its visible texts."""
    root = ElementTree.fromstring(svg)
    words = {"@board": root.get("aria-label", "")}
    for element in root.iter():
        target = element.get("data-target")
        if target is not None:
            tooltip = next((c.text for c in element if c.tag.endswith("title")), None)
            words[target] = element.get("aria-label") or tooltip or target
        if element.tag.endswith("}text") and (element.text or "").strip():
            words[f"@text:{len(words)}"] = element.text.strip()
    return words


def plain(markup: str) -> str:
    """The text of an HTML fragment as the page gives it (its ``textContent``, spaces evened)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", markup)).split())


def translated(english: str, spoken: str) -> bool:
    """Whether a catalog gives ``english`` words of their own (names like "Maze" stay)."""
    return english != spoken and bool(re.search(r"[A-Za-z]{2}", english))


def leaks(case: Case) -> list[str]:
    """The board's words that are still English in ``case.lang``: its picture's words and
    tooltips, its controls' words and menus' choices (for the report, not asserted)."""
    english, spoken = twin(case, "en"), twin(case, case.lang)
    pictures = [ElementTree.fromstring(view.board.svg) for view in (english, spoken)]
    pairs = list(
        zip(*[[e.text or "" for e in p.iter() if e.tag.endswith("title")] for p in pictures])
    )
    english_words, words = svg_words(english.board.svg), svg_words(spoken.board.svg)
    pairs += [(english_words[key], words[key]) for key in words if key in english_words]
    for kind in ("buttons", "labels", "choices"):
        pairs += zip(widget_texts(english)[kind], widget_texts(spoken)[kind])
    return sorted({e.strip() for e, s in pairs if e == s and re.search(r"[A-Za-z]{3}", e)})


SHOWN = """() => {
    const outputs = [...document.querySelectorAll('.jp-OutputArea-output')];
    const scope = outputs.length ? outputs : [document.body];
    const words = new Set(), even = (t) => (t || '').replace(/\\s+/g, ' ').trim();
    for (const top of scope) {
        for (const el of [top, ...top.querySelectorAll('*')]) {
            words.add(even(el.textContent));
            for (const name of ['aria-label', 'title', 'placeholder', 'value'])
                if (el.hasAttribute(name)) words.add(even(el.getAttribute(name)));
        }
    }
    return [...words];
}"""
"""Every whole text and name on the board's part of the page (the notebook's outputs, or the
Voila page): each element's text, ``aria-label``, tooltip, placeholder and value."""


def shown(page) -> set[str]:
    """The whole texts and names on the board's part of the page (see ``SHOWN``)."""
    return set(page.evaluate(SHOWN))


def assert_not_shown(page, english: list[str]) -> None:
    """No element of the board shows one of the ``english`` words as its whole text or name."""
    words = shown(page)
    assert [text for text in english if " ".join(text.split()) in words] == []


def open_board(case: Case, page, jupyter_lab, lab_root, servers: contextlib.ExitStack, log: Path):
    """Open the case's board as its users do: a notebook that opens with a translated lesson's
    language cell, in JupyterLab; or ``tilegames play GAME --lang LANG`` (its output: ``log``)."""
    if case.route == "lesson":
        name = write_notebook(
            lab_root,
            f"language_{case.lang}.ipynb",
            [
                LANGUAGE_CELL.format(lang=case.lang),
                f"from tilegames import {case.game}\n{case.make}",
            ],
        )
        open_and_run(page, jupyter_lab, name)
        return
    assert case.route == "play", case.route
    address = servers.enter_context(play_page(case.game, log, *case.options, "--lang", case.lang))
    page.goto(address)
    expect(page.locator(".tilegames-board [data-target]").first).to_be_visible()
    # the page around the board: the game's name (a name, not translated) and how to play
    expect(page).to_have_title(title(case.game))
    expect(page.get_by_role("heading", name=title(case.game))).to_be_visible()
    with using(case.lang):
        how = _(HOW)
    assert translated(HOW, how)
    expect(page.locator("body")).to_contain_text(how)
    assert HOW not in page.locator("body").inner_text()


def check_board(case: Case, page) -> None:
    """The page's words are the catalog's for the case's language, none of its English ones."""
    english, spoken = twin(case, "en"), twin(case, case.lang)
    # the buttons and the other controls' labels: the catalog's words for the code's words
    with using(case.lang):
        buttons = [_(text) for text in case.buttons]
        labels = [(role, _(text)) for role, text in case.labels]
        bar = board_labels()
    assert sorted(widget_texts(spoken)["buttons"]) == sorted(buttons)  # every button listed
    assert sorted(widget_texts(spoken)["labels"]) == sorted(text for _role, text in labels)
    for text in buttons:
        expect(page.get_by_role("button", name=text, exact=True).first).to_be_visible()
    for role, text in labels:  # a label's words, and the control's accessible name
        expect(page.get_by_text(text, exact=True).first).to_be_visible()
        expect(page.get_by_role(role, name=text, exact=True)).to_be_visible()
    expect(page.get_by_role("button", name=bar["text_view"], exact=True)).to_be_visible()
    expect(page.get_by_text(bar["keys"], exact=True)).to_be_visible()
    # the board's name, its status line, its parts' screen-reader names and visible words
    words, english_words = svg_words(spoken.board.svg), svg_words(english.board.svg)
    expect(page.get_by_role("group", name=words["@board"], exact=True)).to_be_visible()
    expect(page.locator(".tilegames-status")).to_have_text(plain(spoken.status.value))
    expect(page.locator(".tilegames-log")).to_have_text(plain(spoken.log.value))
    names = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.tilegames-board [data-target]')]
            .map(t => [t.getAttribute('data-target'), t.getAttribute('aria-label')]))"""
    )
    assert names == {k: v for k, v in words.items() if not k.startswith("@")}
    # no English word that a catalog translates today
    english_texts = widget_texts(english)
    assert english_words.keys() == words.keys()
    pairs = [(english_words[key], words[key]) for key in words]
    pairs += zip(english_texts["buttons"], widget_texts(spoken)["buttons"])
    pairs += zip(english_texts["labels"], widget_texts(spoken)["labels"])
    with using("en"):
        english_bar = board_labels()
    pairs += [(english_bar[k], bar[k]) for k in ("text_view", "keys")]
    pairs.append((plain(english.status.value), plain(spoken.status.value)))
    pairs.append((plain(english.log.value), plain(spoken.log.value)))
    checked = [e for e, s in pairs if translated(e, s)]
    assert len(checked) > 10, pairs
    words = shown(page)  # where the English would be, its translation is
    assert [s for e, s in pairs if translated(e, s) and " ".join(s.split()) not in words] == []
    assert_not_shown(page, checked)


def play_one_key(case: Case, page) -> None:
    """Tab into the board, play the focused target by keyboard: the board says it in the
    language (the twin's words), which are not the English board's."""
    english, spoken = twin(case, "en"), twin(case, case.lang)
    with using(case.lang):
        undo = _("Undo")
    target = tab_into_board(page, start_button=undo)
    assert target == spoken.focus_target()
    with using(case.lang):
        spoken.board.click(target)
    with using("en"):
        english.board.click(target)
    assert translated(english.board.announcement, spoken.board.announcement)
    page.keyboard.press(case.key)
    expect(page.locator(".tilegames-live")).to_have_text(spoken.board.announcement)
    expect(page.locator(".tilegames-status")).to_have_text(plain(spoken.status.value))
    expect(page.locator(".tilegames-log")).to_have_text(plain(spoken.log.value))  # no error said
    assert_not_shown(page, [english.board.announcement, plain(english.status.value)])


def watch_for_errors(page) -> list[str]:
    """The errors of the page from now on: its script's, and those the kernel sends it (an
    exception in a cell or in a widget's callback, read on the kernel's websocket)."""
    errors: list[str] = []

    def watch(socket) -> None:
        def frame(payload) -> None:
            text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
            if KERNEL_ERROR.search(text):
                errors.append(text[:2000])

        socket.on("framereceived", frame)

    page.on("websocket", watch)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


@pytest.mark.parametrize("case", CASES, ids=[c.lang for c in CASES])
def test_a_board_speaks_the_language_chosen(case, request, page, tmp_path):
    print(f"still English on the {case.lang} {case.game} board: {leaks(case)}")  # pytest -rP
    errors = watch_for_errors(page)
    log = tmp_path / "play.log"
    with contextlib.ExitStack() as servers:
        if case.route == "lesson":
            lab = request.getfixturevalue("jupyter_lab"), request.getfixturevalue("lab_root")
        else:
            lab = None, None
        open_board(case, page, *lab, servers, log)
        check_board(case, page)
        play_one_key(case, page)
        # clicks and keys raised nothing
        assert "Traceback" not in page.locator("body").inner_text()
        assert page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count() == 0
        assert errors == []
    if log.exists():
        assert "Traceback" not in log.read_text()
