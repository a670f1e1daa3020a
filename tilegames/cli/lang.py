"""``--lang``: the language of what a command writes (``tilegames play --lang pt``,
``tilegames lessons DIR --lang sk``), one of ``tilegames.i18n.LANGUAGES``.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_lang_option(parser, "the board's language")
>>> parser.parse_args(["--lang", "ru"]).lang
'ru'
"""

from __future__ import annotations

from ..i18n import LANGUAGES, _, ngettext


def language_asked(words: list[str]) -> str | None:
    """The language a command line asks for with ``--lang`` (so its help and messages speak
    it), or None: the locale's then.

    >>> language_asked(["play", "--lang", "sk"]), language_asked(["lessons", "d", "--lang=ru"])
    ('sk', 'ru')
    >>> language_asked(["play", "--lang", "xx"]), language_asked(["simulate", "tula"])
    (None, None)
    """
    for index, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(words):
            value = words[index + 1]
        elif word.startswith("--lang="):
            value = word.split("=", 1)[1]
        else:
            continue
        if value in LANGUAGES:
            return value
    return None


def add_lang_option(parser, what: str) -> None:
    """Add ``--lang {en,sk,pt,ru}`` to ``parser``; ``what`` (translated) says what it chooses."""
    parser.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        help=f"{what}: "
        + ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        + _(" (default: English)"),
    )


def translate_lessons(files: dict[str, bytes], lang: str | None) -> tuple[dict[str, bytes], str]:
    """The lesson files with each lesson that has a catalog in ``lang`` translated (generated
    from the English notebook: ``tilegames.lesson_i18n``), and a line saying which are.

    >>> files = {"notebooks/08_a_teachers_own.ipynb": b"{}"}  # a lesson with no catalog
    >>> translate_lessons(files, "en")[1]
    ''
    >>> print(translate_lessons(files, "sk")[1])
    slovenčina: none of these lessons is translated yet; they are written in English (tilegames.i18n.set_language("sk") in a lesson makes its boards speak slovenčina)
    """
    import nbformat

    from ..lesson_i18n import translate_notebook, translated_lessons

    if lang is None or lang == "en":
        return files, ""
    available = translated_lessons(lang)
    result, done, partly = dict(files), [], []
    for name, data in files.items():
        stem = name.rsplit("/", 1)[-1].removesuffix(".ipynb")
        if not (name.startswith("notebooks/") and name.endswith(".ipynb")) or stem not in available:
            continue
        notebook = nbformat.reads(data.decode("utf-8"), as_version=4)
        translated, missing = translate_notebook(notebook, stem, lang)
        result[name] = nbformat.writes(translated).encode("utf-8")
        (partly if missing else done).append(stem)
    lessons = sorted(n for n in files if n.startswith("notebooks/") and n.endswith(".ipynb"))
    english = [n.rsplit("/", 1)[-1] for n in lessons if n.rsplit("/", 1)[-1][:-6] not in done]
    name = LANGUAGES[lang]
    if not done and not partly:
        return result, _(
            "{name}: none of these lessons is translated yet; they are written in English "
            '(tilegames.i18n.set_language("{lang}") in a lesson makes its boards speak {name})'
        ).format(name=name, lang=lang)
    if not english and not partly:
        return result, ngettext(
            "{name}: all {n} lessons translated", "{name}: all {n} lessons translated", len(done)
        ).format(name=name, n=len(done))
    line = _("{name}: {lessons} translated").format(
        name=name, lessons=", ".join(sorted(done + partly))
    )
    if partly:
        line += _(" ({lessons} in part)").format(lessons=", ".join(partly))
    if english:
        line += _(
            "; still in English: {lessons} "
            '(tilegames.i18n.set_language("{lang}") in one makes its boards speak {name})'
        ).format(lessons=", ".join(english), lang=lang, name=name)
    return result, line
