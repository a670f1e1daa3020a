"""The languages tilegames speaks: English, Slovak, Portuguese and Russian.

Every message a student sees goes through a gettext catalog
(``tilegames/locale/<lang>/LC_MESSAGES/tilegames.po``, compiled to ``.mo``, managed with
Babel: ``make catalogs``). One call in a notebook chooses the language of the boards,
refusals and messages; without it the language comes from the locale (``TILEGAMES_LANG``,
then ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), and English is the fallback.

>>> from tilegames.i18n import set_language, language, _
>>> with using("en"):
...     _("Undo")
'Undo'
>>> with using("sk"):
...     language(), _("Undo")
('sk', 'Späť')

Numbers are written as each language writes them (the CLDR data in Babel):

>>> with using("ru"):
...     format_number(0.25, 2), format_percent(0.5)
('0,25', '50\\xa0%')
>>> with using("en"):
...     format_number(1234.5, 1), format_percent(0.125, 1)
('1,234.5', '12.5%')

Strings are written in English in the code, each wrapped in ``_()`` (or ``ngettext`` for
counted nouns, ``N_`` to mark a string translated later); placeholders are named,
``_("{name} is empty").format(name=...)``, so a translation may put them in any order.
"""

from __future__ import annotations

import argparse
import contextlib
import gettext as _gettext
import numbers
import os
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "N_",
    "Deferred",
    "_",
    "argparse_speaking",
    "format_number",
    "format_percent",
    "formatted",
    "language",
    "ngettext",
    "set_language",
    "translate",
    "using",
]

DOMAIN = "tilegames"
"""The gettext domain: the catalogs are ``locale/<lang>/LC_MESSAGES/tilegames.mo``."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""Where the catalogs live, inside the package (so an installed wheel has them)."""

LANGUAGES = {"en": "English", "sk": "slovenčina", "pt": "português", "ru": "русский"}
"""The languages with catalogs, each named in itself; English is the source."""


def catalog_file(domain: str, lang: str, suffix: str = ".mo") -> Path:
    """Where the catalog ``domain`` (``tilegames``, ``lesson-01_tula_rules`` …) in ``lang`` is.

    >>> catalog_file("lesson-01_tula_rules", "sk", ".po").name
    'lesson-01_tula_rules.po'
    """
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}{suffix}"


def catalogued(prefix: str, lang: str) -> set[str]:
    """The names with a compiled catalog ``<prefix><name>`` in ``lang`` (none for English, the
    source, or a language without catalogs).

    >>> "01_tula_rules" in catalogued("lesson-", "sk"), catalogued("lesson-", "en")
    (True, set())
    """
    if lang == "en" or lang not in LANGUAGES:
        return set()
    return {
        path.stem[len(prefix) :]
        for path in catalog_file(f"{prefix}*", lang).parent.glob(f"{prefix}*.mo")
    }


ENVIRONMENT = ("TILEGAMES_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables the default language is read from, the first set one wins (as gettext)."""

_current: str | None = None  # None: not chosen yet, read from the environment when first asked


def _code(value: str) -> str | None:
    """The language code in a locale name (``sk_SK.UTF-8`` -> ``sk``), or None if unknown.

    >>> _code("sk_SK.UTF-8"), _code("pt-BR"), _code("ru"), _code("C.UTF-8"), _code("de_DE")
    ('sk', 'pt', 'ru', 'en', None)
    """
    text = value.strip().replace("-", "_").split(".")[0].split("@")[0].lower()
    if text in ("c", "posix"):
        return "en"
    code = text.split("_")[0]
    return code if code in LANGUAGES else None


def default_language(environ: dict[str, str] | None = None) -> str:
    """The language the environment asks for, or English.

    ``LANGUAGE`` may list several (``sk:cs:en``): the first known one is taken.

    >>> default_language({"LANG": "sk_SK.UTF-8"}), default_language({"LANG": "de_DE.UTF-8"})
    ('sk', 'en')
    >>> default_language({"LANGUAGE": "cs:ru", "LANG": "sk_SK.UTF-8"})
    'ru'
    >>> default_language({"TILEGAMES_LANG": "pt", "LANG": "ru_RU.UTF-8"})
    'pt'
    """
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):
            code = _code(part) if part else None
            if code:
                return code
        if variable != "LANGUAGE":  # the first set variable decides (LANGUAGE may list unknowns)
            return "en"
    return "en"


