"""``--lang``: the language of what a command writes (``tilegames play --lang pt``,
``tilegames lessons DIR --lang sk``), one of ``tilegames.i18n.LANGUAGES``.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_lang_option(parser, "the board's language")
>>> parser.parse_args(["--lang", "ru"]).lang
'ru'
>>> print(lessons_refusal("sk"))
tilegames lessons: --lang sk: the lessons are written in English only so far (issue 38). Their boards and messages speak slovenčina: run tilegames.i18n.set_language("sk") at the top of a lesson, or set TILEGAMES_LANG=sk before starting Jupyter. Leave out --lang (or give --lang en) to write the English lessons.
"""

from __future__ import annotations

from ..i18n import LANGUAGES

LESSON_LANGUAGES = ("en",)
"""The languages the lessons are written in so far (the boards speak all of LANGUAGES)."""


def add_lang_option(parser, what: str) -> None:
    """Add ``--lang {en,sk,pt,ru}`` to ``parser``; ``what`` says what it chooses."""
    parser.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        help=f"{what}: "
        + ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        + " (default: the locale's, else English)",
    )


def lessons_refusal(lang: str | None) -> str | None:
    """Why ``tilegames lessons --lang LANG`` cannot write that language yet, or None."""
    if lang is None or lang in LESSON_LANGUAGES:
        return None
    return (
        f"tilegames lessons: --lang {lang}: the lessons are written in English only so far "
        f"(issue 38). Their boards and messages speak {LANGUAGES[lang]}: run "
        f'tilegames.i18n.set_language("{lang}") at the top of a lesson, or set '
        f"TILEGAMES_LANG={lang} before starting Jupyter. Leave out --lang (or give --lang en) "
        "to write the English lessons."
    )
