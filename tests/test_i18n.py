"""The message catalogs (tilegames.i18n): complete, up to date with the code, compiled, used.

A message added to the code with ``_()`` and no translation fails here (run ``make catalogs``,
translate the new entries in each ``.po``, run it again to compile).
"""

from __future__ import annotations

import gettext
import string
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from tilegames import i18n
from tilegames.errors import IllegalMove
from tilegames.i18n import format_number, format_percent, ngettext, set_language, using

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "tilegames" / "locale"
POT = LOCALE / "tilegames.pot"
TRANSLATED = ("sk", "pt", "ru")


@pytest.fixture(autouse=True)
def _english_after():
    """Each test leaves the language as it found it (the other tests expect English)."""
    before = i18n._current
    yield
    i18n._current = before


def read(path: Path, locale: str | None = None):
    with open(path, "rb") as handle:
        return read_po(handle, locale=locale)


def fields(text: str) -> set[str]:
    """The ``{placeholders}`` of a brace-format message."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def messages(catalog) -> list:
    return [message for message in catalog if message.id]


# -- the catalogs are complete ------------------------------------------------------------------
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    template = {message.id for message in messages(read(POT))}
    catalog = read(LOCALE / lang / "LC_MESSAGES" / "tilegames.po", lang)
    ids = {message.id for message in messages(catalog)}
    assert template - ids == set(), f"{lang}: not in the .po (run make catalogs)"
    problems = []
    for message in messages(catalog):
        if message.id not in template:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        if not all(strings):
            problems.append(f"untranslated: {message.id!r}")
        if isinstance(message.id, tuple) and len(strings) != catalog.num_plurals:
            problems.append(f"{len(strings)} plural forms, not {catalog.num_plurals}: {message.id}")
        wanted = (
            set().union(*(fields(i) for i in message.id))
            if isinstance(message.id, tuple)
            else fields(message.id)
        )
        for text in strings:
            if text and fields(text) != wanted:
                problems.append(f"placeholders {fields(text)} for {wanted}: {text!r}")
    assert problems == [], f"{lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_are_the_languages_own(lang):
    catalog = read(LOCALE / lang / "LC_MESSAGES" / "tilegames.po", lang)
    assert catalog.num_plurals == {"sk": 3, "pt": 2, "ru": 3}[lang]


def test_the_template_is_up_to_date_with_the_code(tmp_path):
    """Re-extract the messages from the code: the committed .pot holds exactly these."""
    fresh = tmp_path / "fresh.pot"
    CommandLineInterface().run(
        ["pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), "-o", str(fresh), str(ROOT)]
    )
    in_code = {message.id for message in messages(read(fresh))}
    committed = {message.id for message in messages(read(POT))}
    assert in_code - committed == set(), "new messages in the code: run make catalogs"
    assert committed - in_code == set(), "messages no longer in the code: run make catalogs"
    assert any("Tula" in str(message_id) for message_id in in_code)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_matches_its_source(lang):
    """The committed .mo (what the wheel ships and ``_()`` reads) says what the .po says."""
    folder = LOCALE / lang / "LC_MESSAGES"
    with open(folder / "tilegames.mo", "rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    catalog = read(folder / "tilegames.po", lang)
    plural = gettext.c2py(catalog.plural_expr)  # the .po's own Plural-Forms
    stale = []
    for message in messages(catalog):
        if isinstance(message.id, tuple):
            for n in (1, 2, 5, 21):
                expected = message.string[plural(n)]
                if compiled.ngettext(message.id[0], message.id[1], n) != expected:
                    stale.append(message.id[0])
        elif compiled.gettext(message.id) != message.string:
            stale.append(message.id)
    assert stale == [], f"{lang}: the .mo is stale (run make catalogs): {stale[:5]}"


# -- choosing the language ----------------------------------------------------------------------
def test_the_default_comes_from_the_locale_and_falls_back_to_english():
    assert i18n.default_language({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert i18n.default_language({"LC_ALL": "pt_PT.UTF-8", "LANG": "sk_SK.UTF-8"}) == "pt"
    assert i18n.default_language({"LANG": "fr_FR.UTF-8"}) == "en"
    assert i18n.default_language({}) == "en"
    assert i18n.default_language({"TILEGAMES_LANG": "sk", "LANG": "ru_RU.UTF-8"}) == "sk"


def test_set_language_accepts_locale_names_and_refuses_unknown_ones():
    assert set_language("pt_PT.UTF-8") == "pt" and i18n.language() == "pt"
    assert set_language("sk-SK") == "sk"
    with pytest.raises(ValueError, match="choose one of en, sk, pt, ru"):
        set_language("de")
    assert i18n.language() == "sk"  # a refused choice changes nothing


def test_a_refused_tula_move_is_said_in_the_language_chosen():
    from tilegames.tula import new_game

    game = new_game(seed=1)
    set_language("sk")
    with pytest.raises(IllegalMove) as refused:
        game.play("reveal 1J")
    assert str(refused.value) == "dlaždica na 1J leží pod 2D, 2E a 2G"
    assert game.history == []
    set_language("ru")
    assert game.why_illegal("remove 2E") == "плитка на 2E закрыта и лежит под 3A, 3B и 3C"
    set_language("pt")
    assert game.status() == "1 na pilha; 3 para virar"
    set_language("en")  # English, the source, is unchanged
    assert game.why_illegal("reveal 1J") == "1J is covered by 2D, 2E and 2G"
    assert game.status() == "1 on the stack; 3 to reveal"


@pytest.mark.parametrize(
    ("lang", "undo", "hint", "refusal"),
    [
        ("en", "Undo", "Hint", "Refused: 1J is covered by 2D, 2E and 2G"),
        ("sk", "Späť", "Rada", "Nedá sa: dlaždica na 1J leží pod 2D, 2E a 2G"),
        ("pt", "Anular", "Dica", "Recusado: a peça em 1J está tapada por 2D, 2E e 2G"),
        ("ru", "Отменить", "Подсказка", "Нельзя: плитка на 1J лежит под 2D, 2E и 2G"),
    ],
)
def test_the_tula_board_speaks_the_language(lang, undo, hint, refusal):
    from tilegames.tula import new_game
    from tilegames.tula.board import view

    with using(lang):
        board = view(new_game(seed=1))
        assert board.undo_button.description == undo
        assert board.hint_button.description == hint
        board.board.click("1J")
        assert board.messages[0][1] == refusal
        assert board.board.announcement.startswith(refusal)
        board.board.click("3A")
        assert board.game.history  # the click played
        if lang != "en":
            assert "Tula: 1 on the stack" not in board.text_view()


# -- numbers and plurals -------------------------------------------------------------------------
def test_numbers_are_written_as_each_language_writes_them():
    expected = {
        "en": ("0.25", "1,234.5", "50%", "12.5%"),
        "sk": ("0,25", "1\xa0234,5", "50\xa0%", "12,5\xa0%"),
        "pt": ("0,25", "1\xa0234,5", "50%", "12,5%"),
        "ru": ("0,25", "1\xa0234,5", "50\xa0%", "12,5\xa0%"),
    }
    for lang, (quarter, thousands, half, eighth) in expected.items():
        with using(lang):
            assert format_number(0.25, 2) == quarter
            assert format_number(1234.5, 1) == thousands
            assert format_percent(0.5) == half
            assert format_percent(0.125, 1) == eighth
    for lang in TRANSLATED:  # the decimal comma where the language uses it
        with using(lang):
            assert "," in format_number(0.5, 1) and "." not in format_number(0.5, 1)


def test_russian_and_slovak_have_three_plural_forms():
    from tilegames.words import duration, plural

    with using("ru"):
        assert [plural(n, "tile") for n in (1, 2, 5, 11, 21, 22)] == [
            "1 плитка",
            "2 плитки",
            "5 плиток",
            "11 плиток",
            "21 плитка",
            "22 плитки",
        ]
        assert ngettext("{n} move", "{n} moves", 3).format(n=3) == "3 хода"
        assert duration(90) == "2 минуты"
    with using("sk"):
        assert [plural(n, "minute") for n in (1, 3, 5)] == ["1 minúta", "3 minúty", "5 minút"]
    with using("pt"):
        assert [plural(n, "tile") for n in (1, 2)] == ["1 peça", "2 peças"]
        assert duration(9000) == "2,5 horas"
    with using("en"):
        assert plural(2, "tile") == "2 tiles" and duration(9000) == "2.5 hours"


def test_the_wheel_ships_the_compiled_catalogs():
    """pyproject's package data names the .mo files (tests/test_install.py builds the wheel)."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs = data["tool"]["setuptools"]["package-data"]["tilegames"]
    shipped = {path for glob in globs for path in (ROOT / "tilegames").glob(glob)}
    for lang in TRANSLATED:
        assert LOCALE / lang / "LC_MESSAGES" / "tilegames.mo" in shipped
