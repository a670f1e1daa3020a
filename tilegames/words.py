"""Small helpers that put numbers into words a reader takes in at a glance.

>>> plural(1, "tile"), plural(3, "minute")
('1 tile', '3 minutes')
>>> duration(59.6), duration(90), duration(7190)
('1 minute', '2 minutes', '2.0 hours')

Both speak the language in use (``tilegames.i18n``), with its plural forms and numbers:

>>> from tilegames.i18n import using
>>> with using("sk"):
...     plural(1, "tile"), plural(3, "tile"), plural(5, "tile"), duration(9000)
('1 dlaždica', '3 dlaždice', '5 dlaždíc', '2,5 hodiny')
"""

from __future__ import annotations

from .i18n import _, format_number, language, ngettext

__all__ = ["duration", "plural"]


def _counted(count: int, noun: str) -> str | None:
    """The catalog's phrase for ``count`` of a noun it knows (one message per noun, so each
    language chooses its own forms: Slovak and Russian have three), else None."""
    if noun == "tile":
        return ngettext("{n} tile", "{n} tiles", count)
    if noun == "second":
        return ngettext("{n} second", "{n} seconds", count)
    if noun == "minute":
        return ngettext("{n} minute", "{n} minutes", count)
    if noun == "core":
        return ngettext("{n} core", "{n} cores", count)
    if noun == "move":
        return ngettext("{n} move", "{n} moves", count)
    return None


def plural(count: int, noun: str) -> str:
    """``plural(1, "tile")`` is ``'1 tile'``; ``plural(2, "tile")`` is ``'2 tiles'``.

    A noun the catalogs know is said in the language in use; another is English.
    """
    phrase = _counted(count, noun)
    if phrase is None:
        return f"{count} {noun}{'' if count == 1 else 's'}"
    return phrase.format(n=count if language() == "en" else format_number(count))


def duration(seconds: float) -> str:
    """A running time in the unit that suits it: seconds under a minute, minutes under two
    hours, then hours.

    >>> duration(0.4), duration(3), duration(1710), duration(9000)
    ('under a second', '3 seconds', '28 minutes', '2.5 hours')
    """
    if seconds < 0.5:
        return _("under a second")
    if round(seconds) < 60:
        return plural(round(seconds), "second")
    if round(seconds / 60) < 120:
        return plural(round(seconds / 60), "minute")
    return _("{hours} hours").format(hours=format_number(seconds / 3600, 1))