def set_language(lang: str | None = None) -> str:
    """Choose the language of boards and messages from now on; returns the code chosen.

    ``lang`` is ``"en"``, ``"sk"``, ``"pt"`` or ``"ru"`` (a locale name such as ``"sk_SK"``
    works too); ``None`` goes back to the environment's language. Boards already shown keep
    their buttons' words until they are drawn again. In a notebook, the tables a cell shows
    speak it from now on too (``LANGUAGE_LISTENERS``: ``tables.speak_in_notebook``).

    >>> set_language("klingon")
    Traceback (most recent call last):
    ...
    ValueError: no catalog for 'klingon': choose one of en, sk, pt, ru
    """
    global _current
    if lang is None:
        _current = default_language()
    else:
        code = _code(str(lang))
        if code is None:
            raise ValueError(f"no catalog for {lang!r}: choose one of {', '.join(LANGUAGES)}")
        _current = code
    for listener in LANGUAGE_LISTENERS:  # in a notebook, its tables speak it too
        listener()
    return _current


LANGUAGE_LISTENERS: list[Callable[[], None]] = []
"""What ``set_language`` calls after choosing a language (the package adds
``tables.speak_in_notebook``, which makes a notebook's tables speak it)."""


def language() -> str:
    """The language in use: ``"en"``, ``"sk"``, ``"pt"`` or ``"ru"``."""
    global _current
    if _current is None:
        _current = default_language()
    return _current


@contextlib.contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside a ``with`` block, then the language before it again."""
    global _current
    before = _current
    try:
        yield set_language(lang)
    finally:
        _current = before


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English: the messages as written)."""
    if lang == "en":
        return _gettext.NullTranslations()
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with open(path, "rb") as handle:
            return _gettext.GNUTranslations(handle)
    except FileNotFoundError:  # a broken install: say it in English rather than fail
        return _gettext.NullTranslations()


def _(message: str) -> str:
    """``message`` in the language in use."""
    return translations(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted phrase for ``n`` in the language in use (Slovak and Russian
    have three forms, chosen by the catalog's ``Plural-Forms``).

    >>> with using("ru"):
    ...     [ngettext("{n} tile", "{n} tiles", n).format(n=n) for n in (1, 2, 5, 21)]
    ['1 плитка', '2 плитки', '5 плиток', '21 плитка']
    """
    return translations(language()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it yet (translate with ``_``)."""
    return message


class Deferred(str):
    """English text whose translation waits until it is shown: a ``str`` (the English, its
    placeholders filled) that remembers its template, so ``translate`` can give it in the
    language in use at that moment. For text made when a module is imported (a study's
    options) and shown later (``tilegames simulate --help``).

    >>> help = Deferred(N_("tiles per {what}"), what=3)
    >>> help, translate(help)
    ('tiles per 3', 'tiles per 3')
    """

    template: str
    fields: dict

    def __new__(cls, template: str, **fields) -> Deferred:
        english = template.format(**_filled(fields)) if fields else template
        self = super().__new__(cls, english)
        self.template = template
        self.fields = fields
        return self


_REMEMBERED: dict[str, Deferred] = {}
"""The ``Deferred`` texts ``translate`` finds by their English too (``remembered``)."""


def remembered(text: Deferred) -> Deferred:
    """``text``, kept so that ``translate`` also finds it by its English: a table cell that
    pandas stored as a plain string (a player's description) still speaks the language. For
    the few texts a module makes once (a class's), not for text made at every call.

    >>> chain = remembered(Deferred(N_("tiles per {what}"), what=3))
    >>> translate(str(chain)) == translate(chain)
    True
    """
    _REMEMBERED[str(text)] = text
    return text


def _filled(fields: dict) -> dict:
    """A ``Deferred``'s fields, a callable one called now (a number written as the language in
    use writes it: ``confidence=lambda: format_percent(0.95)``)."""
    return {name: value() if callable(value) else value for name, value in fields.items()}


def translate(text: str) -> str:
    """``text`` in the language in use: a ``Deferred`` by its template, any other string as
    ``_`` would (a string no catalog has, such as a plugin game's own, stays as written).

    >>> with using("sk"):
    ...     translate(Deferred(N_("Undo"))), translate(""), translate("no such message")
    ('Späť', '', 'no such message')
    """
    if not text:
        return text
    if not isinstance(text, Deferred):
        text = _REMEMBERED.get(text, text)
    if isinstance(text, Deferred):
        return _(text.template).format(**_filled(text.fields)) if text.fields else _(text.template)
    return _(str(text))


BABEL_LOCALES = {"en": "en", "sk": "sk_SK", "pt": "pt_PT", "ru": "ru_RU"}
"""The CLDR locale each language's numbers follow: Portuguese as written in Portugal."""


def _babel_locale() -> str:
    return BABEL_LOCALES[language()]


def format_number(value: float, decimals: int | None = None) -> str:
    """``value`` with the decimal sign and grouping of the language in use.

    ``decimals`` fixes the digits after the decimal sign; ``None`` shows as many as needed.
    """
    from babel.numbers import format_decimal

    if decimals is None:
        return format_decimal(value, locale=_babel_locale())
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=_babel_locale(), decimal_quantization=True)


def format_percent(fraction: float, decimals: int = 0) -> str:
    """``fraction`` (0.5) as a percentage written as the language writes it (``50 %``)."""
    from babel import Locale
    from babel.numbers import format_percent as babel_percent

    locale = Locale.parse(_babel_locale())
    pattern = locale.percent_formats[None].pattern  # "#,##0 %" in Slovak, "#,##0%" in English
    if decimals:
        pattern = pattern.replace("0", "0." + "0" * decimals, 1)
    return babel_percent(fraction, format=pattern, locale=locale, decimal_quantization=True)


NUMBER_SPEC = re.compile(r"(?P<sign>\+?),?(?:\.(?P<decimals>\d+))?(?P<kind>[f%]?)")
"""The format specs ``formatted`` writes in a language: a sign, grouping, decimals, ``f``/``%``."""


def formatted(value: object, spec: str) -> str:
    """``format(value, spec)`` written as the language in use writes numbers: a translated
    lesson's ``{share:.1%}`` reads ``25,7 %`` in Slovak. English, and a spec other than an
    optional ``+``, grouping ``,``, decimals and ``f`` or ``%``, are Python's own.

    >>> formatted(0.2571, ".1%"), formatted(12345, ","), formatted(1.5, "+.2f"), formatted(0.5, "%")
    ('25.7%', '12,345', '+1.50', '50.000000%')
    >>> with using("sk"):
    ...     formatted(0.2571, ".1%"), formatted(12345, ","), formatted(1.5, "+.2f"), formatted(7, "3")
    ('25,7\xa0%', '12\xa0345', '+1,50', '  7')
    >>> with using("pt"):
    ...     formatted(0.5, "%"), formatted(2.5, "f"), formatted(2, ".0f")
    ('50,000000%', '2,500000', '2')
    """
    shape = NUMBER_SPEC.fullmatch(spec)
    if (
        language() == "en"
        or not spec
        or shape is None
        or isinstance(value, bool)
        or not isinstance(value, numbers.Real)
        or (shape["decimals"] and not shape["kind"])  # ",.3": Python's own rounding rule
    ):
        return format(value, spec)
    decimals = int(shape["decimals"]) if shape["decimals"] else None
    if decimals is None and shape["kind"]:  # "f" and "%" alone: Python's six decimals
        decimals = 6
    if shape["kind"] == "%":
        text = format_percent(float(value), decimals or 0)
    else:
        text = format_number(value, decimals)
    return "+" + text if shape["sign"] and value >= 0 else text


ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("optional arguments"),  # Python 3.10's heading for the options
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""argparse's own words a user of the command line meets (its ``_()`` messages), in the
catalogs so that ``argparse_speaking`` can give them in the language in use."""


@contextlib.contextmanager
def argparse_speaking() -> Iterator[None]:
    """While the block runs, argparse's own words (``usage:``, ``error:``, the help's headings,
    its refusals) come from tilegames' catalogs in the language in use; as before after it.

    argparse looks its words up through its module's ``_`` at the moment it writes them, so
    the parser is best built inside the block too (the ``-h`` help line is read then).

    >>> with using("sk"), argparse_speaking():
    ...     argparse.ArgumentParser(prog="tilegames").format_usage()
    'použitie: tilegames [-h]\\n'
    >>> argparse.ArgumentParser(prog="tilegames").format_usage()
    'usage: tilegames [-h]\\n'
    """
    before = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _, ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = before  # type: ignore[attr-defined]
